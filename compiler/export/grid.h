/* SPDX-License-Identifier: MIT */
/*
 * A grid of text cells (a header row, then data rows) rendered for a
 * terminal, as Markdown or as CSV. The odds and the exports print through it.
 */
#ifndef RTAB_GRID_H
#define RTAB_GRID_H

#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct grid {
	size_t ncols;
	size_t ncells, cap;
	char **cells;  /* row-major; row 0 is the header */
	bool *right;   /* per column: align right in text */
	bool *marked;  /* per cell: a provisional value (the HTML shows it) */
	size_t marked_cap;
} grid;

void grid_init(grid *g, size_t ncols);
/* Append one cell (NULL: empty); rows fill left to right. */
void grid_cell(grid *g, const char *text);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void grid_cellf(grid *g, const char *fmt, ...);
/* Mark the last cell appended as provisional. */
void grid_mark(grid *g);
bool grid_marked(const grid *g, size_t row, size_t col);
void grid_free(grid *g);
size_t grid_rows(const grid *g);
const char *grid_at(const grid *g, size_t row, size_t col);

/* Columns padded to their widest cell (in characters), indented. */
void grid_text(strbuf *sb, const grid *g, const char *indent);
/* A GitHub-style pipe table. */
void grid_markdown(strbuf *sb, const grid *g);
/* RFC 4180: comma-separated, quoted where needed, CRLF-free (LF ends a record). */
void grid_csv(strbuf *sb, const grid *g);

/* Characters (UTF-8 code points) in s. */
size_t utf8_width(const char *s);

#endif
