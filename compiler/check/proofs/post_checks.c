/* SPDX-License-Identifier: MIT */
/* The checks that run over a resolved model, after every definition is resolved. */
#include "check/proofs/post_checks.h"

#include "check/passes/body.h"
#include "check/names/c_names.h"
#include "check/checks.h"
#include "check/proofs/modifier_range.h"
#include "check/proofs/open_inputs.h"
#include "check/passes/sema_reading.h"
#include "check/passes/units.h"
#include "check/passes/table_text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_cells(const void *a, const void *b)
{
	const model_cell *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->row < y->row ? -1 : x->row > y->row;
}

static void fmt_roll(char *buf, size_t n, int64_t v)
{
	if (v == INT64_MIN)
		snprintf(buf, n, "-inf");
	else if (v == INT64_MAX)
		snprintf(buf, n, "+inf");
	else
		snprintf(buf, n, "%lld", (long long)v);
}

static void fmt_rolls(char *buf, size_t n, int64_t lo, int64_t hi)
{
	char a[32], b[32];
	fmt_roll(a, sizeof a, lo);
	fmt_roll(b, sizeof b, hi);
	if (lo == hi)
		snprintf(buf, n, "the modified roll %s", a);
	else
		snprintf(buf, n, "the modified rolls %s..%s", a, b);
}

/* The present cells of one column, sorted by their low end. */
static model_cell *sorted_column(const model *m, size_t t, size_t col, size_t *count)
{
	const rtab_table *tab = &m->rs.tables[t];
	const model_table *mt = &m->tables[t];
	size_t n = tab->nrows, k = 0;
	model_cell *cells = xmalloc((n ? n : 1) * sizeof *cells);
	for (size_t i = 0; i < n; i++) {
		const model_cell *c = &mt->cells[col * n + i];
		if (c->lo <= c->hi)
			cells[k++] = *c;
	}
	/* Rows are mostly written in the order of their rolls: sort only when not. */
	for (size_t i = 1; i < k; i++)
		if (cmp_cells(&cells[i - 1], &cells[i]) > 0) {
			qsort(cells, k, sizeof *cells, cmp_cells);
			break;
		}
	*count = k;
	return cells;
}

/* Under odds lines a result column is checked once, at the first line's
 * column over it: the others read the same cells. */
static bool column_copy(const model_table *mt, size_t col)
{
	if (!mt->result_of_column || !mt->result_of_column[col])
		return false;
	for (size_t j = 0; j < col; j++)
		if (mt->result_of_column[j] == mt->result_of_column[col])
			return true;
	return false;
}

static const char *column_phrase(const model_table *mt, const rtab_table *t, size_t col,
				 strbuf *sb)
{
	sb->len = 0;
	const char *result = model_result_id(mt, col);
	if (result)
		sb_printf(sb, "result column %s of table '%s'", result, t->id);
	else if (t->ncolumns == 1)
		sb_printf(sb, "table '%s'", t->id);
	else
		sb_printf(sb, "column '%s' of table '%s'", t->columns[col].id, t->id);
	return sb->data;
}

/* A row as written: its outcome may be unknown, and is named as the source names it. */
static const char *row_outcome(const model *m, const rtab_table *t, uint16_t row)
{
	return model_row_name(&m->tables[t - m->rs.tables], row);
}

/* A grid is checked as rows are, but speaks of its lines: "line 3-4 (NE)"
 * rather than of rows named after their outcome ("rows 'NE' and 'NE'"). */
static bool is_grid(const model_table *mt)
{
	return !mt->rows && mt->row_names && !mt->row_blocks;
}

static const char *grid_line(const model *m, const rtab_table *t, const model_cell *c, char *buf, size_t n)
{
	char rolls[64];
	format_rolls(rolls, sizeof rolls, c->lo, c->hi);
	snprintf(buf, n, "%s (%s)", rolls, row_outcome(m, t, c->row));
	return buf;
}

/*
 * A grid line's roll is the same in every column: a line that overlaps
 * another, or leaves a gap before the next, does so in each column, and that
 * is one mistake. The findings of a grid table are gathered over its columns
 * and said once per pair of lines and rolls, naming the columns (or "every
 * column"); a table written in rows says each column's apart.
 */
typedef struct line_find {
	size_t col;
	model_cell a, b; /* overlap: the row reaching furthest, the cell; gap: the lines around it */
	bool has_a, has_b, overlap;
	int64_t lo, end;
	src_loc at;
	size_t next;  /* the next finding of its group, or SIZE_MAX */
	size_t count; /* on the first finding of a group: how many it has, else 0 */
} line_find;

/* The groups of one pair of lines and rolls: a column may meet the pair
 * twice (rows of one outcome), its first joins the first group, and so on. */
typedef struct line_key {
	char *name;         /* its key in groups */
	size_t first, last; /* the first and the last group */
	size_t cursor;      /* the group the column's last finding joined */
	size_t col;         /* that column */
} line_key;

