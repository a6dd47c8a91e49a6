/* SPDX-License-Identifier: MIT */
/* Whether two expressions mean the same (see expr_equal.h). */
#include "analysis/expr_equal.h"

#include "analysis/expr_pieces.h"
#include "analysis/quantity.h"
#include "base/util.h"
#include "analysis/expr_intervals.h"
#include "text/expr_text.h"
#include "text/value_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Evaluations per side beyond which the situations are not all tried. */
#define EXHAUSTIVE_LIMIT (UINT64_C(1) << 21)
/* Inputs of one comparison (a normal form has one coefficient each). */
#define MAX_SPACE_INPUTS 32
/* Values of an enum matched by name between two orders. */
#define MAX_PERMUTED_VALUES 64

/* The situations of the inputs both expressions read, matched by id. */
typedef struct space {
	const rtab_ruleset *a, *b;
	const model *model_a, *model_b; /* theirs: the inputs 'earlier OUTCOME' reads, named so */
	size_t n;
	const char *id[MAX_SPACE_INPUTS];
	int ia[MAX_SPACE_INPUTS], ib[MAX_SPACE_INPUTS]; /* the input's index on each side */
	int lo, hi, face_lo, face_hi;
	size_t nfaces; /* faces a roll of either may read (0: no dice) */
	bool dice_ok;  /* every die of both has the same faces */
	bool faces_known;
	/* An input in two units: the side with the coarser steps leads, the other
	 * follows at the value of its domain nearest the leading one converted. */
	bool mapped[MAX_SPACE_INPUTS];
	bool b_leads[MAX_SPACE_INPUTS];
	ratio per_unit[MAX_SPACE_INPUTS]; /* one of the leading side's unit in the other's */
	/* An int input too wide to try every value of, read only where it
	 * turns (expr_pieces.h): the values tried, else NULL: its domain. */
	int32_t *tried[MAX_SPACE_INPUTS];
	size_t ntried[MAX_SPACE_INPUTS];
	/* An enum input whose values the two files list in another order: the
	 * translation's value of each of the original's, by name. */
	bool permuted[MAX_SPACE_INPUTS];
	uint8_t by_name[MAX_SPACE_INPUTS][MAX_PERMUTED_VALUES];
	const char *ua, *ub;               /* the units of the values compared, or NULL */
	int64_t va_scale, vb_scale;        /* the steps of one in each side's values (value_scale) */
	work_budget *work;                 /* what trying every situation may spend, or NULL */
} space;

static bool add_input(space *s, const char *id)
{
	for (size_t k = 0; k < s->n; k++)
		if (strcmp(s->id[k], id) == 0)
			return true;
	if (s->n == MAX_SPACE_INPUTS)
		return false;
	s->id[s->n] = id;
	s->ia[s->n] = rtab_find_input(s->a, id);
	s->ib[s->n] = rtab_find_input(s->b, id);
	s->n++;
	return true;
}

/* The inputs and dice e reads; false when there are too many to match. */
static bool read_expr(space *s, const rtab_ruleset *rs, const rtab_expr *e)
{
	size_t faces = 0;
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		if (in->op == RTAB_OP_INPUT && in->arg >= 0 && (size_t)in->arg < rs->ninputs) {
			if (!add_input(s, rs->inputs[in->arg].id))
				return false;
		} else if (in->op == RTAB_OP_ROLL && in->arg >= 0 && (size_t)in->arg < rs->ndice) {
			const rtab_dice *d = &rs->dice[in->arg];
			faces += d->nfaces;
			for (size_t g = 0; g < d->ngroups; g++) {
				if (!s->faces_known) {
					s->face_lo = d->groups[g].face_min;
					s->face_hi = d->groups[g].face_max;
					s->faces_known = true;
				}
				s->dice_ok &= d->groups[g].face_min == s->face_lo && d->groups[g].face_max == s->face_hi;
			}
		}
	}
	if (faces > s->nfaces)
		s->nfaces = faces;
	return true;
}

static void type_text(strbuf *sb, const rtab_ruleset *rs, const rtab_input *in)
{
	if (in->type == RTAB_TYPE_BOOL)
		sb_puts(sb, "bool");
	else if (in->type == RTAB_TYPE_ENUM && in->enum_index >= 0 && in->enum_index < rs->nenums) {
		const rtab_enum *e = &rs->enums[in->enum_index];
		sb_printf(sb, "%s (", e->id);
		for (size_t v = 0; v < e->nvalues; v++)
			sb_printf(sb, "%s%s", v ? ", " : "", e->values[v].id);
		sb_putc(sb, ')');
	} else if (in->step > 0)
		sb_printf(sb, "number %d..%d by %d/%d", in->min, in->max, in->step, (int)rs->scale);
	else
		export_int_domain(sb, in->min, in->max);
}

/* The steps of one in the ruleset's exact numbers (1: whole numbers). */
static int64_t scale_of(const rtab_ruleset *rs)
{
	return rs->scale > 1 ? rs->scale : 1;
}

/* The steps of one of an input's values (a number input counts in the
 * ruleset's exact numbers; an int in ones). */
static int64_t input_scale(const rtab_ruleset *rs, const rtab_input *in)
{
	return in->step > 0 ? scale_of(rs) : 1;
}

/* The steps of one in the values of e: the ruleset's scale where e gives an
 * exact number (a distance, a number input, 12.5), 1 where it gives a whole
 * one (a modifier's value, a count, a condition), so that a value prints as
 * written. Read from the program: each stack slot is exact or whole; the two
 * branches of an 'if' give the same kind, the later one taken. */
static int64_t value_scale(const rtab_ruleset *rs, const rtab_expr *e)
{
	enum { MAX_DEPTH = 64 };
	bool exact[MAX_DEPTH];
	size_t depth = 0;
	if (scale_of(rs) == 1 || !e || !e->ninstrs)
		return 1;
	for (size_t k = 0; k < e->ninstrs; k++) {
		const rtab_instr *in = &e->instrs[k];
		bool a = depth >= 1 && exact[depth - 1], b = depth >= 2 && exact[depth - 2];
		switch (in->op) {
		case RTAB_OP_CONST: case RTAB_OP_ROLL:
			if (depth < MAX_DEPTH)
				exact[depth++] = false;
			break;
		case RTAB_OP_CONST_EXACT:
			if (depth < MAX_DEPTH)
				exact[depth++] = true;
			break;
		case RTAB_OP_INPUT:
			if (depth < MAX_DEPTH)
				exact[depth++] = in->arg >= 0 && (size_t)in->arg < rs->ninputs && rs->inputs[in->arg].step > 0;
			break;
		case RTAB_OP_SCALE:
			if (depth)
				exact[depth - 1] = true;
			break;
		case RTAB_OP_NOT:
			if (depth)
				exact[depth - 1] = false;
			break;
		case RTAB_OP_NEG: case RTAB_OP_ABS:
			break;
		case RTAB_OP_ADD: case RTAB_OP_SUB: case RTAB_OP_MIN: case RTAB_OP_MAX: case RTAB_OP_MUL:
			if (depth >= 2)
				exact[--depth - 1] = a || b;
			break;
		case RTAB_OP_MUL_EXACT: case RTAB_OP_DIV_EXACT:
			if (depth >= 2)
				exact[--depth - 1] = true;
			break;
		case RTAB_OP_DIV_DOWN: case RTAB_OP_DIV_UP:
			/* an exact number over an exact one is a whole count (round_up(x)) */
			if (depth >= 2)
				exact[--depth - 1] = b && !a;
			break;
		case RTAB_OP_JUMP_IF_FALSE:
			if (depth)
				depth--;
			break;
		case RTAB_OP_JUMP:
			/* the 'then' value stands; the 'else' branch pushes its own */
			if (depth)
				depth--;
			break;
		case RTAB_OP_MATRIX: { /* pops its keys, pushes a whole cell */
			size_t keys = in->arg >= 0 && (size_t)in->arg < rs->nmatrices ? rs->matrices[in->arg].ndims : 1;
			depth = depth >= keys ? depth - keys : 0;
			if (depth < MAX_DEPTH)
				exact[depth++] = false;
			break;
		}
		default: /* comparisons, and, or, a ratio band: whole */
			if (depth >= 2)
				exact[--depth - 1] = false;
			break;
		}
	}
	return depth && exact[depth - 1] ? scale_of(rs) : 1;
}

