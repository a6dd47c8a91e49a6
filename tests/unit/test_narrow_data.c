/*
 * The narrow forms of rtab.h (row_of_roll8, matrix cells8/cells16, reasons by
 * number) give the runtime exactly what the wide forms give: the same ruleset
 * is written both ways and every lookup is compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rtab.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const rtab_enum_value side_values[] = {{.id = "a"}, {.id = "b"}, {.id = "c"}};
static const rtab_enum enums[] = {{.id = "side", .nvalues = 3, .values = side_values}};
static const rtab_input inputs[] = {
	{.id = "x", .type = RTAB_TYPE_ENUM, .enum_index = 0, .min = 0, .max = 2},
	{.id = "y", .type = RTAB_TYPE_ENUM, .enum_index = 0, .min = 0, .max = 2},
};
static const rtab_die_group d6_groups[] = {{.count = 1, .face_min = 1, .face_max = 6}};
static const rtab_dice dice[] = {
	{.id = "d6", .ngroups = 1, .groups = d6_groups, .nfaces = 1, .min = 1, .max = 6}};

/* The matrix three ways: int32 cells with a reason pointer per cell, int8 cells and
 * int16 cells with the reasons numbered. */
static const uint16_t dims[] = {0, 0};
static const int32_t cells32[] = {-3, 0, 1, 2, -1, 0, 3, 1, -2};
static const int8_t cells8[] = {-3, 0, 1, 2, -1, 0, 3, 1, -2};
static const int16_t cells16[] = {-3, 0, 1, 2, -1, 0, 3, 1, -2};
static const char *const per_cell[] = {NULL, "r1", NULL, "r2", NULL, "r1", NULL, NULL, "r2"};
static const uint8_t reason_of[] = {0, 1, 0, 2, 0, 1, 0, 0, 2};
static const char *const reasons[] = {"r1", "r2"};
static const rtab_matrix matrices[] = {
	{.id = "wide", .ndims = 2, .dims = dims, .cells = cells32, .provisional = per_cell,
	 .min = -3, .max = 3},
	{.id = "narrow8", .ndims = 2, .dims = dims, .min = -3, .max = 3, .cells8 = cells8,
	 .reason_of = reason_of, .reasons = reasons},
	{.id = "narrow16", .ndims = 2, .dims = dims, .min = -3, .max = 3, .cells16 = cells16,
	 .reason_of = reason_of, .reasons = reasons},
};

/* A table per form: the matrix's value modifies a d6; rolls -2..9, a hole at 4. */
#define MOD(k)                                                                                  \
	{.id = "m" #k, .value = {3, (const rtab_instr[]){{RTAB_OP_INPUT, 0}, {RTAB_OP_INPUT, 1},  \
							  {RTAB_OP_MATRIX, k}}},            \
	 .min = -3, .max = 3, .sign = 1, .group = -1}
static const rtab_modifier modifiers[] = {MOD(0), MOD(1), MOD(2)};
static const rtab_row rows[] = {{.outcome = 0}, {.outcome = 1}, {.outcome = 0, .provisional = "row"}};
static const rtab_outcome outcomes[] = {{.id = "lose"}, {.id = "win"}};
static const int16_t wide_rows[] = {0, 0, 0, 0, 1, 1, -1, 1, 2, 2, 2, 2};
static const uint8_t narrow_rows[] = {0, 0, 0, 0, 1, 1, UINT8_MAX, 1, 2, 2, 2, 2};
static const rtab_column wide_cols[] = {{.id = "all", .row_of_roll = wide_rows, .below_row = 0,
					  .above_row = 2}};
static const rtab_column narrow_cols[] = {{.id = "all", .below_row = 0, .above_row = 2,
					    .row_of_roll8 = narrow_rows}};
#define TABLE(name, cols, mod)                                                                  \
	{.id = name, .dice = 0, .column_input = -1, .ncolumns = 1, .columns = cols, .nrows = 3,    \
	 .rows = rows, .nmodifiers = 1, .modifiers = (const uint16_t[]){mod}, .roll_min = -2,      \
	 .roll_max = 9, .step = -1}
static const rtab_table tables[] = {
	TABLE("wide", wide_cols, 0),
	TABLE("narrow8", narrow_cols, 1),
	TABLE("narrow16", narrow_cols, 2),
};

static const rtab_ruleset rs = {
	.id = "narrow", .nenums = 1, .enums = enums, .ninputs = 2, .inputs = inputs, .ndice = 1,
	.dice = dice, .noutcomes = 2, .outcomes = outcomes, .nmodifiers = 3, .modifiers = modifiers,
	.ntables = 3, .tables = tables, .nmatrices = 3, .matrices = matrices,
};

static void test_accessors(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(cells32); i++)
		for (size_t m = 1; m < COUNT(matrices); m++) {
			assert_int_equal(rtab_matrix_cell(&matrices[m], i), cells32[i]);
			const char *want = per_cell[i], *got = rtab_matrix_reason(&matrices[m], i);
			if (want)
				assert_string_equal(got, want);
			else
				assert_null(got);
		}
	assert_true(rtab_column_rolls(&narrow_cols[0]));
	assert_false(rtab_column_rolls(&(rtab_column){.id = "automatic"}));
	for (size_t i = 0; i < COUNT(wide_rows); i++)
		assert_int_equal(rtab_column_row(&narrow_cols[0], i), wide_rows[i]);
}

static void test_resolve_alike(void **state)
{
	(void)state;
	size_t compared = 0, holes = 0;
	for (int32_t x = 0; x < 3; x++)
		for (int32_t y = 0; y < 3; y++)
			for (int32_t face = 1; face <= 6; face++)
				for (int32_t extra = -6; extra <= 6; extra++) {
					int32_t in[2] = {x, y};
					rtab_result want, got;
					int sw = rtab_resolve(&rs, 0, in, 2, &face, 1, extra, &want);
					for (size_t t = 1; t < COUNT(tables); t++) {
						int sg = rtab_resolve(&rs, t, in, 2, &face, 1, extra, &got);
						assert_int_equal(sg, sw);
						compared++;
						if (sw == RTAB_E_NO_ROW) {
							holes++;
							continue;
						}
						assert_int_equal(sw, RTAB_OK);
						assert_int_equal(got.row, want.row);
						assert_int_equal(got.outcome, want.outcome);
						assert_int_equal(got.modified_roll, want.modified_roll);
						assert_int_equal(got.nprovisional, want.nprovisional);
						for (size_t k = 0; k < want.nprovisional; k++)
							assert_string_equal(got.reasons[k], want.reasons[k]);
					}
				}
	assert_int_equal(compared, 2 * 3 * 3 * 6 * 13);
	assert_true(holes > 0); /* the hole at roll 4 was reached */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accessors),
		cmocka_unit_test(test_resolve_alike),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
