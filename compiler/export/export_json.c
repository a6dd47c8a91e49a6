/* SPDX-License-Identifier: MIT */
/*
 * JSON export: the lowered ruleset, walked field by field through the
 * descriptions gen_fields.py makes of runtime/rtab.h. Every field of every
 * structure appears under its C name; indices keep their runtime meaning
 * (a program's "input 3" is inputs[3]) and gain an "<field>_id" beside
 * them; readable forms (expressions as written, ranges as printed, matrix
 * cells by key) are added next to the data. docs/export-schema.json
 * describes the result.
 */
#include "export/export.h"
#include "export/export_views.h"
#include "base/escape.h"
#include "base/json.h"
#include "front/key_kinds.h"

#include "rtab_fields.h"
#include "text/value_text.h"
#include "front/stackings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT_JSON_VERSION 1

/* Where a structure sits: what its special lengths and readable forms need. */
typedef struct place {
	size_t table;  /* the table being walked, or SIZE_MAX */
	size_t index;  /* the element's index in its array */
} place;

static const place nowhere = {SIZE_MAX, 0};

static void walk(export_ctx *c, const char *type, const void *p, place w);

/* The writer of the export, begun by json_begin (the emitter's state). */
static json_writer *jw(export_ctx *c)
{
	return c->state;
}

static void key(export_ctx *c, const char *k)
{
	json_key(jw(c), k);
}

static void str(export_ctx *c, const char *s)
{
	json_put_string(jw(c), s);
}

/* A number exact at the ruleset's scale (12.5), as the source writes it;
 * false when it has no exact form. */
static bool put_exact(export_ctx *c, int32_t v)
{
	char num[32];
	if (rtab_format_exact(v, c->rs->scale, num, sizeof num) != RTAB_OK)
		return false;
	json_put_raw(jw(c), num, strlen(num));
	return true;
}

static int64_t scalar_at(field_kind k, const void *p)
{
	switch (k) {
	case FIELD_I8: return *(const int8_t *)p;
	case FIELD_U8: return *(const uint8_t *)p;
	case FIELD_I16: return *(const int16_t *)p;
	case FIELD_U16: return *(const uint16_t *)p;
	case FIELD_I32: return *(const int32_t *)p;
	case FIELD_U32: return *(const uint32_t *)p;
	case FIELD_I64: return *(const int64_t *)p;
	case FIELD_U64: return (int64_t)*(const uint64_t *)p;
	case FIELD_SIZE: return (int64_t)*(const size_t *)p;
	default: return 0;
	}
}

static bool is_scalar(field_kind k)
{
	return k <= FIELD_SIZE;
}

