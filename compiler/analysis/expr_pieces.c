/* SPDX-License-Identifier: MIT */
/* Where an expression can change how it reads one input (see expr_pieces.h). */
#include "analysis/expr_pieces.h"

#include "base/util.h"

#include <stdlib.h>

/* Coefficients and segment starts beyond this are not followed: a
 * coefficient times a start stays far from overflow. */
#define PIECE_BIG (INT64_C(1) << 30)

static const piece_value unknown = {PIECE_UNKNOWN, 0, {0}, {0}, {0}};

static piece_value of_kind(piece_kind k)
{
	piece_value v = {0};
	v.kind = k;
	return v;
}

/* a + b * x for every x. */
static piece_value line(int64_t a, int64_t b)
{
	if (a > PIECE_BIG || a < -PIECE_BIG || b > PIECE_BIG || b < -PIECE_BIG)
		return unknown;
	piece_value v = of_kind(b ? PIECE_AFFINE : PIECE_CONST);
	v.n = 1;
	v.a[0] = a;
	v.b[0] = b;
	return v;
}

piece_value pieces_constant(int64_t a)
{
	return line(a, 0);
}

bool pieces_followed(piece_value v)
{
	return v.kind != PIECE_UNKNOWN;
}

bool pieces_flat(piece_value v)
{
	return v.kind == PIECE_CONST || v.kind == PIECE_FREE || v.kind == PIECE_FLAT;
}

static bool is_exact(piece_value v)
{
	return v.kind == PIECE_CONST || v.kind == PIECE_AFFINE;
}

/* Two values each constant between turns, combined: free of x when both are. */
static piece_value flat_join(piece_value v, piece_value w)
{
	bool free_of_x = (v.kind == PIECE_CONST || v.kind == PIECE_FREE) && (w.kind == PIECE_CONST || w.kind == PIECE_FREE);
	return of_kind(free_of_x ? PIECE_FREE : PIECE_FLAT);
}

static void add_turn(pieces *p, int64_t at)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->at = xrealloc(p->at, p->cap * sizeof *p->at);
	}
	p->at[p->n++] = at;
}

static int64_t floor_div(int64_t num, int64_t den)
{
	if (den < 0) {
		num = -num;
		den = -den;
	}
	return num / den - (num % den != 0 && num < 0);
}

/* Segment k of v ends before this x (INT64_MAX: the last). */
static int64_t seg_end(const piece_value *v, size_t k)
{
	return k + 1 < v->n ? v->from[k + 1] : INT64_MAX;
}

/* An exact value made of segments: equal neighbours merged; more than fit
 * are read as a line between turns (every segment's start is a turn already). */
static piece_value tidy(piece_value v)
{
	size_t m = 0;
	for (size_t k = 0; k < v.n; k++) {
		if (v.a[k] > PIECE_BIG || v.a[k] < -PIECE_BIG || v.b[k] > PIECE_BIG || v.b[k] < -PIECE_BIG ||
		    (k && (v.from[k] > 4 * PIECE_BIG || v.from[k] < -4 * PIECE_BIG)))
			return unknown;
		if (m && v.a[m - 1] == v.a[k] && v.b[m - 1] == v.b[k])
			continue;
		v.from[m] = v.from[k];
		v.a[m] = v.a[k];
		v.b[m] = v.b[k];
		m++;
	}
	v.n = (uint8_t)m;
	bool sloped = false;
	for (size_t k = 0; k < m; k++)
		sloped |= v.b[k] != 0;
	v.kind = m == 1 && !sloped ? PIECE_CONST : PIECE_AFFINE;
	return v;
}

typedef enum { JOIN_ADD, JOIN_SUB } join_op;

/* v and w on their common segments, added or subtracted; false when the
 * segments do not fit. */
static bool join_exact(piece_value v, piece_value w, join_op op, piece_value *out)
{
	piece_value r = of_kind(PIECE_AFFINE);
	size_t i = 0, j = 0;
	int64_t at = INT64_MIN;
	for (;;) {
		if (r.n == PIECE_SEGMENTS)
			return false;
		int sign = op == JOIN_SUB ? -1 : 1;
		r.from[r.n] = at;
		r.a[r.n] = v.a[i] + sign * w.a[j];
		r.b[r.n] = v.b[i] + sign * w.b[j];
		r.n++;
		int64_t ei = seg_end(&v, i), ej = seg_end(&w, j);
		at = ei < ej ? ei : ej;
		if (at == INT64_MAX)
			break;
		i += ei == at;
		j += ej == at;
	}
	*out = r;
	return true;
}