/* A value of an input as a number in its unit, exactly. */
static ratio real_value(const rtab_ruleset *rs, const rtab_input *in, int64_t v)
{
	return ratio_of(v, input_scale(rs, in));
}

/* An input in two units: NULL when a declared conversion relates them and
 * makes its bounds equal, else what differs (owned). */
static char *domains_differ(const rtab_ruleset *a, const rtab_input *x, const rtab_ruleset *b, const rtab_input *y,
			    const char *id)
{
	char *why = NULL;
	if (x->type != y->type || x->type == RTAB_TYPE_ENUM || x->type == RTAB_TYPE_BOOL) {
		strbuf ta = {0}, tb = {0};
		type_text(&ta, a, x);
		type_text(&tb, b, y);
		why = xasprintf("input '%s' is %s in the original, %s in the translation", id, ta.data, tb.data);
		sb_free(&ta);
		sb_free(&tb);
		return why;
	}
	for (int bound = 0; bound < 2; bound++) {
		ratio va = real_value(a, x, bound ? x->max : x->min), vb = real_value(b, y, bound ? y->max : y->min);
		char *diff;
		quantity_verdict q = quantity_compare(a, va, x->unit, b, vb, y->unit, &diff);
		if (q == QUANTITY_UNRELATED) {
			why = xasprintf("input '%s': %s", id, diff);
		} else if (q == QUANTITY_DIFFERENT) {
			strbuf ta = {0}, tb = {0};
			type_text(&ta, a, x);
			type_text(&tb, b, y);
			why = xasprintf("input '%s' is %s %s in the original, %s %s in the translation; %s", id, ta.data,
					x->unit, tb.data, y->unit, diff);
			sb_free(&ta);
			sb_free(&tb);
		}
		free(diff);
		if (why)
			return why;
	}
	return NULL;
}

/* Value v of enum x's type in the order of enum y's, by name; -1 when y has
 * no value of that name. */
static int value_by_name(const rtab_ruleset *a, const rtab_input *x, const rtab_ruleset *b, const rtab_input *y,
			 size_t v)
{
	const rtab_enum *ea = &a->enums[x->enum_index], *eb = &b->enums[y->enum_index];
	for (size_t w = 0; w < eb->nvalues; w++)
		if (strcmp(ea->values[v].id, eb->values[w].id) == 0)
			return (int)w;
	return -1;
}

/* Two enum inputs of the same type whose values are the same names, listed
 * in another order: the same domain, read by name. */
static bool same_values_reordered(const rtab_ruleset *a, const rtab_input *x, const rtab_ruleset *b,
				  const rtab_input *y)
{
	if (x->type != RTAB_TYPE_ENUM || y->type != RTAB_TYPE_ENUM || x->enum_index < 0 || y->enum_index < 0 ||
	    x->enum_index >= a->nenums || y->enum_index >= b->nenums)
		return false;
	const rtab_enum *ea = &a->enums[x->enum_index], *eb = &b->enums[y->enum_index];
	if (strcmp(ea->id, eb->id) != 0 || ea->nvalues != eb->nvalues || ea->nvalues > MAX_PERMUTED_VALUES)
		return false;
	for (size_t v = 0; v < ea->nvalues; v++)
		if (value_by_name(a, x, b, y, v) < 0)
			return false;
	return true;
}

char *expr_inputs_differ(const rtab_ruleset *a, const rtab_ruleset *b, const char *const *ids, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		int ia = rtab_find_input(a, ids[k]), ib = rtab_find_input(b, ids[k]);
		if (ia < 0 || ib < 0)
			return xasprintf("input '%s' is only in the %s", ids[k], ia < 0 ? "translation" : "original");
		const char *ua = a->inputs[ia].unit, *ub = b->inputs[ib].unit;
		if (quantity_units_differ(ua, ub) || !ua != !ub) {
			char *why = domains_differ(a, &a->inputs[ia], b, &b->inputs[ib], ids[k]);
			if (why)
				return why;
			continue;
		}
		if (same_values_reordered(a, &a->inputs[ia], b, &b->inputs[ib]))
			continue;
		strbuf ta = {0}, tb = {0};
		type_text(&ta, a, &a->inputs[ia]);
		type_text(&tb, b, &b->inputs[ib]);
		bool same = strcmp(ta.data, tb.data) == 0 && (a->inputs[ia].step <= 0 || a->scale == b->scale);
		char *why = same ? NULL : xasprintf("input '%s' is %s in the original, %s in the translation",
						     ids[k], ta.data, tb.data);
		sb_free(&ta);
		sb_free(&tb);
		if (why)
			return why;
	}
	return NULL;
}

static uint64_t input_size(const rtab_input *in)
{
	int64_t step = in->step > 0 ? in->step : 1;
	return (uint64_t)(((int64_t)in->max - in->min) / step + 1);
}

/* The number of evaluations per side to try every situation and roll, or
 * UINT64_MAX past the limit. */
static uint64_t space_size(const space *s, uint64_t *situations)
{
	uint64_t n = 1;
	for (size_t k = 0; k < s->n; k++) {
		n *= s->tried[k] ? s->ntried[k]
				 : input_size(s->mapped[k] && s->b_leads[k] ? &s->b->inputs[s->ib[k]] : &s->a->inputs[s->ia[k]]);
		if (n > EXHAUSTIVE_LIMIT)
			return UINT64_MAX;
	}
	*situations = n;
	for (size_t f = 0; f < s->nfaces; f++) {
		n *= (uint64_t)(s->face_hi - s->face_lo + 1);
		if (n > EXHAUSTIVE_LIMIT)
			return UINT64_MAX;
	}
	return n;
}

/* Whether evaluations of steps each (per side: both sides' steps) fit in the
 * work budget, spent if so; *past the steps when they do not. */
static bool work_allows(const space *s, uint64_t evaluations, uint64_t steps, uint64_t *past)
{
	if (!s->work || work_spend(s->work, evaluations > UINT64_MAX / steps ? UINT64_MAX : evaluations * steps))
		return true;
	*past = evaluations > UINT64_MAX / steps ? UINT64_MAX : evaluations * steps;
	return false;
}

/* "past the work budget of N steps (every situation would take M; raise it with --max-work N)" */
static char *past_work_text(const space *s, uint64_t past)
{
	return xasprintf("trying every situation would take %llu steps, past the work budget of %llu; raise it "
			 "with " WORK_OPTION " N",
			 (unsigned long long)past, (unsigned long long)s->work->limit);
}

