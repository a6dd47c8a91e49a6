/*
 * The player aid's document as its writers lay it out: a unit per table,
 * matrix or ratio band, each a heading and its parts, paragraphs and grids
 * (aid.c builds it; aid_html.c, aid_pdf.c and aid_markdown.c lay it out;
 * the errata sheet and verify's proof are built as such documents too).
 */
#ifndef RTAB_AID_DOC_H
#define RTAB_AID_DOC_H

#include "export/export.h"
#include "export/grid.h"

typedef enum aid_part_kind {
	AID_TEXT, /* a paragraph */
	AID_GRID, /* a grid, row 0 its header */
} aid_part_kind;

typedef struct aid_part {
	aid_part_kind kind;
	char *text;
	grid g;
	bool *span; /* per column of g: equal cells one above the other print as one (an end column) */
	bool apart; /* PDF: more columns of the grid above it, set as far below it as a group of columns */
	bool changed;       /* a paragraph the edition compared with (--changes-since) does not print */
	bool *changed_rows; /* per row of g: a line that edition does not print; or NULL */
} aid_part;

/* A table, a matrix: a heading and what goes with it, never split. */
typedef struct aid_unit {
	char *heading;
	char *rule; /* the rule reference, or NULL */
	aid_part *parts;
	size_t nparts;
	char **reasons; /* a proof (--proof): why the readings marked in it are provisional */
	size_t nreasons;
} aid_unit;

typedef struct aid_doc {
	const char *lang; /* the locale's name */
	char *title;      /* the ruleset's title */
	char *stamp;      /* "Edition: original · rule 1.2" */
	aid_unit *units;
	size_t nunits;
} aid_doc;

/* The language of d's fixed phrases ("Page 1 of 2", "(continued)"): its
 * locale's, English where the message catalogue lacks it. */
msg_lang aid_doc_words(const aid_doc *d);

/* A unit added at the end of d, and a paragraph at the end of u: for a
 * document other than the aid (the errata sheet) laid out as its pages. */
aid_unit *aid_unit_add(aid_doc *d, const char *heading, const char *rule);
void aid_text_add(aid_unit *u, const char *text);

#endif
