/* SPDX-License-Identifier: MIT */
/*
 * Errata that patch: 'patch table cavalry_pursuit { cell 5 at tacw =
 * pursue_off_map; modifiers +town, -after_volley; }' changes a definition
 * without restating it.
 */
#ifndef RTAB_ERRATA_PATCH_H
#define RTAB_ERRATA_PATCH_H

#include "front/ast.h"
#include "base/diag.h"

/* The definition prior as the patch leaves it: a copy of prior whose body
 * (its own) has each statement of the patch in the place of the one it
 * replaces (one of its kind, a label of its locale, a matrix cell of its
 * keys, an odds step of its odds, a rewrite of its outcome), the items of a
 * 'modifiers +X, -Y;' added or taken out, any other statement added, and
 * the 'cell' patches kept for the model to apply to the grid or the rows.
 * What cannot be applied is reported to d when d is given. Release with
 * errata_patch_free. */
ast_def *errata_patch_apply(const ast_def *prior, const ast_def *patch, const char *layer,
			    diag_ctx *d);
void errata_patch_free(ast_def *merged);

#endif
