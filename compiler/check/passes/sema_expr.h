/* SPDX-License-Identifier: MIT */
/* Expressions, type-checked and compiled to the runtime's postfix programs. */
#ifndef RTAB_SEMA_EXPR_H
#define RTAB_SEMA_EXPR_H

#include "check/expr_type.h"
#include "check/model.h"

/* Compile e to a postfix program; want is the kind expected. */
bool compile_expr(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		  expr_type *type);

/* The same; role names what e is in a type error ("a 'times' count"). */
bool compile_expr_as(model *m, const ast_expr *e, rtab_type_kind want, rtab_expr *out,
		     expr_type *type, const char *role);

/* The constant value of e (a default value) of the given type. */
bool const_value(model *m, const ast_expr *e, rtab_type_kind kind, int enum_index, int64_t *out);

#endif
