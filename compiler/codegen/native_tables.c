/* SPDX-License-Identifier: MIT */
/* Which results tables get native code (see native_tables.h). */
#include "codegen/native_tables.h"
#include "codegen/expr_intervals.h"
#include "check/proofs/modifier_range.h"
#include "base/util.h"
#include "front/key_kinds.h"

#include <stdlib.h>

static bool expr_ok(const rtab_ruleset *rs, const rtab_expr *e)
{
	if (e->ninstrs == 0)
		return true;
	if (!e->instrs)
		return false;
	sstate *st = xcalloc(e->ninstrs + 1u, sizeof *st);
	bool ok = expr_intervals(rs, e, st);
	free(st);
	return ok;
}

/* Why an expression the analysis refuses is left to the interpreter. */
static const char *expr_why(const rtab_ruleset *rs, const rtab_expr *e)
{
	for (size_t i = 0; e->instrs && i < e->ninstrs; i++)
		switch ((rtab_op)e->instrs[i].op) {
		case RTAB_OP_ROLL: return "rolls dice";
		case RTAB_OP_CONST_EXACT:
		case RTAB_OP_SCALE:
		case RTAB_OP_MUL_EXACT:
		case RTAB_OP_DIV_EXACT: return "reads exact numbers";
		case RTAB_OP_BAND:
			if (e->instrs[i].arg >= 0 && (size_t)e->instrs[i].arg < rs->nbands &&
			    rs->bands[e->instrs[i].arg].rounding != RTAB_ROUND_EVENS)
				return "reads a ratio that rounds its odds";
			break;
		default: break;
		}
	return "has an expression whose range the native code cannot bound";
}

/* Why a list of modifiers (die-roll modifiers or column shifts) is left to the interpreter,
 * or NULL; *counted grows by the members that count at the table's step. */
static const char *list_why(const rtab_ruleset *rs, const rtab_table *t, const uint16_t *list, size_t n,
			    size_t *counted)
{
	if (n && !list)
		return "it names a modifier the ruleset does not have";
	for (size_t i = 0; i < n; i++) {
		if (list[i] >= rs->nmodifiers)
			return "it names a modifier the ruleset does not have";
		const rtab_modifier *m = &rs->modifiers[list[i]];
		if (!rtab_modifier_counts_at_step(t, m))
			continue;
		if ((m->group >= 0 && (size_t)m->group >= rs->ngroups) || m->group < -1)
			return "a modifier names a group the ruleset does not have";
		if (m->group >= 0 && rs->groups[m->group].stacking > RTAB_STACK_BEST)
			return "a modifier's group stacks in a way the native code does not know";
		if (!expr_ok(rs, &m->condition))
			return expr_why(rs, &m->condition);
		if (!expr_ok(rs, &m->value))
			return expr_why(rs, &m->value);
		if (m->value.ninstrs == 0)
			return "a modifier has no value";
		(*counted)++;
	}
	return NULL;
}

/* <0, 0 or >0 as step i of table t is below, at or above num:den (the interpreter's
 * cmp_key); odds: the key is odds, else a value. */
static int cmp_step(const rtab_table *t, bool odds, int64_t num, int64_t den, size_t i)
{
	const rtab_column *c = &t->columns[i];
	if (!odds)
		return (num > c->step_num) - (num < c->step_num);
	int64_t l = num * c->step_den, r = (int64_t)c->step_num * den;
	return (l > r) - (l < r);
}

