/* SPDX-License-Identifier: MIT */
/* The names of files compiled (or checked) together, held apart. */
#ifndef RTAB_CHECK_LINK_NAMES_H
#define RTAB_CHECK_LINK_NAMES_H

#include "check/load.h"

#include <stdbool.h>
#include <stddef.h>

/* Files compiled (or checked) together are linked together: a ruleset id
 * defined twice, ids differing only in case, and clashing C names are
 * reported on their files. True when there is one. */
bool linked_names_clash(loaded *files, size_t n, const char *const *paths);

/* A ruleset whose C name (its id after prefix, NULL for none) is the
 * runtime's (rtab.c, rtab_*, RTAB_*) is reported on its file; true when one is. */
bool runtime_names_clash(loaded *files, size_t n, const char *prefix);

#endif
