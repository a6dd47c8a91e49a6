/*
 * The paper a printed page is set on: a4, a5, letter, legal, half-letter
 * or card (a 5 x 8 inch index card), in any case, portrait unless the name
 * ends in "-landscape" ("A4-landscape").
 */
#ifndef RTAB_PAPER_H
#define RTAB_PAPER_H

#include <stdbool.h>

typedef struct paper_size {
	char css[48];         /* the CSS page size ("A4", "letter landscape", "396pt 612pt") */
	double width, height; /* in points, as the page is turned */
} paper_size;

/* The paper name names (NULL: A4); false when it names none. */
bool paper_find(const char *name, paper_size *out);

/* The names paper_find knows, for usage messages: "a4, a5, letter, ...". */
extern const char paper_names[];

/* Trim for a printer (--bleed MM): each page set on a larger sheet, the
 * paper's size its trim box, a bleed of bleed_um around it (its bleed box)
 * and crop marks outside the bleed at the trim lines. */
typedef struct paper_trim {
	bool marks;    /* false: the page is the paper, without boxes or marks */
	long bleed_um; /* the bleed, in micrometres */
} paper_trim;

#define PAPER_BLEED_MAX_UM 20000L /* 20 mm: more than any printer asks */

/* --bleed's text ("3", "3.175": millimetres, at most three decimals, 0 to
 * 20) in micrometres; false when it is no such number. */
bool paper_bleed_parse(const char *text, long *um);

#endif
