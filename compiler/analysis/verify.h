/* SPDX-License-Identifier: MIT */
/*
 * rtab verify: a translation held against its original by meaning (the
 * semantic diff of analysis/diff.c, with labels, references and provisional
 * reasons paired across locales), or one file's labels in every locale it
 * declares; and the findings printed as text, JSON, an HTML page of both
 * rulebooks side by side, or the same as PDF pages.
 */
#ifndef RTAB_VERIFY_H
#define RTAB_VERIFY_H

#include "analysis/diff.h"
#include "base/work.h"
#include "check/load.h"

/* One file: as given on the command line (FILE or FILE@EDITION), loaded. */
typedef struct verify_side {
	const char *arg;
	loaded l;
	facet_set facets;
	bool ok;
} verify_side;

typedef struct verify_finding {
	bool warning;
	bool undecided; /* no method decided it (every difference undecided): not an
			   error, not passed either */
	def_kind kind;
	const char *id;
	char *message;
	const facet *orig, *trans; /* the facets it is about, either may be NULL */
	src_loc oloc, tloc;        /* line 0: that side has no place for it */
	const diff_def *diff;      /* for a definition that differs: its differences */
} verify_finding;

typedef struct verify {
	verify_side o, t;
	bool pair;
	size_t olocale, tlocale; /* the original's first locale; the translation's checked one */
	diff_result r;
	verify_finding *f;
	size_t n;
	int errors, warnings;
	int undecided; /* findings no method decided: a translation not proved faithful */
	work_budget work; /* what the proofs by meaning may spend (--max-work) */
} verify;

/* Load a side's facets once its file is loaded (s->l, s->ok). */
void verify_side_facets(verify_side *s, const verify_side *other);

/* The translation's locale where none is asked for: its first that the
 * original does not declare, else its first. */
size_t verify_default_locale(const verify *v);

/* A translation against its original (v->o, v->t loaded, the locales
 * chosen): the findings, within v->work. */
void verify_pair(verify *v);

/* One file (v->o): every label in every locale it declares. */
void verify_single(verify *v);

/* What verify_pair or verify_single found and the facets, freed; the
 * loaded files are the caller's. */
void verify_free(verify *v);

/* "table 'assault'", or "the ruleset header" (owned). */
char *verify_def_name(const facet_def *d);

/* The key of the label of element `of` in locale `locale` (owned). */
char *verify_label_key(const char *of, const char *locale);

/* A finding's severity: "error", "undecided" or "warning". */
const char *verify_severity(const verify_finding *f);

/* "2 errors, 1 warning" in the chosen language (a static buffer); with
 * undecided findings "2 errors, 1 undecided, 1 warning". */
const char *verify_tally(const verify *v);

/* Finding i in full, as rtab verify prints it: the message, both places,
 * each difference. */
void verify_finding_text(strbuf *sb, const verify *v, size_t i);

/* The findings as rtab verify prints them. */
void verify_render_text(strbuf *sb, const verify *v);
void verify_render_json(strbuf *sb, const verify *v);
/* Both rulebooks side by side, each difference highlighted at its cell. */
void verify_render_html(strbuf *sb, const verify *v);
/* The same as pages (export_pdf_unavailable: cairo and pango); paper NULL: A4;
 * into unset the characters no installed font could set (aid_pdf_write). */
void verify_render_pdf(strbuf *sb, const verify *v, const char *paper, strbuf *unset);

#endif
