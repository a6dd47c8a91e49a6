/* SPDX-License-Identifier: MIT */
/* Outcome groups (outcomes NAME { labels; member; ... }): named sets of
 * outcomes that rtab odds reports together, checked by 'outcome-group'. */
#ifndef RTAB_SEMA_OUTCOME_GROUPS_H
#define RTAB_SEMA_OUTCOME_GROUPS_H

#include "check/model.h"

/* Resolve every group's members against the outcomes (after DEF_OUTCOME). */
void resolve_outcome_groups(model *m);

#endif
