/* SPDX-License-Identifier: MIT */
/*
 * rtab export: one driver walks a lowered ruleset kind by kind and hands
 * each definition to an emitter, a struct of function pointers with one
 * implementation per format (export_json.c, export_csv.c,
 * export_markdown.c, export_html.c).
 */
#ifndef RTAB_EXPORT_H
#define RTAB_EXPORT_H

#include "check/model.h"
#include "front/construct_use.h"
#include "rtab.h"
#include "base/msg.h"
#include "base/util.h"
#include "export/paper.h"
#include "text/expr_text.h"
#include "text/value_text.h"

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
	EXPORT_REQUIREMENTS,
	EXPORT_OUTCOME_GROUPS,
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
	msg_lang words; /* the language of the headings and fixed phrases (zero: English) */
	size_t nitem; /* items already emitted in the current section */
	void *state;  /* the emitter's own */
	bool plain;   /* values without the provisional mark (CSV: numbers stay numbers) */
	const char *edition;      /* the edition exported (its errata layer), or NULL: the original */
	const char *edition_rule; /* that layer's reference, or NULL */
	rtab_labels edition_labels; /* that layer's labels by the ruleset's locales, or NULL */
	const char *paper;        /* the player aid's paper, as paper_find names it */
	paper_trim trim;          /* PDF: the bleed and crop marks (--bleed) */
	const char *failed;       /* set by an emitter that could not write the file: why */
	strbuf *unset;            /* PDF: the characters no installed font has a glyph for (aid_pdf_write), or NULL */
	/* --changes-since: the same export of the earlier edition, whose player
	 * aid each printed line is compared with (a change bar where it
	 * differs); NULL: no bars. */
	const struct export_ctx *since;
	bool aid_proof; /* the player aid as a proof: each provisional reading marked, its reason below */
} export_ctx;

typedef struct export_emitter {
	const char *format;
	void (*begin)(export_ctx *c);
	void (*section)(export_ctx *c, export_kind kind);        /* NULL: nothing before */
	void (*item)(export_ctx *c, export_kind kind, size_t i); /* NULL: the format leaves it out */
	void (*section_end)(export_ctx *c, export_kind kind);    /* NULL: nothing after */
	void (*end)(export_ctx *c);                              /* NULL: nothing at the end */
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
/* The player aid (aid.h): as a printable HTML page, and as PDF when built in. */
extern const export_emitter export_aid_html_emitter;
extern const export_emitter export_aid_pdf_emitter;
extern const export_emitter export_aid_markdown_emitter;
/* NULL when a PDF can be written; else why not (built without cairo and
 * pango, or their libraries cannot be opened), to follow "cannot write PDF: ". */
const char *export_pdf_unavailable(void);

/* Walk every kind in order, calling the emitter's functions. */
void export_run(const export_emitter *e, export_ctx *c);

size_t export_count(const export_ctx *c, export_kind kind);
/* "tables", "reaction_sets"...: the JSON key of a kind. */
const char *export_kind_key(export_kind kind);
/* "Tables", "Reaction sets"...: a heading. */
const char *export_kind_title(export_kind kind);

/* The sections a kind of definition fills, in *sections; how many. */
size_t export_sections_of(def_kind kind, const export_kind **sections);
/* How the exports show a kind of definition. */
construct_use export_kind_use(def_kind kind);

/* The range of row `row` in column `col` of table t, as written. */
void export_row_range(strbuf *sb, const export_ctx *c, size_t t, size_t col, size_t row);

/* The label of a definition in the i-th chosen locale, or "". */
const char *export_label(const export_ctx *c, rtab_labels l, size_t i);

#endif
