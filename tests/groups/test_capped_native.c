/*
 * Stacking groups whose caps exclude 0, through the C that rtab compile
 * writes (tests/groups/capped_groups.rtab): a table listing none of a
 * group's members reads every roll as rolled, whatever the inputs; a listed
 * group adds its capped total only when a member applies.
 */
#include <stdio.h>

#include "capped_groups.h"

static int failures;

static void expect(const char *what, size_t table, int32_t b, int32_t n, int32_t face,
		   int32_t want_modifier, uint16_t want_outcome)
{
	capped_groups_situation s;
	rtab_lean_result r;
	int32_t values[3] = {b, 0, n};
	int rc = capped_groups_situation_init(&s, values, 3);
	if (rc == RTAB_OK)
		rc = capped_groups_resolve(table, &s, &face, 1, 0, &r);
	if (rc != RTAB_OK || r.modifier != want_modifier || r.modified_roll != face + want_modifier ||
	    r.outcome != want_outcome) {
		fprintf(stderr, "FAIL %s (b=%d n=%d roll %d): status %d, modifier %d, outcome %d; expected modifier %d, outcome %d\n",
			what, (int)b, (int)n, (int)face, rc, rc == RTAB_OK ? (int)r.modifier : 0,
			rc == RTAB_OK ? (int)r.outcome : -1, (int)want_modifier, (int)want_outcome);
		failures++;
	}
}

int main(void)
{
	for (int32_t face = 1; face <= 6; face++)
		for (int32_t b = 0; b <= 1; b++)
			expect("plain", CAPPED_GROUPS_TABLE_PLAIN, b, 4 * b, face, 0,
			       face <= 3 ? CAPPED_GROUPS_OUTCOME_LO : CAPPED_GROUPS_OUTCOME_HI);
	expect("listed, no member applies", CAPPED_GROUPS_TABLE_LISTED, 0, 0, 3, 0, CAPPED_GROUPS_OUTCOME_LO);
	expect("listed, g applies", CAPPED_GROUPS_TABLE_LISTED, 1, 0, 3, 4, CAPPED_GROUPS_OUTCOME_TOP);
	expect("listed, h applies", CAPPED_GROUPS_TABLE_LISTED, 0, 4, 6, -3, CAPPED_GROUPS_OUTCOME_LO);
	expect("listed, both apply", CAPPED_GROUPS_TABLE_LISTED, 1, 1, 2, 3, CAPPED_GROUPS_OUTCOME_HI);
	return failures != 0;
}
