/*
 * rtab against the same rules written by hand, in one process: the Musket &
 * Pike melee, cavalry pursuit and failure to retreat, resolved over a pool
 * of random situations and rolls by
 *   - rtab_resolve (full explanation; on these linked tables, the generated
 *     native resolver behind it) and rtab_resolve_interpreted (the interpreter),
 *   - the native resolvers rtab compile emits: musket_pike_resolve_<table>
 *     (lean result) and musket_pike_explain_<table> (full explanation),
 *   - the hand-written C resolver (bench/handwritten.c), lean and full,
 *   - the Lua 5.4 port (bench/musket_pike.lua), embedded (when built with Lua).
 * Beside them, the melee at the default situation (every input at its default: the
 * most reasons to list), and the classic odds CRT (tables/classic_odds.rtab, table
 * crt: odds rounding, column shifts, automatic ends) by rtab_resolve, the
 * interpreter, bench/handwritten_crt.c and its Lua port (bench/classic_odds_crt.lua),
 * checked first on every case of its input space (attack and defence 0..999, both
 * shifts, every face; with --check or --only, attack and defence 0..99).
 * Every case is first checked identical across all of them (against the
 * interpreter, the reference); any difference
 * is printed and the program fails (exit 1) before timing anything.
 *
 * usage: bench_tables [--check | --only VARIANT] [RESOLUTIONS [RUNS]]
 *   --check  check agreement only, no timing
 *   --only   time one variant (native, native_full, rtab_resolve, handwritten,
 *            handwritten_full, lua, interp) or one figure beside them (its name
 *            less _ns, e.g. rtab_resolve_defaults_melee), e.g. under perf stat
 * Prints a table, then one "NAME: VALUE" line per figure (CPU ns per
 * resolution, medians of RUNS runs of RESOLUTIONS resolutions each).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "handwritten.h"
#include "handwritten_crt.h"
#include "classic_odds.h"
#include "result_equal.h"
#ifdef BENCH_HAVE_LUA
#include "lua_port.h"
#endif

#define NSITUATIONS 1024
#define NCASES 8192 /* a power of two */
#define NTABLES 3
#define MAX_RUNS 51

static const rtab_ruleset *const rs = &musket_pike_ruleset;
static const size_t tables[NTABLES] = {MUSKET_PIKE_TABLE_MELEE, MUSKET_PIKE_TABLE_CAVALRY_PURSUIT,
				       MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT};
static const char *const names[NTABLES] = {"melee", "pursuit", "failure"};

typedef struct bench_case {
	const int32_t *in;
	const musket_pike_situation *sit;
	uint16_t situation;
	int32_t face, drm;
} bench_case;

static int32_t situations[NSITUATIONS][64];
static musket_pike_situation valid_situations[NSITUATIONS];
static bench_case cases[NCASES];
static volatile int64_t sink;

/* The melee at the default situation, random faces and extra modifiers. */
static int32_t default_inputs[64];
static musket_pike_situation default_situation;
static bench_case default_cases[NCASES];

/* The classic odds CRT: random situations over the whole input space, random faces. */
typedef struct crt_case {
	int32_t in[CLASSIC_ODDS_NINPUTS];
	int32_t face;
} crt_case;
static crt_case crt_cases[NCASES];
static const rtab_ruleset *const crt_rs = &classic_odds_ruleset;

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static int32_t uniform(int32_t lo, int32_t hi)
{
	return lo + (int32_t)(next_random() % (uint32_t)(hi - lo + 1));
}

/* A random situation moved into the rules' requirements on the inputs: light cavalry is no
 * matrix type, and cavalry brings cavalry units. */
static void meet_requirements(int32_t *in)
{
	enum { CUIR = MUSKET_PIKE_UNIT_TYPE_CUIRASSIERS, ARQ = MUSKET_PIKE_UNIT_TYPE_ARQUEBUSIERS };
	int32_t *att = &in[MUSKET_PIKE_INPUT_ATTACKER_TYPE], *def = &in[MUSKET_PIKE_INPUT_DEFENDER_TYPE];
	if (in[MUSKET_PIKE_INPUT_ATTACKER_LIGHT_CAVALRY])
		*att = MUSKET_PIKE_UNIT_TYPE_NOT_IN_MATRIX;
	if ((*att == CUIR || *att == ARQ || in[MUSKET_PIKE_INPUT_ATTACKER_LIGHT_CAVALRY]) &&
	    in[MUSKET_PIKE_INPUT_ATTACKER_CAVALRY_UNITS] == 0)
		in[MUSKET_PIKE_INPUT_ATTACKER_CAVALRY_UNITS] = 1;
	if ((*def == CUIR || *def == ARQ) && in[MUSKET_PIKE_INPUT_DEFENDER_CAVALRY_UNITS] == 0)
		in[MUSKET_PIKE_INPUT_DEFENDER_CAVALRY_UNITS] = 1;
}