static field_kind scalar_kind(const char *type)
{
	static const struct {
		const char *name;
		field_kind kind;
	} names[] = {
		{"int8_t", FIELD_I8},   {"uint8_t", FIELD_U8},   {"int16_t", FIELD_I16},
		{"uint16_t", FIELD_U16}, {"int32_t", FIELD_I32}, {"uint32_t", FIELD_U32},
		{"int64_t", FIELD_I64}, {"uint64_t", FIELD_U64}, {"size_t", FIELD_SIZE},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (type && strcmp(type, names[i].name) == 0)
			return names[i].kind;
	return FIELD_PTR;
}

static size_t scalar_size(field_kind k)
{
	switch (k) {
	case FIELD_I8: case FIELD_U8: return 1;
	case FIELD_I16: case FIELD_U16: return 2;
	case FIELD_I32: case FIELD_U32: return 4;
	case FIELD_I64: case FIELD_U64: return 8;
	case FIELD_SIZE: return sizeof(size_t);
	default: return 0;
	}
}

static void labels(export_ctx *c, rtab_labels l)
{
	json_begin_object(jw(c));
	for (size_t i = 0; i < c->rs->nlocales; i++) {
		key(c, c->rs->locales[i]);
		str(c, l ? l[i] : NULL);
	}
	json_end_object(jw(c));
}

/* What an index field refers to: the id, or NULL when it refers to nothing. */
static const char *ref_id(const export_ctx *c, const char *type, const char *field, int64_t v,
			  const void *owner)
{
	const rtab_ruleset *rs = c->rs;
#define IS(t, f) (strcmp(type, t) == 0 && strcmp(field, f) == 0)
	if (v < 0)
		return NULL;
	if (IS("rtab_input", "enum_index") || IS("rtab_param", "enum_index") || IS("rtab_matrix", "dims"))
		return v < rs->nenums ? rs->enums[v].id : NULL;
	if (IS("rtab_table", "dice"))
		return v < rs->ndice ? rs->dice[v].id : NULL;
	if (IS("rtab_unit", "base"))
		return v < rs->nunits ? rs->units[v].id : NULL;
	if (IS("rtab_input", "list_length") && ((const rtab_input *)owner)->list_role != RTAB_LIST_FIELD)
		return NULL;
	if (IS("rtab_table", "column_input") || IS("rtab_transition", "input") ||
	    IS("rtab_trigger_set", "input") || IS("rtab_input", "list_length"))
		return v < rs->ninputs ? rs->inputs[v].id : NULL;
	if (IS("rtab_table", "modifiers") || IS("rtab_table", "shifts"))
		return v < rs->nmodifiers ? rs->modifiers[v].id : NULL;
	if (IS("rtab_table", "step"))
		return v < rs->nsteps ? rs->steps[v] : NULL;
	if (IS("rtab_modifier", "group"))
		return v < rs->ngroups ? rs->groups[v].id : NULL;
	if (IS("rtab_effect", "kind"))
		return v < rs->neffect_kinds ? rs->effect_kinds[v].id : NULL;
	if (IS("rtab_row", "outcome") || IS("rtab_natural_rule", "outcome") ||
	    IS("rtab_rewrite", "from") || IS("rtab_rewrite", "to") || IS("rtab_option", "outcome") ||
	    IS("rtab_procedure_step", "outcome") || IS("rtab_procedure", "otherwise") ||
	    IS("rtab_column", "automatic"))
		return v < rs->noutcomes ? rs->outcomes[v].id : NULL;
	if (IS("rtab_trigger_set", "earlier"))
		return ((const rtab_trigger_set *)owner)->each == RTAB_SET_EARLIER && v < rs->noutcomes
			       ? rs->outcomes[v].id : NULL;
	if (IS("rtab_outcome", "numeric"))
		return ((const rtab_outcome *)owner)->nvalues && v < rs->nnumeric_outcomes
			       ? rs->numeric_outcomes[v].id : NULL;
	if (IS("rtab_column", "below_row") || IS("rtab_column", "above_row") ||
	    IS("rtab_column", "row_of_roll")) {
		(void)owner;
		return NULL;
	}
#undef IS
	return NULL;
}

static bool has_ref(const char *type, const char *field)
{
	static const char *const refs[] = {
		"rtab_input.enum_index", "rtab_param.enum_index", "rtab_matrix.dims",
		"rtab_table.dice", "rtab_table.column_input", "rtab_transition.input", "rtab_trigger_set.input",
		"rtab_input.list_length",
		"rtab_table.modifiers", "rtab_table.step", "rtab_modifier.group",
		"rtab_effect.kind", "rtab_row.outcome", "rtab_natural_rule.outcome",
		"rtab_rewrite.from", "rtab_rewrite.to", "rtab_option.outcome",
		"rtab_procedure_step.outcome", "rtab_procedure.otherwise", "rtab_table.shifts",
		"rtab_column.automatic", "rtab_outcome.numeric", "rtab_unit.base", "rtab_trigger_set.earlier",
	};
	size_t n = strlen(type);
	for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
		if (strncmp(refs[i], type, n) == 0 && refs[i][n] == '.' && strcmp(refs[i] + n + 1, field) == 0)
			return true;
	return false;
}

/* The length of pointer field f of a structure of type `type` at p, or -1 when unknown. */
static int64_t length_of(const export_ctx *c, const struct_desc *sd, const field_desc *f,
			 const void *p, place w)
{
	const rtab_ruleset *rs = c->rs;
	char count[96];
	snprintf(count, sizeof count, "n%s", f->name);
	for (size_t i = 0; i < sd->nfields; i++)
		if (strcmp(sd->fields[i].name, count) == 0 && is_scalar(sd->fields[i].kind))
			return scalar_at(sd->fields[i].kind, (const char *)p + sd->fields[i].offset);
	if (strcmp(sd->name, "rtab_column") == 0 && strcmp(f->name, "row_of_roll") == 0 &&
	    w.table < rs->ntables)
		return (int64_t)rs->tables[w.table].roll_max - rs->tables[w.table].roll_min + 1;
	if (strcmp(sd->name, "rtab_table") == 0 && strcmp(f->name, "column_of_value") == 0)
		return (int64_t)rtab_table_nruns(rs, (size_t)((const rtab_table *)p - rs->tables));
	if (strcmp(sd->name, "rtab_table") == 0 && strcmp(f->name, "column_end_of_value") == 0)
		return ((const rtab_table *)p)->column_end_of_value
			       ? (int64_t)rtab_table_nruns(rs, (size_t)((const rtab_table *)p - rs->tables))
			       : 0;
	if (strcmp(sd->name, "rtab_matrix") == 0 &&
	    (strcmp(f->name, "cells") == 0 || strcmp(f->name, "provisional") == 0)) {
		const rtab_matrix *m = p;
		int64_t n = 1;
		for (size_t k = 0; k < m->ndims; k++)
			n *= rs->enums[m->dims[k]].nvalues;
		return n;
	}
	if (strcmp(sd->name, "rtab_band") == 0 && strcmp(f->name, "step_provisional") == 0)
		return ((const rtab_band *)p)->nsteps;
	if (strcmp(sd->name, "rtab_transition") == 0 &&
	    (strcmp(f->name, "next") == 0 || strcmp(f->name, "provisional") == 0)) {
		const rtab_transition *t = p;
		return rs->enums[rs->inputs[t->input].enum_index].nvalues;
	}
	return -1;
}

static bool unhandled_reported;

/* The narrow forms of rtab.h (row_of_roll8, cells8...): the export gives their content under
 * the wide field's name, whichever form holds it. */
static bool narrow_form(const char *type, const char *field)
{
	return (strcmp(type, "rtab_column") == 0 && strcmp(field, "row_of_roll8") == 0) ||
	       (strcmp(type, "rtab_table") == 0 &&
		(strcmp(field, "row_outcome8") == 0 || strcmp(field, "row_outcome16") == 0 ||
		 strcmp(field, "nrow_notes") == 0 || strcmp(field, "row_notes") == 0 ||
		 strcmp(field, "row_note") == 0)) ||
	       (strcmp(type, "rtab_matrix") == 0 &&
		(strcmp(field, "cells8") == 0 || strcmp(field, "cells16") == 0 ||
		 strcmp(field, "reason_of") == 0 || strcmp(field, "reasons") == 0)) ||
	       /* an expression's values folded for the runtime: the program is exported */
	       (strcmp(type, "rtab_expr") == 0 && strcmp(field, "fold") == 0) ||
	       /* the reasons' numbers of the generated C: the reasons are exported where they are */
	       (strcmp(type, "rtab_ruleset") == 0 &&
		(strcmp(field, "reason_text") == 0 || strcmp(field, "reason_text_size") == 0));
}

/* row_of_roll, a table's rows, a matrix's cells or provisional through the accessors of
 * rtab.h; false for any other field. */
static bool logical_array(export_ctx *c, const struct_desc *sd, const field_desc *f,
			  const void *p, int64_t n, place w)
{
	if (strcmp(sd->name, "rtab_table") == 0 && strcmp(f->name, "rows") == 0) {
		key(c, f->name);
		json_begin_array(jw(c));
		for (int64_t i = 0; i < n; i++) {
			rtab_row row = rtab_row_at(p, (size_t)i);
			place inner = w;
			inner.index = (size_t)i;
			walk(c, "rtab_row", &row, inner);
		}
		json_end_array(jw(c));
		return true;
	}
	if (strcmp(sd->name, "rtab_column") == 0 && strcmp(f->name, "row_of_roll") == 0) {
		const rtab_column *col = p;
		key(c, f->name);
		if (!rtab_column_rolls(col)) {
			json_put_null(jw(c));
			return true;
		}
		json_begin_array(jw(c));
		for (int64_t i = 0; i < n; i++)
			json_put_int(jw(c), rtab_column_row(col, (size_t)i));
		json_end_array(jw(c));
		return true;
	}
	if (strcmp(sd->name, "rtab_matrix") != 0)
		return false;
	const rtab_matrix *m = p;
	bool cells = strcmp(f->name, "cells") == 0;
	if (!cells && strcmp(f->name, "provisional") != 0)
		return false;
	key(c, f->name);
	if (cells ? !m->cells && !m->cells8 && !m->cells16 : !m->provisional && !m->reason_of) {
		json_put_null(jw(c));
		return true;
	}
	json_begin_array(jw(c));
	for (int64_t i = 0; i < n; i++) {
		if (cells)
			json_put_int(jw(c), rtab_matrix_cell(m, (size_t)i));
		else
			str(c, rtab_matrix_reason(m, (size_t)i));
	}
	json_end_array(jw(c));
	return true;
}

static void pointer_field(export_ctx *c, const struct_desc *sd, const field_desc *f, const void *p,
			  place w)
{
	const void *arr = *(const void *const *)((const char *)p + f->offset);
	int64_t n = length_of(c, sd, f, p, w);
	if (n >= 0 && logical_array(c, sd, f, p, n, w))
		return;
	key(c, f->name);
	if (n < 0) {
		/* A field added to rtab.h that the export does not know how to size. */
		json_put_null(jw(c));
		fprintf(stderr, "rtab export: note: field '%s.%s' has no known length and is left out\n",
			sd->name, f->name);
		unhandled_reported = true;
		return;
	}
	if (!arr) {
		if (n == 0) {
			json_begin_array(jw(c));
			json_end_array(jw(c));
		} else {
			json_put_null(jw(c));
		}
		return;
	}
	const struct_desc *elem = rtab_struct_desc(f->type);
	field_kind sk = scalar_kind(f->type);
	json_begin_array(jw(c));
	for (int64_t i = 0; i < n; i++) {
		if (elem) {
			place inner = w;
			inner.index = (size_t)i;
			walk(c, f->type, (const char *)arr + (size_t)i * elem->size, inner);
		} else if (sk != FIELD_PTR) {
			json_put_int(jw(c), scalar_at(sk, (const char *)arr + (size_t)i * scalar_size(sk)));
		} else {
			str(c, ((const char *const *)arr)[i]);
		}
	}
	json_end_array(jw(c));
	/* Ids beside an array of indices. */
	if (sk != FIELD_PTR && has_ref(sd->name, f->name)) {
		char k[96];
		snprintf(k, sizeof k, "%s_ids", f->name);
		key(c, k);
		json_begin_array(jw(c));
		for (int64_t i = 0; i < n; i++)
			str(c, ref_id(c, sd->name, f->name,
				      scalar_at(sk, (const char *)arr + (size_t)i * scalar_size(sk)), p));
		json_end_array(jw(c));
	}
}

static const char *rounding_name(uint8_t r)
{
	switch (r) {
	case RTAB_ROUND_EVENS: return "evens";
	case RTAB_ROUND_DOWN: return "down";
	case RTAB_ROUND_UP: return "up";
	case RTAB_ROUND_NEAREST: return "nearest";
	case RTAB_ROUND_LINEAR: return "linear, ties down";
	case RTAB_ROUND_LINEAR_UP: return "linear, ties up";
	case RTAB_ROUND_DOWN_STRICT: return "more than";
	}
	return "?";
}

/*
 * Readable forms beside the data, one function per structure that has them:
 * each adds its keys after the structure's fields.
 */
typedef void extra_fn(export_ctx *c, const void *p, place w);

static void expr_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	strbuf sb = {0};
	key(c, "text");
	export_expr_text(&sb, c->m, p);
	str(c, sb.data);
	sb_free(&sb);
}

