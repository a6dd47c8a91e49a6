/*
 * The player aid's blocks cut to fit PDF pages (aid_pdf_cut.c): a unit
 * taller than the page goes on over the next ones, its heading repeated
 * with "(continued)"; a grid taller than the page is cut between its
 * lines, its header repeated.
 */
#ifndef RTAB_AID_PDF_CUT_H
#define RTAB_AID_PDF_CUT_H

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/aid_doc.h"

#include <cairo.h>

#define GAP 14.0 /* between blocks */

/* How full a page may be and still take the start of a block that goes on
 * over the next page, rather than the whole block on the next page: a
 * page half empty is filled. */
#define SPLIT_FILL 0.5

/* Units cut to fit a page. The units share their text with the document
 * they come from; split_free frees what the cutting made. */
typedef struct split_doc {
	aid_doc d;
	aid_part **grids; /* the grids and paragraphs cut from a wide, a tall one */
	size_t ngrids;
} split_doc;

/* A unit added to out for u, its heading with "(continued)" when continued. */
aid_unit *split_unit(split_doc *out, const aid_unit *u, bool continued);
/* p added to the unit n. */
void split_add(aid_unit *n, const aid_part *p);
/* The header of p and its lines from..to-1, as a grid of its own. */
aid_part *sub_grid(split_doc *out, const aid_part *p, size_t from, size_t to);
void split_free(split_doc *s);
/* Whether a piece of a unit holds a grid yet (else only its heading and paragraphs). */
bool holds_grid(const aid_unit *n);
/* The height of the least of a grid a page may end with: its header and
 * first line (of its first group of columns, when cut into groups). */
double opening_height(cairo_t *cr, const aid_part *p, double width);
/* What a unit's heading keeps with it on its page (aid_pdf_cut.c). */
double kept_with_heading(cairo_t *cr, const aid_unit *u, double head, double width, double height);
/* One unit into the units cut to fit a page, under the block that reaches
 * *y down its page (0: a page's top); *y set to where its last piece ends.
 * fresh: start it on a page of its own. Whether it starts a page. */
bool split_one(cairo_t *cr, split_doc *out, const aid_unit *u, double width, double height, double *y,
	       bool fresh);
/* Every unit of in cut to fit pages of width and height, into out. */
void split_tall(cairo_t *cr, const aid_doc *in, split_doc *out, double width, double height);

#endif

#endif
