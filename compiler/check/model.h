/* SPDX-License-Identifier: MIT */
/*
 * A resolved ruleset (check/model_data.h) and the lookups the passes share.
 */
#ifndef RTAB_MODEL_H
#define RTAB_MODEL_H

#include "check/model_data.h"

/* Record that definition i of kind is referred to. */
void model_use(model *m, def_kind kind, int i);

/* The most dice of a ruleset, named and rolled in expressions (a 16-bit
 * index, RTAB_NO_DICE excluded). */
#define MAX_DICE 60000

/* The index of an anonymous NdM dice, added on first use; -1 past MAX_DICE. */
int model_dice_for(model *m, int count, int sides);

/* The index of an anonymous dice of these groups, named id, whose natural
 * roll spans min..max (the rolls of a table, one after the other), added on
 * first use; -1 past MAX_DICE. */
int model_dice_groups(model *m, const char *id, const rtab_die_group *groups, size_t ngroups,
		      int32_t min, int32_t max);

/* n items of size bytes in the model's arena, zeroed. */
void *model_array(model *m, size_t n, size_t size);

/* Room for n columns of a results table: mt->columns and mt->column_steps,
 * zeroed; returns mt->columns. */
rtab_column *model_columns(model *m, model_table *mt, size_t n);

/* Column c of mt is named by its steps, lo..hi (INT64_MIN, INT64_MAX: an open
 * end), as the scanner read them: keep their one spelling (column_steps). */
void model_column_steps(model *m, model_table *mt, size_t c, int64_t lo, int64_t hi);

/* The work budget of the file's proofs (base/work.h), from the options it is
 * checked with (diag_options.max_work), shared by every proof of the file. */
work_budget *model_work(model *m);

/* Room for one more item in a definition that holds have already; when
 * there is none, says so once (-Wlimits, at the first item past the limit). */
bool item_room(model *m, size_t have, src_loc loc, const char *what, const char *owner_kind,
	       const char *owner);

/* Index of a value of an enum by its id, or -1 (linear time overall). */
int model_enum_value(const model *m, int enum_index, const char *id);

/* Index of the definition of that kind and id, or -1. */
int model_find(const model *m, def_kind kind, const char *id);

/* Index definition i of kind by its id (the table is sized for every definition). */
void index_def(model *m, def_kind kind, size_t i);

/* The ids of every definition of a kind, as candidates for a suggestion. */
const char *const *def_names(model *m, def_kind kind);

/* The parameters of numeric outcome i (rtab_ruleset.numeric_outcomes) that
 * are flags, 'retreat: bool', one bit each (bit p: parameter p); 0 without
 * a model or past its numeric outcomes. */
unsigned model_numeric_flags(const model *m, size_t i);

/* Replace the definitions of a kind (and their index) by defs[0..n). */
void model_set_defs(model *m, def_kind kind, const ast_def **defs, size_t n);

#endif
