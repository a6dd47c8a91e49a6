/* SPDX-License-Identifier: MIT */
/*
 * Outcomes that carry numbers. An outcome declared with integer parameters
 *
 *   outcome loss(enemy: int 0..99 or killed = 100 code K, self: int 0..99) {
 *     en "Enemy {enemy}, Lone Wolf {self}";
 *     code "{enemy}/{self}";
 *     loses(enemy_side, enemy);
 *   }
 *
 * is a numeric outcome: a grid cell (or a row, a natural roll, an
 * automatic result...) that matches its code pattern ("6/3", "K/2") names
 * the instantiation with those numbers. Before anything else is resolved,
 * every name the tables, reactions and procedures use is read against the
 * patterns; each distinct instantiation becomes an outcome definition of
 * its own (id "loss_6_3", labels and effects with the numbers put in),
 * appended after the declared outcomes, so that every later pass and every
 * verb sees ordinary outcomes. lower_numeric_outcomes then records the
 * numbers (rtab_outcome.values) and the declarations (rtab_numeric_outcome).
 */
#include "check/passes/sema_numeric.h"
#include "check/passes/numeric_state.h"
#include "check/passes/sema_numeric_rewrite.h"

#include "check/passes/body.h"
#include "check/names/rule_refs.h"
#include "check/checks.h"
#include "check/passes/units.h"

#include "base/unit_words.h"


#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ast_stmt *pattern_stmt(const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_LABEL && strcmp(s->name, "code") == 0)
			return s;
	return NULL;
}

/* Split "{enemy}/{self}" into pieces; reports what is wrong with it. */
static bool parse_pattern(model *m, family *f, const ast_stmt *s)
{
	const char *p = s->text;
	size_t n = strlen(p) + 1;
	int seen[NUMERIC_MAX_PARAMS] = {0};
	bool ok = true;
	f->segs = model_array(m, n, sizeof *f->segs);
	while (*p) {
		seg *g = &f->segs[f->nsegs];
		if (*p == '{') {
			const char *end = strchr(p, '}');
			if (!end) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" opens '{' without closing it; write {PARAMETER} where a number goes",
					     s->text);
				return false;
			}
			place pl = numeric_place(f, p);
			int k = pl.param;
			const char *name_end = pl.text ? pl.text - 1 : end;
			if (k < 0) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" names '%.*s', which is no parameter of outcome '%s'",
					     s->text, (int)(name_end - p - 1), p + 1, f->def->id);
				ok = false;
			} else if (f->params[k].flag && (!pl.text || pl.len == 0)) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" gives flag '%s' no text; write what a cell prints where it "
					     "is set after '?': {%s?*}",
					     s->text, f->params[k].id, f->params[k].id);
				ok = false;
			} else if (f->params[k].flag && strcspn(pl.text, "0123456789+-") < pl.len) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" gives flag '%s' the text '%.*s': a digit or sign there "
					     "would read as part of a number; mark it with letters or '*': {%s?*}",
					     s->text, f->params[k].id, (int)pl.len, pl.text, f->params[k].id);
				ok = false;
			} else if (!f->params[k].flag && pl.text) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" writes '?' in the place of '%s', a number; only a flag "
					     "(a parameter '%s: bool') is printed or left out: {%s}",
					     s->text, f->params[k].id, f->params[k].id, f->params[k].id);
				ok = false;
			} else if (seen[k]++) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" gives parameter '%s' twice; give each one place",
					     s->text, f->params[k].id);
				ok = false;
			}
			/* A flag's text keeps two places apart, as a '/' does. */
			bool flag_between = (k >= 0 && f->params[k].flag) ||
					    (f->nsegs > 0 && f->segs[f->nsegs - 1].param >= 0 &&
					     f->params[f->segs[f->nsegs - 1].param].flag);
			if (f->nsegs > 0 && f->segs[f->nsegs - 1].param >= 0 && !flag_between) {
				check_report(m, CHECK_NUMERIC, s->text_loc,
					     "code pattern \"%s\" puts two numbers side by side; separate them as the table prints them: {a}/{b}",
					     s->text);
				ok = false;
			}
			g->param = k < 0 ? 0 : k;
			g->text = pl.text;
			g->len = pl.len;
			f->nsegs++;
			p = end + 1;
			continue;
		}
		const char *end = p;
		while (*end && *end != '{')
			end++;
		g->text = p;
		g->len = (size_t)(end - p);
		g->param = -1;
		f->nsegs++;
		p = end;
	}
	for (size_t k = 0; k < f->nparams; k++)
		if (!seen[k] && ok) {
			check_report(m, CHECK_NUMERIC, s->text_loc,
				     "code pattern \"%s\" gives no place to parameter '%s'; every parameter is read from the cell: write {%s} in it",
				     s->text, f->params[k].id, f->params[k].id);
			ok = false;
		}
	return ok;
}

