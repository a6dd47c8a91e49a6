/* SPDX-License-Identifier: MIT */
/* Rolls and column steps as a printed table shows them. */
#ifndef RTAB_TABLE_TEXT_H
#define RTAB_TABLE_TEXT_H

#include "front/ast.h"
#include "rtab.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Rolls as a grid line prints them: "3", "3-4", "<=0", ">=7", "any". */
void format_rolls(char *buf, size_t n, int64_t lo, int64_t hi);

/* A column step as printed: 1.5:1, 1:4, +2. */
void format_step(char *buf, size_t n, const rtab_table *t, int64_t num, int64_t den);

/* A ratio a column needs ('at least 0.33, 1/3, 1:2'), exactly: a decimal of at
 * most three places when it is one (0.33, 2), else the fraction (1/3). */
void format_threshold(char *buf, size_t n, int64_t num, int64_t den);

/* The column a statement names ('note 1:2', 'note tacw', 'note -2') as the
 * grid's first line prints it, to compare with the columns' ids. */
void format_named_column(char *buf, size_t n, const rtab_table *t, const ast_cell *c);

/* Whether the column a statement names is COL. */
bool column_has_name(const rtab_table *t, const rtab_column *col, const ast_cell *c);

#endif
