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

#include "export/paper.h"
#include "export/pdf_boxes.h"
#include "export/pdf_libs.h"

#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

/* The libraries' functions, opened by the first PDF written (pdf_libs.h). */
static const pdf_libs *lib;

const char *export_pdf_unavailable(void)
{
	const char *why;
	lib = pdf_libs_open(&why);
	return why;
}

#define MARGIN 48.0
#define HEAD 30.0 /* the band of the page header */
#define GAP 14.0  /* between blocks */
#define PAD 3.0   /* inside a cell */
#define GROUP_GAP 8.0 /* between the parts of a grid split by columns */

typedef struct page_geometry {
	double w, h;
} page_geometry;

static PangoLayout *layout(cairo_t *cr, const char *font, const char *text, double width)
{
	PangoLayout *l = lib->pango_cairo_create_layout(cr);
	PangoFontDescription *fd = lib->pango_font_description_from_string(font);
	lib->pango_layout_set_font_description(l, fd);
	lib->pango_font_description_free(fd);
	if (width > 0) {
		lib->pango_layout_set_width(l, (int)(width * PANGO_SCALE));
		lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	lib->pango_layout_set_text(l, text ? text : "", -1);
	return l;
}

static void text_size(PangoLayout *l, double *w, double *h)
{
	PangoRectangle logical;
	lib->pango_layout_get_extents(l, NULL, &logical);
	*w = (double)logical.width / PANGO_SCALE;
	*h = (double)logical.height / PANGO_SCALE;
}

/* Draw (or only measure, when draw is false) a layout at x, y; its height. */
static double put_text(cairo_t *cr, const char *font, const char *text, double x, double y, double width,
		       bool draw)
{
	PangoLayout *l = layout(cr, font, text, width);
	double w, h;
	text_size(l, &w, &h);
	if (draw) {
		lib->cairo_move_to(cr, x, y);
		lib->pango_cairo_show_layout(cr, l);
	}
	lib->g_object_unref(l);
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
	PangoLayout *l = layout(cr, r ? CELL_FONT : HEAD_FONT, *text ? text : " ", 0);
	double w, h, most = r ? body_most : HEAD_WIDTH;
	most = cap < most ? cap : most;
	text_size(l, &w, &h);
	if (w > most) {
		lib->pango_layout_set_width(l, (int)(most * PANGO_SCALE));
		lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	}
	return l;
}

/* The layout of a cell wrapped at its column's width (no narrower than
 * cell_layout measured it), centred but in the first column. */
static PangoLayout *column_layout(cairo_t *cr, size_t r, const char *text, double width, bool first)
{
	PangoLayout *l = cell_layout(cr, r, text, width, width);
	lib->pango_layout_set_width(l, (int)((width - 2 * PAD) * PANGO_SCALE));
	lib->pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	lib->pango_layout_set_alignment(l, first ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER);
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
			lib->g_object_unref(l);
			cw[c] = tw + 2 * PAD > cw[c] ? tw + 2 * PAD : cw[c];
		}
}

