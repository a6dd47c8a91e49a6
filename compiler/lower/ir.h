/* SPDX-License-Identifier: MIT */
/*
 * The portable lowering's IR: what resolving a results table (a reaction
 * set, a procedure, a distance) does, as straight-line integer code and constant plans that every target prints
 * in its own language (docs/lowering.md).
 *
 * Code is a list of instructions over numbered registers (int32 values),
 * each written once: input reads, arithmetic checked for overflow as the
 * runtime checks it, condition tests, and 'if' as a structured block (the
 * only branch the language's programs have). Reasons are numbered
 * constants of the module (ir_module.reasons); a note names one. What the
 * compiler knows decides the rest at lowering time: which modifiers a
 * table's step counts, which stacking groups need a choice, which columns
 * roll, the cells of every column as arrays indexed by the modified roll.
 */
#ifndef RTAB_LOWER_IR_H
#define RTAB_LOWER_IR_H

#include "rtab.h"
#include "lower/cells.h"
#include "lower/fold.h"
#include "lower/ratio_chain.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ir_op {
	IR_CONST,      /* dst = imm */
	IR_INPUT,      /* dst = input imm */
	IR_NOTE_IF,    /* a == imm: note reason `reason` (an input at its provisional default) */
	IR_NOTE_OF,    /* note reason list `reason` at index a, when a lies within it (an enum value's) */
	IR_NEG,        /* dst = -a (overflow checked) */
	IR_ABS,        /* dst = |a| (overflow checked) */
	IR_NOT,        /* dst = a == 0 */
	IR_ADD,        /* dst = a op b, overflow checked where a sum or product may leave int32 */
	IR_SUB,
	IR_MUL,
	IR_EQ,
	IR_NE,
	IR_LT,
	IR_LE,
	IR_GT,
	IR_GE,
	IR_AND,        /* both sides evaluated, as the runtime does */
	IR_OR,
	IR_DIV_DOWN,   /* rounded towards minus infinity; b == 0 is a malformed expression */
	IR_DIV_UP,     /* rounded towards plus infinity */
	IR_MIN,
	IR_MAX,
	IR_SCALE,      /* dst = a * imm (a whole number made exact) */
	IR_MUL_EXACT,  /* dst = a * b / imm, exactly or an inexact-value error */
	IR_DIV_EXACT,  /* dst = a * imm / b, exactly or an inexact-value error */
	IR_MATRIX,     /* dst = cell of matrix imm at keys[0..nkeys) (ir_module.matrix_reasons) */
	IR_BAND,       /* dst = ratio band imm read at a:b (ir_module.bands: its steps decided) */
	IR_ROLL,       /* dst = the sum of the faces of dice imm read from the context (ir_module.dice;
			* a table's context has none to give) */
	IR_IF,         /* dst = a != 0 ? (the code up to IR_ELSE) : (the code up to IR_END) */
	IR_ELSE,       /* a: the value of the 'then' code */
	IR_END,        /* a: the value of the 'else' code */
	IR_OP_COUNT_
} ir_op;

/* The name of an op, as the IR's listing prints it (ir_module_print). */
extern const char *const ir_op_names[IR_OP_COUNT_];

typedef struct ir_instr {
	uint8_t op; /* ir_op */
	uint32_t dst, a, b;
	int32_t imm;
	int32_t reason; /* IR_NOTE_IF: a reason; IR_NOTE_OF: a reason list */
	uint32_t nkeys;
	uint32_t *keys; /* IR_MATRIX */
} ir_instr;

/* Whether the code notes the reasons of what it reads (a table's do; a
 * requirement's, a passed-on value's do not). */
typedef enum ir_notes {
	IR_NOTES_NONE = 0,
	IR_NOTES_ALWAYS = 1, /* into the resolution's reasons */
	IR_NOTES_MAYBE = 2,  /* when the caller keeps reasons (a trigger's, shared by chains) */
} ir_notes;

/* A program: its instructions and the register of its value. An empty
 * program (the runtime's 0 instructions) is `empty`: a condition that holds. */
