/* SPDX-License-Identifier: MIT */
/*
 * HTML export: the print proof. Every table, matrix, modifier list and
 * outcome as a printed player aid shows it, labels in one locale or two
 * side by side, provisional values shaded and marked, rule references
 * beside each. One self-contained page.
 */
#include "export/export_views.h"
#include "export/html_table.h"

#include "base/msg.h"

#include <stdlib.h>

static void title(export_ctx *c, const char *id, const char *const *labels, const char *rule)
{
	sb_puts(c->out, "<code>");
	html_escape(c->out, id);
	sb_puts(c->out, "</code>");
	for (size_t l = 0; l < c->nlocales; l++)
		if (labels[l] && *labels[l]) {
			sb_puts(c->out, l ? " / " : " ");
			sb_printf(c->out, "<span lang=\"%s\">", c->rs->locales[c->locales[l]]);
			html_escape(c->out, labels[l]);
			sb_puts(c->out, "</span>");
		}
	if (rule) {
		sb_puts(c->out, " <span class=\"rule\">(rule ");
		html_escape(c->out, rule);
		sb_puts(c->out, ")</span>");
	}
}

static void html_begin(export_ctx *c)
{
	const rtab_ruleset *rs = c->rs;
	const char *labels[EXPORT_MAX_LOCALES] = {0};
	strbuf t = {0};
	for (size_t l = 0; l < c->nlocales; l++)
		labels[l] = export_label(c, rs->title, l);
	sb_puts(&t, *labels[0] ? labels[0] : rs->id);
	html_page_begin(c->out, t.data, rs->locales[c->locales[0]]);
	sb_free(&t);
	sb_puts(c->out, "<h1>");
	title(c, rs->id, labels, NULL);
	sb_puts(c->out, "</h1>\n<p class=\"legend\">");
	strbuf mark = {0};
	sb_printf(&mark, "<span class=\"provisional\">%s</span>", EXPORT_PROVISIONAL_MARK);
	sb_printf(c->out,
		  msg_in(c->words,
			 "Values marked %s are provisional: the source does not settle them; the reason is given beside each."),
		  mark.data);
	sb_free(&mark);
	sb_puts(c->out, "</p>\n");
	if (rs->nunits) {
		strbuf units = {0};
		export_units_text(&units, rs);
		sb_printf(c->out, "<p class=\"units\">%s ", msg_in(c->words, "Units:"));
		html_escape(c->out, units.data);
		sb_puts(c->out, ".</p>\n");
		sb_free(&units);
	}
	c->state = xcalloc(1, sizeof(grid));
}

static void html_section(export_ctx *c, export_kind kind)
{
	if (!export_count(c, kind))
		return;
	sb_printf(c->out, "<h2 id=\"%s\">%s</h2>\n", export_kind_key(kind),
		  msg_in(c->words, export_kind_title(kind)));
	if (export_kind_is_list(kind))
		export_section_header(c, kind, c->state);
}

static void html_item(export_ctx *c, export_kind kind, size_t i)
{
	if (export_kind_is_list(kind)) {
		export_section_row(c, kind, i, c->state);
		return;
	}
	export_view v;
	export_view_build(c, kind, i, &v);
	sb_printf(c->out, "<section id=\"%s-", export_kind_key(kind));
	html_escape(c->out, v.id);
	sb_printf(c->out, "\">\n<h3>%s ", v.what);
	title(c, v.id, v.label, v.rule);
	sb_puts(c->out, "</h3>\n");
	html_notes(c->out, v.notes.data);
	if (grid_rows(&v.g) > 1)
		html_grid(c->out, &v.g, export_kind_key(kind));
	if (v.legend.ncols && grid_rows(&v.legend) > 1) /* what a printed grid's cells stand for */
		html_grid(c->out, &v.legend, export_kind_key(kind));
	sb_puts(c->out, "</section>\n");
	export_view_free(&v);
}

static void html_section_end(export_ctx *c, export_kind kind)
{
	if (!export_count(c, kind) || !export_kind_is_list(kind))
		return;
	html_grid(c->out, c->state, export_kind_key(kind));
	grid_free(c->state);
}

static void html_end(export_ctx *c)
{
	html_page_end(c->out);
	free(c->state);
	c->state = NULL;
}

const export_emitter export_html_emitter = {
	"html", html_begin, html_section, html_item, html_section_end, html_end,
	export_print_order,
};
