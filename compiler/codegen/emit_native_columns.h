/* SPDX-License-Identifier: MIT */
/* The native resolvers' choice of a column: keys, shifts, automatic and 'none' columns. */
#ifndef RTAB_EMIT_NATIVE_COLUMNS_H
#define RTAB_EMIT_NATIVE_COLUMNS_H

#include "codegen/emit_native_ctx.h"

/* Whether the column is computed (odds, a difference, a value) or shifted: chosen apart
 * from the key column the result reports. */
bool column_computed(const rtab_table *t);
/* Whether a column of the table is of this rtab_column_kind. */
bool column_has_kind(const rtab_table *t, uint8_t kind);
/* The helpers that read table ti's key among its columns (before its resolvers). */
void emit_column_helpers(strbuf *o, const rtab_ruleset *rs, size_t ti);
/* col = the column the table is read in (explaining: the key's fields, the shifts'). */
void emit_column_choice(nctx *c, const rtab_table *t);
/* The columns that give their result without a roll: 'none' returns, an automatic column
 * sets row and outcome and opens "} else {" for the rolled ones (true), or nothing (false). */
bool emit_unrolled_columns(nctx *c, const rtab_table *t);

#endif