static int make_cases(void)
{
	for (size_t s = 0; s < NSITUATIONS; s++) {
		for (size_t i = 0; i < rs->ninputs; i++)
			situations[s][i] = uniform(rs->inputs[i].min, rs->inputs[i].max);
		meet_requirements(situations[s]);
		if (musket_pike_situation_init(&valid_situations[s], situations[s], rs->ninputs) != RTAB_OK)
			return -1;
	}
	for (size_t c = 0; c < NCASES; c++) {
		cases[c].situation = (uint16_t)uniform(0, NSITUATIONS - 1);
		cases[c].in = situations[cases[c].situation];
		cases[c].sit = &valid_situations[cases[c].situation];
		cases[c].face = uniform(0, 9);
		cases[c].drm = uniform(-3, 3); /* terrain and the like, given from outside */
	}
	if (rtab_inputs_default(rs, default_inputs, rs->ninputs) != RTAB_OK ||
	    musket_pike_situation_init(&default_situation, NULL, 0) != RTAB_OK)
		return -1;
	for (size_t c = 0; c < NCASES; c++) {
		default_cases[c] = cases[c];
		default_cases[c].in = default_inputs;
		default_cases[c].sit = &default_situation;
	}
	for (size_t c = 0; c < NCASES; c++) {
		crt_case *k = &crt_cases[c];
		if (rtab_inputs_default(crt_rs, k->in, CLASSIC_ODDS_NINPUTS) != RTAB_OK)
			return -1;
		k->in[CLASSIC_ODDS_INPUT_ATTACK] = uniform(0, 999);
		k->in[CLASSIC_ODDS_INPUT_DEFENCE] = uniform(0, 999);
		k->in[CLASSIC_ODDS_INPUT_COMBINED_ARMS] = uniform(0, 1);
		k->in[CLASSIC_ODDS_INPUT_ACROSS_RIVER] = uniform(0, 1);
		k->face = uniform(1, 6);
	}
	return 0;
}

/* The CRT at one case, by every resolver, against the interpreter: 0, or 1 printed. */
static int crt_differs(const int32_t *in, int32_t face, int have_lua)
{
	rtab_result ref, got;
	hw_lean lean;
	const char *field = "status";
	const char *who = NULL;
	int32_t a = in[CLASSIC_ODDS_INPUT_ATTACK], d = in[CLASSIC_ODDS_INPUT_DEFENCE];
	int32_t ca = in[CLASSIC_ODDS_INPUT_COMBINED_ARMS], river = in[CLASSIC_ODDS_INPUT_ACROSS_RIVER];
	int rc_ref = rtab_resolve_interpreted(crt_rs, CLASSIC_ODDS_TABLE_CRT, in, CLASSIC_ODDS_NINPUTS, &face,
					      1, 0, &ref);
	int rc = rtab_resolve(crt_rs, CLASSIC_ODDS_TABLE_CRT, in, CLASSIC_ODDS_NINPUTS, &face, 1, 0, &got);
	if (rc != rc_ref || (rc == RTAB_OK && !rtab_results_equal(&ref, &got, &field)))
		who = "rtab_resolve";
	rc = hw_crt_full(a, d, ca, river, face, &got);
	if (!who && (rc != rc_ref || (rc == RTAB_OK && !rtab_results_equal(&ref, &got, &field))))
		who = "the hand-written CRT, full result";
	rc = hw_crt(a, d, ca, river, face, &lean);
	if (!who && (rc != rc_ref || (rc == RTAB_OK && (lean.outcome != ref.outcome ||
							 lean.modified_roll != ref.modified_roll)))) {
		who = "the hand-written CRT";
		field = "outcome";
	}
#ifdef BENCH_HAVE_LUA
	if (have_lua) {
		rc = lua_port_crt(a, d, ca, river, face, &lean);
		if (!who && (rc != rc_ref || (rc == RTAB_OK && (lean.outcome != ref.outcome ||
								 lean.modified_roll != ref.modified_roll)))) {
			who = "the Lua port of the CRT";
			field = "outcome";
		}
	}
#else
	(void)have_lua;
#endif
	if (!who)
		return 0;
	fprintf(stderr, "bench: %s differs from the interpreter in %s: attack %ld, defence %ld, "
			"combined arms %ld, river %ld, face %ld\n",
		who, field, (long)a, (long)d, (long)ca, (long)river, (long)face);
	return 1;
}

