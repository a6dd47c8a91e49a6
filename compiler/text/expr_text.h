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

/* An expression as the language writes it ("game == sia and halmstad"). */
void export_expr_text(strbuf *sb, const rtab_ruleset *rs, const rtab_expr *e);
/* The outcome whose 'earlier OUTCOME' input is the bool input `input`
 * ('earlier_OUTCOME', which the checks make or the file declares), or -1. */
int expr_earlier_outcome(const rtab_ruleset *rs, size_t input);
/* The name of an instruction of the runtime's programs ("input", "add"...). */
const char *export_op_name(int op);

#endif
