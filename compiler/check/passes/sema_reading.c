/* SPDX-License-Identifier: MIT */
/*
 * How a computed key reads between printed columns when one rounding word
 * does not say it: a rounding per range of odds ('round up below 1:1,
 * nearest from 1:1') and the ratio each column needs ('at least 0.33, 0.5,
 * 1, 1.5'). Also the columns no odds reach under the reading.
 */
#include "check/passes/sema_reading.h"

#include "check/checks.h"
#include "check/passes/table_text.h"
#include "front/key_kinds.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One range as written: its rounding and the bounds it states. */
typedef struct written_range {
	uint8_t rounding;
	const ast_cell *mode, *from, *below;
} written_range;

bool parse_rounding(model *m, const char *word, src_loc loc, uint8_t *out)
{
	static const struct {
		const char *word;
		rtab_rounding mode;
	} words[] = {
		{"down", RTAB_ROUND_DOWN},       {"defender", RTAB_ROUND_DOWN},
		{"up", RTAB_ROUND_UP},           {"attacker", RTAB_ROUND_UP},
		{"nearest", RTAB_ROUND_NEAREST}, {"evens", RTAB_ROUND_EVENS},
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i].word, word) == 0) {
			*out = (uint8_t)words[i].mode;
			return true;
		}
	if (strcmp(word, "linear") == 0)
		check_report(m, CHECK_TYPE, loc,
			     "'round linear, ties down' (or 'ties up') reads the columns of a table, or a ratio band, as a whole: not one range of a rounding per range");
	else
		check_report(m, CHECK_TYPE, loc,
			     "'%s' is no rounding; write 'round down' (in the defender's favour), 'round up' (the attacker's), 'round nearest', 'round evens' (towards 1:1) or 'round linear, ties down' (the nearest by the ratio itself)",
			     word);
	return false;
}

bool parse_column_rounding(model *m, const ast_id *mode, uint8_t *out)
{
	const ast_id *ties = mode->next, *side = ties ? ties->next : NULL;
	if (strcmp(mode->id, "linear") != 0) {
		if (ties) {
			check_report(m, CHECK_TYPE, ties->loc,
				     "'%s %s' states the side of a tie, which only 'round linear' takes: write 'round %s;' or 'round linear, ties %s;'",
				     ties->id, side ? side->id : "", mode->id, side ? side->id : "down");
			return false;
		}
		return parse_rounding(m, mode->id, mode->loc, out);
	}
	if (!ties || strcmp(ties->id, "ties") != 0 || !side ||
	    (strcmp(side->id, "down") != 0 && strcmp(side->id, "up") != 0)) {
		check_report(m, CHECK_TYPE, ties ? ties->loc : mode->loc,
			     "'round linear' states the side an odds exactly midway between two columns reads: write 'round linear, ties down' or 'round linear, ties up'");
		return false;
	}
	*out = strcmp(side->id, "up") == 0 ? RTAB_ROUND_LINEAR_UP : RTAB_ROUND_LINEAR;
	return true;
}

static bool is_thresholds(const ast_stmt *cols)
{
	return cols->cells && cols->ids &&
	       (strcmp(cols->ids->id, "at") == 0 || strcmp(cols->ids->id, "more") == 0);
}

/* 'more than 1/3, 1:2': a column the odds must pass, not only reach. */
static bool is_strict(const ast_stmt *cols)
{
	return strcmp(cols->ids->id, "more") == 0;
}

/* <0, 0, >0 as bound a is below, at or above bound b (odds lo:hi, or a value lo). */
static int cmp_bound(const ast_cell *a, const ast_cell *b)
{
	if (a->kind == CELL_RATIO && b->kind == CELL_RATIO) {
		int64_t l = a->lo * b->hi, r = b->lo * a->hi;
		return (l > r) - (l < r);
	}
	return (a->lo > b->lo) - (a->lo < b->lo);
}

static void bound_text(char *buf, size_t n, const rtab_table *t, const ast_cell *c)
{
	format_step(buf, n, t, c->lo, c->kind == CELL_RATIO ? c->hi : 1);
}

static int by_start(const void *pa, const void *pb)
{
	const written_range *a = pa, *b = pb;
	if (!a->from || !b->from)
		return (a->from != NULL) - (b->from != NULL);
	return cmp_bound(a->from, b->from);
}

bool key_reads_odds(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_ODDS:
		return true;
	case RTAB_KEY_VALUE:
	case RTAB_KEY_INPUT: /* no key to read: compile_key made it odds or a value */
	case RTAB_KEY_ENUM:
		break;
	}
	return false;
}

bool key_reads_enum(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_ENUM:
		return true;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
	case RTAB_KEY_INPUT:
		break;
	}
	return false;
}

