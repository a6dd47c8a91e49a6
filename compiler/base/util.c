/* SPDX-License-Identifier: MIT */
#include "base/util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("rtab: out of memory\n", stderr);
	exit(3);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void sb_grow(strbuf *sb, size_t more)
{
	if (sb->len + more + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + more + 1)
		cap *= 2;
	sb->data = xrealloc(sb->data, cap);
	sb->cap = cap;
}

void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
	/* Most texts fit the stack: formatted once. (A NULL destination for the
	 * length draws a false -Wformat-truncation from gcc 12 under UBSan.) */
	char small[256];
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(small, sizeof small, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	sb_grow(sb, (size_t)n);
	if ((size_t)n < sizeof small)
		memcpy(sb->data + sb->len, small, (size_t)n + 1);
	else
		vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_printf(strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

size_t utf8_char_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char c = p[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xBF)
			return 0;
	return n;
}

void sb_join_ids(strbuf *sb, const void *base, size_t n, size_t stride)
{
	for (size_t i = 0; i < n; i++) {
		sb_puts(sb, sb->len ? ", " : "");
		sb_puts(sb, *(const char *const *)((const char *)base + i * stride));
	}
}

void sb_put_printable(strbuf *sb, const char *s)
{
	for (const char *p = s; *p;) {
		unsigned char c = (unsigned char)*p;
		size_t n = utf8_char_len(p);
		bool c1 = n == 2 && c == 0xC2 && (unsigned char)p[1] < 0xA0; /* U+0080..U+009F */
		if (n == 0 || c < 0x20 || c == 0x7F || c1) {
			if (c == '\n')
				sb_puts(sb, "\\n");
			else if (c == '\t')
				sb_puts(sb, "\\t");
			else
				sb_printf(sb, "\\x%02X", c);
			p += c1 ? 2 : 1;
			if (c1)
				sb_printf(sb, "\\x%02X", (unsigned char)p[-1]);
			continue;
		}
		sb_put(sb, p, n);
		p += n;
	}
}

char *printable(const char *s)
{
	strbuf sb = {0};
	sb_put_printable(&sb, s);
	return sb.data ? sb.data : xstrdup("");
}

void sb_free(strbuf *sb)
{
	free(sb->data);
	sb->data = NULL;
	sb->len = sb->cap = 0;
}

struct arena_block {
	arena_block *next;
	max_align_t data[];
};

/* Blocks of 64 KiB; a larger request gets a block of its own, behind the head
 * so that the head's free part stays in use. */
#define ARENA_BLOCK ((size_t)64 << 10)

/* n bytes aligned to align (a power of two), zeroed. */
static void *arena_take(arena *a, size_t n, size_t align)
{
	uintptr_t at = ((uintptr_t)a->next + align - 1) & ~(uintptr_t)(align - 1);
	if (a->next && at <= (uintptr_t)a->end && n <= (uintptr_t)a->end - at) {
		a->next = (char *)at + n;
		return (void *)at;
	}
	if (n > ARENA_BLOCK / 4) {
		arena_block *b = xcalloc(1, sizeof *b + n);
		if (a->head) {
			b->next = a->head->next;
			a->head->next = b;
		} else {
			a->head = b;
		}
		return b->data;
	}
	arena_block *b = xcalloc(1, sizeof *b + ARENA_BLOCK);
	b->next = a->head;
	a->head = b;
	a->next = (char *)b->data + n;
	a->end = (char *)b->data + ARENA_BLOCK;
	return b->data;
}

void *arena_alloc(arena *a, size_t n)
{
	return arena_take(a, n ? n : 1, sizeof(max_align_t));
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
	char *p = arena_take(a, n + 1, 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

void arena_free(arena *a)
{
	while (a->head) {
		arena_block *n = a->head->next;
		free(a->head);
		a->head = n;
	}
	a->next = a->end = NULL;
}

static size_t idmap_hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

int idmap_get(const idmap *map, const char *key)
{
	if (!map->cap)
		return -1;
	for (size_t h = idmap_hash(key) & (map->cap - 1);; h = (h + 1) & (map->cap - 1)) {
		if (!map->keys[h])
			return -1;
		if (strcmp(map->keys[h], key) == 0)
			return map->values[h];
	}
}

int idmap_put(idmap *map, const char *key, int value)
{
	if (2 * (map->n + 1) > map->cap) {
		idmap bigger = {0};
		bigger.cap = map->cap ? 2 * map->cap : 16;
		bigger.keys = xcalloc(bigger.cap, sizeof *bigger.keys);
		bigger.values = xcalloc(bigger.cap, sizeof *bigger.values);
		for (size_t i = 0; i < map->cap; i++)
			if (map->keys[i])
				idmap_put(&bigger, map->keys[i], map->values[i]);
		idmap_free(map);
		*map = bigger;
	}
	size_t h = idmap_hash(key) & (map->cap - 1);
	for (; map->keys[h]; h = (h + 1) & (map->cap - 1))
		if (strcmp(map->keys[h], key) == 0)
			return map->values[h];
	map->keys[h] = key;
	map->values[h] = value;
	map->n++;
	return -1;
}

void idmap_free(idmap *map)
{
	free(map->keys);
	free(map->values);
	*map = (idmap){0};
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = xmalloc((lb + 1) * sizeof *row);
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	size_t d = row[lb];
	free(row);
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	strbuf sb = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	return sb.data ? sb.data : xstrdup("");
}

void sb_clear(strbuf *sb)
{
	sb->len = 0;
	if (sb->data)
		sb->data[0] = '\0';
}

void sb_put_int(strbuf *sb, long long v)
{
	/* Two digits at a time, straight into the buffer: the emitters write a
	 * number per cell of every table. */
	static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
				    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
				    "8081828384858687888990919293949596979899";
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	size_t n = 1 + (v < 0);
	for (unsigned long long w = u; w >= 10; w /= 10)
		n++;
	if (sb->len + n + 1 > sb->cap)
		sb_grow(sb, n);
	char *p = sb->data + sb->len + n;
	sb->len += n;
	*p = '\0';
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;
		u /= 100;
		*--p = pairs[d + 1];
		*--p = pairs[d];
	}
	if (u >= 10) {
		*--p = pairs[u * 2 + 1];
		*--p = pairs[u * 2];
	} else {
		*--p = (char)('0' + u);
	}
	if (v < 0)
		*--p = '-';
}

const char *path_basename(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}
