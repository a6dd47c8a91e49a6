/* SPDX-License-Identifier: MIT */
/* The lowered resolver (lower/ir.h) printed as Lua, for the module of
 * rtab compile --target lua (after the support file, rtab_resolver.lua). */
#ifndef RTAB_TARGETS_PRINT_LUA_H
#define RTAB_TARGETS_PRINT_LUA_H

#include "lower/ir.h"
#include "base/util.h"

/* The module's code for m: a function per definition that resolves, per
 * trigger and for the requirements, and LOWERED, which the support's Ruleset runs. */
void print_lua_lowered(strbuf *b, const ir_module *m);

#endif
