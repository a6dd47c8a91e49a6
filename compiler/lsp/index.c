/* SPDX-License-Identifier: MIT */
#include "lsp/index.h"

#include "lsp/text_pos.h"

#include <stdlib.h>
#include <string.h>

static void add(lsp_index *ix, lsp_entry e)
{
	if (!e.name || e.loc.line < 1)
		return;
	if (ix->n == ix->cap) {
		ix->cap = ix->cap ? 2 * ix->cap : 64;
		ix->entries = xrealloc(ix->entries, ix->cap * sizeof *ix->entries);
	}
	ix->entries[ix->n++] = e;
}

static void add_defs(lsp_index *ix, const ast_def *defs, const ast_errata *layer)
{
	for (const ast_def *d = defs; d; d = d->next) {
		add(ix, (lsp_entry){ENTRY_DEF, d->id, d->id_loc, d, NULL, layer});
		for (const ast_stmt *s = d->body; s; s = s->next) {
			if (d->kind == DEF_ENUM && s->kind == ST_VALUE)
				add(ix, (lsp_entry){ENTRY_VALUE, s->name, s->name_loc, d, s, layer});
			if (d->kind == DEF_OUTCOME && s->kind == ST_LABEL && s->name &&
			    strcmp(s->name, "code") == 0 && s->text)
				add(ix, (lsp_entry){ENTRY_PATTERN, s->text, s->text_loc, d, s, layer});
			if (d->kind == DEF_OUTCOME && s->kind == ST_CODE)
				for (const ast_id *c = s->ids; c; c = c->next)
					add(ix, (lsp_entry){ENTRY_CODE, c->id, c->loc, d, s, layer});
		}
	}
}

void lsp_index_build(lsp_index *ix, const lsp_doc *doc)
{
	memset(ix, 0, sizeof *ix);
	add_defs(ix, doc->ruleset.defs, NULL);
	for (const ast_errata *e = doc->ruleset.errata; e; e = e->next)
		add_defs(ix, e->defs, e);
}

void lsp_index_free(lsp_index *ix)
{
	free(ix->entries);
	memset(ix, 0, sizeof *ix);
}

bool lsp_entry_names(const lsp_entry *e, const char *name, size_t n)
{
	if (e->kind != ENTRY_PATTERN)
		return strlen(e->name) == n && memcmp(e->name, name, n) == 0;
	const char *p = e->name, *end = name + n;
	while (*p) {
		if (*p == '{') {
			const char *close = strchr(p, '}');
			if (!close || name >= end || *name < '0' || *name > '9')
				return false;
			while (name < end && *name >= '0' && *name <= '9')
				name++;
			p = close + 1;
		} else if (name < end && *name == *p) {
			name++;
			p++;
		} else {
			return false;
		}
	}
	return name == end;
}

/* Past the comment or string that begins at i, or i when none does. */
static size_t skip_literal(const char *text, size_t len, size_t i)
{
	if (text[i] == '#') {
		while (i < len && text[i] != '\n')
			i++;
	} else if (text[i] == '"') {
		for (i++; i < len && text[i] != '"' && text[i] != '\n'; i++)
			if (text[i] == '\\' && i + 1 < len)
				i++;
		if (i < len && text[i] == '"')
			i++;
	}
	return i;
}

void lsp_scan_idents(const char *text, size_t len, lsp_token_fn fn, void *arg)
{
	for (size_t i = 0; i < len;) {
		size_t past = skip_literal(text, len, i);
		if (past != i) {
			i = past;
		} else if (lsp_ident_char(text[i])) {
			size_t s = i;
			while (i < len && lsp_ident_char(text[i]))
				i++;
			if (!(text[s] >= '0' && text[s] <= '9'))
				fn(arg, s, i - s);
		} else {
			i++;
		}
	}
}

bool lsp_in_comment_or_string(const char *text, size_t len, size_t offset)
{
	for (size_t i = 0; i < len && i < offset;) {
		size_t past = skip_literal(text, len, i);
		if (past == i) {
			i++;
			continue;
		}
		/* Just before a closing quote is inside; just after it is not. */
		bool closed = text[i] == '"' && past - 1 > i && text[past - 1] == '"';
		if (offset > i && offset <= (closed ? past - 1 : past))
			return true;
		i = past;
	}
	return false;
}

const ast_stmt *lsp_label(const ast_stmt *body, const char *locale)
{
	const ast_stmt *first = NULL;
	for (const ast_stmt *s = body; s; s = s->next) {
		if (s->kind != ST_LABEL || (s->name && strcmp(s->name, "code") == 0))
			continue; /* code "DR{n}": the pattern of a code, no label */
		if (locale && s->name && strcmp(s->name, locale) == 0)
			return s;
		if (!first)
			first = s;
	}
	return first;
}

const char *lsp_entry_kind_name(const lsp_entry *e)
{
	switch (e->kind) {
	case ENTRY_VALUE:
		return "enum value";
	case ENTRY_CODE:
	case ENTRY_PATTERN:
		return "outcome code";
	case ENTRY_DEF:
		break;
	}
	return def_kind_name(e->def->kind);
}
