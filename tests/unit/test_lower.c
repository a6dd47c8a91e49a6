/*
 * The portable lowering (compiler/lower): what it decides at compile time,
 * the shapes of programs it knows, and the refusal it reports, naming the
 * definition, for a shape it does not know (never a table left out in
 * silence). That the printed resolvers equal the interpreter is the
 * conformance suites' (tests/test_targets.py, tests/test_mutations.py).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower/lower.h"

#define N(a) (sizeof(a) / sizeof *(a))

static const rtab_input inputs[] = {
	{.id = "a", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 0, .max = 9},
	{.id = "b", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 0, .max = 9},
	{.id = "c", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 0, .max = 9},
};

/* 'sum of c over the items below a': 0, then per item: a >= 1? add c. */
static const rtab_instr aggregate[] = {
	{RTAB_OP_CONST, 0}, {RTAB_OP_INPUT, 0}, {RTAB_OP_CONST, 1}, {RTAB_OP_GE, 0},
	{RTAB_OP_JUMP_IF_FALSE, 2}, {RTAB_OP_INPUT, 2}, {RTAB_OP_ADD, 0},
};
/* if a = 1 then 2 else b */
static const rtab_instr if_then_else[] = {
	{RTAB_OP_INPUT, 0}, {RTAB_OP_CONST, 1}, {RTAB_OP_EQ, 0}, {RTAB_OP_JUMP_IF_FALSE, 2},
	{RTAB_OP_CONST, 2}, {RTAB_OP_JUMP, 1}, {RTAB_OP_INPUT, 1},
};
/* A jump on its own: no program the compiler writes. */
static const rtab_instr stray_jump[] = {{RTAB_OP_CONST, 1}, {RTAB_OP_JUMP, 0}};

static const uint16_t both[] = {0, 1};

static rtab_modifier modifiers[] = {
	{.id = "counted_at_step_1", .value = {N(aggregate), aggregate, NULL}, .sign = 1, .group = -1, .steps = 2},
	{.id = "counted_at_step_0", .value = {N(if_then_else), if_then_else, NULL}, .sign = -1, .group = -1, .steps = 1},
};

static rtab_table tables[] = {
	{.id = "t", .dice = RTAB_NO_DICE, .column_input = -1, .nmodifiers = 2, .modifiers = both, .step = 1},
};

static rtab_ruleset ruleset(void)
{
	rtab_ruleset rs;
	memset(&rs, 0, sizeof rs);
	rs.id = "unit";
	rs.ninputs = N(inputs);
	rs.inputs = inputs;
	rs.nmodifiers = N(modifiers);
	rs.modifiers = modifiers;
	rs.ntables = N(tables);
	rs.tables = tables;
	return rs;
}

static size_t count_op(const ir_code *c, ir_op op)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++)
		n += c->in[i].op == op;
	return n;
}

/* The table's step counts one of its two modifiers: the other is not in its IR at all. */
static void a_step_is_decided_at_compile_time(void **state)
{
	(void)state;
	rtab_ruleset rs = ruleset();
	lower_error why;
	ir_module *m = lower_ruleset(&rs, &why);
	assert_non_null(m);
	assert_int_equal(m->ntables, 1);
	const ir_list *l = &m->tables[0].modifiers;
	assert_int_equal(l->nmods, 1);
	assert_int_equal(l->mods[0].modifier, 0);
	assert_true(m->tables[0].step_refuses_drm);
	/* The ungrouped modifiers sum as one group, of the one counted. */
	assert_int_equal(l->ngroups, 1);
	assert_int_equal(l->groups[0].group, -1);
	assert_int_equal(l->groups[0].nmembers, 1);
	/* The listing says the same: the modifier of step 0 is nowhere in the table. */
	strbuf text = {0};
	ir_module_print(&text, m);
	assert_non_null(strstr(text.data, "table t\n modifier counted_at_step_1 sign 1 group -1"));
	assert_null(strstr(text.data, "counted_at_step_0"));
	sb_free(&text);
	ir_module_free(m);
}

