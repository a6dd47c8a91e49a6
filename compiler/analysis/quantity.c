/* SPDX-License-Identifier: MIT */
/* Quantities of two rulesets in their units (see quantity.h). */
#include "analysis/quantity.h"

#include "base/util.h"
#include "check/passes/units.h"

#include <string.h>

bool quantity_units_differ(const char *ua, const char *ub)
{
	return ua && ub && strcmp(ua, ub) != 0;
}

static bool is_unit(const char *x, const char *u)
{
	return x && strcmp(x, u) == 0;
}

bool quantity_measured_in(const rtab_ruleset *rs, const char *u)
{
	for (size_t i = 0; i < rs->ninputs; i++)
		if (is_unit(rs->inputs[i].unit, u))
			return true;
	for (size_t i = 0; i < rs->ndistances; i++)
		for (size_t f = 0; f < rs->distances[i].nforms; f++)
			if (is_unit(rs->distances[i].forms[f].unit, u))
				return true;
	for (size_t i = 0; i < rs->neffect_kinds; i++)
		for (size_t k = 0; k < rs->effect_kinds[i].nparams; k++)
			if (is_unit(rs->effect_kinds[i].params[k].unit, u))
				return true;
	for (size_t i = 0; i < rs->nnumeric_outcomes; i++)
		for (size_t k = 0; k < rs->numeric_outcomes[i].nparams; k++)
			if (is_unit(rs->numeric_outcomes[i].params[k].unit, u))
				return true;
	return false;
}

bool quantity_factor(const rtab_ruleset *a, const char *ua, const rtab_ruleset *b, const char *ub,
		     ratio *per_unit, int32_t *tolerance)
{
	return units_conversion(b, ua, ub, per_unit, tolerance) ||
	       units_conversion(a, ua, ub, per_unit, tolerance);
}

char *quantity_unrelated_text(const char *ua, const char *ub)
{
	if (!ua || !ub)
		return xasprintf("the original is %s%s, the translation %s%s", ua ? "in " : "without a unit",
				 ua ? ua : "", ub ? "in " : "without a unit", ub ? ub : "");
	return xasprintf("the original is in %s, the translation in %s, and neither file declares a conversion between them; declare one (unit %s = %s * N / D;)",
			 ua, ub, ub, ua);
}

quantity_verdict quantity_compare(const rtab_ruleset *a, ratio va, const char *ua, const rtab_ruleset *b,
				  ratio vb, const char *ub, char **why)
{
	*why = NULL;
	if (!ua != !ub) {
		*why = quantity_unrelated_text(ua, ub);
		return QUANTITY_UNRELATED;
	}
	if (!quantity_units_differ(ua, ub))
		return ratio_equal(va, vb) ? QUANTITY_EQUAL : QUANTITY_DIFFERENT;
	ratio per_unit;
	int32_t tolerance;
	const rtab_ruleset *rs = units_conversion(b, ua, ub, &per_unit, &tolerance) ? b
				 : units_conversion(a, ua, ub, &per_unit, &tolerance) ? a
										 : NULL;
	if (!rs) {
		*why = quantity_unrelated_text(ua, ub);
		return QUANTITY_UNRELATED;
	}
	if (units_quantities_equal(rs, va, ua, vb, ub))
		return QUANTITY_EQUAL;
	/* The figures of the message only. */
	double a_approx = ratio_approx(va), b_approx = ratio_approx(vb);
	strbuf sb = {0};
	sb_printf(&sb, "the translation's %g %s for the original's %g %s: %g %s is %.4g %s under the declared conversion",
		  b_approx, ub, a_approx, ua, a_approx, ua, a_approx * ratio_approx(per_unit), ub);
	if (tolerance >= 0)
		sb_printf(&sb, " (within %g%%)", tolerance / 1000.0);
	*why = sb.data;
	return QUANTITY_DIFFERENT;
}
