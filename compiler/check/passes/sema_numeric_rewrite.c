/* SPDX-License-Identifier: MIT */
/*
 * Rewrites that compute a result's numbers. "+1 attrition to the attacker in
 * a Full Assault" is
 *
 *   rewrite loss(a, d) -> loss(a + 1, d) when full_assault;
 *
 * The left side binds each number of an outcome with numbers to a name (or
 * fixes it: loss(a, 0)); the right side computes the numbers of the result it
 * reads as, with + - *, min and max. Every result a table can give is known
 * when the table is read (its cells, ends, natural rolls and patches), so the
 * rewrite is worked out here, exactly, into one plain rewrite per result of
 * the outcome the table gives, in the statement's place: every later pass,
 * the runtime, the native code, the lowering and every target see ordinary
 * rewrites. A number the right side computes outside the domain its outcome
 * declares is an error where it is written, naming the result it came from.
 */
#include "check/passes/sema_numeric_rewrite.h"

#include "check/checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A name the left side binds to a number of the result (or a fixed number). */
typedef struct binding {
	const char *name; /* NULL: the number is fixed */
	int64_t fixed;    /* the fixed number (or named value's number) */
	bool fixed_special;
} binding;

static int family_named(const struct numeric_state *st, const char *name)
{
	for (size_t i = 0; i < st->nfams; i++)
		if (strcmp(st->fams[i].def->id, name) == 0)
			return (int)i;
	return -1;
}

/* The family a side of the rewrite names by its numbers, or -1 (reported). */
static int side_family(model *m, const char *name, src_loc loc, size_t nargs, const char *side)
{
	struct numeric_state *st = m->numeric;
	int fi = family_named(st, name);
	if (fi < 0) {
		if (model_find(m, DEF_OUTCOME, name) >= 0)
			check_report(m, CHECK_NUMERIC, loc,
				     "outcome '%s' carries no numbers; name it without parentheses: rewrite %s -> ...",
				     name, name);
		else
			check_report(m, CHECK_NUMERIC, loc,
				     "no outcome '%s' carries numbers; %s a rewrite names an outcome declared with "
				     "parameters by its numbers, e.g. loss(a, d) for outcome loss(a: int 0..9, d: int 0..9)",
				     name, side);
		return -1;
	}
	const family *f = &st->fams[fi];
	if (f->ok && nargs != f->nparams) {
		check_report(m, CHECK_NUMERIC, loc, "outcome '%s' carries %zu number%s (code \"%s\"), but %zu %s given",
			     name, f->nparams, f->nparams == 1 ? "" : "s", f->pattern, nargs, nargs == 1 ? "is" : "are");
		return -1;
	}
	return f->ok ? fi : -1;
}

static int special_named(const param *pa, const char *name)
{
	for (size_t k = 0; k < pa->nspecials; k++)
		if (strcmp(pa->specials[k].id, name) == 0 || strcmp(pa->specials[k].code, name) == 0)
			return (int)k;
	return -1;
}

/* Read the left side's numbers: a name binds one, a number or a named value
 * fixes it. False when something is reported. */
static bool read_bindings(model *m, const family *f, const ast_stmt *s, binding *b)
{
	size_t p = 0;
	bool ok = true;
	for (const ast_arg *a = s->args; a; a = a->next, p++) {
		const param *pa = &f->params[p];
		b[p] = (binding){0};
		if (a->unit) {
			check_report(m, CHECK_NUMERIC, a->unit_loc,
				     "the numbers a rewrite names take no unit: write %lld", (long long)a->num);
			ok = false;
		}
		if (a->kind == ARG_NAME) {
			int k = special_named(pa, a->name);
			if (k >= 0) {
				b[p].fixed = pa->specials[k].value;
				b[p].fixed_special = true;
				continue;
			}
			for (size_t q = 0; q < p; q++)
				if (b[q].name && strcmp(b[q].name, a->name) == 0) {
					check_report(m, CHECK_NUMERIC, a->loc,
						     "'%s' names two numbers of outcome '%s'; give each its own name",
						     a->name, f->def->id);
					ok = false;
				}
			b[p].name = a->name;
			continue;
		}
		if (a->kind != ARG_INT || a->num < pa->lo || a->num > pa->hi) {
			check_report(m, CHECK_NUMERIC, a->loc,
				     "%s of outcome '%s' is a number in %lld..%lld (or a named value), not this",
				     pa->id, f->def->id, (long long)pa->lo, (long long)pa->hi);
			ok = false;
			continue;
		}
		b[p].fixed = a->num;
	}
	return ok;
}

