/* The hand-written baseline: see handwritten.h. */
#include "handwritten.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

enum {
	GAME = MUSKET_PIKE_INPUT_GAME,
	ATT_TYPE = MUSKET_PIKE_INPUT_ATTACKER_TYPE,
	DEF_TYPE = MUSKET_PIKE_INPUT_DEFENDER_TYPE,
	ATT_LEADERS = MUSKET_PIKE_INPUT_ATTACKER_LEADERS,
	DEF_LEADERS = MUSKET_PIKE_INPUT_DEFENDER_LEADERS,
	ATT_MORALE = MUSKET_PIKE_INPUT_ATTACKER_MORALE,
	DEF_MORALE = MUSKET_PIKE_INPUT_DEFENDER_MORALE,
	ATT_STRENGTH = MUSKET_PIKE_INPUT_ATTACKER_STRENGTH,
	DEF_STRENGTH = MUSKET_PIKE_INPUT_DEFENDER_STRENGTH,
	PISTOL = MUSKET_PIKE_INPUT_DEFENDING_CAVALRY_PISTOL_SHOT,
	FLANK_REAR = MUSKET_PIKE_INPUT_FLANK_REAR_HEXES,
	ATT_FORMATION = MUSKET_PIKE_INPUT_ATTACKER_FORMATION,
	ATT_OPEN = MUSKET_PIKE_INPUT_ATTACKER_OPEN_ORDER,
	DEF_FORMATION = MUSKET_PIKE_INPUT_DEFENDER_FORMATION,
	DEF_OPEN = MUSKET_PIKE_INPUT_DEFENDER_OPEN_ORDER,
	VOLLEY = MUSKET_PIKE_INPUT_AFTER_VOLLEY,
	HI_IMPETUS = MUSKET_PIKE_INPUT_HEAVY_INFANTRY_IMPETUS,
	CAV_IMPETUS = MUSKET_PIKE_INPUT_CAVALRY_IMPETUS,
	HALMSTAD = MUSKET_PIKE_INPUT_HALMSTAD,
	LIGHT_CAV = MUSKET_PIKE_INPUT_ATTACKER_LIGHT_CAVALRY,
	INITIAL_MORALE = MUSKET_PIKE_INPUT_INITIAL_MORALE,
	FAILED_RETREAT = MUSKET_PIKE_INPUT_ELIMINATED_FAILING_TO_RETREAT,
	ATT_CAVALRY = MUSKET_PIKE_INPUT_ATTACKER_CAVALRY_UNITS,
	DEF_CAVALRY = MUSKET_PIKE_INPUT_DEFENDER_CAVALRY_UNITS,
	CHARGE_ORDERS = MUSKET_PIKE_INPUT_PURSUER_CHARGE_ORDERS,
	USED_IMPETUS = MUSKET_PIKE_INPUT_PURSUER_USED_IMPETUS,
	CROMWELL = MUSKET_PIKE_INPUT_CROMWELL,
	LEADER_RATING = MUSKET_PIKE_INPUT_PURSUIT_LEADER_RATING,
	ALREADY_ELIMINATED = MUSKET_PIKE_INPUT_EARLIER_PURSUE_AND_ELIMINATE,
	LEADER_WITH_PURSUER = MUSKET_PIKE_INPUT_LEADER_WITH_PURSUER,
	BY_MELEE = MUSKET_PIKE_INPUT_PURSUED_ELIMINATED_BY_MELEE,
};

enum { CUIR = MUSKET_PIKE_UNIT_TYPE_CUIRASSIERS, ARQ = MUSKET_PIKE_UNIT_TYPE_ARQUEBUSIERS,
       HI = MUSKET_PIKE_UNIT_TYPE_HEAVY_INFANTRY, LI = MUSKET_PIKE_UNIT_TYPE_LIGHT_INFANTRY,
       HEDGE = MUSKET_PIKE_UNIT_TYPE_HEDGEHOG, HIWP = MUSKET_PIKE_UNIT_TYPE_HEAVY_INFANTRY_WITHOUT_PIKES,
       NOT_IN_MATRIX = MUSKET_PIKE_UNIT_TYPE_NOT_IN_MATRIX, NTYPES = 7 };

/* Melee Matrix (11.3.8): attacker rows, defender columns; a type it does not print, and a
 * hedgehog attacking (no row), reads no cell (its row and column are 0). */
static const int8_t matrix[NTYPES][NTYPES] = {
	[CUIR] = {[HIWP] = 2},
	[ARQ] = {[CUIR] = -1, [HIWP] = 1},
	[HI] = {[LI] = 1, [HIWP] = 2},
	[HIWP] = {[HI] = -1, [LI] = 1},
};

