/* SPDX-License-Identifier: MIT */
/* Units: the units a ruleset declares and their conversions, the unit of every
 * quantity an expression computes, and the numbers written in one unit and
 * read in another. */
#ifndef RTAB_UNITS_H
#define RTAB_UNITS_H

#include "base/ratio.h"
#include "check/model.h"

/* Read the `unit` statements of the ruleset header (after its precision). */
void resolve_units(model *m, const ast_stmt *header);

/* The index of a declared unit, or -1. */
int units_find(const rtab_ruleset *rs, const char *id);

/* Whether a distance may name unit without declaring it: the units rtab knew
 * before a ruleset could declare its own (a file that declares none). */
bool units_builtin(const char *unit);

/* The unit a type gives (an input, an effect's parameter, a list field),
 * checked to be known and to stand on a number; NULL when it gives none. */
const char *units_of_type(model *m, const ast_type *t, const char *what, const char *id);

/* The unit of what an expression computes, after checking that what it compares
 * and adds is in one unit: NULL for a plain number, UNITS_ANY for a product of
 * quantities (not checked further). A number written in another unit than the
 * quantity it meets is converted by the declared conversion (units_literal). */
const char *units_check_expr(model *m, const ast_expr *e);
extern const char UNITS_ANY[];

/* A number written in one unit and read in another: its value in thousandths
 * in the unit it meets. */
bool units_literal(const model *m, const ast_expr *e, int64_t *milli);

/* An effect's argument against the unit of its parameter: a number in another
 * unit is converted (it must stay whole); value is the argument as given. */
int64_t units_effect_arg(model *m, const ast_arg *a, const rtab_param *p, const char *effect);

/* Whether quantity a in unit_a equals b in unit_b under the ruleset's declared
 * conversions, within the tolerance they declare (a translation's 15 cm for 6
 * inch under `unit cm = inch * 100 / 254 within 2%;` is equal, 6 cm is not).
 * The same unit compares exactly; units no conversion relates are never equal,
 * nor is a quantity with a unit equal to one without. */
bool units_quantities_equal(const rtab_ruleset *rs, ratio a, const char *unit_a, ratio b,
			    const char *unit_b);

/* One of unit `from` in unit `to` under the ruleset's declared conversions
 * (per_unit), and the largest tolerance declared on the way (thousandths of a
 * percent; -1: none declared): false when no conversion relates them. */
bool units_conversion(const rtab_ruleset *rs, const char *from, const char *to, ratio *per_unit,
		      int32_t *tolerance);

/* The post-check of a distance's forms in declared units (-Wunit-printed). */
void check_units_printed(model *m);

#endif
