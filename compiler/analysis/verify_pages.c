/* SPDX-License-Identifier: MIT */
/* rtab verify's side-by-side proof: an HTML page, or PDF pages (see verify.h). */
#include "analysis/verify.h"

#include "base/msg.h"
#include "export/aid.h"
#include "export/html_table.h"

#include <stdio.h>
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

/* The facet of a results table's cell: the row's range in column c, or NULL
 * (table t of model m). */
static const facet *range_cell(const facet_def *fd, const model *m, size_t t, const char *outcome,
			       size_t c)
{
	const rtab_table *tb = &m->rs.tables[t];
	const model_table *mt = m->tables ? &m->tables[t] : NULL;
	for (size_t k = 0; fd && k < fd->n; k++) {
		const facet *f = &fd->facets[k];
		if (strncmp(f->key, "row '", 5) != 0 || f->locale)
			continue;
		size_t len = strlen(outcome);
		if (strncmp(f->key + 5, outcome, len) != 0 || f->key[5 + len] != '\'')
			continue;
		const char *rest = f->key + 6 + len;
		const char *name = model_column_name(mt, tb, c);
		if (tb->ncolumns == 1 && tb->column_input < 0 ? *rest == 0
		    : strncmp(rest, ", column '", 10) == 0 && strncmp(rest + 10, name, strlen(name)) == 0 &&
			      rest[10 + strlen(name)] == '\'')
			return f;
	}
	return NULL;
}

/* ---- a table as its grids print it ---- */

/* The rolls of a table as each book prints them, paired by meaning: every
 * modified roll either side can reach down, every column across (the
 * original's order, then the translation's own), each cell the outcome as
 * its grid writes it (a code, an id) and where (its FACET_ROLL facet). */
typedef struct printed {
	char **cols; /* the column part of a roll's key: "", ", column '2:1'", ... */
	size_t ncols;
	int64_t *rolls;
	size_t nrolls;
	const facet **cells[2]; /* per side: [roll * ncols + col], NULL where none */
} printed;

/* A roll facet's roll and column part, from its key ("roll 3, column '2:1'"). */
static bool roll_key(const facet *f, int64_t *roll, const char **col)
{
	if (f->compare != FACET_ROLL || strncmp(f->key, "roll ", 5) != 0)
		return false;
	char *end;
	*roll = strtoll(f->key + 5, &end, 10);
	*col = end;
	return end != f->key + 5;
}

static size_t printed_col(printed *p, const char *col)
{
	for (size_t c = 0; c < p->ncols; c++)
		if (strcmp(p->cols[c], col) == 0)
			return c;
	p->cols = xrealloc(p->cols, (p->ncols + 1) * sizeof *p->cols);
	p->cols[p->ncols] = xstrdup(col);
	return p->ncols++;
}

static size_t printed_roll(const printed *p, int64_t roll)
{
	size_t k = 0;
	while (k < p->nrolls && p->rolls[k] != roll)
		k++;
	return k;
}

static void printed_build(printed *p, const facet_def *od, const facet_def *td)
{
	memset(p, 0, sizeof *p);
	const facet_def *sides[2] = {od, td};
	for (int side = 0; side < 2; side++)
		for (size_t k = 0; sides[side] && k < sides[side]->n; k++) {
			int64_t roll;
			const char *col;
			if (!roll_key(&sides[side]->facets[k], &roll, &col))
				continue;
			printed_col(p, col);
			if (printed_roll(p, roll) == p->nrolls) { /* kept in order: rolls rise */
				size_t at = 0;
				while (at < p->nrolls && p->rolls[at] < roll)
					at++;
				p->rolls = xrealloc(p->rolls, (p->nrolls + 1) * sizeof *p->rolls);
				memmove(p->rolls + at + 1, p->rolls + at, (p->nrolls - at) * sizeof *p->rolls);
				p->rolls[at] = roll;
				p->nrolls++;
			}
		}
	for (int side = 0; side < 2; side++) {
		p->cells[side] = xcalloc(p->nrolls * p->ncols + 1, sizeof *p->cells[side]);
		for (size_t k = 0; sides[side] && k < sides[side]->n; k++) {
			int64_t roll;
			const char *col;
			if (roll_key(&sides[side]->facets[k], &roll, &col))
				p->cells[side][printed_roll(p, roll) * p->ncols + printed_col(p, col)] =
					&sides[side]->facets[k];
		}
	}
}

