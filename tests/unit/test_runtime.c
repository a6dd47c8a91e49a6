/*
 * Unit tests of the runtime over a hand-built ruleset (static const data,
 * no compiler involved): rtab_resolve (modifiers, extra DRM, cap, open ends,
 * columns, dice groups, provisional rows, natural-roll rules, rewrites,
 * triggers, stacking groups, steps), every op of rtab_expr_eval and
 * rtab_expr_eval_ctx, the inputs, reaction sets, transitions, distances,
 * procedures, the look-ups and labels, and the rejection of every bad
 * argument with its documented status (never a crash).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rtab.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define EXPR(...) \
	{ .ninstrs = COUNT(((const rtab_instr[]){__VA_ARGS__})), .instrs = (const rtab_instr[]){__VA_ARGS__} }

/* ------------------------------------------------------------------------ */
/* The ruleset.                                                              */
/* ------------------------------------------------------------------------ */

static const char *const locales[] = {"en", "ru"};
static const char *const title[] = {"Test", "Тест"};
static const char *const l_game[] = {"Game", "Игра"};
static const char *const l_tacw[] = {"TACW", NULL}; /* no Russian label: falls back */
static const char *const l_low[] = {"Low", "Низкий"};
static const char *const l_none[] = {NULL, NULL};

enum { IN_GAME, IN_FLAG, IN_LVL, NINPUTS };
enum { V_TACW, V_NGBG, V_OTHER };
enum { D_D6, D_MIXED, D_2D6, D_MANY };
enum { O_LOW, O_MID, O_HIGH, O_TRIG };
enum { M_FLAG, M_LVL, M_TACW, M_HUGE, M_W1, M_W2, M_B1, M_B2, M_S1, M_S2, M_D1, M_DW1, M_DW2,
       M_STEP, M_PROV, M_ROLLS, M_DEF_MIN };
enum { G_WORST, G_BEST, G_SUM };
enum { T_PLAIN, T_MAIN, T_OPEN, T_MULTI, T_HUGE, T_BADCOL, T_BADDICE, T_BADMOD, T_BADROW,
       T_BADOUT, T_NAT, T_GROUPS, T_STEP, T_NOSTEP, T_PROV, T_ROLLS, T_BADREWRITE, T_MANY,
       T_DEF_MIN, T_NODICE, NTABLES };

static const rtab_enum_value game_values[] = {
	{.id = "tacw", .labels = l_tacw},
	{.id = "ngbg", .labels = NULL},
	{.id = "other", .labels = NULL},
};
static const rtab_enum enums[] = {
	{.id = "game", .labels = l_game, .rule = "1.1", .nvalues = 3, .values = game_values},
};

static const rtab_input inputs[] = {
	[IN_GAME] = {.id = "game", .type = RTAB_TYPE_ENUM, .enum_index = 0, .min = 0, .max = 2,
		     .default_value = V_OTHER},
	[IN_FLAG] = {.id = "flag", .type = RTAB_TYPE_BOOL, .enum_index = -1, .min = 0, .max = 1,
		     .default_value = 0},
	[IN_LVL] = {.id = "lvl", .type = RTAB_TYPE_INT, .enum_index = -1, .min = -2, .max = 3,
		    .default_value = 1},
};

static const rtab_die_group d6_groups[] = {{.count = 1, .face_min = 1, .face_max = 6}};
/* 1d6 read 1-6, then 2d10 read 0-9: the groups have their own faces. */
static const rtab_die_group mixed_groups[] = {
	{.count = 1, .face_min = 1, .face_max = 6},
	{.count = 2, .face_min = 0, .face_max = 9},
};
static const rtab_die_group two_d6_groups[] = {{.count = 2, .face_min = 1, .face_max = 6}};
/* More dice than RTAB_MAX_FACES: data the compiler never emits. */
static const rtab_die_group many_groups[] = {{.count = RTAB_MAX_FACES + 1, .face_min = 1, .face_max = 2}};
static const rtab_dice dice[] = {
	[D_D6] = {.id = "d6", .ngroups = 1, .groups = d6_groups, .nfaces = 1, .min = 1, .max = 6},
	[D_MIXED] = {.id = "mixed", .ngroups = 2, .groups = mixed_groups, .nfaces = 3, .min = 1,
		     .max = 24},
	[D_2D6] = {.id = "two_d6", .ngroups = 1, .groups = two_d6_groups, .nfaces = 2, .min = 2,
		   .max = 12},
	[D_MANY] = {.id = "many", .ngroups = 1, .groups = many_groups, .nfaces = RTAB_MAX_FACES + 1,
		    .min = RTAB_MAX_FACES + 1, .max = 2 * (RTAB_MAX_FACES + 1)},
};

/* A modifier of the attacker (adds), in no group, counted at every step. */
#define MOD(...) {.sign = 1, .group = -1, __VA_ARGS__}

static const rtab_modifier modifiers[] = {
	/* +2 when flag */
	[M_FLAG] = MOD(.id = "m_flag", .condition = EXPR({RTAB_OP_INPUT, IN_FLAG}),
		       .value = EXPR({RTAB_OP_CONST, 2}), .min = 2, .max = 2),
	/* +lvl, always */
	[M_LVL] = MOD(.id = "m_lvl", .value = EXPR({RTAB_OP_INPUT, IN_LVL}), .min = -2, .max = 3),
	/* -1 when game == tacw */
	[M_TACW] = MOD(.id = "m_tacw",
		       .condition = EXPR({RTAB_OP_INPUT, IN_GAME}, {RTAB_OP_CONST, V_TACW}, {RTAB_OP_EQ, 0}),
		       .value = EXPR({RTAB_OP_CONST, -1}), .min = -1, .max = -1),
	/* a value that overflows */
	[M_HUGE] = MOD(.id = "m_huge",
		       .value = EXPR({RTAB_OP_CONST, INT32_MAX}, {RTAB_OP_CONST, 1}, {RTAB_OP_ADD, 0})),
	/* stacking: worst of the attacker's +2 and -1 */
	[M_W1] = {.id = "w1", .sign = 1, .group = G_WORST, .value = EXPR({RTAB_OP_CONST, 2})},
	[M_W2] = {.id = "w2", .sign = 1, .group = G_WORST, .value = EXPR({RTAB_OP_CONST, -1})},
	/* best of the attacker's +1 and +3 */
	[M_B1] = {.id = "b1", .sign = 1, .group = G_BEST, .value = EXPR({RTAB_OP_CONST, 1})},
	[M_B2] = {.id = "b2", .sign = 1, .group = G_BEST, .value = EXPR({RTAB_OP_CONST, 3})},
	/* a sum capped at -1..1 */
	[M_S1] = {.id = "s1", .sign = 1, .group = G_SUM, .value = EXPR({RTAB_OP_CONST, 1})},
	[M_S2] = {.id = "s2", .sign = 1, .group = G_SUM, .value = EXPR({RTAB_OP_CONST, 1})},
	/* the defender's: they subtract */
	[M_D1] = {.id = "d1", .sign = -1, .group = -1, .value = EXPR({RTAB_OP_CONST, 1})},
	/* the defender's in the 'worst' group: the smaller subtraction counts */
	[M_DW1] = {.id = "dw1", .sign = -1, .group = G_WORST, .value = EXPR({RTAB_OP_CONST, 3})},
	[M_DW2] = {.id = "dw2", .sign = -1, .group = G_WORST, .value = EXPR({RTAB_OP_CONST, 1})},
	/* counts at step 1 ("charge") only */
	[M_STEP] = MOD(.id = "m_step", .steps = 1u << 1, .value = EXPR({RTAB_OP_CONST, 5})),
	/* an unsettled value */
	[M_PROV] = MOD(.id = "m_prov", .value = EXPR({RTAB_OP_CONST, 1}), .provisional = "assumed +1"),
	/* a modifier that rolls dice: rtab_resolve gives it no faces */
	[M_ROLLS] = MOD(.id = "m_rolls", .value = EXPR({RTAB_OP_ROLL, D_D6})),
	/* the defender's INT32_MIN: its negation overflows */
	[M_DEF_MIN] = {.id = "def_min", .sign = -1, .group = -1, .value = EXPR({RTAB_OP_CONST, INT32_MIN})},
};

static const rtab_group groups[] = {
	[G_WORST] = {.id = "worst", .stacking = RTAB_STACK_WORST},
	[G_BEST] = {.id = "best", .stacking = RTAB_STACK_BEST},
	[G_SUM] = {.id = "sum", .stacking = RTAB_STACK_SUM, .capped = 1, .cap_min = -1, .cap_max = 1},
};

static const char *const steps[] = {"melee", "charge"};

/* What outcome trig leads to: the table plain always, reaction set 0 unless flag. */
static const rtab_trigger trig_triggers[] = {
	{.target = {.kind = RTAB_TARGET_TABLE, .index = T_PLAIN}},
	{.target = {.kind = RTAB_TARGET_REACTIONS, .index = 0},
	 .unless = EXPR({RTAB_OP_INPUT, IN_FLAG})},
};

static const rtab_outcome outcomes[] = {
	[O_LOW] = {.id = "low", .labels = l_low},
	[O_MID] = {.id = "mid"},
	[O_HIGH] = {.id = "high"},
	[O_TRIG] = {.id = "trig", .ntriggers = 2, .triggers = trig_triggers},
};

static const rtab_row rows3[] = {
	{.outcome = O_LOW, .rule = "9.1"},
	{.outcome = O_MID, .rule = "9.2"},
	{.outcome = O_HIGH, .rule = "9.3", .provisional = "the page is torn"},
};

/* plain: 1d6, 1-2 low, 3-4 mid, 5-6 high, nothing past the ends. */
static const int16_t plain_rows[] = {0, 0, 1, 1, 2, 2};
static const rtab_column plain_cols[] = {
	{.id = "all", .row_of_roll = plain_rows, .below_row = -1, .above_row = -1},
};

/* main: columns by game (tacw | ngbg, other), three modifiers, cap -2..2,
 * a dense range 1..6 and open ends below and above it. */
static const uint16_t main_col_of_value[] = {0, 1, 1};
static const int16_t main_tacw_rows[] = {0, 0, 1, 1, 2, 2};
static const int16_t main_others_rows[] = {0, 0, 0, 1, 1, 2};
static const rtab_column main_cols[] = {
	{.id = "tacw", .row_of_roll = main_tacw_rows, .below_row = 0, .above_row = 2},
	{.id = "others", .row_of_roll = main_others_rows, .below_row = 0, .above_row = 2},
};
static const uint16_t main_mods[] = {M_FLAG, M_LVL, M_TACW};

/* open: +lvl, uncapped, open below only. */
static const uint16_t open_mods[] = {M_LVL};
static const rtab_column open_cols[] = {
	{.id = "all", .row_of_roll = plain_rows, .below_row = 0, .above_row = -1},
};

/* multi: the mixed dice (1..24), <=8 low, 9-16 mid, 17+ high; dense 9..16. */
static const int16_t multi_rows[] = {1, 1, 1, 1, 1, 1, 1, 1};
static const rtab_column multi_cols[] = {
	{.id = "all", .row_of_roll = multi_rows, .below_row = 0, .above_row = 2},
};

static const uint16_t huge_mods[] = {M_HUGE};

/* nat: 2d6, 2-6 low, 7 trig, 8-12 high; natural 1+2 (any order) is high,
 * natural 6+6 is low; trig reads as mid when lvl == 3. */
static const rtab_row nat_rows[] = {{.outcome = O_LOW}, {.outcome = O_TRIG}, {.outcome = O_HIGH}};
static const int16_t nat_dense[] = {0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2};
static const rtab_column nat_cols[] = {
	{.id = "all", .row_of_roll = nat_dense, .below_row = -1, .above_row = -1},
};
static const rtab_natural_rule nat_rules[] = {
	{.nfaces = 2, .faces = (const int32_t[]){1, 2}, .outcome = O_HIGH, .rule = "2.1"},
	{.nfaces = 2, .faces = (const int32_t[]){6, 6}, .outcome = O_LOW, .rule = "2.2"},
};
static const rtab_rewrite nat_rewrites[] = {
	{.from = O_TRIG, .to = O_MID,
	 .condition = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_CONST, 3}, {RTAB_OP_EQ, 0}), .rule = "7.4"},
};
static const rtab_rewrite bad_rewrites[] = {{.from = O_MID, .to = 99}};

static const uint16_t group_mods[] = {M_W1, M_W2, M_B1, M_B2, M_S1, M_S2, M_D1, M_DW1, M_DW2};
static const uint16_t step_mods[] = {M_LVL, M_STEP};
static const uint16_t prov_mods[] = {M_PROV};
static const uint16_t rolls_mods[] = {M_ROLLS};
static const uint16_t def_min_mods[] = {M_DEF_MIN};

/* many: 17 dice of 1-2 (17..34), all low. */
static const int16_t many_dense[18] = {0};
static const rtab_column many_cols[] = {
	{.id = "all", .row_of_roll = many_dense, .below_row = -1, .above_row = -1},
};

/* Inconsistent data that the runtime must refuse, not follow. */
static const uint16_t badcol_col_of_value[] = {0, 7, 0};
static const uint16_t badmod_mods[] = {M_FLAG, 99};
static const int16_t badrow_rows[] = {0, 0, 1, 1, 2, 5};
static const rtab_column badrow_cols[] = {
	{.id = "all", .row_of_roll = badrow_rows, .below_row = -1, .above_row = -1},
};
static const rtab_row badout_rows[] = {{.outcome = O_LOW}, {.outcome = O_MID}, {.outcome = 42}};

/* Every table but main and nat: single column, rows3, 1d6 and a dense range
 * 1..6 unless said; no step. */
#define SINGLE .step = -1, .column_input = -1, .ncolumns = 1, .nrows = 3, .rows = rows3
#define D6_1_6 .dice = D_D6, .columns = plain_cols, .roll_min = 1, .roll_max = 6

