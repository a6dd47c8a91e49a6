/* SPDX-License-Identifier: MIT */
/* rtab verify: a translation against its original, or one file's labels. */
#include "cli/cli.h"
#include "base/msg.h"
#include "cli/cli_inputs.h"
#include "base/json.h"
#include "analysis/diff.h"
#include "check/edition.h"
#include "export/aid.h"
#include "export/html_table.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of vformat. */
static const char *const formats[] = {"text", "json", "html", "pdf", NULL};
static const char *const papers[] = {"a4", "letter", NULL};

static const cli_opt options[] = {
	{"--locale", 0, "L",
	 "the translation's locale (default: its first locale that the\n"
	 "original does not declare)", NULL},
	{"--format", 0, "F",
	 "text (default); json, for tools; html, the two rulebooks' tables\n"
	 "side by side, each difference highlighted at its cell; pdf, the same\n"
	 "as pages (when rtab is built with cairo and pango)", formats},
	{"--paper", 0, "P", "the paper of --format pdf: a4 (default) or letter", papers},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "verify",
	.usage = "rtab verify ORIGINAL TRANSLATION [--locale L] [--format text|json|html|pdf]\n"
		 "                   [--paper letter|a4]\n"
		 "       rtab verify FILE [--format text|json|html|pdf]",
	.about = "\nCheck that TRANSLATION encodes the same rules as ORIGINAL (same ids), by\n"
		 "meaning: expressions as functions of the inputs (every situation, a normal\n"
		 "form or reachable intervals, and the method said), modifier lists and\n"
		 "reaction options as sets, modifiers and groups by their tables' totals,\n"
		 "rule references as labels present on both sides. Every difference of\n"
		 "meaning (ranges, matrix cells, ratio steps,\n"
		 "modifiers, groups, caps, dice, effects and their arguments, triggers,\n"
		 "rewrites, natural rules, reaction options, transitions, distances and\n"
		 "units, procedures, examples) and every id on one side only is an error,\n"
		 "with both source locations. Every label the original gives must be given\n"
		 "in the translation's locale L: a missing one is an error, one\n"
		 "identical to the original's text a warning (possibly untranslated), and so\n"
		 "is a provisional reason word for word the original's.\n"
		 "A provisional mark must be on the same elements on both sides; its\n"
		 "reason is free text that a translation translates: a different one is faithful.\n"
		 "With one FILE: every label present in every locale it declares.\n"
		 "Each side may be FILE@EDITION; --edition NAME applies to both.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "the options of rtab check, for reading the files: a clean call\n"
		     "shows no warning of the files (the findings of verify are its\n"
		     "output, and always shown)",
	.after = "Exit status: 0 faithful (warnings allowed), 1 errors, 2 a file that does\n"
		 "not load or bad usage, 3 out of memory.\n",
};

typedef enum vformat { VF_TEXT, VF_JSON, VF_HTML, VF_PDF } vformat;

typedef struct side {
	const char *arg;
	loaded l;
	facet_set facets;
	bool ok;
} side;

typedef struct finding {
	bool warning;
	def_kind kind;
	const char *id;
	char *message;
	const facet *orig, *trans; /* the facets it is about, either may be NULL */
	src_loc oloc, tloc;        /* line 0: that side has no place for it */
	const diff_def *diff;      /* for a definition that differs: its differences */
} finding;

typedef struct verify {
	side o, t;
	bool pair;
	size_t olocale, tlocale; /* the original's first locale; the translation's checked one */
	diff_result r;
	finding *f;
	size_t n;
	int errors, warnings;
	work_budget work; /* what the proofs by meaning may spend (--max-work) */
} verify;

static finding *add_finding(verify *v, bool warning, def_kind kind, const char *id, char *message)
{
	v->f = xrealloc(v->f, (v->n + 1) * sizeof *v->f);
	finding *f = &v->f[v->n++];
	memset(f, 0, sizeof *f);
	f->warning = warning;
	f->kind = kind;
	f->id = id;
	f->message = message;
	if (warning)
		v->warnings++;
	else
		v->errors++;
	return f;
}


