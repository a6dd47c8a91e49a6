/* SPDX-License-Identifier: MIT */
/* A results table lowered: what the compiler knows is decided here (the
 * modifiers its step counts, the groups that choose one member per side,
 * whether faces may be omitted), what the situation decides is IR code. */
#include "lower/lower_table.h"
#include "lower/ir_reasons.h"
#include "lower/lower_expr.h"
#include "base/util.h"
#include "front/key_kinds.h"
#include "front/stackings.h"

#include <stdlib.h>
#include <string.h>

/* Whether member im of a largest_each_way group is one of its side's bonuses (its value
 * never below 0; a defender's value is subtracted, so its bonus lowers the roll) or one
 * of its penalties (never above 0): 1 or 0, by the value's bounds as the runtime decides
 * it (the check `stacking` holds every member to one of them), -1 when they allow both. */
static int member_is_bonus(const rtab_ruleset *rs, const ir_mod *im)
{
	const rtab_modifier *mod = &rs->modifiers[im->modifier];
	return mod->min < 0 && mod->max > 0 ? -1 : stacking_is_bonus(mod, mod->min);
}

/* One keep: the members of group g's side `sign` (of `way`, under largest_each_way:
 * bonuses 1, penalties 0; -1 every member), when two or more. */
static bool plan_keep(const rtab_ruleset *rs, ir_list *l, size_t g, int sign, int way)
{
	const ir_group_sum *s = &l->groups[g];
	size_t n = 0;
	for (size_t k = 0; k < s->nmembers; k++) {
		const ir_mod *im = &l->mods[s->members[k]];
		if (way >= 0 && member_is_bonus(rs, im) < 0)
			return false;
		n += im->sign == sign && (way < 0 || member_is_bonus(rs, im) == way);
	}
	if (n < 2)
		return true;
	/* The side wants its total high when its sign is +1: its best is the greater there. */
	bool best = way >= 0 ? way == 1 : s->stacking == RTAB_STACK_BEST;
	l->keeps = xrealloc(l->keeps, (l->nkeeps + 1) * sizeof *l->keeps);
	ir_keep *kp = &l->keeps[l->nkeeps++];
	kp->group_sum = g;
	kp->sign = (int8_t)sign;
	kp->greater = best == (sign > 0);
	kp->choice = way == 1 ? "largest bonus" : way == 0 ? "largest penalty" : best ? "best" : "worst";
	kp->nmembers = 0;
	kp->members = xcalloc(n, sizeof *kp->members);
	kp->always = xcalloc(n, sizeof *kp->always);
	for (size_t k = 0; k < s->nmembers; k++) {
		const ir_mod *im = &l->mods[s->members[k]];
		if (im->sign != sign || (way >= 0 && member_is_bonus(rs, im) != way))
			continue;
		kp->always[kp->nmembers] = im->when.empty;
		kp->members[kp->nmembers++] = s->members[k];
	}
	return true;
}

/* The sides of the list's groups that keep one member (best or worst) among two or more,
 * or, under largest_each_way, one bonus and one penalty: which members, in list order,
 * which of them need a test of whether they apply, and the comparison that lets a later
 * member replace the one kept (ir_keep). False for a largest_each_way member that may be
 * a bonus or a penalty (which the checks refuse). */
static bool plan_keeps(const rtab_ruleset *rs, ir_list *l)
{
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		bool each_way = s->stacking == RTAB_STACK_LARGEST_EACH_WAY;
		if (s->stacking != RTAB_STACK_BEST && s->stacking != RTAB_STACK_WORST && !each_way)
			continue;
		for (int sign = 1; sign >= -1; sign -= 2)
			for (int way = each_way ? 1 : -1; way >= (each_way ? 0 : -1); way--)
				if (!plan_keep(rs, l, g, sign, way))
					return false;
	}
	return true;
}

/* The sums of a list: per group in ascending order, the ungrouped last; a
 * group no modifier of the list belongs to adds nothing and is left out. */
static bool plan_groups(const rtab_ruleset *rs, ir_list *l)
{
	for (int g = 0; g <= rs->ngroups; g++) {
		int16_t id = g < rs->ngroups ? (int16_t)g : -1;
		size_t n = 0;
		for (size_t k = 0; k < l->nmods; k++)
			n += l->mods[k].group == id;
		if (n == 0)
			continue;
		l->groups = xrealloc(l->groups, (l->ngroups + 1) * sizeof *l->groups);
		ir_group_sum *s = &l->groups[l->ngroups++];
		memset(s, 0, sizeof *s);
		s->group = id;
		if (id >= 0) {
			s->stacking = rs->groups[id].stacking;
			s->capped = rs->groups[id].capped != 0;
			s->cap_min = rs->groups[id].cap_min;
			s->cap_max = rs->groups[id].cap_max;
		}
		s->members = xcalloc(n, sizeof *s->members);
		for (size_t k = 0; k < l->nmods; k++)
			if (l->mods[k].group == id)
				s->members[s->nmembers++] = k;
	}
	return plan_keeps(rs, l);
}

