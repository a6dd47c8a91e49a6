/*
 * Odds of tables with natural-roll rules, resolved by the sums of the dice
 * plus one resolution per rule (analysis/odds_natural.h), against a count of
 * every roll through rtab_resolve: the same count of every outcome, of no
 * result and of no row, the same provisional counts, lowest natural rolls
 * and modified rolls. The totals are the same number of rolls, so equal
 * counts are equal probabilities, exactly. Pools of dice of one kind and of
 * mixed kinds, faces from 0, rules with repeated faces, rules no roll can
 * show, rewrites of a rule's outcome, a provisional rule, modifiers whose
 * total sends rolls past every row; every extra modifier from -4 to 4.
 * With the argument "slow", pools of up to 6d6 and 4d10 as well.
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

#include "analysis/odds.h"
#include "built_source.h"
#include "rtab.h"

static bool slow;

#define HEAD                                                                                       \
	"ruleset r { locales en; en \"R\"; }\n"                                                    \
	"outcome lo { en \"Lo\"; }\noutcome mid { en \"Mid\"; }\noutcome hi { en \"Hi\"; }\n"      \
	"outcome win { en \"Win\"; }\noutcome lose { en \"Lose\"; }\n"                               \
	"input edge: int -3..3 = 1 { en \"Edge\"; }\ninput grim: bool = false { en \"Grim\"; }\n"     \
	"modifier edge { en \"Edge\"; value edge; }\n"

/* A table t over DICE (its natural rules RULES) whose rows stop at 2..LAST: the
 * modifiers and the extra modifier send some rolls past them (no row). */
#define TABLE(DICE, RULES, LAST)                                                                   \
	HEAD "dice pool = " DICE ";\n"                                                              \
	     "table t { en \"T\"; roll pool; modifiers edge;\n"                                     \
	     "  rewrite win -> lose when grim;\n" RULES "  rows { lo <=5; mid 6-9; hi 10-" LAST "; } }\n"

static const struct {
	const char *name;
	const char *source;
	bool slow; /* only with the argument "slow" */
} cases[] = {
	{"2d6, double six and double one, a pair of faces", TABLE("2d6", "  natural 6, 6 -> win;\n  natural 1, 1 -> lose;\n"
								   "  natural 2, 1 -> lose provisional \"R-NAT\";\n", "15"),
	 false},
	{"3d4, the same faces in two orders (the first applies)",
	 TABLE("3d4", "  natural 1, 2, 3 -> win;\n  natural 3, 1, 2 -> lose;\n  natural 4, 4, 4 -> lose;\n", "15"), false},
	{"1d4 + 1d8: faces one die cannot show in the other order",
	 TABLE("1d4 + 1d8", "  natural 4, 8 -> win;\n  natural 3, 4 -> lose;\n  natural 2, 7 -> win;\n"
			    "  natural 1, 1 -> lose;\n", "15"),
	 false},
	{"1d6 + 2d8 + 1d4: a rule split over three kinds of dice",
	 TABLE("1d6 + 2d8 + 1d4", "  natural 4, 4, 4, 4 -> win;\n  natural 1, 8, 8, 1 -> lose;\n"
				  "  natural 6, 5, 7, 2 -> win;\n", "29"),
	 false},
	{"3d6 read 0-5, rules at both ends", TABLE("3d6 faces 0..5", "  natural 0, 0, 0 -> lose;\n  natural 5, 5, 5 -> win;\n", "18"),
	 false},
	{"5d6, one natural rule", TABLE("5d6", "  natural 1, 1, 1, 1, 1 -> lose;\n  natural 6, 6, 6, 6, 5 -> win;\n", "33"),
	 false},
	{"6d6, every face once", TABLE("6d6", "  natural 1, 2, 3, 4, 5, 6 -> win;\n  natural 6, 6, 6, 6, 6, 6 -> win;\n", "39"),
	 true},
	{"4d10 read 0-9, doubles", TABLE("4d10 faces 0..9", "  natural 0, 0, 9, 9 -> win;\n  natural 9, 9, 9, 9 -> win;\n"
						 "  natural 0, 0, 0, 0 -> lose;\n", "39"),
	 true},
};

/* What every roll gives, one roll at a time. */
typedef struct brute {
	uint64_t total, none, no_row, none_provisional;
	uint64_t *count, *provisional;
	int32_t *lowest;
	odds_value rolls[256]; /* modified rolls - 100 .. 155 */
} brute;

