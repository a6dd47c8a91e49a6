/* SPDX-License-Identifier: MIT */
/* rtab verify's side-by-side proof: an HTML page, or PDF pages (see verify.h). */
#include "analysis/verify.h"

#include "base/msg.h"
#include "export/aid.h"
#include "export/html_table.h"

#include <stdlib.h>
#include <string.h>

/* ---- html ---- */

/* Is the facet with this key (on either side) among the differences of d? */
/* Whether change c is of a roll of a row facet's column ("roll 3, column
 * '2:1'" for "row 'exchange', column '2:1'") whose outcome on either side is
 * that row's: by meaning a table's rows differ where their rolls do. */
static bool roll_of_row(const diff_change *c, const char *row_key)
{
	const char *ck = diff_key(c);
	if (strncmp(row_key, "row '", 5) != 0 || strncmp(ck, "roll ", 5) != 0)
		return false;
	const char *outcome = row_key + 5, *end = strchr(outcome, '\'');
	if (!end)
		return false;
	const char *column = strchr(ck, ',');
	if (strcmp(column ? column : "", end + 1) != 0)
		return false;
	size_t len = (size_t)(end - outcome);
	const facet *sides[2] = {c->old, c->new};
	for (int k = 0; k < 2; k++) {
		const char *o = sides[k] ? facet_compared_value(sides[k], true) : NULL;
		if (o && strlen(o) == len && strncmp(o, outcome, len) == 0)
			return true;
	}
	return false;
}

static bool differs(const verify *v, def_kind kind, const char *id, const char *key)
{
	for (size_t i = 0; i < v->n; i++) {
		const verify_finding *f = &v->f[i];
		if (f->kind != kind || strcmp(f->id, id) != 0)
			continue;
		/* A label finding: any locale's label of the same element. */
		if (!f->diff && f->orig && f->orig->locale && strncmp(key, "label ", 6) == 0 &&
		    !*f->orig->label_of)
			return true;
		for (size_t k = 0; f->diff && k < f->diff->n; k++)
			if (strcmp(diff_key(&f->diff->changes[k]), key) == 0 || roll_of_row(&f->diff->changes[k], key))
				return true;
	}
	return false;
}

static void cell(strbuf *sb, const char *tag, const char *text, bool mark)
{
	sb_printf(sb, "<%s%s>", tag, mark ? " class=\"differs\"" : "");
	html_escape(sb, text ? text : "");
	sb_printf(sb, "</%s>", tag);
}

/* The facet of a results table's cell: the row's range in column c, or NULL. */
static const facet *range_cell(const facet_def *fd, const rtab_table *tb, const char *outcome, size_t c)
{
	for (size_t k = 0; fd && k < fd->n; k++) {
		const facet *f = &fd->facets[k];
		if (strncmp(f->key, "row '", 5) != 0 || f->locale)
			continue;
		size_t len = strlen(outcome);
		if (strncmp(f->key + 5, outcome, len) != 0 || f->key[5 + len] != '\'')
			continue;
		const char *rest = f->key + 6 + len;
		if (tb->ncolumns == 1 && tb->column_input < 0 ? *rest == 0
		    : strncmp(rest, ", column '", 10) == 0 &&
			      strncmp(rest + 10, tb->columns[c].id, strlen(tb->columns[c].id)) == 0 &&
			      rest[10 + strlen(tb->columns[c].id)] == '\'')
			return f;
	}
	return NULL;
}

