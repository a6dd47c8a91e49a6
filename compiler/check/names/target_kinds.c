/* SPDX-License-Identifier: MIT */
/* The target kinds, one entry per kind of definition (front/constructs.def). */
#include "check/names/target_kinds.h"

typedef struct target_entry {
	int (*find)(const rtab_ruleset *rs, const char *id);
	int kind; /* RTAB_TARGET_* */
	const char *reason;
} target_entry;

#define TARGET(kind, find) {find, kind, NULL}

#define target_RULESET NOT_APPLICABLE("the ruleset is the whole file")
#define target_DICE NOT_APPLICABLE("dice are rolled by what they serve")
#define target_ENUM NOT_APPLICABLE("an enum is a list of values")
#define target_INPUT NOT_APPLICABLE("an input is a situation, given to what is resolved")
#define target_EFFECT NOT_APPLICABLE("an effect is what an outcome does")
#define target_OUTCOME NOT_APPLICABLE("an outcome is a result")
#define target_MODIFIER NOT_APPLICABLE("a modifier is applied by the tables that list it")
#define target_TABLE TARGET(RTAB_TARGET_TABLE, rtab_find_table)
#define target_MATRIX NOT_APPLICABLE("a matrix is read by the expressions that name it")
#define target_BAND NOT_APPLICABLE("a ratio is read by the expressions that name it")
#define target_GROUP NOT_APPLICABLE("a group stacks the modifiers of tables")
#define target_REACTIONS TARGET(RTAB_TARGET_REACTIONS, rtab_find_reaction_set)
#define target_TRANSITION TARGET(RTAB_TARGET_TRANSITION, rtab_find_transition)
#define target_DISTANCE TARGET(RTAB_TARGET_DISTANCE, rtab_find_distance)
#define target_PROCEDURE TARGET(RTAB_TARGET_PROCEDURE, rtab_find_procedure)
#define target_EXAMPLE NOT_APPLICABLE("an example is checked when the file is compiled")
#define target_OUTCOMES NOT_APPLICABLE("an outcome group is read by rtab odds; nothing resolves it")
#define target_REQUIRE NOT_APPLICABLE("a requirement is checked on the situation of whatever is resolved")

static const target_entry targets[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = target_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(targets);

int target_kind_of(def_kind kind)
{
	return targets[kind].find ? targets[kind].kind : -1;
}

int target_find(const rtab_ruleset *rs, def_kind kind, const char *id)
{
	return targets[kind].find ? targets[kind].find(rs, id) : -1;
}

construct_use target_use(def_kind kind)
{
	return CONSTRUCT_USE(targets[kind], find);
}
