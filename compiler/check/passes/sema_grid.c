/* SPDX-License-Identifier: MIT */
/*
 * Tables as printed: grids (a header line of column labels, then one line
 * per roll with one cell per column), computed columns (odds or a value,
 * read with a stated rounding), outcome codes, and rounding words.
 */
#include "check/passes/sema_grid.h"

#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_exact.h"
#include "check/passes/sema_expr.h"
#include "check/passes/sema_numeric.h"
#include "check/passes/sema_reading.h"
#include "check/passes/table_text.h"
#include "check/names/unknown.h"
#include "front/key_kinds.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows of one key a cell looks through before it starts a new row (see resolve_grids). */
#define GRID_KEY_WALK 64

const ast_stmt *table_word(model *m, const ast_def *d, stmt_kind kind)
{
	const ast_stmt *found = NULL;
	const char *word = stmt_kind_name(kind);
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != kind)
			continue;
		if (found) {
			check_report(m, CHECK_DUPLICATE, s->loc, "table '%s' has a second '%s'", d->id, word);
			check_note(m, found->loc, "the first '%s' is here", word);
			continue;
		}
		found = s;
	}
	return found;
}

/* The outcome whose 'code' statement names code, or -1 (a second one is reported once). */
static int find_code(model *m, const char *code, const ast_stmt **where)
{
	int found = -1;
	for (size_t i = 0; i < m->ndefs[DEF_OUTCOME]; i++)
		for (const ast_stmt *s = m->defs[DEF_OUTCOME][i]->body; s; s = s->next)
			if (s->kind == ST_CODE && s->ids &&
			    strcmp(s->ids->id, code) == 0 && found < 0) {
				found = (int)i;
				*where = s;
			}
	return found;
}

void check_outcome_codes(model *m)
{
	for (size_t i = 0; i < m->ndefs[DEF_OUTCOME]; i++) {
		const ast_def *d = m->defs[DEF_OUTCOME][i];
		const ast_stmt *mine = NULL;
		for (const ast_stmt *s = d->body; s; s = s->next) {
			const ast_stmt *first = NULL;
			if (s->kind != ST_CODE)
				continue;
			if (!s->ids || s->ids->next) {
				check_report(m, CHECK_MISSING, s->loc,
					     "an outcome's code is one short name, as the table prints it: code AE;");
				continue;
			}
			if (mine) {
				check_report(m, CHECK_DUPLICATE, s->loc, "outcome '%s' has a second code",
					     d->id);
				continue;
			}
			mine = s;
			int o = find_code(m, s->ids->id, &first);
			int same = model_find(m, DEF_OUTCOME, s->ids->id);
			if (o >= 0 && first != s) {
				check_report(m, CHECK_DUPLICATE, s->ids->loc,
					     "code '%s' is given to two outcomes", s->ids->id);
				check_note(m, first->ids->loc, "outcome '%s' has it",
					   m->defs[DEF_OUTCOME][o]->id);
			} else if (same >= 0 && (size_t)same != i) {
				check_report(m, CHECK_DUPLICATE, s->ids->loc,
					     "code '%s' is the name of another outcome", s->ids->id);
				check_note(m, m->defs[DEF_OUTCOME][same]->id_loc, "outcome '%s' is here",
					   s->ids->id);
			}
		}
	}
}

int outcome_of_name(model *m, const char *name)
{
	const ast_stmt *where;
	int o = model_find(m, DEF_OUTCOME, name);
	return o >= 0 ? o : find_code(m, name, &where);
}

int resolve_outcome_or_code(model *m, const char *name, src_loc loc)
{
	const ast_stmt *where;
	size_t n = 0, cap = m->ndefs[DEF_OUTCOME] * 2;
	int o = model_find(m, DEF_OUTCOME, name);
	if (o >= 0) {
		model_use(m, DEF_OUTCOME, o); /* as resolve_def does, without a second look-up */
		return o;
	}
	o = find_code(m, name, &where);
	if (o >= 0) {
		model_use(m, DEF_OUTCOME, o);
		return o;
	}
	o = numeric_lookup(m, name, loc);
	if (o >= 0) {
		model_use(m, DEF_OUTCOME, o);
		return o;
	}
	if (o == -2)
		return -1;
	/* Suggest among the ids and the codes. */
	const char **names = model_array(m, cap ? cap : 1, sizeof *names);
	for (size_t i = 0; i < m->ndefs[DEF_OUTCOME]; i++) {
		names[n++] = m->defs[DEF_OUTCOME][i]->id;
		for (const ast_stmt *s = m->defs[DEF_OUTCOME][i]->body; s; s = s->next)
			if (s->kind == ST_CODE && s->ids) {
				names[n++] = s->ids->id;
				break;
			}
	}
	report_unknown(m, loc, "outcome or code", name, names, n, sizeof *names);
	numeric_note_patterns(m, name, loc);
	return -1;
}

