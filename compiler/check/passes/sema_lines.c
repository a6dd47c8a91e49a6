/* SPDX-License-Identifier: MIT */
/*
 * Two keys whose line a condition chooses, for a page that prints a line
 * (or a whole table) for a situation rather than for an input's value ("the
 * cavalry line: cavalry attacking without infantry support"):
 *
 *   columns by (when, odds(attack, defence));
 *   grid cavalry when attacker_cavalry and not infantry_support { ... }
 *   grid otherwise { ... }
 *
 * Each grid is a run of columns, as a variant's value has one; line_key
 * evaluates the conditions in order and gives the number of the run.
 * The conditions must be exclusive and, without 'otherwise', cover every
 * situation (check line-conditions, proved over the inputs' domains).
 */
#include "check/passes/sema_lines.h"
#include "check/proofs/situations.h"

#include "check/checks.h"
#include "check/proofs/open_inputs.h"
#include "check/passes/sema_ends.h"
#include "check/passes/sema_expr.h"
#include "check/passes/sema_rows.h"

#include "base/work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool add_run(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols, const ast_stmt *g,
	     const ast_stmt *below, const ast_stmt *above, bool key_ok, const char *line,
	     size_t *run_out, grid_part *part, bool *ok)
{
	rtab_column *columns = m->tables[t - m->rs.tables].columns;
	*part = (grid_part){0};
	if (t->ncolumns + header_width(g->body) + 2 > RTAB_MAX_ITEMS) {
		check_report(m, CHECK_LIMITS, g->loc,
			     "table '%s' has more than %d columns; the runtime holds at most %d",
			     d->id, RTAB_MAX_ITEMS, RTAB_MAX_ITEMS);
		*ok = false;
		return false;
	}
	size_t run = t->ncolumns;
	if (below)
		t->ncolumns++;
	size_t width = header_width(g->body);
	*part = (grid_part){.grid = g, .first = t->ncolumns, .width = width};
	if (key_ok && !resolve_key_header(m, t, cols, g->body, columns, t->ncolumns)) {
		m->tables[t - m->rs.tables].shape_bad = true;
		*ok = false;
	}
	t->ncolumns = (uint16_t)(t->ncolumns + width);
	if (below)
		end_column(m, t, below, false, run);
	if (above)
		end_column(m, t, above, true, run);
	for (size_t j = run; j < t->ncolumns; j++) {
		char name[512];
		snprintf(name, sizeof name, "%s %s", line, columns[j].id ? columns[j].id : "?");
		columns[j].id = arena_strdup(&m->arena, name);
		m->tables[t - m->rs.tables].column_steps[j] = NULL; /* named by its line */
	}
	*run_out = run;
	return true;
}


/* A line's name, as its columns carry it: its own, "line N" or "otherwise". */
static const char *line_name(const ast_stmt *g, size_t index, char *buf, size_t size)
{
	snprintf(buf, size, "line %zu", index + 1);
	return g->name ? g->name : g->expr ? buf : "otherwise";
}

/* line_key: 'c0 ? 0 : c1 ? 1 : ... : otherwise', as postfix jumps. */
static void line_program(model *m, rtab_table *t, const rtab_expr *conds, size_t n, int otherwise)
{
	size_t total = 1;
	for (size_t i = 0; i < n; i++)
		if (conds[i].ninstrs)
			total += conds[i].ninstrs + 3;
	rtab_instr *code = model_array(m, total, sizeof *code);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!conds[i].ninstrs)
			continue; /* the otherwise line: last */
		memcpy(&code[k], conds[i].instrs, conds[i].ninstrs * sizeof *code);
		k += conds[i].ninstrs;
		code[k++] = (rtab_instr){RTAB_OP_JUMP_IF_FALSE, 2};
		code[k++] = (rtab_instr){RTAB_OP_CONST, (int32_t)i};
		code[k] = (rtab_instr){RTAB_OP_JUMP, 0};
		code[k].arg = (int32_t)(total - k - 1);
		k++;
	}
	/* No line holds: a number past the lines, which check line-conditions
	 * proves cannot occur without 'otherwise'. */
	code[k++] = (rtab_instr){RTAB_OP_CONST, otherwise >= 0 ? otherwise : (int32_t)n};
	t->line_key = (rtab_expr){(uint16_t)k, code, NULL};
}