static void instr_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	const rtab_instr *in = p;
	key(c, "op_name");
	str(c, export_op_name(in->op));
	const char *ref = NULL;
	if (in->op == RTAB_OP_INPUT && in->arg >= 0 && in->arg < rs->ninputs)
		ref = rs->inputs[in->arg].id;
	else if (in->op == RTAB_OP_MATRIX && in->arg >= 0 && in->arg < rs->nmatrices)
		ref = rs->matrices[in->arg].id;
	else if (in->op == RTAB_OP_BAND && in->arg >= 0 && in->arg < rs->nbands)
		ref = rs->bands[in->arg].id;
	else if (in->op == RTAB_OP_ROLL && in->arg >= 0 && in->arg < rs->ndice)
		ref = rs->dice[in->arg].id;
	if (ref) {
		key(c, "ref");
		str(c, ref);
	}
}

static void target_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_target *t = p;
	key(c, "kind_name");
	str(c, export_target_kind(t->kind));
	key(c, "id");
	str(c, export_target_id(c->rs, *t));
}

static void input_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	const rtab_input *in = p;
	key(c, "type_name");
	str(c, in->type == RTAB_TYPE_ENUM   ? "enum"
	       : in->type == RTAB_TYPE_BOOL ? "bool"
	       : in->step > 0		    ? "number"
					    : "int");
	if (in->type == RTAB_TYPE_INT && in->step == 0) {
		/* 'int >= 0': the end the source leaves open, which min or max
		 * holds as the largest integer the language writes. */
		key(c, "open_below");
		json_put_bool(jw(c), export_open_below(in->min));
		key(c, "open_above");
		json_put_bool(jw(c), export_open_above(in->max));
	}
	key(c, "default_text");
	char num[32];
	if (in->type == RTAB_TYPE_ENUM)
		str(c, rs->enums[in->enum_index].values[in->default_value].id);
	else if (in->type == RTAB_TYPE_BOOL)
		str(c, in->default_value ? "true" : "false");
	else if (in->step > 0 && rtab_format_exact(in->default_value, rs->scale, num, sizeof num) == RTAB_OK)
		str(c, num); /* a number input: exact, as written (12.5) */
	else {
		snprintf(num, sizeof num, "%ld", (long)in->default_value);
		str(c, num);
	}
}

