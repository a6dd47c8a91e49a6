/* SPDX-License-Identifier: MIT */
/*
 * The answers of the server about one document, each written as the JSON
 * of the response's result (null or [] when the position has nothing).
 */
#ifndef RTAB_LSP_FEATURES_H
#define RTAB_LSP_FEATURES_H

#include "lsp/document.h"
#include "lsp/text_pos.h"

void lsp_hover(lsp_doc *doc, lsp_pos pos, const char *locale, strbuf *out);
void lsp_definition(lsp_doc *doc, lsp_pos pos, strbuf *out);
void lsp_references(lsp_doc *doc, lsp_pos pos, bool with_declaration, strbuf *out);
void lsp_document_symbols(lsp_doc *doc, const char *locale, strbuf *out);
/* Quick fixes for the diagnostics of a codeAction request's context. */
void lsp_code_actions(lsp_doc *doc, const json_value *diagnostics, strbuf *out);

/* The bytes of the definition that begins at offset: up to its ';' or its
 * closing brace. */
size_t lsp_def_end(const char *text, size_t len, size_t offset);

#endif
