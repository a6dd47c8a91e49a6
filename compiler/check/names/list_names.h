/* SPDX-License-Identifier: MIT */
/* Names that read a list input: a field of every item, or of one item. */
#ifndef RTAB_LIST_NAMES_H
#define RTAB_LIST_NAMES_H

#include "check/model.h"

/* For "units.rank_bonus": the list's length input and the field ("rank_bonus"), else -1. */
int list_of_name(const model *m, const char *name, const char **field);

/* The input of field `field` of item `item` (from 1) of a list, or -1. */
int list_field_input(const model *m, int list, const char *field, size_t item);

/* Report a name that reads a list wrongly (a field of every item where one
 * value is wanted, an item out of range, a field the items lack); false
 * when the name is no such thing (nothing reported). */
bool list_name_error(model *m, const char *name, src_loc loc);

#endif
