/* Typing expressions and compiling them to the runtime's postfix programs. */
#include "sema.h"

#include <stdlib.h>

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

static const char *type_name(const model *m, const expr_type *t)
{
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
		c[0] = clamp64(a->lo * b->lo);
		c[1] = clamp64(a->lo * b->hi);
		c[2] = clamp64(a->hi * b->lo);
		c[3] = clamp64(a->hi * b->hi);
		r->lo = r->hi = c[0];
		for (int i = 1; i < 4; i++) {
			r->lo = c[i] < r->lo ? c[i] : r->lo;
			r->hi = c[i] > r->hi ? c[i] : r->hi;
		}
	}
}

static bool walk(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		 int depth, int *stack);

static bool expect_kind(model *m, const ast_expr *e, const expr_type *t, rtab_type_kind want,
			const char *role)
{
	if (t->kind == want)
		return true;
	check_report(m, CHECK_TYPE, e->loc, "%s must be %s, but this is %s", role,
		     want == RTAB_TYPE_BOOL ? "a condition (bool)" : "an integer",
		     type_name(m, t));
	return false;
}

static bool walk_binary(model *m, const ast_expr *e, instr_vec *iv, expr_type *t, int depth,
			int *stack)
{
	expr_type a, b;
	int sa, sb;
	bool eq = e->op == RTAB_OP_EQ || e->op == RTAB_OP_NE;
	bool ok = walk(m, e->lhs, eq ? operand_enum(m, e->rhs) : -1, iv, &a, depth + 1, &sa);
	ok &= walk(m, e->rhs, eq ? operand_enum(m, e->lhs) : -1, iv, &b, depth + 1, &sb);
	*stack = sa > sb + 1 ? sa : sb + 1;
	if (!ok)
		return false;
	emit(iv, (rtab_op)e->op, 0);
	t->enum_index = -1;
	t->lo = 0;
	t->hi = 1;
	switch (e->op) {
	case RTAB_OP_AND:
	case RTAB_OP_OR:
		t->kind = RTAB_TYPE_BOOL;
		return expect_kind(m, e->lhs, &a, RTAB_TYPE_BOOL, "an operand of 'and'/'or'") &
		       expect_kind(m, e->rhs, &b, RTAB_TYPE_BOOL, "an operand of 'and'/'or'");
	case RTAB_OP_EQ:
	case RTAB_OP_NE:
		t->kind = RTAB_TYPE_BOOL;
		if (a.kind != b.kind || (a.kind == RTAB_TYPE_ENUM && a.enum_index != b.enum_index)) {
			check_report(m, CHECK_TYPE, e->loc, "cannot compare %s with %s",
				     type_name(m, &a), type_name(m, &b));
			return false;
		}
		return true;
	case RTAB_OP_LT:
	case RTAB_OP_LE:
	case RTAB_OP_GT:
	case RTAB_OP_GE:
		t->kind = RTAB_TYPE_BOOL;
		return expect_kind(m, e->lhs, &a, RTAB_TYPE_INT, "an operand of an ordering") &
		       expect_kind(m, e->rhs, &b, RTAB_TYPE_INT, "an operand of an ordering");
	default:
		t->kind = RTAB_TYPE_INT;
		if (!(expect_kind(m, e->lhs, &a, RTAB_TYPE_INT, "an operand of arithmetic") &
		      expect_kind(m, e->rhs, &b, RTAB_TYPE_INT, "an operand of arithmetic")))
			return false;
		arith_bounds(e->op, &a, &b, t);
		return true;
	}
}

static bool walk_name(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t)
{
	int v = hint_enum >= 0 ? rtab_find_enum_value(&m->rs.enums[hint_enum], e->name) : -1;
	if (v >= 0) {
		emit(iv, RTAB_OP_CONST, v);
		*t = (expr_type){RTAB_TYPE_ENUM, hint_enum, v, v};
		return true;
	}
	int i = model_find(m, DEF_INPUT, e->name);
	if (i < 0) {
		if (hint_enum >= 0)
			resolve_enum_value(m, hint_enum, e->name, e->loc);
		else
			resolve_def(m, DEF_INPUT, e->name, e->loc);
		return false;
	}
	const rtab_input *in = &m->rs.inputs[i];
	emit(iv, RTAB_OP_INPUT, i);
	*t = (expr_type){(rtab_type_kind)in->type, in->enum_index, in->min, in->max};
	return true;
}

static bool walk(model *m, const ast_expr *e, int hint_enum, instr_vec *iv, expr_type *t,
		 int depth, int *stack)
{
	expr_type x;
	*stack = 1;
	if (depth > MAX_TREE_DEPTH) {
		check_report(m, CHECK_LIMITS, e->loc, "expression nests deeper than %d levels",
			     MAX_TREE_DEPTH);
		return false;
	}
	switch (e->kind) {
	case EX_INT:
		emit(iv, RTAB_OP_CONST, (int32_t)e->num);
		*t = (expr_type){RTAB_TYPE_INT, -1, e->num, e->num};
		return true;
	case EX_BOOL:
		emit(iv, RTAB_OP_CONST, (int32_t)e->num);
		*t = (expr_type){RTAB_TYPE_BOOL, -1, e->num, e->num};
		return true;
	case EX_NAME:
		return walk_name(m, e, hint_enum, iv, t);
	case EX_UNARY:
		if (!walk(m, e->lhs, -1, iv, &x, depth + 1, stack))
			return false;
		emit(iv, (rtab_op)e->op, 0);
		if (e->op == RTAB_OP_NOT) {
			*t = (expr_type){RTAB_TYPE_BOOL, -1, 0, 1};
			return expect_kind(m, e->lhs, &x, RTAB_TYPE_BOOL, "the operand of 'not'");
		}
		*t = (expr_type){RTAB_TYPE_INT, -1, -x.hi, -x.lo};
		return expect_kind(m, e->lhs, &x, RTAB_TYPE_INT, "the operand of '-'");
	case EX_BINARY:
		return walk_binary(m, e, iv, t, depth, stack);
	}
	return false;
}

bool compile_expr(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		  expr_type *type)
{
	instr_vec iv = {0};
	int stack = 0;
	bool ok = walk(m, e, -1, &iv, type, 0, &stack);

	if (ok && type->kind != want) {
		ok = expect_kind(m, e, type, want,
				 want == RTAB_TYPE_BOOL ? "a 'when' condition" : "a 'value'");
	}
	if (ok && stack > RTAB_MAX_EXPR_STACK) {
		check_report(m, CHECK_LIMITS, e->loc,
			     "expression needs %d stack slots; the runtime has %d", stack,
			     RTAB_MAX_EXPR_STACK);
		ok = false;
	}
	if (ok && (type->lo < INT32_MIN || type->hi > INT32_MAX)) {
		check_report(m, CHECK_LIMITS, e->loc, "expression may overflow a 32-bit integer");
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
