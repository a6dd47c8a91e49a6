/*
 * The player aid as one printable HTML page: A4 or Letter, the ruleset and
 * its edition at the head of every printed page, page numbers at the foot,
 * no table split from its heading. Two locales print side by side, or one
 * below the other where a pair does not fit the width.
 */
#include "export/aid.h"
#include "base/escape.h"
#include "export/paper.h"

#include <stdlib.h>
#include <string.h>

static const char style[] =
	"body{font-family:'DejaVu Sans',Arial,sans-serif;margin:2em;color:#111;background:#fff}\n"
	"header{border-bottom:2px solid #333;margin-bottom:1em}\n"
	"header h1{font-size:1.5em;margin:0}\n"
	"header p{margin:.2em 0;color:#444}\n"
	"h2{font-size:1.15em;margin:0 0 .3em}\n"
	".rule{font-weight:normal;color:#555;font-size:.85em}\n"
	"section{break-inside:avoid;page-break-inside:avoid;margin:0 0 1.2em}\n"
	"section p{margin:.2em 0 .4em;font-size:.92em}\n"
	"table{border-collapse:collapse;margin:.3em 0 .5em;font-size:.92em;break-inside:avoid}\n"
	"th,td{border:1px solid #555;padding:.15em .45em;text-align:center;vertical-align:middle}\n"
	"th{background:#e8e4d8}\n"
	"td.l,th.l{text-align:left}\n"
	/* A change bar (--changes-since): a line or paragraph the earlier edition does not print. */
	"tr.changed>:first-child{box-shadow:-7px 0 0 -4px #000}\n"
	"p.changed{box-shadow:-7px 0 0 -4px #000}\n"
	/* Two locales side by side; a pair whose tables cannot shrink into half
	 * the width wraps, one below the other (as the PDF stacks it). */
	".pair{display:flex;flex-wrap:wrap;column-gap:1.5em;break-inside:avoid}\n"
	".pair>div{flex:1 1 0}\n"
	"@media print{body{margin:0;font-size:9.5pt}header{display:none}"
	"th{-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n";

/* text as a CSS string: quotes and backslashes escaped, controls as \hex. */
static void css_string(strbuf *sb, const char *text)
{
	sb_putc(sb, '"');
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p == '"' || *p == '\\' || *p < 0x20 || *p == 0x7f || *p == '<')
			sb_printf(sb, "\\%x ", *p);
		else
			sb_putc(sb, (char)*p);
	sb_putc(sb, '"');
}

static void page_style(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper)
{
	strbuf head = {0}, stamp = {0};
	for (size_t i = 0; i < ndocs; i++) {
		sb_printf(&head, "%s%s", i ? " / " : "", docs[i].title);
		sb_printf(&stamp, "%s%s", i ? " / " : "", docs[i].stamp);
	}
	paper_size size;
	if (!paper_find(paper, &size))
		paper_find(NULL, &size);
	sb_printf(out, "<style>\n@page{size:%s;margin:16mm 12mm 14mm;\n@top-left{content:", size.css);
	css_string(out, head.data);
	sb_puts(out, ";font-size:8.5pt}\n@top-right{content:");
	css_string(out, stamp.data);
	sb_puts(out, ";font-size:8.5pt}\n@bottom-center{content:counter(page) \" / \" counter(pages);"
		     "font-size:8.5pt}}\n</style>\n");
	sb_free(&head);
	sb_free(&stamp);
}

static void aid_grid(strbuf *out, const aid_part *p)
{
	const grid *g = &p->g;
	size_t rows = grid_rows(g);
	sb_puts(out, "<table>\n");
	for (size_t r = 0; r < rows; r++) {
		const char *tr = p->changed_rows && p->changed_rows[r] ? "<tr class=\"changed\">" : "<tr>";
		if (r == 0)
			sb_puts(out, "<thead>");
		sb_puts(out, tr);
		for (size_t c = 0; c < g->ncols; c++) {
			const char *text = grid_at(g, r, c);
			size_t span = 1;
			if (r && p->span && p->span[c]) {
				/* An end column: one cell for the lines that read alike. */
				if (r > 1 && strcmp(grid_at(g, r - 1, c), text) == 0)
					continue;
				while (r + span < rows && strcmp(grid_at(g, r + span, c), text) == 0)
					span++;
			}
			const char *tag = r == 0 ? "th" : "td";
			sb_printf(out, "<%s", tag);
			if (c == 0)
				sb_puts(out, " class=\"l\"");
			if (span > 1)
				sb_printf(out, " rowspan=\"%zu\"", span);
			sb_putc(out, '>');
			html_escape(out, text);
			sb_printf(out, "</%s>", tag);
		}
		sb_puts(out, r == 0 ? "</tr></thead>\n<tbody>\n" : "</tr>\n");
	}
	sb_puts(out, "</tbody></table>\n");
}

static void aid_unit_html(strbuf *out, const aid_doc *d, const aid_unit *u)
{
	sb_printf(out, "<section lang=\"%s\">\n<h2>", d->lang);
	html_escape(out, u->heading);
	if (u->rule) {
		sb_puts(out, " <span class=\"rule\">(");
		html_escape(out, u->rule);
		sb_puts(out, ")</span>");
	}
	sb_puts(out, "</h2>\n");
	for (size_t k = 0; k < u->nparts; k++) {
		const aid_part *p = &u->parts[k];
		if (p->kind == AID_GRID) {
			aid_grid(out, p);
			continue;
		}
		sb_puts(out, p->changed ? "<p class=\"changed\">" : "<p>");
		for (const char *s = p->text; *s; s++) {
			if (*s == '\n') {
				sb_puts(out, s[1] ? "<br>\n" : "");
				continue;
			}
			char one[2] = {*s, 0};
			html_escape(out, one);
		}
		sb_puts(out, "</p>\n");
	}
	sb_puts(out, "</section>\n");
}

static void aid_html_begin(export_ctx *c)
{
	aid_doc docs[EXPORT_MAX_LOCALES];
	aid_build_marked(c, docs);
	strbuf *out = c->out;
	sb_printf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
		  docs[0].lang);
	html_escape(out, docs[0].title);
	sb_printf(out, "</title>\n<style>\n%s</style>\n", style);
	page_style(out, docs, c->nlocales, c->paper);
	sb_puts(out, "</head>\n<body>\n<header>\n");
	for (size_t i = 0; i < c->nlocales; i++) {
		sb_printf(out, "<h1 lang=\"%s\">", docs[i].lang);
		html_escape(out, docs[i].title);
		sb_printf(out, "</h1>\n<p lang=\"%s\">", docs[i].lang);
		html_escape(out, docs[i].stamp);
		sb_puts(out, "</p>\n");
	}
	sb_puts(out, "</header>\n");
	for (size_t u = 0; u < docs[0].nunits; u++) {
		if (c->nlocales > 1)
			sb_puts(out, "<div class=\"pair\"><div>\n");
		for (size_t i = 0; i < c->nlocales; i++) {
			if (i)
				sb_puts(out, "</div><div>\n");
			aid_unit_html(out, &docs[i], &docs[i].units[u]);
		}
		if (c->nlocales > 1)
			sb_puts(out, "</div></div>\n");
	}
	sb_puts(out, "</body>\n</html>\n");
	aid_free_all(c, docs);
}

const export_emitter export_aid_html_emitter = {
	"html", aid_html_begin, NULL, NULL, NULL, aid_emit_end, NULL,
};
