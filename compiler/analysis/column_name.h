/* SPDX-License-Identifier: MIT */
/*
 * The name diff and verify give a results table's column. A value column is
 * named as the page prints its steps (0-2, 0..2, +1..+2, >=6, 6+, <=-11), and
 * two pages may print the same steps otherwise: a translation that writes
 * 0..2 where the original writes 0-2 has the same column. So a column named
 * by its steps is compared under one spelling of them; a column under a
 * printed name (light over 0-2), an odds column (2:1) or an enum value keeps
 * its id.
 */
#ifndef RTAB_COLUMN_NAME_H
#define RTAB_COLUMN_NAME_H

#include "rtab.h"

#include <stddef.h>

/* The size of a buffer that holds any column name column_name writes. */
#define COLUMN_NAME_MAX 64

/* col's name for comparison: its id, or its steps in one spelling (written
 * into buf, of COLUMN_NAME_MAX bytes): L-H (L..H where either is negative),
 * N, N+ for an open top, <=N for an open bottom. */
const char *column_name(const rtab_column *col, char buf[COLUMN_NAME_MAX]);

#endif
