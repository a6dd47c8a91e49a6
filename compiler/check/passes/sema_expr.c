/* SPDX-License-Identifier: MIT */
/* Typing expressions and compiling them to the runtime's postfix programs. */
#include "check/passes/sema_expr.h"
#include "check/passes/sema_earlier.h"

#include "check/checks.h"
#include "check/names/list_names.h"
#include "check/proofs/open_inputs.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_exact.h"
#include "check/passes/units.h"
#include "check/names/unknown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper trees are rejected before they can exhaust the compiler's stack. */
#define MAX_TREE_DEPTH 200

typedef struct instr_vec {
	rtab_instr *v;
	size_t n, cap;
} instr_vec;

static void emit(instr_vec *iv, rtab_op op, int32_t arg)
{
	if (iv->n == iv->cap) {
		iv->cap = iv->cap ? iv->cap * 2 : 16;
		iv->v = xrealloc(iv->v, iv->cap * sizeof *iv->v);
	}
	iv->v[iv->n].op = (uint8_t)op;
	iv->v[iv->n].arg = arg;
	iv->n++;
}

static bool numeric(const expr_type *t)
{
	return t->kind == RTAB_TYPE_INT || t->kind == EXPR_EXACT;
}

/* Make the whole number whose code ends before pos exact: RTAB_OP_SCALE there. */
static void insert_scale(model *m, instr_vec *iv, size_t pos, expr_type *t)
{
	int32_t s = model_scale(m);
	emit(iv, RTAB_OP_SCALE, s);
	memmove(&iv->v[pos + 1], &iv->v[pos], (iv->n - 1 - pos) * sizeof *iv->v);
	iv->v[pos] = (rtab_instr){.op = RTAB_OP_SCALE, .arg = s};
	t->kind = EXPR_EXACT;
	t->lo *= s;
	t->hi *= s;
}

/* Operands a (code before mid) and b (code from mid on) in one representation:
 * an exact number and a whole one make the whole one exact. */
static void unify(model *m, instr_vec *iv, size_t mid, expr_type *a, expr_type *b)
{
	if (a->kind == EXPR_EXACT && b->kind == RTAB_TYPE_INT)
		insert_scale(m, iv, iv->n, b);
	else if (b->kind == EXPR_EXACT && a->kind == RTAB_TYPE_INT)
		insert_scale(m, iv, mid, a);
}

static const char *type_name(const model *m, const expr_type *t)
{
	if (t->kind == EXPR_EXACT)
		return "an exact number";
	switch (t->kind) {
	case RTAB_TYPE_BOOL: return "bool";
	case RTAB_TYPE_INT: return "int";
	case RTAB_TYPE_ENUM: return m->rs.enums[t->enum_index].id;
	}
	return "?";
}

/* The enum an operand names without context, or -1. */
static int operand_enum(const model *m, const ast_expr *e)
{
	int i;
	if (e->kind != EX_NAME || (i = model_find(m, DEF_INPUT, e->name)) < 0)
		return -1;
	return m->rs.inputs[i].type == RTAB_TYPE_ENUM ? m->rs.inputs[i].enum_index : -1;
}

static int64_t clamp64(int64_t v)
{
	const int64_t lim = (int64_t)1 << 40;
	return v > lim ? lim : v < -lim ? -lim : v;
}

/* a * b, saturated at +-2^40 (operands are already within it). */
static int64_t mul_sat(int64_t a, int64_t b)
{
	const int64_t lim = (int64_t)1 << 40;
	int64_t ma = a < 0 ? -a : a, mb = b < 0 ? -b : b;
	if (ma != 0 && mb > lim / ma)
		return (a < 0) != (b < 0) ? -lim : lim;
	return a * b;
}

static void arith_bounds(int op, const expr_type *a, const expr_type *b, expr_type *r)
{
	int64_t c[4];
	switch (op) {
	case RTAB_OP_ADD:
		r->lo = clamp64(a->lo + b->lo);
		r->hi = clamp64(a->hi + b->hi);
		return;
	case RTAB_OP_SUB:
		r->lo = clamp64(a->lo - b->hi);
		r->hi = clamp64(a->hi - b->lo);
		return;
	default:
		c[0] = mul_sat(a->lo, b->lo);
		c[1] = mul_sat(a->lo, b->hi);
		c[2] = mul_sat(a->hi, b->lo);
		c[3] = mul_sat(a->hi, b->hi);
		r->lo = r->hi = c[0];
		for (int i = 1; i < 4; i++) {
			r->lo = c[i] < r->lo ? c[i] : r->lo;
			r->hi = c[i] > r->hi ? c[i] : r->hi;
		}
	}
}

static bool walk(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		 int depth, int *stack);

static bool require_kind(model *m, const ast_expr *e, const expr_type *t, rtab_type_kind want,
			const char *role)
{
	if (t->kind == want || (want == EXPR_NUMERIC && numeric(t)))
		return true;
	if (want == RTAB_TYPE_INT && t->kind == EXPR_EXACT) {
		check_report(m, CHECK_FRACTIONAL, e->loc,
			     "%s must be a whole number, but this can be fractional (an exact number); "
			     "state the rounding the rule gives: round_down(...), round_up(...), "
			     "half_down(...) or half_up(...)",
			     role);
		return false;
	}
	if (want == EXPR_NUMERIC)
		want = RTAB_TYPE_INT;
	check_report(m, CHECK_TYPE, e->loc, "%s must be %s, but this is %s", role,
		     want == RTAB_TYPE_BOOL ? "a condition (bool)" : "an integer",
		     type_name(m, t));
	return false;
}

/* Both operands of e must be of kind want; each mistake is reported. */
static bool both_kind(model *m, const ast_expr *e, const expr_type *a, const expr_type *b,
		      rtab_type_kind want, const char *role)
{
	bool left = require_kind(m, e->lhs, a, want, role);
	bool right = require_kind(m, e->rhs, b, want, role);
	return left && right;
}

/* The least precision N (dividing 1000) at which grain/den has an exact value, or 0. */
static int64_t precision_for_quotient(int64_t grain, int64_t den, int64_t scale)
{
	int64_t r = den / exact_gcd(grain ? grain : den, den);
	r = r < 0 ? -r : r;
	int64_t want = r / exact_gcd(r, scale) * scale;
	return want <= 1000 && 1000 % want == 0 ? want : 0;
}

