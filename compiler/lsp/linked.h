/* SPDX-License-Identifier: MIT */
/*
 * The files of one ruleset. A ruleset is a file with a 'ruleset' header;
 * a file without one (errata layers, or definitions, kept apart from the
 * rules they correct, as tests/errata/musket_pike_second_printing.rtab) is
 * a layer file that continues a base file, as 'cat BASE LAYER' would. The
 * base is the file a '# base: PATH' comment before the layer's first
 * definition names (PATH relative to the layer file), open in the client or
 * read from disk; without that comment, the one document open in the client
 * that has a 'ruleset' header. docs/editors.md says the same.
 */
#ifndef RTAB_LSP_LINKED_H
#define RTAB_LSP_LINKED_H

#include "lsp/document.h"

/* The most documents one ruleset links together. */
#define LSP_MAX_LINKED 32

/* True when text (len bytes) begins with a 'ruleset' header, after blanks
 * and comments: a ruleset of its own, not a layer file. */
bool lsp_has_header(const char *text, size_t len);

/* The base file doc continues, or NULL (doc has a header, or no base is
 * found). A base not open in the client is read from disk each time it is
 * asked for, and kept in docs->on_disk while its text stays the same. */
lsp_doc *lsp_base_of(lsp_doc *doc);

/* The documents of doc's ruleset into out (at most max): doc first, then
 * its base, then the other open layer files of that base. Returns how many. */
size_t lsp_ruleset_docs(lsp_doc *doc, lsp_doc **out, size_t max);

/* The same, then the layer files in the base's directory that name it and
 * are not open (read from disk): what references search. Hover and
 * definition keep to lsp_ruleset_docs, so they read no directory. */
size_t lsp_ruleset_docs_on_disk(lsp_doc *doc, lsp_doc **out, size_t max);

/* A file path for the messages of uri (file:///a/b.rtab: /a/b.rtab), to free. */
char *lsp_uri_path(const char *uri);

#endif