/* Where a + b x is zero on the whole values s..e (INT64_MIN, INT64_MAX: open):
 * the last value before the sign changes, or INT64_MAX where it does not. */
static int64_t sign_change(int64_t a, int64_t b, int64_t s, int64_t e)
{
	if (!b)
		return INT64_MAX;
	int64_t last = floor_div(-a, b); /* the zero, or the value before it */
	if ((s != INT64_MIN && last < s) || (e != INT64_MAX && last >= e - 1))
		return INT64_MAX;
	return last;
}

/* The turns where v - w changes sign: both whole values around each. */
static void crossings(const piece_value *d, pieces *p)
{
	for (size_t k = 0; k < d->n; k++) {
		int64_t last = sign_change(d->a[k], d->b[k], k ? d->from[k] : INT64_MIN, seg_end(d, k));
		if (last != INT64_MAX) {
			add_turn(p, last);
			add_turn(p, last + 1);
		}
	}
}

/* Read as a truth value (a condition, a branch's test): an exact value is
 * true except where it is zero. */
static piece_value truth(piece_value v, pieces *p)
{
	if (pieces_flat(v))
		return v;
	if (v.kind == PIECE_AFFINE) {
		crossings(&v, p);
		for (size_t k = 0; k < v.n; k++) /* a zero inside a segment of no slope */
			if (k)
				add_turn(p, v.from[k]);
		return of_kind(PIECE_FLAT);
	}
	return unknown;
}

piece_value pieces_add(piece_value v, piece_value w)
{
	if (!pieces_followed(v) || !pieces_followed(w))
		return unknown;
	piece_value r;
	if (is_exact(v) && is_exact(w))
		return join_exact(v, w, JOIN_ADD, &r) ? tidy(r) : of_kind(PIECE_LINEAR);
	if (pieces_flat(v) && pieces_flat(w))
		return flat_join(v, w);
	return of_kind(PIECE_LINEAR);
}

piece_value pieces_scale(piece_value v, int64_t k)
{
	if (!is_exact(v))
		return v;
	if (k > PIECE_BIG || k < -PIECE_BIG)
		return unknown;
	for (size_t s = 0; s < v.n; s++) {
		v.a[s] *= k;
		v.b[s] *= k;
	}
	return tidy(v);
}

static piece_value multiply(piece_value v, piece_value w)
{
	if (!pieces_followed(v) || !pieces_followed(w))
		return unknown;
	if (v.kind == PIECE_CONST)
		return pieces_scale(w, v.a[0]);
	if (w.kind == PIECE_CONST)
		return pieces_scale(v, w.a[0]);
	if (pieces_flat(v) && pieces_flat(w))
		return flat_join(v, w);
	if (pieces_flat(v) || pieces_flat(w)) /* a line times what is constant between turns */
		return of_kind(PIECE_LINEAR);
	return unknown;
}

/* A comparison of two values: where it turns, if it is followed. */
static piece_value compare(piece_value v, piece_value w, pieces *p)
{
	if (pieces_flat(v) && pieces_flat(w))
		return flat_join(v, w);
	piece_value d;
	if (is_exact(v) && is_exact(w) && join_exact(v, w, JOIN_SUB, &d)) {
		crossings(&d, p);
		return of_kind(PIECE_FLAT);
	}
	return unknown;
}

