/* SPDX-License-Identifier: MIT */
/* A recursive-descent JSON reader: the grammar of RFC 8259, nothing more.
 * It reads len bytes, whatever they hold: a NUL is a byte like another. */
#include "base/json_read.h"
#include "base/json.h"

#include <stdlib.h>
#include <string.h>

/* Deeper than any answer a port or message a client gives: a bound on the
 * recursion (64 arrays or objects one inside another are read, 65 are not). */
#define JSON_MAX_DEPTH 64

typedef struct reader {
	const char *s;
	size_t at, len;
	const char *error;
} reader;

/* The byte k past the reader's place; NUL past the end. */
static char peek(const reader *r, size_t k)
{
	return r->at + k < r->len ? r->s[r->at + k] : '\0';
}

/* The byte at the reader's place, and past it. */
static char next(reader *r)
{
	char c = peek(r, 0);
	r->at++;
	return c;
}

static void skip_space(reader *r)
{
	while (peek(r, 0) == ' ' || peek(r, 0) == '\t' || peek(r, 0) == '\n' || peek(r, 0) == '\r')
		r->at++;
}

static json_value *fail(reader *r, const char *error)
{
	if (!r->error)
		r->error = error;
	return NULL;
}

static void put_utf8(strbuf *b, unsigned long c)
{
	if (c < 0x80) {
		sb_putc(b, (char)c);
	} else if (c < 0x800) {
		sb_putc(b, (char)(0xC0 | (c >> 6)));
		sb_putc(b, (char)(0x80 | (c & 0x3F)));
	} else if (c < 0x10000) {
		sb_putc(b, (char)(0xE0 | (c >> 12)));
		sb_putc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
		sb_putc(b, (char)(0x80 | (c & 0x3F)));
	} else {
		sb_putc(b, (char)(0xF0 | (c >> 18)));
		sb_putc(b, (char)(0x80 | ((c >> 12) & 0x3F)));
		sb_putc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
		sb_putc(b, (char)(0x80 | (c & 0x3F)));
	}
}

static bool read_hex4(reader *r, unsigned long *out)
{
	unsigned long c = 0;
	for (int i = 0; i < 4; i++) {
		char h = next(r);
		int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
		if (d < 0)
			return false;
		c = c * 16 + (unsigned long)d;
	}
	*out = c;
	return true;
}

/* A string's text (*len bytes: it may hold a NUL), r->at at its opening
 * quote; NULL when malformed. */
static char *read_string(reader *r, size_t *len)
{
	strbuf b = {0};
	sb_puts(&b, "");
	r->at++;
	for (;;) {
		bool past_end = r->at >= r->len;
		unsigned char c = (unsigned char)next(r);
		if (c == '"') {
			*len = b.len;
			return b.data;
		}
		if (c < 0x20) {
			sb_free(&b);
			fail(r, past_end ? "a string without its closing quote" : "a control character inside a string");
			return NULL;
		}
		if (c != '\\') {
			sb_putc(&b, (char)c);
			continue;
		}
		char e = next(r);
		const char *plain = strchr("\"\\/bfnrt", e);
		if (e && plain) {
			sb_putc(&b, "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"]);
			continue;
		}
		unsigned long u, low;
		if (e != 'u' || !read_hex4(r, &u)) {
			sb_free(&b);
			fail(r, "a bad escape in a string");
			return NULL;
		}
		if (u >= 0xD800 && u < 0xDC00 && peek(r, 0) == '\\' && peek(r, 1) == 'u') {
			r->at += 2;
			if (!read_hex4(r, &low) || low < 0xDC00 || low > 0xDFFF) {
				sb_free(&b);
				fail(r, "a bad surrogate pair in a string");
				return NULL;
			}
			u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
		}
		/* A lone surrogate is no character: U+FFFD stands for it. */
		put_utf8(&b, u >= 0xD800 && u < 0xE000 ? 0xFFFD : u);
	}
}

static json_value *new_value(json_kind kind)
{
	json_value *v = xcalloc(1, sizeof *v);
	v->kind = kind;
	return v;
}

static void push(json_value *v, char *key, json_value *item)
{
	v->items = xrealloc(v->items, (v->n + 1) * sizeof *v->items);
	v->items[v->n] = item;
	if (v->kind == JSON_OBJECT) {
		v->keys = xrealloc(v->keys, (v->n + 1) * sizeof *v->keys);
		v->keys[v->n] = key;
	}
	v->n++;
}

static json_value *read_value(reader *r, int depth);

