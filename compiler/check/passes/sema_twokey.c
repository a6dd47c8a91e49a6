/* SPDX-License-Identifier: MIT */
/*
 * Two keys: a table whose column is chosen by a variant (an enum input) and
 * a computed key (odds, a difference, a value), "variant x odds":
 *
 *   table crt {
 *     roll d6;
 *     columns by (attack_kind, odds(attack, defence)) round down;
 *     below none;
 *     grid normal     {      1:2  1:1  2:1  3:1
 *                       1-3  AR   AR   DR   DR
 *                       4-6  AR   DR   DR   DE  }
 *     grid determined {      1:1  2:1  3:1
 *                       ...                     }
 *   }
 *
 * One grid per value of the variant, each with its own columns. They lower
 * to one run of columns per value (rtab_table.column_of_value and
 * column_end_of_value): the odds read, and the shifts move and clamp,
 * within the variant's run; 'below' and 'above' end every run.
 *
 * Or one grid of result columns under odds lines, as a terrain-lined CRT
 * prints it: each line gives the odds every result column stands for on
 * that line, staggered, and may start later or end earlier:
 *
 *     grid {
 *       clear:        1:3  1:2  1:1  2:1  3:1
 *       woods, town:  -    1:3  1:2  1:1  2:1
 *                     1    2    3    4    5
 *       1-3           AR   AR   NE   DR   DR
 *       4-6           AR   NE   DR   DR   DE  }
 *
 * Each line lowers to a run of columns as a grid of its own would, whose
 * cells are those of the result columns under its odds: the grid is
 * written and checked once, and the runtime sees the same two-key model.
 */
#include "check/passes/sema_twokey.h"

#include "check/checks.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_ends.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_lines.h"
#include "check/passes/sema_reading.h"
#include "check/passes/sema_rows.h"
#include "front/key_kinds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The values a grid (or an odds line) serves: its name, then its further ids. */
static size_t claim_values(model *m, const rtab_input *input, const ast_stmt *g,
			   const ast_stmt **owner, const char *what, int *values)
{
	size_t nvalues = 0;
	bool named_ok = true;
	for (const ast_id *extra = NULL, *next = g->ids;; extra = next, next = next ? next->next : NULL) {
		const char *vid = extra ? extra->id : g->name;
		src_loc vloc = extra ? extra->loc : g->name_loc;
		int v = resolve_enum_value(m, input->enum_index, vid, vloc);
		if (v < 0) {
			named_ok = false;
		} else if (owner[v]) {
			check_report(m, CHECK_COLUMNS, vloc, "value '%s' of '%s' has two %ss", vid,
				     input->id, what);
			check_note(m, owner[v]->name_loc, "its first %s is here",
				   owner[v]->kind == ST_ODDS_LINE ? "odds line" : owner[v]->kind == ST_ROWS ? "rows block" : "grid");
			named_ok = false;
		} else if (nvalues < RTAB_MAX_ITEMS) {
			owner[v] = g;
			values[nvalues++] = v;
		}
		if (!next)
			break;
	}
	return named_ok ? nvalues : 0;
}

/* Each column of a run is named as printed, after its variant: "determined
 * 3:1", or after the values its grid (or odds line) serves: "woods, town 2:1". */
static void name_run(model *m, model_table *mt, const rtab_enum *e, const int *values,
		     size_t nvalues, rtab_column *columns, size_t run, size_t end)
{
	strbuf line = {0};
	for (size_t k = 0; k < nvalues; k++)
		sb_printf(&line, "%s%s", k ? ", " : "", e->values[values[k]].id);
	for (size_t j = run; j < end; j++) {
		char name[512];
		snprintf(name, sizeof name, "%s %s", line.data, columns[j].id ? columns[j].id : "?");
		columns[j].id = arena_strdup(&m->arena, name);
		mt->column_steps[j] = NULL; /* named by its run */
	}
	sb_free(&line);
}

/* How many columns a grid makes: its own, or its odds lines' (each with its ends). */
static size_t grid_columns(const ast_stmt *g)
{
	if (!g->body || g->body->kind != ST_ODDS_LINE)
		return header_width(g->body) + 2;
	size_t n = 0;
	for (const ast_stmt *l = g->body; l && l->kind == ST_ODDS_LINE; l = l->next)
		n += header_width(l) + 2;
	return n;
}