static bool lower_list(ir_module *m, const rtab_table *t, const uint16_t *which, size_t n, bool shift,
		       uint32_t *next, ir_list *out)
{
	const rtab_ruleset *rs = m->rs;
	memset(out, 0, sizeof *out);
	out->mods = xcalloc(n ? n : 1, sizeof *out->mods);
	bool ok = true;
	for (size_t k = 0; k < n; k++) {
		if (which[k] >= rs->nmodifiers)
			return false;
		const rtab_modifier *mod = &rs->modifiers[which[k]];
		if (!rtab_modifier_counts_at_step(t, mod))
			continue; /* the table's step does not count it: decided here */
		ir_mod *im = &out->mods[out->nmods++];
		im->modifier = which[k];
		ok = lower_expr(m, &mod->condition, IR_NOTES_ALWAYS, next, &im->when) && ok;
		ok = lower_expr(m, &mod->value, IR_NOTES_ALWAYS, next, &im->value) && ok;
		im->sign = mod->sign;
		im->group = mod->group >= 0 && mod->group < rs->ngroups ? mod->group : -1;
		im->reason = ir_reason(m, mod->provisional);
		im->shift = shift;
	}
	return plan_groups(rs, out) && ok;
}

static void list_free(ir_list *l)
{
	for (size_t k = 0; k < l->nmods; k++) {
		ir_code_free(&l->mods[k].when);
		ir_code_free(&l->mods[k].value);
	}
	for (size_t g = 0; g < l->ngroups; g++)
		free(l->groups[g].members);
	for (size_t k = 0; k < l->nkeeps; k++) {
		free(l->keeps[k].members);
		free(l->keeps[k].always);
	}
	free(l->mods);
	free(l->groups);
	free(l->keeps);
}

/* The modifiers whose sums the lean form reads from tables (lower/fold.h), marked. */
static void fold_lean(const rtab_ruleset *rs, const rtab_table *t, ir_table *out)
{
	fold_plan_make(rs, t, &out->lean_fold);
	ir_list *l = &out->modifiers;
	bool *taken = xcalloc(l->nmods + 1u, sizeof *taken);
	for (size_t i = 0; i < t->nmodifiers && out->lean_fold.nunits; i++) {
		if (!out->lean_fold.modifier_folded[i])
			continue;
		for (size_t k = 0; k < l->nmods; k++)
			if (!taken[k] && l->mods[k].modifier == t->modifiers[i]) {
				taken[k] = l->mods[k].folded = true;
				break;
			}
	}
	free(taken);
	for (size_t g = 0; g < l->ngroups && out->lean_fold.nunits; g++)
		l->groups[g].folded = l->groups[g].group >= 0 && out->lean_fold.group_folded[l->groups[g].group];
}

/* The column of a computed key per run of columns the key reads among: every column, or
 * each run an input's value or a line chooses. */
static bool plan_key_runs(const rtab_ruleset *rs, const rtab_table *t, ir_table *out)
{
	size_t nvalues = t->column_input >= 0 ? (size_t)rs->inputs[t->column_input].max + 1 : t->nlines;
	bool runs = t->column_end_of_value && t->column_of_value && (t->column_input >= 0 || t->nlines > 0);
	size_t n = runs ? nvalues : 1;
	out->key_runs = xcalloc(n ? n : 1, sizeof *out->key_runs);
	for (size_t v = 0; v < n; v++) {
		uint16_t first = runs ? t->column_of_value[v] : 0;
		uint16_t end = runs ? t->column_end_of_value[v] : (uint16_t)t->ncolumns;
		bool seen = false;
		for (size_t k = 0; k < out->nkey_runs; k++)
			seen |= out->key_runs[k].first == first && out->key_runs[k].end == end;
		if (seen || first >= end || end > t->ncolumns)
			continue; /* the runtime refuses a run that holds no column: so does the walk */
		ir_key_run *r = &out->key_runs[out->nkey_runs++];
		r->first = first;
		r->end = end;
		if (!ratio_chain_of_key(t, first, end, &r->chain))
			return false;
	}
	return true;
}

