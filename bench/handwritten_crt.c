/* The classic odds CRT by hand: see handwritten_crt.h. */
#include "handwritten_crt.h"
#include "classic_odds.h"

/* The columns: 0 "below 1:4" (no attack), 1..9 the printed ratios, 10 "6:1 or more". */
enum { COL_NONE = 0, COL_AUTO = 10 };
static const int32_t step_num[10] = {1, 1, 1, 1, 3, 2, 3, 4, 5, 6};
static const int32_t step_den[10] = {4, 3, 2, 1, 2, 1, 1, 1, 1, 1};

/* The rows, each a distinct result (the order rtab numbers them in: first use, reading
 * the grid row by row), and the grid: the row of each roll (1..6) in each rolled column. */
enum { AR, NE, DR, DE, AE, EX };
static const uint8_t row_outcome[6] = {
	CLASSIC_ODDS_OUTCOME_ATTACKER_RETREATS, CLASSIC_ODDS_OUTCOME_NO_EFFECT,
	CLASSIC_ODDS_OUTCOME_DEFENDER_RETREATS, CLASSIC_ODDS_OUTCOME_DEFENDER_ELIMINATED,
	CLASSIC_ODDS_OUTCOME_ATTACKER_ELIMINATED, CLASSIC_ODDS_OUTCOME_EXCHANGE};
static const uint8_t grid[9][6] = {
	/* 1:4 */ {AR, AE, AE, AE, AE, AE},
	/* 1:3 */ {AR, AR, AE, AE, AE, AE},
	/* 1:2 */ {NE, AR, AR, AE, AE, AE},
	/* 1:1 */ {DR, NE, AR, AR, AE, AE},
	/* 1.5:1 */ {DR, DR, NE, AR, AR, AE},
	/* 2:1 */ {DR, DR, EX, NE, AR, AR},
	/* 3:1 */ {DR, DR, DR, EX, NE, AR},
	/* 4:1 */ {DE, DR, DR, DR, EX, NE},
	/* 5:1 */ {DE, DE, DR, DR, DR, EX},
};

/* The column of attack:defence rounded down (in the defender's favour): how many printed
 * ratios it reaches; each test a multiply and a compare, no branch. */
static inline int odds_column(int64_t a, int64_t d)
{
	int col = 0;
	for (int i = 0; i < 10; i++)
		col += a * step_den[i] >= (int64_t)step_num[i] * d;
	return col;
}

/* The shifted column: combined arms one right, a river two left, never past the ends. */
static inline int shifted(int col, int32_t combined_arms, int32_t across_river)
{
	int pos = col + combined_arms - 2 * across_river;
	pos = pos < COL_NONE ? COL_NONE : pos;
	return pos > COL_AUTO ? COL_AUTO : pos;
}

int hw_crt(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river, int32_t face,
	   hw_lean *out)
{
	if ((uint32_t)(face - 1) > 5u)
		return RTAB_E_FACES;
	if ((attack | defence) == 0)
		return RTAB_E_NO_RESULT; /* no forces on either side: no odds */
	int pos = shifted(odds_column(attack, defence), combined_arms, across_river);
	if (pos == COL_NONE)
		return RTAB_E_NO_RESULT;
	out->outcome = pos == COL_AUTO ? CLASSIC_ODDS_OUTCOME_DEFENDER_ELIMINATED
				       : row_outcome[grid[pos - 1][face - 1]];
	out->modifier = 0;
	out->modified_roll = face;
	return RTAB_OK;
}

int hw_crt_full(int32_t attack, int32_t defence, int32_t combined_arms, int32_t across_river,
		int32_t face, rtab_result *out)
{
	out->bad_input = -1;
	if ((uint32_t)(face - 1) > 5u)
		return RTAB_E_FACES;
	out->table = CLASSIC_ODDS_TABLE_CRT;
	out->column = out->row = out->outcome = 0;
	out->napplied = out->ntriggered = 0;
	out->provisional = NULL;
	out->nprovisional = 0;
	out->natural_rule = out->rewritten_from = out->rewrite = -1;
	out->key_num = attack;
	out->key_den = defence;
	out->key_column = -1;
	out->column_shift = 0;
	out->automatic = 0;
	out->natural = face;
	out->modifier_raw = out->modifier = 0;
	out->modified_roll = face;
	if ((attack | defence) == 0)
		return RTAB_E_NO_RESULT;
	int col = odds_column(attack, defence);
	out->key_column = (int16_t)col;
	if (combined_arms) {
		rtab_applied_modifier *m = &out->applied[out->napplied++];
		m->modifier = CLASSIC_ODDS_MODIFIER_COMBINED_ARMS;
		m->value = m->signed_value = 1;
		m->counted = m->shift = 1;
	}
	if (across_river) {
		rtab_applied_modifier *m = &out->applied[out->napplied++];
		m->modifier = CLASSIC_ODDS_MODIFIER_RIVER;
		m->value = 2;
		m->signed_value = -2;
		m->counted = m->shift = 1;
	}
	out->column_shift = combined_arms - 2 * across_river;
	int pos = shifted(col, combined_arms, across_river);
	out->column = (uint16_t)pos;
	if (pos == COL_NONE) {
		out->row = UINT16_MAX;
		return RTAB_E_NO_RESULT;
	}
	out->row = UINT16_MAX;
	if (pos == COL_AUTO) {
		out->automatic = 1;
		out->outcome = CLASSIC_ODDS_OUTCOME_DEFENDER_ELIMINATED;
		return RTAB_OK;
	}
	out->row = grid[pos - 1][face - 1];
	out->outcome = row_outcome[out->row];
	return RTAB_OK;
}
