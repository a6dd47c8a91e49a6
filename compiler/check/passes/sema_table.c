/* SPDX-License-Identifier: MIT */
/* Results tables: dice, modifiers, cap, columns and rows; then their lowering. */
#include "check/passes/sema_table.h"

#include "check/passes/body.h"
#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/proofs/modifier_range.h"
#include "check/proofs/open_inputs.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_defs.h"
#include "check/passes/sema_ends.h"
#include "check/passes/sema_expr.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_rows.h"
#include "check/passes/sema_rolls.h"
#include "check/passes/sema_lines.h"
#include "check/passes/sema_numeric_rewrite.h"
#include "check/passes/sema_twokey.h"
#include "check/passes/table_text.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SPAN 65536

/* Statements that a table holds at most once. */
static const ast_stmt *single(model *m, const ast_def *d, stmt_kind kind, const char *what)
{
	const ast_stmt *found = NULL;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != kind)
			continue;
		if (found) {
			check_report(m, CHECK_DUPLICATE, s->loc, "table '%s' has a second %s", d->id,
				     what);
			check_note(m, found->loc, "the first %s is here", what);
			continue;
		}
		found = s;
	}
	return found;
}

/* The modifiers of a 'modifiers' (or 'shifts') list; both count towards RTAB_MAX_APPLIED. */
static const uint16_t *resolve_table_modifiers(model *m, const ast_def *d, size_t already,
					       const ast_stmt *s, uint16_t *count, const char *what)
{
	size_t n = 0;
	for (const ast_id *i = s ? s->ids : NULL; i; i = i->next)
		n++;
	uint16_t *mods = model_array(m, n ? n : 1, sizeof *mods);
	for (const ast_id *i = s ? s->ids : NULL; i; i = i->next) {
		int k = resolve_def(m, DEF_MODIFIER, i->id, i->loc);
		bool dup = false;
		for (size_t j = 0; j < *count; j++)
			dup |= mods[j] == k;
		if (dup) {
			check_report(m, CHECK_DUPLICATE, i->loc, "table '%s' lists %s '%s' twice",
				     d->id, what, i->id);
			continue;
		}
		if (k >= 0 && already + *count == RTAB_MAX_APPLIED) {
			check_report(m, CHECK_LIMITS, i->loc,
				     "table '%s' lists more than %d modifiers and column shifts", d->id,
				     RTAB_MAX_APPLIED);
			break;
		}
		if (k >= 0)
			mods[(*count)++] = (uint16_t)k;
	}
	return mods;
}

/* How many columns the rows or the grid give: the named, header or enum columns. */
static size_t rolled_width(const model *m, const ast_stmt *cols, const ast_stmt *header)
{
	size_t n = 0;
	if (!cols)
		return 1;
	if (cols->expr || (cols->all_values && header))
		return header_width(header);
	if (cols->all_values) {
		int in = model_find(m, DEF_INPUT, cols->name);
		if (in >= 0 && m->rs.inputs[in].type == RTAB_TYPE_ENUM)
			return m->rs.enums[m->rs.inputs[in].enum_index].nvalues;
		return 0;
	}
	for (const ast_stmt *c = cols->body; c; c = c->next)
		n++;
	return n;
}

/* 'columns by INPUT;': every value its own column, in the header's order (or the enum's). */
static void every_value_columns(model *m, const ast_stmt *cols, const ast_stmt *header,
				const rtab_enum *e, int enum_index, rtab_column *columns, size_t first,
				uint16_t *of_value, const ast_cell **owner, size_t *n)
{
	if (!header) {
		for (size_t k = 0; k < e->nvalues; k++) {
			columns[first + k].id = e->values[k].id;
			columns[first + k].labels = e->values[k].labels;
			of_value[k] = (uint16_t)(first + k);
			owner[k] = (const ast_cell *)cols; /* any non-NULL mark */
		}
		*n = e->nvalues;
		return;
	}
	/* A line of another kind (a line of rolls read as the first, when a syntax
	 * error dropped the first): its names are not looked up as values. */
	bool bad = false;
	for (const ast_cell *c = header->cells; c && !bad; c = c->next)
		bad = c->kind != CELL_NAME;
	bool said = false;
	for (const ast_cell *c = header->cells; c; c = c->next, (*n)++) {
		columns[first + *n].id = "?";
		if (bad) {
			/* One error for the line: the other cells are the same mistake. */
			if (!said && c->kind != CELL_NAME && !names_over_values_misplaced(m, c, cols->name))
				check_report(m, CHECK_ROW_SHAPE, c->loc,
					     "the first line of this grid names its columns: values of '%s'",
					     cols->name);
			said |= c->kind != CELL_NAME;
			continue;
		}
		int k = resolve_enum_value(m, enum_index, c->name, c->loc);
		if (k < 0)
			continue;
		if (owner[k]) {
			check_report(m, CHECK_COLUMNS, c->loc, "value '%s' of '%s' is given to two columns",
				     c->name, cols->name);
			check_note(m, owner[k]->loc, "it is already a column here");
			continue;
		}
		owner[k] = c;
		of_value[k] = (uint16_t)(first + *n);
		columns[first + *n].id = e->values[k].id;
		columns[first + *n].labels = e->values[k].labels;
	}
	/* A header of the wrong kind is one error: no value is missing from it too. */
	for (size_t k = 0; bad && k < e->nvalues; k++)
		if (!owner[k])
			owner[k] = header->cells;
}

