/* SPDX-License-Identifier: MIT */
/*
 * Expressions as the language writes them, decompiled from the runtime's
 * programs, and the names of the programs' instructions: shared by the
 * exports and the analyses (diff, verify).
 */
#ifndef RTAB_EXPR_TEXT_H
#define RTAB_EXPR_TEXT_H

#include "rtab.h"
#include "base/util.h"
#include "check/model_data.h"

/* An expression of m's ruleset as the language writes it ("game == sia and
 * halmstad"). */
void export_expr_text(strbuf *sb, const model *m, const rtab_expr *e);
/* The outcome whose 'earlier OUTCOME' a rewrite of m reads from input
 * `input` (the bool 'earlier_OUTCOME' the checks made for it, or one the file
 * declares for its own labels and the rewrite reads: model.earlier_inputs),
 * or -1: any other input, an author's own 'earlier_OUTCOME' that no
 * 'earlier OUTCOME' reads among them, is an input like any other. */
int expr_earlier_outcome(const model *m, size_t input);
/* The name of an instruction of the runtime's programs ("input", "add"...). */
const char *export_op_name(int op);

#endif
