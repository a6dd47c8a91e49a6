/* SPDX-License-Identifier: MIT */
/* rtab verify: the findings of a pair of rulebooks, or of one (see verify.h). */
#include "analysis/verify.h"

#include "base/msg.h"

#include <stdlib.h>
#include <string.h>

static verify_finding *add_finding(verify *v, bool warning, def_kind kind, const char *id, char *message)
{
	v->f = xrealloc(v->f, (v->n + 1) * sizeof *v->f);
	verify_finding *f = &v->f[v->n++];
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
char *verify_def_name(const facet_def *d)
{
	if (d->kind == DEF_RULESET)
		return xstrdup(msg("the ruleset header"));
	/* msg("dice") msg("enum") msg("input") msg("effect") msg("outcome") msg("modifier")
	 * msg("table") msg("matrix") msg("ratio") msg("group") msg("reactions")
	 * msg("transition") msg("distance") msg("procedure") msg("example") msg("requirement") */
	return xasprintf("%s '%s'", msg(facet_kind_word(d->kind)), d->id);
}

/* The key of the label of element `of` in locale `locale`. */
char *verify_label_key(const char *of, const char *locale)
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

/* A finding no method decided: every difference of the definition is
 * undecided (a comparison compared as written), or, for a modifier or a
 * group on one side only, the totals it shows. */
static void undecided(verify *v, verify_finding *f, const diff_def *d)
{
	bool all = d->what == DIFF_CHANGED ? d->n > 0 && !d->totals : d->undecided;
	for (size_t k = 0; k < d->n && all; k++)
		all = d->changes[k].undecided;
	if (!all)
		return;
	f->undecided = true;
	v->errors--;
	v->undecided++;
	char *name = verify_def_name(d->old ? d->old : d->new);
	free(f->message);
	f->message = d->what == DIFF_CHANGED
			     ? xasprintf(msg("%s: whether it means the original's could not be decided; compared as written"), name)
		     : d->what == DIFF_ADDED
			     ? xasprintf(msg("%s is in the translation only, and whether the totals are the same could not be decided"), name)
			     : xasprintf(msg("%s is in the original only, and whether the totals are the same could not be decided"), name);
	free(name);
}

static void structure(verify *v)
{
	diff_compare(&v->r, &v->o.facets, &v->t.facets,
		     DIFF_NO_LABELS | DIFF_NO_HEADER | DIFF_PROVISIONAL_MARKS | DIFF_MEANING, &v->work);
	for (size_t i = 0; i < v->r.n; i++) {
		const diff_def *d = &v->r.defs[i];
		const facet_def *fd = d->old ? d->old : d->new;
		char *name = verify_def_name(fd);
		verify_finding *f;
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
		undecided(v, f, d);
		free(name);
	}
}

/* The translation's definition of the original's od: its header for the ruleset's. */
static const facet_def *counterpart(const verify *v, const facet_def *od)
{
	return od->kind == DEF_RULESET ? &v->t.facets.defs[0] : facets_find(&v->t.facets, od->kind, od->id);
}

/* Whether id is an input the check made (an 'earlier OUTCOME' of a rewrite):
 * its labels are the check's words, not the translator's. */
static bool made_input(const model *m, def_kind kind, const char *id)
{
	for (size_t j = 0; kind == DEF_INPUT && j < m->nmade_inputs; j++)
		if (strcmp(m->made_inputs[j]->id, id) == 0)
			return true;
	return false;
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
		if (made_input(&v->o.l.model, od->kind, od->id) && made_input(&v->t.l.model, od->kind, od->id))
			continue;
		for (size_t k = 0; k < od->n; k++) {
			const facet *of = &od->facets[k];
			if (!of->locale || strcmp(of->locale, ol) != 0)
				continue;
			char *key = verify_label_key(of->label_of, tl);
			const facet *tf = facet_find(td, key);
			char *name = verify_def_name(od);
			char *elem = *of->label_of ? xasprintf("%s, %s", name, of->label_of) : xstrdup(name);
			if (!tf) {
				verify_finding *f = add_finding(v, false, od->kind, od->id,
							 xasprintf(msg("%s has no '%s' label; the original's '%s' label is \"%s\""), elem, tl, ol, of->value));
				f->orig = of;
				f->oloc = of->loc;
				f->tloc = element_loc(td, of->label_of);
			} else if (strcmp(tf->value, of->value) == 0) {
				verify_finding *f = add_finding(v, true, od->kind, od->id,
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
			verify_finding *f = add_finding(v, false, DEF_KIND_COUNT_, oe->id,
						 xasprintf(msg("errata layer '%s' is in the original only"), oe->id));
			f->oloc = oe->id_loc;
		} else if (!tt) {
			verify_finding *f = add_finding(v, false, DEF_KIND_COUNT_, oe->id,
						 xasprintf(msg("errata layer '%s' has no '%s' label"), oe->id, tl));
			f->oloc = oe->id_loc;
			f->tloc = te->id_loc;
		} else if (ot && strcmp(ot->text, tt->text) == 0) {
			verify_finding *f = add_finding(v, true, DEF_KIND_COUNT_, oe->id,
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

/* Whether d gives the part whose reference is facet key ("row 'x' rule") its
 * references per locale ("row 'x' rule de"). */
static bool part_per_locale(const facet_def *d, const char *key)
{
	size_t n = strlen(key);
	for (size_t k = 0; k < d->n; k++)
		if (d->facets[k].compare == FACET_LOCALE_REFERENCE && strncmp(d->facets[k].key, key, n) == 0 &&
		    d->facets[k].key[n] == ' ')
			return true;
	return false;
}

/* The parts' references as the definitions': where the translation gives a
 * part (a row, a natural rule, a trigger, an option, a step) references per
 * locale, it gives one in its own locale when the original's part has one. */
static void part_references_pair(verify *v, const facet_def *od, const facet_def *td, const char *ol,
				 const char *tl)
{
	for (size_t k = 0; k < od->n; k++) {
		const facet *of = &od->facets[k];
		size_t n = strlen(of->key);
		if (of->compare != FACET_REFERENCE || n <= strlen(" rule") || strcmp(of->key + n - 5, " rule") != 0)
			continue;
		const facet *tf = facet_find(td, of->key);
		if (!tf || !part_per_locale(td, of->key))
			continue; /* no reference (a difference of the structure), or one for every locale */
		char *tkey = xasprintf("%s %s", of->key, tl), *okey = xasprintf("%s %s", of->key, ol);
		const facet *shown = part_per_locale(od, of->key) ? facet_find(od, okey) : of;
		if (shown && !facet_find(td, tkey)) {
			char *name = verify_def_name(od);
			verify_finding *f = add_finding(v, false, od->kind, od->id,
						 xasprintf(msg("%s, %.*s, has no rule reference in '%s'; the original's in '%s' is \"%s\"; add %s \"...\" after '@'"),
							   name, (int)(n - 5), of->key, tl, ol, shown->value, tl));
			f->oloc = of->loc;
			f->tloc = tf->loc;
			free(name);
		}
		free(tkey);
		free(okey);
	}
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
		if (td)
			part_references_pair(v, od, td, ol, tl);
		const facet *of = reference_in(od, ol);
		if (!td || !of || !facet_find(td, "rule") || reference_in(td, tl))
			continue;
		char *name = verify_def_name(od);
		verify_finding *f = add_finding(v, false, od->kind, od->id,
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
			char *name = verify_def_name(od);
			int elem = (int)(strlen(of->key) - strlen("provisional")); /* the key ends so */
			verify_finding *f = add_finding(v, true, od->kind, od->id,
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
				char *key = verify_label_key(of, rs->locales[l]);
				if (!facet_find(d, key)) {
					char *name = verify_def_name(d);
					verify_finding *f = add_finding(v, false, d->kind, d->id,
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
				verify_finding *f = add_finding(v, false, DEF_KIND_COUNT_, e->id,
							 xasprintf(msg("errata layer '%s' has no '%s' label"), e->id, rs->locales[l]));
				f->oloc = e->id_loc;
			}
		}
}


void verify_side_facets(verify_side *s, const verify_side *other)
{
	if (s->ok)
		facets_build_against(&s->facets, &s->l.model, other && other->ok ? &other->l.model.rs : NULL);
}

size_t verify_default_locale(const verify *v)
{
	const rtab_ruleset *o = &v->o.l.model.rs, *t = &v->t.l.model.rs;
	for (size_t l = 0; l < t->nlocales; l++)
		if (rtab_find_locale(o, t->locales[l]) < 0)
			return l;
	return 0;
}

void verify_pair(verify *v)
{
	structure(v);
	labels_pair(v);
	references_pair(v);
	reasons_pair(v);
}

void verify_single(verify *v)
{
	labels_single(v);
}

void verify_free(verify *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->f[i].message);
	free(v->f);
	v->f = NULL;
	v->n = 0;
	diff_free(&v->r);
	if (v->o.ok)
		facets_free(&v->o.facets);
	if (v->t.ok)
		facets_free(&v->t.facets);
}
