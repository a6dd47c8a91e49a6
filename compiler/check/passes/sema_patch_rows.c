/* SPDX-License-Identifier: MIT */
/*
 * A 'cell' patch of a table written in rows: "roll 5 at TACW is Pursue off
 * map" moves roll 5 of the column from the row that had it to the row of
 * the new result (a new row when the table had none for it). The rows keep
 * their printed shape: one range per row and column, so a patch that would
 * leave a row two pieces in one column is refused.
 */
#include "check/passes/sema_patch_rows.h"

#include "check/checks.h"
#include "check/passes/sema_grid.h"
#include "check/passes/table_text.h"

#include <stdio.h>
#include <string.h>

/* The columns as the rows are written: the header's ids, or the ids of
 * 'columns by'; none for a table of one column. */
static const ast_id *header_ids(const ast_def *v, const ast_stmt *rows)
{
	for (const ast_stmt *h = rows->body; h; h = h->next)
		if (h->kind == ST_HEADER)
			return h->ids;
	(void)v;
	return NULL;
}

static size_t column_names(const ast_def *v, const ast_stmt *rows, const char **names, size_t max)
{
	size_t n = 0;
	for (const ast_id *h = header_ids(v, rows); h && n < max; h = h->next)
		names[n++] = h->id;
	if (n)
		return n;
	for (const ast_stmt *s = v->body; s; s = s->next)
		if (s->kind == ST_COLUMNS)
			for (const ast_stmt *c = s->body; c && n < max; c = c->next)
				if (c->kind == ST_COLSPEC && c->name)
					names[n++] = c->name;
	return n;
}

/* The rolls the table's dice show, from the dice definition. */
static bool dice_rolls(model *m, const ast_def *v, int64_t *lo, int64_t *hi)
{
	for (const ast_stmt *s = v->body; s; s = s->next) {
		if (s->kind != ST_ROLL || !s->name)
			continue;
		int k = model_find(m, DEF_DICE, s->name);
		if (k < 0)
			return false;
		*lo = *hi = 0;
		for (const ast_dice_group *g = m->defs[DEF_DICE][k]->dice; g; g = g->next) {
			*lo += g->count * (g->has_faces ? g->face_lo : 1);
			*hi += g->count * (g->has_faces ? g->face_hi : g->sides);
		}
		return true;
	}
	return false;
}

static bool overlaps(const ast_range *r, int64_t a, int64_t b)
{
	return !ast_range_absent(r) && r->lo <= b && a <= r->hi;
}

