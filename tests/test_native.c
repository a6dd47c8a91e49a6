/*
 * The native resolvers that rtab compile emits (<ruleset>_resolve_<table>,
 * <ruleset>_explain_<table>, and rtab_resolve itself, which calls the
 * ruleset's native_resolve) against the interpreter (rtab_resolve_interpreted),
 * on every table of one bundled ruleset: the same status and the same result,
 * field by field (rtab_resolve on an error: every byte of the result),
 *   - on every case of an exhaustive enumeration of the inputs the table
 *     reads (its modifiers', key's and column shifts'; the others at their
 *     defaults), every roll of its dice and extra modifiers -6..6 and +-20,
 *     when that is at most the exhaustive limit of cases; else on every case
 *     of a dense sample (boxed: the first values of each large input and its
 *     last two, every ratio of the small forces);
 *   - on the boundaries: every input at its default, at its minimum and at
 *     its maximum, all together and one at a time (the others at their
 *     defaults), and RANDOM_CASES / 10 (at most 1000) situations with each
 *     input at one of the three; each with the faces all at their lowest,
 *     all at their highest and alternating, and extra modifiers 0, +-1, +-6,
 *     +-20 and the ends of int32;
 *   - on RANDOM_CASES random cases: every input anywhere in its domain,
 *     sometimes a face outside its die, a wrong number of faces, or an
 *     extra modifier at the ends of int32;
 *   - rtab_resolve on arguments it must refuse (inputs outside their domain
 *     or between two steps, a wrong input or face count, NULL pointers, no
 *     such table): the interpreter's status and result, byte for byte; and
 *     rtab_resolve goes through the ruleset's native_resolve.
 * Compiled once per ruleset with -DRS=<ruleset> -DRS_HEADER="<ruleset>.h"
 * (by meson for the bundled rulesets and fixtures), or without RS, once,
 * and linked with the rulesets of native_apis (tests/native_api.h; by
 * tests/native_prop.py, with fewer cases), the first argument choosing one.
 * usage: test_native_<ruleset> [RANDOM_CASES [EXHAUSTIVE_LIMIT]]
 *        test_native INDEX [RANDOM_CASES [EXHAUSTIVE_LIMIT]]   (without RS)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result_equal.h"

#ifdef RS
#include RS_HEADER

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define RULESET CAT(RS, _ruleset)
#define SITUATION CAT(RS, _situation)
#define SITUATION_INIT CAT(RS, _situation_init)
#define SITUATION_SET CAT(RS, _situation_set)
#define RESOLVE CAT(RS, _resolve)
#define EXPLAIN CAT(RS, _explain)

static const rtab_ruleset *const rs = &RULESET;
#else
#include <stddef.h>

#include "native_api.h"

/* The ruleset chosen (main), and its situation in room enough for 256 inputs. */
static const struct native_api *api;
static const rtab_ruleset *rs;
typedef union {
	max_align_t align;
	int32_t inputs[256];
} SITUATION;
#define SITUATION_INIT(s, values, n) api->situation_init((s), (values), (n))
#define SITUATION_SET(s, i, v) api->situation_set((s), (i), (v))
#define RESOLVE(table, s, faces, nfaces, drm, out) api->resolve((table), (s), (faces), (nfaces), (drm), (out))
#define EXPLAIN(table, s, faces, nfaces, drm, out) api->explain((table), (s), (faces), (nfaces), (drm), (out))
#endif

static double exhaustive_limit = 400000.0;

#if defined(__SANITIZE_ADDRESS__)
#define SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define SLOW_BUILD 1
#endif
#endif
#ifndef SLOW_BUILD
#define SLOW_BUILD 0
#endif

static unsigned long failures, cases_run;
static unsigned most_reasons; /* the most provisional reasons of a result compared */

static uint64_t rng = 0x2545f4914f6cdd1du;
static uint32_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

