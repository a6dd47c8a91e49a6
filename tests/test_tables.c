/*
 * The bundled Musket & Pike tables, linked as generated C and resolved by
 * the runtime, against the outcomes the rulebook pages give.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "musket_pike.h"

static const rtab_ruleset *const rs = &musket_pike_ruleset;

#define MAX_INPUTS 256

static bool has_reason(const rtab_result *r, const char *why)
{
	for (size_t k = 0; k < r->nprovisional && k < RTAB_MAX_REASONS; k++)
		if (r->reasons[k] == why)
			return true;
	return false;
}

static void resolve(size_t table, int32_t game, int32_t face, int32_t drm, rtab_result *r)
{
	int32_t inputs[MAX_INPUTS];
	assert_true(rs->ninputs <= MAX_INPUTS);
	assert_int_equal(rtab_inputs_default(rs, inputs, rs->ninputs), RTAB_OK);
	inputs[MUSKET_PIKE_INPUT_GAME] = game;
	assert_int_equal(rtab_resolve(rs, table, inputs, rs->ninputs, &face, 1, drm, r), RTAB_OK);
}

/* 11.7.2: TACW <=2 break off, 3-5 pursue and eliminate, 6+ off map;
 * every other game <=4, 5-8, 9+. */
static void test_cavalry_pursuit_every_natural_roll(void **state)
{
	static const struct {
		int32_t game;
		int32_t face;
		int outcome;
	} cases[] = {
		{MUSKET_PIKE_GAME_TACW, 0, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_TACW, 1, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_TACW, 2, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_TACW, 3, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_TACW, 4, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_TACW, 5, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_TACW, 6, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP},
		{MUSKET_PIKE_GAME_TACW, 7, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP},
		{MUSKET_PIKE_GAME_TACW, 8, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP},
		{MUSKET_PIKE_GAME_TACW, 9, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP},
		{MUSKET_PIKE_GAME_OTHER, 0, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_OTHER, 1, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_OTHER, 2, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_OTHER, 3, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_OTHER, 4, MUSKET_PIKE_OUTCOME_BREAK_OFF},
		{MUSKET_PIKE_GAME_OTHER, 5, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_OTHER, 6, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_OTHER, 7, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_OTHER, 8, MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE},
		{MUSKET_PIKE_GAME_OTHER, 9, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rtab_result r;
		resolve(MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, cases[i].game, cases[i].face, 0, &r);
		assert_int_equal(r.outcome, cases[i].outcome);
		assert_int_equal(r.modified_roll, cases[i].face);
	}
}

/* Every game but TACW reads the "Другие" column. */
static void test_cavalry_pursuit_columns(void **state)
{
	static const int32_t others[] = {MUSKET_PIKE_GAME_NGBG, MUSKET_PIKE_GAME_SIA,
					 MUSKET_PIKE_GAME_OTHER};
	rtab_result tacw, other;
	(void)state;
	resolve(MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, MUSKET_PIKE_GAME_TACW, 3, 0, &tacw);
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		resolve(MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, others[i], 3, 0, &other);
		assert_int_not_equal(other.column, tacw.column);
		assert_int_equal(other.outcome, MUSKET_PIKE_OUTCOME_BREAK_OFF);
	}
	assert_string_equal(rs->tables[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT].columns[tacw.column].id,
			    "tacw");
	assert_string_equal(rs->outcomes[MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE].rule, "11.7.2");
}

