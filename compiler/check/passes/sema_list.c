/* SPDX-License-Identifier: MIT */
/*
 * List inputs: 'input units: list 1..16 of { rank_bonus: int 0..10 = 0; ... }'.
 *
 * A list is lowered to plain inputs (see rtab_input in rtab.h): its length,
 * then one input per field of each item, "units[2].rank_bonus". The
 * aggregates that read a list (max, sum, any, count...) are compiled in
 * sema_expr.c; here the inputs are made and resolved.
 */
#include "check/passes/sema_list.h"

#include "check/passes/body.h"
#include "check/checks.h"
#include "check/names/list_names.h"
#include "check/passes/sema_expr.h"

#include <stdio.h>
#include <string.h>

/* The items and fields expanded for a list input (at most the limits; larger ones are reported). */
static void list_shape(const ast_def *d, size_t *items, size_t *fields)
{
	size_t n = 0;
	for (const ast_param *f = d->params; f; f = f->next)
		n++;
	*fields = n > RTAB_MAX_LIST_FIELDS ? RTAB_MAX_LIST_FIELDS : n;
	int64_t hi = d->type.hi;
	*items = hi < 0 || d->type.lo > hi ? 0 : hi > RTAB_MAX_LIST ? RTAB_MAX_LIST : (size_t)hi;
}

size_t list_input_count(const ast_def *d)
{
	size_t items, fields;
	if (d->kind != DEF_INPUT || d->type.kind != TY_LIST)
		return 1;
	list_shape(d, &items, &fields);
	return 1 + items * fields;
}

ast_def *list_item_defs(model *m, const ast_def *d, size_t *n)
{
	size_t items, fields;
	*n = 0;
	if (d->kind != DEF_INPUT || d->type.kind != TY_LIST)
		return NULL;
	list_shape(d, &items, &fields);
	if (items * fields == 0)
		return NULL;
	ast_def *defs = model_array(m, items * fields, sizeof *defs);
	const char **names = model_array(m, fields, sizeof *names);
	size_t k = 0;
	for (const ast_param *f = d->params; f && k < fields; f = f->next, k++) {
		size_t len = strlen(d->id) + strlen(f->id) + 2;
		char *name = model_array(m, len, 1);
		snprintf(name, len, "%s.%s", d->id, f->id);
		names[k] = name;
	}
	for (size_t i = 1; i <= items; i++) {
		k = 0;
		for (const ast_param *f = d->params; f && k < fields; f = f->next, k++) {
			ast_def *s = &defs[(*n)++];
			s->list_name = names[k];
			size_t len = strlen(d->id) + strlen(f->id) + 32;
			char *id = model_array(m, len, 1);
			snprintf(id, len, "%s[%zu].%s", d->id, i, f->id);
			s->kind = DEF_INPUT;
			s->loc = f->loc;
			s->id = id;
			s->id_loc = f->loc;
			s->rule = d->rule;
			s->body = f->body;
			s->type = f->type;
			s->init = f->init;
			s->damaged = d->damaged;
			s->list_of = d;
			s->list_item = (int)i;
			s->list_field = f;
		}
	}
	return defs;
}

/* "Units 2: rank bonus", per locale (a locale either lacks stays NULL). */
static rtab_labels item_labels(model *m, rtab_labels list, rtab_labels field, int item)
{
	size_t n = m->rs.nlocales;
	const char **labels = model_array(m, n ? n : 1, sizeof *labels);
	for (size_t l = 0; l < n; l++) {
		if (!list || !field || !list[l] || !field[l])
			continue;
		size_t len = strlen(list[l]) + strlen(field[l]) + 32;
		char *s = model_array(m, len, 1);
		snprintf(s, len, "%s %d: %s", list[l], item, field[l]);
		labels[l] = s;
	}
	return labels;
}