/* A results table as printed: a row per outcome (its label), a column per column. */
static void html_results(strbuf *sb, const verify *v, const verify_side *s, size_t locale, int t, bool original)
{
	const rtab_ruleset *rs = &s->l.model.rs;
	const rtab_table *tb = &rs->tables[t];
	const facet_def *fd = facets_find(&s->facets, DEF_TABLE, tb->id);
	const char *loc_id = rs->locales[locale];
	char *lk = verify_label_key("", loc_id);
	sb_puts(sb, !original && differs(v, DEF_TABLE, tb->id, lk) ? "<h3 class=\"differs\">" : "<h3>");
	free(lk);
	html_escape(sb, rtab_label(rs, tb->labels, locale));
	sb_puts(sb, " <span class=\"rule\">");
	html_escape(sb, s->l.path);
	sb_puts(sb, "</span></h3>\n<table class=\"results\">");
	if (!(tb->ncolumns == 1 && tb->column_input < 0)) { /* a header only where columns have names */
		sb_puts(sb, "<thead><tr>");
		cell(sb, "th", "", false);
		for (size_t c = 0; c < tb->ncolumns; c++)
			cell(sb, "th", tb->columns[c].id, false);
		sb_puts(sb, "</tr></thead>");
	}
	sb_puts(sb, "<tbody>\n");
	for (size_t r = 0; r < tb->nrows; r++) {
		const rtab_outcome *o = &rs->outcomes[rtab_row_outcome(tb, r)];
		char *olk = verify_label_key("", loc_id);
		bool label_bad = !original && differs(v, DEF_OUTCOME, o->id, olk);
		free(olk);
		sb_puts(sb, "<tr>");
		cell(sb, "th", rtab_label(rs, o->labels, locale), label_bad);
		for (size_t c = 0; c < tb->ncolumns; c++) {
			const facet *hit = range_cell(fd, tb, o->id, c);
			cell(sb, "td", hit ? hit->value : "-", hit && differs(v, DEF_TABLE, tb->id, hit->key));
		}
		sb_puts(sb, "</tr>\n");
	}
	sb_puts(sb, "</tbody></table>\n");
}

/* The finding about definition kind/id that lists its differences, or NULL. */
static const verify_finding *finding_of(const verify *v, def_kind kind, const char *id)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->f[i].diff && v->f[i].kind == kind && strcmp(v->f[i].id, id) == 0)
			return &v->f[i];
	return NULL;
}

/* The change of that key among a finding's differences, or NULL. */
static const diff_change *change_of(const verify_finding *f, const char *key)
{
	for (size_t k = 0; f && k < f->diff->n; k++)
		if (strcmp(diff_key(&f->diff->changes[k]), key) == 0)
			return &f->diff->changes[k];
	return NULL;
}

/* How a facet written differently was proved the same (by itself, or with
 * its whole definition), or NULL. */
static const char *proof_of(const verify *v, const facet *of, const facet_def *od)
{
	for (size_t i = 0; i < v->r.nproofs; i++)
		if (v->r.proofs[i].old == of ||
		    (!v->r.proofs[i].old && od && (v->r.proofs[i].old_def == od || v->r.proofs[i].new_def == od)))
			return v->r.proofs[i].how;
	return NULL;
}

static bool shown_in_grid(const facet_def *d, const facet *f)
{
	return d->kind == DEF_TABLE && (strncmp(f->key, "row '", 5) == 0 || f->compare == FACET_ROLL);
}

/* Whether a facet's row is a difference (*mark), and what differs or how it
 * is the same (owned), or NULL. */
static char *facet_note(const verify *v, const facet_def *od, const char *key, const facet *of, const facet *tf,
			const verify_finding *f, bool one_sided, bool *mark)
{
	const diff_change *c = change_of(f, key);
	const char *how = (!of || !tf || strcmp(of->value, tf->value) != 0) && !c ? proof_of(v, of, od) : NULL;
	*mark = c || one_sided;
	return c && c->detail ? xstrdup(c->detail) : how ? xasprintf(msg("the same, %s"), how) : NULL;
}

/* One facet's row: what, original, translation, and what differs or how it is the same. */
static void html_facet_row(strbuf *sb, const verify *v, const facet_def *od, const char *key, const facet *of,
			   const facet *tf, const verify_finding *f, bool one_sided)
{
	bool mark;
	char *note = facet_note(v, od, key, of, tf, f, one_sided, &mark);
	sb_puts(sb, "<tr>");
	cell(sb, "th", key, false);
	cell(sb, "td", of ? of->value : msg("(none)"), mark);
	cell(sb, "td", tf ? tf->value : msg("(none)"), mark);
	cell(sb, "td", note ? note : "", false);
	free(note);
	sb_puts(sb, "</tr>\n");
}

