/* SPDX-License-Identifier: MIT-0 */
/*
 * rtab runtime: the data model of a compiled ruleset and its evaluator.
 *
 * The compiler builds exactly these structures; the C emitter prints them
 * as static const initializers, and the CLI hands its in-memory copy to the
 * same functions, so every result is computed by one evaluator.
 *
 * The runtime never allocates, performs no I/O and keeps no global state.
 * Every argument is validated; a bad one yields a negative rtab_status.
 */
#ifndef RTAB_H
#define RTAB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of rtab that wrote this header (and the library built with
 * it), and of its data model: the layout and meaning of the structures
 * below. RTAB_DATA_VERSION changes whenever a structure a generated file
 * fills changes; generated C refuses to compile against a header of another
 * data model (#error), and the library refuses, at run time, ruleset data of
 * another model (RTAB_E_VERSION). */
#define RTAB_VERSION "0.1.0"
#define RTAB_VERSION_MAJOR 0
#define RTAB_VERSION_MINOR 1
#define RTAB_VERSION_PATCH 0
#define RTAB_DATA_VERSION 7

/* Limits shared by the compiler (which rejects larger inputs) and the runtime. */
#define RTAB_MAX_FACES 16      /* natural dice faces per roll */
#define RTAB_MAX_APPLIED 32    /* modifiers listed in one result */
#define RTAB_MAX_EXPR_STACK 32 /* evaluation stack of a condition or value */
#define RTAB_MAX_ARGS 4        /* arguments of one effect */
#define RTAB_MAX_TRIGGERS 16   /* triggers listed in one result */
#define RTAB_MAX_STEPS 32      /* named steps of a ruleset (a bit each) */
#define RTAB_MAX_REASONS 16    /* provisional reasons listed in one result */
#define RTAB_MAX_SETS 8        /* inputs one trigger passes on */
#define RTAB_MAX_LIST 64       /* items of one list input */
#define RTAB_MAX_LIST_FIELDS 16 /* fields of one item of a list input */
#define RTAB_MAX_ITEMS 30000   /* definitions of one kind; items of one definition (16-bit counts) */

typedef enum rtab_status {
	RTAB_OK = 0,
	RTAB_E_NULL = -1,     /* a required pointer is NULL */
	RTAB_E_TABLE = -2,    /* table index out of range */
	RTAB_E_INPUT = -3,    /* input count or an input value out of its domain */
	RTAB_E_FACES = -4,    /* wrong number of faces, or a face outside its die */
	RTAB_E_NO_ROW = -5,   /* the modified roll matches no row of the column */
	RTAB_E_COLUMN = -6,   /* the column input has a value with no column */
	RTAB_E_EXPR = -7,     /* malformed expression data, or division by zero */
	RTAB_E_OVERFLOW = -8, /* arithmetic beyond int32 */
	RTAB_E_RULESET = -9,  /* inconsistent ruleset data */
	RTAB_E_INDEX = -10,   /* reaction set, transition, distance or procedure index out of range */
	RTAB_E_STATE = -11,   /* the transition is not defined for the current state */
	RTAB_E_NO_RESULT = -12, /* the table gives no result here: a column marked 'none' (an attack
				   that is not allowed), or the odds 0:0. rtab_result.column says
				   which column was reached */
	RTAB_E_INEXACT = -13, /* an exact division or product whose result the ruleset's
				 precision (rtab_ruleset.scale) cannot hold: never rounded */
	RTAB_E_STEP_DRM = -14, /* an extra_drm other than 0 given to a table with a step: the step
				  counts only the modifiers named for it (rtab_modifier.steps) */
	RTAB_E_REQUIRE = -15, /* the situation breaks a requirement of the ruleset (`require`):
				 rtab_requirement_broken names which */
	RTAB_E_VERSION = -16, /* the ruleset data was generated for another data model
				 (rtab_ruleset.data_version != RTAB_DATA_VERSION) */
} rtab_status;

/* Labels: one string per locale of the ruleset (NULL where a locale has none). */
typedef const char *const *rtab_labels;

typedef struct rtab_enum_value {
	const char *id;
	rtab_labels labels;
	const char *provisional; /* why the value (or its reading) is unsettled, or NULL */
} rtab_enum_value;

typedef struct rtab_enum {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t nvalues;
	const rtab_enum_value *values;
} rtab_enum;

typedef enum rtab_type_kind {
	RTAB_TYPE_BOOL = 0,
	RTAB_TYPE_INT = 1,
	RTAB_TYPE_ENUM = 2,
} rtab_type_kind;

/* What an input is to a list (see rtab_input). */
typedef enum rtab_list_role {
	RTAB_LIST_NONE = 0,   /* a plain input */
	RTAB_LIST_LENGTH = 1, /* the number of items of a list, an int within [min, max] */
	RTAB_LIST_FIELD = 2,  /* one field of one item of a list */
} rtab_list_role;

/* An input is the situation a table reads: its value is an enum value index,
 * 0/1 for a bool, or an integer within [min, max]. A number input (step > 0,
 * `number 0..40 by 0.5`) holds an exact number scaled by the ruleset's
 * precision: 12.5 is 25 when rtab_ruleset.scale is 2; min, max and
 * default_value are scaled alike and its values are the multiples of step.
 *
 * A list input ("any number of units per side") is lowered to plain inputs:
 * its length (id "units", RTAB_LIST_LENGTH), followed by one input per field
 * of each item up to the most items, item by item ("units[1].rank_bonus",
 * "units[1].standard", "units[2].rank_bonus", ...; RTAB_LIST_FIELD). The
 * aggregates of the language (max, sum, any, count...) read the items below
 * the length only; an item past it holds its default and is never read. */
typedef struct rtab_input {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t type;      /* rtab_type_kind */
	int16_t enum_index; /* for RTAB_TYPE_ENUM, else -1 */
	int32_t min, max;  /* the domain; for enums 0..nvalues-1, bools 0..1 */
	int32_t default_value;
	const char *provisional; /* why its domain or default is ours, or NULL */
	uint8_t list_role;       /* rtab_list_role (0: a plain input) */
	int16_t list_length;     /* RTAB_LIST_FIELD: the input holding the list's length (else unused) */
	uint16_t list_item;      /* RTAB_LIST_FIELD: the item it belongs to, from 1 */
	const char *list_field;  /* RTAB_LIST_FIELD: the field's name, else NULL */
	int32_t step; /* a number input: its step, scaled (0.5 at scale 2 is 1); 0: not a number */
	const char *unit; /* the unit of its quantity (an id of rtab_ruleset.units, or a
			     unit a distance names), or NULL */
} rtab_input;

/* A group of identical dice: count dice with faces face_min..face_max. */
typedef struct rtab_die_group {
	uint8_t count;
	int16_t face_min, face_max;
} rtab_die_group;

typedef struct rtab_dice {
	const char *id;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t ngroups;
	const rtab_die_group *groups;
	uint8_t nfaces;   /* total dice, i.e. faces expected per roll */
	int32_t min, max; /* bounds of the natural sum */
	const char *provisional; /* why the dice or their faces are unsettled, or NULL */
} rtab_dice;

/* Expressions are postfix programs over a small stack. */
typedef enum rtab_op {
	RTAB_OP_CONST = 0, /* push arg */
	RTAB_OP_INPUT,     /* push the value of input arg */
	RTAB_OP_NEG,
	RTAB_OP_NOT,
	RTAB_OP_ADD,
	RTAB_OP_SUB,
	RTAB_OP_MUL,
	RTAB_OP_EQ,
	RTAB_OP_NE,
	RTAB_OP_LT,
	RTAB_OP_LE,
	RTAB_OP_GT,
	RTAB_OP_GE,
	RTAB_OP_AND,
	RTAB_OP_OR,
	RTAB_OP_DIV_DOWN,      /* a / b rounded towards minus infinity */
	RTAB_OP_DIV_UP,        /* a / b rounded towards plus infinity */
	RTAB_OP_MIN,
	RTAB_OP_MAX,
	RTAB_OP_ABS,
	RTAB_OP_MATRIX,        /* pop the keys of matrix arg, push its cell */
	RTAB_OP_BAND,          /* pop a, b; push the value of ratio band arg for a:b */
	RTAB_OP_ROLL,          /* push the sum of the next faces, for dice arg */
	RTAB_OP_JUMP_IF_FALSE, /* pop; if zero, skip arg instructions */
	RTAB_OP_JUMP,          /* skip arg instructions */
	/* Exact numbers (a ruleset whose scale is arg > 1): values scaled by arg. */
	RTAB_OP_CONST_EXACT,   /* push arg: an exact constant, already scaled (12.5 is 25 at scale 2) */
	RTAB_OP_SCALE,         /* a whole number becomes exact: multiply by arg (the scale) */
	RTAB_OP_MUL_EXACT,     /* pop a, b (both scaled); push a * b / arg, RTAB_E_INEXACT
				  when that is not whole */
	RTAB_OP_DIV_EXACT,     /* pop a, b (both scaled); push a * arg / b, RTAB_E_INEXACT
				  when that is not whole (b == 0: RTAB_E_EXPR) */
	RTAB_OP_COUNT_
} rtab_op;

typedef struct rtab_instr {
	uint8_t op; /* rtab_op */
	int32_t arg;
} rtab_instr;

/* One input of a folded expression: the values min .. min + size - 1 it was folded over. */
typedef struct rtab_fold_key {
	uint16_t input;
	int32_t min;
	uint32_t size;
} rtab_fold_key;

/* An expression's value for every combination of the inputs it reads, where they are few
 * and its program reads nothing else (no matrix, ratio band, dice or jump): value k is the
 * program's when each keys[j].input is keys[j].min + k_j, k the number of digits k_j in
 * mixed radix, keys[0] the fastest. The keys are listed as the program first reads them;
 * exactly one of values8 and values holds the nvalues values. The compiler computes them
 * with the runtime's own evaluation of the program; the runtime reads the value rather
 * than running the program and notes the keys' reasons in their order, as the program
 * would, and runs the program for a value outside the keys' ranges. */
typedef struct rtab_fold {
	uint8_t nkeys;
	const rtab_fold_key *keys;
	const int8_t *values8;
	const int32_t *values;
	uint32_t nvalues;
} rtab_fold;

typedef struct rtab_expr {
	uint16_t ninstrs; /* 0 means "always true" for a condition */
	const rtab_instr *instrs;
	const rtab_fold *fold; /* or NULL */
} rtab_expr;

/* A value looked up by two or more enum keys; cells are row-major. */
typedef struct rtab_matrix {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t ndims;
	const uint16_t *dims; /* the enum of each key */
	const int32_t *cells;
	const char *const *provisional; /* per cell: why it is unsettled, or NULL; may be NULL */
	int32_t min, max;
	/*
	 * The narrow forms the C emitter writes (the compiler's own model holds
	 * cells and provisional): when every cell fits in int8_t (int16_t),
	 * cells8 (cells16) holds them and cells is NULL; when the cells have at
	 * most 255 distinct reasons, reason_of[cell] is 0 (none) or k (reasons[k - 1])
	 * and provisional is NULL. Read a cell with rtab_matrix_cell, its reason
	 * with rtab_matrix_reason.
	 */
	const int8_t *cells8;
	const int16_t *cells16;
	const uint8_t *reason_of;
	const char *const *reasons;
} rtab_matrix;

/* Cell i (row-major) of a matrix, whichever form holds it. */
static inline int32_t rtab_matrix_cell(const rtab_matrix *m, size_t i)
{
	return m->cells8 ? m->cells8[i] : m->cells16 ? m->cells16[i] : m->cells[i];
}

/* Why cell i of a matrix is unsettled, or NULL. */
static inline const char *rtab_matrix_reason(const rtab_matrix *m, size_t i)
{
	if (m->reason_of)
		return m->reason_of[i] ? m->reasons[m->reason_of[i] - 1] : NULL;
	return m->provisional ? m->provisional[i] : NULL;
}

/*
 * How a ratio (or a value) that falls between two printed steps is read.
 * Odds are compared exactly (a:b against num:den by cross-multiplying).
 *
 * RTAB_ROUND_EVENS   towards 1:1 (a value: towards 0): at or above 1:1 the
 *                    greatest step not above a:b, below 1:1 the least step
 *                    not below it. 2.5:1 reads 2:1, 1:2.5 reads 1:2. The
 *                    reading of a ratio band that says nothing (zero).
 * RTAB_ROUND_DOWN    the greatest step not above a:b: in the defender's
 *                    favour. 2.5:1 reads 2:1, 1:2.5 reads 1:3 (classic CRTs).
 * RTAB_ROUND_UP      the least step not below a:b: in the attacker's favour.
 *                    2.5:1 reads 3:1, 1:2.5 reads 1:2.
 * RTAB_ROUND_NEAREST the nearest step, measured in printed odds (2:1 to 3:1
 *                    is one step, and so is 1:2 to 1:3); a tie reads down.
 *                    1.4:1 reads 1:1 between 1:1 and 2:1; 1:2.4 reads 1:2.
 * RTAB_ROUND_LINEAR  the nearest step, measured on the ratio a/b itself
 *                    (1:2 to 1:1 is 1/2, 2:1 to 3:1 is 1); a tie reads
 *                    down. 1:1.4 (5/7) reads 1:2 between 1:2 and 1:1.
 * RTAB_ROUND_LINEAR_UP  the same; a tie reads up: 3:4 reads 1:1.
 * RTAB_ROUND_DOWN_STRICT the greatest step a:b passes, not one it equals: a
 *                    threshold the odds must exceed ('more than 1.5'), so
 *                    3:2 reads the column before the one of 1.5.
 *                    (Columns of a table only; a ratio band's rounding is
 *                    one of the first four.)
 *
 * For a ratio band, the ladder of steps is the band's own steps plus every
 * whole odds N:1 and 1:N (so that 1:2.5 reads 1:3 with DOWN even when the
 * band has no 1:3 step); the rounded odds then select the band's step as
 * with EVENS. For the columns of a table, the ladder is the columns' steps.
 * Either way: a:0 (a > 0) is beyond every step (the most favourable), 0:b
 * (b > 0) below every step, and 0:0 is no ratio at all (a band gives its
 * 'otherwise', a table RTAB_E_NO_RESULT). Negative sides are RTAB_E_INPUT.
 */
typedef enum rtab_rounding {
	RTAB_ROUND_EVENS = 0,
	RTAB_ROUND_DOWN = 1,
	RTAB_ROUND_UP = 2,
	RTAB_ROUND_NEAREST = 3,
	RTAB_ROUND_LINEAR = 4,
	RTAB_ROUND_LINEAR_UP = 5,
	RTAB_ROUND_DOWN_STRICT = 6,
} rtab_rounding;

/*
 * A rounding per range of odds ("round to nearest above 1:1, up below it":
 * 'round up below 1:1, nearest from 1:1'): the odds (or value) from
 * from_num:from_den up to the next range's start read by `rounding`. The
 * ranges rise; the first covers everything below the second (its from is
 * 0:1, or INT32_MIN for a value) and the last everything above.
 */
typedef struct rtab_round_range {
	int32_t from_num, from_den;
	uint8_t rounding; /* rtab_rounding */
} rtab_round_range;

/* The terms of a step (num, den) stay within this, so that every comparison fits in int64. */
#define RTAB_MAX_STEP_TERM 10000

/* One step of a ratio band: a:b at least num:den (num >= den) or at most num:den.
 * 1.5:1 is written 3:2. */
typedef struct rtab_band_step {
	int32_t num, den, value;
} rtab_band_step;

typedef struct rtab_band {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t nsteps;
	const rtab_band_step *steps;
	int32_t otherwise;
	uint8_t rounding; /* rtab_rounding: how odds between two steps read (0: EVENS, as before) */
	const char *provisional;           /* why the band as a whole (its rounding) is unsettled */
	const char *otherwise_provisional; /* why the otherwise value is unsettled */
	const char *const *step_provisional; /* per step: why it is unsettled, or NULL; may be NULL */
} rtab_band;

typedef enum rtab_stacking {
	RTAB_STACK_SUM = 0,   /* every member counts */
	RTAB_STACK_WORST = 1, /* per side, only the member worst for that side */
	RTAB_STACK_BEST = 2,  /* per side, only the member best for that side (one of a kind) */
	/* per side, of its bonuses (members whose value is never below 0) only the
	 * best, of its penalties (never above 0) only the worst: "only the largest
	 * positive and the largest negative modifier apply" */
	RTAB_STACK_LARGEST_EACH_WAY = 3,
} rtab_stacking;

typedef struct rtab_group {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t stacking; /* rtab_stacking */
	uint8_t capped;
	int32_t cap_min, cap_max; /* on the group's total, when capped */
} rtab_group;

typedef struct rtab_modifier {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	rtab_expr condition;
	rtab_expr value;
	int32_t min, max;        /* bounds of value over every input, as checked */
	int8_t sign;             /* +1: the attacker's (adds); -1: the defender's (subtracts) */
	int16_t group;           /* stacking group, or -1 */
	uint32_t steps;          /* bit i: counts at step i. A table with a step counts only the
				    modifiers with its bit; a table without one counts them all */
	const char *provisional; /* why its value is unsettled, or NULL */
} rtab_modifier;

typedef struct rtab_param {
	const char *id;
	int16_t enum_index; /* -1: an integer parameter */
	const char *unit;   /* the unit of an integer parameter's quantity, or NULL */
} rtab_param;

/* Effect kinds are declared by each ruleset; the host engine applies them. */
typedef struct rtab_effect_kind {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t nparams;
	const rtab_param *params;
} rtab_effect_kind;

typedef struct rtab_effect {
	uint16_t kind;
	uint8_t nargs;
	const int32_t *args; /* enum value index or integer, per parameter */
} rtab_effect;

/* What an outcome or option leads to next. */
typedef enum rtab_target_kind {
	RTAB_TARGET_TABLE = 0,
	RTAB_TARGET_REACTIONS = 1,
	RTAB_TARGET_TRANSITION = 2,
	RTAB_TARGET_DISTANCE = 3,
	RTAB_TARGET_PROCEDURE = 4,
} rtab_target_kind;

typedef struct rtab_target {
	uint8_t kind; /* rtab_target_kind */
	uint16_t index;
} rtab_target;

/* What a trigger repeated 'times N' passes on per repeat (rtab_trigger_set.each). */
typedef enum rtab_set_each {
	RTAB_SET_SAME = 0,    /* value, the same for every repeat */
	RTAB_SET_REPEAT = 1,  /* 'x = repeat': the repeat's number, 1..N */
	RTAB_SET_EARLIER = 2  /* 'x = earlier OUTCOME': whether an earlier repeat gave OUTCOME */
} rtab_set_each;

/* An input a trigger passes on to what it triggers: its value there. */
typedef struct rtab_trigger_set {
	uint16_t input;
	rtab_expr value; /* over the inputs of the triggering result; for RTAB_SET_REPEAT and
			    RTAB_SET_EARLIER the first repeat's value (1, false) */
	uint8_t each;     /* rtab_set_each */
	uint16_t earlier; /* RTAB_SET_EARLIER: the outcome an earlier repeat may have given */
} rtab_trigger_set;

typedef struct rtab_trigger {
	rtab_target target;
	rtab_expr unless; /* the trigger is suppressed when this holds (0 instrs: never) */
	const char *rule;
	const char *provisional; /* why the trigger or its condition is unsettled, or NULL */
	uint8_t nsets;
	const rtab_trigger_set *sets; /* the situation passed on (others unchanged) */
	rtab_expr times; /* how many times it is resolved (0 instrs: once; 0: suppressed) */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_trigger;

/*
 * Outcomes that carry numbers. A numeric outcome is declared once with
 * integer parameters ("loss(enemy: int 0..99, self: int 0..99)") and a code
 * pattern ("{enemy}/{self}") that grid cells are read against ("6/3",
 * "K/2"). Every distinct instantiation the ruleset uses is an rtab_outcome
 * of its own (id "loss_6_3", effects with the numbers put in); its
 * nvalues/values give the numbers, in the order of the parameters, and
 * numeric says which numeric outcome it instantiates.
 */

/* A named value a parameter may take besides its numbers ("K": killed). */
typedef struct rtab_special_value {
	const char *id;   /* "killed" */
	const char *code; /* as a cell prints it: "K" (the id when none is declared) */
	int32_t value;    /* the number a game reads in rtab_outcome.values */
} rtab_special_value;

typedef struct rtab_outcome_param {
	const char *id;
	int32_t min, max; /* the numbers a cell may give */
	uint8_t nspecials;
	const rtab_special_value *specials;
	const char *unit; /* the unit of its numbers, or NULL */
} rtab_outcome_param;

typedef struct rtab_numeric_outcome {
	const char *id;
	rtab_labels labels; /* as declared, with {param} where a number goes */
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	const char *code;   /* the pattern cells are read against, e.g. "{enemy}/{self}", or NULL */
	uint8_t nparams;
	const rtab_outcome_param *params;
} rtab_numeric_outcome;

typedef struct rtab_outcome {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t neffects;
	const rtab_effect *effects;
	uint16_t ntriggers;
	const rtab_trigger *triggers;
	uint8_t nvalues;        /* 0: a plain outcome; else an instantiation of a numeric outcome */
	const int32_t *values;  /* per parameter: the number (or a special value's number) */
	uint16_t numeric;       /* when nvalues > 0: its numeric outcome (rtab_ruleset.numeric_outcomes) */
	const char *code;       /* what a printed table shows for it: its 'code' ("DR"), or its
				   numbers in its numeric outcome's pattern ("0/1R"); NULL: none.
				   A result's outcome indexes these: rs->outcomes[r.outcome].code
				   is what the page prints for the result (docs/embedding.md) */
} rtab_outcome;

typedef struct rtab_row {
	uint16_t outcome;
	const char *rule;
	const char *provisional; /* why the source does not settle it, or NULL */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_row;

/* The rule and the provisional reason of rows, shared by the rows that give the same
 * (see rtab_table.row_notes). */
typedef struct rtab_row_note {
	const char *rule;
	const char *provisional;
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_row_note;

/* A natural roll that decides the outcome whatever the modifiers (faces in any order). */
typedef struct rtab_natural_rule {
	uint8_t nfaces;
	const int32_t *faces;
	uint16_t outcome;
	const char *rule;
	const char *provisional; /* why the source does not settle it, or NULL */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_natural_rule;

/* In a stated situation, an outcome reads as another. */
typedef struct rtab_rewrite {
	uint16_t from, to;
	rtab_expr condition;
	const char *rule;
	const char *provisional; /* why the rewrite is unsettled, or NULL */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_rewrite;

/* What a column gives. */
typedef enum rtab_column_kind {
	RTAB_COLUMN_ROLLED = 0,    /* the modified roll picks a row (row_of_roll) */
	RTAB_COLUMN_AUTOMATIC = 1, /* the outcome 'automatic', without a roll ("6:1 or more: DE") */
	RTAB_COLUMN_NONE = 2,      /* no result: rtab_resolve returns RTAB_E_NO_RESULT
				      ("attacks below 1:4 are not allowed") */
} rtab_column_kind;

/*
 * A column maps every modified roll in [table.roll_min, table.roll_max]
 * to a row; below_row/above_row serve rolls past those ends (-1: none).
 * A roll with no row in a column (an absent cell, '—') maps to -1.
 *
 * An AUTOMATIC or NONE column has no rows: row_of_roll (and row_of_roll8)
 * are NULL and below_row/above_row are -1. Walkers must look at kind first.
 *
 * In a table whose column is computed (rtab_table.key_kind ODDS or VALUE), each
 * column starts at a step of the key: step_num:step_den for odds (1.5:1 is
 * 3:2; the column of 'below' starts at 0:1), step_num alone (step_den 1)
 * for a value (the column of 'below' starts at INT32_MIN). Steps rise
 * strictly from the first column to the last. Zero elsewhere.
 */
typedef struct rtab_column {
	const char *id;
	rtab_labels labels;
	const int16_t *row_of_roll;
	int16_t below_row, above_row;
	uint8_t kind;        /* rtab_column_kind */
	uint16_t automatic;  /* RTAB_COLUMN_AUTOMATIC: the outcome it gives */
	int32_t step_num, step_den;
	/* The narrow form the C emitter writes for a table of fewer than 255 rows
	 * (the compiler's own model holds row_of_roll): the row of each roll,
	 * UINT8_MAX for none, and row_of_roll is NULL. Read a roll's row with
	 * rtab_column_row, whether a column has rows with rtab_column_rolls. */
	const uint8_t *row_of_roll8;
	rtab_labels note; /* printed on the whole column ('note 1:2 { ... }'), or NULL */
	/* Why the automatic (or 'none') result of an end column is unsettled
	 * ('below none provisional "why";'), or NULL */
	const char *provisional;
} rtab_column;

/* Whether a column maps rolls to rows (a ROLLED column's data is present). */
static inline int rtab_column_rolls(const rtab_column *c)
{
	return c->row_of_roll8 != NULL || c->row_of_roll != NULL;
}

/* The row of modified roll table.roll_min + i in a column, or -1 (none). */
static inline int rtab_column_row(const rtab_column *c, size_t i)
{
	if (c->row_of_roll8)
		return c->row_of_roll8[i] == UINT8_MAX ? -1 : c->row_of_roll8[i];
	return c->row_of_roll ? c->row_of_roll[i] : -1;
}

/* How a table chooses its column. */
typedef enum rtab_key_kind {
	RTAB_KEY_INPUT = 0, /* the enum input column_input, through column_of_value (-1: one column) */
	RTAB_KEY_ODDS = 1,  /* the odds key_a:key_b, read against the columns' steps */
	RTAB_KEY_VALUE = 2, /* the integer key_a (e.g. attacker minus defender), against the steps */
	RTAB_KEY_ENUM = 3,  /* two enum keys: the value key_a of a second enum input, within the run */
} rtab_key_kind;

/* The dice of a table keyed by its modifier total alone: no faces, natural 0. */
#define RTAB_NO_DICE UINT16_MAX

/* A roll a table declares: its name, how many faces it reads, its sign in the natural roll. */
typedef struct rtab_table_roll {
	const char *id;
	uint8_t nfaces;
	int8_t sign; /* +1, or -1 for the roll an opposed roll compares against */
} rtab_table_roll;

typedef struct rtab_table {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t dice; /* or RTAB_NO_DICE */
	int16_t column_input;            /* -1: a single column */
	const uint16_t *column_of_value; /* per value of the column input */
	uint16_t ncolumns;
	const rtab_column *columns;
	uint16_t nrows;
	const rtab_row *rows; /* NULL in the narrow form (row_outcome8...): read rows with rtab_row_* */
	uint16_t nmodifiers;
	const uint16_t *modifiers;
	uint8_t capped;
	int32_t cap_min, cap_max;
	int32_t roll_min, roll_max;
	int16_t step; /* counts only the modifiers of this step, or -1 */
	uint16_t nnatural;
	const rtab_natural_rule *natural;
	uint16_t nrewrites;
	const rtab_rewrite *rewrites;
	/*
	 * Computed columns and column shifts (all zero: the column input alone,
	 * as before). The column is found in this order:
	 *  1. key_kind INPUT: the column of the input's value (or the single
	 *     column); ODDS/VALUE: evaluate key_a (and key_b), then the column
	 *     whose step the key reaches under 'rounding' (rtab_rounding; a key
	 *     below the first step reads as the first column, above the last as
	 *     the last). Odds 0:0 give RTAB_E_NO_RESULT.
	 *  2. Add the column shift: the total of the modifiers listed in shifts
	 *     (conditions, values, signs and stacking groups as for die-roll
	 *     modifiers), then clamp to the first and last column (with
	 *     shift_stops, see below: to the printed columns, and a key on an
	 *     end column stays there).
	 *  3. A ROLLED column looks the modified roll up; an AUTOMATIC column
	 *     gives its outcome without a roll (faces may then be omitted); a
	 *     NONE column gives RTAB_E_NO_RESULT.
	 * Automatic results beyond the ends are written as AUTOMATIC/NONE
	 * columns at the ends, so a shift past the last rolled column reaches them.
	 */
	uint8_t key_kind;       /* rtab_key_kind */
	uint8_t rounding;       /* rtab_rounding, for ODDS and VALUE keys */
	rtab_expr key_a, key_b; /* ODDS: key_a:key_b; VALUE: key_a (key_b empty) */
	uint16_t nshifts;
	const uint16_t *shifts; /* modifiers (indices) whose total moves the column */
	/*
	 * Two keys, "variant x odds" (a normal, a determined and a cavalry line
	 * of one CRT): key_kind ODDS or VALUE with column_input >= 0. The
	 * columns come in one run per value v of the enum input column_input:
	 * column_of_value[v] is the first column of v's run and
	 * column_end_of_value[v] one past its last. The key reads among the
	 * run's steps (rising within the run), and the shift moves and clamps
	 * within the run. NULL when the key alone chooses (column_input -1).
	 */
	const uint16_t *column_end_of_value;
	/*
	 * The narrow form of the rows the C emitter writes (the compiler's own
	 * model holds rows; here rows is NULL). The outcome of row r is
	 * row_outcome8[r] when every outcome of the table's rows is below 256,
	 * else row_outcome16[r]. Its rule and provisional reason are
	 * row_notes[row_note[r]], one of the nrow_notes distinct (rule, rules,
	 * provisional) notes of the rows; row_note is NULL when every row has
	 * row_notes[0], and row_notes too (nrow_notes 0) when that is (NULL,
	 * NULL); a number past nrow_notes reads as no note. A table whose rows
	 * have more than 256 distinct pairs keeps rows. Read a row with
	 * rtab_row_outcome, rtab_row_rule, rtab_row_rules and rtab_row_provisional.
	 */
	const uint8_t *row_outcome8;
	const uint16_t *row_outcome16;
	uint16_t nrow_notes;
	const rtab_row_note *row_notes;
	const uint8_t *row_note;
	/*
	 * Rolls the table declares itself ('roll pursuer = 2d6; roll flee = 3d6;'),
	 * nrolls of them, their faces one after the other in the table's dice (a
	 * group per roll). The natural roll is each roll's sum times its sign: an
	 * opposed roll ('pursuer >= flee -> destroyed') reads pursuer - flee, and
	 * its rows are ranges of that difference. NULL (0): the dice's sum.
	 */
	uint8_t nrolls;
	const rtab_table_roll *rolls;
	/*
	 * A rounding per range of the key (see rtab_round_range), nround_ranges
	 * of them; the range the key falls in replaces `rounding`. NULL (0):
	 * `rounding` for every key.
	 */
	uint8_t nround_ranges;
	const rtab_round_range *round_ranges;
	/*
	 * Two keys whose line a condition chooses ('columns by (when, odds(a,
	 * b))', 'grid cavalry when COND { ... }', 'grid otherwise { ... }'):
	 * nlines lines; line_key gives the number v of the line to read (the
	 * first whose condition holds, the otherwise line last), and v chooses
	 * the run [column_of_value[v], column_end_of_value[v]) as a variant's
	 * value does. column_input is then -1. 0 (empty): no such lines.
	 */
	uint16_t nlines;
	rtab_expr line_key;
	/*
	 * 'clamp shifts;': the column shift moves and clamps among the printed
	 * columns of the run, never onto an end column; the ends ('below',
	 * 'above') serve only a key that reads past the printed columns, and
	 * then give their result whatever the shift. Bits of rtab_shift_stop,
	 * one per end column the run has (each run of a two-key table has the
	 * same ends). 0: a shift reaches the end columns (step 2 above).
	 */
	uint8_t shift_stops;
	/*
	 * Two enum keys ('columns by (posture, unit)', a grid per posture whose
	 * columns name units): key_kind ENUM. The run v is chosen as above (the
	 * value of column_input, or the line a condition chooses); key_a gives
	 * the value k of the second enum input, and the column is
	 * column_of_key[v * n + k], n = ncolumn_of_key / the number of runs
	 * (rtab_table_nruns): the values of that input. Every column of the run
	 * is one some value reads. 0 (NULL) for every other kind.
	 */
	uint16_t ncolumn_of_key;
	const uint16_t *column_of_key;
	/*
	 * 'above more than 5:1 X;' (key_kind ODDS or VALUE): the 'above' column
	 * that ends each run is read by a key past its step only; a key at the
	 * step or below it reads among the run's other columns, under
	 * `rounding`, and past the last of them reads the last. Its step may
	 * equal the last printed column's ("odds greater than 5:1"). 0: 'above
	 * 6:1 X;', the above column's step is read as every column's is (a key
	 * from the step on reaches it, as `rounding` says).
	 */
	uint8_t above_strict;
} rtab_table;

/* rtab_table.shift_stops: an end column a shift does not reach. */
typedef enum rtab_shift_stop {
	RTAB_SHIFT_STOP_BELOW = 1, /* the run starts with a 'below' column */
	RTAB_SHIFT_STOP_ABOVE = 2, /* the run ends with an 'above' column */
} rtab_shift_stop;


/* The outcome of row r of a table: rows when set, else the narrow form (UINT16_MAX when
 * neither holds the rows). */
static inline uint16_t rtab_row_outcome(const rtab_table *t, size_t r)
{
	if (t->rows)
		return t->rows[r].outcome;
	if (t->row_outcome8)
		return t->row_outcome8[r];
	return t->row_outcome16 ? t->row_outcome16[r] : UINT16_MAX;
}

/* The (rule, provisional) pair of row r of a narrow table, or NULL when it has none (or its
 * number is past nrow_notes). */
static inline const rtab_row_note *rtab_row_note_of(const rtab_table *t, size_t r)
{
	size_t k = t->row_note ? t->row_note[r] : 0;
	return k < t->nrow_notes && t->row_notes ? &t->row_notes[k] : NULL;
}

/* The rule reference of row r of a table, or NULL. */
static inline const char *rtab_row_rule(const rtab_table *t, size_t r)
{
	const rtab_row_note *n = t->rows ? NULL : rtab_row_note_of(t, r);
	return t->rows ? t->rows[r].rule : n ? n->rule : NULL;
}

/* The rule references per locale of row r of a table, or NULL: its rule in every locale
 * (pass them to rtab_rule). */
static inline rtab_labels rtab_row_rules(const rtab_table *t, size_t r)
{
	const rtab_row_note *n = t->rows ? NULL : rtab_row_note_of(t, r);
	return t->rows ? t->rows[r].rules : n ? n->rules : NULL;
}

/* Why the source does not settle row r of a table, or NULL. */
static inline const char *rtab_row_provisional(const rtab_table *t, size_t r)
{
	const rtab_row_note *n = t->rows ? NULL : rtab_row_note_of(t, r);
	return t->rows ? t->rows[r].provisional : n ? n->provisional : NULL;
}

/* Row r of a table as a record, whichever form holds it. */
static inline rtab_row rtab_row_at(const rtab_table *t, size_t r)
{
	rtab_row row;
	row.outcome = rtab_row_outcome(t, r);
	row.rule = rtab_row_rule(t, r);
	row.rules = rtab_row_rules(t, r);
	row.provisional = rtab_row_provisional(t, r);
	return row;
}

typedef struct rtab_option {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_expr guard;  /* allowed when this holds (0 instrs: always) */
	int16_t outcome;  /* what choosing it leads to, or -1 */
	const char *provisional; /* why the option is unsettled, or NULL */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_option;

typedef struct rtab_reaction_set {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t noptions;
	const rtab_option *options;
	rtab_expr none_when; /* no reaction at all when this holds (0 instrs: never) */
} rtab_reaction_set;

/* A state machine over the enum of one input: next[state], -1 where undefined. */
typedef struct rtab_transition {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t input;
	const int16_t *next;
	const char *const *provisional; /* per state: why its arc is unsettled, or NULL; may be NULL */
} rtab_transition;

/* In a ruleset with scale > 1 every value of a distance is exact, scaled by
 * the ruleset's scale (12.5 cm is 25 at scale 2). */
typedef struct rtab_distance_form {
	rtab_expr value;
	const char *unit;
} rtab_distance_form;

/* A distance, possibly given in several units; each form reads the same faces. */
typedef struct rtab_distance {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint8_t nforms;
	const rtab_distance_form *forms;
	const char *provisional;
} rtab_distance;

typedef struct rtab_procedure_step {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_expr guard; /* the step applies when this holds */
	int16_t outcome;
	const char *provisional; /* why the step is unsettled, or NULL */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
} rtab_procedure_step;

/* Ordered steps: the first that applies is taken; ties are settled by tie_break. */
typedef struct rtab_procedure {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	uint16_t nsteps;
	const rtab_procedure_step *steps;
	rtab_labels tie_break;
	int16_t otherwise; /* outcome when no step applies, or -1 */
	const char *provisional; /* why the procedure (its order) is unsettled, or NULL */
} rtab_procedure;

struct rtab_ruleset;
struct rtab_result;

/*
 * A ruleset's native resolver, written by the C emitter beside the data
 * (rtab_ruleset.native_resolve): the arguments and the answer of rtab_resolve,
 * every field of the result and every status (on error, out as the
 * interpreter leaves it) the same as rtab_resolve_interpreted's.
 */
/* A requirement on the inputs (`require ID: CONDITION { en "message"; }`): a
 * situation where the condition does not hold is no situation of the rules;
 * every entry point refuses it with RTAB_E_REQUIRE. */
typedef struct rtab_requirement {
	const char *id;
	rtab_labels labels; /* the message that says what to set */
	const char *rule;
	rtab_labels rules; /* its rule reference per locale, or NULL: rule in every locale */
	rtab_expr condition; /* holds in every situation the rules allow */
} rtab_requirement;

typedef int (*rtab_native_resolver)(const struct rtab_ruleset *rs, size_t table,
				    const int32_t *inputs, size_t ninputs, const int32_t *faces,
				    size_t nfaces, int32_t extra_drm, struct rtab_result *out);

/* A unit the ruleset declares (`unit cm = inch * 100 / 254 within 10%;`): one
 * of it is num/den of its base. A unit without a base is one of the ruleset's
 * own; two units convert when their bases lead to the same one. */
typedef struct rtab_unit {
	const char *id;
	/* Per locale, the unit as a reader says it after a number (`unit stride
	 * { en "stride|strides"; ru "шаг|шага|шагов"; }`): its forms by the
	 * language's plural rule, separated by '|'; NULL (or an entry NULL): the
	 * id, or the words rtab knows for a unit it names. */
	rtab_labels labels;
	int16_t base;      /* the unit it converts to, or -1 */
	int64_t num, den;  /* 1 id = num/den base (1/1 without a base) */
	int32_t tolerance; /* how far a printed conversion may stray, in thousandths of a
			      percent; -1: half the coarser unit */
} rtab_unit;

typedef struct rtab_ruleset {
	const char *id;
	rtab_labels title;
	uint8_t nlocales;
	const char *const *locales;
	uint16_t nenums;
	const rtab_enum *enums;
	uint16_t ninputs;
	const rtab_input *inputs;
	uint16_t ndice;
	const rtab_dice *dice;
	uint16_t neffect_kinds;
	const rtab_effect_kind *effect_kinds;
	uint16_t noutcomes;
	const rtab_outcome *outcomes;
	uint16_t nmodifiers;
	const rtab_modifier *modifiers;
	uint16_t ntables;
	const rtab_table *tables;
	uint16_t nmatrices;
	const rtab_matrix *matrices;
	uint16_t nbands;
	const rtab_band *bands;
	uint16_t ngroups;
	const rtab_group *groups;
	uint8_t nsteps;
	const char *const *steps;
	uint16_t nreaction_sets;
	const rtab_reaction_set *reaction_sets;
	uint16_t ntransitions;
	const rtab_transition *transitions;
	uint16_t ndistances;
	const rtab_distance *distances;
	uint16_t nprocedures;
	const rtab_procedure *procedures;
	const char *rule; /* the ruleset's own rule reference, or NULL */
	uint16_t nnumeric_outcomes;
	const rtab_numeric_outcome *numeric_outcomes; /* declared with parameters (see rtab_outcome) */
	int32_t scale; /* exact numbers (`exact 1/2;`): number inputs and distance values are
			  stored as value * scale. 0 or 1: whole numbers only */
	/* The generated C's native resolver, which rtab_resolve calls (see there);
	 * NULL in the compiler's own model and wherever no native code was written. */
	rtab_native_resolver native_resolve;
	uint16_t nrequirements;
	const rtab_requirement *requirements;
	uint16_t nunits;
	const rtab_unit *units; /* the units it declares, in the order written */
	rtab_labels rules; /* its own rule reference per locale, or NULL: rule in every locale */
	/* Every reason text of the data once, each after its number (two bytes, the low byte
	 * first, numbers from 1): reason_text_size bytes. The reasons of the data that lie in it
	 * are told apart by their numbers, not by comparing texts, when a result lists them.
	 * NULL (0): the reasons are told apart by their texts (the compiler's own model). */
	const char *reason_text;
	uint32_t reason_text_size;
	/* RTAB_DATA_VERSION of the rtab that wrote this data; the library refuses
	 * another (RTAB_E_VERSION). Last, so that data of an older model is
	 * read no further than its own fields before the refusal. */
	uint32_t data_version;
} rtab_ruleset;

typedef struct rtab_applied_modifier {
	uint16_t modifier;
	int32_t value;   /* as the modifier gives it */
	int32_t signed_value; /* value times the modifier's sign */
	uint8_t counted; /* 0 when its stacking group kept another member */
	uint8_t shift;   /* 1: a column shift (the table's 'shifts'), 0: a die-roll modifier */
} rtab_applied_modifier;

/* State of one evaluation: the faces that dice in expressions read, and
 * the provisional values reached. */
typedef struct rtab_eval_ctx {
	const int32_t *faces;
	size_t nfaces;
	size_t next_face;
	const char *provisional; /* the first reached */
	uint16_t nprovisional;   /* how many distinct reasons were reached */
	const char **reasons;    /* optional: where to list each distinct reason (NULL: none) */
	uint16_t reasons_cap;    /* room in reasons */
} rtab_eval_ctx;

typedef struct rtab_result {
	uint16_t table;
	uint16_t column;
	uint16_t row;
	uint16_t outcome;
	int32_t natural;       /* sum of the natural faces */
	int32_t modifier_raw;  /* applied modifiers plus the extra DRM, before the cap */
	int32_t modifier;      /* after the cap */
	int32_t modified_roll; /* natural + modifier */
	uint16_t napplied;
	rtab_applied_modifier applied[RTAB_MAX_APPLIED];
	const char *provisional; /* why: the row's (or natural rule's) reason first, else the first
				    provisional value used; reasons[0] when there is one */
	uint16_t nprovisional;   /* how many provisional reasons the result depends on: distinct
				    while they fit in reasons; once RTAB_MAX_REASONS are listed, a
				    reason not among them counts each time it is met */
	const char *reasons[RTAB_MAX_REASONS]; /* each of them (the first RTAB_MAX_REASONS):
						   row or natural rule, modifiers, matrix cells,
						   ratio steps, rewrites, trigger conditions; only
						   of what the result used (a modifier that applied,
						   a rewrite that changed it, a trigger that fired):
						   what was read and left aside marks nothing, and
						   the dice's reason marks odds, not a result */
	int16_t natural_rule;    /* the natural-roll rule that decided, or -1 */
	int32_t key_num, key_den; /* a computed column's key: the odds num:den, or the value (den 1) */
	int16_t key_column;      /* the column the key (or the input) chose, before the shift */
	int32_t column_shift;    /* the total of the table's shifts, before clamping */
	uint8_t automatic;       /* 1: an AUTOMATIC column gave the outcome without a roll */
	int16_t rewritten_from;  /* the outcome the row gave before a rewrite, or -1 */
	int16_t rewrite;         /* the rewrite applied, or -1 */
	uint16_t ntriggered;
	rtab_target triggered[RTAB_MAX_TRIGGERS]; /* what to resolve next, suppressions applied;
						     a trigger resolved N times is listed N times */
	uint8_t triggered_by[RTAB_MAX_TRIGGERS]; /* the outcome's trigger behind each (see
						     rtab_trigger_inputs) */
	int32_t bad_input;       /* on RTAB_E_INPUT from rtab_resolve: the input outside its
				    domain (rtab_ruleset.inputs[bad_input]), or -1 when the
				    number of inputs is wrong; -1 otherwise */
} rtab_result;

/* What a game needs from one roll, as the generated <ruleset>_resolve_<table>
 * functions give it: the same values as the fields of rtab_result of that name. */
typedef struct rtab_lean_result {
	uint16_t outcome;      /* after any rewrite */
	uint16_t row;          /* UINT16_MAX when a natural-roll rule decided */
	int32_t natural;       /* sum of the natural faces */
	int32_t modifier;      /* after the cap */
	int32_t modified_roll; /* natural + modifier */
} rtab_lean_result;

/* A short English description of a status code. */
const char *rtab_status_message(int status);

/* The version of the library linked (RTAB_VERSION when it was built) and its
 * data model (RTAB_DATA_VERSION when it was built): a program can compare
 * them with the macros it was compiled with. */
const char *rtab_version(void);
int rtab_data_version(void);

/* Index of the named table, enum, input, outcome or locale, or -1. */
int rtab_find_table(const rtab_ruleset *rs, const char *id);
int rtab_find_input(const rtab_ruleset *rs, const char *id);
int rtab_find_outcome(const rtab_ruleset *rs, const char *id);
int rtab_find_locale(const rtab_ruleset *rs, const char *id);
int rtab_find_enum_value(const rtab_enum *e, const char *id);

/* Nonzero when modifier m takes part in table t: always, unless the table is a
 * step of a procedure (t->step >= 0) that m's steps bitmask leaves out. The
 * generated native resolvers make the same choice through this function. */
int rtab_modifier_counts_at_step(const rtab_table *t, const rtab_modifier *m);

/* The number outcome `outcome` carries for the parameter named param (an
 * instantiation of a numeric outcome): RTAB_OK and *value, or
 * RTAB_E_INDEX when the outcome has no such parameter. */
int rtab_outcome_value(const rtab_ruleset *rs, size_t outcome, const char *param, int32_t *value);

/* Fill inputs[0..ninputs) with the declared defaults. */
int rtab_inputs_default(const rtab_ruleset *rs, int32_t *inputs, size_t ninputs);

/* Check that every input holds a value of its domain (RTAB_E_INPUT), and that
 * the situation meets every requirement of the ruleset (RTAB_E_REQUIRE). */
int rtab_inputs_validate(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs);

/* rtab_inputs_validate that also says which input is wrong: on RTAB_E_INPUT,
 * *bad (when not NULL) is the index of the first input outside its domain,
 * or -1 when ninputs is not the ruleset's number of inputs. */
int rtab_inputs_check(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
		      int32_t *bad);

/* The first requirement the situation breaks into *which (-1: none); RTAB_OK,
 * or the error of evaluating a condition. The inputs must lie in their domains. */
int rtab_requirement_broken(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs,
			    int32_t *which);

/* The sum of each roll a table declares (rtab_table.rolls) for the faces
 * given: writes up to cap sums, the number of rolls to *count (0: the table
 * declares none). RTAB_E_FACES when the faces do not fit the table's dice. */
int rtab_table_roll_sums(const rtab_ruleset *rs, size_t table, const int32_t *faces,
			 size_t nfaces, int32_t *sums, size_t cap, size_t *count);

/* The number of runs of a two-key table (the length of column_of_value and
 * column_end_of_value): its lines, or the values of its variant input; 0 when
 * one key chooses the column. */
size_t rtab_table_nruns(const rtab_ruleset *rs, size_t table);

/* Whether column `column` of a table is an 'above more than S' column: the
 * end of a run (rtab_table.above_strict) that a key reads only past S. */
int rtab_column_above_strict(const rtab_ruleset *rs, size_t table, size_t column);

/*
 * Pieces of rtab_resolve that the resolvers printed from the lowering (rtab
 * compile's C) call, so that both decide alike:
 * - rtab_key_column: the column a computed key num:den (a value: num, den 1)
 *   reads among the columns [first, end) of table t, as its rounding, its
 *   ranges of roundings and 'above more than' say; RTAB_E_RULESET for a
 *   table keyed by an input, or steps that do not rise.
 * - rtab_band_reach: the step of a ratio band that a:b (rounded as the band
 *   says) reaches, the most extreme one, into *step; -1 for none, or 0:0
 *   (the band's otherwise). RTAB_E_INPUT for a side below 0.
 * - rtab_matrix_find: the cell of matrix `index` at keys (one per
 *   dimension), into *cell (rtab_matrix_cell and rtab_matrix_reason read it).
 * - rtab_natural_rule_of: the natural-roll rule of t whose faces are these, in
 *   any order, or -1.
 * - rtab_exact: RTAB_OP_SCALE (a whole number made exact: a * scale),
 *   RTAB_OP_MUL_EXACT (a * b / scale) or RTAB_OP_DIV_EXACT (a * scale / b),
 *   exactly (RTAB_E_INEXACT otherwise) and within int32.
 */
int rtab_key_column(const rtab_table *t, size_t first, size_t end, int64_t num, int64_t den, uint16_t *column);
int rtab_band_reach(const rtab_band *band, int32_t a, int32_t b, int *step);
int rtab_matrix_find(const rtab_ruleset *rs, size_t index, const int32_t *keys, size_t *cell);
int rtab_natural_rule_of(const rtab_table *t, const int32_t *faces, size_t nfaces);
int rtab_exact(int op, int32_t scale, int32_t a, int32_t b, int32_t *value);

/* Evaluate an expression against inputs (an expression that rolls dice fails). */
int rtab_expr_eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		   size_t ninputs, int32_t *value);

/* Evaluate with a context: dice read ctx->faces from ctx->next_face on. */
int rtab_expr_eval_ctx(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		       size_t ninputs, rtab_eval_ctx *ctx, int32_t *value);

/*
 * Resolve one roll on a results table: apply the table's modifiers whose
 * condition holds, add extra_drm, cap the total, add the natural faces and
 * look the modified roll up in the column chosen by the column input (or
 * computed and shifted: see rtab_table). An AUTOMATIC column needs no
 * faces (nfaces 0 is accepted; faces given are still checked). A NONE
 * column, or odds 0:0, return RTAB_E_NO_RESULT with out->column set.
 *
 * This is the entry point a game calls. A ruleset compiled to C carries its
 * native resolver (rtab_ruleset.native_resolve): rtab_resolve then checks the
 * arguments and answers with the generated code, several times faster, and
 * gives exactly what rtab_resolve_interpreted gives, errors included. Other
 * rulesets (the compiler's own model, hand-built data) are interpreted.
 */
int rtab_resolve(const rtab_ruleset *rs, size_t table, const int32_t *inputs, size_t ninputs,
		 const int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_result *out);

/* The interpreter: rtab_resolve's answer computed from the data alone, whatever
 * native code the ruleset carries. The reference the native code is tested against. */
int rtab_resolve_interpreted(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
			     size_t ninputs, const int32_t *faces, size_t nfaces, int32_t extra_drm,
			     rtab_result *out);

/*
 * The options of a reaction set allowed in the situation given by inputs,
 * in declaration order: writes up to cap indices to options, the number
 * allowed to *count.
 */
int rtab_reactions(const rtab_ruleset *rs, size_t set, const int32_t *inputs, size_t ninputs,
		   uint16_t *options, size_t cap, size_t *count);

/* The state after a transition from the state its input holds. */
int rtab_transition_next(const rtab_ruleset *rs, size_t transition, const int32_t *inputs,
			 size_t ninputs, int32_t *state);

/* The value of form `form` of a distance, for the given faces (all must be used). */
int rtab_distance_eval(const rtab_ruleset *rs, size_t distance, size_t form,
		       const int32_t *inputs, size_t ninputs, const int32_t *faces, size_t nfaces,
		       int32_t *value, const char **provisional);

/* The same, listing each provisional reason the value depends on (the
 * distance's own first, then its dice, ratio steps, matrix cells...): the
 * first cap to reasons, their number to *nreasons. */
int rtab_distance_eval_why(const rtab_ruleset *rs, size_t distance, size_t form,
			   const int32_t *inputs, size_t ninputs, const int32_t *faces,
			   size_t nfaces, int32_t *value, const char **reasons, size_t cap,
			   size_t *nreasons);

/* The first step of a procedure that applies (-1: none, see its otherwise). */
int rtab_procedure_step_first(const rtab_ruleset *rs, size_t procedure, const int32_t *inputs,
			      size_t ninputs, int32_t *step);

/*
 * What an outcome leads to in the situation given by inputs: its triggers
 * that no 'unless' suppresses. Writes up to cap targets, the number to *count.
 */
int rtab_outcome_triggers(const rtab_ruleset *rs, size_t outcome, const int32_t *inputs,
			  size_t ninputs, rtab_target *targets, size_t cap, size_t *count);

/* The same, with by[k]: which trigger of the outcome targets[k] comes from
 * (for rtab_trigger_inputs). */
int rtab_outcome_triggers_by(const rtab_ruleset *rs, size_t outcome, const int32_t *inputs,
			     size_t ninputs, rtab_target *targets, uint8_t *by, size_t cap,
			     size_t *count);

/*
 * The situation a trigger passes on: copies inputs to out, then sets the
 * inputs trigger `trigger` of outcome `outcome` names, each to its value
 * computed from inputs. Both arrays hold ninputs values.
 */
int rtab_trigger_inputs(const rtab_ruleset *rs, size_t outcome, size_t trigger,
			const int32_t *inputs, size_t ninputs, int32_t *out);

/*
 * The same for one repeat of a trigger resolved 'times N': earlier[0..nearlier)
 * are the outcomes the earlier repeats gave, in order (none for the first), so
 * this is repeat nearlier + 1. An input set to 'repeat' gets that number, one
 * set to 'earlier OUTCOME' whether any of them is OUTCOME; the others as
 * rtab_trigger_inputs gives them.
 */
int rtab_trigger_repeat_inputs(const rtab_ruleset *rs, size_t outcome, size_t trigger,
			       const uint16_t *earlier, size_t nearlier, const int32_t *inputs,
			       size_t ninputs, int32_t *out);

/* Index of the named reaction set, transition, distance or procedure, or -1. */
int rtab_find_reaction_set(const rtab_ruleset *rs, const char *id);
int rtab_find_transition(const rtab_ruleset *rs, const char *id);
int rtab_find_distance(const rtab_ruleset *rs, const char *id);
int rtab_find_procedure(const rtab_ruleset *rs, const char *id);

/* The id of what a target names (a table, reaction set, transition, distance
 * or procedure), or NULL for a NULL ruleset, an unknown kind or an index out
 * of range. */
const char *rtab_target_id(const rtab_ruleset *rs, rtab_target t);

/*
 * Write the exact number scaled / scale as a decimal ("12.5", "-0.25", "3")
 * to buf (NUL-terminated; at most 24 bytes are needed). scale 0 or 1: an
 * integer. A scale that is not 2^a * 5^b (its fractions have no finite
 * decimal) or a buffer too small: RTAB_E_EXPR / RTAB_E_NULL.
 */
int rtab_format_exact(int32_t scaled, int32_t scale, char *buf, size_t cap);

/*
 * The odds *tn:*td midway, in printed steps (N:1 at N, 1:N at 2 - N), between
 * the steps dp:dq and up:uq that odds lie between: RTAB_ROUND_NEAREST reads
 * odds at or below them as dp:dq (a tie reads down), above them as up:uq.
 * Terms > 0 and within int32, and the midpoint's terms below 2^32 (so that
 * odds within int32 compare with it exactly in int64): true when both steps
 * are whole odds (N:1 or 1:N) or both lie within RTAB_MAX_STEP_TERM + 1 of
 * 1:1 in printed steps; RTAB_E_RULESET otherwise. 59:20 (2.95:1) is midway
 * between 2.9:1 and 3:1: rtab_odds_midway(29, 10, 3, 1, ...) gives 59:20.
 */
int rtab_odds_midway(int64_t dp, int64_t dq, int64_t up, int64_t uq, int64_t *tn, int64_t *td);

/*
 * The odds *tn:*td midway on the ratio itself between the steps dp:dq and
 * up:uq (RTAB_ROUND_LINEAR): (dp/dq + up/uq) / 2, as (dp*uq + up*dq) :
 * (2*dq*uq). Every term within RTAB_MAX_STEP_TERM (1:0 steps excluded);
 * RTAB_E_RULESET otherwise. Between 1:2 and 1:1 it is 3:4.
 */
int rtab_odds_linear_midway(int64_t dp, int64_t dq, int64_t up, int64_t uq, int64_t *tn, int64_t *td);

/* The label of a definition in a locale, falling back to the first locale. */
const char *rtab_label(const rtab_ruleset *rs, rtab_labels labels, size_t locale);

/* The rule reference of a definition in a locale: its own for that locale
 * (rules), else the one it gives for every locale or first (rule), or NULL. */
const char *rtab_rule(const rtab_ruleset *rs, const char *rule, rtab_labels rules, size_t locale);

#ifdef __cplusplus
}
#endif

#endif
