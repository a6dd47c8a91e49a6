/* SPDX-License-Identifier: MIT */
/*
 * rtab conform: what a port is given of a conformance vector and how its
 * answer is held against the vector (docs/conformance.md).
 */
#ifndef RTAB_ANALYSIS_CONFORM_H
#define RTAB_ANALYSIS_CONFORM_H

#include "rtab.h"
#include "base/json_read.h"

#include <stddef.h>

/* The situation of a vector as one JSON line for a port (what it resolves,
 * the inputs, faces and drm), without a newline; NULL when the vector
 * names nothing to resolve. */
char *conform_situation(const json_value *vector);

/* What the vector resolves, as "table melee". */
char *conform_what(const json_value *vector);

/* The rule reference of the definition the vector resolves, or NULL. */
const char *conform_rule(const rtab_ruleset *rs, const json_value *vector);

/* The rule reference of what decided the vector's result (its "rule": the
 * rewrite, natural-roll rule or row), or NULL. */
const char *conform_decided(const json_value *vector);

/* The inputs of the vector's situation that differ from their defaults,
 * appended to out as "id = value (default d), ..."; how many. */
size_t conform_changed(const rtab_ruleset *rs, const json_value *vector, strbuf *out);

/* Each field of the answer that differs from the vector, appended to out as
 * "  FIELD: expected X, got Y" lines; how many differ. */
size_t conform_compare(const json_value *vector, const json_value *answer, strbuf *out);

#endif