typedef struct line_finds {
	line_find *v;
	size_t n, cap;
	size_t *last;       /* per finding that begins a group: the group's last finding */
	size_t *next_group; /* per finding that begins a group: the next group of its key */
	line_key *keys;
	size_t nkeys, keys_cap;
	idmap groups; /* "line/lo/end" -> its line_key */
	size_t ncolumns; /* the columns the table's rolls were checked in */
} line_finds;

static void finds_add(line_finds *f, bool grid, const line_find *x)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 16;
		f->v = xrealloc(f->v, f->cap * sizeof *f->v);
		f->last = xrealloc(f->last, f->cap * sizeof *f->last);
		f->next_group = xrealloc(f->next_group, f->cap * sizeof *f->next_group);
	}
	size_t i = f->n++;
	f->v[i] = *x;
	f->v[i].next = SIZE_MAX;
	f->v[i].count = 1;
	f->last[i] = i;
	f->next_group[i] = SIZE_MAX;
	if (!grid)
		return; /* rows: each column's finding its own */
	/* An overlap by the line that overlaps (the earlier line it meets may be
	 * a different one in each column, lines of one outcome running on); a gap
	 * by the line before it. */
	char key[160];
	snprintf(key, sizeof key, "%d/%lld/%lld", x->overlap ? x->b.loc.line : x->has_a ? x->a.loc.line : 0,
		 (long long)x->lo, (long long)x->end);
	int k = idmap_get(&f->groups, key);
	if (k < 0) {
		if (f->nkeys == f->keys_cap) {
			f->keys_cap = f->keys_cap ? 2 * f->keys_cap : 16;
			f->keys = xrealloc(f->keys, f->keys_cap * sizeof *f->keys);
		}
		f->keys[f->nkeys] = (line_key){xstrdup(key), i, i, i, x->col};
		idmap_put(&f->groups, f->keys[f->nkeys].name, (int)f->nkeys);
		f->nkeys++;
		return;
	}
	line_key *lk = &f->keys[k];
	size_t g = lk->col != x->col ? lk->first : f->next_group[lk->cursor];
	lk->col = x->col;
	if (g == SIZE_MAX) { /* a group of its own, after the key's others */
		f->next_group[lk->last] = i;
		lk->last = lk->cursor = i;
		return;
	}
	lk->cursor = g;
	f->v[i].count = 0;
	f->v[f->last[g]].next = i;
	f->last[g] = i;
	f->v[g].count++;
}

static void finds_reset(line_finds *f)
{
	f->n = 0;
	f->ncolumns = 0;
	for (size_t k = 0; k < f->nkeys; k++)
		free(f->keys[k].name);
	f->nkeys = 0;
	idmap_free(&f->groups);
	memset(&f->groups, 0, sizeof f->groups);
}

static void finds_free(line_finds *f)
{
	finds_reset(f);
	free(f->v);
	free(f->last);
	free(f->next_group);
	free(f->keys);
	idmap_free(&f->groups);
}

/* The columns of the group that begins at f->v[i], as a phrase; *one: a single column. */
static const char *group_phrase(const line_finds *f, size_t i, const model_table *mt,
				const rtab_table *t, strbuf *sb, bool *one)
{
	const line_find *x = &f->v[i];
	*one = x->count == 1;
	if (*one)
		return column_phrase(mt, t, x->col, sb);
	sb->len = 0;
	bool results = model_result_id(mt, x->col) != NULL;
	if (x->count == f->ncolumns) {
		sb_printf(sb, "every %scolumn of table '%s'", results ? "result " : "", t->id);
		return sb->data;
	}
	sb_puts(sb, results ? "result columns " : "columns ");
	size_t k = 0;
	for (size_t j = i; j != SIZE_MAX; j = f->v[j].next, k++) {
		const char *id = results ? model_result_id(mt, f->v[j].col) : t->columns[f->v[j].col].id;
		sb_printf(sb, "%s%s%s%s", k == 0 ? "" : f->v[j].next == SIZE_MAX ? " and " : ", ",
			  results ? "" : "'", id ? id : "?", results ? "" : "'");
	}
	sb_printf(sb, " of table '%s'", t->id);
	return sb->data;
}

