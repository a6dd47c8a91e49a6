/* SPDX-License-Identifier: MIT */
/* The lowered resolver (lower/ir.h) printed as Python 3, for the module of
 * rtab compile --target python (after the support file, rtab_resolver.py). */
#ifndef RTAB_TARGETS_PRINT_PYTHON_H
#define RTAB_TARGETS_PRINT_PYTHON_H

#include "lower/ir.h"
#include "base/util.h"

/* The module's code for m: a function per definition that resolves, per
 * trigger and for the requirements, and LOWERED, which the support's Ruleset runs. */
void print_python_lowered(strbuf *b, const ir_module *m);

#endif