/* a * b and a / b (code of a before mid, of b after it): a product of two exact
 * numbers and every quotient are exact (RTAB_OP_MUL_EXACT, RTAB_OP_DIV_EXACT),
 * proven so here where the operands allow it. */
static bool walk_product(model *m, const ast_expr *e, instr_vec *iv, size_t mid, expr_type *a,
			 expr_type *b, expr_type *t)
{
	const int64_t big = (int64_t)1 << 30;
	int64_t s = model_scale(m);
	if (!both_kind(m, e, a, b, EXPR_NUMERIC, "an operand of arithmetic"))
		return false;
	*t = (expr_type){RTAB_TYPE_INT, -1, 0, 0, s};
	if (e->op == RTAB_OP_MUL) {
		bool both = a->kind == EXPR_EXACT && b->kind == EXPR_EXACT;
		int64_t g = a->grain < big && b->grain < big ? a->grain * b->grain : s;
		arith_bounds(RTAB_OP_MUL, a, b, t);
		t->kind = a->kind == EXPR_EXACT || b->kind == EXPR_EXACT ? EXPR_EXACT : RTAB_TYPE_INT;
		if (both && g % s != 0) {
			check_report(m, CHECK_INEXACT, e->loc,
				     "this product of two exact numbers can be finer than the ruleset's precision (1/%lld); "
				     "declare a finer `exact 1/N;` or round an operand (round_down, round_up)",
				     (long long)s);
			return false;
		}
		t->grain = g / s;
		if (both) {
			t->lo = t->lo / s - (t->lo % s < 0);
			t->hi = t->hi / s + (t->hi % s > 0);
			emit(iv, RTAB_OP_MUL_EXACT, (int32_t)s);
		} else {
			emit(iv, RTAB_OP_MUL, 0);
		}
		return true;
	}
	unify(m, iv, mid, a, b);
	if (b->lo <= 0 && b->hi >= 0) {
		check_report(m, CHECK_TYPE, e->rhs->loc,
			     b->lo == b->hi ? "division by zero"
					    : "the divisor can be 0 (it lies within %lld..%lld); divide by a value that never is",
			     (long long)b->lo, (long long)b->hi);
		return false;
	}
	bool raw_exact = a->kind == EXPR_EXACT;
	int64_t num_g = raw_exact ? a->grain * s : a->grain;
	t->kind = s > 1 ? EXPR_EXACT : RTAB_TYPE_INT;
	if (b->lo == b->hi) {
		int64_t d = b->lo;
		if (num_g % d != 0) {
			int64_t want = precision_for_quotient(raw_exact ? a->grain : a->grain / s, d, s);
			char fix[96];
			if (want > 1)
				snprintf(fix, sizeof fix, "declare `exact 1/%lld;` in the ruleset header, or ",
					 (long long)want);
			else
				fix[0] = '\0';
			char prec[64];
			if (s > 1)
				snprintf(prec, sizeof prec, "the ruleset's precision (1/%lld)", (long long)s);
			else
				snprintf(prec, sizeof prec, "whole numbers (the ruleset declares no `exact 1/N;`)");
			check_report(m, CHECK_INEXACT, e->loc,
				     "this division can have a value finer than %s; "
				     "%sstate the rounding the rule gives: div_down(a, b) or div_up(a, b)",
				     prec, fix);
			return false;
		}
		int64_t lo = a->lo * s, hi = a->hi * s;
		t->lo = (d > 0 ? lo : hi) / d;
		t->hi = (d > 0 ? hi : lo) / d;
		t->grain = num_g / (d < 0 ? -d : d);
	} else {
		int64_t mag = (a->lo < 0 ? -a->lo : a->lo) > (a->hi < 0 ? -a->hi : a->hi)
				      ? (a->lo < 0 ? -a->lo : a->lo)
				      : (a->hi < 0 ? -a->hi : a->hi);
		t->lo = -mag * s;
		t->hi = mag * s;
		t->grain = 1;
	}
	emit(iv, RTAB_OP_DIV_EXACT, (int32_t)s);
	return true;
}

static bool walk_binary(model *m, const ast_expr *e, instr_vec *iv, expr_type *t, int depth,
			int *stack)
{
	expr_type a, b;
	int sa, sb;
	bool eq = e->op == RTAB_OP_EQ || e->op == RTAB_OP_NE;
	/* A comparison with an input whose type was reported cannot be typed: say nothing more. */
	for (const ast_expr *side = e->lhs; side; side = side == e->lhs ? e->rhs : NULL) {
		int k = side->kind == EX_NAME ? model_find(m, DEF_INPUT, side->name) : -1;
		if (k >= 0 && m->bad[DEF_INPUT][k]) {
			*stack = 1;
			return false;
		}
	}
	bool ok = walk(m, e->lhs, eq ? operand_enum(m, e->rhs) : -1, iv, &a, depth + 1, &sa);
	size_t mid = iv->n;
	ok &= walk(m, e->rhs, eq ? operand_enum(m, e->lhs) : -1, iv, &b, depth + 1, &sb);
	*stack = sa > sb + 1 ? sa : sb + 1;
	if (!ok)
		return false;
	if (e->op == RTAB_OP_MUL || e->op == RTAB_OP_DIV_EXACT)
		return walk_product(m, e, iv, mid, &a, &b, t);
	if (numeric(&a) && numeric(&b) && e->op != RTAB_OP_AND && e->op != RTAB_OP_OR)
		unify(m, iv, mid, &a, &b);
	emit(iv, (rtab_op)e->op, 0);
	t->enum_index = -1;
	t->lo = 0;
	t->hi = 1;
	t->grain = 0;
	switch (e->op) {
	case RTAB_OP_AND:
	case RTAB_OP_OR:
		t->kind = RTAB_TYPE_BOOL;
		return both_kind(m, e, &a, &b, RTAB_TYPE_BOOL, "an operand of 'and'/'or'");
	case RTAB_OP_EQ:
	case RTAB_OP_NE:
		t->kind = RTAB_TYPE_BOOL;
		if (a.kind != b.kind || (a.kind == RTAB_TYPE_ENUM && a.enum_index != b.enum_index)) {
			const expr_type *en = a.kind == RTAB_TYPE_ENUM ? &a : b.kind == RTAB_TYPE_ENUM ? &b : NULL;
			strbuf hint = {0};
			if (en) {
				const rtab_enum *E = &m->rs.enums[en->enum_index];
				sb_printf(&hint, "; use a value of '%s' (", E->id);
				for (size_t i = 0; i < E->nvalues && i < 8; i++)
					sb_printf(&hint, "%s%s", i ? ", " : "", E->values[i].id);
				sb_puts(&hint, E->nvalues > 8 ? ", ...)" : ")");
			}
			check_report(m, CHECK_TYPE, e->loc, "cannot compare %s%s%s with %s%s%s%s",
				     a.kind == RTAB_TYPE_ENUM ? "enum '" : "", type_name(m, &a),
				     a.kind == RTAB_TYPE_ENUM ? "'" : "",
				     b.kind == RTAB_TYPE_ENUM ? "enum '" : "", type_name(m, &b),
				     b.kind == RTAB_TYPE_ENUM ? "'" : "", hint.data ? hint.data : "");
			sb_free(&hint);
			return false;
		}
		return true;
	case RTAB_OP_LT:
	case RTAB_OP_LE:
	case RTAB_OP_GT:
	case RTAB_OP_GE:
		t->kind = RTAB_TYPE_BOOL;
		return both_kind(m, e, &a, &b, EXPR_NUMERIC, "an operand of an ordering");
	default:
		t->kind = a.kind == EXPR_EXACT ? EXPR_EXACT : RTAB_TYPE_INT;
		if (!both_kind(m, e, &a, &b, EXPR_NUMERIC, "an operand of arithmetic"))
			return false;
		arith_bounds(e->op, &a, &b, t);
		t->grain = exact_gcd(a.grain, b.grain);
		return true;
	}
}

