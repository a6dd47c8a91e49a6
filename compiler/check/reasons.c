#include "reasons.h"

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

void reasons_of_reactions(reasons *r, const rtab_ruleset *rs, size_t set, const uint16_t *options,
			  size_t n)
{
	const rtab_reaction_set *rset = &rs->reaction_sets[set];
	for (size_t i = 0; i < n; i++)
		reasons_add(r, rset->options[options[i]].provisional);
}

void reasons_of_transition(reasons *r, const rtab_ruleset *rs, size_t tr, int32_t from, int32_t to)
{
	const rtab_transition *t = &rs->transitions[tr];
	const rtab_enum *e = &rs->enums[rs->inputs[t->input].enum_index];
	if (t->provisional)
		reasons_add(r, t->provisional[from]);
	reasons_add(r, e->values[from].provisional);
	reasons_add(r, e->values[to].provisional);
}

void reasons_of_procedure(reasons *r, const rtab_ruleset *rs, size_t p, int32_t step)
{
	const rtab_procedure *proc = &rs->procedures[p];
	reasons_add(r, proc->provisional);
	size_t last = step >= 0 ? (size_t)step + 1 : proc->nsteps;
	for (size_t i = last; i-- > 0;)
		reasons_add(r, proc->steps[i].provisional);
}

void reasons_of_triggers(reasons *r, const rtab_ruleset *rs, size_t outcome)
{
	const rtab_outcome *o = &rs->outcomes[outcome];
	for (size_t i = 0; i < o->ntriggers; i++)
		reasons_add(r, o->triggers[i].provisional);
}