typedef struct ir_code {
	ir_instr *in;
	size_t n, cap;
	uint32_t value;
	bool empty;
	uint8_t notes; /* ir_notes */
} ir_code;

/* One modifier of a table's list, counted or not by the table's step (decided here). */
typedef struct ir_mod {
	uint16_t modifier;  /* its index in the ruleset */
	ir_code when;       /* its condition */
	ir_code value;
	int8_t sign;
	int16_t group;      /* its stacking group, or -1 */
	int32_t reason;     /* noted when it counts, or -1 */
	bool shift;         /* one of the table's shifts */
	bool folded;        /* in a table of the lean fold (ir_table.lean_fold): code only where noted */
} ir_mod;

/* How a list's modifiers add up: per group (ascending, the ungrouped last),
 * the members in list order; a group whose stacking keeps one member per side
 * names the members it chooses among (per side), decided at compile time. */
typedef struct ir_group_sum {
	int16_t group; /* -1: the ungrouped */
	uint8_t stacking; /* rtab_stacking */
	bool capped;
	int32_t cap_min, cap_max;
	bool folded; /* the group's whole sum is in a table of the lean fold */
	size_t nmembers;
	size_t *members; /* indices into the list's ir_mod array */
} ir_group_sum;

/* One side of a group whose stacking keeps one member per side (best or worst; under
 * largest_each_way one of the side's bonuses and one of its penalties, each a keep), decided
 * at compile time: its members of that side (and way) in list order. The first that applies is
 * kept; a later one that applies replaces it only when its signed value is strictly
 * greater (`greater`: best for a side of sign +1, worst for -1) or strictly less
 * (otherwise): the first on ties, as the runtime's apply_stacking keeps it. Every member
 * not kept is no longer counted. `always`: the member applies whenever the list is read
 * (it has no condition), so whether it is there needs no test. */
typedef struct ir_keep {
	size_t group_sum; /* its group's index in the list's groups */
	int8_t sign;
	bool greater;
	const char *choice; /* what it keeps, as a comment says it: "best", "largest penalty" */
	size_t nmembers;  /* at least 2 */
	size_t *members;  /* indices into the list's ir_mod array */
	bool *always;     /* per member */
} ir_keep;

typedef struct ir_list {
	size_t nmods;
	ir_mod *mods;
	size_t ngroups;
	ir_group_sum *groups;
	size_t nkeeps; /* the sides that keep one member, per group in order, the side +1 first */
	ir_keep *keeps;
} ir_list;

typedef struct ir_rewrite {
	uint16_t from, to;
	ir_code when;
	int32_t reason;
	const char *rule;
} ir_rewrite;

/* A computed key's column over one run of columns [first, end) (all of them, or the
 * run an input or a line chooses), decided at compile time (lower/ratio_chain.h). */
typedef struct ir_key_run {
	uint16_t first, end;
	ratio_chain chain;
} ir_key_run;

/* A results table, lowered. Its constant data (column ids, the row of each
 * roll, rows' outcomes, rules and reasons) is read from `t` by the printers
 * as arrays indexed directly; its reasons are numbered in the module. */
typedef struct ir_table {
	uint16_t index;
	const rtab_table *t;
	bool step_refuses_drm;   /* the table has a step: a modifier from outside is an error */
	bool faces_later;        /* a column gives its outcome without a roll: faces may be omitted */
	ir_list modifiers, shifts;
	ir_code key_a, key_b;    /* a computed key */
	ir_code line_key;        /* the line a condition chooses (noting), */
	ir_code line_key_quiet;  /* and again, as the runtime reads it after the shift (not noting) */
	size_t nkey_runs;        /* a computed key (not two enums'): its column per run */
	ir_key_run *key_runs;
	int32_t column_input_reasons; /* a reason list for the column input's enum, or -1 */
	int32_t column_input_default_reason; /* the column input's provisional at its default, or -1 */
	size_t nrewrites;
	ir_rewrite *rewrites;
	int32_t *row_reason;     /* per row: its reason, or -1 */
	int32_t *natural_reason; /* per natural rule */
	int32_t *column_reason;  /* per column: of its automatic or 'none' result */
	/* A form that notes no reason (C's lean resolver) may read what some modifiers add from
	 * tables indexed by the inputs they read, stacking and caps applied (lower/fold.h): the
	 * modifiers and groups marked folded, computed here by the interpreter's own evaluator. */
	fold_plan lean_fold;
	/* The lean form may read its row and outcome in one step, rewrites folded into the cells
	 * and no clamp (lower/cells.h): made where the table allows it. */
	lean_cells lean_cells;
} ir_table;

