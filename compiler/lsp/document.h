/* SPDX-License-Identifier: MIT */
/*
 * The documents the client has open: their text as the client edits it
 * (never the file on disk), and what the front end made of that text.
 */
#ifndef RTAB_LSP_DOCUMENT_H
#define RTAB_LSP_DOCUMENT_H

#include "check/load.h"
#include "base/json_read.h"
#include "lsp/text_pos.h"

/* How every document is checked: the options of 'rtab lsp' (-W, -Werror,
 * --strict), read back as JSON, and the edition built (--edition; NULL: every
 * errata layer). */
typedef struct lsp_settings {
	diag_options check;
	const char *edition;
	/* The proofs are done elsewhere (lsp/prover.h): an analysis here builds
	 * the model for hover and completion without proving anything, and its
	 * diagnostics are not the ones published. */
	bool proofs_elsewhere;
} lsp_settings;

typedef struct lsp_doc {
	char *uri;
	strbuf text;
	long version;
	loaded ruleset;   /* the front end and checks over the text */
	bool analysed;    /* ruleset holds the analysis of the current text */
	bool unpublished; /* changed since its diagnostics were last sent (lsp_publish_due) */
	strbuf diagnostics; /* their JSON array, as publishDiagnostics sends it */
	lsp_text lines;   /* the lines of text, once asked for (doc_lines) */
	const lsp_settings *settings;
	struct lsp_docs *docs; /* the documents it is open among */
	struct lsp_doc *next;
} lsp_doc;

typedef struct lsp_docs {
	lsp_doc *first;
	lsp_settings settings;
	lsp_doc *on_disk; /* the bases of open layer files that are not open, read from disk (lsp/linked.h) */
} lsp_docs;

lsp_doc *docs_find(lsp_docs *docs, const char *uri);
/* Open (or reopen) uri with text; the new document. */
lsp_doc *docs_open(lsp_docs *docs, const char *uri, const char *text, size_t len, long version);
void docs_close(lsp_docs *docs, const char *uri);
void docs_free(lsp_docs *docs);

/* Forget what the front end made of the document's text (its analysis
 * depends on another document's, which changed). */
void doc_forget_analysis(lsp_doc *doc);
/* Replace the text of a document, forgetting its analysis. */
void doc_set_text(lsp_doc *doc, const char *text, size_t len);

/* Apply one of didChange's contentChanges: the whole text, or a range
 * replaced (a range past the end is clamped to it). False when malformed. */
bool doc_apply_change(lsp_doc *doc, const json_value *change);

/* The lines of the document's text, indexed on first use after a change. */
const lsp_text *doc_lines(lsp_doc *doc);

/* The text of a document, and its length. */
static inline const char *doc_text(const lsp_doc *doc)
{
	return doc->text.data ? doc->text.data : "";
}

#endif