/* Compile the key of a computed column: odds(a, b), difference(a, b) or value(x). */
bool compile_key(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols)
{
	size_t nargs = 0;
	expr_type ty;
	for (const ast_expr *a = cols->expr; a; a = a->next_arg)
		nargs++;
	key_form form;
	if (!key_form_of_word(cols->name, &form)) {
		check_report(m, CHECK_UNKNOWN_NAME, cols->name_loc,
			     "a computed column is 'odds(A, B)', 'difference(A, B)' or 'value(X)', not '%s(...)'",
			     cols->name);
		return false;
	}
	size_t want_args = key_form_nargs(form);
	if (nargs != want_args) {
		check_report(m, CHECK_TYPE, cols->name_loc, "'%s' takes %d argument%s, not %zu",
			     cols->name, (int)want_args, want_args == 1 ? "" : "s", nargs);
		return false;
	}
	t->key_kind = (uint8_t)key_form_kind(form);
	bool odds = false, diff = false;
	switch (form) {
	case KEY_FORM_ODDS: odds = true; break;
	case KEY_FORM_DIFFERENCE: diff = true; break;
	case KEY_FORM_VALUE: break;
	}
	t->rounding = RTAB_ROUND_DOWN;
	const ast_id *word = cols->ids, *mode = word ? word->next : NULL;
	if (mode && strcmp(word->id, "round") != 0) {
		check_report(m, CHECK_TYPE, word->loc,
			     "after the key comes its rounding: 'round down', not '%s %s'", word->id,
			     mode->id);
		return false;
	}
	if (mode && !parse_column_rounding(m, mode, &t->rounding))
		return false;
	if (!compile_key_reading(m, t, cols))
		return false;
	/* The odds of two exact strengths (2.5:1) read as they are: the scale cancels. */
	rtab_type_kind want = odds ? EXPR_NUMERIC : RTAB_TYPE_INT;
	expr_type tb = {0};
	bool ok = compile_expr(m, cols->expr, want, &t->key_a, &ty);
	if (nargs == 2)
		ok &= compile_expr(m, cols->expr->next_arg, want, &t->key_b, &tb);
	if (ok && odds) { /* at a precision 1/N both sides are exact: the key reads 2.5:2 */
		expr_make_exact(m, &t->key_a, &ty);
		expr_make_exact(m, &t->key_b, &tb);
	}
	if (ok && diff) {
		/* a - b, as one program: key_a's, then key_b's, then SUB (jumps are relative). */
		size_t n = (size_t)t->key_a.ninstrs + t->key_b.ninstrs + 1;
		if (n > UINT16_MAX) {
			check_report(m, CHECK_LIMITS, cols->name_loc, "the key of table '%s' is too long",
				     d->id);
			return false;
		}
		rtab_instr *v = model_array(m, n, sizeof *v);
		memcpy(v, t->key_a.instrs, t->key_a.ninstrs * sizeof *v);
		memcpy(v + t->key_a.ninstrs, t->key_b.instrs, t->key_b.ninstrs * sizeof *v);
		v[n - 1] = (rtab_instr){RTAB_OP_SUB, 0};
		t->key_a = (rtab_expr){(uint16_t)n, v, NULL};
		t->key_b = (rtab_expr){0, NULL, NULL};
	}
	return ok;
}

size_t header_width(const ast_stmt *header)
{
	size_t n = 0;
	for (const ast_cell *c = header ? header->cells : NULL; c; c = c->next)
		n++;
	return n;
}

bool resolve_key_columns(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols,
			 const ast_stmt *header, rtab_column *columns, size_t first)
{
	for (const ast_cell *c = header ? header->cells : NULL; c; c = c->next)
		columns[first++].id = "?";
	first -= header_width(header);
	if (!compile_key(m, d, t, cols))
		return false;
	if (!header) {
		/* The row form gives each row its rolls per column, and no line for the
		 * columns' steps: a computed column is written as the printed grid. */
		const ast_stmt *rows = NULL;
		for (const ast_stmt *s = d->body; s && !rows; s = s->next)
			if (s->kind == ST_ROWS)
				rows = s;
		bool odds = key_reads_odds(t);
		check_report(m, CHECK_ROW_SHAPE, rows ? rows->loc : cols->loc,
			     rows ? "table '%s' chooses its column by %s(...), and its rows have no line for the columns' %s: write the %s over the columns above the first row (%s), then one row per outcome"
				  : "table '%s' chooses its column by %s(...) and has no grid (it has no line for the columns' %s): write one, its first line the %s (%s), each further line a roll and its cells (1  AR  DR)",
			     d->id, cols->name, odds ? "odds" : "values", odds ? "odds" : "values",
			     odds ? "1:2  1:1  2:1" : "<=-1  0  >=+1");
		if (rows)
			check_note(m, cols->loc, "the column is chosen here");
		return false;
	}
	return resolve_key_header(m, t, cols, header, columns, first);
}

bool names_over_values_misplaced(model *m, const ast_cell *c, const char *key)
{
	if (c->kind != CELL_RANGE || !c->name)
		return false;
	check_report(m, CHECK_ROW_SHAPE, c->name_loc,
		     "names over a line of values head a grid by value(...) or difference(...), and this table's columns are the values of '%s': its grid's first line names them (if the line under the names is a line of rolls, it lacks a cell)",
		     key);
	return true;
}

/* The header of a line of a table keyed by two enums: each column a value
 * of the second input, each value once, every value there. */