static void check_row_gaps(model *m)
{
	strbuf where = {0};
	line_finds f = {0};
	for (size_t t = 0; t < m->rs.ntables; t++) {
		const rtab_table *tab = &m->rs.tables[t];
		const model_table *mt = &m->tables[t];
		if (!mt->has_rows || mt->def->damaged)
			continue;
		bool grid = is_grid(mt);
		finds_reset(&f);
		for (size_t col = 0; col < tab->ncolumns; col++) {
			size_t k;
			if (tab->columns[col].kind != RTAB_COLUMN_ROLLED || column_copy(mt, col))
				continue; /* an automatic column: no roll */
			f.ncolumns++;
			model_cell *cells = sorted_column(m, t, col, &k);
			int64_t next = mt->reach_lo; /* first roll not yet covered */
			const model_cell *prev = NULL;

			for (size_t i = 0; i <= k && next <= mt->reach_hi; i++) {
				int64_t lo = i < k ? cells[i].lo : mt->reach_hi + 1;
				if (i < k && cells[i].hi < next)
					continue;
				if (lo > next) {
					line_find x = {.col = col, .has_a = prev != NULL, .has_b = i < k && prev,
						       .lo = next, .end = lo - 1 < mt->reach_hi ? lo - 1 : mt->reach_hi,
						       .at = prev ? prev->loc : i < k ? cells[i].loc : mt->def->id_loc};
					if (prev)
						x.a = *prev;
					if (i < k)
						x.b = cells[i];
					finds_add(&f, grid, &x);
				}
				if (i < k) {
					next = cells[i].hi == INT64_MAX ? INT64_MAX : cells[i].hi + 1;
					prev = &cells[i];
				}
			}
			free(cells);
		}
		check_cap_begin(m, tab->id, mt->def->id_loc);
		for (size_t i = 0; i < f.n; i++) {
			const line_find *x = &f.v[i];
			if (!x->count)
				continue;
			char rolls[96];
			bool one;
			const char *phrase = group_phrase(&f, i, mt, tab, &where, &one);
			fmt_rolls(rolls, sizeof rolls, x->lo, x->end);
			check_report(m, CHECK_ROW_GAP, x->at,
				     grid ? "%s %s no cell for %s (rolls that can occur: %lld..%lld): give them a grid line, or a result where the line prints —"
					  : "%s %s no row for %s (rolls that can occur: %lld..%lld)",
				     phrase, one || x->count == f.ncolumns ? "has" : "have", rolls,
				     (long long)mt->reach_lo, (long long)mt->reach_hi);
			/* Rolls past every row, reached through an open input. */
			if (!tab->capped && (x->lo == mt->reach_lo || x->end == mt->reach_hi))
				note_open_modifier_inputs(m, CHECK_ROW_GAP, tab->modifiers, tab->nmodifiers,
							  x->lo == mt->reach_lo ? -1 : 1);
			char line[128], rolls_b[64];
			if (x->has_b && grid && one)
				check_note(m, x->b.loc, "the next line, %s, starts at %lld",
					   grid_line(m, tab, &x->b, line, sizeof line), (long long)x->b.lo);
			else if (x->has_b && grid) {
				format_rolls(rolls_b, sizeof rolls_b, x->b.lo, x->b.hi);
				check_note(m, x->b.loc, "the next line, %s, starts at %lld", rolls_b,
					   (long long)x->b.lo);
			} else if (x->has_b)
				check_note(m, x->b.loc, "the next row, '%s', starts at %lld",
					   row_outcome(m, tab, x->b.row), (long long)x->b.lo);
		}
		check_cap_end(m);
	}
	finds_free(&f);
	sb_free(&where);
}

static void check_row_overlaps(model *m)
{
	strbuf where = {0};
	line_finds f = {0};
	for (size_t t = 0; t < m->rs.ntables; t++) {
		const rtab_table *tab = &m->rs.tables[t];
		const model_table *mt = &m->tables[t];
		if (!mt->has_rows)
			continue;
		bool grid = is_grid(mt);
		finds_reset(&f);
		for (size_t col = 0; col < tab->ncolumns; col++) {
			size_t k;
			if (tab->columns[col].kind != RTAB_COLUMN_ROLLED || column_copy(mt, col))
				continue;
			f.ncolumns++;
			model_cell *cells = sorted_column(m, t, col, &k);
			const model_cell *widest = NULL; /* the row reaching furthest so far */

			for (size_t i = 0; i < k; i++) {
				const model_cell *c = &cells[i];
				/* Only the rolls that can occur: written numbers beyond them never match. */
				int64_t lo = c->lo > mt->reach_lo ? c->lo : mt->reach_lo;
				int64_t end = widest ? (c->hi < widest->hi ? c->hi : widest->hi) : 0;
				if (end > mt->reach_hi)
					end = mt->reach_hi;
				if (widest && c->lo <= widest->hi && lo <= end) {
					line_find x = {.col = col, .a = *widest, .b = *c, .has_a = true,
						       .has_b = true, .overlap = true, .lo = lo, .end = end, .at = c->loc};
					finds_add(&f, grid, &x);
				}
				if (!widest || c->hi > widest->hi)
					widest = c;
			}
			free(cells);
		}
		check_cap_begin(m, tab->id, mt->def->id_loc);
		for (size_t i = 0; i < f.n; i++) {
			const line_find *x = &f.v[i];
			if (!x->count)
				continue;
			char rolls[96], a[128], b[128];
			bool one;
			const char *phrase = group_phrase(&f, i, mt, tab, &where, &one);
			fmt_rolls(rolls, sizeof rolls, x->lo, x->end);
			if (grid && one) {
				grid_line(m, tab, &x->a, a, sizeof a);
				grid_line(m, tab, &x->b, b, sizeof b);
				check_report(m, CHECK_ROW_OVERLAP, x->at,
					     "in %s, grid lines %s and %s both hold %s; give each roll one line",
					     phrase, a, b, rolls);
				check_note(m, x->a.loc, "line %s is here", a);
			} else if (grid) {
				/* Over several columns the line is named by its rolls (its cells
				 * differ from column to column), and the earlier line of the
				 * first column is shown. */
				format_rolls(a, sizeof a, x->a.lo, x->a.hi);
				format_rolls(b, sizeof b, x->b.lo, x->b.hi);
				check_report(m, CHECK_ROW_OVERLAP, x->at,
					     "in %s, grid line %s holds %s, as an earlier line does; give each roll one line",
					     phrase, b, rolls);
				check_note(m, x->a.loc, "line %s holds it here", a);
			} else {
				check_report(m, CHECK_ROW_OVERLAP, x->at, "in %s, rows '%s' and '%s' both match %s",
					     phrase, row_outcome(m, tab, x->a.row), row_outcome(m, tab, x->b.row),
					     rolls);
				check_note(m, x->a.loc, "row '%s' is here", row_outcome(m, tab, x->a.row));
			}
		}
		check_cap_end(m);
	}
	finds_free(&f);
	sb_free(&where);
}