static const rtab_table tables[] = {
	[T_PLAIN] = {.id = "plain", .labels = title, .rule = "9.0", SINGLE, D6_1_6},
	[T_MAIN] = {.id = "main", .step = -1, .dice = D_D6, .column_input = IN_GAME,
		    .column_of_value = main_col_of_value, .ncolumns = 2, .columns = main_cols,
		    .nrows = 3, .rows = rows3, .nmodifiers = 3, .modifiers = main_mods, .capped = 1,
		    .cap_min = -2, .cap_max = 2, .roll_min = 1, .roll_max = 6},
	[T_OPEN] = {.id = "open", SINGLE, .dice = D_D6, .columns = open_cols, .nmodifiers = 1,
		    .modifiers = open_mods, .roll_min = 1, .roll_max = 6},
	[T_MULTI] = {.id = "multi", SINGLE, .dice = D_MIXED, .columns = multi_cols, .roll_min = 9,
		     .roll_max = 16},
	[T_HUGE] = {.id = "huge", SINGLE, D6_1_6, .nmodifiers = 1, .modifiers = huge_mods},
	[T_BADCOL] = {.id = "badcol", .step = -1, .column_input = IN_GAME,
		      .column_of_value = badcol_col_of_value, .ncolumns = 1, .nrows = 3,
		      .rows = rows3, D6_1_6},
	[T_BADDICE] = {.id = "baddice", SINGLE, .dice = 9, .columns = plain_cols, .roll_min = 1,
		       .roll_max = 6},
	[T_BADMOD] = {.id = "badmod", SINGLE, D6_1_6, .nmodifiers = 2, .modifiers = badmod_mods},
	[T_BADROW] = {.id = "badrow", SINGLE, .dice = D_D6, .columns = badrow_cols, .roll_min = 1,
		      .roll_max = 6},
	[T_BADOUT] = {.id = "badout", .step = -1, .column_input = -1, .ncolumns = 1, .nrows = 3,
		      .rows = badout_rows, D6_1_6},
	[T_NAT] = {.id = "nat", .step = -1, .dice = D_2D6, .column_input = -1, .ncolumns = 1,
		   .columns = nat_cols, .nrows = 3, .rows = nat_rows, .roll_min = 2, .roll_max = 12,
		   .nnatural = 2, .natural = nat_rules, .nrewrites = 1, .rewrites = nat_rewrites},
	[T_GROUPS] = {.id = "groups", .step = -1, .dice = D_D6, .column_input = -1, .ncolumns = 1,
		      .columns = open_cols, .nrows = 3, .rows = rows3, .nmodifiers = 9,
		      .modifiers = group_mods, .roll_min = 1, .roll_max = 6},
	[T_STEP] = {.id = "step", .step = 1, .column_input = -1, .ncolumns = 1, .nrows = 3,
		    .rows = rows3, D6_1_6, .nmodifiers = 2, .modifiers = step_mods},
	[T_NOSTEP] = {.id = "nostep", SINGLE, .dice = D_D6, .columns = open_cols, .roll_min = 1,
		      .roll_max = 6, .nmodifiers = 2, .modifiers = step_mods},
	[T_PROV] = {.id = "prov", SINGLE, .dice = D_D6, .columns = open_cols, .roll_min = 1,
		    .roll_max = 6, .nmodifiers = 1, .modifiers = prov_mods},
	[T_ROLLS] = {.id = "rolls", SINGLE, D6_1_6, .nmodifiers = 1, .modifiers = rolls_mods},
	[T_BADREWRITE] = {.id = "badrewrite", SINGLE, D6_1_6, .nrewrites = 1, .rewrites = bad_rewrites},
	[T_MANY] = {.id = "many", SINGLE, .dice = D_MANY, .columns = many_cols,
		    .roll_min = RTAB_MAX_FACES + 1, .roll_max = 2 * (RTAB_MAX_FACES + 1)},
	[T_DEF_MIN] = {.id = "def_min", SINGLE, .dice = D_D6, .columns = open_cols, .roll_min = 1,
		       .roll_max = 6, .nmodifiers = 1, .modifiers = def_min_mods},
	/* keyed by the modifier total alone (+lvl): no faces, natural 0 */
	[T_NODICE] = {.id = "nodice", SINGLE, .dice = RTAB_NO_DICE, .columns = open_cols,
		      .roll_min = 1, .roll_max = 6, .nmodifiers = 1, .modifiers = open_mods},
};

/* A matrix by game x game: cell (a, b) is 10a + b; (ngbg, other) is unsettled. */
static const uint16_t mx_dims[] = {0, 0};
static const int32_t mx_cells[] = {0, 1, 2, 10, 11, 12, 20, 21, 22};
static const char *const mx_prov[] = {NULL, NULL, NULL, NULL, NULL, "unsure cell", NULL, NULL, NULL};
static const uint16_t bad_dims[] = {5};
static const rtab_matrix matrices[] = {
	{.id = "mx", .ndims = 2, .dims = mx_dims, .cells = mx_cells, .provisional = mx_prov,
	 .min = 0, .max = 22},
	{.id = "bad_dims", .ndims = 1, .dims = bad_dims, .cells = mx_cells},
};

static const rtab_band_step ratio_steps[] = {
	{.num = 2, .den = 1, .value = 1},
	{.num = 4, .den = 1, .value = 2},
	{.num = 1, .den = 2, .value = -1},
	{.num = 1, .den = 4, .value = -2},
};
static const rtab_band_step bad_steps[] = {{.num = 0, .den = 1, .value = 9}};
static const rtab_band bands[] = {
	{.id = "ratio", .nsteps = 4, .steps = ratio_steps, .otherwise = 0},
	{.id = "bad_band", .nsteps = 1, .steps = bad_steps, .otherwise = 0},
};

/* Reactions: hold unless flag; shoot when lvl >= 2; flee always. */
static const rtab_option charge_options[] = {
	{.id = "hold", .guard = EXPR({RTAB_OP_INPUT, IN_FLAG}, {RTAB_OP_NOT, 0}), .outcome = O_MID},
	{.id = "shoot", .guard = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_CONST, 2}, {RTAB_OP_GE, 0}),
	 .outcome = -1},
	{.id = "flee", .outcome = O_LOW},
};
static const rtab_option bad_options[] = {
	{.id = "broken", .guard = EXPR({RTAB_OP_ADD, 0})},
};
static const rtab_reaction_set reaction_sets[] = {
	{.id = "charge_reaction", .noptions = 3, .options = charge_options},
	{.id = "bad_reactions", .noptions = 1, .options = bad_options},
};

/* Transitions over game: tacw -> ngbg -> other, other undefined. */
static const int16_t hit_next[] = {V_NGBG, V_OTHER, -1};
static const rtab_transition transitions[] = {
	{.id = "hit", .input = IN_GAME, .next = hit_next},
	{.id = "bad_transition", .input = 7, .next = hit_next},
};

/* Distances: lvl + 1d6 cm, or (lvl + 1d6) * 2 inches; flee: if lvl > 1 then
 * 2d6 else 1d6, provisional. */
static const rtab_distance_form retire_forms[] = {
	{.value = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_ROLL, D_D6}, {RTAB_OP_ADD, 0}), .unit = "cm"},
	{.value = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_ROLL, D_D6}, {RTAB_OP_ADD, 0},
		       {RTAB_OP_CONST, 2}, {RTAB_OP_MUL, 0}),
	 .unit = "inches"},
};
static const rtab_distance_form flee_forms[] = {
	{.value = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_CONST, 1}, {RTAB_OP_GT, 0},
		       {RTAB_OP_JUMP_IF_FALSE, 2}, {RTAB_OP_ROLL, D_2D6}, {RTAB_OP_JUMP, 1},
		       {RTAB_OP_ROLL, D_D6}),
	 .unit = "inches"},
};
static const rtab_distance distances[] = {
	{.id = "retire", .nforms = 2, .forms = retire_forms},
	{.id = "flee", .nforms = 1, .forms = flee_forms, .provisional = "the distance is assumed"},
};

/* Procedure: s0 when flag, s1 when lvl > 0, otherwise low. */
static const rtab_procedure_step proc_steps[] = {
	{.id = "s0", .guard = EXPR({RTAB_OP_INPUT, IN_FLAG}), .outcome = O_MID},
	{.id = "s1", .guard = EXPR({RTAB_OP_INPUT, IN_LVL}, {RTAB_OP_CONST, 0}, {RTAB_OP_GT, 0}),
	 .outcome = O_HIGH},
};
static const rtab_procedure_step bad_proc_steps[] = {
	{.id = "broken", .guard = EXPR({RTAB_OP_NEG, 0})},
};
static const rtab_procedure procedures[] = {
	{.id = "proc", .nsteps = 2, .steps = proc_steps, .otherwise = O_LOW},
	{.id = "bad_proc", .nsteps = 1, .steps = bad_proc_steps, .otherwise = -1},
};

static const rtab_ruleset rs = {
	.data_version = RTAB_DATA_VERSION,
	.id = "test",
	.title = title,
	.nlocales = 2,
	.locales = locales,
	.nenums = 1,
	.enums = enums,
	.ninputs = NINPUTS,
	.inputs = inputs,
	.ndice = COUNT(dice),
	.dice = dice,
	.noutcomes = COUNT(outcomes),
	.outcomes = outcomes,
	.nmodifiers = COUNT(modifiers),
	.modifiers = modifiers,
	.ntables = NTABLES,
	.tables = tables,
	.nmatrices = COUNT(matrices),
	.matrices = matrices,
	.nbands = COUNT(bands),
	.bands = bands,
	.ngroups = COUNT(groups),
	.groups = groups,
	.nsteps = COUNT(steps),
	.steps = steps,
	.nreaction_sets = COUNT(reaction_sets),
	.reaction_sets = reaction_sets,
	.ntransitions = COUNT(transitions),
	.transitions = transitions,
	.ndistances = COUNT(distances),
	.distances = distances,
	.nprocedures = COUNT(procedures),
	.procedures = procedures,
};

/* ------------------------------------------------------------------------ */
/* rtab_resolve                                                              */
/* ------------------------------------------------------------------------ */

typedef struct applied_want {
	int modifier; /* -1 ends the list */
	int32_t value;
} applied_want;

typedef struct resolve_want {
	int32_t natural, modifier_raw, modifier, modified_roll;
	uint16_t column, row, outcome;
	applied_want applied[4];
	const char *provisional;
} resolve_want;

typedef struct resolve_case {
	const char *what;
	size_t table;
	int32_t game, flag, lvl;
	int32_t faces[4];
	size_t nfaces;
	int32_t drm;
	int rc;
	resolve_want want; /* when rc is RTAB_OK */
} resolve_case;

#define NONE {{-1, 0}}

