/* SPDX-License-Identifier: MIT */
/* Requirements on the inputs (`require ID: CONDITION { en "message"; }`). */
#ifndef RTAB_SEMA_REQUIRE_H
#define RTAB_SEMA_REQUIRE_H

#include "check/model.h"

/* Fill rs.requirements, and prove that some situation meets them all. */
void resolve_requirements(model *m);
/* After the checks: each condition folded where it reads few inputs (rtab_expr.fold). */
void lower_requirements(model *m);

/* When the situation breaks a requirement: "requirement 'ID': MESSAGE" into why
 * (the message in the first locale), and true. */
bool requirement_broken_text(const rtab_ruleset *rs, const int32_t *inputs, strbuf *why);

#endif