static int32_t uniform(int32_t lo, int32_t hi)
{
	return (int32_t)((int64_t)lo + (int64_t)(next_random() % (uint32_t)((int64_t)hi - lo + 1)));
}

static void describe(size_t table, const int32_t *in, const int32_t *faces, size_t nfaces, int32_t drm)
{
	fprintf(stderr, "  %s: table %s, drm %ld, faces", rs->id, rs->tables[table].id, (long)drm);
	for (size_t i = 0; i < nfaces; i++)
		fprintf(stderr, " %ld", (long)faces[i]);
	fputs(", inputs", stderr);
	for (size_t i = 0; i < rs->ninputs; i++)
		fprintf(stderr, " %s=%ld", rs->inputs[i].id, (long)in[i]);
	fputc('\n', stderr);
}

/*
 * rtab_resolve (through the ruleset's native resolver) and the interpreter on
 * the same arguments, into results that start alike: the same status and the
 * same bytes, whatever the status. 1 when they agree.
 */
static int same_as_interpreter(size_t table, const int32_t *in, size_t ninputs, const int32_t *faces,
			       size_t nfaces, int32_t drm, int null_out)
{
	static rtab_result ref, via;
	const char *field = "";
	int rc_ref, rc_via;

	memset(&ref, 0xa5, sizeof ref);
	memset(&via, 0xa5, sizeof via);
	rc_ref = rtab_resolve_interpreted(rs, table, in, ninputs, faces, nfaces, drm, null_out ? NULL : &ref);
	rc_via = rtab_resolve(rs, table, in, ninputs, faces, nfaces, drm, null_out ? NULL : &via);
	if (rc_ref == rc_via && rc_ref == RTAB_OK && rtab_results_equal(&ref, &via, &field))
		return 1;
	if (rc_ref == rc_via && rc_ref != RTAB_OK && memcmp(&ref, &via, sizeof ref) == 0)
		return 1;
	fprintf(stderr, "rtab_resolve: status %d, the interpreter %d%s%s (ninputs %zu, nfaces %zu%s)\n", rc_via,
		rc_ref, rc_ref == rc_via ? ", results differ in " : "", rc_ref == rc_via && field ? field : "", ninputs, nfaces,
		null_out ? ", out NULL" : "");
	return 0;
}

/* The index of the first requirement the inputs break, the number of requirements when
 * none is, or -1 when a requirement cannot be evaluated (an inexact division): that
 * situation is refused too, with the evaluation's status. */
static int32_t first_broken(const int32_t *in, int *status)
{
	int32_t which = -1;
	int rc = rtab_requirement_broken(rs, in, rs->ninputs, &which);
	if (status)
		*status = rc != RTAB_OK ? rc : RTAB_E_REQUIRE;
	if (rc != RTAB_OK)
		return -1;
	return which < 0 ? (int32_t)rs->nrequirements : which;
}

