/* SPDX-License-Identifier: MIT */
#include "lsp/text_pos.h"

#include "base/util.h"

#include <stdlib.h>

/* The bytes of the UTF-8 character at p (1 for a byte that begins none). */
static size_t char_bytes(const char *p, const char *end)
{
	unsigned char c = (unsigned char)*p;
	size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	return (size_t)(end - p) < n ? 1 : n;
}

void lsp_text_init(lsp_text *t, const char *text, size_t len)
{
	size_t n = 1;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	t->text = text;
	t->len = len;
	t->starts = xmalloc(n * sizeof *t->starts);
	t->starts[0] = 0;
	t->nlines = 1;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n')
			t->starts[t->nlines++] = i + 1;
}

void lsp_text_free(lsp_text *t)
{
	free(t->starts);
	t->starts = NULL;
	t->nlines = 0;
}

size_t lsp_offset(const lsp_text *t, lsp_pos pos, bool strict)
{
	if (pos.line < 0 || pos.character < 0 || (size_t)pos.line >= t->nlines)
		return LSP_NO_OFFSET;
	size_t i = t->starts[pos.line];
	const char *text = t->text, *end = text + t->len;
	long units = 0;
	while (i < t->len && text[i] != '\n' && units < pos.character) {
		size_t n = char_bytes(text + i, end);
		units += n == 4 ? 2 : 1; /* beyond the BMP: a surrogate pair */
		i += n;
	}
	if (strict && units < pos.character)
		return LSP_NO_OFFSET;
	return i;
}

lsp_pos lsp_pos_of(const lsp_text *t, size_t offset)
{
	if (offset > t->len)
		offset = t->len;
	/* The last line that starts at or before offset. */
	size_t lo = 0, hi = t->nlines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	lsp_pos pos = {(long)lo, 0};
	const char *end = t->text + t->len;
	for (size_t i = t->starts[lo]; i < offset;) {
		size_t n = char_bytes(t->text + i, end);
		pos.character += n == 4 ? 2 : 1;
		i += n;
	}
	return pos;
}

size_t lsp_offset_of_loc(const lsp_text *t, src_loc loc)
{
	if (loc.line < 1 || loc.col < 1 || (size_t)loc.line > t->nlines)
		return LSP_NO_OFFSET;
	size_t i = t->starts[loc.line - 1];
	const char *end = t->text + t->len;
	for (int col = 1; col < loc.col && i < t->len && t->text[i] != '\n'; col++)
		i += char_bytes(t->text + i, end);
	return i;
}

bool lsp_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool lsp_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *n)
{
	if (offset > len)
		return false;
	size_t b = offset, e = offset;
	while (b > 0 && lsp_ident_char(text[b - 1]))
		b--;
	while (e < len && lsp_ident_char(text[e]))
		e++;
	/* A number is no identifier. */
	if (e == b || (text[b] >= '0' && text[b] <= '9'))
		return false;
	*start = b;
	*n = e - b;
	return true;
}

static void put_position(json_writer *w, const char *key, lsp_pos at)
{
	json_key(w, key);
	json_begin_object(w);
	json_member_int(w, "line", at.line);
	json_member_int(w, "character", at.character);
	json_end_object(w);
}

void lsp_put_range(json_writer *w, const lsp_text *t, size_t from, size_t to)
{
	json_begin_object(w);
	put_position(w, "start", lsp_pos_of(t, from));
	put_position(w, "end", lsp_pos_of(t, to));
	json_end_object(w);
}

size_t lsp_token_end(const char *text, size_t len, size_t offset)
{
	size_t i = offset;
	if (i >= len || text[i] == '\n')
		return i;
	if (lsp_ident_char(text[i])) {
		while (i < len && lsp_ident_char(text[i]))
			i++;
		return i;
	}
	if (text[i] == '"') {
		for (i++; i < len && text[i] != '"' && text[i] != '\n'; i++)
			if (text[i] == '\\' && i + 1 < len)
				i++;
		return i < len && text[i] == '"' ? i + 1 : i;
	}
	return i + char_bytes(text + i, text + len);
}
