/* SPDX-License-Identifier: MIT */
/* Exact odds by enumeration through rtab_resolve (see odds.h). */
#include "analysis/odds.h"

#include "analysis/odds_natural.h"
#include "base/util.h"
#include "base/work.h"
#include "front/key_kinds.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *odds_status_message(int status)
{
	switch (status) {
	case ODDS_E_TOO_MANY:
		return "more rolls than can be enumerated exactly (at most 16777216, counted before any is "
		       "resolved): roll fewer dice or dice with fewer faces";
	case ODDS_E_GRID_TOO_MANY:
		return "--all would resolve more rolls than 16777216 (every column at every modifier "
		       "total, each over every roll): ask for one situation without --all";
	case ODDS_E_MIXED: return "the distance rolls dice with different faces; its odds are not enumerated";
	case ODDS_E_WORK:
		return "its enumeration is past the work budget of evaluated steps: raise it with " WORK_OPTION
		       " N";
	default: return rtab_status_message(status);
	}
}

uint64_t odds_dice_rolls(const rtab_dice *d)
{
	uint64_t total = 1;
	for (size_t g = 0; g < d->ngroups; g++) {
		uint64_t sides = (uint64_t)((int64_t)d->groups[g].face_max - d->groups[g].face_min + 1);
		for (size_t j = 0; j < d->groups[g].count; j++) {
			/* total <= 2^24 and sides <= 2^17 before the product: no overflow. */
			total *= sides;
			if (total > ODDS_MAX_ROLLS || sides == 0)
				return 0;
		}
	}
	return total;
}

void odds_dist_free(odds_dist *d)
{
	free(d->count);
	free(d->provisional);
	free(d->lowest);
	free(d->rolls);
	d->rolls = NULL;
	d->nrolls = d->rolls_cap = 0;
	d->count = d->provisional = NULL;
	d->lowest = NULL;
}

/* w more rolls at modified roll m: their count in d->rolls, kept ascending. */
static void tally_roll(odds_dist *d, int32_t m, uint64_t w)
{
	size_t lo = 0, hi = d->nrolls;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->rolls[mid].value < m)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < d->nrolls && d->rolls[lo].value == m) {
		d->rolls[lo].count += w;
		return;
	}
	if (d->nrolls == d->rolls_cap) {
		d->rolls_cap = d->rolls_cap ? 2 * d->rolls_cap : 16;
		d->rolls = xrealloc(d->rolls, d->rolls_cap * sizeof *d->rolls);
	}
	memmove(&d->rolls[lo + 1], &d->rolls[lo], (d->nrolls - lo) * sizeof *d->rolls);
	d->rolls[lo] = (odds_value){m, w};
	d->nrolls++;
}

/* w equally likely natural rolls that resolved to rc and r. Unsettled dice
 * (which faces there are) leave every probability unsettled, though no
 * single result resolved from its faces carries their reason. */
static void tally(odds_dist *out, int rc, const rtab_result *r, uint64_t w, bool dice_unsettled, size_t nfaces)
{
	out->column = r->column;
	if (!r->automatic && nfaces)
		tally_roll(out, r->modified_roll, w);
	out->modifier_raw = r->modifier_raw;
	out->modifier = r->modifier;
	if (rc == RTAB_E_NO_ROW) {
		if (!out->no_row || r->modified_roll < out->no_row_min)
			out->no_row_min = r->modified_roll;
		if (!out->no_row || r->modified_roll > out->no_row_max)
			out->no_row_max = r->modified_roll;
		out->no_row += w;
		if (r->natural < out->lowest_no_row)
			out->lowest_no_row = r->natural;
	} else if (rc != RTAB_OK) {
		out->none += w;
		if (r->provisional || dice_unsettled)
			out->none_provisional += w;
		if (r->natural < out->lowest_none)
			out->lowest_none = r->natural;
	} else {
		out->count[r->outcome] += w;
		if (r->natural < out->lowest[r->outcome])
			out->lowest[r->outcome] = r->natural;
		if (r->provisional || dice_unsettled)
			out->provisional[r->outcome] += w;
	}
	out->total += w;
}

