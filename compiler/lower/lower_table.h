/* SPDX-License-Identifier: MIT */
/* A results table as the IR's plan (ir_table). */
#ifndef RTAB_LOWER_LOWER_TABLE_H
#define RTAB_LOWER_LOWER_TABLE_H

#include "lower/ir.h"

#include <stdbool.h>

/* Lower table ti of m->rs into *out; false with *what (a phrase) when a
 * program of the table has a shape the lowering does not know. */
bool lower_table(ir_module *m, uint16_t ti, ir_table *out, const char **what);

void ir_table_free(ir_table *t);

/* Whether the table's column comes from a computed key (key_a, key_b), with
 * *odds set for odds A:B and clear for a value; false for an input's column. */
bool ir_key_computed(const ir_table *t, bool *odds);

/* Whether the table is keyed by two enums (RTAB_KEY_ENUM): key_a is then the
 * second input's value, which chooses within the run of the first. */
bool ir_key_enum(const ir_table *t);

#endif
