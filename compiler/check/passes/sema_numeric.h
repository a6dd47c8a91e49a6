/* SPDX-License-Identifier: MIT */
/* Outcomes that carry numbers: "6/3", "DR2", read from their code patterns. */
#ifndef RTAB_SEMA_NUMERIC_H
#define RTAB_SEMA_NUMERIC_H

#include "check/model.h"

/* Take the numeric outcomes out of the outcomes, read their patterns, and add
 * one outcome per distinct instantiation the tables name ("6/3", "DR2"). */
void expand_numeric_outcomes(model *m);
/* Fill rs.numeric_outcomes, and the numbers of each instantiation. */
void lower_numeric_outcomes(model *m);
/* The instantiation a name stands for ("6/3", "DR2"): its outcome index; -1
 * when the name is no numeric outcome's; -2 when an error was reported. */
int numeric_lookup(model *m, const char *name, src_loc loc);
/* The instantiation an example names as loss(6, 3), or -1 (reported). */
int numeric_call(model *m, const char *name, const ast_arg *args, src_loc loc);
/* A note listing the code patterns, after an unknown outcome name. */
void numeric_note_patterns(model *m, const char *name, src_loc loc);
void numeric_free(model *m);
/* The text of a grid cell printed as a bare number ("3" hexes) when numeric
 * outcomes may read it, else NULL. */
const char *numeric_cell_text(model *m, const ast_cell *c);

#endif
