/* SPDX-License-Identifier: MIT */
/* Tables as printed: grids, computed columns, outcome codes and rounding words. */
#ifndef RTAB_SEMA_GRID_H
#define RTAB_SEMA_GRID_H

#include "check/model.h"
#include "check/passes/sema_reading.h"

/* The statement of that kind (below, above, shifts) of a definition (a second is reported), or NULL. */
const ast_stmt *table_word(model *m, const ast_def *d, stmt_kind kind);
/* Every outcome's 'code': one short name, not another's. */
void check_outcome_codes(model *m);
/* An outcome by its id, or by the code it declares; reports an unknown name. */
int resolve_outcome_or_code(model *m, const char *name, src_loc loc);
/* The outcome an id or code names, or -1; reports nothing. */
int outcome_of_name(model *m, const char *name);
size_t header_width(const ast_stmt *header);
/* A header cell that carries a printed name over a value (light over 0-2) in
 * a table whose key reads no values: reported (once for the line, by the
 * caller), true. */
bool names_over_values_misplaced(model *m, const ast_cell *c, const char *key);
/* The key of a computed column, and the columns (from first on) the grid's header gives. */
bool resolve_key_columns(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols,
			 const ast_stmt *header, rtab_column *columns, size_t first);
/* The parts of resolve_key_columns: the key (its rounding too), then the
 * steps of the columns a header prints. */
bool compile_key(model *m, const ast_def *d, rtab_table *t, const ast_stmt *cols);
bool resolve_key_header(model *m, rtab_table *t, const ast_stmt *cols, const ast_stmt *header,
			rtab_column *columns, size_t first);
/* One grid of a table and the columns its cells fill: first, and width of them.
 * A grid under odds lines fills, from its k-th cell, the columns
 * spread[k][0..nspread[k]) instead (one per line that reaches it). */
typedef struct grid_part {
	const ast_stmt *grid;
	size_t first, width;
	size_t **spread, *nspread;
} grid_part;
/* The lines of one or more grids (two keys: one per variant), lowered as one. */
void resolve_grids(model *m, const ast_def *d, rtab_table *t, model_table *mt,
		   const grid_part *parts, size_t nparts, bool has_header);
/* The lines of a grid, lowered to rows and cells as the row form is. */
void resolve_grid(model *m, const ast_def *d, rtab_table *t, model_table *mt, const ast_stmt *grid,
		  bool has_header);

#endif
