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

#endif
