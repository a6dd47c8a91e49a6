/* SPDX-License-Identifier: MIT */
#include "lsp/features.h"

#include "base/escape.h"
#include "base/json.h"
#include "lsp/complete.h"
#include "lsp/diagnostics.h"
#include "lsp/index.h"
#include "lsp/linked.h"

#include <stdlib.h>
#include <string.h>

/* The hover quotes a definition up to this many lines. */
#define HOVER_LINES 16

size_t lsp_def_end(const char *text, size_t len, size_t offset)
{
	int depth = 0;
	for (size_t i = offset; i < len; i++) {
		char c = text[i];
		if (c == '#') {
			while (i + 1 < len && text[i + 1] != '\n')
				i++;
		} else if (c == '"') {
			for (i++; i < len && text[i] != '"' && text[i] != '\n'; i++)
				if (text[i] == '\\')
					i++;
		} else if (c == '{') {
			depth++;
		} else if (c == '}' && --depth <= 0) {
			/* 'list 1..16 of { fields } = 1 @ "rule" { ... }': the block of
			 * fields is not the end of the input. */
			size_t k = i + 1;
			while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n'))
				k++;
			if (k >= len || (text[k] != '=' && text[k] != '@' && text[k] != '{'))
				return i + 1;
			depth = 0;
		} else if (c == ';' && depth == 0) {
			return i + 1;
		}
	}
	return len;
}

/* The identifier at pos, outside comments and strings. */
static bool name_at(lsp_doc *doc, lsp_pos pos, size_t *start, size_t *n)
{
	const char *text = doc_text(doc);
	size_t at = lsp_offset(doc_lines(doc), pos, true);
	return at != LSP_NO_OFFSET && !lsp_in_comment_or_string(text, doc->text.len, at) &&
	       lsp_word_at(text, doc->text.len, at, start, n);
}

static size_t offset_of(lsp_doc *doc, src_loc loc)
{
	size_t at = lsp_offset_of_loc(doc_lines(doc), loc);
	return at == LSP_NO_OFFSET ? doc->text.len : at;
}

static void put_name_range(json_writer *w, lsp_doc *doc, src_loc loc)
{
	size_t at = offset_of(doc, loc);
	lsp_put_range(w, doc_lines(doc), at, lsp_token_end(doc_text(doc), doc->text.len, at));
}

static void put_location(json_writer *w, lsp_doc *doc, size_t from, size_t to)
{
	json_begin_object(w);
	json_member_string(w, "uri", doc->uri);
	json_key(w, "range");
	lsp_put_range(w, doc_lines(doc), from, to);
	json_end_object(w);
}

static unsigned entry_bit(const lsp_entry *e)
{
	return e->kind == ENTRY_VALUE ? 1u << 29 : e->kind == ENTRY_DEF ? 1u << e->def->kind : 1u << 30;
}

/* The entries the identifier at [start, start + n) names: the definition it
 * stands in, else those of the kinds its place asks for ('modifiers leader':
 * the modifier, not the input), else every one of that name. */
static size_t find_entries(lsp_doc *doc, const lsp_index *ix, lsp_doc *ix_doc, size_t start, size_t n,
			   const lsp_entry **found, size_t max)
{
	const char *name = doc_text(doc) + start;
	unsigned want = lsp_kinds_at(doc_text(doc), start);
	size_t k = 0, fitting = 0;
	for (size_t i = 0; i < ix->n; i++) {
		const lsp_entry *e = &ix->entries[i];
		if (!lsp_entry_names(e, name, n))
			continue;
		if (ix_doc == doc && offset_of(doc, e->loc) == start) {
			found[0] = e;
			return 1;
		}
		if (k < max)
			found[k++] = e;
	}
	for (size_t i = 0; i < k; i++)
		if (entry_bit(found[i]) & want)
			found[fitting++] = found[i];
	return fitting ? fitting : k;
}

#define MAX_FOUND 16

static const ast_stmt *provisional_of(const ast_stmt *body)
{
	for (const ast_stmt *s = body; s; s = s->next)
		if (s->kind == ST_PROVISIONAL)
			return s;
	return NULL;
}

static void put_label(strbuf *md, const ast_stmt *body, const char *locale)
{
	const ast_stmt *label = lsp_label(body, locale);
	if (!label || !label->text)
		return;
	sb_puts(md, "\n\n");
	markdown_escape(md, label->text, false);
	if (label->name && strcmp(label->name, locale) != 0)
		sb_printf(md, " (%s)", label->name);
}

