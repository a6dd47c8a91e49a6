/* SPDX-License-Identifier: MIT */
/*
 * A variant's cell patches: "as the CRT, except: roll 1 at 3:1 is DR".
 *
 *   table determined_crt @ "7.8" {
 *     like crt;
 *     cell 1 at 3:1 = DE;
 *     cell 5-6 at 1:1 = DR;
 *   }
 *
 * The variant takes its base's grid; each patch replaces the cells of the
 * rolls it names in one column. A patch that covers part of a printed line
 * (roll 3 of a line 3-4) splits the line. The patched cells carry the
 * patch's rule (or the variant's) and reason, the others their line's.
 */
#include "check/passes/sema_patch.h"

#include "check/checks.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_patch_rows.h"
#include "check/passes/table_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column as the grid's first line prints it. */
static void format_column(char *buf, size_t n, const ast_cell *c)
{
	if (c->kind == CELL_NAME || (c->kind == CELL_RANGE && c->name)) /* light over 0-2 */
		snprintf(buf, n, "%s", c->name);
	else if (c->kind == CELL_RATIO) {
		rtab_table odds = {.key_kind = RTAB_KEY_ODDS};
		format_step(buf, n, &odds, c->lo, c->hi);
	}
	else if (c->kind == CELL_RANGE)
		format_rolls(buf, n, c->lo, c->hi);
	else
		snprintf(buf, n, "—");
}

static bool same_column(const ast_cell *a, const ast_cell *b)
{
	/* A value column under its printed name is named by it (light over 0-2). */
	if (a->kind == CELL_RANGE && a->name && b->kind == CELL_NAME)
		return strcmp(a->name, b->name) == 0;
	if (a->kind != b->kind)
		return false;
	if (a->kind == CELL_NAME)
		return strcmp(a->name, b->name) == 0;
	return a->lo == b->lo && a->hi == b->hi; /* odds are kept in lowest terms */
}

/* The first cell after a grid line's roll (and its ':'). */
static ast_cell *line_cells(ast_stmt *line)
{
	ast_cell *c = line->cells ? line->cells->next : NULL;
	if (c && c->kind == CELL_COLON)
		c = c->next;
	return c;
}

static ast_cell *nth_cell(ast_stmt *line, size_t k)
{
	ast_cell *c = line_cells(line);
	while (c && k--)
		c = c->next;
	return c;
}

/* A copy of line whose roll is [lo, hi]. */
static ast_stmt *line_piece(const ast_stmt *line, int64_t lo, int64_t hi)
{
	ast_stmt *c = ast_stmt_copy(line);
	c->cells->lo = lo;
	c->cells->hi = hi;
	c->cells->open_lo = lo == INT64_MIN;
	c->cells->open_hi = hi == INT64_MAX;
	return c;
}