static void modifier_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	const rtab_modifier *m = p;
	key(c, "side");
	str(c, m->sign < 0 ? "defender" : "attacker");
	key(c, "step_ids");
	json_begin_array(jw(c));
	for (size_t s = 0; s < rs->nsteps && s < RTAB_MAX_STEPS; s++)
		if ((m->steps >> s) & 1u)
			str(c, rs->steps[s]);
	json_end_array(jw(c));
}

static void table_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_table *t = p;
	key(c, "key_kind_name");
	str(c, key_kind_name(table_key_kind(t)));
	key(c, "rounding_name");
	str(c, rounding_name(t->rounding));
	/* Odds lines: the grid of result columns as printed, and the line of each value. */
	const model_table *mt = export_odds_lines(c, t);
	if (!mt)
		return;
	size_t *shown = xcalloc(t->ncolumns ? t->ncolumns : 1, sizeof *shown);
	size_t n = export_printed_columns(c, t, shown);
	grid g;
	grid_init(&g, n + 1);
	export_odds_line_rows(c, t, mt, shown, n, -1, &g);
	key(c, "result_columns");
	json_begin_array(jw(c));
	for (size_t k = 0; k < mt->nresults; k++)
		str(c, mt->result_ids[k]);
	json_end_array(jw(c));
	key(c, "odds_lines");
	json_begin_array(jw(c));
	for (size_t r = 0; r < grid_rows(&g); r++) {
		/* "woods, town:" as the values it serves */
		json_begin_object(jw(c));
		key(c, "values");
		json_begin_array(jw(c));
		const char *line = grid_at(&g, r, 0);
		for (const char *v = line; *v && *v != ':';) {
			size_t len = strcspn(v, ",:");
			json_put_string_n(jw(c), v, len);
			v += len;
			v += *v == ',' ? 2 : 0;
		}
		json_end_array(jw(c));
		key(c, "odds");
		json_begin_array(jw(c));
		for (size_t k = 0; k < n; k++) {
			const char *step = grid_at(&g, r, k + 1);
			str(c, strcmp(step, "\xE2\x80\x94") == 0 ? NULL : step);
		}
		json_end_array(jw(c));
		json_end_object(jw(c));
	}
	json_end_array(jw(c));
	grid_free(&g);
	free(shown);
}