static json_value *read_container(reader *r, int depth, bool object)
{
	json_value *v = new_value(object ? JSON_OBJECT : JSON_ARRAY);
	char close = object ? '}' : ']';
	r->at++;
	skip_space(r);
	if (peek(r, 0) == close) {
		r->at++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		skip_space(r);
		if (object) {
			size_t key_len;
			if (peek(r, 0) != '"' || !(key = read_string(r, &key_len)))
				goto bad;
			skip_space(r);
			if (next(r) != ':') {
				free(key);
				fail(r, "a ':' expected after a member's name");
				goto bad;
			}
		}
		json_value *item = read_value(r, depth + 1);
		if (!item) {
			free(key);
			goto bad;
		}
		push(v, key, item);
		skip_space(r);
		char c = next(r);
		if (c == close)
			return v;
		if (c != ',') {
			fail(r, object ? "a ',' or '}' expected in an object" : "a ',' or ']' expected in an array");
			goto bad;
		}
	}
bad:
	fail(r, object ? "a malformed object" : "a malformed array");
	json_value_free(v);
	return NULL;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static json_value *read_number(reader *r)
{
	size_t start = r->at;
	if (peek(r, 0) == '-')
		r->at++;
	if (peek(r, 0) == '0')
		r->at++;
	else if (peek(r, 0) >= '1' && peek(r, 0) <= '9')
		while (is_digit(peek(r, 0)))
			r->at++;
	else
		return fail(r, "a value expected");
	if (peek(r, 0) == '.') {
		r->at++;
		if (!is_digit(peek(r, 0)))
			return fail(r, "a digit expected after a decimal point");
		while (is_digit(peek(r, 0)))
			r->at++;
	}
	if (peek(r, 0) == 'e' || peek(r, 0) == 'E') {
		r->at++;
		if (peek(r, 0) == '+' || peek(r, 0) == '-')
			r->at++;
		if (!is_digit(peek(r, 0)))
			return fail(r, "a digit expected in an exponent");
		while (is_digit(peek(r, 0)))
			r->at++;
	}
	json_value *v = new_value(JSON_NUMBER);
	v->len = r->at - start;
	v->text = xstrndup(r->s + start, v->len);
	v->number = strtod(v->text, NULL);
	return v;
}

static json_value *read_value(reader *r, int depth)
{
	skip_space(r);
	char first = peek(r, 0);
	static const struct {
		const char *word;
		json_kind kind;
		bool value;
	} words[] = {{"null", JSON_NULL, false}, {"true", JSON_BOOL, true}, {"false", JSON_BOOL, false}};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (r->len - r->at >= strlen(words[i].word) &&
		    memcmp(r->s + r->at, words[i].word, strlen(words[i].word)) == 0) {
			r->at += strlen(words[i].word);
			json_value *v = new_value(words[i].kind);
			v->boolean = words[i].value;
			return v;
		}
	if (first == '{' || first == '[') {
		if (depth >= JSON_MAX_DEPTH)
			return fail(r, "values nested too deep");
		return read_container(r, depth, first == '{');
	}
	if (first == '"') {
		size_t len;
		char *text = read_string(r, &len);
		if (!text)
			return NULL;
		json_value *v = new_value(JSON_STRING);
		v->text = text;
		v->len = len;
		return v;
	}
	return read_number(r);
}

json_value *json_parse(const char *text, const char **error, size_t *where)
{
	return json_parse_n(text, strlen(text), error, where);
}

json_value *json_parse_n(const char *text, size_t len, const char **error, size_t *where)
{
	reader r = {text, 0, len, NULL};
	json_value *v = read_value(&r, 0);
	if (v) {
		skip_space(&r);
		if (r.at < r.len) {
			json_value_free(v);
			v = fail(&r, "more text after the value");
		}
	}
	*error = r.error;
	*where = r.at;
	return v;
}

void json_value_free(json_value *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		json_value_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->text);
	free(v);
}

const json_value *json_member(const json_value *v, const char *key)
{
	if (!v || v->kind != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->keys[i], key) == 0)
			return v->items[i];
	return NULL;
}

const json_value *json_path(const json_value *v, const char *key1, const char *key2)
{
	return json_member(json_member(v, key1), key2);
}

const char *json_str(const json_value *v)
{
	return v && v->kind == JSON_STRING ? v->text : NULL;
}

long json_int(const json_value *v, long lo, long hi, long fallback)
{
	/* NaN fails every comparison: it is no integer either. */
	if (!v || v->kind != JSON_NUMBER || !(v->number >= (double)lo && v->number <= (double)hi) ||
	    v->number != (double)(long)v->number)
		return fallback;
	return (long)v->number;
}

bool json_equal(const json_value *a, const json_value *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case JSON_NULL:
		return true;
	case JSON_BOOL:
		return a->boolean == b->boolean;
	case JSON_NUMBER:
		return a->number == b->number;
	case JSON_STRING:
		return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
	case JSON_ARRAY:
		if (a->n != b->n)
			return false;
		for (size_t i = 0; i < a->n; i++)
			if (!json_equal(a->items[i], b->items[i]))
				return false;
		return true;
	case JSON_OBJECT:
		if (a->n != b->n)
			return false;
		for (size_t i = 0; i < a->n; i++) {
			const json_value *other = json_member(b, a->keys[i]);
			if (!other || !json_equal(a->items[i], other))
				return false;
		}
		return true;
	}
	return false;
}

void json_write(strbuf *b, const json_value *v)
{
	switch (v->kind) {
	case JSON_NULL:
		sb_puts(b, "null");
		return;
	case JSON_BOOL:
		sb_puts(b, v->boolean ? "true" : "false");
		return;
	case JSON_NUMBER:
		sb_puts(b, v->text);
		return;
	case JSON_STRING:
		json_string(b, v->text);
		return;
	case JSON_ARRAY:
	case JSON_OBJECT:
		sb_putc(b, v->kind == JSON_ARRAY ? '[' : '{');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				sb_puts(b, ", ");
			if (v->kind == JSON_OBJECT) {
				json_string(b, v->keys[i]);
				sb_puts(b, ": ");
			}
			json_write(b, v->items[i]);
		}
		sb_putc(b, v->kind == JSON_ARRAY ? ']' : '}');
		return;
	}
}
