/* SPDX-License-Identifier: MIT */
/*
 * Comparing two lowered rulesets definition by definition, facet by facet
 * (see facets.h): what rtab diff reports, and what rtab verify reads.
 */
#ifndef RTAB_DIFF_H
#define RTAB_DIFF_H

#include "analysis/facets.h"
#include "base/work.h"

#include <stdint.h>

typedef struct diff_change {
	const facet *old, *new; /* NULL on the side that lacks it */
	char *detail; /* DIFF_MEANING: what differs in the reader's terms (owned), or NULL */
	bool undecided; /* DIFF_MEANING: no method decided whether they mean the same
			   (too many situations and no exact form): compared as written */
} diff_change;

/* DIFF_MEANING: facets written differently that mean the same, and how that was proved. */
typedef struct diff_proof {
	const facet_def *old_def, *new_def; /* either may be NULL for a definition on one side */
	const facet *old, *new;             /* NULL: the whole definition */
	char *how; /* owned: "exhaustively, over 62 situations", "as a set" */
	bool left_aside; /* not compared: the original's figure in a unit the
			    translation, an edition in another, measures nothing in */
} diff_proof;

typedef enum diff_what { DIFF_CHANGED, DIFF_ADDED, DIFF_REMOVED } diff_what;

typedef struct diff_def {
	diff_what what;
	const facet_def *old, *new; /* NULL on the side that lacks it */
	diff_change *changes;
	size_t n;
	char *totals; /* DIFF_MEANING, a modifier or group: where the totals of a table
			 counting it differ (owned), or NULL */
	bool undecided; /* DIFF_MEANING, a modifier or group: no method decided
			   whether the totals of a table counting it are the same */
} diff_def;

/* How one outcome of one column moved at the default situation. */
typedef struct diff_odds {
	const char *table, *column, *outcome;
	uint64_t old_count, old_total, new_count, new_total;
} diff_odds;

typedef struct diff_result {
	diff_def *defs;
	size_t n;
	diff_odds *odds;
	size_t nodds;
	const char **unenumerated; /* tables whose odds could not be enumerated */
	size_t nunenumerated;
	const char **past_work; /* tables whose odds were left uncompared past the work budget */
	size_t npast_work;
	diff_proof *proofs;
	size_t nproofs;
	work_budget *work; /* what proofs by meaning may spend (diff_compare's), or NULL */
} diff_result;

enum {
	DIFF_NO_LABELS = 1,  /* leave labels out (verify reads them its own way) */
	DIFF_NO_HEADER = 2,  /* leave the ruleset header (id, title, locales) out */
	DIFF_PROVISIONAL_MARKS = 4, /* a provisional mark: compare its presence, not its reason */
	DIFF_MEANING = 8, /* compare by meaning: expressions as functions, sets as sets,
			     references as present or not (see facet_compare) */
};

/* Compare a (old) with b (new); a comparison by meaning (DIFF_MEANING) spends
 * from work (NULL: no budget), and past it compares as written. */
void diff_compare(diff_result *r, const facet_set *a, const facet_set *b, unsigned flags, work_budget *work);

/* Add the odds that moved, per table in both and per column, with every
 * input at its default (the column input at the column's first value); a
 * result column under odds lines once, at the first line's column over it.
 * Each column's steps are spent from work before it is enumerated; a table
 * whose steps do not fit is listed in past_work. */
void diff_odds_compute(diff_result *r, const model *ma, const model *mb, work_budget *work);

void diff_free(diff_result *r);

/* The key of a change (either side's). */
const char *diff_key(const diff_change *c);

#endif
