/* SPDX-License-Identifier: MIT */
/*
 * The instantiations of outcomes that carry numbers: an outcome definition
 * of its own per distinct set of numbers ("loss_6_3"), with the numbers put
 * into its labels and effects. Below both the reading of cells
 * (sema_numeric.c) and the rewrites that compute numbers
 * (sema_numeric_rewrite.c), which make them.
 */
#include "check/passes/numeric_state.h"

#include "check/passes/body.h"

#include "base/msg.h"
#include "base/unit_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int numeric_param_index(const family *f, const char *name, size_t len)
{
	for (size_t p = 0; p < f->nparams; p++)
		if (strlen(f->params[p].id) == len && strncmp(f->params[p].id, name, len) == 0)
			return (int)p;
	return -1;
}

place numeric_place(const family *f, const char *p)
{
	place pl = {-1, NULL, 0, NULL};
	const char *close = strchr(p, '}');
	if (!close)
		return pl;
	const char *q = memchr(p, '?', (size_t)(close - p));
	pl.end = close + 1;
	pl.param = numeric_param_index(f, p + 1, (size_t)((q ? q : close) - p - 1));
	if (q) {
		pl.text = q + 1;
		pl.len = (size_t)(close - q - 1);
	}
	return pl;
}

char *numeric_printed(const family *f, const int64_t *values, const int *specials)
{
	strbuf sb = {0};
	sb_puts(&sb, "");
	for (size_t i = 0; i < f->nsegs; i++) {
		const seg *g = &f->segs[i];
		if (g->param < 0 || (f->params[g->param].flag && values[g->param]))
			sb_put(&sb, g->text, g->len);
		else if (f->params[g->param].flag)
			continue;
		else if (specials[g->param] >= 0)
			sb_puts(&sb, f->params[g->param].specials[specials[g->param]].code);
		else
			sb_printf(&sb, "%lld", (long long)values[g->param]);
	}
	return sb.data;
}

/* The id of an instantiation: loss_6_3, loss_killed_2, retreat_m1. */
char *numeric_instance_id(const family *f, const int64_t *values, const int *specials)
{
	strbuf sb = {0};
	sb_puts(&sb, f->def->id);
	for (size_t p = 0; p < f->nparams; p++) {
		if (specials[p] >= 0)
			sb_printf(&sb, "_%s", f->params[p].specials[specials[p]].id);
		else
			sb_printf(&sb, values[p] < 0 ? "_m%lld" : "_%lld",
				  (long long)(values[p] < 0 ? -values[p] : values[p]));
	}
	return sb.data;
}

/* The words a label in locale says after a number of unit: the forms the
 * ruleset's declaration of unit gives locale, or NULL. */
static const char *declared_words(const model *m, const char *locale, const char *unit)
{
	int l = rtab_find_locale(&m->rs, locale);
	for (size_t i = 0; i < m->rs.nunits && l >= 0; i++)
		if (strcmp(m->rs.units[i].id, unit) == 0)
			return m->rs.units[i].labels ? m->rs.units[i].labels[l] : NULL;
	return NULL;
}

/* The length of ' WORD' at p (a space, then letters of any script), or 0. */
static size_t none_word(const char *p)
{
	size_t n = 1;
	if (*p != ' ')
		return 0;
	while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') || (unsigned char)p[n] >= 0x80)
		n++;
	return n > 1 ? n : 0;
}

/* Text with each {param} replaced by its number (or named value); a number
 * in a unit followed by the unit's words in locale ("2 steps", "1 step"),
 * and a count of none as the language says it ("no steps"), never "none
 * steps"; a flag's {NAME?TEXT} by TEXT where it is set, by nothing where
 * not ({NAME}: the text its place in the pattern prints). */