/* One case: the interpreter, rtab_resolve, the lean and the full native result must agree. */
static void check_case(size_t table, const int32_t *in, const int32_t *faces, size_t nfaces,
		       int32_t drm)
{
	SITUATION s;
	rtab_result ref, full;
	rtab_lean_result lean;
	const char *field = NULL;
	int rc_ref, rc_lean, rc_full, refused;

	cases_run++;
	if (first_broken(in, &refused) < (int32_t)rs->nrequirements) {
		/* No situation of the rules: refused alike by the interpreter and the native code. */
		if (SITUATION_INIT(&s, in, rs->ninputs) != refused ||
		    !same_as_interpreter(table, in, rs->ninputs, faces, nfaces, drm, 0)) {
			fprintf(stderr, "a situation that breaks a requirement is not refused alike\n");
			describe(table, in, faces, nfaces, drm);
			failures++;
		}
		return;
	}
	if (SITUATION_INIT(&s, in, rs->ninputs) != RTAB_OK) {
		fprintf(stderr, "situation_init refused valid inputs\n");
		describe(table, in, faces, nfaces, drm);
		failures++;
		return;
	}
	rc_ref = rtab_resolve_interpreted(rs, table, in, rs->ninputs, faces, nfaces, drm, &ref);
	rc_lean = RESOLVE(table, &s, faces, nfaces, drm, &lean);
	rc_full = EXPLAIN(table, &s, faces, nfaces, drm, &full);
	if (!same_as_interpreter(table, in, rs->ninputs, faces, nfaces, drm, 0)) {
		fputs("rtab_resolve differs from the interpreter\n", stderr);
	} else if (rc_ref != rc_lean || rc_ref != rc_full) {
		fprintf(stderr, "status: interpreter %d, resolve %d, explain %d\n", rc_ref, rc_lean, rc_full);
	} else if (rc_ref != RTAB_OK) {
		return;
	} else if (lean.outcome != ref.outcome || lean.row != ref.row || lean.natural != ref.natural ||
		   lean.modifier != ref.modifier || lean.modified_roll != ref.modified_roll) {
		fprintf(stderr, "lean result: outcome %u row %u natural %ld modifier %ld roll %ld; "
				"interpreter: %u %u %ld %ld %ld\n",
			lean.outcome, lean.row, (long)lean.natural, (long)lean.modifier,
			(long)lean.modified_roll, ref.outcome, ref.row, (long)ref.natural,
			(long)ref.modifier, (long)ref.modified_roll);
	} else if (!rtab_results_equal(&ref, &full, &field)) {
		fprintf(stderr, "explain differs from the interpreter in %s\n", field);
	} else {
		if (ref.nprovisional > most_reasons)
			most_reasons = ref.nprovisional;
		return;
	}
	describe(table, in, faces, nfaces, drm);
	if (++failures > 20) {
		fprintf(stderr, "too many differences\n");
		exit(1);
	}
}

/* The step of input i: a number input's (exact halves: 1 of 2 per whole), else 1. */
static int32_t step_of(size_t i)
{
	return rs->inputs[i].step > 1 ? rs->inputs[i].step : 1;
}

static void mark_expr(const rtab_expr *e, unsigned char *read)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == RTAB_OP_INPUT && e->instrs[i].arg >= 0 &&
		    (size_t)e->instrs[i].arg < rs->ninputs)
			read[e->instrs[i].arg] = 1;
}

/* The inputs a table may read: its modifiers, column (its key too), column shifts, rewrites,
 * the 'unless' of its outcomes' triggers. */
static void inputs_read(const rtab_table *t, unsigned char *read)
{
	memset(read, 0, rs->ninputs);
	for (size_t i = 0; i < t->nmodifiers; i++) {
		mark_expr(&rs->modifiers[t->modifiers[i]].condition, read);
		mark_expr(&rs->modifiers[t->modifiers[i]].value, read);
	}
	for (size_t i = 0; i < t->nshifts; i++) {
		mark_expr(&rs->modifiers[t->shifts[i]].condition, read);
		mark_expr(&rs->modifiers[t->shifts[i]].value, read);
	}
	mark_expr(&t->key_a, read);
	mark_expr(&t->key_b, read);
	if (t->column_input >= 0)
		read[t->column_input] = 1;
	for (size_t i = 0; i < t->nrewrites; i++)
		mark_expr(&t->rewrites[i].condition, read);
	for (size_t o = 0; o < rs->noutcomes; o++) {
		int reached = 0;
		for (size_t r = 0; r < t->nrows; r++)
			reached |= rtab_row_outcome(t, r) == o;
		for (size_t k = 0; k < t->nnatural; k++)
			reached |= t->natural[k].outcome == o;
		for (size_t k = 0; k < t->nrewrites; k++)
			reached |= t->rewrites[k].to == o;
		for (size_t k = 0; reached && k < rs->outcomes[o].ntriggers; k++)
			mark_expr(&rs->outcomes[o].triggers[k].unless, read);
	}
}

