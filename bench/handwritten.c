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
	ALREADY_ELIMINATED = MUSKET_PIKE_INPUT_ALREADY_ELIMINATED,
	LEADER_WITH_PURSUER = MUSKET_PIKE_INPUT_LEADER_WITH_PURSUER,
	BY_MELEE = MUSKET_PIKE_INPUT_PURSUED_ELIMINATED_BY_MELEE,
};

enum { CUIR = MUSKET_PIKE_UNIT_TYPE_CUIRASSIERS, ARQ = MUSKET_PIKE_UNIT_TYPE_ARQUEBUSIERS,
       HI = MUSKET_PIKE_UNIT_TYPE_HEAVY_INFANTRY, LI = MUSKET_PIKE_UNIT_TYPE_LIGHT_INFANTRY,
       HEDGE = MUSKET_PIKE_UNIT_TYPE_HEDGEHOG, HIWP = MUSKET_PIKE_UNIT_TYPE_HEAVY_INFANTRY_WITHOUT_PIKES,
       NTYPES = 6 };

/* Melee Matrix (11.3.8): attacker rows, defender columns. */
static const int8_t matrix[NTYPES][NTYPES] = {
	[CUIR] = {[HIWP] = 2},
	[ARQ] = {[CUIR] = -1, [HIWP] = 1},
	[HI] = {[LI] = 1, [HIWP] = 2},
	[HIWP] = {[HI] = -1, [LI] = 1},
};

/* Force ratio (11.3.8), exact strengths. */
static int32_t force_ratio(int32_t a, int32_t d)
{
	if (a >= 4 * d)
		return 2;
	if (a >= 2 * d)
		return 1;
	if (4 * a <= d)
		return -2;
	if (2 * a <= d)
		return -1;
	return 0;
}

/* Melee Table (11.0), modified rolls -4..13 (the cap keeps them there). */
static const uint8_t melee_row[18] = {
	0, 0, 0, 0, 0,  /* <= 0 */
	1, 1,           /* 1-2 */
	2, 3, 4, 5,     /* 3, 4, 5, 6 */
	6, 6,           /* 7-8 */
	7, 7, 7, 7, 7,  /* >= 9 */
};

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
	if (in[ATT_FORMATION] == MUSKET_PIKE_FORMATION_SCATTERED)
		m -= 2;
	else if (in[ATT_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[ATT_OPEN])
		m -= 1;
	if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_SCATTERED)
		m += 2;
	else if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[DEF_OPEN])
		m += 1;
	/* Cavalry impetus is +1 (NGBG at Halmstad and SiA state its value there). */
	m += in[VOLLEY] + in[HI_IMPETUS] + in[CAV_IMPETUS];
	return m;
}

int hw_melee(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if (face < 0 || face > 9)
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
	int32_t m = in[CHARGE_ORDERS] + in[USED_IMPETUS];
	if (in[GAME] == MUSKET_PIKE_GAME_TACW)
		m -= in[CROMWELL];
	else
		m -= in[LEADER_RATING];
	return m;
}

/* Cavalry Pursuit (11.7.2): TACW and the other games read different columns. */
static int32_t pursuit_outcome(const int32_t *in, int32_t roll)
{
	int32_t o;
	if (in[GAME] == MUSKET_PIKE_GAME_TACW)
		o = roll <= 2 ? 0 : roll <= 5 ? 1 : 2;
	else
		o = roll <= 4 ? 0 : roll <= 8 ? 1 : 2;
	return MUSKET_PIKE_OUTCOME_BREAK_OFF + o;
}

int hw_pursuit(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	int32_t m = pursuit_modifiers(in) + drm;
	int32_t o = pursuit_outcome(in, face + m);
	/* 11.7.4: an already eliminated unit cannot be eliminated again; 11.7.2: a unit the
	 * melee result eliminated is pursued into its vacated hex (or off the map only). */
	if (o == MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE && in[ALREADY_ELIMINATED])
		o = MUSKET_PIKE_OUTCOME_BREAK_OFF;
	else if (o == MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE && in[BY_MELEE])
		o = MUSKET_PIKE_OUTCOME_PURSUE_INTO_VACATED_HEX;
	else if (o == MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP && in[BY_MELEE])
		o = MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP_ONLY;
	out->modifier = m;
	out->modified_roll = face + m;
	out->outcome = o;
	return RTAB_OK;
}

