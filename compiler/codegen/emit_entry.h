/* SPDX-License-Identifier: MIT */
/* The generated entry behind rtab_resolve: a ruleset's native resolver (rtab_native_resolver). */
#ifndef RTAB_EMIT_ENTRY_H
#define RTAB_EMIT_ENTRY_H

#include <stdbool.h>

#include "rtab.h"
#include "base/util.h"

/* Whether the C written for rs carries a native resolver (rtab_ruleset.native_resolve). */
bool emit_entry_wanted(const rtab_ruleset *rs);
/* Its name, "<ruleset>_native_resolve_", to buf. */
void emit_entry_name(strbuf *out, const rtab_ruleset *rs);
/* Its declaration, before the ruleset's initializer names it. */
void emit_entry_declaration(strbuf *out, const rtab_ruleset *rs);
/* Its definition, after the resolvers (targets/print_c.h). no_result_exact: they leave no
 * result as the interpreter does. requirements_broken: the function the code before defines
 * that tests rs's requirements (static int f(const int32_t *in), non-zero when one is
 * broken or cannot be checked), NULL when rs has none. */
void emit_entry_source(strbuf *out, const rtab_ruleset *rs, bool no_result_exact, const char *requirements_broken);

#endif