/* 11.0: every modified roll from -4 (0 - 4) to 13 (9 + 4). */
static void test_melee_every_modified_roll(void **state)
{
	static const struct {
		int32_t lo, hi;
		int outcome;
		int provisional;
	} rows[] = {
		{-4, 0, MUSKET_PIKE_OUTCOME_ATTACKER_ELIMINATED, 0},
		{1, 2, MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN, 0},
		{3, 3, MUSKET_PIKE_OUTCOME_ATTACKER_SHAKEN_RETREAT_2, 1},
		{4, 4, MUSKET_PIKE_OUTCOME_ATTACKER_SHAKEN_RETREAT_1, 1},
		{5, 5, MUSKET_PIKE_OUTCOME_DEFENDER_SHAKEN_RETREAT_1, 1},
		{6, 6, MUSKET_PIKE_OUTCOME_DEFENDER_SHAKEN_RETREAT_2, 1},
		{7, 8, MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN, 0},
		{9, 13, MUSKET_PIKE_OUTCOME_DEFENDER_ELIMINATED, 0},
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		for (int32_t roll = rows[i].lo; roll <= rows[i].hi; roll++) {
			/* Reach each roll every way the die and a capped DRM allow. */
			for (int32_t face = 0; face <= 9; face++) {
				int32_t drm = roll - face;
				rtab_result r;
				if (drm < -4 || drm > 4)
					continue;
				resolve(MUSKET_PIKE_TABLE_MELEE, MUSKET_PIKE_GAME_OTHER, face, drm, &r);
				assert_int_equal(r.modified_roll, roll);
				assert_int_equal(r.outcome, rows[i].outcome);
				/* The default unit types are none the Melee Matrix prints, so
				 * no cell is read. Every modifier's condition is read, and
				 * what they read decided that none applies: the force ratio's
				 * reading (10:10 falls in no band) marks every result. A row
				 * whose roll label was lost names its own reason first. The
				 * die's reason marks the odds, not a result from its face. */
				assert_true(has_reason(&r, rs->bands[0].provisional));
				for (size_t k = 0; k < r.nprovisional && k < RTAB_MAX_REASONS; k++)
					assert_ptr_not_equal(r.reasons[k], rs->dice[0].provisional);
				if (rows[i].provisional)
					assert_ptr_equal(r.provisional,
							 rtab_row_provisional(&rs->tables[MUSKET_PIKE_TABLE_MELEE], r.row));
				else
					assert_non_null(r.provisional);
			}
		}
	}
}

/* "The total of all modifiers is never above +4 nor below -4." */
static void test_melee_cap(void **state)
{
	static const struct {
		int32_t face, drm, modifier, roll;
	} cases[] = {
		{0, 7, 4, 4}, {0, 4, 4, 4}, {9, -20, -4, 5}, {5, -4, -4, 1}, {5, 0, 0, 5}, {2, 3, 3, 5},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rtab_result r;
		resolve(MUSKET_PIKE_TABLE_MELEE, MUSKET_PIKE_GAME_OTHER, cases[i].face, cases[i].drm, &r);
		assert_int_equal(r.modifier_raw, cases[i].drm);
		assert_int_equal(r.modifier, cases[i].modifier);
		assert_int_equal(r.modified_roll, cases[i].roll);
	}
}

static bool triggers_pursuit(const rtab_result *r)
{
	for (size_t i = 0; i < r->ntriggered; i++)
		if (r->triggered[i].kind == RTAB_TARGET_TABLE &&
		    r->triggered[i].index == MUSKET_PIKE_TABLE_CAVALRY_PURSUIT)
			return true;
	return false;
}

/* "Пройдите Проверку на Кавалерийское Преследование": exactly the results
 * that say so, and only for the winning side's cavalry (11.7.1 "победившее
 * подразделение кавалерии"): the defender's on rolls <=2, the attacker's on
 * 7+; a side without cavalry checks nothing. */