static void printed_free(printed *p)
{
	for (size_t c = 0; c < p->ncols; c++)
		free(p->cols[c]);
	free(p->cols);
	free(p->rolls);
	free(p->cells[0]);
	free(p->cells[1]);
}

/* A column's name as its header prints it: "2:1" of ", column '2:1'". */
static char *printed_col_name(const char *col)
{
	const char *open = strchr(col, '\'');
	const char *close = open ? strrchr(col, '\'') : NULL;
	return open && close > open ? xstrndup(open + 1, (size_t)(close - open - 1)) : xstrdup("");
}

/* The line a side prints roll r on: its first cell's (0: none). */
static int printed_line(const printed *p, int side, size_t r)
{
	for (size_t c = 0; c < p->ncols; c++)
		if (p->cells[side][r * p->ncols + c])
			return p->cells[side][r * p->ncols + c]->loc.line;
	return 0;
}


/* The columns printed side by side at most, so that a wide table is split
 * into parts, never cut at the page's edge. */
enum { PRINTED_COLUMNS = 6 };

/* A table's facets printed beside its grid: its ends, natural rules and marks. */
static bool beside_grid(const facet *f)
{
	return !f->locale && f->compare != FACET_ROLL &&
	       (strncmp(f->key, "natural ", 8) == 0 || strcmp(f->key, "below") == 0 || strcmp(f->key, "above") == 0 ||
		(strncmp(f->key, "column '", 8) == 0 && strstr(f->key, "' gives")) || facet_is_provisional(f));
}

/* Whether roll r of column c differs (its facet on either side among the differences). */
static bool printed_differs(const verify *v, const char *table, const printed *p, size_t r, size_t c)
{
	for (int side = 0; side < 2; side++) {
		const facet *f = p->cells[side][r * p->ncols + c];
		if (f && differs(v, DEF_TABLE, table, f->key))
			return true;
	}
	return false;
}

/* The last roll of the run from r that both books print alike in every
 * column (the same cells, on the same lines, differing or not alike): a
 * grid's line over several rolls stays one row ("1-2"). */
static size_t printed_run_end(const verify *v, const char *table, const printed *p, size_t r)
{
	size_t end = r;
	while (end + 1 < p->nrolls && p->rolls[end + 1] == p->rolls[end] + 1) {
		bool same = true;
		for (int side = 0; side < 2 && same; side++)
			for (size_t c = 0; c < p->ncols && same; c++) {
				const facet *a = p->cells[side][r * p->ncols + c], *b = p->cells[side][(end + 1) * p->ncols + c];
				same = !a == !b && (!a || (strcmp(a->value, b->value) == 0 && a->loc.line == b->loc.line)) &&
				       printed_differs(v, table, p, r, c) == printed_differs(v, table, p, end + 1, c);
			}
		if (!same)
			break;
		end++;
	}
	return end;
}

/* "3", "1-2": the rolls of a run. */
static char *printed_rolls(const printed *p, size_t r, size_t end)
{
	return r == end ? xasprintf("%lld", (long long)p->rolls[r])
			: xasprintf("%lld..%lld", (long long)p->rolls[r], (long long)p->rolls[end]);
}

