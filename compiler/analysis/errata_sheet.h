/* SPDX-License-Identifier: MIT */
/*
 * The errata sheet a publisher prints: what changed between two editions,
 * grouped by table and rule reference, in the printed words and signs of
 * one locale ("Cavalry Pursuit, TACW, roll 3-4: Pursue and eliminate (was
 * 3-5)"; "Pistol shot: −2 (was −1)"; "New: Defender in a town hex, −1"),
 * with how the odds move where each change applies.
 */
#ifndef RTAB_ERRATA_SHEET_H
#define RTAB_ERRATA_SHEET_H

#include "analysis/diff.h"
#include "base/util.h"
#include "rtab.h"

typedef struct sheet_side {
	const rtab_ruleset *rs;
	size_t locale;
	const char *path;    /* for --locations */
	const char *edition; /* the edition's name, or NULL (a file without layers) */
	const char *layer_label, *layer_rule; /* the last layer's, or NULL */
	const struct model *model; /* the side's model (rs is its ruleset): the result columns
				      a grid under odds lines prints, the inputs 'earlier
				      OUTCOME' reads */
} sheet_side;

/* A situation the user names (--set, --at): the inputs of each side. */
typedef struct sheet_situation {
	const char *text; /* "a=1, b=2" as given */
	int32_t *old_inputs, *new_inputs;
} sheet_situation;

/* SHEET_PAGES: the sheet as a document of units (a heading per table, its
 * changes one paragraph each) for export/aid_pdf.c to lay out as pages. */
typedef enum sheet_format { SHEET_MARKDOWN, SHEET_HTML, SHEET_PAGES } sheet_format;

typedef struct sheet_options {
	sheet_format format;
	bool locations; /* file:line of each definition */
	bool odds;      /* how the odds move where each change applies */
	struct aid_doc *doc; /* SHEET_PAGES: filled, to be freed with aid_free */
	const sheet_situation *situations;
	size_t nsituations;
	work_budget *work;     /* the odds' steps are spent from it (NULL: no budget) */
	const char **left_out; /* set to the first table whose odds the budget left out */
} sheet_options;

/* Write the sheet (SHEET_PAGES: fill opts->doc instead) of the changes r found (diff_compare, diff_odds_compute)
 * from old to new. */
void errata_sheet(strbuf *out, const sheet_side *old, const sheet_side *new, const diff_result *r,
		  const sheet_options *opts);

#endif
