/* SPDX-License-Identifier: MIT */
/* Rolls a table declares ('roll pursuer = 2d6;') and the comparison of two
 * of them, an opposed roll ('pursuer >= flee -> destroyed;'). */
#include "check/passes/sema_rolls.h"

#include "check/checks.h"
#include "check/model.h"
#include "check/names/resolve_name.h"
#include "base/util.h"

#include <stdio.h>
#include <string.h>

#define MAX_TABLE_ROLLS 8

static bool names_roll(const ast_stmt *s)
{
	return s->kind == ST_ROLL && (s->expr || s->name2);
}

bool table_declares_rolls(const ast_def *d)
{
	for (const ast_stmt *s = d->body; s; s = s->next)
		if (names_roll(s) || s->kind == ST_COMPARE)
			return true;
	return false;
}

static size_t count_kind(const ast_def *d, stmt_kind kind)
{
	size_t n = 0;
	for (const ast_stmt *s = d->body; s; s = s->next)
		n += s->kind == kind && (kind != ST_ROLL || names_roll(s));
	return n;
}

/* The groups of one declared roll into g (room for RTAB_MAX_FACES): its count. */
static size_t roll_groups(model *m, const ast_stmt *s, rtab_die_group *g, size_t room,
			  int32_t *lo, int32_t *hi)
{
	*lo = *hi = 0;
	if (s->expr) {
		if (s->expr->num < 1 || s->expr->num > RTAB_MAX_FACES || s->expr->sides < 1 ||
		    s->expr->sides > INT16_MAX) {
			check_report(m, CHECK_BAD_RANGE, s->expr->loc,
				     "roll '%s' rolls %lldd%lld; a roll has 1 to %d dice of at least one face",
				     s->name, (long long)s->expr->num, (long long)s->expr->sides,
				     RTAB_MAX_FACES);
			return 0;
		}
		if (room < 1)
			return 0;
		g[0] = (rtab_die_group){(uint8_t)s->expr->num, 1, (int16_t)s->expr->sides};
		*lo = g[0].count;
		*hi = g[0].count * g[0].face_max;
		return 1;
	}
	int dice = resolve_def(m, DEF_DICE, s->name2, s->name2_loc);
	if (dice < 0)
		return 0;
	const rtab_dice *d = &m->rs.dice[dice];
	if (d->ngroups > room)
		return 0;
	memcpy(g, d->groups, d->ngroups * sizeof *g);
	*lo = d->min;
	*hi = d->max;
	return d->ngroups;
}

int resolve_table_rolls(model *m, const ast_def *d, rtab_table *t)
{
	size_t nrolls = count_kind(d, ST_ROLL), ncompares = count_kind(d, ST_COMPARE);
	rtab_die_group groups[RTAB_MAX_FACES];
	size_t ngroups = 0, nfaces = 0, k = 0;
	int32_t lo = 0, hi = 0;
	strbuf id = {0};

	if (nrolls == 0) {
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind == ST_COMPARE)
				check_report(m, CHECK_MISSING, s->loc,
					     "'%s %s' compares rolls that table '%s' does not declare; add: roll %s = 2d6; roll %s = 2d6;",
					     s->name, s->name2, d->id, s->name, s->name2);
		return -1;
	}
	if (nrolls > MAX_TABLE_ROLLS || (ncompares > 0 && nrolls != 2)) {
		check_report(m, CHECK_LIMITS, d->id_loc,
			     "table '%s' declares %zu rolls; a table compares two rolls, or rolls one",
			     d->id, nrolls);
		return -1;
	}
	if (nrolls > 1 && ncompares == 0) {
		check_report(m, CHECK_MISSING, d->id_loc,
			     "table '%s' declares %zu rolls and compares none; add: A >= B -> OUTCOME; for each result",
			     d->id, nrolls);
		return -1;
	}
	rtab_table_roll *rolls = model_array(m, nrolls, sizeof *rolls);
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (!names_roll(s) || s->kind != ST_ROLL)
			continue;
		int32_t rlo, rhi;
		for (size_t j = 0; j < k; j++)
			if (strcmp(rolls[j].id, s->name) == 0)
				check_report(m, CHECK_DUPLICATE, s->name_loc,
					     "table '%s' declares roll '%s' twice; name each roll once",
					     d->id, s->name);
		size_t n = roll_groups(m, s, groups + ngroups, RTAB_MAX_FACES - ngroups, &rlo, &rhi);
		if (n == 0)
			goto fail;
		rolls[k].id = arena_strdup(&m->arena, s->name);
		rolls[k].sign = (int8_t)(k == 0 ? 1 : -1);
		for (size_t j = 0; j < n; j++)
			rolls[k].nfaces = (uint8_t)(rolls[k].nfaces + groups[ngroups + j].count);
		nfaces += rolls[k].nfaces;
		if (nfaces > RTAB_MAX_FACES) {
			check_report(m, CHECK_LIMITS, s->loc,
				     "the rolls of table '%s' roll %zu dice; a roll has at most %d", d->id,
				     nfaces, RTAB_MAX_FACES);
			goto fail;
		}
		/* The first roll adds, the one it is compared with subtracts. */
		lo += k == 0 ? rlo : -rhi;
		hi += k == 0 ? rhi : -rlo;
		for (size_t j = 0; j < n; j++)
			sb_printf(&id, "%s%ud%d", k && j == 0 ? " vs " : j ? " + " : "",
				  groups[ngroups + j].count, groups[ngroups + j].face_max);
		ngroups += n;
		k++;
	}
	int dice = model_dice_groups(m, id.data, groups, ngroups, lo, hi);
	sb_free(&id);
	if (dice < 0) {
		check_report(m, CHECK_LIMITS, d->id_loc, "the ruleset rolls more than %d dice",
			     MAX_DICE);
		return -1;
	}
	t->nrolls = (uint8_t)nrolls;
	t->rolls = rolls;
	return dice;