static bool resolve_enum_header(model *m, const rtab_table *t, const ast_stmt *cols,
				const ast_stmt *header, rtab_column *columns, size_t first)
{
	int key = table_enum_key_input(t);
	if (key < 0 || key >= m->rs.ninputs)
		return false;
	const rtab_input *in = &m->rs.inputs[key];
	const rtab_enum *e = &m->rs.enums[in->enum_index];
	const ast_cell **seen = xcalloc(e->nvalues ? e->nvalues : 1, sizeof *seen);
	bool ok = true;
	size_t j = first;
	/* A line of another kind (a line of rolls read as the first, when a syntax
	 * error dropped the first): one error, its names not looked up as values. */
	const ast_cell *wrong = header->cells;
	while (wrong && wrong->kind == CELL_NAME)
		wrong = wrong->next;
	for (const ast_cell *c = header->cells; c; c = c->next, j++) {
		columns[j].id = "?";
		if (wrong) {
			if (c == wrong && !names_over_values_misplaced(m, c, cols->name))
				check_report(m, CHECK_ROW_SHAPE, c->loc,
					     "the first line of a grid by (%s, %s) names a value of '%s' over each column",
					     cols->name2, cols->name, in->id);
			ok = false; /* one error for the line: the other cells are the same mistake */
			continue;
		}
		int v = resolve_enum_value(m, in->enum_index, c->name, c->loc);
		if (v < 0) {
			ok = false;
			continue;
		}
		if (seen[v]) {
			check_report(m, CHECK_COLUMNS, c->loc, "value '%s' of '%s' has two columns on this line",
				     c->name, in->id);
			check_note(m, seen[v]->loc, "the first is here");
			ok = false;
			continue;
		}
		seen[v] = c;
		columns[j].id = e->values[v].id;
	}
	for (size_t v = 0; v < e->nvalues && ok; v++)
		if (!seen[v]) {
			check_report(m, CHECK_COLUMNS, header->loc,
				     "value '%s' of '%s' has no column on this line; add it to the grid's first line",
				     e->values[v].id, in->id);
			ok = false;
		}
	free(seen);
	return ok;
}

/* The value under a named column as the grid prints it, for the exports. */
static void keep_printed_value(model *m, const rtab_table *t, size_t column, const ast_cell *c)
{
	model_table *mt = &m->tables[t - m->rs.tables];
	char written[64];
	if (!diag_source_word(m->diag, c->loc, written, sizeof written))
		format_rolls(written, sizeof written, c->lo, c->hi);
	struct model_printed_value *v =
		model_array(m, mt->nprinted_values + 1, sizeof *mt->printed_values);
	if (mt->nprinted_values)
		memcpy(v, mt->printed_values, mt->nprinted_values * sizeof *v);
	v[mt->nprinted_values++] = (struct model_printed_value){(uint16_t)column,
								arena_strdup(&m->arena, written)};
	mt->printed_values = v;
}

/* Whether a header gives what its key reads over every column: odds, or
 * values (under printed names or not). One error for a line of the wrong
 * kind, at its first wrong cell: the rest are the same mistake. */
static bool header_cells_fit(model *m, const rtab_table *t, const ast_stmt *cols,
			     const ast_stmt *header)
{
	bool odds = key_reads_odds(t);
	size_t names = 0, values = 0, named = 0;
	for (const ast_cell *c = header->cells; c; c = c->next) {
		names += c->kind == CELL_NAME || (c->kind == CELL_RANGE && c->name);
		values += c->kind == CELL_RANGE;
		named += c->kind == CELL_RANGE && c->name;
	}
	if (!odds && named && (names != named || values != named)) {
		const ast_cell *c = header->cells;
		while (c->kind == CELL_RANGE && c->name)
			c = c->next;
		check_report(m, CHECK_ROW_SHAPE, c->loc,
			     "the grid prints %zu column name%s over %zu value%s; give each column its name and, under it, the value it starts at",
			     names, names == 1 ? "" : "s", values, values == 1 ? "" : "s");
		return false;
	}
	for (const ast_cell *c = header->cells; c; c = c->next) {
		if (odds && c->kind == CELL_RANGE && c->name) {
			check_report(m, CHECK_ROW_SHAPE, c->name_loc,
				     "names over the columns' values head a grid by value(...) or difference(...); a grid by odds(...) prints each column's odds: 1:2  1:1  2:1 (a column's name is its odds)");
			return false;
		}
		if (odds ? c->kind == CELL_RATIO : c->kind == CELL_RANGE)
			continue;
		if (odds && (c->kind == CELL_COLON || (c->next && c->next->kind == CELL_COLON)))
			check_report(m, CHECK_ROW_SHAPE, c->loc,
				     "the odds of a column are two numbers joined by ':', with no blank between them, like 1:4 or 1.5:1");
		else if (odds)
			check_report(m, CHECK_ROW_SHAPE, c->loc,
				     "the first line of an odds grid gives the odds of each column, like 1:4 or 1.5:1");
		else if (c->kind == CELL_NAME)
			check_report(m, CHECK_ROW_SHAPE, c->loc,
				     "the first line of a grid by %s(...) gives the value each column starts at; where the page prints a name over each column, write the names on the first line and the values under them: light  medium  heavy, then 0-2  3-5  6+",
				     cols->name);
		else
			check_report(m, CHECK_ROW_SHAPE, c->loc,
				     "the first line of a grid by %s(...) gives the value each column starts at, like -3, 0, +2 or 1-2",
				     cols->name);
		return false;
	}
	return true;
}

/* A value column's cell as the page prints it (34..50, <=-1), into buf: its
 * word, and a sign written apart from its number (<= -1) joined to it. */