static void check_unreachable_rows(model *m)
{
	strbuf where = {0};
	for (size_t t = 0; t < m->rs.ntables; t++) {
		const rtab_table *tab = &m->rs.tables[t];
		const model_table *mt = &m->tables[t];
		size_t n = tab->nrows;
		if (!mt->has_rows || mt->def->damaged)
			continue;
		check_cap_begin(m, tab->id, mt->def->id_loc);
		for (size_t col = 0; col < tab->ncolumns; col++) {
			if (tab->columns[col].kind != RTAB_COLUMN_ROLLED || column_copy(mt, col))
				continue;
			for (size_t r = 0; r < n; r++) {
				const model_cell *c = &mt->cells[col * n + r];
				if (c->lo > c->hi || (c->hi >= mt->reach_lo && c->lo <= mt->reach_hi))
					continue;
				char line[128];
				if (is_grid(mt))
					check_report(m, CHECK_UNREACHABLE_ROW, c->loc,
						     "in %s, grid line %s can never be reached: the modified rolls that can occur are %lld..%lld",
						     column_phrase(mt, tab, col, &where), grid_line(m, tab, c, line, sizeof line),
						     (long long)mt->reach_lo, (long long)mt->reach_hi);
				else
					check_report(m, CHECK_UNREACHABLE_ROW, c->loc,
						     "in %s, row '%s' can never be reached: the modified rolls that can occur are %lld..%lld",
						     column_phrase(mt, tab, col, &where), row_outcome(m, tab, (uint16_t)r),
						     (long long)mt->reach_lo, (long long)mt->reach_hi);
			}
		}
		check_cap_end(m);
	}
	sb_free(&where);
}

typedef struct natural_key {
	int64_t faces[RTAB_MAX_FACES]; /* sorted: the faces in any order */
	size_t nfaces;
	const ast_stmt *s;
	size_t order;
} natural_key;

