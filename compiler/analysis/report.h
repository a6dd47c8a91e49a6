/* SPDX-License-Identifier: MIT */
/* Printing what the runtime computed, as JSON or for a person. */
#ifndef RTAB_ANALYSIS_REPORT_H
#define RTAB_ANALYSIS_REPORT_H

#include "base/json.h"
#include "check/proofs/reasons.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>

typedef enum report_mode { REPORT_TEXT, REPORT_EXPLAIN, REPORT_JSON } report_mode;

typedef struct report {
	strbuf *out;
	const rtab_ruleset *rs;
	size_t locale;
	report_mode mode;
	const int32_t *inputs; /* the situation, for what outcomes trigger */
	/* The compiler's model, for what the runtime does not hold (the result
	 * column a column of odds lines reads), or NULL. */
	const struct model *model;
} report;

/* A ratio a:b at the ruleset's scale (2.5:1), as eval and vectors print it. */
void report_put_odds(strbuf *b, int32_t scale, int32_t num, int32_t den);

/* "rolls": {"pursuer": 7, "flee": 6}: the sum of each roll table t declares
 * for these faces; nothing when it declares none. */
void report_roll_sums(json_writer *w, const rtab_ruleset *rs, size_t table, const int32_t *faces,
		      size_t nfaces);

void report_table(report *r, const rtab_result *res, const int32_t *faces, size_t nfaces);
/* A table that gives no result (RTAB_E_NO_RESULT): a 'none' column, or odds 0:0. */
void report_no_result(report *r, const rtab_result *res);
void report_reactions(report *r, size_t set, const uint16_t *options, size_t n);
void report_transition(report *r, size_t tr, int32_t from, int32_t to);
/* values[i] holds form i where ok[i]; form 0 always holds. */
void report_distance(report *r, size_t d, const int32_t *values, const bool *ok,
		     const reasons *why);
void report_procedure(report *r, size_t p, int32_t step);

#endif
