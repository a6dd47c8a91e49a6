/* SPDX-License-Identifier: MIT */
/*
 * Exact odds: every natural roll of a table's dice (or every face sequence
 * a distance reads) enumerated through the runtime's own evaluator, never
 * sampled. Counts are integers; a probability is count / total.
 *
 * No overflow: a table's total is the number of face combinations, refused
 * above ODDS_MAX_ROLLS (2^24), and each count, and each sum of counts, is at
 * most that total, so everything fits in uint64_t with room to spare. A
 * distance's total is s^L (s faces per die, L the most faces any sequence
 * reads), refused above ODDS_MAX_ROLLS too; each sequence of n faces weighs
 * s^(L-n), and the weights sum to the total.
 *
 * A table that reads its dice through their sum is resolved once per sum
 * (the rolls of each counted by convolving the faces) and once per natural
 * rule (the rolls that show its faces, taken from their sum's count): 8d8
 * with a natural rule is 58 resolutions, not 16,777,216.
 */
#ifndef RTAB_ODDS_H
#define RTAB_ODDS_H

#include "rtab.h"
#include "base/util.h"
#include "base/work.h"

#include <stddef.h>
#include <stdint.h>

#define ODDS_MAX_ROLLS (UINT64_C(1) << 24)

/* Beyond the runtime's statuses. */
enum {
	ODDS_E_TOO_MANY = -100, /* more rolls than ODDS_MAX_ROLLS */
	ODDS_E_MIXED = -101,    /* a distance rolls dice with different faces */
	ODDS_E_GRID_TOO_MANY = -102, /* a grid's cells times their rolls exceed ODDS_MAX_ROLLS */
	ODDS_E_WORK = -103,          /* past the work budget (base/work.h) */
};

/* One value of a distance form and its weight. */
typedef struct odds_value {
	int32_t value;
	uint64_t count;
} odds_value;

/* The outcomes of one table in one situation. */
typedef struct odds_dist {
	uint16_t column;
	int32_t modifier_raw, modifier; /* before and after the cap: modifiers read no dice */
	uint64_t total;                 /* equally likely natural rolls */
	size_t noutcomes;               /* the ruleset's */
	uint64_t *count;                /* per outcome: the rolls that give it */
	uint64_t *provisional;          /* per outcome: those whose result is provisional */
	uint64_t none;                  /* rolls with no result: a column marked 'none', an
					   absent cell ('—') */
	uint64_t none_provisional;      /* those of none whose 'none' is provisional */
	uint64_t no_row;                /* rolls whose modified roll matches no row (not in none) */
	int32_t no_row_min, no_row_max; /* the modified rolls among those, when no_row > 0 */
	int32_t *lowest;                /* per outcome: the lowest natural roll giving it, or
					   INT32_MAX when none does */
	int32_t lowest_none, lowest_no_row; /* the same for none and no_row */
	odds_value *rolls;              /* the modified rolls, ascending, with their counts (rolls
					   an automatic column gives without reading are left out) */
	size_t nrolls, rolls_cap;
} odds_dist;

typedef struct odds_values {
	uint64_t total;
	size_t n;
	odds_value *v; /* ascending by value */
	const char *provisional;
} odds_values;

/* A message for a status of these functions or of the runtime. */
const char *odds_status_message(int status);

/* The number of face combinations of dice d, or 0 above ODDS_MAX_ROLLS. */
uint64_t odds_dice_rolls(const rtab_dice *d);

/* How many times odds_table resolves the table: once per roll, or once per
 * sum of the dice for a table that reads only their sum; 0 above
 * ODDS_MAX_ROLLS rolls. */
uint64_t odds_table_resolutions(const rtab_ruleset *rs, size_t table);

/* The steps (base/work.h) of one resolution of the table: its fixed part and
 * the programs of its modifiers, shifts, column key and rewrites; and of the
 * whole of odds_table or odds_table_column on it, every resolution. A caller
 * spends them from its budget before it enumerates. */
uint64_t odds_resolution_steps(const rtab_ruleset *rs, size_t table);
uint64_t odds_table_steps(const rtab_ruleset *rs, size_t table);

/* Resolve every natural roll of table in the situation inputs (rs->ninputs
 * values) with extra_drm. Fills out (free with odds_dist_free). */
int odds_table(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t extra_drm,
	       odds_dist *out);
void odds_dist_free(odds_dist *d);

