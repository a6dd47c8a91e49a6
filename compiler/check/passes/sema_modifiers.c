/* SPDX-License-Identifier: MIT */
/* Modifiers: when they apply, their value, their side, group and steps. */
#include "check/passes/sema_modifiers.h"

#include "check/passes/body.h"
#include "check/checks.h"
#include "check/passes/fold.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_defs.h"
#include "check/passes/sema_expr.h"

#include <string.h>

void resolve_modifiers(model *m)
{
	rtab_modifier *mods = model_array(m, m->ndefs[DEF_MODIFIER], sizeof *mods);
	m->rs.modifiers = m->modifiers_built = mods;
	m->rs.nmodifiers = (uint16_t)m->ndefs[DEF_MODIFIER];
	for (size_t i = 0; i < m->ndefs[DEF_MODIFIER]; i++) {
		const ast_def *d = m->defs[DEF_MODIFIER][i];
		rtab_modifier *mod = &mods[i];
		const ast_stmt *when = NULL, *value = NULL;

		def_head(m, d, "modifier", &mod->id, &mod->labels, &mod->rule, &mod->rules);
		mod->sign = 1;
		mod->group = -1;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			const ast_stmt **slot = s->kind == ST_WHEN ? &when : s->kind == ST_AMOUNT ? &value : NULL;
			if (s->kind == ST_LABEL)
				continue;
			if (s->kind == ST_FOR) {
				if (strcmp(s->name, "attacker") == 0 || strcmp(s->name, "defender") == 0)
					mod->sign = s->name[0] == 'a' ? 1 : -1;
				else
					check_report(m, CHECK_UNKNOWN_NAME, s->name_loc,
						     "a modifier is for 'attacker' (adds) or 'defender' (subtracts), not '%s'",
						     s->name);
				continue;
			}
			if (s->kind == ST_GROUP) {
				int g = resolve_def(m, DEF_GROUP, s->name, s->name_loc);
				mod->group = (int16_t)g;
				continue;
			}
			if (s->kind == ST_STEPS) {
				for (const ast_id *id = s->ids; id; id = id->next) {
					int k = model_step(m, id->id, id->loc, true);
					if (k >= 0)
						mod->steps |= 1u << k;
				}
				continue;
			}
			if (s->kind == ST_PROVISIONAL) {
				mod->provisional = arena_strdup(&m->arena, s->text);
				continue;
			}
			if (!slot) {
				report_misplaced(m, s, "a modifier");
				continue;
			}
			if (*slot) {
				check_report(m, CHECK_DUPLICATE, s->loc, "modifier '%s' has two %s statements",
					     d->id, s->kind == ST_WHEN ? "'when'" : "'value'");
				check_note(m, (*slot)->loc, "the first is here");
				continue;
			}
			*slot = s;
		}
		expr_type t;
		if (when)
			compile_expr(m, when->expr, RTAB_TYPE_BOOL, &mod->condition, &t);
		if (!value && d->damaged)
			continue;
		if (!value) {
			check_report(m, CHECK_MISSING, d->id_loc,
				     "modifier '%s' has no value; add: value +1;", d->id);
			continue;
		}
		if (compile_expr(m, value->expr, RTAB_TYPE_INT, &mod->value, &t)) {
			mod->min = (int32_t)t.lo;
			mod->max = (int32_t)t.hi;
			if (mod->sign < 0 && t.lo == INT32_MIN)
				check_report(m, CHECK_LIMITS, value->expr->loc,
					     "the defender's value may be %d, which cannot be subtracted in 32 bits",
					     INT32_MIN);
			/* A largest_each_way group keeps a side's largest bonus (a member
			 * never below 0) and largest penalty (never above 0): a member that
			 * may be either is two modifiers in the rules. */
			if (mod->group >= 0 && m->rs.groups &&
			    m->rs.groups[mod->group].stacking == RTAB_STACK_LARGEST_EACH_WAY && t.lo < 0 && t.hi > 0)
				check_report(m, CHECK_STACKING, value->expr->loc,
					     "modifier '%s' may be a bonus or a penalty (its value runs %lld..%lld), "
					     "and group '%s' keeps the largest of each: write it as two modifiers, "
					     "one when the value is above 0 and one when it is below",
					     d->id, (long long)t.lo, (long long)t.hi, m->rs.groups[mod->group].id);
		}
		if (value->name2)
			check_report(m, CHECK_MISPLACED, value->name2_loc,
				     "a modifier's value has no unit; units belong to distances");
	}
}

void lower_modifiers(model *m)
{
	/* evaluated on every resolution of a table that lists them */
	rtab_modifier *mods = m->modifiers_built;
	for (size_t i = 0; i < m->rs.nmodifiers; i++) {
		fold_expr(m, &mods[i].condition);
		fold_expr(m, &mods[i].value);
	}
}
