/* SPDX-License-Identifier: MIT */
/* The declarations the rest is written in: the ruleset header, enums, dice,
 * inputs and kinds of effect. */
#include "check/passes/sema_decls.h"

#include "check/passes/body.h"
#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/passes/sema_exact.h"
#include "check/passes/sema_expr.h"
#include "check/passes/sema_list.h"
#include "check/passes/units.h"
#include "check/names/unknown.h"

#include <string.h>

/* The ruleset's id names the generated files and C symbols. */
#define MAX_RULESET_ID 200

void resolve_ruleset(model *m)
{
	const ast_def *d = m->ruleset_def;
	const ast_stmt *locales = NULL, *exact = NULL;

	m->rs.id = d ? arena_strdup(&m->arena, d->id) : "unnamed";
	m->rs.data_version = RTAB_DATA_VERSION;
	if (!d)
		return;
	m->rs.rule = arena_strdup(&m->arena, d->rule);
	if (strlen(d->id) > MAX_RULESET_ID)
		check_report(m, CHECK_LIMITS, d->id_loc,
			     "the ruleset id is %zu characters long; at most %d, for it names the generated files",
			     strlen(d->id), MAX_RULESET_ID);
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind == ST_LOCALES) {
			if (locales) {
				check_report(m, CHECK_DUPLICATE, s->loc, "the locales are declared twice");
				check_note(m, locales->loc, "first declared here");
				continue;
			}
			locales = s;
		} else if (s->kind == ST_EXACT) {
			resolve_exact(m, s, &exact);
		} else if (s->kind != ST_LABEL && s->kind != ST_UNIT) {
			report_misplaced(m, s, "the ruleset header");
		}
	}
	if (!locales) {
		check_report(m, CHECK_SYNTAX_ORDER, d->loc,
			     "ruleset '%s' declares no locales; add: locales en;", d->id);
		resolve_units(m, d->body);
		return;
	}
	size_t n = 0;
	for (const ast_id *i = locales->ids; i; i = i->next)
		n++;
	const char **names = model_array(m, n, sizeof *names);
	for (const ast_id *i = locales->ids; i; i = i->next) {
		bool dup = false;
		for (size_t j = 0; j < m->rs.nlocales; j++)
			dup |= strcmp(names[j], i->id) == 0;
		if (dup) {
			check_report(m, CHECK_DUPLICATE, i->loc, "locale '%s' is listed twice", i->id);
			continue;
		}
		if (m->rs.nlocales == UINT8_MAX) {
			check_report(m, CHECK_LIMITS, i->loc, "too many locales (at most %d)", UINT8_MAX);
			break;
		}
		names[m->rs.nlocales++] = arena_strdup(&m->arena, i->id);
	}
	m->rs.locales = names;
	m->rs.rules = read_rule_refs(m, d, "ruleset", &m->rs.rule);
	/* After the locales: a unit's words are given per locale. */
	resolve_units(m, d->body);
}

void resolve_enums(model *m)
{
	rtab_enum *enums = model_array(m, m->ndefs[DEF_ENUM], sizeof *enums);
	m->rs.enums = enums;
	m->rs.nenums = (uint16_t)m->ndefs[DEF_ENUM];
	m->enum_values = xcalloc(m->ndefs[DEF_ENUM] ? m->ndefs[DEF_ENUM] : 1, sizeof *m->enum_values);
	for (size_t i = 0; i < m->ndefs[DEF_ENUM]; i++) {
		const ast_def *d = m->defs[DEF_ENUM][i];
		rtab_enum *e = &enums[i];
		bool full = false;

		def_head(m, d, "enum", &e->id, &e->labels, &e->rule, &e->rules);
		size_t n = count_stmts(d->body, ST_VALUE);
		rtab_enum_value *values = model_array(m, n ? n : 1, sizeof *values);
		e->values = values;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (s->kind == ST_LABEL)
				continue;
			if (s->kind != ST_VALUE) {
				report_misplaced(m, s, "an enum");
				continue;
			}
			if (full || !item_room(m, e->nvalues, s->name_loc, "values", "enum", d->id)) {
				full = true;
				continue;
			}
			int prev = idmap_get(&m->enum_values[i], s->name);
			if (prev >= 0) {
				check_report(m, CHECK_DUPLICATE, s->name_loc,
					     "enum '%s' lists the value '%s' twice", d->id, s->name);
				continue;
			}
			for (const ast_stmt *b = s->body; b; b = b->next)
				if (b->kind != ST_LABEL && b->kind != ST_PROVISIONAL)
					report_misplaced(m, b, "an enum value");
			values[e->nvalues].provisional = block_provisional(m, s->body);
			values[e->nvalues].id = arena_strdup(&m->arena, s->name);
			idmap_put(&m->enum_values[i], values[e->nvalues].id, e->nvalues);
			values[e->nvalues].labels =
				read_labels(m, s->body, "enum value", s->name, s->name_loc, true);
			e->nvalues++;
		}
		if (e->nvalues == 0 && !d->damaged)
			check_report(m, CHECK_BAD_RANGE, d->id_loc, "enum '%s' has no values", d->id);
	}
}