/* The steps of an odds line, each over its result column (result[i]), in a
 * list of their own that resolve_key_header reads as a grid's header; false
 * (reported) if a step stands over no result column or after a gap. */
static bool line_steps(model *m, const ast_stmt *line, size_t nresults, ast_stmt *steps,
		       ast_cell *copies, uint16_t *result, size_t *nsteps)
{
	bool ok = true, ended = false;
	size_t k = 0, n = 0;
	for (const ast_cell *c = line->cells; c; c = c->next, k++) {
		if (c->kind == CELL_ABSENT) {
			ended = n > 0;
			continue;
		}
		if (k >= nresults) {
			check_report(m, CHECK_ODDS_LINES, c->loc,
				     "odds line '%s' has more odds than the grid has result columns (%zu): each odds stands over a result column of the header",
				     line->name, nresults);
			return false;
		}
		if (ended && ok) {
			check_report(m, CHECK_ODDS_LINES, c->loc,
				     "odds line '%s' breaks off before result column %zu: a line runs without a gap, '—' only before its first odds or after its last",
				     line->name, k + 1);
			ok = false;
		}
		copies[n] = *c;
		copies[n].next = NULL;
		if (n)
			copies[n - 1].next = &copies[n];
		result[n++] = (uint16_t)(k + 1);
	}
	if (n == 0) {
		check_report(m, CHECK_ODDS_LINES, line->name_loc,
			     "odds line '%s' gives no odds; write the odds each result column stands for on it: %s:  1:3  1:2  1:1 ...",
			     line->name, line->name);
		return false;
	}
	*steps = (ast_stmt){.kind = ST_ODDS_LINE, .loc = line->loc, .cells = copies, .name = line->name};
	*nsteps = n;
	return ok;
}

/* The shared result columns: each is read by the columns of every line over it. */
static void spread_results(model *m, const rtab_table *t, model_table *mt, grid_part *part)
{
	part->spread = model_array(m, mt->nresults ? mt->nresults : 1, sizeof *part->spread);
	part->nspread = model_array(m, mt->nresults ? mt->nresults : 1, sizeof *part->nspread);
	for (size_t k = 0; k < mt->nresults; k++) {
		size_t n = 0;
		for (size_t j = 0; j < t->ncolumns; j++)
			n += mt->result_of_column[j] == k + 1;
		part->spread[k] = model_array(m, n ? n : 1, sizeof **part->spread);
		for (size_t j = 0; j < t->ncolumns; j++)
			if (mt->result_of_column[j] == k + 1)
				part->spread[k][part->nspread[k]++] = j;
		if (n == 0)
			check_report(m, CHECK_UNREACHABLE_COLUMN, mt->odds_grid->loc,
				     "result column %s of table '%s' stands under no odds line: no odds read it",
				     mt->result_ids[k], t->id);
	}
}

/* The result columns of a grid under odds lines, as its header prints them. */
static bool result_columns(model *m, const ast_def *d, model_table *mt, const ast_stmt *g)
{
	const ast_stmt *header = ast_grid_header(g);
	if (!header) {
		check_report(m, CHECK_ODDS_LINES, g->loc,
			     "the grid of table '%s' has odds lines and no header: under them, name the result columns (1  2  3 ...), then one line per roll",
			     d->id);
		return false;
	}
	mt->odds_grid = g;
	mt->nresults = header_width(header);
	mt->result_ids = model_array(m, mt->nresults ? mt->nresults : 1, sizeof *mt->result_ids);
	size_t k = 0;
	bool ok = true;
	for (const ast_cell *c = header->cells; c; c = c->next, k++) {
		char written[64];
		if (c->kind == CELL_NAME)
			mt->result_ids[k] = c->name;
		else if (c->kind != CELL_RATIO && diag_source_word(m->diag, c->loc, written, sizeof written))
			mt->result_ids[k] = arena_strdup(&m->arena, written);
		else {
			check_report(m, CHECK_ODDS_LINES, c->loc,
				     "under odds lines, the grid's header names its result columns (1  2  3, or A  B  C), not their odds: those are the lines'");
			mt->result_ids[k] = "?";
			ok = false;
			continue;
		}
		for (size_t i = 0; i < k; i++)
			if (strcmp(mt->result_ids[i], mt->result_ids[k]) == 0) {
				check_report(m, CHECK_ODDS_LINES, c->loc,
					     "the grid's header names result column %s twice", mt->result_ids[k]);
				ok = false;
				break;
			}
	}
	for (const ast_stmt *l = header->next; l; l = l->next)
		if (l->kind == ST_ODDS_LINE) {
			check_report(m, CHECK_ODDS_LINES, l->loc,
				     "odds line '%s' stands among the grid's lines; odds lines stand above its header",
				     l->name);
			ok = false;
		}
	return ok;
}

