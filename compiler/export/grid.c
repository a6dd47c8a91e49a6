/* SPDX-License-Identifier: MIT */
/* A grid of text cells, rendered as text, Markdown or CSV (see grid.h). */
#include "export/grid.h"
#include "base/escape.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void grid_init(grid *g, size_t ncols)
{
	memset(g, 0, sizeof *g);
	g->ncols = ncols ? ncols : 1;
	g->right = xcalloc(g->ncols, sizeof *g->right);
}

void grid_cell(grid *g, const char *text)
{
	if (g->ncells == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->cells = xrealloc(g->cells, g->cap * sizeof *g->cells);
	}
	g->cells[g->ncells++] = xstrdup(text ? text : "");
}

void grid_cellf(grid *g, const char *fmt, ...)
{
	strbuf sb = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	grid_cell(g, sb.data);
	sb_free(&sb);
}

void grid_mark(grid *g)
{
	if (!g->ncells)
		return;
	if (g->marked_cap < g->cap) {
		g->marked = xrealloc(g->marked, g->cap * sizeof *g->marked);
		memset(g->marked + g->marked_cap, 0, (g->cap - g->marked_cap) * sizeof *g->marked);
		g->marked_cap = g->cap;
	}
	g->marked[g->ncells - 1] = true;
}

bool grid_marked(const grid *g, size_t row, size_t col)
{
	size_t i = row * g->ncols + col;
	return i < g->marked_cap && g->marked[i];
}

void grid_free(grid *g)
{
	free(g->marked);
	for (size_t i = 0; i < g->ncells; i++)
		free(g->cells[i]);
	free(g->cells);
	free(g->right);
	memset(g, 0, sizeof *g);
}

size_t grid_rows(const grid *g)
{
	return (g->ncells + g->ncols - 1) / g->ncols;
}

const char *grid_at(const grid *g, size_t row, size_t col)
{
	size_t i = row * g->ncols + col;
	return i < g->ncells ? g->cells[i] : "";
}

size_t utf8_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

void grid_text(strbuf *sb, const grid *g, const char *indent)
{
	size_t rows = grid_rows(g);
	size_t *width = xcalloc(g->ncols, sizeof *width);
	for (size_t r = 0; r < rows; r++)
		for (size_t c = 0; c < g->ncols; c++) {
			size_t w = utf8_width(grid_at(g, r, c));
			if (w > width[c])
				width[c] = w;
		}
	for (size_t r = 0; r < rows; r++) {
		strbuf line = {0};
		sb_puts(&line, indent ? indent : "");
		for (size_t c = 0; c < g->ncols; c++) {
			const char *cell = grid_at(g, r, c);
			size_t pad = width[c] - utf8_width(cell);
			if (c)
				sb_puts(&line, "  ");
			if (g->right[c])
				for (size_t k = 0; k < pad; k++)
					sb_putc(&line, ' ');
			sb_puts(&line, cell);
			if (!g->right[c] && c + 1 < g->ncols)
				for (size_t k = 0; k < pad; k++)
					sb_putc(&line, ' ');
		}
		/* No trailing blanks. */
		while (line.len && line.data[line.len - 1] == ' ')
			line.data[--line.len] = '\0';
		sb_puts(sb, line.data ? line.data : "");
		sb_putc(sb, '\n');
		sb_free(&line);
	}
	free(width);
}

void grid_markdown(strbuf *sb, const grid *g)
{
	size_t rows = grid_rows(g);
	for (size_t r = 0; r < rows; r++) {
		sb_putc(sb, '|');
		for (size_t c = 0; c < g->ncols; c++) {
			sb_putc(sb, ' ');
			markdown_escape(sb, grid_at(g, r, c), false);
			sb_puts(sb, " |");
		}
		sb_putc(sb, '\n');
		if (r == 0) {
			sb_putc(sb, '|');
			for (size_t c = 0; c < g->ncols; c++)
				sb_puts(sb, g->right[c] ? " ---: |" : " --- |");
			sb_putc(sb, '\n');
		}
	}
}

void grid_csv(strbuf *sb, const grid *g)
{
	size_t rows = grid_rows(g);
	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0; c < g->ncols; c++) {
			if (c)
				sb_putc(sb, ',');
			csv_escape_cell(sb, grid_at(g, r, c));
		}
		sb_putc(sb, '\n');
	}
}