/* Every facet of a definition (its labels and a table's rows aside), original and translation side by side. */
static void html_definition(strbuf *sb, const verify *v, const facet_def *od, const facet_def *td)
{
	const facet_def *any = od ? od : td;
	const verify_finding *f = finding_of(v, any->kind, any->id);
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	char *name = verify_def_name(any);
	bool one_sided = !(od && td) && !proof_of(v, NULL, any);
	sb_printf(sb, "<section class=\"definition\"><h3%s>", one_sided ? " class=\"differs\"" : "");
	html_escape(sb, name);
	free(name);
	if (od && od->labels) {
		sb_puts(sb, " &mdash; ");
		html_escape(sb, rtab_label(ors, od->labels, v->olocale));
	}
	if (td && td->labels) {
		sb_puts(sb, " / ");
		html_escape(sb, rtab_label(trs, td->labels, v->tlocale));
	}
	sb_printf(sb, "</h3>\n<table class=\"facets\"><thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
		  msg("What"), msg("Original"), msg("Translation"), msg("Difference"));
	for (size_t k = 0; od && k < od->n; k++) {
		const facet *of = &od->facets[k];
		if (of->locale || shown_in_grid(od, of))
			continue;
		html_facet_row(sb, v, any, of->key, of, td ? facet_find(td, of->key) : NULL, f, one_sided);
	}
	for (size_t k = 0; td && k < td->n; k++) {
		const facet *tf = &td->facets[k];
		if (tf->locale || shown_in_grid(td, tf) || (od && facet_find(od, tf->key)))
			continue;
		html_facet_row(sb, v, any, tf->key, NULL, tf, f, one_sided);
	}
	sb_puts(sb, "</tbody></table></section>\n");
}

/* Every kind of definition, a section each (none for a kind neither side has). */
static void html_definitions(strbuf *sb, const verify *v)
{
	const facet_set *o = &v->o.facets, *t = &v->t.facets;
	for (int kind = 0; kind < DEF_KIND_COUNT_; kind++) {
		if (kind == DEF_RULESET)
			continue;
		bool any = false;
		for (size_t i = 0; i < o->n && !any; i++)
			any = o->defs[i].kind == (def_kind)kind;
		for (size_t i = 0; i < t->n && !any; i++)
			any = t->defs[i].kind == (def_kind)kind;
		if (!any)
			continue;
		sb_printf(sb, "<h2 id=\"%s\">", facet_kind_word((def_kind)kind));
		html_escape(sb, msg(facet_kind_word((def_kind)kind)));
		sb_puts(sb, "</h2>\n");
		for (size_t i = 0; i < o->n; i++)
			if (o->defs[i].kind == (def_kind)kind)
				html_definition(sb, v, &o->defs[i], facets_find(t, (def_kind)kind, o->defs[i].id));
		for (size_t i = 0; i < t->n; i++)
			if (t->defs[i].kind == (def_kind)kind && !facets_find(o, (def_kind)kind, t->defs[i].id))
				html_definition(sb, v, NULL, &t->defs[i]);
	}
}

void verify_render_html(strbuf *sb, const verify *v)
{
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	html_page_begin(sb, "rtab verify", v->pair ? trs->locales[v->tlocale] : "en");
	sb_puts(sb, "<style>td.differs,th.differs,h3.differs{background:#ffd0d0;border:2px solid #c00000;font-weight:bold}"
		    "li.error{color:#900}li.warning{color:#850}</style>\n<h1>rtab verify</h1>\n<p>");
	html_escape(sb, v->o.l.path);
	if (v->pair) {
		sb_puts(sb, " &harr; ");
		html_escape(sb, v->t.l.path);
	}
	sb_printf(sb, ": %s</p>\n<ul class=\"findings\">\n", verify_tally(v));
	for (size_t i = 0; i < v->n; i++) {
		sb_printf(sb, "<li class=\"%s\">", v->f[i].warning ? "warning" : "error");
		html_escape(sb, v->f[i].message);
		sb_puts(sb, "</li>\n");
	}
	sb_puts(sb, "</ul>\n");
	if (!v->pair) {
		html_page_end(sb);
		return;
	}
	sb_printf(sb, "<h2>%s</h2>\n", msg("Results tables"));
	for (size_t t = 0; t < ors->ntables; t++) {
		int tt = rtab_find_table(trs, ors->tables[t].id);
		if (tt < 0)
			continue;
		sb_puts(sb, "<section>\n");
		html_pair_begin(sb);
		html_results(sb, v, &v->o, v->olocale, (int)t, true);
		html_pair_next(sb);
		html_results(sb, v, &v->t, v->tlocale, tt, false);
		html_pair_end(sb);
		sb_puts(sb, "</section>\n");
	}
	html_definitions(sb, v);
	html_page_end(sb);
}