/* A grid under odds lines: a run of columns per line (its ends and its
 * steps), for the values it names, reading the result columns under it. */
static bool resolve_odds_lines(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			       const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			       const rtab_input *input, bool key_ok, size_t ncols, const ast_stmt *g,
			       const ast_stmt **owner, uint16_t *first, uint16_t *end, grid_part *part)
{
	const rtab_enum *e = &m->rs.enums[input->enum_index];
	rtab_column *columns = mt->columns;
	if (mt->odds_grid) {
		check_report(m, CHECK_ODDS_LINES, g->loc,
			     "table '%s' has a second grid under odds lines; write every line above one grid",
			     d->id);
		check_note(m, mt->odds_grid->loc, "the first is here");
		return false;
	}
	bool ok = result_columns(m, d, mt, g);
	mt->result_of_column = model_array(m, ncols ? ncols : 1, sizeof *mt->result_of_column);
	for (const ast_stmt *l = g->body; l && l->kind == ST_ODDS_LINE; l = l->next) {
		int values[RTAB_MAX_ITEMS];
		size_t nvalues = claim_values(m, input, l, owner, "odds line", values), nsteps = 0;
		size_t width = header_width(l);
		ast_cell *copies = xcalloc(width ? width : 1, sizeof *copies);
		uint16_t *result = xcalloc(width ? width : 1, sizeof *result);
		ast_stmt steps;
		if (l->rule || l->text)
			check_report(m, CHECK_ODDS_LINES, l->loc,
				     "odds line '%s' carries no rule or reason of its own; they belong on the grid's lines, whose results it reads",
				     l->name);
		bool line_ok = line_steps(m, l, mt->nresults, &steps, copies, result, &nsteps) &&
			       nvalues > 0;
		if (line_ok && t->ncolumns + nsteps + 2 > RTAB_MAX_ITEMS) {
			check_report(m, CHECK_LIMITS, l->loc,
				     "table '%s' has more than %d columns; the runtime holds at most %d",
				     d->id, RTAB_MAX_ITEMS, RTAB_MAX_ITEMS);
			line_ok = false;
		}
		if (!line_ok) {
			free(copies);
			free(result);
			ok = false;
			continue;
		}
		size_t run = t->ncolumns;
		if (below)
			t->ncolumns++;
		if (key_ok && !resolve_key_header(m, t, cols, &steps, columns, t->ncolumns)) {
			mt->shape_bad = true;
			ok = false;
		}
		for (size_t i = 0; i < nsteps; i++)
			mt->result_of_column[t->ncolumns + i] = result[i];
		t->ncolumns = (uint16_t)(t->ncolumns + nsteps);
		if (below)
			end_column(m, t, below, false, run);
		if (above)
			end_column(m, t, above, true, run);
		for (size_t k = 0; k < nvalues; k++) {
			first[values[k]] = (uint16_t)run;
			end[values[k]] = t->ncolumns;
		}
		name_run(m, mt, e, values, nvalues, columns, run, t->ncolumns);
		free(copies);
		free(result);
	}
	*part = (grid_part){.grid = g, .width = mt->nresults};
	spread_results(m, t, mt, part);
	return ok;
}

/* The second key of 'columns by (posture, unit)': an enum input, whose
 * value chooses among the columns of its line (RTAB_KEY_ENUM). */
static bool compile_enum_key(model *m, rtab_table *t, const ast_stmt *cols)
{
	int in = resolve_def(m, DEF_INPUT, cols->name, cols->name_loc);
	if (in < 0)
		return false;
	const rtab_input *input = &m->rs.inputs[in];
	if (input->type != RTAB_TYPE_ENUM) {
		check_report(m, CHECK_TYPE, cols->name_loc,
			     "the second key of 'columns by (%s, %s)' is an enum input (a column per value) or a computed key, odds(A, B), difference(A, B) or value(X); '%s' is no enum: write value(%s)",
			     cols->name2, cols->name, input->id, input->id);
		return false;
	}
	rtab_instr *load = model_array(m, 1, sizeof *load);
	load[0] = (rtab_instr){RTAB_OP_INPUT, in};
	t->key_a = (rtab_expr){1, load, NULL};
	t->key_kind = RTAB_KEY_ENUM;
	return true;
}