/* The domain of a declared type; false if the type is unknown. */
static bool resolve_type(model *m, const ast_type *t, rtab_type_kind *kind, int *enum_index,
			 int64_t *lo, int64_t *hi)
{
	*enum_index = -1;
	switch (t->kind) {
	case TY_LIST:
		/* Lists are inputs only (their fields have plain types): resolved in sema_list.c. */
		return false;
	case TY_BOOL:
		*kind = RTAB_TYPE_BOOL;
		*lo = 0;
		*hi = 1;
		return true;
	case TY_INT:
		*kind = RTAB_TYPE_INT;
		*lo = t->lo;
		*hi = t->hi;
		if (t->lo > t->hi) {
			check_report(m, CHECK_BAD_RANGE, t->loc,
				     "the range %lld..%lld is empty; write the low end first",
				     (long long)t->lo, (long long)t->hi);
			return false;
		}
		return true;
	case TY_NUMBER:
		check_report(m, CHECK_TYPE, t->loc,
			     "an exact number is the type of an input only; a parameter is an int or an enum");
		return false;
	case TY_NAMED:
		*kind = RTAB_TYPE_ENUM;
		*enum_index = model_find(m, DEF_ENUM, t->name);
		model_use(m, DEF_ENUM, *enum_index);
		if (*enum_index < 0) {
			report_unknown(m, t->loc, "type (an enum, bool or int)", t->name,
				       def_names(m, DEF_ENUM), m->ndefs[DEF_ENUM], sizeof(char *));
			return false;
		}
		*lo = 0;
		*hi = m->rs.enums[*enum_index].nvalues - 1;
		return true;
	}
	return false;
}

/* A default outside the domain, the domain as written ('int >= 0': below 0). */
static void report_default_outside(model *m, src_loc loc, int64_t def, int64_t lo, int64_t hi)
{
	if (def < lo && int_open_above(hi))
		check_report(m, CHECK_BAD_RANGE, loc, "the default %lld lies below %lld, the least value of the input",
			     (long long)def, (long long)lo);
	else if (def > hi && int_open_below(lo))
		check_report(m, CHECK_BAD_RANGE, loc,
			     "the default %lld lies above %lld, the greatest value of the input", (long long)def,
			     (long long)hi);
	else
		check_report(m, CHECK_BAD_RANGE, loc, "the default %lld lies outside %lld..%lld",
			     (long long)def, (long long)lo, (long long)hi);
}

void resolve_inputs(model *m)
{
	rtab_input *inputs = model_array(m, m->ndefs[DEF_INPUT], sizeof *inputs);
	m->rs.inputs = inputs;
	m->rs.ninputs = (uint16_t)m->ndefs[DEF_INPUT];
	for (size_t i = 0; i < m->ndefs[DEF_INPUT]; i++) {
		const ast_def *d = m->defs[DEF_INPUT][i];
		rtab_input *in = &inputs[i];
		rtab_type_kind kind = RTAB_TYPE_INT;
		int enum_index;
		int64_t lo = 0, hi = 0, def;
		bool list_done;

		if (!list_resolve_input(m, i, in, &list_done))
			m->bad[DEF_INPUT][i] = true;
		if (!list_done || d->list_item <= 1)
			in->unit = units_of_type(m, &d->type, "input", d->id);
		else if (d->type.unit) /* a later item: as the first, reported there */
			in->unit = arena_strdup(&m->arena, d->type.unit);
		if (list_done)
			continue;
		if (!d->list_of) {
			def_head(m, d, "input", &in->id, &in->labels, &in->rule, &in->rules);
			for (const ast_stmt *s = d->body; s; s = s->next)
				if (s->kind != ST_LABEL && s->kind != ST_PROVISIONAL)
					report_misplaced(m, s, "an input");
			in->provisional = block_provisional(m, d->body);
		}
		if (d->type.kind == TY_NUMBER) {
			if (!resolve_number_type(m, &d->type, in)) {
				m->bad[DEF_INPUT][i] = true;
				continue;
			}
			in->default_value = in->min <= 0 && in->max >= 0 ? 0 : in->min;
			if (d->init) {
				ast_arg a = {.kind = d->init->kind == EX_DECIMAL ? ARG_DECIMAL : ARG_INT,
					     .loc = d->init->loc, .num = d->init->num};
				int64_t v;
				if (d->init->kind != EX_DECIMAL && d->init->kind != EX_INT)
					check_report(m, CHECK_TYPE, d->init->loc,
						     "a default must be a constant number");
				else if (input_number_arg(m, in, &a, in->id, &v))
					in->default_value = (int32_t)v;
			}
			continue;
		}
		if (!resolve_type(m, &d->type, &kind, &enum_index, &lo, &hi)) {
			m->bad[DEF_INPUT][i] = true;
			continue;
		}
		in->type = (uint8_t)kind;
		in->enum_index = (int16_t)enum_index;
		in->min = (int32_t)lo;
		in->max = (int32_t)hi;
		def = kind == RTAB_TYPE_INT && lo <= 0 && hi >= 0 ? 0 : lo;
		if (d->init && const_value(m, d->init, kind, enum_index, &def) &&
		    (def < lo || def > hi))
			report_default_outside(m, d->init->loc, def, lo, hi);
		in->default_value = (int32_t)def;
	}
}

