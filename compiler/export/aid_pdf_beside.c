/*
 * Two locales of the player aid on PDF pages: each unit beside its
 * translation where both fit half the width, cut alike over pages; else
 * the pair stacked, one below the other across the whole width.
 */
#include "export/aid_pdf_beside.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/aid_pdf_draw.h"

#include <stdlib.h>

void pair_row_add(pair_rows *rows, const split_doc *out, size_t ndocs, size_t locale, bool across,
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
void split_pairs(cairo_t *cr, const aid_doc *in, size_t ndocs, split_doc *out, pair_rows *rows,
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

#else

/* Built without cairo and pango: nothing to lay out; ISO C wants a declaration here. */
typedef int aid_pdf_beside_not_built;

#endif