static bool walk_name(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t)
{
	char earlier[256];
	if (earlier_input_id(e->name, earlier, sizeof earlier)) {
		/* 'earlier OUTCOME' in a rewrite: the input the repeats pass it in. Elsewhere
		 * no repeat is at hand to pass it (a modifier, a trigger, a procedure). */
		if (!m->reading_rewrite) {
			check_report(m, CHECK_MISPLACED, e->loc,
				     "'%s' reads whether an earlier repeat of a trigger gave '%s', which only a rewrite's condition may read: write 'rewrite A -> B when %s;' in the table the trigger repeats, or read an input the trigger passes on (trigger T(x = %s) times N)",
				     e->name, e->name + strlen("earlier "), e->name, e->name);
			return false;
		}
		int i = model_find(m, DEF_INPUT, earlier);
		if (i < 0 || m->bad[DEF_INPUT][i])
			return false;
		const rtab_input *in = &m->rs.inputs[i];
		if (in->type != RTAB_TYPE_BOOL) {
			check_report(m, CHECK_TYPE, e->loc,
				     "'%s' reads input '%s', which a repeat sets to whether an earlier one gave the outcome, and '%s' is declared no bool: declare it 'input %s: bool = false;' or remove it",
				     e->name, earlier, earlier, earlier);
			return false;
		}
		model_use(m, DEF_INPUT, i);
		emit(iv, RTAB_OP_INPUT, i);
		*t = (expr_type){RTAB_TYPE_BOOL, -1, 0, 1, 0};
		return true;
	}
	int v = hint_enum >= 0 ? model_enum_value(m, hint_enum, e->name) : -1;
	if (v >= 0) {
		emit(iv, RTAB_OP_CONST, v);
		*t = (expr_type){RTAB_TYPE_ENUM, hint_enum, v, v, 0};
		return true;
	}
	int i = m->list_scope ? list_field_input(m, m->list_scope - 1, e->name, m->list_scope_item) : -1;
	if (i < 0)
		i = model_find(m, DEF_INPUT, e->name);
	if (i >= 0 && m->bad[DEF_INPUT][i])
		return false; /* its type was reported */
	if (i < 0) {
		if (list_name_error(m, e->name, e->loc))
			return false;
		if (hint_enum >= 0)
			resolve_enum_value(m, hint_enum, e->name, e->loc);
		else
			resolve_def(m, DEF_INPUT, e->name, e->loc);
		return false;
	}
	const rtab_input *in = &m->rs.inputs[i];
	model_use(m, DEF_INPUT, i);
	emit(iv, RTAB_OP_INPUT, i);
	*t = (expr_type){(rtab_type_kind)in->type, in->enum_index, in->min, in->max, model_scale(m)};
	if (in->step > 0) {
		t->kind = model_scale(m) > 1 ? EXPR_EXACT : RTAB_TYPE_INT;
		t->grain = exact_gcd(in->min, in->step);
	}
	return true;
}

static size_t count_args(const ast_expr *e)
{
	size_t n = 0;
	for (const ast_expr *a = e->args; a; a = a->next_arg)
		n++;
	return n;
}

static bool arity(model *m, const ast_expr *e, size_t want, const char *what)
{
	size_t n = count_args(e);
	if (n == want)
		return true;
	check_report(m, CHECK_TYPE, e->loc, "%s '%s' takes %zu argument%s, not %zu", what, e->name,
		     want, want == 1 ? "" : "s", n);
	return false;
}

/* Arguments that must all be integers; their bounds in ts. */
static bool int_args(model *m, const ast_expr *e, instr_vec *iv, expr_type *ts, int depth,
		     int *stack, const char *role)
{
	bool ok = true;
	size_t i = 0, mid = 0;
	*stack = 0;
	for (const ast_expr *a = e->args; a; a = a->next_arg, i++) {
		int s;
		if (i == 1)
			mid = iv->n;
		ok &= walk(m, a, -1, iv, &ts[i], depth + 1, &s);
		if (ok)
			ok &= require_kind(m, a, &ts[i], EXPR_NUMERIC, role);
		*stack = (int)i + s > *stack ? (int)i + s : *stack;
	}
	if (ok && i == 2)
		unify(m, iv, mid, &ts[0], &ts[1]);
	return ok;
}