/* Map every value of the column input to one column (from first on), or compute it. */
static void resolve_columns(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			    const ast_stmt *cols, const ast_stmt *header, size_t first, size_t last)
{
	size_t n = rolled_width(m, cols, header);
	rtab_column *columns = model_columns(m, mt, first + n + last + 1);

	t->columns = columns;
	t->column_input = -1;
	mt->first_rolled = (uint16_t)first;
	mt->nrolled = 0;
	t->ncolumns = (uint16_t)first;
	if (!cols) {
		columns[first].id = "all";
		t->ncolumns = (uint16_t)(first + 1);
		mt->nrolled = 1;
		return;
	}
	if (cols->expr) {
		/* On an error in the header, the lines are still checked against its width. */
		if (!resolve_key_columns(m, d, t, cols, header, columns, first))
			mt->shape_bad = true;
		mt->nrolled = (uint16_t)n;
		t->ncolumns = (uint16_t)(first + n);
		return;
	}
	int in = resolve_def(m, DEF_INPUT, cols->name, cols->name_loc);
	if (in < 0)
		return;
	const rtab_input *input = &m->rs.inputs[in];
	if (input->type != RTAB_TYPE_ENUM) {
		check_report(m, CHECK_TYPE, cols->name_loc,
			     "columns are chosen by an enum input, and '%s' is not one (a number? write: columns by value(%s);)",
			     input->id, input->id);
		return;
	}
	const rtab_enum *e = &m->rs.enums[input->enum_index];
	const void **owner = xcalloc(e->nvalues ? e->nvalues : 1, sizeof *owner);
	uint16_t *of_value = model_array(m, e->nvalues ? e->nvalues : 1, sizeof *of_value);
	const ast_stmt *star = NULL;
	int star_col = -1;
	size_t k = 0;
	int errors_before = m->diag->errors;

	if (cols->all_values) {
		every_value_columns(m, cols, header, e, input->enum_index, columns, first, of_value,
				    (const ast_cell **)owner, &k);
		star = NULL;
	}
	idmap names = {0};
	for (const ast_stmt *c = cols->all_values ? NULL : cols->body; c; c = c->next, k++) {
		size_t col = first + k;
		if (!item_room(m, col, c->name_loc, "columns", "table", d->id))
			break;
		if (idmap_put(&names, c->name, 0) >= 0)
			check_report(m, CHECK_DUPLICATE, c->name_loc,
				     "table '%s' has two columns named '%s'", d->id, c->name);
		columns[col].id = arena_strdup(&m->arena, c->name);
		if (c->star) {
			if (star) {
				check_report(m, CHECK_COLUMNS, c->loc,
					     "only one column can take the remaining values ('*')");
				check_note(m, star->loc, "'%s' already takes them", star->name);
			} else {
				star = c;
				star_col = (int)col;
			}
		}
		for (const ast_id *v = c->ids; v; v = v->next) {
			int val = resolve_enum_value(m, input->enum_index, v->id, v->loc);
			if (val < 0)
				continue;
			if (owner[val]) {
				const ast_stmt *o = owner[val];
				check_report(m, CHECK_COLUMNS, v->loc,
					     "value '%s' of '%s' is given to two columns", v->id,
					     input->id);
				check_note(m, o->name_loc, "column '%s' already takes it", o->name);
				continue;
			}
			owner[val] = c;
			of_value[val] = (uint16_t)col;
			if (!c->ids->next)
				columns[col].labels = e->values[val].labels;
		}
	}
	idmap_free(&names);
	t->ncolumns = (uint16_t)(first + k);
	mt->nrolled = (uint16_t)k;
	for (size_t v = 0; v < e->nvalues; v++) {
		if (owner[v])
			continue;
		if (star_col >= 0) {
			of_value[v] = (uint16_t)star_col;
			continue;
		}
		check_report(m, CHECK_COLUMNS, cols->all_values && header ? header->loc : cols->loc,
			     cols->all_values ? "value '%s' of '%s' has no column; add it to the grid's first line"
					      : "value '%s' of '%s' has no column; name it in a column, or add: others = *;",
			     e->values[v].id, input->id);
	}
	free(owner);
	t->column_input = (int16_t)in;
	t->column_of_value = of_value;
	/* A grid's first line of values that was refused: its lines are not held
	 * to its width too (the same mistake). */
	if (cols->all_values && header && m->diag->errors > errors_before)
		mt->shape_bad = true;
}