static bool column_as_written(model *m, const ast_cell *c, char *buf, size_t n)
{
	if (!diag_source_word(m->diag, c->loc, buf, n))
		return false;
	size_t sign = strspn(buf, "<>=");
	if (sign < strlen(buf))
		return true;
	char line[160];
	if (!diag_source_until(m->diag, c->loc, "", line, sizeof line))
		return false;
	const char *number = line + sign + strspn(line + sign, " \t");
	size_t len = strcspn(number, " \t");
	if (len == 0 || sign + len >= n)
		return false;
	memcpy(buf + sign, number, len);
	buf[sign + len] = '\0';
	return true;
}

bool resolve_key_header(model *m, rtab_table *t, const ast_stmt *cols, const ast_stmt *header,
			rtab_column *columns, size_t first)
{
	if (header && key_reads_enum(t))
		return resolve_enum_header(m, t, cols, header, columns, first);
	if (!header) {
		check_report(m, CHECK_ROW_SHAPE, cols->loc,
			     "a table whose column is computed is written as a grid: grid { 1:4 1:3 ... (the steps) then one line per roll }");
		return false;
	}
	size_t j = first;
	bool ok = true, odds = key_reads_odds(t);
	model_table *mt = &m->tables[t - m->rs.tables];
	for (const ast_cell *c = header->cells; c; c = c->next, j++)
		columns[j].id = "?"; /* until the header gives it */
	if (!header_cells_fit(m, t, cols, header))
		return false;
	j = first;
	for (const ast_cell *c = header->cells; c; c = c->next, j++) {
		rtab_column *col = &columns[j];
		char label[64];
		if (odds && (c->lo < 0 || c->hi < 1)) {
			check_report(m, CHECK_BAD_RANGE, c->loc,
				     "a column's odds are A:B with A at least 0 and B at least 1 (a zero side is read by 'below' and 'above', or gives no result)");
			ok = false;
			continue;
		}
		if (odds && (c->lo > RTAB_MAX_STEP_TERM || c->hi > RTAB_MAX_STEP_TERM)) {
			check_report(m, CHECK_LIMITS, c->loc,
				     "the terms of a column's odds are at most %d", RTAB_MAX_STEP_TERM);
			ok = false;
			continue;
		}
		/* A value column starts at its low end; an open low end is the first column. */
		int64_t lo = odds ? c->lo : c->lo == INT64_MIN ? c->hi : c->lo;
		if (!odds && (lo < INT32_MIN + 1 || lo > INT32_MAX - 1)) {
			check_report(m, CHECK_LIMITS, c->loc, "a column's value must fit in 32 bits");
			ok = false;
			continue;
		}
		col->step_num = (int32_t)lo;
		col->step_den = odds ? (int32_t)c->hi : 1;
		format_step(label, sizeof label, t, col->step_num, col->step_den);
		char written[64];
		if (c->name) {
			/* A value column under its printed name (light over 0-2) is named so. */
			col->id = arena_strdup(&m->arena, c->name);
			keep_printed_value(m, t, j, c);
			for (size_t k = first; k < j; k++)
				if (strcmp(columns[k].id, col->id) == 0) {
					check_report(m, CHECK_DUPLICATE, c->name_loc,
						     "two columns of this grid are named '%s'; give each column its printed name",
						     c->name);
					ok = false;
					break;
				}
		} else if (!odds && column_as_written(m, c, written, sizeof written)) {
			/* A value column is named as the page prints it: 34..50, not +34..+50
			 * (the ';' that may end a rows block's header of steps is no part of it). */
			size_t len = strlen(written);
			if (len > 1 && written[len - 1] == ';')
				written[len - 1] = '\0';
			col->id = arena_strdup(&m->arena, written);
		} else if (!odds && (c->lo == INT64_MIN || c->hi == INT64_MAX || c->lo != c->hi)) {
			/* As printed: <=-3, >=+6, 1..2. */
			char hi[32];
			format_step(hi, sizeof hi, t, c->hi == INT64_MAX ? 0 : c->hi, 1);
			char whole[160];
			if (c->lo == INT64_MIN)
				snprintf(whole, sizeof whole, "<=%s", label);
			else if (c->hi == INT64_MAX)
				snprintf(whole, sizeof whole, ">=%s", label);
			else
				snprintf(whole, sizeof whole, "%s..%s", label, hi);
			col->id = arena_strdup(&m->arena, whole);
		} else {
			col->id = arena_strdup(&m->arena, label);
		}
		if (!odds && !c->name) /* named by its steps: compared under one spelling of them */
			model_column_steps(m, mt, j, c->lo, c->hi);
		if (j > first && strcmp(columns[j - 1].id, "?") != 0) {
			const rtab_column *prev = &columns[j - 1];
			bool rises = odds ? (int64_t)col->step_num * prev->step_den >
						    (int64_t)prev->step_num * col->step_den
					  : col->step_num > prev->step_num;
			if (!rises && header->kind == ST_ODDS_LINE && header->name) {
				/* An odds line: its odds rise as the result columns under them do. */
				check_report(m, CHECK_ROW_SHAPE, c->loc,
					     "the odds of odds line '%s' must rise from left to right, one per result column: %s comes after %s; write them in the printed order, each over its result column",
					     header->name, col->id, prev->id);
				ok = false;
			} else if (!rises && c->name) {
				check_report(m, CHECK_ROW_SHAPE, c->loc,
					     "the columns must rise from left to right: %s (from %d) comes after %s (from %d)",
					     col->id, (int)col->step_num, prev->id, (int)prev->step_num);
				ok = false;
			} else if (!rises) {
				check_report(m, CHECK_ROW_SHAPE, c->loc,
					     "the columns must rise from left to right: %s comes after %s",
					     col->id, prev->id);
				ok = false;
			}
		}
	}
	return ok && apply_thresholds(m, t, cols, header, columns, first);
}

