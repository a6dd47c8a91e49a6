/*
 * A whole Musket & Pike melee, resolved by a program that links librtab and
 * the generated tables: the modifiers and their cap, the Melee Table, the
 * cavalry pursuit it triggers, and the formation hits after it. Each step
 * prints the rule it comes from.
 *
 * usage: melee [MELEE_DIE [PURSUIT_DIE]]   (dice read 0-9; defaults 8 and 4)
 */
#include <stdio.h>
#include <stdlib.h>

#include "musket_pike.h"

static const rtab_ruleset *const rs = &musket_pike_ruleset;

static const char *text(rtab_labels labels)
{
	const char *s = rtab_label(rs, labels, 0); /* English; 1 is Russian */
	return s ? s : "";
}

static void print_outcome(const rtab_result *r)
{
	const rtab_outcome *o = &rs->outcomes[r->outcome];
	printf("  result: %s (\"%s\", rule %s)\n", o->id, text(o->labels), o->rule);
	if (r->provisional)
		printf("  note: provisional: %s\n", r->provisional);
	for (size_t i = 0; i < o->neffects; i++) {
		const rtab_effect *e = &o->effects[i];
		const rtab_effect_kind *k = &rs->effect_kinds[e->kind];
		printf("  effect: %s(", k->id);
		for (size_t a = 0; a < e->nargs; a++) {
			int enum_index = k->params[a].enum_index;
			if (enum_index >= 0)
				printf("%s%s", a ? ", " : "", rs->enums[enum_index].values[e->args[a]].id);
			else
				printf("%s%ld", a ? ", " : "", (long)e->args[a]);
		}
		printf(") (rule %s)\n", k->rule);
	}
}

static int resolve(size_t table, const int32_t *inputs, int32_t face, rtab_result *r)
{
	int rc = rtab_resolve(rs, table, inputs, rs->ninputs, &face, 1, 0, r);
	if (rc != RTAB_OK) {
		fprintf(stderr, "melee: %s: %s\n", rs->tables[table].id, rtab_status_message(rc));
		return -1;
	}
	const rtab_table *t = &rs->tables[table];
	printf("\n%s (rule %s): die %ld\n", text(t->labels), t->rule, (long)face);
	for (size_t i = 0; i < r->napplied; i++) {
		const rtab_modifier *m = &rs->modifiers[r->applied[i].modifier];
		if (r->applied[i].signed_value == 0 && r->applied[i].counted)
			continue;
		printf("  modifier %+ld %s (rule %s)%s\n", (long)r->applied[i].signed_value, m->id,
		       m->rule, r->applied[i].counted ? "" : " -- not counted: only the worst counts");
	}
	printf("  total modifier %+ld", (long)r->modifier_raw);
	if (r->modifier != r->modifier_raw)
		printf(", capped to %+ld (rule %s)", (long)r->modifier, t->rule);
	printf("; modified roll %ld\n", (long)r->modified_roll);
	if (r->rewritten_from >= 0)
		printf("  %s reads as %s (rule %s)\n", rs->outcomes[r->rewritten_from].id,
		       rs->outcomes[r->outcome].id, t->rewrites[r->rewrite].rule);
	print_outcome(r);
	return 0;
}

static int32_t parse_die(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	return *end || v < 0 || v > 9 ? -1 : (int32_t)v;
}

int main(int argc, char **argv)
{
	int32_t inputs[64];
	int32_t melee_die = argc > 1 ? parse_die(argv[1]) : 8;
	int32_t pursuit_die = argc > 2 ? parse_die(argv[2]) : 4;
	rtab_result r;

	if (melee_die < 0 || pursuit_die < 0 || rs->ninputs > 64) {
		fprintf(stderr, "usage: melee [MELEE_DIE [PURSUIT_DIE]]  (dice read 0-9)\n");
		return 2;
	}
	rtab_inputs_default(rs, inputs, rs->ninputs);

	/* Cuirassiers with a leader charge wavering arquebusiers in the flank, 2:1 in strength. */
	inputs[MUSKET_PIKE_INPUT_GAME] = MUSKET_PIKE_GAME_TACW;
	inputs[MUSKET_PIKE_INPUT_ATTACKER_TYPE] = MUSKET_PIKE_UNIT_TYPE_CUIRASSIERS;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_TYPE] = MUSKET_PIKE_UNIT_TYPE_ARQUEBUSIERS;
	/* Cavalry on both sides: one unit each, which checks for pursuit if its side wins. */
	inputs[MUSKET_PIKE_INPUT_ATTACKER_CAVALRY_UNITS] = 1;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_CAVALRY_UNITS] = 1;
	inputs[MUSKET_PIKE_INPUT_ATTACKER_LEADERS] = 1;
	inputs[MUSKET_PIKE_INPUT_ATTACKER_MORALE] = 6;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_MORALE] = 5;
	inputs[MUSKET_PIKE_INPUT_ATTACKER_STRENGTH] = 8;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_STRENGTH] = 4;
	inputs[MUSKET_PIKE_INPUT_FLANK_REAR_HEXES] = 1;
	inputs[MUSKET_PIKE_INPUT_DEFENDER_FORMATION] = MUSKET_PIKE_FORMATION_WAVERING;
	inputs[MUSKET_PIKE_INPUT_CAVALRY_IMPETUS] = 1;
	printf("%s: cuirassiers (leader, morale 6, strength 8, impetus) attack wavering\n"
	       "arquebusiers (morale 5, strength 4) from a flank hex, in This Accursed Civil War.\n",
	       text(rs->title));

	if (resolve(MUSKET_PIKE_TABLE_MELEE, inputs, melee_die, &r) != 0)
		return 1;
	rtab_target next[RTAB_MAX_TRIGGERS];
	size_t nnext = r.ntriggered;
	for (size_t i = 0; i < nnext; i++)
		next[i] = r.triggered[i];

	for (size_t i = 0; i < nnext; i++) {
		if (next[i].kind == RTAB_TARGET_TABLE &&
		    next[i].index == MUSKET_PIKE_TABLE_CAVALRY_PURSUIT) {
			rtab_result p;
			if (resolve(MUSKET_PIKE_TABLE_CAVALRY_PURSUIT, inputs, pursuit_die, &p) != 0)
				return 1;
		}
		if (next[i].kind == RTAB_TARGET_TRANSITION) {
			const rtab_transition *tr = &rs->transitions[next[i].index];
			static const int32_t sides[2] = {MUSKET_PIKE_INPUT_ATTACKER_FORMATION,
							 MUSKET_PIKE_INPUT_DEFENDER_FORMATION};
			printf("\n%s (rule %s): both sides\n", text(tr->labels), tr->rule);
			for (size_t s = 0; s < 2; s++) {
				int32_t state;
				inputs[tr->input] = inputs[sides[s]];
				if (rtab_transition_next(rs, next[i].index, inputs, rs->ninputs, &state) != RTAB_OK)
					return 1;
				const rtab_enum *e = &rs->enums[rs->inputs[tr->input].enum_index];
				printf("  %s: %s -> %s\n", s ? "defender" : "attacker",
				       e->values[inputs[sides[s]]].id, e->values[state].id);
			}
		}
	}
	return 0;
}
