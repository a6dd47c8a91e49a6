/* SPDX-License-Identifier: MIT */
/* The definitions of a file gathered by kind and indexed by id. */
#ifndef RTAB_SEMA_COLLECT_H
#define RTAB_SEMA_COLLECT_H

#include "check/model.h"

/* Gather defs by kind (a list input with its items' fields); report
 * duplicates and a missing or misplaced ruleset header. */
void collect_defs(model *m, const ast_def *defs);

/* More definitions of a kind than the runtime counts: reported, and cut. */
void check_count_limits(model *m);

/* Triggers and 'rtab eval' name tables, reaction sets, transitions,
 * distances and procedures alike: one name must not stand for two. */
void check_target_names(model *m);

#endif