/* An aggregate's step and an if-then-else each become one 'if' block whose register is the value. */
static void conditional_programs_become_blocks(void **state)
{
	(void)state;
	rtab_ruleset rs = ruleset();
	tables[0].step = 0;
	lower_error why;
	ir_module *m = lower_ruleset(&rs, &why);
	tables[0].step = 1;
	assert_non_null(m);
	const ir_code *v = &m->tables[0].modifiers.mods[0].value;
	assert_int_equal(count_op(v, IR_IF), 1);
	assert_int_equal(count_op(v, IR_ELSE), 1);
	assert_int_equal(count_op(v, IR_END), 1);
	/* The value is the block's: the sum when the item counts, else the sum before it. */
	for (size_t i = 0; i < v->n; i++)
		if (v->in[i].op == IR_IF)
			assert_int_equal(v->in[i].dst, v->value);
	ir_module_free(m);
	tables[0].step = -1;
	m = lower_ruleset(&rs, &why);
	tables[0].step = 1;
	assert_non_null(m);
	assert_int_equal(m->tables[0].modifiers.nmods, 2);
	const ir_code *w = &m->tables[0].modifiers.mods[1].value;
	assert_int_equal(count_op(w, IR_IF), 1);
	assert_int_equal(m->tables[0].modifiers.mods[1].sign, -1);
	ir_module_free(m);
}

/* A shape the lowering does not know is refused, naming the table and what of it. */
static void an_unknown_shape_is_reported(void **state)
{
	(void)state;
	rtab_ruleset rs = ruleset();
	modifiers[0].condition = (rtab_expr){N(stray_jump), stray_jump, NULL};
	lower_error why;
	ir_module *m = lower_ruleset(&rs, &why);
	modifiers[0].condition = (rtab_expr){0, NULL, NULL};
	assert_null(m);
	assert_int_equal(why.table, 0);
	assert_non_null(strstr(why.text, "table 't'"));
	assert_non_null(strstr(why.text, "a modifier's condition or value"));
	free(why.text);
}

/* A group that keeps one member per side: its choice decided per side at compile time, the
 * members in list order, the comparison by the policy and the side, and which members need a
 * test of whether they apply (those with a condition). */
static void a_kept_member_is_chosen_by_comparisons_decided_at_compile_time(void **state)
{
	(void)state;
	static const rtab_instr one[] = {{RTAB_OP_CONST, 1}};
	static const rtab_instr a_set[] = {{RTAB_OP_INPUT, 0}};
	static const rtab_group groups[] = {{.id = "best_of", .stacking = RTAB_STACK_BEST},
					    {.id = "worst_of", .stacking = RTAB_STACK_WORST}};
	static const rtab_modifier kept[] = {
		{.id = "d1", .condition = {N(a_set), a_set, NULL}, .value = {N(one), one, NULL}, .sign = -1, .group = 0},
		{.id = "d2", .value = {N(one), one, NULL}, .sign = -1, .group = 0},
		{.id = "d3", .value = {N(one), one, NULL}, .sign = -1, .group = 0},
		{.id = "a1", .value = {N(one), one, NULL}, .sign = 1, .group = 0},
		{.id = "w1", .value = {N(one), one, NULL}, .sign = 1, .group = 1},
		{.id = "w2", .condition = {N(a_set), a_set, NULL}, .value = {N(one), one, NULL}, .sign = 1, .group = 1},
	};
	static const uint16_t all[] = {0, 1, 2, 3, 4, 5};
	static const rtab_table table = {.id = "k", .dice = RTAB_NO_DICE, .column_input = -1, .nmodifiers = N(all),
					 .modifiers = all, .step = -1};
	rtab_ruleset rs = ruleset();
	rs.ngroups = N(groups);
	rs.groups = groups;
	rs.nmodifiers = N(kept);
	rs.modifiers = kept;
	rs.ntables = 1;
	rs.tables = &table;
	lower_error why;
	ir_module *m = lower_ruleset(&rs, &why);
	assert_non_null(m);
	const ir_list *l = &m->tables[0].modifiers;
	/* best's side -1 (three members: a1 alone on side +1 chooses nothing), then worst's side +1. */
	assert_int_equal(l->nkeeps, 2);
	const ir_keep *best = &l->keeps[0], *worst = &l->keeps[1];
	assert_int_equal(l->groups[best->group_sum].group, 0);
	assert_int_equal(best->sign, -1);
	assert_false(best->greater); /* the best for the defender is the least signed value */
	assert_int_equal(best->nmembers, 3);
	assert_int_equal(best->members[0], 0);
	assert_int_equal(best->members[2], 2);
	assert_false(best->always[0]);
	assert_true(best->always[1] && best->always[2]);
	assert_int_equal(l->groups[worst->group_sum].group, 1);
	assert_int_equal(worst->sign, 1);
	assert_false(worst->greater); /* the worst for the attacker is the least */
	assert_int_equal(worst->nmembers, 2);
	assert_true(worst->always[0]);
	assert_false(worst->always[1]);
	ir_module_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_step_is_decided_at_compile_time),
		cmocka_unit_test(conditional_programs_become_blocks),
		cmocka_unit_test(an_unknown_shape_is_reported),
		cmocka_unit_test(a_kept_member_is_chosen_by_comparisons_decided_at_compile_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