static int cmp_natural_keys(const void *a, const void *b)
{
	const natural_key *x = a, *y = b;
	if (x->nfaces != y->nfaces)
		return x->nfaces < y->nfaces ? -1 : 1;
	for (size_t i = 0; i < x->nfaces; i++)
		if (x->faces[i] != y->faces[i])
			return x->faces[i] < y->faces[i] ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* A natural roll given twice: the later rule never decides. Sorting the rules
 * by their faces finds every repeat in O(N log N), each reported once. */
static void check_masked_naturals(model *m)
{
	for (size_t t = 0; t < m->rs.ntables; t++) {
		size_t n = count_stmts(m->tables[t].def->body, ST_NATURAL), k = 0;
		natural_key *keys = xmalloc((n ? n : 1) * sizeof *keys);
		for (const ast_stmt *s = m->tables[t].def->body; s; s = s->next) {
			if (s->kind != ST_NATURAL)
				continue;
			natural_key *key = &keys[k];
			key->nfaces = 0;
			key->s = s;
			key->order = k++;
			for (const ast_cell *c = s->cells; c && key->nfaces < RTAB_MAX_FACES; c = c->next)
				key->faces[key->nfaces++] = c->lo;
			for (size_t i = 1; i < key->nfaces; i++)
				for (size_t j = i; j > 0 && key->faces[j - 1] > key->faces[j]; j--) {
					int64_t x = key->faces[j];
					key->faces[j] = key->faces[j - 1];
					key->faces[j - 1] = x;
				}
		}
		if (k > 1)
			qsort(keys, k, sizeof *keys, cmp_natural_keys);
		for (size_t i = 1, first = 0; i < k; i++) {
			if (keys[i].nfaces != keys[first].nfaces ||
			    memcmp(keys[i].faces, keys[first].faces, keys[i].nfaces * sizeof keys[i].faces[0])) {
				first = i;
				continue;
			}
			check_report(m, CHECK_MASKED_NATURAL, keys[i].s->loc,
				     "this natural roll is the same as an earlier one, which always wins");
			check_note(m, keys[first].s->loc, "the earlier rule is here");
		}
		free(keys);
	}
}

/* What a provisional reason written on a statement of the kind (or inside
 * one, parent) is written on, for the listing; NULL where the definition
 * names it. A switch with no default: a new kind of statement does not
 * compile until it says. */
static const char *provisional_on(stmt_kind k, bool parent)
{
	switch (k) {
	case ST_ROW: return parent ? NULL : "row";
	case ST_GRID_LINE: return parent ? NULL : "grid line";
	case ST_CELL: return parent ? NULL : "cell";
	case ST_NATURAL: return parent ? NULL : "natural-roll rule";
	case ST_TRIGGER: return parent ? NULL : "trigger";
	case ST_ARC: return parent ? NULL : "transition arc";
	case ST_REWRITE: return parent ? NULL : "rewrite";
	case ST_BAND_STEP: return parent ? NULL : "ratio step";
	case ST_OTHERWISE: return parent ? NULL : "otherwise value";
	case ST_DEFAULT: return parent ? NULL : "matrix default";
	case ST_VALUE: return parent ? "enum value" : NULL;
	case ST_OPTION: return parent ? "reaction option" : NULL;
	case ST_STEP: return parent ? "procedure step" : NULL;
	/* A mark on these is the definition's own, or none is taken there. */
	case ST_LABEL: case ST_LOCALES: case ST_EFFECT: case ST_WHEN: case ST_AMOUNT:
	case ST_ROLL: case ST_MODIFIERS: case ST_CAP: case ST_DOMAIN: case ST_COLUMNS:
	case ST_COLSPEC: case ST_ROWS: case ST_HEADER: case ST_STACK: case ST_FOR:
	case ST_GROUP: case ST_STEPS: case ST_PROVISIONAL: case ST_UNLESS: case ST_LEADS:
	case ST_TIE: case ST_CHECK: case ST_GRID: case ST_SHIFTS: case ST_BELOW:
	case ST_ABOVE: case ST_LIKE: case ST_CODE: case ST_ROUND: case ST_NOTE:
	case ST_CLAMP: case ST_STRAY_WORDS: case ST_PATCH: case ST_EXACT: case ST_UNIT:
	case ST_COMPARE: case ST_GRID_WHEN: case ST_ODDS_LINE: case ST_KIND_COUNT_:
		return NULL;
	}
	return NULL;
}

/* What a provisional reason is written on, for the listing. */
static const char *provisional_what(const ast_def *d, const ast_stmt *s, const ast_stmt *parent)
{
	const char *on = provisional_on(s->kind, false);
	if (!on && parent)
		on = provisional_on(parent->kind, true);
	if (on)
		return on;
	switch (d->kind) {
	case DEF_DICE: return "dice";
	case DEF_INPUT: return "input domain or default";
	case DEF_BAND: return "ratio reading";
	case DEF_PROCEDURE: return "procedure order";
	case DEF_DISTANCE: return "distance";
	default: return "value";
	}
}

/* The cells a variant's 'cell' patch wrote into a grid carry the patch's
 * reason, not their line's: listed at the patch. A patch over several lines
 * writes cells at the same place, listed once. */
static void report_patched_cells(model *m, const ast_def *d, const ast_stmt *grid)
{
	src_loc last = {0, 0};
	/* Only the lines of the body: a patch expands the compact ones (ast_grid_expand). */
	for (const ast_stmt *line = grid->body; line; line = line->next)
		for (const ast_cell *c = line->cells; c; c = c->next) {
			if (!c->patched || !c->text || (c->loc.line == last.line && c->loc.col == last.col))
				continue;
			last = c->loc;
			check_report(m, CHECK_PROVISIONAL, c->loc, "provisional cell in %s '%s': %s",
				     def_kind_name(d->kind), d->id, c->text);
		}
}

/* The reasons of the rows of a block or the compact lines of a grid (s). */
static void report_notes(model *m, const ast_def *d, const ast_stmt *s, const char *what,
			 const ast_row_note *notes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (notes[i].text)
			check_report(m, CHECK_PROVISIONAL, notes[i].text_loc, "provisional %s in %s '%s'%s%s: %s",
				     what, def_kind_name(d->kind), d->id, s->name ? " at " : "",
				     s->name ? s->name : "", notes[i].text);
}

static void report_provisional_in(model *m, const ast_def *d, const ast_stmt *list,
				  const ast_stmt *parent)
{
	for (const ast_stmt *s = list; s; s = s->next) {
		if (s->kind == ST_ROWS || s->kind == ST_GRID || s->kind == ST_VALUE ||
		    s->kind == ST_OPTION || s->kind == ST_STEP) {
			report_provisional_in(m, d, s->body, s);
			if (s->lines)
				report_notes(m, d, s, "grid line", s->lines->notes, s->lines->nnotes);
			if (s->kind == ST_GRID)
				report_patched_cells(m, d, s);
			if (s->rows)
				report_notes(m, d, s, "row", s->rows->notes, s->rows->nnotes);
			continue;
		}
		if (!s->text || s->kind == ST_LABEL)
			continue;
		check_report(m, CHECK_PROVISIONAL, s->text_loc, "provisional %s in %s '%s'%s%s: %s",
			     provisional_what(d, s, parent), def_kind_name(d->kind), d->id,
			     parent && parent->name ? " at " : "", parent && parent->name ? parent->name : "",
			     s->text);
	}
}

/* Every reading the source leaves unsettled, with the reason written beside it. */
static void check_provisional(model *m)
{
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		if (k == DEF_EXAMPLE)
			continue;
		for (size_t i = 0; i < m->ndefs[k]; i++) {
			const ast_def *d = m->defs[k][i];
			if (d->list_of) {
				/* A list's field: once, for all its items. */
				if (d->list_item == 1)
					for (const ast_stmt *s = d->body; s; s = s->next)
						if (s->kind == ST_PROVISIONAL && s->text)
							check_report(m, CHECK_PROVISIONAL, s->text_loc,
								     "provisional field domain or default in list '%s' at %s: %s",
								     d->list_of->id, d->list_field->id, s->text);
				continue;
			}
			report_provisional_in(m, d, d->body, NULL);
		}
	}
}

