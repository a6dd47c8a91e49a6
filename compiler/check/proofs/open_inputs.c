/* SPDX-License-Identifier: MIT */
/* Inputs a source leaves open at an end (see open_inputs.h). */
#include "check/proofs/open_inputs.h"

#include "check/model.h"
#include "front/ast.h"

#include <stdlib.h>

bool input_is_open(const rtab_ruleset *rs, size_t i)
{
	const rtab_input *in = &rs->inputs[i];
	return in->type == RTAB_TYPE_INT && in->step == 0 &&
	       (int_open_below(in->min) || int_open_above(in->max));
}

static void note_one(model *m, check_id id, size_t i)
{
	const rtab_input *in = &m->rs.inputs[i];
	const ast_def *d = i < m->ndefs[DEF_INPUT] ? m->defs[DEF_INPUT][i] : NULL;
	src_loc at = d ? d->type.loc : (src_loc){0};
	const char *which = int_open_below(in->min) && int_open_above(in->max) ? "no bounds"
			    : int_open_below(in->min)			     ? "no lower bound"
									     : "no upper bound";
	long lo = int_open_below(in->min) ? 0 : (long)in->min;
	bool both = int_open_below(in->min) && int_open_above(in->max);
	check_note(m, at,
		   "input '%s' has %s, and the check '%s' needs %s: write the bounds the rules "
		   "allow, e.g. 'int %ld..%ld'",
		   in->id, which, rtab_checks[id].name, both ? "them" : "one", lo,
		   int_open_above(in->max) ? lo + 10 : (long)in->max);
}

/* Notes the open inputs e reads that seen (one flag per input) does not
 * hold yet, and marks them. */
static size_t note_new(model *m, check_id id, const rtab_expr *e, bool *seen)
{
	size_t named = 0;
	for (size_t k = 0; k < e->ninstrs; k++) {
		int32_t i = e->instrs[k].arg;
		if (e->instrs[k].op != RTAB_OP_INPUT || i < 0 || (size_t)i >= m->rs.ninputs || seen[i] ||
		    !input_is_open(&m->rs, (size_t)i))
			continue;
		seen[i] = true;
		note_one(m, id, (size_t)i);
		named++;
	}
	return named;
}

size_t note_open_inputs(model *m, check_id id, const rtab_expr *e, size_t n)
{
	bool *seen = xcalloc(m->rs.ninputs + 1, sizeof *seen);
	size_t named = 0;
	for (size_t k = 0; k < n; k++)
		named += note_new(m, id, &e[k], seen);
	free(seen);
	return named;
}

size_t note_open_modifier_inputs(model *m, check_id id, const uint16_t *list, size_t n, int end)
{
	bool *seen = xcalloc(m->rs.ninputs + 1, sizeof *seen);
	size_t named = 0;
	for (size_t k = 0; k < n; k++) {
		if (list[k] >= m->rs.nmodifiers)
			continue;
		const rtab_modifier *md = &m->rs.modifiers[list[k]];
		/* What it adds: a defender's modifier subtracts its value. */
		int64_t lo = md->sign < 0 ? -(int64_t)md->max : md->min;
		int64_t hi = md->sign < 0 ? -(int64_t)md->min : md->max;
		if ((end <= 0 && int_open_below(lo)) || (end >= 0 && int_open_above(hi)))
			named += note_new(m, id, &md->value, seen);
	}
	free(seen);
	return named;
}