static int cmp_lo(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The first roll of [lo, hi] no line covers, if any. */
static bool uncovered(ast_stmt *lines, int64_t lo, int64_t hi, int64_t *gap_lo, int64_t *gap_hi)
{
	size_t n = 0;
	for (ast_stmt *l = lines; l; l = l->next)
		n++;
	int64_t *iv = xcalloc(n ? 2 * n : 1, sizeof *iv);
	size_t k = 0;
	for (ast_stmt *l = lines; l; l = l->next) {
		const ast_cell *r = l->cells;
		if (!r || r->kind != CELL_RANGE || r->hi < lo || r->lo > hi)
			continue;
		iv[2 * k] = r->lo > lo ? r->lo : lo;
		iv[2 * k + 1] = r->hi < hi ? r->hi : hi;
		k++;
	}
	qsort(iv, k, 2 * sizeof *iv, cmp_lo);
	int64_t cur = lo;
	bool done = false, found = false;
	for (size_t i = 0; i < k && !done && !found; i++) {
		if (iv[2 * i] > cur) {
			*gap_lo = cur;
			*gap_hi = iv[2 * i] - 1;
			found = true;
		} else if (iv[2 * i + 1] >= cur) {
			if (iv[2 * i + 1] == INT64_MAX)
				done = true;
			else
				cur = iv[2 * i + 1] + 1;
		}
	}
	if (!found && !done && cur <= hi) {
		*gap_lo = cur;
		*gap_hi = hi;
		found = true;
	}
	free(iv);
	return found;
}

static void set_cell(ast_cell *to, const ast_cell *result, const ast_stmt *patch)
{
	free(to->name);
	free(to->rule);
	free(to->text);
	to->kind = result->kind;
	to->lo = result->lo;
	to->hi = result->hi;
	to->open_lo = result->open_lo;
	to->open_hi = result->open_hi;
	to->name = result->name ? xstrdup(result->name) : NULL;
	to->loc = result->loc;
	to->patched = true;
	to->rule = patch->rule ? xstrdup(patch->rule) : NULL;
	to->text = patch->text ? xstrdup(patch->text) : NULL;
}

/* Apply one patch to the grid's lines; false when it could not be applied. */
static bool apply_patch(model *m, const ast_def *v, const ast_def *base, ast_stmt *grid,
			bool has_header, const ast_stmt *patch)
{
	const ast_cell *rolls = patch->cells, *result = rolls->next;
	/* Under odds lines, the header names the result columns a patch changes. */
	ast_stmt *header = has_header ? (ast_stmt *)ast_grid_header(grid) : NULL;
	ast_stmt *first = has_header ? (header ? header->next : NULL) : grid->body;
	char buf[96], col[96];
	size_t k = 0;

	if (patch->ids && strcmp(patch->ids->id, "at") != 0) {
		check_report(m, CHECK_PATCH, patch->ids->loc,
			     "write 'at' before the column: cell ROLL at COLUMN = RESULT; not '%s'",
			     patch->ids->id);
		return false;
	}
	if (rolls->lo > rolls->hi) {
		check_report(m, CHECK_BAD_RANGE, rolls->loc,
			     "the range %lld-%lld is empty; write the low end first", (long long)rolls->lo,
			     (long long)rolls->hi);
		return false;
	}
	if (has_header && !patch->step) {
		check_report(m, CHECK_PATCH, rolls->loc,
			     "table '%s' has columns; name the one the patch changes: cell ROLL at COLUMN = RESULT;",
			     base->id);
		return false;
	}
	if (!has_header && patch->step) {
		check_report(m, CHECK_PATCH, patch->step->loc,
			     "table '%s' has a single column; write: cell ROLL = RESULT;", base->id);
		return false;
	}
	if (has_header) {
		const ast_cell *h = header ? header->cells : NULL;
		for (; h && !same_column(h, patch->step); h = h->next)
			k++;
		if (!h) {
			strbuf names = {0};
			sb_puts(&names, "");
			for (h = header ? header->cells : NULL; h; h = h->next) {
				format_column(buf, sizeof buf, h);
				sb_printf(&names, "%s%s", h == header->cells ? "" : " ", buf);
			}
			format_column(col, sizeof col, patch->step);
			check_report(m, CHECK_PATCH, patch->step->loc,
				     "'%s' is no column of table '%s' (its columns: %s); a result beyond the ends is changed with 'below' or 'above'",
				     col, base->id, names.data);
			sb_free(&names);
			return false;
		}
	}
	format_rolls(buf, sizeof buf, rolls->lo, rolls->hi);
	if (has_header)
		format_column(col, sizeof col, patch->step);
	int64_t gap_lo, gap_hi;
	if (uncovered(first, rolls->lo, rolls->hi, &gap_lo, &gap_hi)) {
		char gap[96];
		format_rolls(gap, sizeof gap, gap_lo, gap_hi);
		check_report(m, CHECK_PATCH, rolls->loc,
			     "table '%s' has no line for roll %s; a patch changes cells of the grid it %s (roll %s%s%s)",
			     base->id, gap, v->errata_patch ? "patches" : "is 'like'", buf,
			     has_header ? " at " : "", has_header ? col : "");
		return false;
	}
	/* Every cell the rolls cover must be one the base prints. */
	for (ast_stmt *l = first; l; l = l->next) {
		const ast_cell *r = l->cells, *c = nth_cell(l, k);
		if (r->kind != CELL_RANGE || r->hi < rolls->lo || r->lo > rolls->hi)
			continue;
		if (!c) {
			/* A line shorter than the header: the base's grid is reported itself. */
			char line[96];
			format_rolls(line, sizeof line, r->lo, r->hi);
			check_report(m, CHECK_PATCH, rolls->loc,
				     "the line of roll %s in table '%s' has no cell%s%s to change; mend the base's grid first",
				     line, base->id, has_header ? " at " : "", has_header ? col : "");
			return false;
		}
		if (c->kind == CELL_ABSENT && result->kind != CELL_ABSENT) {
			char line[96];
			format_rolls(line, sizeof line, r->lo, r->hi);
			check_report(m, CHECK_PATCH, rolls->loc,
				     "the cell of roll %s%s%s is '—' in table '%s': no result is printed there to change; restate the grid if the variant uses it",
				     line, has_header ? " at " : "", has_header ? col : "", base->id);
			check_note(m, c->loc, "the cell is here");
			return false;
		}
	}
	/* Split the lines the rolls cover in part, then write the cells. */
	bool changed = false;
	ast_stmt *prev = has_header ? header : NULL;
	for (ast_stmt *l = first; l;) {
		ast_stmt *next = l->next;
		const ast_cell *r = l->cells;
		if (r->kind != CELL_RANGE || r->hi < rolls->lo || r->lo > rolls->hi) {
			prev = l;
			l = next;
			continue;
		}
		int64_t a = r->lo > rolls->lo ? r->lo : rolls->lo, b = r->hi < rolls->hi ? r->hi : rolls->hi;
		ast_stmt *pieces = NULL, *mid = l;
		if (a > r->lo || b < r->hi) {
			if (a > r->lo) {
				ast_stmt *p = line_piece(l, r->lo, a - 1);
				pieces = AST_APPEND(pieces, p);
			}
			mid = line_piece(l, a, b);
			pieces = AST_APPEND(pieces, mid);
			if (b < r->hi) {
				ast_stmt *p = line_piece(l, b + 1, r->hi);
				pieces = AST_APPEND(pieces, p);
			}
			/* Replace l by its pieces. */
			ast_stmt *last = pieces->tail;
			last->next = next;
			if (prev)
				prev->next = pieces;
			else
				grid->body = pieces;
			l->next = NULL;
			ast_stmts_free(l);
			prev = last;
		} else {
			prev = l;
		}
		ast_cell *c = nth_cell(mid, k);
		bool same = c->kind == result->kind &&
			    (c->kind == CELL_NAME ? strcmp(c->name, result->name) == 0 ||
							    (outcome_of_name(m, c->name) >= 0 &&
							     outcome_of_name(m, c->name) == outcome_of_name(m, result->name))
						  : c->lo == result->lo && c->hi == result->hi);
		changed |= !same || patch->rule || patch->text;
		set_cell(c, result, patch);
		l = next;
	}
	if (grid->body) {
		ast_stmt *t = grid->body;
		while (t->next)
			t = t->next;
		grid->body->tail = t;
	}
	if (!changed)
		check_report(m, CHECK_PATCH_UNCHANGED, patch->loc,
			     "the patch of roll %s%s%s in table '%s' gives what '%s' already gives there; remove it",
			     buf, has_header ? " at " : "", has_header ? col : "", v->id, base->id);
	return true;
}

/* An errata patch that cannot apply: where the table it names is written. */
static void note_table(model *m, const ast_def *table, const ast_stmt *patch)
{
	char rolls[96];
	format_rolls(rolls, sizeof rolls, patch->cells->lo, patch->cells->hi);
	check_note(m, table->id_loc, "table '%s', whose roll %s the patch changes, is defined here",
		   table->id, rolls);
}

void apply_cell_patches(model *m, ast_def *v, const ast_def *base, bool own_grid)
{
	ast_stmt *grid = NULL, *rows = NULL, *kept = NULL, *patches = NULL;
	bool has_header = false;

	/* Take the patches out of the body. */
	for (ast_stmt *s = v->body, *next; s; s = next) {
		next = s->next;
		s->next = s->tail = NULL;
		if (s->kind == ST_PATCH)
			patches = AST_APPEND(patches, s);
		else
			kept = AST_APPEND(kept, s);
	}
	v->body = kept;
	if (!patches)
		return;
	for (ast_stmt *s = v->body; s; s = s->next) {
		if (s->kind == ST_GRID && !grid) {
			grid = s;
			ast_grid_expand(grid); /* the patches split and rewrite its lines */
		}
		if (s->kind == ST_ROWS && !rows)
			rows = s;
		has_header |= s->kind == ST_COLUMNS;
	}
	for (const ast_stmt *p = patches; p; p = p->next) {
		if (!base)
			break; /* 'like' names no table: reported */
		if (p->misspelt) {
			check_report(m, CHECK_PATCH, p->loc,
				     "'%s' is no statement of a table; a variant changes a cell with: cell ROLL at COLUMN = RESULT;",
				     p->name);
			continue;
		}
		if (own_grid) {
			check_report(m, CHECK_PATCH, p->loc,
				     "table '%s' restates its grid; write the change in the grid, or remove the grid and keep the patches",
				     v->id);
			continue;
		}
		if (!grid && rows && v->errata_patch) {
			if (!apply_rows_patch(m, v, base, rows, p)) {
				v->damaged = true;
				note_table(m, base, p);
			}
			continue;
		}
		if (!grid) {
			check_report(m, CHECK_PATCH, p->loc,
				     "a patch changes a cell of a grid, and table '%s' is written in rows; write it as a grid (grid { ... })",
				     base->id);
			continue;
		}
		for (const ast_stmt *q = patches; q != p; q = q->next)
			if (!q->misspelt && q->cells->lo <= p->cells->hi && p->cells->lo <= q->cells->hi &&
			    ((!q->step && !p->step) || (q->step && p->step && same_column(q->step, p->step)))) {
				check_report(m, CHECK_PATCH, p->loc,
					     "this patch changes a cell an earlier patch of table '%s' changes; give each cell once",
					     v->id);
				check_note(m, q->loc, "the earlier patch is here");
				goto next;
			}
		if (!apply_patch(m, v, base, grid, has_header, p)) {
			v->damaged = true;
			if (v->errata_patch)
				note_table(m, base, p);
		}
	next:;
	}
	ast_stmts_free(patches);
}

void report_stray_patches(model *m, const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_PATCH)
			check_report(m, CHECK_PATCH, s->loc,
				     "table '%s' is no variant: a 'cell' patch changes the table a variant is 'like'; write the cell in the grid, or add 'like BASE;'",
				     d->id);
}