/* Force ratio (11.3.8), exact strengths (at least 1 each): the steps reached, without a
 * branch (4:1 reaches 2:1 too, 1:4 reaches 1:2 too). */
static inline int32_t force_ratio(int32_t a, int32_t d)
{
	return (a >= 4 * d) + (a >= 2 * d) - (4 * a <= d) - (2 * a <= d);
}

/* The formation modifier of a side (11.3), only the worst: scattered 2, wavering 1 (and so
 * open order, taken with max). */
static const int8_t formation_penalty[4] = {
	[MUSKET_PIKE_FORMATION_WAVERING] = 1, [MUSKET_PIKE_FORMATION_SCATTERED] = 2};

static inline int32_t worst_formation(int32_t formation, int32_t open_order)
{
	int32_t p = formation_penalty[formation];
	return p > open_order ? p : open_order;
}

/* Melee Table (11.0), modified rolls -4..13 (the cap keeps them there). */
static const uint8_t melee_row[18] = {
	0, 0, 0, 0, 0,  /* <= 0 */
	1, 1,           /* 1-2 */
	2, 3, 4, 5,     /* 3, 4, 5, 6 */
	6, 6,           /* 7-8 */
	7, 7, 7, 7, 7,  /* >= 9 */
};

/* Cavalry impetus is +2, but +1 in NGBG at Halmstad and for SiA's arquebusiers and light
 * cavalry (the lines under it state those values). */
static inline int32_t cavalry_impetus(const int32_t *in)
{
	if (!in[CAV_IMPETUS])
		return 0;
	if ((in[GAME] == MUSKET_PIKE_GAME_NGBG && in[HALMSTAD]) ||
	    (in[GAME] == MUSKET_PIKE_GAME_SIA && (in[ATT_TYPE] == ARQ || in[LIGHT_CAV])))
		return 1;
	return 2;
}

/* The melee modifier total before the cap (11.3). */
static int32_t melee_modifiers(const int32_t *in)
{
	int32_t m = 0;
	m += in[ATT_LEADERS] > 0;      /* one leader per side */
	m -= in[DEF_LEADERS] > 0;
	m += in[ATT_MORALE] - in[DEF_MORALE];
	m += force_ratio(in[ATT_STRENGTH], in[DEF_STRENGTH]);
	m += matrix[in[ATT_TYPE]][in[DEF_TYPE]];
	m -= in[PISTOL];
	m += in[FLANK_REAR];
	/* Only the worst formation modifier per side. */
	m -= worst_formation(in[ATT_FORMATION], in[ATT_OPEN]);
	m += worst_formation(in[DEF_FORMATION], in[DEF_OPEN]);
	m += in[VOLLEY] + in[HI_IMPETUS] + cavalry_impetus(in);
	return m;
}

int hw_melee(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if ((uint32_t)face > 9u)
		return RTAB_E_FACES;
	int32_t m = melee_modifiers(in) + drm;
	m = m > 4 ? 4 : m < -4 ? -4 : m;
	out->modifier = m;
	out->modified_roll = face + m;
	out->outcome = melee_row[face + m + 4];
	return RTAB_OK;
}

static int32_t pursuit_modifiers(const int32_t *in)
{
	int32_t tacw = in[GAME] == MUSKET_PIKE_GAME_TACW;
	return in[CHARGE_ORDERS] + in[USED_IMPETUS] - (tacw ? in[CROMWELL] : in[LEADER_RATING]);
}

/* Cavalry Pursuit (11.7.2): TACW and the other games read different columns; 11.7.4: an
 * already eliminated unit cannot be eliminated again; 11.7.2: a unit the melee result
 * eliminated is pursued into its vacated hex (or off the map only). By [column result]
 * [already eliminated][eliminated by the melee]. */
static const uint8_t pursuit_result[3][2][2] = {
	{{MUSKET_PIKE_OUTCOME_BREAK_OFF, MUSKET_PIKE_OUTCOME_BREAK_OFF},
	 {MUSKET_PIKE_OUTCOME_BREAK_OFF, MUSKET_PIKE_OUTCOME_BREAK_OFF}},
	{{MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE, MUSKET_PIKE_OUTCOME_PURSUE_INTO_VACATED_HEX},
	 {MUSKET_PIKE_OUTCOME_BREAK_OFF, MUSKET_PIKE_OUTCOME_BREAK_OFF}},
	{{MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP_ONLY},
	 {MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP, MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP_ONLY}},
};

