/* SPDX-License-Identifier: MIT */
/* The portable lowering of a ruleset: its tables, the triggers of its
 * outcomes and its requirements as IR; the reasons as numbered constants. */
#include "lower/lower.h"
#include "lower/lower_expr.h"
#include "lower/lower_table.h"
#include "lower/ir_reasons.h"
#include "front/construct_use.h"

#include <stdlib.h>
#include <string.h>

/* What the lowering does with each kind of definition. A new kind fails to
 * compile here until it is lowered or said why not (front/construct_use.h). */
typedef struct lower_entry {
	const char *lowered; /* how, when it is: what of it becomes IR */
	const char *reason;  /* else why not (yet), and what resolves it meanwhile */
} lower_entry;

#define LOWERED(what) {.lowered = what}
#define DATA_ONLY NOT_APPLICABLE("data the lowered code reads; nothing of its own resolves")
#define lower_REACTIONS LOWERED("its 'none when' and each option's guard")
#define lower_TRANSITION LOWERED("the next state of each state, indexed directly")
#define lower_DISTANCE LOWERED("each form's value, reading the faces given")
#define lower_PROCEDURE LOWERED("each step's guard, in order, and its 'otherwise'")
#define lower_RULESET DATA_ONLY
#define lower_DICE DATA_ONLY
#define lower_ENUM DATA_ONLY
#define lower_INPUT DATA_ONLY
#define lower_EFFECT DATA_ONLY
#define lower_OUTCOME LOWERED("its triggers: whether and how many times each fires, what each passes on")
#define lower_MODIFIER LOWERED("its condition, value, side and group, within each table's lists")
#define lower_TABLE LOWERED("every key kind, shift, column kind, natural rule and rewrite")
#define lower_MATRIX LOWERED("its cells and their reasons, indexed by its keys")
#define lower_BAND LOWERED("the step each ratio reaches, its rounding decided at compile time")
#define lower_GROUP LOWERED("its stacking and cap, decided per table list at compile time")
#define lower_EXAMPLE NOT_APPLICABLE("checked by rtab check; nothing of it resolves")
#define lower_REQUIRE LOWERED("its condition, checked before every resolution")
#define lower_OUTCOMES NOT_APPLICABLE("a name for outcomes in the source; nothing of it resolves")