/* Whether a result of the family is one the left side names. */
static bool matches(const family *f, const binding *b, const instance *in)
{
	for (size_t p = 0; p < f->nparams; p++)
		if (!b[p].name && (in->values[p] != b[p].fixed || (in->special[p] >= 0) != b[p].fixed_special))
			return false;
	return true;
}

/* What a right-side expression is worked out over: the result read from. */
typedef struct reading {
	model *m;
	const family *from; /* NULL: the left side names a plain result */
	const binding *b;
	const instance *in;
	const char *cell; /* the result as printed, for messages */
} reading;

/* The left side with the number at 'at' fixed to a named value: loss(a, E). */
static char *left_side(const family *f, const binding *b, size_t at, const char *code)
{
	strbuf sb = {0};
	sb_printf(&sb, "%s(", f->def->id);
	for (size_t p = 0; p < f->nparams; p++) {
		sb_puts(&sb, p ? ", " : "");
		if (p == at)
			sb_puts(&sb, code);
		else if (b[p].name)
			sb_puts(&sb, b[p].name);
		else if (b[p].fixed_special) {
			for (size_t k = 0; k < f->params[p].nspecials; k++)
				if (f->params[p].specials[k].value == b[p].fixed)
					sb_puts(&sb, f->params[p].specials[k].code);
		} else
			sb_printf(&sb, "%lld", (long long)b[p].fixed);
	}
	sb_puts(&sb, ")");
	return sb.data;
}

static const char how_to_compute[] =
	"a rewrite computes a result's numbers with whole numbers, + - *, min(x, y), max(x, y), "
	"div_down(x, y) and div_up(x, y) "
	"over the names its left side gives them: rewrite loss(a, d) -> loss(a + 1, d) when ...";

/* A number computed within the integers the language holds; false when reported. */
static bool within(reading *r, src_loc loc, int64_t v, int64_t *out)
{
	if (v < -RTAB_INT_LIMIT || v > RTAB_INT_LIMIT) {
		check_report(r->m, CHECK_NUMERIC, loc,
			     "for the result '%s' this comes to %lld, beyond the integers a ruleset holds (within +-%d)",
			     r->cell, (long long)v, RTAB_INT_LIMIT);
		return false;
	}
	*out = v;
	return true;
}

