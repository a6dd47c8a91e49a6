/* SPDX-License-Identifier: MIT */
/* A drm that names a modifier ('drm flank_or_rear' in an example, '--drm
 * flank_or_rear' on the command line): that modifier applies, with its
 * value, as if its condition held. */
#ifndef RTAB_DRM_MODIFIER_H
#define RTAB_DRM_MODIFIER_H

#include "base/util.h"
#include "rtab.h"

#include <stdbool.h>

/* The modifier of that id, or -1. */
int find_modifier(const rtab_ruleset *rs, const char *id);

/* Whether table counts modifier (listed, and counted by its step); if not,
 * why, in words that end a sentence naming the modifier, into why. */
bool drm_modifier_counts(const rtab_ruleset *rs, size_t table, size_t modifier, strbuf *why);

/* Whether a DRM from outside (--drm N) can count at table: one whose step
 * counts only the modifiers named for it takes none. If not, what to do
 * instead, as a sentence, into why. */
bool drm_counts_at_step(const rtab_ruleset *rs, size_t table, long drm, strbuf *why);

/* The modifier name names (--drm NAME) for table to apply with its value,
 * or -1 with why (a sentence; file names the ruleset) it cannot. */
int drm_modifier_named(const rtab_ruleset *rs, size_t table, const char *name, const char *file,
		       strbuf *why);

/* A copy of rs in which modifier applies whatever its condition says (its condition
 * empty); the rest is rs's. Free it with ruleset_with_modifier_free. */
rtab_ruleset ruleset_with_modifier(const rtab_ruleset *rs, size_t modifier);
void ruleset_with_modifier_free(rtab_ruleset *one);

/* rtab_resolve, with modifier applying whatever its condition says. */
int resolve_with_modifier(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
			  size_t ninputs, const int32_t *faces, size_t nfaces, size_t modifier,
			  rtab_result *out);

#endif