piece_value pieces_min_max(piece_value v, piece_value w, bool lowest, pieces *p)
{
	if (pieces_flat(v) && pieces_flat(w))
		return flat_join(v, w);
	piece_value d;
	if (!is_exact(v) || !is_exact(w) || !join_exact(v, w, JOIN_SUB, &d))
		return unknown;
	crossings(&d, p);
	/* Each segment of v - w split where it changes sign; on each part the
	 * lower (or higher) of the two, found at a value inside the part. */
	piece_value r = of_kind(PIECE_AFFINE);
	size_t i = 0, j = 0;
	for (size_t k = 0; k < d.n; k++) {
		int64_t s = k ? d.from[k] : INT64_MIN, e = seg_end(&d, k);
		int64_t last = sign_change(d.a[k], d.b[k], s, e);
		for (int part = 0; part < (last == INT64_MAX ? 1 : 2); part++) {
			int64_t ps = part ? last + 1 : s, pe = last != INT64_MAX && !part ? last + 1 : e;
			/* v - w is zero only at a part's last value (or it is one value) */
			int64_t at = ps != INT64_MIN ? ps : pe != INT64_MAX ? pe - 2 : 0;
			while (i + 1 < v.n && v.from[i + 1] <= at)
				i++;
			while (j + 1 < w.n && w.from[j + 1] <= at)
				j++;
			bool take_v = (d.a[k] + d.b[k] * at <= 0) == lowest;
			if (r.n == PIECE_SEGMENTS)
				return of_kind(PIECE_LINEAR);
			r.from[r.n] = ps;
			r.a[r.n] = take_v ? v.a[i] : w.a[j];
			r.b[r.n] = take_v ? v.b[i] : w.b[j];
			r.n++;
		}
	}
	return tidy(r);
}

piece_value pieces_either(piece_value v, piece_value w, pieces *p)
{
	piece_value r = pieces_min_max(v, w, true, p);
	return r.kind == PIECE_AFFINE ? of_kind(PIECE_LINEAR) : r;
}

piece_value pieces_clamp(piece_value v, int64_t lo, int64_t hi, pieces *p)
{
	return pieces_min_max(pieces_min_max(v, pieces_constant(lo), false, p), pieces_constant(hi), true, p);
}

piece_value pieces_select(piece_value cond, piece_value t, piece_value e, pieces *p)
{
	cond = truth(cond, p);
	if (cond.kind == PIECE_CONST)
		return cond.a[0] ? t : e;
	if (!pieces_followed(cond) || !pieces_followed(t) || !pieces_followed(e))
		return unknown;
	if (pieces_flat(t) && pieces_flat(e))
		return cond.kind == PIECE_FLAT ? of_kind(PIECE_FLAT) : flat_join(t, e);
	/* Lines chosen between by what is constant between turns. */
	return of_kind(PIECE_LINEAR);
}

/* An 'if' whose branches are still being read. */
typedef struct pending_if {
	size_t merge_at; /* the instruction after the else branch */
	piece_value cond, then_value;
	bool has_then;
} pending_if;

