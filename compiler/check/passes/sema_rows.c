/* SPDX-License-Identifier: MIT */
/* The rows of a rows block into a table's rows and cells. */
#include "check/passes/sema_rows.h"

#include "check/checks.h"
#include "check/names/rule_refs.h"
#include "check/names/resolve_name.h"

/* The columns a rows block makes: the names of its header (at least the
 * second enum's values) under a second key by an enum; else its steps and
 * its two ends. */
static size_t block_columns(const ast_stmt *block, const rtab_enum *second)
{
	const ast_stmt *h = block->body;
	while (h && h->kind != ST_HEADER)
		h = h->next;
	size_t n = 0;
	if (second) {
		for (const ast_id *i = h ? h->ids : NULL; i; i = i->next)
			n++;
		return n > second->nvalues ? n : second->nvalues;
	}
	for (const ast_cell *c = h ? h->cells : NULL; c; c = c->next)
		n++;
	return n + 2;
}

bool rows_blocks_fit(model *m, const ast_def *d, const ast_stmt *cols, const rtab_enum *second,
		     size_t *nblocks, size_t *ncols, size_t *nrows)
{
	*nblocks = *ncols = *nrows = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_ROWS) {
			(*nblocks)++;
			*ncols += block_columns(s, second);
			*nrows += s->rows ? s->rows->nrows : 0;
		}
	if (*nrows <= RTAB_MAX_ITEMS && *ncols <= RTAB_MAX_ITEMS)
		return true;
	check_report(m, CHECK_LIMITS, cols->loc,
		     "table '%s' has %zu rows and %zu columns; the runtime holds at most %d of each",
		     d->id, *nrows, *ncols, RTAB_MAX_ITEMS);
	return false;
}

const ast_stmt *rows_steps_header_of(const ast_stmt *block)
{
	for (const ast_stmt *s = block->body; s; s = s->next)
		if (s->kind == ST_HEADER)
			return s->cells ? s : NULL;
	return NULL;
}

ast_stmt *rows_steps_header(const ast_stmt *block)
{
	const ast_stmt *s = rows_steps_header_of(block);
	if (!s)
		return NULL;
	ast_stmt *h = ast_stmt_copy(s);
	h->kind = ST_GRID_LINE;
	return h;
}

void rows_into_columns(model *m, rtab_table *t, model_table *mt, rtab_row *out, const ast_rows *rr,
		       size_t from, size_t to, size_t first, size_t width, size_t stride, const char *table_rule)
{
	for (size_t i = from; rr && i < to; i++) {
		const ast_row *r = &rr->rows[i];
		const ast_range *ranges = ast_row_ranges(rr, r);
		uint16_t row = t->nrows++;
		int o = resolve_def(m, DEF_OUTCOME, r->name, r->loc);
		size_t ncells = r->nranges;
		out[row].outcome = (uint16_t)(o < 0 ? 0 : o);
		const ast_row_note *note = ast_rows_note(rr, i);
		if (note && note->rule)
			out[row].rules = part_rule_refs(m, note->rule, &out[row].rule);
		else
			out[row].rule = table_rule;
		out[row].provisional = note ? arena_strdup(&m->arena, note->text) : NULL;
		if (mt->row_names) {
			mt->row_names[row] = r->name;
			mt->row_locs[row] = r->loc;
		}
		if (ncells != width && width > 0) {
			mt->shape_bad = true;
			check_report(m, CHECK_ROW_SHAPE, r->loc,
				     "row '%s' gives %zu roll range%s, but the table has %zu column%s",
				     r->name, ncells, ncells == 1 ? "" : "s", width,
				     width == 1 ? "" : "s");
		}
		for (size_t j = 0; j < ncells && j < width; j++) {
			const ast_range *c = &ranges[j];
			model_cell *mc = &mt->cells[(first + j) * stride + row];
			mc->row = row;
			mc->loc = c->loc;
			if (ast_range_absent(c))
				continue; /* '—': this outcome is not in this column */
			mc->lo = c->lo;
			mc->hi = c->hi;
			if (c->lo > c->hi) {
				check_report(m, CHECK_BAD_RANGE, c->loc,
					     "the range %lld-%lld is empty; write the low end first",
					     (long long)c->lo, (long long)c->hi);
				mt->shape_bad = true;
				mc->lo = 1;
				mc->hi = 0;
			}
		}
	}
}


void rows_of_blocks(model *m, const ast_def *d, rtab_table *t, model_table *mt, size_t nrows,
		    const ast_stmt *const *blocks, const size_t *first, const size_t *width, size_t nblocks)
{
	rtab_row *out = model_array(m, nrows ? nrows : 1, sizeof *out);
	t->rows = out;
	size_t ncells = (nrows ? nrows : 1) * (t->ncolumns ? t->ncolumns : 1);
	mt->cells = xmalloc(ncells * sizeof *mt->cells);
	for (size_t k = 0; k < ncells; k++)
		mt->cells[k] = (model_cell){.lo = 1, .hi = 0}; /* absent: never matches */
	mt->row_names = xcalloc(nrows ? nrows : 1, sizeof *mt->row_names);
	mt->row_locs = xcalloc(nrows ? nrows : 1, sizeof *mt->row_locs);
	mt->row_blocks = true;
	const char *table_rule = arena_strdup(&m->arena, d->rule);
	for (size_t k = 0; k < nblocks; k++) {
		const ast_rows *rr = blocks[k]->rows;
		if (rr && rr->nrows == 0)
			check_report(m, CHECK_ROW_SHAPE, blocks[k]->loc,
				     "the rows of '%s' are empty; add one per outcome: OUTCOME RANGE RANGE ...;",
				     blocks[k]->name ? blocks[k]->name : "otherwise");
		rows_into_columns(m, t, mt, out, rr, 0, rr ? rr->nrows : 0, first[k], width[k], nrows, table_rule);
	}
}
