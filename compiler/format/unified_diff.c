/* SPDX-License-Identifier: MIT */
/* A unified diff of two texts by the longest common subsequence of their lines. */
#include "format/unified_diff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 3
/* Beyond this many cells the changed middle is shown as replaced whole. */
#define MAX_TABLE (4u << 20)

typedef struct text_line {
	const char *s;
	size_t n; /* with its '\n', if it has one */
} text_line;

static text_line *split_lines(const char *text, size_t len, size_t *count)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	text_line *lines = xcalloc(n + 2, sizeof *lines);
	size_t k = 0, from = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n') {
			lines[k++] = (text_line){text + from, i + 1 - from};
			from = i + 1;
		}
	if (from < len)
		lines[k++] = (text_line){text + from, len - from};
	*count = k;
	return lines;
}

static bool same(const text_line *a, const text_line *b)
{
	return a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

/* One step of the edit: ' ' kept, '-' removed from old, '+' added from new. */
typedef struct edit {
	char op;
	const text_line *line;
} edit;

static void put_line(strbuf *out, char op, const text_line *l)
{
	sb_putc(out, op);
	sb_put(out, l->s, l->n);
	if (l->n == 0 || l->s[l->n - 1] != '\n')
		sb_puts(out, "\n\\ No newline at end of file\n");
}

static size_t middle_edits(const text_line *a, size_t na, const text_line *b, size_t nb, edit *e)
{
	size_t k = 0;
	if (na == 0 || nb == 0 || (uint64_t)(na + 1) * (nb + 1) > MAX_TABLE) {
		for (size_t i = 0; i < na; i++)
			e[k++] = (edit){'-', &a[i]};
		for (size_t j = 0; j < nb; j++)
			e[k++] = (edit){'+', &b[j]};
		return k;
	}
	/* lcs[i][j]: the common lines of a[i..] and b[j..] */
	uint32_t *lcs = xcalloc((na + 1) * (nb + 1), sizeof *lcs);
#define LCS(i, j) lcs[(i) * (nb + 1) + (j)]
	for (size_t i = na; i-- > 0;)
		for (size_t j = nb; j-- > 0;)
			LCS(i, j) = same(&a[i], &b[j]) ? LCS(i + 1, j + 1) + 1
				  : LCS(i + 1, j) >= LCS(i, j + 1) ? LCS(i + 1, j)
								    : LCS(i, j + 1);
	size_t i = 0, j = 0;
	while (i < na || j < nb) {
		if (i < na && j < nb && same(&a[i], &b[j])) {
			e[k++] = (edit){' ', &a[i]};
			i++;
			j++;
		} else if (j == nb || (i < na && LCS(i + 1, j) >= LCS(i, j + 1))) {
			e[k++] = (edit){'-', &a[i++]};
		} else {
			e[k++] = (edit){'+', &b[j++]};
		}
	}
#undef LCS
	free(lcs);
	return k;
}

bool unified_diff(const char *name, const char *old_text, size_t old_len, const char *new_text,
		  size_t new_len, strbuf *out)
{
	if (old_len == new_len && memcmp(old_text, new_text, old_len) == 0)
		return false;
	size_t na, nb;
	text_line *a = split_lines(old_text, old_len, &na);
	text_line *b = split_lines(new_text, new_len, &nb);
	size_t pre = 0, post = 0;
	while (pre < na && pre < nb && same(&a[pre], &b[pre]))
		pre++;
	while (post < na - pre && post < nb - pre && same(&a[na - 1 - post], &b[nb - 1 - post]))
		post++;
	edit *e = xcalloc(na + nb + 1, sizeof *e);
	size_t ne = 0;
	for (size_t i = 0; i < pre; i++)
		e[ne++] = (edit){' ', &a[i]};
	ne += middle_edits(a + pre, na - pre - post, b + pre, nb - pre - post, e + ne);
	for (size_t i = na - post; i < na; i++)
		e[ne++] = (edit){' ', &a[i]};

	sb_printf(out, "--- a/%s\n+++ b/%s\n", name, name);
	size_t old_no = 0, new_no = 0; /* lines of each before e[k] */
	for (size_t k = 0; k < ne;) {
		if (e[k].op == ' ') {
			old_no++;
			new_no++;
			k++;
			continue;
		}
		/* A hunk: the changes from k on, while no more than 2*CONTEXT kept lines part them. */
		size_t from = k >= CONTEXT ? k - CONTEXT : 0, end = k;
		for (size_t kept = 0; end < ne && kept <= 2 * CONTEXT; end++)
			kept = e[end].op == ' ' ? kept + 1 : 0;
		while (end > k && e[end - 1].op == ' ')
			end--;
		size_t to = end + CONTEXT < ne ? end + CONTEXT : ne;
		size_t old_from = old_no - (k - from), new_from = new_no - (k - from);
		size_t old_count = 0, new_count = 0;
		for (size_t x = from; x < to; x++) {
			old_count += e[x].op != '+';
			new_count += e[x].op != '-';
		}
		sb_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n", old_count ? old_from + 1 : old_from, old_count,
			  new_count ? new_from + 1 : new_from, new_count);
		for (size_t x = from; x < to; x++)
			put_line(out, e[x].op, e[x].line);
		for (size_t x = k; x < to; x++) {
			old_no += e[x].op != '+';
			new_no += e[x].op != '-';
		}
		k = to;
	}
	free(e);
	free(a);
	free(b);
	return true;
}
