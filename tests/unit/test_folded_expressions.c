/*
 * Expressions folded by the compiler (rtab_expr.fold): the runtime reads the
 * value of the inputs' combination instead of running the program. Every
 * answer must be the program's, reasons included: the requirements on every
 * combination of the inputs they read and outside the domains, full results
 * of a table whose modifiers are folded, and copies of the data no compiler
 * wrote (values outside the keys' ranges, keys beyond the inputs, a size that
 * does not match: the program answers then). A ruleset written in the
 * language, built by the real front end.
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
	"enum form { en \"F\"; fresh { en \"Fresh\"; } tired { en \"Tired\"; provisional \"R-TIRED\"; }"
	" spent { en \"Spent\"; } }\n"
	"input form: form = fresh { en \"Form\"; }\n"
	"input a: int 0..20 = 1 { en \"A\"; provisional \"R-A\"; }\n"
	"input b: int -3..20 = 1 { en \"B\"; }\n"
	"input flag: bool = false { en \"Flag\"; provisional \"R-FLAG\"; }\n"
	"input half: number 0..6 by 1.5 { en \"Half\"; }\n"
	"input big: int 0..20000 = 0 { en \"Big\"; }\n"
	"matrix mx(x: form, y: form) { en \"MX\"; default 0; fresh, fresh = 1; tired, tired = 1;"
	" spent, spent = 1 provisional \"R-CELL\"; }\n"
	/* requirements 0..6 */
	"require sum: a + b <= 30 or flag { en \"a and b at most 30\"; }\n"
	"require spent_flag: form != spent or flag { en \"spent needs the flag\"; }\n"
	"require three: flag or a > b or form == tired { en \"three inputs\"; }\n"
	"require stepped: half <= 4.5 or flag { en \"a number input with a step\"; }\n"
	"require wide: big != 7 { en \"too many combinations\"; }\n"
	"require short: b > -3 or a > 0 { en \"b -3 needs some a\"; }\n"
	"require cell: mx(form, form) == 1 { en \"a matrix cell\"; }\n"
	/* modifiers: folded values of one byte and of 32 bits, a folded condition, and what
	 * stays a program */
	"modifier diff { en \"Diff\"; when a > b or form == tired; value a - b; }\n"
	"modifier tens { en \"Tens\"; when flag and a >= 3; value a * 10 - b; }\n"
	"modifier lone { en \"Lone\"; when form == spent; value 1; }\n"
	"modifier wide_m { en \"W\"; when big > 5 and flag; value 1; }\n"
	"table t { en \"T\"; roll d6; modifiers diff, tens, lone, wide_m;"
	" rows { lo -300-3; hi 4-300; } }\n"
	"outcome lo { en \"Lo\"; }\n"
	"outcome hi { en \"Hi\"; }\n";

#define NREQ 7
#define NMOD 4

static void build(built *b)
{
	build_source(b, source);
}

/* The same data, every expression without its fold: the programs answer. */
typedef struct unfolded {
	rtab_ruleset rs;
	rtab_requirement req[NREQ];
	rtab_modifier mod[NMOD];
} unfolded;

static void unfold(const rtab_ruleset *rs, unfolded *u)
{
	assert_int_equal(rs->nrequirements, NREQ);
	assert_int_equal(rs->nmodifiers, NMOD);
	u->rs = *rs;
	memcpy(u->req, rs->requirements, sizeof u->req);
	memcpy(u->mod, rs->modifiers, sizeof u->mod);
	for (size_t i = 0; i < NREQ; i++)
		u->req[i].condition.fold = NULL;
	for (size_t i = 0; i < NMOD; i++)
		u->mod[i].condition.fold = u->mod[i].value.fold = NULL;
	u->rs.requirements = u->req;
	u->rs.modifiers = u->mod;
}

/* rtab_requirement_broken on both: the same status and the same requirement named. */
static void same_requirements(const rtab_ruleset *folded, const rtab_ruleset *plain, const int32_t *in)
{
	int32_t w1 = -2, w2 = -2;
	int r1 = rtab_requirement_broken(folded, in, folded->ninputs, &w1);
	int r2 = rtab_requirement_broken(plain, in, plain->ninputs, &w2);
	if (r1 != r2 || w1 != w2)
		fail_msg("form %d a %d b %d flag %d half %d big %d: folded %d/%d, programs %d/%d", in[0], in[1],
			 in[2], in[3], in[4], in[5], r1, w1, r2, w2);
}

