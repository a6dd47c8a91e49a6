/* SPDX-License-Identifier: MIT */
/* The rows of a rows block into a table's rows and cells: one block (the row
 * form) or a block per value of the first of two keys. */
#ifndef RTAB_SEMA_ROWS_H
#define RTAB_SEMA_ROWS_H

#include "check/model.h"

/* The steps over the columns of a rows block ('0-2  3-5  6+', its first
 * header) as a grid's first line, for resolve_key_header (the caller frees
 * it); NULL without one. */
ast_stmt *rows_steps_header(const ast_stmt *block);
/* The blocks, columns and rows of a table written in rows blocks (the
 * columns of each: its header's names, at least the values of the second
 * key's enum `second`; without one, its steps and its two ends); false,
 * reported at cols, when the runtime could not hold them. */
bool rows_blocks_fit(model *m, const ast_def *d, const ast_stmt *cols, const rtab_enum *second,
		     size_t *nblocks, size_t *ncols, size_t *nrows);
/* ... that header itself, where the block has one. */
const ast_stmt *rows_steps_header_of(const ast_stmt *block);

/* Rows from..to of one rows block as rows t->nrows on (out: t->rows, writable), their ranges in columns
 * first..first+width of mt->cells (stride rows to a column); the rows of
 * t->rows and mt->cells are allocated, and mt->row_names and row_locs too
 * when the table has several blocks. Each row that gives no rule takes
 * table_rule. */
void rows_into_columns(model *m, rtab_table *t, model_table *mt, rtab_row *out, const ast_rows *rr,
		       size_t from, size_t to, size_t first, size_t width, size_t stride, const char *table_rule);

/* The rows of a table written in rows blocks, one block per line (two
 * enums, or lines by a value): t->rows for nrows rows, the cells of every
 * column absent until a block's rows give them, the rows' names and
 * places; then each block's rows into its run of columns, first[k] to
 * end[k], an empty block reported. */
void rows_of_blocks(model *m, const ast_def *d, rtab_table *t, model_table *mt, size_t nrows,
		    const ast_stmt *const *blocks, const size_t *first, const size_t *width, size_t nblocks);

#endif
