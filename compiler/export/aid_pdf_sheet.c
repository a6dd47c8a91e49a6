/*
 * The player aid's page on a larger sheet for a printer (--bleed): where
 * the trim lies on the sheet, and the crop marks at its corners.
 */
#include "export/aid_pdf_sheet.h"

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/aid_pdf_draw.h"

/* Crop marks: outside the bleed (and never nearer the trim than
 * MARK_OFFSET), MARK_LENGTH long, with MARK_ROOM beyond them to the
 * sheet's edge; in thousandths of a point. */
#define MARK_OFFSET 6000L
#define MARK_LENGTH 18000L
#define MARK_ROOM 3000L
#define MARK_WIDTH 0.3

/* The sheet of paper of size; with no trim or no marks, the paper itself. */
sheet sheet_of(paper_size size, const paper_trim *trim)
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
void crop_marks(cairo_t *cr, sheet sh)
{
	double at[2][2] = {{(double)sh.slug, (double)(sh.slug + sh.w)}, {(double)sh.slug, (double)(sh.slug + sh.h)}};
	double off = (double)sh.offset / 1000, len = (double)MARK_LENGTH / 1000;
	pdf_lib->cairo_set_source_rgb(cr, 0, 0, 0);
	pdf_lib->cairo_set_line_width(cr, MARK_WIDTH);
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 2; k++) {
			double x = at[0][i] / 1000, y = at[1][k] / 1000;
			double out_x = i ? 1 : -1, out_y = k ? 1 : -1; /* away from the page */
			pdf_lib->cairo_move_to(cr, x + out_x * off, y);
			pdf_lib->cairo_rel_line_to(cr, out_x * len, 0);
			pdf_lib->cairo_move_to(cr, x, y + out_y * off);
			pdf_lib->cairo_rel_line_to(cr, 0, out_y * len);
			pdf_lib->cairo_stroke(cr);
		}
}

#else

/* Built without cairo and pango: no sheet; ISO C wants a declaration here. */
typedef int aid_pdf_sheet_not_built;

#endif
