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
 */
#include "check/sema_twokey.h"

#include "check/checks.h"
#include "check/resolve_name.h"
#include "check/sema_ends.h"
#include "check/sema_grid.h"
#include "check/sema_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void resolve_two_key_table(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			   const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above)
{
	t->column_input = -1;
	t->ncolumns = 0;
	mt->first_rolled = 0;
	mt->nrolled = 0;

	bool key_ok = compile_key(m, d, t, cols);
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
	size_t ngrids = 0, ncols = 0;
	const ast_stmt *rows = NULL;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_GRID) {
			ngrids++;
			ncols += header_width(s->body) + 2;
		} else if (s->kind == ST_ROWS && !rows) {
			rows = s;
		}
	if (ngrids == 0) {
		check_report(m, CHECK_ROW_SHAPE, rows ? rows->loc : cols->loc,
			     "a table whose columns are by (%s, %s(...)) is written as one grid per value of '%s': grid VALUE { the steps, then one line per roll }",
			     input->id, cols->name, input->id);
		return;
	}
	const ast_stmt **owner = xcalloc(e->nvalues ? e->nvalues : 1, sizeof *owner);
	uint16_t *first = model_array(m, e->nvalues ? e->nvalues : 1, sizeof *first);
	uint16_t *end = model_array(m, e->nvalues ? e->nvalues : 1, sizeof *end);
	grid_part *parts = xcalloc(ngrids ? ngrids : 1, sizeof *parts);
	rtab_column *columns = model_array(m, ncols ? ncols : 1, sizeof *columns);
	size_t nparts = 0;
	bool ok = key_ok;

	t->columns = columns;
	for (const ast_stmt *g = d->body; g; g = g->next) {
		if (g->kind != ST_GRID)
			continue;
		if (!g->name) {
			check_report(m, CHECK_ROW_SHAPE, g->loc,
				     "name the value of '%s' this grid is for: grid VALUE { ... }", input->id);
			ok = false;
			continue;
		}
		/* 'grid woods, town { ... }': one grid serves every value it names. */
		int values[RTAB_MAX_ITEMS];
		size_t nvalues = 0;
		bool named_ok = true;
		for (const ast_id *extra = NULL, *next = g->ids;; extra = next, next = next ? next->next : NULL) {
			const char *vid = extra ? extra->id : g->name;
			src_loc vloc = extra ? extra->loc : g->name_loc;
			int v = resolve_enum_value(m, input->enum_index, vid, vloc);
			if (v < 0) {
				named_ok = false;
			} else if (owner[v]) {
				check_report(m, CHECK_COLUMNS, vloc, "value '%s' of '%s' has two grids", vid, input->id);
				check_note(m, owner[v]->name_loc, "its first grid is here");
				named_ok = false;
			} else if (nvalues < RTAB_MAX_ITEMS) {
				owner[v] = g;
				values[nvalues++] = v;
			}
			if (!next)
				break;
		}
		if (!named_ok || nvalues == 0) {
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
		if (parts[nparts].grid)
			nparts++;
		for (size_t k = 0; k < nvalues; k++) {
			first[values[k]] = (uint16_t)run;
			end[values[k]] = t->ncolumns;
		}
	}
	for (size_t v = 0; v < e->nvalues; v++)
		if (!owner[v]) {
			check_report(m, CHECK_COLUMNS, cols->name2_loc,
				     "value '%s' of '%s' has no grid; add: grid %s { ... }",
				     e->values[v].id, input->id, e->values[v].id);
			ok = false;
		}
	if (ok) {
		t->column_input = (int16_t)in;
		t->column_of_value = first;
		t->column_end_of_value = end;
	}
	if (nparts)
		resolve_grids(m, d, t, mt, parts, nparts, true);
	if (!ok)
		mt->has_rows = false;
	free(owner);
	free(parts);
}
