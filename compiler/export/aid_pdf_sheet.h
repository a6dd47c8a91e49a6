/*
 * The player aid's page on a larger sheet for a printer, --bleed
 * (aid_pdf_sheet.c).
 */
#ifndef RTAB_AID_PDF_SHEET_H
#define RTAB_AID_PDF_SHEET_H

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/paper.h"

#include <cairo.h>

/* Where the page is cut on a larger sheet (--bleed): the trim's corner
 * from the sheet's, the bleed, the marks' distance from the trim. In
 * thousandths of a point, so that the boxes written are exact. */
typedef struct sheet {
	long w, h;     /* the paper, the trim box's size */
	long slug;     /* from the sheet's edge to the trim */
	long bleed;    /* around the trim */
	long offset;   /* from the trim to where a mark starts */
} sheet;

/* The sheet of paper of size; with no trim or no marks, the paper itself. */
sheet sheet_of(paper_size size, const paper_trim *trim);
/* The trim's corners continued outside the bleed: two short lines each. */
void crop_marks(cairo_t *cr, sheet sh);

#endif

#endif