static bool code_char(char c, bool star)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
	       (star && c == '*');
}

/* Whether a grid reads text as one cell: a name, a number, a number with
 * letters after it (2R), a word with '*' marks (2*, DR*), or parts between
 * '/' (6/3, -/1R, 1*\/2). */
static bool one_cell(const char *t)
{
	size_t n = strlen(t), i = 0;
	bool slash = strchr(t, '/') != NULL;
	if (n == 0)
		return false;
	if (slash) {
		for (const char *p = t; *p;) {
			size_t k = 0;
			while (code_char(p[k], true) || p[k] == '-')
				k++;
			if (k == 0 || (p[k] != '/' && p[k] != '\0'))
				return false;
			p += k + (p[k] == '/');
			if (p[-1] == '/' && *p == '\0')
				return false;
		}
		return true;
	}
	if (t[0] == '-' || t[0] == '+')
		i = 1;
	while (i < n && code_char(t[i], true))
		i++;
	if (i != n || n == (t[0] == '-' || t[0] == '+'))
		return false;
	/* a sign only before a plain number */
	return !(t[0] == '-' || t[0] == '+') || strspn(t + 1, "0123456789") == n - 1;
}

/* The cell a pattern prints with sample numbers, its flags set or not. */
static void sample_cell(const family *f, bool flags, strbuf *sample)
{
	sb_puts(sample, "");
	for (size_t i = 0; i < f->nsegs; i++) {
		const seg *g = &f->segs[i];
		const param *pa = g->param >= 0 ? &f->params[g->param] : NULL;
		if (!pa || pa->flag) {
			if (!pa || flags)
				sb_put(sample, g->text, g->len);
			continue;
		}
		sb_printf(sample, "%lld", (long long)(pa->lo <= 1 && 1 <= pa->hi ? 1 : pa->lo));
	}
}

/* A pattern no grid cell could hold is refused where it is declared: every
 * character it prints, its flags' included, is one a cell takes. */
static bool pattern_printable(model *m, const family *f, const ast_stmt *s)
{
	bool ok = true;
	for (int flags = 1; flags >= 0 && ok; flags--) {
		strbuf sample = {0};
		sample_cell(f, flags, &sample);
		ok = one_cell(sample.data);
		if (!ok)
			check_report(m, CHECK_NUMERIC, s->text_loc,
				     "no cell can match code pattern \"%s\": a grid would not read \"%s\" as one cell; "
				     "a cell is letters, digits and '_', with '*' marks and its parts between '/' (\"{a}/{b}*\")",
				     s->text, sample.data);
		sb_free(&sample);
	}
	return ok;
}

