/* SPDX-License-Identifier: MIT */
/* The native resolvers emitted beside the data: one C function per results table. */
#ifndef RTAB_EMIT_NATIVE_H
#define RTAB_EMIT_NATIVE_H

#include <stdbool.h>

#include "rtab.h"
#include "base/util.h"

/* Appended to the .c that emit_c_source wrote (it uses that file's static data). The
 * tables t where lowered[t] (lowered may be NULL) get no code here: the caller prints
 * their resolvers from the lowering after the others. */
void emit_native_source(strbuf *out, const rtab_ruleset *rs, const bool *lowered);

#endif