#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = lower_##kind,
static const lower_entry coverage[] = {
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(coverage);

construct_use lower_kind_use(def_kind kind)
{
	return CONSTRUCT_USE(coverage[kind], lowered);
}

static bool lower_outcome(ir_module *m, const rtab_outcome *o, ir_outcome *out)
{
	uint32_t next = 0;
	out->triggers = xcalloc(o->ntriggers ? o->ntriggers : 1, sizeof *out->triggers);
	for (size_t k = 0; k < o->ntriggers; k++) {
		ir_trigger *tr = &out->triggers[out->ntriggers++];
		tr->reason = ir_reason(m, o->triggers[k].provisional);
		if (!lower_expr(m, &o->triggers[k].unless, IR_NOTES_MAYBE, &next, &tr->unless) ||
		    !lower_expr(m, &o->triggers[k].times, IR_NOTES_MAYBE, &next, &tr->times))
			return false;
		const rtab_trigger *rt = &o->triggers[k];
		tr->sets = xcalloc(rt->nsets ? rt->nsets : 1, sizeof *tr->sets);
		for (size_t s = 0; s < rt->nsets; s++) {
			ir_set *set = &tr->sets[tr->nsets++];
			set->input = rt->sets[s].input;
			set->each = rt->sets[s].each;
			set->earlier = rt->sets[s].earlier;
			if (set->each == RTAB_SET_SAME &&
			    !lower_expr(m, &rt->sets[s].value, IR_NOTES_NONE, &next, &set->value))
				return false;
		}
	}
	return true;
}

/* The dice programs roll: the faces each reads in turn and their ranges, its reason. */
static void lower_dice(ir_module *m)
{
	const rtab_ruleset *rs = m->rs;
	for (size_t k = 0; k < rs->ndice; k++) {
		const rtab_dice *d = &rs->dice[k];
		ir_dice *ir = &m->dice[k];
		if (!ir->rolled)
			continue;
		ir->need = d->nfaces;
		size_t n = 0;
		for (size_t g = 0; g < d->ngroups; g++)
			n += d->groups[g].count;
		ir->face_min = xcalloc(n ? n : 1, sizeof *ir->face_min);
		ir->face_max = xcalloc(n ? n : 1, sizeof *ir->face_max);
		for (size_t g = 0; g < d->ngroups; g++)
			for (size_t j = 0; j < d->groups[g].count; j++) {
				ir->face_min[ir->nfaces] = d->groups[g].face_min;
				ir->face_max[ir->nfaces++] = d->groups[g].face_max;
			}
		ir->reason = ir_reason(m, d->provisional);
	}
}

char *lower_lookups(ir_module *m)
{
	const rtab_ruleset *rs = m->rs;
	m->matrix_reasons = xcalloc(rs->nmatrices ? rs->nmatrices : 1, sizeof *m->matrix_reasons);
	for (size_t k = 0; k < rs->nmatrices; k++) {
		const rtab_matrix *mx = &rs->matrices[k];
		size_t n = lower_matrix_cells(rs, k);
		const char **texts = xcalloc(n ? n : 1, sizeof *texts);
		for (size_t c = 0; c < n; c++)
			texts[c] = rtab_matrix_reason(mx, c);
		m->matrix_reasons[k] = ir_reasons_of(m, texts, n);
		free(texts);
	}
	m->bands = xcalloc(rs->nbands ? rs->nbands : 1, sizeof *m->bands);
	m->band_reason = xcalloc(rs->nbands ? rs->nbands : 1, sizeof *m->band_reason);
	m->band_reasons = xcalloc(rs->nbands ? rs->nbands : 1, sizeof *m->band_reasons);
	for (size_t k = 0; k < rs->nbands; k++) {
		const rtab_band *b = &rs->bands[k];
		m->band_reason[k] = ir_reason(m, b->provisional);
		const char **texts = xcalloc(b->nsteps + 1u, sizeof *texts);
		for (size_t i = 0; i < b->nsteps && b->step_provisional; i++)
			texts[i] = b->step_provisional[i];
		texts[b->nsteps] = b->otherwise_provisional;
		m->band_reasons[k] = ir_reasons_of(m, texts, b->nsteps + 1u);
		free(texts);
		if (!ratio_chain_of_band(b, &m->bands[k]))
			return xasprintf("band '%s': its steps lie past what a ratio is compared with", b->id);
	}
	lower_dice(m);
	return NULL;
}

size_t lower_matrix_cells(const rtab_ruleset *rs, size_t k)
{
	const rtab_matrix *mx = &rs->matrices[k];
	size_t n = mx->ndims ? 1 : 0;
	for (size_t d = 0; d < mx->ndims; d++)
		n *= mx->dims[d] < rs->nenums ? rs->enums[mx->dims[d]].nvalues : 0;
	return n;
}

ir_module *lower_ruleset(const rtab_ruleset *rs, lower_error *failure)
{
	ir_module *m = xcalloc(1, sizeof *m);
	m->rs = rs;
	m->enum_reasons = xcalloc(rs->nenums ? rs->nenums : 1, sizeof *m->enum_reasons);
	for (size_t e = 0; e < rs->nenums; e++)
		m->enum_reasons[e] = -2;
	m->dice = xcalloc(rs->ndice ? rs->ndice : 1, sizeof *m->dice);
	for (size_t k = 0; k < rs->ndice; k++)
		m->dice[k].reason = -1;
	char *error = NULL;
	failure->text = NULL;
	failure->table = -1;
	uint32_t next = 0;
	m->requirements = xcalloc(rs->nrequirements ? rs->nrequirements : 1, sizeof *m->requirements);
	for (size_t k = 0; k < rs->nrequirements && !error; k++) {
		ir_requirement *r = &m->requirements[m->nrequirements++];
		r->id = rs->requirements[k].id;
		if (!lower_expr(m, &rs->requirements[k].condition, IR_NOTES_NONE, &next, &r->condition))
			error = xasprintf("requirement '%s': its condition has a shape the lowering does not know",
					   r->id);
	}
	m->outcomes = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *m->outcomes);
	for (size_t k = 0; k < rs->noutcomes && !error; k++) {
		m->noutcomes++;
		if (!lower_outcome(m, &rs->outcomes[k], &m->outcomes[k]))
			error = xasprintf("outcome '%s': a trigger's condition, count or passed-on value has "
					   "a shape the lowering does not know", rs->outcomes[k].id);
	}
	m->reactions = xcalloc(rs->nreaction_sets ? rs->nreaction_sets : 1, sizeof *m->reactions);
	for (size_t k = 0; k < rs->nreaction_sets && !error; k++) {
		const rtab_reaction_set *r = &rs->reaction_sets[k];
		ir_reactions *ir = &m->reactions[m->nreactions++];
		uint32_t regs = 0;
		bool ok = lower_expr(m, &r->none_when, IR_NOTES_NONE, &regs, &ir->none_when);
		ir->guards = xcalloc(r->noptions ? r->noptions : 1, sizeof *ir->guards);
		for (size_t o = 0; o < r->noptions && ok; o++)
			ok = ++ir->noptions && lower_expr(m, &r->options[o].guard, IR_NOTES_NONE, &regs, &ir->guards[o]);
		if (!ok)
			error = xasprintf("reaction set '%s': a guard has a shape the lowering does not know", r->id);
	}
	m->procedures = xcalloc(rs->nprocedures ? rs->nprocedures : 1, sizeof *m->procedures);
	for (size_t k = 0; k < rs->nprocedures && !error; k++) {
		const rtab_procedure *p = &rs->procedures[k];
		ir_procedure *ir = &m->procedures[m->nprocedures++];
		uint32_t regs = 0;
		bool ok = true;
		ir->guards = xcalloc(p->nsteps ? p->nsteps : 1, sizeof *ir->guards);
		for (size_t s = 0; s < p->nsteps && ok; s++)
			ok = ++ir->nsteps && lower_expr(m, &p->steps[s].guard, IR_NOTES_NONE, &regs, &ir->guards[s]);
		if (!ok)
			error = xasprintf("procedure '%s': a step's guard has a shape the lowering does not know", p->id);
	}
	m->distances = xcalloc(rs->ndistances ? rs->ndistances : 1, sizeof *m->distances);
	for (size_t k = 0; k < rs->ndistances && !error; k++) {
		const rtab_distance *d = &rs->distances[k];
		ir_distance *ir = &m->distances[m->ndistances++];
		ir->reason = ir_reason(m, d->provisional);
		uint32_t regs = 0;
		bool ok = true;
		ir->forms = xcalloc(d->nforms ? d->nforms : 1, sizeof *ir->forms);
		for (size_t f = 0; f < d->nforms && ok; f++)
			ok = ++ir->nforms && lower_expr(m, &d->forms[f].value, IR_NOTES_ALWAYS, &regs, &ir->forms[f]);
		if (!ok)
			error = xasprintf("distance '%s': a form's value has a shape the lowering does not know", d->id);
	}
	m->tables = xcalloc(rs->ntables ? rs->ntables : 1, sizeof *m->tables);
	for (uint16_t k = 0; k < rs->ntables && !error; k++) {
		const char *what;
		m->ntables++;
		if (!lower_table(m, k, &m->tables[k], &what) && (failure->table = k, true))
			error = xasprintf("table '%s': %s has a shape the lowering does not know",
					   rs->tables[k].id, what);
	}
	if (error) {
		failure->text = error;
		ir_module_free(m);
		return NULL;
	}
	return m;
}