/* The value of enum e called id, or -1 (reported where the header is read). */
static int enum_value_quiet(const rtab_enum *e, const char *id)
{
	for (size_t v = 0; v < e->nvalues; v++)
		if (strcmp(e->values[v].id, id) == 0)
			return (int)v;
	return -1;
}

/* Two enums: the column each value of the second reads in the run of each of
 * the first's values, from the names over its grid's columns. */
static void map_enum_columns(model *m, rtab_table *t, const ast_stmt *g, size_t run,
			     const int *values, size_t nvalues, size_t nkey, uint16_t *column_of_key)
{
	const rtab_enum *e = &m->rs.enums[m->rs.inputs[table_enum_key_input(t)].enum_index];
	size_t j = run;
	for (const ast_cell *c = g->body ? g->body->cells : NULL; c; c = c->next, j++) {
		int k = c->kind == CELL_NAME ? enum_value_quiet(e, c->name) : -1;
		for (size_t i = 0; i < nvalues && k >= 0 && (size_t)k < nkey; i++)
			column_of_key[(size_t)values[i] * nkey + (size_t)k] = (uint16_t)j;
	}
}

/* 'below' and 'above' give the results of odds or values past the printed
 * columns; a line of an enum's values has no such end. */
static void refuse_enum_ends(model *m, const ast_stmt *cols, const ast_stmt **below,
			     const ast_stmt **above, const ast_stmt *clamp)
{
	const ast_stmt *ends[] = {*below, *above, clamp};
	for (size_t i = 0; i < 3; i++)
		if (ends[i])
			check_report(m, CHECK_MISPLACED, ends[i]->loc,
				     "'%s' reads odds or values past the printed columns, and the columns of '%s' are its values, which have no ends; drop it (a result for a value is its column's)",
				     stmt_kind_name(ends[i]->kind), cols->name);
	*below = NULL;
	*above = NULL;
}

/* The columns a rows block of a two-enum table prints: its header's names
 * (values of the second key, in the printed order) or, without a header,
 * every value of the second key in the enum's order; as a grid's first line,
 * for the checks of resolve_key_header. */
static ast_stmt *rows_header(const rtab_enum *second, const ast_stmt *block)
{
	const ast_stmt *printed = NULL;
	for (const ast_stmt *s = block->body; s && !printed; s = s->next)
		if (s->kind == ST_HEADER)
			printed = s;
	ast_stmt *h = ast_stmt_new(ST_GRID_LINE, printed ? printed->loc : block->loc);
	for (const ast_id *i = printed ? printed->ids : NULL; i; i = i->next) {
		ast_cell *c = ast_cell_new(i->loc);
		c->kind = CELL_NAME;
		c->name = xstrdup(i->id);
		h->cells = AST_APPEND(h->cells, c);
	}
	for (size_t v = 0; !printed && v < second->nvalues; v++) {
		ast_cell *c = ast_cell_new(block->name_loc);
		c->kind = CELL_NAME;
		c->name = xstrdup(second->values[v].id);
		h->cells = AST_APPEND(h->cells, c);
	}
	return h;
}

/* A further header inside a rows block would change its columns midway. */
static void refuse_later_headers(model *m, const ast_stmt *block)
{
	bool first = true;
	for (const ast_stmt *s = block->body; s; s = s->next)
		if (s->kind == ST_HEADER && !first)
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     "the rows of '%s' name their columns once, above the first row; remove this line",
				     block->name);
		else if (s->kind == ST_HEADER)
			first = false;
}

/* A table keyed by the values of enum input `in` that checked: where each
 * value's run of columns starts and ends, and under a second key by an enum
 * (column_of_key not NULL) the column of each of the ncolumn_of_key pairs. */
static void keep_value_runs(rtab_table *t, int in, const uint16_t *first, const uint16_t *end,
			    const uint16_t *column_of_key, size_t ncolumn_of_key)
{
	t->column_input = (int16_t)in;
	t->column_of_value = first;
	t->column_end_of_value = end;
	if (column_of_key) {
		t->column_of_key = column_of_key;
		t->ncolumn_of_key = (uint16_t)ncolumn_of_key;
	}
}

