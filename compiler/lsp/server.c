/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lsp/server.h"

#include "base/escape.h"
#include "lsp/complete.h"
#include "lsp/diagnostics.h"
#include "lsp/features.h"
#include "format/format.h"
#include "base/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The protocol's error codes. */
enum {
	PARSE_ERROR = -32700,
	INVALID_REQUEST = -32600,
	METHOD_NOT_FOUND = -32601,
	INVALID_PARAMS = -32602,
	SERVER_NOT_INITIALIZED = -32002,
};

#define MAX_MESSAGE (64u << 20)

void lsp_server_init(lsp_server *s)
{
	memset(s, 0, sizeof *s);
	s->locale = xstrdup("en");
	/* As 'rtab check': its provisional values are listed as notes. The
	 * report is read back as JSON, one object a line. */
	s->docs.settings.check.json = true;
	s->docs.settings.check.list_provisional = true;
}

void lsp_server_free(lsp_server *s)
{
	lsp_prover_cancel(&s->prover, NULL);
	docs_free(&s->docs);
	free(s->locale);
	sb_free(&s->out);
}

static void send(lsp_server *s, const strbuf *msg)
{
	sb_printf(&s->out, "Content-Length: %zu\r\n\r\n", msg->len);
	sb_put(&s->out, msg->data, msg->len);
}

/* The id of a request, echoed exactly as it came (JSON-RPC 2.0: "the same
 * as the value of the id member"): a number as its text, never converted. */
static void put_id(json_writer *w, const json_value *id)
{
	json_key(w, "id");
	if (id && id->kind == JSON_STRING)
		json_put_string_n(w, id->text, id->len);
	else if (id && id->kind == JSON_NUMBER)
		json_put_raw(w, id->text, id->len);
	else
		json_put_null(w);
}

static void send_error(lsp_server *s, const json_value *id, int code, const char *message)
{
	strbuf msg = {0};
	json_writer w = json_writer_on(&msg, true);
	json_begin_object(&w);
	json_member_string(&w, "jsonrpc", "2.0");
	put_id(&w, id);
	json_key(&w, "error");
	json_begin_object(&w);
	json_member_int(&w, "code", code);
	json_member_string(&w, "message", message);
	json_end_object(&w);
	json_end_object(&w);
	send(s, &msg);
	sb_free(&msg);
}

static void send_result(lsp_server *s, const json_value *id, const strbuf *result)
{
	strbuf msg = {0};
	json_writer w = json_writer_on(&msg, true);
	json_begin_object(&w);
	json_member_string(&w, "jsonrpc", "2.0");
	put_id(&w, id);
	json_key(&w, "result");
	json_put_raw(&w, result->data ? result->data : "null", result->data ? result->len : 4);
	json_end_object(&w);
	send(s, &msg);
	sb_free(&msg);
}

/* publishDiagnostics of uri: the array diagnostics (len bytes; NULL: none),
 * at version when one is given. */
static void send_diagnostics(lsp_server *s, const char *uri, const long *version, const char *diagnostics,
			     size_t len)
{
	strbuf msg = {0};
	json_writer w = json_writer_on(&msg, true);
	json_begin_object(&w);
	json_member_string(&w, "jsonrpc", "2.0");
	json_member_string(&w, "method", "textDocument/publishDiagnostics");
	json_key(&w, "params");
	json_begin_object(&w);
	json_member_string(&w, "uri", uri);
	if (version)
		json_member_int(&w, "version", *version);
	json_key(&w, "diagnostics");
	if (diagnostics) {
		json_put_raw(&w, diagnostics, len);
	} else {
		json_begin_array(&w);
		json_end_array(&w);
	}
	json_end_object(&w);
	json_end_object(&w);
	send(s, &msg);
	sb_free(&msg);
}

/* The diagnostics of doc, analysed here (NULL doc: a closed document, none). */
static void publish(lsp_server *s, const char *uri, lsp_doc *doc)
{
	if (!doc) {
		send_diagnostics(s, uri, NULL, NULL, 0);
		return;
	}
	doc_analyse(doc);
	send_diagnostics(s, uri, &doc->version, doc->diagnostics.data ? doc->diagnostics.data : "[]",
			 doc->diagnostics.data ? doc->diagnostics.len : 2);
}

/* The proof of a document under way is of a text that changed or is gone:
 * it is stopped, and the document proved again when it is due. */
static void drop_proof_of(lsp_server *s, const char *uri)
{
	if (!s->prover.pid || strcmp(uri, s->prover.uri) != 0)
		return;
	lsp_doc *doc = docs_find(&s->docs, uri);
	lsp_prover_cancel(&s->prover, NULL);
	if (doc)
		doc->unpublished = true;
}

/* The layer files open beside a ruleset that was opened or changed, or
 * beside a document that was closed, are checked again: their base may be
 * that document (lsp/linked.h). */
