/* SPDX-License-Identifier: MIT */
/*
 * A document's proofs in the background (rtab lsp): the checks of 'rtab
 * check', proofs and all, run in a child process on a copy of the text
 * while the server goes on answering hover and completion from a model
 * built without proofs; an edit of the document kills a proof of its older
 * text. One proof at a time. Where processes cannot be started (a
 * WebAssembly build), lsp_prover_start says so and the caller proves in
 * place.
 */
#ifndef RTAB_LSP_PROVER_H
#define RTAB_LSP_PROVER_H

#include "lsp/document.h"

typedef struct lsp_prover {
	int pid;         /* the child proving, or 0 */
	int fd;          /* what it writes: the diagnostics of the document */
	char *uri;       /* the document it proves */
	long version;    /* at that version */
	strbuf got;      /* what it wrote so far */
} lsp_prover;

/* Prove doc (at its text and version now) in the background; false when no
 * child can be started. settings->proofs_elsewhere is cleared in the child. */
bool lsp_prover_start(lsp_prover *p, lsp_doc *doc);

/* Whether a proof is under way, and the descriptor to wait on for it. */
static inline int lsp_prover_fd(const lsp_prover *p)
{
	return p->pid ? p->fd : -1;
}

/* Read what the proof wrote, once its descriptor is ready. True when it has
 * ended: then *diagnostics holds its array (to free; NULL when the child
 * failed), and p is idle. */
bool lsp_prover_read(lsp_prover *p, strbuf *diagnostics);

/* Stop the proof of uri (NULL: whatever it proves), its result dropped;
 * true when one was stopped. */
bool lsp_prover_cancel(lsp_prover *p, const char *uri);

#endif