/* The column's result (0 break off, 1 pursue and eliminate, 2 pursue off the map). */
static inline int32_t pursuit_column_result(const int32_t *in, int32_t roll)
{
	int32_t tacw = in[GAME] == MUSKET_PIKE_GAME_TACW;
	return (roll > (tacw ? 2 : 4)) + (roll > (tacw ? 5 : 8));
}

static int32_t pursuit_outcome(const int32_t *in, int32_t roll)
{
	return MUSKET_PIKE_OUTCOME_BREAK_OFF + pursuit_column_result(in, roll);
}

int hw_pursuit(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if ((uint32_t)face > 9u)
		return RTAB_E_FACES;
	int32_t m = pursuit_modifiers(in) + drm, roll = face + m;
	int32_t column = pursuit_column_result(in, roll);
	out->modifier = m;
	out->modified_roll = roll;
	out->outcome = pursuit_result[column][in[ALREADY_ELIMINATED]][in[BY_MELEE]];
	return RTAB_OK;
}

int hw_failure(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if ((uint32_t)face > 9u)
		return RTAB_E_FACES;
	int32_t m = drm - (in[INITIAL_MORALE] <= 6) + (in[INITIAL_MORALE] == 8);
	out->modifier = m;
	out->modified_roll = face + m;
	out->outcome = face + m <= 4 ? MUSKET_PIKE_OUTCOME_ELIMINATED : MUSKET_PIKE_OUTCOME_STAND;
	return RTAB_OK;
}

/* ---- The full explanation, as rtab_resolve gives it. ---- */

/*
 * Reasons are known statically: each distinct text has a number, and a
 * result remembers which numbers it lists in one 64-bit set, so noting a
 * reason is a bit test, never a string compare. The texts themselves are
 * the generated data's (text, not logic): hw_full_init numbers them once,
 * before any resolution, as a hand port would declare them in an enum.
 */
static const rtab_ruleset *const rs = &musket_pike_ruleset;

enum { NO_REASON = -1, MAX_REASON_IDS = 64, MAX_ENUM_VALUES = 8, MAX_ROWS = 8, MAX_TRIGGERS = 8 };

static const char *reason_text[MAX_REASON_IDS];
static int nreasons;
static int8_t input_reason[MUSKET_PIKE_NINPUTS];                   /* while at its default */
static int32_t input_default[MUSKET_PIKE_NINPUTS];
static bool input_enum[MUSKET_PIKE_NINPUTS];
static int8_t value_reason[MUSKET_PIKE_NINPUTS][MAX_ENUM_VALUES];  /* the enum value held */
static int8_t modifier_reason[64];
static int8_t row_reason[3][MAX_ROWS];
static int8_t trigger_reason[32][MAX_TRIGGERS];
static int8_t rewrite_reason[4];
static int8_t matrix_reason[NTYPES * NTYPES];
static int8_t band_reason;

static int8_t reason_id(const char *why)
{
	if (!why)
		return NO_REASON;
	for (int i = 0; i < nreasons; i++)
		if (strcmp(reason_text[i], why) == 0)
			return (int8_t)i;
	if (nreasons == MAX_REASON_IDS)
		return NO_REASON; /* hw_full_init fails: the data outgrew the baseline */
	reason_text[nreasons] = why;
	return (int8_t)nreasons++;
}

int hw_full_init(void)
{
	nreasons = 0;
	band_reason = reason_id(rs->bands[0].provisional);
	for (size_t i = 0; i < rs->ninputs; i++) {
		const rtab_input *x = &rs->inputs[i];
		input_reason[i] = reason_id(x->provisional);
		input_default[i] = x->default_value;
		input_enum[i] = x->type == RTAB_TYPE_ENUM;
		for (size_t v = 0; x->type == RTAB_TYPE_ENUM && v < rs->enums[x->enum_index].nvalues; v++) {
			if (v >= MAX_ENUM_VALUES)
				return -1;
			value_reason[i][v] = reason_id(rs->enums[x->enum_index].values[v].provisional);
		}
	}
	if (rs->nmodifiers > 64 || rs->noutcomes > 32)
		return -1;
	for (size_t m = 0; m < rs->nmodifiers; m++)
		modifier_reason[m] = reason_id(rs->modifiers[m].provisional);
	for (size_t t = 0; t < 3; t++)
		for (size_t r = 0; r < rs->tables[t].nrows && r < MAX_ROWS; r++)
			row_reason[t][r] = reason_id(rtab_row_provisional(&rs->tables[t], r));
	for (size_t o = 0; o < rs->noutcomes; o++)
		for (size_t k = 0; k < rs->outcomes[o].ntriggers && k < MAX_TRIGGERS; k++)
			trigger_reason[o][k] = reason_id(rs->outcomes[o].triggers[k].provisional);
	for (size_t k = 0; k < rs->tables[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT].nrewrites && k < 4; k++)
		rewrite_reason[k] = reason_id(rs->tables[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT].rewrites[k].provisional);
	for (size_t c = 0; c < NTYPES * NTYPES; c++)
		matrix_reason[c] = reason_id(rtab_matrix_reason(&rs->matrices[0], c));
	return nreasons < MAX_REASON_IDS ? 0 : -1;
}

