/* SPDX-License-Identifier: MIT */
/* The automatic columns at the ends of a table's run of columns: 'below' and 'above'. */
#ifndef RTAB_SEMA_ENDS_H
#define RTAB_SEMA_ENDS_H

#include "check/model.h"

/* 'below X;' / 'above [STEP] X;': the automatic column at the start of the run
 * of columns from first (below), or at t->ncolumns (above, counted). */
void end_column(model *m, rtab_table *t, const ast_stmt *w, bool above, size_t first);

#endif
