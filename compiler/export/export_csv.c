/* SPDX-License-Identifier: MIT */
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

#include "base/msg.h"

#include <stdlib.h>
#include <string.h>

/* CSV is for programs: its headings and words stay English whatever the
 * language of the messages. */
static void csv_begin(export_ctx *c)
{
	c->plain = true;
	c->words = msg_english();
}

/* A section: the definition's id first in every row (header first in the
 * header row), so that sections can be told apart. */
static void csv_section(strbuf *out, const char *header, const char *id, const grid *src)
{
	grid g;
	grid_init(&g, src->ncols + 1);
	for (size_t r = 0; r < grid_rows(src); r++) {
		grid_cell(&g, r ? id : header);
		for (size_t col = 0; col < src->ncols; col++)
			grid_cell(&g, grid_at(src, r, col));
	}
	grid_csv(out, &g);
	grid_free(&g);
}

static void csv_item(export_ctx *c, export_kind kind, size_t i)
{
	if (kind != EXPORT_TABLES && kind != EXPORT_MATRICES)
		return;
	export_view v;
	export_view_build(c, kind, i, &v);
	if (c->out->len)
		sb_putc(c->out, '\n');
	csv_section(c->out, kind == EXPORT_TABLES ? "table" : "matrix", v.id, &v.g);
	/* A grid as printed names its cells by code: what each stands for. */
	if (v.legend.ncols) {
		sb_putc(c->out, '\n');
		csv_section(c->out, "cells of table", v.id, &v.legend);
	}
	/* Its notes, a row each: what the grid's lines do not print (the
	 * automatic ends, the shifts, the provisional reasons). */
	if (v.legend.ncols && v.notes.data) {
		grid notes;
		grid_init(&notes, 1);
		grid_cell(&notes, "note");
		for (const char *p = v.notes.data; *p;) {
			size_t len = strcspn(p, "\n");
			char *line = xstrndup(p, len);
			grid_cell(&notes, line);
			free(line);
			p += len + (p[len] == '\n');
		}
		sb_putc(c->out, '\n');
		csv_section(c->out, "notes of table", v.id, &notes);
		grid_free(&notes);
	}
	export_view_free(&v);
}

const export_emitter export_csv_emitter = {
	"csv", csv_begin, NULL, csv_item, NULL, NULL, export_print_order,
};