/* The 'columns' statement of a table, or NULL. */
static const ast_stmt *cols_of(const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_COLUMNS)
			return s;
	return NULL;
}

/* A header of column ids above the rows: the columns' ids, in order. */
static void check_header(model *m, const rtab_table *t, const model_table *mt, const ast_stmt *r)
{
	size_t first = mt->first_rolled, width = mt->nrolled, j = 0;
	const ast_id *h = r->ids;
	for (; h && j < width; h = h->next, j++)
		if (strcmp(h->id, t->columns[first + j].id) != 0)
			check_report(m, CHECK_ROW_SHAPE, h->loc,
				     "the header names '%s' where column %zu is '%s'", h->id, j + 1,
				     t->columns[first + j].id);
	if ((h || j < width) && width > 0)
		check_report(m, CHECK_ROW_SHAPE, r->loc, "the header names %s columns than the table's %zu",
			     h ? "more" : "fewer", width);
}

static void resolve_rows(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			 const ast_stmt *rows)
{
	const ast_rows *rr = rows ? rows->rows : NULL;
	size_t n = rr ? rr->nrows : 0;
	if (n > RTAB_MAX_ITEMS) {
		check_report(m, CHECK_LIMITS, rows->loc,
			     "table '%s' has %zu rows; the runtime holds at most %d", d->id, n,
			     RTAB_MAX_ITEMS);
		return;
	}
	rtab_row *out = model_array(m, n ? n : 1, sizeof *out);
	size_t first = mt->first_rolled, width = mt->nrolled;
	mt->rows = rr;
	mt->cells = xmalloc((n ? n : 1) * t->ncolumns * sizeof *mt->cells);
	for (size_t k = 0; k < (n ? n : 1) * t->ncolumns; k++)
		mt->cells[k] = (model_cell){.lo = 1, .hi = 0}; /* absent: never matches */
	t->rows = out;
	/* The table's rule, once: the rows that give none share it. */
	const char *table_rule = arena_strdup(&m->arena, d->rule);
	/* The headers where they stand, among the rows (for the order of the messages). */
	size_t from = 0;
	for (const ast_stmt *header = rows ? rows->body : NULL; header; header = header->next) {
		size_t at = header->lo < 0 ? 0 : (size_t)header->lo < n ? (size_t)header->lo : n;
		rows_into_columns(m, t, mt, out, rr, from, at > from ? at : from, first, width, n, table_rule);
		from = at > from ? at : from;
		if (header->kind == ST_HEADER && header->cells && header != rows_steps_header_of(rows))
			check_report(m, CHECK_ROW_SHAPE, header->loc,
				     "the rows of table '%s' give their columns once, above the first row; remove this line",
				     d->id);
		else if (header->kind == ST_HEADER && header->cells && !(cols_of(d) && cols_of(d)->expr))
			check_report(m, CHECK_ROW_SHAPE, header->loc,
				     "this header gives numbers over the columns, and the columns of table '%s' are %s: %s",
				     d->id, cols_of(d) ? "named" : "one (it has no 'columns')",
				     cols_of(d) ? "name them over the rows, or read a number with columns by value(X)"
						: "remove the line, or choose the column: columns by value(X);");
		else if (header->kind == ST_HEADER && !header->cells)
			check_header(m, t, mt, header);
	}
	rows_into_columns(m, t, mt, out, rr, from, n, first, width, n, table_rule);
	/* A row with the wrong shape hides which rolls the table meant to cover. */
	mt->has_rows = t->nrows > 0 && width > 0 && !mt->shape_bad;
	if (t->nrows == 0 && !d->damaged)
		check_report(m, CHECK_ROW_SHAPE, rows ? rows->loc : d->id_loc,
			     "table '%s' has no rows; add a grid (grid { one line per roll }) or: rows { OUTCOME RANGE; }",
			     d->id);
}

