/* SPDX-License-Identifier: MIT */
/*
 * The diagnostics of a document: what 'rtab check' prints of its text, as
 * the protocol's Diagnostic objects (the check as the code, a note after a
 * finding as its related information).
 */
#ifndef RTAB_LSP_DIAGNOSTICS_H
#define RTAB_LSP_DIAGNOSTICS_H

#include "lsp/document.h"
#include "lsp/linked.h"

/* Run the front end and the checks on the text (once per text): doc->ruleset,
 * and the diagnostics of 'rtab check' as Diagnostic objects in doc->diagnostics. */
void doc_analyse(lsp_doc *doc);

#endif
