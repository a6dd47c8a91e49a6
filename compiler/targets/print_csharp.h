/* SPDX-License-Identifier: MIT */
/* The lowered resolver (lower/ir.h) printed as C#, for the library of
 * rtab compile --target csharp (after the support file, RtabResolver.cs). */
#ifndef RTAB_TARGETS_PRINT_CSHARP_H
#define RTAB_TARGETS_PRINT_CSHARP_H

#include "lower/ir.h"
#include "base/util.h"

/* The class Lowered for m: a static method per definition that resolves, per
 * trigger and for the requirements, and the overrides of the support's
 * RtabLowered that choose among them by index (what its Ruleset runs), and
 * source_hash, the ruleset's it was printed for. */
void print_csharp_lowered(strbuf *b, const ir_module *m, const char *source_hash);

#endif
