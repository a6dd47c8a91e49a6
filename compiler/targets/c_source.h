/* SPDX-License-Identifier: MIT */
/*
 * rtab compile's C (--target c): the data and the native resolvers that
 * codegen/ writes, and the resolvers printed from the lowering (print_c.c)
 * of the tables the native generator does not write, so that every results
 * table gets a resolver in C.
 */
#ifndef RTAB_TARGETS_C_SOURCE_H
#define RTAB_TARGETS_C_SOURCE_H

#include "codegen/emit_c.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>

/* The .c and .h of rs under opt (NULL: the defaults); *lowered (to free, or NULL)
 * gets, per table, whether its resolver is printed from the lowering. */
void c_source_write(strbuf *c, strbuf *h, const rtab_ruleset *rs, const char *source_name,
		    const emit_c_options *opt, bool **lowered);

/* Why table t gets no resolver in C, or NULL: it gets one (lowered: as c_source_write gave). */
const char *c_source_why_not(const rtab_ruleset *rs, size_t t, const bool *lowered);

#endif