static const rtab_dice *dice_of(const rtab_table *t)
{
	return t->dice == RTAB_NO_DICE ? NULL : &rs->dice[t->dice];
}

/* Face k's die range. */
static void face_range(const rtab_dice *d, size_t k, int32_t *lo, int32_t *hi)
{
	for (size_t g = 0; g < d->ngroups; g++) {
		if (k < d->groups[g].count) {
			*lo = d->groups[g].face_min;
			*hi = d->groups[g].face_max;
			return;
		}
		k -= d->groups[g].count;
	}
	*lo = *hi = 0;
}

/* A random situation moved into the requirements on the inputs (most random ones break one
 * where the inputs are related): while one is broken, take the first change of one input
 * that leaves the first broken requirement later in the list. One left broken is checked
 * as refused. */
static void meet_requirements(int32_t *in)
{
	for (int32_t broken = first_broken(in, NULL); broken < (int32_t)rs->nrequirements;) {
		int32_t before = broken;
		for (size_t i = 0; i < rs->ninputs && broken == before; i++) {
			int32_t was = in[i];
			for (int64_t v = rs->inputs[i].min; v <= rs->inputs[i].max && broken == before;
			     v += step_of(i)) {
				in[i] = (int32_t)v;
				if (first_broken(in, NULL) > before)
					broken = first_broken(in, NULL);
				else
					in[i] = was;
			}
		}
		if (broken == before)
			return;
	}
}

/* A random situation: every input anywhere in its domain (on its steps), moved into the
 * requirements; every face on its die. */
static void random_situation(const rtab_dice *d, int32_t *in, int32_t *faces)
{
	size_t nfaces = d ? d->nfaces : 0;
	for (size_t i = 0; i < rs->ninputs; i++)
		in[i] = rs->inputs[i].min +
			step_of(i) * uniform(0, (int32_t)(((int64_t)rs->inputs[i].max - rs->inputs[i].min) /
							  step_of(i)));
	meet_requirements(in);
	for (size_t k = 0; k < nfaces; k++) {
		int32_t lo, hi;
		face_range(d, k, &lo, &hi);
		faces[k] = uniform(lo, hi);
	}
}

/* Step an odometer over the read inputs, then the faces: 0 when it wraps. */
static int advance(const unsigned char *read, int32_t *in, const rtab_dice *d, int32_t *faces)
{
	size_t nf = d ? d->nfaces : 0;
	for (size_t k = 0; k < nf; k++) {
		int32_t lo, hi;
		face_range(d, k, &lo, &hi);
		if (faces[k] < hi) {
			faces[k]++;
			return 1;
		}
		faces[k] = lo;
	}
	for (size_t i = 0; i < rs->ninputs; i++) {
		if (!read[i])
			continue;
		if (in[i] < rs->inputs[i].max) {
			in[i] += step_of(i);
			return 1;
		}
		in[i] = rs->inputs[i].min;
	}
	return 0;
}

/*
 * The values of input i a dense sample takes: every value of a small domain; of a large
 * one the first `width` on its steps (every ratio of two forces up to width - 1 against
 * width - 1: each column of odds and its edges, 0:0, 0:N and N:0), then the last two.
 */
static size_t sample_values(size_t i, int32_t width, int32_t *v)
{
	const rtab_input *in = &rs->inputs[i];
	int64_t count = ((int64_t)in->max - in->min) / step_of(i) + 1;
	size_t n = 0;
	if (count <= width + 2) {
		for (int64_t k = 0; k < count; k++)
			v[n++] = (int32_t)(in->min + k * step_of(i));
		return n;
	}
	for (int32_t k = 0; k < width; k++)
		v[n++] = in->min + k * step_of(i);
	v[n++] = in->max - step_of(i);
	v[n++] = in->max;
	return n;
}

#define SAMPLE_MAX 64

