/* SPDX-License-Identifier: MIT */
/*
 * rtab eval below the command line: what a name names (a table, reaction
 * set, transition, distance or procedure), resolved by the runtime in one
 * situation and printed by analysis/report.c. The command line parses the
 * options; everything that depends on what the name is happens here, so a
 * caller other than the CLI (the web page, a test) asks the same question
 * and gets the same answer and the same words.
 */
#ifndef RTAB_ANALYSIS_EVALUATE_H
#define RTAB_ANALYSIS_EVALUATE_H

#include "analysis/report.h"
#include "base/util.h"
#include "check/model.h"
#include "front/construct_use.h"

#include <stdbool.h>

/* The natural die faces of one --roll. */
typedef struct eval_faces {
	int32_t faces[RTAB_MAX_FACES];
	size_t n;
} eval_faces;

/* The most --roll a request holds: one per form of a distance. */
#define EVAL_MAX_ROLLS 8

typedef struct eval_request {
	const char *file; /* the ruleset's path, for messages */
	const char *name;
	const int32_t *inputs; /* the situation, every input of the ruleset */
	eval_faces rolls[EVAL_MAX_ROLLS];
	size_t nrolls;            /* 0: no --roll */
	long drm;                 /* a DRM from outside (has_drm, no drm_modifier) */
	const char *drm_modifier; /* or a modifier of the table that applies with its value */
	bool has_drm;
} eval_request;

typedef enum eval_status {
	EVAL_DONE,     /* printed into the report */
	EVAL_MISASKED, /* the request does not fit what the name is: why says what to give */
	EVAL_FAILED,   /* the runtime refused the situation: why says why */
} eval_status;

/* Resolve q->name of m and print it into rep; otherwise why (a sentence)
 * says what is wrong. A DRM that takes the modified roll beyond what rtab
 * check proved still resolves, and says so into warning. */
eval_status evaluate(const model *m, const eval_request *q, report *rep, strbuf *why, strbuf *warning);

/* Whether eval resolves a definition of kind, or why not (the registry's
 * completeness test asks every verb). */
construct_use eval_kind_use(def_kind kind);

#endif