/* Why the columns [first, end) cannot be read by a computed key natively, or NULL. */
static const char *run_why(const rtab_table *t, bool odds, size_t first, size_t end)
{
	if (first >= end || end > t->ncolumns)
		return "a variant's columns are not a run of the table's columns";
	for (size_t i = first; i < end; i++) {
		const rtab_column *c = &t->columns[i];
		if (odds &&
		    (c->step_num < 0 || c->step_den <= 0 || c->step_num > RTAB_MAX_STEP_TERM ||
		     c->step_den > RTAB_MAX_STEP_TERM))
			return "a column's odds are beyond the terms a step may have";
		/* 'above more than S': S may stand at the last printed column's step */
		bool strict_end = t->above_strict && i == end - 1;
		if (i > first && cmp_step(t, odds, c->step_num, c->step_den, i - 1) < (strict_end ? 0 : 1))
			return "its columns' steps do not rise";
	}
	if (t->above_strict && end - first < 2)
		return "its 'above more than' column stands without a printed column";
	return NULL;
}

/* Why a table keyed by two enums cannot choose its column natively, or NULL. */
static const char *enum_key_why(const rtab_ruleset *rs, const rtab_table *t)
{
	int key = table_enum_key_input(t);
	if (key < 0 || key >= rs->ninputs || rs->inputs[key].min < 0)
		return "its second key is not an enum input";
	if (t->column_input < 0 || (size_t)t->column_input >= rs->ninputs || !t->column_of_value ||
	    !t->column_end_of_value || rs->inputs[t->column_input].min < 0)
		return "its variant input is not an enum";
	size_t nruns = (size_t)rs->inputs[t->column_input].max + 1, nkey = (size_t)rs->inputs[key].max + 1;
	if (!t->column_of_key || t->ncolumn_of_key != nruns * nkey)
		return "its columns by the second key do not cover every value";
	for (size_t v = 0; v < nruns; v++)
		for (size_t k = 0; k < nkey; k++) {
			uint16_t col = t->column_of_key[v * nkey + k];
			if (col < t->column_of_value[v] || col >= t->column_end_of_value[v])
				return "a value of its second key reads a column outside its line";
		}
	return NULL;
}

/* Why the table's column cannot be chosen natively, or NULL. */
static const char *column_why(const rtab_ruleset *rs, const rtab_table *t)
{
	const char *unknown_kind = "its columns are computed in a way the native code does not know";
	bool odds = false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		if (t->column_input < 0 ? t->ncolumns != 1
					: ((size_t)t->column_input >= rs->ninputs || !t->column_of_value ||
					   rs->inputs[t->column_input].min < 0))
			return "its column input is not an enum";
		return NULL;
	case RTAB_KEY_ODDS:
		odds = true;
		unknown_kind = NULL;
		break;
	case RTAB_KEY_VALUE:
		unknown_kind = NULL;
		break;
	case RTAB_KEY_ENUM:
		return enum_key_why(rs, t);
	}
	if (unknown_kind) /* a byte past the kinds: data the compiler did not make */
		return unknown_kind;
	if (t->rounding > RTAB_ROUND_DOWN_STRICT)
		return "it rounds its key in a way the native code does not know";
	if (t->nround_ranges && !t->round_ranges)
		return "it names rounding ranges it does not have";
	for (size_t i = 0; i < t->nround_ranges; i++)
		if (t->round_ranges[i].rounding > RTAB_ROUND_DOWN_STRICT)
			return "it rounds its key in a way the native code does not know";
	if (!expr_ok(rs, &t->key_a))
		return expr_why(rs, &t->key_a);
	if (odds && !expr_ok(rs, &t->key_b))
		return expr_why(rs, &t->key_b);
	if (t->column_input < 0)
		return run_why(t, odds, 0, t->ncolumns);
	if ((size_t)t->column_input >= rs->ninputs || !t->column_of_value || !t->column_end_of_value ||
	    rs->inputs[t->column_input].min < 0)
		return "its variant input is not an enum";
	for (int32_t v = 0; v <= rs->inputs[t->column_input].max; v++) {
		const char *why = run_why(t, odds, t->column_of_value[v], t->column_end_of_value[v]);
		if (why)
			return why;
	}
	return NULL;
}

/* NULL when every construct of table ti is one the native code resolves
 * exactly; else why the interpreter answers for it. */