/* The same in column `column` of the table, whatever column the situation
 * would read (its key and shifts are not evaluated): for grids of every column. */
int odds_table_column(const rtab_ruleset *rs, size_t table, size_t column, const int32_t *inputs,
		      int32_t extra_drm, odds_dist *out);

/* The outcomes a table can give, in printed order: its rows', then its
 * natural rules', its automatic columns', then its rewrites'; each once. Returns how many (at most
 * rs->noutcomes); order must hold rs->noutcomes entries. */
size_t odds_table_outcomes(const rtab_ruleset *rs, size_t table, uint16_t *order);

/* The modifier totals a table can see: its cap, else the bounds of its modifiers. */
void odds_total_bounds(const rtab_ruleset *rs, size_t table, int32_t *lo, int32_t *hi);

/* Whether the table's column is read from a computed key (odds_table_column
 * reads a column as it is), else from an input's value. */
bool odds_key_computed(const rtab_table *t);
/* The value of column c's first column-input value, or -1 for none. */
int32_t odds_column_value(const rtab_ruleset *rs, size_t table, size_t column);
/* Two enums: the first value of the second input that reads column c in run
 * run, or -1 for none (or a table of another kind). */
int32_t odds_column_key_value(const rtab_ruleset *rs, size_t table, size_t column, int32_t run);
/* The column shift the inputs give table (its 'shifts' modifiers, stacked as
 * the runtime stacks them), and the column a computed column c is read as
 * after it: c + shift, clamped within c's run (two keys) or the table. */
int odds_column_shift(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t *shift);
size_t odds_shifted_column(const rtab_ruleset *rs, size_t table, size_t column, int32_t shift);

/* The distribution of form `form` of a distance (free with odds_values_free),
 * each face sequence's evaluation spent from work (ODDS_E_WORK past it). */
int odds_distance(const rtab_ruleset *rs, size_t distance, size_t form, const int32_t *inputs,
		  work_budget *work, odds_values *out);
void odds_values_free(odds_values *v);

/* What the rolls of a table give of one number of a numeric outcome: on
 * `rolls` of `total` the result carries it, on `numbered` of those a number
 * (average: their exact average, "13/2"; decimal: "6.5"), on named[k] the
 * parameter's special value k. */
typedef struct odds_number {
	const rtab_numeric_outcome *numeric;
	const rtab_outcome_param *param;
	uint64_t rolls, numbered, total;
	const uint64_t *named;
	strbuf average, decimal;
} odds_number;
typedef void (*odds_number_fn)(void *arg, const odds_number *line);

/* For each parameter of each numeric outcome that some roll gives (count:
 * per outcome, the rolls that give it), call fn; returns how many. */
size_t odds_numbers(const rtab_ruleset *rs, const uint64_t *count, uint64_t total,
		    odds_number_fn fn, void *arg);

/* A number the rolls of a table give, for its statistics (analysis/odds_stats.h):
 * a parameter of a numeric outcome (its special values left out) or an
 * integer argument of an effect kind (summed over the result's effects of
 * that kind, apart for each value of its first enum parameter). `values` weighs each value by its rolls; `rolls` of `total`
 * carry it. */
typedef struct odds_measure {
	const char *kind;  /* "numeric" or "effect" */
	const char *owner; /* the numeric outcome or the effect kind */
	const char *param;
	const char *which; /* an effect's: the value of its first enum parameter (the side)
			      its statistics are of, or NULL */
	const odds_value *values;
	size_t nvalues;
	uint64_t rolls, total;
	size_t slot; /* its place among every number the ruleset's results may carry,
			whether given or not: 0 .. odds_measure_slots(rs) - 1 */
} odds_measure;
typedef void (*odds_measure_fn)(void *arg, const odds_measure *m);
size_t odds_measure_slots(const rtab_ruleset *rs);
/* For each such number that some roll gives, call fn; returns how many. */
size_t odds_measures(const rtab_ruleset *rs, const uint64_t *count, uint64_t total,
		     odds_measure_fn fn, void *arg);

/* num/den reduced ("3/10", "0", "1"), and as a percentage. */
void odds_put_fraction(strbuf *sb, uint64_t num, uint64_t den);
double odds_percent(uint64_t num, uint64_t den);
/* A percentage for people and JSON: at most two decimals, no trailing zeros. */
void odds_put_percent(strbuf *sb, uint64_t num, uint64_t den);

#endif
