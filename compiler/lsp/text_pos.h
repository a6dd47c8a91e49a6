/* SPDX-License-Identifier: MIT */
/*
 * Places in a document as the protocol counts them (a line from 0, a
 * character in UTF-16 code units) and as the compiler does (line and
 * column from 1, the column in characters), both mapped to byte offsets.
 */
#ifndef RTAB_LSP_TEXT_POS_H
#define RTAB_LSP_TEXT_POS_H

#include "base/json.h"
#include "base/loc.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

#define LSP_NO_OFFSET ((size_t)-1)

typedef struct lsp_pos {
	long line, character;
} lsp_pos;

/* A text with the offsets of its lines, so that a place is found without
 * reading the text from its start (a file has thousands of diagnostics). */
typedef struct lsp_text {
	const char *text;
	size_t len;
	size_t *starts; /* of each line */
	size_t nlines;
} lsp_text;

void lsp_text_init(lsp_text *t, const char *text, size_t len);
void lsp_text_free(lsp_text *t);

/* The byte offset of pos in text; LSP_NO_OFFSET when its line is past the
 * end, or (strict) its character past the end of the line. Without strict,
 * a character past the end of the line is its end, as the protocol asks. */
size_t lsp_offset(const lsp_text *t, lsp_pos pos, bool strict);

/* The protocol's position of a byte offset. */
lsp_pos lsp_pos_of(const lsp_text *t, size_t offset);

/* The byte offset of a compiler's location (LSP_NO_OFFSET past the end). */
size_t lsp_offset_of_loc(const lsp_text *t, src_loc loc);

/* Identifiers as the lexer reads them: [A-Za-z_][A-Za-z0-9_]*. */
bool lsp_ident_char(char c);

/* The identifier around offset (it may stand just after it): its start
 * and length, or false when there is none. */
bool lsp_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *n);

/* {"start": ..., "end": ...} of the bytes [from, to) of text, the next value w writes. */
void lsp_put_range(json_writer *w, const lsp_text *t, size_t from, size_t to);

#endif

/* The bytes a diagnostic at offset covers: the identifier or the string
 * that begins there, else one character. */
size_t lsp_token_end(const char *text, size_t len, size_t offset);
