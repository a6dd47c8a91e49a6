/* SPDX-License-Identifier: MIT */
/*
 * rtab fmt: the one canonical layout of a source. It is driven by the
 * scanner's tokens, braces and grid lines, not by the statements of the
 * grammar, so a new construct is laid out without a change here.
 */
#ifndef RTAB_FORMAT_H
#define RTAB_FORMAT_H

#include "base/diag.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

/* The widest line the layout writes before it wraps a list at its commas. */
#define FORMAT_WIDTH 100

/*
 * The canonical layout of text (len bytes) into out. The text must parse:
 * its syntax errors are reported through diag (whose path and text the
 * caller set) and false returned with out left empty. Comments stay where
 * they stand, blank lines are kept up to one, the clauses of a definition
 * are put in their canonical order (format/clause_order.h), and the clauses
 * of the result are those of the source, token for token (checked; a
 * difference is reported as an error rather than written).
 */
bool format_source(const char *text, size_t len, diag_ctx *diag, strbuf *out);

/* The columns text (n bytes of UTF-8) takes on a terminal: East Asian wide
 * characters two, combining marks none, every other character one. */
size_t format_display_width(const char *text, size_t n);

#endif
