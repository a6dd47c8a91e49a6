/* SPDX-License-Identifier: MIT */
/* Completion: what may be written at a place, from the words before it. */
#include "lsp/complete.h"

#include "lsp/diagnostics.h"

#include "base/escape.h"
#include "base/json.h"
#include "lsp/index.h"

#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 32

/* What to offer: a mask of kinds of entries, and keywords. */
enum {
	WANT_DICE = 1 << DEF_DICE,
	WANT_ENUM = 1 << DEF_ENUM,
	WANT_INPUT = 1 << DEF_INPUT,
	WANT_EFFECT = 1 << DEF_EFFECT,
	WANT_OUTCOME = 1 << DEF_OUTCOME,
	WANT_MODIFIER = 1 << DEF_MODIFIER,
	WANT_TABLE = 1 << DEF_TABLE,
	WANT_GROUP = 1 << DEF_GROUP,
	WANT_VALUES = 1 << 29,
	WANT_CODES = 1 << 30,
	WANT_ALL = 0x7fffffff,
};

static const char *const definition_words[] = {"ruleset", "dice", "enum", "input", "effect",
	"outcome", "modifier", "table", "matrix", "ratio", "group", "reactions", "transition",
	"distance", "procedure", "example", "errata", NULL};

/* The statements that begin with a word, by the block they stand in. */
static const struct {
	const char *block;
	const char *words;
} statement_words[] = {
	{"ruleset", "locales exact"},
	{"table", "roll modifiers cap columns rows grid shifts below above like note natural rewrite step provisional"},
	{"outcome", "code trigger provisional"},
	{"modifier", "when value for group steps provisional"},
	{"matrix", "within default provisional"},
	{"ratio", "within round otherwise provisional"},
	{"group", "stack cap"},
	{"procedure", "step otherwise tie"},
	{"reactions", "option"},
	{"option", "leads unless"},
	{"input", "provisional"},
	{"enum", "provisional"},
};

static const char *const expression_words[] = {"true", "false", "and", "or", "not", "if", "then",
	"else", NULL};
static const char *const type_words[] = {"int", "bool", "number", "list", NULL};

typedef struct context {
	const char *block; /* the word that opened the innermost block, or NULL at the top */
	size_t block_len;
	const char *prev;  /* the word before the one being written, past a list's commas */
	size_t prev_len;
	char before;       /* the character before that word, past white space */
} context;

static bool word_is(const char *w, size_t n, const char *s)
{
	return w && strlen(s) == n && memcmp(w, s, n) == 0;
}

/* The first word of the statement that begins at b and whose brace is at
 * i: past white space and comments (a comment above a definition may hold
 * any words, and full stops). */
static void opener(const char *text, size_t b, size_t i, const char **w, size_t *n)
{
	while (b < i && !lsp_ident_char(text[b])) {
		if (text[b] == '#')
			while (b < i && text[b] != '\n')
				b++;
		else
			b++;
	}
	size_t e = b;
	while (e < i && lsp_ident_char(text[e]))
		e++;
	*w = text + b;
	*n = e - b;
}

static context context_at(const char *text, size_t at)
{
	context c = {0};
	const char *stack[MAX_DEPTH];
	size_t lens[MAX_DEPTH];
	int depth = 0;
	size_t statement = 0; /* where the statement being read begins */
	for (size_t i = 0; i < at; i++) {
		if (text[i] == '#') {
			while (i + 1 < at && text[i + 1] != '\n')
				i++;
		} else if (text[i] == '"') {
			for (i++; i < at && text[i] != '"' && text[i] != '\n'; i++)
				if (text[i] == '\\')
					i++;
		} else if (text[i] == '{') {
			if (depth < MAX_DEPTH)
				opener(text, statement, i, &stack[depth], &lens[depth]);
			depth++;
			statement = i + 1;
		} else if (text[i] == '}') {
			depth -= depth > 0;
			statement = i + 1;
		} else if (text[i] == ';') {
			statement = i + 1;
		}
	}
	if (depth > 0 && depth <= MAX_DEPTH) {
		c.block = stack[depth - 1];
		c.block_len = lens[depth - 1];
	}
	size_t b = at;
	while (b > 0 && lsp_ident_char(text[b - 1]))
		b--;
	/* Back over white space and a list's items: 'modifiers a, b, |' asks
	 * what 'modifiers' asks. */
	bool crossed = false;
	for (;;) {
		while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == ',')) {
			crossed |= text[b - 1] == ',';
			b--;
		}
		size_t e = b;
		while (b > 0 && lsp_ident_char(text[b - 1]))
			b--;
		if (e == b) {
			if (!c.prev) {
				c.before = b > 0 ? text[b - 1] : '\n';
				return c;
			}
			break;
		}
		c.prev = text + b;
		c.prev_len = e - b;
		size_t k = b;
		while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t'))
			k--;
		if (k > 0 && text[k - 1] == ',')
			continue;
		if (!crossed)
			break;
		crossed = false;
	}
	size_t k = c.prev - text;
	while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\n' || text[k - 1] == '\r'))
		k--;
	c.before = k > 0 ? text[k - 1] : '\n';
	return c;
}

static int completion_kind(const lsp_entry *e)
{
	if (e->kind == ENTRY_VALUE)
		return 20; /* EnumMember */
	if (e->kind == ENTRY_CODE || e->kind == ENTRY_PATTERN)
		return 21; /* Constant */
	switch (e->def->kind) {
	case DEF_DICE: return 21;
	case DEF_ENUM: return 13;
	case DEF_INPUT: return 6;
	case DEF_EFFECT: return 23;
	case DEF_OUTCOME: return 22;
	case DEF_MODIFIER: return 24;
	case DEF_TABLE: return 7;
	default: return 3;
	}
}

