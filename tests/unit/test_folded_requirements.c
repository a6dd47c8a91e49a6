/*
 * Requirements folded by the compiler (rtab_requirement.holds): the runtime
 * reads the bit of the inputs' values instead of running the condition. Every
 * answer must be the condition's: on every combination of the inputs the
 * requirements read, outside the domains, and on copies of the data whose
 * domains or keys someone changed (the runtime runs the condition then). A
 * ruleset written in the language, built by the real front end.
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
#include "rtab.h"

static const char source[] =
	"ruleset r { locales en; en \"R\"; exact 1/2; }\n"
	"dice d6 = 1d6;\n"
	"enum form { en \"F\"; fresh { en \"Fresh\"; } tired { en \"Tired\"; } spent { en \"Spent\"; } }\n"
	"input form: form = fresh { en \"Form\"; }\n"
	"input a: int 0..20 = 1 { en \"A\"; }\n"
	"input b: int -3..20 = 1 { en \"B\"; }\n"
	"input flag: bool = false { en \"Flag\"; }\n"
	"input half: number 0..6 by 1.5 { en \"Half\"; }\n"
	"input big: int 0..9000 = 0 { en \"Big\"; }\n"
	"require sum: a + b <= 30 { en \"a and b at most 30\"; }\n"
	"require spent_flag: form != spent or flag { en \"spent needs the flag\"; }\n"
	"require three: flag or a > b or form == tired { en \"three inputs\"; }\n"
	"require stepped: half <= 4.5 or flag { en \"a number input with a step\"; }\n"
	"require wide: big != 7 { en \"too many combinations\"; }\n"
	"outcome ok { en \"OK\"; }\n"
	"table t { en \"T\"; roll d6; rows { ok 1-6; } }\n";

static void build(built *b)
{
	build_source(b, source);
}

#define NREQ 5

/* The same data, each requirement without its folded form: the conditions answer. */
typedef struct unfolded {
	rtab_ruleset rs;
	rtab_requirement req[NREQ];
} unfolded;

static void unfold(const rtab_ruleset *rs, unfolded *u)
{
	assert_int_equal(rs->nrequirements, NREQ);
	u->rs = *rs;
	memcpy(u->req, rs->requirements, sizeof u->req);
	for (size_t i = 0; i < NREQ; i++) {
		u->req[i].nkeys = 0;
		u->req[i].keys = NULL;
		u->req[i].holds = NULL;
		u->req[i].nholds = 0;
	}
	u->rs.requirements = u->req;
}

/* rtab_requirement_broken on both, the same status and the same requirement named. */
static void same_answer(const rtab_ruleset *folded, const rtab_ruleset *plain, const int32_t *in)
{
	int32_t w1 = -2, w2 = -2;
	int r1 = rtab_requirement_broken(folded, in, folded->ninputs, &w1);
	int r2 = rtab_requirement_broken(plain, in, plain->ninputs, &w2);
	if (r1 != r2 || w1 != w2)
		fail_msg("form %d a %d b %d flag %d half %d big %d: folded %d/%d, condition %d/%d", in[0], in[1],
			 in[2], in[3], in[4], in[5], r1, w1, r2, w2);
}

static void test_which_are_folded(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	static const struct {
		const char *id;
		unsigned nkeys, nholds; /* 0: left as a condition */
	} cases[NREQ] = {
		{"sum", 2, 21 * 24},          /* a x b */
		{"spent_flag", 2, 3 * 2},     /* form x flag */
		{"three", 4, 3 * 21 * 24 * 2}, /* form x a x b x flag */
		{"stepped", 0, 0},            /* half has a step */
		{"wide", 0, 0},               /* 9001 combinations */
	};
	for (size_t i = 0; i < NREQ; i++) {
		const rtab_requirement *r = &rs->requirements[i];
		assert_string_equal(r->id, cases[i].id);
		assert_int_equal(r->nkeys, cases[i].nkeys);
		assert_int_equal(r->nholds, cases[i].nholds);
		assert_true((r->holds != NULL) == (cases[i].nkeys != 0));
	}
	built_free(&b);
}

/* Every combination of form, a, b and flag, half at a few values, big at 0 and 7. */
static void test_every_combination(void **state)
{
	(void)state;
	built b;
	build(&b);
	unfolded u;
	unfold(&b.m.rs, &u);
	int32_t in[6] = {0};
	size_t broken = 0, held = 0;
	for (in[0] = 0; in[0] < 3; in[0]++)
		for (in[1] = 0; in[1] <= 20; in[1]++)
			for (in[2] = -3; in[2] <= 20; in[2]++)
				for (in[3] = 0; in[3] <= 1; in[3]++)
					for (int h = 0; h < 3; h++) {
						in[4] = h * 6; /* 0, 3.0 and 6.0 at scale 2 */
						in[5] = h == 2 ? 7 : 0;
						same_answer(&b.m.rs, &u.rs, in);
						int32_t w = -1;
						assert_int_equal(rtab_requirement_broken(&b.m.rs, in, 6, &w), RTAB_OK);
						if (w >= 0)
							broken++;
						else
							held++;
					}
	/* both answers occur: the comparison is not of two constants */
	assert_true(broken > 1000);
	assert_true(held > 1000);
	built_free(&b);
}

