/* SPDX-License-Identifier: MIT */
/*
 * What a document defines, found by name: its definitions (the main body's
 * and its errata layers'), the values of its enums and the codes of its
 * outcomes; and the identifiers written in its text, for references.
 */
#ifndef RTAB_LSP_INDEX_H
#define RTAB_LSP_INDEX_H

#include "front/ast.h"
#include "lsp/document.h"

/* ENTRY_PATTERN: the code of an outcome that carries numbers ("DR{hexes}"),
 * which names every code it makes (DR2, DR3). */
typedef enum lsp_entry_kind { ENTRY_DEF, ENTRY_VALUE, ENTRY_CODE, ENTRY_PATTERN } lsp_entry_kind;

typedef struct lsp_entry {
	lsp_entry_kind kind;
	const char *name;
	src_loc loc;            /* of the name */
	const ast_def *def;     /* the definition, or the enum or outcome it belongs to */
	const ast_stmt *value;  /* ENTRY_VALUE: the value's statement */
	const ast_errata *layer; /* the errata layer that restates it, or NULL */
} lsp_entry;

typedef struct lsp_index {
	lsp_entry *entries;
	size_t n, cap;
} lsp_index;

/* Index doc (analysed). */
void lsp_index_build(lsp_index *ix, const lsp_doc *doc);
void lsp_index_free(lsp_index *ix);

/* True when the identifier name (n bytes) is what e names: its name, or
 * a code its pattern makes, a number in place of each {parameter}. */
bool lsp_entry_names(const lsp_entry *e, const char *name, size_t n);

/* Calls fn for each identifier of the text outside comments and strings. */
typedef void (*lsp_token_fn)(void *arg, size_t start, size_t n);
void lsp_scan_idents(const char *text, size_t len, lsp_token_fn fn, void *arg);

/* True when offset lies in a comment or a string of text. */
bool lsp_in_comment_or_string(const char *text, size_t len, size_t offset);

/* The label of a definition's body in locale, else its first one, or NULL. */
const ast_stmt *lsp_label(const ast_stmt *body, const char *locale);

/* The kind of an entry, as the hover and the completion name it. */
const char *lsp_entry_kind_name(const lsp_entry *e);

#endif
