/*
 * The player aid as PDF, laid out by rtab itself with cairo and pango (any
 * script, print quality, no browser needed). Each table or matrix with its
 * heading is one block: a block that does not fit under the last one starts
 * a new page or goes on over the next under "(continued)", cut between its
 * parts and lines; a grid too wide is cut into groups of columns. Two
 * locales go side by side where both fit half the width, else one below the
 * other. Nothing is drawn smaller but what cannot be cut (a line of a grid
 * taller than a page, a column wider than it). Every page carries the
 * ruleset, its edition and a page number. Without cairo and pango at build
 * time there is no PDF.
 */
#include "export/aid.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "base/msg.h"

#include "export/aid_pdf_beside.h"
#include "export/aid_pdf_cut.h"
#include "export/aid_pdf_draw.h"
#include "export/aid_pdf_sheet.h"
#include "export/paper.h"
#include "export/pdf_boxes.h"

#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

const char *export_pdf_unavailable(void)
{
	const char *why;
	pdf_lib = pdf_libs_open(&why);
	return why;
}

#define MARGIN 48.0
#define HEAD 30.0 /* the band of the page header */

typedef struct page_geometry {
	double w, h;
} page_geometry;

typedef struct placed {
	const aid_unit *u;
	size_t page;
	double x, y;
	double layout; /* the width its text is laid out in */
	double scale;  /* then drawn at this scale */
} placed;

/* Lay a block out to fit width and height: the width its text wraps in
 * and the scale it is drawn at (1 when it fits as it is); its height on
 * the page in *h. The paragraphs wrap at the width a scale leaves them and
 * the cells widen with it, so the block is measured again at each scale.
 * Only a block that cannot be cut (a line of a grid taller than a page, a
 * column wider than it) is drawn smaller. */
static void fit(cairo_t *cr, placed *at, double width, double height, double *h)
{
	double layout = width, need, tall = 0, scale = 1.0;
	for (int i = 0; i < 4; i++) {
		tall = put_unit(cr, at->u, 0, 0, layout, false, &need);
		scale = width / need < 1.0 ? width / need : 1.0;
		scale = height / tall < scale ? height / tall : scale;
		if (width / scale - layout < 1.0 || i == 3)
			break;
		layout = width / scale;
	}
	/* What is drawn is what was measured last: need >= layout, so it fits. */
	at->layout = layout;
	at->scale = scale;
	*h = tall * scale;
}

#define PAIR_GAP 16.0 /* between two locales side by side */

/* SOURCE_DATE_EPOCH (reproducible-builds.org) as the PDF's date, or false. */
static bool pdf_date(char *out, size_t size)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end;
	if (!epoch || !*epoch)
		return false;
	errno = 0;
	long long v = strtoll(epoch, &end, 10);
	if (*end || errno || v < 0)
		return false;
	time_t t = (time_t)v;
	struct tm tm;
	if (!gmtime_r(&t, &tm))
		return false;
	return strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0;
}

static cairo_status_t to_buffer(void *closure, const unsigned char *data, unsigned int length)
{
	sb_put(closure, (const char *)data, length);
	return CAIRO_STATUS_SUCCESS;
}

