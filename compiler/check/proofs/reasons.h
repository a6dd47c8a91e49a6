/* SPDX-License-Identifier: MIT */
/*
 * The provisional reasons a result depends on, for every kind of target:
 * one list, used by `rtab eval` (JSON and --explain) and by the examples
 * (`provisional` and `settled`).
 */
#ifndef RTAB_REASONS_H
#define RTAB_REASONS_H

#include "rtab.h"

#include <stddef.h>

typedef struct reasons {
	const char *why[RTAB_MAX_REASONS];
	size_t n;     /* listed in why (at most RTAB_MAX_REASONS) */
	size_t total; /* how many there are */
} reasons;

/* Add why (unless NULL or already listed). */
void reasons_add(reasons *r, const char *why);

/* A table result: every reason the runtime listed. */
void reasons_of_table(reasons *r, const rtab_result *res);

/* The options allowed in a reaction set (indices into its options), and
 * what deciding them reads in the situation `inputs` (NULL: not that). */
void reasons_of_reactions(reasons *r, const rtab_ruleset *rs, size_t set, const uint16_t *options,
			  size_t n, const int32_t *inputs);

/* A transition from state `from` to state `to`: the arc and the two states
 * (and the input's own reason when `from` is its default). */
void reasons_of_transition(reasons *r, const rtab_ruleset *rs, size_t tr, int32_t from, int32_t to);

/* A procedure that took `step` (-1: none applied): its order, the step taken
 * and every step before it (whose reading decided that it did not apply),
 * and what their guards read in the situation `inputs` (NULL: not that). */
void reasons_of_procedure(reasons *r, const rtab_ruleset *rs, size_t p, int32_t step,
			  const int32_t *inputs);

/* What outcome `outcome` triggers in the situation: each trigger's reason. */
void reasons_of_triggers(reasons *r, const rtab_ruleset *rs, size_t outcome);

#endif