/* A grid line's roll: its first item, as a range. */
static bool line_roll(model *m, const ast_stmt *line, int64_t *lo, int64_t *hi, const ast_cell **rest)
{
	const ast_cell *c = line->cells;
	if (c->kind != CELL_RANGE) {
		check_report(m, CHECK_ROW_SHAPE, c->loc,
			     "a line of a grid starts with its roll: 1, 2-3, <=0, >=9 or 6+");
		return false;
	}
	*lo = c->lo;
	*hi = c->hi;
	if (c->lo > c->hi) {
		check_report(m, CHECK_BAD_RANGE, c->loc,
			     "the range %lld-%lld is empty; write the low end first", (long long)c->lo,
			     (long long)c->hi);
		return false;
	}
	c = c->next;
	if (c && c->kind == CELL_COLON)
		c = c->next;
	*rest = c;
	return true;
}

/* Rows of a grid under construction: the cells are column-major with room
 * for stride rows, grown as rows appear (a grid's rows are far fewer than its
 * cells times its columns). Rows with the same outcome, rule and reason are
 * chained in creation order, so that a cell looks only at its own kind. */
typedef struct grid_rows {
	size_t stride, ncolumns;
	idmap keys;	   /* "outcome, rule, reason" -> key */
	int *first_of_key, *last_of_key;
	size_t nkeys, keys_cap;
	int *next_of_key; /* per row: the next row of its key */
	/* The key of a known outcome's cell that has neither rule nor reason of its own, by
	 * outcome (-1: none yet): nearly every cell of a grid, found without building its text. */
	int *plain_key;
	size_t nplain;
	/* By key: its rows; by key and column: how many of them have a cell there, and the
	 * highest roll of those cells. When every row of a key has a cell in a column and none
	 * reaches the roll before a line's, no row of the key runs on to that line there: a
	 * new row, without walking the key's rows (lines in order of rolls, the usual case). */
	size_t *rows_of_key, *filled;
	int64_t *max_hi;
	/* By key and column: the last row of the key, in its order, known to have a
	 * cell in the column (-1: none yet). A row never loses a cell, so the rows
	 * before it need no second look: lines that overlap the rows of their key
	 * (a line copied 3,000 times) take a row free in their column without
	 * walking them, rather than start a row each, which would make the model's
	 * cells (rows x columns) grow with the square of the table. */
	int *filled_upto;
} grid_rows;

/* Beyond this many cells (rows x columns) check refuses a grid rather than
 * exhaust memory: no printed table comes near it. */
#define GRID_MODEL_CELLS ((size_t)1 << 22)

static model_cell *new_cells(size_t stride, size_t ncolumns)
{
	size_t n = stride * (ncolumns ? ncolumns : 1);
	model_cell *cells = xcalloc(n, sizeof *cells);
	for (size_t k = 0; k < n; k++) {
		cells[k].lo = 1; /* absent until a cell names the row */
		cells[k].hi = 0;
	}
	return cells;
}

static model_cell *restride(model_cell *cells, size_t from, size_t to, size_t nrows,
			    size_t ncolumns)
{
	model_cell *moved = new_cells(to, ncolumns);
	for (size_t j = 0; j < ncolumns; j++)
		for (size_t r = 0; r < nrows; r++) {
			moved[j * to + r] = cells[j * from + r];
			moved[j * to + r].row = (uint16_t)r;
		}
	free(cells);
	return moved;
}

static bool room_for_row(model *m, const ast_def *d, model_table *mt, grid_rows *g, size_t nrows,
			 const ast_stmt *grid)
{
	if (nrows < g->stride)
		return true;
	if ((nrows + 1) * (g->ncolumns ? g->ncolumns : 1) > GRID_MODEL_CELLS) {
		check_report(m, CHECK_LIMITS, grid->loc,
			     "the grid of table '%s' makes more than %zu rows over %zu columns, more "
			     "than check holds (%zu); split it into several tables",
			     d->id, nrows, g->ncolumns, GRID_MODEL_CELLS);
		return false;
	}
	size_t most = GRID_MODEL_CELLS / (g->ncolumns ? g->ncolumns : 1);
	size_t stride = g->stride * 2 < most ? g->stride * 2 : most;
	mt->cells = restride(mt->cells, g->stride, stride, nrows, g->ncolumns);
	g->stride = stride;
	return true;
}