static void put_quote(strbuf *md, lsp_doc *doc, const ast_def *def)
{
	const char *text = doc_text(doc);
	size_t from = offset_of(doc, def->loc), to = lsp_def_end(text, doc->text.len, from);
	int lines = 0;
	size_t i = from;
	for (; i < to && lines < HOVER_LINES; i++)
		lines += text[i] == '\n';
	sb_puts(md, "\n\n```rtab\n");
	/* A fence in the quote would end the block early. */
	for (size_t k = from; k < i; k++)
		sb_putc(md, text[k] == '`' ? '\'' : text[k]);
	if (i < to)
		sb_puts(md, "\n…");
	sb_puts(md, "\n```");
}

/* The outcome the lowered ruleset made for a code its pattern makes: "DR2" is
 * retreats_2. */
static void put_instance(strbuf *md, lsp_doc *doc, const char *code, size_t n)
{
	const rtab_ruleset *rs = &doc->ruleset.model.rs;
	if (!doc->ruleset.built)
		return;
	for (size_t i = 0; i < rs->noutcomes && rs->outcomes; i++) {
		const rtab_outcome *o = &rs->outcomes[i];
		if (o->nvalues && o->id && o->code && strlen(o->code) == n && memcmp(o->code, code, n) == 0) {
			sb_printf(md, "\n\n`%.*s` is outcome `%s`", (int)n, code, o->id);
			return;
		}
	}
}

static void hover_entry(strbuf *md, lsp_doc *doc, const lsp_entry *e, const char *locale,
			const char *word, size_t n)
{
	const ast_def *def = e->def;
	sb_printf(md, "**%s** `%s`", lsp_entry_kind_name(e), e->name);
	if (e->kind == ENTRY_PATTERN)
		put_instance(md, doc, word, n);
	if (e->kind != ENTRY_DEF)
		sb_printf(md, " of %s `%s`", def_kind_name(def->kind), def->id);
	if (e->layer)
		sb_printf(md, " (errata layer `%s`)", e->layer->id);
	const ast_stmt *body = e->kind == ENTRY_VALUE ? e->value->body : def->body;
	put_label(md, body, locale);
	/* The reference of the client's locale where the definition gives them per locale. */
	const char *rule = def->rule;
	for (const ast_stmt *r = def->refs; r && locale; r = r->next)
		if (strcmp(r->name, locale) == 0)
			rule = r->text;
	if (rule) {
		sb_puts(md, "\n\nRule ");
		markdown_escape(md, rule, false);
	}
	const ast_stmt *why = provisional_of(body);
	if (why && why->text) {
		sb_puts(md, "\n\nProvisional: ");
		markdown_escape(md, why->text, false);
	}
	if (e->kind != ENTRY_VALUE)
		put_quote(md, doc, def);
}

/* The documents of a ruleset (lsp/linked.h), each analysed and indexed. */
typedef struct linked_ix {
	lsp_doc *docs[LSP_MAX_LINKED];
	lsp_index ix[LSP_MAX_LINKED];
	size_t n;
} linked_ix;

static bool with_index(lsp_doc *doc, linked_ix *l, bool on_disk)
{
	l->n = on_disk ? lsp_ruleset_docs_on_disk(doc, l->docs, LSP_MAX_LINKED)
		       : lsp_ruleset_docs(doc, l->docs, LSP_MAX_LINKED);
	for (size_t i = 0; i < l->n; i++) {
		doc_analyse(l->docs[i]);
		lsp_index_build(&l->ix[i], l->docs[i]);
	}
	return true;
}

static void linked_free(linked_ix *l)
{
	for (size_t i = 0; i < l->n; i++)
		lsp_index_free(&l->ix[i]);
}

/* The entries the identifier names: what the document defines, else what
 * the first other file of its ruleset that defines it does (*where). */
static size_t find_linked(lsp_doc *doc, linked_ix *l, size_t start, size_t n, const lsp_entry **found,
			  size_t max, size_t *where)
{
	for (size_t d = 0; d < l->n; d++) {
		size_t k = find_entries(doc, &l->ix[d], l->docs[d], start, n, found, max);
		if (k) {
			*where = d;
			return k;
		}
	}
	return 0;
}

void lsp_hover(lsp_doc *doc, lsp_pos pos, const char *locale, strbuf *out)
{
	size_t start, n, where = 0;
	linked_ix ix;
	json_writer w = json_writer_on(out, true);
	if (!name_at(doc, pos, &start, &n) || !with_index(doc, &ix, false)) {
		json_put_null(&w);
		return;
	}
	const lsp_entry *found[MAX_FOUND];
	size_t k = find_linked(doc, &ix, start, n, found, MAX_FOUND, &where);
	if (k == 0) {
		json_put_null(&w);
	} else {
		strbuf md = {0};
		for (size_t i = 0; i < k; i++) {
			if (i)
				sb_puts(&md, "\n\n---\n\n");
			hover_entry(&md, ix.docs[where], found[i], locale, doc_text(doc) + start, n);
		}
		json_begin_object(&w);
		json_key(&w, "contents");
		json_begin_object(&w);
		json_member_string(&w, "kind", "markdown");
		json_member_string(&w, "value", md.data);
		json_end_object(&w);
		json_key(&w, "range");
		lsp_put_range(&w, doc_lines(doc), start, start + n);
		json_end_object(&w);
		sb_free(&md);
	}
	linked_free(&ix);
}

