/* SPDX-License-Identifier: MIT */
/* The type of a compiled expression: its kind and the bounds of its values. */
#ifndef RTAB_EXPR_TYPE_H
#define RTAB_EXPR_TYPE_H

#include "rtab.h"
#include <stdint.h>

typedef struct expr_type {
	rtab_type_kind kind;
	int enum_index;
	int64_t lo, hi; /* as the runtime holds them: an EXPR_EXACT value scaled */
	int64_t grain;  /* every value is a multiple of grain/scale (0: always 0; set by
			   the walk for INT and EXPR_EXACT) */
} expr_type;

/* The kind of an exact number (a ruleset with `exact 1/N;`, N > 1): the
 * runtime holds it scaled by the ruleset's scale. Never an input's type. */
#define EXPR_EXACT ((rtab_type_kind)3)
/* What compile_expr accepts where a number may be exact (a distance, odds). */
#define EXPR_NUMERIC ((rtab_type_kind)4)

#endif
