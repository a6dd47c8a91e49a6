/*
 * Unit tests of the runtime's computed and shifted columns over a hand-built
 * ruleset (no compiler involved): odds and value keys under every rounding,
 * 1.5:1 steps, column shifts with their stacking, clamping at the ends,
 * automatic and 'none' columns (RTAB_E_NO_RESULT), faces omitted for an
 * automatic result, odds a:0, 0:b and 0:0, ratio bands that round, and the
 * rejection of inconsistent column data.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rtab.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define EXPR(...) \
	{ .ninstrs = COUNT(((const rtab_instr[]){__VA_ARGS__})), .instrs = (const rtab_instr[]){__VA_ARGS__} }

enum { IN_ATT, IN_DEF, IN_ARMS, IN_RIVER, IN_KIND, NINPUTS };
enum { O_AE, O_NE, O_DR, O_DE };
enum { M_ARMS, M_RIVER, M_ARMS2 };
enum { T_ODDS, T_DIFF, T_NEAREST, T_UP, T_EVENS, T_BADSTEPS, T_BADKIND, T_TWOKEY, T_BADRUN, NTABLES };

static const rtab_input inputs[] = {
	[IN_ATT] = {.id = "att", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 0, .max = 100, .default_value = 4},
	[IN_DEF] = {.id = "def", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 0, .max = 100, .default_value = 2},
	[IN_ARMS] = {.id = "arms", .type = RTAB_TYPE_BOOL, .enum_index = -1, .min = 0, .max = 1},
	[IN_RIVER] = {.id = "river", .type = RTAB_TYPE_BOOL, .enum_index = -1, .min = 0, .max = 1},
	[IN_KIND] = {.id = "kind", .type = RTAB_TYPE_ENUM, .enum_index = 0, .min = 0, .max = 1},
};
static const rtab_enum_value kind_values[] = {{.id = "normal"}, {.id = "determined"}};
static const rtab_enum enums[] = {{.id = "kind", .nvalues = 2, .values = kind_values}};
static const rtab_die_group d6_groups[] = {{.count = 1, .face_min = 1, .face_max = 6}};
static const rtab_dice dice[] = {{.id = "d6", .ngroups = 1, .groups = d6_groups, .nfaces = 1, .min = 1, .max = 6}};
static const rtab_outcome outcomes[] = {
	[O_AE] = {.id = "AE"}, [O_NE] = {.id = "NE"}, [O_DR] = {.id = "DR"}, [O_DE] = {.id = "DE"},
};
static const rtab_group groups[] = {{.id = "arms", .stacking = RTAB_STACK_BEST}};
static const rtab_modifier modifiers[] = {
	/* +1 column for combined arms; a second member of its group never adds. */
	[M_ARMS] = {.id = "arms", .condition = EXPR({RTAB_OP_INPUT, IN_ARMS}), .value = EXPR({RTAB_OP_CONST, 1}),
		    .min = 1, .max = 1, .sign = 1, .group = 0},
	/* -2 columns for a river, the defender's. */
	[M_RIVER] = {.id = "river", .condition = EXPR({RTAB_OP_INPUT, IN_RIVER}), .value = EXPR({RTAB_OP_CONST, 2}),
		     .min = 2, .max = 2, .sign = -1, .group = -1},
	[M_ARMS2] = {.id = "arms2", .condition = EXPR({RTAB_OP_INPUT, IN_ARMS}), .value = EXPR({RTAB_OP_CONST, 1}),
		     .min = 1, .max = 1, .sign = 1, .group = 0},
};

/* Every rolled column: 1-3 the first outcome, 4-6 the second. */
#define ROWS_OF(a, b) ((const int16_t[]){a, a, a, b, b, b})
static const rtab_row rows[] = {{O_AE, NULL, NULL, NULL}, {O_NE, NULL, NULL, NULL}, {O_DR, NULL, NULL, NULL},
				 {O_DE, NULL, NULL, NULL}};