/* rtab_resolve_interpreted on both: the same status and the same result, field by field. */
static void same_result(const rtab_ruleset *folded, const rtab_ruleset *plain, const int32_t *in, int32_t face)
{
	rtab_result x, y;
	memset(&x, 0, sizeof x);
	memset(&y, 0, sizeof y);
	int r1 = rtab_resolve_interpreted(folded, 0, in, folded->ninputs, &face, 1, 0, &x);
	int r2 = rtab_resolve_interpreted(plain, 0, in, plain->ninputs, &face, 1, 0, &y);
	assert_int_equal(r1, r2);
	if (r1 != RTAB_OK)
		return;
	assert_int_equal(x.outcome, y.outcome);
	assert_int_equal(x.row, y.row);
	assert_int_equal(x.modifier_raw, y.modifier_raw);
	assert_int_equal(x.modifier, y.modifier);
	assert_int_equal(x.modified_roll, y.modified_roll);
	assert_int_equal(x.napplied, y.napplied);
	for (size_t i = 0; i < x.napplied; i++) {
		assert_int_equal(x.applied[i].modifier, y.applied[i].modifier);
		assert_int_equal(x.applied[i].value, y.applied[i].value);
		assert_int_equal(x.applied[i].signed_value, y.applied[i].signed_value);
		assert_int_equal(x.applied[i].counted, y.applied[i].counted);
	}
	assert_int_equal(x.nprovisional, y.nprovisional);
	for (size_t i = 0; i < x.nprovisional && i < RTAB_MAX_REASONS; i++)
		assert_string_equal(x.reasons[i], y.reasons[i]);
	assert_true((x.provisional == NULL) == (y.provisional == NULL));
	if (x.provisional)
		assert_string_equal(x.provisional, y.provisional);
}

static void test_which_are_folded(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	static const struct {
		size_t index;
		unsigned nkeys, nvalues; /* 0: left as a program */
		int narrow;
	} cases[] = {
		{0, 3, 21 * 24 * 2, 1},     /* sum: a, b, flag */
		{1, 2, 3 * 2, 1},           /* spent_flag: form, flag */
		{2, 4, 2 * 21 * 24 * 3, 1}, /* three: flag, a, b, form (as first read) */
		{3, 2, 13 * 2, 1},          /* stepped: half 0..12 at scale 2, each value */
		{4, 0, 0, 0},               /* wide: 20001 values */
		{5, 2, 24 * 21, 1},         /* short: b, a */
		{6, 0, 0, 0},               /* cell: notes the matrix cell's reason */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const rtab_fold *f = rs->requirements[cases[i].index].condition.fold;
		if (!cases[i].nkeys) {
			assert_null(f);
			continue;
		}
		assert_non_null(f);
		assert_int_equal(f->nkeys, cases[i].nkeys);
		assert_int_equal(f->nvalues, cases[i].nvalues);
		assert_true((f->values8 != NULL) == cases[i].narrow);
	}
	/* three's keys in the order the program first reads them */
	const rtab_fold *three = rs->requirements[2].condition.fold;
	assert_int_equal(three->keys[0].input, 3); /* flag */
	assert_int_equal(three->keys[1].input, 1); /* a */
	assert_int_equal(three->keys[2].input, 2); /* b */
	assert_int_equal(three->keys[3].input, 0); /* form */
	assert_int_equal(three->keys[2].min, -3);
	assert_int_equal(three->keys[2].size, 24);
	const rtab_modifier *m = rs->modifiers;
	assert_non_null(m[0].condition.fold); /* a > b or form == tired */
	assert_non_null(m[0].value.fold);     /* a - b: -20..23, one byte each */
	assert_non_null(m[0].value.fold->values8);
	assert_non_null(m[1].value.fold); /* a * 10 - b: up to 203, 32 bits each */
	assert_null(m[1].value.fold->values8);
	assert_non_null(m[1].value.fold->values);
	assert_null(m[2].condition.fold); /* form == spent: an input against a constant, read in place */
	assert_null(m[2].value.fold);
	assert_null(m[3].condition.fold); /* big: too many values */
	built_free(&b);
}

/* Every combination of form, a, b and flag, half and big at a few values. */
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
						in[5] = h == 2 ? 7 : h;
						same_requirements(&b.m.rs, &u.rs, in);
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

/* Full results of the table whose modifiers are folded, reasons in their order. */
static void test_full_results(void **state)
{
	(void)state;
	built b;
	build(&b);
	unfolded u;
	unfold(&b.m.rs, &u);
	size_t resolved = 0;
	int32_t in[6] = {0, 0, 0, 0, 0, 0};
	for (in[0] = 0; in[0] < 3; in[0]++)
		for (in[1] = 0; in[1] <= 20; in[1]++)
			for (in[2] = -3; in[2] <= 20; in[2]++)
				for (in[3] = 0; in[3] <= 1; in[3]++)
					for (int32_t face = 1; face <= 6; face += 5) {
						in[5] = face == 1 ? 6 : 0;
						same_result(&b.m.rs, &u.rs, in, face);
						rtab_result r;
						if (rtab_resolve_interpreted(&b.m.rs, 0, in, 6, &face, 1, 0, &r) == RTAB_OK)
							resolved++;
					}
	assert_true(resolved > 1000);
	built_free(&b);
}

/* Values outside their domains (rtab_requirement_broken checks no domain): the fold cannot
 * index them and leaves them to the program. */
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
		{0, 0, 0, 0, 13, 9001}, {2, 20, 20, 1, -1, -1},
	};
	for (size_t i = 0; i < sizeof values / sizeof *values; i++)
		same_requirements(&b.m.rs, &u.rs, values[i]);
	built_free(&b);
}

