/* SPDX-License-Identifier: MIT */
/* The lowered resolver (lower/ir.h) printed as JavaScript, for the module of
 * rtab compile --target js (after the support file, rtab_resolver.mjs). */
#ifndef RTAB_TARGETS_PRINT_JS_H
#define RTAB_TARGETS_PRINT_JS_H

#include "lower/ir.h"
#include "base/util.h"

/* The module's code for m: a function per definition that resolves, per
 * trigger and for the requirements, and LOWERED, which the support's Ruleset runs. */
void print_js_lowered(strbuf *b, const ir_module *m);

#endif