int hw_failure(const int32_t *in, int32_t face, int32_t drm, hw_lean *out)
{
	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	int32_t m = drm - (in[INITIAL_MORALE] <= 6) + (in[INITIAL_MORALE] == 8);
	out->modifier = m;
	out->modified_roll = face + m;
	out->outcome = face + m <= 4 ? MUSKET_PIKE_OUTCOME_ELIMINATED : MUSKET_PIKE_OUTCOME_STAND;
	return RTAB_OK;
}

/* ---- The full explanation, as rtab_resolve gives it. ---- */

static const rtab_ruleset *const rs = &musket_pike_ruleset;

static void note(rtab_result *out, const char *why);
static const char *modifier_reason(uint16_t m);

static void begin(rtab_result *out, uint16_t table, int32_t face, int32_t drm)
{
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
	note(out, rs->dice[0].provisional); /* the die itself */
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

/* A provisional reason, once: a value read twice is one reason. */
static void note(rtab_result *out, const char *why)
{
	if (!why)
		return;
	size_t n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	for (size_t i = 0; i < n; i++)
		if (out->reasons[i] == why || strcmp(out->reasons[i], why) == 0)
			return;
	if (out->nprovisional < RTAB_MAX_REASONS)
		out->reasons[out->nprovisional] = why;
	if (!out->provisional)
		out->provisional = why;
	out->nprovisional++;
}

/* An input read: its own reason while it holds its default (its domain or default is not
 * the source's), and the reason of the enum value it holds, as rtab_resolve lists them. */
static void note_in(rtab_result *out, const int32_t *in, size_t i)
{
	const rtab_input *x = &rs->inputs[i];
	if (x->provisional && in[i] == x->default_value)
		note(out, x->provisional);
	if (x->type == RTAB_TYPE_ENUM)
		note(out, rs->enums[x->enum_index].values[in[i]].provisional);
}

/* The row's own reason is named first. */
static void note_row(rtab_result *out, const char *why)
{
	size_t at, n;
	if (!why)
		return;
	note(out, why);
	out->provisional = why;
	n = out->nprovisional < RTAB_MAX_REASONS ? out->nprovisional : RTAB_MAX_REASONS;
	for (at = 0; at < n && strcmp(out->reasons[at], why) != 0; at++)
		;
	if (at == n)
		at = n - 1;
	for (; at > 0; at--)
		out->reasons[at] = out->reasons[at - 1];
	out->reasons[0] = why;
}

static void trigger(rtab_result *out, uint8_t kind, uint16_t index, uint8_t by)
{
	out->triggered[out->ntriggered].kind = kind;
	out->triggered[out->ntriggered].index = index;
	out->triggered_by[out->ntriggered] = by;
	out->ntriggered++;
}

/* The reason of trigger k of an outcome, as the data states it. */
static const char *trigger_reason(uint16_t outcome, size_t k)
{
	return rs->outcomes[outcome].triggers[k].provisional;
}

/* After a melee: the pursuit check, once per winning cavalry unit (11.7.1), then
 * both sides' formation hits, the defender's not in a hedgehog. */
static void melee_triggers(const int32_t *in, rtab_result *out)
{
	uint16_t o = out->outcome;
	uint8_t k = 0;
	bool attacker_lost = o == MUSKET_PIKE_OUTCOME_ATTACKER_ELIMINATED || o == MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN;
	bool defender_lost = o == MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN || o == MUSKET_PIKE_OUTCOME_DEFENDER_ELIMINATED;
	if (attacker_lost || defender_lost) {
		bool broken = o == MUSKET_PIKE_OUTCOME_ATTACKER_BROKEN || o == MUSKET_PIKE_OUTCOME_DEFENDER_BROKEN;
		int32_t loser = attacker_lost ? in[ATT_TYPE] : in[DEF_TYPE];
		int32_t pursuers = attacker_lost ? in[DEF_CAVALRY] : in[ATT_CAVALRY];
		note(out, trigger_reason(o, 0));
		note_in(out, in, attacker_lost ? ATT_TYPE : DEF_TYPE);
		if (broken)
			note_in(out, in, FAILED_RETREAT);
		if (loser != LI && !(broken && in[FAILED_RETREAT])) {
			note_in(out, in, attacker_lost ? DEF_CAVALRY : ATT_CAVALRY);
			for (int32_t i = 0; i < pursuers; i++)
				trigger(out, RTAB_TARGET_TABLE, MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, 0);
		}
		k = 1;
	}
	note(out, trigger_reason(o, k));
	trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_FORMATION_HIT, k);
	note(out, trigger_reason(o, k + 1));
	note_in(out, in, DEF_TYPE);
	if (in[DEF_TYPE] != HEDGE)
		trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_FORMATION_HIT, (uint8_t)(k + 1));
	/* Each side's leader used in the melee takes a Leader Loss check (11.3.2). */
	note(out, trigger_reason(o, k + 2));
	note_in(out, in, ATT_LEADERS);
	if (in[ATT_LEADERS] != 0)
		trigger(out, RTAB_TARGET_PROCEDURE, MUSKET_PIKE_PROCEDURE_LEADER_LOSS_CHECK, (uint8_t)(k + 2));
	note(out, trigger_reason(o, k + 3));
	note_in(out, in, DEF_LEADERS);
	if (in[DEF_LEADERS] != 0)
		trigger(out, RTAB_TARGET_PROCEDURE, MUSKET_PIKE_PROCEDURE_LEADER_LOSS_CHECK, (uint8_t)(k + 3));
}

