/* rtab diff: what changed between two rulesets or two editions of one. */
#include "cli/cli.h"
#include "base/msg.h"
#include "cli/cli_inputs.h"
#include "base/escape.h"
#include "base/json.h"
#include "analysis/diff.h"
#include "check/edition.h"
#include "export/html_table.h"
#include "analysis/odds.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of diff_format. */
static const char *const formats[] = {"text", "markdown", "json", "html", NULL};

static const cli_opt options[] = {
	{"--format", 0, "F",
	 "text (default); markdown, an errata sheet ready to publish;\n"
	 "json, for tools; html, a page", formats},
	{"--locale", 0, "L", "the labels to show (default: the first locale)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "diff",
	.usage = "rtab diff OLD NEW [--format text|markdown|json|html] [--locale L]",
	.about = "\nCompare two rulesets, each a FILE or FILE@EDITION (the edition with the\n"
		 "errata layers up to EDITION; 'original': none). Print every definition\n"
		 "added, removed or changed, by kind and id, and within each changed one\n"
		 "what changed (table rows per column as printed, matrix cells, ratio steps,\n"
		 "modifiers, groups, caps, effects, triggers, labels per locale, rule\n"
		 "references, provisional marks ...), each with its source location on both\n"
		 "sides; then, per table and column, how the odds of its outcomes moved at\n"
		 "the default situation (every input at its default, no extra modifier).\n"
		 "--edition NAME applies to a side not written FILE@EDITION.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "the options of rtab check: the files' warnings are shown only\n"
		     "when one of these asks for them; an error in either file (with\n"
		     "-Werror, a warning too) stops the verb with exit status 2",
	.after = "Exit status: 0 equal, 1 different, 2 errors, 3 out of memory.\n",
};

typedef enum diff_format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON, FMT_HTML } diff_format;

typedef struct side {
	const char *arg;
	loaded l;
	facet_set facets;
	const ast_errata *layer; /* the last layer its edition applies, or NULL */
	size_t locale;
} side;

typedef struct diff_ctx {
	side old, new;
	diff_result r;
	diff_format format;
	strbuf *out;
} diff_ctx;

static const char *label_of(const side *s, const facet_def *d)
{
	if (!d || !d->labels || s->locale >= s->l.model.rs.nlocales)
		return NULL;
	return d->labels[s->locale];
}

static void put_loc(strbuf *sb, const side *s, src_loc loc)
{
	sb_printf(sb, "%s:%d:%d", s->l.path, loc.line, loc.col);
}

static const char *what_word(diff_what w)
{
	return w == DIFF_ADDED ? "added" : w == DIFF_REMOVED ? "removed" : "changed";
}

/* The edition a side reads, for titles. */
static const char *edition_name(const side *s)
{
	return s->layer ? s->layer->id : s->l.errata ? EDITION_ORIGINAL : NULL;
}

static void put_fraction_percent(strbuf *sb, uint64_t n, uint64_t total)
{
	odds_put_fraction(sb, n, total);
	sb_puts(sb, " (");
	odds_put_percent(sb, n, total);
	sb_puts(sb, "%)");
}

/* ---- text ---- */