static bool compute(reading *r, const ast_expr *e, int64_t *out)
{
	int64_t x, y;
	switch (e->kind) {
	case EX_INT:
		if (e->unit) {
			check_report(r->m, CHECK_NUMERIC, e->unit_loc,
				     "the numbers of a result take no unit here: write %lld", (long long)e->num);
			return false;
		}
		*out = e->num;
		return true;
	case EX_NAME:
		for (size_t p = 0; r->from && p < r->from->nparams; p++) {
			if (!r->b[p].name || strcmp(r->b[p].name, e->name) != 0)
				continue;
			if (r->in->special[p] >= 0) {
				const special *sp = &r->from->params[p].specials[r->in->special[p]];
				char *left = left_side(r->from, r->b, p, sp->code);
				check_report(r->m, CHECK_NUMERIC, e->loc,
					     "for the result '%s', '%s' is the named value %s (%s), no number to compute with; "
					     "say what such results read as in a rewrite before this one, under the same "
					     "condition (rewrite %s -> ... when ...; the first rewrite that holds wins), "
					     "or pass '%s' on unchanged",
					     r->cell, e->name, sp->code, sp->id, left, e->name);
				free(left);
				return false;
			}
			*out = r->in->values[p];
			return true;
		}
		check_report(r->m, CHECK_NUMERIC, e->loc,
			     "'%s' is no number the rewrite's left side names%s; %s", e->name,
			     r->from ? "" : " (it names a result, not its numbers)", how_to_compute);
		return false;
	case EX_UNARY:
		if (e->op != RTAB_OP_NEG || !compute(r, e->lhs ? e->lhs : e->rhs, &x))
			break;
		return within(r, e->loc, -x, out);
	case EX_BINARY:
		if (e->op != RTAB_OP_ADD && e->op != RTAB_OP_SUB && e->op != RTAB_OP_MUL)
			break;
		if (!compute(r, e->lhs, &x) || !compute(r, e->rhs, &y))
			return false;
		/* both within +-RTAB_INT_LIMIT: the product fits in 64 bits */
		return within(r, e->loc, e->op == RTAB_OP_ADD ? x + y : e->op == RTAB_OP_SUB ? x - y : x * y, out);
	case EX_CALL: {
		static const char *const calls[] = {"min", "max", "div_down", "div_up"};
		size_t c = 0;
		while (c < 4 && strcmp(e->name, calls[c]) != 0)
			c++;
		if (c == 4 || !e->args || !e->args->next_arg || e->args->next_arg->next_arg || e->third)
			break;
		if (!compute(r, e->args, &x) || !compute(r, e->args->next_arg, &y))
			return false;
		if (c >= 2 && y <= 0) {
			check_report(r->m, CHECK_NUMERIC, e->args->next_arg->loc,
				     "for the result '%s' the divisor of %s comes to %lld; divide by a number above 0",
				     r->cell, e->name, (long long)y);
			return false;
		}
		/* division rounded as the name says, towards minus or plus infinity */
		int64_t q = c < 2 ? 0 : x / y - (x % y != 0 && x < 0);
		*out = c == 0 ? (x < y ? x : y)
		       : c == 1 ? (x > y ? x : y)
		       : c == 2 ? q : q + (x % y != 0);
		return true;
	}
	case EX_BOOL:
	case EX_DICE:
	case EX_IF:
	case EX_DECIMAL: break;
	}
	check_report(r->m, CHECK_NUMERIC, e->loc, "%s", how_to_compute);
	return false;
}

/* The numbers of the result the right side reads as, for one result read
 * from; false when reported. */
static bool result_numbers(reading *r, const family *to, const ast_stmt *s, int64_t *values, int *specials)
{
	size_t p = 0;
	for (const ast_expr *e = s->result_args; e; e = e->next_arg, p++) {
		const param *pa = &to->params[p];
		specials[p] = -1;
		/* A named value of the result's parameter, or one passed on as it is. */
		if (e->kind == EX_NAME && special_named(pa, e->name) >= 0) {
			specials[p] = special_named(pa, e->name);
			values[p] = pa->specials[specials[p]].value;
			continue;
		}
		size_t q = 0;
		while (e->kind == EX_NAME && r->from && q < r->from->nparams &&
		       !(r->b[q].name && strcmp(r->b[q].name, e->name) == 0))
			q++;
		if (e->kind == EX_NAME && r->from && q < r->from->nparams && r->in->special[q] >= 0) {
			const special *sp = &r->from->params[q].specials[r->in->special[q]];
			int k = special_named(pa, sp->id);
			if (k < 0) {
				check_report(r->m, CHECK_NUMERIC, e->loc,
					     "for the result '%s', '%s' is the named value %s (%s), which %s of outcome '%s' "
					     "does not declare; declare it there (%s: int %lld..%lld or %s = %lld code %s)",
					     r->cell, e->name, sp->code, sp->id, pa->id, to->def->id, pa->id,
					     (long long)pa->lo, (long long)pa->hi, sp->id, (long long)sp->value, sp->code);
				return false;
			}
			specials[p] = k;
			values[p] = pa->specials[k].value;
			continue;
		}
		if (!compute(r, e, &values[p]))
			return false;
		if (values[p] < pa->lo || values[p] > pa->hi) {
			check_report(r->m, CHECK_NUMERIC, e->loc,
				     "for the result '%s' this gives %s %lld, outside %lld..%lld that outcome '%s' "
				     "declares for it; widen the domain, or keep the number in it: min(..., %lld)",
				     r->cell, pa->id, (long long)values[p], (long long)pa->lo, (long long)pa->hi,
				     to->def->id, (long long)(values[p] > pa->hi ? pa->hi : pa->lo));
			return false;
		}
	}
	return true;
}