/* One resolution: the result, the reasons it lists (a bit each) and which
 * reason each slot of its list holds. */
typedef struct full {
	rtab_result *out;
	uint64_t listed;
	int8_t slot[RTAB_MAX_REASONS];
} full;

/* A reason, once: one that is listed is noted already. Past the list's room a
 * reason not listed counts each time it is met, as rtab_resolve counts it. */
static inline void note(full *f, int8_t id)
{
	rtab_result *out = f->out;
	if (id < 0 || (f->listed >> id & 1u))
		return;
	if (out->nprovisional < RTAB_MAX_REASONS) {
		f->slot[out->nprovisional] = id;
		out->reasons[out->nprovisional] = reason_text[id];
		f->listed |= (uint64_t)1 << id;
	}
	if (!out->provisional)
		out->provisional = reason_text[id];
	out->nprovisional++;
}

/* An input read: its own reason while it holds its default (its domain or
 * default is not the source's), and the reason of the enum value it holds. */
static inline void note_in(full *f, const int32_t *in, size_t i)
{
	if (in[i] == input_default[i])
		note(f, input_reason[i]);
	if (input_enum[i] && (uint32_t)in[i] < MAX_ENUM_VALUES) /* hw_full_init checked the enums fit */
		note(f, value_reason[i][in[i]]);
}

/* The row's own reason is named first; on a full list it pushes the last off. */
static void note_row(full *f, int8_t id)
{
	rtab_result *out = f->out;
	size_t at, n;
	if (id < 0)
		return;
	note(f, id);
	out->provisional = reason_text[id];
	n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	for (at = 0; at < n && f->slot[at] != id; at++)
		;
	if (at == n) {
		at = n - 1;
		f->listed &= ~((uint64_t)1 << f->slot[at]);
		f->listed |= (uint64_t)1 << id;
	}
	for (; at > 0; at--) {
		out->reasons[at] = out->reasons[at - 1];
		f->slot[at] = f->slot[at - 1];
	}
	out->reasons[0] = reason_text[id];
	f->slot[0] = id;
}

static void begin(full *f, rtab_result *out, uint16_t table, int32_t face, int32_t drm)
{
	f->out = out;
	f->listed = 0;
	out->table = table;
	out->column = 0;
	out->natural = face;
	out->modifier_raw = drm;
	out->napplied = 0;
	out->provisional = NULL;
	out->nprovisional = 0;
	out->natural_rule = out->rewritten_from = out->rewrite = -1;
	out->ntriggered = 0;
	out->key_num = out->key_den = 0;
	out->key_column = 0;
	out->column_shift = 0;
	out->automatic = 0;
	out->bad_input = -1;
	/* The die's own reason (its faces) marks the odds, not a result from a face given. */
}

static rtab_applied_modifier *apply(rtab_result *out, uint16_t modifier, int32_t value, int sign)
{
	rtab_applied_modifier *a = &out->applied[out->napplied++];
	a->modifier = modifier;
	a->value = value;
	a->signed_value = sign * value;
	a->counted = 1;
	a->shift = 0;
	return a;
}

static void trigger(rtab_result *out, uint8_t kind, uint16_t index, uint8_t by)
{
	out->triggered[out->ntriggered].kind = kind;
	out->triggered[out->ntriggered].index = index;
	out->triggered_by[out->ntriggered] = by;
	out->ntriggered++;
}

/* After a melee: the pursuit check, once per winning cavalry unit (11.7.1), then
 * both sides' formation hits, the defender's not in a hedgehog. Each trigger notes
 * its own reason, then what its `unless` and (when not suppressed) `times` read
 * (only the cavalry counts and the leaders carry one), whether it fires or not:
 * its reading decides either way. */