/* Read the declaration: parameters, special values, the code pattern. */
static void read_family(model *m, family *f)
{
	const ast_def *d = f->def;
	f->ok = true;
	for (const ast_param *p = d->params; p; p = p->next) {
		if (!p->id) {
			check_report(m, CHECK_NUMERIC, p->loc,
				     "outcome '%s' is declared with '()' but no parameter; declare them, e.g. (hexes: int 1..6), or leave out the parentheses",
				     d->id);
			f->ok = false;
			continue;
		}
		if (f->nparams == NUMERIC_MAX_PARAMS) {
			check_report(m, CHECK_LIMITS, p->loc, "outcome '%s' has more than %d parameters",
				     d->id, NUMERIC_MAX_PARAMS);
			f->ok = false;
			break;
		}
		if (p->type.kind == TY_BOOL && p->specials) {
			check_report(m, CHECK_NUMERIC, p->specials->loc,
				     "flag '%s' of outcome '%s' is printed or left out, and takes no named values; "
				     "remove 'or %s = ...', or make it a number: %s: int LO..HI or %s = N code C",
				     p->id, d->id, p->specials->name, p->id, p->specials->name);
			f->ok = false;
			continue;
		}
		if (p->type.kind != TY_INT && p->type.kind != TY_BOOL) {
			check_report(m, CHECK_NUMERIC, p->type.loc,
				     "parameter '%s' of outcome '%s' is a number: write int LO..HI (named values as 'or NAME = N code C'), "
				     "or a flag a cell prints or leaves out: %s: bool",
				     p->id, d->id, p->id);
			f->ok = false;
			continue;
		}
		param *pa = &f->params[f->nparams];
		pa->flag = p->type.kind == TY_BOOL;
		if (numeric_param_index(f, p->id, strlen(p->id)) >= 0) {
			check_report(m, CHECK_DUPLICATE, p->loc, "outcome '%s' has two parameters named '%s'",
				     d->id, p->id);
			f->ok = false;
		}
		if (p->type.lo > p->type.hi) {
			check_report(m, CHECK_BAD_RANGE, p->type.loc,
				     "the range %lld..%lld of parameter '%s' is empty; write the low end first",
				     (long long)p->type.lo, (long long)p->type.hi, p->id);
			f->ok = false;
		}
		pa->id = p->id;
		pa->unit = units_of_type(m, &p->type, "parameter", p->id);
		pa->lo = pa->flag ? 0 : p->type.lo;
		pa->hi = pa->flag ? 1 : p->type.hi;
		size_t ns = 0;
		for (const ast_arg *a = p->specials; a; a = a->next)
			ns++;
		pa->specials = model_array(m, ns ? ns : 1, sizeof *pa->specials);
		for (const ast_arg *a = p->specials; a; a = a->next) {
			special *sp = &pa->specials[pa->nspecials];
			sp->id = a->name;
			sp->code = a->key ? a->key : a->name;
			sp->value = a->num;
			if (a->num >= pa->lo && a->num <= pa->hi) {
				check_report(m, CHECK_NUMERIC, a->loc,
					     "'%s' stands for %lld, a number parameter '%s' already gives (%lld..%lld); choose a number outside, e.g. %lld",
					     a->name, (long long)a->num, p->id, (long long)pa->lo, (long long)pa->hi,
					     (long long)(pa->hi + 1));
				f->ok = false;
			}
			for (size_t k = 0; k < pa->nspecials; k++)
				if (strcmp(pa->specials[k].id, sp->id) == 0 || strcmp(pa->specials[k].code, sp->code) == 0 ||
				    pa->specials[k].value == sp->value) {
					check_report(m, CHECK_DUPLICATE, a->loc,
						     "parameter '%s' has two named values alike ('%s' and '%s')", p->id,
						     pa->specials[k].id, sp->id);
					f->ok = false;
				}
			pa->nspecials++;
		}
		f->nparams++;
	}
	const ast_stmt *s = pattern_stmt(d);
	if (!s) {
		check_report(m, CHECK_NUMERIC, d->id_loc,
			     "outcome '%s' carries numbers but has no code pattern; write how a cell prints it, e.g. code \"%s%s%s\";",
			     d->id, f->nparams ? "{" : "", f->nparams ? f->params[0].id : "", f->nparams ? "}" : "");
		f->ok = false;
		return;
	}
	f->pattern = s->text;
	if (f->ok)
		f->ok = parse_pattern(m, f, s) && pattern_printable(m, f, s);
	for (const ast_stmt *t = d->body; t; t = t->next) {
		if (t->kind == ST_CODE) {
			check_report(m, CHECK_NUMERIC, t->loc,
				     "outcome '%s' carries numbers: its code is a pattern in quotes, code \"%s\";",
				     d->id, f->pattern);
			f->ok = false;
		}
		if (t->kind == ST_LABEL && t != s && strcmp(t->name, "code") == 0) {
			check_report(m, CHECK_DUPLICATE, t->loc, "outcome '%s' has a second code pattern", d->id);
			f->ok = false;
		}
	}
}

/* Match text against the pattern from piece si on; values and specials per parameter. */
static bool match(const family *f, size_t si, const char *t, int64_t *values, int *specials)
{
	if (si == f->nsegs)
		return *t == '\0';
	const seg *g = &f->segs[si];
	if (g->param < 0)
		return strncmp(t, g->text, g->len) == 0 && match(f, si + 1, t + g->len, values, specials);
	const param *pa = &f->params[g->param];
	if (pa->flag) { /* printed: set; left out: not */
		bool set = strncmp(t, g->text, g->len) == 0 && match(f, si + 1, t + g->len, values, specials);
		if (!set && !match(f, si + 1, t, values, specials))
			return false;
		values[g->param] = set;
		specials[g->param] = -1;
		return true;
	}
	for (size_t k = 0; k < pa->nspecials; k++) {
		size_t n = strlen(pa->specials[k].code);
		if (strncmp(t, pa->specials[k].code, n) == 0 && match(f, si + 1, t + n, values, specials)) {
			values[g->param] = pa->specials[k].value;
			specials[g->param] = (int)k;
			return true;
		}
	}
	size_t sign = (*t == '-' || *t == '+') ? 1 : 0;
	size_t digits = 0;
	while (t[sign + digits] >= '0' && t[sign + digits] <= '9')
		digits++;
	for (size_t n = digits; n > 0; n--) {
		if (!match(f, si + 1, t + sign + n, values, specials))
			continue;
		int64_t v = 0;
		for (size_t k = 0; k < n; k++)
			v = v < (int64_t)RTAB_INT_LIMIT * 10 ? v * 10 + (t[sign + k] - '0') : v;
		values[g->param] = *t == '-' ? -v : v;
		specials[g->param] = -1;
		return true;
	}
	return false;
}