/* Natural rolls that decide whatever the modifiers: faces on the table's dice. */
static void resolve_naturals(model *m, const ast_def *d, rtab_table *t)
{
	const rtab_dice *dc = &m->rs.dice[t->dice];
	size_t n = count_stmts(d->body, ST_NATURAL);
	rtab_natural_rule *out = model_array(m, n ? n : 1, sizeof *out);
	t->natural = out;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		size_t k = 0;
		if (s->kind != ST_NATURAL)
			continue;
		if (!item_room(m, t->nnatural, s->loc, "natural-roll rules", "table", d->id))
			break;
		int o = resolve_def(m, DEF_OUTCOME, s->name, s->name_loc);
		for (const ast_cell *c = s->cells; c; c = c->next)
			k++;
		if (k != dc->nfaces) {
			check_report(m, CHECK_BAD_RANGE, s->loc,
				     "table '%s' rolls %s, %u face%s; this natural roll gives %zu", d->id,
				     dc->id, dc->nfaces, dc->nfaces == 1 ? "" : "s", k);
			continue;
		}
		int32_t *faces = model_array(m, k, sizeof *faces);
		size_t i = 0, g = 0, in_group = 0;
		for (const ast_cell *c = s->cells; c; c = c->next, i++) {
			while (g < dc->ngroups && in_group == dc->groups[g].count) {
				g++;
				in_group = 0;
			}
			in_group++;
			if (g < dc->ngroups && (c->lo < dc->groups[g].face_min || c->lo > dc->groups[g].face_max))
				check_report(m, CHECK_BAD_RANGE, c->loc,
					     "%lld is no face of %s (faces %d..%d)", (long long)c->lo,
					     dc->id, dc->groups[g].face_min, dc->groups[g].face_max);
			faces[i] = (int32_t)c->lo;
		}
		if (o < 0)
			continue;
		out[t->nnatural].nfaces = (uint8_t)k;
		out[t->nnatural].faces = faces;
		out[t->nnatural].outcome = (uint16_t)o;
		out[t->nnatural].rules = part_rule_refs(m, s->rule ? s->rule : d->rule, &out[t->nnatural].rule);
		out[t->nnatural].provisional = arena_strdup(&m->arena, s->text);
		t->nnatural++;
	}
}

/* 'rows NAME when CONDITION { ... }' is a line of a table whose columns are
 * by (when, ...) (or a range of a first key read by value, whose lines are
 * conditions too); elsewhere the condition would go unread: one error, and
 * the shape errors that follow from it muted. */
static void refuse_rows_by_condition(model *m, const ast_def *d, const ast_stmt *cols)
{
	if (cols && cols->name2 && (cols->times || strcmp(cols->name2, "when") == 0))
		return;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_ROWS && s->by_condition) {
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     cols && cols->name2
					     ? "rows chosen by a condition are a line of a table whose columns say so: columns by (when, %s(A, B)); the rows of a value of '%s' are rows VALUE { ... }"
					     : "rows chosen by a condition are a line of a table whose columns say so: columns by (when, %s(A, B)); (or difference, value)",
				     cols && cols->name ? cols->name : "odds", cols && cols->name2 ? cols->name2 : "");
			m->shape_muted = true;
			return;
		}
}

/* 'grid NAME when CONDITION { ... }' in a table of one key: a line of a
 * table whose columns are by (when, ...); here the condition would go
 * unread. One error, naming the grid and its condition as written, and the
 * shape errors that follow from the table's missing grid muted. */
static void refuse_grid_by_condition(model *m, const ast_def *d, const ast_stmt *cols)
{
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_GRID_WHEN)
			continue;
		char written[128];
		if (!diag_source_until(m->diag, s->loc, "{", written, sizeof written))
			snprintf(written, sizeof written, "grid %s %s", s->name ? s->name : "",
				 s->expr ? "when ..." : "otherwise");
		const char *key = cols && cols->name && (strcmp(cols->name, "odds") == 0 ||
							 strcmp(cols->name, "difference") == 0 ||
							 strcmp(cols->name, "value") == 0)
					  ? cols->name
					  : "odds";
		const ast_stmt *grid = d->body;
		while (grid && grid->kind != ST_GRID)
			grid = grid->next;
		check_report(m, CHECK_ROW_SHAPE, s->loc,
			     grid ? "'%s' is a line chosen by a condition, and table '%s' has one grid for every situation: to choose its line by a condition, say so: columns by (when, %s(A, B)); else remove this grid"
				  : "'%s' is a line chosen by a condition, and table '%s' has one grid for every situation: to choose its line by a condition, say so: columns by (when, %s(A, B)); else drop the condition: grid { ... }",
			     written, d->id, key);
		if (grid)
			check_note(m, grid->loc, "the table's grid is here");
		m->shape_muted = true;
		return;
	}
}

