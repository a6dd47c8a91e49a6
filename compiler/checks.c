/* The table of named checks, and the checks that run over a resolved model. */
#include "checks.h"

#include "model.h"

#include <stdarg.h>
#include <stdlib.h>

const check_info rtab_checks[CHECK_COUNT_] = {
	[CHECK_SYNTAX_ORDER] = {"ruleset-header", SEV_ERROR, "one ruleset header, first, with its locales"},
	[CHECK_UNKNOWN_NAME] = {"unknown-name", SEV_ERROR, "every name refers to a definition"},
	[CHECK_DUPLICATE] = {"duplicate-definition", SEV_ERROR, "nothing is defined twice"},
	[CHECK_MISPLACED] = {"misplaced-statement", SEV_ERROR, "statements belong to their definition"},
	[CHECK_TYPE] = {"type-mismatch", SEV_ERROR, "operands and values have the right type"},
	[CHECK_EFFECT_ARGS] = {"effect-arguments", SEV_ERROR, "effects get the arguments their kind declares"},
	[CHECK_BAD_RANGE] = {"bad-range", SEV_ERROR, "ranges and dice are not empty"},
	[CHECK_COLUMNS] = {"column-coverage", SEV_ERROR, "every column value has exactly one column"},
	[CHECK_ROW_SHAPE] = {"row-shape", SEV_ERROR, "one roll range per column in every row"},
	[CHECK_ROW_GAP] = {"row-gap", SEV_ERROR, "every modified roll that can occur has a row"},
	[CHECK_ROW_OVERLAP] = {"row-overlap", SEV_ERROR, "no modified roll has two rows"},
	[CHECK_MISSING_LABEL] = {"missing-label", SEV_WARNING, "a label for every declared locale"},
	[CHECK_LIMITS] = {"limits", SEV_ERROR, "sizes the runtime can hold"},
	[CHECK_MATRIX_CELLS] = {"matrix-cells", SEV_ERROR, "every cell of a matrix has a value or a default"},
	[CHECK_TRANSITION] = {"transition-states", SEV_ERROR, "a transition is defined for every state"},
	[CHECK_UNITS] = {"units", SEV_ERROR, "distances carry a known unit"},
	[CHECK_EXAMPLE] = {"example", SEV_ERROR, "examples run what exists with values of its domain"},
};

void check_report(model *m, check_id id, src_loc loc, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_report(m->diag, rtab_checks[id].default_severity, rtab_checks[id].name, loc, "%s", msg);
}

void check_note(model *m, src_loc loc, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_report(m->diag, SEV_NOTE, NULL, loc, "%s", msg);
}

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
	qsort(cells, k, sizeof *cells, cmp_cells);
	*count = k;
	return cells;
}

static const char *column_phrase(const rtab_table *t, size_t col, char *buf, size_t n)
{
	if (t->ncolumns == 1)
		snprintf(buf, n, "table '%s'", t->id);
	else
		snprintf(buf, n, "column '%s' of table '%s'", t->columns[col].id, t->id);
	return buf;
}

static const char *row_outcome(const model *m, const rtab_table *t, uint16_t row)
{
	return m->rs.outcomes[t->rows[row].outcome].id;
}

static void check_row_gaps(model *m)
{
	for (size_t t = 0; t < m->rs.ntables; t++) {
		const rtab_table *tab = &m->rs.tables[t];
		const model_table *mt = &m->tables[t];
		if (!mt->has_rows)
			continue;
		for (size_t col = 0; col < tab->ncolumns; col++) {
			size_t k;
			model_cell *cells = sorted_column(m, t, col, &k);
			int64_t next = mt->reach_lo; /* first roll not yet covered */
			const model_cell *prev = NULL;
			char where[160], rolls[96];

			for (size_t i = 0; i <= k && next <= mt->reach_hi; i++) {
				int64_t lo = i < k ? cells[i].lo : mt->reach_hi + 1;
				if (i < k && cells[i].hi < next)
					continue;
				if (lo > next) {
					int64_t end = lo - 1 < mt->reach_hi ? lo - 1 : mt->reach_hi;
					src_loc at = prev ? prev->loc : i < k ? cells[i].loc : mt->def->id_loc;
					fmt_rolls(rolls, sizeof rolls, next, end);
					check_report(m, CHECK_ROW_GAP, at,
						     "%s has no row for %s (rolls that can occur: %lld..%lld)",
						     column_phrase(tab, col, where, sizeof where), rolls,
						     (long long)mt->reach_lo, (long long)mt->reach_hi);
					if (i < k && prev)
						check_note(m, cells[i].loc, "the next row, '%s', starts at %lld",
							   row_outcome(m, tab, cells[i].row),
							   (long long)cells[i].lo);
				}
				if (i < k) {
					next = cells[i].hi == INT64_MAX ? INT64_MAX : cells[i].hi + 1;
					prev = &cells[i];
				}
			}
			free(cells);
		}
	}
}

static void check_row_overlaps(model *m)
{
	for (size_t t = 0; t < m->rs.ntables; t++) {
		const rtab_table *tab = &m->rs.tables[t];
		const model_table *mt = &m->tables[t];
		if (!mt->has_rows)
			continue;
		for (size_t col = 0; col < tab->ncolumns; col++) {
			size_t k;
			model_cell *cells = sorted_column(m, t, col, &k);
			const model_cell *widest = NULL; /* the row reaching furthest so far */
			char where[160], rolls[96];

			for (size_t i = 0; i < k; i++) {
				const model_cell *c = &cells[i];
				if (widest && c->lo <= widest->hi) {
					int64_t end = c->hi < widest->hi ? c->hi : widest->hi;
					fmt_rolls(rolls, sizeof rolls, c->lo, end);
					check_report(m, CHECK_ROW_OVERLAP, c->loc,
						     "in %s, rows '%s' and '%s' both match %s",
						     column_phrase(tab, col, where, sizeof where),
						     row_outcome(m, tab, widest->row),
						     row_outcome(m, tab, c->row), rolls);
					check_note(m, widest->loc, "row '%s' is here",
						   row_outcome(m, tab, widest->row));
				}
				if (!widest || c->hi > widest->hi)
					widest = c;
			}
			free(cells);
		}
	}
}

const check_pass rtab_check_passes[] = {
	{CHECK_ROW_GAP, check_row_gaps},
	{CHECK_ROW_OVERLAP, check_row_overlaps},
};
const size_t rtab_ncheck_passes = sizeof rtab_check_passes / sizeof rtab_check_passes[0];
