/* SPDX-License-Identifier: MIT */
/* Mean, standard deviation and lower quantiles of weighted values (see odds_stats.h). */
#include "analysis/odds_stats.h"

#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A non-negative number to at most three decimals, trailing zeros dropped. */
static void put_decimal3(strbuf *sb, uint64_t thousandths, bool negative)
{
	sb_printf(sb, "%s%llu", thousandths && negative ? "-" : "", (unsigned long long)(thousandths / 1000));
	unsigned frac = (unsigned)(thousandths % 1000);
	int places = 3;
	for (; places > 0 && frac % 10 == 0; places--)
		frac /= 10;
	if (places)
		sb_printf(sb, ".%0*u", places, frac);
}

void odds_put_ratio(strbuf *exact, strbuf *decimal, int64_t sum, uint64_t n)
{
	uint64_t mag = sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum;
	uint64_t g = gcd_u64(mag, n);
	uint64_t num = g ? mag / g : 0, den = g ? n / g : 1;
	const char *sign = sum < 0 && num ? "-" : "";
	sb_printf(exact, "%s%llu", sign, (unsigned long long)num);
	if (den != 1)
		sb_printf(exact, "/%llu", (unsigned long long)den);
	/* Rounded half away from zero; num * 1000 fits: num < 2^56 would not, so
	 * split it into whole and fraction first. */
	uint64_t whole = num / den, rest = num % den;
	uint64_t thousandths = whole * 1000 + (rest * 1000 + den / 2) / den;
	put_decimal3(decimal, thousandths, sum < 0);
}

void odds_quantiles_default(odds_quantiles *q)
{
	odds_quantiles_parse("0.1,0.5,0.9", q);
}

bool odds_quantiles_parse(const char *s, odds_quantiles *q)
{
	memset(q, 0, sizeof *q);
	const char *p = s;
	for (;;) {
		if (q->n == ODDS_MAX_QUANTILES)
			return false;
		uint64_t num = 0, den = 1;
		const char *start = p;
		while (*p >= '0' && *p <= '9' && p - start < 2)
			num = num * 10 + (uint64_t)(*p++ - '0');
		if (p == start)
			return false;
		if (*p == '.') {
			p++;
			const char *frac = p;
			while (*p >= '0' && *p <= '9' && p - frac < 9) {
				num = num * 10 + (uint64_t)(*p - '0');
				den *= 10;
				p++;
			}
			if (p == frac)
				return false;
		}
		if (num > den || (*p != ',' && *p != '\0'))
			return false;
		size_t i = q->n++;
		q->num[i] = num;
		q->den[i] = den;
		snprintf(q->text[i], sizeof q->text[i], "%.*s", (int)(p - start), start);
		if (num * 2 == den) {
			snprintf(q->name[i], sizeof q->name[i], "median");
		} else {
			/* q as a percentage: 0.1 is "10%", 0.025 "2.5%". */
			strbuf pc = {0};
			strbuf exact = {0};
			odds_put_ratio(&exact, &pc, (int64_t)(num * 100), den);
			snprintf(q->name[i], sizeof q->name[i], "%s%%", pc.data);
			sb_free(&pc);
			sb_free(&exact);
		}
		if (*p == '\0')
			return true;
		p++;
	}
}

/* The square root of x >= 0 by Newton's method (no libm for one function). */
static double square_root(double x)
{
	if (x <= 0)
		return 0;
	double r = x > 1 ? x : 1;
	for (int i = 0; i < 200; i++) {
		double next = 0.5 * (r + x / r);
		if (next >= r)
			break;
		r = next;
	}
	return r;
}

static int cmp_value(const void *a, const void *b)
{
	int32_t x = ((const odds_value *)a)->value, y = ((const odds_value *)b)->value;
	return (x > y) - (x < y);
}

/* The variance of the values, exactly when it fits: with d = v - m (m the
 * mean rounded down), N^2 var = N Q - S^2 where Q = sum c d^2 and
 * 0 <= S = sum c d < N. Q = qN + r gives var = q + (rN - S^2) / N^2. */
