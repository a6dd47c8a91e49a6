/* SPDX-License-Identifier: MIT */
/* Tables of two keys: 'columns by (VARIANT, odds(A, B))', one grid per value. */
#ifndef RTAB_SEMA_TWOKEY_H
#define RTAB_SEMA_TWOKEY_H

#include "check/model.h"

/* Two keys, 'columns by (VARIANT, odds(A, B))' with 'grid VALUE { ... }' per
 * value: the columns, their ends and the grids. */
void resolve_two_key_table(model *m, const ast_def *d, rtab_table *t, model_table *mt,
			   const ast_stmt *cols, const ast_stmt *below, const ast_stmt *above,
			   const ast_stmt *clamp);

#endif