/* The ranges as written, each bound of the key's kind; false after a report. */
static bool read_ranges(model *m, const rtab_table *t, const ast_stmt *cols, written_range *r,
			size_t *n)
{
	bool odds = key_reads_odds(t), ok = true;
	*n = 0;
	for (const ast_cell *c = cols->cells; c; c = c->next) {
		if (c->kind == CELL_NAME) {
			r[*n] = (written_range){0, c, NULL, NULL};
			ok &= parse_rounding(m, c->name, c->loc, &r[*n].rounding);
			++*n;
			continue;
		}
		written_range *w = &r[*n - 1];
		bool from = c->name && strcmp(c->name, "from") == 0;
		if (!from && (!c->name || strcmp(c->name, "below") != 0)) {
			check_report(m, CHECK_ROUND_RANGES, c->loc,
				     "a range of rounding is 'MODE from X', 'MODE below Y' or 'MODE from X below Y', not '%s'",
				     c->name ? c->name : "a bare number");
			ok = false;
		} else if (odds != (c->kind == CELL_RATIO) ||
			   (odds && (c->lo < 0 || c->hi < 1 || c->lo > RTAB_MAX_STEP_TERM ||
				     c->hi > RTAB_MAX_STEP_TERM))) {
			check_report(m, CHECK_ROUND_RANGES, c->loc,
				     odds ? "a range of odds starts or ends at odds, like 1:1 or 1.5:1 (terms 0..%d)"
					  : "a range of values starts or ends at a value, like -2 or +3",
				     RTAB_MAX_STEP_TERM);
			ok = false;
		} else if (from ? w->from != NULL : w->below != NULL) {
			check_report(m, CHECK_ROUND_RANGES, c->loc, "'round %s' says '%s' twice",
				     w->mode->name, c->name);
			ok = false;
		} else if (from) {
			w->from = c;
		} else {
			w->below = c;
		}
	}
	return ok;
}

/* Every odds (value) in exactly one range, the ranges rising. */
static bool ranges_cover(model *m, const rtab_table *t, written_range *r, size_t n)
{
	bool ok = true;
	char a[64], b[64];
	qsort(r, n, sizeof *r, by_start);
	for (size_t i = 0; i < n; i++) {
		const ast_cell *end = r[i].below ? r[i].below : i + 1 < n ? r[i + 1].from : NULL;
		if (i > 0 && !r[i].from) {
			check_report(m, CHECK_ROUND_RANGES, r[i].mode->loc,
				     "'round %s' and 'round %s' both start below every odds: give the later one 'from X'",
				     r[0].mode->name, r[i].mode->name);
			ok = false;
		} else if (i == 0 && r[i].from && cmp_bound(r[i].from, &(ast_cell){.kind = CELL_RATIO, .lo = 0, .hi = 1}) > 0) {
			bound_text(a, sizeof a, t, r[i].from);
			check_report(m, CHECK_ROUND_RANGES, r[i].from->loc,
				     "no range rounds the odds below %s: write 'below %s' on a range, or start this one without 'from'",
				     a, a);
			ok = false;
		}
		if (i + 1 < n && !end) {
			check_report(m, CHECK_ROUND_RANGES, r[i].mode->loc,
				     "'round %s' has no end though '%s' follows it: write 'below X' or give the next 'from X'",
				     r[i].mode->name, r[i + 1].mode->name);
			ok = false;
		}
		if (i + 1 == n && r[i].below) {
			bound_text(a, sizeof a, t, r[i].below);
			check_report(m, CHECK_ROUND_RANGES, r[i].below->loc,
				     "no range rounds the odds from %s up: leave out 'below %s' on the last range, or add 'round MODE from %s'",
				     a, a, a);
			ok = false;
		}
		if (r[i].from && r[i].below && cmp_bound(r[i].from, r[i].below) >= 0) {
			bound_text(a, sizeof a, t, r[i].from);
			bound_text(b, sizeof b, t, r[i].below);
			check_report(m, CHECK_ROUND_RANGES, r[i].below->loc,
				     "'round %s from %s below %s' holds no odds: the start comes first", r[i].mode->name, a, b);
			ok = false;
		}
		if (i + 1 < n && r[i].below && r[i + 1].from && cmp_bound(r[i].below, r[i + 1].from) != 0) {
			bound_text(a, sizeof a, t, r[i].below);
			bound_text(b, sizeof b, t, r[i + 1].from);
			if (cmp_bound(r[i].below, r[i + 1].from) < 0)
				check_report(m, CHECK_ROUND_RANGES, r[i + 1].from->loc,
					     "no range rounds the odds from %s below %s: 'round %s' ends where 'round %s' starts",
					     a, b, r[i].mode->name, r[i + 1].mode->name);
			else
				check_report(m, CHECK_ROUND_RANGES, r[i + 1].from->loc,
					     "the ranges of 'round %s' (below %s) and 'round %s' (from %s) overlap: one ends where the next starts",
					     r[i].mode->name, a, r[i + 1].mode->name, b);
			ok = false;
		}
	}
	return ok;
}