/* The fold of requirement 0, 'sum' (a + b <= 30 or flag: one-byte values). */
static const rtab_fold *sum_fold(const rtab_ruleset *rs)
{
	const rtab_fold *f = rs->requirements[0].condition.fold;
	assert_non_null(f);
	assert_non_null(f->values8);
	return f;
}

/* A copy of rs whose requirement 0 reads fold f (req: room for the requirements). */
static rtab_ruleset with_fold(const rtab_ruleset *rs, const rtab_fold *f, rtab_requirement *req)
{
	memcpy(req, rs->requirements, NREQ * sizeof *req);
	req[0].condition.fold = f;
	rtab_ruleset copy = *rs;
	copy.requirements = req;
	return copy;
}

/* Folds no compiler wrote: a key beyond the inputs, a size that does not match the keys,
 * no values. The program answers. */
static void test_changed_folds(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	const rtab_fold *sum = sum_fold(rs);
	rtab_fold_key keys[8];
	memcpy(keys, sum->keys, sum->nkeys * sizeof *keys);
	keys[1].input = 999;
	rtab_fold changed[3] = {*sum, *sum, *sum};
	changed[0].keys = keys;
	changed[1].nvalues = sum->nvalues - 1;
	changed[2].values8 = NULL;
	for (size_t c = 0; c < 3; c++) {
		rtab_requirement req[NREQ];
		rtab_ruleset copy = with_fold(rs, &changed[c], req);
		unfolded u;
		unfold(&copy, &u);
		int32_t in[6] = {0, 0, 0, 0, 0, 0};
		for (in[1] = 0; in[1] <= 20; in[1]++)
			for (in[2] = -3; in[2] <= 20; in[2]++)
				for (in[3] = 0; in[3] <= 1; in[3]++)
					same_requirements(&copy, &u.rs, in);
	}
	built_free(&b);
}

/* The runtime reads the fold: with its values inverted, the answers invert (a copy no
 * compiler wrote, to see which of the two answers). */
static void test_values_are_read(void **state)
{
	(void)state;
	built b;
	build(&b);
	const rtab_ruleset *rs = &b.m.rs;
	const rtab_fold *sum = sum_fold(rs);
	int8_t *inverted = malloc(sum->nvalues);
	assert_non_null(inverted);
	for (size_t i = 0; i < sum->nvalues; i++)
		inverted[i] = (int8_t)!sum->values8[i];
	rtab_fold flipped_fold = *sum;
	flipped_fold.values8 = inverted;
	rtab_requirement req[NREQ];
	rtab_ruleset flipped = with_fold(rs, &flipped_fold, req);
	static const struct {
		int32_t a, b, which; /* 'sum' (0) broken when a + b > 30 and no flag, here inverted */
	} cases[] = {{0, 0, 0}, {10, 20, 0}, {20, -3, 0}, {11, 20, -1}, {20, 20, -1}};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		/* tired: 'three' holds whatever a and b */
		int32_t in[6] = {1, cases[c].a, cases[c].b, 0, 0, 0}, w = -2, plain = -2;
		assert_int_equal(rtab_requirement_broken(&flipped, in, 6, &w), RTAB_OK);
		assert_int_equal(rtab_requirement_broken(rs, in, 6, &plain), RTAB_OK);
		assert_int_equal(w, cases[c].which);
		assert_true(plain != w);
	}
	free(inverted);
	built_free(&b);
}

/* A file of many large programs: folds until the compiler's budget of evaluations is spent
 * (1,000,000 a file, so that the editor's builds stay fast), the rest stay programs. */
static void test_fold_budget(void **state)
{
	(void)state;
	strbuf src = {0};
	sb_puts(&src, "ruleset r { locales en; en \"R\"; }\ndice d6 = 1d6;\n"
		      "input x: int 0..127 = 0 { en \"X\"; }\ninput y: int 0..127 = 0 { en \"Y\"; }\n"
		      "outcome o { en \"O\"; }\n");
	for (int i = 0; i < 70; i++)
		sb_printf(&src, "modifier m%d { en \"M\"; when x + y > %d; value 1; }\n", i, i);
	sb_puts(&src, "table t { en \"T\"; roll d6; rows { o -100-100; } }\n");
	built b;
	build_source(&b, src.data);
	size_t folded = 0;
	for (size_t i = 0; i < b.m.rs.nmodifiers; i++)
		folded += b.m.rs.modifiers[i].condition.fold != NULL;
	/* 128 x 128 = 16,384 evaluations each: 61 fit in 1,000,000 */
	assert_int_equal(folded, 1000000 / (128 * 128));
	assert_non_null(b.m.rs.modifiers[0].condition.fold);
	assert_null(b.m.rs.modifiers[69].condition.fold);
	built_free(&b);
	sb_free(&src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_which_are_folded),   cmocka_unit_test(test_every_combination),
		cmocka_unit_test(test_full_results),       cmocka_unit_test(test_outside_domains),
		cmocka_unit_test(test_changed_folds),      cmocka_unit_test(test_values_are_read),
		cmocka_unit_test(test_fold_budget),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