static int row_key(model *m, grid_rows *g, int outcome, const char *name, const char *rule,
		   const char *text)
{
	bool plain = outcome >= 0 && !rule && !text;
	if (plain && (size_t)outcome < g->nplain && g->plain_key[outcome] >= 0)
		return g->plain_key[outcome];
	strbuf sb = {0};
	if (outcome >= 0)
		sb_printf(&sb, "#%d", outcome);
	else
		sb_printf(&sb, "?%s", name);
	/* A missing rule or reason differs from every string, the empty one too. */
	sb_puts(&sb, rule ? "\x1f=" : "\x1f-");
	sb_puts(&sb, rule ? rule : "");
	sb_puts(&sb, text ? "\x1f=" : "\x1f-");
	sb_puts(&sb, text ? text : "");
	int key = idmap_get(&g->keys, sb.data);
	if (key < 0) {
		if (g->nkeys == g->keys_cap) {
			g->keys_cap = g->keys_cap ? 2 * g->keys_cap : 16;
			g->first_of_key = xrealloc(g->first_of_key, g->keys_cap * sizeof *g->first_of_key);
			g->last_of_key = xrealloc(g->last_of_key, g->keys_cap * sizeof *g->last_of_key);
			g->rows_of_key = xrealloc(g->rows_of_key, g->keys_cap * sizeof *g->rows_of_key);
			size_t ncols = g->ncolumns ? g->ncolumns : 1;
			g->filled = xrealloc(g->filled, g->keys_cap * ncols * sizeof *g->filled);
			g->max_hi = xrealloc(g->max_hi, g->keys_cap * ncols * sizeof *g->max_hi);
			g->filled_upto = xrealloc(g->filled_upto, g->keys_cap * ncols * sizeof *g->filled_upto);
		}
		key = (int)g->nkeys++;
		g->first_of_key[key] = g->last_of_key[key] = -1;
		g->rows_of_key[key] = 0;
		for (size_t j = 0; j < (g->ncolumns ? g->ncolumns : 1); j++) {
			g->filled[(size_t)key * (g->ncolumns ? g->ncolumns : 1) + j] = 0;
			g->max_hi[(size_t)key * (g->ncolumns ? g->ncolumns : 1) + j] = INT64_MIN;
			g->filled_upto[(size_t)key * (g->ncolumns ? g->ncolumns : 1) + j] = -1;
		}
		idmap_put(&g->keys, arena_strdup(&m->arena, sb.data), key);
	}
	sb_free(&sb);
	if (plain) {
		if ((size_t)outcome >= g->nplain) {
			size_t n = (size_t)outcome + 16;
			g->plain_key = xrealloc(g->plain_key, n * sizeof *g->plain_key);
			for (size_t k = g->nplain; k < n; k++)
				g->plain_key[k] = -1;
			g->nplain = n;
		}
		g->plain_key[outcome] = key;
	}
	return key;
}

/* The first row of key with no cell in column col (kc: the key's and the
 * column's index), or -1: past GRID_KEY_WALK rows of one key, a cell takes
 * such a row rather than a new one. */
static int free_row(grid_rows *g, const model_cell *cells, int key, size_t col, size_t kc)
{
	int row = g->filled_upto[kc] < 0 ? g->first_of_key[key] : g->next_of_key[g->filled_upto[kc]];
	for (; row >= 0; row = g->next_of_key[row]) {
		const model_cell *mc = &cells[col * g->stride + (size_t)row];
		if (mc->lo > mc->hi)
			return row;
		g->filled_upto[kc] = row;
	}
	return -1;
}

static void add_row_of_key(grid_rows *g, int key, int row)
{
	g->rows_of_key[key]++;
	g->next_of_key[row] = -1;
	if (g->last_of_key[key] >= 0)
		g->next_of_key[g->last_of_key[key]] = row;
	else
		g->first_of_key[key] = row;
	g->last_of_key[key] = row;
}

void resolve_grid(model *m, const ast_def *d, rtab_table *t, model_table *mt, const ast_stmt *grid,
		  bool has_header)
{
	grid_part part = {.grid = grid, .first = mt->first_rolled, .width = mt->nrolled};
	resolve_grids(m, d, t, mt, &part, 1, has_header);
}

/* The first line after a grid's header; ast_grid_next gives the others. */
static const ast_stmt *grid_lines(ast_grid_walk *walk, const ast_stmt *grid, bool has_header)
{
	const ast_stmt *line = ast_grid_first(walk, grid);
	while (line && line->kind == ST_ODDS_LINE) /* the odds above the header */
		line = ast_grid_next(walk);
	return has_header && line ? ast_grid_next(walk) : line;
}

/* The lines of a grid, the header's too but not the odds above it: the
 * body's and the compact ones. */
static size_t grid_nlines(const ast_stmt *grid)
{
	size_t n = grid->lines ? grid->lines->nlines : 0;
	for (const ast_stmt *l = grid->body; l; l = l->next)
		n += l->kind != ST_ODDS_LINE;
	return n;
}

/* How many columns the k-th cell of a grid's lines fills, and the i-th of them. */
static size_t part_targets(const grid_part *part, size_t k)
{
	return part->spread ? part->nspread[k] : 1;
}

static size_t part_column(const grid_part *part, size_t k, size_t i)
{
	return part->spread ? part->spread[k][i] : part->first + k;
}

/* The cells of a grid line after its roll (and the ':' after it), or
 * SIZE_MAX for a line that starts with no roll (reported by line_roll). */
static size_t line_width(const ast_stmt *l)
{
	const ast_cell *c = l->cells;
	if (!c || c->kind != CELL_RANGE)
		return SIZE_MAX;
	c = c->next;
	if (c && c->kind == CELL_COLON)
		c = c->next;
	size_t n = 0;
	for (; c; c = c->next)
		n++;
	return n;
}

/* The width the lines of a part are held to. A header the lines do not fit
 * is one mistake, said once: when the header was refused (header_bad), the
 * lines are held to the width most of them give; when every line gives one
 * width and the header another, one error at the header says so (and true
 * is returned: the lines are not reported one by one). */
