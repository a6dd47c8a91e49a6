/* List inputs, lowered to a length and one input per field of each item. */
#ifndef RTAB_SEMA_LIST_H
#define RTAB_SEMA_LIST_H

#include "check/sema.h"

/* How many inputs a definition makes: 1, or for a list its length and its items' fields. */
size_t list_input_count(const ast_def *d);

/* The inputs of the items of a list input, item by item (allocated in the
 * model's arena); NULL and *n = 0 for any other definition. */
ast_def *list_item_defs(model *m, const ast_def *d, size_t *n);

/* Resolve input i when it is a list's length (*handled: nothing left to do)
 * or an item's field (id, labels, reason, list fields filled; the caller
 * resolves its type and default). False when an error was reported. */
bool list_resolve_input(model *m, size_t i, rtab_input *in, bool *handled);

/* For "units.rank_bonus": the list's length input and the field ("rank_bonus"), else -1. */
int list_of_name(const model *m, const char *name, const char **field);

/* The input of field `field` of item `item` (from 1) of a list, or -1. */
int list_field_input(const model *m, int list, const char *field, size_t item);

/* Report a name that reads a list wrongly (a field of every item where one
 * value is wanted, an item out of range, a field the items lack); false
 * when the name is no such thing (nothing reported). */
bool list_name_error(model *m, const char *name, src_loc loc);

#endif