static double sum_of(const double *v, size_t n)
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
static void column_widths(cairo_t *cr, const grid *g, double width, double *cw)
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
static size_t column_groups(const double *cw, size_t cols, double width, size_t *group)
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
	lib->cairo_set_source_rgb(cr, 0, 0, 0);
	lib->cairo_rectangle(cr, x - BAR_GAP - BAR_WIDTH, y, BAR_WIDTH, h);
	lib->cairo_fill(cr);
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
			lib->g_object_unref(l);
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
		lib->cairo_set_line_width(cr, 0.6);
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
						lib->cairo_set_source_rgb(cr, 0.91, 0.89, 0.85);
					else
						lib->cairo_set_source_rgb(cr, 1.0, 0.82, 0.82);
					lib->cairo_rectangle(cr, xx, yy, cw[c], rh[r]);
					lib->cairo_fill(cr);
				}
				lib->cairo_set_source_rgb(cr, 0, 0, 0);
				/* An end column prints its result once, the lines that read alike joined. */
				lib->cairo_move_to(cr, xx, yy);
				lib->cairo_rel_line_to(cr, 0, rh[r]);
				lib->cairo_move_to(cr, xx + cw[c], yy);
				lib->cairo_rel_line_to(cr, 0, rh[r]);
				if (!joined_above) {
					lib->cairo_move_to(cr, xx, yy);
					lib->cairo_rel_line_to(cr, cw[c], 0);
				}
				if (!joined_below) {
					lib->cairo_move_to(cr, xx, yy + rh[r]);
					lib->cairo_rel_line_to(cr, cw[c], 0);
				}
				lib->cairo_stroke(cr);
				if (!joined_above) {
					PangoLayout *l = column_layout(cr, r, text, cw[c], c == 0);
					lib->cairo_move_to(cr, xx + PAD, yy + PAD);
					lib->pango_cairo_show_layout(cr, l);
					lib->g_object_unref(l);
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
static double put_unit(cairo_t *cr, const aid_unit *u, double x, double y, double width, bool draw,
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
static double part_height(cairo_t *cr, const aid_part *p, double width)
{
	double gw;
	if (p->kind == AID_GRID)
		return put_grid(cr, p, 0, 0, width, false, &gw) + 4 + (p->apart ? GROUP_GAP : 0);
	return put_text(cr, "DejaVu Sans 8.5", p->text, 0, 0, width, false) + 4;
}

/* Units cut to fit a page: a unit taller than the page goes on over the
 * next ones, its heading repeated with "(continued)"; a grid taller than
 * the page is cut between its lines, its header repeated. The units share
 * their text with the document they come from; split_free frees what the
 * cutting made. */
typedef struct split_doc {
	aid_doc d;
	aid_part **grids; /* the grids and paragraphs cut from a wide, a tall one */
	size_t ngrids;
} split_doc;

static aid_part *split_keep(split_doc *out, aid_part *q)
{
	out->grids = xrealloc(out->grids, (out->ngrids + 1) * sizeof *out->grids);
	out->grids[out->ngrids++] = q;
	return q;
}

static aid_unit *split_unit(split_doc *out, const aid_unit *u, bool continued)
{
	out->d.units = xrealloc(out->d.units, (out->d.nunits + 1) * sizeof *out->d.units);
	aid_unit *n = &out->d.units[out->d.nunits++];
	strbuf head = {0};
	if (continued)
		sb_printf(&head, msg("%s (continued)"), u->heading);
	else
		sb_puts(&head, u->heading);
	*n = (aid_unit){head.data, u->rule, NULL, 0, NULL, 0};
	return n;
}

static void split_add(aid_unit *n, const aid_part *p)
{
	n->parts = xrealloc(n->parts, (n->nparts + 1) * sizeof *n->parts);
	n->parts[n->nparts++] = *p;
}

/* The header of p and its lines from..to-1, as a grid of its own. */
static aid_part *sub_grid(split_doc *out, const aid_part *p, size_t from, size_t to)
{
	aid_part *q = xcalloc(1, sizeof *q);
	q->kind = AID_GRID;
	grid_init(&q->g, p->g.ncols);
	if (p->changed_rows)
		q->changed_rows = xcalloc(to - from + 1, sizeof *q->changed_rows);
	for (size_t r = 0, k = 0; r < to; r = r ? r + 1 : from, k++) {
		if (p->changed_rows)
			q->changed_rows[k] = p->changed_rows[r];
		for (size_t c = 0; c < p->g.ncols; c++) {
			grid_cell(&q->g, grid_at(&p->g, r, c));
			if (grid_marked(&p->g, r, c))
				grid_mark(&q->g);
		}
	}
	for (size_t c = 0; c < p->g.ncols; c++)
		q->g.right[c] = p->g.right[c];
	if (p->span) {
		q->span = xcalloc(p->g.ncols, sizeof *q->span);
		memcpy(q->span, p->span, p->g.ncols * sizeof *q->span);
	}
	q->apart = p->apart && from == 1;
	return split_keep(out, q);
}

/* The first column of p and its columns first..past-1, as a grid of its own. */
static aid_part *column_grid(split_doc *out, const aid_part *p, size_t first, size_t past, bool apart)
{
	aid_part *q = xcalloc(1, sizeof *q);
	q->kind = AID_GRID;
	q->apart = apart;
	grid_init(&q->g, past - first + 1);
	q->span = xcalloc(past - first + 1, sizeof *q->span);
	if (p->changed_rows) {
		q->changed_rows = xcalloc(grid_rows(&p->g) + 1, sizeof *q->changed_rows);
		memcpy(q->changed_rows, p->changed_rows, grid_rows(&p->g) * sizeof *q->changed_rows);
	}
	for (size_t r = 0; r < grid_rows(&p->g); r++)
		for (size_t c = 0; c < past; c = c ? c + 1 : first) {
			grid_cell(&q->g, grid_at(&p->g, r, c));
			if (grid_marked(&p->g, r, c))
				grid_mark(&q->g);
		}
	for (size_t c = 0, k = 0; c < past; c = c ? c + 1 : first, k++) {
		q->g.right[k] = p->g.right[c];
		q->span[k] = p->span && p->span[c];
	}
	return split_keep(out, q);
}

/* The paragraph p from byte from to byte to, as a paragraph of its own. */
static aid_part *text_piece(split_doc *out, const aid_part *p, size_t from, size_t to)
{
	aid_part *q = xcalloc(1, sizeof *q);
	q->kind = AID_TEXT;
	q->changed = p->changed;
	q->text = xcalloc(to - from + 1, 1);
	memcpy(q->text, p->text + from, to - from);
	return split_keep(out, q);
}

static void split_part(cairo_t *cr, split_doc *out, const aid_unit *u, aid_unit **n, const aid_part *p,
		       double head, double *used, double width, double height);
static void split_free(split_doc *s);

/* Whether a piece of a unit holds a grid yet (else only its heading and paragraphs). */
static bool holds_grid(const aid_unit *n)
{
	for (size_t k = 0; k < n->nparts; k++)
		if (n->parts[k].kind == AID_GRID)
			return true;
	return false;
}

/* The height of the least of a grid a page may end with: its header and
 * first line (of its first group of columns, when cut into groups). */
static double opening_height(cairo_t *cr, const aid_part *p, double width)
{
	split_doc scratch = {{0}, NULL, 0};
	const aid_part *q = p;
	if (p->g.ncols > 2) {
		double *cw = xcalloc(p->g.ncols, sizeof *cw);
		size_t *group = xcalloc(p->g.ncols + 1, sizeof *group);
		column_widths(cr, &p->g, width, cw);
		if (column_groups(cw, p->g.ncols, width, group) > 1)
			q = column_grid(&scratch, p, group[0], group[1], false);
		free(cw);
		free(group);
	}
	double h = part_height(cr, grid_rows(&q->g) > 2 ? sub_grid(&scratch, q, 1, 2) : q, width);
	split_free(&scratch);
	return h;
}

/* A paragraph taller than a page, cut between its lines into pieces that fit one. */
static void split_text(cairo_t *cr, split_doc *out, const aid_unit *u, aid_unit **n, const aid_part *p,
		       double head, double *used, double width, double height)
{
	PangoLayout *l = layout(cr, "DejaVu Sans 8.5", p->text, width);
	int lines = lib->pango_layout_get_line_count(l);
	size_t from = 0;
	double h = 0;
	for (int i = 0; i < lines; i++) {
		PangoLayoutLine *line = lib->pango_layout_get_line_readonly(l, i);
		PangoRectangle logical;
		lib->pango_layout_line_get_extents(line, NULL, &logical);
		double lh = (double)logical.height / PANGO_SCALE;
		size_t end = (size_t)line->start_index;
		if (h > 0 && head + h + lh + 4 > height) {
			split_part(cr, out, u, n, text_piece(out, p, from, end), head, used, width, height);
			from = end;
			h = 0;
		}
		h += lh;
	}
	split_part(cr, out, u, n, text_piece(out, p, from, strlen(p->text)), head, used, width, height);
	lib->g_object_unref(l);
}

/* One part into the units cut to fit a page: where it fits, else on the
 * next page under the heading "(continued)"; a grid too wide in groups of
 * its columns, each a part (so that each goes on over pages alike); a grid
 * taller than a page cut between its lines, a paragraph between its lines. */
static void split_part(cairo_t *cr, split_doc *out, const aid_unit *u, aid_unit **n, const aid_part *p,
		       double head, double *used, double width, double height)
{
	if (p->kind == AID_GRID && p->g.ncols > 2) {
		double *cw = xcalloc(p->g.ncols, sizeof *cw);
		size_t *group = xcalloc(p->g.ncols + 1, sizeof *group);
		column_widths(cr, &p->g, width, cw);
		size_t ngroups = column_groups(cw, p->g.ncols, width, group);
		free(cw);
		if (ngroups > 1) {
			for (size_t k = 0; k < ngroups; k++)
				split_part(cr, out, u, n, column_grid(out, p, group[k], group[k + 1], p->apart || k), head,
					   used, width, height);
			free(group);
			return;
		}
		free(group);
	}
	double ph = part_height(cr, p, width);
	if (*used + ph <= height) {
		split_add(*n, p);
		*used += ph;
		return;
	}
	if (p->kind == AID_TEXT && head + ph > height && strchr(p->text, ' ')) {
		split_text(cr, out, u, n, p, head, used, width, height);
		return;
	}
	/* A heading keeps with what follows it: a grid that does not fit under
	 * a heading and its lead-in paragraphs begins there, cut between its
	 * lines, rather than leave them at the foot of the page. */
	bool opens = p->kind == AID_GRID && (*n)->nparts && !holds_grid(*n) && grid_rows(&p->g) >= 3 &&
		     *used + opening_height(cr, p, width) <= height;
	if (p->kind != AID_GRID || (head + ph <= height && !opens) || grid_rows(&p->g) < 3) {
		if ((*n)->nparts)
			*n = split_unit(out, u, true);
		split_add(*n, p);
		*used = head + ph;
		return;
	}
	/* A grid taller than a page: as many lines as fit, the header over each part. */
	size_t rows = grid_rows(&p->g);
	for (size_t from = 1; from < rows;) {
		size_t to = from + 1;
		const aid_part *fits = sub_grid(out, p, from, to);
		double h = part_height(cr, fits, width);
		if (*used + h > height && (*n)->nparts) {
			*n = split_unit(out, u, true);
			*used = head;
		}
		while (to < rows) {
			const aid_part *more = sub_grid(out, p, from, to + 1);
			double mh = part_height(cr, more, width);
			if (*used + mh > height)
				break;
			fits = more;
			h = mh;
			to++;
		}
		split_add(*n, fits);
		*used += h;
		from = to;
		if (from < rows) {
			*n = split_unit(out, u, true);
			*used = head;
		}
	}
}

/* How full a page may be and still take the start of a block that goes on
 * over the next page, rather than the whole block on the next page: a
 * page half empty is filled. */
#define SPLIT_FILL 0.5

static void split_free(split_doc *s)
{
	for (size_t i = 0; i < s->d.nunits; i++) {
		free(s->d.units[i].heading);
		free(s->d.units[i].parts);
	}
	free(s->d.units);
	for (size_t i = 0; i < s->ngrids; i++) {
		if (s->grids[i]->kind == AID_GRID)
			grid_free(&s->grids[i]->g);
		free(s->grids[i]->span);
		free(s->grids[i]->changed_rows);
		free(s->grids[i]->text);
		free(s->grids[i]);
	}
	free(s->grids);
}

/* The height of the first piece split_part makes of p: of a grid too wide
 * for the width, its first group of columns; else of p. */
static double first_piece_height(cairo_t *cr, const aid_part *p, double width)
{
	if (p->kind != AID_GRID || p->g.ncols <= 2)
		return part_height(cr, p, width);
	double *cw = xcalloc(p->g.ncols, sizeof *cw);
	size_t *group = xcalloc(p->g.ncols + 1, sizeof *group);
	column_widths(cr, &p->g, width, cw);
	double h;
	if (column_groups(cw, p->g.ncols, width, group) > 1) {
		split_doc scratch = {{0}, NULL, 0};
		h = part_height(cr, column_grid(&scratch, p, group[0], group[1], false), width);
		split_free(&scratch);
	} else {
		h = part_height(cr, p, width);
	}
	free(cw);
	free(group);
	return h;
}

/* What a unit's heading keeps with it on its page: the paragraphs that
 * lead to the unit's first grid and that grid, whole when it fits a page
 * under them, else its header and first line; of a unit without a grid,
 * its first piece. */
static double kept_with_heading(cairo_t *cr, const aid_unit *u, double head, double width, double height)
{
	double lead = 0;
	for (size_t k = 0; k < u->nparts; k++) {
		const aid_part *p = &u->parts[k];
		if (p->kind != AID_GRID) {
			lead += part_height(cr, p, width);
			continue;
		}
		double whole = first_piece_height(cr, p, width);
		return lead + (head + lead + whole <= height ? whole : opening_height(cr, p, width));
	}
	return u->nparts ? first_piece_height(cr, &u->parts[0], width) : 0;
}

/* One unit into the units cut to fit a page, under the block that reaches
 * *y down its page (0: a page's top); *y set to where its last piece ends.
 * fresh: start it on a page of its own. Whether it starts a page. */
static bool split_one(cairo_t *cr, split_doc *out, const aid_unit *u, double width, double height, double *y,
		      bool fresh)
{
	double need, head = put_unit(cr, &(aid_unit){u->heading, u->rule, NULL, 0, NULL, 0}, 0, 0, width, false, &need);
	double total = head, first = kept_with_heading(cr, u, head, width, height);
	for (size_t k = 0; k < u->nparts; k++)
		total += part_height(cr, &u->parts[k], width);
	/* Where it starts: under the last block; on the next page when it does
	 * not fit there and either it fits a page and this one is more than
	 * half full, or its heading and first part do not fit there. */
	double start = *y > 0 ? *y + GAP : 0;
	if (start > 0 && (fresh || (start + total > height &&
				    ((total <= height && height - start < SPLIT_FILL * height) ||
				     start + head + first > height))))
		start = 0;
	aid_unit *n = split_unit(out, u, false);
	double used = start + head;
	for (size_t k = 0; k < u->nparts; k++)
		split_part(cr, out, u, &n, &u->parts[k], head, &used, width, height);
	*y = used;
	return start == 0;
}

static void split_tall(cairo_t *cr, const aid_doc *in, split_doc *out, double width, double height)
{
	*out = (split_doc){{in->lang, in->title, in->stamp, NULL, 0}, NULL, 0};
	double y = 0; /* how far down its page the last block reaches */
	for (size_t i = 0; i < in->nunits; i++)
		split_one(cr, out, &in->units[i], width, height, &y, false);
}

/* Two locales side by side: a line of the pages is either a unit of each
 * locale beside each other, each in its part of the width, or one
 * locale's unit across the whole width (a pair stacked). */
typedef struct pair_row {
	size_t unit[EXPORT_MAX_LOCALES]; /* the units, in each locale's cut document */
	size_t locale;                   /* across: whose unit */
	bool across;                     /* one unit across the whole width */
	bool fresh;                      /* it starts a page */
} pair_row;

typedef struct pair_rows {
	pair_row *row;
	size_t n;
} pair_rows;

static void pair_row_add(pair_rows *rows, const split_doc *out, size_t ndocs, size_t locale, bool across,
			 bool fresh)
{
	rows->row = xrealloc(rows->row, (rows->n + 1) * sizeof *rows->row);
	pair_row *r = &rows->row[rows->n++];
	*r = (pair_row){{0}, locale, across, fresh};
	for (size_t d = 0; d < ndocs; d++)
		r->unit[d] = out[d].d.nunits ? out[d].d.nunits - 1 : 0;
}

/* Whether the units of a pair can go beside each other at their own size,
 * each in width, cut alike over pages where they are taller than one: the
 * same parts (a grid of as many lines and columns in each locale), every
 * grid whole across the width (wrapped, not cut into groups of columns),
 * every paragraph and every line of a grid under a heading within a page,
 * and each heading with what it keeps within one. */
static bool fits_beside(cairo_t *cr, const aid_unit *const *u, size_t ndocs, double width, double height)
{
	for (size_t d = 0; d < ndocs; d++) {
		if (u[d]->nparts != u[0]->nparts)
			return false;
		double need, head = put_unit(cr, &(aid_unit){u[d]->heading, u[d]->rule, NULL, 0, NULL, 0}, 0, 0, width,
					     false, &need);
		if (head + kept_with_heading(cr, u[d], head, width, height) > height)
			return false;
		for (size_t k = 0; k < u[d]->nparts; k++) {
			const aid_part *p = &u[d]->parts[k], *q = &u[0]->parts[k];
			if (p->kind != q->kind)
				return false;
			if (p->kind != AID_GRID) {
				if (head + part_height(cr, p, width) > height)
					return false;
				continue;
			}
			if (p->g.ncols != q->g.ncols || grid_rows(&p->g) != grid_rows(&q->g))
				return false;
			double *cw = xcalloc(p->g.ncols, sizeof *cw);
			column_widths(cr, &p->g, width, cw);
			bool wide = sum_of(cw, p->g.ncols) > width;
			free(cw);
			if (wide)
				return false;
			split_doc scratch = {{0}, NULL, 0};
			for (size_t r = 1; r < grid_rows(&p->g) && !wide; r++)
				wide = head + part_height(cr, sub_grid(&scratch, p, r, r + 1), width) > height;
			split_free(&scratch);
			if (wide)
				return false;
		}
	}
	return true;
}

/* The next piece of each unit of a pair, under its heading "(continued)". */
static void beside_go_on(split_doc *out, const aid_unit *const *u, size_t ndocs, aid_unit **n, double *used,
			 const double *head)
{
	for (size_t d = 0; d < ndocs; d++) {
		n[d] = split_unit(&out[d], u[d], true);
		used[d] = head[d];
	}
}

/* Whether every unit of a pair takes a height more where it is. */
static bool beside_room(const double *used, const double *more, size_t ndocs, double height)
{
	for (size_t d = 0; d < ndocs; d++)
		if (used[d] + more[d] > height)
			return false;
	return true;
}

/* A pair of units beside each other, cut alike where it is taller than the
 * page: between their parts (the k-th of one beside the k-th of the
 * other) and a grid between its lines (the same lines in each locale, its
 * header repeated), under their headings and "(continued)"; a row of the
 * pages per piece. It starts under the block that reaches *y down its page
 * (by the rules of one locale, split_one) and sets *y where it ends. */
static void split_beside(cairo_t *cr, split_doc *out, pair_rows *rows, const aid_unit *const *u, size_t ndocs,
			 double width, double height, double *y)
{
	aid_unit *n[EXPORT_MAX_LOCALES];
	double head[EXPORT_MAX_LOCALES], used[EXPORT_MAX_LOCALES], more[EXPORT_MAX_LOCALES];
	double start = *y > 0 ? *y + GAP : 0;
	bool late = false;
	for (size_t d = 0; d < ndocs; d++) {
		double need, total, first;
		head[d] = put_unit(cr, &(aid_unit){u[d]->heading, u[d]->rule, NULL, 0, NULL, 0}, 0, 0, width, false,
				   &need);
		total = head[d];
		first = kept_with_heading(cr, u[d], head[d], width, height);
		for (size_t k = 0; k < u[d]->nparts; k++)
			total += part_height(cr, &u[d]->parts[k], width);
		late |= start > 0 && start + total > height &&
			((total <= height && height - start < SPLIT_FILL * height) || start + head[d] + first > height);
	}
	if (late)
		start = 0;
	for (size_t d = 0; d < ndocs; d++) {
		n[d] = split_unit(&out[d], u[d], false);
		used[d] = start + head[d];
	}
	pair_row_add(rows, out, ndocs, 0, false, start == 0);
	for (size_t k = 0; k < u[0]->nparts; k++) {
		const aid_part *p[EXPORT_MAX_LOCALES];
		bool opens = true; /* the grid begins under its heading and lead-in */
		for (size_t d = 0; d < ndocs; d++) {
			p[d] = &u[d]->parts[k];
			more[d] = part_height(cr, p[d], width);
			opens &= p[d]->kind == AID_GRID && n[d]->nparts && !holds_grid(n[d]) &&
				 used[d] + opening_height(cr, p[d], width) <= height;
		}
		if (beside_room(used, more, ndocs, height)) {
			for (size_t d = 0; d < ndocs; d++) {
				split_add(n[d], p[d]);
				used[d] += more[d];
			}
			continue;
		}
		/* A paragraph, and a grid that fits a page under its heading (but
		 * one that begins under its lead-in), go on whole to the next page;
		 * another grid is cut between its lines. */
		bool whole = p[0]->kind != AID_GRID || grid_rows(&p[0]->g) < 2;
		if (!whole && !opens) {
			whole = true;
			for (size_t d = 0; d < ndocs; d++)
				whole &= head[d] + more[d] <= height;
		}
		if (whole) {
			bool begun = false;
			for (size_t d = 0; d < ndocs; d++)
				begun |= n[d]->nparts > 0;
			if (begun) {
				beside_go_on(out, u, ndocs, n, used, head);
				pair_row_add(rows, out, ndocs, 0, false, true);
			}
			for (size_t d = 0; d < ndocs; d++) {
				split_add(n[d], p[d]);
				used[d] += part_height(cr, p[d], width);
			}
			continue;
		}
		/* As many lines as fit beside each other, the header over each piece. */
		size_t lines = grid_rows(&p[0]->g);
		for (size_t from = 1; from < lines;) {
			const aid_part *fits[EXPORT_MAX_LOCALES];
			size_t to = from + 1;
			bool begun = false;
			for (size_t d = 0; d < ndocs; d++) {
				fits[d] = sub_grid(&out[d], p[d], from, to);
				more[d] = part_height(cr, fits[d], width);
				begun |= n[d]->nparts > 0;
			}
			if (!beside_room(used, more, ndocs, height) && begun) {
				beside_go_on(out, u, ndocs, n, used, head);
				pair_row_add(rows, out, ndocs, 0, false, true);
			}
			while (to < lines) {
				const aid_part *wider[EXPORT_MAX_LOCALES];
				double taller[EXPORT_MAX_LOCALES];
				for (size_t d = 0; d < ndocs; d++) {
					wider[d] = sub_grid(&out[d], p[d], from, to + 1);
					taller[d] = part_height(cr, wider[d], width);
				}
				if (!beside_room(used, taller, ndocs, height))
					break;
				for (size_t d = 0; d < ndocs; d++) {
					fits[d] = wider[d];
					more[d] = taller[d];
				}
				to++;
			}
			for (size_t d = 0; d < ndocs; d++) {
				split_add(n[d], fits[d]);
				used[d] += more[d];
			}
			from = to;
			if (from < lines) {
				beside_go_on(out, u, ndocs, n, used, head);
				pair_row_add(rows, out, ndocs, 0, false, true);
			}
		}
	}
	*y = 0;
	for (size_t d = 0; d < ndocs; d++)
		*y = used[d] > *y ? used[d] : *y;
}

/* Two locales (or more): each unit beside its translation where they fit
 * so (fits_beside), cut alike over pages; else stacked, each across the
 * whole width one below the other and cut as one locale's are, the pair
 * on one page when it fits one. Nothing is drawn smaller to fit. */
static void split_pairs(cairo_t *cr, const aid_doc *in, size_t ndocs, split_doc *out, pair_rows *rows,
			double width, double half, double height)
{
	for (size_t d = 0; d < ndocs; d++)
		out[d] = (split_doc){{in[d].lang, in[d].title, in[d].stamp, NULL, 0}, NULL, 0};
	double y = 0; /* how far down its page the last row reaches */
	for (size_t i = 0; i < in[0].nunits; i++) {
		const aid_unit *u[EXPORT_MAX_LOCALES] = {NULL};
		for (size_t d = 0; d < ndocs; d++)
			u[d] = &in[d].units[i];
		if (fits_beside(cr, u, ndocs, half, height)) {
			split_beside(cr, out, rows, u, ndocs, half, height, &y);
			continue;
		}
		/* Stacked: on a page of their own when they fit one together but
		 * not under the last block. */
		double pair = GAP * (double)(ndocs - 1);
		for (size_t d = 0; d < ndocs; d++) {
			double need;
			pair += put_unit(cr, u[d], 0, 0, width, false, &need);
		}
		bool fresh = y > 0 && pair <= height && y + GAP + pair > height;
		for (size_t d = 0; d < ndocs; d++) {
			size_t from = out[d].d.nunits;
			bool starts = split_one(cr, &out[d], u[d], width, height, &y, fresh && d == 0);
			for (size_t k = from; k < out[d].d.nunits; k++) {
				pair_row_add(rows, out, ndocs, d, true, k > from || starts);
				rows->row[rows->n - 1].unit[d] = k;
			}
		}
	}
}

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
	lib->cairo_set_source_rgb(cr, 0, 0, 0);
	/* Two lines, each cut short rather than wrapped into the page's body. */
	for (size_t line = 0; line < 2; line++) {
		sb_clear(&sb);
		for (size_t i = 0; i < ndocs; i++)
			sb_printf(&sb, "%s%s", i ? " / " : "", line ? docs[i].stamp : docs[i].title);
		PangoLayout *l = layout(cr, line ? "DejaVu Sans 7.5" : "DejaVu Sans Bold 8", sb.data, width);
		lib->pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
		lib->cairo_move_to(cr, MARGIN, MARGIN - HEAD + 11.0 * (double)line);
		lib->pango_cairo_show_layout(cr, l);
		lib->g_object_unref(l);
	}
	PangoLayout *l;
	lib->cairo_set_line_width(cr, 0.8);
	lib->cairo_move_to(cr, MARGIN, MARGIN - 6);
	lib->cairo_rel_line_to(cr, width, 0);
	lib->cairo_stroke(cr);
	sb_clear(&sb);
	sb_printf(&sb, msg("Page %zu of %zu"), page + 1, pages);
	l = layout(cr, "DejaVu Sans 8", sb.data, width);
	lib->pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	lib->cairo_move_to(cr, MARGIN, pg.h - MARGIN + 8);
	lib->pango_cairo_show_layout(cr, l);
	lib->g_object_unref(l);
	lib->cairo_set_source_rgb(cr, 0, 0, 0);
	sb_free(&sb);
}

/* Crop marks: outside the bleed (and never nearer the trim than
 * MARK_OFFSET), MARK_LENGTH long, with MARK_ROOM beyond them to the
 * sheet's edge; in thousandths of a point. */
#define MARK_OFFSET 6000L
#define MARK_LENGTH 18000L
#define MARK_ROOM 3000L
#define MARK_WIDTH 0.3

/* Where the page is cut on a larger sheet (--bleed): the trim's corner
 * from the sheet's, the bleed, the marks' distance from the trim. In
 * thousandths of a point, so that the boxes written are exact. */
typedef struct sheet {
	long w, h;     /* the paper, the trim box's size */
	long slug;     /* from the sheet's edge to the trim */
	long bleed;    /* around the trim */
	long offset;   /* from the trim to where a mark starts */
} sheet;

static sheet sheet_of(paper_size size, const paper_trim *trim)
{
	sheet sh = {(long)(size.width * 1000 + 0.5), (long)(size.height * 1000 + 0.5), 0, 0, 0};
	if (!trim || !trim->marks)
		return sh;
	sh.bleed = (trim->bleed_um * 720 + 127) / 254; /* 1 mm is 72/25.4 points */
	sh.offset = sh.bleed > MARK_OFFSET ? sh.bleed : MARK_OFFSET;
	sh.slug = sh.offset + MARK_LENGTH + MARK_ROOM;
	return sh;
}

/* The trim's corners continued outside the bleed: two short lines each. */
static void crop_marks(cairo_t *cr, sheet sh)
{
	double at[2][2] = {{(double)sh.slug, (double)(sh.slug + sh.w)}, {(double)sh.slug, (double)(sh.slug + sh.h)}};
	double off = (double)sh.offset / 1000, len = (double)MARK_LENGTH / 1000;
	lib->cairo_set_source_rgb(cr, 0, 0, 0);
	lib->cairo_set_line_width(cr, MARK_WIDTH);
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 2; k++) {
			double x = at[0][i] / 1000, y = at[1][k] / 1000;
			double out_x = i ? 1 : -1, out_y = k ? 1 : -1; /* away from the page */
			lib->cairo_move_to(cr, x + out_x * off, y);
			lib->cairo_rel_line_to(cr, out_x * len, 0);
			lib->cairo_move_to(cr, x, y + out_y * off);
			lib->cairo_rel_line_to(cr, 0, out_y * len);
			lib->cairo_stroke(cr);
		}
}