static void band_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	key(c, "rounding_name");
	str(c, rounding_name(((const rtab_band *)p)->rounding));
}

static void group_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_group *g = p;
	key(c, "stacking_name");
	str(c, stacking_word((rtab_stacking)g->stacking));
}

static void band_step_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_band_step *s = p;
	key(c, "ratio");
	char ratio[48];
	snprintf(ratio, sizeof ratio, "%ld:%ld", (long)s->num, (long)s->den);
	str(c, ratio);
}

static void effect_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	strbuf sb = {0};
	key(c, "text");
	export_effect_text(&sb, c->rs, p);
	str(c, sb.data);
	sb_free(&sb);
}

static void column_extras(export_ctx *c, const void *p, place w)
{
	const rtab_ruleset *rs = c->rs;
	if (w.table >= rs->ntables)
		return;
	const rtab_table *t = &rs->tables[w.table];
	const rtab_column *col = p;
	key(c, "kind_name");
	str(c, col->kind == RTAB_COLUMN_AUTOMATIC ? "automatic" : col->kind == RTAB_COLUMN_NONE ? "none" : "rolled");
	const model_table *mt = export_odds_lines(c, t);
	if (mt) { /* the result column of the grid under odds lines whose cells it reads */
		key(c, "result_column");
		str(c, mt->result_of_column[w.index] ? mt->result_ids[mt->result_of_column[w.index] - 1] : NULL);
	}
	key(c, "values");
	json_begin_array(jw(c));
	if (t->column_input >= 0) {
		const rtab_enum *e = &rs->enums[rs->inputs[t->column_input].enum_index];
		for (size_t v = 0; v < e->nvalues; v++)
			if (t->column_end_of_value /* two keys: the variant whose run holds it */
				    ? t->column_of_value[v] <= w.index && w.index < t->column_end_of_value[v]
				    : t->column_of_value[v] == w.index)
				str(c, e->values[v].id);
	}
	json_end_array(jw(c));
}

/* A parameter of a numeric outcome: a number, or a flag ('retreat: bool',
 * 0 or 1, printed or left out), as the source declares it. */
static void outcome_param_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	bool flag = false;
	for (size_t i = 0; i < rs->nnumeric_outcomes; i++) {
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[i];
		for (size_t k = 0; k < n->nparams; k++)
			if (&n->params[k] == p)
				flag = k < sizeof(unsigned) * 8 && (model_numeric_flags(c->m, i) >> k & 1u);
	}
	key(c, "type_name");
	str(c, flag ? "bool" : "int");
}

static void row_extras(export_ctx *c, const void *p, place w)
{
	(void)p;
	if (w.table >= c->rs->ntables)
		return;
	const rtab_table *t = &c->rs->tables[w.table];
	strbuf sb = {0};
	key(c, "ranges");
	json_begin_array(jw(c));
	for (size_t col = 0; col < t->ncolumns; col++) {
		sb_clear(&sb);
		export_row_range(&sb, c, w.table, col, w.index);
		str(c, sb.data);
	}
	json_end_array(jw(c));
	sb_free(&sb);
}

static void matrix_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	const rtab_matrix *m = p;
	size_t n = 1;
	for (size_t k = 0; k < m->ndims; k++)
		n *= rs->enums[m->dims[k]].nvalues;
	key(c, "by_keys");
	json_begin_array(jw(c));
	for (size_t cell = 0; cell < n; cell++) {
		size_t rest = cell;
		json_begin_object(jw(c));
		key(c, "keys");
		json_begin_array(jw(c));
		/* Row-major: the last key turns fastest. */
		size_t idx[16] = {0};
		for (size_t k = m->ndims; k-- > 0;) {
			size_t nv = rs->enums[m->dims[k]].nvalues;
			idx[k < 16 ? k : 15] = rest % nv;
			rest /= nv;
		}
		for (size_t k = 0; k < m->ndims && k < 16; k++)
			str(c, rs->enums[m->dims[k]].values[idx[k]].id);
		json_end_array(jw(c));
		json_member_int(jw(c), "value", rtab_matrix_cell(m, cell));
		json_member_string(jw(c), "provisional", rtab_matrix_reason(m, cell));
		json_end_object(jw(c));
	}
	json_end_array(jw(c));
}

