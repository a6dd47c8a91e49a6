/* SPDX-License-Identifier: MIT */
/* Names resolved to definitions and enum values; unknown ones are reported. */
#ifndef RTAB_RESOLVE_NAME_H
#define RTAB_RESOLVE_NAME_H

#include "check/model.h"

/* Resolve id as a definition of kind; reports and returns -1 if unknown. */
int resolve_def(model *m, def_kind kind, const char *id, src_loc loc);

/* Resolve id as a value of an enum; reports and returns -1 if unknown. */
int resolve_enum_value(model *m, int enum_index, const char *id, src_loc loc);

#endif