static void melee_triggers(full *f, const int32_t *in)
{
	rtab_result *out = f->out;
	uint16_t o = out->outcome;
	uint8_t k = 0;
	bool attacker_lost = o == MUSKET_PIKE_OUTCOME_ATTACKER_ELIMINATED || o == MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN;
	bool defender_lost = o == MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN || o == MUSKET_PIKE_OUTCOME_DEFENDER_ELIMINATED;
	if (attacker_lost || defender_lost) {
		bool broken = o == MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN || o == MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN;
		int32_t loser = attacker_lost ? in[ATT_TYPE] : in[DEF_TYPE];
		int32_t pursuers = attacker_lost ? in[DEF_CAVALRY] : in[ATT_CAVALRY];
		note(f, trigger_reason[o][0]);
		if (loser != LI && !(broken && in[FAILED_RETREAT])) {
			note_in(f, in, attacker_lost ? DEF_CAVALRY : ATT_CAVALRY);
			for (int32_t i = 0; i < pursuers; i++)
				trigger(out, RTAB_TARGET_TABLE, MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, 0);
		}
		k = 1;
	}
	note(f, trigger_reason[o][k]);
	trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_FORMATION_HIT, k);
	note(f, trigger_reason[o][k + 1]);
	if (in[DEF_TYPE] != HEDGE)
		trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_FORMATION_HIT, (uint8_t)(k + 1));
	/* Each side's leader used in the melee takes a Leader Loss check (11.3.2). */
	note(f, trigger_reason[o][k + 2]);
	note_in(f, in, ATT_LEADERS);
	if (in[ATT_LEADERS] != 0)
		trigger(out, RTAB_TARGET_PROCEDURE, MUSKET_PIKE_PROCEDURE_LEADER_LOSS_CHECK, (uint8_t)(k + 2));
	note(f, trigger_reason[o][k + 3]);
	note_in(f, in, DEF_LEADERS);
	if (in[DEF_LEADERS] != 0)
		trigger(out, RTAB_TARGET_PROCEDURE, MUSKET_PIKE_PROCEDURE_LEADER_LOSS_CHECK, (uint8_t)(k + 3));
}

/* The stacking group of each melee modifier: 0 leaders, 1 formation, 2 none. */
static const uint8_t melee_group[64] = {
	[MUSKET_PIKE_MODIFIER_ATTACKER_LEADER] = 0, [MUSKET_PIKE_MODIFIER_ATTACKER_SECOND_LEADER] = 0,
	[MUSKET_PIKE_MODIFIER_DEFENDER_LEADER] = 0, [MUSKET_PIKE_MODIFIER_DEFENDER_SECOND_LEADER] = 0,
	[MUSKET_PIKE_MODIFIER_ATTACKER_WAVERING_OR_OPEN_ORDER] = 1, [MUSKET_PIKE_MODIFIER_ATTACKER_SCATTERED] = 1,
	[MUSKET_PIKE_MODIFIER_DEFENDER_WAVERING_OR_OPEN_ORDER] = 1, [MUSKET_PIKE_MODIFIER_DEFENDER_SCATTERED] = 1,
	[MUSKET_PIKE_MODIFIER_MORALE_DIFFERENCE] = 2, [MUSKET_PIKE_MODIFIER_FORCE_RATIO_MODIFIER] = 2,
	[MUSKET_PIKE_MODIFIER_MELEE_MATRIX_MODIFIER] = 2, [MUSKET_PIKE_MODIFIER_PISTOL_SHOT] = 2,
	[MUSKET_PIKE_MODIFIER_FLANK_REAR] = 2, [MUSKET_PIKE_MODIFIER_AFTER_VOLLEY] = 2,
	[MUSKET_PIKE_MODIFIER_HEAVY_INFANTRY_IMPETUS] = 2, [MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS] = 2,
	[MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_NGBG_HALMSTAD] = 2, [MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_SIA] = 2,
};

/* The reasons of the counted modifiers: leaders, formation, then the rest,
 * each in order (one pass sorts them into the three runs). */
static void note_melee_modifiers(full *f)
{
	const rtab_result *out = f->out;
	int8_t runs[3][RTAB_MAX_APPLIED];
	size_t n[3] = {0, 0, 0};
	for (size_t i = 0; i < out->napplied; i++) {
		uint16_t m = out->applied[i].modifier;
		if (out->applied[i].counted && modifier_reason[m] >= 0)
			runs[melee_group[m]][n[melee_group[m]]++] = modifier_reason[m];
	}
	for (int g = 0; g < 3; g++)
		for (size_t i = 0; i < n[g]; i++)
			note(f, runs[g][i]);
}