/* "e 5, lw killed": the numbers of an instantiation, by parameter. */
static char *values_text(const family *f, const int64_t *values, const int *specials)
{
	strbuf sb = {0};
	for (size_t p = 0; p < f->nparams; p++) {
		sb_printf(&sb, "%s%s ", p ? ", " : "", f->params[p].id);
		if (specials[p] >= 0)
			sb_puts(&sb, f->params[p].specials[specials[p]].id);
		else
			sb_printf(&sb, "%lld", (long long)values[p]);
	}
	return sb.data;
}

/* The inverse of instance_id: "loss_6_3", "loss_killed_2", "retreat_m1". */
static bool match_id(const family *f, const char *name, int64_t *values, int *specials)
{
	size_t n = strlen(f->def->id);
	if (strncmp(name, f->def->id, n) != 0)
		return false;
	const char *t = name + n;
	for (size_t p = 0; p < f->nparams; p++) {
		if (*t++ != '_')
			return false;
		const param *pa = &f->params[p];
		specials[p] = -1;
		for (size_t k = 0; k < pa->nspecials && specials[p] < 0; k++) {
			size_t len = strlen(pa->specials[k].id);
			if (strncmp(t, pa->specials[k].id, len) == 0 && (t[len] == '_' || t[len] == '\0')) {
				specials[p] = (int)k;
				values[p] = pa->specials[k].value;
				t += len;
			}
		}
		if (specials[p] >= 0)
			continue;
		bool minus = *t == 'm';
		t += minus;
		if (*t < '0' || *t > '9')
			return false;
		int64_t v = 0;
		for (; *t >= '0' && *t <= '9'; t++)
			v = v < (int64_t)RTAB_INT_LIMIT * 10 ? v * 10 + (*t - '0') : v;
		values[p] = minus ? -v : v;
	}
	return *t == '\0';
}

/* Read a name against every pattern: the instantiation, -1 (no pattern
 * matches it) or -2 (reported). add: create the instantiation if new. */
static int read_name(model *m, const char *name, src_loc loc, bool add)
{
	struct numeric_state *st = m->numeric;
	int found = -1, second = -1;
	int64_t values[NUMERIC_MAX_PARAMS], v2[NUMERIC_MAX_PARAMS];
	int specials[NUMERIC_MAX_PARAMS], s2[NUMERIC_MAX_PARAMS];
	for (size_t i = 0; i < st->nfams; i++) {
		if (!st->fams[i].ok)
			continue;
		if (!match(&st->fams[i], 0, name, found < 0 ? values : v2, found < 0 ? specials : s2) &&
		    !match_id(&st->fams[i], name, found < 0 ? values : v2, found < 0 ? specials : s2))
			continue;
		if (found < 0)
			found = (int)i;
		else if (second < 0)
			second = (int)i;
	}
	if (found < 0)
		return -1;
	st->fams[found].named = true;
	if (second >= 0) {
		st->fams[second].named = true;
		check_report(m, CHECK_NUMERIC, loc,
			     "'%s' matches the code patterns of two outcomes, '%s' (\"%s\") and '%s' (\"%s\"); make the patterns differ",
			     name, st->fams[found].def->id, st->fams[found].pattern, st->fams[second].def->id,
			     st->fams[second].pattern);
		return -2;
	}
	const family *f = &st->fams[found];
	bool ok = true;
	for (size_t p = 0; p < f->nparams; p++) {
		const param *pa = &f->params[p];
		if (specials[p] >= 0 || (values[p] >= pa->lo && values[p] <= pa->hi))
			continue;
		strbuf named = {0};
		for (size_t k = 0; k < pa->nspecials; k++)
			sb_printf(&named, "%s%s", k ? ", " : " or ", pa->specials[k].code);
		check_report(m, CHECK_NUMERIC, loc,
			     "'%s' gives %s %lld, outside %lld..%lld%s that outcome '%s' declares for it (code \"%s\")",
			     name, pa->id, (long long)values[p], (long long)pa->lo, (long long)pa->hi,
			     named.data ? named.data : "", f->def->id, f->pattern);
		sb_free(&named);
		ok = false;
	}
	if (!ok)
		return -2;
	if (add)
		return numeric_instance_of(m, found, values, specials, loc);
	char *id = numeric_instance_id(f, values, specials);
	int k = idmap_get(&st->ids, id);
	if (k < 0) {
		char *text = values_text(f, values, specials);
		check_report(m, CHECK_EXAMPLE, loc,
			     "'%s' is outcome '%s' with %s, which no table, reaction or procedure gives",
			     name, f->def->id, text);
		free(text);
	}
	free(id);
	return k < 0 ? -2 : k;
}

/* An instance the table being read gives (a rewrite's names are not). */
static void note_given(struct numeric_state *st, int k)
{
	if (st->in_rewrite || k < 0)
		return;
	if (st->ngiven == st->cap_given) {
		st->cap_given = st->cap_given ? 2 * st->cap_given : 16;
		st->given = xrealloc(st->given, st->cap_given * sizeof *st->given);
	}
	st->given[st->ngiven++] = k;
}

