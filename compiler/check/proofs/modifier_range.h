/* SPDX-License-Identifier: MIT */
/*
 * The bounds of what a table's modifiers (or column shifts) can add up to,
 * as rtab_resolve adds them: each member may apply or not; a stacking group
 * keeps one member per side under 'best' and 'worst'; a group contributes
 * only through its members the table lists that apply, its cap applied to
 * their total (a group with no applying member adds nothing). check's proof
 * of row coverage, its 32-bit limits and the native resolvers' bounds all
 * read them here, so they cannot disagree.
 */
#ifndef RTAB_MODIFIER_RANGE_H
#define RTAB_MODIFIER_RANGE_H

#include <stddef.h>
#include <stdint.h>

#include "rtab.h"

typedef struct modifier_bounds {
	int64_t lo, hi;
} modifier_bounds;

/* What group g (rs->ngroups: the ungrouped modifiers) of a table's list adds. */
modifier_bounds group_range(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list,
			    size_t n, size_t g);

/* What the whole list adds: the sum of its groups' bounds. */
modifier_bounds modifier_range(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list,
			       size_t n);

#endif
