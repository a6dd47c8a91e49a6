/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lsp/prover.h"

#include "lsp/diagnostics.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__wasi__)

bool lsp_prover_start(lsp_prover *p, lsp_doc *doc)
{
	(void)p, (void)doc;
	return false;
}

bool lsp_prover_read(lsp_prover *p, strbuf *diagnostics)
{
	(void)p;
	memset(diagnostics, 0, sizeof *diagnostics);
	return true;
}

bool lsp_prover_cancel(lsp_prover *p, const char *uri)
{
	(void)p, (void)uri;
	return false;
}

#else

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: prove the document, write its diagnostics, end. */
static _Noreturn void prove(lsp_doc *doc, int fd)
{
	/* The child's own copy of the settings: its analysis proves. */
	doc->docs->settings.proofs_elsewhere = false;
	doc_forget_analysis(doc);
	doc_analyse(doc);
	const char *p = doc->diagnostics.data ? doc->diagnostics.data : "[]";
	size_t left = doc->diagnostics.data ? doc->diagnostics.len : 2;
	while (left > 0) {
		ssize_t w = write(fd, p, left);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(1);
		p += w;
		left -= (size_t)w;
	}
	/* Nothing of the server's (its buffered output, its documents) is the
	 * child's to flush or free. */
	_exit(0);
}

bool lsp_prover_start(lsp_prover *p, lsp_doc *doc)
{
	int fds[2];
	if (p->pid || pipe(fds) != 0)
		return false;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return false;
	}
	if (pid == 0) {
		close(fds[0]);
		prove(doc, fds[1]);
	}
	close(fds[1]);
	p->pid = (int)pid;
	p->fd = fds[0];
	p->uri = xstrdup(doc->uri);
	p->version = doc->version;
	sb_free(&p->got);
	return true;
}

/* The child ended or was killed: wait for it, forget it. True when it
 * exited 0. */
static bool reap(lsp_prover *p)
{
	int status = 0;
	while (waitpid((pid_t)p->pid, &status, 0) < 0 && errno == EINTR)
		;
	close(p->fd);
	free(p->uri);
	p->uri = NULL;
	p->pid = 0;
	p->fd = -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool lsp_prover_read(lsp_prover *p, strbuf *diagnostics)
{
	memset(diagnostics, 0, sizeof *diagnostics);
	char chunk[65536];
	ssize_t n = read(p->fd, chunk, sizeof chunk);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return false;
	if (n > 0) {
		sb_put(&p->got, chunk, (size_t)n);
		return false;
	}
	bool ok = reap(p);
	if (ok)
		*diagnostics = p->got;
	else
		sb_free(&p->got);
	memset(&p->got, 0, sizeof p->got);
	return true;
}

bool lsp_prover_cancel(lsp_prover *p, const char *uri)
{
	if (!p->pid || (uri && strcmp(uri, p->uri) != 0))
		return false;
	kill((pid_t)p->pid, SIGKILL);
	reap(p);
	sb_free(&p->got);
	return true;
}

#endif