/* A name some table, reaction or procedure uses for an outcome. */
static void note_name(model *m, const char *name, src_loc loc)
{
	struct numeric_state *st = m->numeric;
	if (!name || model_find(m, DEF_OUTCOME, name) >= 0 || idmap_get(&st->codes, name) >= 0 ||
	    strcmp(name, "none") == 0)
		return;
	int seen = idmap_get(&st->texts, name);
	if (seen >= 0) {
		note_given(st, seen - 1);
		return;
	}
	int k = read_name(m, name, loc, true);
	note_given(st, k);
	bool broken = false;
	for (size_t i = 0; i < st->nfams; i++)
		broken |= !st->fams[i].ok;
	if (k == -1 && !broken)
		return; /* reported where it is resolved, as an unknown name */
	/* -1 with a declaration in error: it may be the one meant; stay silent. */
	idmap_put(&st->texts, name, k >= 0 ? k + 1 : 0);
}

/* The text of a grid cell printed as a bare number ("3": 3 hexes), or NULL. */
static const char *number_text(model *m, const ast_cell *c)
{
	if (c->kind != CELL_RANGE || c->open_lo || c->open_hi || c->lo != c->hi)
		return NULL;
	char buf[32];
	snprintf(buf, sizeof buf, "%lld", (long long)c->lo);
	return arena_strdup(&m->arena, buf);
}

const char *numeric_cell_text(model *m, const ast_cell *c)
{
	return m->numeric && m->numeric->nfams ? number_text(m, c) : NULL;
}

static void note_grid(model *m, const ast_stmt *grid, bool has_header)
{
	ast_grid_walk walk;
	const ast_stmt *l = ast_grid_first(&walk, grid);
	while (l && l->kind == ST_ODDS_LINE) /* the odds above the header */
		l = ast_grid_next(&walk);
	if (has_header && l)
		l = ast_grid_next(&walk);
	for (; l; l = ast_grid_next(&walk)) {
		const ast_cell *c = l->cells;
		if (!c || c->kind != CELL_RANGE)
			continue;
		c = c->next;
		if (c && c->kind == CELL_COLON)
			c = c->next;
		for (; c; c = c->next)
			if (c->kind == CELL_NAME)
				note_name(m, c->name, c->loc);
			else if (number_text(m, c))
				note_name(m, number_text(m, c), c->loc);
	}
	ast_grid_walk_end(&walk);
}

/* Every outcome name a body uses, in order. A switch with no default: a new
 * kind of statement does not compile until it says whether it names an
 * outcome (a numeric outcome is made where it is first named). */
static void note_body(model *m, const ast_stmt *body, bool has_header)
{
	for (const ast_stmt *s = body; s; s = s->next) {
		switch (s->kind) {
		case ST_GRID:
		case ST_GRID_WHEN: note_grid(m, s, has_header); break;
		case ST_ROWS:
			for (size_t i = 0; s->rows && i < s->rows->nrows; i++)
				note_name(m, s->rows->rows[i].name, s->rows->rows[i].loc);
			break;
		case ST_NATURAL:
		case ST_LEADS: note_name(m, s->name, s->name_loc); break;
		case ST_OTHERWISE:
			if (s->name)
				note_name(m, s->name, s->name_loc);
			break;
		case ST_REWRITE:
			/* 'rewrite loss(a, d) -> loss(a + 1, d)': its results are worked
			 * out over what the table gives (sema_numeric_rewrite.c). */
			m->numeric->in_rewrite = true;
			if (!s->args)
				note_name(m, s->name, s->name_loc);
			if (!s->result_args)
				note_name(m, s->name2, s->name2_loc);
			m->numeric->in_rewrite = false;
			break;
		case ST_ABOVE:
		case ST_BELOW:
		case ST_COMPARE: /* 'pursuer >= flee -> DR2;' */
			if (s->ids)
				note_name(m, s->ids->id, s->ids->loc);
			break;
		case ST_PATCH: {
			/* 'cell 1 at 3:1 = 2/0;': the result after the rolls */
			const ast_cell *r = s->cells ? s->cells->next : NULL;
			if (r && r->kind == CELL_NAME)
				note_name(m, r->name, r->loc);
			else if (r && number_text(m, r))
				note_name(m, number_text(m, r), r->loc);
			break;
		}
		case ST_OPTION:
		case ST_STEP: note_body(m, s->body, false); break;
		/* These name no outcome (an example's check names one it expects,
		 * never one a table gives; a header, a row and a grid line stand
		 * inside the blocks above). */
		case ST_LABEL: case ST_LOCALES: case ST_VALUE: case ST_EFFECT: case ST_TRIGGER:
		case ST_WHEN: case ST_AMOUNT: case ST_ROLL: case ST_MODIFIERS: case ST_CAP:
		case ST_DOMAIN: case ST_COLUMNS: case ST_COLSPEC: case ST_HEADER: case ST_ROW:
		case ST_DEFAULT: case ST_CELL: case ST_BAND_STEP: case ST_STACK: case ST_FOR:
		case ST_GROUP: case ST_STEPS: case ST_PROVISIONAL: case ST_UNLESS: case ST_ARC:
		case ST_TIE: case ST_CHECK: case ST_GRID_LINE: case ST_SHIFTS: case ST_LIKE:
		case ST_CODE: case ST_ROUND: case ST_NOTE: case ST_CLAMP: case ST_STRAY_WORDS:
		case ST_EXACT: case ST_UNIT: case ST_ODDS_LINE: case ST_KIND_COUNT_:
			break;
		}
	}
}

