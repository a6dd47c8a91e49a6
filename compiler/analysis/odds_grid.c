/* SPDX-License-Identifier: MIT */
/* rtab odds --all: a table's odds in every column at every modifier total. */
#include "analysis/odds_grid.h"

#include <stdlib.h>
#include <string.h>

uint64_t odds_outcome_count(const odds_dist *d, uint16_t o)
{
	return o == ODDS_NO_RESULT ? d->none : o == ODDS_NO_ROW ? d->no_row : d->count[o];
}

/* The modifier the situation gives the table: each total replaces it.
 * Modifiers read no dice, so one roll (the lowest faces) tells it: enumerating
 * every roll for it doubled the work of a grid of one cell. */
static int situation_modifier(const rtab_ruleset *rs, size_t ti, const int32_t *inputs, int32_t *raw)
{
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces = 0;
	const rtab_table *t = &rs->tables[ti];
	if (t->dice != RTAB_NO_DICE) {
		const rtab_dice *d = &rs->dice[t->dice];
		for (size_t g = 0; g < d->ngroups; g++)
			for (size_t j = 0; j < d->groups[g].count; j++) {
				if (nfaces == RTAB_MAX_FACES)
					return RTAB_E_FACES;
				faces[nfaces++] = d->groups[g].face_min;
			}
	}
	rtab_result r;
	int rc = rtab_resolve(rs, ti, inputs, rs->ninputs, faces, nfaces, 0, &r);
	if (rc != RTAB_OK && rc != RTAB_E_NO_RESULT && rc != RTAB_E_NO_ROW)
		return rc;
	*raw = r.modifier_raw;
	return RTAB_OK;
}

/* One column at every total. */
static int fill_column(const rtab_ruleset *rs, size_t ti, size_t c, const int32_t *inputs, int32_t base,
		       odds_grid *g)
{
	for (int32_t m = g->lo; m <= g->hi; m++) {
		odds_dist d;
		int rc = odds_table_column(rs, ti, g->read_as[c], inputs, (int32_t)((int64_t)m - base), &d);
		if (rc != RTAB_OK) {
			odds_dist_free(&d);
			return rc;
		}
		size_t cell = c * g->ntotals + (size_t)(m - g->lo);
		g->total = g->totals[cell] = d.total;
		g->modifiers[cell] = d.modifier;
		g->shown[cell] = true;
		g->rolls[cell] = d.rolls; /* the grid's now */
		g->nrolls[cell] = d.nrolls;
		d.rolls = NULL;
		for (size_t i = 0; i < g->norder; i++)
			g->counts[cell * g->norder + i] = odds_outcome_count(&d, g->order[i]);
		odds_dist_free(&d);
	}
	return RTAB_OK;
}

int odds_grid_compute(const rtab_ruleset *rs, size_t ti, int32_t *inputs, work_budget *work, odds_grid *g)
{
	const rtab_table *t = &rs->tables[ti];
	memset(g, 0, sizeof *g);
	g->order = xcalloc(rs->noutcomes + 2u, sizeof *g->order);
	g->norder = odds_table_outcomes(rs, ti, g->order);
	g->order[g->norder++] = ODDS_NO_RESULT; /* listed only where some roll gives no result */
	g->order[g->norder++] = ODDS_NO_ROW;    /* or matches no row */
	g->total = 1;

	odds_total_bounds(rs, ti, &g->lo, &g->hi);
	int32_t base;
	int rc = situation_modifier(rs, ti, inputs, &base);
	if (rc != RTAB_OK)
		return rc;
	g->ntotals = (size_t)((int64_t)g->hi - g->lo + 1);
	g->ncells = t->ncolumns * g->ntotals;
	/* Every cell resolves every roll (or every sum): refuse a grid that would take minutes. */
	uint64_t rolls = t->dice == RTAB_NO_DICE ? 1 : odds_dice_rolls(&rs->dice[t->dice]);
	if (!rolls)
		return ODDS_E_TOO_MANY;
	g->total = rolls;
	g->resolutions = odds_table_resolutions(rs, ti);
	if ((uint64_t)g->ncells * g->resolutions > ODDS_MAX_ROLLS)
		return ODDS_E_GRID_TOO_MANY;
	uint64_t each = odds_table_steps(rs, ti);
	g->steps = each && g->ncells > UINT64_MAX / each ? UINT64_MAX : g->ncells * each;
	if (!work_spend(work, g->steps))
		return ODDS_E_WORK;
	g->counts = xcalloc(g->ncells * g->norder, sizeof *g->counts);
	g->totals = xcalloc(g->ncells, sizeof *g->totals);
	g->modifiers = xcalloc(g->ncells, sizeof *g->modifiers);
	g->shown = xcalloc(g->ncells, sizeof *g->shown);
	g->rolls = xcalloc(g->ncells, sizeof *g->rolls);
	g->nrolls = xcalloc(g->ncells, sizeof *g->nrolls);
	g->read_as = xcalloc(t->ncolumns, sizeof *g->read_as);

	/* A computed column is read where the situation's column shifts move it. */
	bool computed = odds_key_computed(t);
	if (computed)
		rc = odds_column_shift(rs, ti, inputs, &g->shift);
	for (size_t c = 0; c < t->ncolumns && rc == RTAB_OK; c++) {
		/* The column input names the column where there is one; a computed
		 * column is read as it is, whatever the key. */
		int32_t v = odds_column_value(rs, ti, c);
		g->read_as[c] = odds_shifted_column(rs, ti, c, g->shift);
		if (!computed && v < 0)
			continue;
		if (!computed && t->column_input >= 0)
			inputs[t->column_input] = v;
		rc = fill_column(rs, ti, c, inputs, base, g);
	}
	return rc;
}

void odds_grid_free(odds_grid *g)
{
	free(g->order);
	free(g->counts);
	free(g->totals);
	free(g->modifiers);
	free(g->shown);
	free(g->read_as);
	for (size_t k = 0; g->rolls && k < g->ncells; k++)
		free(g->rolls[k]);
	free(g->rolls);
	free(g->nrolls);
	memset(g, 0, sizeof *g);
}