/* Whether a table reads its dice only through their sum but for its natural
 * rules: no rolls compared. Each natural rule decides the few rolls that show
 * its faces; every other roll of a sum gives what the sum gives. */
static bool reads_sum(const rtab_table *t)
{
	return t->dice != RTAB_NO_DICE && t->nrolls == 0;
}

/* The natural rules of t that some roll can match (the first of equal faces). */
static uint64_t live_naturals(const rtab_table *t)
{
	uint64_t n = 0;
	for (size_t i = 0; i < t->nnatural; i++)
		n += !odds_natural_masked(t, i);
	return n;
}

uint64_t odds_table_resolutions(const rtab_ruleset *rs, size_t table)
{
	const rtab_table *t = &rs->tables[table];
	if (t->dice == RTAB_NO_DICE || t->dice >= rs->ndice)
		return 1;
	const rtab_dice *d = &rs->dice[t->dice];
	uint64_t rolls = odds_dice_rolls(d);
	if (!rolls || !reads_sum(t))
		return rolls;
	uint64_t sums = 1;
	for (size_t g = 0; g < d->ngroups; g++)
		sums += (uint64_t)d->groups[g].count * (uint64_t)(d->groups[g].face_max - d->groups[g].face_min);
	sums += live_naturals(t);
	return sums < rolls ? sums : rolls;
}

uint64_t odds_resolution_steps(const rtab_ruleset *rs, size_t table)
{
	const rtab_table *t = &rs->tables[table];
	/* the fixed part: the dice's sum, the cap, the row, the natural rules */
	uint64_t steps = 4u + t->nnatural + (t->dice != RTAB_NO_DICE && t->dice < rs->ndice ? rs->dice[t->dice].nfaces : 0);
	for (size_t i = 0; i < t->nmodifiers; i++)
		if (t->modifiers[i] < rs->nmodifiers)
			steps += work_expr_steps(&rs->modifiers[t->modifiers[i]].condition) +
				 work_expr_steps(&rs->modifiers[t->modifiers[i]].value);
	for (size_t i = 0; i < t->nshifts; i++)
		if (t->shifts[i] < rs->nmodifiers)
			steps += work_expr_steps(&rs->modifiers[t->shifts[i]].condition) +
				 work_expr_steps(&rs->modifiers[t->shifts[i]].value);
	steps += work_expr_steps(&t->key_a) + work_expr_steps(&t->key_b);
	for (size_t i = 0; i < t->nrewrites; i++)
		steps += work_expr_steps(&t->rewrites[i].condition);
	return steps;
}

uint64_t odds_table_steps(const rtab_ruleset *rs, size_t table)
{
	uint64_t n = odds_table_resolutions(rs, table), each = odds_resolution_steps(rs, table);
	return n > UINT64_MAX / each ? UINT64_MAX : n * each;
}

/* The rolls of a sum that no natural rule decides give what one of them gives:
 * a copy of the ruleset whose table has no natural rule resolves it. */
static int resolve_sum(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t extra_drm,
		       const int32_t *faces, size_t nfaces, rtab_result *r)
{
	const rtab_table *t = &rs->tables[table];
	if (!t->nnatural)
		return rtab_resolve(rs, table, inputs, rs->ninputs, faces, nfaces, extra_drm, r);
	rtab_ruleset plain = *rs;
	rtab_table *tables = xmalloc(rs->ntables * sizeof *tables);
	memcpy(tables, rs->tables, rs->ntables * sizeof *tables);
	tables[table].nnatural = 0;
	tables[table].natural = NULL;
	plain.tables = tables;
	int rc = rtab_resolve(&plain, table, inputs, rs->ninputs, faces, nfaces, extra_drm, r);
	free(tables);
	return rc;
}

/* Each natural rule some roll matches, resolved once with one of its rolls and
 * weighed by all of them; those rolls leave the count of their sum (ways,
 * indexed by the sum less low). */
