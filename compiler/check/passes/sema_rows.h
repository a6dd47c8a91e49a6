/* SPDX-License-Identifier: MIT */
/* The rows of a rows block into a table's rows and cells: one block (the row
 * form) or a block per value of the first of two keys. */
#ifndef RTAB_SEMA_ROWS_H
#define RTAB_SEMA_ROWS_H

#include "check/model.h"

/* Rows from..to of one rows block as rows t->nrows on (out: t->rows, writable), their ranges in columns
 * first..first+width of mt->cells (stride rows to a column); the rows of
 * t->rows and mt->cells are allocated, and mt->row_names and row_locs too
 * when the table has several blocks. Each row that gives no rule takes
 * table_rule. */
void rows_into_columns(model *m, rtab_table *t, model_table *mt, rtab_row *out, const ast_rows *rr,
		       size_t from, size_t to, size_t first, size_t width, size_t stride, const char *table_rule);

#endif