const char *table_native_why(const rtab_ruleset *rs, size_t ti)
{
	const rtab_table *t = &rs->tables[ti];
	size_t counted = 0;
	const char *why;

	if (t->dice != RTAB_NO_DICE && t->dice >= rs->ndice)
		return "its dice are not in the ruleset";
	if (t->dice != RTAB_NO_DICE && rs->dice[t->dice].nfaces > RTAB_MAX_FACES)
		return "its dice have more faces than a native resolver holds";
	if (t->nrolls)
		return "it compares rolls it declares (an opposed roll)";
	if (t->nlines)
		return "its line is chosen by a condition (grid NAME when COND)";
	if (t->ncolumns == 0 || !t->columns || t->roll_max < t->roll_min)
		return "it has no columns or no rolls";
	if ((why = column_why(rs, t)) != NULL)
		return why;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		if (col->kind == RTAB_COLUMN_NONE)
			continue;
		if (col->kind == RTAB_COLUMN_AUTOMATIC) {
			if (col->automatic >= rs->noutcomes)
				return "an automatic column names an outcome the ruleset does not have";
			continue;
		}
		if (col->kind != RTAB_COLUMN_ROLLED)
			return "it has a column of a kind the native code does not know";
		if (col->below_row >= t->nrows || col->above_row >= t->nrows || !rtab_column_rolls(col))
			return "a column names a row the table does not have";
		for (int64_t r = 0; r <= (int64_t)t->roll_max - t->roll_min; r++)
			if (rtab_column_row(col, (size_t)r) >= t->nrows)
				return "a column names a row the table does not have";
	}
	for (size_t r = 0; r < t->nrows; r++)
		if (rtab_row_outcome(t, r) >= rs->noutcomes)
			return "a row names an outcome the ruleset does not have";
	for (size_t k = 0; k < t->nnatural; k++)
		if (t->natural[k].outcome >= rs->noutcomes || t->natural[k].nfaces > RTAB_MAX_FACES)
			return "a natural-roll rule names an outcome or faces beyond the ruleset";
	if ((why = list_why(rs, t, t->modifiers, t->nmodifiers, &counted)) != NULL)
		return why;
	if ((why = list_why(rs, t, t->shifts, t->nshifts, &counted)) != NULL)
		return why;
	if (counted > RTAB_MAX_APPLIED)
		return "more modifiers count than a result holds";
	modifier_bounds shift = modifier_range(rs, t, t->shifts, t->nshifts);
	if (shift.lo < INT32_MIN || shift.hi > INT32_MAX)
		return "its column shifts may add up beyond 32 bits";
	for (size_t k = 0; k < t->nrewrites; k++) {
		if (t->rewrites[k].to >= rs->noutcomes)
			return "a rewrite names an outcome the ruleset does not have";
		if (!expr_ok(rs, &t->rewrites[k].condition))
			return expr_why(rs, &t->rewrites[k].condition);
	}
	for (size_t o = 0; o < rs->noutcomes; o++) {
		if (rs->outcomes[o].ntriggers > RTAB_MAX_TRIGGERS)
			return "an outcome has more triggers than a result holds";
		for (size_t k = 0; k < rs->outcomes[o].ntriggers; k++) {
			const rtab_trigger *tr = &rs->outcomes[o].triggers[k];
			if (!expr_ok(rs, &tr->unless))
				return expr_why(rs, &tr->unless);
			/* The count too: the native code evaluates it like a condition. */
			if (tr->times.ninstrs && !expr_ok(rs, &tr->times))
				return expr_why(rs, &tr->times);
		}
	}
	return NULL;
}

/* Whether every construct of table ti is one the native code resolves exactly. */
bool table_native(const rtab_ruleset *rs, size_t ti)
{
	return table_native_why(rs, ti) == NULL;
}

bool table_resolver(const rtab_ruleset *rs, size_t ti, const bool *lowered)
{
	return (lowered && lowered[ti]) || table_native(rs, ti);
}
