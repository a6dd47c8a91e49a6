/* SPDX-License-Identifier: MIT */
/*
 * Folding modifiers into lookup tables for the lean resolvers of C (see
 * fold.h). Each part (one ungrouped modifier, or one stacking group
 * with all its members in the table) is evaluated here with rtab_expr_eval
 * for every combination of the inputs it reads, stacked and capped as
 * rtab_resolve does; parts are then gathered into tables of at most
 * FOLD_MAX_ENTRIES entries.
 */
#include "lower/fold.h"

#include "base/util.h"
#include "front/stackings.h"

#include <stdlib.h>
#include <string.h>

typedef struct part {
	int group;          /* -1: the single ungrouped modifier mods[0] */
	size_t nmods;
	uint16_t mods[RTAB_MAX_APPLIED]; /* positions in the table's modifier list */
	size_t ninputs;
	uint16_t inputs[FOLD_MAX_INPUTS];
	int64_t lo, hi; /* bounds of what it adds */
	size_t unit;    /* where it went */
} part;

/* The instructions (of conditions and values) below which a table is not worth its load. */
#define FOLD_MIN_COST 4

typedef struct folder {
	const rtab_ruleset *rs;
	const rtab_table *t;
	int32_t *vals; /* one value per input of the ruleset: the defaults, then a combination */
} folder;

static bool in_step(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || (t->step < RTAB_MAX_STEPS && (m->steps >> t->step) & 1u);
}

static int64_t domain(const rtab_ruleset *rs, uint16_t input)
{
	return (int64_t)rs->inputs[input].max - rs->inputs[input].min + 1;
}

/* Add the inputs expression e reads to a set; false when it rolls dice or the set overflows. */
static bool add_inputs(const rtab_expr *e, uint16_t *set, size_t *n)
{
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		if (in->op == RTAB_OP_ROLL)
			return false;
		if (in->op != RTAB_OP_INPUT)
			continue;
		size_t k = 0;
		while (k < *n && set[k] != (uint16_t)in->arg)
			k++;
		if (k < *n)
			continue;
		if (*n == FOLD_MAX_INPUTS)
			return false;
		set[(*n)++] = (uint16_t)in->arg;
	}
	return true;
}

int64_t fold_slots(const rtab_ruleset *rs, uint16_t input)
{
	int64_t d = domain(rs, input), s = 1;
	while (s < d && s <= FOLD_MAX_ENTRIES)
		s *= 2;
	return s;
}

int64_t fold_pad(const rtab_ruleset *rs, const uint16_t *inputs, size_t n)
{
	int64_t weight = 1, pad = 0;
	for (size_t k = n; k-- > 0;) {
		if (rs->inputs[inputs[k]].min < 0)
			return -1;
		pad += rs->inputs[inputs[k]].min * weight;
		if (pad > FOLD_MAX_PAD)
			return -1;
		weight *= fold_slots(rs, inputs[k]);
	}
	return pad;
}

/* The entries of a table over a set of inputs, each given its slots (capped just past the
 * limit). */
static int64_t combinations(const rtab_ruleset *rs, const uint16_t *set, size_t n)
{
	int64_t p = 1;
	for (size_t k = 0; k < n && p <= FOLD_MAX_ENTRIES; k++)
		p *= fold_slots(rs, set[k]);
	return p;
}

/* The signed value modifier position i gives for the current vals, 0 when its condition
 * fails; false when the interpreter would report an error. */
static bool signed_value(const folder *f, size_t i, bool *holds, int64_t *sv)
{
	const rtab_modifier *m = &f->rs->modifiers[f->t->modifiers[i]];
	int32_t c, v;
	*holds = false;
	*sv = 0;
	if (rtab_expr_eval(f->rs, &m->condition, f->vals, f->rs->ninputs, &c) != RTAB_OK)
		return false;
	if (!c)
		return true;
	if (rtab_expr_eval(f->rs, &m->value, f->vals, f->rs->ninputs, &v) != RTAB_OK)
		return false;
	if (v == INT32_MIN && m->sign < 0)
		return false; /* RTAB_E_OVERFLOW */
	*holds = true;
	*sv = m->sign < 0 ? -(int64_t)v : v;
	return true;
}

