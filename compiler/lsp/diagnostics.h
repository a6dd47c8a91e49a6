/*
 * The diagnostics of a document: what 'rtab check' prints of its text, as
 * the protocol's Diagnostic objects (the check as the code, a note after a
 * finding as its related information).
 */
#ifndef RTAB_LSP_DIAGNOSTICS_H
#define RTAB_LSP_DIAGNOSTICS_H

#include "lsp/document.h"

/* Load doc's text into doc->ruleset and fill doc->diagnostics. */
void lsp_collect_diagnostics(lsp_doc *doc);

/* A file path for the messages of uri (file:///a/b.rtab: /a/b.rtab), to free. */
char *lsp_uri_path(const char *uri);

#endif
