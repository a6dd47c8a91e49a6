/*
 * The player aid's blocks cut to fit PDF pages, in one locale: a block that
 * does not fit under the last one starts a new page or goes on over the
 * next under "(continued)", cut between its parts and lines; a grid too
 * wide is cut into groups of columns, a paragraph taller than a page
 * between its lines.
 */
#include "export/aid_pdf_cut.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "base/msg.h"

#include "export/aid_pdf_draw.h"

#include <stdlib.h>
#include <string.h>

static aid_part *split_keep(split_doc *out, aid_part *q)
{
	out->grids = xrealloc(out->grids, (out->ngrids + 1) * sizeof *out->grids);
	out->grids[out->ngrids++] = q;
	return q;
}

aid_unit *split_unit(split_doc *out, const aid_unit *u, bool continued)
{
	out->d.units = xrealloc(out->d.units, (out->d.nunits + 1) * sizeof *out->d.units);
	aid_unit *n = &out->d.units[out->d.nunits++];
	strbuf head = {0};
	msg_lang words = aid_doc_words(&out->d);
	if (continued)
		sb_printf(&head, msg_in(words, "%s (continued)"), u->heading);
	else
		sb_puts(&head, u->heading);
	*n = (aid_unit){head.data, u->rule, NULL, 0, NULL, 0};
	return n;
}

void split_add(aid_unit *n, const aid_part *p)
{
	n->parts = xrealloc(n->parts, (n->nparts + 1) * sizeof *n->parts);
	n->parts[n->nparts++] = *p;
}

/* The header of p and its lines from..to-1, as a grid of its own. */
aid_part *sub_grid(split_doc *out, const aid_part *p, size_t from, size_t to)
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

/* The paragraph p from byte from to byte to, as a paragraph of its own;
 * without the line break it ends with, which would lay out as one more
 * (empty) line. */
static aid_part *text_piece(split_doc *out, const aid_part *p, size_t from, size_t to)
{
	while (to > from && (p->text[to - 1] == '\n' || p->text[to - 1] == ' '))
		to--;
	aid_part *q = xcalloc(1, sizeof *q);
	q->kind = AID_TEXT;
	q->changed = p->changed;
	q->text = xcalloc(to - from + 1, 1);
	memcpy(q->text, p->text + from, to - from);
	return split_keep(out, q);
}

/* Whether a piece of a unit holds a grid yet (else only its heading and paragraphs). */
bool holds_grid(const aid_unit *n)
{
	for (size_t k = 0; k < n->nparts; k++)
		if (n->parts[k].kind == AID_GRID)
			return true;
	return false;
}

/* The height of the least of a grid a page may end with: its header and
 * first line (of its first group of columns, when cut into groups). */
double opening_height(cairo_t *cr, const aid_part *p, double width)
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

/* A piece of a paragraph where it fits, else at the top of the next page.
 * A piece is never cut again: each holds at least one line, so the cutting
 * ends even where pango measures a piece taller than its lines summed. */
static void place_piece(split_doc *out, const aid_unit *u, aid_unit **n, const aid_part *p, double ph,
			double head, double *used, double height)
{
	if (*used + ph > height) {
		if ((*n)->nparts)
			*n = split_unit(out, u, true);
		*used = head;
	}
	split_add(*n, p);
	*used += ph;
}

/* A paragraph taller than a page, cut between its lines into pieces that fit one. */
static void split_text(cairo_t *cr, split_doc *out, const aid_unit *u, aid_unit **n, const aid_part *p,
		       double head, double *used, double width, double height)
{
	PangoLayout *l = pdf_layout(cr, "DejaVu Sans 8.5", p->text, width);
	int lines = pdf_lib->pango_layout_get_line_count(l);
	size_t from = 0;
	double h = 0;
	for (int i = 0; i < lines; i++) {
		PangoLayoutLine *line = pdf_lib->pango_layout_get_line_readonly(l, i);
		PangoRectangle logical;
		pdf_lib->pango_layout_line_get_extents(line, NULL, &logical);
		double lh = (double)logical.height / PANGO_SCALE;
		size_t end = (size_t)line->start_index;
		if (h > 0 && head + h + lh + 4 > height) {
			const aid_part *piece = text_piece(out, p, from, end);
			place_piece(out, u, n, piece, part_height(cr, piece, width), head, used, height);
			from = end;
			h = 0;
		}
		h += lh;
	}
	const aid_part *last = text_piece(out, p, from, strlen(p->text));
	place_piece(out, u, n, last, part_height(cr, last, width), head, used, height);
	pdf_lib->g_object_unref(l);
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

void split_free(split_doc *s)
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
double kept_with_heading(cairo_t *cr, const aid_unit *u, double head, double width, double height)
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
bool split_one(cairo_t *cr, split_doc *out, const aid_unit *u, double width, double height, double *y,
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

void split_tall(cairo_t *cr, const aid_doc *in, split_doc *out, double width, double height)
{
	*out = (split_doc){{in->lang, in->title, in->stamp, NULL, 0}, NULL, 0};
	double y = 0; /* how far down its page the last block reaches */
	for (size_t i = 0; i < in->nunits; i++)
		split_one(cr, out, &in->units[i], width, height, &y, false);
}

#else

/* Built without cairo and pango: nothing to cut; ISO C wants a declaration here. */
typedef int aid_pdf_cut_not_built;

#endif