/* What a part adds to the total for the current vals, as apply_list of rtab.c adds it. */
static bool part_value(const folder *f, const part *p, int64_t *out)
{
	bool holds;
	int64_t sv;
	if (p->group < 0)
		return signed_value(f, p->mods[0], &holds, out);
	const rtab_group *g = &f->rs->groups[p->group];
	int64_t sum = 0, keep[2][2] = {{0, 0}, {0, 0}};
	bool kept[2][2] = {{false, false}, {false, false}}, any = false;
	for (size_t k = 0; k < p->nmods; k++) {
		if (!signed_value(f, p->mods[k], &holds, &sv))
			return false;
		if (!holds)
			continue;
		any = true;
		if (g->stacking == RTAB_STACK_SUM) {
			sum += sv;
			continue;
		}
		/* Per side the extreme value counts: the highest for the attacker's (+1)
		 * members under 'best', the lowest under 'worst'; the reverse for the
		 * defender's. Under 'largest_each_way' per side and way: the best of
		 * the side's bonuses, the worst of its penalties. */
		int side = f->rs->modifiers[f->t->modifiers[p->mods[k]]].sign < 0, way = 0;
		bool high = (g->stacking == RTAB_STACK_BEST) == (side == 0);
		if (g->stacking == RTAB_STACK_LARGEST_EACH_WAY) {
			const rtab_modifier *mod = &f->rs->modifiers[f->t->modifiers[p->mods[k]]];
			bool bonus = stacking_is_bonus(mod, (int32_t)(side == 0 ? sv : -sv));
			way = !bonus;
			high = bonus == (side == 0);
		}
		if (!kept[side][way] || (high ? sv > keep[side][way] : sv < keep[side][way]))
			keep[side][way] = sv;
		kept[side][way] = true;
	}
	if (g->stacking != RTAB_STACK_SUM)
		sum = keep[0][0] + keep[0][1] + keep[1][0] + keep[1][1];
	if (g->capped && any) { /* a group with no member applying adds nothing */
		if (sum < g->cap_min)
			sum = g->cap_min;
		if (sum > g->cap_max)
			sum = g->cap_max;
	}
	*out = sum;
	return true;
}

/* Set vals to the combination of entry k of a table over a set of inputs (the first varies
 * slowest); false for an entry that no combination of values reaches. */
static bool set_combination(folder *f, const uint16_t *set, size_t n, int64_t k)
{
	bool reached = true;
	for (size_t j = n; j-- > 0;) {
		const rtab_input *in = &f->rs->inputs[set[j]];
		int64_t s = fold_slots(f->rs, set[j]);
		reached &= k % s < domain(f->rs, set[j]);
		f->vals[set[j]] = reached ? (int32_t)(in->min + k % s) : in->min;
		k /= s;
	}
	return reached;
}

/* Whether a part gives a value for every combination of its inputs; its bounds. */
static bool part_total(folder *f, part *p)
{
	int64_t n = combinations(f->rs, p->inputs, p->ninputs), v;
	p->lo = INT32_MAX;
	p->hi = INT32_MIN;
	for (int64_t k = 0; k < n; k++) {
		if (!set_combination(f, p->inputs, p->ninputs, k))
			continue;
		if (!part_value(f, p, &v) || v < INT32_MIN || v > INT32_MAX)
			return false;
		p->lo = v < p->lo ? v : p->lo;
		p->hi = v > p->hi ? v : p->hi;
	}
	return true;
}

/* A part for the members listed: false when they read too much or roll dice. */
static bool part_make(const rtab_ruleset *rs, const rtab_table *t, part *p)
{
	p->ninputs = 0;
	for (size_t k = 0; k < p->nmods; k++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[p->mods[k]]];
		if (!add_inputs(&m->condition, p->inputs, &p->ninputs) ||
		    !add_inputs(&m->value, p->inputs, &p->ninputs))
			return false;
	}
	for (size_t k = 0; k < p->ninputs; k++)
		if (p->inputs[k] >= rs->ninputs)
			return false;
	return combinations(rs, p->inputs, p->ninputs) <= FOLD_MAX_ENTRIES;
}

static size_t union_of(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, uint16_t *out)
{
	size_t n = 0;
	for (size_t k = 0; k < na; k++)
		out[n++] = a[k];
	for (size_t k = 0; k < nb; k++) {
		size_t j = 0;
		while (j < na && a[j] != b[k])
			j++;
		if (j == na) {
			if (n == FOLD_MAX_INPUTS)
				return SIZE_MAX;
			out[n++] = b[k];
		}
	}
	return n;
}