/* A value, or an error status below every value. */
static int64_t eval(const rtab_ruleset *rs, const rtab_expr *e, const int32_t *in, const int32_t *faces,
		    size_t nfaces)
{
	if (!e->ninstrs)
		return 1; /* no condition: always */
	rtab_eval_ctx ctx = {0};
	ctx.faces = faces;
	ctx.nfaces = nfaces;
	int32_t value = 0;
	int rc = rtab_expr_eval_ctx(rs, e, in, rs->ninputs, &ctx, &value);
	return rc == RTAB_OK ? value : (int64_t)INT32_MIN - 1 - rc;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

static bool is_condition(const rtab_ruleset *rs, const rtab_expr *e)
{
	if (!e->ninstrs)
		return true;
	const rtab_instr *last = &e->instrs[e->ninstrs - 1];
	switch (last->op) {
	case RTAB_OP_INPUT:
		return last->arg >= 0 && (size_t)last->arg < rs->ninputs && rs->inputs[last->arg].type == RTAB_TYPE_BOOL;
	case RTAB_OP_EQ: case RTAB_OP_NE: case RTAB_OP_LT: case RTAB_OP_LE: case RTAB_OP_GT:
	case RTAB_OP_GE: case RTAB_OP_AND: case RTAB_OP_OR: case RTAB_OP_NOT:
		return true;
	default:
		return false;
	}
}

static void value_text(strbuf *sb, const rtab_ruleset *rs, const rtab_expr *e, int64_t v)
{
	if (v < INT32_MIN)
		sb_printf(sb, "no value (%s)", rtab_status_message((int)(-(v - INT32_MIN + 1))));
	else if (is_condition(rs, e))
		sb_puts(sb, v ? "holds" : "does not hold");
	else if (value_scale(rs, e) > 1) {
		char num[32];
		if (rtab_format_exact((int32_t)v, rs->scale, num, sizeof num) == RTAB_OK)
			sb_puts(sb, num);
		else
			sb_printf(sb, "%lld", (long long)v);
	} else
		sb_printf(sb, "%lld", (long long)v);
}

/* "when move = 7, rear_attack = true" (the original's names of values). */
static void situation_text(strbuf *sb, const space *s, const int32_t *in, const int32_t *inb)
{
	if (!s->n) {
		sb_puts(sb, "always");
		return;
	}
	sb_puts(sb, "when ");
	for (size_t k = 0; k < s->n; k++) {
		const rtab_input *ip = &s->a->inputs[s->ia[k]];
		int32_t v = in[s->ia[k]];
		int earlier = expr_earlier_outcome(s->model_a, (size_t)s->ia[k]);
		if (earlier >= 0) { /* the input 'earlier OUTCOME' makes, as the rewrite writes it */
			sb_printf(sb, "%s%searlier %s", k ? ", " : "", v ? "" : "not ", s->a->outcomes[earlier].id);
			continue;
		}
		sb_printf(sb, "%s%s = ", k ? ", " : "", s->id[k]);
		if (ip->type == RTAB_TYPE_BOOL)
			sb_puts(sb, v ? "true" : "false");
		else if (ip->type == RTAB_TYPE_ENUM && ip->enum_index >= 0 && ip->enum_index < s->a->nenums &&
			 v >= 0 && v < s->a->enums[ip->enum_index].nvalues)
			sb_puts(sb, s->a->enums[ip->enum_index].values[v].id);
		else {
			char num[32];
			if (ip->step > 0 && rtab_format_exact(v, s->a->scale, num, sizeof num) == RTAB_OK)
				sb_puts(sb, num);
			else
				sb_printf(sb, "%d", v);
		}
		if (s->mapped[k]) {
			const rtab_input *ib = &s->b->inputs[s->ib[k]];
			sb_printf(sb, " %s (%g %s in the translation)", ip->unit,
				  ratio_approx(real_value(s->b, ib, inb[s->ib[k]])), ib->unit);
		}
	}
}

/* Inputs in two units that a conversion relates: which side leads each; an
 * enum listed in another order: its values by name. */
static void map_inputs(space *s)
{
	for (size_t k = 0; k < s->n; k++) {
		const rtab_input *x = &s->a->inputs[s->ia[k]], *y = &s->b->inputs[s->ib[k]];
		if (same_values_reordered(s->a, x, s->b, y)) {
			const rtab_enum *e = &s->a->enums[x->enum_index];
			for (size_t v = 0; v < e->nvalues; v++) {
				s->by_name[k][v] = (uint8_t)value_by_name(s->a, x, s->b, y, v);
				s->permuted[k] |= s->by_name[k][v] != v;
			}
			continue;
		}
		ratio per_unit, step_a;
		int32_t tolerance;
		if (!quantity_units_differ(x->unit, y->unit) ||
		    !quantity_factor(s->a, x->unit, s->b, y->unit, &per_unit, &tolerance) || per_unit.num == 0 ||
		    !ratio_mul(real_value(s->a, x, x->step > 0 ? x->step : 1), per_unit, &step_a)) /* in y's unit */
			continue;
		s->mapped[k] = true;
		ratio step_b = real_value(s->b, y, y->step > 0 ? y->step : 1);
		s->b_leads[k] = ratio_compare(step_b, step_a) > 0;
		s->per_unit[k] = s->b_leads[k] ? ratio_inverse(per_unit) : per_unit;
	}
}

/* Input k on the side that leads (the original unless mapped so), its value's slot. */
static const rtab_input *leading(const space *s, size_t k, int32_t *ina, int32_t *inb, int32_t **value)
{
	bool b_leads = s->mapped[k] && s->b_leads[k];
	*value = b_leads ? &inb[s->ib[k]] : &ina[s->ia[k]];
	return b_leads ? &s->b->inputs[s->ib[k]] : &s->a->inputs[s->ia[k]];
}

/* The other side's value of input k: the same, or the nearest of its domain
 * to the leading value converted. */
static void follow(const space *s, size_t k, int32_t *ina, int32_t *inb)
{
	if (!s->mapped[k]) {
		int32_t v = ina[s->ia[k]];
		inb[s->ib[k]] = s->permuted[k] && v >= 0 && v < MAX_PERMUTED_VALUES ? s->by_name[k][v] : v;
		return;
	}
	bool b_leads = s->b_leads[k];
	const rtab_ruleset *lr = b_leads ? s->b : s->a, *fr = b_leads ? s->a : s->b;
	const rtab_input *li = b_leads ? &s->b->inputs[s->ib[k]] : &s->a->inputs[s->ia[k]];
	const rtab_input *fi = b_leads ? &s->a->inputs[s->ia[k]] : &s->b->inputs[s->ib[k]];
	int32_t lv = b_leads ? inb[s->ib[k]] : ina[s->ia[k]];
	int32_t *fv = b_leads ? &ina[s->ia[k]] : &inb[s->ib[k]];
	int32_t step = fi->step > 0 ? fi->step : 1;
	/* The leading value in the follower's unit and own terms (its steps of
	 * the precision), then the nearest value on its steps, kept inside its
	 * domain: its first below, its last above or past 64 bits. */
	ratio x, raw;
	int64_t steps;
	if (!ratio_mul(real_value(lr, li, lv), s->per_unit[k], &x) ||
	    !ratio_mul(x, ratio_int(input_scale(fr, fi)), &raw) ||
	    !ratio_nearest_step(raw, fi->min, step, &steps) || steps > ((int64_t)fi->max - fi->min) / step) {
		*fv = fi->max;
		return;
	}
	*fv = steps < 0 ? fi->min : (int32_t)(fi->min + steps * step);
}

/* The inputs of both sides at their defaults, those of s at their first values. */
static void first_situation(const space *s, int32_t **ina, int32_t **inb)
{
	*ina = xcalloc(s->a->ninputs + 1, sizeof **ina);
	*inb = xcalloc(s->b->ninputs + 1, sizeof **inb);
	rtab_inputs_default(s->a, *ina, s->a->ninputs);
	rtab_inputs_default(s->b, *inb, s->b->ninputs);
	for (size_t k = 0; k < s->n; k++) {
		int32_t *value;
		const rtab_input *ip = leading(s, k, *ina, *inb, &value);
		*value = s->tried[k] ? s->tried[k][0] : ip->min;
		follow(s, k, *ina, *inb);
	}
}

/* The next situation: the first input varies fastest. */
static void next_situation(const space *s, int32_t *ina, int32_t *inb)
{
	for (size_t k = 0; k < s->n; k++) {
		int32_t *value;
		const rtab_input *ip = leading(s, k, ina, inb, &value);
		bool more;
		if (s->tried[k]) { /* the next of the values tried */
			size_t at = 0;
			while (at < s->ntried[k] && s->tried[k][at] != *value)
				at++;
			more = at + 1 < s->ntried[k];
			*value = s->tried[k][more ? at + 1 : 0];
		} else {
			int32_t step = ip->step > 0 ? ip->step : 1;
			more = *value <= ip->max - step;
			*value = more ? *value + step : ip->min;
		}
		follow(s, k, ina, inb);
		if (more)
			return;
	}
}

/* " cm" after a value, when the two sides' values are in different units. */
static void unit_suffix(strbuf *sb, const space *s, const char *unit)
{
	if (quantity_units_differ(s->ua, s->ub))
		sb_printf(sb, " %s", unit);
}

/* The sorted values of both sides, equal: the same numbers, or in two units
 * equal under the declared conversion (why: the first that is not, owned). */
static bool values_equal(const space *s, const int64_t *va, const int64_t *vb, uint64_t n, char **why)
{
	*why = NULL;
	if (!quantity_units_differ(s->ua, s->ub) && s->va_scale == s->vb_scale)
		return memcmp(va, vb, n * sizeof *va) == 0;
	for (uint64_t r = 0; r < n; r++) {
		if (va[r] < INT32_MIN || vb[r] < INT32_MIN) {
			if (va[r] != vb[r])
				return false;
			continue;
		}
		ratio xa = ratio_of(va[r], s->va_scale), xb = ratio_of(vb[r], s->vb_scale);
		if (!quantity_units_differ(s->ua, s->ub)) { /* one unit, two precisions: 12.5 is 12.50 */
			if (!ratio_equal(xa, xb))
				return false;
			continue;
		}
		if (quantity_compare(s->a, xa, s->ua, s->b, xb, s->ub, why) != QUANTITY_EQUAL)
			return false;
	}
	return true;
}

/* Every roll of e at inputs in, sorted (one value without dice). */
static void roll_values(const space *s, const rtab_ruleset *rs, const rtab_expr *e, const int32_t *in,
			uint64_t rolls, int32_t *faces, int64_t *out)
{
	for (size_t f = 0; f < s->nfaces; f++)
		faces[f] = s->face_lo;
	for (uint64_t r = 0; r < rolls; r++) {
		out[r] = eval(rs, e, in, faces, s->nfaces);
		for (size_t f = 0; f < s->nfaces && ++faces[f] > s->face_hi; f++)
			faces[f] = s->face_lo;
	}
	if (rolls > 1)
		qsort(out, rolls, sizeof *out, cmp_i64);
}

/* Inputs in two units a situation may bracket (their steps differ). */
#define MAX_BRACKETED 4

/* The follower's two values of input k's domain either side of the leading
 * value converted (the same twice where it falls on a step). */
static void bracket(const space *s, size_t k, const int32_t *ina, const int32_t *inb, int32_t out[2])
{
	bool b_leads = s->b_leads[k];
	const rtab_ruleset *lr = b_leads ? s->b : s->a, *fr = b_leads ? s->a : s->b;
	const rtab_input *li = b_leads ? &s->b->inputs[s->ib[k]] : &s->a->inputs[s->ia[k]];
	const rtab_input *fi = b_leads ? &s->a->inputs[s->ia[k]] : &s->b->inputs[s->ib[k]];
	int32_t lv = b_leads ? inb[s->ib[k]] : ina[s->ia[k]], fv = b_leads ? ina[s->ia[k]] : inb[s->ib[k]];
	int32_t step = fi->step > 0 ? fi->step : 1;
	ratio x, raw;
	out[0] = out[1] = fv;
	if (!ratio_mul(real_value(lr, li, lv), s->per_unit[k], &x) ||
	    !ratio_mul(x, ratio_int(input_scale(fr, fi)), &raw))
		return;
	int c = ratio_compare(raw, ratio_int(fv));
	int32_t other = c > 0 ? (fv <= fi->max - step ? fv + step : fv) : c < 0 ? (fv >= fi->min + step ? fv - step : fv) : fv;
	out[0] = fv < other ? fv : other;
	out[1] = fv < other ? other : fv;
}

/* Whether leading value l (of the leading side's scale and unit) lies
 * between the follower's lo and hi, or equals either under the conversion. */
static bool value_between(const space *s, bool b_leads, int64_t l, int64_t lo, int64_t hi)
{
	const rtab_ruleset *lr = b_leads ? s->b : s->a, *fr = b_leads ? s->a : s->b;
	const char *lu = b_leads ? s->ub : s->ua, *fu = b_leads ? s->ua : s->ub;
	int64_t ls = b_leads ? s->vb_scale : s->va_scale, fs = b_leads ? s->va_scale : s->vb_scale;
	ratio x = ratio_of(l, ls), per = ratio_int(1);
	int32_t tolerance;
	char *why = NULL;
	if (quantity_units_differ(lu, fu)) {
		if (!quantity_factor(lr, lu, fr, fu, &per, &tolerance) || !ratio_mul(x, per, &x))
			return false;
		bool near = quantity_compare(lr, ratio_of(l, ls), lu, fr, ratio_of(lo, fs), fu, &why) == QUANTITY_EQUAL;
		free(why);
		why = NULL;
		near = near || quantity_compare(lr, ratio_of(l, ls), lu, fr, ratio_of(hi, fs), fu, &why) == QUANTITY_EQUAL;
		free(why);
		if (near)
			return true;
	}
	return ratio_compare(x, ratio_of(lo, fs)) >= 0 && ratio_compare(x, ratio_of(hi, fs)) <= 0;
}

/* Whether the two sides agree at this situation once the follower's inputs
 * in another unit may take either value of their domain around the leading
 * value converted. A follower's steps are not the leader's (1 cm against
 * 2.54 cm), so its nearest value (3 cm for 1 inch) is off by up to half a
 * step, and a figure read from it by as much: the leader's value between
 * the follower's at the steps around it is no difference (the original's
 * 1 cm and 1.5 cm at 2 and 3 cm around the translation's 0.5 inches at 1
 * inch); a condition that turns between them is no difference either. */
static bool within_brackets(const space *s, const rtab_expr *ea, const rtab_expr *eb, const int32_t *ina,
			    const int32_t *inb, uint64_t rolls, int32_t *faces, const int64_t *va, const int64_t *vb)
{
	size_t mapped[MAX_BRACKETED], m = 0;
	int leads = -1;
	for (size_t k = 0; k < s->n; k++) {
		if (!s->mapped[k])
			continue;
		if (m == MAX_BRACKETED || (leads >= 0 && leads != (int)s->b_leads[k]))
			return false;
		leads = s->b_leads[k];
		mapped[m++] = k;
	}
	if (!m)
		return false;
	bool b_leads = leads == 1;
	const int64_t *lead = b_leads ? vb : va, *fol = b_leads ? va : vb;
	for (uint64_t r = 0; r < rolls; r++)
		if (lead[r] < INT32_MIN || fol[r] < INT32_MIN)
			return false; /* a status (no value) is compared as it is */
	int32_t brackets[MAX_BRACKETED][2];
	for (size_t j = 0; j < m; j++)
		bracket(s, mapped[j], ina, inb, brackets[j]);
	const rtab_ruleset *fr = b_leads ? s->a : s->b;
	const rtab_expr *fe = b_leads ? ea : eb;
	size_t nin = fr->ninputs;
	int32_t *in = xcalloc(nin + 1, sizeof *in);
	memcpy(in, b_leads ? ina : inb, nin * sizeof *in);
	int64_t *lo = xcalloc(rolls, sizeof *lo), *hi = xcalloc(rolls, sizeof *hi), *v = xcalloc(rolls, sizeof *v);
	bool ok = true;
	for (size_t c = 0; ok && c < ((size_t)1 << m); c++) {
		for (size_t j = 0; j < m; j++) {
			size_t k = mapped[j];
			in[b_leads ? s->ia[k] : s->ib[k]] = brackets[j][(c >> j) & 1];
		}
		roll_values(s, fr, fe, in, rolls, faces, v);
		for (uint64_t r = 0; r < rolls; r++) {
			ok &= v[r] >= INT32_MIN;
			lo[r] = c == 0 || v[r] < lo[r] ? v[r] : lo[r];
			hi[r] = c == 0 || v[r] > hi[r] ? v[r] : hi[r];
		}
	}
	for (uint64_t r = 0; ok && r < rolls; r++)
		ok = value_between(s, b_leads, lead[r], lo[r], hi[r]);
	free(in);
	free(lo);
	free(hi);
	free(v);
	return ok;
}

/* Every situation, every roll: the values (their distribution, with dice) compared. */
static void exhaustive(const space *s, const rtab_expr *ea, const rtab_expr *eb, uint64_t situations,
		       expr_verdict *v)
{
	int32_t *ina, *inb;
	first_situation(s, &ina, &inb);
	uint64_t rolls = 1;
	for (size_t f = 0; f < s->nfaces; f++)
		rolls *= (uint64_t)(s->face_hi - s->face_lo + 1);
	int32_t *faces = xcalloc(s->nfaces + 1, sizeof *faces);
	int64_t *va = xcalloc(rolls, sizeof *va), *vb = xcalloc(rolls, sizeof *vb);
	v->equal = true;
	v->method = EXPR_EXHAUSTIVE;
	v->situations = situations;
	v->rolls = rolls;
	for (uint64_t n = 0; n < situations && v->equal; n++) {
		roll_values(s, s->a, ea, ina, rolls, faces, va);
		roll_values(s, s->b, eb, inb, rolls, faces, vb);
		char *unit_why;
		bool equal = values_equal(s, va, vb, rolls, &unit_why);
		if (!equal && within_brackets(s, ea, eb, ina, inb, rolls, faces, va, vb)) {
			free(unit_why);
			unit_why = NULL;
			equal = true;
		}
		if (!equal) {
			v->equal = false;
			strbuf sb = {0};
			situation_text(&sb, s, ina, inb);
			if (rolls > 1) {
				sb_puts(&sb, ": the original rolls ");
				value_text(&sb, s->a, ea, va[0]);
				sb_puts(&sb, "..");
				value_text(&sb, s->a, ea, va[rolls - 1]);
				unit_suffix(&sb, s, s->ua);
				sb_puts(&sb, ", the translation ");
				value_text(&sb, s->b, eb, vb[0]);
				sb_puts(&sb, "..");
				value_text(&sb, s->b, eb, vb[rolls - 1]);
				unit_suffix(&sb, s, s->ub);
				if (va[0] == vb[0] && va[rolls - 1] == vb[rolls - 1] && !quantity_units_differ(s->ua, s->ub))
					sb_puts(&sb, " with other odds");
			} else {
				sb_puts(&sb, ": the original ");
				value_text(&sb, s->a, ea, va[0]);
				unit_suffix(&sb, s, s->ua);
				sb_puts(&sb, is_condition(s->a, ea) ? ", the translation's " : ", the translation ");
				value_text(&sb, s->b, eb, vb[0]);
				unit_suffix(&sb, s, s->ub);
			}
			if (unit_why)
				sb_printf(&sb, "; %s", unit_why);
			free(unit_why);
			v->why = sb.data;
			break;
		}
		next_situation(s, ina, inb);
	}
	free(ina);
	free(inb);
	free(faces);
	free(va);
	free(vb);
}

/* A sum of inputs times constants, plus a constant: an exact normal form. */
typedef struct linear {
	int64_t c;
	int64_t coef[MAX_SPACE_INPUTS];
	bool constant;
} linear;

static bool linear_form(const space *s, const rtab_ruleset *rs, const rtab_expr *e, linear *out)
{
	linear st[RTAB_MAX_EXPR_STACK];
	int sp = 0;
	const int64_t big = INT64_C(1) << 40; /* far from overflow: refuse beyond */
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		linear *x = sp >= 2 ? &st[sp - 2] : NULL, *y = sp >= 1 ? &st[sp - 1] : NULL;
		switch (in->op) {
		case RTAB_OP_CONST:
		case RTAB_OP_CONST_EXACT:
		case RTAB_OP_INPUT:
			if (sp == RTAB_MAX_EXPR_STACK)
				return false;
			memset(&st[sp], 0, sizeof st[sp]);
			st[sp].constant = in->op != RTAB_OP_INPUT;
			if (in->op != RTAB_OP_INPUT)
				st[sp].c = in->arg;
			else {
				if (in->arg < 0 || (size_t)in->arg >= rs->ninputs)
					return false;
				size_t k = 0;
				while (k < s->n && strcmp(s->id[k], rs->inputs[in->arg].id) != 0)
					k++;
				if (k == s->n)
					return false;
				st[sp].coef[k] = 1;
			}
			sp++;
			break;
		case RTAB_OP_NEG:
		case RTAB_OP_SCALE:
			if (!y)
				return false;
			y->c *= in->op == RTAB_OP_NEG ? -1 : in->arg;
			for (size_t k = 0; k < s->n; k++)
				y->coef[k] *= in->op == RTAB_OP_NEG ? -1 : in->arg;
			break;
		case RTAB_OP_ADD:
		case RTAB_OP_SUB:
		case RTAB_OP_MUL: {
			if (!x)
				return false;
			if (in->op == RTAB_OP_MUL) {
				if (!x->constant && !y->constant)
					return false;
				const linear *k = x->constant ? x : y, *other = x->constant ? y : x;
				linear r = *other;
				r.c *= k->c;
				for (size_t j = 0; j < s->n; j++)
					r.coef[j] *= k->c;
				*x = r;
			} else {
				int64_t sign = in->op == RTAB_OP_SUB ? -1 : 1;
				x->c += sign * y->c;
				for (size_t j = 0; j < s->n; j++)
					x->coef[j] += sign * y->coef[j];
				x->constant &= y->constant;
			}
			sp--;
			if (x->c > big || x->c < -big)
				return false;
			break;
		}
		default:
			return false;
		}
	}
	if (sp != 1)
		return false;
	*out = st[0];
	return true;
}