static const resolve_case resolve_cases[] = {
	{"plain: face 1", T_PLAIN, V_OTHER, 0, 1, {1}, 1, 0, RTAB_OK, {1, 0, 0, 1, 0, 0, O_LOW, NONE, NULL}},
	{"plain: face 4", T_PLAIN, V_OTHER, 0, 1, {4}, 1, 0, RTAB_OK, {4, 0, 0, 4, 0, 1, O_MID, NONE, NULL}},
	{"plain: a provisional row", T_PLAIN, V_OTHER, 0, 1, {6}, 1, 0, RTAB_OK, {6, 0, 0, 6, 0, 2,
	 O_HIGH, NONE, "the page is torn"}},
	{"plain: extra DRM within the dense range", T_PLAIN, V_OTHER, 0, 1, {2}, 1, 2, RTAB_OK, {2, 2, 2, 4,
	 0, 1, O_MID, NONE, NULL}},
	{"plain: extra DRM past the top, no open end", T_PLAIN, V_OTHER, 0, 1, {6}, 1, 1, RTAB_E_NO_ROW, {0}},
	{"plain: extra DRM past the bottom, no open end", T_PLAIN, V_OTHER, 0, 1, {1}, 1, -1,
	 RTAB_E_NO_ROW, {0}},

	{"main: defaults; the unconditional modifier applies, the conditional ones do not", T_MAIN,
	 V_OTHER, 0, 1, {3}, 1, 0, RTAB_OK, {3, 1, 1, 4, 1, 1, O_MID, {{M_LVL, 1}, {-1, 0}}, NULL}},
	{"main: a modifier of value 0 that applies is listed", T_MAIN, V_NGBG, 0, 0, {5}, 1, 0, RTAB_OK,
	 {5, 0, 0, 5, 1, 1, O_MID, {{M_LVL, 0}, {-1, 0}}, NULL}},
	{"main: every modifier applies; capped at the top", T_MAIN, V_TACW, 1, 3, {1}, 1, 0, RTAB_OK, {1,
	 4, 2, 3, 0, 1, O_MID, {{M_FLAG, 2}, {M_LVL, 3}, {M_TACW, -1}, {-1, 0}}, NULL}},
	{"main: capped at the bottom, below the dense range", T_MAIN, V_OTHER, 0, -2, {1}, 1, -3,
	 RTAB_OK, {1, -5, -2, -1, 1, 0, O_LOW, {{M_LVL, -2}, {-1, 0}}, NULL}},
	{"main: the cap covers the extra DRM too", T_MAIN, V_OTHER, 0, 0, {3}, 1, 10, RTAB_OK, {3, 10, 2,
	 5, 1, 1, O_MID, {{M_LVL, 0}, {-1, 0}}, NULL}},
	{"main: above the dense range, provisional", T_MAIN, V_TACW, 1, 3, {6}, 1, 0, RTAB_OK, {6, 4, 2,
	 8, 0, 2, O_HIGH, {{M_FLAG, 2}, {M_LVL, 3}, {M_TACW, -1}, {-1, 0}}, "the page is torn"}},
	{"main: column tacw", T_MAIN, V_TACW, 0, 0, {4}, 1, 0, RTAB_OK, {4, -1, -1, 3, 0, 1, O_MID,
	 {{M_LVL, 0}, {M_TACW, -1}, {-1, 0}}, NULL}},
	{"main: column others, same roll", T_MAIN, V_OTHER, 0, 0, {3}, 1, 0, RTAB_OK, {3, 0, 0, 3, 1, 0,
	 O_LOW, {{M_LVL, 0}, {-1, 0}}, NULL}},
	{"main: the condition holds only for its enum value", T_MAIN, V_NGBG, 1, 0, {2}, 1, 0, RTAB_OK,
	 {2, 2, 2, 4, 1, 1, O_MID, {{M_FLAG, 2}, {M_LVL, 0}, {-1, 0}}, NULL}},

	{"open: far below, the open end", T_OPEN, V_OTHER, 0, -2, {1}, 1, -100, RTAB_OK, {1, -102, -102,
	 -101, 0, 0, O_LOW, {{M_LVL, -2}, {-1, 0}}, NULL}},
	{"open: above, no open end", T_OPEN, V_OTHER, 0, 3, {4}, 1, 0, RTAB_E_NO_ROW, {0}},
	{"open: the total modifier overflows", T_OPEN, V_OTHER, 0, 1, {4}, 1, INT32_MAX, RTAB_E_OVERFLOW, {0}},
	{"open: the modified roll overflows", T_OPEN, V_OTHER, 0, 0, {4}, 1, INT32_MAX, RTAB_E_OVERFLOW, {0}},
	{"open: the total modifier underflows", T_OPEN, V_OTHER, 0, -2, {1}, 1, INT32_MIN + 1,
	 RTAB_E_OVERFLOW, {0}},
	{"open: the lowest total modifier", T_OPEN, V_OTHER, 0, -1, {1}, 1, INT32_MIN + 1, RTAB_OK, {1,
	 INT32_MIN, INT32_MIN, INT32_MIN + 1, 0, 0, O_LOW, {{M_LVL, -1}, {-1, 0}}, NULL}},

	{"multi: lowest faces, below the dense range", T_MULTI, V_OTHER, 0, 1, {1, 0, 0}, 3, 0, RTAB_OK,
	 {1, 0, 0, 1, 0, 0, O_LOW, NONE, NULL}},
	{"multi: middle", T_MULTI, V_OTHER, 0, 1, {3, 4, 5}, 3, 0, RTAB_OK, {12, 0, 0, 12, 0, 1, O_MID,
	 NONE, NULL}},
	{"multi: highest faces, above the dense range", T_MULTI, V_OTHER, 0, 1, {6, 9, 9}, 3, 0,
	 RTAB_OK, {24, 0, 0, 24, 0, 2, O_HIGH, NONE, "the page is torn"}},
	{"multi: 0 is off the first die (1-6)", T_MULTI, V_OTHER, 0, 1, {0, 5, 5}, 3, 0, RTAB_E_FACES, {0}},
	{"multi: 7 is off the first die", T_MULTI, V_OTHER, 0, 1, {7, 5, 5}, 3, 0, RTAB_E_FACES, {0}},
	{"multi: 10 is off a d10 read 0-9", T_MULTI, V_OTHER, 0, 1, {1, 10, 0}, 3, 0, RTAB_E_FACES, {0}},
	{"multi: -1 is off a d10 read 0-9", T_MULTI, V_OTHER, 0, 1, {1, 0, -1}, 3, 0, RTAB_E_FACES, {0}},
	{"multi: 6 is on the first die, not on the others", T_MULTI, V_OTHER, 0, 1, {1, 6, 6}, 3, 0,
	 RTAB_OK, {13, 0, 0, 13, 0, 1, O_MID, NONE, NULL}},
	{"multi: too few faces", T_MULTI, V_OTHER, 0, 1, {1, 1}, 2, 0, RTAB_E_FACES, {0}},
	{"multi: too many faces", T_MULTI, V_OTHER, 0, 1, {1, 1, 1, 1}, 4, 0, RTAB_E_FACES, {0}},

	{"a modifier whose value overflows", T_HUGE, V_OTHER, 0, 1, {1}, 1, 0, RTAB_E_OVERFLOW, {0}},
	{"a column input value with no column", T_BADCOL, V_NGBG, 0, 1, {1}, 1, 0, RTAB_E_COLUMN, {0}},
	{"the other values of that input have one", T_BADCOL, V_TACW, 0, 1, {1}, 1, 0, RTAB_OK, {1, 0, 0,
	 1, 0, 0, O_LOW, NONE, NULL}},
	{"a table with dice out of range", T_BADDICE, V_OTHER, 0, 1, {1}, 1, 0, RTAB_E_RULESET, {0}},
	{"a table with a modifier out of range", T_BADMOD, V_OTHER, 0, 1, {1}, 1, 0, RTAB_E_RULESET, {0}},
	{"a dense entry naming a row out of range", T_BADROW, V_OTHER, 0, 1, {6}, 1, 0, RTAB_E_RULESET, {0}},
	{"a row naming an outcome out of range", T_BADOUT, V_OTHER, 0, 1, {6}, 1, 0, RTAB_E_RULESET, {0}},
};

static void test_resolve(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(resolve_cases); i++) {
		const resolve_case *c = &resolve_cases[i];
		int32_t in[NINPUTS] = {[IN_GAME] = c->game, [IN_FLAG] = c->flag, [IN_LVL] = c->lvl};
		rtab_result r;
		print_message("case: %s\n", c->what);
		memset(&r, 0xA5, sizeof r);
		int rc = rtab_resolve(&rs, c->table, in, NINPUTS, c->faces, c->nfaces, c->drm, &r);
		assert_int_equal(rc, c->rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(r.table, c->table);
		assert_int_equal(r.natural, c->want.natural);
		assert_int_equal(r.modifier_raw, c->want.modifier_raw);
		assert_int_equal(r.modifier, c->want.modifier);
		assert_int_equal(r.modified_roll, c->want.modified_roll);
		assert_int_equal(r.column, c->want.column);
		assert_int_equal(r.row, c->want.row);
		assert_int_equal(r.outcome, c->want.outcome);
		size_t n = 0;
		while (n < COUNT(c->want.applied) && c->want.applied[n].modifier >= 0)
			n++;
		assert_int_equal(r.napplied, n);
		for (size_t k = 0; k < n; k++) {
			assert_int_equal(r.applied[k].modifier, c->want.applied[k].modifier);
			assert_int_equal(r.applied[k].value, c->want.applied[k].value);
		}
		if (c->want.provisional)
			assert_string_equal(r.provisional, c->want.provisional);
		else
			assert_null(r.provisional);
	}
}

/* Natural-roll rules, rewrites, triggers, steps, provisional modifiers. */
typedef struct rule_case {
	const char *what;
	size_t table;
	int32_t flag, lvl;
	int32_t faces[2];
	size_t nfaces;
	int rc;
	int32_t modified_roll;
	uint16_t outcome, row;
	int16_t natural_rule, rewritten_from, rewrite;
	uint16_t napplied;
	const char *triggered; /* "kind:index ...", e.g. "0:0 1:0" */
	const char *provisional;
} rule_case;

static const rule_case rule_cases[] = {
	{"natural 1, 2 decides whatever the roll", T_NAT, 0, 1, {1, 2}, 2, RTAB_OK, 3, O_HIGH,
	 UINT16_MAX, 0, -1, -1, 0, "", NULL},
	{"natural 2, 1: faces in any order", T_NAT, 0, 1, {2, 1}, 2, RTAB_OK, 3, O_HIGH, UINT16_MAX, 0,
	 -1, -1, 0, "", NULL},
	{"natural 6, 6 is low though 12 is high", T_NAT, 0, 1, {6, 6}, 2, RTAB_OK, 12, O_LOW, UINT16_MAX,
	 1, -1, -1, 0, "", NULL},
	{"no natural rule: the row decides", T_NAT, 0, 1, {2, 2}, 2, RTAB_OK, 4, O_LOW, 0, -1, -1, -1, 0,
	 "", NULL},
	{"an outcome's triggers, none suppressed", T_NAT, 0, 1, {3, 4}, 2, RTAB_OK, 7, O_TRIG, 1, -1, -1,
	 -1, 0, "0:0 1:0", NULL},
	{"a trigger suppressed 'unless' flag", T_NAT, 1, 1, {3, 4}, 2, RTAB_OK, 7, O_TRIG, 1, -1, -1, -1,
	 0, "0:0", NULL},
	{"a rewrite: trig reads as mid when lvl == 3, and mid triggers nothing", T_NAT, 0, 3, {3, 4}, 2,
	 RTAB_OK, 7, O_MID, 1, -1, O_TRIG, 0, 0, "", NULL},
	{.what = "a rewrite to an outcome out of range", .table = T_BADREWRITE, .lvl = 1, .faces = {3},
	 .nfaces = 1, .rc = RTAB_E_RULESET},
	{"a table of a step counts only the modifiers of that step", T_STEP, 0, 1, {1}, 1, RTAB_OK, 6,
	 O_HIGH, 2, -1, -1, -1, 1, "", "the page is torn"},
	{"a table of no step counts every modifier", T_NOSTEP, 0, -2, {1}, 1, RTAB_OK, 4, O_MID, 1, -1,
	 -1, -1, 2, "", NULL},
	{"a provisional modifier makes the result provisional", T_PROV, 0, 1, {3}, 1, RTAB_OK, 4, O_MID, 1,
	 -1, -1, -1, 1, "", "assumed +1"},
	{"the row's reason is named before a modifier's", T_PROV, 0, 1, {5}, 1, RTAB_OK, 6, O_HIGH, 2, -1,
	 -1, -1, 1, "", "the page is torn"},
	{.what = "a modifier that rolls dice has no faces to read", .table = T_ROLLS, .lvl = 1,
	 .faces = {3}, .nfaces = 1, .rc = RTAB_E_FACES},
	{"a table without dice: the modifier total is the roll", T_NODICE, 0, 3, {0}, 0, RTAB_OK, 3,
	 O_MID, 1, -1, -1, -1, 1, "", NULL},
	{"a table without dice, below its dense range", T_NODICE, 0, -2, {0}, 0, RTAB_OK, -2, O_LOW, 0,
	 -1, -1, -1, 1, "", NULL},
	{.what = "a table without dice takes no faces", .table = T_NODICE, .lvl = 1, .faces = {3},
	 .nfaces = 1, .rc = RTAB_E_FACES},
};

static void test_resolve_rules(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(rule_cases); i++) {
		const rule_case *c = &rule_cases[i];
		int32_t in[NINPUTS] = {[IN_GAME] = V_OTHER, [IN_FLAG] = c->flag, [IN_LVL] = c->lvl};
		char triggered[64] = "";
		rtab_result r;
		print_message("case: %s\n", c->what);
		int rc = rtab_resolve(&rs, c->table, in, NINPUTS, c->faces, c->nfaces, 0, &r);
		assert_int_equal(rc, c->rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(r.modified_roll, c->modified_roll);
		assert_int_equal(r.outcome, c->outcome);
		assert_int_equal(r.row, c->row);
		assert_int_equal(r.natural_rule, c->natural_rule);
		assert_int_equal(r.rewritten_from, c->rewritten_from);
		assert_int_equal(r.rewrite, c->rewrite);
		assert_int_equal(r.napplied, c->napplied);
		for (size_t k = 0; k < r.ntriggered; k++)
			snprintf(triggered + strlen(triggered), sizeof triggered - strlen(triggered),
				 "%s%u:%u", k ? " " : "", r.triggered[k].kind, r.triggered[k].index);
		assert_string_equal(triggered, c->triggered);
		if (c->provisional)
			assert_string_equal(r.provisional, c->provisional);
		else
			assert_null(r.provisional);
	}
}

