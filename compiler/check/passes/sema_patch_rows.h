/* SPDX-License-Identifier: MIT */
/* A 'cell' patch of a table written in rows. */
#ifndef RTAB_SEMA_PATCH_ROWS_H
#define RTAB_SEMA_PATCH_ROWS_H

#include "check/model.h"

/* Move the rolls patch names, in its column, to the row of its result (a
 * new row when the table has none); false, with the reason reported, when
 * the rows cannot take it. base names the table in messages. */
bool apply_rows_patch(model *m, const ast_def *v, const ast_def *base, ast_stmt *rows,
		      const ast_stmt *patch);

#endif