bool lower_table(ir_module *m, uint16_t ti, ir_table *out, const char **what)
{
	const rtab_ruleset *rs = m->rs;
	const rtab_table *t = &rs->tables[ti];
	uint32_t next = 0;
	memset(out, 0, sizeof *out);
	out->index = ti;
	out->t = t;
	out->step_refuses_drm = t->step >= 0;
	if (t->dice != RTAB_NO_DICE)
		for (size_t c = 0; c < t->ncolumns; c++)
			out->faces_later |= t->columns[c].kind != RTAB_COLUMN_ROLLED;
	*what = "a modifier's condition or value";
	if (!lower_list(m, t, t->modifiers, t->nmodifiers, false, &next, &out->modifiers) ||
	    !lower_list(m, t, t->shifts, t->nshifts, true, &next, &out->shifts))
		return false;
	fold_lean(m->rs, t, out);
	lean_cells_make(m->rs, t, &out->lean_cells);
	*what = "the key of its columns";
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		break; /* the input's value is read where the column is chosen */
	case RTAB_KEY_ODDS:
		if (!lower_expr(m, &t->key_a, IR_NOTES_ALWAYS, &next, &out->key_a) ||
		    !lower_expr(m, &t->key_b, IR_NOTES_ALWAYS, &next, &out->key_b))
			return false;
		*what = "the steps of its columns";
		if (!plan_key_runs(rs, t, out))
			return false;
		break;
	case RTAB_KEY_VALUE:
		if (!lower_expr(m, &t->key_a, IR_NOTES_ALWAYS, &next, &out->key_a))
			return false;
		*what = "the steps of its columns";
		if (!plan_key_runs(rs, t, out))
			return false;
		break;
	case RTAB_KEY_ENUM: /* the value of the second enum input */
		if (!lower_expr(m, &t->key_a, IR_NOTES_ALWAYS, &next, &out->key_a))
			return false;
		break;
	}
	*what = "the condition that chooses its line";
	if (t->nlines > 0 && t->column_end_of_value &&
	    (!lower_expr(m, &t->line_key, IR_NOTES_ALWAYS, &next, &out->line_key) ||
	     !lower_expr(m, &t->line_key, IR_NOTES_NONE, &next, &out->line_key_quiet)))
		return false;
	out->column_input_reasons = -1;
	out->column_input_default_reason = -1;
	if (t->column_input >= 0 && t->column_input < rs->ninputs) {
		const rtab_input *inp = &rs->inputs[t->column_input];
		out->column_input_default_reason = ir_reason(m, inp->provisional);
		if (inp->type == RTAB_TYPE_ENUM && inp->enum_index >= 0)
			out->column_input_reasons = ir_enum_reasons(m, (uint16_t)inp->enum_index);
	}
	*what = "a rewrite's condition";
	out->rewrites = xcalloc(t->nrewrites ? t->nrewrites : 1, sizeof *out->rewrites);
	for (size_t k = 0; k < t->nrewrites; k++) {
		const rtab_rewrite *rw = &t->rewrites[k];
		ir_rewrite *ir = &out->rewrites[out->nrewrites++];
		ir->from = rw->from;
		ir->to = rw->to;
		ir->reason = ir_reason(m, rw->provisional);
		ir->rule = rw->rule;
		if (!lower_expr(m, &rw->condition, IR_NOTES_ALWAYS, &next, &ir->when))
			return false;
	}
	out->row_reason = xcalloc(t->nrows ? t->nrows : 1, sizeof *out->row_reason);
	for (size_t r = 0; r < t->nrows; r++)
		out->row_reason[r] = ir_reason(m, rtab_row_provisional(t, r));
	out->natural_reason = xcalloc(t->nnatural ? t->nnatural : 1, sizeof *out->natural_reason);
	for (size_t k = 0; k < t->nnatural; k++)
		out->natural_reason[k] = ir_reason(m, t->natural[k].provisional);
	out->column_reason = xcalloc(t->ncolumns ? t->ncolumns : 1, sizeof *out->column_reason);
	for (size_t c = 0; c < t->ncolumns; c++)
		out->column_reason[c] = ir_reason(m, t->columns[c].provisional);
	return true;
}

bool ir_key_computed(const ir_table *t, bool *odds)
{
	*odds = false;
	switch (table_key_kind(t->t)) {
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM: /* key_a is the second input's value, no key to read */
		return false;
	case RTAB_KEY_ODDS:
		*odds = true;
		break;
	case RTAB_KEY_VALUE:
		break;
	}
	return true;
}

bool ir_key_enum(const ir_table *t)
{
	switch (table_key_kind(t->t)) {
	case RTAB_KEY_ENUM:
		return true;
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		break;
	}
	return false;
}

void ir_table_free(ir_table *t)
{
	list_free(&t->modifiers);
	list_free(&t->shifts);
	ir_code_free(&t->key_a);
	ir_code_free(&t->key_b);
	ir_code_free(&t->line_key);
	ir_code_free(&t->line_key_quiet);
	for (size_t k = 0; k < t->nrewrites; k++)
		ir_code_free(&t->rewrites[k].when);
	free(t->rewrites);
	free(t->row_reason);
	free(t->natural_reason);
	free(t->column_reason);
	for (size_t k = 0; k < t->nkey_runs; k++)
		ratio_chain_free(&t->key_runs[k].chain);
	free(t->key_runs);
	fold_plan_free(&t->lean_fold);
	lean_cells_free(&t->lean_cells);
}
