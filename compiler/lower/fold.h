/* SPDX-License-Identifier: MIT */
/*
 * Folding modifiers into lookup tables for the lean resolvers of C.
 *
 * A modifier (or a whole stacking group) whose condition and value read
 * only inputs of small domains is a function of those inputs: its
 * contribution to the total, stacking and the group's cap applied, is
 * computed here once per combination by the interpreter's own evaluator
 * and written as a table that the generated code indexes. Contributions
 * over the same (or a few more) inputs are summed into one table, so that
 * the generated code does one load where it did a condition and a value
 * per modifier. Only what can never fail is folded: an expression that
 * gives an error for some combination stays code, so errors are reported
 * exactly as before.
 */
#ifndef RTAB_LOWER_FOLD_H
#define RTAB_LOWER_FOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtab.h"

/* At most this many entries per table, and inputs per table. */
#define FOLD_MAX_ENTRIES 1024
#define FOLD_MAX_INPUTS 12

typedef struct fold_unit {
	size_t ninputs;
	uint16_t inputs[FOLD_MAX_INPUTS]; /* the first varies slowest */
	size_t nentries;
	int32_t *values; /* the contribution per combination of the inputs' values */
	int32_t lo, hi;  /* bounds of values */
} fold_unit;

typedef struct fold_plan {
	size_t nunits;
	fold_unit *units;
	bool *modifier_folded; /* per position in the table's modifier list */
	bool *group_folded;    /* per group of the ruleset */
} fold_plan;

/* The slots an input takes in a folded table: its domain rounded up to a power of two, so
 * that indexing is shifts and adds. */
int64_t fold_slots(const rtab_ruleset *rs, uint16_t input);

/* The entries a folded table over n inputs keeps before its first, so that it is indexed by
 * the inputs' values rather than their offsets from their minimums (the first input varies
 * slowest, fold_slots entries each): -1 where it is not (a minimum below 0, or more than
 * FOLD_MAX_PAD entries to keep). */
#define FOLD_MAX_PAD 128
int64_t fold_pad(const rtab_ruleset *rs, const uint16_t *inputs, size_t n);

/* The folding of table t's die-roll modifiers (an empty plan when nothing folds). */
void fold_plan_make(const rtab_ruleset *rs, const rtab_table *t, fold_plan *p);
void fold_plan_free(fold_plan *p);

/*
 * The rewrites of a table folded into its columns: when every rewrite's
 * condition reads only inputs of small domains and never fails, the outcome
 * after the rewrites is a function of the column, the row and those inputs.
 * Each combination of the column input and the inputs the conditions read
 * picks a virtual column: a copy of a column with the rewrites that hold
 * applied to its outcomes. Virtual columns 0..ncolumns-1 are the columns as
 * printed (no rewrite holds); the others follow, each distinct once.
 */
#define FOLD_MAX_VCOLUMNS 64

typedef struct fold_columns {
	size_t ninputs;
	uint16_t inputs[FOLD_MAX_INPUTS]; /* the first varies slowest, fold_slots entries each */
	size_t nentries;
	uint8_t *vcolumn_of;   /* per combination: its virtual column */
	size_t nvcolumns;
	uint16_t *column;      /* per virtual column: the printed column */
	bool *holds;           /* per virtual column, per rewrite: whether its condition holds */
} fold_columns;

/* The rewrites of table t folded into virtual columns (or, without rewrites, its columns by
 * the column input alone); false (nothing to free) when they cannot be (neither rewrites nor
 * a column input, natural-roll rules with rewrites, a condition that reads too much or may
 * fail, a value of the column input without a column). */
bool fold_columns_make(const rtab_ruleset *rs, const rtab_table *t, fold_columns *fc);
void fold_columns_free(fold_columns *fc);
/* The outcome that rewrites turn outcome o into in virtual column v. */
uint16_t fold_columns_outcome(const rtab_table *t, const fold_columns *fc, size_t v, uint16_t o);

#endif
