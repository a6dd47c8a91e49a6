/*
 * The second baseline: the classic odds CRT (tables/classic_odds.rtab, table
 * crt) written by hand as an engine programmer ports a printed CRT: the odds
 * column found by cross-multiplying against each printed ratio (rounded in
 * the defender's favour), the column shifts added and clamped to the ends,
 * "below 1:4" refused and "6:1 or more" decided without a roll, then one
 * load from the grid. The lean form gives what a game needs; the full form
 * fills the same rtab_result as rtab_resolve (this table has no provisional
 * reasons and no triggers, so the full form has nothing to note).
 */
#ifndef BENCH_HANDWRITTEN_CRT_H
#define BENCH_HANDWRITTEN_CRT_H

#include "handwritten.h"

int hw_crt(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river, int32_t face,
	   hw_lean *out);
int hw_crt_full(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river,
		int32_t face, rtab_result *out);

#endif