/*
 * Lines in the row form, as a threshold table prints them: a rows block per
 * range of a first key read by value ('rows 1-2 { ... }', or 'rows otherwise
 * { ... }' for every value no range takes), or per line a condition chooses
 * ('rows cavalry when attacker_cavalry { ... }', 'rows infantry otherwise
 * { ... }'), its header the steps of the second key over its columns, each
 * row an outcome and its rolls in each column. Each block is the run of
 * columns a grid of that range or condition would be, 'below' and 'above'
 * ending it as they end a grid's, read when the key lies in the range or the
 * condition holds, and its rows are rows of the table with ranges in its
 * printed columns only.
 */
static void resolve_value_rows(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			       const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			       bool key_ok)
{
	size_t nblocks, ncols, nrows;
	if (!rows_blocks_fit(m, d, cols, NULL, &nblocks, &ncols, &nrows))
		return;
	uint16_t *first = model_array(m, nblocks, sizeof *first);
	uint16_t *end = model_array(m, nblocks, sizeof *end);
	rtab_expr *conds = model_array(m, nblocks, sizeof *conds);
	const ast_stmt **blocks = model_array(m, nblocks, sizeof *blocks);
	size_t *printed = xcalloc(nblocks, sizeof *printed), *width = xcalloc(nblocks, sizeof *width);
	rtab_column *columns = model_columns(m, mt, ncols);
	size_t n = 0;
	int otherwise = -1;
	bool ok = key_ok, by_value = cols->times != NULL; /* else lines by 'when' */
	t->columns = columns;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_ROWS)
			continue;
		if (s->star && otherwise >= 0) {
			check_report(m, CHECK_DUPLICATE, s->loc,
				     by_value ? "table '%s' has two 'rows otherwise' blocks; one reads every value no range takes"
					      : "table '%s' has two 'otherwise' lines; one reads every situation no condition holds in",
				     d->id);
			check_note(m, blocks[otherwise]->loc, "the first is here");
			ok = false;
			continue;
		}
		if (!s->expr && !s->star) {
			if (by_value)
				check_report(m, CHECK_ROW_SHAPE, s->loc,
					     "a table whose lines are by %s(...) names each rows block by the values of the key it is for: rows 0-2 { ... }, rows 3+ { ... } (or rows otherwise { ... })",
					     cols->name2);
			else
				check_report(m, CHECK_ROW_SHAPE, s->loc,
					     "a table whose columns are by (when, %s(...)) names each rows block by its line's condition: rows NAME when CONDITION { ... } (or rows NAME otherwise { ... })",
					     cols->name);
			ok = false;
			continue;
		}
		char buf[32];
		const char *name = line_name(s, n, buf, sizeof buf);
		if (s->name)
			for (size_t k = 0; k < n; k++)
				if (blocks[k]->name && strcmp(blocks[k]->name, s->name) == 0) {
					check_report(m, CHECK_DUPLICATE, s->name_loc,
						     "table '%s' has two lines called '%s'; name each line as the page prints it",
						     d->id, s->name);
					check_note(m, blocks[k]->name_loc, "the first is here");
					ok = false;
				}
		expr_type type;
		if (s->star)
			conds[n] = (rtab_expr){0, NULL, NULL};
		else if (!compile_expr_as(m, s->expr, RTAB_TYPE_BOOL, &conds[n], &type,
					  by_value ? "the range of a rows block" : "the condition of a rows block") ||
			 conds[n].ninstrs == 0)
			ok = false;
		ast_stmt *header = rows_steps_header(s);
		if (!header) {
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     "the rows of '%s' name the steps of the second key over their columns, above the first row: %s",
				     name, by_value ? "0-2  3-5  6+" : "1:1  2:1  3:1");
			ok = false;
			continue;
		}
		ast_stmt as_grid = {.kind = ST_GRID, .loc = s->loc, .body = header};
		grid_part part;
		size_t run;
		bool fits = add_run(m, d, t, cols, &as_grid, below, above, key_ok, name, &run, &part, &ok);
		ast_stmts_free(header);
		if (!fits)
			break;
		if (s->star)
			otherwise = (int)n;
		blocks[n] = s;
		first[n] = (uint16_t)run;
		end[n] = t->ncolumns;
		printed[n] = part.first;
		width[n] = part.width;
		n++;
	}
	/* The rows of every block, each with ranges in its own printed columns. */
	rows_of_blocks(m, d, t, mt, nrows, blocks, printed, width, n);
	if (ok && n == nblocks) {
		t->column_input = -1;
		t->nlines = (uint16_t)n;
		t->column_of_value = first;
		t->column_end_of_value = end;
		line_program(m, t, conds, n, otherwise);
		mt->line_grids = blocks;
		mt->line_conditions = conds;
		mt->nline_conditions = (uint16_t)n;
	}
	free(printed);
	free(width);
	mt->first_rolled = 0;
	mt->nrolled = t->ncolumns;
	mt->has_rows = ok && t->nrows > 0 && !mt->shape_bad;
}

