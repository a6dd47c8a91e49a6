/*
 * libFuzzer harness: rtab fmt (format_source, compiler/format/format.c), in
 * memory. The bytes are a .rtab source; when it parses, its layout must
 *   - be laid out already: fmt of the layout gives the layout (idempotent);
 *   - keep every comment, each once, its text unchanged;
 *   - keep a comment that follows code on a line after that code: what
 *     stands before it on its line in the layout is what stood before it
 *     in the source (the cells of a grid line, a row), blanks aside, or
 *     the end of it when the layout wrapped the line at a comma;
 *   - mean what the source meant: both build or neither does (rtab check's
 *     errors), and when they build, rtab diff's comparison of the two
 *     (every definition, label, rule reference, row and cell) finds nothing.
 * Diagnostics go to /dev/null; nothing is written to disk.
 */
#include "analysis/diff.h"
#include "analysis/facets.h"
#include "check/load.h"
#include "format/format.h"
#include "front/scan.h"

#include "fuzz_common.h"
#include "rtab_gen.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger sources only slow the search (the checks of the two loads). */
#define MAX_INPUT (1u << 16)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	sink = fopen("/dev/null", "w");
	if (!sink) {
		perror("fuzz_fmt: /dev/null");
		abort();
	}
	return 0;
}

/* A quarter of the mutations write a program from the grammar, an eighth
 * change a token or repeat a line (rtab_gen.c), the rest are libFuzzer's. */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	size_t n = 0;
	if (seed % 8 < 2)
		n = rtab_gen_replace(data, size, max_size, seed);
	else if (seed % 8 == 2)
		n = rtab_gen_mutate(data, size, max_size, seed);
	return n ? n : LLVMFuzzerMutate(data, size, max_size);
}

/* A comment of a text: its bytes, and the code before it on its line with
 * the blanks taken out (empty: the comment starts its line). */
typedef struct comment {
	const char *text;
	size_t len;
	char *code_before;
	size_t code_len;
	bool matched;
} comment;

typedef struct comments {
	const char *text;
	size_t len;
	size_t *line_starts;
	size_t nlines;
	comment *v;
	size_t n;
} comments;

/* The byte of a scanner location (its columns count characters of UTF-8). */
static size_t byte_at(const comments *c, src_loc at)
{
	if (at.line < 1)
		return 0;
	if ((size_t)at.line > c->nlines)
		return c->len;
	size_t p = c->line_starts[at.line - 1];
	for (int col = 1; col < at.col && p < c->len; col++) {
		p++;
		while (p < c->len && ((unsigned char)c->text[p] & 0xC0) == 0x80)
			p++;
	}
	return p;
}

static void collect(void *arg, const scan_item *s)
{
	comments *c = arg;
	if (s->token != SCAN_COMMENT)
		return;
	size_t start = byte_at(c, s->first), end = byte_at(c, s->last);
	while (end > start && strchr(" \t\r\n", c->text[end - 1]))
		end--;
	size_t line = c->line_starts[s->first.line >= 1 && (size_t)s->first.line <= c->nlines ? s->first.line - 1 : 0];
	char *code = xmalloc(start - line + 1);
	size_t k = 0;
	for (size_t i = line; i < start; i++)
		if (!strchr(" \t\r", c->text[i]))
			code[k++] = c->text[i];
	code[k] = '\0';
	c->v = xrealloc(c->v, (c->n + 1) * sizeof *c->v);
	c->v[c->n++] = (comment){c->text + start, end - start, code, k, false};
}

static void scan_comments(comments *c, const char *text, size_t len)
{
	memset(c, 0, sizeof *c);
	c->text = text;
	c->len = len;
	c->line_starts = xmalloc((len + 2) * sizeof *c->line_starts);
	c->line_starts[c->nlines++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n')
			c->line_starts[c->nlines++] = i + 1;
	diag_ctx d;
	diag_init(&d, "fuzz.rtab", text, len, sink);
	rtab_scan(text, len, &d, collect, c);
	diag_free(&d);
}

static void comments_free(comments *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].code_before);
	free(c->v);
	free(c->line_starts);
}

/* Whether the code after a wrap, b, is the end of a (or the other way). */
static bool ends_with(const char *a, size_t na, const char *b, size_t nb)
{
	return nb <= na && memcmp(a + na - nb, b, nb) == 0;
}