/* Which stacking group a melee modifier belongs to (-1: none). */
static int melee_group(uint16_t m)
{
	switch (m) {
	case MUSKET_PIKE_MODIFIER_ATTACKER_LEADER:
	case MUSKET_PIKE_MODIFIER_ATTACKER_SECOND_LEADER:
	case MUSKET_PIKE_MODIFIER_DEFENDER_LEADER:
	case MUSKET_PIKE_MODIFIER_DEFENDER_SECOND_LEADER: return 0;
	case MUSKET_PIKE_MODIFIER_ATTACKER_WAVERING_OR_OPEN_ORDER:
	case MUSKET_PIKE_MODIFIER_ATTACKER_SCATTERED:
	case MUSKET_PIKE_MODIFIER_DEFENDER_WAVERING_OR_OPEN_ORDER:
	case MUSKET_PIKE_MODIFIER_DEFENDER_SCATTERED: return 1;
	default: return -1;
	}
}

/* The reasons of the counted modifiers: leaders, formation, then the rest, each in order. */
static void note_modifiers(rtab_result *out, int ngroups, int (*group_of)(uint16_t))
{
	for (int g = 0; g <= ngroups; g++)
		for (size_t i = 0; i < out->napplied; i++) {
			int mg = group_of(out->applied[i].modifier);
			if ((g < ngroups ? mg == g : mg < 0) && out->applied[i].counted)
				note(out, modifier_reason(out->applied[i].modifier));
		}
}

static int no_group(uint16_t m)
{
	(void)m;
	return -1;
}

static const char *modifier_reason(uint16_t m)
{
	return rs->modifiers[m].provisional;
}