/* "table 'assault'", or "the ruleset header". */
static char *def_name(const facet_def *d)
{
	if (d->kind == DEF_RULESET)
		return xstrdup(msg("the ruleset header"));
	/* msg("dice") msg("enum") msg("input") msg("effect") msg("outcome") msg("modifier")
	 * msg("table") msg("matrix") msg("ratio") msg("group") msg("reactions")
	 * msg("transition") msg("distance") msg("procedure") msg("example") msg("requirement") */
	return xasprintf("%s '%s'", msg(facet_kind_word(d->kind)), d->id);
}

/* The key of the label of element `of` in locale `locale`. */
static char *label_key(const char *of, const char *locale)
{
	return xasprintf("%s%slabel %s", of, *of ? " " : "", locale);
}

/* Where element `of` stands in d: one of its labels, its own facet, else d. */
static src_loc element_loc(const facet_def *d, const char *of)
{
	for (size_t k = 0; k < d->n; k++)
		if (d->facets[k].label_of && strcmp(d->facets[k].label_of, of) == 0)
			return d->facets[k].loc;
	const facet *f = *of ? facet_find(d, of) : NULL;
	return f ? f->loc : d->loc;
}

static void structure(verify *v)
{
	diff_compare(&v->r, &v->o.facets, &v->t.facets,
		     DIFF_NO_LABELS | DIFF_NO_HEADER | DIFF_PROVISIONAL_MARKS | DIFF_MEANING, &v->work);
	for (size_t i = 0; i < v->r.n; i++) {
		const diff_def *d = &v->r.defs[i];
		const facet_def *fd = d->old ? d->old : d->new;
		char *name = def_name(fd);
		finding *f;
		if (d->what == DIFF_REMOVED) {
			f = add_finding(v, false, fd->kind, fd->id, xasprintf(msg("%s is in the original but not in the translation"), name));
			f->oloc = fd->loc;
		} else if (d->what == DIFF_ADDED) {
			f = add_finding(v, false, fd->kind, fd->id, xasprintf(msg("%s is in the translation but not in the original"), name));
			f->tloc = fd->loc;
		} else {
			f = add_finding(v, false, fd->kind, fd->id, xasprintf(msg("%s differs from the original"), name));
			f->oloc = d->old->loc;
			f->tloc = d->new->loc;
			f->diff = d;
		}
		free(name);
	}
}

/* The translation's definition of the original's od: its header for the ruleset's. */
static const facet_def *counterpart(const verify *v, const facet_def *od)
{
	return od->kind == DEF_RULESET ? &v->t.facets.defs[0] : facets_find(&v->t.facets, od->kind, od->id);
}

static void labels_pair(verify *v)
{
	const char *ol = v->o.l.model.rs.locales[v->olocale];
	const char *tl = v->t.l.model.rs.locales[v->tlocale];
	for (size_t i = 0; i < v->o.facets.n; i++) {
		const facet_def *od = &v->o.facets.defs[i];
		const facet_def *td = counterpart(v, od);
		if (!td)
			continue; /* reported as an id on one side */
		for (size_t k = 0; k < od->n; k++) {
			const facet *of = &od->facets[k];
			if (!of->locale || strcmp(of->locale, ol) != 0)
				continue;
			char *key = label_key(of->label_of, tl);
			const facet *tf = facet_find(td, key);
			char *name = def_name(od);
			char *elem = *of->label_of ? xasprintf("%s, %s", name, of->label_of) : xstrdup(name);
			if (!tf) {
				finding *f = add_finding(v, false, od->kind, od->id,
							 xasprintf(msg("%s has no '%s' label; the original's '%s' label is \"%s\""), elem, tl, ol, of->value));
				f->orig = of;
				f->oloc = of->loc;
				f->tloc = element_loc(td, of->label_of);
			} else if (strcmp(tf->value, of->value) == 0) {
				finding *f = add_finding(v, true, od->kind, od->id,
							 xasprintf(msg("%s: the '%s' label \"%s\" is the original's '%s' text; possibly untranslated"), elem, tl, tf->value, ol));
				f->orig = of;
				f->trans = tf;
				f->oloc = of->loc;
				f->tloc = tf->loc;
			}
			free(elem);
			free(name);
			free(key);
		}
	}
	/* The errata layers name themselves too: the translation's layer of the
	 * same id in its locale, as for the definitions. */
	for (const ast_errata *oe = v->o.l.errata; oe; oe = oe->next) {
		const ast_errata *te = v->t.l.errata;
		while (te && strcmp(te->id, oe->id) != 0)
			te = te->next;
		const ast_stmt *ot = NULL, *tt = NULL;
		for (const ast_stmt *s = oe->labels; s; s = s->next)
			ot = strcmp(s->name, ol) == 0 ? s : ot;
		for (const ast_stmt *s = te ? te->labels : NULL; s; s = s->next)
			tt = strcmp(s->name, tl) == 0 ? s : tt;
		if (!te) {
			finding *f = add_finding(v, false, DEF_KIND_COUNT_, oe->id,
						 xasprintf(msg("errata layer '%s' is in the original only"), oe->id));
			f->oloc = oe->id_loc;
		} else if (!tt) {
			finding *f = add_finding(v, false, DEF_KIND_COUNT_, oe->id,
						 xasprintf(msg("errata layer '%s' has no '%s' label"), oe->id, tl));
			f->oloc = oe->id_loc;
			f->tloc = te->id_loc;
		} else if (ot && strcmp(ot->text, tt->text) == 0) {
			finding *f = add_finding(v, true, DEF_KIND_COUNT_, oe->id,
						 xasprintf(msg("errata layer '%s': the '%s' label \"%s\" is the original's '%s' text; possibly untranslated"),
							   oe->id, tl, tt->text, ol));
			f->oloc = ot->loc;
			f->tloc = tt->loc;
		}
	}
}