void fold_plan_make(const rtab_ruleset *rs, const rtab_table *t, fold_plan *p)
{
	memset(p, 0, sizeof *p);
	p->modifier_folded = xcalloc(t->nmodifiers + 1u, sizeof *p->modifier_folded);
	p->group_folded = xcalloc(rs->ngroups + 1u, sizeof *p->group_folded);
	folder f = {rs, t, xcalloc(rs->ninputs + 1u, sizeof *f.vals)};
	if (rtab_inputs_default(rs, f.vals, rs->ninputs) != RTAB_OK) {
		free(f.vals);
		return;
	}
	part *parts = xcalloc(t->nmodifiers + rs->ngroups + 1u, sizeof *parts);
	size_t nparts = 0;
	/* The groups with members here, each whole, then the ungrouped modifiers. */
	for (size_t g = 0; g <= rs->ngroups; g++) {
		for (size_t i = 0; i < t->nmodifiers; i++) {
			const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
			if (!in_step(t, m) || (g < rs->ngroups ? m->group != (int)g : m->group >= 0))
				continue;
			part *q = &parts[nparts];
			if (g == rs->ngroups) {
				q->group = -1;
				q->nmods = 0;
			} else if (q->nmods == 0) {
				q->group = (int)g;
			}
			if (q->nmods < RTAB_MAX_APPLIED)
				q->mods[q->nmods++] = (uint16_t)i;
			if (g == rs->ngroups) {
				if (part_make(rs, t, q) && part_total(&f, q))
					nparts++;
				else
					memset(q, 0, sizeof *q);
			}
		}
		if (g < rs->ngroups && parts[nparts].nmods) {
			if (part_make(rs, t, &parts[nparts]) && part_total(&f, &parts[nparts]))
				nparts++;
			else
				memset(&parts[nparts], 0, sizeof parts[nparts]);
		}
	}
	/* Gather the parts: each joins the table whose inputs grow least, within the limit. */
	p->units = xcalloc(nparts + 1u, sizeof *p->units);
	for (size_t k = 0; k < nparts; k++) {
		part *q = &parts[k];
		size_t best = SIZE_MAX;
		int64_t best_n = FOLD_MAX_ENTRIES + 1;
		uint16_t u[FOLD_MAX_INPUTS];
		for (size_t j = 0; j < p->nunits; j++) {
			fold_unit *fu = &p->units[j];
			size_t n = union_of(fu->inputs, fu->ninputs, q->inputs, q->ninputs, u);
			if (n == SIZE_MAX)
				continue;
			int64_t c = combinations(rs, u, n);
			/* The table's entries stay within int32. */
			bool fits = (int64_t)fu->lo + q->lo >= INT32_MIN && (int64_t)fu->hi + q->hi <= INT32_MAX;
			if (fits && c < best_n) {
				best_n = c;
				best = j;
			}
		}
		if (best == SIZE_MAX) {
			best = p->nunits++;
			p->units[best].ninputs = 0;
		}
		fold_unit *fu = &p->units[best];
		fu->lo = (int32_t)(fu->lo + q->lo); /* bounds of the sum, refined below */
		fu->hi = (int32_t)(fu->hi + q->hi);
		fu->ninputs = union_of(fu->inputs, fu->ninputs, q->inputs, q->ninputs, u);
		memcpy(fu->inputs, u, fu->ninputs * sizeof *u);
		q->unit = best;
	}
	/* A table costs a load and its index: a lone short modifier ("value -casualties")
	 * is cheaper as code. */
	size_t kept = 0;
	for (size_t j = 0; j < p->nunits; j++) {
		size_t cost = 0;
		for (size_t k = 0; k < nparts; k++)
			for (size_t i = 0; parts[k].unit == j && i < parts[k].nmods; i++) {
				const rtab_modifier *m = &rs->modifiers[t->modifiers[parts[k].mods[i]]];
				cost += m->condition.ninstrs + m->value.ninstrs;
			}
		for (size_t k = 0; k < nparts; k++)
			if (parts[k].unit == j)
				parts[k].unit = cost >= FOLD_MIN_COST ? kept : SIZE_MAX;
		if (cost >= FOLD_MIN_COST)
			p->units[kept++] = p->units[j];
	}
	p->nunits = kept;
	/* Each table: the sum of its parts, per combination. */
	for (size_t j = 0; j < p->nunits; j++) {
		fold_unit *fu = &p->units[j];
		fu->nentries = (size_t)combinations(rs, fu->inputs, fu->ninputs);
		fu->values = xcalloc(fu->nentries, sizeof *fu->values);
		fu->lo = INT32_MAX;
		fu->hi = INT32_MIN;
		for (size_t e = 0; e < fu->nentries; e++) {
			int64_t sum = 0, v = 0;
			if (!set_combination(&f, fu->inputs, fu->ninputs, (int64_t)e))
				continue; /* never read: 0 */
			for (size_t k = 0; k < nparts; k++)
				if (parts[k].unit == j && part_value(&f, &parts[k], &v))
					sum += v;
			/* Every part was checked over its own inputs; a sum of parts stays within
			 * the bounds the extra-modifier guard already allows for. */
			fu->values[e] = (int32_t)sum;
			fu->lo = fu->values[e] < fu->lo ? fu->values[e] : fu->lo;
			fu->hi = fu->values[e] > fu->hi ? fu->values[e] : fu->hi;
		}
	}
	for (size_t k = 0; k < nparts; k++) {
		if (parts[k].unit == SIZE_MAX)
			continue;
		if (parts[k].group >= 0)
			p->group_folded[parts[k].group] = true;
		for (size_t i = 0; i < parts[k].nmods; i++)
			p->modifier_folded[parts[k].mods[i]] = true;
	}
	free(parts);
	free(f.vals);
}