/*
 * A table whose inputs are too many to enumerate: every combination of the sampled values
 * of the inputs it reads (sample_values), every roll, and extra modifiers -6..6 and +-20
 * (which carry every column shift past either end of a table). The sample narrows until
 * it fits the limit.
 */
static void boxed(size_t table, const unsigned char *read)
{
	const rtab_table *t = &rs->tables[table];
	const rtab_dice *d = dice_of(t);
	static int32_t values[256][SAMPLE_MAX];
	size_t nvalues[256], at[256] = {0};
	int32_t in[256], faces[RTAB_MAX_FACES] = {0};
	int32_t width = 40;
	double n;

	for (;;) {
		n = 15;
		for (size_t i = 0; i < rs->ninputs; i++)
			if (read[i]) {
				nvalues[i] = sample_values(i, width, values[i]);
				n *= (double)nvalues[i];
			}
		for (size_t k = 0; d && k < d->nfaces; k++) {
			int32_t lo, hi;
			face_range(d, k, &lo, &hi);
			n *= (double)hi - lo + 1;
		}
		if (n <= exhaustive_limit / (SLOW_BUILD ? 10 : 1) || width <= 2)
			break;
		width = width * 2 / 3;
	}
	if (n > 4 * exhaustive_limit) {
		printf("%s.%s: %.0f sampled cases, too many: random cases only\n", rs->id, t->id, n);
		return;
	}
	rtab_inputs_default(rs, in, rs->ninputs);
	for (size_t i = 0; i < rs->ninputs; i++)
		if (read[i])
			in[i] = values[i][0];
	for (size_t k = 0; d && k < d->nfaces; k++) {
		int32_t hi;
		face_range(d, k, &faces[k], &hi);
	}
	unsigned long before = cases_run;
	for (;;) {
		for (int32_t drm = -6; drm <= 6; drm++)
			check_case(table, in, faces, d ? d->nfaces : 0, drm);
		check_case(table, in, faces, d ? d->nfaces : 0, -20);
		check_case(table, in, faces, d ? d->nfaces : 0, 20);
		/* The odometer: the faces, then the sampled inputs. */
		size_t k = 0, nf = d ? d->nfaces : 0;
		for (; k < nf; k++) {
			int32_t lo, hi;
			face_range(d, k, &lo, &hi);
			if (faces[k] < hi) {
				faces[k]++;
				break;
			}
			faces[k] = lo;
		}
		if (k < nf)
			continue;
		size_t i = 0;
		for (; i < rs->ninputs; i++) {
			if (!read[i])
				continue;
			if (++at[i] < nvalues[i]) {
				in[i] = values[i][at[i]];
				break;
			}
			at[i] = 0;
			in[i] = values[i][0];
		}
		if (i == rs->ninputs)
			break;
	}
	printf("%s.%s: every one of %lu cases of a dense sample (%ld values of each large input)\n", rs->id,
	       t->id, cases_run - before, (long)width);
}

static void exhaustive(size_t table, const unsigned char *read)
{
	const rtab_table *t = &rs->tables[table];
	const rtab_dice *d = dice_of(t);
	int32_t in[256], faces[RTAB_MAX_FACES] = {0};
	double n = 15;

	for (size_t i = 0; i < rs->ninputs; i++)
		if (read[i])
			n *= ((double)rs->inputs[i].max - rs->inputs[i].min) / step_of(i) + 1;
	for (size_t k = 0; d && k < d->nfaces; k++) {
		int32_t lo, hi;
		face_range(d, k, &lo, &hi);
		n *= (double)hi - lo + 1;
	}
	if (n > exhaustive_limit / (SLOW_BUILD ? 10 : 1)) {
		boxed(table, read);
		return;
	}
	rtab_inputs_default(rs, in, rs->ninputs);
	for (size_t i = 0; i < rs->ninputs; i++)
		if (read[i])
			in[i] = rs->inputs[i].min;
	for (size_t k = 0; d && k < d->nfaces; k++) {
		int32_t hi;
		face_range(d, k, &faces[k], &hi);
	}
	unsigned long before = cases_run;
	do {
		/* The small extra modifiers, and two beyond those the lean code covers
		 * without a test on the roll (the general lean code's). */
		for (int32_t drm = -6; drm <= 6; drm++)
			check_case(table, in, faces, d ? d->nfaces : 0, drm);
		check_case(table, in, faces, d ? d->nfaces : 0, -20);
		check_case(table, in, faces, d ? d->nfaces : 0, 20);
	} while (advance(read, in, d, faces));
	printf("%s.%s: every one of %lu cases\n", rs->id, t->id, cases_run - before);
}