/* Which grid (rows block, odds line) serves each value of the first key,
 * and the run of columns each value reads: the maps a table keyed by an
 * enum and a second key builds, allocated for e's values. */
typedef struct value_runs {
	const ast_stmt **owner;	 /* xcalloc'd: the caller frees it */
	uint16_t *column_of_key; /* in the model's arena, NULL without a second key */
	uint16_t *first, *end;
} value_runs;

static value_runs value_runs_new(model *m, const rtab_enum *e, size_t nkey)
{
	value_runs vr;
	vr.owner = xcalloc(e->nvalues ? e->nvalues : 1, sizeof *vr.owner);
	vr.column_of_key = nkey ? model_array(m, e->nvalues * nkey, sizeof *vr.column_of_key) : NULL;
	vr.first = model_array(m, e->nvalues ? e->nvalues : 1, sizeof *vr.first);
	vr.end = model_array(m, e->nvalues ? e->nvalues : 1, sizeof *vr.end);
	return vr;
}

/* The values a grid or rows block g serves (what: "grid", "rows block"),
 * into values; 0 when it names none (said, with how to name it: name_it)
 * or a value that is wrong. */
static size_t claim_named(model *m, const rtab_input *input, const ast_stmt *g, value_runs *vr,
			  const char *what, const char *name_it, int *values)
{
	if (!g->name) {
		check_report(m, CHECK_ROW_SHAPE, g->loc, "name the value of '%s' %s", input->id, name_it);
		return 0;
	}
	return claim_values(m, input, g, vr->owner, what, values);
}

/* The values g serves read the run of columns from run to the table's end. */
static void take_run(model *m, rtab_table *t, const ast_stmt *g, value_runs *vr, size_t run,
		     const int *values, size_t nvalues, size_t nkey)
{
	for (size_t k = 0; k < nvalues; k++) {
		vr->first[values[k]] = (uint16_t)run;
		vr->end[values[k]] = t->ncolumns;
	}
	if (vr->column_of_key)
		map_enum_columns(m, t, g, run, values, nvalues, nkey, vr->column_of_key);
}

/* 'rows otherwise' reads every value no range takes, in a table whose lines
 * are by a value; an enum's lines are named by its values (reported). */
static bool rows_otherwise_misplaced(model *m, const rtab_input *input, const ast_stmt *s)
{
	if (!s->star)
		return false;
	check_report(m, CHECK_ROW_SHAPE, s->loc,
		     "'rows otherwise' is for lines by a value (columns by (value(X), ...)); the rows of a table keyed by '%s' are named by its values: rows VALUE { ... }, or rows VALUE, VALUE { ... }",
		     input->id);
	return true;
}

/*
 * A variant's lines in the row form, as a threshold table prints them: a
 * rows block per value of the first key (or several: 'rows close, column {
 * ... }'), each row an outcome and its rolls in each column. Under a second
 * key by an enum (by_enum) its header names values of the second
 * over its columns; under a computed key it gives the steps ('0-2  3-5
 * 6+') or odds, and 'below' and 'above' end the block as they end a grid.
 * Each block is the run of columns a grid of its values would make, and its
 * rows are rows of the table with ranges in its printed columns only.
 */
