/* Quantities in two units are equal when the ruleset's declared conversion
 * makes them so, within its tolerance: what rtab verify asks of a translation
 * (15 cm for 6 inches) through the real front end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "check/load.h"
#include "check/passes/units.h"

static const char source[] =
	"ruleset r { locales en; en \"R\"; exact 1/2;\n"
	"  unit inches; unit cm = inches * 100 / 254 within 5%;\n"
	"  unit paces = inches / 20; unit hexes; }\n"
	"dice d6 = 1d6;\n"
	"distance d { en \"D\"; value 2d6 inches; }\n"
	"effect retreat(distance: int hexes) { en \"Retreat\"; }\n"
	"outcome driven_back(hexes: int 1..3 hexes) { en \"Back {hexes}\"; code \"DR{hexes}\"; retreat(hexes); }\n";

static void load(loaded *l)
{
	size_t n = sizeof source - 1;
	char *text = malloc(n + 2);
	assert_non_null(text);
	memcpy(text, source, n + 1);
	text[n + 1] = '\0';
	assert_true(load_text(l, "units.rtab", text, n, stderr, NULL));
}

static void quantities_equal_under_conversions(void **state)
{
	/* The figures as fractions: a/ad in ua against b/bd in ub. */
	static const struct {
		int64_t a, ad;
		const char *ua;
		int64_t b, bd;
		const char *ub;
		bool equal;
	} cases[] = {
		{15, 1, "cm", 6, 1, "inches", true},      /* 5.906": within 5% of 6" */
		{6, 1, "inches", 15, 1, "cm", true},      /* 15.24 cm: within 5% of 15 */
		{6, 1, "cm", 6, 1, "inches", false},      /* the translator's wrong unit */
		{15, 1, "cm", 9, 1, "inches", false},     /* 15 cm is not 9" */
		{120, 1, "paces", 6, 1, "inches", true},  /* a ground scale: 1" is 20 paces */
		{131, 1, "paces", 6, 1, "inches", false}, /* no tolerance declared: half the coarser unit (0.5") */
		{6, 1, "inches", 130, 1, "paces", true},  /* 10 paces off: half an inch, the edge */
		{6, 1, "inches", 110, 1, "paces", true},
		{6, 1, "inches", 130001, 1000, "paces", false}, /* a thousandth past the edge */
		{6, 1, "inches", 109999, 1000, "paces", false},
		/* 15.24 cm against 1524/95 cm: 5% of the latter off, exactly the
		 * tolerance; a billionth more is past it (a comparison in floating
		 * point with a slack for its rounding calls both equal). */
		{6, 1, "inches", 1524, 95, "cm", true},
		{6, 1, "inches", 1524000000000 + 95, 95000000000, "cm", false},
		{6, 1, "inches", 6, 1, "inches", true},
		{6, 1, "inches", 7, 1, "inches", false},
		{6, 1, "inches", 6001, 1000, "inches", false}, /* one unit: exactly equal, or not */
		{6, 1, "hexes", 6, 1, "inches", false},  /* no conversion relates them */
		{6, 1, NULL, 6, 1, "inches", false},
		{6, 1, NULL, 6, 1, NULL, true},
		{6, 1, "furlongs", 6, 1, "furlongs", true},
	};
	loaded l;
	(void)state;
	load(&l);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool got = units_quantities_equal(&l.model.rs, ratio_of(cases[i].a, cases[i].ad), cases[i].ua,
						  ratio_of(cases[i].b, cases[i].bd), cases[i].ub);
		if (got != cases[i].equal)
			fail_msg("%lld/%lld %s and %lld/%lld %s: %s, expected %s", (long long)cases[i].a,
				 (long long)cases[i].ad, cases[i].ua ? cases[i].ua : "(none)", (long long)cases[i].b,
				 (long long)cases[i].bd, cases[i].ub ? cases[i].ub : "(none)",
				 got ? "equal" : "different", cases[i].equal ? "equal" : "different");
	}
	loaded_free(&l);
}

static void declared_units_reach_the_data(void **state)
{
	loaded l;
	(void)state;
	load(&l);
	const rtab_ruleset *rs = &l.model.rs;
	assert_int_equal(rs->nunits, 4);
	int cm = units_find(rs, "cm");
	assert_true(cm >= 0);
	assert_string_equal(rs->units[rs->units[cm].base].id, "inches");
	assert_int_equal(rs->units[cm].num, 50); /* 100/254 reduced */
	assert_int_equal(rs->units[cm].den, 127);
	assert_int_equal(rs->units[cm].tolerance, 5000);
	assert_int_equal(rs->units[units_find(rs, "hexes")].base, -1);
	assert_string_equal(rs->distances[0].forms[0].unit, "inches");
	assert_string_equal(rs->effect_kinds[0].params[0].unit, "hexes");
	assert_int_equal(rs->nnumeric_outcomes, 1);
	assert_string_equal(rs->numeric_outcomes[0].params[0].unit, "hexes");
	loaded_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quantities_equal_under_conversions),
		cmocka_unit_test(declared_units_reach_the_data),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