static int odds_naturals(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t extra_drm,
			 int64_t low, uint64_t *ways, bool dice_unsettled, odds_dist *out)
{
	const rtab_table *t = &rs->tables[table];
	const rtab_dice *d = &rs->dice[t->dice];
	for (size_t i = 0; i < t->nnatural; i++) {
		int32_t faces[RTAB_MAX_FACES];
		uint64_t n = odds_natural_masked(t, i) ? 0 : odds_natural_rolls(d, &t->natural[i], faces);
		if (!n)
			continue;
		int64_t sum = 0;
		for (size_t k = 0; k < d->nfaces; k++)
			sum += faces[k];
		rtab_result r;
		int got = rtab_resolve(rs, table, inputs, rs->ninputs, faces, d->nfaces, extra_drm, &r);
		if (got != RTAB_OK && got != RTAB_E_NO_RESULT && got != RTAB_E_NO_ROW)
			return got;
		tally(out, got, &r, n, dice_unsettled, d->nfaces);
		ways[sum - low] -= n; /* n of the rolls of that sum, each counted there once */
	}
	return RTAB_OK;
}

/*
 * A table that reads its dice only through their sum (no rolls compared)
 * gives the same result for every roll of one sum that no natural rule
 * decides: it is resolved once per sum, weighted by how many rolls give it,
 * the counts of the sums found by convolving the faces, less the rolls of
 * the natural rules, each resolved once and weighed by its rolls. One roll
 * of each sum stands for all: the lowest faces, raised from the first until
 * they make the sum.
 */
static int odds_by_sum(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t extra_drm,
		       const int32_t *lo, const int32_t *hi, size_t nfaces, bool dice_unsettled, odds_dist *out)
{
	int64_t span = 0, low = 0;
	for (size_t k = 0; k < nfaces; k++) {
		span += hi[k] - lo[k];
		low += lo[k];
	}
	uint64_t *ways = xcalloc((size_t)span + 1, sizeof *ways), *next = xcalloc((size_t)span + 1, sizeof *next);
	ways[0] = 1;
	int64_t reach = 0;
	for (size_t k = 0; k < nfaces; k++) {
		int64_t width = hi[k] - lo[k];
		memset(next, 0, ((size_t)span + 1) * sizeof *next);
		for (int64_t x = 0; x <= reach; x++)
			if (ways[x])
				for (int64_t f = 0; f <= width; f++)
					next[x + f] += ways[x];
		reach += width;
		uint64_t *swap = ways;
		ways = next;
		next = swap;
	}
	int rc = odds_naturals(rs, table, inputs, extra_drm, low, ways, dice_unsettled, out);
	for (int64_t x = 0; x <= span && rc == RTAB_OK; x++) {
		if (!ways[x])
			continue;
		int32_t faces[RTAB_MAX_FACES];
		int64_t left = x;
		for (size_t k = 0; k < nfaces; k++) {
			int64_t up = left < hi[k] - lo[k] ? left : hi[k] - lo[k];
			faces[k] = (int32_t)(lo[k] + up);
			left -= up;
		}
		rtab_result r;
		int got = resolve_sum(rs, table, inputs, extra_drm, faces, nfaces, &r);
		if (got != RTAB_OK && got != RTAB_E_NO_RESULT && got != RTAB_E_NO_ROW)
			rc = got;
		else
			tally(out, got, &r, ways[x], dice_unsettled, nfaces);
	}
	free(ways);
	free(next);
	return rc;
}

