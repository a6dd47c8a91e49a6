/* SPDX-License-Identifier: MIT */
/* The native resolvers' lists of modifiers: die-roll modifiers and column shifts. */
#ifndef RTAB_EMIT_NATIVE_MODS_H
#define RTAB_EMIT_NATIVE_MODS_H

#include "codegen/emit_native_ctx.h"

/* A list of modifiers that stack together. */
typedef struct mod_list {
	const uint16_t *ids;
	size_t n;
	const char *p;         /* the prefix of its accumulators: "" (modifiers), "s" (shifts) */
	bool shift;            /* column shifts: applied entries marked shift */
	const fold_plan *fold; /* members folded into tables (the lean modifiers), or NULL */
} mod_list;

/* The "better" comparison of a stacking policy for one side; what its kept member starts as. */
const char *prefers(uint8_t policy, int sign);
const char *keep_start(uint8_t policy, int sign);
/* Whether the list has members of group g that count at table t's step. */
bool group_used(const rtab_ruleset *rs, const rtab_table *t, const mod_list *l, size_t g);
/* The locals of the list's groups. */
void emit_list_locals(nctx *c, const rtab_table *t, const mod_list *l);
/* Explaining: the locals that say where each provisional member was applied. */
void emit_list_slots(nctx *c, const rtab_table *t, const mod_list *l);
/* Each member: its condition, value, sign and stacking. */
void emit_modifiers_native(nctx *c, const rtab_table *t, const mod_list *l);
/* total = start + the list's groups, in the interpreter's order, capped where they are. */
void emit_sums(nctx *c, const rtab_table *t, const mod_list *l, const char *total, const char *start);

#endif