void resolve_dice(model *m)
{
	m->dice_cap = m->ndefs[DEF_DICE] + 8;
	m->dice = xcalloc(m->dice_cap, sizeof *m->dice);
	rtab_dice *dice = m->dice;
	m->rs.dice = dice;
	m->rs.ndice = (uint16_t)m->ndefs[DEF_DICE];
	for (size_t i = 0; i < m->ndefs[DEF_DICE]; i++) {
		const ast_def *d = m->defs[DEF_DICE][i];
		rtab_dice *dc = &dice[i];
		size_t n = 0, total = 0;

		dc->id = arena_strdup(&m->arena, d->id);
		dc->rules = read_rule_refs(m, d, "dice", &dc->rule);
		dc->provisional = block_provisional(m, d->body);
		for (const ast_dice_group *g = d->dice; g; g = g->next)
			n++;
		rtab_die_group *groups = model_array(m, n, sizeof *groups);
		dc->groups = groups;
		for (const ast_dice_group *g = d->dice; g; g = g->next) {
			int64_t lo = g->has_faces ? g->face_lo : 1;
			int64_t hi = g->has_faces ? g->face_hi : g->sides;
			if (g->count < 0 || g->sides < 0) { /* the lexer reported the literal */
				m->bad[DEF_DICE][i] = true;
				break;
			}
			if (g->count < 1 || g->sides < 2) {
				check_report(m, CHECK_BAD_RANGE, g->loc,
					     "%lldd%lld is not a roll; use at least one die of two or more sides",
					     (long long)g->count, (long long)g->sides);
				continue;
			}
			if (hi - lo + 1 != g->sides) {
				check_report(m, CHECK_BAD_RANGE, g->loc,
					     "faces %lld..%lld make %lld faces, but the die has %lld",
					     (long long)lo, (long long)hi, (long long)(hi - lo + 1),
					     (long long)g->sides);
				continue;
			}
			total += (size_t)g->count;
			/* Every literal the lexer let through is held or reported here. */
			if (total > RTAB_MAX_FACES || hi > INT16_MAX || lo < -INT16_MAX) {
				check_report(m, CHECK_LIMITS, g->loc,
					     "%lldd%lld: too many dice or faces; at most %d dice in all, with faces within +-%d",
					     (long long)g->count, (long long)g->sides, RTAB_MAX_FACES,
					     INT16_MAX);
				m->bad[DEF_DICE][i] = true;
				break;
			}
			groups[dc->ngroups].count = (uint8_t)g->count;
			groups[dc->ngroups].face_min = (int16_t)lo;
			groups[dc->ngroups].face_max = (int16_t)hi;
			dc->ngroups++;
			dc->nfaces = (uint8_t)total;
			dc->min += (int32_t)(g->count * lo);
			dc->max += (int32_t)(g->count * hi);
		}
	}
}

void resolve_effect_kinds(model *m)
{
	rtab_effect_kind *kinds = model_array(m, m->ndefs[DEF_EFFECT], sizeof *kinds);
	m->rs.effect_kinds = kinds;
	m->rs.neffect_kinds = (uint16_t)m->ndefs[DEF_EFFECT];
	for (size_t i = 0; i < m->ndefs[DEF_EFFECT]; i++) {
		const ast_def *d = m->defs[DEF_EFFECT][i];
		rtab_effect_kind *k = &kinds[i];
		size_t n = 0;

		def_head(m, d, "effect", &k->id, &k->labels, &k->rule, &k->rules);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind != ST_LABEL)
				report_misplaced(m, s, "an effect declaration");
		for (const ast_param *p = d->params; p; p = p->next)
			n++;
		rtab_param *params = model_array(m, n ? n : 1, sizeof *params);
		k->params = params;
		for (const ast_param *p = d->params; p; p = p->next) {
			rtab_type_kind kind;
			int enum_index;
			int64_t lo, hi;
			if (k->nparams == RTAB_MAX_ARGS) {
				check_report(m, CHECK_LIMITS, p->loc,
					     "effect '%s' has too many parameters (at most %d)", d->id,
					     RTAB_MAX_ARGS);
				break;
			}
			for (const ast_param *q = d->params; q != p; q = q->next)
				if (strcmp(q->id, p->id) == 0)
					check_report(m, CHECK_DUPLICATE, p->loc,
						     "effect '%s' has two parameters named '%s'", d->id,
						     p->id);
			if (!resolve_type(m, &p->type, &kind, &enum_index, &lo, &hi))
				enum_index = -1;
			if (kind == RTAB_TYPE_BOOL)
				check_report(m, CHECK_TYPE, p->type.loc,
					     "effect parameters are enums or int; use an enum for '%s'",
					     p->id);
			params[k->nparams].id = arena_strdup(&m->arena, p->id);
			params[k->nparams].enum_index = (int16_t)enum_index;
			params[k->nparams].unit = units_of_type(m, &p->type, "parameter", p->id);
			k->nparams++;
		}
	}
}
