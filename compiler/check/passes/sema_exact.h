/* SPDX-License-Identifier: MIT */
/* Exact numbers: `exact 1/N;`, the scale the runtime holds them at, and the
 * numbers of the source read at that scale. */
#ifndef RTAB_SEMA_EXACT_H
#define RTAB_SEMA_EXACT_H

#include "check/expr_type.h"
#include "check/model.h"

/* The greatest common divisor of |a| and |b| (0 when both are 0). */
int64_t exact_gcd(int64_t a, int64_t b);

/* The ruleset's scale: 1 for whole numbers only. */
int32_t model_scale(const model *m);

/* A number of the source in thousandths as the runtime holds it (scaled);
 * reports (exact-numbers) a number finer than the ruleset's precision. */
bool model_exact(model *m, int64_t milli, src_loc loc, int64_t *scaled);

/* The value an argument (a number, a decimal, true/false) gives input ip,
 * checked against its domain and step; false after reporting. */
bool input_number_arg(model *m, const rtab_input *ip, const ast_arg *a, const char *key,
		      int64_t *out);

/* `exact 1/N;` in the ruleset header (seen: the first one met). */
void resolve_exact(model *m, const ast_stmt *s, const ast_stmt **seen);

/* The domain of `number LO..HI by STEP`, scaled into in; false after reporting. */
bool resolve_number_type(model *m, const ast_type *t, rtab_input *in);

/* Append RTAB_OP_SCALE to a compiled whole-number expression (making it exact). */
void expr_make_exact(model *m, rtab_expr *e, expr_type *t);

#endif
