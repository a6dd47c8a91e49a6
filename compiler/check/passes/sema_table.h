/* SPDX-License-Identifier: MIT */
/* Results tables: dice, modifiers, cap, columns and rows; then their lowering. */
#ifndef RTAB_SEMA_TABLE_H
#define RTAB_SEMA_TABLE_H

#include "check/model.h"

void resolve_tables(model *m);
void lower_tables(model *m);

#endif