/* Input i at its minimum (0), its maximum (1) or its default (2). */
static int32_t input_at(size_t i, int which)
{
	return which == 0 ? rs->inputs[i].min : which == 1 ? rs->inputs[i].max : rs->inputs[i].default_value;
}

/* The faces at the ends of their dice: all lowest (0), all highest (1), or alternating (2, 3). */
static void faces_at(const rtab_dice *d, int which, int32_t *faces)
{
	for (size_t k = 0; d && k < d->nfaces; k++) {
		int32_t lo, hi;
		face_range(d, k, &lo, &hi);
		faces[k] = which == 0 || (which >= 2 && (k + (size_t)which) % 2) ? lo : hi;
	}
}

/* One situation at every end of the rolls and of the extra modifier. */
static void boundary_rolls(size_t table, const int32_t *in)
{
	static const int32_t drms[] = {0, -1, 1, -6, 6, -20, 20, INT32_MIN, INT32_MAX};
	const rtab_dice *d = dice_of(&rs->tables[table]);
	int32_t faces[RTAB_MAX_FACES] = {0};

	for (int which = 0; which < 4; which++) {
		faces_at(d, which, faces);
		for (size_t k = 0; k < sizeof drms / sizeof drms[0]; k++)
			check_case(table, in, faces, d ? d->nfaces : 0, drms[k]);
	}
}

static void boundary(size_t table, long corners)
{
	int32_t in[256];
	unsigned long before = cases_run;

	rtab_inputs_default(rs, in, rs->ninputs);
	boundary_rolls(table, in);
	for (int which = 0; which < 2; which++) {
		for (size_t i = 0; i < rs->ninputs; i++)
			in[i] = input_at(i, which);
		boundary_rolls(table, in);
	}
	for (size_t i = 0; i < rs->ninputs; i++) {
		for (int which = 0; which < 2; which++) {
			rtab_inputs_default(rs, in, rs->ninputs);
			in[i] = input_at(i, which);
			boundary_rolls(table, in);
		}
	}
	for (long c = 0; c < corners; c++) {
		for (size_t i = 0; i < rs->ninputs; i++)
			in[i] = input_at(i, (int)(next_random() % 3));
		boundary_rolls(table, in);
	}
	printf("%s.%s: %lu cases on the boundaries\n", rs->id, rs->tables[table].id, cases_run - before);
}

static void random_cases(size_t table, long count)
{
	const rtab_table *t = &rs->tables[table];
	const rtab_dice *d = dice_of(t);
	int32_t in[256], faces[RTAB_MAX_FACES + 1];

	for (long c = 0; c < count; c++) {
		size_t nfaces = d ? d->nfaces : 0;
		uint32_t odd = next_random() % 64;
		int32_t drm = uniform(-8, 8);
		random_situation(d, in, faces);
		if (odd == 0 && nfaces)
			faces[next_random() % nfaces] += next_random() % 2 ? 100 : -100;
		else if (odd == 1)
			nfaces = nfaces ? nfaces - 1 : 1, faces[0] = 1;
		else if (odd == 2)
			drm = next_random() % 2 ? INT32_MAX - (int32_t)(next_random() % 8)
						: INT32_MIN + (int32_t)(next_random() % 8);
		else if (odd < 8)
			drm = uniform(-1000, 1000);
		check_case(table, in, faces, nfaces, drm);
	}
	printf("%s.%s: %ld random cases\n", rs->id, t->id, count);
}

