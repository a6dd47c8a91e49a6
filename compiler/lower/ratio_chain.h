/* SPDX-License-Identifier: MIT */
/*
 * A computed key's column, or a ratio band's step, decided at compile time
 * as a chain of tests of the key against constants (docs/lowering.md).
 *
 * What the runtime answers for a key a:b (or a value a) changes only where
 * the key passes a step, a midpoint between two steps, the start of a range
 * of roundings or evens. The compiler asks the runtime itself (rtab_key_column,
 * rtab_band_reach) at each such point and at one key between each two, and
 * keeps a test wherever the answer changes: the targets print the tests, so
 * no target reads a rounding of its own and a new rounding mode changes the
 * runtime and none of them.
 */
#ifndef RTAB_LOWER_RATIO_CHAIN_H
#define RTAB_LOWER_RATIO_CHAIN_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One test: the key below num/den (at_most: at or below it). A value's den is 1. */
typedef struct ratio_test {
	int64_t num, den;
	bool at_most;
	int32_t result; /* what the first test that holds gives: >= 0, or an RTAB_E_ status */
} ratio_test;

typedef struct ratio_chain {
	bool odds;       /* a:b (a, b >= 0, not both 0), tested as a * den < num * b; else a value */
	size_t ntests;
	ratio_test *tests; /* in rising order: the first that holds decides */
	int32_t last;    /* when none holds */
} ratio_chain;

/* The chain of table t's key over its columns [first, end). False: the runtime's
 * answers could not be gathered into tests (a step past the bounds it reads). */
bool ratio_chain_of_key(const rtab_table *t, size_t first, size_t end, ratio_chain *out);

/* The chain of a ratio band over a:b (a, b >= 0, not both 0): the step it reaches,
 * band->nsteps where it reaches none (the band's otherwise). */
bool ratio_chain_of_band(const rtab_band *band, ratio_chain *out);

/* Whether a test's products a * den, num * b may pass 2^53 (a and b within int32):
 * a language whose numbers are doubles compares them otherwise. */
bool ratio_test_wide(const ratio_test *t);

void ratio_chain_free(ratio_chain *c);

#endif
