/* SPDX-License-Identifier: MIT */
/* What several verbs parse alike: integers, --set INPUT=VALUE, lists of names. */
#ifndef RTAB_CLI_INPUTS_H
#define RTAB_CLI_INPUTS_H

#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>

/* A decimal integer within +-10^9, nothing after it. */
bool cli_parse_long(const char *s, long *out);

/* An exact number as printed ("12.5", "-0.25", "3") scaled by scale (0 or 1:
 * a whole number): false when it is not one, or is finer than 1/scale. */
bool cli_parse_exact(const char *s, int32_t scale, int32_t *out);


/* Apply one --set INPUT=VALUE; a usage error (naming verb) when it is wrong. */
int cli_set_input(const char *verb, const rtab_ruleset *rs, int32_t *inputs, const char *set);

/* The --set INPUT=VALUE options of a verb, in the order given. */
typedef struct cli_sets {
	const char *sets[64];
	size_t n;
} cli_sets;

/* Keep the value of one --set; a usage error (naming verb) when there are too many. */
int cli_sets_add(const char *verb, cli_sets *s, const char *value);

/* The ruleset's inputs (allocated into *out, freed by the caller even on an error):
 * the defaults, then each --set applied in turn; a usage error at the first wrong one. */
int cli_sets_inputs(const char *verb, const rtab_ruleset *rs, const cli_sets *s, int32_t **out);

/* The index of a locale in rs (0 when locale is NULL), or the usage error
 * "MISSING 'LOCALE'", MISSING by default "ruleset 'ID' has no locale". The
 * process's message language is left as it is: a verb that shows two
 * locales passes the words of each along (msg_in). */
int cli_locale_find(const char *verb, const rtab_ruleset *rs, const char *locale, const char *missing,
		    size_t *out);
/* The same for a verb of one locale, --locale: its headings (msg) then
 * follow the labels, where the catalogue has the language. */
int cli_locale(const char *verb, const rtab_ruleset *rs, const char *locale, const char *missing,
	       size_t *out);

/* EXIT_OK, or the usage error (naming verb) for a --drm N other than 0 on table t
 * when the table has a step: it counts only the modifiers named for its step,
 * so a modifier from outside cannot count there (RTAB_E_STEP_DRM). */
int cli_step_drm(const char *verb, const rtab_ruleset *rs, size_t t, long drm);

/* Whether a --drm value names a modifier rather than giving a number. */
bool cli_drm_is_name(const char *value);

/* For --drm NAME on table t of FILE: the modifier into *forced and EXIT_OK, or the
 * usage error (naming verb) when NAME is no modifier or one table t does not count. */
int cli_drm_modifier(const char *verb, const rtab_ruleset *rs, size_t t, const char *name,
		     const char *file, int *forced);

#endif