static bool final_interval(const rtab_ruleset *rs, const rtab_expr *e, ival *out)
{
	if (!e->ninstrs)
		return false;
	sstate *st = xcalloc((size_t)e->ninstrs + 1, sizeof *st);
	bool ok = expr_intervals(rs, e, st) && st[e->ninstrs].set && st[e->ninstrs].depth == 1;
	if (ok)
		*out = st[e->ninstrs].s[0];
	free(st);
	return ok;
}

static int modifier_index(const rtab_ruleset *rs, const char *id)
{
	for (size_t j = 0; j < rs->nmodifiers; j++)
		if (strcmp(rs->modifiers[j].id, id) == 0)
			return (int)j;
	return -1;
}

/* A table's total modifier after its cap (or the status that stopped it). */
static int64_t table_total(const rtab_ruleset *rs, size_t t, const int32_t *in)
{
	const rtab_table *tb = &rs->tables[t];
	int32_t faces[RTAB_MAX_FACES] = {0};
	size_t nfaces = 0;
	if (tb->dice < rs->ndice) {
		const rtab_dice *d = &rs->dice[tb->dice];
		for (size_t g = 0; g < d->ngroups; g++)
			for (size_t k = 0; k < d->groups[g].count && nfaces < RTAB_MAX_FACES; k++)
				faces[nfaces++] = d->groups[g].face_min;
	}
	rtab_result r;
	int rc = rtab_resolve_interpreted(rs, t, in, rs->ninputs, faces, nfaces, 0, &r);
	return rc == RTAB_OK ? r.modifier : (int64_t)INT32_MIN - 1 - rc;
}

