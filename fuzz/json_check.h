/*
 * A strict JSON syntax check (RFC 8259) for what the harnesses print: the
 * JSON export and each line of the vectors. A writer that forgets to escape
 * a character, or prints a number JSON has no word for, breaks every tool
 * that reads it; nothing in the compiler parses JSON, so this does.
 */
#ifndef RTAB_FUZZ_JSON_CHECK_H
#define RTAB_FUZZ_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct jcheck_cursor {
	const char *p, *end;
	int depth;
} jcheck_cursor;

static bool jcheck_value(jcheck_cursor *c);

static inline void jcheck_space(jcheck_cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static inline bool jcheck_lit(jcheck_cursor *c, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
		return false;
	c->p += n;
	return true;
}

static inline bool jcheck_hex(char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static inline bool jcheck_str(jcheck_cursor *c)
{
	if (c->p >= c->end || *c->p != '"')
		return false;
	for (c->p++; c->p < c->end; c->p++) {
		unsigned char ch = (unsigned char)*c->p;
		if (ch == '"') {
			c->p++;
			return true;
		}
		if (ch < 0x20)
			return false;
		if (ch != '\\')
			continue;
		if (++c->p >= c->end)
			return false;
		if (*c->p == 'u') {
			for (int k = 0; k < 4; k++)
				if (++c->p >= c->end || !jcheck_hex(*c->p))
					return false;
		} else if (!*c->p || !strchr("\"\\/bfnrt", *c->p)) {
			return false;
		}
	}
	return false;
}

static inline bool jcheck_digits(jcheck_cursor *c)
{
	const char *start = c->p;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		c->p++;
	return c->p > start;
}

static inline bool jcheck_num(jcheck_cursor *c)
{
	if (c->p < c->end && *c->p == '-')
		c->p++;
	if (c->p < c->end && *c->p == '0')
		c->p++;
	else if (!jcheck_digits(c))
		return false;
	if (c->p < c->end && *c->p == '.') {
		c->p++;
		if (!jcheck_digits(c))
			return false;
	}
	if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
		c->p++;
		if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
			c->p++;
		if (!jcheck_digits(c))
			return false;
	}
	return true;
}

/* The members of an object (close '}') or the elements of an array (']'). */
static inline bool jcheck_items(jcheck_cursor *c, char close, bool keys)
{
	c->p++;
	jcheck_space(c);
	if (c->p < c->end && *c->p == close) {
		c->p++;
		return true;
	}
	for (;;) {
		jcheck_space(c);
		if (keys) {
			if (!jcheck_str(c))
				return false;
			jcheck_space(c);
			if (c->p >= c->end || *c->p++ != ':')
				return false;
		}
		if (!jcheck_value(c))
			return false;
		jcheck_space(c);
		if (c->p >= c->end)
			return false;
		char ch = *c->p++;
		if (ch == close)
			return true;
		if (ch != ',')
			return false;
	}
}

static bool jcheck_value(jcheck_cursor *c)
{
	jcheck_space(c);
	if (c->p >= c->end || c->depth > 200)
		return false;
	switch (*c->p) {
	case '{':
	case '[': {
		c->depth++;
		bool ok = jcheck_items(c, *c->p == '{' ? '}' : ']', *c->p == '{');
		c->depth--;
		return ok;
	}
	case '"': return jcheck_str(c);
	case 't': return jcheck_lit(c, "true");
	case 'f': return jcheck_lit(c, "false");
	case 'n': return jcheck_lit(c, "null");
	default: return jcheck_num(c);
	}
}

/* Whether text[0..len) is one JSON value, with white space around it only.
 * On failure, *at is the offset where the reading stopped. */
static inline bool json_valid(const char *text, size_t len, size_t *at)
{
	jcheck_cursor c = {text, text + len, 0};
	bool ok = jcheck_value(&c);
	jcheck_space(&c);
	ok = ok && c.p == c.end;
	*at = (size_t)(c.p - text);
	return ok;
}

#endif