static void page_frame(cairo_t *cr, const aid_doc *docs, size_t ndocs, page_geometry pg, size_t page,
		       size_t pages)
{
	strbuf sb = {0};
	double width = pg.w - 2 * MARGIN;
	pdf_lib->cairo_set_source_rgb(cr, 0, 0, 0);
	/* Two lines, each cut short rather than wrapped into the page's body. */
	for (size_t line = 0; line < 2; line++) {
		sb_clear(&sb);
		for (size_t i = 0; i < ndocs; i++)
			sb_printf(&sb, "%s%s", i ? " / " : "", line ? docs[i].stamp : docs[i].title);
		PangoLayout *l = pdf_layout(cr, line ? "DejaVu Sans 7.5" : "DejaVu Sans Bold 8", sb.data, width);
		pdf_lib->pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
		pdf_lib->cairo_move_to(cr, MARGIN, MARGIN - HEAD + 11.0 * (double)line);
		pdf_show(cr, l);
		pdf_lib->g_object_unref(l);
	}
	PangoLayout *l;
	pdf_lib->cairo_set_line_width(cr, 0.8);
	pdf_lib->cairo_move_to(cr, MARGIN, MARGIN - 6);
	pdf_lib->cairo_rel_line_to(cr, width, 0);
	pdf_lib->cairo_stroke(cr);
	sb_clear(&sb);
	msg_lang first =
		aid_doc_words(&docs[0]); /* the page's number in the first locale's language */
	sb_printf(&sb, msg_in(first, "Page %zu of %zu"), page + 1, pages);
	l = pdf_layout(cr, "DejaVu Sans 8", sb.data, width);
	pdf_lib->pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	pdf_lib->cairo_move_to(cr, MARGIN, pg.h - MARGIN + 8);
	pdf_show(cr, l);
	pdf_lib->g_object_unref(l);
	pdf_lib->cairo_set_source_rgb(cr, 0, 0, 0);
	sb_free(&sb);
}
/* The pages, each on the sheet sh; as_1_4: a PDF 1.4, of plain objects only. */
static void write_pages(strbuf *out, const aid_doc *docs, size_t ndocs, paper_size size, sheet sh, bool as_1_4,
			strbuf *unset)
{
	page_geometry pg = {size.width, size.height};
	double slug = (double)sh.slug / 1000;
	double width = pg.w - 2 * MARGIN, height = pg.h - 2 * MARGIN;
	cairo_surface_t *s =
		pdf_lib->cairo_pdf_surface_create_for_stream(to_buffer, out, pg.w + 2 * slug, pg.h + 2 * slug);
	if (as_1_4)
		pdf_lib->cairo_pdf_surface_restrict_to_version(s, CAIRO_PDF_VERSION_1_4);
	pdf_lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, docs[0].title);
	pdf_lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "rtab");
	char when[32];
	if (pdf_date(when, sizeof when)) /* reproducible builds: the same input, the same bytes */
		pdf_lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, when);
	cairo_t *cr = pdf_lib->cairo_create(s);
	if (unset)
		pdf_collect_unset(cr, unset);
	/* One locale: a block that does not fit goes on over the next page. Two
	 * side by side: a pair beside each other cut alike, or stacked. */
	split_doc cut[EXPORT_MAX_LOCALES];
	aid_doc pieces[EXPORT_MAX_LOCALES];
	pair_rows rows = {NULL, 0};
	double half = (width - PAIR_GAP * (double)(ndocs - 1)) / (double)ndocs;
	memset(cut, 0, sizeof cut);
	if (ndocs == 1) {
		split_tall(cr, docs, &cut[0], width, height);
		for (size_t u = 0; u < cut[0].d.nunits; u++) {
			pair_row_add(&rows, cut, 1, 0, false, false);
			rows.row[u].unit[0] = u;
		}
	} else {
		split_pairs(cr, docs, ndocs, cut, &rows, width, half, height);
	}
	for (size_t d = 0; d < ndocs; d++)
		pieces[d] = cut[d].d;
	docs = pieces;

	/* Place every block first: the footers need the number of pages. A
	 * row never splits: it starts a page when it does not fit under the
	 * last one or when its cutting began a page with it. */
	size_t nl = ndocs, n = 0, page = 0;
	placed *at = calloc(rows.n * nl + 1, sizeof *at);
	double y = 0;
	for (size_t r = 0; r < rows.n; r++) {
		const pair_row *row = &rows.row[r];
		placed *here = &at[n];
		size_t count = row->across ? 1 : nl;
		double h[EXPORT_MAX_LOCALES], tallest = 0;
		for (size_t i = 0; i < count; i++) {
			size_t d = row->across ? row->locale : i;
			double w = row->across ? width : half;
			here[i] = (placed){&docs[d].units[row->unit[d]], 0, row->across ? 0 : (half + PAIR_GAP) * (double)i,
					   0, w, 1.0};
			fit(cr, &here[i], w, height, &h[i]);
			tallest = h[i] > tallest ? h[i] : tallest;
		}
		if (y > 0 && (row->fresh || y + tallest > height)) {
			page++;
			y = 0;
		}
		for (size_t i = 0; i < count; i++) {
			here[i].page = page;
			here[i].y = y;
		}
		n += count;
		y += tallest + GAP;
	}
	free(rows.row);
	size_t pages = page + 1;
	for (size_t p = 0, k = 0; p < pages; p++) {
		pdf_lib->cairo_save(cr);
		pdf_lib->cairo_translate(cr, slug, slug); /* the page where it is cut */
		page_frame(cr, docs, ndocs, pg, p, pages);
		for (; k < n && at[k].page == p; k++) {
			double need;
			pdf_lib->cairo_save(cr);
			pdf_lib->cairo_translate(cr, MARGIN + at[k].x, MARGIN + at[k].y);
			pdf_lib->cairo_scale(cr, at[k].scale, at[k].scale);
			put_unit(cr, at[k].u, 0, 0, at[k].layout, true, &need);
			pdf_lib->cairo_restore(cr);
		}
		pdf_lib->cairo_restore(cr);
		if (sh.slug)
			crop_marks(cr, sh);
		pdf_lib->cairo_show_page(cr);
	}
	free(at);
	for (size_t d = 0; d < ndocs; d++)
		split_free(&cut[d]);
	pdf_lib->cairo_destroy(cr);
	pdf_lib->cairo_surface_finish(s);
	pdf_lib->cairo_surface_destroy(s);
}

