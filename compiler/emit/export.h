/*
 * rtab export: one driver walks a lowered ruleset kind by kind and hands
 * each definition to an emitter, a struct of function pointers with one
 * implementation per format (export_json.c, export_csv.c,
 * export_markdown.c, export_html.c).
 */
#ifndef RTAB_EXPORT_H
#define RTAB_EXPORT_H

#include "check/model.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

/* The kinds of definition, in the order every format lists them. */
typedef enum export_kind {
	EXPORT_ENUMS,
	EXPORT_INPUTS,
	EXPORT_DICE,
	EXPORT_EFFECT_KINDS,
	EXPORT_OUTCOMES,
	EXPORT_GROUPS,
	EXPORT_MATRICES,
	EXPORT_BANDS,
	EXPORT_MODIFIERS,
	EXPORT_TABLES,
	EXPORT_REACTION_SETS,
	EXPORT_TRANSITIONS,
	EXPORT_DISTANCES,
	EXPORT_PROCEDURES,
	EXPORT_NUMERIC_OUTCOMES,
	EXPORT_EXAMPLES,
	EXPORT_KIND_COUNT_
} export_kind;

#define EXPORT_MAX_LOCALES 2

typedef struct export_ctx {
	strbuf *out;
	const model *m; /* the examples and the ranges as written */
	const rtab_ruleset *rs;
	const char *source;
	size_t locales[EXPORT_MAX_LOCALES]; /* the locales chosen (--locale), in order */
	size_t nlocales;
	size_t nitem; /* items already emitted in the current section */
	void *state;  /* the emitter's own */
	bool plain;   /* values without the provisional mark (CSV: numbers stay numbers) */
} export_ctx;

typedef struct export_emitter {
	const char *format;
	void (*begin)(export_ctx *c);
	void (*section)(export_ctx *c, export_kind kind);        /* NULL: nothing before */
	void (*item)(export_ctx *c, export_kind kind, size_t i); /* NULL: the format leaves it out */
	void (*section_end)(export_ctx *c, export_kind kind);    /* NULL: nothing after */
	void (*end)(export_ctx *c);
	const export_kind *order; /* the kinds in the order to walk them (EXPORT_KIND_COUNT_
				     ends it); NULL: the order of export_kind */
} export_emitter;

/* The order of a printed player aid: the tables and what they read first,
 * the reference lists last. */
extern const export_kind export_print_order[];

extern const export_emitter export_json_emitter;
extern const export_emitter export_csv_emitter;
extern const export_emitter export_markdown_emitter;
extern const export_emitter export_html_emitter;

/* Walk every kind in order, calling the emitter's functions. */
void export_run(const export_emitter *e, export_ctx *c);

size_t export_count(const export_ctx *c, export_kind kind);
/* "tables", "reaction_sets"...: the JSON key of a kind. */
const char *export_kind_key(export_kind kind);
/* "Tables", "Reaction sets"...: a heading. */
const char *export_kind_title(export_kind kind);

/* A roll range as printed: "<=2", "3-5", "7", ">=9"; "-" for none. */
void export_range(strbuf *sb, int64_t lo, int64_t hi);
/* The range of row `row` in column `col` of table t, as written. */
void export_row_range(strbuf *sb, const export_ctx *c, size_t t, size_t col, size_t row);

/* A value of input i as written: an enum value's id, true/false, a number
 * (exact for a number input: 2.5). */
void export_input_value(strbuf *sb, const rtab_ruleset *rs, size_t i, int32_t v);

/* A number input's domain as written: "number 0..40 by 0.5" (rtab_input.step > 0). */
void export_number_domain(strbuf *sb, const rtab_ruleset *rs, const rtab_input *in);

/* An expression as the language writes it ("game == sia and halmstad"). */
void export_expr_text(strbuf *sb, const rtab_ruleset *rs, const rtab_expr *e);
/* The name of an instruction of the runtime's programs ("input", "add"...). */
const char *export_op_name(int op);

const char *export_target_kind(int kind);
const char *export_target_id(const rtab_ruleset *rs, rtab_target t);

/* An effect as written: "retreat(defender, 2)". */
void export_effect_text(strbuf *sb, const rtab_ruleset *rs, const rtab_effect *e);
/* The numbers an outcome carries, by parameter: "e 8, lw 2", "e killed (100), lw 0";
 * nothing for a plain outcome. */
void export_outcome_numbers(strbuf *sb, const rtab_ruleset *rs, const rtab_outcome *o);
/* The parameters of a numeric outcome as declared: "enemy: int 0..99 or killed = 100 code K, self: int 0..9". */
void export_numeric_params_text(strbuf *sb, const rtab_numeric_outcome *n);

/* The label of a definition in the i-th chosen locale, or "". */
const char *export_label(const export_ctx *c, rtab_labels l, size_t i);

#endif