/* Stacking groups and sides: worst, best, a capped sum, the defender's. */
static void test_resolve_groups(void **state)
{
	static const struct {
		int modifier;
		int32_t value, signed_value;
		uint8_t counted;
	} want[] = {
		{M_W1, 2, 2, 0},  /* the attacker's worst is -1 */
		{M_W2, -1, -1, 1},
		{M_B1, 1, 1, 0},  /* the attacker's best is +3 */
		{M_B2, 3, 3, 1},
		{M_S1, 1, 1, 1},  /* both count, their sum 2 is capped at 1 */
		{M_S2, 1, 1, 1},
		{M_D1, 1, -1, 1}, /* the defender's subtract */
		{M_DW1, 3, -3, 0}, /* the defender's worst is the smaller subtraction */
		{M_DW2, 1, -1, 1},
	};
	int32_t in[NINPUTS] = {V_OTHER, 0, 1};
	int32_t face = 3;
	rtab_result r;
	(void)state;
	assert_int_equal(rtab_resolve(&rs, T_GROUPS, in, NINPUTS, &face, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.napplied, COUNT(want));
	for (size_t i = 0; i < COUNT(want); i++) {
		print_message("applied %zu: %s\n", i, modifiers[want[i].modifier].id);
		assert_int_equal(r.applied[i].modifier, want[i].modifier);
		assert_int_equal(r.applied[i].value, want[i].value);
		assert_int_equal(r.applied[i].signed_value, want[i].signed_value);
		assert_int_equal(r.applied[i].counted, want[i].counted);
	}
	/* worst: -1 - 1; best: +3; sum: +1; ungrouped: -1 */
	assert_int_equal(r.modifier_raw, 1);
	assert_int_equal(r.modifier, 1);
	assert_int_equal(r.modified_roll, 4);
	assert_int_equal(r.outcome, O_MID);
}

/* More faces than RTAB_MAX_FACES are refused, whatever the dice claim. */
static void test_resolve_more_faces_than_the_limit(void **state)
{
	int32_t in[NINPUTS] = {V_OTHER, 0, 1};
	int32_t faces[RTAB_MAX_FACES + 1];
	rtab_result r;
	(void)state;
	for (size_t i = 0; i < COUNT(faces); i++)
		faces[i] = 1;
	assert_int_equal(rtab_resolve(&rs, T_MANY, in, NINPUTS, faces, COUNT(faces), 0, &r),
			 RTAB_E_FACES);
}

/* A defender's modifier of INT32_MIN cannot be negated: an overflow, reported. */
static void test_resolve_defender_int32_min(void **state)
{
	int32_t in[NINPUTS] = {V_OTHER, 0, 1};
	int32_t face = 1;
	rtab_result r;
	(void)state;
	assert_int_equal(rtab_resolve(&rs, T_DEF_MIN, in, NINPUTS, &face, 1, 0, &r), RTAB_E_OVERFLOW);
}

/* ------------------------------------------------------------------------ */
/* rtab_expr_eval                                                            */
/* ------------------------------------------------------------------------ */

typedef struct expr_case {
	const char *what;
	rtab_instr instrs[8];
	uint16_t n;
	int rc;
	int32_t value;
} expr_case;

#define C(v) {RTAB_OP_CONST, (v)}
#define I(k) {RTAB_OP_INPUT, (k)}
#define OP(o) {RTAB_OP_##o, 0}

/* Evaluated against these inputs. */
static const int32_t expr_inputs[] = {5, -3, INT32_MAX, INT32_MIN};

static const expr_case expr_cases[] = {
	{"const", {C(7)}, 1, RTAB_OK, 7},
	{"negative const", {C(-7)}, 1, RTAB_OK, -7},
	{"input", {I(0)}, 1, RTAB_OK, 5},
	{"last input", {I(3)}, 1, RTAB_OK, INT32_MIN},
	{"neg", {C(5), OP(NEG)}, 2, RTAB_OK, -5},
	{"neg of a negative", {I(1), OP(NEG)}, 2, RTAB_OK, 3},
	{"neg of INT32_MAX", {I(2), OP(NEG)}, 2, RTAB_OK, -INT32_MAX},
	{"neg of INT32_MIN overflows", {I(3), OP(NEG)}, 2, RTAB_E_OVERFLOW, 0},
	{"not 0", {C(0), OP(NOT)}, 2, RTAB_OK, 1},
	{"not 5", {C(5), OP(NOT)}, 2, RTAB_OK, 0},
	{"add", {C(2), C(3), OP(ADD)}, 3, RTAB_OK, 5},
	{"add negative", {I(0), I(1), OP(ADD)}, 3, RTAB_OK, 2},
	{"add to the top", {I(2), C(0), OP(ADD)}, 3, RTAB_OK, INT32_MAX},
	{"add overflows", {I(2), C(1), OP(ADD)}, 3, RTAB_E_OVERFLOW, 0},
	{"add underflows", {I(3), C(-1), OP(ADD)}, 3, RTAB_E_OVERFLOW, 0},
	{"add INT32_MIN + INT32_MAX", {I(3), I(2), OP(ADD)}, 3, RTAB_OK, -1},
	{"sub", {C(2), C(3), OP(SUB)}, 3, RTAB_OK, -1},
	{"sub is ordered", {C(3), C(2), OP(SUB)}, 3, RTAB_OK, 1},
	{"sub underflows", {I(3), C(1), OP(SUB)}, 3, RTAB_E_OVERFLOW, 0},
	{"sub of INT32_MIN overflows", {C(0), I(3), OP(SUB)}, 3, RTAB_E_OVERFLOW, 0},
	{"sub to INT32_MIN", {C(-1), I(2), OP(SUB)}, 3, RTAB_OK, INT32_MIN},
	{"mul", {C(6), C(-7), OP(MUL)}, 3, RTAB_OK, -42},
	{"mul at the edge", {C(46340), C(46340), OP(MUL)}, 3, RTAB_OK, 2147395600},
	{"mul overflows", {C(46341), C(46341), OP(MUL)}, 3, RTAB_E_OVERFLOW, 0},
	{"mul 2^16 * 2^16 overflows", {C(65536), C(65536), OP(MUL)}, 3, RTAB_E_OVERFLOW, 0},
	{"mul -1 * INT32_MIN overflows", {C(-1), I(3), OP(MUL)}, 3, RTAB_E_OVERFLOW, 0},
	{"mul -1 * INT32_MAX", {C(-1), I(2), OP(MUL)}, 3, RTAB_OK, -INT32_MAX},
	{"eq, equal", {C(3), C(3), OP(EQ)}, 3, RTAB_OK, 1},
	{"eq, different", {C(3), C(2), OP(EQ)}, 3, RTAB_OK, 0},
	{"ne, equal", {C(3), C(3), OP(NE)}, 3, RTAB_OK, 0},
	{"ne, different", {C(3), C(2), OP(NE)}, 3, RTAB_OK, 1},
	{"lt, less", {C(2), C(3), OP(LT)}, 3, RTAB_OK, 1},
	{"lt, equal", {C(3), C(3), OP(LT)}, 3, RTAB_OK, 0},
	{"lt, greater", {C(3), C(2), OP(LT)}, 3, RTAB_OK, 0},
	{"le, less", {C(2), C(3), OP(LE)}, 3, RTAB_OK, 1},
	{"le, equal", {C(3), C(3), OP(LE)}, 3, RTAB_OK, 1},
	{"le, greater", {C(3), C(2), OP(LE)}, 3, RTAB_OK, 0},
	{"gt, less", {C(2), C(3), OP(GT)}, 3, RTAB_OK, 0},
	{"gt, equal", {C(3), C(3), OP(GT)}, 3, RTAB_OK, 0},
	{"gt, greater", {C(3), C(2), OP(GT)}, 3, RTAB_OK, 1},
	{"ge, less", {C(2), C(3), OP(GE)}, 3, RTAB_OK, 0},
	{"ge, equal", {C(3), C(3), OP(GE)}, 3, RTAB_OK, 1},
	{"ge, greater", {C(3), C(2), OP(GE)}, 3, RTAB_OK, 1},
	{"ordering of the extremes", {I(3), I(2), OP(LT)}, 3, RTAB_OK, 1},
	{"and, both true", {C(2), C(3), OP(AND)}, 3, RTAB_OK, 1},
	{"and, one false", {C(0), C(5), OP(AND)}, 3, RTAB_OK, 0},
	{"and, both false", {C(0), C(0), OP(AND)}, 3, RTAB_OK, 0},
	{"or, both true", {C(2), C(3), OP(OR)}, 3, RTAB_OK, 1},
	{"or, one true", {C(0), C(5), OP(OR)}, 3, RTAB_OK, 1},
	{"or, both false", {C(0), C(0), OP(OR)}, 3, RTAB_OK, 0},
	{"a program that leaves two values",
	 {I(0), C(1), OP(ADD), C(2), OP(MUL), C(12), OP(GE), I(1)}, 8, RTAB_E_EXPR, 0},
	{"div_down exact", {C(6), C(3), OP(DIV_DOWN)}, 3, RTAB_OK, 2},
	{"div_down 7/2", {C(7), C(2), OP(DIV_DOWN)}, 3, RTAB_OK, 3},
	{"div_down -7/2", {C(-7), C(2), OP(DIV_DOWN)}, 3, RTAB_OK, -4},
	{"div_down 7/-2", {C(7), C(-2), OP(DIV_DOWN)}, 3, RTAB_OK, -4},
	{"div_down -7/-2", {C(-7), C(-2), OP(DIV_DOWN)}, 3, RTAB_OK, 3},
	{"div_down -6/3", {C(-6), C(3), OP(DIV_DOWN)}, 3, RTAB_OK, -2},
	{"div_down 0/5", {C(0), C(5), OP(DIV_DOWN)}, 3, RTAB_OK, 0},
	{"div_down by zero", {C(7), C(0), OP(DIV_DOWN)}, 3, RTAB_E_EXPR, 0},
	{"div_down INT32_MIN/-1 overflows", {I(3), C(-1), OP(DIV_DOWN)}, 3, RTAB_E_OVERFLOW, 0},
	{"div_up exact", {C(6), C(3), OP(DIV_UP)}, 3, RTAB_OK, 2},
	{"div_up 7/2", {C(7), C(2), OP(DIV_UP)}, 3, RTAB_OK, 4},
	{"div_up -7/2", {C(-7), C(2), OP(DIV_UP)}, 3, RTAB_OK, -3},
	{"div_up 7/-2", {C(7), C(-2), OP(DIV_UP)}, 3, RTAB_OK, -3},
	{"div_up -7/-2", {C(-7), C(-2), OP(DIV_UP)}, 3, RTAB_OK, 4},
	{"div_up by zero", {C(7), C(0), OP(DIV_UP)}, 3, RTAB_E_EXPR, 0},
	{"div_up INT32_MIN/-1 overflows", {I(3), C(-1), OP(DIV_UP)}, 3, RTAB_E_OVERFLOW, 0},
	{"div_up INT32_MAX/2", {I(2), C(2), OP(DIV_UP)}, 3, RTAB_OK, 1073741824},
	{"min", {C(2), C(3), OP(MIN)}, 3, RTAB_OK, 2},
	{"min of negatives", {C(-3), C(-5), OP(MIN)}, 3, RTAB_OK, -5},
	{"max", {C(2), C(3), OP(MAX)}, 3, RTAB_OK, 3},
	{"max of the extremes", {I(3), I(2), OP(MAX)}, 3, RTAB_OK, INT32_MAX},
	{"abs of a negative", {C(-5), OP(ABS)}, 2, RTAB_OK, 5},
	{"abs of a positive", {C(5), OP(ABS)}, 2, RTAB_OK, 5},
	{"abs of 0", {C(0), OP(ABS)}, 2, RTAB_OK, 0},
	{"abs of INT32_MAX", {I(2), OP(ABS)}, 2, RTAB_OK, INT32_MAX},
	{"abs of INT32_MIN overflows", {I(3), OP(ABS)}, 2, RTAB_E_OVERFLOW, 0},
	{"abs of nothing", {OP(ABS)}, 1, RTAB_E_EXPR, 0},
	{"min with one operand", {C(1), OP(MIN)}, 2, RTAB_E_EXPR, 0},
	{"matrix cell (ngbg, other)", {C(1), C(2), {RTAB_OP_MATRIX, 0}}, 3, RTAB_OK, 12},
	{"matrix cell (other, tacw)", {C(2), C(0), {RTAB_OP_MATRIX, 0}}, 3, RTAB_OK, 20},
	{"matrix keys are popped, the rest stays", {C(7), C(0), C(1), {RTAB_OP_MATRIX, 0}, OP(ADD)}, 5,
	 RTAB_OK, 8},
	{"matrix key past its enum", {C(3), C(0), {RTAB_OP_MATRIX, 0}}, 3, RTAB_E_INPUT, 0},
	{"matrix key below 0", {C(0), C(-1), {RTAB_OP_MATRIX, 0}}, 3, RTAB_E_INPUT, 0},
	{"matrix with too few keys", {C(1), {RTAB_OP_MATRIX, 0}}, 2, RTAB_E_EXPR, 0},
	{"matrix past the last", {C(1), C(1), {RTAB_OP_MATRIX, 2}}, 3, RTAB_E_EXPR, 0},
	{"matrix -1", {C(1), C(1), {RTAB_OP_MATRIX, -1}}, 3, RTAB_E_EXPR, 0},
	{"matrix keyed by an enum that does not exist", {C(0), {RTAB_OP_MATRIX, 1}}, 2, RTAB_E_RULESET, 0},
	{"band 8:2 reaches 4:1", {C(8), C(2), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 2},
	{"band 3:1 reaches 2:1", {C(3), C(1), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 1},
	{"band 2:1 exactly", {C(2), C(1), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 1},
	{"band 3:2 reaches nothing", {C(3), C(2), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 0},
	{"band 1:1", {C(1), C(1), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 0},
	{"band 1:2 exactly", {C(1), C(2), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, -1},
	{"band 1:3 reaches 1:2", {C(1), C(3), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, -1},
	{"band 1:9 reaches 1:4", {C(1), C(9), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, -2},
	{"band 5:0 reaches every favourable step", {C(5), C(0), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 2},
	{"band 0:5 reaches every unfavourable step", {C(0), C(5), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, -2},
	{"band 0:0: no forces, no ratio: otherwise", {C(0), C(0), {RTAB_OP_BAND, 0}}, 3, RTAB_OK, 0},
	{"band of a negative strength", {C(-1), C(2), {RTAB_OP_BAND, 0}}, 3, RTAB_E_INPUT, 0},
	{"band against a negative strength", {C(2), C(-1), {RTAB_OP_BAND, 0}}, 3, RTAB_E_INPUT, 0},
	{"band with one operand", {C(2), {RTAB_OP_BAND, 0}}, 2, RTAB_E_EXPR, 0},
	{"band past the last", {C(2), C(1), {RTAB_OP_BAND, 2}}, 3, RTAB_E_EXPR, 0},
	{"band -1", {C(2), C(1), {RTAB_OP_BAND, -1}}, 3, RTAB_E_EXPR, 0},
	{"band with a step of 0:1", {C(2), C(1), {RTAB_OP_BAND, 1}}, 3, RTAB_E_RULESET, 0},
	{"roll without faces", {{RTAB_OP_ROLL, D_D6}}, 1, RTAB_E_FACES, 0},
	{"if true then 10 else 20", {C(1), {RTAB_OP_JUMP_IF_FALSE, 2}, C(10), {RTAB_OP_JUMP, 1}, C(20)}, 5,
	 RTAB_OK, 10},
	{"if false then 10 else 20", {C(0), {RTAB_OP_JUMP_IF_FALSE, 2}, C(10), {RTAB_OP_JUMP, 1}, C(20)}, 5,
	 RTAB_OK, 20},
	{"a jump of 0", {C(3), {RTAB_OP_JUMP, 0}}, 2, RTAB_OK, 3},
	{"a jump to the end", {C(3), {RTAB_OP_JUMP, 1}, C(4)}, 3, RTAB_OK, 3},
	{"a jump past the end", {C(3), {RTAB_OP_JUMP, 2}, C(4)}, 3, RTAB_E_EXPR, 0},
	{"a jump backwards", {C(3), {RTAB_OP_JUMP, -1}}, 2, RTAB_E_EXPR, 0},
	{"a conditional jump past the end", {C(0), {RTAB_OP_JUMP_IF_FALSE, 1}}, 2, RTAB_E_EXPR, 0},
	{"a conditional jump with an empty stack", {{RTAB_OP_JUMP_IF_FALSE, 0}, C(1)}, 2, RTAB_E_EXPR, 0},
	{"an empty program is true", {{0, 0}}, 0, RTAB_OK, 1},
	{"a binary op with an empty stack", {OP(ADD)}, 1, RTAB_E_EXPR, 0},
	{"a binary op with one operand", {C(1), OP(MUL)}, 2, RTAB_E_EXPR, 0},
	{"a comparison with one operand", {C(1), OP(EQ)}, 2, RTAB_E_EXPR, 0},
	{"neg of nothing", {OP(NEG)}, 1, RTAB_E_EXPR, 0},
	{"not of nothing", {OP(NOT)}, 1, RTAB_E_EXPR, 0},
	{"two values left", {C(1), C(2)}, 2, RTAB_E_EXPR, 0},
	{"an op past the last", {C(1), C(2), {RTAB_OP_COUNT_, 0}}, 3, RTAB_E_EXPR, 0},
	{"op 255", {C(1), C(2), {255, 0}}, 3, RTAB_E_EXPR, 0},
	{"an input past the last", {I(4)}, 1, RTAB_E_EXPR, 0},
	{"a negative input", {I(-1)}, 1, RTAB_E_EXPR, 0},
	{"an error stops the program", {I(2), C(1), OP(ADD), C(0), OP(MUL)}, 5, RTAB_E_OVERFLOW, 0},
	/* Exact numbers at scale 2 (halves): 12.5 is 25. */
	{"an exact constant", {{RTAB_OP_CONST_EXACT, 25}}, 1, RTAB_OK, 25},
	{"scale 25 by 2: 25 as 25.0", {C(25), {RTAB_OP_SCALE, 2}}, 2, RTAB_OK, 50},
	{"25 / 2 is exactly 12.5", {C(25), C(2), {RTAB_OP_DIV_EXACT, 2}}, 3, RTAB_OK, 25},
	{"12.5 / 2 at halves has no exact value", {{RTAB_OP_CONST_EXACT, 25}, {RTAB_OP_CONST_EXACT, 4},
						  {RTAB_OP_DIV_EXACT, 2}}, 3, RTAB_E_INEXACT, 0},
	{"12.5 / 2 at quarters is 6.25", {{RTAB_OP_CONST_EXACT, 50}, {RTAB_OP_CONST_EXACT, 8},
					   {RTAB_OP_DIV_EXACT, 4}}, 3, RTAB_OK, 25},
	{"exact division by zero", {C(1), C(0), {RTAB_OP_DIV_EXACT, 2}}, 3, RTAB_E_EXPR, 0},
	{"2.5 * 1.5 at halves (3.75) has no exact value", {{RTAB_OP_CONST_EXACT, 5}, {RTAB_OP_CONST_EXACT, 3},
							   {RTAB_OP_MUL_EXACT, 2}}, 3, RTAB_E_INEXACT, 0},
	{"2.5 * 3.0 at halves is 7.5", {{RTAB_OP_CONST_EXACT, 5}, {RTAB_OP_CONST_EXACT, 6},
					 {RTAB_OP_MUL_EXACT, 2}}, 3, RTAB_OK, 15},
	{"-2.5 * 1.0", {{RTAB_OP_CONST_EXACT, -5}, {RTAB_OP_CONST_EXACT, 2}, {RTAB_OP_MUL_EXACT, 2}}, 3,
	 RTAB_OK, -5},
	{"a scale of 0 is malformed", {C(1), {RTAB_OP_SCALE, 0}}, 2, RTAB_E_EXPR, 0},
	{"a scale past 32 bits", {C(INT32_MAX), {RTAB_OP_SCALE, 2}}, 2, RTAB_E_OVERFLOW, 0},
	{"scale of nothing", {{RTAB_OP_SCALE, 2}}, 1, RTAB_E_EXPR, 0},
	{"an exact division with one operand", {C(1), {RTAB_OP_DIV_EXACT, 2}}, 2, RTAB_E_EXPR, 0},
	{"halving 12.5 down at halves: div_down(25, 4) is 6", {{RTAB_OP_CONST_EXACT, 25},
								{RTAB_OP_CONST_EXACT, 4}, OP(DIV_DOWN)}, 3,
	 RTAB_OK, 6},
};

/* Exact numbers print as rulebooks print them: every digit, none invented. */
static void test_format_exact(void **state)
{
	static const struct {
		int32_t scaled, scale;
		int rc;
		const char *text;
	} cases[] = {
		{25, 2, RTAB_OK, "12.5"},     {24, 2, RTAB_OK, "12"},       {-5, 2, RTAB_OK, "-2.5"},
		{-1, 4, RTAB_OK, "-0.25"},    {1, 4, RTAB_OK, "0.25"},      {7, 0, RTAB_OK, "7"},
		{7, 1, RTAB_OK, "7"},         {1, 1000, RTAB_OK, "0.001"},  {1250, 100, RTAB_OK, "12.5"},
		{3, 8, RTAB_OK, "0.375"},     {0, 2, RTAB_OK, "0"},         {1, 3, RTAB_E_EXPR, NULL},
		{INT32_MIN, 1, RTAB_OK, "-2147483648"},
		{INT32_MIN, 1000, RTAB_OK, "-2147483.648"},
		{1, -2, RTAB_E_EXPR, NULL},
	};
	char buf[32];
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		print_message("format %d / %d\n", cases[i].scaled, cases[i].scale);
		int rc = rtab_format_exact(cases[i].scaled, cases[i].scale, buf, sizeof buf);
		assert_int_equal(rc, cases[i].rc);
		if (rc == RTAB_OK)
			assert_string_equal(buf, cases[i].text);
	}
	assert_int_equal(rtab_format_exact(25, 2, buf, 4), RTAB_E_NULL); /* "12.5" needs 5 bytes */
	assert_int_equal(rtab_format_exact(25, 2, buf, 5), RTAB_OK);
	assert_string_equal(buf, "12.5");
	assert_int_equal(rtab_format_exact(25, 2, NULL, 5), RTAB_E_NULL);
}

/* A number input takes only the multiples of its step within its domain. */
/* A modifier from outside belongs to no step: a table of a step refuses it rather
 * than count it past the filter; a table of no step adds it. */
static void test_step_refuses_drm(void **state)
{
	int32_t in[NINPUTS] = {[IN_GAME] = V_OTHER, [IN_FLAG] = 0, [IN_LVL] = 1};
	const int32_t faces[] = {1};
	rtab_result r;
	(void)state;
	assert_int_equal(rtab_resolve(&rs, T_STEP, in, NINPUTS, faces, 1, -3, &r), RTAB_E_STEP_DRM);
	assert_int_equal(rtab_resolve(&rs, T_STEP, in, NINPUTS, faces, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.modified_roll, 6);
	in[IN_LVL] = -2;
	assert_int_equal(rtab_resolve(&rs, T_NOSTEP, in, NINPUTS, faces, 1, 0, &r), RTAB_OK);
	assert_int_equal(r.modified_roll, 4);
	assert_int_equal(rtab_resolve(&rs, T_NOSTEP, in, NINPUTS, faces, 1, -1, &r), RTAB_OK);
	assert_int_equal(r.modified_roll, 3);
	assert_string_equal(rtab_status_message(RTAB_E_STEP_DRM),
			    "an extra modifier given to a table with a step, which counts only its own modifiers");
}

static void test_number_input_step(void **state)
{
	static const rtab_input in[] = {
		{.id = "strength", .type = RTAB_TYPE_INT, .enum_index = -1, .min = 1, .max = 81,
		 .default_value = 1, .step = 2},
	};
	rtab_ruleset r = {.id = "steps", .ninputs = 1, .inputs = in, .scale = 4,
			  .data_version = RTAB_DATA_VERSION};
	int32_t v[1];
	(void)state;
	v[0] = 5; /* 1.25: 0.25 + 2 * 0.5 */
	assert_int_equal(rtab_inputs_validate(&r, v, 1), RTAB_OK);
	v[0] = 4; /* 1.0 lies between two steps */
	assert_int_equal(rtab_inputs_validate(&r, v, 1), RTAB_E_INPUT);
	v[0] = 83;
	assert_int_equal(rtab_inputs_validate(&r, v, 1), RTAB_E_INPUT);
	assert_string_equal(rtab_status_message(RTAB_E_INEXACT),
			    "an exact division or product has no exact value at the ruleset's precision");
}

static void test_expr_eval(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(expr_cases); i++) {
		const expr_case *c = &expr_cases[i];
		rtab_expr e = {.ninstrs = c->n, .instrs = c->instrs};
		int32_t v = 12345;
		print_message("case: %s\n", c->what);
		int rc = rtab_expr_eval(&rs, &e, expr_inputs, COUNT(expr_inputs), &v);
		assert_int_equal(rc, c->rc);
		if (rc == RTAB_OK)
			assert_int_equal(v, c->value);
	}
}

/* A whole condition: (in0 + 1) * 2 >= 12 and not (in1 > 0). */
static void test_expr_eval_program(void **state)
{
	static const rtab_instr prog[] = {
		I(0), C(1), OP(ADD), C(2), OP(MUL), C(12), OP(GE), I(1), C(0), OP(GT), OP(NOT), OP(AND),
	};
	static const struct {
		int32_t in0, in1, value;
	} cases[] = {{5, 0, 1}, {5, 1, 0}, {4, 0, 0}, {4, -9, 0}, {100, -1, 1}};
	rtab_expr e = {.ninstrs = COUNT(prog), .instrs = prog};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[2] = {cases[i].in0, cases[i].in1}, v = -1;
		assert_int_equal(rtab_expr_eval(&rs, &e, in, 2, &v), RTAB_OK);
		assert_int_equal(v, cases[i].value);
	}
}

/* The evaluation stack holds RTAB_MAX_EXPR_STACK values, and no more. */
static void test_expr_eval_stack(void **state)
{
	rtab_instr prog[2 * RTAB_MAX_EXPR_STACK + 1];
	static const struct {
		uint16_t pushes;
		int rc;
		int32_t value;
	} cases[] = {
		{RTAB_MAX_EXPR_STACK, RTAB_OK, RTAB_MAX_EXPR_STACK * 3},
		{RTAB_MAX_EXPR_STACK + 1, RTAB_E_EXPR, 0},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		uint16_t n = 0;
		for (uint16_t k = 0; k < cases[i].pushes; k++)
			prog[n++] = (rtab_instr){RTAB_OP_CONST, 3};
		for (uint16_t k = 1; k < cases[i].pushes; k++)
			prog[n++] = (rtab_instr){RTAB_OP_ADD, 0};
		rtab_expr e = {.ninstrs = n, .instrs = prog};
		int32_t v = 0;
		assert_int_equal(rtab_expr_eval(&rs, &e, NULL, 0, &v), cases[i].rc);
		if (cases[i].rc == RTAB_OK)
			assert_int_equal(v, cases[i].value);
	}
}

/* Dice in expressions read the context's faces, in order. */
static void test_expr_eval_ctx(void **state)
{
	static const rtab_instr roll_d6[] = {{RTAB_OP_ROLL, D_D6}};
	static const rtab_instr two_rolls[] = {{RTAB_OP_ROLL, D_D6}, {RTAB_OP_ROLL, D_MIXED},
					       {RTAB_OP_SUB, 0}};
	static const rtab_instr bad_dice[] = {{RTAB_OP_ROLL, 9}};
	static const rtab_instr cell[] = {C(1), C(2), {RTAB_OP_MATRIX, 0}};
	static const struct {
		const char *what;
		const rtab_instr *prog;
		uint16_t n;
		int32_t faces[5];
		size_t nfaces, next_face;
		int rc;
		int32_t value;
		size_t next_after;
		const char *provisional;
	} cases[] = {
		{"one die", roll_d6, 1, {4}, 1, 0, RTAB_OK, 4, 1, NULL},
		{"from the next face on", roll_d6, 1, {9, 2}, 2, 1, RTAB_OK, 2, 2, NULL},
		{"two dice in order, each with its faces", two_rolls, 3, {6, 1, 9, 9}, 4, 0, RTAB_OK, -13, 4,
		 NULL},
		{"faces left over are left", roll_d6, 1, {4, 5}, 2, 0, RTAB_OK, 4, 1, NULL},
		{.what = "no face left", .prog = roll_d6, .n = 1, .faces = {4}, .nfaces = 1, .next_face = 1, .rc = RTAB_E_FACES},
		{.what = "too few faces for the second dice", .prog = two_rolls, .n = 3, .faces = {6, 1, 9}, .nfaces = 3, .next_face = 0, .rc = RTAB_E_FACES},
		{.what = "a face off the die", .prog = roll_d6, .n = 1, .faces = {7}, .nfaces = 1, .next_face = 0, .rc = RTAB_E_FACES},
		{.what = "a face off the second group", .prog = two_rolls, .n = 3, .faces = {6, 6, 10, 0}, .nfaces = 4, .next_face = 0, .rc = RTAB_E_FACES},
		{.what = "next_face past the faces", .prog = roll_d6, .n = 1, .faces = {4}, .nfaces = 1, .next_face = 5, .rc = RTAB_E_FACES},
		{.what = "dice out of range", .prog = bad_dice, .n = 1, .faces = {4}, .nfaces = 1, .next_face = 0, .rc = RTAB_E_EXPR},
		{"a provisional matrix cell is noted", cell, 3, {0}, 0, 0, RTAB_OK, 12, 0, "unsure cell"},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		rtab_expr e = {.ninstrs = cases[i].n, .instrs = cases[i].prog};
		rtab_eval_ctx ctx = {.faces = cases[i].faces, .nfaces = cases[i].nfaces,
				     .next_face = cases[i].next_face};
		int32_t v = -99;
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_expr_eval_ctx(&rs, &e, NULL, 0, &ctx, &v);
		assert_int_equal(rc, cases[i].rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(v, cases[i].value);
		assert_int_equal(ctx.next_face, cases[i].next_after);
		if (cases[i].provisional)
			assert_string_equal(ctx.provisional, cases[i].provisional);
		else
			assert_null(ctx.provisional);
	}
	/* Without a context, or with a context without faces, dice fail. */
	rtab_expr e = {.ninstrs = 1, .instrs = roll_d6};
	rtab_eval_ctx empty = {0};
	int32_t v;
	assert_int_equal(rtab_expr_eval_ctx(&rs, &e, NULL, 0, NULL, &v), RTAB_E_FACES);
	assert_int_equal(rtab_expr_eval_ctx(&rs, &e, NULL, 0, &empty, &v), RTAB_E_FACES);
	assert_int_equal(rtab_expr_eval_ctx(NULL, &e, NULL, 0, &empty, &v), RTAB_E_NULL);
	assert_int_equal(rtab_expr_eval_ctx(&rs, NULL, NULL, 0, &empty, &v), RTAB_E_NULL);
	assert_int_equal(rtab_expr_eval_ctx(&rs, &e, NULL, 0, &empty, NULL), RTAB_E_NULL);
	assert_int_equal(rtab_expr_eval_ctx(&rs, &e, NULL, 2, &empty, &v), RTAB_E_NULL);
}

/* ------------------------------------------------------------------------ */
/* Reaction sets, transitions, distances, procedures                         */
/* ------------------------------------------------------------------------ */

static void test_reactions(void **state)
{
	static const struct {
		const char *what;
		size_t set;
		int32_t flag, lvl;
		size_t cap;
		int rc;
		size_t count;
		const char *options; /* the indices written, space-separated */
	} cases[] = {
		{"defaults: hold and flee", 0, 0, 1, 8, RTAB_OK, 2, "0 2"},
		{"flag removes hold; lvl 3 allows shoot", 0, 1, 3, 8, RTAB_OK, 2, "1 2"},
		{"all three", 0, 0, 2, 8, RTAB_OK, 3, "0 1 2"},
		{"a cap of 1 writes one but counts all", 0, 0, 2, 1, RTAB_OK, 3, "0"},
		{"a cap of 0 only counts", 0, 0, 2, 0, RTAB_OK, 3, ""},
		{.what = "a malformed guard", .set = 1, .flag = 0, .lvl = 1, .cap = 8, .rc = RTAB_E_EXPR},
		{.what = "a set past the last", .set = 2, .flag = 0, .lvl = 1, .cap = 8, .rc = RTAB_E_INDEX},
		{.what = "SIZE_MAX", .set = SIZE_MAX, .flag = 0, .lvl = 1, .cap = 8, .rc = RTAB_E_INDEX},
		{.what = "an input outside its domain", .set = 0, .flag = 2, .lvl = 1, .cap = 8, .rc = RTAB_E_INPUT},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS] = {V_OTHER, cases[i].flag, cases[i].lvl};
		uint16_t options[8] = {99, 99, 99, 99, 99, 99, 99, 99};
		size_t count = 99;
		char got[64] = "";
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_reactions(&rs, cases[i].set, in, NINPUTS, cases[i].cap ? options : NULL,
					cases[i].cap, &count);
		assert_int_equal(rc, cases[i].rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(count, cases[i].count);
		for (size_t k = 0; k < count && k < cases[i].cap; k++)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s%u", k ? " " : "",
				 options[k]);
		assert_string_equal(got, cases[i].options);
		if (cases[i].cap > count)
			assert_int_equal(options[count], 99);
	}
}

static void test_transition_next(void **state)
{
	static const struct {
		const char *what;
		size_t transition;
		int32_t game;
		int rc;
		int32_t state;
	} cases[] = {
		{"tacw becomes ngbg", 0, V_TACW, RTAB_OK, V_NGBG},
		{"ngbg becomes other", 0, V_NGBG, RTAB_OK, V_OTHER},
		{.what = "other is not defined", .transition = 0, .game = V_OTHER, .rc = RTAB_E_STATE},
		{.what = "a state past the enum", .transition = 0, .game = 3, .rc = RTAB_E_INPUT},
		{.what = "a negative state", .transition = 0, .game = -1, .rc = RTAB_E_INPUT},
		{.what = "a transition over an input that does not exist", .transition = 1, .game = V_TACW, .rc = RTAB_E_RULESET},
		{.what = "a transition past the last", .transition = 2, .game = V_TACW, .rc = RTAB_E_INDEX},
		{.what = "SIZE_MAX", .transition = SIZE_MAX, .game = V_TACW, .rc = RTAB_E_INDEX},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS] = {cases[i].game, 0, 1};
		int32_t next = -99;
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_transition_next(&rs, cases[i].transition, in, NINPUTS, &next);
		assert_int_equal(rc, cases[i].rc);
		if (rc == RTAB_OK)
			assert_int_equal(next, cases[i].state);
	}
}

static void test_distance_eval(void **state)
{
	static const struct {
		const char *what;
		size_t distance, form;
		int32_t lvl;
		int32_t faces[3];
		size_t nfaces;
		int rc;
		int32_t value;
		const char *provisional;
	} cases[] = {
		{"lvl + 1d6 cm", 0, 0, 1, {4}, 1, RTAB_OK, 5, NULL},
		{"the same in inches", 0, 1, 1, {4}, 1, RTAB_OK, 10, NULL},
		{"a negative input", 0, 0, -2, {1}, 1, RTAB_OK, -1, NULL},
		{"the 'then' branch rolls 2d6", 1, 0, 2, {3, 4}, 2, RTAB_OK, 7, "the distance is assumed"},
		{"the 'else' branch rolls 1d6", 1, 0, 0, {5}, 1, RTAB_OK, 5, "the distance is assumed"},
		{.what = "too few faces for the branch taken", .distance = 1, .form = 0, .lvl = 2, .faces = {5}, .nfaces = 1, .rc = RTAB_E_FACES},
		{.what = "a face the branch taken does not read", .distance = 1, .form = 0, .lvl = 0, .faces = {5, 6}, .nfaces = 2, .rc = RTAB_E_FACES},
		{.what = "a face off the die", .distance = 0, .form = 0, .lvl = 1, .faces = {7}, .nfaces = 1, .rc = RTAB_E_FACES},
		{.what = "face 0 on a d6", .distance = 0, .form = 0, .lvl = 1, .faces = {0}, .nfaces = 1, .rc = RTAB_E_FACES},
		{.what = "no faces", .distance = 0, .form = 0, .lvl = 1, .faces = {0}, .nfaces = 0, .rc = RTAB_E_FACES},
		{.what = "a form past the last", .distance = 0, .form = 2, .lvl = 1, .faces = {4}, .nfaces = 1, .rc = RTAB_E_INDEX},
		{.what = "a distance past the last", .distance = 2, .form = 0, .lvl = 1, .faces = {4}, .nfaces = 1, .rc = RTAB_E_INDEX},
		{.what = "SIZE_MAX", .distance = SIZE_MAX, .form = 0, .lvl = 1, .faces = {4}, .nfaces = 1, .rc = RTAB_E_INDEX},
		{.what = "an input outside its domain", .distance = 0, .form = 0, .lvl = 4, .faces = {4}, .nfaces = 1, .rc = RTAB_E_INPUT},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS] = {V_OTHER, 0, cases[i].lvl};
		int32_t v = -99;
		const char *prov = "unset";
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_distance_eval(&rs, cases[i].distance, cases[i].form, in, NINPUTS,
					    cases[i].faces, cases[i].nfaces, &v, &prov);
		assert_int_equal(rc, cases[i].rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(v, cases[i].value);
		if (cases[i].provisional)
			assert_string_equal(prov, cases[i].provisional);
		else
			assert_null(prov);
	}
	/* The provisional out-parameter is optional. */
	int32_t in[NINPUTS] = {V_OTHER, 0, 0}, face = 5, v;
	assert_int_equal(rtab_distance_eval(&rs, 1, 0, in, NINPUTS, &face, 1, &v, NULL), RTAB_OK);
	assert_int_equal(v, 5);
}

static void test_procedure_step_first(void **state)
{
	static const struct {
		const char *what;
		size_t procedure;
		int32_t flag, lvl;
		int rc;
		int32_t step;
	} cases[] = {
		{"the first step applies", 0, 1, 2, RTAB_OK, 0},
		{"the second step applies", 0, 0, 2, RTAB_OK, 1},
		{"no step applies", 0, 0, 0, RTAB_OK, -1},
		{.what = "a malformed guard", .procedure = 1, .flag = 0, .lvl = 0, .rc = RTAB_E_EXPR},
		{.what = "a procedure past the last", .procedure = 2, .flag = 0, .lvl = 0, .rc = RTAB_E_INDEX},
		{.what = "SIZE_MAX", .procedure = SIZE_MAX, .flag = 0, .lvl = 0, .rc = RTAB_E_INDEX},
		{.what = "an input outside its domain", .procedure = 0, .flag = 0, .lvl = -3, .rc = RTAB_E_INPUT},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS] = {V_OTHER, cases[i].flag, cases[i].lvl};
		int32_t step = -99;
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_procedure_step_first(&rs, cases[i].procedure, in, NINPUTS, &step);
		assert_int_equal(rc, cases[i].rc);
		if (rc == RTAB_OK)
			assert_int_equal(step, cases[i].step);
	}
}

/* What an outcome leads to, with its 'unless' suppressions. */
static void test_outcome_triggers(void **state)
{
	static const struct {
		const char *what;
		size_t outcome;
		int32_t flag;
		size_t cap;
		int rc;
		size_t count;
		const char *targets; /* "kind:index ..." as written */
	} cases[] = {
		{"both triggers", O_TRIG, 0, 4, RTAB_OK, 2, "0:0 1:0"},
		{"one suppressed 'unless' flag", O_TRIG, 1, 4, RTAB_OK, 1, "0:0"},
		{"a cap of 1 writes one but counts both", O_TRIG, 0, 1, RTAB_OK, 2, "0:0"},
		{"a cap of 0 only counts", O_TRIG, 0, 0, RTAB_OK, 2, ""},
		{"an outcome without triggers", O_LOW, 0, 4, RTAB_OK, 0, ""},
		{.what = "an outcome past the last", .outcome = COUNT(outcomes), .cap = 4,
		 .rc = RTAB_E_INDEX},
		{.what = "SIZE_MAX", .outcome = SIZE_MAX, .cap = 4, .rc = RTAB_E_INDEX},
		{.what = "an input outside its domain", .outcome = O_TRIG, .flag = 2, .cap = 4,
		 .rc = RTAB_E_INPUT},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS] = {V_OTHER, cases[i].flag, 1};
		rtab_target targets[4];
		size_t count = 99;
		char got[64] = "";
		print_message("case: %s\n", cases[i].what);
		int rc = rtab_outcome_triggers(&rs, cases[i].outcome, in, NINPUTS,
					       cases[i].cap ? targets : NULL, cases[i].cap, &count);
		assert_int_equal(rc, cases[i].rc);
		if (rc != RTAB_OK)
			continue;
		assert_int_equal(count, cases[i].count);
		for (size_t k = 0; k < count && k < cases[i].cap; k++)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s%u:%u", k ? " " : "",
				 targets[k].kind, targets[k].index);
		assert_string_equal(got, cases[i].targets);
	}
}

/* ------------------------------------------------------------------------ */
/* Inputs                                                                    */
/* ------------------------------------------------------------------------ */

static void test_inputs_default(void **state)
{
	static const struct {
		const char *what;
		const rtab_ruleset *rs;
		bool null_inputs;
		size_t n;
		int rc;
	} cases[] = {
		{"the declared defaults", &rs, false, NINPUTS, RTAB_OK},
		{"too few", &rs, false, NINPUTS - 1, RTAB_E_INPUT},
		{"too many", &rs, false, NINPUTS + 1, RTAB_E_INPUT},
		{"none", &rs, true, 0, RTAB_E_INPUT},
		{"a NULL ruleset", NULL, false, NINPUTS, RTAB_E_NULL},
		{"NULL inputs", &rs, true, NINPUTS, RTAB_E_NULL},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t in[NINPUTS + 1] = {-7, -7, -7, -7};
		print_message("case: %s\n", cases[i].what);
		assert_int_equal(rtab_inputs_default(cases[i].rs, cases[i].null_inputs ? NULL : in,
						     cases[i].n),
				 cases[i].rc);
		if (cases[i].rc == RTAB_OK) {
			assert_int_equal(in[IN_GAME], V_OTHER);
			assert_int_equal(in[IN_FLAG], 0);
			assert_int_equal(in[IN_LVL], 1);
			assert_int_equal(in[NINPUTS], -7);
		}
	}
}

static void test_inputs_validate(void **state)
{
	static const struct {
		const char *what;
		int32_t in[NINPUTS];
		size_t n;
		int rc;
		int32_t bad; /* the input refused, -1 for none or a wrong count */
	} cases[] = {
		{"the defaults", {V_OTHER, 0, 1}, NINPUTS, RTAB_OK, -1},
		{"the low ends", {V_TACW, 0, -2}, NINPUTS, RTAB_OK, -1},
		{"the high ends", {V_OTHER, 1, 3}, NINPUTS, RTAB_OK, -1},
		{"an enum value past the last", {3, 0, 1}, NINPUTS, RTAB_E_INPUT, IN_GAME},
		{"a negative enum value", {-1, 0, 1}, NINPUTS, RTAB_E_INPUT, IN_GAME},
		{"a bool of 2", {V_OTHER, 2, 1}, NINPUTS, RTAB_E_INPUT, IN_FLAG},
		{"a bool of -1", {V_OTHER, -1, 1}, NINPUTS, RTAB_E_INPUT, IN_FLAG},
		{"an int above its domain", {V_OTHER, 0, 4}, NINPUTS, RTAB_E_INPUT, IN_LVL},
		{"an int below its domain", {V_OTHER, 0, -3}, NINPUTS, RTAB_E_INPUT, IN_LVL},
		{"INT32_MIN", {V_OTHER, 0, INT32_MIN}, NINPUTS, RTAB_E_INPUT, IN_LVL},
		{"INT32_MAX", {INT32_MAX, 0, 1}, NINPUTS, RTAB_E_INPUT, IN_GAME},
		{"too few", {V_OTHER, 0, 1}, NINPUTS - 1, RTAB_E_INPUT, -1},
		{"none", {V_OTHER, 0, 1}, 0, RTAB_E_INPUT, -1},
		{"two wrong: the first named", {3, 2, 1}, NINPUTS, RTAB_E_INPUT, IN_GAME},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t bad = 12345;
		rtab_result r;
		const int32_t face = 3;

		print_message("case: %s\n", cases[i].what);
		assert_int_equal(rtab_inputs_validate(&rs, cases[i].in, cases[i].n), cases[i].rc);
		/* Which input was refused, from the check and from a resolution. */
		assert_int_equal(rtab_inputs_check(&rs, cases[i].in, cases[i].n, &bad), cases[i].rc);
		assert_int_equal(bad, cases[i].bad);
		r.bad_input = 12345;
		assert_int_equal(rtab_resolve(&rs, T_PLAIN, cases[i].in, cases[i].n, &face, 1, 0, &r),
				 cases[i].rc == RTAB_OK ? RTAB_OK : RTAB_E_INPUT);
		assert_int_equal(r.bad_input, cases[i].bad);
	}
	assert_int_equal(rtab_inputs_validate(NULL, cases[0].in, NINPUTS), RTAB_E_NULL);
	assert_int_equal(rtab_inputs_validate(&rs, NULL, NINPUTS), RTAB_E_NULL);
}

/* Data of another data model is refused by every entry point that reads
 * inputs, and the library says which version it is. */
static void test_data_version(void **state)
{
	rtab_ruleset other = rs;
	int32_t in[NINPUTS] = {V_OTHER, 0, 1};
	const int32_t face = 3;
	rtab_result r;

	(void)state;
	assert_string_equal(rtab_version(), RTAB_VERSION);
	assert_int_equal(rtab_data_version(), RTAB_DATA_VERSION);
	assert_int_equal(rtab_resolve(&rs, T_PLAIN, in, NINPUTS, &face, 1, 0, &r), RTAB_OK);
	other.data_version = RTAB_DATA_VERSION + 1;
	assert_int_equal(rtab_resolve(&other, T_PLAIN, in, NINPUTS, &face, 1, 0, &r), RTAB_E_VERSION);
	assert_int_equal(rtab_inputs_default(&other, in, NINPUTS), RTAB_E_VERSION);
	assert_int_equal(rtab_inputs_validate(&other, in, NINPUTS), RTAB_E_VERSION);
	other.data_version = 0; /* data written before the model was versioned */
	assert_int_equal(rtab_resolve(&other, T_PLAIN, in, NINPUTS, &face, 1, 0, &r), RTAB_E_VERSION);
	assert_string_equal(rtab_status_message(RTAB_E_VERSION),
			    "the ruleset data was generated for another rtab data model: regenerate it");
}

/* ------------------------------------------------------------------------ */
/* Look-ups and labels                                                       */
/* ------------------------------------------------------------------------ */

static void test_find(void **state)
{
	static const struct {
		const char *what;
		int (*find)(const rtab_ruleset *, const char *);
		const rtab_ruleset *rs;
		const char *id;
		int index;
	} cases[] = {
		{"table, first", rtab_find_table, &rs, "plain", T_PLAIN},
		{"table, later", rtab_find_table, &rs, "multi", T_MULTI},
		{"table, last", rtab_find_table, &rs, "badout", T_BADOUT},
		{"table, unknown", rtab_find_table, &rs, "nope", -1},
		{"table, a prefix is not a match", rtab_find_table, &rs, "pla", -1},
		{"table, case matters", rtab_find_table, &rs, "Plain", -1},
		{"table, empty id", rtab_find_table, &rs, "", -1},
		{"table, another kind's id", rtab_find_table, &rs, "low", -1},
		{"table, NULL id", rtab_find_table, &rs, NULL, -1},
		{"table, NULL ruleset", rtab_find_table, NULL, "plain", -1},
		{"input", rtab_find_input, &rs, "lvl", IN_LVL},
		{"input, unknown", rtab_find_input, &rs, "level", -1},
		{"input, NULL id", rtab_find_input, &rs, NULL, -1},
		{"input, NULL ruleset", rtab_find_input, NULL, "lvl", -1},
		{"outcome", rtab_find_outcome, &rs, "high", O_HIGH},
		{"outcome, unknown", rtab_find_outcome, &rs, "plain", -1},
		{"outcome, NULL id", rtab_find_outcome, &rs, NULL, -1},
		{"outcome, NULL ruleset", rtab_find_outcome, NULL, "high", -1},
		{"locale, first", rtab_find_locale, &rs, "en", 0},
		{"locale, second", rtab_find_locale, &rs, "ru", 1},
		{"locale, unknown", rtab_find_locale, &rs, "fr", -1},
		{"locale, NULL id", rtab_find_locale, &rs, NULL, -1},
		{"locale, NULL ruleset", rtab_find_locale, NULL, "en", -1},
		{"reaction set", rtab_find_reaction_set, &rs, "bad_reactions", 1},
		{"reaction set, unknown", rtab_find_reaction_set, &rs, "hit", -1},
		{"reaction set, NULL id", rtab_find_reaction_set, &rs, NULL, -1},
		{"reaction set, NULL ruleset", rtab_find_reaction_set, NULL, "bad_reactions", -1},
		{"transition", rtab_find_transition, &rs, "hit", 0},
		{"transition, unknown", rtab_find_transition, &rs, "charge_reaction", -1},
		{"transition, NULL id", rtab_find_transition, &rs, NULL, -1},
		{"transition, NULL ruleset", rtab_find_transition, NULL, "hit", -1},
		{"distance", rtab_find_distance, &rs, "flee", 1},
		{"distance, unknown", rtab_find_distance, &rs, "proc", -1},
		{"distance, NULL id", rtab_find_distance, &rs, NULL, -1},
		{"distance, NULL ruleset", rtab_find_distance, NULL, "flee", -1},
		{"procedure", rtab_find_procedure, &rs, "proc", 0},
		{"procedure, unknown", rtab_find_procedure, &rs, "retire", -1},
		{"procedure, NULL id", rtab_find_procedure, &rs, NULL, -1},
		{"procedure, NULL ruleset", rtab_find_procedure, NULL, "proc", -1},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		print_message("case: %s\n", cases[i].what);
		assert_int_equal(cases[i].find(cases[i].rs, cases[i].id), cases[i].index);
	}
}

static void test_target_id(void **state)
{
	static const struct {
		const char *what;
		const rtab_ruleset *rs;
		rtab_target t;
		const char *id; /* NULL: rejected */
	} cases[] = {
		{"table, first", &rs, {RTAB_TARGET_TABLE, T_PLAIN}, "plain"},
		{"table, last", &rs, {RTAB_TARGET_TABLE, T_NODICE}, "nodice"},
		{"table, one past the end", &rs, {RTAB_TARGET_TABLE, NTABLES}, NULL},
		{"reaction set", &rs, {RTAB_TARGET_REACTIONS, 1}, "bad_reactions"},
		{"reaction set, past the end", &rs, {RTAB_TARGET_REACTIONS, 2}, NULL},
		{"transition", &rs, {RTAB_TARGET_TRANSITION, 0}, "hit"},
		{"transition, past the end", &rs, {RTAB_TARGET_TRANSITION, 2}, NULL},
		{"distance", &rs, {RTAB_TARGET_DISTANCE, 1}, "flee"},
		{"distance, past the end", &rs, {RTAB_TARGET_DISTANCE, 2}, NULL},
		{"procedure", &rs, {RTAB_TARGET_PROCEDURE, 1}, "bad_proc"},
		{"procedure, past the end", &rs, {RTAB_TARGET_PROCEDURE, 2}, NULL},
		{"procedure, huge index", &rs, {RTAB_TARGET_PROCEDURE, UINT16_MAX}, NULL},
		{"unknown kind", &rs, {RTAB_TARGET_PROCEDURE + 1, 0}, NULL},
		{"kind 255", &rs, {255, 0}, NULL},
		{"NULL ruleset", NULL, {RTAB_TARGET_TABLE, T_PLAIN}, NULL},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		print_message("case: %s\n", cases[i].what);
		const char *id = rtab_target_id(cases[i].rs, cases[i].t);
		if (cases[i].id)
			assert_string_equal(id, cases[i].id);
		else
			assert_null(id);
	}
}

static void test_find_enum_value(void **state)
{
	static const struct {
		const rtab_enum *e;
		const char *id;
		int index;
	} cases[] = {
		{&enums[0], "tacw", V_TACW}, {&enums[0], "ngbg", V_NGBG}, {&enums[0], "other", V_OTHER},
		{&enums[0], "game", -1},     {&enums[0], "", -1},         {&enums[0], NULL, -1},
		{NULL, "tacw", -1},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++)
		assert_int_equal(rtab_find_enum_value(cases[i].e, cases[i].id), cases[i].index);
}

static void test_label(void **state)
{
	static const struct {
		const char *what;
		const rtab_ruleset *rs;
		rtab_labels labels;
		size_t locale;
		const char *label;
	} cases[] = {
		{"first locale", &rs, l_low, 0, "Low"},
		{"second locale", &rs, l_low, 1, "Низкий"},
		{"a locale without a label falls back to the first", &rs, l_tacw, 1, "TACW"},
		{"a locale past the last falls back to the first", &rs, l_low, 2, "Low"},
		{"SIZE_MAX falls back to the first", &rs, l_low, SIZE_MAX, "Low"},
		{"no label in any locale", &rs, l_none, 1, NULL},
		{"NULL labels", &rs, NULL, 0, NULL},
		{"NULL ruleset", NULL, l_low, 0, NULL},
		{"the title", &rs, title, 1, "Тест"},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		const char *got = rtab_label(cases[i].rs, cases[i].labels, cases[i].locale);
		print_message("case: %s\n", cases[i].what);
		if (cases[i].label)
			assert_string_equal(got, cases[i].label);
		else
			assert_null(got);
	}
}

static void test_status_message(void **state)
{
	static const struct {
		int status;
		const char *message;
	} cases[] = {
		{RTAB_OK, "success"},
		{RTAB_E_NULL, "a required argument is NULL"},
		{RTAB_E_TABLE, "no such table"},
		{RTAB_E_INPUT, "an input is missing or outside its domain"},
		{RTAB_E_FACES, "wrong number of dice faces, or a face outside its die"},
		{RTAB_E_NO_ROW, "the modified roll matches no row"},
		{RTAB_E_COLUMN, "the column input selects no column"},
		{RTAB_E_EXPR, "malformed expression, or division by zero"},
		{RTAB_E_OVERFLOW, "arithmetic overflow"},
		{RTAB_E_RULESET, "inconsistent ruleset data"},
		{RTAB_E_INDEX, "no such outcome, reaction set, transition, distance or procedure"},
		{RTAB_E_STATE, "the transition is not defined for this state"},
		{1, "unknown status"},
		{-1000, "unknown status"},
		{INT32_MIN, "unknown status"},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++)
		assert_string_equal(rtab_status_message(cases[i].status), cases[i].message);
}

/* ------------------------------------------------------------------------ */
/* Bad arguments: every public function refuses them with its status.       */
/* ------------------------------------------------------------------------ */

typedef struct bad_resolve_case {
	const char *what;
	bool null_rs, null_out, null_inputs, null_faces;
	size_t table;
	int32_t in[NINPUTS];
	size_t ninputs;
	int32_t faces[2];
	size_t nfaces;
	int rc;
} bad_resolve_case;

#define OK_IN {V_OTHER, 0, 1}

static const bad_resolve_case bad_resolve_cases[] = {
	{"NULL ruleset", true, false, false, false, T_PLAIN, OK_IN, NINPUTS, {1}, 1, RTAB_E_NULL},
	{"NULL result", false, true, false, false, T_PLAIN, OK_IN, NINPUTS, {1}, 1, RTAB_E_NULL},
	{"NULL faces", false, false, false, true, T_PLAIN, OK_IN, NINPUTS, {1}, 1, RTAB_E_NULL},
	{"NULL inputs", false, false, true, false, T_PLAIN, OK_IN, NINPUTS, {1}, 1, RTAB_E_NULL},
	{"table = ntables", false, false, false, false, NTABLES, OK_IN, NINPUTS, {1}, 1, RTAB_E_TABLE},
	{"table 1000", false, false, false, false, 1000, OK_IN, NINPUTS, {1}, 1, RTAB_E_TABLE},
	{"table SIZE_MAX", false, false, false, false, SIZE_MAX, OK_IN, NINPUTS, {1}, 1, RTAB_E_TABLE},
	{"table 65536 (wraps to 0 in 16 bits)", false, false, false, false, 65536, OK_IN, NINPUTS, {1}, 1,
	 RTAB_E_TABLE},
	{"too few inputs", false, false, false, false, T_PLAIN, OK_IN, NINPUTS - 1, {1}, 1,
	 RTAB_E_INPUT},
	{"no inputs", false, false, true, false, T_PLAIN, OK_IN, 0, {1}, 1, RTAB_E_INPUT},
	{"an enum input past its values", false, false, false, false, T_MAIN, {3, 0, 1}, NINPUTS, {1},
	 1, RTAB_E_INPUT},
	{"an enum input below 0 (the column input)", false, false, false, false, T_MAIN, {-1, 0, 1},
	 NINPUTS, {1}, 1, RTAB_E_INPUT},
	{"a bool input of 2", false, false, false, false, T_PLAIN, {V_OTHER, 2, 1}, NINPUTS, {1}, 1,
	 RTAB_E_INPUT},
	{"an int input past its domain", false, false, false, false, T_PLAIN, {V_OTHER, 0, 4}, NINPUTS,
	 {1}, 1, RTAB_E_INPUT},
	{"no faces", false, false, false, true, T_PLAIN, OK_IN, NINPUTS, {1}, 0, RTAB_E_FACES},
	{"no faces, given as an empty array", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {1}, 0,
	 RTAB_E_FACES},
	{"two faces for one die", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {1, 1}, 2,
	 RTAB_E_FACES},
	{"face 0 on a d6", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {0}, 1, RTAB_E_FACES},
	{"face 7 on a d6", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {7}, 1, RTAB_E_FACES},
	{"face INT32_MIN", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {INT32_MIN}, 1,
	 RTAB_E_FACES},
	{"face INT32_MAX", false, false, false, false, T_PLAIN, OK_IN, NINPUTS, {INT32_MAX}, 1,
	 RTAB_E_FACES},
};

static void test_resolve_rejects(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(bad_resolve_cases); i++) {
		const bad_resolve_case *c = &bad_resolve_cases[i];
		rtab_result r;
		print_message("case: %s\n", c->what);
		/* "no inputs" passes NULL with a count of 0: the count is what is wrong. */
		const int32_t *in = c->null_inputs ? NULL : c->in;
		int rc = rtab_resolve(c->null_rs ? NULL : &rs, c->table, in, c->ninputs,
				      c->null_faces ? NULL : c->faces, c->nfaces, 0,
				      c->null_out ? NULL : &r);
		assert_int_equal(rc, c->rc);
	}
}

static void test_expr_eval_rejects(void **state)
{
	static const rtab_instr one[] = {C(1)};
	static const rtab_expr good = {.ninstrs = 1, .instrs = one};
	static const rtab_expr no_instrs = {.ninstrs = 2, .instrs = NULL};
	static const rtab_expr empty = {.ninstrs = 0, .instrs = NULL};
	static const int32_t in[1] = {0};
	static const struct {
		const char *what;
		const rtab_ruleset *rs;
		const rtab_expr *e;
		const int32_t *in;
		size_t n;
		bool null_value;
		int rc;
	} cases[] = {
		{"all good", &rs, &good, in, 1, false, RTAB_OK},
		{"no inputs at all is fine", &rs, &good, NULL, 0, false, RTAB_OK},
		{"an empty program without instructions", &rs, &empty, NULL, 0, false, RTAB_OK},
		{"NULL ruleset", NULL, &good, in, 1, false, RTAB_E_NULL},
		{"NULL expression", &rs, NULL, in, 1, false, RTAB_E_NULL},
		{"NULL inputs with a count", &rs, &good, NULL, 1, false, RTAB_E_NULL},
		{"NULL instructions with a count", &rs, &no_instrs, in, 1, false, RTAB_E_NULL},
		{"NULL value", &rs, &good, in, 1, true, RTAB_E_NULL},
	};
	(void)state;
	for (size_t i = 0; i < COUNT(cases); i++) {
		int32_t v;
		print_message("case: %s\n", cases[i].what);
		assert_int_equal(rtab_expr_eval(cases[i].rs, cases[i].e, cases[i].in, cases[i].n,
						cases[i].null_value ? NULL : &v),
				 cases[i].rc);
	}
}

/* NULL pointers and bad input counts, for the functions of the other kinds. */
enum other_fn { FN_REACTIONS, FN_TRANSITION, FN_DISTANCE, FN_PROCEDURE, FN_TRIGGERS };

typedef struct other_reject_case {
	const char *what;
	enum other_fn fn;
	bool null_rs, null_out, null_inputs, null_faces, null_options;
	size_t ninputs;
	int rc;
} other_reject_case;

static const other_reject_case other_reject_cases[] = {
	{"reactions: all good", FN_REACTIONS, false, false, false, false, false, NINPUTS, RTAB_OK},
	{"reactions: NULL ruleset", FN_REACTIONS, true, false, false, false, false, NINPUTS, RTAB_E_NULL},
	{"reactions: NULL count", FN_REACTIONS, false, true, false, false, false, NINPUTS, RTAB_E_NULL},
	{"reactions: NULL options with a cap", FN_REACTIONS, false, false, false, false, true, NINPUTS,
	 RTAB_E_NULL},
	{"reactions: NULL inputs", FN_REACTIONS, false, false, true, false, false, NINPUTS, RTAB_E_NULL},
	{"reactions: too few inputs", FN_REACTIONS, false, false, false, false, false, NINPUTS - 1,
	 RTAB_E_INPUT},
	{"transition: all good", FN_TRANSITION, false, false, false, false, false, NINPUTS, RTAB_OK},
	{"transition: NULL ruleset", FN_TRANSITION, true, false, false, false, false, NINPUTS, RTAB_E_NULL},
	{"transition: NULL state", FN_TRANSITION, false, true, false, false, false, NINPUTS, RTAB_E_NULL},
	{"transition: NULL inputs", FN_TRANSITION, false, false, true, false, false, NINPUTS, RTAB_E_NULL},
	{"transition: too many inputs", FN_TRANSITION, false, false, false, false, false, NINPUTS + 1,
	 RTAB_E_INPUT},
	{"distance: all good", FN_DISTANCE, false, false, false, false, false, NINPUTS, RTAB_OK},
	{"distance: NULL ruleset", FN_DISTANCE, true, false, false, false, false, NINPUTS, RTAB_E_NULL},
	{"distance: NULL value", FN_DISTANCE, false, true, false, false, false, NINPUTS, RTAB_E_NULL},
	{"distance: NULL faces", FN_DISTANCE, false, false, false, true, false, NINPUTS, RTAB_E_NULL},
	{"distance: NULL inputs", FN_DISTANCE, false, false, true, false, false, NINPUTS, RTAB_E_NULL},
	{"distance: no inputs", FN_DISTANCE, false, false, false, false, false, 0, RTAB_E_INPUT},
	{"procedure: all good", FN_PROCEDURE, false, false, false, false, false, NINPUTS, RTAB_OK},
	{"procedure: NULL ruleset", FN_PROCEDURE, true, false, false, false, false, NINPUTS, RTAB_E_NULL},
	{"procedure: NULL step", FN_PROCEDURE, false, true, false, false, false, NINPUTS, RTAB_E_NULL},
	{"procedure: NULL inputs", FN_PROCEDURE, false, false, true, false, false, NINPUTS, RTAB_E_NULL},
	{"procedure: too few inputs", FN_PROCEDURE, false, false, false, false, false, 2, RTAB_E_INPUT},
	{"triggers: all good", FN_TRIGGERS, false, false, false, false, false, NINPUTS, RTAB_OK},
	{"triggers: NULL ruleset", FN_TRIGGERS, true, false, false, false, false, NINPUTS, RTAB_E_NULL},
	{"triggers: NULL count", FN_TRIGGERS, false, true, false, false, false, NINPUTS, RTAB_E_NULL},
	{"triggers: NULL targets with a cap", FN_TRIGGERS, false, false, false, false, true, NINPUTS,
	 RTAB_E_NULL},
	{"triggers: NULL inputs", FN_TRIGGERS, false, false, true, false, false, NINPUTS, RTAB_E_NULL},
	{"triggers: too few inputs", FN_TRIGGERS, false, false, false, false, false, 1, RTAB_E_INPUT},
};

static void test_other_kinds_reject(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(other_reject_cases); i++) {
		const other_reject_case *c = &other_reject_cases[i];
		const int32_t good[NINPUTS + 1] = {V_TACW, 0, 1, 0};
		const rtab_ruleset *r = c->null_rs ? NULL : &rs;
		const int32_t *in = c->null_inputs ? NULL : good;
		const int32_t face[1] = {4};
		uint16_t options[4];
		rtab_target targets[4];
		size_t count;
		int32_t v;
		const char *prov;
		int rc = 0;
		print_message("case: %s\n", c->what);
		switch (c->fn) {
		case FN_REACTIONS:
			rc = rtab_reactions(r, 0, in, c->ninputs, c->null_options ? NULL : options, 4,
					    c->null_out ? NULL : &count);
			break;
		case FN_TRANSITION:
			rc = rtab_transition_next(r, 0, in, c->ninputs, c->null_out ? NULL : &v);
			break;
		case FN_DISTANCE:
			rc = rtab_distance_eval(r, 0, 0, in, c->ninputs, c->null_faces ? NULL : face, 1,
						c->null_out ? NULL : &v, &prov);
			break;
		case FN_PROCEDURE:
			rc = rtab_procedure_step_first(r, 0, in, c->ninputs, c->null_out ? NULL : &v);
			break;
		case FN_TRIGGERS:
			rc = rtab_outcome_triggers(r, O_TRIG, in, c->ninputs,
						   c->null_options ? NULL : targets, 4,
						   c->null_out ? NULL : &count);
			break;
		}
		assert_int_equal(rc, c->rc);
	}
}

/* An outcome that carries numbers: rtab_outcome_value reads them by name. */
static void test_outcome_value(void **state)
{
	(void)state;
	static const rtab_special_value killed[] = {{.id = "killed", .code = "K", .value = 100}};
	static const rtab_outcome_param params[] = {
		{.id = "e", .min = 0, .max = 99, .nspecials = 1, .specials = killed},
		{.id = "lw", .min = 0, .max = 99, .nspecials = 0, .specials = NULL},
	};
	static const rtab_numeric_outcome loss[] = {
		{.id = "loss", .code = "{e}/{lw}", .nparams = 2, .params = params},
	};
	static const int32_t v63[] = {6, 3}, vk0[] = {100, 0};
	static const rtab_outcome outs[] = {
		{.id = "plain"},
		{.id = "loss_6_3", .nvalues = 2, .values = v63, .numeric = 0},
		{.id = "loss_killed_0", .nvalues = 2, .values = vk0, .numeric = 0},
		{.id = "broken", .nvalues = 2, .values = v63, .numeric = 7}, /* no such numeric outcome */
	};
	const rtab_ruleset nrs = {.data_version = RTAB_DATA_VERSION,
				  .id = "numbers", .noutcomes = 4, .outcomes = outs,
				 .nnumeric_outcomes = 1, .numeric_outcomes = loss};
	int32_t v = -1;
	assert_int_equal(rtab_outcome_value(&nrs, 1, "e", &v), RTAB_OK);
	assert_int_equal(v, 6);
	assert_int_equal(rtab_outcome_value(&nrs, 1, "lw", &v), RTAB_OK);
	assert_int_equal(v, 3);
	assert_int_equal(rtab_outcome_value(&nrs, 2, "e", &v), RTAB_OK);
	assert_int_equal(v, 100);
	v = -1;
	assert_int_equal(rtab_outcome_value(&nrs, 0, "e", &v), RTAB_E_INDEX); /* a plain outcome */
	assert_int_equal(rtab_outcome_value(&nrs, 1, "self", &v), RTAB_E_INDEX);
	assert_int_equal(rtab_outcome_value(&nrs, 3, "e", &v), RTAB_E_INDEX);
	assert_int_equal(rtab_outcome_value(&nrs, 4, "e", &v), RTAB_E_INDEX);
	assert_int_equal(v, -1);
	assert_int_equal(rtab_outcome_value(NULL, 1, "e", &v), RTAB_E_NULL);
	assert_int_equal(rtab_outcome_value(&nrs, 1, NULL, &v), RTAB_E_NULL);
	assert_int_equal(rtab_outcome_value(&nrs, 1, "e", NULL), RTAB_E_NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resolve),
		cmocka_unit_test(test_outcome_value),
		cmocka_unit_test(test_resolve_rules),
		cmocka_unit_test(test_resolve_groups),
		cmocka_unit_test(test_resolve_more_faces_than_the_limit),
		cmocka_unit_test(test_resolve_defender_int32_min),
		cmocka_unit_test(test_expr_eval),
		cmocka_unit_test(test_format_exact),
		cmocka_unit_test(test_number_input_step),
		cmocka_unit_test(test_step_refuses_drm),
		cmocka_unit_test(test_expr_eval_program),
		cmocka_unit_test(test_expr_eval_stack),
		cmocka_unit_test(test_expr_eval_ctx),
		cmocka_unit_test(test_reactions),
		cmocka_unit_test(test_transition_next),
		cmocka_unit_test(test_distance_eval),
		cmocka_unit_test(test_procedure_step_first),
		cmocka_unit_test(test_outcome_triggers),
		cmocka_unit_test(test_inputs_default),
		cmocka_unit_test(test_inputs_validate),
		cmocka_unit_test(test_data_version),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_find_enum_value),
		cmocka_unit_test(test_target_id),
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_status_message),
		cmocka_unit_test(test_resolve_rejects),
		cmocka_unit_test(test_expr_eval_rejects),
		cmocka_unit_test(test_other_kinds_reject),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
