/*
 * Provisional readings on every construct, the reasons a result lists, and
 * triggers that pass the situation on or repeat: a ruleset written in the
 * language, built by the real front end, resolved by the runtime.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "built_source.h"
#include "check/proofs/reasons.h"
#include "rtab.h"

static const char source[] =
	"ruleset r { locales en; en \"R\"; }\n"
	"dice d6 = 1d6 provisional \"R-DICE\";\n"
	"enum form { en \"F\"; fresh { en \"Fresh\"; provisional \"R-FRESH\"; } tired { en \"T\"; } }\n"
	"input form: form = fresh { en \"Form\"; }\n"
	"input other_form: form = tired { en \"Other\"; }\n"
	"input n: int 0..4 = 1 { en \"N\"; provisional \"R-N\"; }\n"
	"input a: int 0..20 = 1 { en \"A\"; }\n"
	"input b: int 1..20 = 1 { en \"B\"; }\n"
	"input flag: bool = false { en \"Flag\"; }\n"
	"outcome lo { en \"Lo\"; trigger hit(form = other_form); trigger hit times n;"
	" trigger re(flag = true) unless flag provisional \"R-TRIG\"; }\n"
	"outcome hi { en \"Hi\"; }\n"
	"outcome top { en \"Top\"; }\n"
	"ratio odds { en \"Odds\"; provisional \"R-ODDS\"; 2:1 = 1 provisional \"R-STEP\"; otherwise 0; }\n"
	"modifier m { en \"M\"; value odds(a, b); }\n"
	"modifier w { en \"W\"; when flag; value 1; provisional \"R-MOD\"; }\n"
	"table t { en \"T\"; roll d6; modifiers m, w;"
	" rewrite hi -> top when flag provisional \"R-REWRITE\";"
	" rows { lo 0-2; hi 3-4 provisional \"R-ROW\"; top 5-8; } }\n"
	"transition hit by form { en \"Hit\"; fresh -> tired provisional \"R-ARC\"; tired -> tired; }\n"
	"reactions re { en \"Re\"; option x { en \"X\"; provisional \"R-OPT\"; }"
	" option y { en \"Y\"; unless flag; } }\n"
	"procedure p { en \"P\"; provisional \"R-ORDER\";"
	" step s1 { en \"S1\"; when flag; provisional \"R-S1\"; } step s2 { en \"S2\"; } }\n"
	"modifier f { en \"F\"; when form == fresh; value 0; }\n"
	"modifier g { en \"G\"; value n; }\n"
	"table u { en \"U\"; roll d6; modifiers f, g; rows { hi 1-10; } }\n"
	"modifier h { en \"H\"; when odds(a, b) == 1; value 1; }\n"
	"table v { en \"V\"; roll d6; modifiers h; rows { hi 1-10; } }\n"
	"input unit: int 1..3 = 1 { en \"Unit\"; }\n"
	"outcome won { en \"Won\"; trigger v(unit = repeat, flag = earlier top, a = 5) times n; }\n";

static void build(built *b)
{
	build_source(b, source);
}

static int input(const rtab_ruleset *rs, const char *id)
{
	int i = rtab_find_input(rs, id);
	assert_true(i >= 0);
	return i;
}

static bool has_reason(const rtab_result *r, const char *why)
{
	for (size_t i = 0; i < r->nprovisional && i < RTAB_MAX_REASONS; i++)
		if (strcmp(r->reasons[i], why) == 0)
			return true;
	return false;
}

/* Every reason a table result depends on is listed once, the row's first. */
static void test_table_reasons(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16];
	int32_t face = 3;
	rtab_result r;
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	/* a:b = 1:1: the ratio's reading counts, its step not (otherwise 0). */
	assert_int_equal(rtab_resolve(rs, 0, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_string_equal(rs->outcomes[r.outcome].id, "hi"); /* 3 + odds 0 */
	assert_string_equal(r.provisional, "R-ROW");
	assert_ptr_equal(r.reasons[0], r.provisional);
	assert_false(has_reason(&r, "R-DICE"));    /* the faces are given: the dice mark odds */
	assert_true(has_reason(&r, "R-ODDS"));
	assert_false(has_reason(&r, "R-STEP"));
	assert_false(has_reason(&r, "R-MOD"));     /* w does not apply */
	/* Considered for hi and not applied: its reading let hi stand, so it marks hi. */
	assert_true(has_reason(&r, "R-REWRITE"));
	assert_int_equal(r.nprovisional, 3);
	/* a:b = 2:1 reaches the step; flag applies w and the rewrite. */
	in[input(rs, "a")] = 2;
	in[input(rs, "flag")] = 1;
	face = 1;
	assert_int_equal(rtab_resolve(rs, 0, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_string_equal(rs->outcomes[r.outcome].id, "top");
	assert_true(has_reason(&r, "R-STEP"));
	assert_true(has_reason(&r, "R-MOD"));
	assert_true(has_reason(&r, "R-REWRITE")); /* it changed the outcome */
	assert_int_equal(r.rewritten_from, rtab_find_outcome(rs, "hi"));
	built_free(&b);
}

/* A trigger resolves its target 'times' times, passes inputs on, and its
 * reason is listed whether it fires or its reading suppresses it. */
static void test_trigger_times_and_sets(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16], passed[16];
	int32_t face = 1;
	rtab_result r;
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	in[input(rs, "n")] = 3;
	assert_int_equal(rtab_resolve(rs, 0, in, rs->ninputs, &face, 1, -1, &r), RTAB_OK);
	assert_string_equal(rs->outcomes[r.outcome].id, "lo");
	/* hit (other_form), hit x3, re: five entries. */
	assert_int_equal(r.ntriggered, 5);
	assert_int_equal(r.triggered_by[0], 0);
	for (size_t i = 1; i <= 3; i++)
		assert_int_equal(r.triggered_by[i], 1);
	assert_int_equal(r.triggered_by[4], 2);
	assert_int_equal(r.triggered[4].kind, RTAB_TARGET_REACTIONS);
	assert_true(has_reason(&r, "R-TRIG"));
	/* The first passes form = other_form (tired); the last flag = true. */
	assert_int_equal(rtab_trigger_inputs(rs, r.outcome, r.triggered_by[0], in, rs->ninputs, passed),
			 RTAB_OK);
	assert_int_equal(passed[input(rs, "form")], in[input(rs, "other_form")]);
	assert_int_equal(passed[input(rs, "n")], 3); /* the rest unchanged */
	assert_int_equal(rtab_trigger_inputs(rs, r.outcome, 2, in, rs->ninputs, passed), RTAB_OK);
	assert_int_equal(passed[input(rs, "flag")], 1);
	assert_int_equal(rtab_trigger_inputs(rs, r.outcome, 3, in, rs->ninputs, passed), RTAB_E_INDEX);
	assert_int_equal(rtab_trigger_inputs(rs, rs->noutcomes, 0, in, rs->ninputs, passed), RTAB_E_INDEX);
	assert_int_equal(rtab_trigger_inputs(rs, r.outcome, 0, in, rs->ninputs, NULL), RTAB_E_NULL);
	/* times 0: none; flag: the reaction set is suppressed. */
	in[input(rs, "n")] = 0;
	in[input(rs, "flag")] = 1;
	face = 1;
	assert_int_equal(rtab_resolve(rs, 0, in, rs->ninputs, &face, 1, -2, &r), RTAB_OK);
	assert_string_equal(rs->outcomes[r.outcome].id, "lo");
	assert_int_equal(r.ntriggered, 1);
	assert_true(has_reason(&r, "R-TRIG")); /* its 'unless' decided that it does not fire */
	assert_false(has_reason(&r, "R-N"));   /* n = 0 is the caller's, not the default */
	built_free(&b);
}

/* Reactions, transitions and procedures: the reasons of what they give. */
static void test_other_reasons(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16], state_to, step;
	uint16_t opts[4];
	size_t n;
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);

	reasons why = {0};
	assert_int_equal(rtab_reactions(rs, 0, in, rs->ninputs, opts, 4, &n), RTAB_OK);
	reasons_of_reactions(&why, rs, 0, opts, n, in);
	assert_int_equal(why.total, 1);
	assert_string_equal(why.why[0], "R-OPT");

	why = (reasons){0};
	assert_int_equal(rtab_transition_next(rs, 0, in, rs->ninputs, &state_to), RTAB_OK);
	reasons_of_transition(&why, rs, 0, in[input(rs, "form")], state_to);
	assert_int_equal(why.total, 2); /* the arc, and the state 'fresh' */
	assert_string_equal(why.why[0], "R-ARC");
	assert_string_equal(why.why[1], "R-FRESH");
	why = (reasons){0};
	in[input(rs, "form")] = 1; /* tired -> tired: settled */
	assert_int_equal(rtab_transition_next(rs, 0, in, rs->ninputs, &state_to), RTAB_OK);
	reasons_of_transition(&why, rs, 0, 1, state_to);
	assert_int_equal(why.total, 0);

	/* s1 does not apply: s2 is taken after reading s1, so both reasons. */
	why = (reasons){0};
	assert_int_equal(rtab_procedure_step_first(rs, 0, in, rs->ninputs, &step), RTAB_OK);
	assert_int_equal(step, 1);
	reasons_of_procedure(&why, rs, 0, step, in);
	assert_int_equal(why.total, 2);
	assert_string_equal(why.why[0], "R-ORDER");
	assert_string_equal(why.why[1], "R-S1");

	assert_string_equal(rs->dice[0].provisional, "R-DICE");
	assert_string_equal(rs->enums[0].values[0].provisional, "R-FRESH");
	assert_string_equal(rs->inputs[input(rs, "n")].provisional, "R-N");
	built_free(&b);
}

