/* SPDX-License-Identifier: MIT */
/*
 * The work budget of the verbs that prove or enumerate: check's proofs (the
 * requirements, the conditions of a table's lines), odds, diff and its
 * errata sheet, verify, vectors and the language server. Work is counted in
 * evaluated steps, never in time, so a verb decides the same on every
 * machine: a program costs one step per instruction and one to start, a
 * resolution one step per instruction of the programs its table may run
 * (modifiers, column keys, rewrites) and a few of its own. Past the budget a
 * verb names what it left undone and the option that raises it.
 */
#ifndef RTAB_BASE_WORK_H
#define RTAB_BASE_WORK_H

#include "rtab.h"

#include <stdbool.h>
#include <stdint.h>

/* The option every verb takes, and its default: about a second of work. */
#define WORK_OPTION "--max-work"
#define WORK_DEFAULT UINT64_C(200000000)
/* The most it takes: 10^15 steps, days of work, and far from overflow. */
#define WORK_MAX UINT64_C(1000000000000000)

typedef struct work_budget {
	uint64_t limit; /* steps allowed */
	uint64_t spent;
} work_budget;

/* A budget of limit steps (0: the default). */
static inline work_budget work_start(uint64_t limit)
{
	return (work_budget){limit ? limit : WORK_DEFAULT, 0};
}

/* Whether steps more fit in the budget w (NULL: no budget); if so they are spent. */
static inline bool work_spend(work_budget *w, uint64_t steps)
{
	if (!w)
		return true;
	if (steps > w->limit - w->spent)
		return false;
	w->spent += steps;
	return true;
}

/* Whether n things of steps each fit, without spending them. */
static inline bool work_fits(const work_budget *w, uint64_t n, uint64_t steps)
{
	return !w || steps == 0 || n <= (w->limit - w->spent) / steps;
}

/* The steps of one evaluation of e. */
static inline uint64_t work_expr_steps(const rtab_expr *e)
{
	return e->fold ? 2u : (uint64_t)e->ninstrs + 1u;
}

#endif