bool compile_key_reading(model *m, rtab_table *t, const ast_stmt *cols)
{
	if (!cols->cells)
		return true;
	if (is_thresholds(cols)) {
		const ast_cell *least = cols->cells;
		bool bare = least->next != NULL;
		for (const ast_cell *c = least->next; c; c = c->next)
			bare &= c->kind == CELL_RATIO && !c->name;
		const char *second = is_strict(cols) ? "than" : "least";
		if (!least->name || strcmp(least->name, second) != 0 || !bare) {
			check_report(m, CHECK_ROUND_RANGES, least->loc,
				     "the ratio each column needs is written 'at least 0.33, 0.5, 1, 1.5' (or, where the odds must pass it, 'more than 0.33, 0.5, 1, 1.5'), one per column");
			return false;
		}
		if (!key_reads_odds(t)) {
			check_report(m, CHECK_ROUND_RANGES, cols->ids->loc,
				     "'%s %s' gives the ratio each odds column needs; a column by value starts at the value its header prints",
				     cols->ids->id, second);
			return false;
		}
		/* A column is reached once the ratio is at least its threshold, or past it. */
		t->rounding = is_strict(cols) ? RTAB_ROUND_DOWN_STRICT : RTAB_ROUND_DOWN;
		return true;
	}
	if (strcmp(cols->ids->id, "round") != 0) {
		check_report(m, CHECK_TYPE, cols->ids->loc,
			     "after the key comes its rounding ('round up below 1:1, nearest from 1:1') or the ratio each column needs ('at least 0.33, 0.5, 1'), not '%s'",
			     cols->ids->id);
		return false;
	}
	size_t count = 0;
	for (const ast_cell *c = cols->cells; c; c = c->next)
		count++;
	written_range *r = xcalloc(count, sizeof *r);
	size_t n;
	bool ok = read_ranges(m, t, cols, r, &n) && ranges_cover(m, t, r, n);
	if (ok && n > UINT8_MAX) {
		check_report(m, CHECK_LIMITS, cols->loc, "a key is read by at most %d ranges", UINT8_MAX);
		ok = false;
	}
	if (ok) {
		rtab_round_range *out = model_array(m, n, sizeof *out);
		for (size_t i = 0; i < n; i++) {
			bool odds = key_reads_odds(t);
			out[i].rounding = r[i].rounding;
			out[i].from_num = r[i].from ? (int32_t)r[i].from->lo : odds ? 0 : INT32_MIN;
			out[i].from_den = r[i].from && odds ? (int32_t)r[i].from->hi : 1;
		}
		t->round_ranges = out;
		t->nround_ranges = (uint8_t)n;
		t->rounding = out[0].rounding;
	}
	free(r);
	return ok;
}

bool apply_thresholds(model *m, const rtab_table *t, const ast_stmt *cols, const ast_stmt *header,
		      rtab_column *columns, size_t first)
{
	(void)t; /* the table the columns belong to: thresholds need only their ids */
	if (!is_thresholds(cols) || !header)
		return true;
	size_t width = 0, n = 0;
	for (const ast_cell *c = header->cells; c; c = c->next)
		width++;
	const ast_cell *th = cols->cells->next;
	for (const ast_cell *c = th; c; c = c->next)
		n++;
	if (n != width) {
		check_report(m, CHECK_ROUND_RANGES, header->loc,
			     "the grid prints %zu columns but '%s' gives %zu ratio(s): one per column, in order",
			     width, is_strict(cols) ? "more than" : "at least", n);
		return false;
	}
	bool ok = true;
	const ast_cell *prev = NULL;
	for (size_t j = first; th; th = th->next, j++) {
		int64_t g = (int64_t)gcd_u64((uint64_t)(th->lo < 0 ? -th->lo : th->lo), (uint64_t)(th->hi < 0 ? -th->hi : th->hi)), num = th->lo / (g ? g : 1), den = th->hi / (g ? g : 1);
		if (th->hi <= 0) {
			check_report(m, CHECK_BAD_RANGE, th->loc,
				     th->lo == 0 ? "this is no ratio a column needs: write a decimal like 0.33, a fraction of whole numbers like 1/3, or odds like 1:3"
						 : "a fraction's denominator is at least 1: write 1/3, or odds like 1:3");
			ok = false;
			continue;
		}
		if (num < 0 || den > RTAB_MAX_STEP_TERM || num > RTAB_MAX_STEP_TERM) {
			check_report(m, CHECK_LIMITS, th->loc,
				     "a column's ratio is at least 0 and its terms at most %d", RTAB_MAX_STEP_TERM);
			ok = false;
			continue;
		}
		if (prev && th->lo * prev->hi <= prev->lo * th->hi) {
			char now[64], before[64];
			format_threshold(now, sizeof now, th->lo, th->hi);
			format_threshold(before, sizeof before, prev->lo, prev->hi);
			check_report(m, CHECK_ROUND_RANGES, th->loc,
				     "the ratios of '%s' must rise from column to column: %s (column %s) comes after %s",
				     is_strict(cols) ? "more than" : "at least", now, columns[j].id, before);
			ok = false;
		}
		columns[j].step_num = (int32_t)num;
		columns[j].step_den = (int32_t)den;
		prev = th;
	}
	return ok;
}

