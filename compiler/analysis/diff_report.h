/* SPDX-License-Identifier: MIT */
/* rtab diff's report of what changed, as text and as JSON. */
#ifndef RTAB_DIFF_REPORT_H
#define RTAB_DIFF_REPORT_H

#include "analysis/diff.h"
#include "base/util.h"

#include <stddef.h>

/* One side of the comparison as the report names it. */
typedef struct diff_report_side {
	const char *arg;     /* as given: FILE or FILE@EDITION */
	const char *path;    /* the file read, for locations */
	const char *edition; /* the edition it reads, or NULL for a file with no errata */
	size_t locale;       /* the locale of labels */
	size_t nlocales;
} diff_report_side;

/* Every definition added, removed or changed with its changes and their
 * locations, then the odds that moved; "no differences" when none. */
void diff_report_text(strbuf *sb, const diff_report_side *old, const diff_report_side *new,
		      const diff_result *r);

/* The same as one JSON object: old, new, equal, definitions, odds. */
void diff_report_json(strbuf *sb, const diff_report_side *old, const diff_report_side *new,
		      const diff_result *r);

#endif
