/* What several verbs parse alike: integers, --set INPUT=VALUE, lists of names. */
#ifndef RTAB_CLI_INPUTS_H
#define RTAB_CLI_INPUTS_H

#include "rtab.h"
#include "util.h"

#include <stdbool.h>

/* A decimal integer within +-10^9, nothing after it. */
bool cli_parse_long(const char *s, long *out);

/* Append the id of each of n elements (the id first in each) to sb, comma-separated. */
void cli_list_choices(strbuf *sb, const void *base, size_t n, size_t stride);

/* Apply one --set INPUT=VALUE; a usage error (naming verb) when it is wrong. */
int cli_set_input(const char *verb, const rtab_ruleset *rs, int32_t *inputs, const char *set);

/* The index of --locale (0 when locale is NULL), or a usage error. */
int cli_locale(const char *verb, const rtab_ruleset *rs, const char *locale, size_t *out);

#endif
