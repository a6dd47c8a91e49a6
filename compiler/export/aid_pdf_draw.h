/*
 * Drawing the player aid's blocks on a PDF page, or only measuring them
 * (aid_pdf_draw.c): the PDF writer's parts (aid_pdf*.c) lay out and cut
 * the blocks by what these measure.
 */
#ifndef RTAB_AID_PDF_DRAW_H
#define RTAB_AID_PDF_DRAW_H

#if defined(RTAB_HAVE_PANGOCAIRO)

#include "export/aid_doc.h"
#include "export/pdf_libs.h"

/* The libraries' functions, set by export_pdf_unavailable (aid_pdf.c)
 * before the first PDF is written (pdf_libs.h). */
extern const pdf_libs *pdf_lib;

/* Collect into unset the characters that cr draws from now on and that no
 * installed font has a glyph for (pango draws a box for each): each once,
 * as UTF-8, in the order met. unset outlives cr. */
void pdf_collect_unset(cairo_t *cr, strbuf *unset);
/* Draw l at cr's point, its characters without a glyph collected. */
void pdf_show(cairo_t *cr, PangoLayout *l);

/* text in font, wrapped at width (0: not wrapped). */
PangoLayout *pdf_layout(cairo_t *cr, const char *font, const char *text, double width);
double sum_of(const double *v, size_t n);
/* The width of each column of a grid set in width (cw: g->ncols of them). */
void column_widths(cairo_t *cr, const grid *g, double width, double *cw);
/* Columns in groups that fit the width, the first column repeated at the
 * head of each: group[k] the first column of the k-th, group[n] the number
 * of columns; n returned. group holds cols + 1. */
size_t column_groups(const double *cw, size_t cols, double width, size_t *group);
/* A block (draw: drawn, else only measured): its heading and parts at x, y
 * in width; its natural width (the widest grid, at least width) in *need,
 * its height returned. */
double put_unit(cairo_t *cr, const aid_unit *u, double x, double y, double width, bool draw, double *need);
/* The height of one part as put_unit sets it (its gap below included). */
double part_height(cairo_t *cr, const aid_part *p, double width);

#endif

#endif
