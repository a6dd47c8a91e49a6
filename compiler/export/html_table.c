/* SPDX-License-Identifier: MIT */
/* Self-contained HTML pages of headings, notes and grids (see html_table.h). */
#include "export/html_table.h"

#include <stdlib.h>
#include <string.h>

static const char style[] =
	"body{font-family:Georgia,'DejaVu Serif',serif;margin:2em;color:#111;background:#fff}\n"
	"h1{font-size:1.6em;border-bottom:2px solid #333}\n"
	"h2{font-size:1.3em;margin-top:1.6em;border-bottom:1px solid #999}\n"
	"h3{font-size:1.1em;margin:1.2em 0 .3em}\n"
	".rule{font-weight:normal;color:#555;font-size:.9em}\n"
	".notes{margin:.2em 0 .5em;font-size:.92em;color:#333}\n"
	"table{border-collapse:collapse;margin:.3em 0 1em;font-size:.92em;max-width:100%}\n"
	"th,td{border:1px solid #777;padding:.2em .5em;vertical-align:top;text-align:left;"
	"overflow-wrap:break-word}\n"
	"th{background:#e8e4d8}\n"
	"td.provisional{background:#fff3c4;border:2px dashed #b58900}\n"
	".legend .provisional{background:#fff3c4;border:2px dashed #b58900;padding:0 .3em}\n"
	".pair{display:grid;grid-template-columns:1fr 1fr;gap:1.5em}\n"
	"section{break-inside:avoid;page-break-inside:avoid}\n"
	"@media print{body{margin:0;font-size:10pt}h2{break-before:auto}"
	"table{break-inside:avoid;page-break-inside:avoid}"
	"td.provisional{background:#eee;-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n";

void html_page_begin(strbuf *sb, const char *title, const char *lang)
{
	sb_puts(sb, "<!DOCTYPE html>\n<html lang=\"");
	html_escape(sb, lang ? lang : "en");
	sb_puts(sb, "\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	html_escape(sb, title);
	sb_printf(sb, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
}

void html_page_end(strbuf *sb)
{
	sb_puts(sb, "</body>\n</html>\n");
}

void html_grid(strbuf *sb, const grid *g, const char *cls)
{
	size_t rows = grid_rows(g);
	sb_puts(sb, "<table");
	if (cls) {
		sb_puts(sb, " class=\"");
		html_escape(sb, cls);
		sb_putc(sb, '"');
	}
	sb_puts(sb, ">\n");
	for (size_t r = 0; r < rows; r++) {
		sb_puts(sb, r == 0 ? "<thead><tr>" : "<tr>");
		for (size_t c = 0; c < g->ncols; c++) {
			const char *tag = r == 0 ? "th" : "td";
			sb_printf(sb, "<%s", tag);
			if (grid_marked(g, r, c))
				sb_puts(sb, " class=\"provisional\" title=\"provisional\"");
			else if (g->right[c] && r)
				sb_puts(sb, " style=\"text-align:right\"");
			sb_putc(sb, '>');
			/* Long ids may wrap after their underscores, and nowhere else. */
			for (const char *p = grid_at(g, r, c), *u; *p; p = u + 1) {
				u = strchr(p, '_');
				if (!u) {
					html_escape(sb, p);
					break;
				}
				char *part = xstrndup(p, (size_t)(u - p) + 1);
				html_escape(sb, part);
				free(part);
				sb_puts(sb, "<wbr>");
			}
			sb_printf(sb, "</%s>", tag);
		}
		sb_puts(sb, r == 0 ? "</tr></thead>\n<tbody>\n" : "</tr>\n");
	}
	sb_puts(sb, rows ? "</tbody></table>\n" : "</table>\n");
}

void html_notes(strbuf *sb, const char *lines)
{
	if (!lines || !*lines)
		return;
	sb_puts(sb, "<p class=\"notes\">");
	for (const char *p = lines; *p; p++) {
		if (*p == '\n') {
			if (p[1])
				sb_puts(sb, "<br>\n");
		} else {
			char one[2] = {*p, 0};
			html_escape(sb, one);
		}
	}
	sb_puts(sb, "</p>\n");
}

void html_pair_begin(strbuf *sb)
{
	sb_puts(sb, "<div class=\"pair\"><div>\n");
}

void html_pair_next(strbuf *sb)
{
	sb_puts(sb, "</div><div>\n");
}

void html_pair_end(strbuf *sb)
{
	sb_puts(sb, "</div></div>\n");
}
