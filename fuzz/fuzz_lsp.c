/*
 * libFuzzer harness: the message handler of the language server (rtab lsp,
 * compiler/lsp/server.c), in memory.
 *
 * The input is a document and messages, split at NUL bytes. The first part
 * is the text of a .rtab file, opened as a document (didOpen); each next
 * part is handled as a raw message (whatever its bytes: malformed JSON,
 * wrong types, unknown methods), then applied to the document as an
 * incremental change at a range drawn from its bytes. After each step the
 * document is asked for hover, definition, references, completion, symbols
 * and code actions at positions drawn from the input, some past its end.
 * A plain .rtab file (the front end's seeds) is one document and its
 * requests.
 *
 * Every message the server sends must be framed with its exact
 * Content-Length and be one JSON value (json_check.h); each request gets
 * one response; shutdown and exit end it with status 0. ASan checks that
 * every request frees what it allocates.
 */
#define _GNU_SOURCE /* memmem */
#include "lsp/server.h"

#include "base/escape.h"
#include "fuzz_common.h"
#include "json_check.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t draw(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Check the framing and JSON of what the server sent; the number of
 * responses (messages with an id) among them. Empties out. */
static int drain(strbuf *out)
{
	int responses = 0;
	const char *p = out->data, *end = out->data + out->len;
	while (p && p < end) {
		FUZZ_CHECK(strncmp(p, "Content-Length: ", 16) == 0, "a message without its header");
		char *after;
		unsigned long n = strtoul(p + 16, &after, 10);
		FUZZ_CHECK(strncmp(after, "\r\n\r\n", 4) == 0, "a header not ended by a blank line");
		const char *body = after + 4;
		FUZZ_CHECK((size_t)(end - body) >= n, "Content-Length %lu past the output", n);
		size_t at = 0;
		FUZZ_CHECK(json_valid(body, n, &at), "a message that is not JSON at byte %zu: %.*s", at,
			   (int)(n < 400 ? n : 400), body);
		responses += memmem(body, n, "\"id\":", 5) != NULL && memmem(body, n, "\"method\":", 9) == NULL;
		p = body + n;
	}
	sb_clear(out);
	return responses;
}

static void send_text(lsp_server *s, const char *text)
{
	lsp_handle(s, text, strlen(text));
}

static const char *const positioned[] = {"textDocument/hover", "textDocument/definition",
	"textDocument/references", "textDocument/completion"};

/* The requests about the document, at positions drawn from state. */
static void ask(lsp_server *s, uint64_t *state, long *id)
{
	strbuf m = {0};
	for (size_t i = 0; i < sizeof positioned / sizeof *positioned; i++) {
		uint64_t r = draw(state);
		long line = (long)(r % 64), ch = (long)((r >> 8) % 96);
		if ((r >> 20) % 16 == 0)
			line += 100000; /* outside the document */
		sb_clear(&m);
		sb_printf(&m, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"%s\",\"params\":{\"textDocument\":"
			  "{\"uri\":\"file:///f.rtab\"},\"position\":{\"line\":%ld,\"character\":%ld},"
			  "\"context\":{\"includeDeclaration\":%s}}}",
			  ++*id, positioned[i], line, ch, (r >> 30) & 1 ? "true" : "false");
		lsp_handle(s, m.data, m.len);
		FUZZ_CHECK(drain(&s->out) == 1, "%s: not one response", positioned[i]);
	}
	sb_clear(&m);
	sb_printf(&m, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"textDocument/documentSymbol\","
		  "\"params\":{\"textDocument\":{\"uri\":\"file:///f.rtab\"}}}", ++*id);
	lsp_handle(s, m.data, m.len);
	FUZZ_CHECK(drain(&s->out) == 1, "documentSymbol: not one response");
	uint64_t r = draw(state);
	sb_clear(&m);
	sb_printf(&m, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"textDocument/codeAction\",\"params\":"
		  "{\"textDocument\":{\"uri\":\"file:///f.rtab\"},\"context\":{\"diagnostics\":[{\"range\":"
		  "{\"start\":{\"line\":%ld,\"character\":%ld}},\"message\":\"unknown dice 'x'; did you mean 'd6'?\"}]}}}",
		  ++*id, (long)(r % 32), (long)((r >> 8) % 64));
	lsp_handle(s, m.data, m.len);
	FUZZ_CHECK(drain(&s->out) == 1, "codeAction: not one response");
	sb_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data, *end = in + size;
	const char *nul = memchr(in, '\0', size);
	size_t doc_len = nul ? (size_t)(nul - in) : size;
	uint64_t state = size;
	for (size_t i = 0; i < size; i++)
		state = state * 31 + data[i];

	lsp_server s;
	lsp_server_init(&s);
	s.docs.settings.check.max_work = FUZZ_MAX_WORK; /* as rtab lsp --max-work */
	long id = 0;
	send_text(&s, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"locale\":\"ru\"}}");
	FUZZ_CHECK(drain(&s.out) == 1, "initialize: not one response");

	strbuf m = {0};
	char *text = xstrndup(in, doc_len);
	sb_puts(&m, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
		    "{\"uri\":\"file:///f.rtab\",\"version\":1,\"text\":");
	sb_put_json_string(&m, text);
	sb_puts(&m, "}}}");
	free(text);
	lsp_handle(&s, m.data, m.len);
	drain(&s.out);
	ask(&s, &state, &id);

	for (const char *part = nul ? nul + 1 : end; part < end;) {
		const char *stop = memchr(part, '\0', (size_t)(end - part));
		size_t n = stop ? (size_t)(stop - part) : (size_t)(end - part);
		lsp_handle(&s, part, n);
		drain(&s.out);
		uint64_t r = draw(&state);
		char *piece = xstrndup(part, n);
		sb_clear(&m);
		sb_printf(&m, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{"
			  "\"textDocument\":{\"uri\":\"file:///f.rtab\",\"version\":2},\"contentChanges\":[{"
			  "\"range\":{\"start\":{\"line\":%ld,\"character\":%ld},\"end\":{\"line\":%ld,\"character\":%ld}},"
			  "\"text\":",
			  (long)(r % 40), (long)((r >> 8) % 80), (long)((r >> 16) % 40 + r % 40), (long)((r >> 24) % 80));
		sb_put_json_string(&m, piece);
		sb_puts(&m, "}]}}");
		free(piece);
		lsp_handle(&s, m.data, m.len);
		drain(&s.out);
		ask(&s, &state, &id);
		part += n + 1;
	}

	send_text(&s, "{\"jsonrpc\":\"2.0\",\"id\":\"end\",\"method\":\"shutdown\"}");
	/* A raw part may have shut the server down already: then this is refused, still answered. */
	FUZZ_CHECK(drain(&s.out) == 1, "shutdown: not one response");
	send_text(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
	FUZZ_CHECK(s.exited && s.exit_code == 0, "exit after shutdown: status %d", s.exit_code);
	sb_free(&m);
	lsp_server_free(&s);
	return 0;
}
