/*
 * The baseline: the Musket & Pike melee, cavalry pursuit and failure to
 * retreat written by hand, the way a careful engine programmer ports them
 * from the rulebook page (tables/musket_pike.rtab states the same rules).
 * The situation is read from the same int32_t array of inputs that rtab
 * takes, indexed by the generated MUSKET_PIKE_INPUT_* constants; faces are
 * checked, the situation is trusted (validated once by the caller).
 *
 * Two forms per table: the lean one (what a game needs: outcome, capped
 * modifier, modified roll) and one that fills the same full rtab_result as
 * rtab_resolve (each applied modifier, provisional reasons, triggers). The
 * reasons' texts are taken from the generated data (they are text, not
 * logic), numbered once by hw_full_init, so that the full form notes a
 * reason by its number (a bit test), as a hand port that declared its
 * reasons in an enum would; everything else is written out here.
 */
#ifndef BENCH_HANDWRITTEN_H
#define BENCH_HANDWRITTEN_H

#include "musket_pike.h"

#include <stdbool.h>

typedef struct hw_lean {
	int32_t outcome;
	int32_t modifier;      /* after the cap */
	int32_t modified_roll;
} hw_lean;

int hw_melee(const int32_t *in, int32_t face, int32_t drm, hw_lean *out);
int hw_pursuit(const int32_t *in, int32_t face, int32_t drm, hw_lean *out);
int hw_failure(const int32_t *in, int32_t face, int32_t drm, hw_lean *out);

/* Number the reasons of the data; call once before the full forms. 0, or -1
 * when the data has outgrown the baseline's tables. */
int hw_full_init(void);

int hw_melee_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out);
int hw_pursuit_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out);
int hw_failure_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out);

/* The same work as rtab_resolve on a raw array, which it does not trust:
 * every input in its domain and the three requirements of the rules
 * (hw_situation_ok, written out), then the full form; RTAB_E_INPUT or
 * RTAB_E_REQUIRE for a situation it refuses. */
bool hw_situation_ok(const int32_t *in, bool *requirements_hold);
int hw_checked_full(size_t table, const int32_t *in, int32_t face, int32_t drm, rtab_result *out);

#endif