static void render_text(diff_ctx *c)
{
	strbuf *sb = c->out;
	sb_printf(sb, "--- %s\n+++ %s\n", c->old.arg, c->new.arg);
	for (size_t i = 0; i < c->r.n; i++) {
		const diff_def *d = &c->r.defs[i];
		const facet_def *fd = d->new ? d->new : d->old;
		const side *s = d->new ? &c->new : &c->old;
		const char *label = label_of(s, fd);
		sb_printf(sb, "%s %s '%s'", what_word(d->what), facet_kind_word(fd->kind), fd->id);
		if (label)
			sb_printf(sb, " \"%s\"", label);
		if (d->what != DIFF_CHANGED) {
			sb_puts(sb, " at ");
			put_loc(sb, s, fd->loc);
		}
		sb_putc(sb, '\n');
		for (size_t k = 0; k < d->n; k++) {
			const diff_change *ch = &d->changes[k];
			sb_printf(sb, "  %s: %s -> %s\n", diff_key(ch), ch->old ? ch->old->value : "(none)",
				  ch->new ? ch->new->value : "(none)");
			sb_puts(sb, "      ");
			if (ch->old) {
				sb_puts(sb, "was at ");
				put_loc(sb, &c->old, ch->old->loc);
			}
			if (ch->new) {
				sb_puts(sb, ch->old ? ", now at " : "now at ");
				put_loc(sb, &c->new, ch->new->loc);
			}
			sb_putc(sb, '\n');
		}
	}
	if (c->r.nodds) {
		sb_puts(sb, "odds at the default situation:\n");
		for (size_t i = 0; i < c->r.nodds; i++) {
			const diff_odds *o = &c->r.odds[i];
			if (i == 0 || strcmp(o->table, c->r.odds[i - 1].table) != 0 ||
			    strcmp(o->column, c->r.odds[i - 1].column) != 0)
				sb_printf(sb, "  table '%s', column '%s':\n", o->table, o->column);
			sb_printf(sb, "    %s: ", o->outcome);
			put_fraction_percent(sb, o->old_count, o->old_total);
			sb_puts(sb, " -> ");
			put_fraction_percent(sb, o->new_count, o->new_total);
			sb_putc(sb, '\n');
		}
	}
	for (size_t i = 0; i < c->r.nunenumerated; i++)
		sb_printf(sb, "odds of table '%s' not compared: too many rolls to enumerate\n",
			  c->r.unenumerated[i]);
	if (!c->r.n && !c->r.nodds)
		sb_puts(sb, "no differences\n");
}

/* ---- markdown ---- */

static void md_loc(strbuf *sb, const side *s, const facet *f)
{
	if (!f) {
		sb_puts(sb, "—");
		return;
	}
	sb_printf(sb, "%s:%d", path_basename(s->l.path), f->loc.line);
}

static void md_def_title(strbuf *sb, const diff_ctx *c, const diff_def *d)
{
	const facet_def *fd = d->new ? d->new : d->old;
	const side *s = d->new ? &c->new : &c->old;
	const char *label = label_of(s, fd);
	const facet *rule = facet_find(fd, "rule");
	char kind[32];
	snprintf(kind, sizeof kind, "%s", facet_kind_word(fd->kind));
	kind[0] = (char)(kind[0] >= 'a' && kind[0] <= 'z' ? kind[0] - 32 : kind[0]);
	sb_printf(sb, "%s `%s`", kind, fd->id);
	if (label) {
		sb_puts(sb, " — ");
		markdown_escape(sb, label, true);
	}
	if (rule) {
		sb_puts(sb, msg(" (rule "));
		markdown_escape(sb, rule->value, true);
		sb_putc(sb, ')');
	}
}

