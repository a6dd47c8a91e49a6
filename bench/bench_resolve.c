/*
 * How fast rtab_resolve answers, against a baseline in the same process:
 * the same melee table written by hand as a switch, the way a porter would
 * transcribe it. Prints medians over several runs and their ratio.
 * usage: bench_resolve [ITERATIONS]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "musket_pike.h"

#define RUNS 9

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The printed melee table, by hand: the baseline. */
static int melee_by_hand(int32_t face, int32_t drm)
{
	int32_t mod = drm > 4 ? 4 : drm < -4 ? -4 : drm;
	int32_t roll = face + mod;
	if (roll <= 0)
		return MUSKET_PIKE_OUTCOME_ATTACKER_ELIMINATED;
	switch (roll) {
	case 1:
	case 2: return MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN;
	case 3: return MUSKET_PIKE_OUTCOME_ATTACKER_SHAKEN_RETREAT_2;
	case 4: return MUSKET_PIKE_OUTCOME_ATTACKER_SHAKEN_RETREAT_1;
	case 5: return MUSKET_PIKE_OUTCOME_DEFENDER_SHAKEN_RETREAT_1;
	case 6: return MUSKET_PIKE_OUTCOME_DEFENDER_SHAKEN_RETREAT_2;
	case 7:
	case 8: return MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN;
	default: return MUSKET_PIKE_OUTCOME_DEFENDER_ELIMINATED;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	const rtab_ruleset *rs = &musket_pike_ruleset;
	long n = argc > 1 ? atol(argv[1]) : 2000000;
	double t_rtab[RUNS], t_hand[RUNS], t_plain[RUNS];
	int32_t *inputs = calloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	uint32_t seed = 12345;
	volatile long sink = 0;

	if (n <= 0 || !inputs)
		return 2;
	rtab_inputs_default(rs, inputs, rs->ninputs);
	for (int run = 0; run < RUNS; run++) {
		double t0 = now_ns();
		for (long i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			int32_t face = (int32_t)((seed >> 16) % 10), drm = (int32_t)((seed >> 8) % 15) - 7;
			rtab_result r;
			if (rtab_resolve(rs, MUSKET_PIKE_TABLE_MELEE, inputs, rs->ninputs, &face, 1, drm, &r) == RTAB_OK)
				sink += r.outcome;
		}
		double t1 = now_ns();
		for (long i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			int32_t face = (int32_t)((seed >> 16) % 10), drm = (int32_t)((seed >> 8) % 15) - 7;
			sink += melee_by_hand(face, drm);
		}
		double t2 = now_ns();
		for (long i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			int32_t face = (int32_t)((seed >> 16) % 10);
			rtab_result r;
			if (rtab_resolve(rs, MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT, inputs, rs->ninputs, &face, 1, 0, &r) == RTAB_OK)
				sink += r.outcome;
		}
		double t3 = now_ns();
		t_rtab[run] = (t1 - t0) / (double)n;
		t_hand[run] = (t2 - t1) / (double)n;
		t_plain[run] = (t3 - t2) / (double)n;
	}
	qsort(t_rtab, RUNS, sizeof *t_rtab, cmp_double);
	qsort(t_hand, RUNS, sizeof *t_hand, cmp_double);
	qsort(t_plain, RUNS, sizeof *t_plain, cmp_double);
	printf("melee resolve, %ld rolls x %d runs (medians)\n", n, RUNS);
	printf("  rtab_resolve, melee (%u modifiers):     %8.1f ns/roll\n",
	       rs->tables[MUSKET_PIKE_TABLE_MELEE].nmodifiers, t_rtab[RUNS / 2]);
	printf("  rtab_resolve, failure to retreat (%u):   %8.1f ns/roll\n",
	       rs->tables[MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT].nmodifiers, t_plain[RUNS / 2]);
	printf("  hand-written melee switch (cap only):    %8.1f ns/roll\n", t_hand[RUNS / 2]);
	printf("  ratio rtab melee / hand:                 %8.2f (the switch evaluates no modifiers)\n",
	       t_rtab[RUNS / 2] / t_hand[RUNS / 2]);
	printf("  ratio rtab failure to retreat / hand:    %8.2f\n", t_plain[RUNS / 2] / t_hand[RUNS / 2]);
	free(inputs);
	return sink == 42 ? 1 : 0;
}
