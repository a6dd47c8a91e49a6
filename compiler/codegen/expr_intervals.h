/* SPDX-License-Identifier: MIT */
/*
 * The interval analysis of the native resolvers: for each instruction of an
 * expression, the range of every stack slot on entry, for inputs within
 * their domains. The native code drops the overflow, domain and division
 * checks that these ranges show cannot fail; an expression the analysis
 * refuses leaves its table to the interpreter.
 */
#ifndef RTAB_EXPR_INTERVALS_H
#define RTAB_EXPR_INTERVALS_H

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

/* The range of a's value op b's, before any check (ADD, SUB, MUL, MIN, MAX, DIV_*). */
ival ival_binary(int op, ival a, ival b);
/* Whether v stays within int32. */
bool ival_fits32(ival v);

/*
 * The state on entry to each instruction (st[0..n], st[n] the end), or
 * false when the expression uses what the native code does not do (dice)
 * or is malformed: the interpreter then answers for the whole table.
 */
bool expr_intervals(const rtab_ruleset *rs, const rtab_expr *e, sstate *st);

#endif