static void republish_layers(lsp_server *s, const lsp_doc *changed)
{
	if (changed && !lsp_has_header(doc_text(changed), changed->text.len))
		return;
	for (lsp_doc *d = s->docs.first; d; d = d->next) {
		if (d == changed || lsp_has_header(doc_text(d), d->text.len))
			continue;
		drop_proof_of(s, d->uri);
		doc_forget_analysis(d);
		d->unpublished = true;
	}
}

/* Prove doc here and publish its diagnostics, in the background too. */
static void publish_proved(lsp_server *s, lsp_doc *doc)
{
	if (!s->background) {
		publish(s, doc->uri, doc);
		return;
	}
	s->docs.settings.proofs_elsewhere = false;
	doc_forget_analysis(doc);
	publish(s, doc->uri, doc);
	s->docs.settings.proofs_elsewhere = true;
	/* Hover and completion may keep this analysis: it holds the model. */
}

void lsp_publish_due(lsp_server *s)
{
	s->docs.settings.proofs_elsewhere = s->background;
	for (lsp_doc *d = s->docs.first; d; d = d->next) {
		if (!d->unpublished)
			continue;
		if (s->background && !s->shut_down) {
			if (s->prover.pid)
				return; /* one proof at a time: the next when it ends */
			d->unpublished = false;
			if (lsp_prover_start(&s->prover, d))
				return;
		}
		d->unpublished = false;
		publish_proved(s, d);
	}
}

int lsp_proof_fd(const lsp_server *s)
{
	return lsp_prover_fd(&s->prover);
}

void lsp_proof_ready(lsp_server *s)
{
	if (!s->prover.pid)
		return;
	char *uri = xstrdup(s->prover.uri);
	long version = s->prover.version;
	strbuf diagnostics;
	if (lsp_prover_read(&s->prover, &diagnostics)) {
		lsp_doc *doc = docs_find(&s->docs, uri);
		if (diagnostics.data) {
			send_diagnostics(s, uri, &version, diagnostics.data, diagnostics.len);
		} else if (doc) {
			/* The child failed (out of memory, killed): the diagnostics
			 * of the model, without the proofs, rather than none. */
			fprintf(stderr, "rtab lsp: the proof of %s ended abnormally; its diagnostics are "
					"published without the proofs\n", uri);
			publish(s, uri, doc);
		}
		sb_free(&diagnostics);
	}
	free(uri);
}

static const char capabilities[] =
	"{\"capabilities\":{\"positionEncoding\":\"utf-16\","
	"\"textDocumentSync\":{\"openClose\":true,\"change\":2},"
	"\"hoverProvider\":true,\"definitionProvider\":true,\"referencesProvider\":true,"
	"\"completionProvider\":{},\"documentSymbolProvider\":true,"
	"\"codeActionProvider\":{\"codeActionKinds\":[\"quickfix\"]},"
	"\"documentFormattingProvider\":true},"
	"\"serverInfo\":{\"name\":\"rtab\"}}";

static void initialize(lsp_server *s, const json_value *params, strbuf *result)
{
	/* "ru-RU" and "ru" both choose the labels of locale ru. */
	const char *locale = json_str(json_member(params, "locale"));
	if (locale && *locale) {
		size_t n = strcspn(locale, "-_.@");
		free(s->locale);
		s->locale = xstrndup(locale, n);
		for (char *c = s->locale; *c; c++)
			if (*c >= 'A' && *c <= 'Z')
				*c = (char)(*c - 'A' + 'a');
	}
	s->initialized = true;
	sb_puts(result, capabilities);
}

static void did_open(lsp_server *s, const json_value *params)
{
	const json_value *td = json_member(params, "textDocument");
	const char *uri = json_str(json_member(td, "uri"));
	const json_value *text = json_member(td, "text");
	if (!uri || !text || text->kind != JSON_STRING)
		return;
	drop_proof_of(s, uri);
	lsp_doc *doc = docs_open(&s->docs, uri, text->text, text->len,
				 json_int(json_member(td, "version"), -(1L << 30), 1L << 30, 0));
	doc->unpublished = true;
	republish_layers(s, doc);
}

static void did_change(lsp_server *s, const json_value *params)
{
	const json_value *td = json_member(params, "textDocument");
	lsp_doc *doc = docs_find(&s->docs, json_str(json_member(td, "uri")));
	const json_value *changes = json_member(params, "contentChanges");
	if (!doc || !changes || changes->kind != JSON_ARRAY)
		return;
	drop_proof_of(s, doc->uri);
	for (size_t i = 0; i < changes->n; i++)
		if (!doc_apply_change(doc, changes->items[i]))
			break;
	doc->version = json_int(json_member(td, "version"), -(1L << 30), 1L << 30, doc->version);
	doc->unpublished = true; /* an analysis of the text before is dropped unsent */
	republish_layers(s, doc);
}

