/* SPDX-License-Identifier: MIT */
/* Completion, and what the words before a place ask for there. */
#ifndef RTAB_LSP_COMPLETE_H
#define RTAB_LSP_COMPLETE_H

#include "lsp/document.h"
#include "lsp/text_pos.h"

/* The CompletionList of pos, as the JSON of a response's result. */
void lsp_completion(lsp_doc *doc, lsp_pos pos, strbuf *out);

/* The kinds of entries (bit 1 << def_kind; bit 29: enum values, 30: codes)
 * the words before offset ask for, or 0 when they ask for none known. */
unsigned lsp_kinds_at(const char *text, size_t offset);

#endif
