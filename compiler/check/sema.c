/* SPDX-License-Identifier: MIT */
/* The pipeline: the order of the passes that resolve, check and lower a file
 * into a model, and the model freed. The passes call nothing here. */
#include "check/sema.h"

#include "check/passes/body.h"
#include "check/proofs/examples.h"
#include "check/proofs/post_checks.h"
#include "check/passes/sema_collect.h"
#include "check/passes/sema_decls.h"
#include "check/passes/sema_earlier.h"
#include "check/passes/sema_defs.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_modifiers.h"
#include "check/passes/sema_numeric.h"
#include "check/passes/sema_outcomes.h"
#include "check/passes/sema_require.h"
#include "check/passes/sema_outcome_groups.h"
#include "check/passes/sema_table.h"
#include "check/passes/sema_variants.h"

#include <stdlib.h>
#include <string.h>

/* The header: the ruleset's id, locales and title. */
static void resolve_header(model *m)
{
	resolve_ruleset(m);
	if (m->ruleset_def)
		m->rs.title = read_labels(m, m->ruleset_def->body, "ruleset", m->ruleset_def->id,
					  m->ruleset_def->id_loc, true);
}

/* Outcomes, then the numbers of numeric outcomes and the codes they print. */
static void resolve_outcomes_lowered(model *m)
{
	resolve_outcomes(m);
	lower_numeric_outcomes(m);
	check_outcome_codes(m);
}

/* What resolves and lowers each kind of definition: `resolve` in the order
 * of `resolution` below; `lower`, in the order of the kinds, after the named
 * checks and only while the file has no error. */
typedef struct kind_passes {
	void (*resolve)(model *m);
	void (*lower)(model *m);
	const char *reason;
} kind_passes;

#define passes_RULESET {resolve_header, NULL, NULL}
#define passes_DICE {resolve_dice, NULL, NULL}
#define passes_ENUM {resolve_enums, NULL, NULL}
#define passes_INPUT {resolve_inputs, NULL, NULL}
#define passes_EFFECT {resolve_effect_kinds, NULL, NULL}
#define passes_OUTCOME {resolve_outcomes_lowered, NULL, NULL}
#define passes_MODIFIER {resolve_modifiers, lower_modifiers, NULL}
#define passes_TABLE {resolve_tables, lower_tables, NULL}
#define passes_MATRIX {resolve_matrices, NULL, NULL}
#define passes_BAND {resolve_bands, NULL, NULL}
#define passes_GROUP {resolve_groups, NULL, NULL}
#define passes_REACTIONS {resolve_reactions, NULL, NULL}
#define passes_TRANSITION {resolve_transitions, NULL, NULL}
#define passes_DISTANCE {resolve_distances, NULL, NULL}
#define passes_PROCEDURE {resolve_procedures, NULL, NULL}
#define passes_EXAMPLE {NULL, resolve_examples, NULL} /* against the lowered tables */
#define passes_REQUIRE {resolve_requirements, lower_requirements, NULL}
#define passes_OUTCOMES {resolve_outcome_groups, NULL, NULL}

static const kind_passes passes[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = passes_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(passes);

/* The order of resolution: each kind after those it refers to, with the
 * passes over the whole file between them. */
static const struct resolution_step {
	def_kind kind;
	void (*whole)(model *m); /* instead of the kind's pass */
} resolution[] = {
	{DEF_RULESET, NULL},
	{.whole = expand_numeric_outcomes},
	{DEF_ENUM, NULL},
	{DEF_DICE, NULL},
	{.whole = make_earlier_inputs},
	{DEF_INPUT, NULL},
	{DEF_EFFECT, NULL},
	{.whole = resolve_steps},
	{DEF_MATRIX, NULL},
	{DEF_BAND, NULL},
	{DEF_GROUP, NULL},
	{DEF_MODIFIER, NULL},
	{DEF_OUTCOME, NULL},
	{DEF_TABLE, NULL},
	{.whole = pass_earlier_on},
	{DEF_REACTIONS, NULL},
	{DEF_TRANSITION, NULL},
	{DEF_DISTANCE, NULL},
	{DEF_PROCEDURE, NULL},
	{DEF_REQUIRE, NULL},
	{DEF_OUTCOMES, NULL},
};

construct_use sema_kind_use(def_kind kind)
{
	bool ordered = false;
	for (size_t i = 0; i < sizeof resolution / sizeof *resolution; i++)
		ordered |= !resolution[i].whole && resolution[i].kind == kind;
	const kind_passes *p = &passes[kind];
	/* A resolver left out of the order would never run. */
	return (construct_use){(p->resolve && ordered) || (!p->resolve && p->lower), p->reason};
}

bool model_build(model *m, const ast_def *defs, diag_ctx *d)
{
	return model_build_recovered(m, defs, d, NULL, 0);
}

bool model_build_recovered(model *m, const ast_def *defs, diag_ctx *d,
			   char *const *discarded, size_t ndiscarded)
{
	memset(m, 0, sizeof *m);
	m->diag = d;
	m->discarded = discarded;
	m->ndiscarded = ndiscarded;
	m->syntax_errors = d->errors;
	collect_defs(m, defs);
	check_count_limits(m);
	check_target_names(m);
	expand_variants(m);
	for (size_t i = 0; i < sizeof resolution / sizeof *resolution; i++)
		if (resolution[i].whole)
			resolution[i].whole(m);
		else
			passes[resolution[i].kind].resolve(m);
	for (size_t i = 0; i < rtab_ncheck_passes; i++)
		rtab_check_passes[i].run(m);
	for (int k = 0; k < DEF_KIND_COUNT_ && d->errors == 0; k++)
		if (passes[k].lower)
			passes[k].lower(m);
	return d->errors == 0;
}

void model_free(model *m)
{
	for (size_t i = 0; m->tables && i < m->ndefs[DEF_TABLE]; i++) {
		free(m->tables[i].cells);
		free(m->tables[i].row_names);
		free(m->tables[i].row_locs);
	}
	for (size_t i = 0; m->enum_values && i < m->ndefs[DEF_ENUM]; i++)
		idmap_free(&m->enum_values[i]);
	free(m->enum_values);
	idmap_free(&m->anonymous_dice);
	ast_stmts_free(m->compared_rows);
	free(m->tables);
	for (size_t i = 0; i < m->nvariants; i++) {
		ast_stmts_free(m->variants[i]->body);
		free(m->variants[i]);
	}
	free(m->variants);
	for (size_t i = 0; i < m->nmade_inputs; i++)
		ast_defs_free(m->made_inputs[i]);
	free(m->made_inputs);
	free(m->dice);
	free(m->examples);
	free(m->unit_literals);
	numeric_free(m);
	arena_free(&m->arena);
}