/* An input read at its default lists the input's reason; an enum value read
 * lists the value's, whoever chose it; the interpreter and the table agree. */
static void test_input_reasons(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16], face = 2;
	rtab_result r;
	int u = rtab_find_table(rs, "u");
	assert_true(u >= 0);
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	assert_int_equal(rtab_resolve(rs, (size_t)u, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_true(has_reason(&r, "R-N"));     /* n read, at its default 1 */
	assert_true(has_reason(&r, "R-FRESH")); /* form read, holding 'fresh' */
	assert_int_equal(r.nprovisional, 2);

	in[input(rs, "n")] = 2; /* the caller's value: the default's reason goes */
	assert_int_equal(rtab_resolve(rs, (size_t)u, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_false(has_reason(&r, "R-N"));
	assert_true(has_reason(&r, "R-FRESH")); /* chosen, still the unsettled value */
	in[input(rs, "form")] = 1; /* tired */
	assert_int_equal(rtab_resolve(rs, (size_t)u, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_false(has_reason(&r, "R-FRESH")); /* f does not apply: its reading takes no part */
	assert_int_equal(r.nprovisional, 0);
	in[input(rs, "n")] = 1; /* set to the default value: the default's reason again */
	assert_int_equal(rtab_resolve(rs, (size_t)u, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_true(has_reason(&r, "R-N"));

	/* A table that never reads n does not list its reason. */
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	face = 4; /* hi: no trigger reads n */
	assert_int_equal(rtab_resolve(rs, 0, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_false(has_reason(&r, "R-N"));
	built_free(&b);
}

/* A trigger repeated 'times n' passes each repeat its number and whether an
 * earlier repeat gave an outcome; the rest as every repeat gets it. */
static void test_repeat_inputs(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16], out[16];
	int won = rtab_find_outcome(rs, "won");
	uint16_t hi = (uint16_t)rtab_find_outcome(rs, "hi"), top = (uint16_t)rtab_find_outcome(rs, "top");
	uint16_t earlier[3] = {hi, top, hi};
	int unit = input(rs, "unit"), flag = input(rs, "flag"), a = input(rs, "a");
	assert_true(won >= 0);
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	/* The first repeat: number 1, nothing earlier; as rtab_trigger_inputs gives it. */
	assert_int_equal(rtab_trigger_repeat_inputs(rs, (size_t)won, 0, NULL, 0, in, rs->ninputs, out),
			 RTAB_OK);
	assert_int_equal(out[unit], 1);
	assert_int_equal(out[flag], 0);
	assert_int_equal(out[a], 5);
	assert_int_equal(rtab_trigger_inputs(rs, (size_t)won, 0, in, rs->ninputs, out), RTAB_OK);
	assert_int_equal(out[unit], 1);
	assert_int_equal(out[flag], 0);
	/* The second, after a 'hi': not 'top' yet. */
	assert_int_equal(rtab_trigger_repeat_inputs(rs, (size_t)won, 0, earlier, 1, in, rs->ninputs, out),
			 RTAB_OK);
	assert_int_equal(out[unit], 2);
	assert_int_equal(out[flag], 0);
	assert_int_equal(out[a], 5);
	/* The third, after 'hi' and 'top'. */
	assert_int_equal(rtab_trigger_repeat_inputs(rs, (size_t)won, 0, earlier, 2, in, rs->ninputs, out),
			 RTAB_OK);
	assert_int_equal(out[unit], 3);
	assert_int_equal(out[flag], 1);
	/* A fourth is past the domain of 'unit' (1..3): refused, as any input out of it. */
	assert_int_equal(rtab_trigger_repeat_inputs(rs, (size_t)won, 0, earlier, 3, in, rs->ninputs, out),
			 RTAB_E_INPUT);
	assert_int_equal(rtab_trigger_repeat_inputs(rs, (size_t)won, 0, NULL, 1, in, rs->ninputs, out),
			 RTAB_E_NULL);
	built_free(&b);
}

/* A modifier's condition that reads an unsettled value marks the result whether the
 * modifier applies or not: the reading decides either way (a force ratio of 4:7 that
 * the bands read as no modifier would be 1:2 under a rounded reading). */
static void test_reasons_of_what_applied(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	int32_t in[16], face = 2;
	rtab_result r;
	int v = rtab_find_table(rs, "v");
	assert_true(v >= 0);
	assert_int_equal(rtab_inputs_default(rs, in, rs->ninputs), RTAB_OK);
	/* 1:1: the ratio is read (otherwise 0), h does not apply: its reading decided that. */
	assert_int_equal(rtab_resolve(rs, (size_t)v, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.napplied, 0);
	assert_int_equal(r.nprovisional, 1);
	assert_string_equal(r.provisional, "R-ODDS");
	assert_false(has_reason(&r, "R-STEP")); /* the step was not reached */
	/* 2:1: the step gives 1, h applies: its reading marks the result. */
	in[input(rs, "a")] = 2;
	assert_int_equal(rtab_resolve(rs, (size_t)v, in, rs->ninputs, &face, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.napplied, 1);
	assert_int_equal(r.modified_roll, 3);
	assert_true(has_reason(&r, "R-ODDS"));
	assert_true(has_reason(&r, "R-STEP"));
	assert_int_equal(r.nprovisional, 2);
	built_free(&b);
}

/* Every construct keeps its reason in the lowered model. */
static void test_listing(void **state)
{
	built b;
	(void)state;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	assert_string_equal(rs->bands[0].provisional, "R-ODDS");
	assert_non_null(rs->bands[0].step_provisional);
	assert_string_equal(rs->bands[0].step_provisional[0], "R-STEP");
	assert_string_equal(rs->tables[0].rewrites[0].provisional, "R-REWRITE");
	assert_string_equal(rs->transitions[0].provisional[0], "R-ARC");
	assert_null(rs->transitions[0].provisional[1]);
	assert_string_equal(rs->procedures[0].provisional, "R-ORDER");
	assert_string_equal(rs->reaction_sets[0].options[0].provisional, "R-OPT");
	assert_null(rs->reaction_sets[0].options[1].provisional);
	built_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_reasons),
		cmocka_unit_test(test_trigger_times_and_sets),
		cmocka_unit_test(test_other_reasons),
		cmocka_unit_test(test_listing),
		cmocka_unit_test(test_input_reasons),
		cmocka_unit_test(test_reasons_of_what_applied),
		cmocka_unit_test(test_repeat_inputs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
