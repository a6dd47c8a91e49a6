/* SPDX-License-Identifier: MIT */
/*
 * What a printed player aid shows of each definition, as grids of cells:
 * shared by the Markdown, HTML and CSV exports. Small definitions (inputs,
 * outcomes, modifiers...) make one row each of their kind's grid; tables,
 * matrices and the other large ones make a view each.
 */
#ifndef RTAB_EXPORT_VIEWS_H
#define RTAB_EXPORT_VIEWS_H

#include "export/export.h"
#include "export/grid.h"

/* The mark a provisional value carries in every format. */
#define EXPORT_PROVISIONAL_MARK "\xE2\x80\xA0" /* U+2020 DAGGER */

typedef struct export_view {
	const char *what; /* "Table", "Matrix"... */
	const char *id;
	const char *label[EXPORT_MAX_LOCALES];
	const char *rule;
	strbuf notes; /* lines, each ending in '\n' */
	grid g;
	grid legend; /* a computed table's cells: code, outcome, labels (ncols 0: none) */
} export_view;

/* True when kind is listed as one grid, a row per definition: then
 * export_section_header starts the grid and export_section_row adds to it. */
bool export_kind_is_list(export_kind kind);
void export_section_header(const export_ctx *c, export_kind kind, grid *g);
void export_section_row(const export_ctx *c, export_kind kind, size_t i, grid *g);

/* An outcome as a grid cell prints it: its code, its numbers in its numeric
 * outcome's pattern ("6/3", "K/2"), else its id (allocated). */
char *export_outcome_code(const export_ctx *c, uint16_t o);

/* The view of one definition of a kind that is not a list. */
void export_view_build(const export_ctx *c, export_kind kind, size_t i, export_view *v);
/* Odds lines ('woods:  1:3  1:2 ...' above one grid of result columns): the
 * table's model when it has them, else NULL; the columns a computed table
 * prints (each result column once), into shown, and how many; a grid row
 * per line, its odds over the shown columns. */
const model_table *export_odds_lines(const export_ctx *c, const rtab_table *t);
size_t export_printed_columns(const export_ctx *c, const rtab_table *t, size_t *shown);
/* The values of the odds line over column: their ids ("woods, town") into ids, their
 * labels in the slot-th locale chosen (ids where slot < 0 or a value has none) into name. */
void export_odds_line_name(const export_ctx *c, const rtab_table *t, size_t column, int slot, strbuf *ids,
			   strbuf *name);
/* Under value columns the page names (light, medium, heavy), a row of the
 * values it prints under the names (0-2, 3-5, 6+); nothing in other tables. */
void export_printed_values_row(const export_ctx *c, const rtab_table *t, const size_t *shown,
			       size_t nshown, grid *g);
void export_odds_line_rows(const export_ctx *c, const rtab_table *t, const model_table *mt,
			   const size_t *shown, size_t nshown, int slot, grid *g);
void export_view_free(export_view *v);

#endif
