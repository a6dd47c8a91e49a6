/* SPDX-License-Identifier: MIT */
/*
 * The language server: one JSON-RPC message in, the messages it answers
 * out (framed with Content-Length, appended to out). Everything a message
 * allocates is released before lsp_handle returns, but the documents.
 */
#ifndef RTAB_LSP_SERVER_H
#define RTAB_LSP_SERVER_H

#include "lsp/document.h"
#include "lsp/prover.h"

#include <stdio.h>

typedef struct lsp_server {
	lsp_docs docs;
	char *locale;     /* the client's, for labels: "en" unless initialize said */
	bool initialized; /* initialize answered */
	bool shut_down;   /* shutdown answered: only exit may follow */
	bool exited;      /* exit received: the process ends with exit_code */
	int exit_code;
	strbuf out;       /* what to send, framed */
	/* Prove in the background (lsp/prover.h): set before the first message
	 * by a loop that waits on lsp_proof_fd too. */
	bool background;
	lsp_prover prover;
} lsp_server;

/* A server that checks as 'rtab check' does; docs.settings may be changed
 * (the options of 'rtab lsp') before the first message. */
void lsp_server_init(lsp_server *s);
void lsp_server_free(lsp_server *s);

/* Handle one message (the body after its header). A document opened or
 * changed is not analysed there: its diagnostics wait for lsp_publish_due. */
void lsp_handle(lsp_server *s, const char *body, size_t len);

/* Analyse and publish every document changed since its diagnostics were last
 * sent. The loop of rtab lsp calls it when no message waits, and shutdown
 * before it answers: a burst of edits is proved once, at its last text, and a
 * request that comes with an edit is answered before the diagnostics (its
 * analysis, done for it, is the one they publish). In the background, it
 * starts the proof of the first such document instead, unless one is under
 * way; shutdown still proves and publishes every one before it answers. */
void lsp_publish_due(lsp_server *s);

/* In the background: the descriptor of the proof under way (-1: none), and
 * what to do when it is ready: read it, and once the proof has ended
 * publish its diagnostics and start the next proof due. */
int lsp_proof_fd(const lsp_server *s);
void lsp_proof_ready(lsp_server *s);

/* Read one message's body from in into body (emptied first): 1, or 0 at the
 * end of the input, or -1 when its header is malformed (the message is
 * skipped as far as it can be). */
int lsp_read_message(FILE *in, strbuf *body);

#endif
