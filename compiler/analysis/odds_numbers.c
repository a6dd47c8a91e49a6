/* SPDX-License-Identifier: MIT */
/* The numbers a table's results carry, summed over its odds (see odds.h). */
#include "analysis/odds.h"

#include <stdlib.h>
#include <string.h>

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* sum/n exactly ("13/2", "7", "-1/3"), and to at most three decimals
 * ("6.5", "7", "-0.333", rounded half away from zero). */
static void put_average(strbuf *exact, strbuf *decimal, int64_t sum, uint64_t n)
{
	uint64_t mag = sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum;
	uint64_t g = gcd_u64(mag, n);
	uint64_t num = g ? mag / g : 0, den = g ? n / g : 1;
	const char *sign = sum < 0 ? "-" : "";
	sb_printf(exact, "%s%llu", sign, (unsigned long long)num);
	if (den != 1)
		sb_printf(exact, "/%llu", (unsigned long long)den);
	uint64_t thousandths = (mag * 1000 + n / 2) / n;
	sb_printf(decimal, "%s%llu", thousandths ? sign : "", (unsigned long long)(thousandths / 1000));
	unsigned frac = (unsigned)(thousandths % 1000);
	int places = 3;
	for (; places > 0 && frac % 10 == 0; places--)
		frac /= 10;
	if (places)
		sb_printf(decimal, ".%0*u", places, frac);
}

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
					put_average(&line.average, &line.decimal, sum, numbered);
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