static void transition_extras(export_ctx *c, const void *p, place w)
{
	(void)w;
	const rtab_ruleset *rs = c->rs;
	const rtab_transition *t = p;
	const rtab_enum *e = &rs->enums[rs->inputs[t->input].enum_index];
	key(c, "arcs");
	json_begin_object(jw(c));
	for (size_t v = 0; v < e->nvalues; v++)
		json_member_string(jw(c), e->values[v].id, t->next[v] >= 0 ? e->values[t->next[v]].id : NULL);
	json_end_object(jw(c));
}

static const struct {
	const char *type;
	extra_fn *add;
} extras_of[] = {
	{"rtab_expr", expr_extras},
	{"rtab_instr", instr_extras},
	{"rtab_target", target_extras},
	{"rtab_input", input_extras},
	{"rtab_modifier", modifier_extras},
	{"rtab_table", table_extras},
	{"rtab_band", band_extras},
	{"rtab_group", group_extras},
	{"rtab_band_step", band_step_extras},
	{"rtab_effect", effect_extras},
	{"rtab_column", column_extras},
	{"rtab_row", row_extras},
	{"rtab_outcome_param", outcome_param_extras},
	{"rtab_matrix", matrix_extras},
	{"rtab_transition", transition_extras},
};

static void extras(export_ctx *c, const char *type, const void *p, place w)
{
	for (size_t i = 0; i < sizeof extras_of / sizeof *extras_of; i++)
		if (strcmp(type, extras_of[i].type) == 0) {
			extras_of[i].add(c, p, w);
			return;
		}
}

static void walk(export_ctx *c, const char *type, const void *p, place w)
{
	const struct_desc *sd = rtab_struct_desc(type);
	if (!sd) {
		json_put_null(jw(c));
		return;
	}
	if (strcmp(type, "rtab_table") == 0)
		w.table = w.index;
	json_begin_object(jw(c));
	for (size_t i = 0; i < sd->nfields; i++) {
		const field_desc *f = &sd->fields[i];
		const void *at = (const char *)p + f->offset;
		switch (f->kind) {
		case FIELD_STR:
			if (narrow_form(type, f->name))
				break;
			key(c, f->name);
			if (strcmp(type, "rtab_outcome") == 0 && strcmp(f->name, "code") == 0) {
				/* As a grid cell prints it: an outcome without a code by its id. */
				const char *code = *(const char *const *)at;
				str(c, code ? code : ((const rtab_outcome *)p)->id);
			} else {
				str(c, *(const char *const *)at);
			}
			break;
		case FIELD_LABELS:
			if (!*(const rtab_labels *)at && strcmp(f->name, "rules") == 0)
				break; /* no references per locale: "rule" is every locale's */
			key(c, f->name);
			labels(c, *(const rtab_labels *)at);
			break;
		case FIELD_STRUCT:
			key(c, f->name);
			walk(c, f->type, at, w);
			break;
		case FIELD_PTR:
			if (!narrow_form(type, f->name))
				pointer_field(c, sd, f, p, w);
			break;
		case FIELD_ARRAY:
			break; /* fixed arrays live in results only */
		default: {
			if (narrow_form(type, f->name))
				break; /* a count of a narrow form */
			int64_t v = scalar_at(f->kind, at);
			key(c, f->name);
			json_put_int(jw(c), v);
			if (has_ref(type, f->name)) {
				char k[96];
				snprintf(k, sizeof k, "%s_id", f->name);
				key(c, k);
				/* RTAB_NO_DICE and -1 refer to nothing. */
				str(c, (strcmp(f->name, "dice") == 0 && v == RTAB_NO_DICE) ? NULL
												: ref_id(c, type, f->name, v, p));
			}
			break;
		}
		}
	}
	extras(c, type, p, w);
	json_end_object(jw(c));
}

static const char *const kind_types[EXPORT_KIND_COUNT_] = {
	[EXPORT_ENUMS] = "rtab_enum",
	[EXPORT_INPUTS] = "rtab_input",
	[EXPORT_DICE] = "rtab_dice",
	[EXPORT_EFFECT_KINDS] = "rtab_effect_kind",
	[EXPORT_OUTCOMES] = "rtab_outcome",
	[EXPORT_GROUPS] = "rtab_group",
	[EXPORT_MATRICES] = "rtab_matrix",
	[EXPORT_BANDS] = "rtab_band",
	[EXPORT_MODIFIERS] = "rtab_modifier",
	[EXPORT_TABLES] = "rtab_table",
	[EXPORT_REACTION_SETS] = "rtab_reaction_set",
	[EXPORT_TRANSITIONS] = "rtab_transition",
	[EXPORT_DISTANCES] = "rtab_distance",
	[EXPORT_PROCEDURES] = "rtab_procedure",
	[EXPORT_NUMERIC_OUTCOMES] = "rtab_numeric_outcome",
	[EXPORT_REQUIREMENTS] = "rtab_requirement",
};

