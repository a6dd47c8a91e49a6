/* SPDX-License-Identifier: MIT */
/* Markdown export: print-ready pipe tables, one heading per kind. */
#include "export/export_views.h"
#include "base/escape.h"

#include "base/msg.h"

#include <stdlib.h>
#include <string.h>


static void heading(export_ctx *c, const char *what, const char *id, const char *const *labels,
		    const char *rule)
{
	sb_printf(c->out, "### %s `%s`", what, id);
	for (size_t l = 0; l < c->nlocales; l++)
		if (labels[l] && *labels[l]) {
			sb_puts(c->out, l ? " / " : ": ");
			markdown_escape(c->out, labels[l], false);
		}
	if (rule) {
		sb_puts(c->out, " (rule ");
		markdown_escape(c->out, rule, false);
		sb_putc(c->out, ')');
	}
	sb_puts(c->out, "\n\n");
}

static void md_begin(export_ctx *c)
{
	const rtab_ruleset *rs = c->rs;
	c->state = xcalloc(1, sizeof(grid)); /* the grid of a kind listed a row each */
	sb_printf(c->out, "# %s", rs->id);
	for (size_t l = 0; l < c->nlocales; l++)
		if (*export_label(c, rs->title, l)) {
			sb_puts(c->out, l ? " / " : ": ");
			markdown_escape(c->out, export_label(c, rs->title, l), false);
		}
	sb_puts(c->out, "\n\n");
	sb_printf(c->out,
		  msg_in(c->words,
			 "Values marked %s are provisional: the source does not settle them."),
		  EXPORT_PROVISIONAL_MARK);
	sb_putc(c->out, '\n');
	if (rs->nunits) {
		strbuf units = {0};
		export_units_text(&units, rs);
		sb_printf(c->out, "\n%s ", msg_in(c->words, "Units:"));
		markdown_escape(c->out, units.data, false);
		sb_puts(c->out, ".\n");
		sb_free(&units);
	}
}

static void md_section(export_ctx *c, export_kind kind)
{
	if (!export_count(c, kind))
		return;
	sb_printf(c->out, "\n## %s\n\n", msg_in(c->words, export_kind_title(kind)));
	if (export_kind_is_list(kind))
		export_section_header(c, kind, c->state);
}

static void md_item(export_ctx *c, export_kind kind, size_t i)
{
	if (export_kind_is_list(kind)) {
		export_section_row(c, kind, i, c->state);
		return;
	}
	export_view v;
	export_view_build(c, kind, i, &v);
	heading(c, v.what, v.id, v.label, v.rule);
	if (v.notes.data) {
		/* Each note a line of its own. */
		for (const char *p = v.notes.data; *p;) {
			size_t len = strcspn(p, "\n");
			char *line = xstrndup(p, len);
			markdown_escape_line(c->out, line);
			free(line);
			p += len;
			if (*p == '\n') {
				sb_puts(c->out, "  \n");
				p++;
			}
		}
		sb_putc(c->out, '\n');
	}
	if (grid_rows(&v.g) > 1)
		grid_markdown(c->out, &v.g);
	if (v.legend.ncols && grid_rows(&v.legend) > 1) { /* what a printed grid's cells stand for */
		sb_putc(c->out, '\n');
		grid_markdown(c->out, &v.legend);
	}
	sb_putc(c->out, '\n');
	export_view_free(&v);
}

static void md_section_end(export_ctx *c, export_kind kind)
{
	if (!export_count(c, kind) || !export_kind_is_list(kind))
		return;
	grid_markdown(c->out, c->state);
	grid_free(c->state);
}

static void md_end(export_ctx *c)
{
	free(c->state);
	c->state = NULL;
}

const export_emitter export_markdown_emitter = {
	"markdown", md_begin, md_section, md_item, md_section_end, md_end,
	export_print_order,
};
