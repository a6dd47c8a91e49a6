/* SPDX-License-Identifier: MIT */
#include "front/stackings.h"

#include <stdio.h>
#include <string.h>

static const struct stacking_entry {
	const char *word, *enum_name, *list_phrase, *aid_phrase;
} stackings[] = {
	/* msg("sum") msg("all count") */
	[RTAB_STACK_SUM] = {"sum", "RTAB_STACK_SUM", "sum", "all count"},
	/* msg("worst per side") msg("only the worst counts") */
	[RTAB_STACK_WORST] = {"worst", "RTAB_STACK_WORST", "worst per side", "only the worst counts"},
	/* msg("best per side") msg("only the best counts") */
	[RTAB_STACK_BEST] = {"best", "RTAB_STACK_BEST", "best per side", "only the best counts"},
	/* msg("largest bonus and penalty per side")
	 * msg("only the largest bonus and the largest penalty count") */
	[RTAB_STACK_LARGEST_EACH_WAY] = {"largest_each_way", "RTAB_STACK_LARGEST_EACH_WAY",
					 "largest bonus and penalty per side",
					 "only the largest bonus and the largest penalty count"},
};
_Static_assert(sizeof stackings / sizeof *stackings == STACKING_COUNT, "one entry per rtab_stacking");

/* Every kind rtab.h declares has its entry: this switch has no default, and
 * -Werror=switch-enum names a kind that is missing. */
static bool stacking_known(rtab_stacking s)
{
	switch (s) {
	case RTAB_STACK_SUM:
	case RTAB_STACK_WORST:
	case RTAB_STACK_BEST:
	case RTAB_STACK_LARGEST_EACH_WAY:
		return true;
	}
	return false;
}

const char *stacking_word(rtab_stacking s)
{
	return stacking_known(s) ? stackings[s].word : "?";
}

bool stacking_of_word(const char *word, rtab_stacking *out)
{
	for (int s = 0; s < STACKING_COUNT; s++)
		if (strcmp(word, stackings[s].word) == 0) {
			*out = (rtab_stacking)s;
			return true;
		}
	return false;
}

const char *stacking_words(char *buf, size_t size)
{
	size_t at = 0;
	for (int s = 0; s < STACKING_COUNT && at < size; s++) {
		const char *sep = s == 0 ? "" : s + 1 < STACKING_COUNT ? ", " : " or ";
		int n = snprintf(buf + at, size - at, "%s%s", sep, stackings[s].word);
		at += n > 0 ? (size_t)n : 0;
	}
	return buf;
}

const char *stacking_enum_name(rtab_stacking s)
{
	return stacking_known(s) ? stackings[s].enum_name : "RTAB_STACK_SUM";
}

const char *stacking_list_phrase(rtab_stacking s)
{
	return stacking_known(s) ? stackings[s].list_phrase : "?";
}

const char *stacking_aid_phrase(rtab_stacking s)
{
	return stacking_known(s) ? stackings[s].aid_phrase : "?";
}

bool stacking_is_bonus(const rtab_modifier *m, int32_t v)
{
	return m->min >= 0 || (m->max > 0 && v >= 0);
}