/* The table with only the modifiers named (in the original's order) and the cap given. */
static rtab_ruleset *table_with(const rtab_ruleset *rs, size_t t, const char *const *ids, size_t n,
				const rtab_table *cap_of, uint16_t **mods)
{
	rtab_ruleset *copy = xcalloc(1, sizeof *copy);
	*copy = *rs;
	rtab_table *tables = xcalloc(rs->ntables, sizeof *tables);
	memcpy(tables, rs->tables, rs->ntables * sizeof *tables);
	*mods = xcalloc(n + 1, sizeof **mods);
	for (size_t k = 0; k < n; k++)
		(*mods)[k] = (uint16_t)modifier_index(rs, ids[k]);
	tables[t].modifiers = *mods;
	tables[t].nmodifiers = (uint16_t)n;
	tables[t].capped = cap_of->capped;
	tables[t].cap_min = cap_of->cap_min;
	tables[t].cap_max = cap_of->cap_max;
	copy->tables = tables;
	copy->native_resolve = NULL;
	return copy;
}

static void table_free(rtab_ruleset *copy, uint16_t *mods)
{
	free((void *)copy->tables);
	free(copy);
	free(mods);
}

/* What an input's thresholds are read from: two expressions, or the totals
 * of one table's modifiers. */
typedef struct turns_source {
	const rtab_expr *ea, *eb;
	const char *const *ids; /* the modifiers totalled (NULL: the expressions) */
	size_t nids;
	const rtab_table *cap_of;
} turns_source;