/* The entry points refuse what they must refuse. */
static void edges(void)
{
	SITUATION s;
	rtab_lean_result lean;
	rtab_result full;
	int32_t faces[RTAB_MAX_FACES] = {0};

	if (SITUATION_INIT(&s, NULL, 0) != RTAB_OK || RESOLVE(rs->ntables, &s, faces, 0, 0, &lean) != RTAB_E_TABLE ||
	    EXPLAIN(rs->ntables, &s, faces, 0, 0, &full) != RTAB_E_TABLE) {
		fprintf(stderr, "no such table: not refused\n");
		failures++;
	}
	for (size_t i = 0; i < rs->ninputs; i++) {
		if (rs->inputs[i].max < INT32_MAX &&
		    SITUATION_SET(&s, i, rs->inputs[i].max + 1) != RTAB_E_INPUT) {
			fprintf(stderr, "situation_set accepted %s out of its domain\n", rs->inputs[i].id);
			failures++;
		}
		if (step_of(i) > 1 && SITUATION_SET(&s, i, rs->inputs[i].min + 1) != RTAB_E_INPUT) {
			fprintf(stderr, "situation_set accepted %s between two of its steps\n", rs->inputs[i].id);
			failures++;
		}
		if (SITUATION_SET(&s, i, rs->inputs[i].min) != RTAB_OK) {
			fprintf(stderr, "situation_set refused %s at its minimum\n", rs->inputs[i].id);
			failures++;
		}
	}
	if (rs->ntables && (RESOLVE(0, NULL, faces, 0, 0, &lean) != RTAB_E_NULL ||
			    EXPLAIN(0, &s, faces, 0, 0, NULL) != RTAB_E_NULL)) {
		fprintf(stderr, "NULL: not refused\n");
		failures++;
	}
}

/* Every call goes to the ruleset's own resolver, which the copy's native_resolve forwards to. */
static unsigned long spied;
static int spy(const rtab_ruleset *copy, size_t table, const int32_t *in, size_t ninputs,
	       const int32_t *faces, size_t nfaces, int32_t drm, rtab_result *out)
{
	(void)copy;
	spied++;
	return rs->native_resolve(rs, table, in, ninputs, faces, nfaces, drm, out);
}

/*
 * rtab_resolve on what it must refuse, and on the edges of what it accepts,
 * against the interpreter; and its dispatch to native_resolve.
 */
