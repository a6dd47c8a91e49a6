/* SPDX-License-Identifier: MIT */
/* Tables written 'like' another: merged with their base before they are resolved. */
#ifndef RTAB_SEMA_VARIANTS_H
#define RTAB_SEMA_VARIANTS_H

#include "check/model.h"

/* Replace every variant by its merged body (kept in m->variants), its cell
 * patches applied. */
void expand_variants(model *m);

#endif