static void resolve_variant_rows(model *m, const ast_def *d, rtab_table *t, model_table *mt,
				 const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
				 int in, size_t nkey, bool by_enum, bool key_ok)
{
	const rtab_enum *second = by_enum && key_ok
					  ? &m->rs.enums[m->rs.inputs[table_enum_key_input(t)].enum_index]
					  : NULL;
	const rtab_input *input = &m->rs.inputs[in];
	const rtab_enum *e = &m->rs.enums[input->enum_index];
	size_t nblocks, ncols, nrows;
	if (!rows_blocks_fit(m, d, cols, second, &nblocks, &ncols, &nrows))
		return;
	value_runs vr = value_runs_new(m, e, nkey);
	rtab_column *columns = model_columns(m, mt, ncols);
	const ast_stmt **block_of = xcalloc(nblocks ? nblocks : 1, sizeof *block_of);
	size_t *first_of = xcalloc(nblocks ? nblocks : 1, sizeof *first_of);
	size_t *width_of = xcalloc(nblocks ? nblocks : 1, sizeof *width_of);
	size_t b = 0;
	bool ok = key_ok, unnamed = false;
	t->columns = columns;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_ROWS)
			continue;
		if (rows_otherwise_misplaced(m, input, s)) {
			ok = false;
			unnamed = true;
			continue;
		}
		int values[RTAB_MAX_ITEMS];
		size_t nvalues = claim_named(m, input, s, &vr, "rows block",
					     by_enum ? "these rows are for: rows VALUE { ... }"
						  : "these rows are for: rows VALUE { the steps over the columns, then one row per outcome }",
					     values);
		unnamed |= !s->name; /* the value it is for is not missing too */
		if (nvalues == 0 || (by_enum && !second)) {
			ok = false;
			continue;
		}
		refuse_later_headers(m, s);
		const ast_stmt *steps = rows_steps_header_of(s);
		if (second && steps) {
			check_report(m, CHECK_ROW_SHAPE, steps->loc,
				     "the columns of a table by (%s, %s) are the values of '%s', and this header prints numbers: name the values over the columns (%s ...), or read a number with columns by (%s, value(X))",
				     cols->name2, cols->name, cols->name, second->nvalues ? second->values[0].id : "VALUE",
				     cols->name2);
			ok = false;
			continue;
		}
		if (!by_enum && !steps) {
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     "the rows of '%s' name the %s over their columns, above the first row: %s",
				     s->name, key_reads_odds(t) ? "odds" : "steps of the second key",
				     key_reads_odds(t) ? "1:2  1:1  2:1" : "0-2  3-5  6+");
			ok = false;
			continue;
		}
		strbuf line = {0};
		for (size_t k = 0; k < nvalues; k++)
			sb_printf(&line, "%s%s", k ? ", " : "", e->values[values[k]].id);
		ast_stmt *header = second ? rows_header(second, s) : rows_steps_header(s);
		ast_stmt as_grid = {.kind = ST_GRID, .loc = s->loc, .body = header};
		grid_part part = {.first = t->ncolumns, .width = header_width(header)};
		size_t run = t->ncolumns;
		bool fits = true;
		if (second) { /* the values of the second key: no ends */
			if (!resolve_key_header(m, t, cols, header, columns, run)) {
				mt->shape_bad = true;
				ok = false;
			}
			t->ncolumns = (uint16_t)(run + part.width);
			name_run(m, mt, e, values, nvalues, columns, run, t->ncolumns);
		} else {
			fits = add_run(m, d, t, cols, &as_grid, below, above, key_ok, line.data, &run, &part, &ok);
		}
		sb_free(&line);
		if (fits)
			take_run(m, t, &as_grid, &vr, run, values, nvalues, nkey);
		ast_stmts_free(header);
		if (!fits)
			break;
		block_of[b] = s;
		first_of[b] = part.first;
		width_of[b++] = part.width;
	}
	for (size_t v = 0; v < e->nvalues && !unnamed; v++)
		if (!vr.owner[v]) {
			check_report(m, CHECK_COLUMNS, cols->name2_loc,
				     "value '%s' of '%s' has no rows; add: rows %s { ... }", e->values[v].id,
				     input->id, e->values[v].id);
			ok = false;
		}
	/* The rows of every block, each with ranges in its own printed columns. */
	rows_of_blocks(m, d, t, mt, nrows, block_of, first_of, width_of, b);
	if (ok)
		keep_value_runs(t, in, vr.first, vr.end, vr.column_of_key, e->nvalues * nkey);
	mt->first_rolled = 0;
	mt->nrolled = t->ncolumns;
	mt->has_rows = ok && t->nrows > 0 && !mt->shape_bad;
	free(vr.owner);
	free(block_of);
	free(first_of);
	free(width_of);
}

/* The first key of 'columns by (value(range), value(fire))': value(X) or
 * difference(A, B), which its grids name values of ('grid 0-2 { ... }'). */
