/* SPDX-License-Identifier: MIT */
/* Outcomes: their effects and the triggers they list. */
#include "check/passes/sema_outcomes.h"

#include "check/passes/body.h"
#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/proofs/open_inputs.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_defs.h"
#include "check/passes/sema_exact.h"
#include "check/passes/sema_expr.h"
#include "check/passes/units.h"

#include <string.h>

static void resolve_effect(model *m, const ast_def *d, const ast_stmt *s, rtab_effect *eff)
{
	int k = resolve_def(m, DEF_EFFECT, s->name, s->name_loc);
	size_t nargs = 0;
	const rtab_effect_kind *kind;

	if (k < 0)
		return;
	kind = &m->rs.effect_kinds[k];
	for (const ast_arg *a = s->args; a; a = a->next)
		nargs++;
	if (nargs != kind->nparams) {
		check_report(m, CHECK_EFFECT_ARGS, s->name_loc,
			     "effect '%s' takes %u argument%s, but outcome '%s' gives %zu", kind->id,
			     kind->nparams, kind->nparams == 1 ? "" : "s", d->id, nargs);
		check_note(m, m->defs[DEF_EFFECT][k]->id_loc, "'%s' is declared here", kind->id);
		return;
	}
	int32_t *args = model_array(m, nargs ? nargs : 1, sizeof *args);
	size_t i = 0;
	for (const ast_arg *a = s->args; a; a = a->next, i++) {
		const rtab_param *p = &kind->params[i];
		if (p->enum_index < 0) {
			if (a->kind != ARG_INT)
				check_report(m, CHECK_EFFECT_ARGS, a->loc,
					     "parameter '%s' of effect '%s' is an integer, not '%s'",
					     p->id, kind->id, a->name);
			args[i] = (int32_t)units_effect_arg(m, a, p, kind->id);
		} else if (a->kind != ARG_NAME) {
			check_report(m, CHECK_EFFECT_ARGS, a->loc,
				     "parameter '%s' of effect '%s' takes a value of enum '%s', not a number",
				     p->id, kind->id, m->rs.enums[p->enum_index].id);
		} else {
			int v = resolve_enum_value(m, p->enum_index, a->name, a->loc);
			args[i] = v < 0 ? 0 : v;
		}
	}
	eff->kind = (uint16_t)k;
	eff->nargs = (uint8_t)nargs;
	eff->args = args;
}

/* 'trigger NAME(INPUT = EXPR, ...)': the situation passed on. */
/*
 * 'x = repeat' (the repeat's number, 1..N) and 'x = earlier OUTCOME' (whether
 * an earlier repeat gave OUTCOME) in a trigger repeated 'times N': true when
 * the set is one of them (reported if wrong), its value the first repeat's.
 */
static bool per_repeat_set(model *m, const ast_stmt *s, const ast_arg *a, const rtab_input *ip,
			   rtab_trigger_set *st)
{
	bool repeat = a->kind == ARG_NAME && !a->unit && strcmp(a->name, "repeat") == 0 &&
		      rtab_find_input(&m->rs, "repeat") < 0;
	if (a->kind != ARG_NAME || (!repeat && !a->unit))
		return false;
	if (a->unit && strcmp(a->name, "earlier") != 0) {
		check_report(m, CHECK_TYPE, a->loc,
			     "'%s %s' is no value of input '%s'; a trigger repeated 'times N' passes "
			     "on 'earlier OUTCOME' (whether an earlier repeat gave it) or 'repeat'",
			     a->name, a->unit, a->key);
		return true;
	}
	if (!s->times)
		check_report(m, CHECK_TYPE, a->loc,
			     "'%s' needs repeats: the trigger has no 'times N'; add one, or pass a value",
			     repeat ? "repeat" : "earlier");
	rtab_instr *ins = model_array(m, 1, sizeof *ins);
	ins->op = RTAB_OP_CONST;
	st->value = (rtab_expr){1, ins, NULL};
	if (repeat) {
		if (ip->type != RTAB_TYPE_INT || ip->min > 1 || ip->max < 1)
			check_report(m, CHECK_TYPE, a->loc,
				     "input '%s' cannot count repeats: 'repeat' is 1, 2, ... N; give it "
				     "an int domain from 1 (e.g. 'int 1..6')", a->key);
		ins->arg = 1;
		st->each = RTAB_SET_REPEAT;
		return true;
	}
	int o = resolve_def(m, DEF_OUTCOME, a->unit, a->unit_loc);
	if (ip->type != RTAB_TYPE_BOOL)
		check_report(m, CHECK_TYPE, a->loc,
			     "input '%s' is no bool: 'earlier %s' is true or false", a->key, a->unit);
	ins->arg = 0;
	st->each = RTAB_SET_EARLIER;
	st->earlier = o >= 0 ? (uint16_t)o : 0;
	return true;
}

