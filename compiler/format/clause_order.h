/* SPDX-License-Identifier: MIT */
/*
 * rtab fmt's order of the clauses inside a definition: labels first, then
 * what the definition is made of in the order the bundled tables write it
 * (docs/language.md, "The canonical layout"). The order is a stable sort by
 * the rank of each clause's kind, so clauses of one kind (rows, grid lines,
 * natural rules, procedure steps, options, checks, values) keep the order
 * they are written in: it has meaning. A definition with a clause whose kind
 * the table below does not know stays as it is written.
 */
#ifndef RTAB_CLAUSE_ORDER_H
#define RTAB_CLAUSE_ORDER_H

#include "format/format_items.h"

/*
 * Put the clauses of every definition of in into their canonical order, in
 * place. A clause carries the comments on the lines just before it and the
 * comment after it on its last line; comments before a definition's '}'
 * stay last. Returns whether any clause moved.
 */
bool clause_order(items *in);

#endif
