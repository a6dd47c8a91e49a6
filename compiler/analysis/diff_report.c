/* SPDX-License-Identifier: MIT */
/* rtab diff's report of what changed as text and as JSON (the errata sheet,
 * in the reader's words, is errata_sheet.c's). */
#include "analysis/diff_report.h"

#include "analysis/odds.h"
#include "base/json.h"
#include "base/work.h"

#include <string.h>

static const char *label_of(const diff_report_side *s, const facet_def *d)
{
	if (!d || !d->labels || s->locale >= s->nlocales)
		return NULL;
	return d->labels[s->locale];
}

static void put_loc(strbuf *sb, const diff_report_side *s, src_loc loc)
{
	sb_printf(sb, "%s:%d:%d", s->path, loc.line, loc.col);
}

static const char *what_word(diff_what w)
{
	return w == DIFF_ADDED ? "added" : w == DIFF_REMOVED ? "removed" : "changed";
}

static void put_fraction_percent(strbuf *sb, uint64_t n, uint64_t total)
{
	odds_put_fraction(sb, n, total);
	sb_puts(sb, " (");
	odds_put_percent(sb, n, total);
	sb_puts(sb, "%)");
}

/* ---- text ---- */

void diff_report_text(strbuf *sb, const diff_report_side *old, const diff_report_side *new,
		      const diff_result *r)
{
	sb_printf(sb, "--- %s\n+++ %s\n", old->arg, new->arg);
	for (size_t i = 0; i < r->n; i++) {
		const diff_def *d = &r->defs[i];
		const facet_def *fd = d->new ? d->new : d->old;
		const diff_report_side *s = d->new ? new : old;
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
				put_loc(sb, old, ch->old->loc);
			}
			if (ch->new) {
				sb_puts(sb, ch->old ? ", now at " : "now at ");
				put_loc(sb, new, ch->new->loc);
			}
			sb_putc(sb, '\n');
		}
	}
	if (r->nodds) {
		sb_puts(sb, "odds at the default situation:\n");
		for (size_t i = 0; i < r->nodds; i++) {
			const diff_odds *o = &r->odds[i];
			if (i == 0 || strcmp(o->table, r->odds[i - 1].table) != 0 ||
			    strcmp(o->column, r->odds[i - 1].column) != 0)
				sb_printf(sb, "  table '%s', column '%s':\n", o->table, o->column);
			sb_printf(sb, "    %s: ", o->outcome);
			put_fraction_percent(sb, o->old_count, o->old_total);
			sb_puts(sb, " -> ");
			put_fraction_percent(sb, o->new_count, o->new_total);
			sb_putc(sb, '\n');
		}
	}
	for (size_t i = 0; i < r->nunenumerated; i++)
		sb_printf(sb, "odds of table '%s' not compared: too many rolls to enumerate\n",
			  r->unenumerated[i]);
	for (size_t i = 0; i < r->npast_work; i++)
		sb_printf(sb, "odds of table '%s' not compared: past the work budget (" WORK_OPTION ")\n",
			  r->past_work[i]);
	if (!r->n && !r->nodds)
		sb_puts(sb, "no differences\n");
}

/* ---- json ---- */

/* A member: where a facet (or, without one, loc) is in a side's file, or null
 * for a side that has none. */
static void json_loc(json_writer *w, const char *key, const diff_report_side *s, const facet *f, const src_loc *loc)
{
	json_key(w, key);
	if (!loc) {
		json_put_null(w);
		return;
	}
	src_loc at = f ? f->loc : *loc;
	json_begin_object(w);
	json_member_string(w, "file", s->path);
	json_member_int(w, "line", at.line);
	json_member_int(w, "column", at.col);
	json_end_object(w);
}

static void json_side(json_writer *w, const char *key, const diff_report_side *s)
{
	json_key(w, key);
	json_begin_object(w);
	json_member_string(w, "file", s->path);
	json_member_string(w, "edition", s->edition);
	json_end_object(w);
}

static void json_fraction(json_writer *w, const char *key, uint64_t n, uint64_t total)
{
	strbuf text = {0};
	json_key(w, key);
	json_begin_object(w);
	odds_put_fraction(&text, n, total);
	json_member_string(w, "probability", text.data);
	sb_clear(&text);
	odds_put_percent(&text, n, total);
	json_key(w, "percent");
	json_put_raw(w, text.data, text.len);
	json_end_object(w);
	sb_free(&text);
}

static void json_change(json_writer *w, const diff_report_side *old, const diff_report_side *new,
			const diff_change *ch)
{
	json_begin_object(w);
	json_member_string(w, "what", diff_key(ch));
	json_member_string(w, "old", ch->old ? ch->old->value : NULL);
	json_member_string(w, "new", ch->new ? ch->new->value : NULL);
	const facet *lf = ch->new ? ch->new : ch->old;
	if (lf->locale)
		json_member_string(w, "locale", lf->locale);
	json_loc(w, "old_location", old, ch->old, ch->old ? &ch->old->loc : NULL);
	json_loc(w, "new_location", new, ch->new, ch->new ? &ch->new->loc : NULL);
	json_end_object(w);
}

void diff_report_json(strbuf *sb, const diff_report_side *old, const diff_report_side *new,
		      const diff_result *r)
{
	json_writer w = json_writer_on(sb, false);
	json_begin_object(&w);
	json_side(&w, "old", old);
	json_line_break(&w, "\n ");
	json_side(&w, "new", new);
	json_line_break(&w, "\n ");
	json_member_bool(&w, "equal", !(r->n || r->nodds));
	json_line_break(&w, "\n ");
	json_key(&w, "definitions");
	json_begin_array(&w);
	for (size_t i = 0; i < r->n; i++) {
		const diff_def *d = &r->defs[i];
		const facet_def *fd = d->new ? d->new : d->old;
		json_line_break(&w, "\n  ");
		json_begin_object(&w);
		json_member_string(&w, "kind", facet_kind_word(fd->kind));
		json_member_string(&w, "id", fd->id);
		json_member_string(&w, "change", what_word(d->what));
		json_loc(&w, "old", old, NULL, d->old ? &d->old->loc : NULL);
		json_loc(&w, "new", new, NULL, d->new ? &d->new->loc : NULL);
		json_key(&w, "changes");
		json_begin_array(&w);
		for (size_t k = 0; k < d->n; k++) {
			json_line_break(&w, "\n    ");
			json_change(&w, old, new, &d->changes[k]);
		}
		json_end_array(&w);
		json_end_object(&w);
	}
	json_end_array(&w);
	json_line_break(&w, "\n ");
	json_key(&w, "odds");
	json_begin_array(&w);
	for (size_t i = 0; i < r->nodds; i++) {
		const diff_odds *o = &r->odds[i];
		json_line_break(&w, "\n  ");
		json_begin_object(&w);
		json_member_string(&w, "table", o->table);
		json_member_string(&w, "column", o->column);
		json_member_string(&w, "outcome", o->outcome);
		json_fraction(&w, "old", o->old_count, o->old_total);
		json_fraction(&w, "new", o->new_count, o->new_total);
		json_end_object(&w);
	}
	json_end_array(&w);
	json_end_object(&w);
	sb_putc(sb, '\n');
}
