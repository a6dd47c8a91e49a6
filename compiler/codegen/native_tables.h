/* SPDX-License-Identifier: MIT */
/* Which results tables get native code, and what the native code counts. */
#ifndef RTAB_NATIVE_TABLES_H
#define RTAB_NATIVE_TABLES_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether every construct of table ti is one the native code resolves exactly
 * (else its functions call the interpreter). */
bool table_native(const rtab_ruleset *rs, size_t ti);
/* NULL when table ti gets native code; else why the interpreter answers for it. */
const char *table_native_why(const rtab_ruleset *rs, size_t ti);
/* Whether table ti gets a resolver in C: native code, or (lowered[ti], lowered not NULL)
 * one printed from the lowering. */
bool table_resolver(const rtab_ruleset *rs, size_t ti, const bool *lowered);

#endif