void fold_plan_free(fold_plan *p)
{
	for (size_t j = 0; j < p->nunits; j++)
		free(p->units[j].values);
	free(p->units);
	free(p->modifier_folded);
	free(p->group_folded);
	memset(p, 0, sizeof *p);
}

bool fold_columns_make(const rtab_ruleset *rs, const rtab_table *t, fold_columns *fc)
{
	memset(fc, 0, sizeof *fc);
	/* Natural-roll rules give outcomes the rewrites apply to, outside the cells. */
	if ((t->nrewrites == 0 && t->column_input < 0) || (t->nrewrites > 0 && t->nnatural > 0))
		return false;
	if (t->column_input >= 0)
		fc->inputs[fc->ninputs++] = (uint16_t)t->column_input;
	for (size_t k = 0; k < t->nrewrites; k++)
		if (!add_inputs(&t->rewrites[k].condition, fc->inputs, &fc->ninputs))
			return false;
	for (size_t k = 0; k < fc->ninputs; k++)
		if (fc->inputs[k] >= rs->ninputs)
			return false;
	int64_t n = combinations(rs, fc->inputs, fc->ninputs);
	if (n > 256)
		return false;
	folder f = {rs, t, xcalloc(rs->ninputs + 1u, sizeof *f.vals)};
	fc->nentries = (size_t)n;
	fc->vcolumn_of = xcalloc(fc->nentries, sizeof *fc->vcolumn_of);
	fc->column = xcalloc(FOLD_MAX_VCOLUMNS, sizeof *fc->column);
	fc->holds = xcalloc(FOLD_MAX_VCOLUMNS * t->nrewrites, sizeof *fc->holds);
	bool ok = rtab_inputs_default(rs, f.vals, rs->ninputs) == RTAB_OK && t->ncolumns <= FOLD_MAX_VCOLUMNS;
	/* The printed columns first: the full explanation indexes them by column. */
	for (size_t c = 0; ok && c < t->ncolumns; c++)
		fc->column[fc->nvcolumns++] = (uint16_t)c;
	bool *h = xcalloc(t->nrewrites, sizeof *h);
	for (int64_t e = 0; ok && e < n; e++) {
		if (!set_combination(&f, fc->inputs, fc->ninputs, e))
			continue; /* never read: virtual column 0 */
		size_t col = 0;
		if (t->column_input >= 0) {
			col = t->column_of_value[f.vals[t->column_input]];
			if (col >= t->ncolumns) {
				ok = false; /* an error the interpreter reports */
				break;
			}
		}
		bool any = false;
		for (size_t k = 0; k < t->nrewrites; k++) {
			int32_t v;
			if (rtab_expr_eval(rs, &t->rewrites[k].condition, f.vals, rs->ninputs, &v) != RTAB_OK) {
				ok = false;
				break;
			}
			h[k] = v != 0;
			any |= h[k];
		}
		size_t vc = col;
		if (ok && any) {
			for (vc = t->ncolumns; vc < fc->nvcolumns; vc++)
				if (fc->column[vc] == col &&
				    memcmp(&fc->holds[vc * t->nrewrites], h, t->nrewrites * sizeof *h) == 0)
					break;
			if (vc == fc->nvcolumns) {
				if (vc == FOLD_MAX_VCOLUMNS) {
					ok = false;
					break;
				}
				fc->column[vc] = (uint16_t)col;
				memcpy(&fc->holds[vc * t->nrewrites], h, t->nrewrites * sizeof *h);
				fc->nvcolumns++;
			}
		}
		fc->vcolumn_of[e] = (uint8_t)vc;
	}
	free(h);
	free(f.vals);
	if (!ok)
		fold_columns_free(fc);
	return ok;
}

uint16_t fold_columns_outcome(const rtab_table *t, const fold_columns *fc, size_t v, uint16_t o)
{
	/* The first rewrite from o whose condition holds, as apply_rewrites of rtab.c takes it. */
	for (size_t k = 0; k < t->nrewrites; k++)
		if (t->rewrites[k].from == o && fc->holds[v * t->nrewrites + k])
			return t->rewrites[k].to;
	return o;
}

void fold_columns_free(fold_columns *fc)
{
	free(fc->vcolumn_of);
	free(fc->column);
	free(fc->holds);
	memset(fc, 0, sizeof *fc);
}
