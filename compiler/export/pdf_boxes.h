/*
 * The page boxes a printer reads (PDF 32000-1, 14.11.2 "Page Boundaries"):
 * the trim box, the page as it is cut, and the bleed box around it, which
 * cairo has no call to set. They are written into a PDF cairo wrote, after
 * each page's /MediaBox, and the cross-reference table is moved to match.
 */
#ifndef RTAB_PDF_BOXES_H
#define RTAB_PDF_BOXES_H

#include "base/util.h"

#include <stdbool.h>

/* A box in thousandths of a point: left, bottom, right, top. */
typedef struct pdf_box {
	long x0, y0, x1, y1;
} pdf_box;

/* Every page of pdf given trim and bleed; false, and pdf as it was, when
 * pdf is not laid out as cairo writes it (one cross-reference table, each
 * page an object of its own with its /MediaBox). */
bool pdf_set_boxes(strbuf *pdf, pdf_box trim, pdf_box bleed);

#endif