static bool lines_fit_header(model *m, const ast_def *d, const grid_part *part, bool has_header,
			     bool header_bad, size_t *want)
{
	size_t width = part->width, nlines = 0, modal = width, modal_n = 0;
	/* The widths met, each with its count: a grid has few. */
	size_t seen[8], count[8], nseen = 0;
	bool all_same = true;
	size_t first = SIZE_MAX;
	ast_grid_walk walk = {0};
	for (const ast_stmt *l = grid_lines(&walk, part->grid, has_header); l; l = ast_grid_next(&walk)) {
		size_t w = l->kind == ST_ODDS_LINE ? SIZE_MAX : line_width(l);
		if (w == SIZE_MAX)
			continue;
		nlines++;
		if (first == SIZE_MAX)
			first = w;
		all_same &= w == first;
		size_t k = 0;
		while (k < nseen && seen[k] != w)
			k++;
		if (k == nseen && nseen < sizeof seen / sizeof *seen) {
			seen[nseen] = w;
			count[nseen++] = 0;
		}
		if (k < nseen && ++count[k] > modal_n) {
			modal_n = count[k];
			modal = w;
		}
	}
	ast_grid_walk_end(&walk);
	*want = width;
	if (header_bad) {
		*want = modal_n ? modal : width;
		return false;
	}
	if (nlines < 2 || !all_same || first == width)
		return false;
	const ast_stmt *header = has_header ? ast_grid_header(part->grid) : NULL;
	if (header)
		check_report(m, CHECK_ROW_SHAPE, header->loc,
			     width > first ? "the first line of the grid names %zu column%s, but every line under it gives %zu cell%s; take the column the page does not print out of the first line, or give each line its cell there ('—' where the table prints no result)"
					   : "the first line of the grid names %zu column%s, but every line under it gives %zu cell%s; name the missing column on the first line, over its cells, or take the extra cell out of each line",
			     width, width == 1 ? "" : "s", first, first == 1 ? "" : "s");
	else
		check_report(m, CHECK_ROW_SHAPE, part->grid->loc,
			     "every line of the grid of table '%s' gives %zu cells after its roll, but the table has %zu column%s; give it its columns ('columns by ...' and a first line naming them), or each line %zu cell%s",
			     d->id, first, width, width == 1 ? "" : "s", width, width == 1 ? "" : "s");
	return true;
}

