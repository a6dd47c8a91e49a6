/* SPDX-License-Identifier: MIT */
/* The checks that run over a resolved model, after every definition is resolved. */
#ifndef RTAB_POST_CHECKS_H
#define RTAB_POST_CHECKS_H

#include "check/checks.h"
#include "check/model.h"

/* The checks that run over a resolved model, in order. */
typedef void (*check_pass_fn)(model *m);

typedef struct check_pass {
	check_id id;
	check_pass_fn run;
} check_pass;

extern const check_pass rtab_check_passes[];
extern const size_t rtab_ncheck_passes;

#endif