piece_value pieces_expr(const rtab_ruleset *rs, const rtab_expr *e, int x, pieces *p)
{
	piece_value st[RTAB_MAX_EXPR_STACK];
	pending_if ifs[RTAB_MAX_EXPR_STACK];
	size_t sp = 0, nifs = 0;
	if (!e || !e->ninstrs)
		return pieces_constant(1);
	for (size_t i = 0; i <= e->ninstrs; i++) {
		/* An else branch ends here: its value and the then branch's, chosen by the test. */
		while (nifs && ifs[nifs - 1].merge_at == i) {
			pending_if *f = &ifs[--nifs];
			if (!f->has_then || !sp)
				return unknown;
			st[sp - 1] = pieces_select(f->cond, f->then_value, st[sp - 1], p);
		}
		if (i == e->ninstrs)
			break;
		const rtab_instr *in = &e->instrs[i];
		piece_value *top = sp ? &st[sp - 1] : NULL, *below = sp >= 2 ? &st[sp - 2] : NULL;
		switch (in->op) {
		case RTAB_OP_CONST:
		case RTAB_OP_CONST_EXACT:
		case RTAB_OP_INPUT:
		case RTAB_OP_ROLL:
			if (sp == RTAB_MAX_EXPR_STACK)
				return unknown;
			st[sp++] = in->op == RTAB_OP_INPUT ? (in->arg == x ? line(0, 1) : of_kind(PIECE_FREE))
				   : in->op == RTAB_OP_ROLL ? of_kind(PIECE_FREE)
							    : pieces_constant(in->arg);
			break;
		case RTAB_OP_NEG:
		case RTAB_OP_SCALE:
			if (!top)
				return unknown;
			*top = pieces_scale(*top, in->op == RTAB_OP_NEG ? -1 : in->arg);
			break;
		case RTAB_OP_NOT:
			if (!top)
				return unknown;
			*top = truth(*top, p);
			break;
		case RTAB_OP_ABS:
			if (!top)
				return unknown;
			*top = pieces_min_max(*top, pieces_scale(*top, -1), false, p);
			break;
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
		case RTAB_OP_DIV_UP:
		case RTAB_OP_MUL_EXACT:
		case RTAB_OP_DIV_EXACT:
		case RTAB_OP_BAND: {
			if (!below)
				return unknown;
			piece_value v = *below, w = *top, r;
			switch (in->op) {
			case RTAB_OP_ADD: r = pieces_add(v, w); break;
			case RTAB_OP_SUB: r = pieces_add(v, pieces_scale(w, -1)); break;
			case RTAB_OP_MUL: r = multiply(v, w); break;
			case RTAB_OP_AND:
			case RTAB_OP_OR:
				v = truth(v, p);
				w = truth(w, p);
				r = pieces_flat(v) && pieces_flat(w) ? flat_join(v, w) : unknown;
				break;
			case RTAB_OP_MIN:
			case RTAB_OP_MAX: r = pieces_min_max(v, w, in->op == RTAB_OP_MIN, p); break;
			case RTAB_OP_EQ: case RTAB_OP_NE: case RTAB_OP_LT: case RTAB_OP_LE: case RTAB_OP_GT:
			case RTAB_OP_GE: r = compare(v, w, p); break;
			default: /* rounded divisions, a ratio's band: followed only where x is not in them */
				r = pieces_flat(v) && pieces_flat(w) ? flat_join(v, w) : unknown;
				break;
			}
			sp--;
			st[sp - 1] = r;
			break;
		}
		case RTAB_OP_MATRIX: {
			size_t keys = in->arg >= 0 && (size_t)in->arg < rs->nmatrices ? rs->matrices[in->arg].ndims : 0;
			if (!keys || keys > sp)
				return unknown;
			piece_value r = of_kind(PIECE_FREE);
			for (size_t k = 0; k < keys; k++)
				r = pieces_flat(st[sp - 1 - k]) && pieces_followed(r) ? flat_join(r, st[sp - 1 - k]) : unknown;
			sp -= keys;
			st[sp++] = r;
			break;
		}
		case RTAB_OP_JUMP_IF_FALSE:
			if (!top || in->arg < 1 || nifs == RTAB_MAX_EXPR_STACK)
				return unknown;
			ifs[nifs++] = (pending_if){0, *top, unknown, false};
			sp--;
			break;
		case RTAB_OP_JUMP:
			if (!top || !nifs || ifs[nifs - 1].has_then || in->arg < 0)
				return unknown;
			ifs[nifs - 1].then_value = *top;
			ifs[nifs - 1].has_then = true;
			ifs[nifs - 1].merge_at = i + 1 + (size_t)in->arg;
			sp--;
			break;
		default:
			return unknown;
		}
		if (sp && !pieces_followed(st[sp - 1]))
			return unknown;
	}
	return sp == 1 && !nifs ? st[0] : unknown;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

size_t pieces_values(const pieces *p, int32_t lo, int32_t hi, int32_t **out)
{
	int64_t *v = xcalloc(3 * p->n + 2, sizeof *v);
	size_t n = 0;
	v[n++] = lo;
	v[n++] = hi;
	for (size_t k = 0; k < p->n; k++)
		for (int64_t d = -1; d <= 1; d++)
			if (p->at[k] + d >= lo && p->at[k] + d <= hi)
				v[n++] = p->at[k] + d;
	qsort(v, n, sizeof *v, cmp_i64);
	*out = xcalloc(n, sizeof **out);
	size_t m = 0;
	for (size_t k = 0; k < n; k++)
		if (!m || (*out)[m - 1] != (int32_t)v[k])
			(*out)[m++] = (int32_t)v[k];
	free(v);
	return m;
}

void pieces_free(pieces *p)
{
	free(p->at);
	*p = (pieces){0};
}