/* The rule reference of d a reader of locale sees: its own in that locale
 * where it gives them per locale ("rule LOCALE"), else the one for every
 * locale ("rule"), or NULL. */
static const facet *reference_in(const facet_def *d, const char *locale)
{
	bool per_locale = false;
	for (size_t k = 0; k < d->n; k++)
		per_locale |= d->facets[k].compare == FACET_LOCALE_REFERENCE;
	if (!per_locale)
		return facet_find(d, "rule");
	char *key = xasprintf("rule %s", locale);
	const facet *f = facet_find(d, key);
	free(key);
	return f;
}

/* References are labels: where the original gives a definition one in its
 * locale, the translation gives one in its own; their texts never compared.
 * A definition with no reference at all on one side is a difference of the
 * structure ("rule"), reported there. */
static void references_pair(verify *v)
{
	const char *ol = v->o.l.model.rs.locales[v->olocale];
	const char *tl = v->t.l.model.rs.locales[v->tlocale];
	for (size_t i = 0; i < v->o.facets.n; i++) {
		const facet_def *od = &v->o.facets.defs[i];
		const facet_def *td = counterpart(v, od);
		const facet *of = reference_in(od, ol);
		if (!td || !of || !facet_find(td, "rule") || reference_in(td, tl))
			continue;
		char *name = def_name(od);
		finding *f = add_finding(v, false, od->kind, od->id,
					 xasprintf(msg("%s has no rule reference in '%s'; the original's in '%s' is \"%s\"; add %s \"...\" after '@'"),
						   name, tl, ol, of->value, tl));
		f->oloc = od->loc;
		f->tloc = td->loc;
		free(name);
	}
}

/* A provisional reason is free text to translate: one word for word the
 * original's is possibly untranslated (a mark on one side only is a
 * structure error, reported there). */
static void reasons_pair(verify *v)
{
	for (size_t i = 0; i < v->o.facets.n; i++) {
		const facet_def *od = &v->o.facets.defs[i];
		const facet_def *td = counterpart(v, od);
		if (!td)
			continue;
		for (size_t k = 0; k < od->n; k++) {
			const facet *of = &od->facets[k];
			if (!facet_is_provisional(of))
				continue;
			const facet *tf = facet_find(td, of->key);
			if (!tf || strcmp(tf->value, of->value) != 0)
				continue;
			char *name = def_name(od);
			int elem = (int)(strlen(of->key) - strlen("provisional")); /* the key ends so */
			finding *f = add_finding(v, true, od->kind, od->id,
						 xasprintf(msg("%s%s%.*s: the provisional reason \"%s\" is the original's text; possibly untranslated"),
							   name, elem ? ", " : "", elem ? elem - 1 : 0, of->key, tf->value));
			f->orig = of;
			f->trans = tf;
			f->oloc = of->loc;
			f->tloc = tf->loc;
			free(name);
		}
	}
}

