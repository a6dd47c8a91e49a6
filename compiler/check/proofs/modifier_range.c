/* SPDX-License-Identifier: MIT */
/* The bounds of a table's modifier total (see modifier_range.h). */
#include "check/proofs/modifier_range.h"

#include <stdbool.h>

static bool counts_here(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || (t->step < RTAB_MAX_STEPS && (m->steps >> t->step) & 1u);
}

static int64_t clamp(int64_t v, int32_t lo, int32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

modifier_bounds group_range(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list,
			    size_t n, size_t g)
{
	bool ungrouped = g >= rs->ngroups;
	const rtab_group *grp = ungrouped ? NULL : &rs->groups[g];
	/* A side of a group that keeps one member (best, worst) adds one of its
	 * values or nothing; under largest_each_way one bonus (of the side's sign,
	 * or 0) and one penalty (of the other sign), so again within the lowest
	 * and highest value and 0. */
	bool keeps_one = grp && grp->stacking != RTAB_STACK_SUM;
	modifier_bounds sum = {0, 0}, side[2] = {{0, 0}, {0, 0}};
	bool members = false;

	for (size_t i = 0; i < n; i++) {
		if (list[i] >= rs->nmodifiers)
			continue;
		const rtab_modifier *m = &rs->modifiers[list[i]];
		bool mine = ungrouped ? m->group < 0 || (size_t)m->group >= rs->ngroups
				      : m->group >= 0 && (size_t)m->group == g;
		if (!mine || !counts_here(t, m))
			continue;
		members = true;
		/* The signed value; the interpreter refuses to negate INT32_MIN. */
		int64_t a = m->sign < 0 ? -(int64_t)m->max : m->min;
		int64_t b = m->sign < 0 ? -(int64_t)m->min : m->max;
		if (keeps_one) {
			modifier_bounds *s = &side[m->sign < 0];
			s->lo = a < s->lo ? a : s->lo;
			s->hi = b > s->hi ? b : s->hi;
			continue;
		}
		/* An ungrouped modifier without a condition always applies. */
		bool always = ungrouped && m->condition.ninstrs == 0;
		sum.lo += always || a < 0 ? a : 0;
		sum.hi += always || b > 0 ? b : 0;
	}
	sum.lo += side[0].lo + side[1].lo;
	sum.hi += side[0].hi + side[1].hi;
	if (grp && grp->capped && members) {
		/* Capped when a member applies; 0 when none does. */
		sum.lo = clamp(sum.lo, grp->cap_min, grp->cap_max);
		sum.hi = clamp(sum.hi, grp->cap_min, grp->cap_max);
		sum.lo = sum.lo < 0 ? sum.lo : 0;
		sum.hi = sum.hi > 0 ? sum.hi : 0;
	}
	return sum;
}

modifier_bounds modifier_range(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list,
			       size_t n)
{
	modifier_bounds total = {0, 0};
	for (size_t g = 0; g <= rs->ngroups; g++) {
		modifier_bounds b = group_range(rs, t, list, n, g);
		total.lo += b.lo;
		total.hi += b.hi;
	}
	return total;
}