/* Whether some odds between 0 and the first printed step (both exclusive)
 * read down, to the column of 'below'. */
static bool below_reached(const rtab_table *t, int64_t step_num, int64_t step_den)
{
	/* The points where the rounding may change: the ranges' starts and 1:1 (evens). */
	int64_t cut_num[258], cut_den[258];
	size_t ncut = 0;
	cut_num[ncut] = 1, cut_den[ncut++] = 1;
	for (size_t i = 1; i < t->nround_ranges && ncut < 258; i++)
		cut_num[ncut] = t->round_ranges[i].from_num, cut_den[ncut++] = t->round_ranges[i].from_den;
	/* Test a point just above 0 and just above every cut below the step. */
	int64_t probe_num[259], probe_den[259];
	size_t np = 0;
	probe_num[np] = 1, probe_den[np++] = (int64_t)RTAB_MAX_STEP_TERM * RTAB_MAX_STEP_TERM;
	for (size_t i = 0; i < ncut; i++)
		if (cut_num[i] * step_den < step_num * cut_den[i] && cut_num[i] > 0)
			probe_num[np] = cut_num[i], probe_den[np++] = cut_den[i];
	for (size_t i = 0; i < np; i++) {
		int64_t num = probe_num[i], den = probe_den[i];
		uint8_t mode = t->rounding;
		if (t->round_ranges && t->nround_ranges) {
			mode = t->round_ranges[0].rounding;
			for (size_t k = 1; k < t->nround_ranges; k++)
				if (num * t->round_ranges[k].from_den >= t->round_ranges[k].from_num * den)
					mode = t->round_ranges[k].rounding;
		}
		if (mode == RTAB_ROUND_EVENS)
			mode = num >= den ? RTAB_ROUND_DOWN : RTAB_ROUND_UP;
		if (mode == RTAB_ROUND_DOWN || mode == RTAB_ROUND_DOWN_STRICT)
			return true;
	}
	return false;
}

static const char *rounding_word(uint8_t r)
{
	static const char *const words[] = {"evens",		"down",		   "up",       "nearest",
					    "linear, ties down", "linear, ties up", "more than"};
	return r < sizeof words / sizeof words[0] ? words[r] : "?";
}

void check_unreachable_columns(model *m)
{
	for (size_t i = 0; i < m->rs.ntables; i++) {
		const rtab_table *t = &m->rs.tables[i];
		if (!key_reads_odds(t) || t->nshifts || t->ncolumns < 2)
			continue;
		for (size_t c = 0; c + 1 < t->ncolumns; c++) {
			const rtab_column *below = &t->columns[c], *next = &t->columns[c + 1];
			bool run_start = c == 0 || (t->column_end_of_value && (t->column_input >= 0 || t->nlines) &&
						    cmp_step(t, c - 1, c) >= 0);
			if (!run_start || below->step_num != 0 || next->step_num == 0)
				continue;
			if (below_reached(t, next->step_num, next->step_den))
				continue;
			char step[64];
			format_step(step, sizeof step, t, next->step_num, next->step_den);
			check_report(m, CHECK_UNREACHABLE_COLUMN, m->tables[i].def->id_loc,
				     "column '%s' of table '%s' is reached only by the odds 0:N: 'round %s' reads every odds below %s as %s; if the page means odds below %s, round them down ('round down below %s, ...')",
				     below->id, t->id,
				     rounding_word(t->nround_ranges ? t->round_ranges[0].rounding : t->rounding),
				     step, next->id, step, step);
		}
	}
}

int cmp_step(const rtab_table *t, size_t a, size_t b)
{
	const rtab_column *x = &t->columns[a], *y = &t->columns[b];
	int64_t l = (int64_t)x->step_num * y->step_den, r = (int64_t)y->step_num * x->step_den;
	return (l > r) - (l < r);
}