/* One file: every label in every locale it declares. */
static void labels_single(verify *v)
{
	const rtab_ruleset *rs = &v->o.l.model.rs;
	for (size_t i = 0; i < v->o.facets.n; i++) {
		const facet_def *d = &v->o.facets.defs[i];
		/* The elements that carry labels: the definition, and each with one. */
		for (size_t k = 0; k <= d->n; k++) {
			const char *of = k == d->n ? "" : d->facets[k].label_of;
			if (!of || (k < d->n && !d->facets[k].locale))
				continue;
			bool first = true;
			for (size_t j = 0; j < k && first; j++)
				first = !(d->facets[j].label_of && strcmp(d->facets[j].label_of, of) == 0);
			if (!first || (k == d->n && (!d->labels && d->kind != DEF_EXAMPLE)))
				continue;
			for (size_t l = 0; l < rs->nlocales; l++) {
				char *key = label_key(of, rs->locales[l]);
				if (!facet_find(d, key)) {
					char *name = def_name(d);
					finding *f = add_finding(v, false, d->kind, d->id,
								 *of ? xasprintf(msg("%s, %s, has no '%s' label"), name, of, rs->locales[l])
								     : xasprintf(msg("%s has no '%s' label"), name, rs->locales[l]));
					f->oloc = element_loc(d, of);
					free(name);
				}
				free(key);
			}
		}
	}
	/* The errata layers name themselves in every locale too. */
	for (const ast_errata *e = v->o.l.errata; e; e = e->next)
		for (size_t l = 0; l < rs->nlocales; l++) {
			bool has = false;
			for (const ast_stmt *s = e->labels; s; s = s->next)
				has |= strcmp(s->name, rs->locales[l]) == 0;
			if (!has) {
				finding *f = add_finding(v, false, DEF_KIND_COUNT_, e->id,
							 xasprintf(msg("errata layer '%s' has no '%s' label"), e->id, rs->locales[l]));
				f->oloc = e->id_loc;
			}
		}
}

/* ---- text ---- */

/* "2 errors, 1 warning" in the chosen language. */
static const char *tally(const verify *v)
{
	static char text[160];
	snprintf(text, sizeof text,
		 v->errors == 1 ? v->warnings == 1 ? msg("%d error, %d warning") : msg("%d error, %d warnings")
		 : v->warnings == 1 ? msg("%d errors, %d warning")
				    : msg("%d errors, %d warnings"),
		 v->errors, v->warnings);
	return text;
}

static void put_loc(strbuf *sb, const side *s, src_loc loc)
{
	sb_printf(sb, "%s:%d:%d", s->l.path, loc.line, loc.col);
}

static void text_value(strbuf *sb, bool original, const side *s, const facet *f)
{
	if (!f) {
		sb_puts(sb, original ? msg("original: none") : msg("translation: none"));
		return;
	}
	strbuf at = {0};
	sb_printf(&at, "\"%s\" (", f->value);
	put_loc(&at, s, f->loc);
	sb_putc(&at, ')');
	sb_printf(sb, original ? msg("original %s") : msg("translation %s"), at.data);
	sb_free(&at);
}

/* The length of the element a key names ("option 'rout'" of "option 'rout'
 * leads"), or 0 when it names none. */
static size_t element_len(const char *key)
{
	const char *open = strstr(key, " '");
	const char *close = open ? strchr(open + 2, '\'') : NULL;
	/* "row 'x', column 'c'" names a cell, not an element of its own. */
	return open && open == strchr(key, ' ') && close && (!close[1] || close[1] == ' ') ? (size_t)(close - key + 1)
											   : 0;
}

/* How many changes from k on are of one element that only one side has. */
static size_t one_sided_run(const diff_def *d, size_t k)
{
	const diff_change *c = &d->changes[k];
	size_t len = element_len(diff_key(c)), n = 0;
	if (!len)
		return 0;
	for (size_t j = k; j < d->n; j++, n++) {
		const diff_change *e = &d->changes[j];
		if (strncmp(diff_key(e), diff_key(c), len) != 0 || !!e->old != !!c->old || !!e->new != !!c->new ||
		    element_len(diff_key(e)) != len)
			break;
	}
	return n;
}

/* The definition a proof is about, by the translation's name when it has one. */
static const facet_def *proof_def(const diff_proof *p)
{
	return p->new_def ? p->new_def : p->old_def;
}

