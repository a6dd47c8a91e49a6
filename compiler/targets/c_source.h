/* SPDX-License-Identifier: MIT */
/*
 * rtab compile's C (--target c): the data that codegen/ writes, and every
 * results table's resolver printed from the lowering (print_c.c), with the
 * situation, the dispatch and the entry behind rtab_resolve around them.
 */
#ifndef RTAB_TARGETS_C_SOURCE_H
#define RTAB_TARGETS_C_SOURCE_H

#include "codegen/emit_c.h"
#include "lower/lower.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>

/* The .c and .h of rs under opt (NULL: the defaults; its code and code_arg are this
 * function's own). False, nothing written and *why set (its text to free), when the
 * ruleset does not lower; --data-only needs no lowering. */
bool c_source_write(strbuf *c, strbuf *h, const rtab_ruleset *rs, const char *source_name,
		    const emit_c_options *opt, lower_error *why);

#endif