static void render_markdown(diff_ctx *c)
{
	strbuf *sb = c->out;
	const rtab_ruleset *rs = &c->new.l.model.rs;
	const char *title = rs->title && c->new.locale < rs->nlocales ? rs->title[c->new.locale] : NULL;
	sb_puts(sb, msg("# Errata: "));
	markdown_escape(sb, title ? title : rs->id, true);
	sb_puts(sb, "\n\n");
	if (c->new.layer) {
		const char *want = rs->nlocales ? rs->locales[c->new.locale] : NULL;
		for (const ast_stmt *l = c->new.layer->labels; l; l = l->next)
			if (want && strcmp(l->name, want) == 0) {
				sb_puts(sb, "**");
				markdown_escape(sb, l->text, true);
				sb_puts(sb, "**");
				if (c->new.layer->rule) {
					sb_puts(sb, " (");
					markdown_escape(sb, c->new.layer->rule, true);
					sb_putc(sb, ')');
				}
				sb_puts(sb, "\n\n");
			}
	}
	sb_printf(sb, msg("From `%s` to `%s`.\n"), c->old.arg, c->new.arg);
	if (!c->r.n && !c->r.nodds)
		sb_puts(sb, msg("\nNo differences.\n"));
	static const diff_what order[] = {DIFF_CHANGED, DIFF_ADDED, DIFF_REMOVED};
	/* msg("Changed") msg("Added") msg("Removed") */
	static const char *const heads[] = {"Changed", "Added", "Removed"};
	for (size_t w = 0; w < 3; w++) {
		bool any = false;
		for (size_t i = 0; i < c->r.n; i++) {
			const diff_def *d = &c->r.defs[i];
			if (d->what != order[w])
				continue;
			if (!any)
				sb_printf(sb, "\n## %s\n", msg(heads[w]));
			any = true;
			if (d->what != DIFF_CHANGED) {
				const facet_def *fd = d->new ? d->new : d->old;
				sb_puts(sb, "\n- ");
				md_def_title(sb, c, d);
				sb_printf(sb, ", %s:%d", path_basename((d->new ? &c->new : &c->old)->l.path), fd->loc.line);
				continue;
			}
			sb_puts(sb, "\n### ");
			md_def_title(sb, c, d);
			sb_puts(sb, "\n\n");
			sb_puts(sb, msg("| What | Was | Now | Was at | Now at |"));
			sb_puts(sb, "\n|---|---|---|---|---|\n");
			for (size_t k = 0; k < d->n; k++) {
				const diff_change *ch = &d->changes[k];
				sb_puts(sb, "| ");
				markdown_escape(sb, diff_key(ch), true);
				sb_puts(sb, " | ");
				markdown_escape(sb, ch->old ? ch->old->value : "—", true);
				sb_puts(sb, " | ");
				markdown_escape(sb, ch->new ? ch->new->value : "—", true);
				sb_puts(sb, " | ");
				md_loc(sb, &c->old, ch->old);
				sb_puts(sb, " | ");
				md_loc(sb, &c->new, ch->new);
				sb_puts(sb, " |\n");
			}
		}
		if (any && order[w] != DIFF_CHANGED)
			sb_putc(sb, '\n');
	}
	if (c->r.nodds) {
		sb_puts(sb, msg("\n## Odds at the default situation\n\n"));
		sb_puts(sb, msg("| Table | Column | Outcome | Was | Now |"));
		sb_puts(sb, "\n|---|---|---|---|---|\n");
		for (size_t i = 0; i < c->r.nodds; i++) {
			const diff_odds *o = &c->r.odds[i];
			sb_puts(sb, "| ");
			markdown_escape(sb, o->table, true);
			sb_puts(sb, " | ");
			markdown_escape(sb, o->column, true);
			sb_puts(sb, " | ");
			markdown_escape(sb, o->outcome, true);
			sb_puts(sb, " | ");
			put_fraction_percent(sb, o->old_count, o->old_total);
			sb_puts(sb, " | ");
			put_fraction_percent(sb, o->new_count, o->new_total);
			sb_puts(sb, " |\n");
		}
	}
}

/* ---- json ---- */

static void json_loc(strbuf *sb, const side *s, const facet *f, src_loc loc)
{
	if (f)
		loc = f->loc;
	sb_putc(sb, '{');
	json_file_line(sb, s->l.path, loc.line, loc.col);
	sb_putc(sb, '}');
}

static void json_side(strbuf *sb, const side *s)
{
	const char *ed = edition_name(s);
	sb_puts(sb, "{\"file\": ");
	json_string(sb, s->l.path);
	sb_puts(sb, ", \"edition\": ");
	json_string(sb, ed);
	sb_putc(sb, '}');
}

static void json_fraction(strbuf *sb, uint64_t n, uint64_t total)
{
	sb_puts(sb, "{\"probability\": \"");
	odds_put_fraction(sb, n, total);
	sb_puts(sb, "\", \"percent\": ");
	odds_put_percent(sb, n, total);
	sb_putc(sb, '}');
}

