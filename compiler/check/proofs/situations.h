/* SPDX-License-Identifier: MIT */
/*
 * The situations a proof walks: every combination of the values of the
 * inputs some conditions read, the other inputs at their defaults. Shared by
 * the proofs over requirements (sema_require.c) and over the conditions that
 * choose a table's line (sema_lines.c).
 */
#ifndef RTAB_CHECK_SITUATIONS_H
#define RTAB_CHECK_SITUATIONS_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The values of an input, as an index count (a number input steps by its step). */
static inline uint64_t situation_domain_size(const rtab_input *in)
{
	int64_t step = in->step > 1 ? in->step : 1;
	return (uint64_t)(((int64_t)in->max - in->min) / step + 1);
}

/* Value number idx (0 <= idx < the domain size) of an input. */
static inline int32_t situation_value(const rtab_input *in, uint64_t idx)
{
	return (int32_t)(in->min + (int64_t)idx * (in->step > 1 ? in->step : 1));
}

/* Mark in read every input the program e reads. */
static inline void situation_mark_read(const rtab_expr *e, bool *read, size_t ninputs)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == RTAB_OP_INPUT && e->instrs[i].arg >= 0 &&
		    (size_t)e->instrs[i].arg < ninputs)
			read[e->instrs[i].arg] = true;
}

/* Situation k (0 <= k < the product of the domain sizes) of the inputs vars:
 * written into in, the first of vars varying fastest. */
static inline void situation_set(const rtab_ruleset *rs, const size_t *vars, size_t nvars, uint64_t k,
				 int32_t *in)
{
	for (size_t v = 0; v < nvars; v++) {
		const rtab_input *ip = &rs->inputs[vars[v]];
		uint64_t size = situation_domain_size(ip);
		in[vars[v]] = situation_value(ip, k % size);
		k /= size;
	}
}

#endif