static void resolve_trigger_sets(model *m, const ast_stmt *s, rtab_trigger *tr)
{
	size_t n = 0;
	for (const ast_arg *a = s->args; a; a = a->next)
		n++;
	if (n > RTAB_MAX_SETS) {
		check_report(m, CHECK_LIMITS, s->loc, "a trigger passes on at most %d inputs",
			     RTAB_MAX_SETS);
		return;
	}
	rtab_trigger_set *sets = model_array(m, n ? n : 1, sizeof *sets);
	tr->sets = sets;
	for (const ast_arg *a = s->args; a; a = a->next) {
		int in = resolve_def(m, DEF_INPUT, a->key, a->key_loc);
		if (in < 0)
			continue;
		for (size_t j = 0; j < tr->nsets; j++)
			if (sets[j].input == in)
				check_report(m, CHECK_DUPLICATE, a->key_loc,
					     "the trigger sets input '%s' twice", a->key);
		const rtab_input *ip = &m->rs.inputs[in];
		rtab_trigger_set *st = &sets[tr->nsets++];
		st->input = (uint16_t)in;
		if (per_repeat_set(m, s, a, ip, st))
			continue;
		if (a->kind == ARG_NAME && ip->type == RTAB_TYPE_ENUM &&
		    rtab_find_enum_value(&m->rs.enums[ip->enum_index], a->name) >= 0) {
			/* A value of the input's enum. */
			int v = rtab_find_enum_value(&m->rs.enums[ip->enum_index], a->name);
			rtab_instr *ins = model_array(m, 1, sizeof *ins);
			ins->op = RTAB_OP_CONST;
			ins->arg = v;
			st->value = (rtab_expr){1, ins, NULL};
			continue;
		}
		if (a->kind == ARG_NAME) {
			/* Another input of the same type: its value in the triggering situation. */
			int from = resolve_def(m, DEF_INPUT, a->name, a->loc);
			if (from < 0)
				continue;
			const rtab_input *fp = &m->rs.inputs[from];
			if (fp->type != ip->type || fp->enum_index != ip->enum_index ||
			    (fp->step > 0) != (ip->step > 0))
				check_report(m, CHECK_TYPE, a->loc,
					     "input '%s' is not of the type of '%s'", a->name, a->key);
			rtab_instr *ins = model_array(m, 1, sizeof *ins);
			ins->op = RTAB_OP_INPUT;
			ins->arg = from;
			st->value = (rtab_expr){1, ins, NULL};
			continue;
		}
		int64_t v = 0;
		input_number_arg(m, ip, a, a->key, &v);
		rtab_instr *ins = model_array(m, 1, sizeof *ins);
		ins->op = RTAB_OP_CONST;
		ins->arg = (int32_t)v;
		st->value = (rtab_expr){1, ins, NULL};
	}
}

/* A result holds at most RTAB_MAX_TRIGGERS triggers and the runtime refuses
 * a negative count: both are proven here from the bounds of 'times', so
 * that no situation fails at run time for want of room. listed counts the
 * most triggers the outcome can list up to s; it is reported once. */
