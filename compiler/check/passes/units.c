/* SPDX-License-Identifier: MIT */
/* Units: declarations and conversions, the units of expressions, printed pairs. */
#include "check/passes/units.h"

#include "check/checks.h"
#include "check/passes/sema_exact.h"
#include "check/passes/body.h"
#include "base/plural.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char UNITS_ANY[] = "*";

/* A number converted into another unit stays below this many thousandths. */
#define CONVERTED_LIMIT 1000000000000000LL

typedef struct unit_literal {
	const ast_expr *e;
	int64_t milli;
} unit_literal;

/* Numbers past this stay out of the exact arithmetic of conversions. */
#define FACTOR_LIMIT 1000000000000LL

int units_find(const rtab_ruleset *rs, const char *id)
{
	for (size_t i = 0; id && i < rs->nunits; i++)
		if (strcmp(rs->units[i].id, id) == 0)
			return (int)i;
	return -1;
}

bool units_builtin(const char *unit)
{
	static const char *const units[] = {"mm", "cm", "m", "inches", "feet", "yards", "paces",
					    "hexes", "squares", "miles", "km"};
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(unit, units[i]) == 0)
			return true;
	return false;
}

/* num/den reduced; false when either grows past FACTOR_LIMIT. */
static bool reduce(int64_t *num, int64_t *den)
{
	int64_t g = exact_gcd(*num, *den);
	if (g > 1) {
		*num /= g;
		*den /= g;
	}
	return *num <= FACTOR_LIMIT && *num >= -FACTOR_LIMIT && *den <= FACTOR_LIMIT;
}

/* One of unit u in its root unit: num/den; the root's index and the largest
 * tolerance declared on the way (-1: none). */
static bool to_root(const rtab_ruleset *rs, int u, int64_t *num, int64_t *den, int *root,
		    int32_t *tolerance)
{
	*num = *den = 1;
	*tolerance = -1;
	for (size_t steps = 0; rs->units[u].base >= 0; steps++) {
		const rtab_unit *x = &rs->units[u];
		if (steps > rs->nunits)
			return false; /* a cycle, reported where it is declared */
		*num *= x->num;
		*den *= x->den;
		if (!reduce(num, den))
			return false;
		if (x->tolerance > *tolerance)
			*tolerance = x->tolerance;
		u = x->base;
	}
	*root = u;
	return true;
}

/* One of unit a in unit b (num/den), when a declared conversion relates them. */
static bool factor(const rtab_ruleset *rs, const char *a, const char *b, int64_t *num,
		   int64_t *den, int32_t *tolerance)
{
	int ia = units_find(rs, a), ib = units_find(rs, b), ra, rb;
	int64_t na, da, nb, db;
	int32_t ta, tb;
	if (ia < 0 || ib < 0 || !to_root(rs, ia, &na, &da, &ra, &ta) ||
	    !to_root(rs, ib, &nb, &db, &rb, &tb) || ra != rb)
		return false;
	*num = na;
	*den = da;
	if (!reduce(num, den))
		return false;
	*num *= db;
	*den *= nb;
	*tolerance = ta > tb ? ta : tb;
	return reduce(num, den);
}