static void render_json(diff_ctx *c)
{
	strbuf *sb = c->out;
	sb_puts(sb, "{\"old\": ");
	json_side(sb, &c->old);
	sb_puts(sb, ",\n \"new\": ");
	json_side(sb, &c->new);
	sb_printf(sb, ",\n \"equal\": %s,\n \"definitions\": [", c->r.n || c->r.nodds ? "false" : "true");
	for (size_t i = 0; i < c->r.n; i++) {
		const diff_def *d = &c->r.defs[i];
		const facet_def *fd = d->new ? d->new : d->old;
		sb_printf(sb, "%s\n  {\"kind\": \"%s\", \"id\": ", i ? "," : "", facet_kind_word(fd->kind));
		json_string(sb, fd->id);
		sb_printf(sb, ", \"change\": \"%s\", \"old\": ", what_word(d->what));
		if (d->old)
			json_loc(sb, &c->old, NULL, d->old->loc);
		else
			sb_puts(sb, "null");
		sb_puts(sb, ", \"new\": ");
		if (d->new)
			json_loc(sb, &c->new, NULL, d->new->loc);
		else
			sb_puts(sb, "null");
		sb_puts(sb, ", \"changes\": [");
		for (size_t k = 0; k < d->n; k++) {
			const diff_change *ch = &d->changes[k];
			sb_puts(sb, k ? ",\n    " : "\n    ");
			sb_puts(sb, "{\"what\": ");
			json_string(sb, diff_key(ch));
			sb_puts(sb, ", \"old\": ");
			if (ch->old)
				json_string(sb, ch->old->value);
			else
				sb_puts(sb, "null");
			sb_puts(sb, ", \"new\": ");
			if (ch->new)
				json_string(sb, ch->new->value);
			else
				sb_puts(sb, "null");
			const facet *lf = ch->new ? ch->new : ch->old;
			if (lf->locale) {
				sb_puts(sb, ", \"locale\": ");
				json_string(sb, lf->locale);
			}
			sb_puts(sb, ", \"old_location\": ");
			if (ch->old)
				json_loc(sb, &c->old, ch->old, ch->old->loc);
			else
				sb_puts(sb, "null");
			sb_puts(sb, ", \"new_location\": ");
			if (ch->new)
				json_loc(sb, &c->new, ch->new, ch->new->loc);
			else
				sb_puts(sb, "null");
			sb_putc(sb, '}');
		}
		sb_puts(sb, "]}");
	}
	sb_puts(sb, "],\n \"odds\": [");
	for (size_t i = 0; i < c->r.nodds; i++) {
		const diff_odds *o = &c->r.odds[i];
		sb_puts(sb, i ? ",\n  {\"table\": " : "\n  {\"table\": ");
		json_string(sb, o->table);
		sb_puts(sb, ", \"column\": ");
		json_string(sb, o->column);
		sb_puts(sb, ", \"outcome\": ");
		json_string(sb, o->outcome);
		sb_puts(sb, ", \"old\": ");
		json_fraction(sb, o->old_count, o->old_total);
		sb_puts(sb, ", \"new\": ");
		json_fraction(sb, o->new_count, o->new_total);
		sb_putc(sb, '}');
	}
	sb_puts(sb, "]}\n");
}

/* ---- html ---- */

static void render_html(diff_ctx *c)
{
	strbuf *sb = c->out;
	strbuf md = {0};
	const rtab_ruleset *rs = &c->new.l.model.rs;
	html_page_begin(sb, "rtab diff", rs->nlocales ? rs->locales[c->new.locale] : "en");
	sb_puts(sb, "<style>td.old{background:#fdd}td.new{background:#dfd}</style>\n<h1>rtab diff</h1>\n<p>");
	html_escape(sb, c->old.arg);
	sb_puts(sb, " &rarr; ");
	html_escape(sb, c->new.arg);
	sb_puts(sb, "</p>\n");
	for (size_t i = 0; i < c->r.n; i++) {
		const diff_def *d = &c->r.defs[i];
		const facet_def *fd = d->new ? d->new : d->old;
		sb_printf(sb, "<h2>%s %s <code>", what_word(d->what), facet_kind_word(fd->kind));
		html_escape(sb, fd->id);
		sb_puts(sb, "</code></h2>\n");
		if (!d->n)
			continue;
		sb_puts(sb, "<table><tr><th>What</th><th>Was</th><th>Now</th><th>Was at</th><th>Now at</th></tr>\n");
		for (size_t k = 0; k < d->n; k++) {
			const diff_change *ch = &d->changes[k];
			sb_puts(sb, "<tr><td>");
			html_escape(sb, diff_key(ch));
			sb_puts(sb, "</td><td class=\"old\">");
			html_escape(sb, ch->old ? ch->old->value : "");
			sb_puts(sb, "</td><td class=\"new\">");
			html_escape(sb, ch->new ? ch->new->value : "");
			sb_puts(sb, "</td><td>");
			if (ch->old) {
				sb_free(&md);
				put_loc(&md, &c->old, ch->old->loc);
				html_escape(sb, md.data);
			}
			sb_puts(sb, "</td><td>");
			if (ch->new) {
				sb_free(&md);
				put_loc(&md, &c->new, ch->new->loc);
				html_escape(sb, md.data);
			}
			sb_puts(sb, "</td></tr>\n");
		}
		sb_puts(sb, "</table>\n");
	}
	if (c->r.nodds) {
		sb_puts(sb, "<h2>Odds at the default situation</h2>\n<table><tr><th>Table</th><th>Column</th>"
			    "<th>Outcome</th><th>Was</th><th>Now</th></tr>\n");
		for (size_t i = 0; i < c->r.nodds; i++) {
			const diff_odds *o = &c->r.odds[i];
			sb_puts(sb, "<tr><td>");
			html_escape(sb, o->table);
			sb_puts(sb, "</td><td>");
			html_escape(sb, o->column);
			sb_puts(sb, "</td><td>");
			html_escape(sb, o->outcome);
			sb_puts(sb, "</td><td class=\"old\">");
			put_fraction_percent(sb, o->old_count, o->old_total);
			sb_puts(sb, "</td><td class=\"new\">");
			put_fraction_percent(sb, o->new_count, o->new_total);
			sb_puts(sb, "</td></tr>\n");
		}
		sb_puts(sb, "</table>\n");
	}
	sb_free(&md);
	html_page_end(sb);
}

