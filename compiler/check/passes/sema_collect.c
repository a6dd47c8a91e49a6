/* SPDX-License-Identifier: MIT */
/* The definitions of a file gathered by kind and indexed by id; duplicates,
 * the ruleset header's place and the counts the runtime holds are checked. */
#include "check/passes/sema_collect.h"

#include "check/checks.h"
#include "check/passes/sema_list.h"

void collect_defs(model *m, const ast_def *defs)
{
	size_t cap[DEF_KIND_COUNT_] = {0};
	bool first = true;

	for (const ast_def *d = defs; d; d = d->next)
		cap[d->kind] += list_input_count(d);
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		m->defs[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(const ast_def *));
		m->used[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(bool));
		m->bad[k] = model_array(m, cap[k] ? cap[k] : 1, sizeof(bool));
		m->index_cap[k] = 16;
		while (m->index_cap[k] < 2 * cap[k])
			m->index_cap[k] *= 2;
		m->index[k] = model_array(m, m->index_cap[k], sizeof(uint32_t));
	}

	for (const ast_def *d = defs; d; d = d->next, first = false) {
		int prev = model_find(m, d->kind, d->id);
		if (d->kind == DEF_RULESET) {
			if (m->ruleset_def) {
				check_report(m, CHECK_SYNTAX_ORDER, d->loc,
					     "a file holds one ruleset; '%s' is a second", d->id);
				check_note(m, m->ruleset_def->loc, "the ruleset '%s' begins here",
					   m->ruleset_def->id);
				continue;
			}
			if (!first)
				check_report(m, CHECK_SYNTAX_ORDER, d->loc,
					     "the ruleset header must be the first definition of the file");
			m->ruleset_def = d;
		}
		if (prev >= 0) {
			check_report(m, CHECK_DUPLICATE, d->id_loc, "%s '%s' is defined twice",
				     def_kind_name(d->kind), d->id);
			check_note(m, m->defs[d->kind][prev]->id_loc, "'%s' is first defined here",
				   d->id);
			continue;
		}
		m->defs[d->kind][m->ndefs[d->kind]] = d;
		m->bad[d->kind][m->ndefs[d->kind]] = d->damaged;
		index_def(m, d->kind, m->ndefs[d->kind]++);
		/* A list input: its items' fields follow it. */
		size_t nitems;
		const ast_def *items = list_item_defs(m, d, &nitems);
		for (size_t i = 0; i < nitems; i++) {
			const ast_def *s = &items[i];
			int dup = model_find(m, DEF_INPUT, s->id);
			if (dup >= 0) {
				check_report(m, CHECK_DUPLICATE, s->id_loc, "input '%s' is defined twice",
					     s->id);
				check_note(m, m->defs[DEF_INPUT][dup]->id_loc,
					   "'%s' is first defined here", s->id);
				continue;
			}
			m->defs[DEF_INPUT][m->ndefs[DEF_INPUT]] = s;
			m->bad[DEF_INPUT][m->ndefs[DEF_INPUT]] = s->damaged;
			index_def(m, DEF_INPUT, m->ndefs[DEF_INPUT]++);
		}
	}
	if (!m->ruleset_def && !m->syntax_errors) {
		src_loc top = {defs ? defs->loc.line : 0, defs ? defs->loc.col : 0};
		check_report(m, CHECK_SYNTAX_ORDER, top,
			     "no ruleset header; begin the file with: ruleset ID { locales en; }");
	}
}

/* Triggers and 'rtab eval' name tables, reaction sets, transitions,
 * distances and procedures alike: one name must not stand for two. */
void check_target_names(model *m)
{
	static const def_kind kinds[] = {DEF_TABLE, DEF_REACTIONS, DEF_TRANSITION, DEF_DISTANCE,
					 DEF_PROCEDURE};
	idmap names = {0};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (size_t i = 0; i < m->ndefs[kinds[k]]; i++) {
			const ast_def *d = m->defs[kinds[k]][i];
			int prev = idmap_put(&names, d->id, (int)k);
			if (prev < 0)
				continue;
			const ast_def *first = m->defs[kinds[prev]][model_find(m, kinds[prev], d->id)];
			check_report(m, CHECK_DUPLICATE, d->id_loc,
				     "%s '%s' has the name of %s '%s'; a trigger or 'rtab eval' could not tell them apart: rename one",
				     def_kind_name(d->kind), d->id, def_kind_name(first->kind), first->id);
			check_note(m, first->id_loc, "the %s is here", def_kind_name(first->kind));
		}
	idmap_free(&names);
}

void check_count_limits(model *m)
{
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (m->ndefs[k] > RTAB_MAX_ITEMS) {
			check_report(m, CHECK_LIMITS, m->defs[k][RTAB_MAX_ITEMS]->loc,
				     "too many %s definitions (at most %d)", def_kind_name((def_kind)k),
				     RTAB_MAX_ITEMS);
			m->ndefs[k] = RTAB_MAX_ITEMS;
		}
}
