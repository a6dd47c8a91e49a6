/* SPDX-License-Identifier: MIT */
/*
 * Exact rational numbers, for what the compiler decides about quantities:
 * a figure in two units, the factor between units, a tolerance, the value of
 * one input nearest another's. A decision made with them is the same on
 * every machine and in every order; floating point only prints a figure in a
 * message (ratio_approx).
 *
 * The products are worked in 128 bits (gcc and clang; the runtime, which
 * embedders build with any compiler, has none of this). The figures of a
 * ruleset stay far inside: values of 32 bits, factors between units below
 * 10^12 (check/passes/units.c), a precision of at most 1/1000. A computation that
 * would pass 127 bits anyway says so (false) rather than round.
 */
#ifndef RTAB_RATIO_H
#define RTAB_RATIO_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ratio {
	int64_t num;
	int64_t den; /* > 0 */
} ratio;

/* num/den reduced, with den > 0; den must not be 0. */
ratio ratio_of(int64_t num, int64_t den);

/* A whole number. */
static inline ratio ratio_int(int64_t n)
{
	return (ratio){n, 1};
}

static inline bool ratio_equal(ratio a, ratio b)
{
	return a.num == b.num && a.den == b.den; /* both reduced */
}

/* -1, 0 or 1 as a < b, a == b, a > b. */
int ratio_compare(ratio a, ratio b);

/* a·b reduced; false when it does not fit 64 bits. */
bool ratio_mul(ratio a, ratio b, ratio *out);

/* 1/a (a not 0). */
ratio ratio_inverse(ratio a);

/* Whether |a1·a2 − b1·b2| ≤ allowed (allowed ≥ 0), exactly; false too when
 * a product passes 127 bits. */
bool ratio_products_within(ratio a1, ratio a2, ratio b1, ratio b2, ratio allowed);

/* The whole number k nearest (v − origin) / step: floor of it plus one half,
 * so a value midway rounds up (step > 0); false when it passes 64 bits. */
bool ratio_nearest_step(ratio v, int64_t origin, int64_t step, int64_t *k);

/* The decimal number at p ("12", "-2.54", "+0.5", no exponent) exactly, and
 * where it ends; false when p holds none or more digits than 18. */
bool ratio_parse_decimal(const char *p, const char **end, ratio *out);

/* For a message only: never for a decision. */
double ratio_approx(ratio r);

#endif