void resolve_condition_lines(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			     const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			     bool key_ok)
{
	size_t ngrids = 0, ncols = 0;
	const ast_stmt *rows = NULL, *grid = NULL;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind == ST_ROWS && !rows)
			rows = s;
		else if ((s->kind == ST_GRID_WHEN || s->kind == ST_GRID) && !grid)
			grid = s;
	}
	if (rows && grid) {
		check_report(m, CHECK_DUPLICATE, rows->loc,
			     cols->times ? "table '%s' has both grids and rows; write every range of its first key one way"
					 : "table '%s' has both grids and rows; write every line one way",
			     d->id);
		return;
	}
	if (rows) { /* 'rows 1-2 { ... }', 'rows cavalry when ... { ... }': lines in the row form */
		resolve_value_rows(m, d, t, mt, cols, below, above, key_ok);
		return;
	}
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_GRID_WHEN) {
			ngrids++;
			ncols += header_width(s->body) + 2;
		} else if ((s->kind == ST_GRID || s->kind == ST_ROWS) && cols->times) {
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     "a table whose lines are by %s(...) names each grid by the values of the key it is for: grid 0-2 { ... }, grid 3+ { ... } (or grid otherwise { ... })",
				     cols->name2);
			mt->shape_bad = true;
		} else if (s->kind == ST_GRID || s->kind == ST_ROWS) {
			check_report(m, CHECK_ROW_SHAPE, s->loc,
				     "a table whose columns are by (when, %s(...)) is written as one grid per line, each with its condition: grid NAME when CONDITION { ... }, or grid NAME otherwise { ... }",
				     cols->name);
			mt->shape_bad = true;
		}
	if (ngrids == 0) {
		check_report(m, CHECK_ROW_SHAPE, cols->loc,
			     "table '%s' chooses its line by a condition and has no line: add grid NAME when CONDITION { the steps, then one line per roll }",
			     d->id);
		return;
	}
	uint16_t *first = model_array(m, ngrids, sizeof *first);
	uint16_t *end = model_array(m, ngrids, sizeof *end);
	rtab_expr *conds = model_array(m, ngrids, sizeof *conds);
	const ast_stmt **grids = model_array(m, ngrids, sizeof *grids);
	grid_part *parts = xcalloc(ngrids, sizeof *parts);
	rtab_column *columns = model_columns(m, mt, ncols);
	size_t nparts = 0, n = 0;
	int otherwise = -1;
	bool ok = key_ok;

	t->columns = columns;
	for (const ast_stmt *g = d->body; g; g = g->next) {
		if (g->kind != ST_GRID_WHEN)
			continue;
		char buf[32];
		const char *name = line_name(g, n, buf, sizeof buf);
		for (size_t k = 0; k < n; k++) {
			const char *other = grids[k]->name;
			if (g->name && other && strcmp(other, g->name) == 0) {
				check_report(m, CHECK_DUPLICATE, g->name_loc,
					     "table '%s' has two lines called '%s'; name each line as the page prints it",
					     d->id, g->name);
				check_note(m, grids[k]->name_loc, "the first is here");
				ok = false;
			}
		}
		if (!g->expr) {
			if (otherwise >= 0) {
				check_report(m, CHECK_DUPLICATE, g->loc,
					     "table '%s' has two 'otherwise' lines; one reads every situation no condition holds in",
					     d->id);
				check_note(m, grids[otherwise]->loc, "the first is here");
				ok = false;
			}
			otherwise = (int)n;
		} else {
			expr_type type;
			if (!compile_expr_as(m, g->expr, RTAB_TYPE_BOOL, &conds[n], &type,
					     "the condition of a grid line"))
				ok = false;
			else if (conds[n].ninstrs == 0)
				ok = false;
		}
		grids[n] = g;
		size_t run;
		if (!add_run(m, d, t, cols, g, below, above, key_ok, name, &run, &parts[nparts], &ok))
			break;
		if (parts[nparts].grid)
			nparts++;
		first[n] = (uint16_t)run;
		end[n] = t->ncolumns;
		n++;
	}
	if (ok && n == ngrids) {
		t->column_input = -1;
		t->nlines = (uint16_t)n;
		t->column_of_value = first;
		t->column_end_of_value = end;
		line_program(m, t, conds, n, otherwise);
		mt->line_grids = grids;
		mt->line_conditions = conds;
		mt->nline_conditions = (uint16_t)n;
	}
	if (nparts)
		resolve_grids(m, d, t, mt, parts, nparts, true);
	if (!ok)
		mt->has_rows = false;
	free(parts);
}

