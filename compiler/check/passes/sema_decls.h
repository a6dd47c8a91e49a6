/* SPDX-License-Identifier: MIT */
/* The declarations the rest is written in: the ruleset header, enums, dice,
 * inputs and kinds of effect. */
#ifndef RTAB_SEMA_DECLS_H
#define RTAB_SEMA_DECLS_H

#include "check/model.h"

void resolve_ruleset(model *m);
void resolve_enums(model *m);
void resolve_dice(model *m);
void resolve_inputs(model *m);
void resolve_effect_kinds(model *m);

#endif
