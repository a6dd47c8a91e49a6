/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lsp/diagnostics.h"

#include "base/escape.h"
#include "check/checks.h"
#include "lsp/text_pos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct source {
	lsp_text text; /* after a byte-order mark, as the compiler counts */
	const char *uri;
	/* A layer file checked after its base: the report's lines up to
	 * base_lines are the base's (base_text, base_uri), the rest the file's. */
	int base_lines;
	lsp_text base_text;
	const char *base_uri;
} source;

static int line_of(const json_value *finding)
{
	return (int)json_int(json_member(finding, "line"), 0, 1 << 30, 0);
}

/* Whether a finding is in the base file, not in the document. */
static bool in_base(const source *src, const json_value *finding)
{
	return src->base_lines > 0 && line_of(finding) <= src->base_lines;
}

static void put_range_of(json_writer *w, const source *src, const json_value *finding)
{
	src_loc loc = {line_of(finding), (int)json_int(json_member(finding, "column"), 0, 1 << 30, 0)};
	const lsp_text *t = &src->text;
	if (in_base(src, finding))
		t = &src->base_text;
	else if (src->base_lines > 0)
		loc.line -= src->base_lines;
	size_t at = lsp_offset_of_loc(t, loc);
	if (at == LSP_NO_OFFSET)
		at = loc.line > 0 ? t->len : 0; /* whole file: its start; past the end: the end */
	lsp_put_range(w, t, at, lsp_token_end(t->text, t->len, at));
}

static void put_message(json_writer *w, const json_value *finding)
{
	const char *msg = json_str(json_member(finding, "message")), *check = json_str(json_member(finding, "check"));
	strbuf text = {0};
	sb_puts(&text, msg ? msg : "");
	if (check)
		sb_printf(&text, " [-W%s]", check);
	json_put_string(w, text.data ? text.data : "");
	sb_free(&text);
}

/* Close the Diagnostic object w has open (its related information too). */
static void close_finding(json_writer *w, bool *open, bool *related)
{
	if (*related)
		json_end_array(w);
	if (*open)
		json_end_object(w);
	*open = *related = false;
}

/* A Diagnostic object, left open for its related information. */
static void open_finding(json_writer *w, const source *src, const json_value *finding, int level)
{
	const char *check = json_str(json_member(finding, "check"));
	json_begin_object(w);
	json_key(w, "range");
	put_range_of(w, src, finding);
	json_member_int(w, "severity", level);
	json_member_string(w, "source", "rtab");
	if (check)
		json_member_string(w, "code", check);
	json_key(w, "message");
	put_message(w, finding);
}

static void add_related(json_writer *w, const source *src, const json_value *note, bool *related)
{
	if (!*related) {
		json_key(w, "relatedInformation");
		json_begin_array(w);
	}
	*related = true;
	json_begin_object(w);
	json_key(w, "location");
	json_begin_object(w);
	json_member_string(w, "uri", in_base(src, note) ? src->base_uri : src->uri);
	json_key(w, "range");
	put_range_of(w, src, note);
	json_end_object(w);
	json_key(w, "message");
	put_message(w, note);
	json_end_object(w);
}

/* The report (one JSON object a line) as an array of Diagnostic objects. A
 * note without a check follows its finding: it becomes its related
 * information; a note of its own (a provisional value) is information. */
static void convert(strbuf *out, const source *src, const char *report, size_t size)
{
	bool open = false, related = false, skipped = false;
	json_writer w = json_writer_on(out, true);
	json_begin_array(&w);
	for (const char *line = report; line < report + size;) {
		const char *nl = memchr(line, '\n', (size_t)(report + size - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(report + size - line);
		const char *error;
		size_t where;
		json_value *f = json_parse_n(line, n, &error, &where);
		const char *sev = json_str(json_member(f, "severity"));
		line += n + 1;
		if (!sev) {
			json_value_free(f);
			continue;
		}
		bool note = strcmp(sev, "note") == 0, follows = note && !json_str(json_member(f, "check"));
		/* A layer file gets its own findings: not the base's, nor those
		 * of the whole text (the base's provisional readings). */
		if ((follows && skipped) ||
		    (!follows && src->base_lines > 0 && (in_base(src, f) || line_of(f) == 0))) {
			close_finding(&w, &open, &related);
			skipped = true;
			json_value_free(f);
			continue;
		}
		skipped = false;
		if (follows && open) {
			add_related(&w, src, f, &related);
		} else {
			close_finding(&w, &open, &related);
			open_finding(&w, src, f, strcmp(sev, "error") == 0 ? 1 : note ? 3 : 2);
			open = true;
		}
		json_value_free(f);
	}
	close_finding(&w, &open, &related);
	json_end_array(&w);
}

/* Load text (len bytes, copied) as the file of uri, the report to *report. */
static void load_reported(loaded *l, const lsp_doc *doc, const char *text, size_t len, char **report,
			  size_t *size)
{
	FILE *mem = open_memstream(report, size);
	if (!mem) {
		fputs("rtab lsp: out of memory\n", stderr);
		exit(3);
	}
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	char *path = lsp_uri_path(doc->uri);
	diag_options check = doc->settings->check;
	if (doc->settings->proofs_elsewhere) {
		/* The model alone: every proof stops at its first step, unreported. */
		check.max_work = 1;
		check.level[CHECK_WORK_BUDGET] = LEVEL_OFF;
	}
	load_text_edition(l, path, copy, len, doc->settings->edition, mem, &check);
	free(path);
	fclose(mem);
	/* Nothing reports through it after the load. */
	l->diag.out = NULL;
}

static size_t bom_of(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void doc_analyse(lsp_doc *doc)
{
	if (doc->analysed)
		return;
	char *report = NULL;
	size_t size = 0, len = doc->text.len, bom = bom_of(doc_text(doc), len);
	load_reported(&doc->ruleset, doc, doc_text(doc), len, &report, &size);
	source src = {.uri = doc->uri};
	lsp_text_init(&src.text, doc->ruleset.text + bom, len - bom);
	lsp_doc *base = lsp_base_of(doc);
	if (base) {
		/* A layer file is checked as its base followed by it: its ids
		 * defined in the base are known, its patches find what they patch. */
		free(report);
		report = NULL;
		strbuf both = {0};
		sb_put(&both, doc_text(base), base->text.len);
		sb_putc(&both, '\n');
		sb_put(&both, doc_text(doc) + bom, len - bom);
		loaded joined;
		load_reported(&joined, doc, both.data, both.len, &report, &size);
		loaded_free(&joined);
		sb_free(&both);
		size_t base_bom = bom_of(doc_text(base), base->text.len);
		lsp_text_init(&src.base_text, doc_text(base) + base_bom, base->text.len - base_bom);
		src.base_uri = base->uri;
		src.base_lines = 1;
		for (size_t i = 0; i < base->text.len; i++)
			src.base_lines += doc_text(base)[i] == '\n';
	}
	sb_free(&doc->diagnostics);
	convert(&doc->diagnostics, &src, report ? report : "", size);
	lsp_text_free(&src.text);
	if (base)
		lsp_text_free(&src.base_text);
	free(report);
	doc->analysed = true;
}