/* A table without stacking groups: the counted modifiers' reasons in order. */
static void note_modifiers(full *f)
{
	const rtab_result *out = f->out;
	for (size_t i = 0; i < out->napplied; i++)
		if (out->applied[i].counted)
			note(f, modifier_reason[out->applied[i].modifier]);
}

int hw_melee_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	rtab_applied_modifier *att_form = NULL, *def_form = NULL;
	int32_t leaders = 0, formations = 0, others = 0;
	full f;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(&f, out, MUSKET_PIKE_TABLE_MELEE, face, drm);
	/* Every modifier notes the reasons of what its condition reads, whether it
	 * applies or not (that reading decides either way), and one that applies then
	 * what its value reads, in that order. Only the inputs the rules give a reason
	 * are noted (the unit types and the yes/no inputs have none). */

	/* Leaders: only one per side counts. */
	note_in(&f, in, ATT_LEADERS);
	if (in[ATT_LEADERS] >= 1) {
		apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_LEADER, 1, 1);
		leaders += 1;
	}
	if (in[ATT_LEADERS] >= 2)
		apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_SECOND_LEADER, 1, 1)->counted = 0;
	note_in(&f, in, DEF_LEADERS);
	if (in[DEF_LEADERS] >= 1) {
		apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_LEADER, 1, -1);
		leaders -= 1;
	}
	if (in[DEF_LEADERS] >= 2)
		apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_SECOND_LEADER, 1, -1)->counted = 0;

	int32_t morale = in[ATT_MORALE] - in[DEF_MORALE];
	note_in(&f, in, ATT_MORALE);
	note_in(&f, in, DEF_MORALE);
	if (morale != 0) {
		apply(out, MUSKET_PIKE_MODIFIER_MORALE_DIFFERENCE, morale, 1);
		others += morale;
	}
	int32_t ratio = force_ratio(in[ATT_STRENGTH], in[DEF_STRENGTH]);
	note_in(&f, in, ATT_STRENGTH);
	note_in(&f, in, DEF_STRENGTH);
	note(&f, band_reason); /* how the ratio is read: it decides whether the modifier applies */
	if (ratio != 0) {
		apply(out, MUSKET_PIKE_MODIFIER_FORCE_RATIO_MODIFIER, ratio, 1);
		others += ratio;
	}
	if (in[ATT_TYPE] != NOT_IN_MATRIX && in[ATT_TYPE] != HEDGE && in[DEF_TYPE] != NOT_IN_MATRIX) {
		int32_t cell = in[ATT_TYPE] * NTYPES + in[DEF_TYPE];
		apply(out, MUSKET_PIKE_MODIFIER_MELEE_MATRIX_MODIFIER, matrix[in[ATT_TYPE]][in[DEF_TYPE]], 1);
		others += matrix[in[ATT_TYPE]][in[DEF_TYPE]];
		note(&f, matrix_reason[cell]);
	}
	if (in[PISTOL]) {
		apply(out, MUSKET_PIKE_MODIFIER_PISTOL_SHOT, 1, -1);
		others -= 1;
	}
	note_in(&f, in, FLANK_REAR);
	if (in[FLANK_REAR] > 0) {
		apply(out, MUSKET_PIKE_MODIFIER_FLANK_REAR, in[FLANK_REAR], 1);
		others += in[FLANK_REAR];
	}
	/* Formation: only the worst per side counts. */
	note_in(&f, in, ATT_FORMATION);
	if (in[ATT_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[ATT_OPEN]) {
		att_form = apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_WAVERING_OR_OPEN_ORDER, -1, 1);
	}
	if (in[ATT_FORMATION] == MUSKET_PIKE_FORMATION_SCATTERED) {
		if (att_form)
			att_form->counted = 0;
		att_form = apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_SCATTERED, -2, 1);
	}
	if (in[VOLLEY]) {
		apply(out, MUSKET_PIKE_MODIFIER_AFTER_VOLLEY, 1, 1);
		others += 1;
	}
	if (in[HI_IMPETUS]) {
		apply(out, MUSKET_PIKE_MODIFIER_HEAVY_INFANTRY_IMPETUS, 1, 1);
		others += 1;
	}
	note_in(&f, in, GAME); /* every cavalry impetus condition reads the game */
	if (in[CAV_IMPETUS]) {
		/* Its value is stated apart for NGBG at Halmstad and for SiA's arquebusiers and
		 * light cavalry: one of three modifiers, each with its own reason. */
		uint16_t which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS;
		if (in[GAME] == MUSKET_PIKE_GAME_NGBG && in[HALMSTAD])
			which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_NGBG_HALMSTAD;
		else if (in[GAME] == MUSKET_PIKE_GAME_SIA && (in[ATT_TYPE] == ARQ || in[LIGHT_CAV]))
			which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_SIA;
		apply(out, which, cavalry_impetus(in), 1);
		others += cavalry_impetus(in);
	}
	note_in(&f, in, DEF_FORMATION);
	if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[DEF_OPEN]) {
		def_form = apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_WAVERING_OR_OPEN_ORDER, -1, -1);
	}
	if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_SCATTERED) {
		if (def_form)
			def_form->counted = 0;
		def_form = apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_SCATTERED, -2, -1);
	}
	if (att_form)
		formations += att_form->signed_value;
	if (def_form)
		formations += def_form->signed_value;
	note_melee_modifiers(&f);

	int32_t m = drm + leaders + formations + others;
	out->modifier_raw = m;
	m = m > 4 ? 4 : m < -4 ? -4 : m;
	out->modifier = m;
	out->modified_roll = face + m;
	out->row = melee_row[face + m + 4];
	out->outcome = out->row;

	note_row(&f, row_reason[MUSKET_PIKE_TABLE_MELEE][out->row]);
	melee_triggers(&f, in);
	return RTAB_OK;
}