static const struct builtin {
	const char *name;
	size_t nargs;
	rtab_op op;
	bool halve;
} builtins[] = {
	{"min", 2, RTAB_OP_MIN, false},         {"max", 2, RTAB_OP_MAX, false},
	{"abs", 1, RTAB_OP_ABS, false},         {"div_up", 2, RTAB_OP_DIV_UP, false},
	{"div_down", 2, RTAB_OP_DIV_DOWN, false}, {"half_up", 1, RTAB_OP_DIV_UP, true},
	{"half_down", 1, RTAB_OP_DIV_DOWN, true}, {"round_up", 1, RTAB_OP_DIV_UP, false},
	{"round_down", 1, RTAB_OP_DIV_DOWN, false}, {"round_nearest", 1, RTAB_OP_DIV_UP, false},
};

static void div_bounds(rtab_op op, const expr_type *a, int64_t d, expr_type *t)
{
	/* Division by a positive constant keeps the order of values. */
	int64_t lo = a->lo / d, hi = a->hi / d;
	if (op == RTAB_OP_DIV_UP) {
		lo += a->lo % d > 0;
		hi += a->hi % d > 0;
	} else {
		lo -= a->lo % d < 0;
		hi -= a->hi % d < 0;
	}
	t->lo = lo;
	t->hi = hi;
}

static bool walk_builtin(model *m, const ast_expr *e, const struct builtin *b, instr_vec *iv,
			 expr_type *t, int depth, int *stack)
{
	expr_type ts[2];
	if (!arity(m, e, b->nargs, "built-in") ||
	    !int_args(m, e, iv, ts, depth, stack, "an argument of a built-in"))
		return false;
	int32_t s = model_scale(m);
	/* An exact argument is divided in its own units: by 2 * scale to halve. */
	int32_t unit = ts[0].kind == EXPR_EXACT ? s : 1;
	*t = (expr_type){RTAB_TYPE_INT, -1, ts[0].lo, ts[0].hi, s};
	if (b->nargs == 1 && (b->op == RTAB_OP_DIV_UP || b->op == RTAB_OP_DIV_DOWN) && !b->halve) {
		/* round_up(x), round_down(x): a whole number as it is. */
		if (unit > 1 && strcmp(b->name, "round_nearest") == 0) {
			/* The nearest whole number, a tie read down (as odds round nearest):
			 * div_up(2x - 1, 2), in x's own units. */
			expr_type twice = ts[0];
			emit(iv, RTAB_OP_CONST, 2);
			emit(iv, RTAB_OP_MUL, 0);
			emit(iv, RTAB_OP_CONST_EXACT, unit);
			emit(iv, RTAB_OP_SUB, 0);
			emit(iv, RTAB_OP_CONST_EXACT, 2 * unit);
			emit(iv, RTAB_OP_DIV_UP, 0);
			*stack = *stack < 2 ? 2 : *stack;
			twice.lo = 2 * ts[0].lo - unit;
			twice.hi = 2 * ts[0].hi - unit;
			div_bounds(RTAB_OP_DIV_UP, &twice, 2 * unit, t);
		} else if (unit > 1) {
			emit(iv, RTAB_OP_CONST_EXACT, unit);
			*stack = *stack < 2 ? 2 : *stack;
			div_bounds(b->op, &ts[0], unit, t);
			emit(iv, b->op, 0);
		}
		return true;
	}
	if (b->halve) {
		emit(iv, unit > 1 ? RTAB_OP_CONST_EXACT : RTAB_OP_CONST, 2 * unit);
		*stack = *stack < 2 ? 2 : *stack;
		div_bounds(b->op, &ts[0], 2 * unit, t);
	} else if (b->op == RTAB_OP_MIN || b->op == RTAB_OP_MAX) {
		t->kind = ts[0].kind;
		t->grain = exact_gcd(ts[0].grain, ts[1].grain);
		t->lo = b->op == RTAB_OP_MIN ? (ts[0].lo < ts[1].lo ? ts[0].lo : ts[1].lo)
					     : (ts[0].lo > ts[1].lo ? ts[0].lo : ts[1].lo);
		t->hi = b->op == RTAB_OP_MIN ? (ts[0].hi < ts[1].hi ? ts[0].hi : ts[1].hi)
					     : (ts[0].hi > ts[1].hi ? ts[0].hi : ts[1].hi);
	} else if (b->op == RTAB_OP_ABS) {
		int64_t a = ts[0].lo < 0 ? -ts[0].lo : ts[0].lo, c = ts[0].hi < 0 ? -ts[0].hi : ts[0].hi;
		t->kind = ts[0].kind;
		t->grain = ts[0].grain;
		t->hi = a > c ? a : c;
		t->lo = ts[0].lo <= 0 && ts[0].hi >= 0 ? 0 : (a < c ? a : c);
	} else if (ts[1].lo == ts[1].hi && ts[1].lo > 0) {
		div_bounds(b->op, &ts[0], ts[1].lo, t);
	} else if (ts[1].lo > 0) {
		/* A positive divisor d in lo..hi: a quotient is at its extremes at an
		 * extreme of a and of d (the operands in the same units). */
		expr_type at_lo, at_hi;
		div_bounds(b->op, &ts[0], ts[1].lo, &at_lo);
		div_bounds(b->op, &ts[0], ts[1].hi, &at_hi);
		t->lo = at_lo.lo < at_hi.lo ? at_lo.lo : at_hi.lo;
		t->hi = at_lo.hi > at_hi.hi ? at_lo.hi : at_hi.hi;
	} else {
		check_report(m, CHECK_TYPE, e->args->next_arg->loc,
			     "the divisor of '%s' must be positive", e->name);
		return false;
	}
	emit(iv, b->op, 0);
	return true;
}

static const char *const aggregates[] = {"max", "min", "sum", "any", "all", "count"};

/* An aggregate over the items of a list: max(units.rank_bonus), count(units)...
 * Unrolled over the list's most items; an item at or past the length is skipped:
 *   acc; [INPUT len; CONST i; GE; JUMP_IF_FALSE 2;] INPUT item_i; OP   (per item)
 * Returns false when e is no aggregate over a list (*done false) or on an error. */