static rewrite_pairs *new_pairs(struct numeric_state *st, const ast_stmt *s)
{
	if (st->nrewrites == st->cap_rewrites) {
		st->cap_rewrites = st->cap_rewrites ? 2 * st->cap_rewrites : 8;
		st->rewrites = xrealloc(st->rewrites, st->cap_rewrites * sizeof *st->rewrites);
	}
	rewrite_pairs *rp = &st->rewrites[st->nrewrites++];
	memset(rp, 0, sizeof *rp);
	rp->s = s;
	return rp;
}

static void add_pair(rewrite_pairs *rp, int from, int to)
{
	rp->from = xrealloc(rp->from, (rp->n + 1) * sizeof *rp->from);
	rp->to = xrealloc(rp->to, (rp->n + 1) * sizeof *rp->to);
	rp->from[rp->n] = from;
	rp->to[rp->n++] = to;
}

static size_t count_args(const ast_arg *a)
{
	size_t n = 0;
	for (; a; a = a->next)
		n++;
	return n;
}

static size_t count_exprs(const ast_expr *e)
{
	size_t n = 0;
	for (; e; e = e->next_arg)
		n++;
	return n;
}

/* The result read as, from the one read from (in: NULL for a plain result). */
static bool add_result(model *m, rewrite_pairs *rp, const ast_stmt *s, int to_fam, reading *r, int from)
{
	struct numeric_state *st = m->numeric;
	if (to_fam < 0) {
		add_pair(rp, from, -1);
		return true;
	}
	const family *to = &st->fams[to_fam];
	int64_t values[NUMERIC_MAX_PARAMS];
	int specials[NUMERIC_MAX_PARAMS];
	if (!result_numbers(r, to, s, values, specials))
		return false;
	add_pair(rp, from, numeric_instance_of(m, to_fam, values, specials, s->name2_loc));
	return true;
}

/* Two conditions written alike (a rewrite under one always wins where the
 * other would apply). */
static bool same_condition(const ast_expr *a, const ast_expr *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->op != b->op || a->num != b->num || a->sides != b->sides ||
	    (a->name == NULL) != (b->name == NULL) || (a->name && strcmp(a->name, b->name) != 0) ||
	    (a->unit == NULL) != (b->unit == NULL) || (a->unit && strcmp(a->unit, b->unit) != 0) ||
	    !same_condition(a->lhs, b->lhs) || !same_condition(a->rhs, b->rhs) ||
	    !same_condition(a->third, b->third))
		return false;
	const ast_expr *x = a->args, *y = b->args;
	for (; x && y; x = x->next_arg, y = y->next_arg)
		if (!same_condition(x, y))
			return false;
	return !x && !y;
}

static const rewrite_pairs *pairs_of(const model *m, const ast_stmt *s);

/* Whether a rewrite before s in table d changes the result (an instance)
 * under the same condition: it always wins there (the first rewrite that
 * holds does), so s never reads that result and computes nothing for it. */
static bool left_to_earlier(model *m, const ast_def *d, const ast_stmt *s, int result)
{
	struct numeric_state *st = m->numeric;
	for (const ast_stmt *e = d->body; e && e != s; e = e->next) {
		if (e->kind != ST_REWRITE || !same_condition(e->expr, s->expr))
			continue;
		if (!e->args) {
			if (e->name && idmap_get(&st->texts, e->name) == result + 1)
				return true;
			continue;
		}
		const rewrite_pairs *rp = pairs_of(m, e);
		for (size_t i = 0; rp && i < rp->n; i++)
			if (rp->from[i] == result)
				return true;
	}
	return false;
}