/* The total of the modifiers ids of rs as the resolver sums them: each
 * counted when its condition holds, a group's best or worst member (or its
 * largest bonus and penalty) or its members' sum, capped where the group is
 * (when a member counts), then the table's cap. */
static piece_value total_turns(const rtab_ruleset *rs, const turns_source *src, int x, pieces *p)
{
	piece_value total = pieces_constant(0);
	for (size_t g = 0; g <= rs->ngroups; g++) {
		const rtab_group *grp = g < rs->ngroups ? &rs->groups[g] : NULL;
		bool summed = !grp || grp->stacking == RTAB_STACK_SUM, members = false;
		piece_value sum = pieces_constant(0), any = pieces_constant(0);
		for (size_t k = 0; k < src->nids; k++) {
			int m = modifier_index(rs, src->ids[k]);
			if (m < 0 || (rs->modifiers[m].group < 0 ? rs->ngroups : (size_t)rs->modifiers[m].group) != g)
				continue;
			const rtab_modifier *md = &rs->modifiers[m];
			piece_value cond = pieces_expr(rs, &md->condition, x, p);
			piece_value value = pieces_scale(pieces_expr(rs, &md->value, x, p), md->sign);
			piece_value counted = pieces_select(cond, value, pieces_constant(0), p);
			sum = !members || summed ? pieces_add(sum, counted) : pieces_either(sum, counted, p);
			any = pieces_select(cond, pieces_constant(1), any, p);
			members = true;
		}
		if (grp && grp->capped && members)
			sum = pieces_select(any, pieces_clamp(sum, grp->cap_min, grp->cap_max, p), pieces_constant(0), p);
		total = pieces_add(total, sum);
	}
	return src->cap_of->capped ? pieces_clamp(total, src->cap_of->cap_min, src->cap_of->cap_max, p) : total;
}

/* Whether input k of s is read only where it turns, on both sides: its
 * thresholds added to p. With dice, only a reading constant between
 * thresholds: the distributions of a line in x are not decided by two points. */
static bool read_at_turns(const space *s, size_t k, const turns_source *src, pieces *p)
{
	piece_value va, vb;
	if (src->ids) {
		va = total_turns(s->a, src, s->ia[k], p);
		vb = total_turns(s->b, src, s->ib[k], p);
	} else {
		va = pieces_expr(s->a, src->ea, s->ia[k], p);
		vb = pieces_expr(s->b, src->eb, s->ib[k], p);
	}
	return pieces_followed(va) && pieces_followed(vb) && (!s->nfaces || (pieces_flat(va) && pieces_flat(vb)));
}

/* The values tried of an input, those nearest its default first: the first
 * situation where two sides differ is then one a reader recognises (points
 * = 101 for a default of 0), not the end of a domain (points = -1000000000). */
static int64_t distance_to(int32_t v, int32_t to)
{
	return v > to ? (int64_t)v - to : (int64_t)to - v;
}

static void nearest_first(int32_t *values, size_t n, int32_t to)
{
	for (size_t i = 1; i < n; i++) { /* a few dozen values: insertion, ties the lower first */
		int32_t v = values[i];
		size_t j = i;
		for (; j > 0; j--) {
			int64_t dv = distance_to(v, to), dp = distance_to(values[j - 1], to);
			if (dp < dv || (dp == dv && values[j - 1] < v))
				break;
			values[j] = values[j - 1];
		}
		values[j] = v;
	}
}

/* Each int input too wide to try every value of that both sides read only
 * where it turns, to be tried at its thresholds, next to them and at its
 * ends (expr_pieces.h); the names in v->thresholds. False when none is. */
static bool try_at_thresholds(space *s, const turns_source *src, expr_verdict *v)
{
	bool any = false;
	for (size_t k = 0; k < s->n; k++) {
		const rtab_input *in = &s->a->inputs[s->ia[k]];
		if (s->mapped[k] || in->type != RTAB_TYPE_INT || in->step > 0)
			continue;
		pieces p = {0};
		if (read_at_turns(s, k, src, &p)) {
			int32_t *values;
			size_t n = pieces_values(&p, in->min, in->max, &values);
			if (n < input_size(in)) {
				nearest_first(values, n, in->default_value);
				s->tried[k] = values;
				s->ntried[k] = n;
				size_t used = strlen(v->thresholds);
				if (used + strlen(s->id[k]) + 8 < sizeof v->thresholds)
					snprintf(v->thresholds + used, sizeof v->thresholds - used, "%s'%s'", used ? ", " : "",
						 s->id[k]);
				any = true;
			} else
				free(values);
		}
		pieces_free(&p);
	}
	return any;
}

static void untry(space *s)
{
	for (size_t k = 0; k < s->n; k++) {
		free(s->tried[k]);
		s->tried[k] = NULL;
	}
}

