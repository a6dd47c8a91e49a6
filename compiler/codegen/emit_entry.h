/* SPDX-License-Identifier: MIT */
/* The generated entry behind rtab_resolve: a ruleset's native resolver (rtab_native_resolver). */
#ifndef RTAB_EMIT_ENTRY_H
#define RTAB_EMIT_ENTRY_H

#include <stdbool.h>

#include "rtab.h"
#include "base/util.h"

/* Whether the C written for rs carries a native resolver (rtab_ruleset.native_resolve).
 * lowered (or NULL): the tables whose resolvers are printed from the lowering. */
bool emit_entry_wanted(const rtab_ruleset *rs, const bool *lowered);
/* Its name, "<ruleset>_native_resolve_", to buf. */
void emit_entry_name(strbuf *out, const rtab_ruleset *rs);
/* Its declaration, before the ruleset's initializer names it. */
void emit_entry_declaration(strbuf *out, const rtab_ruleset *rs, const bool *lowered);
/* Its definition, after the native resolvers (emit_native_source). no_result_exact: the
 * lowered tables leave no result as the interpreter does (see emit_c_options). */
void emit_entry_source(strbuf *out, const rtab_ruleset *rs, const bool *lowered, bool no_result_exact);

#endif
