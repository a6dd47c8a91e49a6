/* SPDX-License-Identifier: MIT */
/*
 * Example checks of two files paired across units: a check keys by the
 * situation it tries, its lengths as written with their units ("pursue(move
 * = 16 inches)"), so that an original's check in cm and a translation's in
 * inches key apart; verify pairs them where each figure of one converts to
 * the other's under the declared conversion, within its tolerance, each the
 * other's nearest (docs/verify.md: an example's checks).
 */
#ifndef RTAB_CHECK_PAIRS_H
#define RTAB_CHECK_PAIRS_H

#include "analysis/facets.h"

#include <stdbool.h>

/* The check of definition d (of the other side, facet set ds) whose
 * situation is check f's (of definition fd, set fs) within the declared
 * conversion's tolerance, each the other's nearest, or NULL; NULL for a
 * facet that is not a check. f_original: f is the original's. */
const facet *check_within_tolerance(const facet *f, const facet_set *fs, const facet_def *fd, const facet_def *d,
				    const facet_set *ds, bool f_original);

#endif