/* none below 1:2 | 1:2 | 1:1 | 1.5:1 | 2:1 | 3:1 | automatic DE from 4:1 */
static const rtab_column odds_columns[] = {
	{.id = "below", .kind = RTAB_COLUMN_NONE, .step_num = 0, .step_den = 1, .below_row = -1, .above_row = -1},
	{.id = "1:2", .row_of_roll = ROWS_OF(0, 0), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 2},
	{.id = "1:1", .row_of_roll = ROWS_OF(0, 1), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
	{.id = "1.5:1", .row_of_roll = ROWS_OF(1, 1), .below_row = -1, .above_row = -1, .step_num = 3, .step_den = 2},
	{.id = "2:1", .row_of_roll = ROWS_OF(1, 2), .below_row = -1, .above_row = -1, .step_num = 2, .step_den = 1},
	{.id = "3:1", .row_of_roll = ROWS_OF(2, 3), .below_row = -1, .above_row = -1, .step_num = 3, .step_den = 1},
	{.id = "4:1", .kind = RTAB_COLUMN_AUTOMATIC, .automatic = O_DE, .step_num = 4, .step_den = 1,
	 .below_row = -1, .above_row = -1},
};
/* Attacker minus defender: <=-2 | -1 | 0 | +1 | >=+2 */
static const rtab_column diff_columns[] = {
	{.id = "-2", .row_of_roll = ROWS_OF(0, 0), .below_row = -1, .above_row = -1, .step_num = -2, .step_den = 1},
	{.id = "-1", .row_of_roll = ROWS_OF(0, 1), .below_row = -1, .above_row = -1, .step_num = -1, .step_den = 1},
	{.id = "0", .row_of_roll = ROWS_OF(1, 1), .below_row = -1, .above_row = -1, .step_num = 0, .step_den = 1},
	{.id = "+1", .row_of_roll = ROWS_OF(1, 2), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
	{.id = "+3", .row_of_roll = ROWS_OF(2, 3), .below_row = -1, .above_row = -1, .step_num = 3, .step_den = 1},
};
static const rtab_column bad_steps[] = {
	{.id = "2:1", .row_of_roll = ROWS_OF(0, 0), .below_row = -1, .above_row = -1, .step_num = 2, .step_den = 1},
	{.id = "1:1", .row_of_roll = ROWS_OF(0, 0), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
};
static const rtab_column bad_kind[] = {
	{.id = "x", .row_of_roll = NULL, .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
};
static const uint16_t shifts[] = {M_ARMS, M_RIVER, M_ARMS2};
/* Two keys: the 'kind' of attack by the odds. normal: 1:1 | 2:1;
 * determined: 1:1 | 2:1 | automatic DE from 3:1. */
static const rtab_column twokey_columns[] = {
	{.id = "normal 1:1", .row_of_roll = ROWS_OF(0, 1), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
	{.id = "normal 2:1", .row_of_roll = ROWS_OF(1, 2), .below_row = -1, .above_row = -1, .step_num = 2, .step_den = 1},
	{.id = "determined 1:1", .row_of_roll = ROWS_OF(1, 1), .below_row = -1, .above_row = -1, .step_num = 1, .step_den = 1},
	{.id = "determined 2:1", .row_of_roll = ROWS_OF(2, 2), .below_row = -1, .above_row = -1, .step_num = 2, .step_den = 1},
	{.id = "determined 3:1+", .kind = RTAB_COLUMN_AUTOMATIC, .automatic = O_DE, .step_num = 3, .step_den = 1,
	 .below_row = -1, .above_row = -1},
};
static const uint16_t twokey_first[] = {0, 2}, twokey_end[] = {2, 5};
static const uint16_t badrun_first[] = {0, 2}, badrun_end[] = {2, 6};

#define ODDS_KEYS .key_a = EXPR({RTAB_OP_INPUT, IN_ATT}), .key_b = EXPR({RTAB_OP_INPUT, IN_DEF})
#define TABLE(name, kind, round, cols) TABLE_BY(name, kind, round, cols, -1)
#define TABLE_BY(name, kind, round, cols, in) \
	.id = name, .dice = 0, .column_input = in, .ncolumns = COUNT(cols), .columns = cols, .nrows = 4, \
	.rows = rows, .roll_min = 1, .roll_max = 6, .step = -1, .key_kind = kind, .rounding = round
static const rtab_table tables[] = {
	[T_ODDS] = {TABLE("odds", RTAB_KEY_ODDS, RTAB_ROUND_DOWN, odds_columns), ODDS_KEYS,
		    .nshifts = COUNT(shifts), .shifts = shifts},
	[T_DIFF] = {TABLE("diff", RTAB_KEY_VALUE, RTAB_ROUND_DOWN, diff_columns),
		    .key_a = EXPR({RTAB_OP_INPUT, IN_ATT}, {RTAB_OP_INPUT, IN_DEF}, {RTAB_OP_SUB, 0})},
	[T_NEAREST] = {TABLE("nearest", RTAB_KEY_ODDS, RTAB_ROUND_NEAREST, odds_columns), ODDS_KEYS},
	[T_UP] = {TABLE("up", RTAB_KEY_ODDS, RTAB_ROUND_UP, odds_columns), ODDS_KEYS},
	[T_EVENS] = {TABLE("evens", RTAB_KEY_VALUE, RTAB_ROUND_EVENS, diff_columns),
		     .key_a = EXPR({RTAB_OP_INPUT, IN_ATT}, {RTAB_OP_INPUT, IN_DEF}, {RTAB_OP_SUB, 0})},
	[T_BADSTEPS] = {TABLE("bad_steps", RTAB_KEY_ODDS, RTAB_ROUND_DOWN, bad_steps), ODDS_KEYS},
	[T_BADKIND] = {TABLE("bad_kind", RTAB_KEY_ODDS, RTAB_ROUND_DOWN, bad_kind), ODDS_KEYS},
	[T_TWOKEY] = {TABLE_BY("twokey", RTAB_KEY_ODDS, RTAB_ROUND_DOWN, twokey_columns, IN_KIND), ODDS_KEYS,
		      .column_of_value = twokey_first,
		      .column_end_of_value = twokey_end, .nshifts = COUNT(shifts), .shifts = shifts},
	/* A run past the last column: inconsistent data. */
	[T_BADRUN] = {TABLE_BY("bad_run", RTAB_KEY_ODDS, RTAB_ROUND_DOWN, twokey_columns, IN_KIND), ODDS_KEYS,
		      .column_of_value = badrun_first, .column_end_of_value = badrun_end},
};

/* Ratio bands: 2:1 = +1, 3:1 = +2, 1:2 = -1, 1:3 = -2; otherwise 0. */
static const rtab_band_step band_steps[] = {{2, 1, 1}, {3, 1, 2}, {1, 2, -1}, {1, 3, -2}};
static const rtab_band bands[] = {
	{.id = "evens", .nsteps = 4, .steps = band_steps, .rounding = RTAB_ROUND_EVENS},
	{.id = "down", .nsteps = 4, .steps = band_steps, .rounding = RTAB_ROUND_DOWN},
	{.id = "up", .nsteps = 4, .steps = band_steps, .rounding = RTAB_ROUND_UP},
	{.id = "nearest", .nsteps = 4, .steps = band_steps, .rounding = RTAB_ROUND_NEAREST},
};

static const rtab_ruleset rs = {
	.data_version = RTAB_DATA_VERSION,
	.id = "columns", .ninputs = NINPUTS, .inputs = inputs, .ndice = 1, .dice = dice,
	.noutcomes = COUNT(outcomes), .outcomes = outcomes, .nmodifiers = COUNT(modifiers),
	.modifiers = modifiers, .ntables = NTABLES, .tables = tables, .nbands = COUNT(bands),
	.bands = bands, .ngroups = 1, .groups = groups, .nenums = 1, .enums = enums,
};

static int resolve_kind(size_t t, int32_t kind, int32_t att, int32_t def, int arms, int river,
			int32_t face, rtab_result *r)
{
	int32_t in[NINPUTS] = {att, def, arms, river, kind};
	return rtab_resolve(&rs, t, in, NINPUTS, &face, face ? 1 : 0, 0, r);
}

static int resolve(size_t t, int32_t att, int32_t def, int arms, int river, int32_t face, rtab_result *r)
{
	return resolve_kind(t, 0, att, def, arms, river, face, r);
}

/* The column each odds read as, rounded down (in the defender's favour). */
static void test_odds_down(void **state)
{
	static const struct {
		int32_t att, def;
		const char *column;
	} cases[] = {
		{1, 2, "1:2"},  {2, 5, "below"}, /* 1:2.5 is below 1:2: no attack */
		{3, 4, "1:2"},  {1, 1, "1:1"},   {7, 5, "1:1"},  {3, 2, "1.5:1"}, {17, 10, "1.5:1"},
		{2, 1, "2:1"},  {29, 10, "2:1"}, {3, 1, "3:1"},  {39, 10, "3:1"}, {4, 1, "4:1"},
		{100, 1, "4:1"}, {5, 0, "4:1"}, /* a:0 is beyond every step */
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		rtab_result r;
		int rc = resolve(T_ODDS, cases[i].att, cases[i].def, 0, 0, 4, &r);
		assert_string_equal(tables[T_ODDS].columns[r.column].id, cases[i].column);
		assert_int_equal(r.key_num, cases[i].att);
		assert_int_equal(r.key_den, cases[i].def);
		assert_int_equal(r.column_shift, 0);
		assert_int_equal(r.key_column, r.column);
		assert_int_equal(rc, r.column == 0 ? RTAB_E_NO_RESULT : RTAB_OK);
	}
}

static void test_odds_results(void **state)
{
	rtab_result r;
	(void)state;
	/* 1.5:1, roll 2: NE from a rolled column. */
	assert_int_equal(resolve(T_ODDS, 3, 2, 0, 0, 2, &r), RTAB_OK);
	assert_int_equal(r.outcome, O_NE);
	assert_int_equal(r.automatic, 0);
	assert_int_equal(r.natural, 2);
	/* 4:1: DE without a roll; no faces needed, faces given are still checked. */
	assert_int_equal(resolve(T_ODDS, 8, 2, 0, 0, 0, &r), RTAB_OK);
	assert_int_equal(r.outcome, O_DE);
	assert_int_equal(r.automatic, 1);
	assert_int_equal(r.row, UINT16_MAX);
	assert_int_equal(resolve(T_ODDS, 8, 2, 0, 0, 7, &r), RTAB_E_FACES);
	/* A rolled column without faces is an error. */
	assert_int_equal(resolve(T_ODDS, 3, 2, 0, 0, 0, &r), RTAB_E_FACES);
	/* 0:0: no odds to read; 0:b reads below every step. */
	assert_int_equal(resolve(T_ODDS, 0, 0, 0, 0, 3, &r), RTAB_E_NO_RESULT);
	assert_int_equal(resolve(T_ODDS, 0, 5, 0, 0, 3, &r), RTAB_E_NO_RESULT);
	assert_int_equal(r.column, 0);
}

static void test_shifts(void **state)
{
	rtab_result r;
	(void)state;
	/* 2:1 with combined arms: +1 column to 3:1 (the second member of the group does not count). */
	assert_int_equal(resolve(T_ODDS, 4, 2, 1, 0, 4, &r), RTAB_OK);
	assert_string_equal(tables[T_ODDS].columns[r.column].id, "3:1");
	assert_int_equal(r.key_column, 4);
	assert_int_equal(r.column_shift, 1);
	assert_int_equal(r.outcome, O_DE);
	assert_int_equal(r.napplied, 2);
	assert_int_equal(r.applied[0].shift, 1);
	assert_int_equal(r.applied[0].counted + r.applied[1].counted, 1);
	assert_int_equal(r.modifier, 0); /* shifts never touch the roll */
	/* 2:1 across a river: -2 columns to 1:1. */
	assert_int_equal(resolve(T_ODDS, 4, 2, 0, 1, 4, &r), RTAB_OK);
	assert_string_equal(tables[T_ODDS].columns[r.column].id, "1:1");
	assert_int_equal(r.column_shift, -2);
	/* 3:1 with combined arms reaches the automatic column past the last rolled one. */
	assert_int_equal(resolve(T_ODDS, 6, 2, 1, 0, 0, &r), RTAB_OK);
	assert_int_equal(r.automatic, 1);
	/* 4:1 and +1: clamped to the last column. */
	assert_int_equal(resolve(T_ODDS, 9, 2, 1, 0, 0, &r), RTAB_OK);
	assert_int_equal(r.column, COUNT(odds_columns) - 1);
	/* 1:1 across a river: -2 reaches the 'none' column and clamps there. */
	assert_int_equal(resolve(T_ODDS, 2, 2, 0, 1, 3, &r), RTAB_E_NO_RESULT);
	assert_int_equal(r.column, 0);
	assert_int_equal(r.column_shift, -2);
}

static void test_value_key(void **state)
{
	static const struct {
		int32_t att, def;
		uint8_t table;
		const char *column;
	} cases[] = {
		{0, 9, T_DIFF, "-2"}, {0, 2, T_DIFF, "-2"}, {1, 2, T_DIFF, "-1"}, {2, 2, T_DIFF, "0"},
		{3, 2, T_DIFF, "+1"}, {4, 2, T_DIFF, "+1"}, {5, 2, T_DIFF, "+3"}, {50, 2, T_DIFF, "+3"},
		/* Towards 0: +2 reads +1, and below 0 a value reads up: -3 reads -2 (the first). */
		{4, 2, T_EVENS, "+1"}, {0, 3, T_EVENS, "-2"}, {1, 2, T_EVENS, "-1"},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		rtab_result r;
		assert_int_equal(resolve(cases[i].table, cases[i].att, cases[i].def, 0, 0, 1, &r), RTAB_OK);
		assert_string_equal(tables[cases[i].table].columns[r.column].id, cases[i].column);
		assert_int_equal(r.key_num, cases[i].att - cases[i].def);
		assert_int_equal(r.key_den, 1);
	}
}

static void test_rounding(void **state)
{
	static const struct {
		uint8_t table;
		int32_t att, def;
		const char *column;
	} cases[] = {
		/* Up: in the attacker's favour. */
		{T_UP, 5, 4, "1.5:1"}, {T_UP, 5, 2, "3:1"}, {T_UP, 2, 5, "1:2"}, {T_UP, 1, 9, "1:2"},
		/* Nearest in printed odds, ties down: 1.25:1 is halfway between 1:1 and 1.5:1. */
		{T_NEAREST, 5, 4, "1:1"}, {T_NEAREST, 13, 10, "1.5:1"}, {T_NEAREST, 5, 2, "2:1"},
		{T_NEAREST, 27, 10, "3:1"}, {T_NEAREST, 2, 5, "1:2"}, {T_NEAREST, 7, 2, "3:1"},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		rtab_result r;
		int rc = resolve(cases[i].table, cases[i].att, cases[i].def, 0, 0, 3, &r);
		assert_true(rc == RTAB_OK || rc == RTAB_E_NO_RESULT);
		assert_string_equal(tables[cases[i].table].columns[r.column].id, cases[i].column);
	}
}

static void test_band_rounding(void **state)
{
	static const struct {
		int band;
		int32_t a, b, value;
	} cases[] = {
		/* 1:2.5: evens reads 1:2 (-1), down reads 1:3 (-2), up 1:2, nearest a tie, down. */
		{0, 2, 5, -1}, {1, 2, 5, -2}, {2, 2, 5, -1}, {3, 2, 5, -2},
		/* 2.5:1: evens and down read 2:1, up reads 3:1. */
		{0, 5, 2, 1},  {1, 5, 2, 1},  {2, 5, 2, 2},  {3, 5, 2, 1},
		/* 1.6:1 rounds up to 2:1 only when asked. */
		{1, 8, 5, 0},  {2, 8, 5, 1},  {3, 8, 5, 1},
		/* a:0, 0:b and 0:0, whatever the rounding. */
		{1, 3, 0, 2},  {1, 0, 3, -2}, {1, 0, 0, 0},  {2, 3, 0, 2},  {3, 0, 4, -2},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		rtab_instr prog[] = {{RTAB_OP_CONST, cases[i].a}, {RTAB_OP_CONST, cases[i].b},
				     {RTAB_OP_BAND, cases[i].band}};
		rtab_expr e = {3, prog, NULL};
		int32_t v = 99;
		assert_int_equal(rtab_expr_eval(&rs, &e, (const int32_t[]){0, 0, 0, 0}, NINPUTS, &v), RTAB_OK);
		assert_int_equal(v, cases[i].value);
	}
}

/* The odds midway between two steps, in printed steps: exact, so that a tie
 * reads down ('round nearest'). */
static void test_midway(void **state)
{
	static const struct {
		int64_t dp, dq, up, uq, tn, td;
	} cases[] = {
		{29, 10, 3, 1, 59, 20},            /* 2.9:1 and 3:1: 2.95:1 */
		{10, 21, 1, 2, 20, 41},            /* 1:2.1 and 1:2: 1:2.05 */
		{1, 1, 3, 2, 10, 8},               /* 1:1 and 1.5:1: 1.25:1 */
		{1, 3, 1, 2, 2, 5},                /* 1:3 and 1:2: 1:2.5 */
		{1, 2, 2, 1, 1, 1},                /* 1:2 and 2:1: 1:1 */
		{1, 2, 1, 1, 2, 3},                /* 1:2 and 1:1: 1:1.5 */
		{2, 3, 3, 2, 1, 1},                /* 2:3 and 1.5:1: 1:1 */
		{INT32_MAX - 1, 1, INT32_MAX, 1, 2 * (int64_t)INT32_MAX - 1, 2}, /* whole odds at the end */
		{1, INT32_MAX, 1, INT32_MAX - 1, 2, 2 * (int64_t)INT32_MAX - 1},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int64_t tn = 0, td = 0;
		assert_int_equal(rtab_odds_midway(cases[i].dp, cases[i].dq, cases[i].up, cases[i].uq, &tn, &td),
				 RTAB_OK);
		/* The same odds, whatever their terms. */
		assert_true(tn * cases[i].td == cases[i].tn * td);
	}
	int64_t tn, td;
	/* Terms beyond int32 or not positive, a midpoint beyond 2^32: refused. */
	assert_int_equal(rtab_odds_midway(0, 1, 1, 1, &tn, &td), RTAB_E_RULESET);
	assert_int_equal(rtab_odds_midway((int64_t)INT32_MAX + 1, 1, 1, 1, &tn, &td), RTAB_E_RULESET);
	assert_int_equal(rtab_odds_midway(3, 2, INT32_MAX, INT32_MAX - 1, &tn, &td), RTAB_E_RULESET);
	assert_int_equal(rtab_odds_midway(1, 1, 2, 1, NULL, &td), RTAB_E_NULL);
}

/* Two keys: the variant picks a run of columns, the odds a column in it;
 * shifts move and clamp within the run. */
static void test_two_keys(void **state)
{
	rtab_result r;
	(void)state;
	/* normal 3:1 reads the run's last column, 2:1; determined 3:1 is its automatic DE. */
	assert_int_equal(resolve_kind(T_TWOKEY, 0, 6, 2, 0, 0, 4, &r), RTAB_OK);
	assert_string_equal(twokey_columns[r.column].id, "normal 2:1");
	assert_int_equal(r.outcome, O_DR);
	assert_int_equal(resolve_kind(T_TWOKEY, 1, 6, 2, 0, 0, 0, &r), RTAB_OK);
	assert_string_equal(twokey_columns[r.column].id, "determined 3:1+");
	assert_int_equal(r.automatic, 1);
	/* normal 2:1 with combined arms clamps at the run's end, not in the next run. */
	assert_int_equal(resolve_kind(T_TWOKEY, 0, 4, 2, 1, 0, 4, &r), RTAB_OK);
	assert_string_equal(twokey_columns[r.column].id, "normal 2:1");
	assert_int_equal(r.column_shift, 1);
	/* determined 1:2 reads the run's first column; a river cannot leave the run. */
	assert_int_equal(resolve_kind(T_TWOKEY, 1, 1, 2, 0, 1, 2, &r), RTAB_OK);
	assert_string_equal(twokey_columns[r.column].id, "determined 1:1");
	assert_int_equal(r.key_column, 2);
	assert_int_equal(r.outcome, O_NE);
	/* determined 2:1 with combined arms: DE without a roll. */
	assert_int_equal(resolve_kind(T_TWOKEY, 1, 4, 2, 1, 0, 0, &r), RTAB_OK);
	assert_int_equal(r.outcome, O_DE);
	assert_int_equal(resolve_kind(T_BADRUN, 1, 4, 2, 0, 0, 3, &r), RTAB_E_RULESET);
	assert_int_equal(resolve_kind(T_BADRUN, 0, 4, 2, 0, 0, 3, &r), RTAB_OK);
}

static void test_rejects(void **state)
{
	rtab_result r;
	(void)state;
	/* Steps that do not rise, a rolled column without rows: inconsistent data. */
	assert_int_equal(resolve(T_BADSTEPS, 2, 1, 0, 0, 3, &r), RTAB_E_RULESET);
	assert_int_equal(resolve(T_BADKIND, 2, 1, 0, 0, 3, &r), RTAB_E_RULESET);
	assert_string_equal(rtab_status_message(RTAB_E_NO_RESULT),
			    "the table gives no result here (e.g. the attack is not allowed)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_odds_down),  cmocka_unit_test(test_odds_results),
		cmocka_unit_test(test_shifts),     cmocka_unit_test(test_value_key),
		cmocka_unit_test(test_rounding),   cmocka_unit_test(test_band_rounding),
		cmocka_unit_test(test_rejects),    cmocka_unit_test(test_two_keys),
		cmocka_unit_test(test_midway),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
