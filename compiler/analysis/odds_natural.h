/* SPDX-License-Identifier: MIT */
/*
 * The rolls a natural-roll rule decides. A rule names faces in any order
 * ("natural 1, 1, 1 -> fail"): the rolls that show exactly those faces, a
 * few of the many of their sum. Counting them lets odds resolve a table
 * with natural rules by the sums of its dice plus a correction for each
 * rule, as exact as resolving every roll.
 */
#ifndef RTAB_ODDS_NATURAL_H
#define RTAB_ODDS_NATURAL_H

#include "rtab.h"

#include <stdbool.h>
#include <stdint.h>

/* How many rolls of dice d show the faces of nr in some order, each die
 * within its faces (0 when none does); one such roll into faces (d->nfaces
 * values) when there is one. */
uint64_t odds_natural_rolls(const rtab_dice *d, const rtab_natural_rule *nr, int32_t *faces);

/* Whether rule i of t is masked by an earlier rule of the same faces (the
 * runtime applies the first that matches). */
bool odds_natural_masked(const rtab_table *t, size_t i);

#endif
