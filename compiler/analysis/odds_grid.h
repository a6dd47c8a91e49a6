/* SPDX-License-Identifier: MIT */
/*
 * The odds of a table in every column and at every modifier total it can
 * see (rtab odds --all): a count per (column, total, outcome).
 */
#ifndef RTAB_ANALYSIS_ODDS_GRID_H
#define RTAB_ANALYSIS_ODDS_GRID_H

#include "analysis/odds.h"

#include <stdbool.h>
#include <stdint.h>

/* Beside a table's outcomes: "no result" (some roll gives none: a 'none'
 * column, an absent cell) and "no row" (some modified roll matches no row). */
#define ODDS_NO_RESULT UINT16_MAX
#define ODDS_NO_ROW (UINT16_MAX - 1)

/* How many rolls of d give outcome o (an outcome, ODDS_NO_RESULT or ODDS_NO_ROW). */
uint64_t odds_outcome_count(const odds_dist *d, uint16_t o);

typedef struct odds_grid {
	int32_t lo, hi;        /* the modifier totals, lo..hi */
	size_t ntotals, ncells; /* a cell per (column, total): column * ntotals + (total - lo) */
	uint16_t *order;       /* the outcomes, then ODDS_NO_RESULT and ODDS_NO_ROW */
	size_t norder;
	uint64_t *counts;      /* [cell][outcome in order] */
	uint64_t *totals;      /* [cell]: the rolls of that cell */
	int32_t *modifiers;    /* [cell]: the modifier applied (capped) */
	bool *shown;           /* [cell]: false where the column input names no value */
	size_t *read_as;       /* [column]: the column read, where shifts move a computed one */
	int32_t shift;         /* the situation's column shift (computed columns) */
	uint64_t total;        /* the rolls of every cell */
	uint64_t resolutions;  /* how many of them each cell resolves (one per sum, or every roll) */
	uint64_t steps;        /* the work of every cell (base/work.h), at most UINT64_MAX */
	odds_value **rolls;    /* [cell]: its modified rolls (odds_dist.rolls) */
	size_t *nrolls;        /* [cell]: how many */
} odds_grid;

/* Fill g for table ti in the situation inputs (whose column input it
 * overwrites), its own modifiers replaced by each total, its steps spent from
 * work before the first roll is resolved. RTAB_OK, an RTAB_E_*, ODDS_E_TOO_MANY
 * (the grid would take minutes) or ODDS_E_WORK (past the work budget). Free g
 * even on an error. */
int odds_grid_compute(const rtab_ruleset *rs, size_t ti, int32_t *inputs, work_budget *work, odds_grid *g);
void odds_grid_free(odds_grid *g);

#endif
