/* SPDX-License-Identifier: MIT */
/* The interval analysis of expressions (see expr_intervals.h). */
#include "analysis/expr_intervals.h"

#include <string.h>

static ival clamp32(ival v)
{
	if (v.lo < INT32_MIN)
		v.lo = INT32_MIN;
	if (v.hi > INT32_MAX)
		v.hi = INT32_MAX;
	return v;
}

static int64_t min4(int64_t a, int64_t b, int64_t c, int64_t d)
{
	int64_t m = a < b ? a : b;
	m = m < c ? m : c;
	return m < d ? m : d;
}

static int64_t max4(int64_t a, int64_t b, int64_t c, int64_t d)
{
	int64_t m = a > b ? a : b;
	m = m > c ? m : c;
	return m > d ? m : d;
}

/* The range of a's value op b's, before any check (ADD, SUB, MUL, MIN, MAX, DIV_*). */
static ival ival_binary(int op, ival a, ival b)
{
	switch ((rtab_op)op) {
	case RTAB_OP_ADD: return (ival){a.lo + b.lo, a.hi + b.hi};
	case RTAB_OP_SUB: return (ival){a.lo - b.hi, a.hi - b.lo};
	case RTAB_OP_MUL:
		return (ival){min4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi),
			      max4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi)};
	case RTAB_OP_MIN: return (ival){a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
	case RTAB_OP_MAX: return (ival){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
	case RTAB_OP_DIV_DOWN:
	case RTAB_OP_DIV_UP: {
		/* |a / b| <= |a| for |b| >= 1, rounding included. */
		int64_t mag = a.hi > -a.lo ? a.hi : -a.lo;
		return (ival){-mag, mag};
	}
	default: return (ival){0, 1}; /* a comparison or a connective */
	}
}

static ival matrix_range(const rtab_matrix *m, size_t n)
{
	ival r = {INT32_MAX, INT32_MIN};
	for (size_t c = 0; c < n; c++) {
		if (rtab_matrix_cell(m, c) < r.lo)
			r.lo = rtab_matrix_cell(m, c);
		if (rtab_matrix_cell(m, c) > r.hi)
			r.hi = rtab_matrix_cell(m, c);
	}
	return r;
}

static size_t matrix_size(const rtab_ruleset *rs, const rtab_matrix *m, bool *ok)
{
	size_t n = 1;
	if (m->ndims == 0)
		*ok = false;
	for (size_t k = 0; k < m->ndims; k++) {
		if (m->dims[k] >= rs->nenums) {
			*ok = false;
			return 0;
		}
		n *= rs->enums[m->dims[k]].nvalues;
	}
	return n;
}

static ival band_range(const rtab_band *b)
{
	ival r = {b->otherwise, b->otherwise};
	for (size_t i = 0; i < b->nsteps; i++) {
		if (b->steps[i].value < r.lo)
			r.lo = b->steps[i].value;
		if (b->steps[i].value > r.hi)
			r.hi = b->steps[i].value;
	}
	return r;
}

static bool merge(sstate *into, const sstate *from)
{
	if (!into->set) {
		*into = *from;
		return true;
	}
	if (into->depth != from->depth)
		return false;
	for (int i = 0; i < from->depth; i++) {
		if (from->s[i].lo < into->s[i].lo)
			into->s[i].lo = from->s[i].lo;
		if (from->s[i].hi > into->s[i].hi)
			into->s[i].hi = from->s[i].hi;
	}
	return true;
}

