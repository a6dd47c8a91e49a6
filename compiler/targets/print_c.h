/* SPDX-License-Identifier: MIT */
/* The lowered resolver as C, for a ruleset's generated C (print_c.c). */
#ifndef RTAB_TARGETS_PRINT_C_H
#define RTAB_TARGETS_PRINT_C_H

#include "lower/ir.h"
#include "base/util.h"
#include "codegen/reason_text.h"

#include <stdbool.h>

/* The resolvers of every results table of m, with their support: <name>_explain_<table>
 * and <name>_resolve_<table> over the data of <name>_ruleset, which the C source written
 * before it defines, rt its reason text; and, when m has requirements, the function
 * PRINT_C_REQUIREMENTS_BROKEN(in) that tests them (static, non-zero when one is broken or
 * cannot be checked here). True when every reason they note is the data's own (the pointer
 * rtab_resolve_interpreted lists): then a result without a result (a 'none' column, odds
 * 0:0) leaves every byte as the interpreter does. */
bool print_c_lowered(strbuf *b, const ir_module *m, const char *name, const reason_text *rt);

#define PRINT_C_REQUIREMENTS_BROKEN "rtab_lowered_requirements_broken_"

#endif