/* The array of CompletionItems being written. */
typedef struct items {
	json_writer w;
} items;

static void item(items *it, const char *label, int kind, const char *detail)
{
	json_begin_object(&it->w);
	json_member_string(&it->w, "label", label);
	json_member_int(&it->w, "kind", kind);
	if (detail)
		json_member_string(&it->w, "detail", detail);
	json_end_object(&it->w);
}

static void keywords(items *it, const char *const *words)
{
	for (; *words; words++)
		item(it, *words, 14, "keyword");
}

static void statement_keywords(items *it, const context *c)
{
	for (size_t i = 0; i < sizeof statement_words / sizeof *statement_words; i++) {
		if (!word_is(c->block, c->block_len, statement_words[i].block))
			continue;
		const char *w = statement_words[i].words;
		while (*w) {
			size_t n = strcspn(w, " ");
			char word[32];
			snprintf(word, sizeof word, "%.*s", (int)n, w);
			item(it, word, 14, "keyword");
			w += n + (w[n] == ' ');
		}
	}
}

static void entries(items *it, const lsp_index *ix, unsigned want)
{
	idmap seen = {0}; /* a name defined twice is offered once */
	for (size_t i = 0; i < ix->n; i++) {
		const lsp_entry *e = &ix->entries[i];
		unsigned bit = e->kind == ENTRY_VALUE ? WANT_VALUES : e->kind == ENTRY_DEF ? 1u << e->def->kind
											  : WANT_CODES;
		if (e->kind == ENTRY_PATTERN || !(want & bit) || e->layer || idmap_put(&seen, e->name, 0) >= 0)
			continue;
		item(it, e->name, completion_kind(e), lsp_entry_kind_name(e));
	}
	idmap_free(&seen);
}

/* What the word before the place asks for, or 0 when it asks for nothing known. */
static unsigned wanted_after(const context *c)
{
	static const struct {
		const char *word;
		unsigned want;
	} after[] = {
		{"roll", WANT_DICE}, {"modifiers", WANT_MODIFIER}, {"shifts", WANT_MODIFIER},
		{"trigger", WANT_TABLE}, {"like", WANT_TABLE}, {"group", WANT_GROUP},
		{"by", WANT_INPUT}, {"leads", WANT_OUTCOME}, {"below", WANT_OUTCOME},
		{"above", WANT_OUTCOME}, {"otherwise", WANT_OUTCOME},
		{"when", WANT_INPUT | WANT_VALUES}, {"unless", WANT_INPUT | WANT_VALUES},
		{"value", WANT_INPUT | WANT_VALUES}, {"if", WANT_INPUT | WANT_VALUES},
		{"then", WANT_INPUT | WANT_VALUES}, {"else", WANT_INPUT | WANT_VALUES},
		{"and", WANT_INPUT | WANT_VALUES}, {"or", WANT_INPUT | WANT_VALUES},
		{"not", WANT_INPUT | WANT_VALUES},
	};
	for (size_t i = 0; i < sizeof after / sizeof *after; i++)
		if (word_is(c->prev, c->prev_len, after[i].word))
			return after[i].want;
	return 0;
}

unsigned lsp_kinds_at(const char *text, size_t at)
{
	context c = context_at(text, at);
	if (word_is(c.block, c.block_len, "grid") || word_is(c.block, c.block_len, "rows"))
		return WANT_OUTCOME | WANT_CODES;
	return wanted_after(&c);
}

void lsp_completion(lsp_doc *doc, lsp_pos pos, strbuf *out)
{
	const char *text = doc_text(doc);
	size_t at = lsp_offset(doc_lines(doc), pos, true);
	items it = {json_writer_on(out, true)};
	json_begin_object(&it.w);
	json_member_bool(&it.w, "isIncomplete", false);
	json_key(&it.w, "items");
	json_begin_array(&it.w);
	if (at == LSP_NO_OFFSET || lsp_in_comment_or_string(text, doc->text.len, at)) {
		json_end_array(&it.w);
		json_end_object(&it.w);
		return;
	}
	doc_analyse(doc);
	lsp_index ix;
	lsp_index_build(&ix, doc);
	context c = context_at(text, at);
	unsigned want = wanted_after(&c);
	bool statement_start = !c.prev && (c.before == ';' || c.before == '{' || c.before == '}' || c.before == '\n');
	if (c.before == ':' && !c.prev) {
		/* input ID: TYPE */
		keywords(&it, type_words);
		entries(&it, &ix, WANT_ENUM);
	} else if (!c.block) {
		keywords(&it, definition_words);
	} else if (word_is(c.block, c.block_len, "grid") || word_is(c.block, c.block_len, "rows")) {
		/* A grid cell or a row holds an outcome, by its id or its code. */
		entries(&it, &ix, WANT_OUTCOME | WANT_CODES);
	} else if (want) {
		entries(&it, &ix, want);
		if (want & WANT_VALUES)
			keywords(&it, expression_words);
	} else if (statement_start) {
		statement_keywords(&it, &c);
		unsigned here = word_is(c.block, c.block_len, "outcome") ? WANT_EFFECT
				: word_is(c.block, c.block_len, "example") ? WANT_TABLE : 0;
		entries(&it, &ix, here);
	} else {
		entries(&it, &ix, WANT_ALL);
	}
	json_end_array(&it.w);
	json_end_object(&it.w);
	lsp_index_free(&ix);
}
