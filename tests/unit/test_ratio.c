/* SPDX-License-Identifier: MIT */
/* Exact rational numbers: what the compiler decides about quantities with. */
#include "base/ratio.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

static void fractions_reduce_and_compare(void **state)
{
	(void)state;
	ratio r = ratio_of(10, -4);
	assert_int_equal(r.num, -5);
	assert_int_equal(r.den, 2);
	assert_true(ratio_equal(ratio_of(254, 100), ratio_of(127, 50)));
	assert_int_equal(ratio_compare(ratio_of(1, 3), ratio_of(333333333, 1000000000)), 1);
	assert_int_equal(ratio_compare(ratio_of(-1, 3), ratio_of(-1, 3)), 0);
	assert_int_equal(ratio_compare(ratio_of(-2, 3), ratio_of(-1, 2)), -1);
	ratio p;
	assert_true(ratio_mul(ratio_of(127, 5), ratio_of(5, 127), &p));
	assert_true(ratio_equal(p, ratio_int(1)));
	/* 2^40 · 2^40 does not fit 64 bits: said, not wrapped */
	assert_false(ratio_mul(ratio_int(INT64_C(1) << 40), ratio_int(INT64_C(1) << 40), &p));
	assert_true(ratio_equal(ratio_inverse(ratio_of(-3, 4)), ratio_of(-4, 3)));
}

static void differences_within_a_bound(void **state)
{
	(void)state;
	static const struct {
		int64_t a1n, a1d, a2n, a2d, b1n, b1d, b2n, b2d, an, ad;
		bool within;
	} cases[] = {
		/* |6·127/5 − 15·10| = |152.4 − 150| = 2.4 */
		{6, 1, 127, 5, 15, 1, 10, 1, 12, 5, true},
		{6, 1, 127, 5, 15, 1, 10, 1, 2399999999, 1000000000, false},
		{-6, 1, 1, 1, 6, 1, 1, 1, 12, 1, true}, /* |−6 − 6| = 12 */
		{-6, 1, 1, 1, 6, 1, 1, 1, 11, 1, false},
		{1, 3, 1, 1, 333333333, 1000000000, 1, 1, 1, 3000000000, true},
		{1, 3, 1, 1, 333333333, 1000000000, 1, 1, 1, 3000000001, false},
		{0, 1, 5, 1, 0, 1, 7, 1, 0, 1, true},
		/* large figures: products near 2^80, off by 999999999989 exactly,
		 * which a double (53 bits) cannot tell from one less */
		{INT64_C(999999999999), 1, INT64_C(999999999989), 1, INT64_C(1000000000000), 1,
		 INT64_C(999999999989), 1, INT64_C(999999999989), 1, true},
		{INT64_C(999999999999), 1, INT64_C(999999999989), 1, INT64_C(1000000000000), 1,
		 INT64_C(999999999989), 1, INT64_C(999999999988), 1, false},
		{INT64_C(999999999999), 7, INT64_C(999999999989), 3, INT64_C(999999999989), 3,
		 INT64_C(999999999999), 7, 0, 1, true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool got = ratio_products_within(ratio_of(cases[i].a1n, cases[i].a1d), ratio_of(cases[i].a2n, cases[i].a2d),
						 ratio_of(cases[i].b1n, cases[i].b1d), ratio_of(cases[i].b2n, cases[i].b2d),
						 ratio_of(cases[i].an, cases[i].ad));
		if (got != cases[i].within)
			fail_msg("case %zu: %s, expected %s", i, got ? "within" : "past", cases[i].within ? "within" : "past");
	}
}

static void nearest_steps_round_half_up(void **state)
{
	(void)state;
	static const struct {
		int64_t vn, vd, origin, step, k;
	} cases[] = {
		{15, 1, 0, 10, 2},   /* 1.5 steps: midway, up */
		{149, 10, 0, 10, 1}, /* 1.49 */
		{-5, 1, 0, 10, 0},   /* −0.5: midway, up to 0 */
		{-51, 10, 0, 1, -5}, /* −5.1 */
		{-56, 10, 0, 1, -6},
		{7, 3, 1, 2, 1},     /* (7/3 − 1) / 2 = 2/3 */
		{1, 3, 0, 1, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int64_t k = 99;
		assert_true(ratio_nearest_step(ratio_of(cases[i].vn, cases[i].vd), cases[i].origin, cases[i].step, &k));
		if (k != cases[i].k)
			fail_msg("case %zu: %lld, expected %lld", i, (long long)k, (long long)cases[i].k);
	}
}

static void decimals_read_exactly(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		bool ok;
		int64_t num, den;
		size_t used;
	} cases[] = {
		{"12", true, 12, 1, 2},
		{"-2.54 cm", true, -127, 50, 5},
		{"+0.5", true, 1, 2, 4},
		{"0..12", true, 0, 1, 1},        /* a range: the number stops at its dots */
		{"3.", true, 3, 1, 1},
		{"0.1", true, 1, 10, 3},         /* a tenth exactly, which no binary float holds */
		{"1234567890123456789", false, 0, 0, 0}, /* past 18 digits */
		{"x", false, 0, 0, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *end = NULL;
		ratio r = {0, 1};
		bool ok = ratio_parse_decimal(cases[i].text, &end, &r);
		assert_int_equal(ok, cases[i].ok);
		if (!ok)
			continue;
		assert_true(ratio_equal(r, ratio_of(cases[i].num, cases[i].den)));
		assert_int_equal((size_t)(end - cases[i].text), cases[i].used);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fractions_reduce_and_compare),
		cmocka_unit_test(differences_within_a_bound),
		cmocka_unit_test(nearest_steps_round_half_up),
		cmocka_unit_test(decimals_read_exactly),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