/* "A reads as B when ..." (11.7.4). A rewrite that computes a result's
 * numbers is one rewrite per result of its outcome the table gives, in its
 * place (sema_numeric_rewrite.c); the first that holds still wins. */
static void resolve_rewrites(model *m, const ast_def *d, rtab_table *t)
{
	size_t n = 0, nth = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		n += s->kind == ST_REWRITE ? numeric_rewrite_count(m, s) : 0;
	rtab_rewrite *out = model_array(m, n ? n : 1, sizeof *out);
	uint16_t *source = model_array(m, n ? n : 1, sizeof *source);
	t->rewrites = out;
	m->tables[t - m->rs.tables].rewrite_source = source;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_REWRITE)
			continue;
		size_t pairs = numeric_rewrite_count(m, s);
		for (size_t i = 0; i < pairs; i++) {
			expr_type ty;
			if (!item_room(m, t->nrewrites, s->loc, "rewrites", "table", d->id))
				return;
			int from, to;
			numeric_rewrite_pair(m, s, i, &from, &to);
			if (from < 0)
				from = resolve_def(m, DEF_OUTCOME, s->name, s->name_loc);
			if (to < 0)
				to = resolve_def(m, DEF_OUTCOME, s->name2, s->name2_loc);
			rtab_rewrite *rw = &out[t->nrewrites];
			m->reading_rewrite = true;
			bool compiled = compile_expr(m, s->expr, RTAB_TYPE_BOOL, &rw->condition, &ty);
			m->reading_rewrite = false;
			if (!compiled || from < 0 || to < 0)
				break;
			rw->from = (uint16_t)from;
			rw->to = (uint16_t)to;
			rw->rules = part_rule_refs(m, s->rule ? s->rule : d->rule, &rw->rule);
			rw->provisional = arena_strdup(&m->arena, s->text);
			source[t->nrewrites] = (uint16_t)(nth > UINT16_MAX ? UINT16_MAX : nth);
			t->nrewrites++;
		}
		nth++;
	}
}

/* The modified rolls that can occur: the dice plus the bounds of the total modifier. */
static void reachable(const model *m, const rtab_table *t, model_table *mt)
{
	static const rtab_dice none = {0};
	const rtab_dice *dc = t->dice == RTAB_NO_DICE ? &none : &m->rs.dice[t->dice];
	int64_t lo = t->cap_min, hi = t->cap_max;
	if (!t->capped) {
		modifier_bounds total = modifier_range(&m->rs, t, t->modifiers, t->nmodifiers);
		lo = total.lo;
		hi = total.hi;
	}
	mt->reach_lo = dc->min + lo;
	mt->reach_hi = dc->max + hi;
}

/* 'note 1:2 { en "..."; }': labels on every column of that id (a table with
 * a grid per variant has one such column in each). */
static void resolve_column_notes(model *m, const ast_def *d, rtab_table *t)
{
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_NOTE)
			continue;
		char id[96];
		format_named_column(id, sizeof id, t, s->step);
		for (const ast_stmt *b = s->body; b; b = b->next)
			if (b->kind != ST_LABEL)
				report_misplaced(m, b, "a column's note");
		rtab_labels note = NULL;
		bool found = false;
		for (size_t c = 0; c < t->ncolumns && !found; c++) {
			if (!column_has_name(t, &t->columns[c], s->step))
				continue;
			found = true;
			if (t->columns[c].note)
				check_report(m, CHECK_DUPLICATE, s->loc,
					     "column '%s' of table '%s' has a second note", id, d->id);
			else
				note = read_labels(m, s->body, "the note on column", id, s->loc, true);
		}
		for (size_t c = 0; c < t->ncolumns && note; c++)
			if (column_has_name(t, &t->columns[c], s->step))
				m->tables[t - m->rs.tables].columns[c].note = note;
		if (found || t->ncolumns == 0)
			continue;
		strbuf names = {0};
		for (size_t c = 0; c < t->ncolumns; c++)
			sb_printf(&names, "%s%s", c ? " " : "", t->columns[c].id);
		check_report(m, CHECK_UNKNOWN_NAME, s->step->loc,
			     "'%s' is no column of table '%s' (its columns: %s); name one as the grid's first line prints it",
			     id, d->id, names.data ? names.data : "");
		sb_free(&names);
	}
}

