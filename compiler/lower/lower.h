/* SPDX-License-Identifier: MIT */
/*
 * The portable lowering: a checked ruleset's results tables, reaction sets,
 * transitions, distances and procedures, the triggers of its outcomes and
 * its requirements as the IR of ir.h, which every target's
 * printer writes in its language. What the lowering does not handle yet is
 * said per kind of definition (lower_kind_use), never skipped in silence.
 */
#ifndef RTAB_LOWER_LOWER_H
#define RTAB_LOWER_LOWER_H

#include "lower/ir.h"
#include "base/util.h"
#include "front/construct_use.h"

#include <stdbool.h>

/* Why a ruleset does not lower: the definition and what of it. */
typedef struct lower_error {
	char *text;     /* to free */
	int table;      /* the table it is in, or -1 */
} lower_error;

/* The ruleset lowered, or NULL with *error naming the definition and what of
 * it the lowering cannot write. */
ir_module *lower_ruleset(const rtab_ruleset *rs, lower_error *error);

void ir_module_free(ir_module *m);

/* The lookups a module of a target resolves itself (not C's, which reads them through
 * the runtime): each matrix's cells' reasons, each ratio band's step by a:b (decided at
 * compile time) and its reasons, numbered after the rest (ir_module.bands, band_reason,
 * band_reasons, matrix_reasons); and what the dice programs roll read of the faces given,
 * with their reasons (ir_module.dice). NULL, or what of which band could not be decided (to free). */
char *lower_lookups(ir_module *m);

/* The IR as text, one instruction a line, for reading what a ruleset lowers to. */
void ir_module_print(strbuf *b, const ir_module *m);

/* The order a chain of tests tries ratio band b's steps in (order: b->nsteps indices): the
 * favourable (num >= den) from the largest ratio, then the others from the smallest; equal
 * ratios in their order of declaration. The first a:b reaches is then the one furthest from
 * 1:1, as rtab_band_reach chooses. */
void lower_band_order(const rtab_band *b, size_t *order);

/* The number of cells of matrix k of rs (the product of its keys' enums' sizes). */
size_t lower_matrix_cells(const rtab_ruleset *rs, size_t k);

/* Whether the lowering handles a kind of definition, or why not (yet). */
construct_use lower_kind_use(def_kind kind);

#endif
