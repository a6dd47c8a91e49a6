/* SPDX-License-Identifier: MIT */
/* Conformance vectors of a ruleset: situations and what the runtime gives. */
#ifndef RTAB_ANALYSIS_VECTORS_H
#define RTAB_ANALYSIS_VECTORS_H

#include "rtab.h"
#include "base/util.h"
#include "front/construct_use.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The limit of an exhaustive search per definition, unless told. */
#define VECTORS_DEFAULT_LIMIT 100000
/* The most --limit accepts: a million vectors of one definition take seconds
 * (and the set that keeps them unique 32 MB); more could take hours. */
#define VECTORS_MAX_LIMIT 1000000

typedef struct vectors_options {
	const char *const *names; /* the definitions to cover; none: every one */
	size_t nnames;
	bool exhaustive; /* also every situation times every roll, up to limit */
	uint64_t limit;
	/* Told what a user should know of the run (a table past the limit);
	 * the caller prints it as its verb reports. NULL: nothing said. */
	void (*note)(void *arg, const char *message);
	void *note_arg;
	/* What finding the vectors may spend (base/work.h); NULL: no limit.
	 * Past it the run stops, and vectors_coverage says where. */
	struct work_budget *work;
} vectors_options;

/* Whether name is a table, reaction set, transition, distance or procedure. */
bool vectors_known(const rtab_ruleset *rs, const char *name);

/* How vectors treat a kind of definition. */
construct_use vectors_kind_use(def_kind kind);

/* What the coverage crossed, for the count a user is told. */
typedef struct vectors_coverage {
	size_t crossed; /* modifiers on, crossed with every column and its boundary rolls */
	size_t pairs;   /* pairs of modifiers on together, in every column */
	size_t chains;  /* chains: a table's result followed through what it triggers */
	/* The definition where the work budget ran out (the vectors written are
	 * not all there are); NULL: the run is whole. */
	const char *stopped_in;
	/* Searches for a situation (a condition true, or false) that found none:
	 * not a proof there is none; the vectors that needed one are missing (a
	 * note through vectors_options.note says how many). */
	size_t unfound;
} vectors_coverage;

/* With --exhaustive: whether every definition wanted has at most opts->limit
 * situations; if not, *why (free it) names each that has more. Asked before
 * anything is written, so that a search past the limit is refused, never
 * cut short. */
bool vectors_exhaustive_fits(const rtab_ruleset *rs, const vectors_options *opts, char **why);

/* Write the vectors of rs to out as they are found, one JSON object per line
 * (docs/vectors.md); returns how many were written. coverage (may be NULL)
 * receives what the coverage crossed. */
size_t vectors_write(FILE *out, const rtab_ruleset *rs, const vectors_options *opts,
		     vectors_coverage *coverage);

struct model;
struct diag_ctx;
/* Whether a run was whole; if the work budget stopped it, says so at the
 * definition where it stopped, in m (an error: the vectors written are not
 * all there are). */
bool vectors_say_undone(struct diag_ctx *d, const struct model *m, const vectors_coverage *cov,
			uint64_t limit);

#endif