/* How a proof reads: of one facet, or of a whole definition. */
static char *proof_message(const diff_proof *p)
{
	char *name = def_name(proof_def(p));
	char *m = p->old ? xasprintf(msg("%s, %s: \"%s\" means the original's \"%s\" (%s)"), name, p->old->key,
				     p->new->value, p->old->value, p->how)
		  : xasprintf(msg("%s%s means the same (%s)"), name,
			      !p->old_def ? msg(", in the translation only,") : !p->new_def ? msg(", in the original only,") : "",
			      p->how);
	free(name);
	return m;
}

static void proof_text(strbuf *sb, const verify *v, const diff_proof *p)
{
	if (p->new)
		put_loc(sb, &v->t, p->new->loc);
	else
		put_loc(sb, p->new_def ? &v->t : &v->o, proof_def(p)->loc);
	char *m = proof_message(p);
	sb_printf(sb, ": note: %s\n", m);
	free(m);
}

static void render_text(strbuf *sb, const verify *v)
{
	for (size_t i = 0; i < v->n; i++) {
		const finding *f = &v->f[i];
		const side *at = f->tloc.line ? &v->t : &v->o;
		put_loc(sb, at, f->tloc.line ? f->tloc : f->oloc);
		sb_printf(sb, ": %s: %s\n", f->warning ? "warning" : "error", f->message);
		if (f->tloc.line && f->oloc.line) {
			put_loc(sb, &v->o, f->oloc);
			sb_printf(sb, ": note: %s\n", msg("in the original"));
		}
		for (size_t k = 0; f->diff && k < f->diff->n; k++) {
			const diff_change *c = &f->diff->changes[k];
			size_t run = one_sided_run(f->diff, k);
			if (run > 1) { /* an element on one side only: once, as the element */
				size_t len = element_len(diff_key(c));
				sb_printf(sb, "  %.*s: %s (", (int)len, diff_key(c),
					  c->old ? msg("in the original only") : msg("in the translation only"));
				put_loc(sb, c->old ? &v->o : &v->t, c->old ? c->old->loc : c->new->loc);
				sb_puts(sb, ")\n");
				k += run - 1;
				continue;
			}
			sb_printf(sb, "  %s: ", diff_key(c));
			text_value(sb, true, &v->o, c->old);
			sb_puts(sb, ", ");
			text_value(sb, false, &v->t, c->new);
			sb_putc(sb, '\n');
			if (c->detail && !f->diff->totals) /* the totals say it for the table */
				sb_printf(sb, "    %s\n", c->detail);
		}
		if (f->diff && f->diff->totals)
			sb_printf(sb, "  %s\n", f->diff->totals);
	}
	/* What is written differently but means the same, and how that was proved. */
	for (size_t i = 0; i < v->r.nproofs; i++)
		proof_text(sb, v, &v->r.proofs[i]);
	sb_printf(sb, "%s\n", tally(v));
}

/* ---- json ---- */

static void json_loc(strbuf *sb, const side *s, src_loc loc)
{
	if (!loc.line) {
		sb_puts(sb, "null");
		return;
	}
	sb_putc(sb, '{');
	json_file_line(sb, s->l.path, loc.line, loc.col);
	sb_putc(sb, '}');
}

