/* SPDX-License-Identifier: MIT */
/* The numbers a table's results carry, summed over its odds (see odds.h). */
#include "analysis/odds.h"
#include "analysis/odds_stats.h"

#include <stdlib.h>
#include <string.h>

/* The special value of parameter p a number stands for, or -1. */
static int special_of(const rtab_outcome_param *p, int32_t v)
{
	for (size_t k = 0; k < p->nspecials; k++)
		if (p->specials[k].value == v)
			return (int)k;
	return -1;
}

size_t odds_numbers(const rtab_ruleset *rs, const uint64_t *count, uint64_t total,
		    odds_number_fn fn, void *arg)
{
	size_t lines = 0;
	for (size_t f = 0; f < rs->nnumeric_outcomes; f++) {
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[f];
		for (size_t p = 0; p < n->nparams; p++) {
			const rtab_outcome_param *pa = &n->params[p];
			uint64_t rolls = 0, numbered = 0;
			int64_t sum = 0;
			uint64_t *named = calloc(pa->nspecials ? pa->nspecials : 1, sizeof *named);
			if (!named)
				return lines;
			for (size_t o = 0; o < rs->noutcomes; o++) {
				const rtab_outcome *out = &rs->outcomes[o];
				if (!count[o] || out->nvalues <= p || out->numeric != f)
					continue;
				rolls += count[o];
				int k = special_of(pa, out->values[p]);
				if (k >= 0) {
					named[k] += count[o];
				} else {
					numbered += count[o];
					/* count <= 2^24 rolls and |value| <= 10^9: the sum fits. */
					sum += (int64_t)count[o] * out->values[p];
				}
			}
			if (rolls) {
				odds_number line = {n, pa, rolls, numbered, total, named, {0}, {0}};
				if (numbered)
					odds_put_ratio(&line.average, &line.decimal, sum, numbered);
				fn(arg, &line);
				sb_free(&line.average);
				sb_free(&line.decimal);
				lines++;
			}
			free(named);
		}
	}
	return lines;
}

/* An effect kind's first enum parameter (the side, say): its values split
 * the statistics of its integer parameters. -1: none. */
static int split_param(const rtab_effect_kind *ek)
{
	for (size_t p = 0; p < ek->nparams; p++)
		if (ek->params[p].enum_index >= 0)
			return (int)p;
	return -1;
}

static size_t split_ways(const rtab_ruleset *rs, const rtab_effect_kind *ek)
{
	int sp = split_param(ek);
	return sp < 0 ? 1 : rs->enums[ek->params[sp].enum_index].nvalues;
}

size_t odds_measure_slots(const rtab_ruleset *rs)
{
	size_t n = 0;
	for (size_t f = 0; f < rs->nnumeric_outcomes; f++)
		n += rs->numeric_outcomes[f].nparams;
	for (size_t k = 0; k < rs->neffect_kinds; k++)
		for (size_t p = 0; p < rs->effect_kinds[k].nparams; p++)
			if (rs->effect_kinds[k].params[p].enum_index < 0)
				n += split_ways(rs, &rs->effect_kinds[k]);
	return n;
}

/* Weigh value v by c rolls in vals (a value may come twice: the statistics merge). */
static void weigh(odds_value **vals, size_t *n, int32_t v, uint64_t c)
{
	*vals = xrealloc(*vals, (*n + 1) * sizeof **vals);
	(*vals)[(*n)++] = (odds_value){v, c};
}

size_t odds_measures(const rtab_ruleset *rs, const uint64_t *count, uint64_t total,
		     odds_measure_fn fn, void *arg)
{
	size_t lines = 0, slot = 0;
	odds_value *vals = NULL;
	for (size_t f = 0; f < rs->nnumeric_outcomes; f++) {
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[f];
		for (size_t p = 0; p < n->nparams; p++, slot++) {
			size_t nv = 0;
			uint64_t rolls = 0;
			for (size_t o = 0; o < rs->noutcomes; o++) {
				const rtab_outcome *out = &rs->outcomes[o];
				if (!count[o] || out->nvalues <= p || out->numeric != f ||
				    special_of(&n->params[p], out->values[p]) >= 0)
					continue;
				rolls += count[o];
				weigh(&vals, &nv, out->values[p], count[o]);
			}
			if (!rolls)
				continue;
			odds_measure m = {"numeric", n->id, n->params[p].id, NULL, vals, nv, rolls, total, slot};
			fn(arg, &m);
			lines++;
		}
	}
	for (size_t k = 0; k < rs->neffect_kinds; k++) {
		const rtab_effect_kind *ek = &rs->effect_kinds[k];
		int sp = split_param(ek);
		size_t ways = split_ways(rs, ek);
		for (size_t p = 0; p < ek->nparams; p++) {
			if (ek->params[p].enum_index >= 0)
				continue;
			for (size_t w = 0; w < ways; w++, slot++) {
				size_t nv = 0;
				uint64_t rolls = 0;
				for (size_t o = 0; o < rs->noutcomes; o++) {
					const rtab_outcome *out = &rs->outcomes[o];
					int64_t sum = 0;
					bool has = false;
					for (size_t e = 0; e < out->neffects; e++) {
						const rtab_effect *ef = &out->effects[e];
						if (ef->kind != k || ef->nargs <= p ||
						    (sp >= 0 && (ef->nargs <= (size_t)sp || ef->args[sp] != (int32_t)w)))
							continue;
						has = true;
						sum += ef->args[p];
					}
					if (!count[o] || !has)
						continue;
					rolls += count[o];
					weigh(&vals, &nv,
					      (int32_t)(sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : sum),
					      count[o]);
				}
				if (!rolls)
					continue;
				const char *which = sp >= 0 ? rs->enums[ek->params[sp].enum_index].values[w].id : NULL;
				odds_measure m = {"effect", ek->id, ek->params[p].id, which, vals, nv, rolls, total, slot};
				fn(arg, &m);
				lines++;
			}
		}
	}
	free(vals);
	return lines;
}