/*
 * 'clamp shifts;': the page stops column shifts at its printed columns, while
 * 'below' and 'above' give the results of odds (or values) past them. Said
 * of a table with shifts and at least one end column; said once.
 */
static void clamp_shifts(model *m, const ast_def *d, rtab_table *t, const ast_stmt *clamp,
			 const ast_stmt *shifts, const ast_stmt *below, const ast_stmt *above)
{
	if (!clamp->ids || clamp->ids->next || strcmp(clamp->ids->id, "shifts") != 0 || clamp->step ||
	    clamp->body || clamp->text) {
		check_report(m, CHECK_MISSING, clamp->loc,
			     "'clamp' names what it stops at the printed columns: write clamp shifts;");
		return;
	}
	if (!shifts) {
		check_report(m, CHECK_MISSING, clamp->loc,
			     "'clamp shifts;' stops column shifts at the printed columns, and table '%s' has no shifts; add: shifts MODIFIER, ...; or remove it",
			     d->id);
		return;
	}
	if (!below && !above) {
		check_report(m, CHECK_MISPLACED, clamp->loc,
			     "'clamp shifts;' changes nothing in table '%s': without 'below' or 'above' a shift stops at the first and last column already; remove it",
			     d->id);
		return;
	}
	if (t->ncolumns == 0)
		return;
	t->shift_stops = (uint8_t)((below ? RTAB_SHIFT_STOP_BELOW : 0) | (above ? RTAB_SHIFT_STOP_ABOVE : 0));
}

