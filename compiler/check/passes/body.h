/* SPDX-License-Identifier: MIT */
/* What the body of any definition may hold: labels, a reason, statements
 * counted, and statements written where they do not belong. */
#ifndef RTAB_BODY_H
#define RTAB_BODY_H

#include "check/model.h"

/* The labels of a definition (its ST_LABEL statements), one per locale. */
rtab_labels read_labels(model *m, const ast_stmt *body, const char *what, const char *id,
			src_loc loc, bool want_labels);

/* How many statements of a kind a body holds. */
size_t count_stmts(const ast_stmt *body, stmt_kind kind);

/* The reason of the first 'provisional "why";' in a block, or NULL. */
const char *block_provisional(model *m, const ast_stmt *body);

/* The id, labels and rule reference every runtime structure starts with. */
void def_head(model *m, const ast_def *d, const char *what, const char **id, rtab_labels *labels,
	      const char **rule, rtab_labels *rules);

/* Report a statement that does not belong where it is written. */
void report_misplaced(model *m, const ast_stmt *s, const char *where);

#endif
