/*
 * The player aid as Markdown: the document of aid.c, each unit a heading,
 * its paragraphs and its grids as pipe tables. Markdown has no columns of
 * text, so two locales print one after the other, unit by unit (the order
 * the PDF falls back to when a pair does not fit side by side).
 */
#include "export/aid.h"
#include "base/escape.h"

#include <stdlib.h>
#include <string.h>

/* Text whose lines stay lines: a hard break ("  \n") between them. */
static void md_lines(strbuf *out, const char *text)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		char *line = xstrndup(p, len);
		markdown_escape_line(out, line);
		free(line);
		p += len;
		if (*p == '\n' && *++p)
			sb_puts(out, "  \n");
	}
	sb_puts(out, "\n\n");
}

/* A pipe table has no cell over several lines: an end column repeats its
 * result on each line, which reads the same. */
static void md_grid(strbuf *out, const aid_part *p)
{
	grid_markdown(out, &p->g);
	sb_putc(out, '\n');
}

static void md_unit(strbuf *out, const aid_unit *u)
{
	sb_puts(out, "## ");
	markdown_escape(out, u->heading, false);
	if (u->rule) {
		sb_puts(out, " (");
		markdown_escape(out, u->rule, false);
		sb_putc(out, ')');
	}
	sb_puts(out, "\n\n");
	for (size_t k = 0; k < u->nparts; k++) {
		if (u->parts[k].kind == AID_GRID)
			md_grid(out, &u->parts[k]);
		else
			md_lines(out, u->parts[k].text);
	}
}

static void aid_md_begin(export_ctx *c)
{
	aid_doc docs[EXPORT_MAX_LOCALES];
	aid_build_all(c, docs);
	strbuf *out = c->out;
	for (size_t i = 0; i < c->nlocales; i++) {
		sb_puts(out, i ? " / " : "# ");
		markdown_escape(out, docs[i].title, false);
	}
	sb_puts(out, "\n\n");
	for (size_t i = 0; i < c->nlocales; i++) {
		if (i)
			sb_puts(out, "  \n");
		markdown_escape_line(out, docs[i].stamp);
	}
	sb_puts(out, "\n\n");
	for (size_t u = 0; u < docs[0].nunits; u++)
		for (size_t i = 0; i < c->nlocales; i++)
			md_unit(out, &docs[i].units[u]);
	aid_free_all(c, docs);
}

const export_emitter export_aid_markdown_emitter = {
	"markdown", aid_md_begin, NULL, NULL, NULL, aid_emit_end, NULL,
};
