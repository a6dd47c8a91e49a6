/* SPDX-License-Identifier: MIT */
/* A key's column and a ratio band's step as chains of tests (ratio_chain.h):
 * the runtime asked at every point where its answer may change. */
#include "lower/ratio_chain.h"
#include "base/ratio.h"
#include "base/util.h"
#include "front/key_kinds.h"

#include <stdlib.h>
#include <string.h>

/* The points of the key's line where the runtime's answer may change (a value's: den 1). */
typedef struct points {
	ratio *v;
	size_t n, cap;
} points;

/* What the runtime answers for the key num:den (a value: num), into *result. */
typedef int (*ratio_reader)(const void *what, int64_t num, int64_t den, int32_t *result);

#define TERM_LIMIT ((int64_t)1 << 32)

static void add_point(points *p, int64_t num, int64_t den)
{
	if (den <= 0)
		return; /* no key lies there (a step of no column, a term the runtime refuses) */
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->v = xrealloc(p->v, p->cap * sizeof *p->v);
	}
	p->v[p->n++] = (ratio){num, den};
}

/* -- ratios: a:b with a, b >= 0 ------------------------------------------ */

static int cmp_ratio(const void *x, const void *y)
{
	return ratio_compare(*(const ratio *)x, *(const ratio *)y);
}

/* The simplest fraction strictly between a/b and c/d (a/b < c/d, d 0: infinity):
 * of all the fractions there, it has the least numerator and the least denominator,
 * so no key within int32 lies there when its terms do not fit (false). */
static bool simplest_between(uint64_t a, uint64_t b, uint64_t c, uint64_t d, int64_t *p, int64_t *q)
{
	uint64_t n = a / b;
	if (d == 0 || n + 1 <= (c - 1) / d) { /* (n + 1) * d < c: the next whole number */
		*p = (int64_t)n + 1;
		*q = 1;
		return n + 1 <= INT32_MAX;
	}
	uint64_t ar = a - n * b, cr = c - n * d; /* both within [n, n + 1]: less n */
	int64_t pr, qr;
	if (ar == 0) { /* between 0 and cr/d (at most 1): 1 over the least q with d < q cr */
		pr = 1;
		qr = (int64_t)(d / cr) + 1;
	} else if (!simplest_between(d, cr, b, ar, &qr, &pr)) { /* the reciprocals, swapped */
		return false;
	}
	if (qr > INT32_MAX || (uint64_t)pr + n * (uint64_t)qr > INT32_MAX)
		return false;
	*p = pr + (int64_t)n * qr;
	*q = qr;
	return true;
}

/* -- the chain ----------------------------------------------------------- */

enum { UNKNOWN = INT32_MIN }; /* no key of int32 lies there: any answer does */

typedef struct builder {
	ratio_test *v;
	size_t n, cap;
} builder;

static void push_test(builder *b, int64_t num, int64_t den, bool at_most, int32_t result)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 16;
		b->v = xrealloc(b->v, b->cap * sizeof *b->v);
	}
	b->v[b->n++] = (ratio_test){num, den, at_most, result};
}

static int32_t ask(ratio_reader read, const void *what, int64_t num, int64_t den)
{
	int32_t result = 0;
	int rc = read(what, num, den, &result);
	return rc == RTAB_OK ? result : rc;
}

/* The tests in rising order, each with the answer when it is the first that holds, then
 * the answer past them (out->last): an unknown answer takes the next known one (the one
 * before at the end), and a test whose answer the next test gives too is dropped (every
 * key it holds for, the next holds for). */
static void finish(builder *b, int32_t last, ratio_chain *out)
{
	for (size_t i = b->n; last == UNKNOWN && i-- > 0;)
		last = b->v[i].result;
	if (last == UNKNOWN)
		last = 0;
	int32_t next = last;
	for (size_t i = b->n; i-- > 0;) {
		if (b->v[i].result == UNKNOWN)
			b->v[i].result = next;
		next = b->v[i].result;
	}
	size_t kept = 0;
	for (size_t i = 0; i < b->n; i++) {
		int32_t after = i + 1 < b->n ? b->v[i + 1].result : last;
		if (b->v[i].result != after)
			b->v[kept++] = b->v[i];
	}
	out->tests = b->v;
	out->ntests = kept;
	out->last = last;
}