/* Depth-first search over "table -> outcome -> triggered table". */
static bool trigger_cycle_from(model *m, size_t t, unsigned char *state, size_t *path,
			       size_t depth)
{
	const rtab_table *tab = &m->rs.tables[t];
	state[t] = 1;
	path[depth] = t;
	for (size_t r = 0; r < (size_t)tab->nrows + tab->nnatural + tab->nrewrites; r++) {
		uint16_t o = r < tab->nrows ? rtab_row_outcome(tab, r)
			     : r < tab->nrows + tab->nnatural ? tab->natural[r - tab->nrows].outcome
							       : tab->rewrites[r - tab->nrows - tab->nnatural].to;
		if (o >= m->rs.noutcomes)
			continue; /* an unknown outcome, reported */
		const rtab_outcome *out = &m->rs.outcomes[o];
		for (size_t k = 0; k < out->ntriggers; k++) {
			if (out->triggers[k].target.kind != RTAB_TARGET_TABLE)
				continue;
			size_t next = out->triggers[k].target.index;
			if (state[next] == 1) {
				strbuf sb = {0};
				size_t start = 0;
				while (path[start] != next)
					start++;
				for (size_t i = start; i <= depth; i++)
					sb_printf(&sb, "%s -> ", m->rs.tables[path[i]].id);
				sb_puts(&sb, m->rs.tables[next].id);
				check_report(m, CHECK_TRIGGER_CYCLE, m->tables[next].def->id_loc,
					     "table '%s' can trigger itself: %s", m->rs.tables[next].id, sb.data);
				sb_free(&sb);
				return true;
			}
			if (state[next] == 0 && trigger_cycle_from(m, next, state, path, depth + 1))
				return true;
		}
	}
	state[t] = 2;
	return false;
}

static void check_trigger_cycles(model *m)
{
	size_t n = m->rs.ntables;
	unsigned char *state = xcalloc(n ? n : 1, 1);
	size_t *path = xcalloc(n ? n : 1, sizeof *path);
	for (size_t t = 0; t < n; t++)
		if (state[t] == 0 && trigger_cycle_from(m, t, state, path, 0))
			break;
	free(state);
	free(path);
}

static void check_unused(model *m)
{
	/* After an error, what was dropped or misspelt may have been the only use. */
	if (m->diag->errors)
		return;
	static const def_kind kinds[] = {DEF_DICE,   DEF_ENUM,   DEF_INPUT, DEF_EFFECT,
					 DEF_OUTCOME, DEF_MODIFIER, DEF_MATRIX, DEF_BAND, DEF_GROUP};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (size_t i = 0; i < m->ndefs[kinds[k]]; i++) {
			const ast_def *d = m->defs[kinds[k]][i];
			if (d->list_of) {
				/* A list's field: said once, for every item (aggregates read them all). */
				bool used = d->list_item != 1;
				for (size_t j = 0; !used && j < m->ndefs[DEF_INPUT]; j++)
					used |= m->used[DEF_INPUT][j] && m->defs[DEF_INPUT][j]->list_field == d->list_field;
				if (!used)
					check_report(m, CHECK_UNUSED, d->id_loc,
						     "field '%s' of list '%s' is never used", d->list_field->id,
						     d->list_of->id);
				continue;
			}
			if (!m->used[kinds[k]][i])
				check_report(m, CHECK_UNUSED, m->defs[kinds[k]][i]->id_loc,
					     "%s '%s' is never used", def_kind_name(kinds[k]),
					     m->defs[kinds[k]][i]->id);
		}
}