void expand_numeric_outcomes(model *m)
{
	struct numeric_state *st = xcalloc(1, sizeof *st);
	m->numeric = st;
	size_t n = m->ndefs[DEF_OUTCOME], nplain = 0;
	for (size_t i = 0; i < n; i++)
		st->nfams += m->defs[DEF_OUTCOME][i]->params != NULL;
	/* Named values belong to numeric outcomes only. */
	for (int kind = DEF_EFFECT; kind <= DEF_MATRIX; kind++)
		for (size_t i = 0; (kind == DEF_EFFECT || kind == DEF_MATRIX) && i < m->ndefs[kind]; i++)
			for (const ast_param *p = m->defs[kind][i]->params; p; p = p->next)
				if (p->specials)
					check_report(m, CHECK_NUMERIC, p->specials->loc,
						     "only an outcome's parameter takes named values ('or %s = ...'); %s '%s' cannot",
						     p->specials->name, def_kind_name((def_kind)kind), m->defs[kind][i]->id);
	if (st->nfams == 0) {
		for (size_t i = 0; i < n; i++) {
			const ast_stmt *s = pattern_stmt(m->defs[DEF_OUTCOME][i]);
			if (s)
				check_report(m, CHECK_NUMERIC, s->loc,
					     "outcome '%s' has a code pattern but no parameters; declare them: outcome %s(NAME: int LO..HI)",
					     m->defs[DEF_OUTCOME][i]->id, m->defs[DEF_OUTCOME][i]->id);
		}
		/* A rewrite by numbers here names no outcome that carries them. */
		for (size_t i = 0; i < m->ndefs[DEF_TABLE]; i++)
			numeric_expand_rewrites(m, m->defs[DEF_TABLE][i]);
		return;
	}
	st->fams = xcalloc(st->nfams, sizeof *st->fams);
	m->numeric_defs = model_array(m, st->nfams, sizeof *m->numeric_defs);
	const ast_def **plain = xcalloc(n, sizeof *plain);
	size_t nf = 0;
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_OUTCOME][i];
		if (d->params) {
			st->fams[nf].def = d;
			m->numeric_defs[nf++] = d;
		} else {
			plain[nplain++] = d;
			const ast_stmt *s = pattern_stmt(d);
			if (s)
				check_report(m, CHECK_NUMERIC, s->loc,
					     "outcome '%s' has a code pattern but no parameters; declare them: outcome %s(NAME: int LO..HI)",
					     d->id, d->id);
		}
	}
	m->nnumeric = nf;
	model_set_defs(m, DEF_OUTCOME, plain, nplain);
	for (size_t i = 0; i < nplain; i++)
		for (const ast_stmt *s = plain[i]->body; s; s = s->next)
			if (s->kind == ST_CODE && s->ids)
				idmap_put(&st->codes, s->ids->id, (int)i);
	for (size_t i = 0; i < st->nfams; i++) {
		read_family(m, &st->fams[i]);
		if (model_find(m, DEF_OUTCOME, st->fams[i].def->id) >= 0) {
			check_report(m, CHECK_DUPLICATE, st->fams[i].def->id_loc, "outcome '%s' is defined twice",
				     st->fams[i].def->id);
			st->fams[i].ok = false;
		}
	}
	for (int kind = DEF_TABLE; kind < DEF_KIND_COUNT_; kind++) {
		if (kind != DEF_TABLE && kind != DEF_REACTIONS && kind != DEF_PROCEDURE)
			continue;
		for (size_t i = 0; i < m->ndefs[kind]; i++) {
			const ast_def *d = m->defs[kind][i];
			st->ngiven = 0;
			note_body(m, d->body, count_stmts(d->body, ST_COLUMNS) > 0);
			if (kind == DEF_TABLE)
				numeric_expand_rewrites(m, d);
		}
	}
	/* The declared outcomes, then each instantiation in the order first used. */
	const ast_def **all = xcalloc(nplain + st->ninsts + 1, sizeof *all);
	memcpy(all, plain, nplain * sizeof *plain);
	for (size_t k = 0; k < st->ninsts; k++) {
		st->insts[k].outcome = (int)(nplain + k);
		all[nplain + k] = st->insts[k].def;
		if (model_find(m, DEF_OUTCOME, st->insts[k].def->id) >= 0) {
			const family *f = &st->fams[st->insts[k].family];
			check_report(m, CHECK_DUPLICATE, f->def->id_loc,
				     "outcome '%s' with these numbers is named '%s', the id of another outcome; rename one",
				     f->def->id, st->insts[k].def->id);
		}
	}
	model_set_defs(m, DEF_OUTCOME, all, nplain + st->ninsts);
	for (size_t k = 0; k < st->ninsts; k++)
		model_use(m, DEF_OUTCOME, st->insts[k].outcome);
	free(all);
	free(plain);
	for (size_t i = 0; i < st->nfams; i++) {
		bool used = false;
		for (size_t k = 0; k < st->ninsts && !used; k++)
			used = st->insts[k].family == (int)i;
		if (!used && st->fams[i].ok && !st->fams[i].named)
			check_report(m, CHECK_UNUSED, st->fams[i].def->id_loc,
				     "outcome '%s' is given by no cell: no table prints its code \"%s\"",
				     st->fams[i].def->id, st->fams[i].pattern);
	}
}

