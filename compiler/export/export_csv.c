/*
 * CSV export: one section per table, spreadsheet-ready. Each section is a
 * header row and a row per table row: the ranges of each column as printed,
 * the outcome's id and its labels; a blank line separates the sections. A
 * table whose column is computed (a CRT by odds) is its printed grid, a
 * line per roll and a cell per column, then a section of what each cell
 * stands for.
 * Matrices follow, one section each.
 */
#include "export/export_views.h"

static void csv_begin(export_ctx *c)
{
	c->plain = true;
}

static void csv_item(export_ctx *c, export_kind kind, size_t i)
{
	if (kind != EXPORT_TABLES && kind != EXPORT_MATRICES)
		return;
	export_view v;
	export_view_build(c, kind, i, &v);
	/* The definition's id first in every row, so that sections can be told apart. */
	grid g;
	grid_init(&g, v.g.ncols + 1);
	for (size_t r = 0; r < grid_rows(&v.g); r++) {
		grid_cell(&g, r ? v.id : (kind == EXPORT_TABLES ? "table" : "matrix"));
		for (size_t col = 0; col < v.g.ncols; col++)
			grid_cell(&g, grid_at(&v.g, r, col));
	}
	if (c->out->len)
		sb_putc(c->out, '\n');
	grid_csv(c->out, &g);
	grid_free(&g);
	/* A grid as printed names its cells by code: what each stands for. */
	if (v.legend.ncols) {
		grid_init(&g, v.legend.ncols + 1);
		for (size_t r = 0; r < grid_rows(&v.legend); r++) {
			grid_cell(&g, r ? v.id : "cells of table");
			for (size_t col = 0; col < v.legend.ncols; col++)
				grid_cell(&g, grid_at(&v.legend, r, col));
		}
		sb_putc(c->out, '\n');
		grid_csv(c->out, &g);
		grid_free(&g);
	}
	export_view_free(&v);
}

static void csv_end(export_ctx *c)
{
	(void)c;
}

const export_emitter export_csv_emitter = {
	"csv", csv_begin, NULL, csv_item, NULL, csv_end, export_print_order,
};