static bool same_unit(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* ---- declarations ---------------------------------------------------------- */

/* The ruleset's precision as a message names it. */
static const char *precision_text(const model *m, char *buf, size_t cap)
{
	if (model_scale(m) == 1)
		return "whole numbers";
	snprintf(buf, cap, "1/%d", (int)model_scale(m));
	return buf;
}

/* 'unit stride { en "stride|strides"; ru "шаг|шага|шагов"; }': per locale,
 * the unit's forms after a number, as many as the language has (or one, for
 * a word that never changes); anything else or in the body is reported. */
static rtab_labels unit_words(model *m, const ast_stmt *s, const ast_id *id)
{
	for (const ast_stmt *b = s->body; b; b = b->next)
		if (b->kind != ST_LABEL)
			report_misplaced(m, b, "a unit's words");
	rtab_labels labels = read_labels(m, s->body, "unit", id->id, id->loc, true);
	for (const ast_stmt *b = s->body; b; b = b->next) {
		int l = b->kind == ST_LABEL ? rtab_find_locale(&m->rs, b->name) : -1;
		if (l < 0 || !b->text)
			continue;
		const char *lang = m->rs.locales[l];
		size_t forms = 1, want = plural_forms(lang);
		bool empty = !*b->text;
		for (const char *p = b->text; *p; p++) {
			forms += *p == '|';
			empty |= *p == '|' && (p == b->text || p[1] == '|' || !p[1]);
		}
		if ((forms == 1 || forms == want) && !empty)
			continue;
		strbuf uses = {0};
		for (size_t f = 0; f < want; f++)
			sb_printf(&uses, "%sfor %s", f ? "; " : "", plural_form_use(lang, f));
		check_report(m, CHECK_UNIT_DECLARATION, b->loc,
			     "the '%s' words of unit '%s' give %zu form%s%s; '%s' takes %zu forms (%s), "
			     "separated by '|', or one form for a word that never changes",
			     b->name, id->id, forms, forms == 1 ? "" : "s", empty ? ", one of them empty" : "",
			     lang, want, uses.data);
		sb_free(&uses);
	}
	return labels;
}

static void declare(model *m, const ast_stmt *s, const ast_id *id, rtab_unit *units)
{
	for (size_t k = 0; k < m->rs.nunits; k++)
		if (strcmp(units[k].id, id->id) == 0) {
			check_report(m, CHECK_UNIT_DECLARATION, id->loc,
				     "unit '%s' is declared twice; keep one declaration", id->id);
			check_note(m, m->unit_locs[k], "first declared here");
			return;
		}
	size_t n = m->rs.nunits++;
	rtab_unit *u = &units[n];
	m->unit_locs[n] = id->loc;
	u->id = arena_strdup(&m->arena, id->id);
	u->labels = s->body ? unit_words(m, s, id) : NULL;
	u->base = -1;
	u->num = u->den = 1;
	u->tolerance = s->has_drm ? (int32_t)s->drm : -1;
	if (!s->name2)
		return;
	int64_t num = s->lo, den = s->hi * RTAB_MILLI;
	int64_t grain = RTAB_MILLI / model_scale(m);
	if (s->lo <= 0 || s->hi <= 0 || !reduce(&num, &den)) {
		check_report(m, CHECK_UNIT_DECLARATION, s->text_loc,
			     "the conversion of unit '%s' must be a positive factor, e.g. unit %s = %s * 100 / 254;",
			     id->id, id->id, s->name2);
		return;
	}
	if (s->lo % grain != 0) {
		int64_t n2 = s->lo, d2 = s->hi * RTAB_MILLI;
		reduce(&n2, &d2);
		char buf[32];
		check_report(m, CHECK_UNIT_DECLARATION, s->text_loc,
			     "the factor of unit '%s' is finer than the ruleset's precision (%s); write it as a fraction: unit %s = %s * %lld / %lld;",
			     id->id, precision_text(m, buf, sizeof buf), id->id, s->name2, (long long)n2,
			     (long long)d2);
		return;
	}
	u->num = num;
	u->den = den;
	u->base = -2; /* resolved once every unit is known */
}

/* The base of each unit by name, then no conversion may lead back to itself. */
static void resolve_bases(model *m, rtab_unit *units, const ast_stmt **decl)
{
	for (size_t i = 0; i < m->rs.nunits; i++) {
		if (units[i].base != -2)
			continue;
		const ast_stmt *s = decl[i];
		int b = units_find(&m->rs, s->name2);
		units[i].base = (int16_t)b;
		if (b < 0)
			check_report(m, CHECK_UNIT_DECLARATION, s->name2_loc,
				     "unit '%s' converts to '%s', which is not declared; declare it: unit %s;",
				     units[i].id, s->name2, s->name2);
	}
	for (size_t i = 0; i < m->rs.nunits; i++) {
		size_t u = i, steps = 0;
		while (units[u].base >= 0 && (size_t)units[u].base != i && steps++ <= m->rs.nunits)
			u = (size_t)units[u].base;
		if (units[u].base < 0 || (size_t)units[u].base != i)
			continue;
		/* Reported at the first unit of the cycle; then the cycle is cut there. */
		strbuf path = {0};
		sb_printf(&path, "%s", units[i].id);
		for (u = (size_t)units[i].base; u != i; u = (size_t)units[u].base)
			sb_printf(&path, " -> %s", units[u].id);
		check_report(m, CHECK_UNIT_DECLARATION, m->unit_locs[i],
			     "the conversions of units %s -> %s form a cycle; give one of them no base: unit %s;",
			     path.data, units[i].id, units[i].id);
		sb_free(&path);
		units[i].base = -1;
	}
}

void resolve_units(model *m, const ast_stmt *header)
{
	size_t n = 0;
	for (const ast_stmt *s = header; s; s = s->next)
		if (s->kind == ST_UNIT)
			for (const ast_id *i = s->ids; i; i = i->next)
				n++;
	if (!n)
		return;
	if (n > INT16_MAX) {
		check_report(m, CHECK_LIMITS, header->loc, "too many units (at most %d)", INT16_MAX);
		return;
	}
	rtab_unit *units = model_array(m, n, sizeof *units);
	const ast_stmt **decl = model_array(m, n, sizeof *decl);
	m->unit_locs = model_array(m, n, sizeof *m->unit_locs);
	m->rs.units = units;
	for (const ast_stmt *s = header; s; s = s->next)
		if (s->kind == ST_UNIT)
			for (const ast_id *i = s->ids; i; i = i->next) {
				decl[m->rs.nunits] = s;
				declare(m, s, i, units);
			}
	resolve_bases(m, units, decl);
}

/* The unit as the data holds it, when the file may write it; NULL after reporting. */
static const char *known_unit(model *m, const char *unit, src_loc loc)
{
	if (m->rs.nunits ? units_find(&m->rs, unit) >= 0 : units_builtin(unit))
		return arena_strdup(&m->arena, unit);
	if (m->rs.nunits) {
		strbuf all = {0};
		for (size_t i = 0; i < m->rs.nunits; i++)
			sb_printf(&all, "%s%s", i ? ", " : "", m->rs.units[i].id);
		check_report(m, CHECK_UNITS, loc,
			     "unit '%s' is not declared; write one the ruleset declares (%s), or declare it in the ruleset header: unit %s;",
			     unit, all.data, unit);
		sb_free(&all);
	} else {
		check_report(m, CHECK_UNITS, loc,
			     "unknown unit '%s'; use mm, cm, m, inches, feet, yards, paces, hexes, squares, miles or km",
			     unit);
	}
	return NULL;
}

const char *units_of_type(model *m, const ast_type *t, const char *what, const char *id)
{
	if (!t->unit)
		return NULL;
	if (t->kind != TY_INT && t->kind != TY_NUMBER) {
		check_report(m, CHECK_UNIT_PLACEMENT, t->unit_loc,
			     "%s '%s' is %s, which no unit measures; remove '%s', or make it a number: int MIN..MAX %s",
			     what, id, t->kind == TY_BOOL ? "a bool" : t->kind == TY_LIST ? "a list" : "an enum",
			     t->unit, t->unit);
		return NULL;
	}
	return known_unit(m, t->unit, t->unit_loc);
}

/* ---- expressions ------------------------------------------------------------ */

static bool is_number(const ast_expr *e)
{
	return e->kind == EX_INT || e->kind == EX_DECIMAL;
}

/* What a number, dice or input is, as a message names it; NULL for anything else. */
static const ast_expr *leaf(const ast_expr *e)
{
	if (e->kind == EX_UNARY && e->op == RTAB_OP_NEG)
		e = e->lhs;
	return is_number(e) || e->kind == EX_DICE || e->kind == EX_NAME ? e : NULL;
}

static void leaf_text(strbuf *b, const ast_expr *e)
{
	if (e->kind == EX_INT)
		sb_printf(b, "%lld", (long long)e->num);
	else if (e->kind == EX_DECIMAL)
		sb_printf(b, "%g", (double)e->num / RTAB_MILLI);
	else if (e->kind == EX_DICE)
		sb_printf(b, "%lldd%lld", (long long)e->num, (long long)e->sides);
	else
		sb_printf(b, "'%s'", e->name);
}

static void remember(model *m, const ast_expr *e, int64_t milli)
{
	if (m->nunit_literals == m->cap_unit_literals) {
		m->cap_unit_literals = m->cap_unit_literals ? m->cap_unit_literals * 2 : 8;
		m->unit_literals = xrealloc(m->unit_literals,
					    m->cap_unit_literals * sizeof *m->unit_literals);
	}
	m->unit_literals[m->nunit_literals++] = (unit_literal){e, milli};
}

bool units_literal(const model *m, const ast_expr *e, int64_t *milli)
{
	for (size_t i = 0; i < m->nunit_literals; i++)
		if (m->unit_literals[i].e == e) {
			*milli = m->unit_literals[i].milli;
			return true;
		}
	return false;
}

/* A number (in thousandths) of unit `from` in unit `to`, when the precision holds it. */
static bool convert(model *m, int64_t milli, const char *from, const char *to, src_loc loc,
		    int64_t *out)
{
	int64_t num, den;
	int32_t tolerance;
	if (!factor(&m->rs, from, to, &num, &den, &tolerance))
		return false;
	int64_t grain = RTAB_MILLI / model_scale(m); /* thousandths per step of the precision */
	ratio exact;
	if (ratio_mul(ratio_int(milli), ratio_of(num, den), &exact) && exact.den == 1 &&
	    exact.num < CONVERTED_LIMIT && exact.num > -CONVERTED_LIMIT && exact.num % grain == 0) {
		*out = exact.num;
		return true;
	}
	char buf[32];
	check_report(m, CHECK_UNIT_CONVERSION, loc,
		     "%g %s is %.4g %s, which the ruleset's precision (%s) does not hold exactly; write the number in %s",
		     (double)milli / RTAB_MILLI, from, (double)milli * (double)num / (double)den / RTAB_MILLI, to,
		     precision_text(m, buf, sizeof buf), to);
	return false;
}

/* Two operands meet (compared, added, the branches of an if): the unit of the result. */
static const char *meet(model *m, const ast_expr *a, const char *ua, const ast_expr *b,
			const char *ub, src_loc at)
{
	if (ua == UNITS_ANY || ub == UNITS_ANY)
		return UNITS_ANY;
	if (!ua && !ub)
		return NULL;
	if (!ua || !ub) {
		const ast_expr *plain = ua ? leaf(b) : leaf(a);
		const char *unit = ua ? ua : ub;
		if (m->rs.nunits && plain) {
			strbuf what = {0};
			leaf_text(&what, plain);
			if (plain->kind == EX_NAME)
				check_report(m, CHECK_MISSING_UNIT, plain->loc,
					     "%s has no unit, but meets a quantity in %s here; give its declaration the unit: int MIN..MAX %s",
					     what.data, unit, unit);
			else
				check_report(m, CHECK_MISSING_UNIT, plain->loc,
					     "%s has no unit, but meets a quantity in %s here; write %s %s",
					     what.data, unit, what.data, unit);
			sb_free(&what);
		}
		return unit;
	}
	if (same_unit(ua, ub))
		return ua;
	int64_t num, den, out;
	int32_t tolerance;
	if (factor(&m->rs, ua, ub, &num, &den, &tolerance)) {
		const ast_expr *la = leaf(a), *lb = leaf(b);
		if (lb && is_number(lb)) {
			int64_t v = lb->kind == EX_INT ? lb->num * RTAB_MILLI : lb->num;
			if (convert(m, v, ub, ua, lb->loc, &out))
				remember(m, lb, out);
			return ua;
		}
		if (la && is_number(la)) {
			int64_t v = la->kind == EX_INT ? la->num * RTAB_MILLI : la->num;
			if (convert(m, v, ua, ub, la->loc, &out))
				remember(m, la, out);
			return ub;
		}
		check_report(m, CHECK_UNIT_CONVERSION, at,
			     "a quantity in %s meets one in %s: rtab converts only numbers written with their unit; give both the same unit",
			     ua, ub);
		return UNITS_ANY;
	}
	check_report(m, CHECK_UNIT_CONVERSION, at,
		     "a quantity in %s meets one in %s, and no conversion between them is declared; declare one in the ruleset header (unit %s = %s * N;) or write both in one unit",
		     ua, ub, ub, ua);
	return UNITS_ANY;
}

static const char *unit_of(model *m, const ast_expr *e, int depth);

/* 'x / 2 cm' and '2 cm * x': a unit on a factor reads as the unit of the product. */
static const char *scaled(model *m, const ast_expr *e, int depth)
{
	const ast_expr *lit = is_number(e->rhs) && e->rhs->unit ? e->rhs
			      : e->op == RTAB_OP_MUL && is_number(e->lhs) && e->lhs->unit ? e->lhs
											: NULL;
	const ast_expr *other = lit == e->rhs ? e->lhs : e->rhs;
	const char *lu = known_unit(m, lit->unit, lit->unit_loc);
	const char *ou = unit_of(m, other, depth + 1);
	if (!lu)
		return UNITS_ANY;
	/* A plain count times a length is a length: 1d6 * 2.5 cm, as 2.5 * 1d6 cm. */
	if (e->op == RTAB_OP_MUL && !ou)
		return lu;
	return meet(m, other, ou, e, lu, e->loc);
}

static const char *binary(model *m, const ast_expr *e, int depth)
{
	switch ((rtab_op)e->op) {
	case RTAB_OP_AND:
	case RTAB_OP_OR:
		unit_of(m, e->lhs, depth + 1);
		unit_of(m, e->rhs, depth + 1);
		return NULL;
	case RTAB_OP_MUL:
	case RTAB_OP_DIV_EXACT: {
		if ((is_number(e->rhs) && e->rhs->unit) ||
		    (e->op == RTAB_OP_MUL && is_number(e->lhs) && e->lhs->unit))
			return scaled(m, e, depth);
		const char *ul = unit_of(m, e->lhs, depth + 1), *ur = unit_of(m, e->rhs, depth + 1);
		if (ul == UNITS_ANY || ur == UNITS_ANY)
			return UNITS_ANY;
		if (e->op == RTAB_OP_DIV_EXACT)
			return !ur ? ul : same_unit(ul, ur) ? NULL : UNITS_ANY;
		return ul && ur ? UNITS_ANY : ul ? ul : ur;
	}
	default: {
		const char *ul = unit_of(m, e->lhs, depth + 1), *ur = unit_of(m, e->rhs, depth + 1);
		const char *u = meet(m, e->lhs, ul, e->rhs, ur, e->loc);
		bool sum = e->op == RTAB_OP_ADD || e->op == RTAB_OP_SUB;
		return sum ? u : NULL;
	}
	}
}

static const char *call(model *m, const ast_expr *e, int depth)
{
	static const char *const first_arg[] = {"abs", "round_up", "round_down", "round_nearest",
						"half_up", "half_down", "div_up", "div_down"};
	bool both = strcmp(e->name, "min") == 0 || strcmp(e->name, "max") == 0;
	bool first = false;
	for (size_t i = 0; i < sizeof first_arg / sizeof *first_arg; i++)
		first |= strcmp(e->name, first_arg[i]) == 0;
	if (e->third)
		unit_of(m, e->third, depth + 1);
	const char *u = NULL;
	const ast_expr *prev = NULL;
	for (const ast_expr *a = e->args; a; a = a->next_arg) {
		const char *ua = unit_of(m, a, depth + 1);
		if (both && prev)
			u = meet(m, prev, u, a, ua, a->loc);
		else if (a == e->args)
			u = ua;
		prev = a;
	}
	return both || first ? u : NULL;
}

static const char *unit_of(model *m, const ast_expr *e, int depth)
{
	if (!e || depth > 1000)
		return UNITS_ANY;
	switch (e->kind) {
	case EX_INT:
	case EX_DECIMAL:
	case EX_DICE:
		return e->unit ? (known_unit(m, e->unit, e->unit_loc) ? e->unit : UNITS_ANY) : NULL;
	case EX_BOOL:
		return NULL;
	case EX_NAME: {
		int i = model_find(m, DEF_INPUT, e->name);
		return i >= 0 && (size_t)i < m->rs.ninputs ? m->rs.inputs[i].unit : NULL;
	}
	case EX_UNARY: {
		const char *u = unit_of(m, e->lhs, depth + 1);
		return e->op == RTAB_OP_NOT ? NULL : u;
	}
	case EX_BINARY:
		return binary(m, e, depth);
	case EX_CALL:
		return call(m, e, depth);
	case EX_IF:
		unit_of(m, e->lhs, depth + 1);
		return meet(m, e->rhs, unit_of(m, e->rhs, depth + 1), e->third,
			    unit_of(m, e->third, depth + 1), e->loc);
	}
	return UNITS_ANY;
}

const char *units_check_expr(model *m, const ast_expr *e)
{
	return unit_of(m, e, 0);
}

int64_t units_effect_arg(model *m, const ast_arg *a, const rtab_param *p, const char *effect)
{
	const char *unit = a->unit ? known_unit(m, a->unit, a->unit_loc) : NULL;
	int64_t out;
	if (!a->unit && p->unit && m->rs.nunits)
		check_report(m, CHECK_MISSING_UNIT, a->loc,
			     "parameter '%s' of effect '%s' is in %s; write %lld %s", p->id, effect,
			     p->unit, (long long)a->num, p->unit);
	if (!unit || !p->unit || same_unit(unit, p->unit))
		return a->num;
	int64_t num, den;
	int32_t tolerance;
	if (!factor(&m->rs, unit, p->unit, &num, &den, &tolerance)) {
		check_report(m, CHECK_UNIT_CONVERSION, a->unit_loc,
			     "parameter '%s' of effect '%s' is in %s, and no conversion from %s is declared; write it in %s",
			     p->id, effect, p->unit, unit, p->unit);
		return a->num;
	}
	/* An effect's argument is whole: converted, it must stay so. */
	if ((a->num * num) % den != 0) {
		check_report(m, CHECK_UNIT_CONVERSION, a->loc,
			     "%lld %s is %.4g %s, not a whole number, as parameter '%s' of effect '%s' needs; write it in %s",
			     (long long)a->num, unit, (double)a->num * (double)num / (double)den,
			     p->unit, p->id, effect, p->unit);
		return a->num;
	}
	if (convert(m, a->num * RTAB_MILLI, unit, p->unit, a->loc, &out))
		return out / RTAB_MILLI;
	return a->num;
}

/* ---- quantities in two units ------------------------------------------------- */

bool units_quantities_equal(const rtab_ruleset *rs, ratio a, const char *unit_a, ratio b,
			    const char *unit_b)
{
	if (!unit_a || !unit_b)
		return !unit_a && !unit_b && ratio_equal(a, b);
	if (same_unit(unit_a, unit_b))
		return ratio_equal(a, b);
	int64_t num, den;
	int32_t tolerance;
	if (!factor(rs, unit_a, unit_b, &num, &den, &tolerance))
		return false;
	/* a in b's unit, against b: within the tolerance declared (thousandths
	 * of a percent of b), else within half the coarser unit (one of a's
	 * unit is num/den of b's). */
	ratio per_unit = ratio_of(num, den), allowed;
	if (tolerance >= 0) {
		ratio share = ratio_of(tolerance, 100000), size = ratio_of(b.num < 0 ? -b.num : b.num, b.den);
		if (!ratio_mul(size, share, &allowed))
			return false;
	} else {
		allowed = num > den ? ratio_of(num, 2 * den) : ratio_of(1, 2);
	}
	return ratio_products_within(a, per_unit, b, ratio_int(1), allowed);
}

bool units_conversion(const rtab_ruleset *rs, const char *from, const char *to, ratio *per_unit,
		      int32_t *tolerance)
{
	int64_t num, den;
	if (!from || !to || !factor(rs, from, to, &num, &den, tolerance))
		return false;
	*per_unit = ratio_of(num, den);
	return true;
}

/* Whether two programs read the same inputs. */
static bool same_inputs(const rtab_expr *x, const rtab_expr *y)
{
	for (int pass = 0; pass < 2; pass++) {
		const rtab_expr *p = pass ? y : x, *q = pass ? x : y;
		for (size_t i = 0; i < p->ninstrs; i++) {
			if (p->instrs[i].op != RTAB_OP_INPUT)
				continue;
			bool found = false;
			for (size_t k = 0; k < q->ninstrs && !found; k++)
				found = q->instrs[k].op == RTAB_OP_INPUT && q->instrs[k].arg == p->instrs[i].arg;
			if (!found)
				return false;
		}
	}
	return true;
}

void check_units_printed(model *m)
{
	for (size_t i = 0; i < m->rs.ndistances && m->rs.nunits && !m->diag->errors; i++) {
		const rtab_distance *d = &m->rs.distances[i];
		int64_t S = model_scale(m);
		for (size_t f = 1; f < d->nforms; f++) {
			const char *ua = d->forms[0].unit, *ub = d->forms[f].unit;
			int64_t num, den;
			int32_t tolerance;
			if (same_unit(ua, ub) || !same_inputs(&d->forms[0].value, &d->forms[f].value) ||
			    !factor(&m->rs, ua, ub, &num, &den, &tolerance))
				continue;
			const int64_t *x = m->distance_bounds[i][0], *y = m->distance_bounds[i][f];
			if (units_quantities_equal(&m->rs, ratio_of(x[0], S), ua, ratio_of(y[0], S), ub) &&
			    units_quantities_equal(&m->rs, ratio_of(x[1], S), ua, ratio_of(y[1], S), ub))
				continue;
			/* The figures of the message only. */
			double k = (double)num / (double)den, s = (double)S;
			strbuf msg = {0};
			sb_printf(&msg, "distance '%s' prints %g..%g %s and %g..%g %s, but %g..%g %s is %.3g..%.3g %s under the declared conversion",
				  d->id, (double)x[0] / s, (double)x[1] / s, ua, (double)y[0] / s,
				  (double)y[1] / s, ub, (double)x[0] / s, (double)x[1] / s, ua,
				  (double)x[0] / s * k, (double)x[1] / s * k, ub);
			if (tolerance >= 0)
				sb_printf(&msg, " (within %g%%)", tolerance / 1000.0);
			src_loc at = m->defs[DEF_DISTANCE][i]->id_loc;
			if (d->provisional)
				check_report_marked(m, CHECK_UNIT_PRINTED, at, "%s; the reading is marked provisional", msg.data);
			else
				check_report(m, CHECK_UNIT_PRINTED, at, "%s; correct the figures, or mark the reading: provisional \"why\";", msg.data);
			sb_free(&msg);
		}
	}
}