int numeric_lookup(model *m, const char *name, src_loc loc)
{
	struct numeric_state *st = m->numeric;
	if (!st || st->nfams == 0 || !name)
		return -1;
	int k = idmap_get(&st->texts, name);
	if (k == 0)
		return -2;
	if (k > 0)
		return st->insts[k - 1].outcome;
	/* Not in a table: an example naming what no table gives. */
	k = read_name(m, name, loc, false);
	return k >= 0 ? st->insts[k].outcome : k;
}

int numeric_call(model *m, const char *name, const ast_arg *args, src_loc loc)
{
	struct numeric_state *st = m->numeric;
	int fi = -1;
	for (size_t i = 0; st && i < st->nfams; i++)
		if (strcmp(st->fams[i].def->id, name) == 0)
			fi = (int)i;
	if (fi < 0) {
		if (model_find(m, DEF_OUTCOME, name) >= 0)
			check_report(m, CHECK_EXAMPLE, loc,
				     "outcome '%s' carries no numbers; name it without arguments", name);
		else
			check_report(m, CHECK_EXAMPLE, loc, "no outcome '%s' carries numbers", name);
		return -1;
	}
	const family *f = &st->fams[fi];
	if (!f->ok)
		return -1;
	int64_t values[NUMERIC_MAX_PARAMS];
	int specials[NUMERIC_MAX_PARAMS];
	size_t n = 0;
	for (const ast_arg *a = args; a; a = a->next, n++) {
		if (n >= f->nparams)
			continue;
		const param *pa = &f->params[n];
		specials[n] = -1;
		values[n] = a->num;
		if (a->kind == ARG_NAME && pa->flag && (strcmp(a->name, "true") == 0 || strcmp(a->name, "false") == 0)) {
			values[n] = strcmp(a->name, "true") == 0;
		} else if (a->kind == ARG_NAME) {
			for (size_t k = 0; k < pa->nspecials; k++)
				if (strcmp(pa->specials[k].id, a->name) == 0 || strcmp(pa->specials[k].code, a->name) == 0) {
					specials[n] = (int)k;
					values[n] = pa->specials[k].value;
				}
			if (specials[n] < 0) {
				check_report(m, CHECK_EXAMPLE, a->loc,
					     "'%s' is no named value of parameter '%s' of outcome '%s'", a->name,
					     pa->id, f->def->id);
				return -1;
			}
		} else if (a->num < pa->lo || a->num > pa->hi) {
			check_report(m, CHECK_NUMERIC, a->loc,
				     "%s %lld lies outside %lld..%lld, the domain outcome '%s' declares for it",
				     pa->id, (long long)a->num, (long long)pa->lo, (long long)pa->hi, f->def->id);
			return -1;
		}
	}
	if (n != f->nparams) {
		check_report(m, CHECK_NUMERIC, loc, "outcome '%s' carries %zu number%s (%s), but %zu %s given",
			     f->def->id, f->nparams, f->nparams == 1 ? "" : "s", f->pattern, n,
			     n == 1 ? "is" : "are");
		return -1;
	}
	char *id = numeric_instance_id(f, values, specials);
	int k = idmap_get(&st->ids, id);
	if (k < 0) {
		char *text = values_text(f, values, specials);
		check_report(m, CHECK_EXAMPLE, loc,
			     "outcome '%s' with %s is given by no table, reaction or procedure", f->def->id,
			     text);
		free(text);
	}
	free(id);
	return k < 0 ? -1 : st->insts[k].outcome;
}

/* Whether NAME prints '-' as a whole part of a result ("-/1R", "2/-"). */
static bool has_dash_part(const char *name)
{
	for (const char *p = name; (p = strchr(p, '-')); p++)
		if ((p == name || p[-1] == '/') && !isdigit((unsigned char)p[1]))
			return true;
	return false;
}

