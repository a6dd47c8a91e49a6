/* SPDX-License-Identifier: MIT */
/* The lines that differ between two texts, as `diff -u` prints them. */
#ifndef RTAB_UNIFIED_DIFF_H
#define RTAB_UNIFIED_DIFF_H

#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

/* Append to out the unified diff (three lines of context) that turns old into
 * new, under the headers "--- a/NAME" and "+++ b/NAME". False, with nothing
 * appended, when the texts are the same. */
bool unified_diff(const char *name, const char *old_text, size_t old_len, const char *new_text,
		  size_t new_len, strbuf *out);

#endif