static void count_every_roll(const rtab_ruleset *rs, size_t table, const int32_t *inputs, int32_t drm,
			     brute *b)
{
	const rtab_dice *d = &rs->dice[rs->tables[table].dice];
	int32_t faces[RTAB_MAX_FACES], lo[RTAB_MAX_FACES], hi[RTAB_MAX_FACES];
	size_t n = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, n++) {
			lo[n] = faces[n] = d->groups[g].face_min;
			hi[n] = d->groups[g].face_max;
		}
	b->count = calloc(rs->noutcomes, sizeof *b->count);
	b->provisional = calloc(rs->noutcomes, sizeof *b->provisional);
	b->lowest = malloc(rs->noutcomes * sizeof *b->lowest);
	for (size_t o = 0; o < rs->noutcomes; o++)
		b->lowest[o] = INT32_MAX;
	for (;;) {
		rtab_result r;
		int rc = rtab_resolve(rs, table, inputs, rs->ninputs, faces, n, drm, &r);
		b->total++;
		b->rolls[r.modified_roll + 100].value = r.modified_roll;
		b->rolls[r.modified_roll + 100].count++;
		if (rc == RTAB_E_NO_ROW) {
			b->no_row++;
		} else if (rc == RTAB_E_NO_RESULT) {
			b->none++;
			b->none_provisional += r.provisional != NULL;
		} else {
			assert_int_equal(rc, RTAB_OK);
			b->count[r.outcome]++;
			b->provisional[r.outcome] += r.provisional != NULL;
			if (r.natural < b->lowest[r.outcome])
				b->lowest[r.outcome] = r.natural;
		}
		size_t k = n;
		while (k > 0 && faces[k - 1] == hi[k - 1]) {
			faces[k - 1] = lo[k - 1];
			k--;
		}
		if (k == 0)
			return;
		faces[k - 1]++;
	}
}

static void compare(const char *name, const rtab_ruleset *rs, const int32_t *inputs, int32_t drm)
{
	brute b = {0};
	odds_dist d;
	assert_int_equal(odds_table(rs, 0, inputs, drm, &d), RTAB_OK);
	count_every_roll(rs, 0, inputs, drm, &b);
	if (d.total != b.total || d.none != b.none || d.no_row != b.no_row)
		fail_msg("%s, modifier %d: %llu rolls, %llu none, %llu no row by sums; %llu, %llu, %llu by every roll",
			 name, drm, (unsigned long long)d.total, (unsigned long long)d.none,
			 (unsigned long long)d.no_row, (unsigned long long)b.total, (unsigned long long)b.none,
			 (unsigned long long)b.no_row);
	for (size_t o = 0; o < rs->noutcomes; o++)
		if (d.count[o] != b.count[o] || d.provisional[o] != b.provisional[o] || d.lowest[o] != b.lowest[o])
			fail_msg("%s, modifier %d, outcome '%s': %llu rolls (%llu provisional, lowest %d) by sums; "
				 "%llu (%llu, %d) by every roll",
				 name, drm, rs->outcomes[o].id, (unsigned long long)d.count[o],
				 (unsigned long long)d.provisional[o], d.lowest[o], (unsigned long long)b.count[o],
				 (unsigned long long)b.provisional[o], b.lowest[o]);
	size_t k = 0;
	for (size_t i = 0; i < 256; i++) {
		if (!b.rolls[i].count)
			continue;
		if (k >= d.nrolls || d.rolls[k].value != b.rolls[i].value || d.rolls[k].count != b.rolls[i].count)
			fail_msg("%s, modifier %d: the modified roll %d counts differently", name, drm,
				 b.rolls[i].value);
		k++;
	}
	assert_int_equal(k, d.nrolls);
	free(b.count);
	free(b.provisional);
	free(b.lowest);
	odds_dist_free(&d);
}

static void test_natural_rules_by_sum(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		if (cases[i].slow && !slow)
			continue;
		built b;
		build_source(&b, cases[i].source);
		const rtab_ruleset *rs = &b.m.rs;
		/* Fewer resolutions than rolls: the sums and the rules, not every roll. */
		assert_true(odds_table_resolutions(rs, 0) < odds_dice_rolls(&rs->dice[rs->tables[0].dice]));
		int32_t inputs[2];
		for (int grim = 0; grim <= 1; grim++)
			for (int32_t edge = -3; edge <= 3; edge += 3) {
				inputs[0] = edge;
				inputs[1] = grim;
				for (int32_t drm = -4; drm <= 4; drm++)
					compare(cases[i].name, rs, inputs, drm);
			}
		built_free(&b);
	}
}

int main(int argc, char **argv)
{
	slow = argc > 1 && strcmp(argv[1], "slow") == 0;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_natural_rules_by_sum),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
