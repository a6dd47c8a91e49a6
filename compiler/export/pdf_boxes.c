/* The trim and bleed boxes of a PDF's pages (see pdf_boxes.h). */
#include "export/pdf_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where needle starts in data[from..end), or end. */
static size_t find(const char *data, size_t from, size_t end, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = from; i + n <= end; i++)
		if (memcmp(data + i, needle, n) == 0)
			return i;
	return end;
}

static bool read_number(const char *data, size_t len, size_t *at, long *v)
{
	size_t i = *at;
	*v = 0;
	if (i >= len || data[i] < '0' || data[i] > '9')
		return false;
	for (; i < len && data[i] >= '0' && data[i] <= '9'; i++) {
		if (*v > 99999999L) /* past 999999999: no offset rtab writes */
			return false;
		*v = *v * 10 + (data[i] - '0');
	}
	*at = i;
	return true;
}

static void put_points(strbuf *sb, long millipoints)
{
	if (millipoints < 0) {
		sb_putc(sb, '-');
		millipoints = -millipoints;
	}
	sb_printf(sb, "%ld.%03ld", millipoints / 1000, millipoints % 1000);
}

static void put_box(strbuf *sb, const char *name, pdf_box b)
{
	sb_printf(sb, "\n   /%s [ ", name);
	put_points(sb, b.x0);
	sb_putc(sb, ' ');
	put_points(sb, b.y0);
	sb_putc(sb, ' ');
	put_points(sb, b.x1);
	sb_putc(sb, ' ');
	put_points(sb, b.y1);
	sb_puts(sb, " ]");
}

/* The end of a page's /MediaBox [ ... ] in the object at o: where the
 * boxes go; 0 when the object is no page. */
static size_t page_media_box_end(const strbuf *pdf, size_t o)
{
	const char *d = pdf->data;
	size_t end = find(d, o, pdf->len, "endobj");
	size_t at = find(d, o, end, "obj");
	if (at == end)
		return 0;
	at += 3;
	while (at < end && (d[at] == ' ' || d[at] == '\n' || d[at] == '\r'))
		at++;
	static const char page[] = "<< /Type /Page";
	if (end - at <= sizeof page || memcmp(d + at, page, sizeof page - 1) != 0 ||
	    !strchr(" \n\r%/>", d[at + sizeof page - 1]))
		return 0;
	size_t box = find(d, at, end, "/MediaBox [");
	size_t close = box < end ? find(d, box, end, "]") : end;
	return close < end ? close + 1 : 0;
}

bool pdf_set_boxes(strbuf *pdf, pdf_box trim, pdf_box bleed)
{
	const char *d = pdf->data;
	size_t len = pdf->len;
	/* The one cross-reference table: its subsections, each entry 20 bytes. */
	size_t sx = len;
	for (size_t at = find(d, 0, len, "startxref"); at < len; at = find(d, at + 1, len, "startxref"))
		sx = at;
	size_t at = sx + strlen("startxref");
	while (at < len && (d[at] == '\n' || d[at] == '\r'))
		at++;
	long xref;
	if (sx == len || !read_number(d, len, &at, &xref) || (size_t)xref >= sx ||
	    find(d, (size_t)xref, (size_t)xref + 5, "xref") != (size_t)xref)
		return false;
	size_t *entries = NULL, nentries = 0; /* where each entry in use stands */
	at = (size_t)xref + 4;
	while (at < sx && (d[at] == '\n' || d[at] == '\r'))
		at++;
	bool ok = true;
	while (ok && at < sx && d[at] != 't') { /* until "trailer" */
		long first, count;
		ok = read_number(d, sx, &at, &first) && at < sx && d[at++] == ' ' && read_number(d, sx, &at, &count);
		while (ok && at < sx && (d[at] == ' ' || d[at] == '\n' || d[at] == '\r'))
			at++;
		for (long k = 0; ok && k < count; k++, at += 20) {
			ok = at + 20 <= sx;
			if (ok && d[at + 17] == 'n') {
				entries = xrealloc(entries, (nentries + 1) * sizeof *entries);
				entries[nentries++] = at;
			}
		}
	}
	/* The pages: where each one's boxes go, in the order of the file. */
	size_t *ends = xcalloc(nentries ? nentries : 1, sizeof *ends), nends = 0;
	for (size_t i = 0; ok && i < nentries; i++) {
		long o;
		size_t p = entries[i];
		ok = read_number(d, len, &p, &o) && (size_t)o < (size_t)xref;
		size_t e = ok ? page_media_box_end(pdf, (size_t)o) : 0;
		if (e)
			ends[nends++] = e;
	}
	ok = ok && nends > 0;
	if (!ok) {
		free(entries);
		free(ends);
		return false;
	}
	for (size_t i = 1; i < nends; i++) /* in order, for the offsets below */
		for (size_t k = i; k > 0 && ends[k - 1] > ends[k]; k--) {
			size_t t = ends[k];
			ends[k] = ends[k - 1];
			ends[k - 1] = t;
		}
	strbuf boxes = {0};
	put_box(&boxes, "BleedBox", bleed);
	put_box(&boxes, "TrimBox", trim);
	strbuf out = {0};
	size_t from = 0;
	for (size_t i = 0; i < nends; i++) {
		sb_put(&out, d + from, ends[i] - from);
		sb_put(&out, boxes.data, boxes.len);
		from = ends[i];
	}
	sb_put(&out, d + from, sx - from);
	/* Each object after a page moved by the boxes written before it. */
	size_t moved = boxes.len * nends;
	for (size_t i = 0; i < nentries; i++) {
		size_t p = entries[i];
		long o;
		read_number(d, len, &p, &o);
		size_t before = 0;
		while (before < nends && ends[before] <= (size_t)o)
			before++;
		char field[16];
		snprintf(field, sizeof field, "%010lu", (unsigned long)((size_t)o + before * boxes.len));
		memcpy(out.data + entries[i] + moved, field, 10);
	}
	sb_puts(&out, "startxref\n");
	sb_put_int(&out, (long long)((size_t)xref + moved));
	sb_puts(&out, "\n%%EOF\n");
	sb_free(&boxes);
	free(entries);
	free(ends);
	sb_free(pdf);
	*pdf = out;
	return true;
}