int odds_table(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t extra_drm,
	       odds_dist *out)
{
	int32_t faces[RTAB_MAX_FACES], lo[RTAB_MAX_FACES], hi[RTAB_MAX_FACES];
	size_t nfaces = 0;
	rtab_result r;

	memset(out, 0, sizeof *out);
	if (!rs || table >= rs->ntables)
		return RTAB_E_TABLE;
	const rtab_table *t = &rs->tables[table];
	if (t->dice != RTAB_NO_DICE) {
		if (t->dice >= rs->ndice)
			return RTAB_E_RULESET;
		const rtab_dice *d = &rs->dice[t->dice];
		if (odds_dice_rolls(d) == 0)
			return ODDS_E_TOO_MANY;
		for (size_t g = 0; g < d->ngroups; g++)
			for (size_t j = 0; j < d->groups[g].count; j++) {
				if (nfaces == RTAB_MAX_FACES)
					return RTAB_E_FACES;
				lo[nfaces] = faces[nfaces] = d->groups[g].face_min;
				hi[nfaces++] = d->groups[g].face_max;
			}
	}
	out->noutcomes = rs->noutcomes;
	out->count = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *out->count);
	out->provisional = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *out->provisional);
	out->lowest = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *out->lowest);
	for (size_t i = 0; i < rs->noutcomes; i++)
		out->lowest[i] = INT32_MAX;
	out->lowest_none = out->lowest_no_row = INT32_MAX;
	bool dice_unsettled = t->dice != RTAB_NO_DICE && rs->dice[t->dice].provisional;
	if (nfaces && reads_sum(t)) {
		int rc = odds_by_sum(rs, table, inputs, extra_drm, lo, hi, nfaces, dice_unsettled, out);
		if (rc != RTAB_OK)
			odds_dist_free(out);
		return rc;
	}
	for (;;) {
		int rc = rtab_resolve(rs, table, inputs, rs->ninputs, faces, nfaces, extra_drm, &r);
		if (rc != RTAB_OK && rc != RTAB_E_NO_RESULT && rc != RTAB_E_NO_ROW) {
			odds_dist_free(out);
			return rc;
		}
		tally(out, rc, &r, 1, dice_unsettled, nfaces);
		/* The next combination, the last face turning fastest. */
		size_t k = nfaces;
		while (k > 0 && faces[k - 1] == hi[k - 1]) {
			faces[k - 1] = lo[k - 1];
			k--;
		}
		if (k == 0)
			return RTAB_OK;
		faces[k - 1]++;
	}
}

int odds_table_column(const rtab_ruleset *rs, size_t table, size_t column, const int32_t *inputs,
		      int32_t extra_drm, odds_dist *out)
{
	if (!rs || table >= rs->ntables || column >= rs->tables[table].ncolumns) {
		memset(out, 0, sizeof *out);
		return RTAB_E_TABLE;
	}
	/* A copy of the ruleset whose table has that column alone. */
	rtab_ruleset one = *rs;
	rtab_table *tables = xmalloc(rs->ntables * sizeof *tables);
	memcpy(tables, rs->tables, rs->ntables * sizeof *tables);
	rtab_table *t = &tables[table];
	t->key_kind = RTAB_KEY_INPUT;
	t->column_input = -1;
	t->ncolumns = 1;
	t->columns = &rs->tables[table].columns[column];
	t->nshifts = 0;
	t->shifts = NULL;
	t->shift_stops = 0; /* one column: no end to keep apart from the key's (clamp shifts) */
	one.tables = tables;
	int rc = odds_table(&one, table, inputs, extra_drm, out);
	out->column = (uint16_t)column;
	free(tables);
	return rc;
}

size_t odds_table_outcomes(const rtab_ruleset *rs, size_t table, uint16_t *order)
{
	const rtab_table *t = &rs->tables[table];
	bool *seen = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *seen);
	size_t n = 0;
#define ODDS_ADD(o)                                           \
	do {                                                  \
		uint16_t o_ = (o);                            \
		if (o_ < rs->noutcomes && !seen[o_]) {        \
			seen[o_] = true;                      \
			order[n++] = o_;                      \
		}                                             \
	} while (0)
	for (size_t i = 0; i < t->nrows; i++)
		ODDS_ADD(rtab_row_outcome(t, i));
	for (size_t i = 0; i < t->nnatural; i++)
		ODDS_ADD(t->natural[i].outcome);
	for (size_t i = 0; i < t->ncolumns; i++)
		if (t->columns[i].kind == RTAB_COLUMN_AUTOMATIC)
			ODDS_ADD(t->columns[i].automatic);
	for (size_t i = 0; i < t->nrewrites; i++)
		ODDS_ADD(t->rewrites[i].to);
