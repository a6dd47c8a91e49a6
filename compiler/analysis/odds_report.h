/* SPDX-License-Identifier: MIT */
/*
 * rtab odds as a reader sees it: the exact odds of a table's outcomes in one
 * situation, of every column and modifier total at once (--all), or of a
 * distance's values, printed as text (with a bar per outcome), Markdown, CSV
 * or JSON, with the statistics of every number the rolls give and the
 * outcome groups a ruleset declares or a reader asks for.
 */
#ifndef RTAB_ODDS_REPORT_H
#define RTAB_ODDS_REPORT_H

#include "analysis/odds.h"
#include "analysis/odds_stats.h"
#include "base/msg.h"
#include "base/util.h"
#include "base/work.h"
#include "check/model.h"

typedef enum odds_format { ODDS_FMT_TEXT, ODDS_FMT_MARKDOWN, ODDS_FMT_CSV, ODDS_FMT_JSON } odds_format;

/* A set of outcomes read together: declared (outcomes NAME { ... }) or given
 * with --group NAME=A,B. */
typedef struct odds_group {
	const char *id;
	rtab_labels labels; /* NULL for --group */
	const uint16_t *members;
	size_t n;
	uint16_t *owned; /* --group's members */
} odds_group;

/* What a report prints into, and how. */
typedef struct odds_report {
	strbuf *out;
	const rtab_ruleset *rs;
	size_t locale;
	odds_format format;
	const char *edition; /* --edition or FILE@EDITION, else NULL */
	const odds_quantiles *quantiles;
	const odds_group *groups;
	size_t ngroups;
	const model *model; /* what the runtime does not hold: the result columns of odds lines */
	work_budget *work;  /* what the enumerations may spend */
	msg_lang words;     /* the language of the headings and fixed phrases */
} odds_report;

/* Table ti's odds d (with the DRM from outside, or the modifier named to apply). */
void odds_report_table(const odds_report *o, size_t ti, const odds_dist *d, long drm, const char *drm_modifier);

/* Every column and modifier total of table ti as one grid: RTAB_OK, or
 * ODDS_E_GRID_TOO_MANY with why (owned) saying how many, or ODDS_E_WORK
 * said at the table through the model's diagnostics. */
int odds_report_all(const odds_report *o, size_t ti, int32_t *inputs, char **why);

/* Distance di's values in each of its units: RTAB_OK, or an odds status
 * (ODDS_E_WORK said at the distance through the model's diagnostics). */
int odds_report_distance(const odds_report *o, size_t di, const int32_t *inputs);

/* One reader's group NAME=A,B against table ti's outcomes (declared: the
 * groups already known): false with why (owned) naming what is wrong and the
 * outcomes it may list. */
bool odds_group_parse(const rtab_ruleset *rs, size_t ti, const char *text, const odds_group *declared,
		      size_t ndeclared, odds_group *out, char **why);

/* The groups, with the members odds_group_parse allocated. */
void odds_groups_free(odds_group *groups, size_t n);

#endif
