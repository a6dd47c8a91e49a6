/*
 * The player aid's blocks drawn on a PDF page (or only measured): text laid
 * out by pango, grids with their borders, a column's width from its cells,
 * a grid too wide cut into groups of columns, change bars.
 */
#include "export/aid_pdf_draw.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The libraries' functions, opened by the first PDF written (pdf_libs.h). */
const pdf_libs *pdf_lib;

#define PAD 3.0   /* inside a cell */
#define GROUP_GAP 8.0 /* between the parts of a grid split by columns */

/* Where cr keeps the characters it could not set (cairo's user data). */
static const cairo_user_data_key_t unset_key;

void pdf_collect_unset(cairo_t *cr, strbuf *unset)
{
	pdf_lib->cairo_set_user_data(cr, &unset_key, unset, NULL);
}

/* c as UTF-8 at the end of sb, unless sb holds it already. */
static void add_char(strbuf *sb, uint32_t c)
{
	char u[5] = {0};
	if (c < 0x80) {
		u[0] = (char)c;
	} else if (c < 0x800) {
		u[0] = (char)(0xC0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3F));
	} else if (c < 0x10000) {
		u[0] = (char)(0xE0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3F));
		u[2] = (char)(0x80 | (c & 0x3F));
	} else {
		u[0] = (char)(0xF0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3F));
		u[2] = (char)(0x80 | (c >> 6 & 0x3F));
		u[3] = (char)(0x80 | (c & 0x3F));
	}
	if (!sb->data || !strstr(sb->data, u))
		sb_puts(sb, u);
}

void pdf_show(cairo_t *cr, PangoLayout *l)
{
	pdf_lib->pango_cairo_show_layout(cr, l);
	strbuf *unset = pdf_lib->cairo_get_user_data(cr, &unset_key);
	if (!unset)
		return;
	/* A glyph pango found in no font is the character with the unknown
	 * flag (PANGO_GET_UNKNOWN_GLYPH), drawn as a box with its code. */
	for (int i = 0; i < pdf_lib->pango_layout_get_line_count(l); i++)
		for (GSList *run = pdf_lib->pango_layout_get_line_readonly(l, i)->runs; run; run = run->next) {
			const PangoGlyphString *gs = ((const PangoGlyphItem *)run->data)->glyphs;
			for (int g = 0; g < gs->num_glyphs; g++) {
				PangoGlyph glyph = gs->glyphs[g].glyph;
				uint32_t c = glyph & ~PANGO_GLYPH_UNKNOWN_FLAG;
				if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) && glyph != PANGO_GLYPH_EMPTY &&
				    glyph != PANGO_GLYPH_INVALID_INPUT && c >= 0x20 && c <= 0x10FFFF)
					add_char(unset, c);
			}
		}
}

