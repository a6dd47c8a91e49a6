/* SPDX-License-Identifier: MIT */
/* The automatic columns at the ends of a table's run of columns: 'below' and 'above'. */
#include "check/passes/sema_ends.h"

#include "check/checks.h"
#include "check/passes/sema_grid.h"
#include "check/passes/table_text.h"
#include "front/key_kinds.h"

#include <stdio.h>
#include <string.h>

/* 'below X;' and 'above [STEP] X;': automatic (or 'none') columns at the ends
 * of the run of columns that starts at first ('below' is that column). */
void end_column(model *m, rtab_table *t, const ast_stmt *w, bool above, size_t first)
{
	rtab_column *col = &m->tables[t - m->rs.tables].columns[above ? t->ncolumns : first];

	/* On a mistake, a 'none' column: reported once, not again as a gap. */
	col->id = above ? "above" : "below";
	col->below_row = col->above_row = -1;
	col->kind = RTAB_COLUMN_NONE;
	col->provisional = w->text;
	if (!w->ids) { /* 'below X { ... }': a block where the outcome goes */
		check_report(m, CHECK_MISSING, w->loc, "'%s' names one outcome (or 'none'): %s OUTCOME;",
			     stmt_kind_name(w->kind), stmt_kind_name(w->kind));
		return;
	}
	const char *what = w->ids->id;
	if (w->ids->next) {
		check_report(m, CHECK_MISSING, w->ids->next->loc,
			     "'%s' names one outcome (or 'none'), not a list", stmt_kind_name(w->kind));
		return;
	}
	if (strcmp(what, "none") == 0 && model_find(m, DEF_OUTCOME, "none") < 0) {
		col->kind = RTAB_COLUMN_NONE;
	} else {
		int o = resolve_outcome_or_code(m, what, w->ids->loc);
		col->kind = RTAB_COLUMN_AUTOMATIC;
		col->automatic = (uint16_t)(o < 0 ? 0 : o);
	}
	bool computed = true, odds = false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_ODDS:
		odds = true;
		col->step_num = above ? RTAB_MAX_STEP_TERM : 0;
		col->step_den = 1;
		break;
	case RTAB_KEY_VALUE:
		col->step_num = above ? INT32_MAX : INT32_MIN;
		col->step_den = 1;
		break;
	case RTAB_KEY_INPUT: /* an end column of an input's columns has no step */
	case RTAB_KEY_ENUM:
		computed = false;
		break;
	}
	if (!above && w->step)
		check_report(m, CHECK_MISPLACED, w->name2 ? w->name2_loc : w->step->loc,
			     "'below' reads what lies before the first column; it takes no step");
	/* 'above more than 5:1 X': a key past the step only; 'at least' is the step as written. */
	bool strict = above && w->name2 && strcmp(w->name2, "more than") == 0;
	if (above && w->name2 && !strict && strcmp(w->name2, "at least") != 0) {
		char a[64];
		format_step(a, sizeof a, t, w->step->lo, w->step->kind == CELL_RATIO ? w->step->hi : 1);
		check_report(m, CHECK_ROW_SHAPE, w->name2_loc,
			     "'above %s %s' is no reading of a step: write 'above %s %s;' (from %s on) or 'above more than %s %s;' (past %s only)",
			     w->name2, a, a, what, a, a, what, a);
		return;
	}
	if (above && w->step) {
		const rtab_column *last = &t->columns[t->ncolumns - 1];
		if (!computed || (odds ? w->step->kind != CELL_RATIO : w->step->kind == CELL_RATIO)) {
			check_report(m, CHECK_TYPE, w->step->loc,
				     !computed ? "'above' takes a step only where the column is computed (odds or a value)"
				     : odds ? "the step of 'above' is odds, like 7:1"
					    : "the step of 'above' is a value, like +7");
			return;
		}
		if (odds && (w->step->lo > RTAB_MAX_STEP_TERM || w->step->hi > RTAB_MAX_STEP_TERM ||
			     w->step->hi < 1)) {
			check_report(m, CHECK_LIMITS, w->step->loc,
				     "the terms of a step are 1 to %d", RTAB_MAX_STEP_TERM);
			return;
		}
		col->step_num = (int32_t)w->step->lo;
		col->step_den = odds ? (int32_t)w->step->hi : 1;
		int64_t ahead = odds ? (int64_t)col->step_num * last->step_den -
					       (int64_t)last->step_num * col->step_den
				     : (int64_t)col->step_num - last->step_num;
		/* 'more than' may stand at the last column: "odds greater than 5:1". */
		if (t->ncolumns > 0 && last->id && (strict ? ahead < 0 : ahead <= 0)) {
			char a[64], b[64];
			format_step(a, sizeof a, t, col->step_num, col->step_den);
			format_step(b, sizeof b, t, last->step_num, last->step_den);
			if (strict)
				check_report(m, CHECK_ROW_SHAPE, w->step->loc,
					     "'above more than %s' must lie at or beyond the last column, %s", a, b);
			else if (ahead == 0)
				check_report(m, CHECK_ROW_SHAPE, w->step->loc,
					     "'above %s' must lie beyond the last column, %s; for a key past it write: above more than %s %s;",
					     a, b, a, what);
			else
				check_report(m, CHECK_ROW_SHAPE, w->step->loc,
					     "'above %s' must lie beyond the last column, %s", a, b);
		}
		if (strict)
			t->above_strict = 1;
	}
	/* Named as the page prints it: <1:4 before the first column, 6:1+ from the
	 * step of 'above' (>5:1 past the last column, without a step). */
	const rtab_column *next = above ? &t->columns[t->ncolumns - 1] : &t->columns[first + 1];
	if (computed && (above ? t->ncolumns > first : t->ncolumns > first + 1)) {
		char step[64], name[80];
		if (above && w->step) {
			format_step(step, sizeof step, t, col->step_num, col->step_den);
			snprintf(name, sizeof name, strict ? ">%s" : odds ? "%s+" : ">=%s", step);
			if (!strict && !odds) /* >=+6: the steps 6+ */
				model_column_steps(m, &m->tables[t - m->rs.tables],
						   above ? t->ncolumns : first, col->step_num,
						   INT64_MAX);
		} else {
			format_step(step, sizeof step, t, next->step_num, next->step_den);
			/* odds: the column as printed, 1:3 even where 'at least 0.33' reaches it */
			snprintf(name, sizeof name, above ? ">%s" : "<%s", odds ? next->id : step);
			/* The end column reads odds past 0:B or 10000:1, which none are. */
			if (odds && (above ? (int64_t)next->step_num >= (int64_t)RTAB_MAX_STEP_TERM * next->step_den
					   : next->step_num == 0))
				check_report(m, CHECK_ROW_SHAPE, w->loc,
					     above ? "no odds lie beyond the last column, %s; give 'above' a step or drop it"
						   : "no odds lie below the first column, %s; drop 'below'",
					     step);
		}
		col->id = arena_strdup(&m->arena, name);
	}
	if (above)
		t->ncolumns++;
}
