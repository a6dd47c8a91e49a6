/* SPDX-License-Identifier: MIT */
/* How a stacking group counts its members (rtab_stacking): one entry per
 * kind in front/stackings.c, which every verb reads. */
#ifndef RTAB_STACKINGS_H
#define RTAB_STACKINGS_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>

enum { STACKING_COUNT = RTAB_STACK_LARGEST_EACH_WAY + 1 };

/* The word after 'stack' ("worst"), also the JSON export's stacking_name. */
const char *stacking_word(rtab_stacking s);
/* false when word names no stacking. */
bool stacking_of_word(const char *word, rtab_stacking *out);
/* "sum, worst, best or largest_each_way" in buf (what an error offers). */
const char *stacking_words(char *buf, size_t size);
/* rtab.h's name of the kind ("RTAB_STACK_WORST"), for generated C. */
const char *stacking_enum_name(rtab_stacking s);
/* The message ids (po/) of the groups list's cell and of the player aid's
 * sentence. */
const char *stacking_list_phrase(rtab_stacking s);
const char *stacking_aid_phrase(rtab_stacking s);

/* Under largest_each_way, whether member m of raw value v is one of its
 * side's bonuses (its value never below 0, a constant 0 too) or one of its
 * penalties (never above 0); a value that may be either, which the check
 * `stacking` refuses, goes by v's sign. The runtime's is_bonus (rtab.c)
 * decides the same. */
bool stacking_is_bonus(const rtab_modifier *m, int32_t v);

#endif
