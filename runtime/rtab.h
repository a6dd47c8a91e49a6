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

#define RTAB_VERSION "0.1.0"

/* Limits shared by the compiler (which rejects larger inputs) and the runtime. */
#define RTAB_MAX_FACES 16      /* natural dice faces per roll */
#define RTAB_MAX_APPLIED 32    /* modifiers listed in one result */
#define RTAB_MAX_EXPR_STACK 32 /* evaluation stack of a condition or value */
#define RTAB_MAX_ARGS 4        /* arguments of one effect */

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
} rtab_status;

/* Labels: one string per locale of the ruleset (NULL where a locale has none). */
typedef const char *const *rtab_labels;

typedef struct rtab_enum_value {
	const char *id;
	rtab_labels labels;
} rtab_enum_value;

typedef struct rtab_enum {
	const char *id;
	rtab_labels labels;
	const char *rule;
	uint16_t nvalues;
	const rtab_enum_value *values;
} rtab_enum;

typedef enum rtab_type_kind {
	RTAB_TYPE_BOOL = 0,
	RTAB_TYPE_INT = 1,
	RTAB_TYPE_ENUM = 2,
} rtab_type_kind;

/* An input is the situation a table reads: its value is an enum value index,
 * 0/1 for a bool, or an integer within [min, max]. */
typedef struct rtab_input {
	const char *id;
	rtab_labels labels;
	const char *rule;
	uint8_t type;      /* rtab_type_kind */
	int16_t enum_index; /* for RTAB_TYPE_ENUM, else -1 */
	int32_t min, max;  /* the domain; for enums 0..nvalues-1, bools 0..1 */
	int32_t default_value;
} rtab_input;

/* A group of identical dice: count dice with faces face_min..face_max. */
typedef struct rtab_die_group {
	uint8_t count;
	int16_t face_min, face_max;
} rtab_die_group;

typedef struct rtab_dice {
	const char *id;
	const char *rule;
	uint8_t ngroups;
	const rtab_die_group *groups;
	uint8_t nfaces;   /* total dice, i.e. faces expected per roll */
	int32_t min, max; /* bounds of the natural sum */
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
	RTAB_OP_COUNT_
} rtab_op;

typedef struct rtab_instr {
	uint8_t op; /* rtab_op */
	int32_t arg;
} rtab_instr;

typedef struct rtab_expr {
	uint16_t ninstrs; /* 0 means "always true" for a condition */
	const rtab_instr *instrs;
} rtab_expr;

typedef struct rtab_modifier {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_expr condition;
	rtab_expr value;
	int32_t min, max; /* bounds of value over every input, as checked */
} rtab_modifier;

typedef struct rtab_param {
	const char *id;
	int16_t enum_index; /* -1: an integer parameter */
} rtab_param;

/* Effect kinds are declared by each ruleset; the host engine applies them. */
typedef struct rtab_effect_kind {
	const char *id;
	rtab_labels labels;
	const char *rule;
	uint8_t nparams;
	const rtab_param *params;
} rtab_effect_kind;

typedef struct rtab_effect {
	uint16_t kind;
	uint8_t nargs;
	const int32_t *args; /* enum value index or integer, per parameter */
} rtab_effect;

typedef struct rtab_outcome {
	const char *id;
	rtab_labels labels;
	const char *rule;
	uint16_t neffects;
	const rtab_effect *effects;
	uint16_t ntriggers;
	const uint16_t *triggers; /* tables to resolve next */
} rtab_outcome;

typedef struct rtab_row {
	uint16_t outcome;
	const char *rule;
	const char *provisional; /* why the source does not settle it, or NULL */
} rtab_row;

/* A column maps every modified roll in [table.roll_min, table.roll_max]
 * to a row; below_row/above_row serve rolls past those ends (-1: none). */
typedef struct rtab_column {
	const char *id;
	rtab_labels labels;
	const int16_t *row_of_roll;
	int16_t below_row, above_row;
} rtab_column;

typedef struct rtab_table {
	const char *id;
	rtab_labels labels;
	const char *rule;
	uint16_t dice;
	int16_t column_input;            /* -1: a single column */
	const uint16_t *column_of_value; /* per value of the column input */
	uint16_t ncolumns;
	const rtab_column *columns;
	uint16_t nrows;
	const rtab_row *rows;
	uint16_t nmodifiers;
	const uint16_t *modifiers;
	uint8_t capped;
	int32_t cap_min, cap_max;
	int32_t roll_min, roll_max;
} rtab_table;

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
} rtab_ruleset;

typedef struct rtab_applied_modifier {
	uint16_t modifier;
	int32_t value;
} rtab_applied_modifier;

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
	const char *provisional; /* set when the row is provisional */
} rtab_result;

/* A short English description of a status code. */
const char *rtab_status_message(int status);

/* Index of the named table, enum, input, outcome or locale, or -1. */
int rtab_find_table(const rtab_ruleset *rs, const char *id);
int rtab_find_input(const rtab_ruleset *rs, const char *id);
int rtab_find_outcome(const rtab_ruleset *rs, const char *id);
int rtab_find_locale(const rtab_ruleset *rs, const char *id);
int rtab_find_enum_value(const rtab_enum *e, const char *id);

/* Fill inputs[0..ninputs) with the declared defaults. */
int rtab_inputs_default(const rtab_ruleset *rs, int32_t *inputs, size_t ninputs);

/* Check that every input holds a value of its domain. */
int rtab_inputs_validate(const rtab_ruleset *rs, const int32_t *inputs, size_t ninputs);

/* Evaluate an expression against inputs. */
int rtab_expr_eval(const rtab_ruleset *rs, const rtab_expr *expr, const int32_t *inputs,
		   size_t ninputs, int32_t *value);

/*
 * Resolve one roll on a results table: apply the table's modifiers whose
 * condition holds, add extra_drm, cap the total, add the natural faces and
 * look the modified roll up in the column chosen by the column input.
 */
int rtab_resolve(const rtab_ruleset *rs, size_t table, const int32_t *inputs, size_t ninputs,
		 const int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_result *out);

/* The label of a definition in a locale, falling back to the first locale. */
const char *rtab_label(const rtab_ruleset *rs, rtab_labels labels, size_t locale);

#ifdef __cplusplus
}
#endif

#endif
