/* SPDX-License-Identifier: MIT */
/* The rows of a rows block into a table's rows and cells. */
#include "check/passes/sema_rows.h"

#include "check/checks.h"
#include "check/names/rule_refs.h"
#include "check/names/resolve_name.h"

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

