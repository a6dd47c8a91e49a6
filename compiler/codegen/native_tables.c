/* Which results tables get native code (see native_tables.h). */
#include "codegen/native_tables.h"
#include "codegen/expr_intervals.h"
#include "base/util.h"

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

bool counts_at_step(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || (t->step < RTAB_MAX_STEPS && (m->steps >> t->step) & 1u);
}

bool table_native(const rtab_ruleset *rs, size_t ti)
{
	const rtab_table *t = &rs->tables[ti];
	size_t counted = 0;

	if (t->dice != RTAB_NO_DICE && t->dice >= rs->ndice)
		return false;
	if (t->dice != RTAB_NO_DICE && rs->dice[t->dice].nfaces > RTAB_MAX_FACES)
		return false;
	if (t->ncolumns == 0 || !t->columns || t->roll_max < t->roll_min)
		return false;
	/* Computed columns, column shifts, automatic and 'none' columns: the interpreter's. */
	if (t->key_kind != RTAB_KEY_INPUT || t->nshifts)
		return false;
	for (size_t c = 0; c < t->ncolumns; c++)
		if (t->columns[c].kind != RTAB_COLUMN_ROLLED)
			return false;
	if (t->column_input < 0 ? t->ncolumns != 1
				: ((size_t)t->column_input >= rs->ninputs || !t->column_of_value ||
				   rs->inputs[t->column_input].min < 0))
		return false;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		if (col->below_row >= t->nrows || col->above_row >= t->nrows || !rtab_column_rolls(col))
			return false;
		for (int64_t r = 0; r <= (int64_t)t->roll_max - t->roll_min; r++)
			if (rtab_column_row(col, (size_t)r) >= t->nrows)
				return false;
	}
	for (size_t r = 0; r < t->nrows; r++)
		if (rtab_row_outcome(t, r) >= rs->noutcomes)
			return false;
	for (size_t k = 0; k < t->nnatural; k++)
		if (t->natural[k].outcome >= rs->noutcomes || t->natural[k].nfaces > RTAB_MAX_FACES)
			return false;
	for (size_t i = 0; i < t->nmodifiers; i++) {
		if (t->modifiers[i] >= rs->nmodifiers)
			return false;
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		if (!counts_at_step(t, m))
			continue;
		if ((m->group >= 0 && (size_t)m->group >= rs->ngroups) || m->group < -1)
			return false;
		if (m->group >= 0 && rs->groups[m->group].stacking > RTAB_STACK_BEST)
			return false;
		/* A cap that excludes 0 holds only when a member applies: the interpreter's. */
		if (m->group >= 0 && rs->groups[m->group].capped &&
		    (rs->groups[m->group].cap_min > 0 || rs->groups[m->group].cap_max < 0))
			return false;
		if (!expr_ok(rs, &m->condition) || !expr_ok(rs, &m->value) || m->value.ninstrs == 0)
			return false;
		counted++;
	}
	if (counted > RTAB_MAX_APPLIED)
		return false;
	for (size_t k = 0; k < t->nrewrites; k++)
		if (t->rewrites[k].to >= rs->noutcomes || !expr_ok(rs, &t->rewrites[k].condition))
			return false;
	for (size_t o = 0; o < rs->noutcomes; o++) {
		if (rs->outcomes[o].ntriggers > RTAB_MAX_TRIGGERS)
			return false;
		for (size_t k = 0; k < rs->outcomes[o].ntriggers; k++)
			if (!expr_ok(rs, &rs->outcomes[o].triggers[k].unless))
				return false;
	}
	return true;
}
