/* SPDX-License-Identifier: MIT */
/*
 * Quantities of two rulesets, each in its own units: how verify holds a
 * figure of the translation against the original's when they are written in
 * different units. A conversion either file declares relates two units (the
 * translation's first: it is the one that adds a unit); the figures are equal
 * when that conversion makes them so within the tolerance it declares
 * (units_quantities_equal).
 */
#ifndef RTAB_QUANTITY_H
#define RTAB_QUANTITY_H

#include "base/ratio.h"
#include "rtab.h"

#include <stdbool.h>

typedef enum quantity_verdict {
	QUANTITY_EQUAL,
	QUANTITY_DIFFERENT, /* in one unit, or related by a conversion, and not equal */
	QUANTITY_UNRELATED, /* in units no conversion of either file relates */
} quantity_verdict;

/* Whether unit ua (of a) and ub (of b) differ (both given, other names). */
bool quantity_units_differ(const char *ua, const char *ub);

/* One of ua in ub under a conversion either file declares, and its tolerance
 * (thousandths of a percent, -1: none); false when none relates them. */
bool quantity_factor(const rtab_ruleset *a, const char *ua, const rtab_ruleset *b, const char *ub,
		     ratio *per_unit, int32_t *tolerance);

/* va in ua (the original's) against vb in ub (the translation's). why (owned,
 * or NULL): for QUANTITY_DIFFERENT in two units, both figures, both units and
 * what the conversion gives; for QUANTITY_UNRELATED, that no conversion
 * relates them. A figure with a unit against one without is unrelated. */
quantity_verdict quantity_compare(const rtab_ruleset *a, ratio va, const char *ua, const rtab_ruleset *b,
				  ratio vb, const char *ub, char **why);

/* Whether rs measures anything in unit u: an input, a distance's form, an
 * effect's or a numeric outcome's parameter in it. An edition in one unit
 * (a metric edition of a book that prints cm with inches in brackets)
 * measures nothing in the other. */
bool quantity_measured_in(const rtab_ruleset *rs, const char *u);

/* "the original is in inches, the translation in cm, and neither file
 * declares a conversion between them" (owned). */
char *quantity_unrelated_text(const char *ua, const char *ub);

#endif