/* An input a trigger passes on: its value (rtab_set_each: the same for every
 * repeat, the repeat's number, or whether an earlier repeat gave an outcome). */
typedef struct ir_set {
	uint16_t input;
	uint8_t each;     /* rtab_set_each */
	uint16_t earlier; /* RTAB_SET_EARLIER: the outcome */
	ir_code value;    /* RTAB_SET_SAME: over the triggering situation (not noting) */
} ir_set;

/* A trigger of an outcome, lowered: its condition, how many times, its
 * reason, and the situation it passes on. */
typedef struct ir_trigger {
	ir_code unless, times;
	int32_t reason;
	size_t nsets;
	ir_set *sets;
} ir_trigger;

typedef struct ir_outcome {
	size_t ntriggers;
	ir_trigger *triggers;
} ir_outcome;

typedef struct ir_requirement {
	const char *id;
	ir_code condition;
} ir_requirement;

/* A reaction set: no option at all when none_when holds, else each option whose guard does. */
typedef struct ir_reactions {
	ir_code none_when;
	size_t noptions;
	ir_code *guards;
} ir_reactions;

/* A procedure: the first step whose guard holds. */
typedef struct ir_procedure {
	size_t nsteps;
	ir_code *guards;
} ir_procedure;

/* A distance: each form's value, reading the faces given (noting its reasons). */
typedef struct ir_distance {
	size_t nforms;
	ir_code *forms;
	int32_t reason; /* the distance's own, first of a value's reasons */
} ir_distance;

/* Dice a program rolls (IR_ROLL), decided at compile time: the faces read from the
 * context in order, each within its range (too few left, or one out of its range, is
 * the faces' error), then the dice's own reason noted; the value is their sum. */
typedef struct ir_dice {
	bool rolled;      /* some program rolls them (only those are printed) */
	size_t need;      /* the faces that must be left to read (the dice's nfaces) */
	size_t nfaces;    /* the faces read: each group's count in turn */
	int32_t *face_min, *face_max; /* per face read */
	int32_t reason;   /* the dice's provisional, or -1 */
} ir_dice;

/* A list of reasons by value (an enum's values): -1 where none. */
typedef struct ir_reason_list {
	size_t n;
	int32_t *reasons;
} ir_reason_list;

typedef struct ir_module {
	const rtab_ruleset *rs;
	size_t nreasons;
	const char **reasons; /* numbered constants, each text once */
	size_t nreason_lists;
	ir_reason_list *reason_lists;
	size_t ntables;
	ir_table *tables;
	size_t noutcomes;
	ir_outcome *outcomes;
	size_t nrequirements;
	ir_requirement *requirements;
	size_t nreactions;
	ir_reactions *reactions;
	size_t nprocedures;
	ir_procedure *procedures;
	size_t ndistances;
	ir_distance *distances;
	/* A transition is a state's next state: the printers index its array (rs). */
	ratio_chain *bands;      /* per ratio band: the step a:b reaches (nsteps: none, its otherwise) */
	int32_t *band_reason;    /* per band: its own reason, noted first, or -1 */
	int32_t *band_reasons;   /* per band: a reason list, each step's then the otherwise's, or -1 */
	int32_t *matrix_reasons; /* per matrix: a reason list, each cell's, or -1 */
	int32_t *enum_reasons; /* per enum: its reason list, -1 (none of its values has one), -2 (not yet asked) */
	/* Per dice of the ruleset (rolled marked as programs are lowered; the faces and the
	 * reason of those rolled by lower_lookups, for the targets whose code reads faces). */
	ir_dice *dice;
} ir_module;

#endif