void resolve_grids(model *m, const ast_def *d, rtab_table *t, model_table *mt,
		   const grid_part *parts, size_t nparts, bool has_header)
{
	/* A header already refused: the lines are not held to its width. */
	bool header_bad = mt->shape_bad;
	size_t cap = 0, most_lines = 1;
	for (size_t p = 0; p < nparts; p++) {
		size_t nlines = grid_nlines(parts[p].grid);
		nlines -= has_header && nlines ? 1 : 0;
		most_lines = nlines > most_lines ? nlines : most_lines;
		if (nlines == 0 && !d->damaged)
			check_report(m, CHECK_ROW_SHAPE, parts[p].grid->loc,
				     "the grid of table '%s' has no lines; add one per roll: 1  AE  DR ...",
				     d->id);
		size_t filled = 0;
		for (size_t k = 0; k < parts[p].width; k++)
			filled += part_targets(&parts[p], k);
		cap += nlines * (filled ? filled : 1);
	}
	if (cap > RTAB_MAX_ITEMS) {
		check_report(m, CHECK_LIMITS, parts[0].grid->loc,
			     "table '%s' has %zu cells; the runtime holds at most %d", d->id, cap,
			     RTAB_MAX_ITEMS);
		return;
	}
	rtab_row *out = model_array(m, cap ? cap : 1, sizeof *out);
	mt->row_names = xcalloc(cap ? cap : 1, sizeof *mt->row_names);
	mt->row_locs = xcalloc(cap ? cap : 1, sizeof *mt->row_locs);
	t->rows = out;
	/* Room for a row per line of the longest grid: what a grid whose cells
	 * do not run on from line to line needs, without growing. */
	size_t fits = GRID_MODEL_CELLS / (t->ncolumns ? t->ncolumns : 1);
	grid_rows g = {.stride = most_lines < fits ? most_lines : (fits ? fits : 1),
		       .ncolumns = t->ncolumns};
	g.next_of_key = xcalloc(cap ? cap : 1, sizeof *g.next_of_key);
	mt->cells = new_cells(g.stride, t->ncolumns);
	ast_grid_walk walk = {0};
	check_cap_begin(m, d->id, d->id_loc);
	for (size_t p = 0; p < nparts; p++) {
		size_t width = parts[p].width, want = width;
		if (lines_fit_header(m, d, &parts[p], has_header, header_bad, &want)) {
			mt->shape_bad = true;
			continue;
		}
		ast_grid_walk_end(&walk);
		for (const ast_stmt *l = grid_lines(&walk, parts[p].grid, has_header); l; l = ast_grid_next(&walk)) {
			int64_t lo, hi;
			const ast_cell *c;
			size_t ncells = 0;
			if (l->kind == ST_ODDS_LINE)
				continue; /* below the header: reported by the odds lines' check */
			if (!line_roll(m, l, &lo, &hi, &c)) {
				mt->shape_bad = true;
				continue;
			}
			for (const ast_cell *x = c; x; x = x->next)
				ncells++;
			if (ncells != width) {
				char roll[64];
				format_rolls(roll, sizeof roll, lo, hi);
				if (ncells == want)
					; /* as most lines give: the header is the mistake, said already */
				else if (want != width)
					check_report(m, CHECK_ROW_SHAPE, l->cells->loc,
						     "the line for roll %s gives %zu cell%s, but the other lines give %zu; write '—' where the table prints no result",
						     roll, ncells, ncells == 1 ? "" : "s", want);
				else
					check_report(m, CHECK_ROW_SHAPE, l->cells->loc,
						     "the line for roll %s gives %zu cell%s, but the grid has %zu column%s; write '—' where the table prints no result",
						     roll, ncells, ncells == 1 ? "" : "s", width, width == 1 ? "" : "s");
				mt->shape_bad = true;
				continue;
			}
			/* A row per outcome (with its rule and reason) while, in every column, its
			 * rolls run on from the line before; else a new row. */
			size_t k = 0;
			for (const ast_cell *x = c; x; x = x->next, k++) {
				if (x->kind == CELL_ABSENT)
					continue;
				const char *name = x->kind == CELL_NAME ? x->name : numeric_cell_text(m, x);
				if (!name) {
					check_report(m, CHECK_ROW_SHAPE, x->loc,
						     "a cell of a grid is an outcome, an outcome's code, or '—' for no result");
					mt->shape_bad = true;
					continue;
				}
				int o = resolve_outcome_or_code(m, name, x->loc);
				/* Under odds lines, one cell of the grid is the cell of each line's column over it. */
				for (size_t target = 0; target < part_targets(&parts[p], k); target++) {
					size_t col = part_column(&parts[p], k, target);
					/* A cell a variant patched reads its patch's rule and reason. */
					const char *rule = x->patched ? x->rule : l->rule, *text = x->patched ? x->text : l->text;
					int key = row_key(m, &g, o, name, rule, text);
					/* A printed grid has few rows of one key; only lines that
					 * overlap earlier ones make a long chain, and past
					 * GRID_KEY_WALK rows a new row is started, so that such a
					 * grid costs linear time (the overlap is reported anyway). */
					int row = g.first_of_key[key], walked = 0;
					size_t kc = (size_t)key * (g.ncolumns ? g.ncolumns : 1) + col;
					if (g.filled[kc] == g.rows_of_key[key] && lo != INT64_MIN && g.max_hi[kc] < lo - 1)
						row = -1; /* every row of the key ends before the roll before */
					for (; row >= 0; row = g.next_of_key[row]) {
						const model_cell *mc = &mt->cells[(size_t)col * g.stride + (size_t)row];
						if (mc->lo > mc->hi || (mc->hi != INT64_MAX && mc->hi + 1 == lo))
							break;
						if (++walked == GRID_KEY_WALK) {
							row = free_row(&g, mt->cells, key, col, kc);
							break;
						}
					}
					if (row < 0) {
						if (!room_for_row(m, d, mt, &g, t->nrows, parts[p].grid)) {
							mt->shape_bad = true;
							goto done;
						}
						row = (int)t->nrows++;
						add_row_of_key(&g, key, row);
						out[row].outcome = (uint16_t)(o < 0 ? 0 : o);
						out[row].rules = part_rule_refs(m, rule ? rule : d->rule, &out[row].rule);
						out[row].provisional = arena_strdup(&m->arena, text);
						mt->row_names[row] = name;
						mt->row_locs[row] = x->loc;
					}
					model_cell *mc = &mt->cells[(size_t)col * g.stride + (size_t)row];
					if (mc->lo > mc->hi) {
						mc->lo = lo;
						mc->loc = x->loc;
						g.filled[kc]++;
					}
					mc->hi = hi;
					if (hi > g.max_hi[kc])
						g.max_hi[kc] = hi;
					mc->row = (uint16_t)row;
				}
			}
		}
	}
	/* A dead column, printed '—' on every line ("no attack at 1:3"), gives no
	 * result as 'below none' does, rather than a gap at every roll. */
	for (size_t p = 0; p < nparts && !mt->shape_bad; p++)
		for (size_t k = 0; k < parts[p].width && grid_nlines(parts[p].grid) > (has_header ? 1u : 0u); k++)
			for (size_t target = 0; target < part_targets(&parts[p], k); target++) {
				size_t j = part_column(&parts[p], k, target);
				rtab_column *col = &mt->columns[j];
				bool dead = col->kind == RTAB_COLUMN_ROLLED;
				for (size_t r = 0; dead && r < t->nrows; r++) {
					const model_cell *mc = &mt->cells[j * g.stride + r];
					dead = mc->lo > mc->hi;
				}
				if (dead) {
					col->kind = RTAB_COLUMN_NONE;
					col->below_row = col->above_row = -1;
				}
			}
done:
	check_cap_end(m);
	ast_grid_walk_end(&walk);
	free(g.next_of_key);
	free(g.first_of_key);
	free(g.last_of_key);
	free(g.plain_key);
	free(g.rows_of_key);
	free(g.filled);
	free(g.max_hi);
	free(g.filled_upto);
	idmap_free(&g.keys);
	/* The checks read the cells with a stride of nrows. */
	if (g.stride != t->nrows)
		mt->cells = restride(mt->cells, g.stride, t->nrows ? t->nrows : 1, t->nrows,
				     t->ncolumns);
	mt->has_rows = t->nrows > 0 && !mt->shape_bad;
}