static void expand_one(model *m, const ast_def *d, const ast_stmt *s)
{
	struct numeric_state *st = m->numeric;
	rewrite_pairs *rp = new_pairs(st, s);
	int from_fam = -1, to_fam = -1;
	if (s->args) {
		from_fam = side_family(m, s->name, s->name_loc, count_args(s->args), "the left side of");
		if (from_fam < 0)
			return;
	}
	if (s->result_args) {
		to_fam = side_family(m, s->name2, s->name2_loc, count_exprs(s->result_args), "the right side of");
		if (to_fam < 0)
			return;
	}
	if (from_fam < 0) { /* rewrite 2/0 -> loss(3, 0): the numbers are constants */
		reading r = {m, NULL, NULL, NULL, s->name};
		(void)add_result(m, rp, s, to_fam, &r, -1);
		return;
	}
	const family *f = &st->fams[from_fam];
	binding b[NUMERIC_MAX_PARAMS];
	if (!read_bindings(m, f, s, b))
		return;
	/* Every result of the outcome the table gives, once, in the order first given. */
	size_t found = 0;
	for (size_t g = 0; g < st->ngiven; g++) {
		const instance *in = &st->insts[st->given[g]];
		bool again = false;
		for (size_t h = 0; h < g && !again; h++)
			again = st->given[h] == st->given[g];
		if (again || in->family != from_fam || !matches(f, b, in))
			continue;
		found++;
		if (left_to_earlier(m, d, s, st->given[g]))
			continue;
		char *cell = numeric_printed(f, in->values, in->special);
		reading r = {m, f, b, in, cell};
		bool ok = add_result(m, rp, s, to_fam, &r, st->given[g]);
		free(cell);
		if (!ok)
			return; /* one error for the rewrite, at the first result it fails */
	}
	if (found == 0)
		check_report(m, CHECK_NUMERIC, s->name_loc,
			     "this rewrite changes no result: table '%s' gives none of outcome '%s' (code \"%s\") "
			     "with the numbers it names",
			     d->id, f->def->id, f->pattern);
}

void numeric_expand_rewrites(model *m, const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (s->kind == ST_REWRITE && (s->args || s->result_args))
			expand_one(m, d, s);
}

static const rewrite_pairs *pairs_of(const model *m, const ast_stmt *s)
{
	const struct numeric_state *st = m->numeric;
	for (size_t i = 0; st && i < st->nrewrites; i++)
		if (st->rewrites[i].s == s)
			return &st->rewrites[i];
	return NULL;
}

size_t numeric_rewrite_count(const model *m, const ast_stmt *s)
{
	const rewrite_pairs *rp = pairs_of(m, s);
	return rp ? rp->n : (s->args || s->result_args) ? 0 : 1;
}

void numeric_rewrite_pair(const model *m, const ast_stmt *s, size_t i, int *from, int *to)
{
	const rewrite_pairs *rp = pairs_of(m, s);
	const struct numeric_state *st = m->numeric;
	*from = *to = -1;
	if (!rp || i >= rp->n)
		return;
	if (rp->from[i] >= 0)
		*from = st->insts[rp->from[i]].outcome;
	if (rp->to[i] >= 0)
		*to = st->insts[rp->to[i]].outcome;
}

void numeric_rewrites_free(struct numeric_state *st)
{
	for (size_t i = 0; i < st->nrewrites; i++) {
		free(st->rewrites[i].from);
		free(st->rewrites[i].to);
	}
	free(st->rewrites);
}

const ast_stmt *numeric_rewrite_source(const model *m, size_t ti, size_t w, bool *first)
{
	*first = false;
	if (!m || ti >= m->rs.ntables || w >= m->rs.tables[ti].nrewrites || !m->tables)
		return NULL;
	const model_table *mt = &m->tables[ti];
	if (!mt->def || !mt->rewrite_source)
		return NULL;
	size_t nth = mt->rewrite_source[w];
	const ast_stmt *s = mt->def->body;
	for (size_t k = 0; s; s = s->next)
		if (s->kind == ST_REWRITE && k++ == nth)
			break;
	if (!s || (!s->args && !s->result_args))
		return NULL;
	*first = w == 0 || mt->rewrite_source[w - 1] != nth;
	return s;
}

