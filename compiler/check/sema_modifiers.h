/* SPDX-License-Identifier: MIT */
/* Modifiers: when they apply, their value, their side, group and steps. */
#ifndef RTAB_SEMA_MODIFIERS_H
#define RTAB_SEMA_MODIFIERS_H

#include "check/model.h"

void resolve_modifiers(model *m);

#endif