bool expr_intervals(const rtab_ruleset *rs, const rtab_expr *e, sstate *st)
{
	size_t n = e->ninstrs;
	memset(st, 0, (n + 1) * sizeof *st);
	st[0].set = true;
	for (size_t i = 0; i < n; i++) {
		const rtab_instr *in = &e->instrs[i];
		sstate cur = st[i];
		int d = cur.depth;
		if (!cur.set)
			return false; /* unreachable code: not what the compiler emits */
		switch ((rtab_op)in->op) {
		case RTAB_OP_CONST:
		case RTAB_OP_INPUT:
			if (d == RTAB_MAX_EXPR_STACK)
				return false;
			if (in->op == RTAB_OP_CONST) {
				cur.s[d].lo = cur.s[d].hi = in->arg;
			} else {
				if (in->arg < 0 || (size_t)in->arg >= rs->ninputs)
					return false;
				cur.s[d].lo = rs->inputs[in->arg].min;
				cur.s[d].hi = rs->inputs[in->arg].max;
			}
			cur.depth++;
			break;
		case RTAB_OP_NEG:
		case RTAB_OP_ABS:
		case RTAB_OP_NOT: {
			if (d < 1)
				return false;
			ival a = cur.s[d - 1];
			if (a.lo == INT32_MIN && in->op != RTAB_OP_NOT)
				a.lo++; /* checked: INT32_MIN overflows */
			if (in->op == RTAB_OP_NOT)
				a = (ival){0, 1};
			else if (in->op == RTAB_OP_NEG)
				a = (ival){-a.hi, -a.lo};
			else if (a.lo < 0)
				a = a.hi <= 0 ? (ival){-a.hi, -a.lo} : (ival){0, -a.lo > a.hi ? -a.lo : a.hi};
			cur.s[d - 1] = a;
			break;
		}
		case RTAB_OP_MATRIX: {
			bool ok = true;
			if (in->arg < 0 || (size_t)in->arg >= rs->nmatrices)
				return false;
			const rtab_matrix *m = &rs->matrices[in->arg];
			size_t cells = matrix_size(rs, m, &ok);
			if (!ok || d < m->ndims)
				return false;
			cur.depth -= m->ndims;
			cur.s[cur.depth] = matrix_range(m, cells);
			cur.depth++;
			break;
		}
		case RTAB_OP_BAND: {
			if (in->arg < 0 || (size_t)in->arg >= rs->nbands || d < 2)
				return false;
			const rtab_band *b = &rs->bands[in->arg];
			if (b->rounding != RTAB_ROUND_EVENS)
				return false; /* rounding odds between steps: not bounded here */
			for (size_t k = 0; k < b->nsteps; k++)
				if (b->steps[k].num <= 0 || b->steps[k].den <= 0 ||
				    b->steps[k].num > RTAB_MAX_STEP_TERM || b->steps[k].den > RTAB_MAX_STEP_TERM)
					return false;
			cur.depth--;
			cur.s[d - 2] = band_range(b);
			break;
		}
		case RTAB_OP_JUMP_IF_FALSE:
		case RTAB_OP_JUMP: {
			if (in->arg < 0 || (size_t)in->arg > n - i - 1)
				return false;
			if (in->op == RTAB_OP_JUMP_IF_FALSE) {
				if (d < 1)
					return false;
				cur.depth--;
			}
			if (!merge(&st[i + 1 + (size_t)in->arg], &cur))
				return false;
			if (in->op == RTAB_OP_JUMP)
				continue; /* no fall-through */
			break;
		}
		case RTAB_OP_ADD:
		case RTAB_OP_SUB:
		case RTAB_OP_MUL:
		case RTAB_OP_EQ:
		case RTAB_OP_NE:
		case RTAB_OP_LT:
		case RTAB_OP_LE:
		case RTAB_OP_GT:
		case RTAB_OP_GE:
		case RTAB_OP_AND:
		case RTAB_OP_OR:
		case RTAB_OP_MIN:
		case RTAB_OP_MAX:
		case RTAB_OP_DIV_DOWN:
		case RTAB_OP_DIV_UP: {
			if (d < 2)
				return false;
			cur.s[d - 2] = clamp32(ival_binary(in->op, cur.s[d - 2], cur.s[d - 1]));
			cur.depth--;
			break;
		}
		case RTAB_OP_CONST_EXACT:
		case RTAB_OP_SCALE:
		case RTAB_OP_MUL_EXACT:
		case RTAB_OP_DIV_EXACT:
			return false; /* exact numbers (a precision 1/N): the interpreter answers */
		default:
			return false; /* dice, or an operation this emitter does not know */
		}
		if (!merge(&st[i + 1], &cur))
			return false;
	}
	return st[n].set && st[n].depth == 1;
}
