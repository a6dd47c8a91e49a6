/* SPDX-License-Identifier: MIT */
/* A place in a source file: what a diagnostic points at. */
#ifndef RTAB_LOC_H
#define RTAB_LOC_H

/* Line and column (counted in UTF-8 characters), both from 1. */
typedef struct src_loc {
	int line, col;
} src_loc;

#endif