static bool load_side(side *s, const char *edition, const diag_options *opts)
{
	if (!cli_load(&s->l, s->arg, edition, stderr, opts))
		return false;
	if (s->l.nlayers > 0)
		s->layer = edition_layer(s->l.errata, (size_t)s->l.nlayers - 1);
	facets_build(&s->facets, &s->l.model);
	return true;
}

int cmd_diff(cli_ctx *x, int argc, char **argv)
{
	diff_ctx c = {0};
	cli_pair a = {"diff", {NULL, NULL}, 0};
	x->diag.errors_only = true; /* quiet about the files' warnings unless asked (-W...) */
	int status = cli_parse(&verb, x, argc, argv, cli_take_pair, &a);

	if (status == EXIT_OK && a.n != 2)
		status = usage_error("diff", "give OLD and NEW, each a FILE or FILE@EDITION");
	if (status)
		return status < 0 ? EXIT_OK : status;
	c.old.arg = a.files[0];
	c.new.arg = a.files[1];
	c.format = x->format ? (diff_format)cli_choice(formats, x->format) : FMT_TEXT;
	const char *locale = x->locale, *edition = x->edition;

	bool ok_old = load_side(&c.old, edition, &x->diag);
	bool ok_new = load_side(&c.new, edition, &x->diag);
	strbuf out = {0};
	if (!ok_old || !ok_new) {
		status = EXIT_USAGE;
		goto done;
	}
	if (locale) {
		strbuf missing = {0};
		sb_printf(&missing, "'%s' has no locale", c.new.arg);
		status = cli_locale("diff", &c.new.l.model.rs, locale, missing.data, &c.new.locale);
		sb_free(&missing);
		if (status != EXIT_OK)
			goto done;
		/* The old ruleset may predate the locale: its first stands in. */
		int k = rtab_find_locale(&c.old.l.model.rs, locale);
		c.old.locale = k < 0 ? 0 : (size_t)k;
	}
	diff_compare(&c.r, &c.old.facets, &c.new.facets, 0);
	diff_odds_compute(&c.r, &c.old.l.model.rs, &c.new.l.model.rs);
	c.out = &out;
	switch (c.format) {
	case FMT_TEXT: render_text(&c); break;
	case FMT_MARKDOWN: render_markdown(&c); break;
	case FMT_JSON: render_json(&c); break;
	case FMT_HTML: render_html(&c); break;
	}
	if (out.data)
		fputs(out.data, stdout);
	status = c.r.n || c.r.nodds ? EXIT_INPUT : EXIT_OK;
done:
	sb_free(&out);
	diff_free(&c.r);
	if (ok_old)
		facets_free(&c.old.facets);
	if (ok_new)
		facets_free(&c.new.facets);
	loaded_free(&c.old.l);
	loaded_free(&c.new.l);
	return status;
}
