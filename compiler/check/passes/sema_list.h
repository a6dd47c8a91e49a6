/* SPDX-License-Identifier: MIT */
/* List inputs, lowered to a length and one input per field of each item. */
#ifndef RTAB_SEMA_LIST_H
#define RTAB_SEMA_LIST_H

#include "check/model.h"

/* How many inputs a definition makes: 1, or for a list its length and its items' fields. */
size_t list_input_count(const ast_def *d);

/* The inputs of the items of a list input, item by item (allocated in the
 * model's arena); NULL and *n = 0 for any other definition. */
ast_def *list_item_defs(model *m, const ast_def *d, size_t *n);

/* Resolve input i when it is a list's length (*handled: nothing left to do)
 * or an item's field (id, labels, reason, list fields filled; the caller
 * resolves its type and default). False when an error was reported. */
bool list_resolve_input(model *m, size_t i, rtab_input *in, bool *handled);

#endif
