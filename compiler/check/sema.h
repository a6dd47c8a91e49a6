/* SPDX-License-Identifier: MIT */
/* The pipeline that resolves, checks and lowers a file into a model: the
 * order of the passes. */
#ifndef RTAB_SEMA_H
#define RTAB_SEMA_H

#include "check/model.h"
#include "front/construct_use.h"

/* Resolve, check and lower defs. Returns true when no error was reported. */
bool model_build(model *m, const ast_def *defs, diag_ctx *d);

/* The same after syntax errors: names that error recovery discarded are
 * not reported again as unknown, and damaged definitions are not checked
 * for what the recovery may have dropped. */
bool model_build_recovered(model *m, const ast_def *defs, diag_ctx *d,
			   char *const *discarded, size_t ndiscarded);
void model_free(model *m);

/* How the pipeline resolves or lowers a kind of definition. */
construct_use sema_kind_use(def_kind kind);

#endif