/* A results table as printed: a row per outcome (its label), a column per column. */
static void html_results(strbuf *sb, const verify *v, const verify_side *s, size_t locale, int t, bool original,
			 size_t c0, size_t c1)
{
	const rtab_ruleset *rs = &s->l.model.rs;
	const rtab_table *tb = &rs->tables[t];
	const facet_def *fd = facets_find(&s->facets, DEF_TABLE, tb->id);
	const char *loc_id = rs->locales[locale];
	char *lk = verify_label_key("", loc_id);
	c1 = c1 < tb->ncolumns ? c1 : tb->ncolumns;
	if (c0 == 0) { /* the heading over the first part */
		sb_puts(sb, !original && differs(v, DEF_TABLE, tb->id, lk) ? "<h3 class=\"differs\">" : "<h3>");
		html_escape(sb, rtab_label(rs, tb->labels, locale));
		sb_puts(sb, " <span class=\"rule\">");
		html_escape(sb, s->l.path);
		sb_puts(sb, "</span></h3>\n");
	}
	free(lk);
	sb_puts(sb, "<table class=\"results\">");
	if (!(tb->ncolumns == 1 && tb->column_input < 0)) { /* a header only where columns have names */
		sb_puts(sb, "<thead><tr>");
		cell(sb, "th", "", false);
		for (size_t c = c0; c < c1; c++)
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
		for (size_t c = c0; c < c1; c++) {
			const facet *hit = range_cell(fd, &s->l.model, (size_t)t, o->id, c);
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
	if (c && c->detail && c->undecided)
		return xasprintf("%s: %s", msg("undecided"), c->detail);
	return c && c->detail ? xstrdup(c->detail) : how ? xasprintf(msg("the same, %s"), how) : NULL;
}

/* The line a facet stands on in its file, a cell of its own ("" for none). */
static void line_cell(strbuf *sb, const facet *f)
{
	if (f && f->loc.line)
		sb_printf(sb, "<td class=\"at\">%d</td>", f->loc.line);
	else
		sb_puts(sb, "<td class=\"at\"></td>");
}

/* One facet's row: what, the original's line and value, the translation's,
 * and what differs or how it is the same. */
static void html_facet_row(strbuf *sb, const verify *v, const facet_def *od, const char *key, const facet *of,
			   const facet *tf, const verify_finding *f, bool one_sided)
{
	bool mark;
	char *note = facet_note(v, od, key, of, tf, f, one_sided, &mark);
	sb_puts(sb, "<tr>");
	cell(sb, "th", key, false);
	line_cell(sb, of);
	cell(sb, "td", of ? of->value : msg("(none)"), mark);
	line_cell(sb, tf);
	cell(sb, "td", tf ? tf->value : msg("(none)"), mark);
	cell(sb, "td", note ? note : "", false);
	free(note);
	sb_puts(sb, "</tr>\n");
}

/* The head of a table of facets, a line number beside each side's value. */
static void facets_head(strbuf *sb)
{
	sb_printf(sb, "<table class=\"facets\"><thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th>"
		      "<th>%s</th></tr></thead><tbody>\n",
		  msg("What"), msg("Line"), msg("Original"), msg("Line"), msg("Translation"), msg("Difference"));
}

/* A table's rolls as both books print them, side by side, a row per roll
 * (paired by meaning: the same roll), its line on each side; a wide table
 * in parts of PRINTED_COLUMNS columns. Then what the grids say beside their
 * cells: the ends, the natural rules, the marks. */
static void html_printed(strbuf *sb, const verify *v, const facet_def *od, const facet_def *td)
{
	printed p;
	printed_build(&p, od, td);
	for (size_t c0 = 0; c0 < p.ncols; c0 += PRINTED_COLUMNS) {
		size_t c1 = c0 + PRINTED_COLUMNS < p.ncols ? c0 + PRINTED_COLUMNS : p.ncols;
		html_pair_begin(sb);
		for (int side = 0; side < 2; side++) {
			if (side)
				html_pair_next(sb);
			sb_printf(sb, "<table class=\"printed\"><thead><tr><th>%s</th>", msg("Roll"));
			for (size_t c = c0; c < c1; c++) {
				char *name = printed_col_name(p.cols[c]);
				cell(sb, "th", name, false);
				free(name);
			}
			sb_printf(sb, "<th>%s</th></tr></thead><tbody>\n", msg("Line"));
			for (size_t r = 0, end; r < p.nrolls; r = end + 1) {
				end = printed_run_end(v, od->id, &p, r);
				char *rolls = printed_rolls(&p, r, end);
				sb_puts(sb, "<tr>");
				cell(sb, "th", rolls, false);
				free(rolls);
				for (size_t c = c0; c < c1; c++) {
					const facet *f = p.cells[side][r * p.ncols + c];
					cell(sb, "td", f ? f->value : "-", printed_differs(v, od->id, &p, r, c));
				}
				int line = printed_line(&p, side, r);
				if (line)
					sb_printf(sb, "<td class=\"at\">%d</td></tr>\n", line);
				else
					sb_puts(sb, "<td class=\"at\"></td></tr>\n");
			}
			sb_puts(sb, "</tbody></table>\n");
		}
		html_pair_end(sb);
	}
	printed_free(&p);
	const verify_finding *f = finding_of(v, DEF_TABLE, od->id);
	bool any = false;
	for (int side = 0; side < 2; side++) {
		const facet_def *fd = side ? td : od;
		for (size_t k = 0; k < fd->n; k++) {
			const facet *x = &fd->facets[k];
			if (!beside_grid(x) || (side && facet_find(od, x->key)))
				continue;
			if (!any)
				facets_head(sb);
			any = true;
			const facet *of = side ? NULL : x, *tf = side ? x : facet_find(td, x->key);
			html_facet_row(sb, v, od, x->key, of, tf, f, false);
		}
	}
	if (any)
		sb_puts(sb, "</tbody></table>\n");
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
	sb_puts(sb, "</h3>\n");
	facets_head(sb);
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
		    "li.error{color:#900}li.undecided{color:#05a}li.warning{color:#850}li pre{white-space:pre-wrap;margin:0.2em 0}"
		    "td.at{color:#666;font-size:85%}.pair{grid-template-columns:repeat(auto-fit,minmax(22em,1fr))}"
		    ".pair>div{min-width:0;overflow-wrap:anywhere}table.facets td,table.facets th{overflow-wrap:anywhere}"
		    "table.printed{margin:0.5em 0}</style>\n<h1>rtab verify</h1>\n<p>");
	html_escape(sb, v->o.l.path);
	if (v->pair) {
		sb_puts(sb, " &harr; ");
		html_escape(sb, v->t.l.path);
	}
	sb_printf(sb, ": %s</p>\n<ul class=\"findings\">\n", verify_tally(v));
	for (size_t i = 0; i < v->n; i++) { /* each in full: both places, every difference */
		strbuf full = {0};
		verify_finding_text(&full, v, i);
		sb_printf(sb, "<li class=\"%s\"><pre>", verify_severity(&v->f[i]));
		html_escape(sb, full.data ? full.data : v->f[i].message);
		sb_puts(sb, "</pre></li>\n");
		sb_free(&full);
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
		/* a wide table in parts, side by side, never cut at the page's edge */
		size_t ncols = ors->tables[t].ncolumns > trs->tables[tt].ncolumns ? ors->tables[t].ncolumns
										: trs->tables[tt].ncolumns;
		for (size_t c0 = 0; c0 == 0 || c0 < ncols; c0 += PRINTED_COLUMNS) {
			html_pair_begin(sb);
			html_results(sb, v, &v->o, v->olocale, (int)t, true, c0, c0 + PRINTED_COLUMNS);
			html_pair_next(sb);
			html_results(sb, v, &v->t, v->tlocale, tt, false, c0, c0 + PRINTED_COLUMNS);
			html_pair_end(sb);
		}
		const facet_def *od = facets_find(&v->o.facets, DEF_TABLE, ors->tables[t].id);
		const facet_def *td = facets_find(&v->t.facets, DEF_TABLE, ors->tables[t].id);
		if (od && td)
			html_printed(sb, v, od, td);
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
				const model *m = in_trans ? &v->t.l.model : &v->o.l.model;
				const facet *hit =
					o ? range_cell(fd, m, in_trans ? tt : t, o->id, c) : NULL;
				grid_cell(g, hit ? hit->value : "-");
				if (in_trans && hit && differs(v, DEF_TABLE, tb->id, hit->key))
					grid_mark(g);
			}
		}
	}
}