void numeric_note_patterns(model *m, const char *name, src_loc loc)
{
	struct numeric_state *st = m->numeric;
	if (!st || st->nfams == 0)
		return;
	strbuf sb = {0};
	for (size_t i = 0; i < st->nfams; i++)
		if (st->fams[i].pattern)
			sb_printf(&sb, "%s\"%s\" (%s)", sb.len ? ", " : "", st->fams[i].pattern, st->fams[i].def->id);
	if (sb.data)
		check_note(m, loc, "outcomes with numbers read cells by their code patterns: %s", sb.data);
	sb_free(&sb);
	if (name && has_dash_part(name))
		check_note(m, loc, "a printed '-' stands for a named value of a parameter: declare it, "
			   "e.g. a: int 1..3 or none = 0 code -");
}

void lower_numeric_outcomes(model *m)
{
	struct numeric_state *st = m->numeric;
	if (!st || st->nfams == 0)
		return;
	rtab_numeric_outcome *out = model_array(m, st->nfams, sizeof *out);
	m->rs.numeric_outcomes = out;
	m->rs.nnumeric_outcomes = (uint16_t)st->nfams;
	for (size_t i = 0; i < st->nfams; i++) {
		const family *f = &st->fams[i];
		rtab_numeric_outcome *n = &out[i];
		/* Its labels, the pattern left out: a missing one is reported here, once. */
		size_t nl = 0;
		for (const ast_stmt *s = f->def->body; s; s = s->next)
			nl += s->kind == ST_LABEL;
		ast_stmt *own = xcalloc(nl ? nl : 1, sizeof *own);
		ast_stmt *list = NULL, *last = NULL;
		size_t nown = 0;
		for (const ast_stmt *s = f->def->body; s; s = s->next) {
			if (s->kind != ST_LABEL || s == pattern_stmt(f->def))
				continue;
			own[nown] = *s;
			own[nown].next = NULL;
			if (last)
				last->next = &own[nown];
			else
				list = &own[nown];
			last = &own[nown++];
		}
		n->labels = read_labels(m, list, "outcome", f->def->id, f->def->id_loc, true);
		free(own);
		n->id = arena_strdup(&m->arena, f->def->id);
		n->rules = read_rule_refs(m, f->def, "outcome", &n->rule);
		n->code = arena_strdup(&m->arena, f->pattern);
		n->nparams = (uint8_t)f->nparams;
		rtab_outcome_param *ps = model_array(m, f->nparams ? f->nparams : 1, sizeof *ps);
		n->params = ps;
		for (size_t p = 0; p < f->nparams; p++) {
			const param *pa = &f->params[p];
			ps[p].id = arena_strdup(&m->arena, pa->id);
			ps[p].min = (int32_t)pa->lo;
			ps[p].max = (int32_t)pa->hi;
			ps[p].unit = pa->unit;
			ps[p].nspecials = (uint8_t)(pa->nspecials > 255 ? 255 : pa->nspecials);
			rtab_special_value *sv = model_array(m, pa->nspecials ? pa->nspecials : 1, sizeof *sv);
			ps[p].specials = sv;
			for (size_t k = 0; k < ps[p].nspecials; k++) {
				sv[k].id = arena_strdup(&m->arena, pa->specials[k].id);
				sv[k].code = arena_strdup(&m->arena, pa->specials[k].code);
				sv[k].value = (int32_t)pa->specials[k].value;
			}
		}
	}
	rtab_outcome *outs = m->outcomes_built;
	for (size_t k = 0; k < st->ninsts; k++) {
		const instance *in = &st->insts[k];
		const family *f = &st->fams[in->family];
		if (in->outcome < 0 || in->outcome >= m->rs.noutcomes)
			continue;
		int32_t *values = model_array(m, f->nparams ? f->nparams : 1, sizeof *values);
		for (size_t p = 0; p < f->nparams; p++)
			values[p] = (int32_t)in->values[p];
		outs[in->outcome].nvalues = (uint8_t)f->nparams;
		outs[in->outcome].values = values;
		outs[in->outcome].numeric = (uint16_t)in->family;
		char *code = numeric_printed(f, in->values, in->special);
		outs[in->outcome].code = arena_strdup(&m->arena, code);
		free(code);
	}
}

void numeric_free(model *m)
{
	struct numeric_state *st = m->numeric;
	if (!st)
		return;
	for (size_t k = 0; k < st->ninsts; k++)
		ast_defs_free(st->insts[k].def); /* each alone: an instantiation is in no list */
	numeric_rewrites_free(st);
	free(st->given);
	free(st->insts);
	free(st->fams);
	idmap_free(&st->texts);
	idmap_free(&st->codes);
	idmap_free(&st->ids);
	free(st);
	m->numeric = NULL;
}