int hw_pursuit_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	int32_t m = drm;
	full f;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(&f, out, MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, face, drm);
	/* Every modifier's condition notes what it read, applied or not; the column reads
	 * the game after them. */
	if (in[CHARGE_ORDERS]) {
		apply(out, MUSKET_PIKE_MODIFIER_CHARGE_ORDERS, 1, 1);
		m += 1;
	}
	if (in[USED_IMPETUS]) {
		apply(out, MUSKET_PIKE_MODIFIER_PURSUIT_IMPETUS, 1, 1);
		m += 1;
	}
	note_in(&f, in, GAME);
	if (in[GAME] == MUSKET_PIKE_GAME_TACW && in[CROMWELL]) {
		apply(out, MUSKET_PIKE_MODIFIER_CROMWELL, -1, 1);
		m -= 1;
	}
	note_in(&f, in, LEADER_RATING);
	if (in[GAME] != MUSKET_PIKE_GAME_TACW && in[LEADER_RATING] > 0) {
		apply(out, MUSKET_PIKE_MODIFIER_LEADER_COMMAND_RATING, -in[LEADER_RATING], 1);
		m -= in[LEADER_RATING];
	}
	note_modifiers(&f);
	note_in(&f, in, GAME);
	out->modifier_raw = out->modifier = m;
	out->modified_roll = face + m;
	out->column = in[GAME] == MUSKET_PIKE_GAME_TACW ? 0 : 1;
	out->key_column = (int16_t)out->column;
	out->outcome = (uint16_t)pursuit_outcome(in, face + m);
	out->row = (uint16_t)(out->outcome - MUSKET_PIKE_OUTCOME_BREAK_OFF);
	note_row(&f, row_reason[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT][out->row]);
	/* Each rewrite considered notes its reason, whether it changes the outcome or lets it
	 * stand (what the conditions read has none). */
	int16_t rewrite = -1;
	if (out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE) {
		note(&f, rewrite_reason[0]);
		if (!in[ALREADY_ELIMINATED])
			note(&f, rewrite_reason[1]);
		rewrite = in[ALREADY_ELIMINATED] ? 0 : in[BY_MELEE] ? 1 : -1;
	} else if (out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP) {
		note(&f, rewrite_reason[2]);
		rewrite = in[BY_MELEE] ? 2 : -1;
	}
	if (rewrite >= 0) {
		static const uint16_t to[3] = {MUSKET_PIKE_OUTCOME_BREAK_OFF,
					       MUSKET_PIKE_OUTCOME_PURSUE_INTO_VACATED_HEX,
					       MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP_ONLY};
		out->rewritten_from = (int16_t)out->outcome;
		out->rewrite = rewrite;
		out->outcome = to[rewrite];
	}
	/* A leader who pursued off the map may return (5.3). */
	if (out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP ||
	    out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP_ONLY) {
		note(&f, trigger_reason[out->outcome][0]);
		if (in[LEADER_WITH_PURSUER]) {
			trigger(out, RTAB_TARGET_REACTIONS, MUSKET_PIKE_REACTIONS_LEADER_RETURN, 0);
		}
	}
	return RTAB_OK;
}

