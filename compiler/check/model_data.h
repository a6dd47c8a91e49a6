/* SPDX-License-Identifier: MIT */
/*
 * The data of a resolved ruleset: the runtime's own structures (rtab_ruleset),
 * built in an arena, plus the syntax behind each element for diagnostics.
 * Apart from the lookups (check/model.h) so that what the lookups call, the
 * reports of the named checks, can know the model without a circle.
 */
#ifndef RTAB_MODEL_DATA_H
#define RTAB_MODEL_DATA_H

#include "check/check_id.h"
#include "front/ast.h"
#include "base/diag.h"
#include "base/util.h"
#include "base/work.h"

#include "rtab.h"

#include <stdbool.h>

/* One roll range of one row in one column, as written. */
typedef struct model_cell {
	int64_t lo, hi; /* INT64_MIN / INT64_MAX for open ends */
	uint16_t row;
	src_loc loc;
} model_cell;

typedef struct model_table {
	const ast_def *def;
	rtab_column *columns; /* the table's columns as the passes fill them (rs holds them const) */
	/* Per column (model_columns makes both arrays): where a column is named
	 * by its steps as the page prints them (0-2, 0..2, +1..+2, >=6, 6+), the
	 * steps in one spelling, which diff and verify compare it under: L-H
	 * (L..H where an end is negative), N, N+ for an open top, <=N for an
	 * open bottom. NULL where its id is its name (a printed name over the
	 * steps, odds, an enum value, a line's or a run's column). */
	const char **column_steps;
	model_cell *cells; /* ncolumns * nrows, column-major */
	/* Per row: the outcome as written (an id or a code), and where it is written
	 * (its row, or its first grid cell): from its rows block (rows), or, for a
	 * grid, from these arrays. Read them with model_row_name and model_row_loc. */
	const ast_rows *rows;
	const char **row_names;
	src_loc *row_locs;
	uint16_t first_rolled, nrolled; /* the columns rows give ranges for (the others are
					   the automatic columns of 'below' and 'above') */
	int64_t reach_lo, reach_hi; /* modified rolls that can occur */
	bool has_rows;  /* rows to check for coverage */
	bool shape_bad; /* a row gave the wrong number of ranges */
	/* Rows in a block per value of the first of two keys ('rows open { ... }'):
	 * row_names and row_locs hold the rows, which messages call rows. */
	bool row_blocks;
	/* 'grid NAME when COND { ... }': each line's grid and condition (empty
	 * for 'otherwise'), proved exclusive and covering once every table and
	 * matrix is lowered (sema_lines.c). */
	const struct ast_stmt **line_grids;
	rtab_expr *line_conditions;
	uint16_t nline_conditions;
	/* A grid under odds lines ('woods:  -  1:3  1:2 ...'): per column of the
	 * table, 1 + the grid's result column whose cells it reads (0: an end
	 * column, or a grid of its own); the result columns' ids as its header
	 * prints them; the grid. NULL, 0 and NULL in every other table. */
	uint16_t *result_of_column;
	const char **result_ids;
	size_t nresults;
	const ast_stmt *odds_grid;
	/* Value columns under printed names ('light' over '0-2'): each such
	 * column and its value as the grid prints it, for the exports. */
	struct model_printed_value {
		uint16_t column;
		const char *value;
	} *printed_values;
	size_t nprinted_values;
	/* Per rewrite of the table: which 'rewrite' statement of its body wrote
	 * it, counted from 0 (one that computes numbers writes several). */
	uint16_t *rewrite_source;
} model_table;

/* The value printed under a named value column ("0-2" under light), or NULL. */
static inline const char *model_printed_value(const model_table *mt, size_t column)
{
	for (size_t i = 0; i < mt->nprinted_values; i++)
		if (mt->printed_values[i].column == column)
			return mt->printed_values[i].value;
	return NULL;
}

/* Column c of results table t (mt its model, or NULL) as diff and verify
 * name it: its steps in one spelling (model_table.column_steps), else its id. */
static inline const char *model_column_name(const model_table *mt, const rtab_table *t, size_t c)
{
	const char *steps = mt && mt->column_steps ? mt->column_steps[c] : NULL;
	return steps ? steps : t->columns[c].id ? t->columns[c].id : "";
}

/* Under odds lines, the result column whose cells column reads, as the grid's header
 * prints it ("4"), or NULL (an end column, a grid of its own, any other table). */
static inline const char *model_result_id(const model_table *mt, size_t column)
{
	if (!mt->result_of_column || !mt->result_ids || !mt->result_of_column[column])
		return NULL;
	return mt->result_ids[mt->result_of_column[column] - 1];
}

static inline const char *model_row_name(const model_table *mt, size_t row)
{
	return mt->rows ? mt->rows->rows[row].name : mt->row_names[row];
}

static inline src_loc model_row_loc(const model_table *mt, size_t row)
{
	return mt->rows ? mt->rows->rows[row].loc : mt->row_locs[row];
}

