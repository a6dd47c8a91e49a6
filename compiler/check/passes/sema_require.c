/* SPDX-License-Identifier: MIT */
/* Requirements on the inputs: their conditions, and the proof that the rules
 * still allow some situation (a requirement no situation meets would make
 * every table refuse every situation). */
#include "check/passes/sema_require.h"

#include "check/passes/body.h"
#include "check/checks.h"
#include "check/passes/fold.h"
#include "check/proofs/open_inputs.h"
#include "check/passes/sema_expr.h"
#include "check/proofs/situations.h"

#include "base/work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How a proof ended. */
typedef enum proof { PROOF_MET, PROOF_UNMET, PROOF_UNDONE } proof;

/* Candidate situations tried before the walk through every one: witnesses are
 * most often found at the ends of the inputs' ranges or at their defaults. */
#define CORNERS_MOST 4096u

typedef struct prover {
	model *m;
	size_t from, to; /* the requirements proved together */
	const size_t *vars;
	size_t nvars;
	int32_t *in;
	proof found;
} prover;

/* Whether the requirements hold in situation in; PROOF_UNDONE past the budget. */
static proof holds_here(prover *p)
{
	const rtab_ruleset *rs = &p->m->rs;
	for (size_t r = p->from; r < p->to; r++) {
		const rtab_expr *c = &rs->requirements[r].condition;
		int32_t holds = 0;
		if (!work_spend(model_work(p->m), work_expr_steps(c)))
			return PROOF_UNDONE;
		if (rtab_expr_eval(rs, c, p->in, rs->ninputs, &holds) != RTAB_OK || !holds)
			return PROOF_UNMET;
	}
	return PROOF_MET;
}

/* Every input at its lowest (which 0), its highest (1) or its default (2). */
static void corner(prover *p, int which)
{
	for (size_t v = 0; v < p->nvars; v++) {
		const rtab_input *ip = &p->m->rs.inputs[p->vars[v]];
		p->in[p->vars[v]] = which == 0 ? ip->min : which == 1 ? situation_value(ip, situation_domain_size(ip) - 1) : ip->default_value;
	}
}

/* Each input at its lowest, highest or default value, every combination. */
static void corners(prover *p)
{
	uint64_t total = 1;
	for (size_t v = 0; v < p->nvars && total <= CORNERS_MOST; v++)
		total *= 3;
	for (uint64_t k = 0; k < total && total <= CORNERS_MOST && p->found == PROOF_UNMET; k++) {
		uint64_t rest = k;
		for (size_t v = 0; v < p->nvars; v++, rest /= 3) {
			const rtab_input *ip = &p->m->rs.inputs[p->vars[v]];
			p->in[p->vars[v]] = rest % 3 == 0   ? ip->min
					    : rest % 3 == 1 ? situation_value(ip, situation_domain_size(ip) - 1)
							    : ip->default_value;
		}
		p->found = holds_here(p);
	}
}

/* Whether the conditions from..to all hold somewhere over the inputs they read
 * (the others at their defaults): the situation hint first (NULL: none), the
 * corners of their ranges, then every situation, while the work budget lasts.
 * The situation that meets them, where one does, into witness (NULL: not kept). */
static proof satisfiable(model *m, size_t from, size_t to, const int32_t *hint, int32_t *witness)
{
	const rtab_ruleset *rs = &m->rs;
	size_t n = rs->ninputs;
	bool *read = xcalloc(n ? n : 1, sizeof *read);
	int32_t *in = xcalloc(n ? n : 1, sizeof *in);
	size_t *vars = xcalloc(n ? n : 1, sizeof *vars);
	prover p = {m, from, to, vars, 0, in, PROOF_UNMET};
	uint64_t total = 1;
	rtab_inputs_default(rs, in, n);
	for (size_t r = from; r < to; r++)
		situation_mark_read(&rs->requirements[r].condition, read, n);
	for (size_t i = 0; i < n; i++) {
		if (!read[i])
			continue;
		vars[p.nvars++] = i;
		uint64_t size = situation_domain_size(&rs->inputs[i]);
		total = total > UINT64_MAX / size ? UINT64_MAX : total * size; /* the budget ends first */
	}
	if (hint) {
		memcpy(in, hint, n * sizeof *in);
		p.found = holds_here(&p);
	}
	for (int which = 0; which < 3 && p.found == PROOF_UNMET; which++) {
		corner(&p, which);
		p.found = holds_here(&p);
	}
	corners(&p);
	for (uint64_t k = 0; k < total && p.found == PROOF_UNMET; k++) {
		situation_set(rs, vars, p.nvars, k, in);
		p.found = holds_here(&p);
	}
	if (p.found == PROOF_MET && witness)
		for (size_t v = 0; v < p.nvars; v++)
			witness[vars[v]] = in[vars[v]];
	free(read);
	free(in);
	free(vars);
	return p.found;
}

/* A proof left undone: say which, and how to have it done. */
static void report_undone(model *m, src_loc loc, const char *what, const rtab_requirement *r,
			  size_t n)
{
	check_report(m, CHECK_WORK_BUDGET, loc,
		     "%s: not proved that some situation meets it: the proof stopped at the work budget of %llu steps; raise it with " WORK_OPTION " N, or make the conditions read fewer inputs, or narrower ones",
		     what, (unsigned long long)model_work(m)->limit);
	rtab_expr *conditions = xcalloc(n ? n : 1, sizeof *conditions);
	for (size_t i = 0; i < n; i++)
		conditions[i] = r[i].condition;
	note_open_inputs(m, CHECK_WORK_BUDGET, conditions, n);
	free(conditions);
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
	m->requirements_built = out;
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
	/* Each requirement's witness, on the inputs it reads: where they read apart,
	 * together they are a witness of all, found without a walk. */
	int32_t *merged = xcalloc(m->rs.ninputs ? m->rs.ninputs : 1, sizeof *merged);
	rtab_inputs_default(&m->rs, merged, m->rs.ninputs);
	for (size_t i = 0; i < n; i++) {
		proof p = satisfiable(m, i, i + 1, NULL, merged);
		char what[300];
		snprintf(what, sizeof what, "requirement '%s'", out[i].id);
		if (p == PROOF_UNMET)
			check_report(m, CHECK_REQUIRE, m->defs[DEF_REQUIRE][i]->init->loc,
				     "requirement '%s' holds in no situation: every table would refuse every input; loosen its condition",
				     out[i].id);
		else if (p == PROOF_UNDONE)
			report_undone(m, m->defs[DEF_REQUIRE][i]->init->loc, what, &out[i], 1);
	}
	proof together = n > 1 ? satisfiable(m, 0, n, merged, NULL) : PROOF_MET;
	free(merged);
	if (together == PROOF_UNMET)
		check_report(m, CHECK_REQUIRE, m->defs[DEF_REQUIRE][n - 1]->id_loc,
			     "the requirements together hold in no situation (each alone does): loosen one of them");
	else if (together == PROOF_UNDONE)
		report_undone(m, m->defs[DEF_REQUIRE][n - 1]->id_loc, "the requirements together", out, n);
}

void lower_requirements(model *m)
{
	/* checked before every resolution */
	rtab_requirement *r = m->requirements_built;
	for (size_t i = 0; i < m->rs.nrequirements; i++)
		fold_expr(m, &r[i].condition);
}
