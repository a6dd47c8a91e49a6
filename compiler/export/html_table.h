/* SPDX-License-Identifier: MIT */
/*
 * Self-contained HTML pages (inline CSS, no network) made of headings,
 * notes and grids: the print proofs of `rtab export --format html`, and any
 * other report that shows tables the way a printed player aid does.
 */
#ifndef RTAB_HTML_TABLE_H
#define RTAB_HTML_TABLE_H

#include "export/grid.h"
#include "base/escape.h"
#include "base/util.h"


/* <!DOCTYPE html> ... <body>: the page's title and language, and the style
 * sheet (screen and print). */
void html_page_begin(strbuf *sb, const char *title, const char *lang);
void html_page_end(strbuf *sb);

/* A grid as a <table>: row 0 the header; cells marked by grid_mark carry
 * class "provisional" (shaded, dashed border). cls may be NULL. */
void html_grid(strbuf *sb, const grid *g, const char *cls);

/* Notes, one line each, as a paragraph with line breaks. */
void html_notes(strbuf *sb, const char *lines);

/* Two blocks side by side on screen and on paper: begin, a block, next, a
 * block, end. */
void html_pair_begin(strbuf *sb);
void html_pair_next(strbuf *sb);
void html_pair_end(strbuf *sb);

#endif
