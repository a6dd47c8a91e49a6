/* SPDX-License-Identifier: MIT */
/* A variant's cell patches: "as the CRT, except: roll 1 at 3:1 is DR". */
#ifndef RTAB_SEMA_PATCH_H
#define RTAB_SEMA_PATCH_H

#include "check/model.h"

/* A variant's 'cell' patches: applied to the grid it takes from base (NULL:
 * 'like' named no table) and removed from its body. */
void apply_cell_patches(model *m, ast_def *v, const ast_def *base, bool own_grid);
/* 'cell' patches in a table that is no variant. */
void report_stray_patches(model *m, const ast_def *d);

#endif