/* The length input of a list: an int within LO..HI; false when the list is malformed. */
static bool resolve_length(model *m, const ast_def *d, rtab_input *in)
{
	const ast_type *t = &d->type;
	bool ok = true;
	if (t->lo > t->hi || t->lo < 0) {
		check_report(m, CHECK_BAD_RANGE, t->loc,
			     "a list holds LO..HI items, 0 <= LO <= HI; %lld..%lld is not that",
			     (long long)t->lo, (long long)t->hi);
		ok = false;
	} else if (t->hi > RTAB_MAX_LIST) {
		check_report(m, CHECK_LIMITS, t->loc,
			     "list '%s' holds up to %lld items; a list holds at most %d", d->id,
			     (long long)t->hi, RTAB_MAX_LIST);
		ok = false;
	}
	size_t nfields = 0;
	for (const ast_param *f = d->params; f; f = f->next, nfields++) {
		for (const ast_param *g = d->params; g != f; g = g->next)
			if (strcmp(g->id, f->id) == 0) {
				check_report(m, CHECK_DUPLICATE, f->loc,
					     "list '%s' has a second field '%s'", d->id, f->id);
				check_note(m, g->loc, "the first '%s' is here", f->id);
				ok = false;
				break;
			}
	}
	if (nfields == 0) {
		check_report(m, CHECK_MISSING, d->id_loc,
			     "list '%s' has no fields; write list LO..HI of { FIELD: TYPE; ... }",
			     d->id);
		ok = false;
	} else if (nfields > RTAB_MAX_LIST_FIELDS) {
		check_report(m, CHECK_LIMITS, d->id_loc,
			     "list '%s' has %zu fields; an item holds at most %d", d->id, nfields,
			     RTAB_MAX_LIST_FIELDS);
		ok = false;
	}
	in->type = RTAB_TYPE_INT;
	in->enum_index = -1;
	in->min = (int32_t)(t->lo < 0 ? 0 : t->lo);
	in->max = (int32_t)(t->hi > RTAB_MAX_LIST ? RTAB_MAX_LIST : t->hi < in->min ? in->min : t->hi);
	in->list_role = RTAB_LIST_LENGTH;
	in->list_length = -1;
	int64_t def = in->min;
	if (d->init && const_value(m, d->init, RTAB_TYPE_INT, -1, &def) &&
	    (def < t->lo || def > t->hi)) {
		check_report(m, CHECK_BAD_RANGE, d->init->loc,
			     "the default length %lld lies outside %lld..%lld", (long long)def,
			     (long long)t->lo, (long long)t->hi);
		ok = false;
	}
	in->default_value = (int32_t)def;
	return ok;
}

bool list_resolve_input(model *m, size_t i, rtab_input *in, bool *handled)
{
	const ast_def *d = m->defs[DEF_INPUT][i];
	*handled = true;
	if (d->type.kind == TY_LIST) {
		def_head(m, d, "input", &in->id, &in->labels, &in->rule, &in->rules);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind != ST_LABEL && s->kind != ST_PROVISIONAL)
				report_misplaced(m, s, "an input");
		in->provisional = block_provisional(m, d->body);
		return resolve_length(m, d, in);
	}
	if (!d->list_of) {
		*handled = false;
		return true;
	}
	/* One field of one item: labels composed from the list's and the field's;
	 * the field's own reason (the list's is its length's). Its type is resolved by the caller. */
	int list = model_find(m, DEF_INPUT, d->list_of->id);
	in->id = arena_strdup(&m->arena, d->id);
	in->rule = arena_strdup(&m->arena, d->rule);
	in->rules = list >= 0 ? m->rs.inputs[list].rules : NULL;
	rtab_labels field = read_labels(m, d->body, "list field", d->list_field->id, d->id_loc,
					d->list_item == 1);
	in->labels = item_labels(m, list >= 0 ? m->rs.inputs[list].labels : NULL, field,
				 d->list_item);
	if (d->list_item == 1)
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind != ST_LABEL && s->kind != ST_PROVISIONAL)
				report_misplaced(m, s, "a list field");
	in->provisional = block_provisional(m, d->body);
	in->list_role = RTAB_LIST_FIELD;
	in->list_length = (int16_t)list;
	in->list_item = (uint16_t)d->list_item;
	in->list_field = arena_strdup(&m->arena, d->list_field->id);
	int first = d->list_item > 1 && list >= 0 ? list_field_input(m, list, d->list_field->id, 1) : -1;
	if (first < 0) {
		*handled = false; /* the caller resolves its type and default as for any input */
		return true;
	}
	/* Later items are as the first: its type and default, reported once. */
	const rtab_input *one = &m->rs.inputs[first];
	in->type = one->type;
	in->enum_index = one->enum_index;
	in->min = one->min;
	in->max = one->max;
	in->default_value = one->default_value;
	return !m->bad[DEF_INPUT][first];
}