static void check_times(model *m, const ast_def *d, const ast_stmt *s, const expr_type *t,
			const rtab_expr *times, int64_t *listed)
{
	int64_t before = *listed;
	if (s->times && t->lo < 0) {
		check_report(m, CHECK_LIMITS, s->times->loc,
			     "'times' can be %lld here, and a trigger cannot be resolved a negative "
			     "number of times; bound it, e.g. 'times max(0, ...)'",
			     (long long)t->lo);
		note_open_inputs(m, CHECK_LIMITS, times, 1);
	}
	*listed += s->times ? (t->hi > 0 ? t->hi : 0) : 1;
	if (before > RTAB_MAX_TRIGGERS || *listed <= RTAB_MAX_TRIGGERS)
		return;
	if (s->times && s->times->kind == EX_INT && before == 0)
		check_report(m, CHECK_LIMITS, s->times->loc,
			     "'times %lld' lists the target more than the %d times a result holds; "
			     "resolve it at most %d times",
			     (long long)s->times->num, RTAB_MAX_TRIGGERS, RTAB_MAX_TRIGGERS);
	else {
		check_report(m, CHECK_LIMITS, s->times ? s->times->loc : s->loc,
			     "outcome '%s' can list %lld triggers by here, more than the %d a result "
			     "holds; bound the 'times' of its triggers (e.g. 'times min(N, ...)')",
			     d->id, (long long)*listed, RTAB_MAX_TRIGGERS);
		if (s->times)
			note_open_inputs(m, CHECK_LIMITS, times, 1);
	}
}

void resolve_outcomes(model *m)
{
	rtab_outcome *outs = model_array(m, m->ndefs[DEF_OUTCOME], sizeof *outs);
	m->rs.outcomes = m->outcomes_built = outs;
	m->rs.noutcomes = (uint16_t)m->ndefs[DEF_OUTCOME];
	for (size_t i = 0; i < m->ndefs[DEF_OUTCOME]; i++) {
		const ast_def *d = m->defs[DEF_OUTCOME][i];
		rtab_outcome *o = &outs[i];
		size_t ne = 0, nt = 0;
		int64_t listed = 0; /* the most triggers the outcome can list so far */

		def_head(m, d, "outcome", &o->id, &o->labels, &o->rule, &o->rules);
		for (const ast_stmt *s = d->body; s; s = s->next) {
			ne += s->kind == ST_EFFECT || s->kind == ST_VALUE;
			nt += s->kind == ST_TRIGGER;
		}
		rtab_effect *effects = model_array(m, ne ? ne : 1, sizeof *effects);
		rtab_trigger *triggers = model_array(m, nt ? nt : 1, sizeof *triggers);
		o->effects = effects;
		o->triggers = triggers;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			switch (s->kind) {
			case ST_LABEL:
				break;
			case ST_EFFECT:
			case ST_VALUE: /* a bare name is an effect without arguments */
				if (s->body)
					report_misplaced(m, s, "an outcome");
				if (item_room(m, o->neffects, s->loc, "effects", "outcome", d->id))
					resolve_effect(m, d, s, &effects[o->neffects++]);
				break;
			case ST_TRIGGER: {
				rtab_trigger *tr = &triggers[o->ntriggers];
				expr_type t;
				if (!resolve_target(m, s->name, s->name_loc, &tr->target))
					break;
				if (s->expr)
					compile_expr(m, s->expr, RTAB_TYPE_BOOL, &tr->unless, &t);
				if (!s->times)
					check_times(m, d, s, &t, NULL, &listed);
				else if (compile_expr_as(m, s->times, RTAB_TYPE_INT, &tr->times, &t,
							 "a 'times' count"))
					check_times(m, d, s, &t, &tr->times, &listed);
				resolve_trigger_sets(m, s, tr);
				tr->rules = part_rule_refs(m, s->rule ? s->rule : d->rule, &tr->rule);
				tr->provisional = arena_strdup(&m->arena, s->text);
				o->ntriggers++;
				break;
			}
			case ST_CODE:
				/* Grids read it too (resolve_outcome_or_code); a second
				 * code is reported by check_outcome_codes. */
				if (s->ids && !o->code)
					o->code = arena_strdup(&m->arena, s->ids->id);
				break;
			default:
				report_misplaced(m, s, "an outcome");
			}
		}
	}
}