#undef ODDS_ADD
	free(seen);
	return n;
}

void odds_total_bounds(const rtab_ruleset *rs, size_t table, int32_t *lo, int32_t *hi)
{
	const rtab_table *t = &rs->tables[table];
	int64_t a = 0, b = 0;
	if (t->capped) {
		*lo = t->cap_min;
		*hi = t->cap_max;
		return;
	}
	/* Each modifier may or may not apply, whatever its group keeps. */
	for (size_t i = 0; i < t->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		int64_t mlo = m->sign < 0 ? -(int64_t)m->max : m->min;
		int64_t mhi = m->sign < 0 ? -(int64_t)m->min : m->max;
		if (t->step >= 0 && !((m->steps >> t->step) & 1u))
			continue;
		bool always = m->condition.ninstrs == 0 && m->group < 0;
		a += always || mlo < 0 ? mlo : 0;
		b += always || mhi > 0 ? mhi : 0;
	}
	/* A grid is for people: keep it within what the runtime's rolls span,
	 * -1000..1000. Totals that lie wholly past one end (a modifier of +32767
	 * that always applies) keep their own values, at most 2001 of them. */
	const int64_t bound = 1000, most = 2 * bound;
	int64_t l = a < -bound ? -bound : a, h = b > bound ? bound : b;
	if (l > h) {
		l = a > bound ? a : (b - most > a ? b - most : a);
		h = a > bound ? (a + most < b ? a + most : b) : b;
	}
	const int64_t limit = INT32_MAX / 2;
	*lo = (int32_t)(l < -limit ? -limit : l > limit ? limit : l);
	*hi = (int32_t)(h < -limit ? -limit : h > limit ? limit : h);
}

int odds_column_shift(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t *shift)
{
	*shift = 0;
	if (!rs || table >= rs->ntables)
		return RTAB_E_TABLE;
	if (!rs->tables[table].nshifts)
		return RTAB_OK;
	/* A copy whose one column gives its result without a roll: the runtime
	 * adds the shifts as it does for every resolution. */
	rtab_ruleset one = *rs;
	rtab_table *tables = xmalloc(rs->ntables * sizeof *tables);
	memcpy(tables, rs->tables, rs->ntables * sizeof *tables);
	rtab_column col = {.id = "shift", .below_row = -1, .above_row = -1, .kind = RTAB_COLUMN_AUTOMATIC};
	rtab_table *t = &tables[table];
	t->key_kind = RTAB_KEY_INPUT;
	t->column_input = -1;
	t->column_end_of_value = NULL;
	t->ncolumns = 1;
	t->columns = &col;
	t->nnatural = 0;
	t->nrewrites = 0;
	one.tables = tables;
	rtab_result r;
	int rc = rtab_resolve(&one, table, inputs, rs->ninputs, NULL, 0, 0, &r);
	if (rc == RTAB_OK)
		*shift = r.column_shift;
	free(tables);
	return rc;
}

size_t odds_shifted_column(const rtab_ruleset *rs, size_t table, size_t column, int32_t shift)
{
	const rtab_table *t = &rs->tables[table];
	int64_t first = 0, end = t->ncolumns;
	int32_t v = t->column_end_of_value ? odds_column_value(rs, table, column) : -1;
	if (v >= 0) {
		first = t->column_of_value[v];
		end = t->column_end_of_value[v];
	}
	int64_t pos = (int64_t)column + shift;
	return (size_t)(pos < first ? first : pos >= end ? end - 1 : pos);
}

bool odds_key_computed(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM: /* a value of an input, no key to compute */
		return false;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		break;
	}
	return true;
}

