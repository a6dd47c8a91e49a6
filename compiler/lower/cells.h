/* SPDX-License-Identifier: MIT */
/*
 * The cells a lean resolver reads its row and outcome from in one load.
 *
 * A table whose columns all roll, chosen by an input (or the only one), with
 * neither shifts nor lines nor natural rolls, is read in one step: its
 * rewrites folded into virtual columns (fold_columns), each virtual column's
 * cells laid out over every modified roll the table's modifiers and an extra
 * modifier within extra_lo..extra_hi can give. The lean form then reads the
 * cell at the roll as it is: no clamp, no rewrite tested, no sum checked
 * for overflow (within those extras, none can leave int32). Any other extra
 * modifier is the interpreter's to answer. A cell is row << 16 | outcome in
 * 32 bits, 16 more than a byte each would take: its two halves are the
 * outcome and row of rtab_lean_result side by side, which the printed C
 * writes in one store (split into two stores, a small table's lean resolve
 * took a fifth longer).
 */
#ifndef RTAB_LOWER_CELLS_H
#define RTAB_LOWER_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lower/fold.h"
#include "rtab.h"

/* A cell no row holds (the roll is an error, RTAB_E_NO_ROW). */
#define LEAN_CELL_NO_ROW UINT32_MAX

typedef struct lean_cells {
	bool made;                  /* false: the lean form reads the table as the full one does */
	bool by_inputs;             /* the virtual column is chosen by vc's inputs (else: column 0) */
	fold_columns vc;
	int64_t extra_lo, extra_hi; /* the extra modifiers the cells serve */
	int64_t cell_lo, cell_hi;   /* the modified rolls each column of cells covers */
	bool no_row;                /* some cell is LEAN_CELL_NO_ROW */
	size_t ncolumns;            /* virtual columns */
	uint32_t *cells;            /* row << 16 | outcome: ncolumns x (cell_hi - cell_lo + 1), column by column */
} lean_cells;


/* The cells of table t for its lean form (lc->made false when it is not read in one step). */
void lean_cells_make(const rtab_ruleset *rs, const rtab_table *t, lean_cells *lc);
void lean_cells_free(lean_cells *lc);

#endif