static bool ratio_chain_make(points *p, ratio_reader read, const void *what, ratio_chain *out)
{
	memset(out, 0, sizeof *out);
	out->odds = true;
	add_point(p, 0, 1);
	size_t kept = 0;
	for (size_t i = 0; i < p->n; i++) {
		/* No ratio lies below 0; a step with a term past 2^32 (past the runtime's bound
		 * of a step) makes the runtime refuse every key, which the keys about it ask. */
		if (p->v[i].num < 0 || p->v[i].num >= TERM_LIMIT || p->v[i].den >= TERM_LIMIT)
			continue;
		p->v[kept++] = ratio_of(p->v[i].num, p->v[i].den);
	}
	p->n = kept;
	qsort(p->v, p->n, sizeof *p->v, cmp_ratio);
	size_t m = 0;
	for (size_t i = 0; i < p->n; i++)
		if (m == 0 || cmp_ratio(&p->v[m - 1], &p->v[i]) != 0)
			p->v[m++] = p->v[i];
	builder b = {0};
	int32_t last = UNKNOWN;
	for (size_t i = 0; i < m; i++) {
		const ratio *x = &p->v[i];
		bool held = x->num <= INT32_MAX && x->den <= INT32_MAX; /* a key of int32 is this point */
		push_test(&b, x->num, x->den, true, held ? ask(read, what, x->num, x->den) : UNKNOWN);
		int64_t sn, sd;
		bool any = i + 1 < m ? simplest_between((uint64_t)x->num, (uint64_t)x->den, (uint64_t)p->v[i + 1].num,
							(uint64_t)p->v[i + 1].den, &sn, &sd)
				     : simplest_between((uint64_t)x->num, (uint64_t)x->den, 1, 0, &sn, &sd);
		int32_t between = any ? ask(read, what, sn, sd) : UNKNOWN;
		if (i + 1 < m)
			push_test(&b, p->v[i + 1].num, p->v[i + 1].den, false, between);
		else
			last = between;
	}
	/* a:0 lies past every point: it must read as the keys past the last do */
	int32_t infinite = ask(read, what, 1, 0);
	if (last != UNKNOWN && last != infinite) {
		free(b.v);
		return false;
	}
	finish(&b, infinite, out);
	return true;
}

/* -- values: a whole number a --------------------------------------------- */

static int cmp_int(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

static int64_t floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

static bool value_chain_make(const points *p, ratio_reader read, const void *what, ratio_chain *out)
{
	memset(out, 0, sizeof *out);
	/* A value is whole: the answer may change only between the whole numbers on
	 * either side of a point. */
	int64_t *v = xcalloc(2 * p->n + 1, sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < p->n; i++) {
		int64_t lo = floor_div(p->v[i].num, p->v[i].den);
		int64_t hi = lo + (lo * p->v[i].den != p->v[i].num);
		if (lo >= INT32_MIN && lo <= INT32_MAX)
			v[n++] = lo;
		if (hi != lo && hi >= INT32_MIN && hi <= INT32_MAX)
			v[n++] = hi;
	}
	qsort(v, n, sizeof *v, cmp_int);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	builder b = {0};
	int32_t last = UNKNOWN;
	for (size_t i = 0; i < m; i++) {
		if (i == 0)
			push_test(&b, v[0], 1, false, v[0] > INT32_MIN ? ask(read, what, v[0] - 1, 1) : UNKNOWN);
		push_test(&b, v[i], 1, true, ask(read, what, v[i], 1));
		bool any = i + 1 < m ? v[i] + 1 < v[i + 1] : v[i] < INT32_MAX;
		int32_t between = any ? ask(read, what, v[i] + 1, 1) : UNKNOWN;
		if (i + 1 < m)
			push_test(&b, v[i + 1], 1, false, between);
		else
			last = between;
	}
	if (m == 0)
		last = ask(read, what, 0, 1);
	free(v);
	finish(&b, last, out);
	return true;
}

/* -- a key's column ------------------------------------------------------ */

typedef struct key_run {
	const rtab_table *t;
	size_t first, end;
} key_run;

static int read_column(const void *what, int64_t num, int64_t den, int32_t *result)
{
	const key_run *k = what;
	uint16_t col = 0;
	int rc = rtab_key_column(k->t, k->first, k->end, num, den, &col);
	*result = col;
	return rc;
}

/* The midpoints of two steps that round nearest and linear read (the runtime's own). */
static void add_midpoints(points *p, int64_t dp, int64_t dq, int64_t up, int64_t uq)
{
	int64_t tn, td;
	if (dp > 0 && rtab_odds_midway(dp, dq, up, uq, &tn, &td) == RTAB_OK)
		add_point(p, tn, td);
	if (dp >= 0 && dq > 0 && up >= 0 && uq > 0 && dp <= TERM_LIMIT / 4 && dq <= TERM_LIMIT / 4 &&
	    up <= TERM_LIMIT / 4 && uq <= TERM_LIMIT / 4 && dq * uq < TERM_LIMIT / 4)
		add_point(p, dp * uq + up * dq, 2 * dq * uq);
}

bool ratio_chain_of_key(const rtab_table *t, size_t first, size_t end, ratio_chain *out)
{
	bool odds = false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_ODDS:
		odds = true;
		break;
	case RTAB_KEY_VALUE:
		break;
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		return false; /* no key is read: the column is an input's */
	}
	points p = {0};
	add_point(&p, odds ? 1 : 0, 1); /* evens */
	for (size_t i = first; i < end && i < t->ncolumns; i++) {
		const rtab_column *c = &t->columns[i];
		add_point(&p, c->step_num, odds ? c->step_den : 1);
		if (i + 1 >= end || i + 1 >= t->ncolumns)
			continue;
		const rtab_column *u = &t->columns[i + 1];
		if (odds)
			add_midpoints(&p, c->step_num, c->step_den, u->step_num, u->step_den);
		else
			add_point(&p, (int64_t)c->step_num + u->step_num, 2);
	}
	for (size_t i = 0; i < t->nround_ranges; i++)
		add_point(&p, t->round_ranges[i].from_num, odds ? t->round_ranges[i].from_den : 1);
	key_run run = {t, first, end};
	bool ok = odds ? ratio_chain_make(&p, read_column, &run, out) : value_chain_make(&p, read_column, &run, out);
	free(p.v);
	return ok;
}