/* The line a facet stands on, a cell of its own. */
static void pdf_line(grid *g, const facet *f)
{
	if (f && f->loc.line)
		grid_cellf(g, "%d", f->loc.line);
	else
		grid_cell(g, "");
}

/* A table's rolls as both books print them (html_printed): a block per part
 * of PRINTED_COLUMNS columns, the original's cells, then the
 * translation's, each side's line beside its cells. */
static void pdf_printed(aid_doc *d, const verify *v, const facet_def *od, const facet_def *td)
{
	printed p;
	printed_build(&p, od, td);
	for (size_t c0 = 0; c0 < p.ncols; c0 += PRINTED_COLUMNS) {
		size_t c1 = c0 + PRINTED_COLUMNS < p.ncols ? c0 + PRINTED_COLUMNS : p.ncols;
		aid_unit *u = pdf_unit(d, xasprintf("table '%s' as printed: the original's columns, then the "
						    "translation's, each with its lines",
						    od->id));
		grid *g = &pdf_part(u, AID_GRID, 3 + 2 * (c1 - c0))->g;
		grid_cell(g, "Roll");
		for (int side = 0; side < 2; side++) {
			for (size_t c = c0; c < c1; c++) {
				char *name = printed_col_name(p.cols[c]);
				grid_cell(g, *name ? name : side ? "Translation" : "Original");
				free(name);
			}
			grid_cell(g, "Line");
		}
		for (size_t r = 0, end; r < p.nrolls; r = end + 1) {
			end = printed_run_end(v, od->id, &p, r);
			char *rolls = printed_rolls(&p, r, end);
			grid_cell(g, rolls);
			free(rolls);
			for (int side = 0; side < 2; side++) {
				for (size_t c = c0; c < c1; c++) {
					const facet *f = p.cells[side][r * p.ncols + c];
					grid_cell(g, f ? f->value : "-");
					if (printed_differs(v, od->id, &p, r, c))
						grid_mark(g);
				}
				int line = printed_line(&p, side, r);
				if (line)
					grid_cellf(g, "%d", line);
				else
					grid_cell(g, "");
			}
		}
	}
	printed_free(&p);
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
	grid *g = &pdf_part(u, AID_GRID, 6)->g;
	grid_cell(g, "What");
	grid_cell(g, "Line");
	grid_cell(g, "Original");
	grid_cell(g, "Line");
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
			pdf_line(g, of);
			grid_cell(g, of ? of->value : msg("(none)"));
			if (mark)
				grid_mark(g);
			pdf_line(g, tf);
			grid_cell(g, tf ? tf->value : msg("(none)"));
			if (mark)
				grid_mark(g);
			grid_cell(g, note ? note : "");
			free(note);
		}
	}
}