void ir_module_free(ir_module *m)
{
	if (!m)
		return;
	for (size_t k = 0; k < m->ntables; k++)
		ir_table_free(&m->tables[k]);
	for (size_t k = 0; k < m->noutcomes; k++) {
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++) {
			ir_trigger *tr = &m->outcomes[k].triggers[j];
			ir_code_free(&tr->unless);
			ir_code_free(&tr->times);
			for (size_t s = 0; s < tr->nsets; s++)
				ir_code_free(&tr->sets[s].value);
			free(tr->sets);
		}
		free(m->outcomes[k].triggers);
	}
	for (size_t k = 0; k < m->nrequirements; k++)
		ir_code_free(&m->requirements[k].condition);
	for (size_t k = 0; k < m->nreactions; k++) {
		ir_code_free(&m->reactions[k].none_when);
		for (size_t o = 0; o < m->reactions[k].noptions; o++)
			ir_code_free(&m->reactions[k].guards[o]);
		free(m->reactions[k].guards);
	}
	for (size_t k = 0; k < m->nprocedures; k++) {
		for (size_t s = 0; s < m->procedures[k].nsteps; s++)
			ir_code_free(&m->procedures[k].guards[s]);
		free(m->procedures[k].guards);
	}
	for (size_t k = 0; k < m->ndistances; k++) {
		for (size_t f = 0; f < m->distances[k].nforms; f++)
			ir_code_free(&m->distances[k].forms[f]);
		free(m->distances[k].forms);
	}
	free(m->reactions);
	free(m->procedures);
	free(m->distances);
	for (size_t k = 0; k < m->nreason_lists; k++)
		free(m->reason_lists[k].reasons);
	free(m->reason_lists);
	free(m->requirements);
	free(m->outcomes);
	free(m->tables);
	free(m->reasons);
	free(m->enum_reasons);
	for (size_t k = 0; m->bands && k < m->rs->nbands; k++)
		ratio_chain_free(&m->bands[k]);
	free(m->bands);
	free(m->band_reason);
	free(m->band_reasons);
	free(m->matrix_reasons);
	for (size_t k = 0; m->dice && k < m->rs->ndice; k++) {
		free(m->dice[k].face_min);
		free(m->dice[k].face_max);
	}
	free(m->dice);
	free(m);
}

void lower_band_order(const rtab_band *b, size_t *order)
{
	size_t k = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t start = k;
		for (size_t i = 0; i < b->nsteps; i++)
			if ((b->steps[i].num >= b->steps[i].den) == (pass == 0))
				order[k++] = i;
		for (size_t i = start + 1; i < k; i++) {
			size_t x = order[i], j = i;
			for (; j > start; j--) {
				const rtab_band_step *p = &b->steps[order[j - 1]], *q = &b->steps[x];
				int64_t cmp = (int64_t)q->num * p->den - (int64_t)p->num * q->den;
				if (pass == 0 ? cmp <= 0 : cmp >= 0)
					break;
				order[j] = order[j - 1];
			}
			order[j] = x;
		}
	}
}
