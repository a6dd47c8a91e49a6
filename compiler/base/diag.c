/* SPDX-License-Identifier: MIT */
#include "base/diag.h"
#include "base/json.h"

#include "base/util.h"
#include "base/work.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(diag_ctx *d, const char *path, const char *text, size_t len, FILE *out)
{
	d->path = path;
	d->parts = NULL;
	d->nparts = 0;
	d->text = text;
	d->len = len;
	d->line_starts = NULL;
	d->nlines = 0;
	d->out = out;
	d->errors = d->warnings = 0;
	d->opts = NULL;
	d->dedupe = false;
	d->seen = NULL;
	d->seen_cap = d->nseen = 0;
	d->muted = false;
	d->context = NULL;
	d->context_loc = (src_loc){0, 0};
	d->context_pending = false;
	d->unlisted = NULL;
	d->nunlisted = d->cap_unlisted = 0;
}

void diag_flush(diag_ctx *d)
{
	if (!d->context_pending || !d->context)
		return;
	const char *context = d->context;
	bool dedupe = d->dedupe;
	d->context = NULL; /* the note itself takes no note, and follows every finding */
	d->context_pending = false;
	d->dedupe = false;
	diag_report(d, SEV_NOTE, NULL, d->context_loc, "%s", context);
	d->context = context;
	d->dedupe = dedupe;
}

void diag_free(diag_ctx *d)
{
	free(d->line_starts);
	d->line_starts = NULL;
	for (size_t i = 0; i < d->seen_cap; i++)
		free(d->seen[i]);
	free(d->seen);
	d->seen = NULL;
	d->seen_cap = d->nseen = 0;
	free(d->unlisted);
	d->unlisted = NULL;
	d->nunlisted = d->cap_unlisted = 0;
}

void diag_unlisted_add(diag_ctx *d, src_loc loc)
{
	if (d->nunlisted == d->cap_unlisted) {
		d->cap_unlisted = d->cap_unlisted ? 2 * d->cap_unlisted : 64;
		d->unlisted = xrealloc(d->unlisted, d->cap_unlisted * sizeof *d->unlisted);
	}
	d->unlisted[d->nunlisted++] = loc;
}

static int loc_order(const void *a, const void *b)
{
	const src_loc *x = a, *y = b;
	if (x->line != y->line)
		return (x->line > y->line) - (x->line < y->line);
	return (x->col > y->col) - (x->col < y->col);
}

size_t diag_unlisted_count(diag_ctx *d)
{
	if (!d->nunlisted)
		return 0;
	qsort(d->unlisted, d->nunlisted, sizeof *d->unlisted, loc_order);
	size_t n = 1;
	for (size_t i = 1; i < d->nunlisted; i++)
		n += loc_order(&d->unlisted[i - 1], &d->unlisted[i]) != 0;
	return n;
}