static void render_json(strbuf *sb, const verify *v)
{
	sb_puts(sb, "{\"original\": ");
	json_string(sb, v->o.l.path);
	sb_puts(sb, ", \"translation\": ");
	json_string(sb, v->pair ? v->t.l.path : NULL);
	if (v->pair) {
		sb_puts(sb, ", \"original_locale\": ");
		json_string(sb, v->o.l.model.rs.locales[v->olocale]);
		sb_puts(sb, ", \"locale\": ");
		json_string(sb, v->t.l.model.rs.locales[v->tlocale]);
	}
	sb_printf(sb, ",\n \"errors\": %d, \"warnings\": %d,\n \"findings\": [", v->errors, v->warnings);
	for (size_t i = 0; i < v->n; i++) {
		const finding *f = &v->f[i];
		sb_printf(sb, "%s\n  {\"severity\": \"%s\", \"kind\": ", i ? "," : "", f->warning ? "warning" : "error");
		json_string(sb, f->kind < DEF_KIND_COUNT_ ? facet_kind_word(f->kind) : "errata");
		sb_puts(sb, ", \"id\": ");
		json_string(sb, f->id);
		sb_puts(sb, ", \"message\": ");
		json_string(sb, f->message);
		sb_puts(sb, ", \"original_location\": ");
		json_loc(sb, &v->o, f->oloc);
		sb_puts(sb, ", \"translation_location\": ");
		json_loc(sb, &v->t, f->tloc);
		if (f->diff) {
			sb_puts(sb, ", \"differences\": [");
			for (size_t k = 0; k < f->diff->n; k++) {
				const diff_change *c = &f->diff->changes[k];
				sb_puts(sb, k ? ",\n    {\"what\": " : "\n    {\"what\": ");
				json_string(sb, diff_key(c));
				sb_puts(sb, ", \"original\": ");
				json_string(sb, c->old ? c->old->value : NULL);
				sb_puts(sb, ", \"translation\": ");
				json_string(sb, c->new ? c->new->value : NULL);
				sb_puts(sb, ", \"original_location\": ");
				json_loc(sb, &v->o, c->old ? c->old->loc : (src_loc){0, 0});
				sb_puts(sb, ", \"translation_location\": ");
				json_loc(sb, &v->t, c->new ? c->new->loc : (src_loc){0, 0});
				if (c->detail) {
					sb_puts(sb, ", \"detail\": ");
					json_string(sb, c->detail);
				}
				sb_putc(sb, '}');
			}
			sb_putc(sb, ']');
			if (f->diff->totals) {
				sb_puts(sb, ", \"totals\": ");
				json_string(sb, f->diff->totals);
			}
		}
		sb_putc(sb, '}');
	}
	sb_puts(sb, "],\n \"equal_in_meaning\": [");
	for (size_t i = 0; i < v->r.nproofs; i++) {
		const diff_proof *p = &v->r.proofs[i];
		sb_printf(sb, "%s\n  {\"kind\": ", i ? "," : "");
		json_string(sb, facet_kind_word(proof_def(p)->kind));
		sb_puts(sb, ", \"id\": ");
		json_string(sb, proof_def(p)->id);
		sb_puts(sb, ", \"what\": ");
		json_string(sb, p->old ? p->old->key : NULL);
		sb_puts(sb, ", \"original\": ");
		json_string(sb, p->old ? p->old->value : NULL);
		sb_puts(sb, ", \"translation\": ");
		json_string(sb, p->new ? p->new->value : NULL);
		sb_puts(sb, ", \"proved\": ");
		json_string(sb, p->how);
		sb_puts(sb, ", \"original_location\": ");
		json_loc(sb, &v->o, p->old ? p->old->loc : p->old_def ? p->old_def->loc : (src_loc){0, 0});
		sb_puts(sb, ", \"translation_location\": ");
		json_loc(sb, &v->t, p->new ? p->new->loc : p->new_def ? p->new_def->loc : (src_loc){0, 0});
		sb_putc(sb, '}');
	}
	sb_puts(sb, "]}\n");
}

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
		const finding *f = &v->f[i];
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
static void html_results(strbuf *sb, const verify *v, const side *s, size_t locale, int t, bool original)
{
	const rtab_ruleset *rs = &s->l.model.rs;
	const rtab_table *tb = &rs->tables[t];
	const facet_def *fd = facets_find(&s->facets, DEF_TABLE, tb->id);
	const char *loc_id = rs->locales[locale];
	char *lk = label_key("", loc_id);
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
		char *olk = label_key("", loc_id);
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
static const finding *finding_of(const verify *v, def_kind kind, const char *id)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->f[i].diff && v->f[i].kind == kind && strcmp(v->f[i].id, id) == 0)
			return &v->f[i];
	return NULL;
}

/* The change of that key among a finding's differences, or NULL. */
static const diff_change *change_of(const finding *f, const char *key)
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
			const finding *f, bool one_sided, bool *mark)
{
	const diff_change *c = change_of(f, key);
	const char *how = (!of || !tf || strcmp(of->value, tf->value) != 0) && !c ? proof_of(v, of, od) : NULL;
	*mark = c || one_sided;
	return c && c->detail ? xstrdup(c->detail) : how ? xasprintf(msg("the same, %s"), how) : NULL;
}

/* One facet's row: what, original, translation, and what differs or how it is the same. */
static void html_facet_row(strbuf *sb, const verify *v, const facet_def *od, const char *key, const facet *of,
			   const facet *tf, const finding *f, bool one_sided)
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
	const finding *f = finding_of(v, any->kind, any->id);
	const rtab_ruleset *ors = &v->o.l.model.rs, *trs = &v->t.l.model.rs;
	char *name = def_name(any);
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

