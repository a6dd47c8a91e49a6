/* SPDX-License-Identifier: MIT */
/* Unknown names, reported with the nearest candidate as a suggestion. */
#ifndef RTAB_UNKNOWN_H
#define RTAB_UNKNOWN_H

#include "check/model.h"

/* Report an unknown name, suggesting the nearest of candidates. */
void report_unknown(model *m, src_loc loc, const char *what, const char *id,
		    const char *const *candidates, size_t n, size_t stride);

/* The same, saying where the name was looked for ("of enum 'side'"). */
void report_unknown_in(model *m, src_loc loc, const char *what, const char *id, const char *within,
		       const char *const *candidates, size_t n, size_t stride);

#endif
