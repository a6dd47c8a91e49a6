/* SPDX-License-Identifier: MIT */
/* Exact numbers: the ruleset's precision (`exact 1/N;`), decimals and number inputs. */
#include "check/passes/sema_exact.h"

#include "check/checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t exact_gcd(int64_t a, int64_t b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

int32_t model_scale(const model *m)
{
	return m->rs.scale > 1 ? m->rs.scale : 1;
}

/* The precisions a decimal of at most 3 places can need: the divisors of 1000. */
static bool precision_ok(int64_t n)
{
	return n >= 1 && n <= RTAB_MILLI && RTAB_MILLI % n == 0;
}

void resolve_exact(model *m, const ast_stmt *s, const ast_stmt **seen)
{
	if (s->misspelt) {
		check_report(m, CHECK_EXACT, s->name_loc,
			     "'%s %lld/%lld' is not a statement of the ruleset header; the precision is written `exact 1/%lld;`",
			     s->name, (long long)s->lo, (long long)s->hi, (long long)s->hi);
		return;
	}
	if (*seen) {
		check_report(m, CHECK_DUPLICATE, s->loc, "the precision is declared twice");
		check_note(m, (*seen)->loc, "first declared here");
		return;
	}
	*seen = s;
	if (s->lo != 1 || !precision_ok(s->hi)) {
		check_report(m, CHECK_EXACT, s->text_loc,
			     "'exact %lld/%lld' is not a precision rtab holds; write `exact 1/N;` with N one of "
			     "2, 4, 5, 8, 10, 20, 25, 40, 50, 100, 125, 200, 250, 500, 1000 (halves: `exact 1/2;`), "
			     "so that every number prints as an exact decimal",
			     (long long)s->lo, (long long)s->hi);
		return;
	}
	m->rs.scale = s->hi > 1 ? (int32_t)s->hi : 0;
}

/* The least precision that holds milli (in thousandths) and everything scale holds. */
static int64_t precision_for(int64_t milli, int64_t scale)
{
	int64_t need = RTAB_MILLI / exact_gcd(milli, RTAB_MILLI);
	return need / exact_gcd(need, scale) * scale;
}

static void format_milli(char *buf, size_t cap, int64_t milli)
{
	int64_t mag = milli < 0 ? -milli : milli, frac = mag % RTAB_MILLI;
	int places = 3;
	while (places > 0 && frac % 10 == 0) {
		frac /= 10;
		places--;
	}
	if (places)
		snprintf(buf, cap, "%s%lld.%0*lld", milli < 0 ? "-" : "", (long long)(mag / RTAB_MILLI),
			 places, (long long)frac);
	else
		snprintf(buf, cap, "%s%lld", milli < 0 ? "-" : "", (long long)(mag / RTAB_MILLI));
}

bool model_exact(model *m, int64_t milli, src_loc loc, int64_t *scaled)
{
	int64_t s = model_scale(m);
	if ((milli * s) % RTAB_MILLI == 0) {
		*scaled = milli * s / RTAB_MILLI;
		if (*scaled < -RTAB_INT_LIMIT || *scaled > RTAB_INT_LIMIT) {
			check_report(m, CHECK_LIMITS, loc,
				     "at a precision 1/%lld this number is held as %lld, beyond %d in magnitude; "
				     "declare a coarser precision",
				     (long long)s, (long long)*scaled, RTAB_INT_LIMIT);
			*scaled = 0;
			return false;
		}
		return true;
	}
	char text[40];
	format_milli(text, sizeof text, milli);
	int64_t want = precision_for(milli, s);
	if (s == 1)
		check_report(m, CHECK_EXACT, loc,
			     "%s is not a whole number, and this ruleset holds whole numbers only; "
			     "declare its precision in the ruleset header: `exact 1/%lld;`",
			     text, (long long)want);
	else
		check_report(m, CHECK_EXACT, loc,
			     "%s is finer than the ruleset's precision (1/%lld); declare `exact 1/%lld;` in the ruleset header",
			     text, (long long)s, (long long)want);
	*scaled = 0;
	return false;
}