void verify_render_pdf(strbuf *sb, const verify *v, const char *paper, strbuf *unset)
{
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	aid_doc d = {0};
	d.lang = "en"; /* the report's own words are English */
	d.title = v->pair ? xasprintf("rtab verify: %s / %s", v->o.l.path, v->t.l.path)
			  : xasprintf("rtab verify: %s", v->o.l.path);
	char undecided[48] = "";
	if (v->undecided)
		snprintf(undecided, sizeof undecided, ", %d undecided", v->undecided);
	d.stamp = xasprintf("%d error%s%s, %d warning%s", v->errors, v->errors == 1 ? "" : "s", undecided, v->warnings,
			    v->warnings == 1 ? "" : "s");
	aid_unit *u = pdf_unit(&d, xasprintf("Findings: %s", d.stamp));
	for (size_t i = 0; i < v->n; i++) { /* each in full: both places, every difference */
		strbuf full = {0};
		verify_finding_text(&full, v, i);
		if (full.len && full.data[full.len - 1] == '\n')
			full.data[--full.len] = 0;
		pdf_text(u, full.data ? full.data : xstrdup(v->f[i].message));
	}
	if (!v->n)
		pdf_text(u, xstrdup(v->pair ? "The translation says the same rules as the original."
					    : "Every label is given in every locale."));
	for (size_t t = 0; v->pair && t < ors->ntables; t++) {
		int tt = rtab_find_table(trs, ors->tables[t].id);
		if (tt < 0)
			continue;
		pdf_results(&d, v, t, (size_t)tt);
		const facet_def *od = facets_find(&v->o.facets, DEF_TABLE, ors->tables[t].id);
		const facet_def *td = facets_find(&v->t.facets, DEF_TABLE, ors->tables[t].id);
		if (od && td)
			pdf_printed(&d, v, od, td);
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
	aid_pdf_write(sb, &d, 1, paper, NULL, unset);
	aid_free(&d);
}
