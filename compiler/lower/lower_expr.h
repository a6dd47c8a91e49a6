/* SPDX-License-Identifier: MIT */
/* A program of the runtime (postfix, with structured jumps) as IR code. */
#ifndef RTAB_LOWER_LOWER_EXPR_H
#define RTAB_LOWER_LOWER_EXPR_H

#include "lower/ir.h"

#include <stdbool.h>

/* Lower e into *out, its registers numbered from *next_reg on (a function's
 * codes share one numbering); notes: whether it notes the reasons of the
 * inputs it reads. False when the program has a shape the lowering does not
 * know (a jump that is not an if-then-else); *out is then incomplete. */
bool lower_expr(ir_module *m, const rtab_expr *e, ir_notes notes, uint32_t *next_reg, ir_code *out);

/* Append an instruction to code; returns it. */
ir_instr *ir_emit(ir_code *c, ir_op op);

void ir_code_free(ir_code *c);

#endif