/* One check of an example, resolved: what to run and what it must give. */
typedef struct model_check {
	const ast_stmt *stmt;
	rtab_target target;
	int32_t *inputs;
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	int32_t drm;
	int drm_modifier; /* 'drm flank_or_rear': the modifier that applies, or -1 */
	int expected; /* outcome, option set (see options), state, step or value */
	uint16_t *options;
	size_t noptions;
	rtab_target *triggers; /* expected, when the check says 'trigger {...}' */
	size_t ntriggers;
	int32_t *trigger_inputs; /* per expected trigger, ninputs values it must pass on ... */
	uint8_t *trigger_set;    /* ... where this is 1 (the inputs the check names) */
	const char *unit;
} model_check;

typedef struct model_example {
	const ast_def *def;
	model_check *checks;
	size_t nchecks;
} model_example;

/* outcomes NAME { labels; member; ... }: outcomes read together (rtab odds). */
typedef struct model_outcome_group {
	const char *id;
	rtab_labels labels;
	const char *rule;
	rtab_labels rules; /* per locale; empty: rule in every locale */
	uint16_t *members; /* indexes of rs.outcomes, in the order written */
	size_t nmembers;
} model_outcome_group;

typedef struct model {
	arena arena;
	diag_ctx *diag;
	rtab_ruleset rs;
	/* The arrays of rs the passes fill after they are made: the same memory,
	 * writable (rs holds them const, as the runtime reads them). */
	rtab_table *tables_built;
	rtab_modifier *modifiers_built;
	rtab_outcome *outcomes_built;
	rtab_requirement *requirements_built;
	const ast_def *ruleset_def;
	const ast_def **defs[DEF_KIND_COUNT_]; /* per kind, in index order */
	size_t ndefs[DEF_KIND_COUNT_];
	bool *used[DEF_KIND_COUNT_]; /* per definition: something refers to it */
	bool *bad[DEF_KIND_COUNT_];  /* per definition: an error was reported on it; lookups
					into it stay silent rather than cascade */
	const char *const *def_names[DEF_KIND_COUNT_]; /* per kind, the ids: built on first use */
	const char *const *target_names; /* tables, reactions, ... as one list: built on first use */
	size_t suggestion_work;      /* candidates compared for "did you mean" so far */
	uint64_t fold_work;          /* evaluations spent folding expressions so far (fold.c) */
	work_budget work;            /* the proofs' budget (base/work.h): model_work */
	bool note_muted;             /* the last check_report was off: its notes are too */
	bool shape_muted;            /* a table a syntax error damaged: its shape follows from it */
	struct {                     /* the findings of one table, capped per check (checks.h) */
		const char *table;   /* NULL: no cap */
		src_loc at;
		uint32_t shown[CHECK_COUNT_], hidden[CHECK_COUNT_];
	} cap;
	bool expr_reported;          /* a limit was reported for this expression: say it once */
	int list_scope;              /* in 'where' of an aggregate: the list's length input + 1 (0: none) */
	size_t list_scope_item;      /* ... and the item whose fields bare names read */
	uint32_t *index[DEF_KIND_COUNT_]; /* open-addressing hash of ids: definition + 1, 0 empty */
	size_t index_cap[DEF_KIND_COUNT_];
	idmap *enum_values; /* per enum: value id -> index */
	model_table *tables;
	ast_def **variants; /* tables written 'like' another, merged with it (owned) */
	/* 'earlier OUTCOME' in a rewrite of table `table` (sema_earlier.c), and the
	 * inputs made for them (owned). */
	struct model_earlier {
		size_t table;
		const struct ast_stmt *rewrite; /* the rewrite whose condition reads it */
		const char *outcome;
		src_loc loc;
	} *earlier;
	size_t nearlier;
	ast_def **made_inputs;
	size_t nmade_inputs;
	/* Per input (rs.inputs), whether 'earlier OUTCOME' reads it: one made for
	 * it, or one the file declares under its name, 'earlier_OUTCOME', for its
	 * own labels (make_earlier_inputs); NULL when no rewrite reads one. An
	 * input of that name no 'earlier OUTCOME' reads is an input like any other. */
	bool *earlier_inputs;
	bool reading_rewrite; /* compiling a rewrite's condition: 'earlier OUTCOME' may be read */
	size_t nvariants;
	rtab_dice *dice; /* grows as expressions roll anonymous dice */
	size_t dice_cap;
	idmap anonymous_dice; /* "NdM" -> index, for the dice rolled in expressions */
	ast_stmt *compared_rows; /* the rows made of the tables' compared rolls (sema_rolls.c) */
	bool allow_dice;
	model_example *examples;
	size_t nexamples;
	int64_t (*distance_bounds)[8][2]; /* per distance and form: the value's bounds */
	char *const *discarded; /* identifiers dropped by syntax error recovery */
	size_t ndiscarded;
	int syntax_errors;
	const ast_def **numeric_defs; /* outcomes declared with numeric parameters, in order */
	size_t nnumeric;
	struct numeric_state *numeric; /* their patterns and instantiations (sema_numeric.c) */
	src_loc *unit_locs; /* per declared unit: where it is declared */
	struct unit_literal *unit_literals; /* numbers written in one unit, read in another (units.c) */
	size_t nunit_literals, cap_unit_literals;
	const char *expr_unit; /* the unit of what compile_expr compiled last (units.c) */
	model_outcome_group *outcome_groups; /* per DEF_OUTCOMES definition (sema_outcome_groups.c) */
} model;

#endif