static void json_begin(export_ctx *c)
{
	const struct_desc *sd = rtab_struct_desc("rtab_ruleset");
	json_writer *w = xcalloc(1, sizeof *w);
	*w = json_writer_on(c->out, false);
	c->state = w;
	unhandled_reported = false;
	json_begin_object(w);
	json_member_string(w, "format", "rtab-export");
	json_member_int(w, "version", EXPORT_JSON_VERSION);
	json_member_string(w, "rtab_version", RTAB_VERSION);
	json_member_string(w, "source", c->source ? path_basename(c->source) : NULL);
	/* The ruleset's own fields; the arrays of definitions follow, one section each. */
	for (size_t i = 0; sd && i < sd->nfields; i++) {
		const field_desc *f = &sd->fields[i];
		bool section = false;
		for (int k = 0; k < EXPORT_KIND_COUNT_; k++)
			section |= kind_types[k] && f->type && strcmp(f->type, kind_types[k]) == 0;
		if (section)
			continue;
		const void *at = (const char *)c->rs + f->offset;
		if (f->kind == FIELD_STR) {
			key(c, f->name);
			str(c, *(const char *const *)at);
		} else if (f->kind == FIELD_LABELS) {
			if (!*(const rtab_labels *)at && strcmp(f->name, "rules") == 0)
				continue; /* no references per locale: "rule" is every locale's */
			key(c, f->name);
			labels(c, *(const rtab_labels *)at);
		} else if (f->kind == FIELD_PTR) {
			pointer_field(c, sd, f, c->rs, nowhere);
		} else if (is_scalar(f->kind)) {
			key(c, f->name);
			json_put_int(w, scalar_at(f->kind, at));
		}
	}
}

static void json_section(export_ctx *c, export_kind kind)
{
	json_line_break(jw(c), "\n");
	key(c, export_kind_key(kind));
	json_begin_array(jw(c));
}

static void json_section_end(export_ctx *c, export_kind kind)
{
	(void)kind;
	json_line_break(jw(c), "\n"); /* before the close when the section has items */
	json_end_array(jw(c));
}

static void example_check(export_ctx *c, const model_check *k)
{
	const rtab_ruleset *rs = c->rs;
	const ast_stmt *s = k->stmt;
	json_writer *w = jw(c);
	json_begin_object(w);
	json_member_string(w, "kind", export_target_kind(k->target.kind));
	json_member_string(w, "name", export_target_id(rs, k->target));
	json_key(w, "inputs");
	json_begin_object(w);
	for (const ast_arg *a = s->args; a; a = a->next) {
		int i = a->key ? rtab_find_input(rs, a->key) : -1;
		if (i < 0)
			continue;
		json_key(w, rs->inputs[i].id);
		const rtab_input *in = &rs->inputs[i];
		if (in->type == RTAB_TYPE_ENUM)
			str(c, rs->enums[in->enum_index].values[k->inputs[i]].id);
		else if (in->type == RTAB_TYPE_BOOL)
			json_put_bool(w, k->inputs[i]);
		else if (!(in->step > 0 && put_exact(c, k->inputs[i]))) /* a number input, exact as written: 2.5 */
			json_put_int(w, k->inputs[i]);
	}
	json_end_object(w);
	json_key(w, "faces");
	json_begin_array(w);
	for (size_t i = 0; i < k->nfaces; i++)
		json_put_int(w, k->faces[i]);
	json_end_array(w);
	json_member_int(w, "drm", k->drm);
	json_key(w, "expect");
	json_begin_object(w);
	switch ((rtab_target_kind)k->target.kind) {
	case RTAB_TARGET_TABLE:
		json_member_string(w, "outcome", k->expected < 0 ? NULL : rs->outcomes[k->expected].id);
		if (k->expected < 0)
			json_member_bool(w, "no_result", true); /* '-> none' */
		if (s->has_expect_modifier)
			json_member_int(w, "modifier", s->expect_modifier);
		if (s->has_expect_roll)
			json_member_int(w, "modified_roll", s->expect_roll);
		if (s->expect_provisional)
			json_member_bool(w, "provisional", true);
		if (s->has_expect_triggers) {
			json_key(w, "triggers");
			json_begin_array(w);
			for (size_t i = 0; i < k->ntriggers; i++)
				str(c, export_target_id(rs, k->triggers[i]));
			json_end_array(w);
		}
		break;
	case RTAB_TARGET_REACTIONS:
		json_key(w, "options");
		json_begin_array(w);
		for (size_t i = 0; i < k->noptions; i++)
			str(c, rs->reaction_sets[k->target.index].options[k->options[i]].id);
		json_end_array(w);
		break;
	case RTAB_TARGET_TRANSITION: {
		const rtab_transition *t = &rs->transitions[k->target.index];
		json_member_string(w, "state", rs->enums[rs->inputs[t->input].enum_index].values[k->expected].id);
		break;
	}
	case RTAB_TARGET_DISTANCE:
		json_key(w, "value");
		if (!put_exact(c, k->expected)) /* exact: 16.5 */
			json_put_int(w, k->expected);
		json_member_string(w, "unit", k->unit);
		if (s->expect_provisional)
			json_member_bool(w, "provisional", true);
		break;
	case RTAB_TARGET_PROCEDURE:
		json_member_string(w, "step",
				   k->expected >= 0 ? rs->procedures[k->target.index].steps[k->expected].id : NULL);
		break;
	}
	json_end_object(w);
	json_end_object(w);
}

