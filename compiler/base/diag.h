/* SPDX-License-Identifier: MIT */
/* Diagnostics: every message of the compiler goes through diag_report. */
#ifndef RTAB_DIAG_H
#define RTAB_DIAG_H

#include "base/loc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum severity { SEV_NOTE, SEV_WARNING, SEV_ERROR } severity;

#define DIAG_MAX_CHECKS 64

/* What -WNAME and -Wno-NAME asked of a check. */
typedef enum diag_level { LEVEL_DEFAULT = 0, LEVEL_OFF, LEVEL_ON } diag_level;

/* How a run reports: chosen on the command line. */
typedef struct diag_options {
	unsigned char level[DIAG_MAX_CHECKS]; /* per check: a diag_level */
	bool werror;           /* warnings count as errors */
	bool json;             /* one JSON object per line instead of text */
	bool list_provisional; /* list provisional values (rtab check) */
	bool strict;           /* provisional values are errors */
	bool errors_only;      /* print errors (with their notes) only: warnings and notes are
				  counted, not shown (a quiet rtab eval) */
	uint64_t max_work;     /* the work budget of proofs and enumerations, in steps
				  (base/work.h); 0: the default */
	/* The run that read the same file before (rtab diff F@original F): what
	 * it printed is not printed again, though it still counts. */
	const struct diag_ctx *said;
} diag_options;

/* A file whose text follows another's in one source (a layer file after
 * its base, as rtab site joins them): its lines begin at first_line. */
typedef struct diag_part {
	const char *path;
	int first_line;
} diag_part;

typedef struct diag_ctx {
	const char *path;
	/* The files joined after path's text, in order (none: nparts 0): a
	 * finding on their lines names their file and line. */
	const diag_part *parts;
	size_t nparts;
	const char *text; /* the whole source, for quoting lines */
	size_t len;
	size_t *line_starts; /* built on first use */
	size_t nlines;
	FILE *out;
	int errors, warnings;
	const diag_options *opts; /* NULL: defaults */
	/* One file checked as several editions: a message printed once is not
	 * printed again (nor the notes after it), though it still counts. */
	bool dedupe;
	char **seen; /* open-addressing set of printed messages */
	size_t seen_cap, nseen;
	bool muted;  /* the last error or warning was a repeat */
	bool hushed; /* the last warning was not shown (errors_only): nor are its notes */
	/* When set, a note printed after each new error or warning and its own
	 * notes (it names the edition); pending until the next finding or
	 * diag_flush. */
	const char *context;
	src_loc context_loc;
	bool context_pending;
	/* Where the provisional readings are that this run does not list (one
	 * summary line tells how many; each edition may record one again). */
	src_loc *unlisted;
	size_t nunlisted, cap_unlisted;
} diag_ctx;

void diag_init(diag_ctx *d, const char *path, const char *text, size_t len, FILE *out);
void diag_free(diag_ctx *d);

/* Record a provisional reading not listed; how many distinct ones there were. */
void diag_unlisted_add(diag_ctx *d, src_loc loc);
size_t diag_unlisted_count(diag_ctx *d);

/*
 * Print "FILE:LINE:COL: SEVERITY: MESSAGE [-WCHECK]", then the source line and
 * a caret under the column. check is NULL for syntax errors. A loc with
 * line 0 prints "FILE: SEVERITY: MESSAGE" alone.
 */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void diag_report(diag_ctx *d, severity sev, const char *check, src_loc loc, const char *fmt, ...);

/* Print the context note a finding still owes (see context). */
void diag_flush(diag_ctx *d);

/* What a verb left undone past the work budget (base/work.h), said on the
 * construct's line through d: "FILE:LINE:COL: SEVERITY: WHAT needs N steps,
 * past the work budget of LIMIT; raise it with --max-work N" (needed
 * UINT64_MAX: more than the budget, by how much not counted). */
void diag_past_work(diag_ctx *d, severity sev, src_loc loc, const char *what, uint64_t needed,
		    uint64_t limit);

/* The word of the source that starts at LOC, up to a blank or a comment, as
 * written (a grid's column "34..50"); false when there is none or it does not
 * fit in N bytes. */
bool diag_source_word(diag_ctx *d, src_loc loc, char *buf, size_t n);

/* The source from LOC to the first of STOPS, a comment or the end of its
 * line, blanks at its end left out (a grid's condition "x > 2" before its
 * '{'); cut with "..." past N bytes; false when there is none. */
bool diag_source_until(diag_ctx *d, src_loc loc, const char *stops, char *buf, size_t n);

#endif