static bool exact_variance(const odds_value *v, size_t n, uint64_t total, int64_t sum, int32_t scale,
			   uint64_t *num_out, uint64_t *den_out)
{
	int64_t m = sum >= 0 ? sum / (int64_t)total : -((-sum + (int64_t)total - 1) / (int64_t)total);
	uint64_t q2 = 0;
	int64_t s = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t d = (int64_t)v[i].value - m;
		uint64_t ad = (uint64_t)(d < 0 ? -d : d);
		if (ad > (UINT64_C(1) << 19))
			return false; /* c d^2 summed over 2^24 rolls could pass 2^62 */
		q2 += v[i].count * ad * ad;
		s += (int64_t)v[i].count * d;
	}
	uint64_t q = q2 / total, r = q2 % total;
	/* r N < N^2 <= 2^48 and S^2 < N^2. */
	int64_t a = (int64_t)(r * total) - s * s;
	uint64_t b = total * total;
	uint64_t ga = gcd_u64((uint64_t)(a < 0 ? -a : a), b);
	if (ga) {
		a /= (int64_t)ga;
		b /= ga;
	}
	uint64_t sc = (uint64_t)scale * (uint64_t)scale;
	if (q > (UINT64_MAX / 4) / b || b > UINT64_MAX / sc)
		return false;
	uint64_t num = (uint64_t)((int64_t)(q * b) + a), den = b * sc;
	uint64_t g = gcd_u64(num, den);
	if (g) {
		num /= g;
		den /= g;
	}
	*num_out = num;
	*den_out = num ? den : 1;
	return true;
}

bool odds_stats_compute(const odds_value *given, size_t n, int32_t scale, const odds_quantiles *q,
			odds_stats *out)
{
	memset(out, 0, sizeof *out);
	out->scale = scale > 0 ? scale : 1;
	odds_value *v = xcalloc(n ? n : 1, sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (given[i].count)
			v[k++] = given[i];
	n = k;
	qsort(v, n, sizeof *v, cmp_value);
	uint64_t total = 0;
	int64_t sum = 0;
	/* Each count <= 2^24 in all and |value| < 2^31: the sum fits. */
	for (size_t i = 0; i < n; i++) {
		total += v[i].count;
		sum += (int64_t)v[i].count * v[i].value;
	}
	out->weight = total;
	if (!total) {
		free(v);
		return false;
	}
	out->min = v[0].value;
	out->max = v[n - 1].value;
	odds_put_ratio(&out->mean, &out->mean_decimal, sum, total * (uint64_t)out->scale);
	uint64_t vn, vd;
	double var;
	if (exact_variance(v, n, total, sum, out->scale, &vn, &vd)) {
		if (vd == 1)
			sb_printf(&out->variance, "%llu", (unsigned long long)vn);
		else
			sb_printf(&out->variance, "%llu/%llu", (unsigned long long)vn, (unsigned long long)vd);
		var = (double)vn / (double)vd;
	} else {
		long double mean = (long double)sum / (long double)total, acc = 0;
		for (size_t i = 0; i < n; i++) {
			long double d = (long double)v[i].value - mean;
			acc += (long double)v[i].count * d * d;
		}
		var = (double)(acc / (long double)total) / ((double)out->scale * out->scale);
	}
	double sd = square_root(var);
	put_decimal3(&out->sd, (uint64_t)(sd * 1000.0 + 0.5), false);
	for (size_t j = 0; q && j < q->n; j++) {
		/* The smallest x with cum(x) / total >= num / den (cum, num <= 2^30). */
		uint64_t cum = 0;
		out->quantile[j] = v[n - 1].value;
		for (size_t i = 0; i < n; i++) {
			cum += v[i].count;
			if (cum * q->den[j] >= q->num[j] * total) {
				out->quantile[j] = v[i].value;
				break;
			}
		}
	}
	free(v);
	return true;
}

void odds_stats_free(odds_stats *s)
{
	sb_free(&s->mean);
	sb_free(&s->mean_decimal);
	sb_free(&s->variance);
	sb_free(&s->sd);
}

void odds_stats_put_value(strbuf *sb, const odds_stats *s, int32_t value)
{
	char num[32];
	if (s->scale > 1 && rtab_format_exact(value, s->scale, num, sizeof num) == RTAB_OK)
		sb_puts(sb, num);
	else
		sb_printf(sb, "%ld", (long)value);
}
