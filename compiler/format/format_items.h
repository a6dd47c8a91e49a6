/* SPDX-License-Identifier: MIT */
/* The tokens and comments of a source as rtab fmt reads them, shared by the
 * layout (format.c) and the order of clauses (clause_order.c). */
#ifndef RTAB_FORMAT_ITEMS_H
#define RTAB_FORMAT_ITEMS_H

#include <stdbool.h>
#include <stddef.h>

/* One token or comment of the source. */
typedef struct item {
	int token;         /* the parser's token, or SCAN_COMMENT */
	size_t start, end; /* its bytes (a line comment without its trailing blanks) */
	int line, end_line;
	bool space_before; /* blanks between it and the item before */
	bool blank_before; /* a blank line between it and the item before */
	bool bound;        /* a '<=' or '>=' bounding the number after it ('grid <=2 {') */
} item;

typedef struct items {
	const char *text;
	size_t len;
	size_t *line_starts;
	size_t nlines;
	item *v;
	size_t n, cap;
} items;

#endif