/* Every case of the CRT's input space (attack and defence 0..max). */
static int check_crt(int32_t max, int have_lua)
{
	size_t bad = 0, checked = 0;
	int32_t in[CLASSIC_ODDS_NINPUTS];
	if (rtab_inputs_default(crt_rs, in, CLASSIC_ODDS_NINPUTS) != RTAB_OK)
		return 1;
	for (int32_t a = 0; a <= max && bad < 10; a++)
		for (int32_t d = 0; d <= max; d++)
			for (int32_t k = 0; k < 4; k++)
				for (int32_t face = 1; face <= 6; face++) {
					in[CLASSIC_ODDS_INPUT_ATTACK] = a;
					in[CLASSIC_ODDS_INPUT_DEFENCE] = d;
					in[CLASSIC_ODDS_INPUT_COMBINED_ARMS] = k & 1;
					in[CLASSIC_ODDS_INPUT_ACROSS_RIVER] = k >> 1;
					bad += (size_t)crt_differs(in, face, have_lua);
					checked++;
				}
	if (bad) {
		fprintf(stderr, "bench: the hand-written CRT no longer computes what tables/classic_odds.rtab "
				"says: update bench/handwritten_crt.c and bench/classic_odds_crt.lua\n");
		return 1;
	}
	printf("checked %zu cases of the classic odds CRT (attack and defence 0..%ld): every resolver "
	       "agrees with the interpreter\n", checked, (long)max);
	return 0;
}

static int native_lean_of(size_t t, const bench_case *c, rtab_lean_result *out)
{
	switch (t) {
	case 0: return musket_pike_resolve_melee(c->sit, &c->face, 1, c->drm, out);
	case 1: return musket_pike_resolve_cavalry_pursuit(c->sit, &c->face, 1, c->drm, out);
	default: return musket_pike_resolve_failure_to_retreat(c->sit, &c->face, 1, c->drm, out);
	}
}

static int native_full_of(size_t t, const bench_case *c, rtab_result *out)
{
	switch (t) {
	case 0: return musket_pike_explain_melee(c->sit, &c->face, 1, c->drm, out);
	case 1: return musket_pike_explain_cavalry_pursuit(c->sit, &c->face, 1, c->drm, out);
	default: return musket_pike_explain_failure_to_retreat(c->sit, &c->face, 1, c->drm, out);
	}
}

static int hw_lean_of(size_t t, const bench_case *c, hw_lean *out)
{
	switch (t) {
	case 0: return hw_melee(c->in, c->face, c->drm, out);
	case 1: return hw_pursuit(c->in, c->face, c->drm, out);
	default: return hw_failure(c->in, c->face, c->drm, out);
	}
}

static int hw_full_of(size_t t, const bench_case *c, rtab_result *out)
{
	switch (t) {
	case 0: return hw_melee_full(c->in, c->face, c->drm, out);
	case 1: return hw_pursuit_full(c->in, c->face, c->drm, out);
	default: return hw_failure_full(c->in, c->face, c->drm, out);
	}
}

static void describe(size_t t, const bench_case *c)
{
	fprintf(stderr, "  table %s, face %ld, drm %ld, situation:", names[t], (long)c->face,
		(long)c->drm);
	for (size_t i = 0; i < rs->ninputs; i++)
		fprintf(stderr, " %s=%ld", rs->inputs[i].id, (long)c->in[i]);
	fputc('\n', stderr);
}