fail:
	sb_free(&id);
	return -1;
}

static int roll_index(const rtab_table *t, const char *name)
{
	for (size_t i = 0; i < t->nrolls; i++)
		if (strcmp(t->rolls[i].id, name) == 0)
			return (int)i;
	return -1;
}

/* The modified rolls (first roll minus second) a comparison holds for. */
static ast_range compared_range(compare_kind op, src_loc loc)
{
	switch (op) {
	case CMP_LT: return (ast_range){INT64_MIN, -1, loc};
	case CMP_LE: return (ast_range){INT64_MIN, 0, loc};
	case CMP_GT: return (ast_range){1, INT64_MAX, loc};
	case CMP_GE: return (ast_range){0, INT64_MAX, loc};
	case CMP_EQ: break;
	}
	return (ast_range){0, 0, loc};
}

static compare_kind flipped(compare_kind op)
{
	switch (op) {
	case CMP_LT: return CMP_GT;
	case CMP_LE: return CMP_GE;
	case CMP_GT: return CMP_LT;
	case CMP_GE: return CMP_LE;
	case CMP_EQ: break;
	}
	return CMP_EQ;
}

const ast_stmt *compared_rows(model *m, const ast_def *d, const rtab_table *t, size_t width,
			      bool written)
{
	const ast_stmt *first = NULL;
	for (const ast_stmt *s = d->body; s && !first; s = s->next)
		if (s->kind == ST_COMPARE)
			first = s;
	if (!first || t->nrolls != 2)
		return NULL;
	if (written) {
		check_report(m, CHECK_DUPLICATE, first->loc,
			     "table '%s' compares its rolls and also has rows or a grid; write it one way",
			     d->id);
		return NULL;
	}
	ast_stmt *rows = ast_stmt_new(ST_ROWS, first->loc);
	rows->rows = ast_rows_new();
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind != ST_COMPARE)
			continue;
		int a = roll_index(t, s->name), b = roll_index(t, s->name2);
		if (a < 0 || b < 0 || a == b) {
			const char *bad = a < 0 ? s->name : s->name2;
			check_report(m, CHECK_UNKNOWN_NAME, a < 0 ? s->name_loc : s->name2_loc,
				     a == b && a >= 0
					     ? "'%s' is compared with itself; compare roll '%s' with roll '%s'"
					     : "'%s' is no roll of table '%s'; compare roll '%s' with roll '%s'",
				     bad, a == b && a >= 0 ? t->rolls[0].id : d->id,
				     a == b && a >= 0 ? t->rolls[1].id : t->rolls[0].id,
				     t->rolls[1].id);
			continue;
		}
		compare_kind op = a == 0 ? (compare_kind)s->lo : flipped((compare_kind)s->lo);
		ast_rows_add(rows->rows, s->ids->id, strlen(s->ids->id), s->ids->loc, s->rule, s->text,
			     s->text_loc);
		ast_range r = compared_range(op, s->loc);
		for (size_t c = 0; c < (width ? width : 1); c++)
			ast_rows_add_range(rows->rows, &r);
	}
	m->compared_rows = AST_APPEND(m->compared_rows, rows);
	return rows;
}
