/* SPDX-License-Identifier: MIT */
/*
 * Whether two expressions, each of its own ruleset, mean the same: the same
 * value (or, where dice are rolled, the same distribution of values) for
 * every situation of the inputs they read, inputs matched by id. The
 * comparison says which method proved it: every situation tried, a
 * normalised form that is exact (sums of inputs times constants), or the
 * reachable intervals of both.
 */
#ifndef RTAB_EXPR_EQUAL_H
#define RTAB_EXPR_EQUAL_H

#include "base/work.h"
#include "check/model_data.h"
#include "rtab.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum expr_method {
	EXPR_EXHAUSTIVE,  /* every situation of the inputs read (and every roll) */
	EXPR_NORMAL_FORM, /* the same sum of inputs times constants */
	EXPR_INTERVALS,   /* reachable intervals: one same value, or disjoint */
	EXPR_UNPROVEN,    /* too many situations and no exact form: the texts differ */
	EXPR_UNDEFINED,   /* an input differs in name or domain: not compared */
} expr_method;

typedef struct expr_verdict {
	bool equal;
	expr_method method;
	uint64_t situations; /* EXPR_EXHAUSTIVE: how many were compared */
	uint64_t rolls;      /* and the rolls of dice in each (1: none) */
	char *why;           /* owned, or NULL: where they differ, in the reader's terms */
	char thresholds[96]; /* EXPR_EXHAUSTIVE: the inputs tried only at their thresholds
				("zmorale, zpoints"), or "" */
	uint64_t past_work;  /* EXPR_UNPROVEN: the steps trying every situation would take,
				past the work budget (0: not for that) */
} expr_verdict;

/* Compare ea of a's ruleset with eb of b's (either may have no instructions: "always").
 * Trying every situation spends its steps from work (NULL: no budget); past
 * it, the exact forms are tried, then the texts compared (EXPR_UNPROVEN with
 * past_work). */
void expr_compare(const model *a, const rtab_expr *ea, const model *b, const rtab_expr *eb,
		  work_budget *work, expr_verdict *v);

/* The same, for values in units: ua of a and ub of b (either may be NULL).
 * Values in two units are equal when a conversion either file declares makes
 * them so (quantity.h); an input in two units is read in the same situation
 * on both sides by that conversion: each value of the side whose steps are
 * coarser, with the other side's value of its domain nearest to it converted
 * (docs/verify.md). */
void expr_compare_units(const model *a, const rtab_expr *ea, const char *ua, const model *b,
			const rtab_expr *eb, const char *ub, work_budget *work, expr_verdict *v);

/* The total modifier (before the table's cap) of table ta of a and tb of
 * b counting only the modifiers named ids, over every situation of the
 * inputs they read: how modifiers and
 * stacking groups written differently (a min() for a group's cap) are
 * proved the same. EXPR_EXHAUSTIVE, or not proved. */
void totals_compare(const model *a, size_t ta, const model *b, size_t tb, const char *const *ids,
		    size_t nids, work_budget *work, expr_verdict *v);

/* "exhaustively, over 62 situations", "by a normal form", ... (owned). */
char *expr_method_text(const expr_verdict *v);

/*
 * The inputs two rulesets must share for a comparison over the situations
 * of the inputs named: NULL when every one is in both with the same domain,
 * else what differs (owned), e.g. "input 'move' is int 0..30 in the original,
 * int 0..20 in the translation".
 */
char *expr_inputs_differ(const rtab_ruleset *a, const rtab_ruleset *b, const char *const *ids, size_t n);

#endif
