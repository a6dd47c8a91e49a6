/* SPDX-License-Identifier: MIT */
/* Outcomes: their effects and the triggers they list. */
#ifndef RTAB_SEMA_OUTCOMES_H
#define RTAB_SEMA_OUTCOMES_H

#include "check/model.h"

void resolve_outcomes(model *m);

#endif