int32_t odds_column_value(const rtab_ruleset *rs, size_t table, size_t column)
{
	const rtab_table *t = &rs->tables[table];
	if (t->column_input < 0 && !t->nlines)
		return column == 0 ? 0 : -1;
	int32_t nruns = (int32_t)rtab_table_nruns(rs, table);
	for (int32_t v = 0; v < nruns; v++)
		if (t->column_end_of_value ? t->column_of_value[v] <= column && column < t->column_end_of_value[v]
					   : t->column_of_value[v] == column)
			return v; /* two keys: the variant whose run holds the column */
	return -1;
}

int32_t odds_column_key_value(const rtab_ruleset *rs, size_t table, size_t column, int32_t run)
{
	const rtab_table *t = &rs->tables[table];
	size_t nruns = rtab_table_nruns(rs, table);
	if (table_enum_key_input(t) < 0 || !t->column_of_key || nruns == 0 || run < 0 || (size_t)run >= nruns)
		return -1;
	size_t n = t->ncolumn_of_key / nruns;
	for (size_t k = 0; k < n; k++)
		if (t->column_of_key[(size_t)run * n + k] == column)
			return (int32_t)k;
	return -1;
}

void odds_values_free(odds_values *v)
{
	free(v->v);
	v->v = NULL;
	v->n = 0;
}

/* One complete face sequence of a distance: its value and length. */
typedef struct leaf {
	int32_t value;
	uint8_t nfaces;
} leaf;

typedef struct walk {
	const rtab_ruleset *rs;
	const rtab_expr *expr;
	const int32_t *inputs;
	int32_t face_lo, face_hi;
	int32_t faces[RTAB_MAX_FACES];
	leaf *leaves;
	size_t nleaves, cap;
	const char *provisional;
	work_budget *work;
} walk;

/* Extend the faces read so far one face at a time until the evaluator
 * has all it reads: the sequence it reads depends on the faces before. */
static int walk_faces(walk *w, size_t n)
{
	rtab_eval_ctx ctx = {.faces = w->faces, .nfaces = n};
	int32_t value;
	if (!work_spend(w->work, work_expr_steps(w->expr)))
		return ODDS_E_WORK;
	int rc = rtab_expr_eval_ctx(w->rs, w->expr, w->inputs, w->rs->ninputs, &ctx, &value);
	if (rc == RTAB_OK) {
		if (ctx.next_face != n)
			return RTAB_E_FACES;
		if (ctx.provisional && !w->provisional)
			w->provisional = ctx.provisional;
		if (w->nleaves == ODDS_MAX_ROLLS)
			return ODDS_E_TOO_MANY;
		if (w->nleaves == w->cap) {
			w->cap = w->cap ? 2 * w->cap : 64;
			w->leaves = xrealloc(w->leaves, w->cap * sizeof *w->leaves);
		}
		w->leaves[w->nleaves++] = (leaf){value, (uint8_t)n};
		return RTAB_OK;
	}
	if (rc != RTAB_E_FACES)
		return rc;
	if (n == RTAB_MAX_FACES)
		return RTAB_E_FACES;
	/* A sequence of n + 1 faces makes the total at least s^(n+1): refuse it
	 * before walking a single leaf of that depth, not after 2^24 of them. */
	uint64_t sides = (uint64_t)((int64_t)w->face_hi - w->face_lo + 1), reach = 1;
	for (size_t k = 0; k <= n; k++) {
		reach *= sides; /* reach <= 2^24 and sides <= 2^17 before the product */
		if (reach > ODDS_MAX_ROLLS)
			return ODDS_E_TOO_MANY;
	}
	for (int32_t f = w->face_lo; f <= w->face_hi; f++) {
		w->faces[n] = f;
		rc = walk_faces(w, n + 1);
		if (rc != RTAB_OK)
			return rc;
	}
	return RTAB_OK;
}

static int cmp_value(const void *a, const void *b)
{
	int32_t x = ((const odds_value *)a)->value, y = ((const odds_value *)b)->value;
	return (x > y) - (x < y);
}

