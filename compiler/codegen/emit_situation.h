/* SPDX-License-Identifier: MIT */
/*
 * What a ruleset's C offers around its resolvers, whoever prints them: the
 * situation (the inputs, checked once) with its init and set functions, the
 * declarations of each table's two entry points, and the dispatch by table
 * index. None of it depends on how a table is resolved.
 */
#ifndef RTAB_EMIT_SITUATION_H
#define RTAB_EMIT_SITUATION_H

#include "rtab.h"
#include "base/util.h"

/* The declarations, inside the header's extern "C" block. */
void emit_situation_header(strbuf *out, const rtab_ruleset *rs);
/* <ruleset>_situation_init and _set, after the data (they read its inputs). */
void emit_situation_source(strbuf *out, const rtab_ruleset *rs);
/* <ruleset>_resolve and _explain by table index, calling each table's entry points. */
void emit_situation_dispatch(strbuf *out, const rtab_ruleset *rs);

#endif