static size_t hash_str(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Record key; false when it was there already. Takes ownership of key. */
static bool seen_add(diag_ctx *d, char *key)
{
	if (2 * (d->nseen + 1) > d->seen_cap) {
		size_t cap = d->seen_cap ? d->seen_cap * 2 : 64;
		char **t = xcalloc(cap, sizeof *t);
		for (size_t i = 0; i < d->seen_cap; i++) {
			if (!d->seen[i])
				continue;
			size_t h = hash_str(d->seen[i]) & (cap - 1);
			while (t[h])
				h = (h + 1) & (cap - 1);
			t[h] = d->seen[i];
		}
		free(d->seen);
		d->seen = t;
		d->seen_cap = cap;
	}
	size_t h = hash_str(key) & (d->seen_cap - 1);
	for (; d->seen[h]; h = (h + 1) & (d->seen_cap - 1)) {
		if (strcmp(d->seen[h], key) == 0) {
			free(key);
			return false;
		}
	}
	d->seen[h] = key;
	d->nseen++;
	return true;
}

/* Whether d has printed the message of key. */
static bool seen_has(const diag_ctx *d, const char *key)
{
	if (!d->seen_cap)
		return false;
	for (size_t h = hash_str(key) & (d->seen_cap - 1); d->seen[h]; h = (h + 1) & (d->seen_cap - 1))
		if (strcmp(d->seen[h], key) == 0)
			return true;
	return false;
}

static void index_lines(diag_ctx *d)
{
	size_t n = 1;
	for (size_t i = 0; i < d->len; i++)
		n += d->text[i] == '\n';
	d->line_starts = xmalloc(n * sizeof *d->line_starts);
	d->line_starts[0] = 0;
	d->nlines = 1;
	for (size_t i = 0; i < d->len; i++)
		if (d->text[i] == '\n')
			d->line_starts[d->nlines++] = i + 1;
}

/* Quoting a megabyte-long line helps nobody: show a window around the column. */
#define QUOTE_MAX 200

/* Appends the quoted line and its caret to out: a diagnostic is written in one
 * piece, not a character at a time to an unbuffered stderr. */
static void quote_line(diag_ctx *d, src_loc loc, strbuf *out)
{
	const char *line, *end, *p, *from;
	int col = 1, caret_col;

	if (!d->text || loc.line < 1)
		return;
	if (!d->line_starts)
		index_lines(d);
	if ((size_t)loc.line > d->nlines)
		return;
	line = d->text + d->line_starts[loc.line - 1];
	end = line;
	while (end < d->text + d->len && *end != '\n')
		end++;
	if (end > line && end[-1] == '\r')
		end--;

	/* The window starts QUOTE_MAX / 2 characters before the column, counted as the lexer does. */
	from = line;
	caret_col = loc.col;
	if (loc.col > QUOTE_MAX / 2 + 1) {
		int start = loc.col - QUOTE_MAX / 2; /* the character the window starts with */
		for (p = line; p < end; p++) {
			if (((unsigned char)*p & 0xC0) == 0x80)
				continue;
			if (col == start)
				break;
			col++;
		}
		from = p;
		caret_col = loc.col - start + 1;
	}
	sb_puts(out, " ");
	col = 0;
	for (p = from; p < end; p++) {
		unsigned char c = (unsigned char)*p;
		if ((c & 0xC0) != 0x80 && ++col > QUOTE_MAX)
			break;
		/* Control characters (C0, DEL, C1) would act on the terminal: show them as
		 * spaces; bytes that are not UTF-8 as '?'. */
		if (c == 0xC2 && p + 1 < end && (unsigned char)p[1] < 0xA0 && (unsigned char)p[1] >= 0x80) {
			sb_putc(out, ' ');
			p++;
			continue;
		}
		if (c >= 0x80 && (c & 0xC0) != 0x80 && utf8_char_len(p) == 0) {
			sb_putc(out, '?');
			continue;
		}
		sb_putc(out, (c < 0x20 && c != '\t') || c == 0x7F ? ' ' : c);
	}
	sb_puts(out, "\n ");
	col = 1;
	for (p = from; p < end && col < caret_col; p++) {
		if (((unsigned char)*p & 0xC0) == 0x80)
			continue;
		sb_putc(out, *p == '\t' ? '\t' : ' ');
		col++;
	}
	sb_puts(out, "^\n");
}

/* The file a line of the text is in, and its line there. */
static const char *where(const diag_ctx *d, int *line)
{
	const char *path = d->path;
	int first = 1;
	for (size_t i = 0; i < d->nparts; i++)
		if (*line >= d->parts[i].first_line) {
			path = d->parts[i].path;
			first = d->parts[i].first_line;
		}
	if (*line > 0)
		*line -= first - 1;
	return path;
}

static void report_json(diag_ctx *d, const char *sev, const char *check, src_loc loc,
			const char *msg)
{
	strbuf sb = {0};
	int line = loc.line;
	char *path = printable(where(d, &line)), *text = printable(msg);
	sb_putc(&sb, '{');
	json_file_line(&sb, path, line, loc.col);
	sb_printf(&sb, ", \"severity\": \"%s\", \"message\": ", sev);
	sb_put_json_string(&sb, text);
	free(path);
	free(text);
	sb_puts(&sb, ", \"check\": ");
	json_string(&sb, check);
	sb_puts(&sb, "}\n");
	fputs(sb.data, d->out);
	sb_free(&sb);
}

void diag_report(diag_ctx *d, severity sev, const char *check, src_loc loc, const char *fmt, ...)
{
	static const char *const names[] = {"note", "warning", "error"};
	va_list ap;

	if (sev == SEV_WARNING && d->opts && d->opts->werror)
		sev = SEV_ERROR;
	if (sev != SEV_NOTE)
		diag_flush(d);
	if (sev == SEV_ERROR)
		d->errors++;
	else if (sev == SEV_WARNING)
		d->warnings++;
	if (d->opts && d->opts->errors_only) {
		/* Errors and their notes are shown; a warning, its notes and lone notes are not. */
		if (sev != SEV_NOTE)
			d->hushed = sev == SEV_WARNING;
		if (sev == SEV_WARNING || (sev == SEV_NOTE && (d->hushed || check)))
			return;
	}
	strbuf msg = {0};
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	const char *text = msg.data ? msg.data : "";
	if (d->dedupe) {
		if (sev == SEV_NOTE && d->muted) {
			sb_free(&msg);
			return;
		}
		strbuf key = {0};
		sb_printf(&key, "%d:%d:%d:%s:%s", loc.line, loc.col, (int)sev, check ? check : "", text);
		bool fresh;
		if (d->opts && d->opts->said && seen_has(d->opts->said, key.data)) {
			sb_free(&key);
			fresh = false;
		} else {
			fresh = seen_add(d, key.data);
		}
		if (sev != SEV_NOTE)
			d->muted = !fresh;
		if (!fresh) {
			sb_free(&msg);
			return;
		}
	}
	if (d->opts && d->opts->json) {
		report_json(d, names[sev], check, loc, text);
	} else {
		/* Names and messages quote the input: never let its bytes act on a terminal. */
		strbuf line = {0};
		int at = loc.line;
		sb_put_printable(&line, where(d, &at));
		if (loc.line > 0)
			sb_printf(&line, ":%d:%d", at, loc.col);
		sb_printf(&line, ": %s: ", names[sev]);
		sb_put_printable(&line, text);
		if (check)
			sb_printf(&line, " [-W%s]", check);
		sb_putc(&line, '\n');
		quote_line(d, loc, &line);
		fputs(line.data, d->out);
		sb_free(&line);
	}
	sb_free(&msg);
	if (sev != SEV_NOTE && d->context)
		d->context_pending = true;
}

/* Where LOC stands in the source (its column counted in characters), or NULL. */
static const char *source_at(diag_ctx *d, src_loc loc)
{
	if (!d->text || loc.line < 1)
		return NULL;
	if (!d->line_starts)
		index_lines(d);
	if ((size_t)loc.line > d->nlines)
		return NULL;
	const char *p = d->text + d->line_starts[loc.line - 1], *end = d->text + d->len;
	for (int col = 1; p < end && *p != '\n'; p++) {
		if (((unsigned char)*p & 0xC0) == 0x80)
			continue;
		if (col++ == loc.col)
			break;
	}
	return p;
}

bool diag_source_word(diag_ctx *d, src_loc loc, char *buf, size_t n)
{
	const char *p = n ? source_at(d, loc) : NULL;
	if (!p)
		return false;
	const char *end = d->text + d->len;
	size_t k = 0;
	while (p + k < end && !strchr(" \t\r\n#", p[k]))
		k++;
	if (k == 0 || k >= n)
		return false;
	memcpy(buf, p, k);
	buf[k] = '\0';
	return true;
}

bool diag_source_until(diag_ctx *d, src_loc loc, const char *stops, char *buf, size_t n)
{
	const char *p = n >= 8 ? source_at(d, loc) : NULL;
	if (!p)
		return false;
	const char *end = d->text + d->len;
	size_t k = 0;
	while (p + k < end && p[k] != '\n' && p[k] != '#' && !strchr(stops, p[k]))
		k++;
	while (k > 0 && strchr(" \t\r", p[k - 1]))
		k--;
	if (k == 0)
		return false;
	if (k >= n) { /* cut at a character's start, "..." after it */
		k = n - 4;
		while (k > 0 && ((unsigned char)p[k] & 0xC0) == 0x80)
			k--;
		memcpy(buf, p, k);
		memcpy(buf + k, "...", 4);
		return true;
	}
	memcpy(buf, p, k);
	buf[k] = '\0';
	return true;
}

void diag_past_work(diag_ctx *d, severity sev, src_loc loc, const char *what, uint64_t needed,
		    uint64_t limit)
{
	char need[64] = "";
	if (needed != UINT64_MAX)
		snprintf(need, sizeof need, " needs %llu steps,", (unsigned long long)needed);
	diag_report(d, sev, NULL, loc,
		    "%s%s past the work budget of %llu steps; raise it with " WORK_OPTION " N", what,
		    need, (unsigned long long)limit);
	diag_flush(d);
}