void lsp_definition(lsp_doc *doc, lsp_pos pos, strbuf *out)
{
	size_t start, n, where = 0;
	linked_ix ix;
	json_writer w = json_writer_on(out, true);
	json_begin_array(&w);
	if (name_at(doc, pos, &start, &n) && with_index(doc, &ix, false)) {
		const lsp_entry *found[MAX_FOUND];
		size_t k = find_linked(doc, &ix, start, n, found, MAX_FOUND, &where);
		lsp_doc *at_doc = ix.docs[where];
		for (size_t i = 0; i < k; i++) {
			size_t at = offset_of(at_doc, found[i]->loc);
			put_location(&w, at_doc, at, lsp_token_end(doc_text(at_doc), at_doc->text.len, at));
		}
		linked_free(&ix);
	}
	json_end_array(&w);
}

typedef struct ref_scan {
	lsp_doc *doc;
	const char *name;
	size_t n;
	const lsp_index *ix;
	bool with_declaration;
	json_writer *w;
} ref_scan;

static bool is_declaration(const ref_scan *r, size_t start)
{
	for (size_t i = 0; i < r->ix->n; i++)
		if (offset_of(r->doc, r->ix->entries[i].loc) == start)
			return true;
	return false;
}

static void on_ident(void *arg, size_t start, size_t n)
{
	ref_scan *r = arg;
	if (n != r->n || memcmp(doc_text(r->doc) + start, r->name, n) != 0)
		return;
	if (!r->with_declaration && is_declaration(r, start))
		return;
	put_location(r->w, r->doc, start, start + n);
}

void lsp_references(lsp_doc *doc, lsp_pos pos, bool with_declaration, strbuf *out)
{
	size_t start, n, where = 0;
	linked_ix ix;
	json_writer w = json_writer_on(out, true);
	json_begin_array(&w);
	if (name_at(doc, pos, &start, &n) && with_index(doc, &ix, true)) {
		const lsp_entry *found[1];
		/* Only what the ruleset defines has references: a keyword has none.
		 * They are found in every file of the ruleset the server knows. */
		if (find_linked(doc, &ix, start, n, found, 1, &where)) {
			char *name = xstrndup(doc_text(doc) + start, n);
			for (size_t d = 0; d < ix.n; d++) {
				ref_scan r = {ix.docs[d], name, n, &ix.ix[d], with_declaration, &w};
				lsp_scan_idents(doc_text(ix.docs[d]), ix.docs[d]->text.len, on_ident, &r);
			}
			free(name);
		}
		linked_free(&ix);
	}
	json_end_array(&w);
}

/* The protocol's SymbolKind of a kind of definition. */
static int symbol_kind(def_kind kind)
{
	switch (kind) {
	case DEF_RULESET: return 2;    /* Module */
	case DEF_DICE: return 14;      /* Constant */
	case DEF_ENUM: return 10;      /* Enum */
	case DEF_INPUT: return 13;     /* Variable */
	case DEF_EFFECT: return 24;    /* Event */
	case DEF_OUTCOME: return 23;   /* Struct */
	case DEF_MODIFIER: return 25;  /* Operator */
	case DEF_TABLE: return 5;      /* Class */
	case DEF_MATRIX: return 18;    /* Array */
	case DEF_EXAMPLE: return 6;    /* Method */
	default: return 12;            /* Function */
	}
}

/* A DocumentSymbol's object, opened, up to its children. */
static void put_symbol_head(json_writer *w, lsp_doc *doc, const char *name, const char *detail,
			    int kind, size_t from, size_t to, src_loc name_loc)
{
	json_begin_object(w);
	json_member_string(w, "name", name);
	if (detail)
		json_member_string(w, "detail", detail);
	json_member_int(w, "kind", kind);
	json_key(w, "range");
	lsp_put_range(w, doc_lines(doc), from, to);
	json_key(w, "selectionRange");
	put_name_range(w, doc, name_loc);
}

