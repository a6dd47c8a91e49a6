#include "util.h"

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

static void sb_reserve(strbuf *sb, size_t more)
{
	if (sb->len + more + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + more + 1)
		cap *= 2;
	sb->data = xrealloc(sb->data, cap);
	sb->cap = cap;
}

void sb_put(strbuf *sb, const char *s, size_t n)
{
	sb_reserve(sb, n);
	memcpy(sb->data + sb->len, s, n);
	sb->len += n;
	sb->data[sb->len] = '\0';
}

void sb_putc(strbuf *sb, char c)
{
	sb_put(sb, &c, 1);
}

void sb_puts(strbuf *sb, const char *s)
{
	sb_put(sb, s, strlen(s));
}

void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	sb_reserve(sb, (size_t)n);
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

void sb_put_json_string(strbuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
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

void sb_free(strbuf *sb)
{
	free(sb->data);
	sb->data = NULL;
	sb->len = sb->cap = 0;
}

void sb_put_c_string(strbuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
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

struct arena_block {
	arena_block *next;
	max_align_t data[];
};

void *arena_alloc(arena *a, size_t n)
{
	arena_block *b = xcalloc(1, sizeof *b + (n ? n : 1));
	b->next = a->head;
	a->head = b;
	return b->data;
}

char *arena_strdup(arena *a, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *p = arena_alloc(a, n);
	memcpy(p, s, n);
	return p;
}

void arena_free(arena *a)
{
	while (a->head) {
		arena_block *n = a->head->next;
		free(a->head);
		a->head = n;
	}
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