/* "attacker_cavalry = true, infantry_support = false": the inputs read. */
static void describe(const model *m, const size_t *vars, size_t nvars, const int32_t *in, strbuf *out)
{
	for (size_t k = 0; k < nvars; k++) {
		const rtab_input *ip = &m->rs.inputs[vars[k]];
		int32_t v = in[vars[k]];
		sb_printf(out, "%s%s = ", k ? ", " : "", ip->id);
		if (ip->type == RTAB_TYPE_ENUM)
			sb_puts(out, m->rs.enums[ip->enum_index].values[v].id);
		else if (ip->type == RTAB_TYPE_BOOL)
			sb_puts(out, v ? "true" : "false");
		else
			sb_printf(out, "%ld", (long)v);
	}
	if (nvars == 0)
		sb_puts(out, "the inputs take their defaults");
}

void check_line_conditions(model *m, size_t table)
{
	const model_table *mt = &m->tables[table];
	const rtab_table *t = &m->rs.tables[table];
	size_t nlines = mt->nline_conditions, ni = m->rs.ninputs;
	if (!nlines)
		return;
	bool *read = xcalloc(ni ? ni : 1, sizeof *read);
	int32_t *in = xcalloc(ni ? ni : 1, sizeof *in);
	size_t *vars = xcalloc(ni ? ni : 1, sizeof *vars);
	size_t nvars = 0;
	uint64_t total = 1;
	bool has_otherwise = false;
	for (size_t l = 0; l < nlines; l++) {
		const rtab_expr *c = &mt->line_conditions[l];
		has_otherwise |= c->ninstrs == 0;
		situation_mark_read(c, read, ni);
	}
	rtab_inputs_default(&m->rs, in, ni);
	for (size_t i = 0; i < ni; i++)
		if (read[i]) {
			vars[nvars++] = i;
			uint64_t size = situation_domain_size(&m->rs.inputs[i]);
			total = total > UINT64_MAX / size ? UINT64_MAX : total * size;
		}
	/* Every situation is walked: what it costs is known before the first. */
	uint64_t each = 0;
	for (size_t l = 0; l < nlines; l++)
		each += work_expr_steps(&mt->line_conditions[l]);
	work_budget *work = model_work(m);
	if (!work_fits(work, total, each) || !work_spend(work, total * each)) {
		check_report(m, CHECK_LINE_CONDITIONS, mt->def->id_loc,
			     "the line conditions of table '%s' read %s%llu situations of %llu steps each, past the work budget of %llu steps: too many to prove that exactly one line holds in each; make them read fewer inputs, or narrower ones, or raise the budget with " WORK_OPTION " N",
			     t->id, total == UINT64_MAX ? "more than " : "", (unsigned long long)total,
			     (unsigned long long)each, (unsigned long long)work->limit);
		note_open_inputs(m, CHECK_LINE_CONDITIONS, mt->line_conditions, nlines);
		goto done;
	}
	bool overlap_told = false, gap_told = false, by_value = false;
	for (const ast_stmt *c = mt->def->body; c; c = c->next)
		by_value |= c->kind == ST_COLUMNS && c->times; /* lines by value: grid 1-2 { ... } */
	bool rows = mt->line_grids[0]->kind == ST_ROWS; /* rows 1-2 { ... } */
	for (uint64_t k = 0; k < total && !(overlap_told && gap_told); k++) {
		situation_set(&m->rs, vars, nvars, k, in);
		int holding[2] = {-1, -1};
		size_t nholding = 0;
		for (size_t l = 0; l < nlines; l++) {
			int32_t holds = 0;
			if (!mt->line_conditions[l].ninstrs ||
			    rtab_expr_eval(&m->rs, &mt->line_conditions[l], in, ni, &holds) != RTAB_OK || !holds)
				continue;
			if (nholding < 2)
				holding[nholding] = (int)l;
			nholding++;
		}
		if (nholding >= 2 && !overlap_told) {
			strbuf sit = {0};
			describe(m, vars, nvars, in, &sit);
			const ast_stmt *a = mt->line_grids[holding[0]], *b = mt->line_grids[holding[1]];
			char abuf[32], bbuf[32];
			const char *aname = line_name(a, (size_t)holding[0], abuf, sizeof abuf);
			const char *bname = line_name(b, (size_t)holding[1], bbuf, sizeof bbuf);
			check_report(m, CHECK_LINE_CONDITIONS, b->loc,
				     !by_value ? "the lines '%s' and '%s' of table '%s' both hold when %s; a page prints one line per situation: make their conditions exclusive"
				     : rows ? "the lines '%s' and '%s' of table '%s' both hold when %s; a page prints one line per situation: make their ranges meet without overlapping (rows 1-2 { ... }, rows 3+ { ... })"
					    : "the lines '%s' and '%s' of table '%s' both hold when %s; a page prints one line per situation: make their ranges meet without overlapping (grid 1-2 { ... }, grid 3+ { ... })",
				     aname, bname, t->id, sit.data);
			check_note(m, a->loc, "the condition of line '%s' is here", aname);
			sb_free(&sit);
			overlap_told = true;
		}
		if (nholding == 0 && !has_otherwise && !gap_told) {
			strbuf sit = {0};
			describe(m, vars, nvars, in, &sit);
			check_report(m, CHECK_LINE_CONDITIONS, mt->def->id_loc,
				     !by_value ? "no line of table '%s' holds when %s; add the line the page reads then (grid NAME otherwise { ... }), or widen a condition"
				     : rows ? "no line of table '%s' holds when %s; widen the range of a rows block to it, or add the block the page reads then (rows VALUES { ... }, or rows otherwise { ... })"
					    : "no line of table '%s' holds when %s; widen a grid's range to it, or add the grid the page reads then (grid VALUES { ... }, or grid otherwise { ... })",
				     t->id, sit.data);
			sb_free(&sit);
			gap_told = true;
		}
	}
done:
	free(read);
	free(in);
	free(vars);
}