void resolve_tables(model *m)
{
	size_t n = m->ndefs[DEF_TABLE];
	rtab_table *tables = model_array(m, n, sizeof *tables);
	m->rs.tables = m->tables_built = tables;
	m->rs.ntables = (uint16_t)n;
	m->tables = xcalloc(n ? n : 1, sizeof *m->tables);
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_TABLE][i];
		rtab_table *t = &tables[i];
		model_table *mt = &m->tables[i];
		bool declares_rolls = table_declares_rolls(d);
		const ast_stmt *roll = declares_rolls ? NULL : single(m, d, ST_ROLL, "'roll'");
		const ast_stmt *cap = single(m, d, ST_CAP, "'cap'");
		const ast_stmt *cols = single(m, d, ST_COLUMNS, "'columns'");
		bool two_keys = cols && cols->name2; /* one grid per variant: sema_twokey.c */
		const ast_stmt *rows = two_keys ? NULL : single(m, d, ST_ROWS, "'rows'");
		const ast_stmt *grid = two_keys ? NULL : single(m, d, ST_GRID, "'grid'");
		const ast_stmt *below = table_word(m, d, ST_BELOW), *above = table_word(m, d, ST_ABOVE);
		const ast_stmt *shifts = table_word(m, d, ST_SHIFTS);
		const ast_stmt *clamp = table_word(m, d, ST_CLAMP);
		int dice = -1;

		mt->def = d;
		m->shape_muted = d->damaged;
		def_head(m, d, "table", &t->id, &t->labels, &t->rule, &t->rules);
		if (!two_keys)
			refuse_grid_by_condition(m, d, cols);
		refuse_rows_by_condition(m, d, cols);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (!def_takes_stmt(DEF_TABLE, s->kind)) /* stray patches: expand_variants */
				report_misplaced(m, s, "a table");
			else if (s->kind == ST_STEP && s->body)
				report_misplaced(m, s, "a table (a step with a block belongs in a procedure)");
		/* Without a roll, the table is keyed by its modifier total alone. */
		if (roll)
			dice = resolve_def(m, DEF_DICE, roll->name, roll->name_loc);
		else if (declares_rolls)
			dice = resolve_table_rolls(m, d, t);
		t->dice = roll || declares_rolls ? (uint16_t)(dice < 0 ? 0 : dice) : RTAB_NO_DICE;
		t->modifiers = resolve_table_modifiers(m, d, 0, single(m, d, ST_MODIFIERS, "'modifiers'"),
						       &t->nmodifiers, "modifier");
		t->shifts = resolve_table_modifiers(m, d, t->nmodifiers, shifts, &t->nshifts,
						    "column shift");
		if (t->nshifts == 0)
			t->shifts = NULL;
		if (cap) {
			t->capped = 1;
			t->cap_min = (int32_t)cap->lo;
			t->cap_max = (int32_t)cap->hi;
			if (cap->lo > cap->hi)
				check_report(m, CHECK_BAD_RANGE, cap->loc,
					     "the cap %lld..%lld is empty; write the low end first",
					     (long long)cap->lo, (long long)cap->hi);
		}
		const ast_stmt *step = single(m, d, ST_STEP, "'step'");
		t->step = (int16_t)(step ? model_step(m, step->name, step->name_loc, false) : -1);
		if (grid && rows) {
			check_report(m, CHECK_DUPLICATE, grid->loc,
				     "table '%s' has both a grid and rows; write it one way", d->id);
			check_note(m, rows->loc, "the rows are here");
		}
		/* A table the parser had to skip part of may have lost its 'columns' there:
		 * the syntax error is the finding. */
		if (!cols && !d->damaged && (below || above || shifts || clamp)) {
			const ast_stmt *w = below ? below : above ? above : shifts ? shifts : clamp;
			check_report(m, CHECK_MISSING, w->loc,
				     "'%s' moves between columns, and table '%s' has one; add: columns by ...;",
				     stmt_kind_name(w->kind), d->id);
		}
		if (two_keys) {
			resolve_two_key_table(m, d, t, mt, cols, below, above, clamp);
		} else {
			/* Odds lines and no header under them: the first line is the header,
			 * named ('odds: 1:1 2:1'); the lines then match no header, which
			 * this one error explains. */
			bool named_header = grid && grid->body && grid->body->kind == ST_ODDS_LINE &&
					    !ast_grid_header(grid);
			for (const ast_stmt *l = grid ? grid->body : NULL; l && l->kind == ST_ODDS_LINE; l = l->next)
				check_report(m, CHECK_ODDS_LINES, l->loc,
					     named_header ? "odds line '%s' stands over the grid of a table whose columns are by (VARIANT, odds(A, B)), a line per value; table '%s' has no variant: its grid's first line gives the columns alone, without a name and ':'"
							  : "odds line '%s' stands over the grid of a table whose columns are by (VARIANT, odds(A, B)), a line per value; table '%s' has no variant",
					     l->name, d->id);
			if (named_header)
				m->shape_muted = true;
			/* A computed key in the row form: the steps over the columns, its header. */
			ast_stmt *steps = !grid && rows && cols && cols->expr ? rows_steps_header(rows) : NULL;
			resolve_columns(m, d, t, mt, cols, grid && cols ? ast_grid_header(grid) : steps,
					below && cols ? 1 : 0, above && cols ? 1 : 0);
			ast_stmts_free(steps);
			if (below && cols && t->ncolumns > 0)
				end_column(m, t, below, false, 0);
			if (above && cols && t->ncolumns > 0)
				end_column(m, t, above, true, 0);
		}
		if (clamp && cols && !(two_keys && cols->all_values)) /* two enums: refused there */
			clamp_shifts(m, d, t, clamp, shifts, below, above);
		resolve_column_notes(m, d, t);
		if (grid && grid->step)
			check_report(m, CHECK_ROW_SHAPE, grid->step->loc,
				     "'grid' with values names the line of a first key read by value: columns by (value(X), value(Y)); table '%s' has one key: write grid { ... }",
				     d->id);
		if (rows && rows->step)
			check_report(m, CHECK_ROW_SHAPE, rows->step->loc,
				     "'rows' with values names the rows of a range of a first key read by value: columns by (value(X), value(Y)); table '%s' has one key: write rows { ... }",
				     d->id);
		if (rows && rows->star)
			check_report(m, CHECK_ROW_SHAPE, rows->loc,
				     "'rows otherwise' names the rows of every value no range of a first key read by value takes: columns by (value(X), value(Y)); table '%s' has one key: write rows { ... }",
				     d->id);
		if (rows && rows->name)
			check_report(m, CHECK_ROW_SHAPE, rows->name_loc,
				     "'rows %s' names the rows of a value of the first key, which a table with 'columns by (KEY, KEY)' has; here write: rows { ... }",
				     rows->name);
		if (grid && grid->name)
			check_report(m, CHECK_ROW_SHAPE, grid->name_loc,
				     "'grid %s' names a variant's grid, which a table with 'columns by (VARIANT, odds(A, B))' has; here write: grid { ... }",
				     grid->name);
		if (grid)
			resolve_grid(m, d, t, mt, grid, cols != NULL);
		else if (!two_keys) {
			const ast_stmt *compared = compared_rows(m, d, t, mt->nrolled, rows != NULL);
			resolve_rows(m, d, t, mt, compared ? compared : rows);
		}
		if (dice >= 0)
			resolve_naturals(m, d, t);
		else if (!roll && !declares_rolls)
			for (const ast_stmt *s = d->body; s; s = s->next)
				if (s->kind == ST_NATURAL)
					check_report(m, CHECK_MISSING, s->loc,
						     "a natural-roll rule needs the table's roll; add: roll DICE;");
		resolve_rewrites(m, d, t);
		m->shape_muted = false;
		if ((!roll && !declares_rolls) || (dice >= 0 && m->rs.dice[dice].ngroups > 0))
			reachable(m, t, mt);
		else
			mt->has_rows = false; /* the dice error is the finding */
	}
}