/* The pages, each on the sheet sh; as_1_4: a PDF 1.4, of plain objects only. */
static void write_pages(strbuf *out, const aid_doc *docs, size_t ndocs, paper_size size, sheet sh, bool as_1_4)
{
	page_geometry pg = {size.width, size.height};
	double slug = (double)sh.slug / 1000;
	double width = pg.w - 2 * MARGIN, height = pg.h - 2 * MARGIN;
	cairo_surface_t *s =
		lib->cairo_pdf_surface_create_for_stream(to_buffer, out, pg.w + 2 * slug, pg.h + 2 * slug);
	if (as_1_4)
		lib->cairo_pdf_surface_restrict_to_version(s, CAIRO_PDF_VERSION_1_4);
	lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, docs[0].title);
	lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "rtab");
	char when[32];
	if (pdf_date(when, sizeof when)) /* reproducible builds: the same input, the same bytes */
		lib->cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, when);
	cairo_t *cr = lib->cairo_create(s);
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
	/* The phrases of the frame in the first locale's language. */
	char *was = xstrdup(msg_locale());
	if (!msg_use_locale(docs[0].lang))
		msg_use_locale("en");
	for (size_t p = 0, k = 0; p < pages; p++) {
		lib->cairo_save(cr);
		lib->cairo_translate(cr, slug, slug); /* the page where it is cut */
		page_frame(cr, docs, ndocs, pg, p, pages);
		for (; k < n && at[k].page == p; k++) {
			double need;
			lib->cairo_save(cr);
			lib->cairo_translate(cr, MARGIN + at[k].x, MARGIN + at[k].y);
			lib->cairo_scale(cr, at[k].scale, at[k].scale);
			put_unit(cr, at[k].u, 0, 0, at[k].layout, true, &need);
			lib->cairo_restore(cr);
		}
		lib->cairo_restore(cr);
		if (sh.slug)
			crop_marks(cr, sh);
		lib->cairo_show_page(cr);
	}
	msg_use_locale(was);
	free(was);
	free(at);
	for (size_t d = 0; d < ndocs; d++)
		split_free(&cut[d]);
	lib->cairo_destroy(cr);
	lib->cairo_surface_finish(s);
	lib->cairo_surface_destroy(s);
}

bool aid_pdf_write(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper, const paper_trim *trim)
{
	/* Callers asked export_pdf_unavailable before they chose PDF. */
	if (export_pdf_unavailable())
		return false;
	paper_size size;
	if (!paper_find(paper, &size))
		paper_find(NULL, &size);
	sheet sh = sheet_of(size, trim);
	if (!sh.slug) {
		write_pages(out, docs, ndocs, size, sh, false);
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
		write_pages(&pdf, docs, ndocs, size, sh, as_1_4);
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
	if (!aid_pdf_write(c->out, docs, c->nlocales, c->paper, &c->trim))
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

bool aid_pdf_write(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper, const paper_trim *trim)
{
	(void)out;
	(void)docs;
	(void)ndocs;
	(void)paper;
	(void)trim;
	return false;
}

#endif

const export_emitter export_aid_pdf_emitter = {
	"pdf", aid_pdf_begin, NULL, NULL, NULL, aid_emit_end, NULL,
};