int hw_melee_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	rtab_applied_modifier *att_form = NULL, *def_form = NULL;
	int32_t leaders = 0, formations = 0, others = 0;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(out, MUSKET_PIKE_TABLE_MELEE, face, drm);
	/* The inputs' reasons in the order the modifiers read them. */
	static const uint8_t read_first[] = {ATT_LEADERS, DEF_LEADERS, ATT_MORALE, DEF_MORALE, ATT_STRENGTH,
					     DEF_STRENGTH};
	for (size_t i = 0; i < sizeof read_first; i++)
		note_in(out, in, read_first[i]);

	/* Leaders: only one per side counts. */
	if (in[ATT_LEADERS] >= 1) {
		apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_LEADER, 1, 1);
		leaders += 1;
	}
	if (in[ATT_LEADERS] >= 2)
		apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_SECOND_LEADER, 1, 1)->counted = 0;
	if (in[DEF_LEADERS] >= 1) {
		apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_LEADER, 1, -1);
		leaders -= 1;
	}
	if (in[DEF_LEADERS] >= 2)
		apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_SECOND_LEADER, 1, -1)->counted = 0;

	int32_t morale = in[ATT_MORALE] - in[DEF_MORALE];
	if (morale != 0) {
		apply(out, MUSKET_PIKE_MODIFIER_MORALE_DIFFERENCE, morale, 1);
		others += morale;
	}
	int32_t ratio = force_ratio(in[ATT_STRENGTH], in[DEF_STRENGTH]);
	note(out, rs->bands[0].provisional); /* how the ratio is read */
	if (ratio != 0) {
		apply(out, MUSKET_PIKE_MODIFIER_FORCE_RATIO_MODIFIER, ratio, 1);
		others += ratio;
	}
	int32_t cell = in[ATT_TYPE] * NTYPES + in[DEF_TYPE];
	note_in(out, in, ATT_TYPE);
	note_in(out, in, DEF_TYPE);
	apply(out, MUSKET_PIKE_MODIFIER_MELEE_MATRIX_MODIFIER, matrix[in[ATT_TYPE]][in[DEF_TYPE]], 1);
	others += matrix[in[ATT_TYPE]][in[DEF_TYPE]];
	if (rtab_matrix_reason(&rs->matrices[0], (size_t)cell))
		note(out, rtab_matrix_reason(&rs->matrices[0], (size_t)cell));
	static const uint8_t read_then[] = {PISTOL, FLANK_REAR, ATT_FORMATION, ATT_OPEN, VOLLEY, HI_IMPETUS,
					    CAV_IMPETUS, GAME, HALMSTAD, LIGHT_CAV, DEF_FORMATION, DEF_OPEN};
	for (size_t i = 0; i < sizeof read_then; i++)
		note_in(out, in, read_then[i]);
	if (in[PISTOL]) {
		apply(out, MUSKET_PIKE_MODIFIER_PISTOL_SHOT, 1, -1);
		others -= 1;
	}
	if (in[FLANK_REAR] > 0) {
		apply(out, MUSKET_PIKE_MODIFIER_FLANK_REAR, in[FLANK_REAR], 1);
		others += in[FLANK_REAR];
	}
	/* Formation: only the worst per side counts. */
	if (in[ATT_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[ATT_OPEN])
		att_form = apply(out, MUSKET_PIKE_MODIFIER_ATTACKER_WAVERING_OR_OPEN_ORDER, -1, 1);
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
	if (in[CAV_IMPETUS]) {
		/* Its value is stated apart for NGBG at Halmstad and for SiA's arquebusiers and
		 * light cavalry: one of three modifiers, each with its own reason. */
		uint16_t which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS;
		if (in[GAME] == MUSKET_PIKE_GAME_NGBG && in[HALMSTAD])
			which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_NGBG_HALMSTAD;
		else if (in[GAME] == MUSKET_PIKE_GAME_SIA && (in[ATT_TYPE] == ARQ || in[LIGHT_CAV]))
			which = MUSKET_PIKE_MODIFIER_CAVALRY_IMPETUS_SIA;
		apply(out, which, 1, 1);
		others += 1;
	}
	if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_WAVERING || in[DEF_OPEN])
		def_form = apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_WAVERING_OR_OPEN_ORDER, -1, -1);
	if (in[DEF_FORMATION] == MUSKET_PIKE_FORMATION_SCATTERED) {
		if (def_form)
			def_form->counted = 0;
		def_form = apply(out, MUSKET_PIKE_MODIFIER_DEFENDER_SCATTERED, -2, -1);
	}
	if (att_form)
		formations += att_form->signed_value;
	if (def_form)
		formations += def_form->signed_value;
	note_modifiers(out, 2, melee_group);

	int32_t m = drm + leaders + formations + others;
	out->modifier_raw = m;
	m = m > 4 ? 4 : m < -4 ? -4 : m;
	out->modifier = m;
	out->modified_roll = face + m;
	out->row = melee_row[face + m + 4];
	out->outcome = out->row;

	note_row(out, rtab_row_provisional(&rs->tables[MUSKET_PIKE_TABLE_MELEE], out->row));
	melee_triggers(in, out);
	return RTAB_OK;
}

