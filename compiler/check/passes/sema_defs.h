/* SPDX-License-Identifier: MIT */
/* Steps, matrices, bands, groups, reaction sets, transitions, distances and
 * procedures; the targets a trigger names. */
#ifndef RTAB_SEMA_DEFS_H
#define RTAB_SEMA_DEFS_H

#include "check/model.h"

/* Index of a named step; declare adds it (from a modifier), else it must exist. */
int model_step(model *m, const char *id, src_loc loc, bool declare);

/* Resolve the target of a trigger: a table, reaction set, transition, distance or procedure. */
bool resolve_target(model *m, const char *id, src_loc loc, rtab_target *out);

void resolve_steps(model *m);
void resolve_matrices(model *m);
void resolve_bands(model *m);
void resolve_groups(model *m);
void resolve_reactions(model *m);
void resolve_transitions(model *m);
void resolve_distances(model *m);
void resolve_procedures(model *m);

#endif
