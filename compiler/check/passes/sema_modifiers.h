/* SPDX-License-Identifier: MIT */
/* Modifiers: when they apply, their value, their side, group and steps. */
#ifndef RTAB_SEMA_MODIFIERS_H
#define RTAB_SEMA_MODIFIERS_H

#include "check/model.h"

void resolve_modifiers(model *m);
/* After the checks: conditions and values folded where they read few inputs (rtab_expr.fold). */
void lower_modifiers(model *m);

#endif