static bool first_key_reads_value(model *m, const ast_stmt *cols)
{
	size_t nargs = 0;
	for (const ast_expr *a = cols->times; a; a = a->next_arg)
		nargs++;
	bool value = strcmp(cols->name2, "value") == 0, diff = strcmp(cols->name2, "difference") == 0;
	if (!value && !diff) {
		check_report(m, CHECK_ROW_SHAPE, cols->name2_loc,
			     "the first of two keys is an enum input, 'when', value(X) or difference(A, B), not '%s(...)'%s",
			     cols->name2,
			     strcmp(cols->name2, "odds") == 0 ? "; odds choose the column: columns by (INPUT, odds(A, B))" : "");
		return false;
	}
	if (nargs != (value ? 1u : 2u)) {
		check_report(m, CHECK_TYPE, cols->name2_loc, "'%s' takes %d argument%s, not %zu", cols->name2,
			     value ? 1 : 2, value ? "" : "s", nargs);
		return false;
	}
	return true;
}

/* 'grid open when attacker_cavalry { ... }' in a table of a grid per value of
 * an enum: the condition would go unread. One error, naming the grid and its
 * condition as written; the grid is then read as the value's (grid open),
 * so that no value goes without one for it: true. A grid without a name
 * serves no value: false. */
static bool refuse_variant_condition(model *m, const ast_def *d, const ast_stmt *cols,
				     const rtab_input *input, const ast_stmt *g)
{
	char written[128];
	if (!diag_source_until(m->diag, g->loc, "{", written, sizeof written))
		snprintf(written, sizeof written, "grid %s %s", g->name ? g->name : "",
			 g->expr ? "when ..." : "otherwise");
	check_report(m, CHECK_ROW_SHAPE, g->loc,
		     "'%s' is a line chosen by a condition, and table '%s' chooses its grid by the value of '%s': write the grid of a value as grid %s { ... }; to choose lines by conditions, make them the first key: columns by (when, %s(A, B))",
		     written, d->id, input->id, g->name ? g->name : "VALUE", cols->name);
	return g->name != NULL;
}

