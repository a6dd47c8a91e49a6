/* SPDX-License-Identifier: MIT */
/* rtab lsp: the language server, over the standard input and output. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/options.h"
#include "lsp/server.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

static const cli_opt options[] = {
	{"--stdio", 0, NULL, "talk over the standard input and output (the only way, and the default)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "lsp",
	.usage = "rtab lsp [--stdio]",
	.about = "\nA language server (the Language Server Protocol, JSON-RPC over the standard\n"
	"input and output): the diagnostics of 'rtab check' as the text is edited,\n"
	"hover, go to definition, references, completion, document symbols and the\n"
	"quick fixes of the diagnostics. Started by an editor; see docs/editors.md.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "the options of rtab check, for the diagnostics of every\n"
		     "document (--diagnostics only for the server's own errors)",
	.after = "Exit status: 0 after shutdown and exit, 1 when the input ends or exit comes without shutdown.\n"};

static int take(void *arg, int opt, const char *value)
{
	(void)arg, (void)opt;
	if (value)
		return usage_error("lsp", "no FILE is taken: the editor sends the documents");
	return EXIT_OK;
}

/* Whether a message waits on the standard input (read unbuffered, so none waits in its FILE). */
static bool input_waits(void)
{
	struct pollfd p = {.fd = fileno(stdin), .events = POLLIN};
	return poll(&p, 1, 0) > 0;
}

static void send_out(lsp_server *s)
{
	if (s->out.len) {
		fwrite(s->out.data, 1, s->out.len, stdout);
		fflush(stdout);
		sb_clear(&s->out);
	}
}

int cmd_lsp(cli_ctx *c, int argc, char **argv)
{
	int rc = cli_parse(&verb, c, argc, argv, take, NULL);
	if (rc != EXIT_OK)
		return rc < 0 ? EXIT_OK : rc;
	lsp_server s;
	strbuf body = {0};
	lsp_server_init(&s);
	s.docs.settings.check = c->diag;
	s.docs.settings.check.json = true;
	s.docs.settings.check.list_provisional = true;
	s.docs.settings.edition = c->edition;
	/* Proofs in a child process; hover and completion answered meanwhile. */
	s.background = true;
	s.docs.settings.proofs_elsewhere = true;
	/* Unbuffered: whether the next message has come is poll's to say. */
	setvbuf(stdin, NULL, _IONBF, 0);
	while (!s.exited) {
		if (lsp_proof_fd(&s) >= 0 && !input_waits()) {
			/* A message or the end of the proof, whichever comes first. */
			struct pollfd p[2] = {{.fd = fileno(stdin), .events = POLLIN},
					      {.fd = lsp_proof_fd(&s), .events = POLLIN}};
			if (poll(p, 2, -1) < 0)
				continue; /* a signal: wait again */
			if (!p[0].revents) {
				lsp_proof_ready(&s);
				send_out(&s);
				if (!input_waits()) {
					lsp_publish_due(&s);
					send_out(&s);
				}
				continue;
			}
		}
		int got = lsp_read_message(stdin, &body);
		if (got == 0)
			break;
		if (got < 0)
			lsp_handle(&s, "", 0); /* answered as what is not JSON */
		else
			lsp_handle(&s, body.data ? body.data : "", body.len);
		send_out(&s);
		/* The diagnostics of the documents changed, once the edits stop coming. */
		if (!s.exited && !input_waits()) {
			lsp_publish_due(&s);
			send_out(&s);
		}
	}
	int status = s.exited ? s.exit_code : s.shut_down ? EXIT_OK : EXIT_INPUT;
	sb_free(&body);
	lsp_server_free(&s);
	return status;
}