static void refusals(long count)
{
	int32_t in[257], faces[RTAB_MAX_FACES + 2] = {0};
	unsigned long before = failures;

	if (!rs->native_resolve) {
		printf("%s: no table with native code, no native resolver: rtab_resolve interprets it\n", rs->id);
		return;
	}
	rtab_ruleset copy = *rs;
	rtab_result r;
	copy.native_resolve = spy;
	rtab_inputs_default(rs, in, rs->ninputs);
	if (rtab_resolve(&copy, 0, in, rs->ninputs, faces, 0, 0, &r) == RTAB_E_NULL || spied != 1) {
		fprintf(stderr, "rtab_resolve did not call the ruleset's native_resolve\n");
		failures++;
	}
	for (long c = 0; c < count; c++) {
		size_t table = next_random() % (rs->ntables + 1);
		const rtab_dice *d = table < rs->ntables ? dice_of(&rs->tables[table]) : NULL;
		size_t nfaces = d ? d->nfaces : 0, ninputs = rs->ninputs;
		int32_t drm = uniform(-8, 8);
		const int32_t *in_arg = in, *faces_arg = faces;
		int null_out = 0;
		random_situation(d, in, faces);
		size_t bad = rs->ninputs ? next_random() % rs->ninputs : 0;
		switch (next_random() % 12) {
		case 0: /* one input just outside its domain, or far outside */
		case 1:
			if (!rs->ninputs)
				break;
			if (next_random() % 2)
				in[bad] = rs->inputs[bad].max < INT32_MAX ? rs->inputs[bad].max + 1 : INT32_MIN;
			else
				in[bad] = rs->inputs[bad].min > INT32_MIN ? rs->inputs[bad].min - 1 : INT32_MAX;
			break;
		case 2: /* at the ends of its domain: accepted */
			if (rs->ninputs)
				in[bad] = next_random() % 2 ? rs->inputs[bad].max : rs->inputs[bad].min;
			break;
		case 3: /* between two steps of a number input, or anywhere in int32 */
			if (!rs->ninputs)
				break;
			if (step_of(bad) > 1 && rs->inputs[bad].min < rs->inputs[bad].max)
				in[bad] = rs->inputs[bad].min + 1;
			else
				in[bad] = (int32_t)next_random() * (next_random() % 2 ? 1 : -1);
			break;
		case 4: /* one input too few or too many */
			ninputs = next_random() % 2 ? ninputs + 1 : (ninputs ? ninputs - 1 : 1);
			break;
		case 5:
			in_arg = NULL;
			if (next_random() % 2)
				ninputs = 0;
			break;
		case 6:
			faces_arg = NULL;
			break;
		case 7:
			null_out = 1;
			break;
		case 8: /* a face count beyond every die, or off by one */
			nfaces = next_random() % 2 ? RTAB_MAX_FACES + 1 : nfaces + 1;
			break;
		case 9:
			nfaces = nfaces ? nfaces - 1 : 1;
			break;
		case 10:
			drm = next_random() % 2 ? INT32_MAX - (int32_t)(next_random() % 8)
						: INT32_MIN + (int32_t)(next_random() % 8);
			break;
		default: /* the last face outside its die */
			if (nfaces)
				faces[nfaces - 1] += next_random() % 2 ? 1000 : -1000;
			break;
		}
		if (!same_as_interpreter(table, in_arg, ninputs, faces_arg, nfaces, drm, null_out)) {
			if (in_arg && table < rs->ntables)
				describe(table, in, faces, nfaces, drm);
			if (++failures > before + 20)
				exit(1);
		}
	}
	printf("%s: %ld arguments rtab_resolve refuses, or accepts at their edges\n", rs->id, count);
}

int main(int argc, char **argv)
{
#ifndef RS
	size_t which = argc > 1 ? strtoul(argv[1], NULL, 10) : native_napis;
	if (which >= native_napis || !native_apis[which]) {
		fprintf(stderr, "usage: test_native INDEX [RANDOM_CASES [EXHAUSTIVE_LIMIT]], INDEX of a ruleset below %zu\n",
			native_napis);
		return 2;
	}
	api = native_apis[which];
	rs = api->ruleset;
	if (api->situation_size > sizeof(SITUATION)) {
		fprintf(stderr, "a situation larger than this test holds\n");
		return 1;
	}
	argc--;
	argv++;
#endif
	long count = argc > 1 ? atol(argv[1]) : 1000000;
	if (argc > 2)
		exhaustive_limit = atof(argv[2]);
	unsigned char read[256];

	if (rs->ninputs > 256) {
		fprintf(stderr, "more inputs than this test holds\n");
		return 1;
	}
	if (SLOW_BUILD)
		count /= 20;
	edges();
	refusals(count / 10 > 1000 ? count / 10 : 1000);
	for (size_t t = 0; t < rs->ntables; t++) {
		inputs_read(&rs->tables[t], read);
		exhaustive(t, read);
		boundary(t, count / 10 < 1000 ? count / 10 : 1000);
		random_cases(t, count);
	}
	printf("%lu cases, %lu differences, at most %u provisional reasons\n", cases_run, failures, most_reasons);
	return failures ? 1 : 0;
}