int hw_failure_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	int32_t m = drm;
	full f;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(&f, out, MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT, face, drm);
	note_in(&f, in, INITIAL_MORALE);
	if (in[INITIAL_MORALE] <= 6) {
		apply(out, MUSKET_PIKE_MODIFIER_INITIAL_MORALE_6_OR_LESS, -1, 1);
		m -= 1;
	}
	if (in[INITIAL_MORALE] == 8) {
		apply(out, MUSKET_PIKE_MODIFIER_INITIAL_MORALE_8, 1, 1);
		m += 1;
	}
	note_modifiers(&f);
	out->modifier_raw = out->modifier = m;
	out->modified_roll = face + m;
	out->row = face + m <= 4 ? 0 : 1;
	out->outcome = out->row ? MUSKET_PIKE_OUTCOME_STAND : MUSKET_PIKE_OUTCOME_ELIMINATED;
	note_row(&f, row_reason[MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT][out->row]);
	if (out->outcome == MUSKET_PIKE_OUTCOME_STAND) {
		note(&f, trigger_reason[out->outcome][0]);
		trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_STAND_MORALE, 0);
	}
	return RTAB_OK;
}

/* Every input in its domain, as branch-light as the lean forms: flags and small
 * counts ORed first (an unsigned compare refuses a negative too), then the
 * requirements of 11.3.8 and 11.7.1. */
bool hw_situation_ok(const int32_t *in, bool *requirements_hold)
{
	unsigned bad = (uint32_t)(in[PISTOL] | in[ATT_OPEN] | in[DEF_OPEN] | in[VOLLEY] | in[HI_IMPETUS] |
				  in[CAV_IMPETUS] | in[HALMSTAD] | in[LIGHT_CAV] | in[MUSKET_PIKE_INPUT_UNIT_MORALE] |
				  in[FAILED_RETREAT] | in[CHARGE_ORDERS] | in[USED_IMPETUS] | in[CROMWELL] |
				  in[BY_MELEE] | in[LEADER_WITH_PURSUER] | in[MUSKET_PIKE_INPUT_LEADER_SIDE] |
				  in[ALREADY_ELIMINATED] | in[MUSKET_PIKE_INPUT_DEFEATED_IN_FRONT_HEX] |
				  in[MUSKET_PIKE_INPUT_DEFEATED_IN_FLANK_HEX]) > 1u;
	bad |= (uint32_t)(in[GAME] | in[ATT_LEADERS] | in[DEF_LEADERS] | in[ATT_FORMATION] | in[DEF_FORMATION] |
			  in[MUSKET_PIKE_INPUT_FORMATION]) > 3u;
	bad |= ((uint32_t)in[ATT_TYPE] > 6u) | ((uint32_t)in[DEF_TYPE] > 6u) | ((uint32_t)in[ATT_CAVALRY] > 6u) |
	       ((uint32_t)in[DEF_CAVALRY] > 6u);
	bad |= ((uint32_t)in[ATT_MORALE] - 1u > 9u) | ((uint32_t)in[DEF_MORALE] - 1u > 9u) |
	       ((uint32_t)in[INITIAL_MORALE] - 1u > 9u);
	bad |= ((uint32_t)in[ATT_STRENGTH] - 1u > 98u) | ((uint32_t)in[DEF_STRENGTH] - 1u > 98u);
	bad |= ((uint32_t)in[FLANK_REAR] > 4u) | ((uint32_t)in[LEADER_RATING] > 4u);
	if (bad)
		return false;
	/* Cuirassiers and arquebusiers are cavalry: at least one cavalry unit on their side;
	 * light cavalry is no type of the matrix. */
	bool att_cavalry = in[ATT_TYPE] == CUIR || in[ATT_TYPE] == ARQ || in[LIGHT_CAV];
	bool def_cavalry = in[DEF_TYPE] == CUIR || in[DEF_TYPE] == ARQ;
	*requirements_hold = (!att_cavalry || in[ATT_CAVALRY] > 0) && (!def_cavalry || in[DEF_CAVALRY] > 0) &&
			     (!in[LIGHT_CAV] || in[ATT_TYPE] == NOT_IN_MATRIX);
	return true;
}

int hw_checked_full(size_t table, const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	bool hold;
	if (!hw_situation_ok(in, &hold))
		return RTAB_E_INPUT;
	if (!hold)
		return RTAB_E_REQUIRE;
	switch (table) {
	case MUSKET_PIKE_TABLE_MELEE: return hw_melee_full(in, face, drm, out);
	case MUSKET_PIKE_TABLE_CAVALRY_PURSUIT: return hw_pursuit_full(in, face, drm, out);
	default: return hw_failure_full(in, face, drm, out);
	}
}