int hw_pursuit_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	int32_t m = drm;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(out, MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, face, drm);
	static const uint8_t read[] = {CHARGE_ORDERS, USED_IMPETUS, GAME, CROMWELL, LEADER_RATING};
	for (size_t i = 0; i < sizeof read; i++)
		note_in(out, in, read[i]);
	if (in[CHARGE_ORDERS]) {
		apply(out, MUSKET_PIKE_MODIFIER_CHARGE_ORDERS, 1, 1);
		m += 1;
	}
	if (in[USED_IMPETUS]) {
		apply(out, MUSKET_PIKE_MODIFIER_PURSUIT_IMPETUS, 1, 1);
		m += 1;
	}
	if (in[GAME] == MUSKET_PIKE_GAME_TACW && in[CROMWELL]) {
		apply(out, MUSKET_PIKE_MODIFIER_CROMWELL, -1, 1);
		m -= 1;
	}
	if (in[GAME] != MUSKET_PIKE_GAME_TACW && in[LEADER_RATING] > 0) {
		apply(out, MUSKET_PIKE_MODIFIER_LEADER_COMMAND_RATING, -in[LEADER_RATING], 1);
		m -= in[LEADER_RATING];
	}
	note_modifiers(out, 0, no_group);
	out->modifier_raw = out->modifier = m;
	out->modified_roll = face + m;
	out->column = in[GAME] == MUSKET_PIKE_GAME_TACW ? 0 : 1;
	out->key_column = (int16_t)out->column;
	out->outcome = (uint16_t)pursuit_outcome(in, face + m);
	out->row = (uint16_t)(out->outcome - MUSKET_PIKE_OUTCOME_BREAK_OFF);
	note_row(out, rtab_row_provisional(&rs->tables[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT], out->row));
	const rtab_rewrite *rw = rs->tables[MUSKET_PIKE_TABLE_CAVALRY_PURSUIT].rewrites;
	int16_t rewrite = -1;
	if (out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_AND_ELIMINATE) {
		note_in(out, in, ALREADY_ELIMINATED);
		note(out, rw[0].provisional);
		if (in[ALREADY_ELIMINATED]) {
			rewrite = 0;
		} else {
			note_in(out, in, BY_MELEE);
			note(out, rw[1].provisional);
			if (in[BY_MELEE])
				rewrite = 1;
		}
	} else if (out->outcome == MUSKET_PIKE_OUTCOME_PURSUE_OFF_MAP) {
		note_in(out, in, BY_MELEE);
		note(out, rw[2].provisional);
		if (in[BY_MELEE])
			rewrite = 2;
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
		note(out, trigger_reason(out->outcome, 0));
		note_in(out, in, LEADER_WITH_PURSUER);
		if (in[LEADER_WITH_PURSUER])
			trigger(out, RTAB_TARGET_REACTIONS, MUSKET_PIKE_REACTIONS_LEADER_RETURN, 0);
	}
	return RTAB_OK;
}

int hw_failure_full(const int32_t *in, int32_t face, int32_t drm, rtab_result *out)
{
	int32_t m = drm;

	if (face < 0 || face > 9)
		return RTAB_E_FACES;
	begin(out, MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT, face, drm);
	note_in(out, in, INITIAL_MORALE);
	if (in[INITIAL_MORALE] <= 6) {
		apply(out, MUSKET_PIKE_MODIFIER_INITIAL_MORALE_6_OR_LESS, -1, 1);
		m -= 1;
	}
	if (in[INITIAL_MORALE] == 8) {
		apply(out, MUSKET_PIKE_MODIFIER_INITIAL_MORALE_8, 1, 1);
		m += 1;
	}
	note_modifiers(out, 0, no_group);
	out->modifier_raw = out->modifier = m;
	out->modified_roll = face + m;
	out->row = face + m <= 4 ? 0 : 1;
	out->outcome = out->row ? MUSKET_PIKE_OUTCOME_STAND : MUSKET_PIKE_OUTCOME_ELIMINATED;
	note_row(out, rtab_row_provisional(&rs->tables[MUSKET_PIKE_TABLE_FAILURE_TO_RETREAT], out->row));
	if (out->outcome == MUSKET_PIKE_OUTCOME_STAND) {
		note(out, trigger_reason(out->outcome, 0));
		trigger(out, RTAB_TARGET_TRANSITION, MUSKET_PIKE_TRANSITION_STAND_MORALE, 0);
	}
	return RTAB_OK;
}
