/*
 * Two locales of the player aid on PDF pages (aid_pdf_beside.c): the rows
 * the pages are placed by.
 */
#ifndef RTAB_AID_PDF_BESIDE_H
#define RTAB_AID_PDF_BESIDE_H

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/aid_pdf_cut.h"

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

/* A row of the last unit of each of out's ndocs documents. */
void pair_row_add(pair_rows *rows, const split_doc *out, size_t ndocs, size_t locale, bool across, bool fresh);
/* Two locales (or more) cut to fit pages of width (half: a locale's part
 * of it side by side) and height, into out and the rows of the pages. */
void split_pairs(cairo_t *cr, const aid_doc *in, size_t ndocs, split_doc *out, pair_rows *rows, double width,
		 double half, double height);

#endif

#endif
