/* SPDX-License-Identifier: MIT */
/* The cells of a lean resolver's one-step reading of a table (cells.h). */
#include "lower/cells.h"
#include "base/util.h"
#include "check/proofs/modifier_range.h"
#include "front/key_kinds.h"

#include <stdlib.h>
#include <string.h>

/* How far an extra modifier may reach before the interpreter answers for it (an uncapped
 * table's cells grow with it), and the most cells a table's lean form keeps. */
#define LEAN_EXTRA 8
#define LEAN_MAX_CELLS 8192

/* The extra modifiers for which no partial sum of table t's modifiers (nor, uncapped, the
 * modified roll) can leave int32; *total (unless NULL) the bounds of what the modifiers add. */
static void lean_extra_range(const rtab_ruleset *rs, const rtab_table *t, int64_t *lo, int64_t *hi,
			     modifier_bounds *total)
{
	const rtab_dice *d = t->dice == RTAB_NO_DICE || t->dice >= rs->ndice ? NULL : &rs->dice[t->dice];
	int64_t dmin = d ? d->min : 0, dmax = d ? d->max : 0;
	int64_t low = 0, high = 0;
	modifier_bounds prefix = {0, 0};
	for (size_t g = 0; g <= rs->ngroups; g++) {
		modifier_bounds sum = group_range(rs, t, t->modifiers, t->nmodifiers, g);
		prefix.lo += sum.lo;
		prefix.hi += sum.hi;
		low = prefix.lo < low ? prefix.lo : low;
		high = prefix.hi > high ? prefix.hi : high;
	}
	if (!t->capped) {
		low = prefix.lo + dmin < low ? prefix.lo + dmin : low;
		high = prefix.hi + dmax > high ? prefix.hi + dmax : high;
	}
	*lo = (int64_t)INT32_MIN - low;
	*hi = (int64_t)INT32_MAX - high;
	if (total)
		*total = prefix;
}

/* Whether t is read in one step: every column rolls, chosen by an input or the only one, no
 * shift, line or natural roll to decide first; its natural roll the dice's sum. */
static bool one_step(const rtab_ruleset *rs, const rtab_table *t)
{
	if (t->dice == RTAB_NO_DICE || t->dice >= rs->ndice || t->ncolumns == 0 || t->nnatural || t->nrolls ||
	    t->nlines || t->nshifts || t->column_end_of_value)
		return false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		break;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
	case RTAB_KEY_ENUM:
		return false;
	}
	for (size_t c = 0; c < t->ncolumns; c++)
		if (t->columns[c].kind != RTAB_COLUMN_ROLLED)
			return false;
	return true;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The rolls the cells cover and the extras they serve; false when they would be too many. */
static bool plan_range(const rtab_ruleset *rs, const rtab_table *t, lean_cells *lc)
{
	const rtab_dice *d = &rs->dice[t->dice];
	int64_t drm_lo, drm_hi;
	modifier_bounds total;
	lean_extra_range(rs, t, &drm_lo, &drm_hi, &total);
	if (t->step >= 0)
		drm_lo = drm_hi = 0; /* any other is the step's error */
	/* A cap bounds the roll whatever the extra: only the sums' room limits it. */
	lc->extra_lo = t->capped ? drm_lo : drm_lo > -LEAN_EXTRA ? drm_lo : -LEAN_EXTRA;
	lc->extra_hi = t->capped ? drm_hi : drm_hi < LEAN_EXTRA ? drm_hi : LEAN_EXTRA;
	if (lc->extra_lo > lc->extra_hi)
		return false;
	int64_t mlo = total.lo + lc->extra_lo, mhi = total.hi + lc->extra_hi;
	if (t->capped) {
		mlo = clamp64(mlo, t->cap_min, t->cap_max);
		mhi = clamp64(mhi, t->cap_min, t->cap_max);
	}
	lc->cell_lo = d->min + mlo;
	lc->cell_hi = d->max + mhi;
	return lc->cell_lo >= INT32_MIN && lc->cell_hi <= INT32_MAX && lc->cell_lo <= lc->cell_hi &&
	       (lc->cell_hi - lc->cell_lo + 1) * (int64_t)lc->ncolumns <= LEAN_MAX_CELLS;
}

/* Each virtual column's cells: the row of each roll (the column's below and above rows past
 * its ends) and its outcome, the rewrites that hold applied; false for a row not in the table. */
static bool fill_cells(const rtab_table *t, lean_cells *lc)
{
	size_t width = (size_t)(lc->cell_hi - lc->cell_lo + 1);
	lc->cells = xcalloc(lc->ncolumns * width, sizeof *lc->cells);
	for (size_t v = 0; v < lc->ncolumns; v++) {
		const rtab_column *col = &t->columns[lc->by_inputs ? lc->vc.column[v] : 0];
		for (size_t j = 0; j < width; j++) {
			int64_t roll = lc->cell_lo + (int64_t)j;
			int row = roll < t->roll_min   ? col->below_row
				  : roll > t->roll_max ? col->above_row
						       : rtab_column_row(col, (size_t)(roll - t->roll_min));
			if (row >= 0 && (size_t)row >= t->nrows)
				return false;
			if (row < 0) {
				lc->cells[v * width + j] = LEAN_CELL_NO_ROW;
				lc->no_row = true;
				continue;
			}
			uint16_t oc = rtab_row_outcome(t, (size_t)row);
			if (lc->by_inputs)
				oc = fold_columns_outcome(t, &lc->vc, v, oc);
			lc->cells[v * width + j] = (uint32_t)row << 16 | oc;
		}
	}
	return true;
}

void lean_cells_make(const rtab_ruleset *rs, const rtab_table *t, lean_cells *lc)
{
	memset(lc, 0, sizeof *lc);
	if (!one_step(rs, t))
		return;
	lc->by_inputs = fold_columns_make(rs, t, &lc->vc);
	/* Without virtual columns, only a table of one column, no rewrite, is read in one step. */
	if (!lc->by_inputs && (t->nrewrites || t->column_input >= 0 || t->ncolumns != 1))
		return;
	lc->ncolumns = lc->by_inputs ? lc->vc.nvcolumns : 1;
	lc->made = plan_range(rs, t, lc) && fill_cells(t, lc);
	if (!lc->made)
		lean_cells_free(lc);
}

void lean_cells_free(lean_cells *lc)
{
	if (lc->by_inputs)
		fold_columns_free(&lc->vc);
	free(lc->cells);
	memset(lc, 0, sizeof *lc);
}