/*
 * An aggregate over the items that satisfy a condition: count(units where
 * standard), max(units.rank_bonus where wounds > 0). Bare names in the
 * condition read the item's fields. Every item is guarded (its block reads
 * the same for each item, but for the item's own inputs):
 *   acc; (INPUT len; CONST i; GE; JUMP_IF_FALSE n; COND_i; [JUMP_IF_FALSE 2; INPUT f_i;] OP)...
 */
static bool walk_filtered(model *m, const ast_expr *e, size_t a, int list, const char *field,
			  instr_vec *iv, expr_type *t, int depth, int *stack)
{
	static const rtab_op ops[] = {RTAB_OP_MAX, RTAB_OP_MIN, RTAB_OP_ADD,
				      RTAB_OP_OR,  RTAB_OP_AND, RTAB_OP_ADD};
	const rtab_input *len = &m->rs.inputs[list];
	const rtab_input *f = NULL;
	bool wants_bool = a >= 3;
	if (field) {
		int first = list_field_input(m, list, field, 1);
		if (first < 0) {
			check_report(m, CHECK_UNKNOWN_NAME, e->args->loc,
				     "the items of list '%s' have no field '%s'", len->id, field);
			return false;
		}
		if (m->bad[DEF_INPUT][first])
			return false;
		f = &m->rs.inputs[first];
		if (f->type == RTAB_TYPE_ENUM || (f->type == RTAB_TYPE_BOOL) != wants_bool) {
			check_report(m, CHECK_TYPE, e->args->loc,
				     "'%s' aggregates %s fields, but '%s' is %s", e->name,
				     wants_bool ? "true/false" : "integer", e->args->name,
				     f->type == RTAB_TYPE_ENUM ? m->rs.enums[f->enum_index].id
				     : f->type == RTAB_TYPE_BOOL ? "true/false" : "an integer");
			return false;
		}
	} else if (!wants_bool) {
		check_report(m, CHECK_TYPE, e->args->loc,
			     "'%s' aggregates a field: write %s(%s.FIELD where ...)", e->name, e->name,
			     len->id);
		return false;
	}
	if (m->list_scope) {
		check_report(m, CHECK_TYPE, e->loc, "an aggregate with 'where' inside another's 'where'");
		return false;
	}
	int32_t start[] = {f ? f->min : 0, f ? f->max : 0, 0, 0, 1, 0};
	emit(iv, RTAB_OP_CONST, start[a]);
	model_use(m, DEF_INPUT, list);
	*stack = 3;
	for (size_t i = 1; i <= (size_t)len->max; i++) {
		emit(iv, RTAB_OP_INPUT, list);
		emit(iv, RTAB_OP_CONST, (int32_t)i);
		emit(iv, RTAB_OP_GE, 0);
		size_t guard = iv->n;
		emit(iv, RTAB_OP_JUMP_IF_FALSE, 0);
		expr_type ct;
		int cs;
		m->list_scope = list + 1;
		m->list_scope_item = i;
		bool ok = walk(m, e->third, -1, iv, &ct, depth + 1, &cs);
		m->list_scope = 0;
		m->list_scope_item = 0;
		if (!ok || !require_kind(m, e->third, &ct, RTAB_TYPE_BOOL, "the condition of 'where'"))
			return false;
		*stack = 1 + cs > *stack ? 1 + cs : *stack;
		if (f) {
			int in = list_field_input(m, list, field, i);
			if (in < 0)
				return false;
			model_use(m, DEF_INPUT, in);
			emit(iv, RTAB_OP_JUMP_IF_FALSE, 2);
			emit(iv, RTAB_OP_INPUT, in);
		}
		emit(iv, ops[a], 0);
		iv->v[guard].arg = (int32_t)(iv->n - guard - 1);
	}
	int64_t lmax = len->max;
	if (a <= 1)
		*t = (expr_type){RTAB_TYPE_INT, -1, f->min, f->max, model_scale(m)};
	else if (a == 2)
		*t = (expr_type){RTAB_TYPE_INT, -1, f->min < 0 ? lmax * f->min : 0,
				 f->max > 0 ? lmax * f->max : 0, model_scale(m)};
	else if (a == 5)
		*t = (expr_type){RTAB_TYPE_INT, -1, 0, lmax, model_scale(m)};
	else
		*t = (expr_type){RTAB_TYPE_BOOL, -1, 0, 1, 0};
	return true;
}