static void render_html(strbuf *sb, const verify *v)
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
	sb_printf(sb, ": %s</p>\n<ul class=\"findings\">\n", tally(v));
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
			char *lk = label_key("", rs->locales[in_trans ? v->tlocale : v->olocale]);
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
	const finding *f = finding_of(v, any->kind, any->id);
	char *name = def_name(any);
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

static void render_pdf(strbuf *sb, const verify *v, const char *paper)
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

static bool load_side(side *s, const char *edition, const diag_options *opts)
{
	s->ok = cli_load(&s->l, s->arg, edition, stderr, opts);
	if (s->ok)
		facets_build(&s->facets, &s->l.model);
	return s->ok;
}

/* The translation's locale: --locale, else its first the original lacks, else its first. */
static int pick_locale(verify *v, const char *locale)
{
	const rtab_ruleset *o = &v->o.l.model.rs, *t = &v->t.l.model.rs;
	if (locale) {
		strbuf missing = {0};
		sb_printf(&missing, "the translation %s declares no locale", v->t.arg);
		int rc = cli_locale("verify", t, locale, missing.data, &v->tlocale);
		sb_free(&missing);
		return rc;
	}
	v->tlocale = 0;
	for (size_t l = 0; l < t->nlocales; l++)
		if (rtab_find_locale(o, t->locales[l]) < 0) {
			v->tlocale = l;
			break;
		}
	return EXIT_OK;
}

typedef struct verify_args {
	cli_pair pair;
	const char *paper;
} verify_args;

static int take(void *arg, int opt, const char *value)
{
	verify_args *a = arg;
	if (opt == 2) { /* --paper */
		a->paper = value;
		return EXIT_OK;
	}
	return cli_take_pair(&a->pair, opt, value);
}

int cmd_verify(cli_ctx *c, int argc, char **argv)
{
	verify v = {0};
	verify_args args = {{"verify", {NULL, NULL}, 0}, NULL};
	cli_pair *pair = &args.pair;
	c->diag.errors_only = true; /* quiet about the files' warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &args);

	if (status)
		return status < 0 ? EXIT_OK : status;
	size_t npos = pair->n;
	const char *locale = c->locale, *edition = c->edition;
	vformat format = c->format ? (vformat)cli_choice(formats, c->format) : VF_TEXT;
	v.o.arg = pair->files[0];
	v.t.arg = pair->files[1];
	if (npos == 0)
		return usage_error("verify", "give ORIGINAL and TRANSLATION, or one FILE");
	v.pair = npos == 2;
	if (!v.pair && locale)
		return usage_error("verify", "--locale applies to a translation; with one FILE every locale is checked");
	if (format == VF_PDF && !export_pdf_built_in)
		return usage_error("verify", "--format pdf is not built into this rtab (it needs cairo and pango)");
	if (args.paper && format != VF_PDF)
		return usage_error("verify", "--paper applies to --format pdf");

	strbuf out = {0};
	bool ok = load_side(&v.o, edition, &c->diag);
	if (v.pair)
		ok &= load_side(&v.t, edition, &c->diag);
	if (!ok) {
		status = EXIT_USAGE;
		goto done;
	}
	if (v.pair) {
		if ((status = pick_locale(&v, locale)) != EXIT_OK)
			goto done;
		v.work = work_start(c->diag.max_work);
		structure(&v);
		labels_pair(&v);
		references_pair(&v);
		reasons_pair(&v);
	} else {
		labels_single(&v);
	}
	switch (format) {
	case VF_TEXT: render_text(&out, &v); break;
	case VF_JSON: render_json(&out, &v); break;
	case VF_HTML: render_html(&out, &v); break;
	case VF_PDF: render_pdf(&out, &v, args.paper); break;
	}
	if (out.data)
		fwrite(out.data, 1, out.len, stdout);
	status = v.errors ? EXIT_INPUT : EXIT_OK;
done:
	sb_free(&out);
	for (size_t i = 0; i < v.n; i++)
		free(v.f[i].message);
	free(v.f);
	diff_free(&v.r);
	if (v.o.ok)
		facets_free(&v.o.facets);
	if (v.t.ok)
		facets_free(&v.t.facets);
	loaded_free(&v.o.l);
	if (v.pair)
		loaded_free(&v.t.l);
	return status;
}