static void put_defs(json_writer *w, lsp_doc *doc, const ast_def *defs, const char *locale)
{
	const char *text = doc_text(doc);
	for (const ast_def *d = defs; d; d = d->next) {
		if (!d->id || d->id_loc.line < 1)
			continue;
		size_t from = offset_of(doc, d->loc);
		const ast_stmt *label = lsp_label(d->body, locale);
		put_symbol_head(w, doc, d->id, label ? label->text : def_kind_name(d->kind),
				symbol_kind(d->kind), from, lsp_def_end(text, doc->text.len, from), d->id_loc);
		json_key(w, "children");
		json_begin_array(w);
		for (const ast_stmt *s = d->body; d->kind == DEF_ENUM && s; s = s->next) {
			if (s->kind != ST_VALUE || !s->name)
				continue;
			size_t at = offset_of(doc, s->name_loc);
			const ast_stmt *vl = lsp_label(s->body, locale);
			put_symbol_head(w, doc, s->name, vl ? vl->text : NULL, 22 /* EnumMember */, at,
					lsp_def_end(text, doc->text.len, at), s->name_loc);
			json_key(w, "children");
			json_begin_array(w);
			json_end_array(w);
			json_end_object(w);
		}
		json_end_array(w);
		json_end_object(w);
	}
}

void lsp_document_symbols(lsp_doc *doc, const char *locale, strbuf *out)
{
	doc_analyse(doc);
	json_writer w = json_writer_on(out, true);
	json_begin_array(&w);
	put_defs(&w, doc, doc->ruleset.defs, locale);
	for (const ast_errata *e = doc->ruleset.errata; e; e = e->next) {
		if (!e->id)
			continue;
		size_t from = offset_of(doc, e->loc);
		put_symbol_head(&w, doc, e->id, "errata", 3 /* Namespace */, from,
				lsp_def_end(doc_text(doc), doc->text.len, from), e->id_loc);
		json_key(&w, "children");
		json_begin_array(&w);
		put_defs(&w, doc, e->defs, locale);
		json_end_array(&w);
		json_end_object(&w);
	}
	json_end_array(&w);
}

/* "... 'wrong' ...; did you mean 'right'?": right, to free, or NULL. */
static char *suggestion(const char *message)
{
	const char *p = message ? strstr(message, "did you mean '") : NULL;
	if (!p)
		return NULL;
	p += strlen("did you mean '");
	const char *q = strchr(p, '\'');
	if (!q || q == p || q[1] != '?')
		return NULL;
	for (const char *c = p; c < q; c++)
		if (!lsp_ident_char(*c))
			return NULL;
	return xstrndup(p, (size_t)(q - p));
}

/* The range of [from, to) as a member of the object w writes. */
static void range_member(json_writer *w, lsp_doc *doc, size_t from, size_t to)
{
	json_key(w, "range");
	lsp_put_range(w, doc_lines(doc), from, to);
}

void lsp_code_actions(lsp_doc *doc, const json_value *diagnostics, strbuf *out)
{
	json_writer w = json_writer_on(out, true);
	json_begin_array(&w);
	size_t n_diagnostics = diagnostics && diagnostics->kind == JSON_ARRAY ? diagnostics->n : 0;
	for (size_t i = 0; i < n_diagnostics; i++) {
		const json_value *d = diagnostics->items[i];
		char *fix = suggestion(json_str(json_member(d, "message")));
		lsp_pos from = {json_int(json_path(json_member(d, "range"), "start", "line"), 0, 1L << 30, -1),
				json_int(json_path(json_member(d, "range"), "start", "character"), 0, 1L << 30, -1)};
		size_t at = lsp_offset(doc_lines(doc), from, true), start, n;
		if (!fix || at == LSP_NO_OFFSET || !lsp_word_at(doc_text(doc), doc->text.len, at, &start, &n)) {
			free(fix);
			continue;
		}
		strbuf title = {0};
		sb_printf(&title, "Replace '%.*s' with '%s'", (int)n, doc_text(doc) + start, fix);
		json_begin_object(&w);
		json_member_string(&w, "title", title.data);
		json_member_string(&w, "kind", "quickfix");
		json_member_bool(&w, "isPreferred", true);
		json_key(&w, "diagnostics");
		json_begin_array(&w);
		/* The diagnostic as the client sent it, re-serialised from what it says. */
		json_begin_object(&w);
		range_member(&w, doc, start, start + n);
		json_member_string(&w, "message", json_str(json_member(d, "message")));
		json_end_object(&w);
		json_end_array(&w);
		json_key(&w, "edit");
		json_begin_object(&w);
		json_key(&w, "changes");
		json_begin_object(&w);
		json_key(&w, doc->uri);
		json_begin_array(&w);
		json_begin_object(&w);
		range_member(&w, doc, start, start + n);
		json_member_string(&w, "newText", fix);
		json_end_object(&w);
		json_end_array(&w);
		json_end_object(&w);
		json_end_object(&w);
		json_end_object(&w);
		sb_free(&title);
		free(fix);
	}
	json_end_array(&w);
}
