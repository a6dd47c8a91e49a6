/* SPDX-License-Identifier: MIT */
/* A string literal as the languages of the targets write it. */
#ifndef RTAB_TARGETS_LANG_STRING_H
#define RTAB_TARGETS_LANG_STRING_H

#include "base/util.h"

#include <stdbool.h>

/* s as a string literal: UTF-8 kept, quotes, backslashes, control characters
 * and the characters that reorder a line escaped (lua_bytes: each byte as
 * Lua's \ddd, else JavaScript's, Python's and C#'s \uXXXX). */
void lang_put_string(strbuf *b, const char *s, bool lua_bytes);

#endif