/* A modifier that reads an open input ('int >= 0') reaches rolls far past
 * every number the rows write. The runtime reads a roll past roll_min or
 * roll_max from the column's open row ('<=3', '>=4'), so the rolls held one
 * by one need only reach from the least to the greatest number written;
 * a roll past them that no open row takes is a row-gap, reported already. */
static void narrow_span(const model_table *mt, size_t ncells, int64_t *lo, int64_t *hi)
{
	int64_t a = INT64_MAX, b = INT64_MIN;
	for (size_t k = 0; k < ncells; k++) {
		const model_cell *c = &mt->cells[k];
		if (c->lo > c->hi)
			continue; /* no rolls: a cell printed '—' */
		if (c->lo != INT64_MIN) {
			a = c->lo < a ? c->lo : a;
			b = c->lo > b ? c->lo : b;
		}
		if (c->hi != INT64_MAX) {
			a = c->hi < a ? c->hi : a;
			b = c->hi > b ? c->hi : b;
		}
	}
	if (a > b)
		a = b = *lo > 0 ? *lo : *hi < 0 ? *hi : 0; /* every row open at both ends */
	*lo = a > *lo ? a : *lo;
	*hi = b < *hi ? b : *hi;
}

void lower_tables(model *m)
{
	for (size_t i = 0; i < m->rs.ntables; i++) {
		rtab_table *t = &m->tables_built[i];
		model_table *mt = &m->tables[i];
		int64_t lo = mt->reach_lo, hi = mt->reach_hi;
		size_t n = t->nrows;

		check_line_conditions(m, i);

		for (size_t k = 0; k < n * t->ncolumns; k++) {
			const model_cell *c = &mt->cells[k];
			if (c->lo != INT64_MIN && c->lo < lo)
				lo = c->lo;
			if (c->hi != INT64_MAX && c->hi > hi)
				hi = c->hi;
		}
		if (hi - lo + 1 > MAX_SPAN)
			narrow_span(mt, n * t->ncolumns, &lo, &hi);
		if (hi - lo + 1 > MAX_SPAN) {
			check_report(m, CHECK_LIMITS, mt->def->id_loc,
				     "table '%s' spans the rolls %lld..%lld; the runtime holds at most %d",
				     t->id, (long long)lo, (long long)hi, MAX_SPAN);
			if (!t->capped)
				note_open_modifier_inputs(m, CHECK_LIMITS, t->modifiers, t->nmodifiers, 0);
			continue;
		}
		t->roll_min = (int32_t)lo;
		t->roll_max = (int32_t)hi;
		rtab_column *cols = mt->columns;
		for (size_t j = 0; j < t->ncolumns; j++) {
			cols[j].below_row = cols[j].above_row = -1;
			if (cols[j].kind != RTAB_COLUMN_ROLLED)
				continue; /* automatic: no rows */
			int16_t *dense = model_array(m, (size_t)(hi - lo + 1), sizeof *dense);
			for (int64_t r = lo; r <= hi; r++)
				dense[r - lo] = -1;
			for (size_t k = 0; k < n; k++) {
				const model_cell *c = &mt->cells[j * n + k];
				int64_t a = c->lo < lo ? lo : c->lo, b = c->hi > hi ? hi : c->hi;
				for (int64_t r = a; r <= b; r++)
					dense[r - lo] = (int16_t)c->row;
				if (c->lo == INT64_MIN)
					cols[j].below_row = (int16_t)c->row;
				if (c->hi == INT64_MAX)
					cols[j].above_row = (int16_t)c->row;
			}
			cols[j].row_of_roll = dense;
		}
	}
}
