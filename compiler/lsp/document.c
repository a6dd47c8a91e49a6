/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lsp/document.h"

#include "lsp/text_pos.h"

#include <stdlib.h>
#include <string.h>

lsp_doc *docs_find(lsp_docs *docs, const char *uri)
{
	for (lsp_doc *d = docs->first; uri && d; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			return d;
	return NULL;
}

const lsp_text *doc_lines(lsp_doc *doc)
{
	if (!doc->lines.starts)
		lsp_text_init(&doc->lines, doc_text(doc), doc->text.len);
	return &doc->lines;
}

void doc_forget_analysis(lsp_doc *doc)
{
	lsp_text_free(&doc->lines);
	if (doc->analysed)
		loaded_free(&doc->ruleset);
	doc->analysed = false;
	sb_free(&doc->diagnostics);
}

static void doc_free(lsp_doc *doc)
{
	doc_forget_analysis(doc);
	sb_free(&doc->text);
	free(doc->uri);
	free(doc);
}

lsp_doc *docs_open(lsp_docs *docs, const char *uri, const char *text, size_t len, long version)
{
	docs_close(docs, uri);
	lsp_doc *doc = xcalloc(1, sizeof *doc);
	doc->uri = xstrdup(uri);
	sb_put(&doc->text, text, len);
	doc->version = version;
	doc->settings = &docs->settings;
	doc->docs = docs;
	doc->next = docs->first;
	docs->first = doc;
	return doc;
}

void docs_close(lsp_docs *docs, const char *uri)
{
	for (lsp_doc **p = &docs->first; *p; p = &(*p)->next) {
		if (strcmp((*p)->uri, uri) == 0) {
			lsp_doc *gone = *p;
			*p = gone->next;
			doc_free(gone);
			return;
		}
	}
}

void docs_free(lsp_docs *docs)
{
	while (docs->first) {
		lsp_doc *d = docs->first;
		docs->first = d->next;
		doc_free(d);
	}
	while (docs->on_disk) {
		lsp_doc *d = docs->on_disk;
		docs->on_disk = d->next;
		doc_free(d);
	}
}

void doc_set_text(lsp_doc *doc, const char *text, size_t len)
{
	sb_free(&doc->text);
	sb_put(&doc->text, text, len);
	doc_forget_analysis(doc);
}

static bool read_pos(const json_value *v, lsp_pos *pos)
{
	pos->line = json_int(json_member(v, "line"), 0, 1L << 30, -1);
	pos->character = json_int(json_member(v, "character"), 0, 1L << 30, -1);
	return pos->line >= 0 && pos->character >= 0;
}

bool doc_apply_change(lsp_doc *doc, const json_value *change)
{
	const json_value *text = json_member(change, "text");
	if (!text || text->kind != JSON_STRING)
		return false;
	const json_value *range = json_member(change, "range");
	strbuf next = {0};
	if (!range) {
		sb_put(&next, text->text, text->len);
	} else {
		lsp_pos from, to;
		if (!read_pos(json_member(range, "start"), &from) || !read_pos(json_member(range, "end"), &to))
			return false;
		const char *old = doc_text(doc);
		size_t len = doc->text.len;
		size_t a = lsp_offset(doc_lines(doc), from, false), b = lsp_offset(doc_lines(doc), to, false);
		if (a == LSP_NO_OFFSET)
			a = len;
		if (b == LSP_NO_OFFSET)
			b = len;
		if (b < a)
			return false;
		sb_put(&next, old, a);
		sb_put(&next, text->text, text->len);
		sb_put(&next, old + b, len - b);
	}
	sb_free(&doc->text);
	doc->text = next;
	doc_forget_analysis(doc);
	return true;
}
