/* SPDX-License-Identifier: MIT */
/* Rewrites that compute a result's numbers: rewrite loss(a, d) -> loss(a + 1, d). */
#ifndef RTAB_SEMA_NUMERIC_REWRITE_H
#define RTAB_SEMA_NUMERIC_REWRITE_H

#include "check/passes/numeric_state.h"

/* Work out the rewrites of table d that compute numbers, over the results
 * the table gives (m->numeric's given): reported where wrong. */
void numeric_expand_rewrites(model *m, const ast_def *d);
void numeric_rewrites_free(struct numeric_state *st);
/* How many rewrites a 'rewrite' statement of a table makes: one for a rewrite
 * of two named results; for one that names an outcome's numbers (rewrite
 * loss(a, d) -> loss(a + 1, d)), one per result of that outcome its table
 * gives (none after an error, which was reported). */
size_t numeric_rewrite_count(const model *m, const ast_stmt *s);
/* The i-th of them: the outcomes it reads from and as; -1 where the statement
 * names that result as written (resolve it by name). */
void numeric_rewrite_pair(const model *m, const ast_stmt *s, size_t i, int *from, int *to);

#endif