void totals_compare(const model *model_a, size_t ta, const model *model_b, size_t tb, const char *const *ids,
		    size_t nids, work_budget *work, expr_verdict *v)
{
	const rtab_ruleset *a = &model_a->rs, *b = &model_b->rs;
	memset(v, 0, sizeof *v);
	space s = {0};
	s.a = a;
	s.b = b;
	s.model_a = model_a;
	s.model_b = model_b;
	s.work = work;
	s.dice_ok = true;
	bool fits = true;
	for (size_t k = 0; k < nids && fits; k++) {
		int ma = modifier_index(a, ids[k]), mb = modifier_index(b, ids[k]);
		fits = ma >= 0 && mb >= 0 && read_expr(&s, a, &a->modifiers[ma].condition) &&
		       read_expr(&s, a, &a->modifiers[ma].value) && read_expr(&s, b, &b->modifiers[mb].condition) &&
		       read_expr(&s, b, &b->modifiers[mb].value);
	}
	char *differ = fits ? expr_inputs_differ(a, b, s.id, s.n) : NULL;
	if (fits && !differ)
		map_inputs(&s);
	uint64_t situations = 0;
	/* The totals before the table's cap: a cap that hides a difference of
	 * these modifiers may not hide it beside the table's others (a support
	 * of 4 for 3 under a cap of 3 shows with a modifier of -1). */
	static const rtab_table uncapped;
	turns_source src = {NULL, NULL, ids, nids, &uncapped};
	if (!differ && fits && !s.nfaces && space_size(&s, &situations) == UINT64_MAX &&
	    try_at_thresholds(&s, &src, v) && space_size(&s, &situations) == UINT64_MAX)
		untry(&s);
	if (differ || !fits || s.nfaces || space_size(&s, &situations) == UINT64_MAX) {
		v->method = differ ? EXPR_UNDEFINED : EXPR_UNPROVEN;
		v->why = differ;
		v->thresholds[0] = '\0';
		return;
	}
	uint64_t steps = 2;
	for (size_t k = 0; k < nids; k++) {
		int ma = modifier_index(a, ids[k]), mb = modifier_index(b, ids[k]);
		steps += work_expr_steps(&a->modifiers[ma].condition) + work_expr_steps(&a->modifiers[ma].value) +
			 work_expr_steps(&b->modifiers[mb].condition) + work_expr_steps(&b->modifiers[mb].value);
	}
	if (!work_allows(&s, situations, steps, &v->past_work)) {
		v->method = EXPR_UNPROVEN;
		v->why = past_work_text(&s, v->past_work);
		v->thresholds[0] = '\0';
		untry(&s);
		return;
	}
	/* Only those modifiers, and no cap: another modifier, a list or a cap
	 * that differs is a difference of its own, reported there. */
	uint16_t *mods_a, *mods_b;
	rtab_ruleset *pa = table_with(a, ta, ids, nids, &uncapped, &mods_a);
	rtab_ruleset *pb = table_with(b, tb, ids, nids, &uncapped, &mods_b);
	int32_t *ina, *inb;
	first_situation(&s, &ina, &inb);
	v->equal = true;
	v->method = EXPR_EXHAUSTIVE;
	v->situations = situations;
	v->rolls = 1;
	for (uint64_t n = 0; n < situations && v->equal; n++) {
		int64_t x = table_total(pa, ta, ina), y = table_total(pb, tb, inb);
		if (x != y) {
			v->equal = false;
			strbuf sb = {0};
			situation_text(&sb, &s, ina, inb);
			sb_printf(&sb, ": the original's total modifier %lld, the translation's %lld", (long long)x,
				  (long long)y);
			v->why = sb.data;
		}
		next_situation(&s, ina, inb);
	}
	free(ina);
	free(inb);
	table_free(pa, mods_a);
	table_free(pb, mods_b);
	untry(&s);
}

static const char *comparison_text(int op)
{
	switch (op) {
	case RTAB_OP_LT: return "<";
	case RTAB_OP_LE: return "<=";
	case RTAB_OP_GT: return ">";
	case RTAB_OP_GE: return ">=";
	case RTAB_OP_EQ: return "==";
	case RTAB_OP_NE: return "!=";
	default: return NULL;
	}
}

/* "the comparison '>=' is '>' (strict)": when the two differ in one comparison only. */
static char *changed_comparison(const rtab_expr *ea, const rtab_expr *eb)
{
	if (ea->ninstrs != eb->ninstrs)
		return NULL;
	size_t at = SIZE_MAX;
	for (size_t i = 0; i < ea->ninstrs; i++)
		if (ea->instrs[i].op != eb->instrs[i].op || ea->instrs[i].arg != eb->instrs[i].arg) {
			if (at != SIZE_MAX)
				return NULL;
			at = i;
		}
	if (at == SIZE_MAX)
		return NULL;
	const char *x = comparison_text(ea->instrs[at].op), *y = comparison_text(eb->instrs[at].op);
	if (!x || !y)
		return NULL;
	int ob = eb->instrs[at].op, oa = ea->instrs[at].op;
	bool strict = (oa == RTAB_OP_LE && ob == RTAB_OP_LT) || (oa == RTAB_OP_GE && ob == RTAB_OP_GT);
	bool loose = (oa == RTAB_OP_LT && ob == RTAB_OP_LE) || (oa == RTAB_OP_GT && ob == RTAB_OP_GE);
	return xasprintf("the comparison '%s' is '%s'%s in the translation", x, y,
			 strict ? ", strict," : loose ? ", not strict," : "");
}

/* A top-level 'if C then X else Y' as its three parts (slices of e). */
static bool split_if(const rtab_expr *e, rtab_expr *c, rtab_expr *x, rtab_expr *y)
{
	size_t n = e->ninstrs;
	for (size_t j = 0; j < n; j++) {
		if (e->instrs[j].op != RTAB_OP_JUMP_IF_FALSE || e->instrs[j].arg < 1)
			continue;
		size_t jump = j + (size_t)e->instrs[j].arg; /* the 'then' branch's closing jump */
		if (jump >= n || e->instrs[jump].op != RTAB_OP_JUMP || jump + 1 + (size_t)e->instrs[jump].arg != n)
			continue;
		*c = (rtab_expr){(uint16_t)j, e->instrs, NULL};
		*x = (rtab_expr){(uint16_t)(jump - j - 1), e->instrs + j + 1, NULL};
		*y = (rtab_expr){(uint16_t)(n - jump - 1), e->instrs + jump + 1, NULL};
		return c->ninstrs && x->ninstrs && y->ninstrs;
	}
	return false;
}

static bool same(const space *s, const rtab_expr *ea, const rtab_expr *eb)
{
	expr_verdict v;
	expr_compare(s->model_a, ea, s->model_b, eb, s->work, &v);
	free(v.why);
	return v.equal;
}

/* "the branches are swapped": the same branches under the opposite condition,
 * or the branches exchanged under the same one. */
static bool swapped_branches(const space *s, const rtab_expr *ea, const rtab_expr *eb)
{
	rtab_expr ca, xa, ya, cb, xb, yb;
	if (!split_if(ea, &ca, &xa, &ya) || !split_if(eb, &cb, &xb, &yb))
		return false;
	if (same(s, &ca, &cb))
		return same(s, &xa, &yb) && same(s, &ya, &xb);
	rtab_instr *not_cb = xcalloc((size_t)cb.ninstrs + 1, sizeof *not_cb);
	memcpy(not_cb, cb.instrs, cb.ninstrs * sizeof *not_cb);
	not_cb[cb.ninstrs] = (rtab_instr){RTAB_OP_NOT, 0};
	rtab_expr opposite = {(uint16_t)(cb.ninstrs + 1), not_cb, NULL};
	bool swapped = same(s, &ca, &opposite) && same(s, &xa, &xb) && same(s, &ya, &yb);
	free(not_cb);
	return swapped;
}

/* The unit of the number at i, when it meets an input that has one ("move > 6"). */
static const char *number_unit(const rtab_ruleset *rs, const rtab_expr *e, size_t i)
{
	for (int side = -1; side <= 1; side += 2) {
		size_t j = (size_t)((int64_t)i + side);
		if (j < e->ninstrs && e->instrs[j].op == RTAB_OP_INPUT && e->instrs[j].arg >= 0 &&
		    (size_t)e->instrs[j].arg < rs->ninputs)
			return rs->inputs[e->instrs[j].arg].unit;
	}
	return NULL;
}

