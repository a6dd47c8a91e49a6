/*
 * cairo and pango, opened when a PDF is written rather than linked into
 * rtab: every other verb starts without loading them (about 40 shared
 * libraries and their constructors, most of a short command's time).
 * Only the PDF writer (export/aid_pdf*.c) calls them, through the table
 * this returns.
 */
#ifndef RTAB_EXPORT_PDF_LIBS_H
#define RTAB_EXPORT_PDF_LIBS_H

#if defined(RTAB_HAVE_PANGOCAIRO)

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

/* Every function the PDF writer calls, by its own name. */
#define PDF_LIB_FUNCTIONS(X)                                                                                 \
	X(cairo_create)                                                                                      \
	X(cairo_destroy)                                                                                     \
	X(cairo_fill)                                                                                        \
	X(cairo_get_user_data)                                                                               \
	X(cairo_move_to)                                                                                     \
	X(cairo_pdf_surface_create_for_stream)                                                               \
	X(cairo_pdf_surface_restrict_to_version)                                                             \
	X(cairo_pdf_surface_set_metadata)                                                                    \
	X(cairo_rectangle)                                                                                   \
	X(cairo_rel_line_to)                                                                                 \
	X(cairo_restore)                                                                                     \
	X(cairo_save)                                                                                        \
	X(cairo_scale)                                                                                       \
	X(cairo_set_line_width)                                                                              \
	X(cairo_set_user_data)                                                                               \
	X(cairo_set_source_rgb)                                                                              \
	X(cairo_show_page)                                                                                   \
	X(cairo_stroke)                                                                                      \
	X(cairo_surface_destroy)                                                                             \
	X(cairo_surface_finish)                                                                              \
	X(cairo_translate)                                                                                   \
	X(g_object_unref)                                                                                    \
	X(pango_cairo_create_layout)                                                                         \
	X(pango_cairo_show_layout)                                                                           \
	X(pango_font_description_free)                                                                       \
	X(pango_font_description_from_string)                                                                \
	X(pango_layout_get_extents)                                                                          \
	X(pango_layout_get_line_count)                                                                       \
	X(pango_layout_get_line_readonly)                                                                    \
	X(pango_layout_line_get_extents)                                                                     \
	X(pango_layout_set_alignment)                                                                        \
	X(pango_layout_set_ellipsize)                                                                        \
	X(pango_layout_set_font_description)                                                                 \
	X(pango_layout_set_text)                                                                             \
	X(pango_layout_set_width)                                                                            \
	X(pango_layout_set_wrap)

/* A pointer of each function's own type (the headers' declarations). */
typedef struct pdf_libs {
#define PDF_LIB_FIELD(name) __typeof__(&name) name;
	PDF_LIB_FUNCTIONS(PDF_LIB_FIELD)
#undef PDF_LIB_FIELD
} pdf_libs;

/* The functions, the libraries opened at the first call; NULL when they
 * cannot be, with why (a static string: what failed and what to install). */
const pdf_libs *pdf_libs_open(const char **why);

#endif

#endif