static int lean_differs(const char *who, size_t t, const bench_case *c, const rtab_result *ref,
			int rc, const hw_lean *got)
{
	if (rc == RTAB_OK && got->outcome == ref->outcome && got->modifier == ref->modifier &&
	    got->modified_roll == ref->modified_roll)
		return 0;
	fprintf(stderr,
		"bench: %s disagrees with the interpreter: status %d, outcome %ld, modifier %ld, roll %ld;"
		" rtab: outcome %u, modifier %ld, roll %ld\n",
		who, rc, (long)got->outcome, (long)got->modifier, (long)got->modified_roll,
		ref->outcome, (long)ref->modifier, (long)ref->modified_roll);
	describe(t, c);
	return 1;
}

/* The hand-written check of a raw array refuses exactly what rtab_resolve refuses: arrays
 * whose inputs stray up to two past each end of their domains, most of them refused, some
 * for a requirement. */
static int check_validation(void)
{
	enum { NARRAYS = 200000 };
	size_t refused = 0, required = 0;
	for (size_t k = 0; k < NARRAYS; k++) {
		int32_t in[64];
		rtab_result r;
		/* Each input in its domain but, now and then, one or two strays. */
		for (size_t i = 0; i < rs->ninputs; i++)
			in[i] = uniform(rs->inputs[i].min, rs->inputs[i].max);
		for (int strays = (int)(next_random() % 3); strays > 0; strays--) {
			size_t i = next_random() % rs->ninputs;
			in[i] = uniform(rs->inputs[i].min - 2, rs->inputs[i].max + 2);
		}
		int want = rtab_resolve(rs, tables[k % NTABLES], in, rs->ninputs, &(int32_t){0}, 1, 0, &r);
		int got = hw_checked_full(tables[k % NTABLES], in, 0, 0, &r);
		if ((want == RTAB_E_INPUT || want == RTAB_E_REQUIRE || got == RTAB_E_INPUT ||
		     got == RTAB_E_REQUIRE) && want != got) {
			fprintf(stderr, "bench: the hand-written check of the inputs says %s where rtab_resolve says %s\n",
				rtab_status_message(got), rtab_status_message(want));
			return 1;
		}
		refused += want == RTAB_E_INPUT;
		required += want == RTAB_E_REQUIRE;
	}
	printf("checked %d raw arrays (%zu out of their domains, %zu breaking a requirement): the hand-written "
	       "check refuses what rtab_resolve refuses\n", NARRAYS, refused, required);
	return 0;
}