static void did_close(lsp_server *s, const json_value *params)
{
	const char *uri = json_str(json_path(params, "textDocument", "uri"));
	if (uri && docs_find(&s->docs, uri)) {
		drop_proof_of(s, uri);
		docs_close(&s->docs, uri);
		publish(s, uri, NULL);
		republish_layers(s, NULL);
	}
}

static void notification(lsp_server *s, const char *method, const json_value *params)
{
	if (strcmp(method, "exit") == 0) {
		s->exited = true;
		s->exit_code = s->shut_down ? 0 : 1;
	} else if (!s->initialized || s->shut_down) {
		return;
	} else if (strcmp(method, "textDocument/didOpen") == 0) {
		did_open(s, params);
	} else if (strcmp(method, "textDocument/didChange") == 0) {
		did_change(s, params);
	} else if (strcmp(method, "textDocument/didClose") == 0) {
		did_close(s, params);
	}
	/* Other notifications (initialized, $/cancelRequest, didSave) need nothing. */
}

/* A request about one open document (never NULL here). */
typedef void (*document_fn)(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out);

static void on_hover(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)params;
	lsp_hover(doc, pos, s->locale, out);
}

static void on_definition(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)s, (void)params;
	lsp_definition(doc, pos, out);
}

static void on_references(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)s;
	const json_value *decl = json_path(params, "context", "includeDeclaration");
	lsp_references(doc, pos, !decl || decl->kind != JSON_BOOL || decl->boolean, out);
}

static void on_completion(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)s, (void)params;
	lsp_completion(doc, pos, out);
}

static void on_symbols(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)pos, (void)params;
	lsp_document_symbols(doc, s->locale, out);
}

static void on_code_action(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)s, (void)pos;
	lsp_code_actions(doc, json_path(params, "context", "diagnostics"), out);
}

/* The end of text as a position: its last line, in UTF-16 units. */
static void end_position(const char *text, size_t len, long *line, long *character)
{
	*line = *character = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			(*line)++;
			*character = 0;
		} else if ((c & 0xC0) != 0x80) {
			*character += c >= 0xF0 ? 2 : 1; /* past the BMP: a surrogate pair */
		}
	}
}

/* rtab fmt's layout as one edit of the whole text; none when the text is laid
 * out already, null when it does not parse (its diagnostics say why). */
static void on_formatting(lsp_server *s, lsp_doc *doc, lsp_pos pos, const json_value *params, strbuf *out)
{
	(void)s, (void)pos, (void)params;
	char *report = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&report, &size);
	strbuf laid_out = {0};
	diag_ctx d;
	if (!mem) {
		sb_puts(out, "null");
		return;
	}
	diag_init(&d, doc->uri, doc->text.data ? doc->text.data : "", doc->text.len, mem);
	bool ok = format_source(doc->text.data ? doc->text.data : "", doc->text.len, &d, &laid_out);
	diag_free(&d);
	fclose(mem);
	free(report);
	if (!ok) {
		sb_puts(out, "null");
	} else if (laid_out.len == doc->text.len &&
		   memcmp(laid_out.data, doc->text.data ? doc->text.data : "", laid_out.len) == 0) {
		sb_puts(out, "[]");
	} else {
		long line, character;
		end_position(doc->text.data ? doc->text.data : "", doc->text.len, &line, &character);
		/* One edit: the whole text, laid out. */
		json_writer w = json_writer_on(out, true);
		json_begin_array(&w);
		json_begin_object(&w);
		json_key(&w, "range");
		json_begin_object(&w);
		json_key(&w, "start");
		json_begin_object(&w);
		json_member_int(&w, "line", 0);
		json_member_int(&w, "character", 0);
		json_end_object(&w);
		json_key(&w, "end");
		json_begin_object(&w);
		json_member_int(&w, "line", line);
		json_member_int(&w, "character", character);
		json_end_object(&w);
		json_end_object(&w);
		json_member_string(&w, "newText", laid_out.data ? laid_out.data : "");
		json_end_object(&w);
		json_end_array(&w);
	}
	sb_free(&laid_out);
}

static const struct {
	const char *method;
	document_fn fn;
	bool positioned;   /* its params name a position */
	const char *empty; /* the answer about a document that is not open */
} methods[] = {
	{"textDocument/hover", on_hover, true, "null"},
	{"textDocument/definition", on_definition, true, "[]"},
	{"textDocument/references", on_references, true, "[]"},
	{"textDocument/completion", on_completion, true, "{\"isIncomplete\":false,\"items\":[]}"},
	{"textDocument/documentSymbol", on_symbols, false, "[]"},
	{"textDocument/codeAction", on_code_action, false, "[]"},
	{"textDocument/formatting", on_formatting, false, "null"},
};