/* Every comment of the source once in the layout, with the code before it. */
static void check_comments(const char *src, size_t src_len, const char *out, size_t out_len)
{
	comments a, b;
	scan_comments(&a, src, src_len);
	scan_comments(&b, out, out_len);
	FUZZ_CHECK(a.n == b.n, "fmt: %zu comments in the source, %zu in the layout", a.n, b.n);
	for (size_t i = 0; i < a.n; i++) {
		const comment *s = &a.v[i];
		comment *found = NULL;
		for (size_t k = 0; k < b.n && !found; k++)
			if (!b.v[k].matched && b.v[k].len == s->len && memcmp(b.v[k].text, s->text, s->len) == 0)
				found = &b.v[k];
		FUZZ_CHECK(found, "fmt: the comment %.*s is lost", (int)(s->len < 200 ? s->len : 200), s->text);
		found->matched = true;
		if (s->code_len == 0)
			continue;
		FUZZ_CHECK(found->code_len > 0 &&
				   (ends_with(s->code_before, s->code_len, found->code_before, found->code_len) ||
				    ends_with(found->code_before, found->code_len, s->code_before, s->code_len)),
			   "fmt: the comment %.*s followed '%s' on its line; in the layout '%s'",
			   (int)(s->len < 200 ? s->len : 200), s->text, s->code_before, found->code_before);
	}
	comments_free(&a);
	comments_free(&b);
}

/* Load len bytes as rtab check loads a file; true when it has no error. */
static bool load(loaded *l, const char *data, size_t len, const char *name)
{
	char *text = xmalloc(len + 1);
	memcpy(text, data, len);
	text[len] = '\0';
	diag_options opts = {.max_work = FUZZ_MAX_WORK};
	return load_text(l, name, text, len, sink, &opts);
}

/* The source and its layout build alike, and rtab diff finds nothing between them. */
static void check_meaning(const char *src, size_t src_len, const char *out, size_t out_len)
{
	loaded a, b;
	bool ok_a = load(&a, src, src_len, "old.rtab"), ok_b = load(&b, out, out_len, "new.rtab");
	FUZZ_CHECK(ok_a == ok_b, "fmt: the source %s, its layout %s", ok_a ? "builds" : "does not build",
		   ok_b ? "builds" : "does not");
	if (ok_a && ok_b) {
		facet_set fa, fb;
		diff_result r = {0};
		facets_build(&fa, &a.model);
		facets_build(&fb, &b.model);
		diff_compare(&r, &fa, &fb, 0, NULL);
		if (r.n) {
			const diff_def *d = &r.defs[0];
			const facet_def *fd = d->old ? d->old : d->new;
			const diff_change *c = d->n ? &d->changes[0] : NULL;
			fuzz_fail("fmt: the layout means something else: %zu definitions differ, first %s '%s'"
				  " (%s: '%s' against '%s')",
				  r.n, facet_kind_word(fd->kind), fd->id, c ? diff_key(c) : "-",
				  c && c->old ? c->old->value : "-", c && c->new ? c->new->value : "-");
		}
		diff_free(&r);
		facets_free(&fa);
		facets_free(&fb);
	}
	loaded_free(&a);
	loaded_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > MAX_INPUT)
		return -1;
	/* The scanner reads a NUL-terminated text, as the file rtab fmt reads. */
	char *src = xmalloc(size + 1);
	memcpy(src, data, size);
	src[size] = '\0';
	strbuf once = {0}, twice = {0};
	diag_ctx d;
	diag_init(&d, "fuzz.rtab", src, size, sink);
	bool ok = format_source(src, size, &d, &once);
	diag_free(&d);
	if (ok) {
		const char *out = once.data ? once.data : "";
		diag_init(&d, "fuzz.rtab", out, once.len, sink);
		bool again = format_source(out, once.len, &d, &twice);
		diag_free(&d);
		FUZZ_CHECK(again, "fmt: the layout of a source that parses does not parse");
		FUZZ_CHECK(twice.len == once.len && memcmp(twice.data ? twice.data : "", out, once.len) == 0,
			   "fmt is not idempotent: the layout of the layout differs (%zu bytes against %zu)",
			   twice.len, once.len);
		check_comments(src, size, out, once.len);
		check_meaning(src, size, out, once.len);
	}
	sb_free(&once);
	sb_free(&twice);
	free(src);
	return 0;
}