/* The generated C names every definition: the names must stay distinct. */
static void check_c_names(model *m)
{
	c_name *v;
	size_t n = c_names_collect(m, &v);
	c_names_sort(v, n);
	for (size_t i = 1; i < n; i++) {
		/* The same id under the same name is a value given twice: a duplicate, reported. */
		if (strcmp(v[i].name, v[i - 1].name) != 0 || strcmp(v[i].id, v[i - 1].id) == 0)
			continue;
		check_report(m, CHECK_C_NAME, v[i].loc,
			     "'%s' becomes the C name %s, like '%s'; rename one of them", v[i].id,
			     v[i].name, v[i - 1].id);
		check_note(m, v[i - 1].loc, "'%s' is here", v[i - 1].id);
	}
	c_names_free(v, n);
}

/* The values tried for one input: its whole domain when small, else its ends and default. */
static size_t input_values(const rtab_input *in, int32_t *v, size_t cap)
{
	size_t n = 0;
	if ((int64_t)in->max - in->min < (int64_t)cap) {
		for (int64_t x = in->min; x <= in->max; x++)
			v[n++] = (int32_t)x;
		return n;
	}
	v[n++] = in->min;
	v[n++] = in->max;
	if (in->default_value != in->min && in->default_value != in->max)
		v[n++] = in->default_value;
	return n;
}

static void mark_inputs(const rtab_expr *e, bool *read)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == RTAB_OP_INPUT)
			read[e->instrs[i].arg] = true;
}

/* Try every situation the guards can tell apart; say which allows no option. */
static void check_no_option(model *m)
{
	enum { MAX_READ = 12, MAX_VALUES = 16, MAX_SITUATIONS = 1 << 14 };
	size_t ni = m->rs.ninputs;
	if (m->diag->errors)
		return;
	for (size_t s = 0; s < m->rs.nreaction_sets; s++) {
		const rtab_reaction_set *set = &m->rs.reaction_sets[s];
		bool *read = xcalloc(ni ? ni : 1, sizeof *read);
		int32_t *inputs = xcalloc(ni ? ni : 1, sizeof *inputs);
		size_t which[MAX_READ], nvals[MAX_READ], nread = 0, total = 1, pos[MAX_READ] = {0};
		int32_t vals[MAX_READ][MAX_VALUES];

		for (size_t k = 0; k < set->noptions; k++)
			mark_inputs(&set->options[k].guard, read);
		mark_inputs(&set->none_when, read);
		for (size_t i = 0; i < ni && total <= MAX_SITUATIONS; i++) {
			if (!read[i])
				continue;
			if (nread == MAX_READ) {
				total = MAX_SITUATIONS + 1;
				break;
			}
			which[nread] = i;
			nvals[nread] = input_values(&m->rs.inputs[i], vals[nread], MAX_VALUES);
			total *= nvals[nread];
			nread++;
		}
		rtab_inputs_default(&m->rs, inputs, ni);
		for (size_t n = 0; total <= MAX_SITUATIONS && n < total; n++) {
			uint16_t opt[1];
			size_t count = 0;
			int32_t none = 0;
			for (size_t k = 0; k < nread; k++)
				inputs[which[k]] = vals[k][pos[k]];
			rtab_expr_eval(&m->rs, &set->none_when, inputs, ni, &none);
			if (rtab_reactions(&m->rs, s, inputs, ni, opt, 1, &count) == RTAB_OK && count == 0 &&
			    !(set->none_when.ninstrs && none)) {
				strbuf sit = {0};
				for (size_t k = 0; k < nread; k++) {
					const rtab_input *in = &m->rs.inputs[which[k]];
					sb_printf(&sit, "%s%s=", k ? ", " : "", in->id);
					if (in->type == RTAB_TYPE_ENUM)
						sb_puts(&sit, m->rs.enums[in->enum_index].values[inputs[which[k]]].id);
					else if (in->type == RTAB_TYPE_BOOL)
						sb_puts(&sit, inputs[which[k]] ? "true" : "false");
					else
						sb_printf(&sit, "%ld", (long)inputs[which[k]]);
				}
				check_report(m, CHECK_NO_OPTION, m->defs[DEF_REACTIONS][s]->id_loc,
					     "reaction set '%s' allows no option when %s; add one, or say so: unless CONDITION;",
					     set->id, sit.data ? sit.data : "the inputs take their defaults");
				sb_free(&sit);
				break;
			}
			for (size_t k = 0; k < nread && ++pos[k] == nvals[k]; k++)
				pos[k] = 0;
		}
		free(read);
		free(inputs);
	}
}