static bool walk_aggregate(model *m, const ast_expr *e, instr_vec *iv, expr_type *t, int depth,
			   int *stack, bool *done)
{
	size_t a = 0;
	*done = false;
	while (a < sizeof aggregates / sizeof aggregates[0] && strcmp(aggregates[a], e->name) != 0)
		a++;
	if (a == sizeof aggregates / sizeof aggregates[0] || count_args(e) != 1 ||
	    e->args->kind != EX_NAME)
		return false;
	const char *field = NULL;
	int list = list_of_name(m, e->args->name, &field);
	int whole = model_find(m, DEF_INPUT, e->args->name);
	bool count_items = list < 0 && whole >= 0 && (strcmp(e->name, "count") == 0 || e->third) &&
			   m->rs.inputs[whole].list_role == RTAB_LIST_LENGTH;
	if (list < 0 && !count_items) {
		/* max/min of one argument that is not a list field: the built-in's arity says it. */
		if (strcmp(e->name, "max") == 0 || strcmp(e->name, "min") == 0)
			return false;
		*done = true;
		check_report(m, CHECK_TYPE, e->args->loc,
			     "'%s' aggregates a field of a list input (%s(LIST.FIELD)%s); '%s' is not one",
			     e->name, e->name, strcmp(e->name, "count") == 0 ? " or count(LIST)" : "",
			     e->args->name);
		return false;
	}
	*done = true;
	if (e->third)
		return walk_filtered(m, e, a, list >= 0 ? list : whole, list >= 0 ? field : NULL, iv, t,
				     depth, stack);
	if (count_items) {
		model_use(m, DEF_INPUT, whole);
		emit(iv, RTAB_OP_INPUT, whole);
		const rtab_input *len = &m->rs.inputs[whole];
		*t = (expr_type){RTAB_TYPE_INT, -1, len->min, len->max, model_scale(m)};
		*stack = 1;
		return true;
	}
	const rtab_input *len = &m->rs.inputs[list];
	int first = list_field_input(m, list, field, 1);
	if (first < 0) {
		if (len->max >= 1)
			check_report(m, CHECK_UNKNOWN_NAME, e->args->loc,
				     "the items of list '%s' have no field '%s'", len->id, field);
		else
			check_report(m, CHECK_TYPE, e->args->loc, "list '%s' holds no items",
				     len->id);
		return false;
	}
	if (m->bad[DEF_INPUT][first])
		return false;
	const rtab_input *f = &m->rs.inputs[first];
	bool is_bool = f->type == RTAB_TYPE_BOOL;
	bool wants_bool = a == 3 || a == 4 || a == 5; /* any, all, count */
	if (f->type == RTAB_TYPE_ENUM || is_bool != wants_bool) {
		check_report(m, CHECK_TYPE, e->args->loc,
			     "'%s' aggregates %s fields, but '%s' is %s", e->name,
			     wants_bool ? "true/false" : "integer", e->args->name,
			     f->type == RTAB_TYPE_ENUM ? m->rs.enums[f->enum_index].id
						      : is_bool ? "true/false" : "an integer");
		return false;
	}
	static const rtab_op ops[] = {RTAB_OP_MAX, RTAB_OP_MIN, RTAB_OP_ADD,
				      RTAB_OP_OR,  RTAB_OP_AND, RTAB_OP_ADD};
	/* The value of no items: the field's lowest (max), highest (min), 0, false, true, 0. */
	int32_t start[] = {f->min, f->max, 0, 0, 1, 0};
	emit(iv, RTAB_OP_CONST, start[a]);
	model_use(m, DEF_INPUT, list);
	for (size_t i = 1; i <= (size_t)len->max; i++) {
		int in = list_field_input(m, list, field, i);
		if (in < 0)
			return false;
		model_use(m, DEF_INPUT, in);
		if ((int64_t)i > len->min) {
			emit(iv, RTAB_OP_INPUT, list);
			emit(iv, RTAB_OP_CONST, (int32_t)i);
			emit(iv, RTAB_OP_GE, 0);
			emit(iv, RTAB_OP_JUMP_IF_FALSE, 2);
		}
		emit(iv, RTAB_OP_INPUT, in);
		emit(iv, ops[a], 0);
	}
	*stack = 3;
	int64_t lmin = len->min, lmax = len->max;
	switch (a) {
	case 0:
	case 1:
		*t = (expr_type){RTAB_TYPE_INT, -1, f->min, f->max, model_scale(m)};
		break;
	case 2:
		*t = (expr_type){RTAB_TYPE_INT, -1, f->min < 0 ? lmax * f->min : lmin * f->min,
				 f->max > 0 ? lmax * f->max : lmin * f->max, model_scale(m)};
		break;
	case 5:
		*t = (expr_type){RTAB_TYPE_INT, -1, 0, lmax, model_scale(m)};
		break;
	default:
		*t = (expr_type){RTAB_TYPE_BOOL, -1, 0, 1, 0};
	}
	return true;
}

static bool walk_call(model *m, const ast_expr *e, instr_vec *iv, expr_type *t, int depth,
		      int *stack)
{
	bool aggregate;
	bool agg_ok = walk_aggregate(m, e, iv, t, depth, stack, &aggregate);
	if (aggregate)
		return agg_ok;
	int k = model_find(m, DEF_MATRIX, e->name);
	model_use(m, DEF_MATRIX, k);
	if (k >= 0 && m->bad[DEF_MATRIX][k])
		return false; /* its declaration was reported */
	if (k >= 0) {
		const rtab_matrix *mx = &m->rs.matrices[k];
		bool ok = arity(m, e, mx->ndims, "matrix");
		size_t i = 0;
		*stack = 0;
		for (const ast_expr *a = e->args; ok && a; a = a->next_arg, i++) {
			expr_type at;
			int s;
			if (!walk(m, a, mx->dims[i], iv, &at, depth + 1, &s)) {
				ok = false;
				break;
			}
			if (at.kind != RTAB_TYPE_ENUM || at.enum_index != mx->dims[i]) {
				check_report(m, CHECK_TYPE, a->loc,
					     "key %zu of matrix '%s' is a value of enum '%s', not %s%s%s",
					     i + 1, mx->id, m->rs.enums[mx->dims[i]].id,
					     at.kind == RTAB_TYPE_ENUM ? "enum '" : "", type_name(m, &at),
					     at.kind == RTAB_TYPE_ENUM ? "'" : "");
				ok = false;
			}
			*stack = (int)i + s > *stack ? (int)i + s : *stack;
		}
		if (!ok)
			return false;
		emit(iv, RTAB_OP_MATRIX, k);
		*t = (expr_type){RTAB_TYPE_INT, -1, mx->min, mx->max, model_scale(m)};
		return true;
	}
	k = model_find(m, DEF_BAND, e->name);
	model_use(m, DEF_BAND, k);
	if (k >= 0) {
		const rtab_band *b = &m->rs.bands[k];
		expr_type ts[2];
		if (!arity(m, e, 2, "ratio") ||
		    !int_args(m, e, iv, ts, depth, stack, "a side of a ratio"))
			return false;
		for (const ast_expr *arg = e->args; arg; arg = arg->next_arg) {
			const expr_type *side = arg == e->args ? &ts[0] : &ts[1];
			if (side->lo < 0) {
				check_report(m, CHECK_TYPE, arg->loc,
					     "a side of ratio '%s' is a strength, never negative, but this one can be %lld",
					     b->id, (long long)side->lo);
				return false;
			}
		}
		emit(iv, RTAB_OP_BAND, k);
		*t = (expr_type){RTAB_TYPE_INT, -1, b->otherwise, b->otherwise, model_scale(m)};
		for (size_t i = 0; i < b->nsteps; i++) {
			t->lo = b->steps[i].value < t->lo ? b->steps[i].value : t->lo;
			t->hi = b->steps[i].value > t->hi ? b->steps[i].value : t->hi;
		}
		return true;
	}
	const ast_expr *q = e->args;
	if (q && !q->next_arg && q->kind == EX_BINARY && q->op == RTAB_OP_DIV_EXACT &&
	    q->rhs->kind != EX_INT && q->rhs->kind != EX_DECIMAL &&
	    (strcmp(e->name, "round_down") == 0 || strcmp(e->name, "round_up") == 0)) {
		/* round_down(a / b), round_up(a / b): the division rounded as the rule
		 * states, div_down(a, b), div_up(a, b). Computed exact first, a / b
		 * would fail at run time wherever it is finer than the precision; a
		 * constant divisor is proven exact or reported by the division. */
		ast_expr call = *e, dividend = *q->lhs;
		dividend.next_arg = q->rhs;
		call.args = &dividend;
		const struct builtin *div = &builtins[0];
		while (strcmp(div->name, e->name[6] == 'd' ? "div_down" : "div_up") != 0)
			div++;
		return walk_builtin(m, &call, div, iv, t, depth, stack);
	}
	if (q && !q->next_arg && q->kind == EX_BINARY && q->op == RTAB_OP_DIV_EXACT &&
	    q->rhs->kind != EX_INT && q->rhs->kind != EX_DECIMAL && strcmp(e->name, "round_nearest") == 0) {
		check_report(m, CHECK_INEXACT, e->loc,
			     "round_nearest of a division by a value that is not a constant: the division "
			     "fails at run time wherever it is finer than the ruleset's precision; state "
			     "the rounding of the division itself: div_up(2 * a - b, 2 * b) is a / b to "
			     "the nearest, a tie read down (b positive)");
		return false;
	}
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(builtins[i].name, e->name) == 0)
			return walk_builtin(m, e, &builtins[i], iv, t, depth, stack);

	if (strncmp(e->name, "round_", 6) == 0 && e->args && !e->args->next_arg) {
		check_report(m, CHECK_UNKNOWN_NAME, e->loc,
			     "'round %s' is no rounding; write 'round down', 'round up' or 'round nearest'",
			     e->name + 6);
		return false;
	}
	size_t n = m->ndefs[DEF_MATRIX] + m->ndefs[DEF_BAND] + sizeof builtins / sizeof builtins[0];
	const char **names = model_array(m, n, sizeof *names);
	size_t j = 0;
	for (size_t i = 0; i < m->ndefs[DEF_MATRIX]; i++)
		names[j++] = m->defs[DEF_MATRIX][i]->id;
	for (size_t i = 0; i < m->ndefs[DEF_BAND]; i++)
		names[j++] = m->defs[DEF_BAND][i]->id;
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		names[j++] = builtins[i].name;
	report_unknown(m, e->loc, "matrix, ratio or built-in", e->name, names, n, sizeof *names);
	return false;
}

