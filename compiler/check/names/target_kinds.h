/* SPDX-License-Identifier: MIT */
/* The kinds of definition a trigger leads to and 'rtab eval' names: each
 * mapped to its RTAB_TARGET_* kind and found by name in a lowered ruleset. */
#ifndef RTAB_CHECK_TARGET_KINDS_H
#define RTAB_CHECK_TARGET_KINDS_H

#include "front/construct_use.h"
#include "rtab.h"

/* The RTAB_TARGET_* of a kind, or -1 when the kind is no target. */
int target_kind_of(def_kind kind);

/* The index of the definition of that kind named `id` in rs, or -1 (also
 * for a kind that is no target). */
int target_find(const rtab_ruleset *rs, def_kind kind, const char *id);

/* Whether a kind is a target, or why not. */
construct_use target_use(def_kind kind);

#endif
