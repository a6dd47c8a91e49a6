/* SPDX-License-Identifier: MIT */
#include "lsp/json_value.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

typedef struct reader {
	arena *a;
	const char *p, *end;
	int depth;
} reader;

static void skip_space(reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static bool literal(reader *r, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return false;
	r->p += n;
	return true;
}

static int hex4(const char *p)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static void put_utf8(strbuf *sb, unsigned long cp)
{
	if (cp < 0x80) {
		sb_putc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_putc(sb, (char)(0xC0 | (cp >> 6)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sb_putc(sb, (char)(0xE0 | (cp >> 12)));
		sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
	} else {
		sb_putc(sb, (char)(0xF0 | (cp >> 18)));
		sb_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
		sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3F)));
	}
}

/* The escape after a backslash at r->p; false when it is none JSON knows. */
static bool read_escape(reader *r, strbuf *sb)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	char c = *r->p++;
	const char *k = c ? strchr(from, c) : NULL;
	if (k) {
		sb_putc(sb, to[k - from]);
		return true;
	}
	if (c != 'u' || r->end - r->p < 4)
		return false;
	int hi = hex4(r->p);
	if (hi < 0)
		return false;
	r->p += 4;
	unsigned long cp = (unsigned long)hi;
	/* A surrogate pair is one character; a lone surrogate becomes U+FFFD. */
	if (hi >= 0xD800 && hi < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
		int lo = hex4(r->p + 2);
		if (lo >= 0xDC00 && lo < 0xE000) {
			cp = 0x10000 + (((unsigned long)hi - 0xD800) << 10) + ((unsigned long)lo - 0xDC00);
			r->p += 6;
		}
	}
	if (cp >= 0xD800 && cp < 0xE000)
		cp = 0xFFFD;
	put_utf8(sb, cp);
	return true;
}

static char *read_string(reader *r, size_t *len)
{
	strbuf sb = {0};
	r->p++; /* the opening quote */
	while (r->p < r->end && *r->p != '"') {
		unsigned char c = (unsigned char)*r->p;
		if (c < 0x20)
			goto bad;
		if (c == '\\') {
			r->p++;
			if (r->p >= r->end || !read_escape(r, &sb))
				goto bad;
			continue;
		}
		sb_putc(&sb, (char)c);
		r->p++;
	}
	if (r->p >= r->end)
		goto bad;
	r->p++;
	*len = sb.len;
	char *s = arena_strndup(r->a, sb.data ? sb.data : "", sb.len);
	sb_free(&sb);
	return s;
bad:
	sb_free(&sb);
	return NULL;
}

static jv *read_value(reader *r);

static bool read_items(reader *r, jv *v, bool members)
{
	char close = members ? '}' : ']';
	jv **tail = &v->first;
	r->p++;
	skip_space(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return true;
	}
	for (;;) {
		char *key = NULL;
		size_t klen;
		skip_space(r);
		if (members) {
			if (r->p >= r->end || *r->p != '"' || !(key = read_string(r, &klen)))
				return false;
			skip_space(r);
			if (r->p >= r->end || *r->p != ':')
				return false;
			r->p++;
		}
		jv *item = read_value(r);
		if (!item)
			return false;
		item->key = key;
		*tail = item;
		tail = &item->next;
		skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return true;
		}
		return false;
	}
}

static bool digits(reader *r)
{
	const char *start = r->p;
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
		r->p++;
	return r->p > start;
}

/* A number as JSON writes it (RFC 8259: no leading zero, no bare '.', no
 * '+' first), its text kept as written: an id is echoed exactly. */
static bool read_number(reader *r, jv *v)
{
	const char *s = r->p;
	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p < r->end && *r->p == '0')
		r->p++;
	else if (!digits(r))
		return false;
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (!digits(r))
			return false;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (!digits(r))
			return false;
	}
	v->len = (size_t)(r->p - s);
	v->string = arena_strndup(r->a, s, v->len);
	v->number = strtod(v->string, NULL);
	return true;
}

static jv *read_value(reader *r)
{
	skip_space(r);
	if (r->p >= r->end || r->depth >= MAX_DEPTH)
		return NULL;
	jv *v = arena_alloc(r->a, sizeof *v);
	char c = *r->p;
	bool ok;
	if (c == '{' || c == '[') {
		r->depth++;
		v->kind = c == '{' ? JV_OBJECT : JV_ARRAY;
		ok = read_items(r, v, c == '{');
		r->depth--;
	} else if (c == '"') {
		v->kind = JV_STRING;
		ok = (v->string = read_string(r, &v->len)) != NULL;
	} else if (c == 't' || c == 'f') {
		v->kind = JV_BOOL;
		v->boolean = c == 't';
		ok = literal(r, c == 't' ? "true" : "false");
	} else if (c == 'n') {
		ok = literal(r, "null");
	} else {
		v->kind = JV_NUMBER;
		ok = read_number(r, v);
	}
	return ok ? v : NULL;
}

jv *jv_parse(arena *a, const char *text, size_t len)
{
	reader r = {a, text, text + len, 0};
	jv *v = read_value(&r);
	skip_space(&r);
	return v && r.p == r.end ? v : NULL;
}

const jv *jv_get(const jv *o, const char *key)
{
	if (!o || o->kind != JV_OBJECT)
		return NULL;
	for (const jv *m = o->first; m; m = m->next)
		if (strcmp(m->key, key) == 0)
			return m;
	return NULL;
}

const jv *jv_path(const jv *o, const char *k1, const char *k2)
{
	return jv_get(jv_get(o, k1), k2);
}

const char *jv_str(const jv *v)
{
	return v && v->kind == JV_STRING ? v->string : NULL;
}

long jv_int(const jv *v, long lo, long hi, long fallback)
{
	/* NaN fails every comparison: it is no integer either. */
	if (!v || v->kind != JV_NUMBER || !(v->number >= (double)lo && v->number <= (double)hi) ||
	    v->number != (double)(long)v->number)
		return fallback;
	return (long)v->number;
}
