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
/* The name of an instruction of the runtime's programs ("input", "add"...). */
const char *export_op_name(int op);

#endif
