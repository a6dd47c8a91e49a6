/* SPDX-License-Identifier: MIT */
/*
 * Mean, standard deviation and quantiles of a number over equally likely
 * rolls (a distance's value, a number a result carries, an effect's
 * argument, the modified roll), exact from the enumerated counts.
 *
 * The mean is a fraction (exact) and a decimal; the variance is a fraction
 * when its numerator and denominator fit 64 bits; the standard deviation,
 * its square root, is a decimal. Decimals have at most three places,
 * rounded half away from zero, trailing zeros dropped ("6.5", "2.415").
 *
 * The quantile q (0 <= q <= 1) is the lower quantile: the smallest value x
 * such that at least q of the weight lies at x or below (the median is the
 * quantile 1/2: of 1, 2, 3, 4 it is 2). It is always one of the values.
 */
#ifndef RTAB_ANALYSIS_ODDS_STATS_H
#define RTAB_ANALYSIS_ODDS_STATS_H

#include "analysis/odds.h"

#include <stdbool.h>
#include <stdint.h>

#define ODDS_MAX_QUANTILES 9

/* The quantiles asked for: each q = num/den, as the user wrote it ("0.1"). */
typedef struct odds_quantiles {
	size_t n;
	uint64_t num[ODDS_MAX_QUANTILES], den[ODDS_MAX_QUANTILES];
	char name[ODDS_MAX_QUANTILES][16]; /* "10%", "median", "90%" */
	char text[ODDS_MAX_QUANTILES][16]; /* "0.1", "0.5", "0.9" */
} odds_quantiles;

/* 0.1, 0.5 and 0.9. */
void odds_quantiles_default(odds_quantiles *q);
/* A list "0.1,0.5,0.9" of decimals within 0..1 (at most nine places, at
 * most ODDS_MAX_QUANTILES of them); false when it is none. */
bool odds_quantiles_parse(const char *s, odds_quantiles *q);

/* A weighted value: value at `count` of the rolls. */
typedef struct odds_stats {
	uint64_t weight;           /* the rolls the values are over */
	strbuf mean, mean_decimal; /* "13/2", "6.5" */
	strbuf variance;           /* "35/12", or empty when it does not fit */
	strbuf sd;                 /* "1.708" */
	int32_t min, max;
	int32_t quantile[ODDS_MAX_QUANTILES];
	int32_t scale; /* values are in 1/scale (exact numbers); 1 otherwise */
} odds_stats;

/* The statistics of v[0..n) (any order, equal values allowed), whose values
 * are in units of 1/scale. false when their weight is 0. Free with
 * odds_stats_free even then. */
bool odds_stats_compute(const odds_value *v, size_t n, int32_t scale, const odds_quantiles *q,
			odds_stats *out);
void odds_stats_free(odds_stats *s);

/* A value of s as written: 12.5 at scale 2. */
void odds_stats_put_value(strbuf *sb, const odds_stats *s, int32_t value);

/* sum/n exactly ("13/2", "7", "-1/3"), and to at most three decimals. */
void odds_put_ratio(strbuf *exact, strbuf *decimal, int64_t sum, uint64_t n);

#endif