bool apply_rows_patch(model *m, const ast_def *v, const ast_def *base, ast_stmt *rows,
		      const ast_stmt *patch)
{
	ast_rows *rr = rows->rows;
	const ast_cell *rolls = patch->cells, *result = rolls->next;
	const char *names[64];
	size_t ncols = column_names(v, rows, names, 64), k = 0;
	char buf[96];
	int64_t a = rolls->lo, b = rolls->hi;

	if (!rr)
		return false;
	format_rolls(buf, sizeof buf, a, b);
	if (ncols && !patch->step) {
		check_report(m, CHECK_PATCH, rolls->loc,
			     "table '%s' has columns; name the one the patch changes: cell ROLL at COLUMN = RESULT;",
			     base->id);
		return false;
	}
	if (!ncols && patch->step) {
		check_report(m, CHECK_PATCH, patch->step->loc,
			     "table '%s' has a single column; write: cell ROLL = RESULT;", base->id);
		return false;
	}
	if (ncols) {
		while (k < ncols && !(patch->step->kind == CELL_NAME && strcmp(names[k], patch->step->name) == 0))
			k++;
		if (k == ncols) {
			strbuf all = {0};
			for (size_t i = 0; i < ncols; i++)
				sb_printf(&all, "%s%s", i ? " " : "", names[i]);
			check_report(m, CHECK_PATCH, patch->step->loc,
				     "'%s' is no column of table '%s' (its columns: %s)",
				     patch->step->kind == CELL_NAME ? patch->step->name : "that", base->id,
				     all.data);
			sb_free(&all);
			return false;
		}
	}
	if (result->kind != CELL_NAME) {
		check_report(m, CHECK_PATCH, result->loc,
			     "a patch of table '%s', written in rows, gives the roll an outcome: cell ROLL at COLUMN = OUTCOME;",
			     base->id);
		return false;
	}
	int o = outcome_of_name(m, result->name);
	if (o < 0) {
		check_report(m, CHECK_PATCH, result->loc, "'%s' is no outcome, nor the code of one",
			     result->name);
		return false;
	}
	const char *target = m->defs[DEF_OUTCOME][o]->id;

	/* The rolls the column prints, and the die's: a patch stays within both. */
	int64_t lo = INT64_MAX, hi = INT64_MIN, dlo, dhi;
	bool has_dice = dice_rolls(m, v, &dlo, &dhi);
	for (size_t i = 0; i < rr->nrows; i++) {
		const ast_row *row = &rr->rows[i];
		if (k >= row->nranges)
			continue;
		const ast_range *r = &ast_row_ranges(rr, row)[k];
		if (ast_range_absent(r))
			continue;
		if (r->lo != INT64_MIN && r->lo < lo)
			lo = r->lo;
		if (r->hi != INT64_MAX && r->hi > hi)
			hi = r->hi;
	}
	if (has_dice) {
		lo = dlo < lo ? dlo : lo;
		hi = dhi > hi ? dhi : hi;
	}
	if (a < lo || b > hi) {
		char die[64];
		format_rolls(die, sizeof die, lo, hi);
		check_report(m, CHECK_PATCH, rolls->loc,
			     "roll %s is outside what table '%s' can roll%s%s (%s); a patch changes a printed cell",
			     buf, base->id, ncols ? " at " : "", ncols ? names[k] : "", die);
		return false;
	}

	/* Check every row first, so that a refused patch changes nothing. */
	long to = -1;
	bool changed = false;
	for (size_t i = 0; i < rr->nrows; i++) {
		const ast_row *row = &rr->rows[i];
		if (k >= row->nranges)
			return false; /* the row's shape is reported by itself */
		const ast_range *r = &ast_row_ranges(rr, row)[k];
		int ro = outcome_of_name(m, row->name);
		if (ro == o && to < 0) {
			to = (long)i;
			changed |= ast_range_absent(r) || a < r->lo || b > r->hi;
			continue;
		}
		if (!overlaps(r, a, b))
			continue;
		changed = true;
		if (a > r->lo && b < r->hi) {
			char was[64];
			format_rolls(was, sizeof was, r->lo, r->hi);
			check_report(m, CHECK_PATCH, rolls->loc,
				     "roll %s is inside row '%s' (%s%s%s) of table '%s'; it would be two ranges in one column: restate the table",
				     buf, row->name, was, ncols ? " at " : "", ncols ? names[k] : "", base->id);
			return false;
		}
	}
	/* Rolls apart from the result's row, with others between: two ranges
	 * (said after a row the rolls would cut, the nearer mistake). */
	const ast_range *tr = to >= 0 ? &ast_row_ranges(rr, &rr->rows[to])[k] : NULL;
	if (tr && !ast_range_absent(tr) && ((a > tr->hi && a - 1 > tr->hi) || (b < tr->lo && b + 1 < tr->lo))) {
		char was[64];
		format_rolls(was, sizeof was, tr->lo, tr->hi);
		check_report(m, CHECK_PATCH, rolls->loc,
			     "row '%s' of table '%s' has roll %s%s%s; roll %s would leave it two ranges in one column: restate the table",
			     rr->rows[to].name, base->id, was, ncols ? " at " : "", ncols ? names[k] : "", buf);
		return false;
	}
	if (!changed) {
		check_report(m, CHECK_PATCH_UNCHANGED, patch->loc,
			     "the patch of roll %s%s%s in table '%s' gives what it gives already; remove it",
			     buf, ncols ? " at " : "", ncols ? names[k] : "", v->id);
		return true;
	}
	for (size_t i = 0; i < rr->nrows; i++) {
		ast_range *r = &rr->ranges[rr->rows[i].first + k];
		if ((long)i == to || !overlaps(r, a, b))
			continue;
		if (a <= r->lo && b >= r->hi)
			*r = (ast_range){.lo = INT64_MAX, .hi = INT64_MIN, .loc = r->loc};
		else if (a <= r->lo)
			r->lo = b + 1;
		else
			r->hi = a - 1;
	}
	if (to >= 0) {
		ast_range *r = &rr->ranges[rr->rows[to].first + k];
		if (ast_range_absent(r)) {
			r->lo = a;
			r->hi = b;
		} else {
			r->lo = a < r->lo ? a : r->lo;
			r->hi = b > r->hi ? b : r->hi;
		}
		r->loc = rolls->loc;
		return true;
	}
	/* A result the table had no row for: a row of its own, in no other column. */
	size_t width = ncols ? ncols : 1;
	ast_rows_add(rr, target, strlen(target), result->loc, patch->rule, patch->text, patch->loc);
	for (size_t j = 0; j < width; j++) {
		ast_range r = {.lo = INT64_MAX, .hi = INT64_MIN, .loc = rolls->loc};
		if (j == k) {
			r.lo = a;
			r.hi = b;
		}
		ast_rows_add_range(rr, &r);
	}
	return true;
}
