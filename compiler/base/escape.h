/* SPDX-License-Identifier: MIT */
/*
 * Text into an output language: one function per language, which every
 * writer calls (the exports, the reports of odds, diff and verify, the JSON
 * printers, the generated C). Text here is anything the user wrote (labels,
 * rule references, reasons, a title): hostile text must come out as text.
 */
#ifndef RTAB_BASE_ESCAPE_H
#define RTAB_BASE_ESCAPE_H

#include "base/util.h"

#include <stdbool.h>

/* HTML content or a double-quoted attribute value: & < > " as references. */
void html_escape(strbuf *sb, const char *s);

/*
 * Markdown inline text, safe in a pipe table's cell, in a heading and at the
 * start of a line: a '<' that could open a tag, a comment or an autolink
 * becomes "&lt;", an '&' that could start a reference "&amp;"; '|' and a '['
 * that starts the text are backslash-escaped, and so is a '(' after a ']'
 * (no link, no image); a line break becomes a space. Every other '<' and
 * '&' stays ("<=0", "Musket & Pike"). literal: also '\', '*', '_' and '`'
 * and every other '<' escaped, so that no emphasis nor code span forms.
 */
void markdown_escape(strbuf *sb, const char *s, bool literal);

/* The same of text that starts a line (a paragraph, a line after a hard
 * break): its blanks first dropped, and what would open a block there ('#',
 * '-', '+', '*', '>', '=', '`', '~', '_', '[' or "1." first) backslash-escaped,
 * so that a label can neither start a heading, a list, a quote, a code
 * fence nor a rule. */
void markdown_escape_line(strbuf *sb, const char *s);

/*
 * A CSV cell (RFC 4180): quoted where it holds ',', '"' or a line break.
 * Text a spreadsheet would read as a formula (starting with '=', '+', '-',
 * '@', a tab or a carriage return) gets a leading "'", as OWASP recommends;
 * a cell that is only a number or a range of numbers ("-1", "+2", "-3--1",
 * "7+") stays as it is, a number.
 */
void csv_escape_cell(strbuf *sb, const char *s);

/* s as a JSON string, quotes included (an invalid UTF-8 byte: U+FFFD). */
void sb_put_json_string(strbuf *sb, const char *s);
/* The same of len bytes, which may hold a NUL (written \u0000); s[len] is '\0'. */
void sb_put_json_string_n(strbuf *sb, const char *s, size_t len);

/*
 * The length of the character at s when it is one that reorders or breaks
 * the lines a reader sees, though no compiler does (Unicode's "Trojan
 * Source" characters): the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), the marks (U+200E, U+200F, U+061C) and the
 * line breaks NEL, LS and PS (U+0085, U+2028, U+2029); 0 for any other.
 * *code (when not NULL) gets its code point. The writers of code escape these.
 */
size_t reordering_char_len(const char *s, unsigned *code);

/* s as a C string literal, quotes included: no trigraph survives, and no
 * character that reorders the line (reordering_char_len) stands raw. */
void sb_put_c_string(strbuf *sb, const char *s);

#endif