/* Values outside their domains (rtab_requirement_broken checks no domain): the folded form
 * cannot index them and leaves them to the condition. */
static void test_outside_domains(void **state)
{
	(void)state;
	built b;
	build(&b);
	unfolded u;
	unfold(&b.m.rs, &u);
	static const int32_t values[][6] = {
		{3, 0, 0, 0, 0, 0},     {-1, 0, 0, 0, 0, 0},  {0, 21, 0, 0, 0, 0},   {0, -1, 0, 0, 0, 0},
		{0, 0, -4, 0, 0, 0},    {0, 0, 21, 0, 0, 0},  {2, 0, 0, 2, 0, 0},    {2, 0, 0, -1, 0, 0},
		{0, 40, 40, 0, 0, 0},   {0, INT32_MAX, INT32_MIN, 1, 0, 0},       {INT32_MIN, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 11, 9001}, {2, 20, 20, 1, 1, -1},
	};
	for (size_t i = 0; i < sizeof values / sizeof *values; i++)
		same_answer(&b.m.rs, &u.rs, values[i]);
	built_free(&b);
}

/* Copies whose data no compiler wrote: a domain widened or narrowed under the folded form,
 * a key beyond the inputs. The condition answers, never a bit of the wrong combination. */
static void test_changed_copies(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	rtab_input inputs[6];
	assert_int_equal(rs->ninputs, 6);
	static const struct {
		size_t input;
		int32_t min, max;
	} changes[] = {
		{1, 0, 21}, {1, 1, 20}, {1, 0, 19}, {2, -4, 20}, {2, -3, 19}, {0, 0, 1}, {3, 0, 0}, {1, 5, 4},
	};
	for (size_t c = 0; c < sizeof changes / sizeof *changes; c++) {
		memcpy(inputs, rs->inputs, sizeof inputs);
		inputs[changes[c].input].min = changes[c].min;
		inputs[changes[c].input].max = changes[c].max;
		rtab_ruleset changed = *rs;
		changed.inputs = inputs;
		unfolded u;
		unfold(&changed, &u);
		int32_t in[6] = {0, 0, 0, 0, 0, 0};
		for (in[0] = 0; in[0] < 3; in[0]++)
			for (in[1] = 0; in[1] <= 21; in[1]++)
				for (in[2] = -4; in[2] <= 20; in[2]++)
					for (in[3] = 0; in[3] <= 1; in[3]++)
						same_answer(&changed, &u.rs, in);
	}
	/* a key beyond the inputs */
	rtab_requirement req[NREQ];
	memcpy(req, rs->requirements, sizeof req);
	static const uint16_t far_keys[] = {1, 999};
	req[0].keys = far_keys;
	rtab_ruleset far = *rs;
	far.requirements = req;
	unfolded u;
	unfold(&far, &u);
	int32_t in[6] = {0, 20, 20, 1, 0, 0}; /* a + b = 40: 'sum' is broken */
	same_answer(&far, &u.rs, in);
	int32_t w = -1;
	assert_int_equal(rtab_requirement_broken(&far, in, 6, &w), RTAB_OK);
	assert_int_equal(w, 0);
	built_free(&b);
}

/* The runtime reads the folded form: with its bits inverted, the answers invert (a copy no
 * compiler wrote, to see which of the two answers). */
static void test_bits_are_read(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	rtab_requirement req[NREQ];
	uint8_t inverted[(21 * 24 + 7) / 8];
	memcpy(req, rs->requirements, sizeof req);
	assert_int_equal(req[0].nholds, 21 * 24);
	for (size_t i = 0; i < sizeof inverted; i++)
		inverted[i] = (uint8_t)~req[0].holds[i];
	req[0].holds = inverted;
	rtab_ruleset flipped = *rs;
	flipped.requirements = req;
	static const struct {
		int32_t a, b, which; /* 'sum' (0) broken when a + b > 30, here inverted */
	} cases[] = {{0, 0, 0}, {10, 20, 0}, {20, -3, 0}, {11, 20, -1}, {20, 20, -1}};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		int32_t in[6] = {0, cases[c].a, cases[c].b, 1, 0, 0}, w = -2, plain = -2; /* flag: the others hold */
		assert_int_equal(rtab_requirement_broken(&flipped, in, 6, &w), RTAB_OK);
		assert_int_equal(rtab_requirement_broken(rs, in, 6, &plain), RTAB_OK);
		assert_int_equal(w, cases[c].which);
		assert_true(plain != w);
	}
	built_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_which_are_folded),
		cmocka_unit_test(test_every_combination),
		cmocka_unit_test(test_outside_domains),
		cmocka_unit_test(test_changed_copies),
		cmocka_unit_test(test_bits_are_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
