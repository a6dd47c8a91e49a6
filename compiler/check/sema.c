/* The pipeline: the order of the passes that resolve, check and lower a file
 * into a model, and the model freed. The passes call nothing here. */
#include "check/sema.h"

#include "check/body.h"
#include "check/examples.h"
#include "check/post_checks.h"
#include "check/sema_collect.h"
#include "check/sema_decls.h"
#include "check/sema_defs.h"
#include "check/sema_grid.h"
#include "check/sema_modifiers.h"
#include "check/sema_numeric.h"
#include "check/sema_outcomes.h"
#include "check/sema_table.h"
#include "check/sema_variants.h"

#include <stdlib.h>
#include <string.h>

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
	resolve_ruleset(m);
	if (m->ruleset_def)
		m->rs.title = read_labels(m, m->ruleset_def->body, "ruleset", m->ruleset_def->id,
					  m->ruleset_def->id_loc, true);
	expand_numeric_outcomes(m);
	resolve_enums(m);
	resolve_dice(m);
	resolve_inputs(m);
	resolve_effect_kinds(m);
	resolve_steps(m);
	resolve_matrices(m);
	resolve_bands(m);
	resolve_groups(m);
	resolve_modifiers(m);
	resolve_outcomes(m);
	lower_numeric_outcomes(m);
	check_outcome_codes(m);
	resolve_tables(m);
	resolve_reactions(m);
	resolve_transitions(m);
	resolve_distances(m);
	resolve_procedures(m);
	for (size_t i = 0; i < rtab_ncheck_passes; i++)
		rtab_check_passes[i].run(m);
	if (d->errors)
		return false;
	lower_tables(m);
	if (d->errors == 0)
		resolve_examples(m);
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
	free(m->tables);
	for (size_t i = 0; i < m->nvariants; i++) {
		ast_stmts_free(m->variants[i]->body);
		free(m->variants[i]);
	}
	free(m->variants);
	free(m->dice);
	free(m->examples);
	numeric_free(m);
	arena_free(&m->arena);
}
