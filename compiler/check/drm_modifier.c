/* SPDX-License-Identifier: MIT */
/*
 * A drm that names a modifier. A printed example says "the charger rolls 4,
 * 4 and is charging a flank": the flank modifier applies, with its value,
 * its side, its stacking group and the cap, and only where the table counts
 * it (its step's modifiers). A number from outside names no step, so it
 * cannot count in a table with a step; a modifier can.
 */
#include "check/drm_modifier.h"

#include <stdlib.h>
#include <string.h>

int find_modifier(const rtab_ruleset *rs, const char *id)
{
	for (size_t i = 0; i < rs->nmodifiers; i++)
		if (strcmp(rs->modifiers[i].id, id) == 0)
			return (int)i;
	return -1;
}

bool drm_modifier_counts(const rtab_ruleset *rs, size_t table, size_t modifier, strbuf *why)
{
	const rtab_table *t = &rs->tables[table];
	bool listed = false;
	for (size_t k = 0; k < t->nmodifiers; k++)
		listed |= t->modifiers[k] == modifier;
	if (!listed) {
		sb_printf(why, "is none of the modifiers of table '%s' (", t->id);
		for (size_t k = 0; k < t->nmodifiers; k++)
			sb_printf(why, "%s%s", k ? ", " : "", rs->modifiers[t->modifiers[k]].id);
		sb_puts(why, t->nmodifiers ? ")" : "it has none)");
		return false;
	}
	if (t->step >= 0 && !((rs->modifiers[modifier].steps >> t->step) & 1u)) {
		sb_printf(why, "does not count at step '%s' of table '%s' (its modifiers: ", rs->steps[t->step],
			  t->id);
		size_t n = 0;
		for (size_t k = 0; k < t->nmodifiers; k++)
			if ((rs->modifiers[t->modifiers[k]].steps >> t->step) & 1u)
				sb_printf(why, "%s%s", n++ ? ", " : "", rs->modifiers[t->modifiers[k]].id);
		sb_puts(why, n ? ")" : "none)");
		return false;
	}
	return true;
}

rtab_ruleset ruleset_with_modifier(const rtab_ruleset *rs, size_t modifier)
{
	rtab_ruleset one = *rs;
	rtab_modifier *mods = xmalloc((rs->nmodifiers ? rs->nmodifiers : 1) * sizeof *mods);
	if (rs->nmodifiers)
		memcpy(mods, rs->modifiers, rs->nmodifiers * sizeof *mods);
	if (modifier < rs->nmodifiers)
		mods[modifier].condition = (rtab_expr){0, NULL, NULL};
	one.modifiers = mods;
	return one;
}

void ruleset_with_modifier_free(rtab_ruleset *one)
{
	free((void *)one->modifiers);
	one->modifiers = NULL;
}

int resolve_with_modifier(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
			  size_t ninputs, const int32_t *faces, size_t nfaces, size_t modifier,
			  rtab_result *out)
{
	if (modifier >= rs->nmodifiers)
		return RTAB_E_RULESET;
	rtab_ruleset one = ruleset_with_modifier(rs, modifier);
	int rc = rtab_resolve(&one, table, inputs, ninputs, faces, nfaces, 0, out);
	ruleset_with_modifier_free(&one);
	return rc;
}
