/* SPDX-License-Identifier: MIT */
/* Expressions folded into their values (rtab_expr.fold) where they read few inputs. */
#ifndef RTAB_CHECK_FOLD_H
#define RTAB_CHECK_FOLD_H

#include "check/model.h"

/* Give e a fold when its program reads inputs only (no matrix, ratio band, dice or jump),
 * of more than the few steps the runtime reads in place, and every combination of its
 * inputs evaluates; otherwise leave it as it is. */
void fold_expr(model *m, rtab_expr *e);

#endif