PangoLayout *pdf_layout(cairo_t *cr, const char *font, const char *text, double width)
{
	PangoLayout *l = pdf_lib->pango_cairo_create_layout(cr);
	PangoFontDescription *fd = pdf_lib->pango_font_description_from_string(font);
	pdf_lib->pango_layout_set_font_description(l, fd);
	pdf_lib->pango_font_description_free(fd);
	if (width > 0) {
		pdf_lib->pango_layout_set_width(l, (int)(width * PANGO_SCALE));
		pdf_lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	pdf_lib->pango_layout_set_text(l, text ? text : "", -1);
	return l;
}

static void text_size(PangoLayout *l, double *w, double *h)
{
	PangoRectangle logical;
	pdf_lib->pango_layout_get_extents(l, NULL, &logical);
	*w = (double)logical.width / PANGO_SCALE;
	*h = (double)logical.height / PANGO_SCALE;
}

/* Draw (or only measure, when draw is false) a layout at x, y; its height. */
static double put_text(cairo_t *cr, const char *font, const char *text, double x, double y, double width,
		       bool draw)
{
	PangoLayout *l = pdf_layout(cr, font, text, width);
	double w, h;
	text_size(l, &w, &h);
	if (draw) {
		pdf_lib->cairo_move_to(cr, x, y);
		pdf_show(cr, l);
	}
	pdf_lib->g_object_unref(l);
	return h;
}

#define CELL_FONT "DejaVu Sans 8"
#define HEAD_FONT "DejaVu Sans Bold 8"
/* The widest a cell grows before its text wraps: headers stay narrow, so
 * that a grid of long column names still fits a page. */
#define HEAD_WIDTH 84.0
#define CELL_WIDTH 230.0

/* The widest a body cell grows in a block of this width: narrower in half
 * a page, so that a pair of grids stays side by side. */
static double cell_most(double width)
{
	double most = width * 0.4;
	return most < HEAD_WIDTH ? HEAD_WIDTH : most > CELL_WIDTH ? CELL_WIDTH : most;
}

/* The layout of a grid's cell in row r, wrapped at its widest: the header
 * at HEAD_WIDTH, the body at body_most, and neither wider than cap. */
static PangoLayout *cell_layout(cairo_t *cr, size_t r, const char *text, double body_most, double cap)
{
	/* An empty cell as a space: pango sizes "" in its own default font. */
	PangoLayout *l = pdf_layout(cr, r ? CELL_FONT : HEAD_FONT, *text ? text : " ", 0);
	double w, h, most = r ? body_most : HEAD_WIDTH;
	most = cap < most ? cap : most;
	text_size(l, &w, &h);
	if (w > most) {
		pdf_lib->pango_layout_set_width(l, (int)(most * PANGO_SCALE));
		pdf_lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	return l;
}

/* The layout of a cell wrapped at its column's width (no narrower than
 * cell_layout measured it), centred but in the first column. */
static PangoLayout *column_layout(cairo_t *cr, size_t r, const char *text, double width, bool first)
{
	PangoLayout *l = cell_layout(cr, r, text, width, width);
	pdf_lib->pango_layout_set_width(l, (int)((width - 2 * PAD) * PANGO_SCALE));
	pdf_lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pdf_lib->pango_layout_set_alignment(l, first ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER);
	return l;
}

/* The width of each column (cw) with every cell wrapped at its widest and
 * at most cap; a cell's width is its widest line, a word wider than the
 * cap included (a cell wraps between words, never inside one). */
static void widths_at(cairo_t *cr, const grid *g, double width, double cap, double *cw)
{
	for (size_t c = 0; c < g->ncols; c++)
		cw[c] = 0;
	for (size_t r = 0; r < grid_rows(g); r++)
		for (size_t c = 0; c < g->ncols; c++) {
			double tw, th;
			PangoLayout *l = cell_layout(cr, r, grid_at(g, r, c), cell_most(width), cap);
			text_size(l, &tw, &th);
			pdf_lib->g_object_unref(l);
			cw[c] = tw + 2 * PAD > cw[c] ? tw + 2 * PAD : cw[c];
		}
}

double sum_of(const double *v, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* The width of each column of a grid set in width (cw: g->ncols of them).
 * Each cell is as wide as its text, up to its widest (cell_most, or
 * HEAD_WIDTH for a header). A grid wider than width first wraps its body
 * cells narrower, all at one cap and no narrower than a header wraps
 * (HEAD_WIDTH): the widest cap at which the grid fits, within a point. Only
 * a grid that does not fit even so keeps its natural widths and is cut into
 * groups of columns (column_groups). */
#define CAP_STEPS 8 /* halvings of CELL_WIDTH - HEAD_WIDTH: within a point */
void column_widths(cairo_t *cr, const grid *g, double width, double *cw)
{
	size_t cols = g->ncols;
	widths_at(cr, g, width, CELL_WIDTH, cw);
	if (sum_of(cw, cols) <= width)
		return;
	double *at = xcalloc(cols, sizeof *at);
	widths_at(cr, g, width, HEAD_WIDTH, at);
	if (sum_of(at, cols) <= width) {
		double lo = HEAD_WIDTH, hi = CELL_WIDTH; /* lo fits, hi does not */
		for (int i = 0; i < CAP_STEPS; i++) {
			double cap = (lo + hi) / 2;
			widths_at(cr, g, width, cap, at);
			if (sum_of(at, cols) <= width)
				lo = cap;
			else
				hi = cap;
		}
		widths_at(cr, g, width, lo, cw);
	}
	free(at);
}

/* Columns in groups that fit the width, the first column (the roll, a
 * row's name) repeated at the head of each: group[k] the first column of
 * the k-th, group[n] the number of columns; n returned. group holds
 * cols + 1. */
size_t column_groups(const double *cw, size_t cols, double width, size_t *group)
{
	size_t n = 0;
	for (size_t c = 1; c < cols;) {
		double used = cw[0] + cw[c];
		group[n++] = c++;
		while (c < cols && used + cw[c] <= width)
			used += cw[c++];
	}
	if (!n)
		group[n++] = cols; /* the first column alone */
	group[n] = cols;
	return n;
}

/* A change bar (--changes-since) in the margin left of x, from y down h. */
#define BAR_GAP 6.0
#define BAR_WIDTH 2.5
static void change_bar(cairo_t *cr, double x, double y, double h)
{
	pdf_lib->cairo_set_source_rgb(cr, 0, 0, 0);
	pdf_lib->cairo_rectangle(cr, x - BAR_GAP - BAR_WIDTH, y, BAR_WIDTH, h);
	pdf_lib->cairo_fill(cr);
}

/* A grid with its borders; its width in *w, its height returned. */
static double put_grid(cairo_t *cr, const aid_part *p, double x, double y, double width, bool draw, double *w)
{
	const grid *g = &p->g;
	size_t rows = grid_rows(g), cols = g->ncols;
	double *cw = calloc(cols, sizeof *cw), *rh = calloc(rows, sizeof *rh);
	column_widths(cr, g, width, cw);
	/* The heights again, each cell wrapped at its column's final width. */
	double *ch = calloc(rows * cols + 1, sizeof *ch);
	for (size_t r = 0; r < rows; r++)
		for (size_t c = 0; c < cols; c++) {
			double tw, th;
			PangoLayout *l = column_layout(cr, r, grid_at(g, r, c), cw[c], c == 0);
			text_size(l, &tw, &th);
			pdf_lib->g_object_unref(l);
			ch[r * cols + c] = th + 2 * PAD;
		}
	/* Columns in groups that fit the width, the first column (the roll, a
	 * row's name) repeated at the head of each: a grid too wide for the
	 * page is printed in parts one below the other, not shrunk. */
	size_t *group = calloc(cols + 1, sizeof *group); /* the first column of each group */
	size_t ngroups = column_groups(cw, cols, width, group);
	double total_w = 0, total_h = GROUP_GAP * (double)(ngroups - 1);
	for (size_t k = 0; k < ngroups; k++) {
		double gw = cw[0];
		for (size_t c = group[k]; c < group[k + 1]; c++)
			gw += cw[c];
		total_w = gw > total_w ? gw : total_w;
	}
	double yy = y;
	for (size_t k = 0; k < ngroups; k++) {
		/* Each part's lines as tall as its own cells need. */
		for (size_t r = 0; r < rows; r++) {
			rh[r] = ch[r * cols];
			for (size_t c = group[k]; c < group[k + 1]; c++)
				rh[r] = ch[r * cols + c] > rh[r] ? ch[r * cols + c] : rh[r];
			total_h += rh[r];
		}
		if (!draw)
			continue;
		pdf_lib->cairo_set_line_width(cr, 0.6);
		for (size_t r = 0; r < rows; r++) {
			double xx = x;
			if (p->changed_rows && p->changed_rows[r])
				change_bar(cr, x, yy, rh[r]);
			for (size_t c = 0; c < group[k + 1]; c = c ? c + 1 : group[k]) {
				const char *text = grid_at(g, r, c);
				bool joined_above = r > 1 && p->span && p->span[c] &&
						    strcmp(grid_at(g, r - 1, c), text) == 0;
				bool joined_below = r && r + 1 < rows && p->span && p->span[c] &&
						    strcmp(grid_at(g, r + 1, c), text) == 0;
				if (r == 0 || grid_marked(g, r, c)) { /* a header; a marked cell (a difference) */
					if (r == 0)
						pdf_lib->cairo_set_source_rgb(cr, 0.91, 0.89, 0.85);
					else
						pdf_lib->cairo_set_source_rgb(cr, 1.0, 0.82, 0.82);
					pdf_lib->cairo_rectangle(cr, xx, yy, cw[c], rh[r]);
					pdf_lib->cairo_fill(cr);
				}
				pdf_lib->cairo_set_source_rgb(cr, 0, 0, 0);
				/* An end column prints its result once, the lines that read alike joined. */
				pdf_lib->cairo_move_to(cr, xx, yy);
				pdf_lib->cairo_rel_line_to(cr, 0, rh[r]);
				pdf_lib->cairo_move_to(cr, xx + cw[c], yy);
				pdf_lib->cairo_rel_line_to(cr, 0, rh[r]);
				if (!joined_above) {
					pdf_lib->cairo_move_to(cr, xx, yy);
					pdf_lib->cairo_rel_line_to(cr, cw[c], 0);
				}
				if (!joined_below) {
					pdf_lib->cairo_move_to(cr, xx, yy + rh[r]);
					pdf_lib->cairo_rel_line_to(cr, cw[c], 0);
				}
				pdf_lib->cairo_stroke(cr);
				if (!joined_above) {
					PangoLayout *l = column_layout(cr, r, text, cw[c], c == 0);
					pdf_lib->cairo_move_to(cr, xx + PAD, yy + PAD);
					pdf_show(cr, l);
					pdf_lib->g_object_unref(l);
				}
				xx += cw[c];
			}
			yy += rh[r];
		}
		yy += GROUP_GAP;
	}
	free(group);
	free(ch);
	free(cw);
	free(rh);
	*w = total_w;
	return total_h;
}

/* A block: its heading and parts at x, y in width; its natural width (the
 * widest grid, at least width) in *need, its height returned. */
double put_unit(cairo_t *cr, const aid_unit *u, double x, double y, double width, bool draw,
		       double *need)
{
	strbuf head = {0};
	sb_puts(&head, u->heading);
	if (u->rule)
		sb_printf(&head, " (%s)", u->rule);
	double h = put_text(cr, "DejaVu Sans Bold 11", head.data, x, y, width, draw) + 4;
	sb_free(&head);
	*need = width;
	for (size_t k = 0; k < u->nparts; k++) {
		const aid_part *p = &u->parts[k];
		double gw = 0;
		if (p->apart && k)
			h += GROUP_GAP;
		if (p->kind == AID_GRID) {
			h += put_grid(cr, p, x, y + h, width, draw, &gw) + 4;
		} else {
			double th = put_text(cr, "DejaVu Sans 8.5", p->text, x, y + h, width, draw);
			if (draw && p->changed)
				change_bar(cr, x, y + h, th);
			h += th + 4;
		}
		*need = gw > *need ? gw : *need;
	}
	return h;
}

/* The height of one part as put_unit sets it (its gap below included). */
double part_height(cairo_t *cr, const aid_part *p, double width)
{
	double gw;
	if (p->kind == AID_GRID)
		return put_grid(cr, p, 0, 0, width, false, &gw) + 4 + (p->apart ? GROUP_GAP : 0);
	return put_text(cr, "DejaVu Sans 8.5", p->text, 0, 0, width, false) + 4;
}

#else

/* Built without cairo and pango: nothing to draw; ISO C wants a declaration here. */
typedef int aid_pdf_draw_not_built;

#endif
