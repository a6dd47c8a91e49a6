/*
 * Folding modifiers into lookup tables for the native lean resolvers.
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
#ifndef RTAB_EMIT_FOLD_H
#define RTAB_EMIT_FOLD_H

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

/* The folding of table t's die-roll modifiers (an empty plan when nothing folds). */
void fold_plan_make(const rtab_ruleset *rs, const rtab_table *t, fold_plan *p);
void fold_plan_free(fold_plan *p);

#endif