bool aid_pdf_write(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper, const paper_trim *trim,
		   strbuf *unset)
{
	/* Callers asked export_pdf_unavailable before they chose PDF. */
	if (export_pdf_unavailable())
		return false;
	paper_size size;
	if (!paper_find(paper, &size))
		paper_find(NULL, &size);
	sheet sh = sheet_of(size, trim);
	if (!sh.slug) {
		write_pages(out, docs, ndocs, size, sh, false, unset);
		return true;
	}
	/* PDF space runs up from the sheet's foot: the boxes as it reads them. */
	pdf_box trimmed = {sh.slug, sh.slug, sh.slug + sh.w, sh.slug + sh.h};
	pdf_box bleed = {trimmed.x0 - sh.bleed, trimmed.y0 - sh.bleed, trimmed.x1 + sh.bleed, trimmed.y1 + sh.bleed};
	/* A cairo that keeps pages in object streams keeps them out at PDF 1.4;
	 * the file as cairo writes it first, since 1.4 loses the text of
	 * ligatures ("ﬀ") to a reader. */
	bool ok = false;
	for (int as_1_4 = 0; as_1_4 < 2 && !ok; as_1_4++) {
		strbuf pdf = {0};
		write_pages(&pdf, docs, ndocs, size, sh, as_1_4, unset);
		ok = pdf_set_boxes(&pdf, trimmed, bleed);
		if (ok)
			sb_put(out, pdf.data, pdf.len);
		sb_free(&pdf);
	}
	return ok;
}

static void aid_pdf_begin(export_ctx *c)
{
	aid_doc docs[EXPORT_MAX_LOCALES];
	aid_build_marked(c, docs);
	if (!aid_pdf_write(c->out, docs, c->nlocales, c->paper, &c->trim, c->unset))
		c->failed = "cairo wrote a PDF whose pages rtab cannot give a trim box";
	aid_free_all(c, docs);
}

#else

const char *export_pdf_unavailable(void)
{
	return "it needs cairo and pango when rtab is built";
}

/* Never reached: rtab export and verify refuse --format pdf when it is not built in. */
static void aid_pdf_begin(export_ctx *c)
{
	(void)c;
}

bool aid_pdf_write(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper, const paper_trim *trim,
		   strbuf *unset)
{
	(void)out;
	(void)docs;
	(void)ndocs;
	(void)paper;
	(void)trim;
	(void)unset;
	return false;
}

#endif

/* How many characters without a glyph a warning names; it counts the rest. */
#define UNSET_NAMED 12

void aid_unset_warning(strbuf *sb, const char *unset)
{
	size_t n = 0;
	strbuf named = {0};
	for (const char *s = unset ? unset : ""; *s; n++) {
		size_t len = utf8_char_len(s);
		if (!len) /* never: the collector writes UTF-8 */
			len = 1;
		unsigned long c = (unsigned char)*s & (len == 1 ? 0x7F : 0xFF >> (len + 1));
		for (size_t i = 1; i < len; i++)
			c = c << 6 | ((unsigned char)s[i] & 0x3F);
		if (n < UNSET_NAMED)
			sb_printf(&named, "%s%.*s (U+%04lX)", n ? ", " : "", (int)len, s, c);
		s += len;
	}
	if (!n)
		return;
	if (n > UNSET_NAMED)
		sb_printf(&named, " and %zu more", n - UNSET_NAMED);
	/* The pages are set in DejaVu Sans (aid_pdf_draw.c); pango takes a
	 * character it lacks from any other font fontconfig finds. */
	sb_printf(sb,
		  "the PDF prints %zu character%s as boxes: %s; no installed font has %s (the aid is set in "
		  "DejaVu Sans, and any other installed font that has a character stands in): install a font "
		  "that has %s (Debian: fonts-noto-cjk for Chinese, Japanese and Korean, fonts-noto-core for "
		  "most other scripts) and print it again, or print --format html, which the browser sets in "
		  "the reader's fonts",
		  n, n == 1 ? "" : "s", named.data, n == 1 ? "a glyph for it" : "glyphs for them",
		  n == 1 ? "it" : "them");
	sb_free(&named);
}

const export_emitter export_aid_pdf_emitter = {
	"pdf", aid_pdf_begin, NULL, NULL, NULL, aid_emit_end, NULL,
};
