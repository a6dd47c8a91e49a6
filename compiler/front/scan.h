/* SPDX-License-Identifier: MIT */
/* The scanner on its own: the tokens of a source and its comments, in order,
 * for tools that lay out or colour the text rather than compile it. */
#ifndef RTAB_SCAN_H
#define RTAB_SCAN_H

#include "base/diag.h"

#include <stddef.h>

/* A comment's token number: no token of the parser is negative. */
#define SCAN_COMMENT (-1)

typedef struct scan_item {
	int token;           /* the parser's token (parser.h), or SCAN_COMMENT */
	src_loc first, last; /* last: one past the end, in the scanner's columns */
} scan_item;

typedef void (*scan_fn)(void *arg, const scan_item *item);

/* Hand every token and comment of text to fn, reporting what the scanner
 * finds wrong through diag. Rows are read token by token, as the grammar
 * reads them. */
void rtab_scan(const char *text, size_t len, diag_ctx *diag, scan_fn fn, void *arg);

#endif
