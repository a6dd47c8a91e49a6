/* SPDX-License-Identifier: MIT */
/*
 * Inputs a source leaves open at an end ('int', 'int >= 0', 'int <= 10').
 * Most checks never need their bounds; the few that do (the rows a roll can
 * reach, the count of a trigger, the proofs over every situation) follow
 * their error with a note per open input that led to it, naming the check
 * and the bounds to write.
 */
#ifndef RTAB_OPEN_INPUTS_H
#define RTAB_OPEN_INPUTS_H

#include "base/loc.h"
#include "check/checks.h"
#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>

struct model;

/* Whether input i is open at an end. */
bool input_is_open(const rtab_ruleset *rs, size_t i);

/* After an error of check id: a note for each open input that the programs
 * e[0..n) read, once each. Returns how many it named. */
size_t note_open_inputs(struct model *m, check_id id, const rtab_expr *e, size_t n);

/* After an error of check id about a table's modified rolls or column
 * shifts: a note for each open input read by the value of a modifier in
 * list (n of them) that moves the total without bound towards end: -1 the
 * low end, +1 the high end, 0 either. */
size_t note_open_modifier_inputs(struct model *m, check_id id, const uint16_t *list, size_t n,
				 int end);

#endif
