/*
 * A program outside rtab that uses it as a porter would: skirmish.rtab is
 * compiled by the rtab command at build time (see meson.build) and its
 * tables are resolved through librtab. Each case below is worked out by
 * hand from the Fire Table; the program says which case disagrees.
 *
 * usage: skirmish            exit 0 when every roll gives the expected result
 */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

static const rtab_ruleset *const rs = &skirmish_ruleset;

struct fire_case {
	const char *what;
	int cover, veteran, aimed, range;
	int32_t face, drm;
	int outcome;
	int32_t modifier, modified_roll;
};

static const struct fire_case cases[] = {
	{"in the open, die 4", SKIRMISH_COVER_OPEN, 0, 0, 6, 4, 0, SKIRMISH_OUTCOME_PIN, 0, 4},
	{"veterans, die 6", SKIRMISH_COVER_OPEN, 1, 0, 6, 6, 0, SKIRMISH_OUTCOME_HEAVY_HIT, 1, 7},
	{"veterans aiming, a natural 1", SKIRMISH_COVER_OPEN, 1, 1, 6, 1, 0, SKIRMISH_OUTCOME_MISS, 2, 3},
	{"heavy cover at 18 inches (-3, capped at -2), die 6", SKIRMISH_COVER_HEAVY, 0, 0, 18, 6, 0,
	 SKIRMISH_OUTCOME_PIN, -2, 4},
	{"light cover, die 5", SKIRMISH_COVER_LIGHT, 0, 0, 6, 5, 0, SKIRMISH_OUTCOME_PIN, -1, 4},
	{"in the open, die 5, +1 from the scenario", SKIRMISH_COVER_OPEN, 0, 0, 6, 5, 1,
	 SKIRMISH_OUTCOME_HIT, 1, 6},
};

static int fire(const struct fire_case *c)
{
	int32_t inputs[SKIRMISH_INPUT_RANGE + 1];
	rtab_result r;

	if (rtab_inputs_default(rs, inputs, rs->ninputs) != RTAB_OK)
		return 1;
	inputs[SKIRMISH_INPUT_COVER] = c->cover;
	inputs[SKIRMISH_INPUT_VETERAN] = c->veteran;
	inputs[SKIRMISH_INPUT_AIMED] = c->aimed;
	inputs[SKIRMISH_INPUT_RANGE] = c->range;
	int rc = rtab_resolve(rs, SKIRMISH_TABLE_FIRE, inputs, rs->ninputs, &c->face, 1, c->drm, &r);
	if (rc != RTAB_OK) {
		printf("FAIL %s: %s\n", c->what, rtab_status_message(rc));
		return 1;
	}
	const rtab_outcome *o = &rs->outcomes[r.outcome];
	printf("%-52s -> %-9s (modifier %+d, roll %d, rule %s)\n", c->what, o->id, (int)r.modifier,
	       (int)r.modified_roll, o->rule);
	if (r.outcome != c->outcome || r.modifier != c->modifier || r.modified_roll != c->modified_roll) {
		printf("FAIL %s: expected %s (modifier %+d, roll %d)\n", c->what,
		       rs->outcomes[c->outcome].id, (int)c->modifier, (int)c->modified_roll);
		return 1;
	}
	return 0;
}

int main(void)
{
	int failed = 0;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		failed += fire(&cases[i]);

	/* A heavy hit: two casualties and the target pinned, as the outcome says. */
	const rtab_outcome *heavy = &rs->outcomes[SKIRMISH_OUTCOME_HEAVY_HIT];
	if (heavy->neffects != 2 || heavy->effects[0].kind != SKIRMISH_EFFECT_CASUALTIES ||
	    heavy->effects[0].args[0] != SKIRMISH_SIDE_TARGET || heavy->effects[0].args[1] != 2 ||
	    heavy->effects[1].kind != SKIRMISH_EFFECT_PINNED) {
		printf("FAIL heavy_hit: expected casualties(target, 2) and pinned(target)\n");
		failed++;
	}

	/* A die shows 1 to 6: a 7 is refused, not resolved. */
	int32_t inputs[SKIRMISH_INPUT_RANGE + 1], seven = 7;
	rtab_result r;
	rtab_inputs_default(rs, inputs, rs->ninputs);
	int rc = rtab_resolve(rs, SKIRMISH_TABLE_FIRE, inputs, rs->ninputs, &seven, 1, 0, &r);
	if (rc >= 0) {
		printf("FAIL a die face of 7 was accepted\n");
		failed++;
	} else {
		printf("%-52s -> refused: %s\n", "a die face of 7", rtab_status_message(rc));
	}

	printf("%s: %d failed\n", rtab_label(rs, rs->title, 0), failed);
	return failed ? 1 : 0;
}