static bool walk_dice(model *m, const ast_expr *e, instr_vec *iv, expr_type *t)
{
	if (!m->allow_dice) {
		check_report(m, CHECK_TYPE, e->loc,
			     "dice are rolled only in a distance; a table's roll is its 'roll' statement");
		return false;
	}
	if (e->num < 0 || e->sides < 0)
		return false; /* the lexer reported the literal */
	if (e->num < 1 || e->sides < 2 || e->num > RTAB_MAX_FACES || e->sides > INT16_MAX) {
		check_report(m, CHECK_BAD_RANGE, e->loc,
			     "%lldd%lld is not a roll; use 1 to %d dice of 2 or more sides",
			     (long long)e->num, (long long)e->sides, RTAB_MAX_FACES);
		return false;
	}
	int k = model_dice_for(m, (int)e->num, (int)e->sides);
	if (k < 0) {
		check_report(m, CHECK_LIMITS, e->loc,
			     "too many different dice in this ruleset (at most %d, named or rolled)",
			     MAX_DICE);
		return false;
	}
	emit(iv, RTAB_OP_ROLL, k);
	*t = (expr_type){RTAB_TYPE_INT, -1, e->num, e->num * e->sides, model_scale(m)};
	return true;
}

static bool walk_if(model *m, const ast_expr *e, instr_vec *iv, expr_type *t, int depth,
		    int *stack)
{
	expr_type c, a, b;
	int sc, sa, sb;
	if (!walk(m, e->lhs, -1, iv, &c, depth + 1, &sc) ||
	    !require_kind(m, e->lhs, &c, RTAB_TYPE_BOOL, "the condition of 'if'"))
		return false;
	size_t jump_else = iv->n;
	emit(iv, RTAB_OP_JUMP_IF_FALSE, 0);
	if (!walk(m, e->rhs, -1, iv, &a, depth + 1, &sa))
		return false;
	size_t jump_end = iv->n;
	emit(iv, RTAB_OP_JUMP, 0);
	if (!walk(m, e->third, -1, iv, &b, depth + 1, &sb))
		return false;
	if (a.kind == RTAB_TYPE_INT && b.kind == EXPR_EXACT) {
		insert_scale(m, iv, jump_end, &a);
		jump_end++;
	} else if (a.kind == EXPR_EXACT && b.kind == RTAB_TYPE_INT) {
		insert_scale(m, iv, iv->n, &b);
	}
	iv->v[jump_else].arg = (int32_t)(jump_end - jump_else);
	iv->v[jump_end].arg = (int32_t)(iv->n - jump_end - 1);
	if (a.kind != b.kind || (a.kind == RTAB_TYPE_ENUM && a.enum_index != b.enum_index)) {
		check_report(m, CHECK_TYPE, e->loc, "the branches of 'if' are %s and %s",
			     type_name(m, &a), type_name(m, &b));
		return false;
	}
	*t = a;
	t->grain = exact_gcd(a.grain, b.grain);
	t->lo = a.lo < b.lo ? a.lo : b.lo;
	t->hi = a.hi > b.hi ? a.hi : b.hi;
	*stack = sc > sa ? sc : sa;
	*stack = *stack > sb ? *stack : sb;
	return true;
}

static bool walk_node(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		      int depth, int *stack);

/* Every intermediate value must fit the runtime's 32 bits, not only the result. */
static bool walk(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		 int depth, int *stack)
{
	if (!walk_node(m, e, hint_enum, iv, t, depth, stack))
		return false;
	if (t->lo < INT32_MIN || t->hi > INT32_MAX) {
		if (!m->expr_reported) {
			check_report(m, CHECK_LIMITS, e->loc,
				     "this part of the expression may overflow a 32-bit integer");
			rtab_expr read = {(uint16_t)(iv->n < UINT16_MAX ? iv->n : UINT16_MAX), iv->v, NULL};
			note_open_inputs(m, CHECK_LIMITS, &read, 1);
		}
		m->expr_reported = true;
		return false;
	}
	return true;
}

