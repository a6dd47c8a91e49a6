/* SPDX-License-Identifier: MIT */
/* Rolls a table declares and an opposed roll: two of them compared. */
#ifndef RTAB_SEMA_ROLLS_H
#define RTAB_SEMA_ROLLS_H

#include "check/model_data.h"

/* Whether table d declares its rolls ('roll NAME = DICE;') or compares them. */
bool table_declares_rolls(const ast_def *d);

/* The rolls of table d into t->rolls (the first adds, the one it is compared
 * with subtracts): the index of the dice that reads their faces one after
 * the other, or -1 after reporting why there is none. */
int resolve_table_rolls(model *m, const ast_def *d, rtab_table *t);

/* The rows of table d's comparisons ('pursuer >= flee -> destroyed;'): each a
 * range of the first roll minus the second, in each of width columns; NULL
 * when it compares nothing (or also writes rows or a grid: written). The
 * model owns them. */
const ast_stmt *compared_rows(model *m, const ast_def *d, const rtab_table *t, size_t width,
			      bool written);

#endif
