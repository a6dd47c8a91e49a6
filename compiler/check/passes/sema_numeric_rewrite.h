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

/* The 'rewrite' statement that wrote rewrite w of table ti when that
 * statement computes numbers (rewrite loss(a, d) -> loss(a + 1, d)), which
 * wrote one rewrite per result; NULL for a rewrite of two named results, or
 * where the model does not say. *first: w is the first it wrote. */
const ast_stmt *numeric_rewrite_source(const model *m, size_t ti, size_t w, bool *first);
/* One number of a side of such a statement as written: on the left
 * (right false) the name, number or named value that parameter p binds
 * (a, 0, E); on the right the expression that computes it (min(a + 1, 5),
 * with spaces around the operators unless tight). False where the side
 * names no numbers or no p-th. */
bool numeric_rewrite_arg_text(strbuf *sb, const ast_stmt *s, bool right, size_t p, bool tight);
/* The whole statement's two sides as written: loss(a, d) -> loss(min(a + 1, 5), d). */
void numeric_rewrite_text(strbuf *sb, const ast_stmt *s);

#endif
