/* SPDX-License-Identifier: MIT */
#include "check/proofs/reasons.h"

#include <string.h>

void reasons_add(reasons *r, const char *why)
{
	if (!why)
		return;
	for (size_t i = 0; i < r->n; i++)
		if (r->why[i] == why || strcmp(r->why[i], why) == 0)
			return;
	if (r->n < RTAB_MAX_REASONS)
		r->why[r->n++] = why;
	r->total++;
}

void reasons_of_table(reasons *r, const rtab_result *res)
{
	size_t n = res->nprovisional < RTAB_MAX_REASONS ? res->nprovisional : RTAB_MAX_REASONS;
	for (size_t i = 0; i < n; i++)
		reasons_add(r, res->reasons[i]);
	if (res->nprovisional > n)
		r->total += res->nprovisional - n;
}

/* What evaluating e reads: the inputs at their defaults whose domain or
 * default is ours, the enum values, matrix cells and ratio steps (as the
 * runtime lists them for a table). */
static void reasons_of_reads(reasons *r, const rtab_ruleset *rs, const rtab_expr *e,
			     const int32_t *inputs)
{
	const char *buf[RTAB_MAX_REASONS];
	rtab_eval_ctx ctx = {0};
	int32_t v;
	if (!inputs || e->ninstrs == 0)
		return;
	ctx.reasons = buf;
	ctx.reasons_cap = RTAB_MAX_REASONS;
	if (rtab_expr_eval_ctx(rs, e, inputs, rs->ninputs, &ctx, &v) != RTAB_OK)
		return;
	size_t n = ctx.nprovisional < RTAB_MAX_REASONS ? ctx.nprovisional : RTAB_MAX_REASONS;
	for (size_t i = 0; i < n; i++)
		reasons_add(r, buf[i]);
	if (ctx.nprovisional > n)
		r->total += ctx.nprovisional - n;
}

void reasons_of_reactions(reasons *r, const rtab_ruleset *rs, size_t set, const uint16_t *options,
			  size_t n, const int32_t *inputs)
{
	const rtab_reaction_set *rset = &rs->reaction_sets[set];
	for (size_t i = 0; i < n; i++)
		reasons_add(r, rset->options[options[i]].provisional);
	/* Which options are allowed is read from the situation. */
	reasons_of_reads(r, rs, &rset->none_when, inputs);
	int32_t none = 0;
	if (rset->none_when.ninstrs && inputs &&
	    rtab_expr_eval(rs, &rset->none_when, inputs, rs->ninputs, &none) == RTAB_OK && none)
		return;
	for (size_t i = 0; i < rset->noptions; i++)
		reasons_of_reads(r, rs, &rset->options[i].guard, inputs);
}

void reasons_of_transition(reasons *r, const rtab_ruleset *rs, size_t tr, int32_t from, int32_t to)
{
	const rtab_transition *t = &rs->transitions[tr];
	const rtab_input *in = &rs->inputs[t->input];
	const rtab_enum *e = &rs->enums[in->enum_index];
	if (t->provisional)
		reasons_add(r, t->provisional[from]);
	reasons_add(r, e->values[from].provisional);
	reasons_add(r, e->values[to].provisional);
	if (from == in->default_value)
		reasons_add(r, in->provisional);
}

void reasons_of_procedure(reasons *r, const rtab_ruleset *rs, size_t p, int32_t step,
			  const int32_t *inputs)
{
	const rtab_procedure *proc = &rs->procedures[p];
	reasons_add(r, proc->provisional);
	size_t last = step >= 0 ? (size_t)step + 1 : proc->nsteps;
	for (size_t i = last; i-- > 0;)
		reasons_add(r, proc->steps[i].provisional);
	/* The guards read up to the step taken. */
	for (size_t i = 0; i < last; i++)
		reasons_of_reads(r, rs, &proc->steps[i].guard, inputs);
}

void reasons_of_triggers(reasons *r, const rtab_ruleset *rs, size_t outcome)
{
	const rtab_outcome *o = &rs->outcomes[outcome];
	for (size_t i = 0; i < o->ntriggers; i++)
		reasons_add(r, o->triggers[i].provisional);
}