/* -- a ratio band's step -------------------------------------------------- */

static int read_step(const void *what, int64_t num, int64_t den, int32_t *result)
{
	const rtab_band *band = what;
	int step = -1;
	int rc = rtab_band_reach(band, (int32_t)num, (int32_t)den, &step);
	*result = step >= 0 ? step : (int32_t)band->nsteps;
	return rc;
}

/* The whole odds of the ladder a band rounds to, about step p:q (its neighbours on
 * either side, and evens): where a:b rounds to the step or away from it. */
static void add_ladder(points *pts, int64_t p, int64_t q)
{
	add_point(pts, 1, 1);
	if (p >= q) {
		int64_t n = p / q;
		for (int64_t k = n > 1 ? n - 1 : 1; k <= n + 2; k++)
			add_point(pts, k, 1);
		add_point(pts, 1, 2);
	} else {
		int64_t n = q / p;
		for (int64_t k = n > 1 ? n - 1 : 1; k <= n + 2; k++)
			add_point(pts, 1, k);
		add_point(pts, 2, 1);
	}
}

bool ratio_chain_of_band(const rtab_band *band, ratio_chain *out)
{
	points grid = {0};
	for (size_t i = 0; i < band->nsteps; i++) {
		const rtab_band_step *s = &band->steps[i];
		if (s->num <= 0 || s->den <= 0 || s->num > RTAB_MAX_STEP_TERM || s->den > RTAB_MAX_STEP_TERM)
			continue; /* the runtime refuses every ratio of the band */
		add_point(&grid, s->num, s->den);
		add_ladder(&grid, s->num, s->den);
	}
	/* Where a ratio rounds to one point of the grid or its neighbour: their midpoints. */
	qsort(grid.v, grid.n, sizeof *grid.v, cmp_ratio);
	points p = {0};
	for (size_t i = 0; i < grid.n; i++) {
		add_point(&p, grid.v[i].num, grid.v[i].den);
		if (i + 1 < grid.n)
			add_midpoints(&p, grid.v[i].num, grid.v[i].den, grid.v[i + 1].num, grid.v[i + 1].den);
	}
	free(grid.v);
	bool ok = ratio_chain_make(&p, read_step, band, out);
	free(p.v);
	return ok;
}

bool ratio_test_wide(const ratio_test *t)
{
	const int64_t exact = (int64_t)1 << 22; /* int32 * 2^22 stays below 2^53 */
	return t->num > exact || t->den > exact;
}

void ratio_chain_free(ratio_chain *c)
{
	free(c->tests);
	memset(c, 0, sizeof *c);
}