/* How tightly an operator binds, for brackets: + - below *, calls and atoms above. */
static int binds(const ast_expr *e)
{
	if (e->kind == EX_BINARY)
		return e->op == RTAB_OP_MUL ? 2 : 1;
	if (e->kind == EX_UNARY)
		return 3;
	return 4;
}

static void expr_text_of(strbuf *sb, const ast_expr *e, bool tight)
{
	switch (e->kind) {
	case EX_INT:
		sb_printf(sb, "%lld", (long long)e->num);
		return;
	case EX_BOOL:
		sb_puts(sb, e->num ? "true" : "false");
		return;
	case EX_NAME:
		sb_puts(sb, e->name);
		return;
	case EX_UNARY: {
		const ast_expr *x = e->lhs ? e->lhs : e->rhs;
		sb_putc(sb, '-');
		bool br = x && binds(x) < 3;
		sb_puts(sb, br ? "(" : "");
		if (x)
			expr_text_of(sb, x, tight);
		sb_puts(sb, br ? ")" : "");
		return;
	}
	case EX_BINARY: {
		const char *op = e->op == RTAB_OP_ADD ? "+" : e->op == RTAB_OP_SUB ? "-" : e->op == RTAB_OP_MUL ? "*" : "?";
		int me = binds(e);
		/* a - (b + c): the right operand of - binds as tightly as - itself does not */
		bool lbr = binds(e->lhs) < me, rbr = binds(e->rhs) < me || (binds(e->rhs) == me && e->op != RTAB_OP_ADD && e->op != RTAB_OP_MUL);
		sb_puts(sb, lbr ? "(" : "");
		expr_text_of(sb, e->lhs, tight);
		sb_printf(sb, lbr ? ")%s%s%s" : "%s%s%s", tight ? "" : " ", op, tight ? "" : " ");
		sb_puts(sb, rbr ? "(" : "");
		expr_text_of(sb, e->rhs, tight);
		sb_puts(sb, rbr ? ")" : "");
		return;
	}
	case EX_CALL:
		sb_printf(sb, "%s(", e->name);
		for (const ast_expr *a = e->args; a; a = a->next_arg) {
			expr_text_of(sb, a, tight);
			sb_puts(sb, a->next_arg ? ", " : "");
		}
		sb_putc(sb, ')');
		return;
	case EX_DICE:
	case EX_IF:
	case EX_DECIMAL:
		break;
	}
	sb_puts(sb, "?"); /* no rewrite that checked computes so */
}

bool numeric_rewrite_arg_text(strbuf *sb, const ast_stmt *s, bool right, size_t p, bool tight)
{
	if (right) {
		const ast_expr *e = s->result_args;
		for (size_t k = 0; e && k < p; k++)
			e = e->next_arg;
		if (e)
			expr_text_of(sb, e, tight);
		return e != NULL;
	}
	const ast_arg *a = s->args;
	for (size_t k = 0; a && k < p; k++)
		a = a->next;
	if (a && a->kind == ARG_NAME)
		sb_puts(sb, a->name);
	else if (a)
		sb_printf(sb, "%lld", (long long)a->num);
	return a != NULL;
}

static void side_text(strbuf *sb, const ast_stmt *s, bool right)
{
	sb_puts(sb, right ? s->name2 : s->name);
	if (right ? !s->result_args : !s->args)
		return;
	sb_putc(sb, '(');
	for (size_t p = 0;; p++) {
		size_t at = sb->len;
		if (p)
			sb_puts(sb, ", ");
		if (!numeric_rewrite_arg_text(sb, s, right, p, false)) {
			sb->len = at;
			sb->data[at] = '\0';
			break;
		}
	}
	sb_putc(sb, ')');
}

void numeric_rewrite_text(strbuf *sb, const ast_stmt *s)
{
	side_text(sb, s, false);
	sb_puts(sb, " -> ");
	side_text(sb, s, true);
}