/* Millimetres per unit, exactly (an inch is 127/5 mm), for the units that
 * convert; false for the others. */
static bool unit_mm(const char *u, ratio *mm)
{
	static const struct {
		const char *unit;
		int64_t num, den;
	} units[] = {{"mm", 1, 1},         {"cm", 10, 1},        {"m", 1000, 1},
		     {"km", 1000000, 1},   {"inches", 127, 5},   {"feet", 1524, 5},
		     {"yards", 4572, 5},   {"miles", 1609344, 1}};
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i].unit, u) == 0) {
			*mm = ratio_of(units[i].num, units[i].den);
			return true;
		}
	return false;
}

/* Two forms of one distance in convertible units must agree within half the coarser unit. */
static void check_unit_mismatch(model *m)
{
	for (size_t i = 0; i < m->rs.ndistances && !m->diag->errors; i++) {
		const rtab_distance *d = &m->rs.distances[i];
		for (size_t f = 1; f < d->nforms; f++) {
			ratio a, b, allowed;
			if (!unit_mm(d->forms[0].unit, &a) || !unit_mm(d->forms[f].unit, &b))
				continue;
			const int64_t *x = m->distance_bounds[i][0], *y = m->distance_bounds[i][f];
			/* At a precision 1/S, the bounds are scaled by S: half the
			 * coarser unit is S/2 of its steps. */
			int64_t S = m->rs.scale > 1 ? m->rs.scale : 1;
			bool fits = ratio_mul(ratio_compare(a, b) > 0 ? a : b, ratio_of(S, 2), &allowed);
			if (fits && ratio_products_within(ratio_int(x[0]), a, ratio_int(y[0]), b, allowed) &&
			    ratio_products_within(ratio_int(x[1]), a, ratio_int(y[1]), b, allowed))
				continue;
			check_report(m, CHECK_UNIT_MISMATCH, m->defs[DEF_DISTANCE][i]->id_loc,
				     "distance '%s' gives %g..%g %s and %g..%g %s, which disagree beyond rounding",
				     d->id, (double)x[0] / (double)S, (double)x[1] / (double)S, d->forms[0].unit,
				     (double)y[0] / (double)S, (double)y[1] / (double)S, d->forms[f].unit);
		}
	}
}

/* The runtime adds a table's modifiers (and a DRM from outside, up to the
 * literal limit) in 32 bits: prove every total it can meet fits. */
static void check_modifier_totals(model *m)
{
	for (size_t i = 0; i < m->rs.ntables; i++) {
		const rtab_table *t = &m->rs.tables[i];
		modifier_bounds r = modifier_range(&m->rs, t, t->modifiers, t->nmodifiers);
		int64_t lo = r.lo, hi = r.hi;
		if (lo - RTAB_INT_LIMIT < INT32_MIN || hi + RTAB_INT_LIMIT > INT32_MAX) {
			check_report(m, CHECK_LIMITS, m->tables[i].def->id_loc,
				     "the modifiers of table '%s' may total %lld..%lld, beyond 32 bits with a DRM of up to +-%d from outside; narrow their values or cap their group",
				     t->id, (long long)lo, (long long)hi, RTAB_INT_LIMIT);
			note_open_modifier_inputs(m, CHECK_LIMITS, t->modifiers, t->nmodifiers, 0);
		}
		r = modifier_range(&m->rs, t, t->shifts, t->nshifts);
		lo = r.lo;
		hi = r.hi;
		if (lo < INT32_MIN || hi > INT32_MAX) {
			check_report(m, CHECK_LIMITS, m->tables[i].def->id_loc,
				     "the column shifts of table '%s' may total %lld..%lld, beyond 32 bits; narrow their values",
				     t->id, (long long)lo, (long long)hi);
			note_open_modifier_inputs(m, CHECK_LIMITS, t->shifts, t->nshifts, 0);
		}
	}
}

const check_pass rtab_check_passes[] = {
	{CHECK_LIMITS, check_modifier_totals},
	{CHECK_C_NAME, check_c_names},
	{CHECK_ROW_GAP, check_row_gaps},
	{CHECK_ROW_OVERLAP, check_row_overlaps},
	{CHECK_UNREACHABLE_ROW, check_unreachable_rows},
	{CHECK_UNREACHABLE_COLUMN, check_unreachable_columns},
	{CHECK_MASKED_NATURAL, check_masked_naturals},
	{CHECK_TRIGGER_CYCLE, check_trigger_cycles},
	{CHECK_NO_OPTION, check_no_option},
	{CHECK_UNIT_MISMATCH, check_unit_mismatch},
	{CHECK_UNIT_PRINTED, check_units_printed},
	{CHECK_UNUSED, check_unused},
	{CHECK_PROVISIONAL, check_provisional},
};
const size_t rtab_ncheck_passes = sizeof rtab_check_passes / sizeof rtab_check_passes[0];
