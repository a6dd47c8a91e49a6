/* SPDX-License-Identifier: MIT */
/* Requirements on the inputs: their conditions, and the proof that the rules
 * still allow some situation (a requirement no situation meets would make
 * every table refuse every situation). */
#include "check/sema_require.h"

#include "check/body.h"
#include "check/checks.h"
#include "check/fold.h"
#include "check/sema_expr.h"
#include "check/situations.h"

#include <stdlib.h>

/* Situations tried at most: beyond, the proof is left undone and nothing is reported. */
#define REQUIRE_PROOF_LIMIT 1000000u

/* Whether the conditions from..to all hold somewhere over the inputs they read
 * (the others at their defaults); *proved false when there were too many. */
static bool satisfiable(const rtab_ruleset *rs, size_t from, size_t to, bool *proved)
{
	size_t n = rs->ninputs;
	bool *read = calloc(n ? n : 1, sizeof *read);
	int32_t *in = calloc(n ? n : 1, sizeof *in);
	size_t *vars = calloc(n ? n : 1, sizeof *vars);
	size_t nvars = 0;
	uint64_t total = 1;
	bool found = false;
	*proved = true;
	if (!read || !in || !vars) {
		*proved = false;
		goto done;
	}
	rtab_inputs_default(rs, in, n);
	for (size_t r = from; r < to; r++)
		situation_mark_read(&rs->requirements[r].condition, read, n);
	for (size_t i = 0; i < n; i++) {
		if (!read[i])
			continue;
		vars[nvars++] = i;
		in[i] = rs->inputs[i].min;
		total *= situation_domain_size(&rs->inputs[i]);
		if (total > REQUIRE_PROOF_LIMIT) {
			*proved = false;
			goto done;
		}
	}
	for (uint64_t k = 0; k < total && !found; k++) {
		situation_set(rs, vars, nvars, k, in);
		found = true;
		for (size_t r = from; r < to && found; r++) {
			int32_t holds = 0;
			found = rtab_expr_eval(rs, &rs->requirements[r].condition, in, n, &holds) == RTAB_OK &&
				holds;
		}
	}
done:
	free(read);
	free(in);
	free(vars);
	return found || !*proved;
}

bool requirement_broken_text(const rtab_ruleset *rs, const int32_t *inputs, strbuf *why)
{
	int32_t which = -1;
	if (rtab_requirement_broken(rs, inputs, rs->ninputs, &which) != RTAB_OK || which < 0)
		return false;
	const rtab_requirement *r = &rs->requirements[which];
	sb_printf(why, "requirement '%s'", r->id);
	if (r->labels && rs->nlocales && r->labels[0])
		sb_printf(why, ": %s", r->labels[0]);
	return true;
}

void resolve_requirements(model *m)
{
	size_t n = m->ndefs[DEF_REQUIRE];
	rtab_requirement *out = model_array(m, n ? n : 1, sizeof *out);
	m->rs.requirements = n ? out : NULL;
	m->rs.nrequirements = (uint16_t)n;
	bool compiled = true;
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_REQUIRE][i];
		rtab_requirement *r = &out[i];
		def_head(m, d, "requirement", &r->id, &r->labels, &r->rule, &r->rules);
		for (const ast_stmt *s = d->body; s; s = s->next)
			if (s->kind != ST_LABEL)
				report_misplaced(m, s, "a requirement");
		expr_type t;
		compiled &= d->init && compile_expr(m, d->init, RTAB_TYPE_BOOL, &r->condition, &t);
	}
	if (!compiled)
		return;
	bool proved;
	for (size_t i = 0; i < n; i++)
		if (!satisfiable(&m->rs, i, i + 1, &proved))
			check_report(m, CHECK_REQUIRE, m->defs[DEF_REQUIRE][i]->init->loc,
				     "requirement '%s' holds in no situation: every table would refuse every input; loosen its condition",
				     out[i].id);
	if (n > 1 && !satisfiable(&m->rs, 0, n, &proved))
		check_report(m, CHECK_REQUIRE, m->defs[DEF_REQUIRE][n - 1]->id_loc,
			     "the requirements together hold in no situation (each alone does): loosen one of them");
}

void lower_requirements(model *m)
{
	/* checked before every resolution */
	rtab_requirement *r = (rtab_requirement *)m->rs.requirements;
	for (size_t i = 0; i < m->rs.nrequirements; i++)
		fold_expr(m, &r[i].condition);
}