static bool walk_node(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		      int depth, int *stack)
{
	expr_type x;
	int64_t converted;
	*stack = 1;
	if (depth > MAX_TREE_DEPTH) {
		if (!m->expr_reported)
			check_report(m, CHECK_LIMITS, e->loc, "expression nests deeper than %d levels",
				     MAX_TREE_DEPTH);
		m->expr_reported = true;
		return false;
	}
	switch (e->kind) {
	case EX_INT:
		if (e->unit && units_literal(m, e, &converted)) {
			/* written in another unit than the quantity it meets: as converted */
			ast_expr c = *e;
			c.kind = EX_DECIMAL;
			c.num = converted;
			c.unit = NULL;
			return walk(m, &c, hint_enum, iv, t, depth, stack);
		}
		emit(iv, RTAB_OP_CONST, (int32_t)e->num);
		*t = (expr_type){RTAB_TYPE_INT, -1, e->num, e->num, e->num * model_scale(m)};
		return true;
	case EX_DECIMAL: {
		int64_t v;
		if (!model_exact(m, e->unit && units_literal(m, e, &converted) ? converted : e->num,
				 e->loc, &v))
			return false;
		emit(iv, model_scale(m) > 1 ? RTAB_OP_CONST_EXACT : RTAB_OP_CONST, (int32_t)v);
		*t = (expr_type){model_scale(m) > 1 ? EXPR_EXACT : RTAB_TYPE_INT, -1, v, v, v};
		if (t->kind == RTAB_TYPE_INT)
			t->grain *= model_scale(m);
		return true;
	}
	case EX_BOOL:
		emit(iv, RTAB_OP_CONST, (int32_t)e->num);
		*t = (expr_type){RTAB_TYPE_BOOL, -1, e->num, e->num, 0};
		return true;
	case EX_NAME:
		return walk_name(m, e, hint_enum, iv, t);
	case EX_UNARY:
		if (!walk(m, e->lhs, -1, iv, &x, depth + 1, stack))
			return false;
		emit(iv, (rtab_op)e->op, 0);
		if (e->op == RTAB_OP_NOT) {
			*t = (expr_type){RTAB_TYPE_BOOL, -1, 0, 1, 0};
			return require_kind(m, e->lhs, &x, RTAB_TYPE_BOOL, "the operand of 'not'");
		}
		*t = (expr_type){x.kind == EXPR_EXACT ? EXPR_EXACT : RTAB_TYPE_INT, -1, -x.hi, -x.lo,
				 x.grain};
		return require_kind(m, e->lhs, &x, EXPR_NUMERIC, "the operand of '-'");
	case EX_BINARY:
		return walk_binary(m, e, iv, t, depth, stack);
	case EX_CALL:
		return walk_call(m, e, iv, t, depth, stack);
	case EX_DICE:
		return walk_dice(m, e, iv, t);
	case EX_IF:
		return walk_if(m, e, iv, t, depth, stack);
	}
	return false;
}

bool compile_expr(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		  expr_type *type)
{
	return compile_expr_as(m, e, want, out, type,
			       want == RTAB_TYPE_BOOL ? "a 'when' condition" : "a 'value'");
}

bool compile_expr_as(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		     expr_type *type, const char *role)
{
	instr_vec iv = {0};
	int stack = 0;
	m->expr_reported = false;
	m->expr_unit = units_check_expr(m, e);
	bool ok = walk(m, e, -1, &iv, type, 0, &stack);

	if (ok && want == EXPR_NUMERIC)
		ok = require_kind(m, e, type, want, role);
	else if (ok && type->kind != want) {
		ok = require_kind(m, e, type, want, role);
	}
	if (ok && stack > RTAB_MAX_EXPR_STACK) {
		check_report(m, CHECK_LIMITS, e->loc,
			     "expression needs %d stack slots; the runtime has %d", stack,
			     RTAB_MAX_EXPR_STACK);
		ok = false;
	}
	if (ok && (type->lo < INT32_MIN || type->hi > INT32_MAX)) {
		check_report(m, CHECK_LIMITS, e->loc, "expression may overflow a 32-bit integer");
		rtab_expr read = {(uint16_t)(iv.n < UINT16_MAX ? iv.n : UINT16_MAX), iv.v, NULL};
		note_open_inputs(m, CHECK_LIMITS, &read, 1);
		ok = false;
	}
	if (ok && iv.n > UINT16_MAX) {
		check_report(m, CHECK_LIMITS, e->loc, "expression is too long");
		ok = false;
	}
	if (ok) {
		rtab_instr *instrs = model_array(m, iv.n, sizeof *instrs);
		for (size_t i = 0; i < iv.n; i++)
			instrs[i] = iv.v[i];
		out->instrs = instrs;
		out->ninstrs = (uint16_t)iv.n;
		out->fold = NULL; /* folded after the checks, if at all (fold.c) */
	}
	free(iv.v);
	return ok;
}

bool const_value(model *m, const ast_expr *e, rtab_type_kind kind, int enum_index, int64_t *out)
{
	const ast_expr *x = e->kind == EX_UNARY && e->op == RTAB_OP_NEG ? e->lhs : e;
	int64_t sign = x == e ? 1 : -1;

	if (kind == RTAB_TYPE_INT && x->kind == EX_INT) {
		*out = sign * x->num;
		return true;
	}
	if (kind == RTAB_TYPE_BOOL && e->kind == EX_BOOL) {
		*out = e->num;
		return true;
	}
	if (kind == RTAB_TYPE_ENUM && e->kind == EX_NAME && enum_index >= 0) {
		int v = resolve_enum_value(m, enum_index, e->name, e->loc);
		*out = v < 0 ? 0 : v;
		return v >= 0;
	}
	check_report(m, CHECK_TYPE, e->loc, "a default must be a constant %s",
		     kind == RTAB_TYPE_INT ? "integer" : kind == RTAB_TYPE_BOOL ? "true or false"
								       : "enum value");
	return false;
}
