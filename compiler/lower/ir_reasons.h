/* SPDX-License-Identifier: MIT */
/* The reasons of a lowered module: each text once, as a numbered constant. */
#ifndef RTAB_LOWER_IR_REASONS_H
#define RTAB_LOWER_IR_REASONS_H

#include "lower/ir.h"

/* The number of a reason text in the module (each text once), or -1 for NULL. */
int32_t ir_reason(ir_module *m, const char *text);

/* The reason list of enum e's values (each value's reason), or -1 when none has one. */
int32_t ir_enum_reasons(ir_module *m, uint16_t e);

/* A reason list of n texts (each numbered), or -1 when none is there. */
int32_t ir_reasons_of(ir_module *m, const char *const *texts, size_t n);

#endif