/* ---- pdf ---- */

/* The in_trans-by-in_trans proof as the pages of a printed aid: a block per findings
 * list, per results table and per definition, each never split from its
 * heading (aid_pdf_write). */
static aid_unit *pdf_unit(aid_doc *d, char *heading)
{
	d->units = xrealloc(d->units, (d->nunits + 1) * sizeof *d->units);
	aid_unit *u = &d->units[d->nunits++];
	memset(u, 0, sizeof *u);
	u->heading = heading;
	return u;
}

static aid_part *pdf_part(aid_unit *u, aid_part_kind kind, size_t ncols)
{
	u->parts = xrealloc(u->parts, (u->nparts + 1) * sizeof *u->parts);
	aid_part *p = &u->parts[u->nparts++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	if (kind == AID_GRID)
		grid_init(&p->g, ncols);
	return p;
}

static void pdf_text(aid_unit *u, char *text)
{
	pdf_part(u, AID_TEXT, 0)->text = text;
}

/* A results table's rows, the original's and the translation's in_trans by in_trans. */
static void pdf_results(aid_doc *d, const verify *v, size_t t, size_t tt)
{
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	const rtab_table *ot = &ors->tables[t], *tb = &trs->tables[tt];
	const facet_def *ofd = facets_find(&v->o.facets, DEF_TABLE, ot->id);
	const facet_def *tfd = facets_find(&v->t.facets, DEF_TABLE, tb->id);
	aid_unit *u = pdf_unit(d, xasprintf("%s / %s", rtab_label(ors, ot->labels, v->olocale),
					    rtab_label(trs, tb->labels, v->tlocale)));
	grid *g = &pdf_part(u, AID_GRID, 2 + ot->ncolumns + tb->ncolumns)->g;
	grid_cell(g, "Original");
	for (size_t c = 0; c < ot->ncolumns; c++)
		grid_cell(g, ot->ncolumns == 1 && ot->column_input < 0 ? "" : ot->columns[c].id);
	grid_cell(g, "Translation");
	for (size_t c = 0; c < tb->ncolumns; c++)
		grid_cell(g, tb->ncolumns == 1 && tb->column_input < 0 ? "" : tb->columns[c].id);
	size_t rows = ot->nrows > tb->nrows ? ot->nrows : tb->nrows;
	for (size_t r = 0; r < rows; r++) {
		for (int in_trans = 0; in_trans < 2; in_trans++) {
			const rtab_ruleset *rs = in_trans ? trs : ors;
			const rtab_table *x = in_trans ? tb : ot;
			const facet_def *fd = in_trans ? tfd : ofd;
			const rtab_outcome *o = r < x->nrows ? &rs->outcomes[rtab_row_outcome(x, r)] : NULL;
			char *lk = verify_label_key("", rs->locales[in_trans ? v->tlocale : v->olocale]);
			grid_cell(g, o ? rtab_label(rs, o->labels, in_trans ? v->tlocale : v->olocale) : "");
			if (in_trans && o && differs(v, DEF_OUTCOME, o->id, lk))
				grid_mark(g);
			free(lk);
			for (size_t c = 0; c < x->ncolumns; c++) {
				const facet *hit = o ? range_cell(fd, x, o->id, c) : NULL;
				grid_cell(g, hit ? hit->value : "-");
				if (in_trans && hit && differs(v, DEF_TABLE, tb->id, hit->key))
					grid_mark(g);
			}
		}
	}
}

/* A definition's facets: what, original, translation, and what differs or how it is the same. */
static void pdf_definition(aid_doc *d, const verify *v, const facet_def *od, const facet_def *td)
{
	const facet_def *any = od ? od : td;
	const verify_finding *f = finding_of(v, any->kind, any->id);
	char *name = verify_def_name(any);
	strbuf head = {0};
	sb_puts(&head, name);
	free(name);
	if (od && od->labels)
		sb_printf(&head, " \u2014 %s", rtab_label(&v->o.l.model.rs, od->labels, v->olocale));
	if (td && td->labels)
		sb_printf(&head, " / %s", rtab_label(&v->t.l.model.rs, td->labels, v->tlocale));
	bool one_sided = !(od && td) && !proof_of(v, NULL, any);
	aid_unit *u = pdf_unit(d, head.data);
	grid *g = &pdf_part(u, AID_GRID, 4)->g;
	grid_cell(g, "What");
	grid_cell(g, "Original");
	grid_cell(g, "Translation");
	grid_cell(g, "Difference");
	for (int in_trans = 0; in_trans < 2; in_trans++) {
		const facet_def *fd = in_trans ? td : od;
		for (size_t k = 0; fd && k < fd->n; k++) {
			const facet *x = &fd->facets[k];
			if (x->locale || shown_in_grid(fd, x) || (in_trans && od && facet_find(od, x->key)))
				continue;
			const facet *of = in_trans ? NULL : x, *tf = in_trans ? x : td ? facet_find(td, x->key) : NULL;
			bool mark;
			char *note = facet_note(v, any, x->key, of, tf, f, one_sided, &mark);
			grid_cell(g, x->key);
			grid_cell(g, of ? of->value : msg("(none)"));
			if (mark)
				grid_mark(g);
			grid_cell(g, tf ? tf->value : msg("(none)"));
			if (mark)
				grid_mark(g);
			grid_cell(g, note ? note : "");
			free(note);
		}
	}
}

void verify_render_pdf(strbuf *sb, const verify *v, const char *paper)
{
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	aid_doc d = {0};
	d.lang = "en"; /* the report's own words are English */
	d.title = v->pair ? xasprintf("rtab verify: %s / %s", v->o.l.path, v->t.l.path)
			  : xasprintf("rtab verify: %s", v->o.l.path);
	d.stamp = xasprintf("%d error%s, %d warning%s", v->errors, v->errors == 1 ? "" : "s", v->warnings,
			    v->warnings == 1 ? "" : "s");
	aid_unit *u = pdf_unit(&d, xasprintf("Findings: %s", d.stamp));
	for (size_t i = 0; i < v->n; i++)
		pdf_text(u, xasprintf("%s: %s", v->f[i].warning ? "warning" : "error", v->f[i].message));
	if (!v->n)
		pdf_text(u, xstrdup(v->pair ? "The translation says the same rules as the original."
					    : "Every label is given in every locale."));
	for (size_t t = 0; v->pair && t < ors->ntables; t++) {
		int tt = rtab_find_table(trs, ors->tables[t].id);
		if (tt >= 0)
			pdf_results(&d, v, t, (size_t)tt);
	}
	const facet_set *o = &v->o.facets, *t = &v->t.facets;
	for (int kind = 0; v->pair && kind < DEF_KIND_COUNT_; kind++) {
		if (kind == DEF_RULESET)
			continue;
		for (size_t i = 0; i < o->n; i++)
			if (o->defs[i].kind == (def_kind)kind)
				pdf_definition(&d, v, &o->defs[i], facets_find(t, (def_kind)kind, o->defs[i].id));
		for (size_t i = 0; i < t->n; i++)
			if (t->defs[i].kind == (def_kind)kind && !facets_find(o, (def_kind)kind, t->defs[i].id))
				pdf_definition(&d, v, NULL, &t->defs[i]);
	}
	aid_pdf_write(sb, &d, 1, paper);
	aid_free(&d);
}
