/* SPDX-License-Identifier: MIT */
/*
 * A drm that names a modifier. A printed example says "the charger rolls 4,
 * 4 and is charging a flank": the flank modifier applies, with its value,
 * its side, its stacking group and the cap, and only where the table counts
 * it (its step's modifiers). A number from outside names no step, so it
 * cannot count in a table with a step; a modifier can.
 */
#include "check/proofs/drm_modifier.h"

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

bool drm_counts_at_step(const rtab_ruleset *rs, size_t table, long drm, strbuf *why)
{
	const rtab_table *tab = &rs->tables[table];
	if (tab->step < 0 || drm == 0)
		return true;
	strbuf counted = {0};
	for (size_t i = 0; i < tab->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[tab->modifiers[i]];
		if (tab->step < RTAB_MAX_STEPS && (m->steps >> tab->step) & 1u)
			sb_printf(&counted, "%s%s", counted.len ? ", " : "", m->id);
	}
	sb_printf(why,
		  "--drm %+ld cannot count at table '%s': its step '%s' counts only the modifiers named for it (%s); set their inputs instead, or drop --drm",
		  drm, tab->id, rs->steps[tab->step], counted.len ? counted.data : "none");
	sb_free(&counted);
	return false;
}

int drm_modifier_named(const rtab_ruleset *rs, size_t table, const char *name, const char *file,
		       strbuf *why)
{
	int modifier = find_modifier(rs, name);
	if (modifier < 0) {
		sb_printf(why, "--drm %s names no modifier of %s", name, file);
		return -1;
	}
	strbuf not_counted = {0};
	if (!drm_modifier_counts(rs, table, (size_t)modifier, &not_counted)) {
		sb_printf(why, "--drm %s: modifier '%s' %s; name one the table counts, or set the inputs instead",
			  name, name, not_counted.data);
		modifier = -1;
	}
	sb_free(&not_counted);
	return modifier;
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
