/* SPDX-License-Identifier: MIT */
/* Text into HTML, Markdown, CSV, JSON and C (see escape.h). */
#include "base/escape.h"

#include <string.h>

void html_escape(strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': sb_puts(sb, "&amp;"); break;
		case '<': sb_puts(sb, "&lt;"); break;
		case '>': sb_puts(sb, "&gt;"); break;
		case '"': sb_puts(sb, "&quot;"); break;
		default: sb_putc(sb, *s); break;
		}
	}
}

static bool ascii_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* After '<': a tag, a closing tag, a comment or declaration, a processing
 * instruction, an autolink ("<javascript:...>"). */
static bool opens_markup(char c)
{
	return ascii_letter(c) || c == '/' || c == '!' || c == '?';
}

/* After '&': a named or numeric character reference. */
static bool opens_reference(const char *p)
{
	size_t n = 0;
	if (*p == '#')
		p++;
	while (ascii_letter(p[n]) || (p[n] >= '0' && p[n] <= '9'))
		n++;
	return n && p[n] == ';';
}

/* The length of the run of digits that opens an ordered list item at p
 * ("1." or "1)"), 0 when there is none. */
static size_t list_number(const char *p)
{
	size_t n = 0;
	while (n < 10 && p[n] >= '0' && p[n] <= '9')
		n++;
	return n && (p[n] == '.' || p[n] == ')') ? n : 0;
}

void markdown_escape_line(strbuf *sb, const char *s)
{
	const char *p = s ? s : "";
	while (*p == ' ' || *p == '\t')
		p++;
	/* What opens a block at the start of a line: a heading, a list item, a
	 * quote, a code fence, a rule or a heading's underline, a link's
	 * definition. */
	size_t digits = list_number(p);
	if (digits) {
		sb_put(sb, p, digits);
		sb_putc(sb, '\\');
		p += digits;
	} else if (*p && strchr("#-+*>=`~_[", *p)) {
		sb_putc(sb, '\\');
	}
	markdown_escape(sb, p, false);
}

void markdown_escape(strbuf *sb, const char *s, bool literal)
{
	char last = 0; /* the last character written that is not a blank */
	for (const char *p = s; p && *p; p++) {
		char c = *p;
		if (c == '\n' || c == '\r') {
			sb_putc(sb, ' ');
			continue;
		}
		if (c == '<' && opens_markup(p[1]))
			sb_puts(sb, "&lt;");
		else if (c == '&' && opens_reference(p + 1))
			sb_puts(sb, "&amp;");
		else {
			/* '(' after ']': "[x](javascript:...)" is then no link; a '['
			 * first: "[x]: javascript:..." is then no definition. */
			bool escape = c == '|' || (c == '(' && last == ']') || (c == '[' && p == s) ||
				      (literal && strchr("\\*_`<", c));
			if (escape)
				sb_putc(sb, '\\');
			sb_putc(sb, c);
		}
		if (c != ' ' && c != '\t')
			last = c;
	}
}

/* A number or a range of numbers as the exports print them: a sign, digits,
 * and between or after them only what ranges and ratios use; the provisional
 * mark may follow. A spreadsheet reads it as a number or as arithmetic on
 * numbers, never as a call. */
static bool numeric_cell(const char *s)
{
	bool digit = false;
	for (const char *p = s; *p; p++) {
		if (*p >= '0' && *p <= '9')
			digit = true;
		else if (!strchr("+-.,/:% ", *p) && strncmp(p, "\xE2\x80\xA0", 3) != 0)
			return false;
		else if (*p == '\xE2')
			p += 2;
	}
	return digit;
}

void csv_escape_cell(strbuf *sb, const char *s)
{
	bool formula = s && strchr("=+-@\t\r", *s) && *s && !numeric_cell(s);
	if (!s || (!formula && !strpbrk(s, ",\"\n\r"))) {
		sb_puts(sb, s ? s : "");
		return;
	}
	sb_putc(sb, '"');
	if (formula)
		sb_putc(sb, '\'');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(sb, '"');
		sb_putc(sb, *s);
	}
	sb_putc(sb, '"');
}

void sb_put_json_string(strbuf *sb, const char *s)
{
	sb_put_json_string_n(sb, s, strlen(s));
}

void sb_put_json_string_n(strbuf *sb, const char *s, size_t len)
{
	sb_putc(sb, '"');
	const unsigned char *end = (const unsigned char *)s + len;
	for (const unsigned char *p = (const unsigned char *)s; p < end; p++) {
		/* A run of printable ASCII but the quote and the backslash needs no
		 * escape: copied at once (ids are all of it, and rtab vectors
		 * --exhaustive writes gigabytes of them). */
		const unsigned char *run = p;
		while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
			p++;
		if (p > run)
			sb_put(sb, (const char *)run, (size_t)(p - run));
		if (p == end)
			break;
		size_t n = utf8_char_len((const char *)p);
		if (n == 0) {
			sb_puts(sb, "\\ufffd"); /* JSON is UTF-8: an invalid byte cannot pass */
			continue;
		}
		if (n > 1) {
			sb_put(sb, (const char *)p, n);
			p += n - 1;
			continue;
		}
		switch (*p) {
		case '"': sb_puts(sb, "\\\""); break;
		case '\\': sb_puts(sb, "\\\\"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		case '\r': sb_puts(sb, "\\r"); break;
		default:
			if (*p < 0x20)
				sb_printf(sb, "\\u%04x", *p);
			else
				sb_putc(sb, (char)*p);
		}
	}
	sb_putc(sb, '"');
}

size_t reordering_char_len(const char *s, unsigned *code)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned c = 0;
	size_t n = 0;
	if (p[0] == 0xC2 && p[1] == 0x85)
		c = 0x85, n = 2; /* NEL */
	else if (p[0] == 0xD8 && p[1] == 0x9C)
		c = 0x61C, n = 2; /* ALM */
	else if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xA8 && p[2] <= 0xAE)))
		c = 0x2000u + (p[2] - 0x80u), n = 3; /* LRM, RLM; LS, PS, LRE...RLO */
	else if (p[0] == 0xE2 && p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)
		c = 0x2040u + (p[2] - 0x80u), n = 3; /* LRI, RLI, FSI, PDI */
	if (n && code)
		*code = c;
	return n;
}

void sb_put_c_string(strbuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		size_t reorders = reordering_char_len((const char *)p, NULL);
		if (reorders) {
			/* Its bytes, so that the code reads as it compiles. */
			for (size_t i = 0; i < reorders; i++)
				sb_printf(sb, "\\%03o", p[i]);
			p += reorders - 1;
			continue;
		}
		switch (*p) {
		case '"': sb_puts(sb, "\\\""); break;
		case '\\': sb_puts(sb, "\\\\"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		case '?':
			/* A '?' after a '?' is escaped, so that no "??X" (a trigraph in
			 * ISO C before C23) survives: "??=" becomes "?\?=". */
			sb_puts(sb, p > (const unsigned char *)s && p[-1] == '?' ? "\\?" : "?");
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				sb_printf(sb, "\\%03o", *p);
			else
				sb_putc(sb, (char)*p);
		}
	}
	sb_putc(sb, '"');
}