/* Every case of every table, by every resolver: the same answer, or a loud failure. */
static int check_all(int have_lua)
{
	size_t bad = 0, checked = 0;
	for (size_t pass = 0; pass < 2 * NTABLES; pass++) {
		/* Then each table again at the default situation (no Lua: its situations are the pool's). */
		int defaults = pass >= NTABLES;
		size_t t = pass % NTABLES;
		for (size_t k = 0; k < NCASES && bad < 10; k++) {
			const bench_case *c = defaults ? &default_cases[k] : &cases[k];
			rtab_result ref, full;
			hw_lean lean;
			const char *field;
			int rc = rtab_resolve_interpreted(rs, tables[t], c->in, rs->ninputs, &c->face, 1, c->drm,
							  &ref);
			if (rc != RTAB_OK) {
				fprintf(stderr, "bench: rtab_resolve_interpreted failed: %s\n", rtab_status_message(rc));
				describe(t, c);
				return 1;
			}
			rc = rtab_resolve(rs, tables[t], c->in, rs->ninputs, &c->face, 1, c->drm, &full);
			if (rc != RTAB_OK || !rtab_results_equal(&ref, &full, &field)) {
				fprintf(stderr, "bench: rtab_resolve differs from the interpreter in %s\n",
					rc != RTAB_OK ? "status" : field);
				describe(t, c);
				bad++;
			}
			bad += (size_t)lean_differs("hand-written C", t, c, &ref, hw_lean_of(t, c, &lean),
						    &lean);
			rtab_lean_result nl;
			rc = native_lean_of(t, c, &nl);
			lean.outcome = nl.outcome;
			lean.modifier = nl.modifier;
			lean.modified_roll = nl.modified_roll;
			bad += (size_t)lean_differs("musket_pike_resolve_*", t, c, &ref, rc, &lean);
			rc = native_full_of(t, c, &full);
			if (rc != RTAB_OK || !rtab_results_equal(&ref, &full, &field)) {
				fprintf(stderr, "bench: musket_pike_explain_* differs from the interpreter in %s\n",
					rc != RTAB_OK ? "status" : field);
				describe(t, c);
				bad++;
			}
			rc = hw_full_of(t, c, &full);
			if (rc != RTAB_OK || !rtab_results_equal(&ref, &full, &field)) {
				fprintf(stderr, "bench: hand-written full result differs from the interpreter in %s\n",
					rc != RTAB_OK ? "status" : field);
				describe(t, c);
				bad++;
			}
			rc = hw_checked_full(tables[t], c->in, c->face, c->drm, &full);
			if (rc != RTAB_OK || !rtab_results_equal(&ref, &full, &field)) {
				fprintf(stderr, "bench: hand-written checked result differs from the interpreter in %s\n",
					rc != RTAB_OK ? "status" : field);
				describe(t, c);
				bad++;
			}
#ifdef BENCH_HAVE_LUA
			if (have_lua && !defaults) {
				rc = lua_port_resolve((int)t, c->situation, c->face, c->drm, &lean);
				bad += (size_t)lean_differs("the Lua port", t, c, &ref, rc, &lean);
			}
#else
			(void)have_lua;
#endif
			checked++;
		}
	}
	if (bad) {
		fprintf(stderr, "bench: the hand-written resolvers no longer compute what the tables say "
				"(tables/musket_pike.rtab changed?): update bench/handwritten.c and "
				"bench/musket_pike.lua\n");
		return 1;
	}
	printf("checked %zu cases (%d situations and the default one, 3 tables): every resolver agrees "
	       "with the interpreter\n", checked, NSITUATIONS);
	return check_validation();
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* this process's CPU time: neighbours do not count */
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One run of n resolutions: ns per resolution. */
#define TIMED(n, body) TIMED_IN(bench_case, cases, n, body)
#define TIMED_IN(type, pool, n, body)                              \
	do {                                                       \
		double t0_ = now_ns();                             \
		int64_t acc_ = 0;                                  \
		for (long i_ = 0; i_ < (n); i_++) {                \
			const type *c = &pool[i_ & (NCASES - 1)];  \
			body;                                      \
		}                                                  \
		sink += acc_;                                      \
		elapsed = (now_ns() - t0_) / (double)(n);          \
	} while (0)

enum variant { V_NATIVE, V_NATIVE_FULL, V_RTAB, V_HW, V_HW_FULL, V_HW_CHECKED, V_LUA, V_INTERP, NVARIANTS };
static const char *const variant_names[NVARIANTS] = {
	"native musket_pike_resolve_*", "native musket_pike_explain_*", "rtab_resolve (full)",
	"hand-written C", "hand-written C, full result", "hand-written, checks inputs, full",
	"Lua 5.4 port", "rtab_resolve_interpreted"};
static const char *const variant_keys[NVARIANTS] = {"native", "native_full", "rtab_resolve", "handwritten",
						    "handwritten_full", "handwritten_checked_full", "lua", "interp"};

static double time_variant(enum variant v, size_t t, long n)
{
	double elapsed = 0;
	size_t table = tables[t];
	switch (v) {
	case V_NATIVE:
		TIMED(n, {
			rtab_lean_result r;
			if (native_lean_of(t, c, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_NATIVE_FULL:
		TIMED(n, {
			rtab_result r;
			if (native_full_of(t, c, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_RTAB:
		TIMED(n, {
			rtab_result r;
			if (rtab_resolve(rs, table, c->in, rs->ninputs, &c->face, 1, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_INTERP:
		TIMED(n, {
			rtab_result r;
			if (rtab_resolve_interpreted(rs, table, c->in, rs->ninputs, &c->face, 1, c->drm, &r) ==
			    RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_HW:
		TIMED(n, {
			hw_lean r;
			if (hw_lean_of(t, c, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_HW_FULL:
		TIMED(n, {
			rtab_result r;
			if (hw_full_of(t, c, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_HW_CHECKED:
		TIMED(n, {
			rtab_result r;
			if (hw_checked_full(table, c->in, c->face, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case V_LUA:
#ifdef BENCH_HAVE_LUA
		TIMED(n, {
			hw_lean r;
			if (lua_port_resolve((int)t, c->situation, c->face, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
#endif
		break;
	default: break;
	}
	return elapsed;
}

/* The figures beside the three tables: the melee at the default situation, the CRT. */
enum extra {
	X_RTAB_DEFAULTS, X_HW_FULL_DEFAULTS, X_HW_CHECKED_DEFAULTS, X_CRT_RTAB, X_CRT_HW_FULL, X_CRT_HW,
	X_CRT_INTERP, X_CRT_LUA, NEXTRAS
};
static const char *const extra_names[NEXTRAS] = {
	"rtab_resolve (full), default situation", "hand-written C, full, default situation",
	"hand-written, checks inputs, full, defaults", "CRT: rtab_resolve (full)",
	"CRT: hand-written C, full result", "CRT: hand-written C", "CRT: rtab_resolve_interpreted",
	"CRT: Lua 5.4 port"};
static const char *const extra_keys[NEXTRAS] = {
	"rtab_resolve_defaults_melee", "handwritten_full_defaults_melee", "handwritten_checked_full_defaults_melee",
	"crt_rtab_resolve", "crt_handwritten_full", "crt_handwritten", "crt_interp", "crt_lua"};

#define CRT_ARGS(c)                                                                                 \
	(c)->in[CLASSIC_ODDS_INPUT_ATTACK], (c)->in[CLASSIC_ODDS_INPUT_DEFENCE],                     \
		(c)->in[CLASSIC_ODDS_INPUT_COMBINED_ARMS], (c)->in[CLASSIC_ODDS_INPUT_ACROSS_RIVER], (c)->face

static double time_extra(enum extra x, long n)
{
	double elapsed = 0;
	switch (x) {
	case X_RTAB_DEFAULTS:
		TIMED_IN(bench_case, default_cases, n, {
			rtab_result r;
			if (rtab_resolve(rs, tables[0], c->in, rs->ninputs, &c->face, 1, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_HW_FULL_DEFAULTS:
		TIMED_IN(bench_case, default_cases, n, {
			rtab_result r;
			if (hw_melee_full(c->in, c->face, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_HW_CHECKED_DEFAULTS:
		TIMED_IN(bench_case, default_cases, n, {
			rtab_result r;
			if (hw_checked_full(tables[0], c->in, c->face, c->drm, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_CRT_RTAB:
		TIMED_IN(crt_case, crt_cases, n, {
			rtab_result r;
			if (rtab_resolve(crt_rs, CLASSIC_ODDS_TABLE_CRT, c->in, CLASSIC_ODDS_NINPUTS, &c->face, 1, 0,
					 &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_CRT_INTERP:
		TIMED_IN(crt_case, crt_cases, n, {
			rtab_result r;
			if (rtab_resolve_interpreted(crt_rs, CLASSIC_ODDS_TABLE_CRT, c->in, CLASSIC_ODDS_NINPUTS,
						     &c->face, 1, 0, &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_CRT_HW_FULL:
		TIMED_IN(crt_case, crt_cases, n, {
			rtab_result r;
			if (hw_crt_full(CRT_ARGS(c), &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_CRT_HW:
		TIMED_IN(crt_case, crt_cases, n, {
			hw_lean r;
			if (hw_crt(CRT_ARGS(c), &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
		break;
	case X_CRT_LUA:
#ifdef BENCH_HAVE_LUA
		TIMED_IN(crt_case, crt_cases, n, {
			hw_lean r;
			if (lua_port_crt(CRT_ARGS(c), &r) == RTAB_OK)
				acc_ += r.outcome + r.modified_roll;
		});
#endif
		break;
	default: break;
	}
	return elapsed;
}

int main(int argc, char **argv)
{
	int check_only = 0, have_lua = 0, argi = 1, only = -1, only_x = -1;
	long n = 2000000, runs = 11;
	static double ns[NVARIANTS][NTABLES][MAX_RUNS];
	static double xns[NEXTRAS][MAX_RUNS];

	if (hw_full_init() != 0) {
		fprintf(stderr, "bench_tables: the hand-written baseline cannot number the ruleset's reasons\n");
		return 1;
	}
	if (argi < argc && strcmp(argv[argi], "--check") == 0) {
		check_only = 1;
		argi++;
	} else if (argi + 1 < argc && strcmp(argv[argi], "--only") == 0) {
		for (int v = 0; v < NVARIANTS; v++)
			if (strcmp(argv[argi + 1], variant_keys[v]) == 0)
				only = v;
		for (int x = 0; x < NEXTRAS && only < 0; x++)
			if (strcmp(argv[argi + 1], extra_keys[x]) == 0)
				only_x = x;
		if (only_x >= 0)
			only = NVARIANTS; /* no variant of the three tables, that one figure */
		if (only < 0) {
			fprintf(stderr, "bench_tables: no variant '%s'\n", argv[argi + 1]);
			return 2;
		}
		argi += 2;
	}
	if (argi < argc)
		n = atol(argv[argi++]);
	if (argi < argc)
		runs = atol(argv[argi++]);
	if (n <= 0 || runs <= 0 || runs > MAX_RUNS || rs->ninputs > 64) {
		fprintf(stderr, "usage: bench_tables [--check] [RESOLUTIONS [RUNS (1-%d)]]\n", MAX_RUNS);
		return 2;
	}
	if (make_cases() != 0) {
		fprintf(stderr, "bench: a random situation was refused\n");
		return 1;
	}
#ifdef BENCH_HAVE_LUA
	{
		static int32_t flat[NSITUATIONS * 64];
		for (size_t s = 0; s < NSITUATIONS; s++)
			memcpy(&flat[s * rs->ninputs], situations[s], rs->ninputs * sizeof(int32_t));
		have_lua = lua_port_open(BENCH_LUA_SCRIPT, rs, flat, NSITUATIONS) == 0 &&
			   lua_port_crt_open(BENCH_LUA_CRT_SCRIPT) == 0;
		if (!have_lua)
			return 1;
	}
#endif
	/* The CRT's whole space before a timing run; its corner under --check and --only (which
	 * is run under valgrind). */
	if (check_all(have_lua) != 0 || check_crt(check_only || only >= 0 ? 99 : 999, have_lua) != 0)
		return 1;
	if (check_only)
		return 0;

	/* Interleave the variants within each run, so that drift hits them alike. */
	for (long run = 0; run < runs; run++)
		for (size_t t = 0; t < NTABLES; t++)
			for (int v = 0; v < NVARIANTS; v++)
				if ((v != V_LUA || have_lua) && (only < 0 || v == only))
					ns[v][t][run] = time_variant((enum variant)v, t, n);
	for (long run = 0; run < runs; run++)
		for (int x = 0; x < NEXTRAS; x++)
			if ((x != X_CRT_LUA || have_lua) && (only < 0 || x == only_x))
				xns[x][run] = time_extra((enum extra)x, n);

	double med[NVARIANTS][NTABLES], xmed[NEXTRAS];
	for (int x = 0; x < NEXTRAS; x++) {
		qsort(xns[x], (size_t)runs, sizeof(double), cmp_double);
		xmed[x] = xns[x][runs / 2];
	}
	for (int v = 0; v < NVARIANTS; v++)
		for (size_t t = 0; t < NTABLES; t++) {
			qsort(ns[v][t], (size_t)runs, sizeof(double), cmp_double);
			med[v][t] = ns[v][t][runs / 2];
		}
	printf("%ld resolutions per run, medians of %ld runs, ns per resolution\n", n, runs);
	printf("%-30s %10s %10s %10s\n", "", names[0], names[1], names[2]);
	for (int v = 0; v < NVARIANTS; v++) {
		if ((v == V_LUA && !have_lua) || (only >= 0 && v != only))
			continue;
		printf("%-30s", variant_names[v]);
		for (size_t t = 0; t < NTABLES; t++)
			printf(" %10.1f", med[v][t]);
		putchar('\n');
	}
	for (int x = 0; x < NEXTRAS; x++)
		if ((x != X_CRT_LUA || have_lua) && (only < 0 || x == only_x))
			printf("%-40s %10.1f\n", extra_names[x], xmed[x]);
	for (int v = 0; v < NVARIANTS; v++) {
		if ((v == V_LUA && !have_lua) || (only >= 0 && v != only))
			continue;
		for (size_t t = 0; t < NTABLES; t++)
			printf("%s_%s_ns: %.1f\n", variant_keys[v], names[t], med[v][t]);
	}
	for (int x = 0; x < NEXTRAS; x++)
		if ((x != X_CRT_LUA || have_lua) && (only < 0 || x == only_x))
			printf("%s_ns: %.1f\n", extra_keys[x], xmed[x]);
#ifdef BENCH_HAVE_LUA
	lua_port_close();
#endif
	return 0;
}
