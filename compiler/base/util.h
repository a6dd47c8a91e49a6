/* SPDX-License-Identifier: MIT */
/* Allocation that cannot fail silently, and a growable string buffer. */
#ifndef RTAB_UTIL_H
#define RTAB_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A new string, printf-formatted. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
char *xasprintf(const char *fmt, ...);

typedef struct strbuf {
	char *data;
	size_t len, cap;
} strbuf;

/* Make room for more bytes and the terminating NUL (the slow path of sb_put). */
void sb_grow(strbuf *sb, size_t more);

/* Appends inline: the emitters call them for every cell of every table. */
static inline void sb_put(strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap)
		sb_grow(sb, n);
	memcpy(sb->data + sb->len, s, n);
	sb->len += n;
	sb->data[sb->len] = '\0';
}

static inline void sb_putc(strbuf *sb, char c)
{
	if (sb->len + 2 > sb->cap)
		sb_grow(sb, 1);
	sb->data[sb->len++] = c;
	sb->data[sb->len] = '\0';
}

static inline void sb_puts(strbuf *sb, const char *s)
{
	sb_put(sb, s, strlen(s));
}
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void sb_printf(strbuf *sb, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap);
void sb_free(strbuf *sb);
/* Append a decimal integer (what sb_printf("%lld") appends, without the format machinery). */
void sb_put_int(strbuf *sb, long long v);
/* Empty sb for reuse: its text as well as its length. */
void sb_clear(strbuf *sb);
/* Append the id of each of n elements (a struct whose first member is its id,
 * stride bytes apart) to sb, each after a comma when sb holds text. */
void sb_join_ids(strbuf *sb, const void *base, size_t n, size_t stride);

/* The length of the valid UTF-8 character at s, or 0 when its bytes are not one. */
size_t utf8_char_len(const char *s);
/* Append s for a terminal or a log: control characters (C0, DEL, C1) and
 * bytes that are not UTF-8 become visible escapes (\n, \t, \xNN). */
void sb_put_printable(strbuf *sb, const char *s);
/* The same as a new string, to free. */
char *printable(const char *s);



/* An arena: many allocations carved from a few large blocks, one release.
 * Memory comes zeroed, aligned for any type. */
typedef struct arena_block arena_block;
typedef struct arena {
	arena_block *head;
	char *next, *end; /* the free part of the head block */
} arena;

void *arena_alloc(arena *a, size_t n);
char *arena_strdup(arena *a, const char *s);
/* The first n bytes of s and a NUL, unaligned. */
char *arena_strndup(arena *a, const char *s, size_t n);
void arena_free(arena *a);

/* A map from strings to ints (open addressing): linear-time duplicate
 * detection and lookup over definitions of any size. Keys are not copied. */
typedef struct idmap {
	const char **keys;
	int *values;
	size_t cap, n;
} idmap;

/* The value of key, or -1. */
int idmap_get(const idmap *map, const char *key);
/* Add key with value unless present; returns the value it already had, or -1. */
int idmap_put(idmap *map, const char *key, int value);
void idmap_free(idmap *map);

/* Edit distance, for "did you mean" suggestions. */
size_t edit_distance(const char *a, const char *b);

/* The final component of a path, for banners. */
const char *path_basename(const char *path);

/* The greatest common divisor of a and b (a when b is 0): fractions in lowest terms. */
static inline uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}
#endif