static void json_item(export_ctx *c, export_kind kind, size_t i)
{
	const rtab_ruleset *rs = c->rs;
	place w = nowhere;
	w.index = i;
	json_line_break(jw(c), "\n");
	switch (kind) {
	case EXPORT_ENUMS: walk(c, kind_types[kind], &rs->enums[i], w); break;
	case EXPORT_INPUTS: walk(c, kind_types[kind], &rs->inputs[i], w); break;
	case EXPORT_DICE: walk(c, kind_types[kind], &rs->dice[i], w); break;
	case EXPORT_EFFECT_KINDS: walk(c, kind_types[kind], &rs->effect_kinds[i], w); break;
	case EXPORT_OUTCOMES: walk(c, kind_types[kind], &rs->outcomes[i], w); break;
	case EXPORT_GROUPS: walk(c, kind_types[kind], &rs->groups[i], w); break;
	case EXPORT_MATRICES: walk(c, kind_types[kind], &rs->matrices[i], w); break;
	case EXPORT_BANDS: walk(c, kind_types[kind], &rs->bands[i], w); break;
	case EXPORT_MODIFIERS: walk(c, kind_types[kind], &rs->modifiers[i], w); break;
	case EXPORT_TABLES: walk(c, kind_types[kind], &rs->tables[i], w); break;
	case EXPORT_REACTION_SETS: walk(c, kind_types[kind], &rs->reaction_sets[i], w); break;
	case EXPORT_TRANSITIONS: walk(c, kind_types[kind], &rs->transitions[i], w); break;
	case EXPORT_DISTANCES: walk(c, kind_types[kind], &rs->distances[i], w); break;
	case EXPORT_PROCEDURES: walk(c, kind_types[kind], &rs->procedures[i], w); break;
	case EXPORT_REQUIREMENTS: walk(c, kind_types[kind], &rs->requirements[i], w); break;
	case EXPORT_NUMERIC_OUTCOMES: walk(c, kind_types[kind], &rs->numeric_outcomes[i], w); break;
	case EXPORT_EXAMPLES: {
		const model_example *ex = &c->m->examples[i];
		const ast_def *d = ex->def;
		json_begin_object(jw(c));
		key(c, "id");
		str(c, d->id);
		key(c, "labels");
		json_begin_object(jw(c));
		for (size_t l = 0; l < rs->nlocales; l++) {
			const char *text = NULL;
			for (const ast_stmt *s = d->body; s; s = s->next)
				if (s->kind == ST_LABEL && strcmp(s->name, rs->locales[l]) == 0)
					text = s->text;
			key(c, rs->locales[l]);
			str(c, text);
		}
		json_end_object(jw(c));
		key(c, "rule");
		str(c, d->rule);
		key(c, "checks");
		json_begin_array(jw(c));
		for (size_t k = 0; k < ex->nchecks; k++) {
			json_line_break(jw(c), "\n  ");
			example_check(c, &ex->checks[k]);
		}
		json_end_array(jw(c));
		json_end_object(jw(c));
		break;
	}
	case EXPORT_OUTCOME_GROUPS: {
		const model_outcome_group *og = &c->m->outcome_groups[i];
		json_begin_object(jw(c));
		key(c, "id");
		str(c, og->id);
		key(c, "labels");
		labels(c, og->labels);
		key(c, "rule");
		str(c, og->rule);
		if (og->rules) {
			key(c, "rules");
			labels(c, og->rules);
		}
		key(c, "members");
		json_begin_array(jw(c));
		for (size_t k = 0; k < og->nmembers; k++)
			str(c, c->rs->outcomes[og->members[k]].id);
		json_end_array(jw(c));
		json_end_object(jw(c));
		break;
	}
	case EXPORT_KIND_COUNT_: break;
	}
}

static void json_end(export_ctx *c)
{
	json_end_object(jw(c));
	sb_putc(c->out, '\n');
	free(c->state);
	c->state = NULL;
}

const export_emitter export_json_emitter = {
	"json", json_begin, json_section, json_item, json_section_end, json_end, NULL,
};