static void test_melee_triggers_pursuit(void **state)
{
	static const struct {
		int32_t roll;
		bool defender_wins, attacker_wins;
	} cases[] = {
		{0, true, false}, {1, true, false}, {2, true, false}, {3, false, false},
		{4, false, false}, {5, false, false}, {6, false, false}, {7, false, true},
		{8, false, true}, {9, false, true},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (int32_t att = 0; att <= 2; att++) {
			for (int32_t def = 0; def <= 2; def++) {
				int32_t inputs[MAX_INPUTS];
				int32_t face = cases[i].roll;
				rtab_result r;
				bool expect = (cases[i].defender_wins && def > 0) ||
					      (cases[i].attacker_wins && att > 0);
				assert_int_equal(rtab_inputs_default(rs, inputs, rs->ninputs), RTAB_OK);
				inputs[MUSKET_PIKE_INPUT_ATTACKER_CAVALRY_UNITS] = att;
				inputs[MUSKET_PIKE_INPUT_DEFENDER_CAVALRY_UNITS] = def;
				assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs,
							      rs->ninputs, &face, 1, 0, &r),
						 RTAB_OK);
				assert_int_equal(triggers_pursuit(&r), expect);
			}
		}
	}
}

/* 11.4.5: <=4 eliminated, 5+ stand. */
static void test_failure_to_retreat(void **state)
{
	(void)state;
	for (int32_t face = 0; face <= 9; face++) {
		rtab_result r;
		resolve(MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT, MUSKET_PIKE_GAME_OTHER, face, 0, &r);
		assert_int_equal(r.outcome, face <= 4 ? MUSKET_PIKE_OUTCOME_ELIMINATED
						     : MUSKET_PIKE_OUTCOME_STAND);
	}
}

/* The die is read 0-9: 10 is no face of it. */
static void test_rejects_faces_off_the_die(void **state)
{
	int32_t inputs[MAX_INPUTS];
	int32_t faces[2] = {10, 0};
	size_t n = rs->ninputs;
	rtab_result r;
	(void)state;
	assert_int_equal(rtab_inputs_default(rs, inputs, n), RTAB_OK);
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n, faces, 1, 0, &r),
			 RTAB_E_FACES);
	faces[0] = -1;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n, faces, 1, 0, &r),
			 RTAB_E_FACES);
	faces[0] = 3;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n, faces, 2, 0, &r),
			 RTAB_E_FACES);
	/* The native entry point leaves a bad input to the interpreter, which names it; an
	 * answer names none. */
	inputs[MUSKET_PIKE_INPUT_GAME] = 4; /* the game enum has four values, 0..3 */
	r.bad_input = 12345;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n, faces, 1, 0, &r),
			 RTAB_E_INPUT);
	assert_int_equal(r.bad_input, MUSKET_PIKE_INPUT_GAME);
	inputs[MUSKET_PIKE_INPUT_GAME] = 0;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_STRENGTH] = 100;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT, inputs, n, faces, 1, 0, &r),
			 RTAB_E_INPUT);
	assert_int_equal(r.bad_input, MUSKET_PIKE_INPUT_DEFENDER_STRENGTH);
	inputs[MUSKET_PIKE_INPUT_DEFENDER_STRENGTH] = 10;
	r.bad_input = 12345;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n, faces, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.bad_input, -1);
	r.bad_input = 12345;
	assert_int_equal(rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, n - 1, faces, 1, 0, &r),
			 RTAB_E_INPUT);
	assert_int_equal(r.bad_input, -1);
	assert_int_equal(rtab_resolve(rs, rs->ntables, inputs, n, faces, 1, 0, &r), RTAB_E_TABLE);
}

/* The generated data carries its native resolver: rtab_resolve answers with the generated
 * code (tests/test_native.c compares it with the interpreter on every case). */
static void test_linked_tables_resolve_natively(void **state)
{
	(void)state;
	assert_non_null(rs->native_resolve);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cavalry_pursuit_every_natural_roll),
		cmocka_unit_test(test_cavalry_pursuit_columns),
		cmocka_unit_test(test_melee_every_modified_roll),
		cmocka_unit_test(test_melee_cap),
		cmocka_unit_test(test_melee_triggers_pursuit),
		cmocka_unit_test(test_failure_to_retreat),
		cmocka_unit_test(test_rejects_faces_off_the_die),
		cmocka_unit_test(test_linked_tables_resolve_natively),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
