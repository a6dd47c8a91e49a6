/* SPDX-License-Identifier: MIT */
/*
 * The pieces every printer of JSON writes alike (diagnostics, eval, odds,
 * diff, verify, vectors): a string or null, and a place in a file.
 */
#ifndef RTAB_BASE_JSON_H
#define RTAB_BASE_JSON_H

#include "base/escape.h"

/* s as a JSON string, or null when s is NULL. */
void json_string(strbuf *b, const char *s);

/* "file": PATH, "line": LINE, "column": COL (the members, without braces;
 * PATH NULL: null, for what concerns no file). */
void json_file_line(strbuf *b, const char *path, int line, int col);

#endif