bool input_number_arg(model *m, const rtab_input *ip, const ast_arg *a, const char *key,
		      int64_t *out)
{
	int64_t v = a->num;
	char lo[24], hi[24], step[24];
	bool number = ip->step > 0;
	int32_t s = number ? model_scale(m) : 1;
	if (a->kind == ARG_NAME)
		return false;
	if (a->kind == ARG_DECIMAL || number) {
		if (!number) {
			if (a->num % RTAB_MILLI != 0) {
				check_report(m, CHECK_TYPE, a->loc,
					     "input '%s' is a whole number (int); declare it `number LO..HI by STEP` to give it fractions",
					     key);
				return false;
			}
			v = a->num / RTAB_MILLI;
		} else if (!model_exact(m, a->kind == ARG_DECIMAL ? a->num : a->num * RTAB_MILLI,
					a->loc, &v)) {
			return false;
		}
	}
	rtab_format_exact(ip->min, s, lo, sizeof lo);
	rtab_format_exact(ip->max, s, hi, sizeof hi);
	if (v < ip->min || v > ip->max) {
		char given[40];
		format_milli(given, sizeof given,
			     a->kind == ARG_DECIMAL ? a->num : a->num * RTAB_MILLI);
		check_report(m, CHECK_BAD_RANGE, a->loc, "%s lies outside the domain %s..%s of input '%s'",
			     given, lo, hi, key);
		return false;
	}
	if (number && ip->step > 1 && (v - ip->min) % ip->step != 0) {
		rtab_format_exact(ip->step, s, step, sizeof step);
		check_report(m, CHECK_BAD_RANGE, a->loc,
			     "input '%s' goes from %s by %s; this value lies between two of its steps", key,
			     lo, step);
		return false;
	}
	*out = v;
	return true;
}

bool resolve_number_type(model *m, const ast_type *t, rtab_input *in)
{
	int64_t lo, hi, step;
	if (strcmp(t->name, "number") != 0) {
		check_report(m, CHECK_TYPE, t->loc,
			     "'%s' followed by a range is no type; an exact number is `number LO..HI by STEP`",
			     t->name);
		return false;
	}
	if (model_scale(m) == 1 && t->step % RTAB_MILLI != 0) {
		char text[40];
		format_milli(text, sizeof text, t->step);
		check_report(m, CHECK_EXACT, t->loc,
			     "a number by %s needs the ruleset's precision; declare `exact 1/%lld;` in the ruleset header",
			     text, (long long)precision_for(t->step, 1));
		return false;
	}
	if (!model_exact(m, t->lo, t->loc, &lo) || !model_exact(m, t->hi, t->loc, &hi) ||
	    !model_exact(m, t->step, t->loc, &step))
		return false;
	if (lo > hi) {
		check_report(m, CHECK_BAD_RANGE, t->loc, "the range is empty; write the low end first");
		return false;
	}
	if (step <= 0 || (hi - lo) % step != 0) {
		check_report(m, CHECK_BAD_RANGE, t->loc,
			     "the step of a number must be positive and go from the low end to the high end in whole steps");
		return false;
	}
	in->type = RTAB_TYPE_INT;
	in->enum_index = -1;
	in->min = (int32_t)lo;
	in->max = (int32_t)hi;
	in->step = (int32_t)step;
	return true;
}

void expr_make_exact(model *m, rtab_expr *e, expr_type *t)
{
	int32_t s = model_scale(m);
	if (t->kind != RTAB_TYPE_INT || s == 1 || e->ninstrs == UINT16_MAX)
		return;
	rtab_instr *v = model_array(m, (size_t)e->ninstrs + 1, sizeof *v);
	if (e->ninstrs)
		memcpy(v, e->instrs, e->ninstrs * sizeof *v);
	v[e->ninstrs].op = RTAB_OP_SCALE;
	v[e->ninstrs].arg = s;
	e->instrs = v;
	e->ninstrs++;
	e->fold = NULL;
	t->kind = EXPR_EXACT;
	t->lo *= s;
	t->hi *= s;
}
