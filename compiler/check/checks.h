/* SPDX-License-Identifier: MIT */
/* The named checks: every semantic diagnostic names the check that fired. */
#ifndef RTAB_CHECKS_H
#define RTAB_CHECKS_H

#include "base/diag.h"
#include "check/check_id.h"

typedef struct check_info {
	const char *name;
	severity default_severity;
	bool configurable; /* false: the data cannot be lowered without it; always an error */
	const char *summary;
} check_info;

extern const check_info rtab_checks[CHECK_COUNT_];

/* The check of that name, or -1. */
int check_find(const char *name);

/* Apply -WNAME, -Wno-NAME, -Werror, --strict or --diagnostics=json|text to opts.
 * Returns 1 when arg was such an option, 0 when it is not one, -1 when it names no
 * check, -2 when it would turn off a check the compiler cannot do without. */
int check_parse_option(const char *arg, diag_options *opts);

struct model;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report(struct model *m, check_id id, src_loc loc, const char *fmt, ...);

/* A finding of a configurable check that the file already marks as a provisional
 * reading: reported as a note, unless the check is off. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report_marked(struct model *m, check_id id, src_loc loc, const char *fmt, ...);

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void check_note(struct model *m, src_loc loc, const char *fmt, ...);

/* The findings of one check on one table are at most CHECK_TABLE_CAP (a
 * line copied 3,000 times overlaps 2,999 times): between
 * check_cap_begin and check_cap_end, the findings past it are counted, not
 * printed (nor their notes), and check_cap_end says how many there were, in
 * a note at the table. A normal file's findings are all printed. */
#define CHECK_TABLE_CAP 20
void check_cap_begin(struct model *m, const char *table, src_loc at);
void check_cap_end(struct model *m);

/* The same for findings outside a model (the errata layers of a file). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void check_report_diag(diag_ctx *d, check_id id, src_loc loc, const char *fmt, ...);

#endif