/* "the translation's 6 cm for the original's 6 inches: ...": written alike
 * but for a number that meets an input in two units and that the conversion
 * does not make equal. */
static char *changed_quantity(const space *s, const rtab_expr *ea, const rtab_expr *eb)
{
	if (ea->ninstrs != eb->ninstrs)
		return NULL;
	for (size_t i = 0; i < ea->ninstrs; i++) /* a comparison may be turned round */
		if (ea->instrs[i].op != eb->instrs[i].op &&
		    !(comparison_text(ea->instrs[i].op) && comparison_text(eb->instrs[i].op)))
			return NULL;
	for (size_t i = 0; i < ea->ninstrs; i++) {
		int op = ea->instrs[i].op;
		if (op != RTAB_OP_CONST && op != RTAB_OP_CONST_EXACT)
			continue;
		const char *ua = number_unit(s->a, ea, i), *ub = number_unit(s->b, eb, i);
		if (!quantity_units_differ(ua, ub))
			continue;
		int64_t sa = op == RTAB_OP_CONST_EXACT ? scale_of(s->a) : 1, sb = op == RTAB_OP_CONST_EXACT ? scale_of(s->b) : 1;
		char *why;
		if (quantity_compare(s->a, ratio_of(ea->instrs[i].arg, sa), ua, s->b, ratio_of(eb->instrs[i].arg, sb), ub,
				     &why) != QUANTITY_EQUAL)
			return why;
		free(why);
	}
	return NULL;
}

/* What differs in the reader's terms, before where it shows. */
static void describe(const space *s, const rtab_expr *ea, const rtab_expr *eb, expr_verdict *v)
{
	char *what = swapped_branches(s, ea, eb) ? xstrdup("the branches are swapped") : changed_quantity(s, ea, eb);
	if (!what)
		what = changed_comparison(ea, eb);
	if (!what)
		return;
	char *why = xasprintf("%s; %s", what, v->why);
	free(what);
	free(v->why);
	v->why = why;
}

void expr_compare(const model *a, const rtab_expr *ea, const model *b, const rtab_expr *eb,
		  work_budget *work, expr_verdict *v)
{
	expr_compare_units(a, ea, NULL, b, eb, NULL, work, v);
}

void expr_compare_units(const model *model_a, const rtab_expr *ea, const char *ua, const model *model_b,
			const rtab_expr *eb, const char *ub, work_budget *work, expr_verdict *v)
{
	const rtab_ruleset *a = &model_a->rs, *b = &model_b->rs;
	memset(v, 0, sizeof *v);
	space s = {0};
	s.a = a;
	s.b = b;
	s.model_a = model_a;
	s.model_b = model_b;
	s.work = work;
	s.ua = ua;
	s.ub = ub;
	s.va_scale = value_scale(a, ea);
	s.vb_scale = value_scale(b, eb);
	s.dice_ok = true;
	ratio per_unit;
	int32_t tolerance;
	if (!ua != !ub || (quantity_units_differ(ua, ub) && !quantity_factor(a, ua, b, ub, &per_unit, &tolerance))) {
		char *unrelated = quantity_unrelated_text(ua, ub);
		v->method = EXPR_UNDEFINED;
		v->why = xasprintf("%s: not compared beyond that", unrelated);
		free(unrelated);
		return;
	}
	bool fits = read_expr(&s, a, ea) && read_expr(&s, b, eb);
	if (fits) {
		char *differ = expr_inputs_differ(a, b, s.id, s.n);
		if (differ) {
			v->method = EXPR_UNDEFINED;
			v->why = xasprintf("%s: not compared beyond that", differ);
			free(differ);
			return;
		}
		map_inputs(&s);
	}
	/* The integer inputs a sum of may hold: scale-free only when both agree. */
	uint64_t situations = 0, evaluations = fits && s.dice_ok ? space_size(&s, &situations) : UINT64_MAX, past = 0;
	if (evaluations != UINT64_MAX &&
	    work_allows(&s, evaluations, work_expr_steps(ea) + work_expr_steps(eb), &past)) {
		exhaustive(&s, ea, eb, situations, v);
		if (!v->equal)
			describe(&s, ea, eb, v);
		return;
	}
	bool units = quantity_units_differ(ua, ub);
	for (size_t k = 0; k < s.n; k++)
		units |= s.mapped[k];
	linear la, lb;
	if (fits && !units && a->scale == b->scale && linear_form(&s, a, ea, &la) && linear_form(&s, b, eb, &lb)) {
		v->method = EXPR_NORMAL_FORM;
		v->equal = la.c == lb.c && memcmp(la.coef, lb.coef, s.n * sizeof *la.coef) == 0;
		if (!v->equal)
			v->why = xstrdup("their sums of inputs differ");
		return;
	}
	/* Too wide to try every value: the inputs read only at thresholds,
	 * tried there (an int >= 0 compared with 8: at 7, 8, 9 and its ends). */
	turns_source src = {ea, eb, NULL, 0, NULL};
	if (fits && s.dice_ok && try_at_thresholds(&s, &src, v)) {
		uint64_t reduced = space_size(&s, &situations), past_reduced = 0;
		if (reduced != UINT64_MAX &&
		    work_allows(&s, reduced, work_expr_steps(ea) + work_expr_steps(eb), &past_reduced)) {
			exhaustive(&s, ea, eb, situations, v);
			if (!v->equal)
				describe(&s, ea, eb, v);
			untry(&s);
			return;
		}
		past = past ? past : past_reduced;
		untry(&s);
	}
	v->thresholds[0] = '\0';
	if (units) { /* the exact forms below hold numbers, not quantities */
		v->method = EXPR_UNPROVEN;
		v->past_work = past;
		v->why = past ? past_work_text(&s, past)
			      : xstrdup("too many situations to try, in two units: compared as written");
		return;
	}
	ival ia, ib;
	if (final_interval(a, ea, &ia) && final_interval(b, eb, &ib)) {
		if (ia.lo == ia.hi && ib.lo == ib.hi && ia.lo == ib.lo) {
			v->method = EXPR_INTERVALS;
			v->equal = true;
			return;
		}
		if (ia.hi < ib.lo || ib.hi < ia.lo) {
			v->method = EXPR_INTERVALS;
			v->why = xasprintf("the original reaches %lld..%lld, the translation %lld..%lld", (long long)ia.lo,
					   (long long)ia.hi, (long long)ib.lo, (long long)ib.hi);
			return;
		}
	}
	v->method = EXPR_UNPROVEN;
	v->past_work = past;
	v->why = past ? past_work_text(&s, past)
		      : xstrdup("too many situations to try and no exact form: compared as written");
}

char *expr_method_text(const expr_verdict *v)
{
	switch (v->method) {
	case EXPR_EXHAUSTIVE:
		return xasprintf("exhaustively, over %llu situation%s%s%s%s%s", (unsigned long long)v->situations,
				 v->situations == 1 ? "" : "s", v->rolls > 1 ? " and every roll of the dice" : "",
				 v->thresholds[0] ? ": " : "", v->thresholds,
				 v->thresholds[0] ? " at each threshold, next to it and at the ends of the domain" : "");
	case EXPR_NORMAL_FORM: return xstrdup("by a normal form");
	case EXPR_INTERVALS: return xstrdup("by reachable intervals");
	case EXPR_UNPROVEN: return xstrdup(v->past_work ? "undecided, past the work budget" : "undecided");
	case EXPR_UNDEFINED: return xstrdup("not compared");
	}
	return xstrdup("?");
}
