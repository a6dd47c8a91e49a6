/* SPDX-License-Identifier: MIT */
/*
 * The interval analysis of expressions: for each instruction of an
 * expression, the range of every stack slot on entry, for inputs within
 * their domains. The equivalence of expressions (expr_equal.c) reads the
 * range of a value from it.
 */
#ifndef RTAB_ANALYSIS_EXPR_INTERVALS_H
#define RTAB_ANALYSIS_EXPR_INTERVALS_H

#include "rtab.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct ival {
	int64_t lo, hi;
} ival;

/* The stack on entry to one instruction. */
typedef struct sstate {
	bool set;
	int depth;
	ival s[RTAB_MAX_EXPR_STACK];
} sstate;

/*
 * The state on entry to each instruction (st[0..n], st[n] the end), or
 * false when the expression rolls dice, reads what the analysis does not
 * bound, or is malformed.
 */
bool expr_intervals(const rtab_ruleset *rs, const rtab_expr *e, sstate *st);

#endif
