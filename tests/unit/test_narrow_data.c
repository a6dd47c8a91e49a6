/*
 * The narrow forms of rtab.h (row_of_roll8, matrix cells8/cells16, reasons by
 * number, rows as outcomes by a byte or two and their notes by number) give the runtime exactly what the wide forms give: the same ruleset
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
							  {RTAB_OP_MATRIX, k}}, NULL},      \
	 .min = -3, .max = 3, .sign = 1, .group = -1}
static const rtab_modifier modifiers[] = {MOD(0), MOD(1), MOD(2)};
/* The rows in each form. A: a rule per row, one provisional row (int8 outcomes, a note per
 * row); B: outcomes past 255 and one note for every row (int16 outcomes, no note index);
 * C: no notes at all. */
#define NOUTCOMES 300
static const rtab_outcome outcomes[NOUTCOMES] = {{.id = "lose"}, {.id = "win"}, [257] = {.id = "far"},
					       [299] = {.id = "last"}};
static const rtab_row rows_a[] = {{0, "r.1", NULL, NULL}, {1, "r.1", NULL, NULL}, {0, "r.2", "row", NULL}};
static const uint8_t outcome8_a[] = {0, 1, 0};
static const rtab_row_note notes_a[] = {{"r.1", NULL, NULL}, {"r.2", "row", NULL}};
static const uint8_t note_a[] = {0, 0, 1};
static const rtab_row rows_b[] = {{0, "s", "all", NULL}, {299, "s", "all", NULL}, {257, "s", "all", NULL}};
static const uint16_t outcome16_b[] = {0, 299, 257};
static const rtab_row_note notes_b[] = {{"s", "all", NULL}};
static const rtab_row rows_c[] = {{1, NULL, NULL, NULL}, {0, NULL, NULL, NULL}, {1, NULL, NULL, NULL}};
static const uint8_t outcome8_c[] = {1, 0, 1};

static const int16_t wide_rows[] = {0, 0, 0, 0, 1, 1, -1, 1, 2, 2, 2, 2};
static const uint8_t narrow_rows[] = {0, 0, 0, 0, 1, 1, UINT8_MAX, 1, 2, 2, 2, 2};
static const rtab_column wide_cols[] = {{.id = "all", .row_of_roll = wide_rows, .below_row = 0,
					  .above_row = 2}};
static const rtab_column narrow_cols[] = {{.id = "all", .below_row = 0, .above_row = 2,
					    .row_of_roll8 = narrow_rows}};
#define TABLE(name, cols, mod, ...)                                                             \
	{.id = name, .dice = 0, .column_input = -1, .ncolumns = 1, .columns = cols, .nrows = 3,    \
	 .nmodifiers = 1, .modifiers = (const uint16_t[]){mod}, .roll_min = -2, .roll_max = 9,     \
	 .step = -1, __VA_ARGS__}
/* Each table and the wide one it must agree with. */
static const rtab_table tables[] = {
	TABLE("wide", wide_cols, 0, .rows = rows_a),
	TABLE("narrow8", narrow_cols, 1, .rows = rows_a),
	TABLE("narrow16", narrow_cols, 2, .rows = rows_a),
	TABLE("rows8", narrow_cols, 1, .row_outcome8 = outcome8_a, .nrow_notes = 2, .row_notes = notes_a,
	      .row_note = note_a),
	TABLE("wide_b", wide_cols, 0, .rows = rows_b),
	TABLE("rows16", narrow_cols, 2, .row_outcome16 = outcome16_b, .nrow_notes = 1,
	      .row_notes = notes_b),
	TABLE("wide_c", wide_cols, 0, .rows = rows_c),
	TABLE("rows_bare", wide_cols, 1, .row_outcome8 = outcome8_c),
	TABLE("no_rows", wide_cols, 0, .rows = NULL), /* neither form: inconsistent data */
	/* A note number past nrow_notes (inconsistent data): that row reads no note. */
	TABLE("bad_note", wide_cols, 0, .row_outcome8 = outcome8_a, .nrow_notes = 1, .row_notes = notes_a,
	      .row_note = note_a),
};
static const size_t twin[] = {0, 0, 0, 0, 4, 4, 6, 6, 8, 9};

static const rtab_ruleset rs = {
	.data_version = RTAB_DATA_VERSION,
	.id = "narrow", .nenums = 1, .enums = enums, .ninputs = 2, .inputs = inputs, .ndice = 1,
	.dice = dice, .noutcomes = NOUTCOMES, .outcomes = outcomes, .nmodifiers = 3,
	.modifiers = modifiers, .ntables = COUNT(tables), .tables = tables, .nmatrices = 3,
	.matrices = matrices,
};

static void assert_same_text(const char *got, const char *want)
{
	if (want)
		assert_string_equal(got, want);
	else
		assert_null(got);
}

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
	/* Rows: every narrow form gives each row's outcome, rule and reason as its wide twin. */
	size_t narrow = 0;
	for (size_t t = 0; t < COUNT(tables); t++) {
		const rtab_table *tab = &tables[t], *wide = &tables[twin[t]];
		if (tab->rows || !wide->rows)
			continue;
		narrow++;
		for (size_t r = 0; r < tab->nrows; r++) {
			rtab_row got = rtab_row_at(tab, r);
			assert_int_equal(got.outcome, wide->rows[r].outcome);
			assert_int_equal(rtab_row_outcome(tab, r), wide->rows[r].outcome);
			assert_same_text(got.rule, wide->rows[r].rule);
			assert_same_text(rtab_row_rule(tab, r), wide->rows[r].rule);
			assert_same_text(got.provisional, wide->rows[r].provisional);
			assert_same_text(rtab_row_provisional(tab, r), wide->rows[r].provisional);
		}
	}
	assert_int_equal(narrow, 3);
	/* No row data at all reads as no outcome and no notes. */
	assert_int_equal(rtab_row_outcome(&tables[8], 1), UINT16_MAX);
	assert_null(rtab_row_rule(&tables[8], 1));
	assert_null(rtab_row_provisional(&tables[8], 1));
	assert_string_equal(rtab_row_rule(&tables[9], 1), "r.1");
	assert_null(rtab_row_rule(&tables[9], 2));
	assert_null(rtab_row_provisional(&tables[9], 2));
}

static void test_resolve_alike(void **state)
{
	(void)state;
	size_t compared = 0, holes = 0, provisional = 0;
	for (int32_t x = 0; x < 3; x++)
		for (int32_t y = 0; y < 3; y++)
			for (int32_t face = 1; face <= 6; face++)
				for (int32_t extra = -6; extra <= 6; extra++) {
					int32_t in[2] = {x, y};
					rtab_result want, got;
					for (size_t t = 1; t < COUNT(tables); t++) {
						if (twin[t] == t)
							continue;
						int sw = rtab_resolve(&rs, twin[t], in, 2, &face, 1, extra, &want);
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
						assert_same_text(got.provisional, want.provisional);
						provisional += got.provisional != NULL;
					}
				}
	assert_int_equal(compared, 5 * 3 * 3 * 6 * 13); /* five tables against their twins */
	assert_true(holes > 0);	  /* the hole at roll 4 was reached */
	assert_true(provisional > 0); /* and the provisional rows */
}

static void test_no_rows_is_inconsistent(void **state)
{
	(void)state;
	int32_t in[2] = {0, 0}, face = 1;
	rtab_result r;
	assert_int_equal(rtab_resolve(&rs, 8, in, 2, &face, 1, 0, &r), RTAB_E_RULESET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accessors),
		cmocka_unit_test(test_resolve_alike),
		cmocka_unit_test(test_no_rows_is_inconsistent),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