static void request(lsp_server *s, const json_value *id, const char *method, const json_value *params)
{
	strbuf result = {0};
	if (strcmp(method, "initialize") == 0) {
		if (s->initialized) {
			send_error(s, id, INVALID_REQUEST, "initialize was sent already");
			return;
		}
		initialize(s, params, &result);
		send_result(s, id, &result);
		sb_free(&result);
		return;
	}
	if (!s->initialized) {
		send_error(s, id, SERVER_NOT_INITIALIZED, "the server is not initialized: send initialize first");
		return;
	}
	if (s->shut_down) {
		send_error(s, id, INVALID_REQUEST, "the server is shut down: only exit may follow");
		return;
	}
	if (strcmp(method, "shutdown") == 0) {
		/* Every document's diagnostics before the answer: a proof under
		 * way is done again here. */
		s->shut_down = true;
		if (s->prover.pid)
			drop_proof_of(s, s->prover.uri);
		lsp_publish_due(s);
		sb_puts(&result, "null");
		send_result(s, id, &result);
		sb_free(&result);
		return;
	}
	for (size_t i = 0; i < sizeof methods / sizeof *methods; i++) {
		if (strcmp(method, methods[i].method) != 0)
			continue;
		const json_value *pos = json_member(params, "position");
		lsp_pos at = {json_int(json_member(pos, "line"), 0, 1L << 30, -1),
			      json_int(json_member(pos, "character"), 0, 1L << 30, -1)};
		const char *uri = json_str(json_path(params, "textDocument", "uri"));
		if (!uri || (methods[i].positioned && (at.line < 0 || at.character < 0))) {
			send_error(s, id, INVALID_PARAMS,
				   methods[i].positioned ? "give textDocument.uri and position {line, character}"
							 : "give textDocument.uri");
			return;
		}
		lsp_doc *doc = docs_find(&s->docs, uri);
		if (doc)
			methods[i].fn(s, doc, at, params, &result);
		else
			sb_puts(&result, methods[i].empty);
		send_result(s, id, &result);
		sb_free(&result);
		return;
	}
	strbuf msg = {0};
	sb_printf(&msg, "no method '%s'", method);
	send_error(s, id, METHOD_NOT_FOUND, msg.data);
	sb_free(&msg);
}

void lsp_handle(lsp_server *s, const char *body, size_t len)
{
	const char *error;
	size_t where;
	json_value *m = json_parse_n(body, len, &error, &where);
	if (!m) {
		send_error(s, NULL, PARSE_ERROR, "the message is not JSON");
		json_value_free(m);
		return;
	}
	const json_value *id = json_member(m, "id");
	const char *method = json_str(json_member(m, "method"));
	bool good_id = !id || id->kind == JSON_STRING || id->kind == JSON_NUMBER || id->kind == JSON_NULL;
	if (m->kind == JSON_OBJECT && !method && id && (json_member(m, "result") || json_member(m, "error"))) {
		json_value_free(m); /* a response to a request of ours: we send none */
		return;
	}
	if (m->kind != JSON_OBJECT || !method || !good_id) {
		send_error(s, good_id ? id : NULL, INVALID_REQUEST,
			   "a request is an object with a string 'method' and an id that is a number or a string");
		json_value_free(m);
		return;
	}
	const json_value *params = json_member(m, "params");
	if (id)
		request(s, id, method, params);
	else
		notification(s, method, params);
	json_value_free(m);
}

int lsp_read_message(FILE *in, strbuf *body)
{
	char line[1024];
	long length = -1;
	bool any = false, bad = false;
	sb_clear(body);
	body->len = 0;
	while (fgets(line, sizeof line, in)) {
		any = true;
		size_t n = strlen(line);
		if (n == sizeof line - 1 && line[n - 1] != '\n') {
			bad = true; /* a header line too long to be one of ours */
			continue;
		}
		if (strcmp(line, "\r\n") == 0 || strcmp(line, "\n") == 0) {
			if (length < 0)
				return -1;
			break;
		}
		if (strncasecmp(line, "Content-Length:", 15) == 0) {
			char *end;
			length = strtol(line + 15, &end, 10);
			if (length < 0 || (unsigned long)length > MAX_MESSAGE || (*end != '\r' && *end != '\n'))
				bad = true;
		}
	}
	if (!any)
		return 0;
	if (feof(in) && length < 0)
		return 0;
	if (bad || length < 0)
		return -1;
	char chunk[65536];
	size_t left = (size_t)length;
	while (left > 0) {
		size_t got = fread(chunk, 1, left < sizeof chunk ? left : sizeof chunk, in);
		if (got == 0)
			return 0;
		sb_put(body, chunk, got);
		left -= got;
	}
	return 1;
}
