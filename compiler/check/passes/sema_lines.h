/* SPDX-License-Identifier: MIT */
/* Two keys whose line a condition chooses: 'columns by (when, odds(A, B))',
 * 'grid cavalry when COND { ... }', 'grid otherwise { ... }'. */
#ifndef RTAB_SEMA_LINES_H
#define RTAB_SEMA_LINES_H

#include "check/model.h"
#include "check/passes/sema_grid.h"

/* The run of columns of one grid, from t->ncolumns on, with the ends of the
 * table, each column named after its line ("determined 3:1", "woods, town
 * 2:1"); *part is the grid's cells. False (and *ok false) when the columns
 * do not fit the runtime. */
bool add_run(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols, const ast_stmt *g,
	     const ast_stmt *below, const ast_stmt *above, bool key_ok, const char *line,
	     size_t *run_out, grid_part *part, bool *ok);

/* The lines of 'columns by (when, KEY(...))': one run per 'grid ... when'
 * or 'grid ... otherwise', and the program that picks it (line_key). */
void resolve_condition_lines(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			     const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			     bool key_ok);

/* The check line-conditions: over the domains of the inputs they read, no
 * two lines' conditions hold together, and one holds (or a line says
 * 'otherwise'). Run once matrices and bands, which a condition may read,
 * are lowered. */
void check_line_conditions(model *m, size_t table);

#endif
