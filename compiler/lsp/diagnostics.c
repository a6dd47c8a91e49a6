/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lsp/diagnostics.h"

#include "base/escape.h"
#include "lsp/text_pos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

char *lsp_uri_path(const char *uri)
{
	const char *p = strncmp(uri, "file://", 7) == 0 ? uri + 7 : uri;
	strbuf sb = {0};
	for (; *p; p++) {
		if (*p == '%' && hex_digit(p[1]) >= 0 && hex_digit(p[2]) >= 0) {
			sb_putc(&sb, (char)(hex_digit(p[1]) * 16 + hex_digit(p[2])));
			p += 2;
		} else {
			sb_putc(&sb, *p);
		}
	}
	return sb.data ? sb.data : xstrdup("");
}

typedef struct source {
	lsp_text text; /* after a byte-order mark, as the compiler counts */
	const char *uri;
} source;

static void put_range_of(strbuf *sb, const source *src, const jv *finding)
{
	src_loc loc = {(int)jv_int(jv_get(finding, "line"), 0, 1 << 30, 0),
		       (int)jv_int(jv_get(finding, "column"), 0, 1 << 30, 0)};
	const lsp_text *t = &src->text;
	size_t at = lsp_offset_of_loc(t, loc);
	if (at == LSP_NO_OFFSET)
		at = loc.line > 0 ? t->len : 0; /* whole file: its start; past the end: the end */
	lsp_put_range(sb, t, at, lsp_token_end(t->text, t->len, at));
}

static void put_message(strbuf *sb, const jv *finding)
{
	const char *msg = jv_str(jv_get(finding, "message")), *check = jv_str(jv_get(finding, "check"));
	strbuf text = {0};
	sb_puts(&text, msg ? msg : "");
	if (check)
		sb_printf(&text, " [-W%s]", check);
	sb_put_json_string(sb, text.data ? text.data : "");
	sb_free(&text);
}

/* Close the Diagnostic object open in sb (its related information too). */
static void close_finding(strbuf *sb, bool *open, bool *related)
{
	if (*related)
		sb_putc(sb, ']');
	if (*open)
		sb_putc(sb, '}');
	*open = *related = false;
}

static void open_finding(strbuf *sb, const source *src, const jv *finding, int level, bool first)
{
	const char *check = jv_str(jv_get(finding, "check"));
	if (!first)
		sb_putc(sb, ',');
	sb_puts(sb, "{\"range\":");
	put_range_of(sb, src, finding);
	sb_printf(sb, ",\"severity\":%d,\"source\":\"rtab\"", level);
	if (check) {
		sb_puts(sb, ",\"code\":");
		sb_put_json_string(sb, check);
	}
	sb_puts(sb, ",\"message\":");
	put_message(sb, finding);
}

static void add_related(strbuf *sb, const source *src, const jv *note, bool *related)
{
	sb_puts(sb, *related ? "," : ",\"relatedInformation\":[");
	*related = true;
	sb_puts(sb, "{\"location\":{\"uri\":");
	sb_put_json_string(sb, src->uri);
	sb_puts(sb, ",\"range\":");
	put_range_of(sb, src, note);
	sb_puts(sb, "},\"message\":");
	put_message(sb, note);
	sb_putc(sb, '}');
}

/* The report (one JSON object a line) as an array of Diagnostic objects. A
 * note without a check follows its finding: it becomes its related
 * information; a note of its own (a provisional value) is information. */
static void convert(strbuf *out, const source *src, const char *report, size_t size)
{
	bool open = false, related = false, first = true;
	sb_putc(out, '[');
	for (const char *line = report; line < report + size;) {
		const char *nl = memchr(line, '\n', (size_t)(report + size - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(report + size - line);
		arena a = {0};
		const jv *f = jv_parse(&a, line, n);
		const char *sev = jv_str(jv_get(f, "severity"));
		line += n + 1;
		if (!sev) {
			arena_free(&a);
			continue;
		}
		bool note = strcmp(sev, "note") == 0;
		if (note && open && !jv_str(jv_get(f, "check"))) {
			add_related(out, src, f, &related);
		} else {
			close_finding(out, &open, &related);
			open_finding(out, src, f, strcmp(sev, "error") == 0 ? 1 : note ? 3 : 2, first);
			first = false;
			open = true;
		}
		arena_free(&a);
	}
	close_finding(out, &open, &related);
	sb_putc(out, ']');
}

void doc_analyse(lsp_doc *doc)
{
	if (doc->analysed)
		return;
	char *report = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&report, &size);
	if (!mem) {
		fputs("rtab lsp: out of memory\n", stderr);
		exit(3);
	}
	size_t len = doc->text.len;
	char *copy = xmalloc(len + 1);
	memcpy(copy, doc_text(doc), len);
	copy[len] = '\0';
	char *path = lsp_uri_path(doc->uri);
	load_text_edition(&doc->ruleset, path, copy, len, doc->settings->edition, mem,
			  &doc->settings->check);
	free(path);
	fclose(mem);
	/* Nothing reports through it after the load. */
	doc->ruleset.diag.out = NULL;
	size_t bom = len >= 3 && memcmp(doc_text(doc), "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	source src = {.uri = doc->uri};
	lsp_text_init(&src.text, doc->ruleset.text + bom, len - bom);
	sb_free(&doc->diagnostics);
	convert(&doc->diagnostics, &src, report ? report : "", size);
	lsp_text_free(&src.text);
	free(report);
	doc->analysed = true;
}
