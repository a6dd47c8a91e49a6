#include "lsp/text_pos.h"

#include "base/util.h"

/* The bytes of the UTF-8 character at p (1 for a byte that begins none). */
static size_t char_bytes(const char *p, const char *end)
{
	unsigned char c = (unsigned char)*p;
	size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	return (size_t)(end - p) < n ? 1 : n;
}

static size_t line_start(const char *text, size_t len, long line)
{
	size_t i = 0;
	for (long l = 0; l < line; l++) {
		while (i < len && text[i] != '\n')
			i++;
		if (i >= len)
			return LSP_NO_OFFSET;
		i++;
	}
	return i;
}

size_t lsp_offset(const char *text, size_t len, lsp_pos pos, bool strict)
{
	if (pos.line < 0 || pos.character < 0)
		return LSP_NO_OFFSET;
	size_t i = line_start(text, len, pos.line);
	if (i == LSP_NO_OFFSET)
		return i;
	const char *end = text + len;
	long units = 0;
	while (i < len && text[i] != '\n' && units < pos.character) {
		size_t n = char_bytes(text + i, end);
		units += n == 4 ? 2 : 1; /* beyond the BMP: a surrogate pair */
		i += n;
	}
	if (strict && units < pos.character)
		return LSP_NO_OFFSET;
	return i;
}

lsp_pos lsp_pos_of(const char *text, size_t len, size_t offset)
{
	lsp_pos pos = {0, 0};
	const char *end = text + len;
	if (offset > len)
		offset = len;
	for (size_t i = 0; i < offset;) {
		if (text[i] == '\n') {
			pos.line++;
			pos.character = 0;
			i++;
			continue;
		}
		size_t n = char_bytes(text + i, end);
		pos.character += n == 4 ? 2 : 1;
		i += n;
	}
	return pos;
}

size_t lsp_offset_of_loc(const char *text, size_t len, src_loc loc)
{
	if (loc.line < 1 || loc.col < 1)
		return LSP_NO_OFFSET;
	size_t i = line_start(text, len, loc.line - 1);
	if (i == LSP_NO_OFFSET)
		return i;
	const char *end = text + len;
	for (int col = 1; col < loc.col && i < len && text[i] != '\n'; col++)
		i += char_bytes(text + i, end);
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

void lsp_put_range(strbuf *sb, const char *text, size_t len, size_t from, size_t to)
{
	lsp_pos a = lsp_pos_of(text, len, from), b = lsp_pos_of(text, len, to);
	sb_printf(sb, "{\"start\":{\"line\":%ld,\"character\":%ld},\"end\":{\"line\":%ld,\"character\":%ld}}",
		  a.line, a.character, b.line, b.character);
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