static char *substitute(const model *m, const family *f, const char *locale, const char *text,
			const int64_t *values, const int *specials)
{
	strbuf sb = {0};
	sb_puts(&sb, "");
	/* The catalogue's words in the label's language (English for one it lacks). */
	msg_lang words = msg_english();
	msg_find(locale, &words);
	for (const char *p = text; *p;) {
		place pl = *p == '{' ? numeric_place(f, p) : (place){-1, NULL, 0, NULL};
		int k = pl.end ? pl.param : -1;
		if (k < 0) {
			sb_putc(&sb, *p++);
			continue;
		}
		const char *unit = f->params[k].unit;
		if (f->params[k].flag) {
			const char *shown = pl.text;
			size_t len = pl.len;
			for (size_t i = 0; !shown && i < f->nsegs; i++)
				if (f->segs[i].param == k) {
					shown = f->segs[i].text;
					len = f->segs[i].len;
				}
			if (values[k] && shown)
				sb_put(&sb, shown, len);
		} else if (unit && (specials[k] < 0 || values[k] == 0)) {
			char number[32];
			snprintf(number, sizeof number, "%lld", (long long)values[k]);
			unit_count(&sb, words, locale, values[k], number, unit, declared_words(m, locale, unit));
		} else if (specials[k] >= 0 && values[k] == 0 && none_word(pl.end)) {
			/* '{d} steps' without a unit: a named value that reads 0 is none
			 * of the word after it, as the language says it ("no steps"). */
			size_t n = none_word(pl.end);
			char *word = xstrndup(pl.end + 1, n - 1);
			sb_printf(&sb, msg_in(words, "no %s"), word);
			free(word);
			p = pl.end + n;
			continue;
		} else if (specials[k] >= 0) {
			sb_puts(&sb, f->params[k].specials[specials[k]].id);
		} else {
			sb_printf(&sb, "%lld", (long long)values[k]);
		}
		p = pl.end;
	}
	return sb.data;
}

/* The outcome definition of one instantiation: the declaration's statements
 * with the numbers put in (labels, effect arguments), its pattern left out. */
static ast_def *instantiate(const model *m, const family *f, const char *id, const int64_t *values, const int *specials)
{
	const ast_def *d = f->def;
	ast_def *v = ast_def_new(DEF_OUTCOME, d->loc, xstrdup(id), d->id_loc);
	v->rule = d->rule ? xstrdup(d->rule) : NULL;
	for (const ast_stmt *r = d->refs; r; r = r->next) {
		ast_stmt *copy = ast_stmt_copy(r);
		v->refs = AST_APPEND(v->refs, copy);
	}
	v->damaged = d->damaged;
	v->instance = true;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind == ST_LABEL && strcmp(s->name, "code") == 0)
			continue;
		/* A second label of a locale, or one of no locale: reported on the declaration. */
		bool again = s->kind == ST_LABEL && m->rs.nlocales && rtab_find_locale(&m->rs, s->name) < 0;
		for (const ast_stmt *t = d->body; t != s && s->kind == ST_LABEL; t = t->next)
			again |= t->kind == ST_LABEL && strcmp(t->name, s->name) == 0;
		if (again)
			continue;
		ast_stmt *c = ast_stmt_copy(s);
		if (c->kind == ST_LABEL) {
			char *t = substitute(m, f, c->name, c->text, values, specials);
			free(c->text);
			c->text = t;
		}
		if (c->kind == ST_EFFECT)
			for (ast_arg *a = c->args; a; a = a->next) {
				int k = a->kind == ARG_NAME ? numeric_param_index(f, a->name, strlen(a->name)) : -1;
				if (k < 0)
					continue;
				a->kind = ARG_INT;
				a->num = values[k];
				/* the number is in its parameter's unit */
				a->unit = f->params[k].unit ? xstrdup(f->params[k].unit) : NULL;
				a->unit_loc = a->loc;
			}
		v->body = AST_APPEND(v->body, c);
	}
	return v;
}

/* The instantiation of family fi with these numbers: found, or added. */
int numeric_instance_of(model *m, int fi, const int64_t *values, const int *specials, src_loc loc)
{
	struct numeric_state *st = m->numeric;
	const family *f = &st->fams[fi];
	char *id = numeric_instance_id(f, values, specials);
	int k = idmap_get(&st->ids, id);
	if (k >= 0) {
		free(id);
		return k;
	}
	if (st->ninsts == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 16;
		st->insts = xrealloc(st->insts, st->cap * sizeof *st->insts);
	}
	instance *in = &st->insts[st->ninsts];
	memset(in, 0, sizeof *in);
	in->family = fi;
	memcpy(in->values, values, f->nparams * sizeof *values);
	memcpy(in->special, specials, f->nparams * sizeof *specials);
	in->def = instantiate(m, f, id, values, specials);
	in->outcome = -1;
	(void)loc;
	idmap_put(&st->ids, in->def->id, (int)st->ninsts);
	free(id);
	return (int)st->ninsts++;
}

