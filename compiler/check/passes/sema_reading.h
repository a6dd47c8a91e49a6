/* SPDX-License-Identifier: MIT */
/* A rounding per range of odds, the ratio each column needs, and the
 * columns no odds reach under the reading. */
#ifndef RTAB_SEMA_READING_H
#define RTAB_SEMA_READING_H

#include "check/model.h"

/* A rounding word (down, defender, up, attacker, nearest, evens); false after a report. */
bool parse_rounding(model *m, const char *word, src_loc loc, uint8_t *out);

/* A table's rounding word, with the tie 'round linear, ties down|up' states
 * (mode: the word after 'round', the tie's words after it); reported if wrong. */
bool parse_column_rounding(model *m, const ast_id *mode, uint8_t *out);
/* 'round up below 1:1, nearest from 1:1' or 'at least 0.33, ...' after the
 * key (nothing to do without either); false after a report. */
bool compile_key_reading(model *m, rtab_table *t, const ast_stmt *cols);
/* 'at least': the columns [first, first + header width) get the ratios as steps. */
bool apply_thresholds(model *m, const rtab_table *t, const ast_stmt *cols, const ast_stmt *header,
		      rtab_column *columns, size_t first);
/* Whether a computed key reads odds A:B, else a value: how its steps, ranges and
 * thresholds are written. */
bool key_reads_odds(const rtab_table *t);
/* Whether the second key is an enum input (columns by (posture, unit)). */
bool key_reads_enum(const rtab_table *t);
/* The post-check unreachable-column: a 'below' column only 0:N reaches. */
void check_unreachable_columns(model *m);
/* <0, 0, >0 as column a's step is below, at or above column b's (odds). */
int cmp_step(const rtab_table *t, size_t a, size_t b);

#endif