void resolve_two_key_table(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			   const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			   const ast_stmt *clamp)
{
	t->column_input = -1;
	t->ncolumns = 0;
	mt->first_rolled = 0;
	mt->nrolled = 0;

	bool by_enum = cols->all_values; /* columns by (posture, unit): the second key an enum */
	bool key_ok = by_enum ? compile_enum_key(m, t, cols) : compile_key(m, d, t, cols);
	if (by_enum)
		refuse_enum_ends(m, cols, &below, &above, clamp);
	size_t nkey = key_ok && by_enum ? (size_t)m->rs.inputs[table_enum_key_input(t)].max + 1 : 0;
	if (cols->times) { /* 'columns by (value(range), ...)': grids by the values they read */
		if (by_enum) {
			check_report(m, CHECK_ROW_SHAPE, cols->name2_loc,
				     "a first key read by %s(...) chooses a line of computed columns: the second key is odds(A, B), difference(A, B) or value(X); for a column per value of '%s', make '%s' the second key of an enum's lines",
				     cols->name2, cols->name, cols->name);
			return;
		}
		if (!first_key_reads_value(m, cols))
			return;
		resolve_condition_lines(m, d, t, mt, cols, below, above, key_ok);
		return;
	}
	if (strcmp(cols->name2, "when") == 0 && by_enum) {
		check_report(m, CHECK_ROW_SHAPE, cols->name_loc,
			     "a line chosen by a condition reads a computed key, odds(A, B), difference(A, B) or value(X); to read the value of '%s' on each line, make the first key an enum input: columns by (INPUT, %s)",
			     cols->name, cols->name);
		return;
	}
	if (strcmp(cols->name2, "when") == 0) { /* no input is called so: a keyword */
		resolve_condition_lines(m, d, t, mt, cols, below, above, key_ok);
		return;
	}
	int in = resolve_def(m, DEF_INPUT, cols->name2, cols->name2_loc);
	if (in < 0)
		return;
	const rtab_input *input = &m->rs.inputs[in];
	if (input->type != RTAB_TYPE_ENUM) {
		check_report(m, CHECK_TYPE, cols->name2_loc,
			     "the first key of 'columns by (VARIANT, %s(...))' is an enum input, one grid per value, and '%s' is not one",
			     cols->name, input->id);
		return;
	}
	const rtab_enum *e = &m->rs.enums[input->enum_index];
	if (e->nvalues * nkey > UINT16_MAX) {
		check_report(m, CHECK_LIMITS, cols->name_loc,
			     "'%s' and '%s' have %zu pairs of values; the runtime holds at most %d",
			     input->id, cols->name, e->nvalues * nkey, UINT16_MAX);
		return;
	}
	size_t ngrids = 0, ncols = 0;
	const ast_stmt *rows = NULL;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_GRID || s->kind == ST_GRID_WHEN) {
			ngrids++;
			ncols += grid_columns(s);
		} else if (s->kind == ST_ROWS && !rows) {
			rows = s;
		}
	if (rows && ngrids) {
		check_report(m, CHECK_DUPLICATE, rows->loc,
			     "table '%s' has both grids and rows; write every value of '%s' one way",
			     d->id, input->id);
		return;
	}
	if (rows) { /* 'rows open { ... }': a variant's line in the row form */
		resolve_variant_rows(m, d, t, mt, cols, below, above, in, nkey, by_enum, key_ok);
		return;
	}
	if (ngrids == 0) {
		check_report(m, CHECK_ROW_SHAPE, rows ? rows->loc : cols->loc,
			     "a table whose columns are by (%s, %s(...)) is written as one grid per value of '%s': grid VALUE { the steps, then one line per roll }",
			     input->id, cols->name, input->id);
		return;
	}
	value_runs vr = value_runs_new(m, e, nkey);
	grid_part *parts = xcalloc(ngrids ? ngrids : 1, sizeof *parts);
	rtab_column *columns = model_columns(m, mt, ncols);
	size_t nparts = 0;
	bool ok = key_ok;

	t->columns = columns;
	for (const ast_stmt *g = d->body; g; g = g->next) {
		if (g->kind == ST_GRID_WHEN && !refuse_variant_condition(m, d, cols, input, g)) {
			ok = false;
			continue;
		}
		if (g->kind != ST_GRID && g->kind != ST_GRID_WHEN)
			continue;
		if (g->body && g->body->kind == ST_ODDS_LINE && by_enum) {
			check_report(m, CHECK_ODDS_LINES, g->body->loc,
				     "odds lines give the odds each result column stands for, and table '%s' chooses its column by the value of '%s'; write a grid per value of '%s': grid VALUE { %s's values, then one line per roll }",
				     d->id, cols->name, input->id, cols->name);
			ok = false;
			continue;
		}
		if (g->body && g->body->kind == ST_ODDS_LINE) {
			if (g->name) {
				check_report(m, CHECK_ODDS_LINES, g->name_loc,
					     "a grid under odds lines serves the values its lines name; write it 'grid { ... }', not 'grid %s'",
					     g->name);
				ok = false;
				continue;
			}
			if (!resolve_odds_lines(m, d, t, mt, cols, below, above, input, key_ok, ncols,
						g, vr.owner, vr.first, vr.end, &parts[nparts]))
				ok = false;
			if (parts[nparts].grid) /* a second grid under odds lines fills no part */
				nparts++;
			continue;
		}
		/* 'grid woods, town { ... }': one grid serves every value it names. */
		int values[RTAB_MAX_ITEMS];
		size_t nvalues = claim_named(m, input, g, &vr, "grid",
					     "this grid is for: grid VALUE { ... }; or give each value an odds line above the grid's header (VALUE:  1:3  1:2 ...)",
					     values);
		if (nvalues == 0) {
			ok = false;
			continue;
		}
		strbuf line = {0};
		for (size_t k = 0; k < nvalues; k++)
			sb_printf(&line, "%s%s", k ? ", " : "", e->values[values[k]].id);
		size_t run;
		bool fits = add_run(m, d, t, cols, g, below, above, key_ok, line.data, &run, &parts[nparts], &ok);
		sb_free(&line);
		if (!fits)
			break;
		nparts++;
		take_run(m, t, g, &vr, run, values, nvalues, nkey);
	}
	for (size_t v = 0; v < e->nvalues; v++)
		if (!vr.owner[v]) {
			check_report(m, CHECK_COLUMNS, cols->name2_loc,
				     mt->odds_grid ? "value '%s' of '%s' has no odds line; add one above the grid's header: %s:  1:3  1:2 ..."
						   : "value '%s' of '%s' has no grid; add: grid %s { ... }",
				     e->values[v].id, input->id, e->values[v].id);
			ok = false;
		}
	if (ok)
		keep_value_runs(t, in, vr.first, vr.end, vr.column_of_key, e->nvalues * nkey);
	if (nparts)
		resolve_grids(m, d, t, mt, parts, nparts, true);
	if (!ok)
		mt->has_rows = false;
	free(vr.owner);
	free(parts);
}