int odds_distance(const rtab_ruleset *rs, size_t distance, size_t form, const int32_t *inputs,
		  work_budget *work, odds_values *out)
{
	walk w = {0};
	bool any = false;
	int rc;

	memset(out, 0, sizeof *out);
	if (!rs || distance >= rs->ndistances || form >= rs->distances[distance].nforms)
		return RTAB_E_INDEX;
	rc = rtab_inputs_validate(rs, inputs, rs->ninputs);
	if (rc != RTAB_OK)
		return rc;
	w.rs = rs;
	w.expr = &rs->distances[distance].forms[form].value;
	w.inputs = inputs;
	w.work = work;
	/* Every die the value may roll must have the same faces: each face read
	 * is then one of the same equally likely values, whichever die reads it. */
	for (size_t i = 0; i < w.expr->ninstrs; i++) {
		const rtab_instr *in = &w.expr->instrs[i];
		if (in->op != RTAB_OP_ROLL)
			continue;
		if (in->arg < 0 || (size_t)in->arg >= rs->ndice)
			return RTAB_E_RULESET;
		const rtab_dice *d = &rs->dice[in->arg];
		for (size_t g = 0; g < d->ngroups; g++) {
			if (!any) {
				w.face_lo = d->groups[g].face_min;
				w.face_hi = d->groups[g].face_max;
				any = true;
			} else if (w.face_lo != d->groups[g].face_min || w.face_hi != d->groups[g].face_max) {
				return ODDS_E_MIXED;
			}
		}
	}
	rc = walk_faces(&w, 0);
	if (rc != RTAB_OK) {
		free(w.leaves);
		return rc;
	}
	/* total = s^L; a leaf of n faces weighs s^(L-n). */
	uint64_t sides = (uint64_t)((int64_t)w.face_hi - w.face_lo + 1), total = 1;
	size_t longest = 0;
	for (size_t i = 0; i < w.nleaves; i++)
		if (w.leaves[i].nfaces > longest)
			longest = w.leaves[i].nfaces;
	for (size_t i = 0; i < longest; i++) {
		total *= sides; /* total <= 2^24, sides <= 2^17 */
		if (total > ODDS_MAX_ROLLS) {
			free(w.leaves);
			return ODDS_E_TOO_MANY;
		}
	}
	out->v = xcalloc(w.nleaves ? w.nleaves : 1, sizeof *out->v);
	for (size_t i = 0; i < w.nleaves; i++) {
		uint64_t weight = 1;
		for (size_t k = w.leaves[i].nfaces; k < longest; k++)
			weight *= sides;
		out->v[i] = (odds_value){w.leaves[i].value, weight};
	}
	qsort(out->v, w.nleaves, sizeof *out->v, cmp_value);
	/* Merge equal values. */
	size_t n = 0;
	for (size_t i = 0; i < w.nleaves; i++) {
		if (n && out->v[n - 1].value == out->v[i].value)
			out->v[n - 1].count += out->v[i].count;
		else
			out->v[n++] = out->v[i];
	}
	out->n = n;
	out->total = total;
	out->provisional = rs->distances[distance].provisional ? rs->distances[distance].provisional
							       : w.provisional;
	free(w.leaves);
	return RTAB_OK;
}

void odds_put_fraction(strbuf *sb, uint64_t num, uint64_t den)
{
	if (num == 0 || den == 0) {
		sb_putc(sb, '0');
		return;
	}
	uint64_t g = gcd_u64(num, den);
	if (num == den)
		sb_putc(sb, '1');
	else
		sb_printf(sb, "%llu/%llu", (unsigned long long)(num / g), (unsigned long long)(den / g));
}

double odds_percent(uint64_t num, uint64_t den)
{
	return den ? 100.0 * (double)num / (double)den : 0.0;
}

void odds_put_percent(strbuf *sb, uint64_t num, uint64_t den)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.2f", odds_percent(num, den));
	size_t n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		n--;
	if (n > 0 && buf[n - 1] == '.')
		n--;
	sb_put(sb, buf, n);
}
