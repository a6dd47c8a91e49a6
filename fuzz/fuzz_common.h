/*
 * Shared by the fuzz harnesses: invariants of a lowered ruleset and of a
 * result of rtab_resolve. A broken invariant prints what broke and aborts,
 * so libFuzzer records the input as a crash.
 *
 * Everything here reads the runtime's public structures (runtime/rtab.h)
 * and nothing else, so the same checks serve the rulesets the compiler
 * builds in memory (fuzz_frontend) and the committed generated/ C
 * (fuzz_runtime).
 */
#ifndef RTAB_FUZZ_COMMON_H
#define RTAB_FUZZ_COMMON_H

#include "rtab.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The runtime API grew results with natural-roll rules, rewrites, stacking
 * groups and triggers; RTAB_MAX_TRIGGERS marks that version of rtab.h. */
#if defined(RTAB_MAX_TRIGGERS)
#define FUZZ_RTAB_V2 1
#else
#define FUZZ_RTAB_V2 0
#endif

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2), noreturn))
#endif
static void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("rtab fuzz: invariant broken: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

#define FUZZ_CHECK(cond, ...)                     \
	do {                                      \
		if (!(cond))                      \
			fuzz_fail(__VA_ARGS__);   \
	} while (0)

/* The work budget of the check's proofs for one input (rtab check
 * --max-work): the default of 200 million steps takes seconds under the
 * fuzzer's instrumentation, over its timeout. A proof the budget stops is a
 * warning and the input goes on. */
#define FUZZ_MAX_WORK 2000000u

/* Whether status rc is the refusal of a situation that breaks one of the
 * ruleset's requirements (rtab_requirement_broken names it): the one failure
 * a situation of the inputs' domains may meet. */
static inline bool fuzz_refused_by_requirement(const rtab_ruleset *rs, const int32_t *inputs,
					       size_t ninputs, int rc)
{
	int32_t which = -1;
	return rc == RTAB_E_REQUIRE && ninputs == rs->ninputs &&
	       rtab_requirement_broken(rs, inputs, ninputs, &which) == RTAB_OK && which >= 0;
}

/* Touch every byte of a string, so that ASan sees a dangling one. */
static inline size_t fuzz_touch(const char *s)
{
	return s ? strlen(s) : 0;
}

#if FUZZ_RTAB_V2
/* How many definitions a trigger target kind has. */
static inline size_t fuzz_targets(const rtab_ruleset *rs, uint8_t kind)
{
	switch (kind) {
	case RTAB_TARGET_TABLE: return rs->ntables;
	case RTAB_TARGET_REACTIONS: return rs->nreaction_sets;
	case RTAB_TARGET_TRANSITION: return rs->ntransitions;
	case RTAB_TARGET_DISTANCE: return rs->ndistances;
	case RTAB_TARGET_PROCEDURE: return rs->nprocedures;
	default: return 0;
	}
}
#endif

static inline void fuzz_check_expr(const rtab_ruleset *rs, const rtab_expr *e, const char *what,
				   const char *id)
{
	FUZZ_CHECK(e->ninstrs == 0 || e->instrs, "%s of '%s': %u instructions but no array", what,
		   id, e->ninstrs);
	for (size_t i = 0; i < e->ninstrs; i++) {
		const rtab_instr *in = &e->instrs[i];
		FUZZ_CHECK(in->op < RTAB_OP_COUNT_, "%s of '%s': instruction %zu has op %u", what, id,
			   i, in->op);
		if (in->op == RTAB_OP_INPUT)
			FUZZ_CHECK(in->arg >= 0 && in->arg < rs->ninputs,
				   "%s of '%s': instruction %zu reads input %ld of %u", what, id, i,
				   (long)in->arg, rs->ninputs);
	}
}

/*
 * Structural invariants of a lowered ruleset: every index points into its
 * array, every domain is consistent with its declaration. These are what
 * the runtime relies on without checking (or checks only as
 * RTAB_E_RULESET, which a ruleset the compiler accepted must never yield).
 */
static inline void fuzz_check_ruleset(const rtab_ruleset *rs)
{
	FUZZ_CHECK(rs->id && rs->id[0], "ruleset without id");
	for (size_t l = 0; l < rs->nlocales; l++)
		fuzz_touch(rs->locales[l]);
	for (size_t i = 0; i < rs->nenums; i++) {
		const rtab_enum *e = &rs->enums[i];
		FUZZ_CHECK(e->nvalues > 0, "enum '%s' has no values", e->id);
		for (size_t v = 0; v < e->nvalues; v++)
			fuzz_touch(e->values[v].id);
	}
	for (size_t i = 0; i < rs->ninputs; i++) {
		const rtab_input *in = &rs->inputs[i];
		FUZZ_CHECK(in->min <= in->max, "input '%s': domain %ld..%ld is empty", in->id,
			   (long)in->min, (long)in->max);
		FUZZ_CHECK(in->default_value >= in->min && in->default_value <= in->max,
			   "input '%s': default %ld outside %ld..%ld", in->id, (long)in->default_value,
			   (long)in->min, (long)in->max);
		switch (in->type) {
		case RTAB_TYPE_BOOL:
			FUZZ_CHECK(in->min == 0 && in->max == 1, "bool input '%s' has domain %ld..%ld",
				   in->id, (long)in->min, (long)in->max);
			break;
		case RTAB_TYPE_ENUM:
			FUZZ_CHECK(in->enum_index >= 0 && in->enum_index < rs->nenums,
				   "input '%s': enum index %d of %u", in->id, in->enum_index, rs->nenums);
			FUZZ_CHECK(in->min == 0 && in->max == rs->enums[in->enum_index].nvalues - 1,
				   "enum input '%s' has domain %ld..%ld for %u values", in->id,
				   (long)in->min, (long)in->max, rs->enums[in->enum_index].nvalues);
			break;
		case RTAB_TYPE_INT:
			break;
		default:
			fuzz_fail("input '%s' has type %u", in->id, in->type);
		}
	}
	for (size_t i = 0; i < rs->ndice; i++) {
		const rtab_dice *d = &rs->dice[i];
		int64_t lo = 0, hi = 0;
		size_t n = 0;
		FUZZ_CHECK(d->ngroups > 0, "dice '%s' has no groups", d->id);
		/* The dice of an opposed roll ('2d6 vs 2d6'): a group per roll of
		 * the table that declares them, each summed times its sign. */
		const rtab_table *opposed = NULL;
		for (size_t t = 0; t < rs->ntables && !opposed; t++)
			if (rs->tables[t].dice == i && rs->tables[t].nrolls == d->ngroups)
				opposed = &rs->tables[t];
		for (size_t g = 0; g < d->ngroups; g++) {
			const rtab_die_group *grp = &d->groups[g];
			FUZZ_CHECK(grp->count > 0 && grp->face_min < grp->face_max,
				   "dice '%s' group %zu: %u dice with faces %d..%d", d->id, g, grp->count,
				   grp->face_min, grp->face_max);
			n += grp->count;
			bool minus = opposed && opposed->rolls[g].sign < 0;
			lo += (int64_t)grp->count * (minus ? -grp->face_max : grp->face_min);
			hi += (int64_t)grp->count * (minus ? -grp->face_min : grp->face_max);
		}
		FUZZ_CHECK(n == d->nfaces && n <= RTAB_MAX_FACES, "dice '%s': nfaces %u, groups give %zu",
			   d->id, d->nfaces, n);
		FUZZ_CHECK(lo == d->min && hi == d->max,
			   "dice '%s': natural range %ld..%ld, but its groups give %lld..%lld", d->id,
			   (long)d->min, (long)d->max, (long long)lo, (long long)hi);
	}
	for (size_t i = 0; i < rs->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[i];
		fuzz_check_expr(rs, &m->condition, "condition", m->id);
		fuzz_check_expr(rs, &m->value, "value", m->id);
		FUZZ_CHECK(m->min <= m->max, "modifier '%s': bounds %ld..%ld", m->id, (long)m->min,
			   (long)m->max);
	}
	for (size_t i = 0; i < rs->noutcomes; i++) {
		const rtab_outcome *o = &rs->outcomes[i];
		fuzz_touch(o->id);
		for (size_t k = 0; k < o->neffects; k++) {
			const rtab_effect *e = &o->effects[k];
			FUZZ_CHECK(e->kind < rs->neffect_kinds, "outcome '%s': effect kind %u of %u", o->id,
				   e->kind, rs->neffect_kinds);
			const rtab_effect_kind *ek = &rs->effect_kinds[e->kind];
			FUZZ_CHECK(e->nargs == ek->nparams, "outcome '%s': %u args for %u params", o->id,
				   e->nargs, ek->nparams);
			for (size_t a = 0; a < e->nargs; a++) {
				int16_t en = ek->params[a].enum_index;
				if (en < 0)
					continue;
				FUZZ_CHECK(en < rs->nenums, "effect '%s': param enum %d of %u", ek->id, en,
					   rs->nenums);
				FUZZ_CHECK(e->args[a] >= 0 && e->args[a] < rs->enums[en].nvalues,
					   "outcome '%s': argument %zu is value %ld of an enum of %u", o->id,
					   a, (long)e->args[a], rs->enums[en].nvalues);
			}
		}
		for (size_t k = 0; k < o->ntriggers; k++) {
#if FUZZ_RTAB_V2
			const rtab_trigger *tr = &o->triggers[k];
			fuzz_check_expr(rs, &tr->unless, "trigger condition", o->id);
			FUZZ_CHECK(tr->target.index < fuzz_targets(rs, tr->target.kind),
				   "outcome '%s' triggers target %u of kind %u", o->id, tr->target.index,
				   tr->target.kind);
#else
			FUZZ_CHECK(o->triggers[k] < rs->ntables, "outcome '%s' triggers table %u of %u",
				   o->id, o->triggers[k], rs->ntables);
#endif
		}
	}
	for (size_t i = 0; i < rs->ntables; i++) {
		const rtab_table *t = &rs->tables[i];
#ifdef RTAB_NO_DICE
		if (t->dice != RTAB_NO_DICE)
#endif
			FUZZ_CHECK(t->dice < rs->ndice, "table '%s': dice %u of %u", t->id, t->dice,
				   rs->ndice);
		FUZZ_CHECK(t->ncolumns > 0 && t->nrows > 0, "table '%s': %u columns, %u rows", t->id,
			   t->ncolumns, t->nrows);
		FUZZ_CHECK(t->roll_min <= t->roll_max, "table '%s': rolls %ld..%ld", t->id,
			   (long)t->roll_min, (long)t->roll_max);
		if (t->capped)
			FUZZ_CHECK(t->cap_min <= t->cap_max, "table '%s': cap %ld..%ld", t->id,
				   (long)t->cap_min, (long)t->cap_max);
		for (size_t k = 0; k < t->nmodifiers; k++)
			FUZZ_CHECK(t->modifiers[k] < rs->nmodifiers, "table '%s': modifier %u of %u",
				   t->id, t->modifiers[k], rs->nmodifiers);
		for (size_t r = 0; r < t->nrows; r++)
			FUZZ_CHECK(rtab_row_outcome(t, r) < rs->noutcomes, "table '%s' row %zu: outcome %u of %u",
				   t->id, r, rtab_row_outcome(t, r), rs->noutcomes);
		if (t->key_kind != RTAB_KEY_INPUT) {
			FUZZ_CHECK(t->key_kind <= RTAB_KEY_ENUM && t->key_a.ninstrs > 0,
				   "table '%s': key kind %u with %u instructions", t->id, t->key_kind,
				   t->key_a.ninstrs);
		} else if (t->column_input < 0) {
			FUZZ_CHECK(t->ncolumns == 1, "table '%s': %u columns and no column input", t->id,
				   t->ncolumns);
		} else {
			FUZZ_CHECK(t->column_input < rs->ninputs, "table '%s': column input %d of %u",
				   t->id, t->column_input, rs->ninputs);
			const rtab_input *in = &rs->inputs[t->column_input];
			FUZZ_CHECK(in->type == RTAB_TYPE_ENUM, "table '%s': column input '%s' is no enum",
				   t->id, in->id);
			for (int32_t v = in->min; v <= in->max; v++)
				FUZZ_CHECK(t->column_of_value[v] < t->ncolumns,
					   "table '%s': value %ld of '%s' has column %u of %u", t->id,
					   (long)v, in->id, t->column_of_value[v], t->ncolumns);
		}
		for (size_t c = 0; c < t->ncolumns; c++) {
			const rtab_column *col = &t->columns[c];
			int64_t span = (int64_t)t->roll_max - t->roll_min + 1;
			fuzz_touch(col->id);
			if (col->kind != RTAB_COLUMN_ROLLED) {
				/* An automatic column: no rows, its outcome (or none). */
				FUZZ_CHECK(!rtab_column_rolls(col) && (col->kind == RTAB_COLUMN_NONE ||
								 col->automatic < rs->noutcomes),
					   "table '%s' column '%s': kind %u, outcome %u", t->id, col->id,
					   col->kind, col->automatic);
				continue;
			}
			FUZZ_CHECK(col->below_row < (int32_t)t->nrows && col->above_row < (int32_t)t->nrows,
				   "table '%s' column '%s': below/above rows %d/%d of %u", t->id, col->id,
				   col->below_row, col->above_row, t->nrows);
			for (int64_t r = 0; r < span; r++)
				FUZZ_CHECK(rtab_column_row(col, (size_t)r) >= -1 &&
						   rtab_column_row(col, (size_t)r) < (int32_t)t->nrows,
					   "table '%s' column '%s': roll %lld has row %d of %u", t->id,
					   col->id, (long long)(t->roll_min + r), rtab_column_row(col, (size_t)r),
					   t->nrows);
		}
#if FUZZ_RTAB_V2
		FUZZ_CHECK(t->step < (int32_t)rs->nsteps, "table '%s': step %d of %u", t->id, t->step,
			   rs->nsteps);
		for (size_t k = 0; k < t->nnatural; k++) {
			const rtab_natural_rule *nr = &t->natural[k];
			FUZZ_CHECK(nr->outcome < rs->noutcomes, "table '%s' natural rule %zu: outcome %u of %u",
				   t->id, k, nr->outcome, rs->noutcomes);
			FUZZ_CHECK(nr->nfaces <= RTAB_MAX_FACES, "table '%s' natural rule %zu: %u faces",
				   t->id, k, nr->nfaces);
		}
		for (size_t k = 0; k < t->nrewrites; k++) {
			const rtab_rewrite *rw = &t->rewrites[k];
			FUZZ_CHECK(rw->from < rs->noutcomes && rw->to < rs->noutcomes,
				   "table '%s' rewrite %zu: %u -> %u of %u outcomes", t->id, k, rw->from,
				   rw->to, rs->noutcomes);
			fuzz_check_expr(rs, &rw->condition, "rewrite condition", t->id);
		}
#endif
	}
#if FUZZ_RTAB_V2
	for (size_t i = 0; i < rs->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[i];
		FUZZ_CHECK(m->sign == 1 || m->sign == -1, "modifier '%s': sign %d", m->id, m->sign);
		FUZZ_CHECK(m->group < (int32_t)rs->ngroups, "modifier '%s': group %d of %u", m->id,
			   m->group, rs->ngroups);
		FUZZ_CHECK(rs->nsteps >= 32 || (m->steps >> rs->nsteps) == 0,
			   "modifier '%s': steps %#lx, the ruleset has %u", m->id, (unsigned long)m->steps,
			   rs->nsteps);
	}
	for (size_t i = 0; i < rs->ngroups; i++) {
		const rtab_group *g = &rs->groups[i];
		FUZZ_CHECK(g->stacking <= RTAB_STACK_LARGEST_EACH_WAY, "group '%s': stacking %u", g->id,
			   g->stacking);
		if (g->capped)
			FUZZ_CHECK(g->cap_min <= g->cap_max, "group '%s': cap %ld..%ld", g->id,
				   (long)g->cap_min, (long)g->cap_max);
	}
	for (size_t i = 0; i < rs->nmatrices; i++) {
		const rtab_matrix *mx = &rs->matrices[i];
		size_t cells = 1;
		FUZZ_CHECK(mx->ndims >= 1, "matrix '%s' has no keys", mx->id);
		for (size_t k = 0; k < mx->ndims; k++) {
			FUZZ_CHECK(mx->dims[k] < rs->nenums, "matrix '%s': key %zu is enum %u of %u", mx->id,
				   k, mx->dims[k], rs->nenums);
			cells *= rs->enums[mx->dims[k]].nvalues;
		}
		for (size_t c = 0; c < cells; c++) {
			FUZZ_CHECK(rtab_matrix_cell(mx, c) >= mx->min && rtab_matrix_cell(mx, c) <= mx->max,
				   "matrix '%s': cell %zu is %ld, outside %ld..%ld", mx->id, c,
				   (long)rtab_matrix_cell(mx, c), (long)mx->min, (long)mx->max);
			fuzz_touch(rtab_matrix_reason(mx, c));
		}
	}
	for (size_t i = 0; i < rs->nbands; i++) {
		const rtab_band *b = &rs->bands[i];
		for (size_t k = 0; k < b->nsteps; k++)
			FUZZ_CHECK(b->steps[k].num > 0 && b->steps[k].den > 0,
				   "band '%s' step %zu: %ld:%ld", b->id, k, (long)b->steps[k].num,
				   (long)b->steps[k].den);
	}
	for (size_t i = 0; i < rs->nreaction_sets; i++) {
		const rtab_reaction_set *r = &rs->reaction_sets[i];
		for (size_t k = 0; k < r->noptions; k++) {
			fuzz_check_expr(rs, &r->options[k].guard, "option guard", r->options[k].id);
			FUZZ_CHECK(r->options[k].outcome < (int32_t)rs->noutcomes,
				   "reaction set '%s' option '%s': outcome %d of %u", r->id,
				   r->options[k].id, r->options[k].outcome, rs->noutcomes);
		}
	}
	for (size_t i = 0; i < rs->ntransitions; i++) {
		const rtab_transition *tr = &rs->transitions[i];
		FUZZ_CHECK(tr->input < rs->ninputs && rs->inputs[tr->input].type == RTAB_TYPE_ENUM,
			   "transition '%s': input %u", tr->id, tr->input);
		const rtab_input *in = &rs->inputs[tr->input];
		for (int32_t v = in->min; v <= in->max; v++)
			FUZZ_CHECK(tr->next[v] >= -1 && tr->next[v] <= in->max,
				   "transition '%s': state %ld leads to %d of %ld", tr->id, (long)v,
				   tr->next[v], (long)in->max + 1);
	}
	for (size_t i = 0; i < rs->ndistances; i++) {
		const rtab_distance *d = &rs->distances[i];
		for (size_t k = 0; k < d->nforms; k++) {
			fuzz_check_expr(rs, &d->forms[k].value, "distance", d->id);
			fuzz_touch(d->forms[k].unit);
		}
	}
	for (size_t i = 0; i < rs->nprocedures; i++) {
		const rtab_procedure *p = &rs->procedures[i];
		FUZZ_CHECK(p->otherwise < (int32_t)rs->noutcomes, "procedure '%s': otherwise %d of %u",
			   p->id, p->otherwise, rs->noutcomes);
		for (size_t k = 0; k < p->nsteps; k++) {
			fuzz_check_expr(rs, &p->steps[k].guard, "step guard", p->steps[k].id);
			FUZZ_CHECK(p->steps[k].outcome < (int32_t)rs->noutcomes,
				   "procedure '%s' step '%s': outcome %d of %u", p->id, p->steps[k].id,
				   p->steps[k].outcome, rs->noutcomes);
		}
	}
#endif
}


/* The row a column gives a modified roll, as rtab.h documents it. */
static inline int32_t fuzz_row_of(const rtab_table *t, const rtab_column *c, int32_t roll)
{
	if (roll < t->roll_min)
		return c->below_row;
	if (roll > t->roll_max)
		return c->above_row;
	return rtab_column_row(c, (size_t)(roll - t->roll_min));
}

/* Invariants of an RTAB_OK result of rtab_resolve for these arguments. */
static inline void fuzz_check_result(const rtab_ruleset *rs, size_t table, const int32_t *inputs,
				     const int32_t *faces, size_t nfaces, int32_t extra_drm,
				     const rtab_result *r)
{
	const rtab_table *t = &rs->tables[table];
	int64_t natural = 0;

	/* An opposed roll's natural roll is each roll's sum times its sign. */
	for (size_t i = 0, roll = 0, left = t->nrolls ? t->rolls[0].nfaces : nfaces; i < nfaces; i++) {
		while (t->nrolls && left == 0 && roll + 1 < t->nrolls)
			left = t->rolls[++roll].nfaces;
		natural += t->nrolls && t->rolls[roll].sign < 0 ? -(int64_t)faces[i] : faces[i];
		left -= left > 0;
	}
	FUZZ_CHECK(r->table == table, "result names table %u, not %zu", r->table, table);
	FUZZ_CHECK(r->column < t->ncolumns, "table '%s': column %u of %u", t->id, r->column,
		   t->ncolumns);
#if FUZZ_RTAB_V2
	int32_t auto_given = r->rewrite >= 0 ? r->rewritten_from : (int32_t)r->outcome;
	/* A natural-roll rule decides without a row. */
	if (r->natural_rule >= 0)
		FUZZ_CHECK(r->natural_rule < t->nnatural && r->row == UINT16_MAX,
			   "table '%s': natural rule %d of %u, row %u", t->id, r->natural_rule,
			   t->nnatural, r->row);
	else
#else
	int32_t auto_given = r->outcome;
#endif
	if (r->automatic)
		/* An automatic column decides without a roll, hence without a row; a
		 * rewrite may change what it gives, as any other result's. */
		FUZZ_CHECK(t->columns[r->column].kind == RTAB_COLUMN_AUTOMATIC && r->row == UINT16_MAX &&
				   auto_given == (int32_t)t->columns[r->column].automatic,
			   "table '%s': automatic column %u gave %ld, row %u",
			   t->id, r->column, (long)auto_given, r->row);
	else
		FUZZ_CHECK(r->row < t->nrows, "table '%s': row %u of %u", t->id, r->row, t->nrows);
	FUZZ_CHECK(r->outcome < rs->noutcomes, "table '%s': outcome %u of %u", t->id, r->outcome,
		   rs->noutcomes);
	FUZZ_CHECK(r->natural == natural, "table '%s': natural %ld, faces sum to %lld", t->id,
		   (long)r->natural, (long long)natural);
	FUZZ_CHECK((int64_t)r->modified_roll == (int64_t)r->natural + r->modifier,
		   "table '%s': modified roll %ld != natural %ld + modifier %ld", t->id,
		   (long)r->modified_roll, (long)r->natural, (long)r->modifier);
	if (t->capped) {
		int32_t want = r->modifier_raw < t->cap_min   ? t->cap_min
			       : r->modifier_raw > t->cap_max ? t->cap_max
							      : r->modifier_raw;
		FUZZ_CHECK(r->modifier >= t->cap_min && r->modifier <= t->cap_max,
			   "table '%s': modifier %ld outside the cap %ld..%ld", t->id,
			   (long)r->modifier, (long)t->cap_min, (long)t->cap_max);
		FUZZ_CHECK(r->modifier == want, "table '%s': raw modifier %ld capped to %ld, not %ld",
			   t->id, (long)r->modifier_raw, (long)r->modifier, (long)want);
	} else {
		FUZZ_CHECK(r->modifier == r->modifier_raw,
			   "table '%s' has no cap, yet modifier %ld != raw %ld", t->id,
			   (long)r->modifier, (long)r->modifier_raw);
	}
	FUZZ_CHECK(r->napplied <= RTAB_MAX_APPLIED && r->napplied <= t->nmodifiers + t->nshifts,
		   "table '%s': %u modifiers applied of %u listed", t->id, r->napplied,
		   t->nmodifiers + t->nshifts);
	int64_t sum = extra_drm;
	for (size_t i = 0; i < r->napplied; i++) {
		const rtab_applied_modifier *a = &r->applied[i];
		bool listed = false;
		for (size_t k = 0; k < t->nmodifiers && !a->shift; k++)
			listed |= t->modifiers[k] == a->modifier;
		for (size_t k = 0; k < t->nshifts && a->shift; k++)
			listed |= t->shifts[k] == a->modifier;
		FUZZ_CHECK(listed, "table '%s': applied modifier %u is not one of its own", t->id,
			   a->modifier);
		const rtab_modifier *m = &rs->modifiers[a->modifier];
		FUZZ_CHECK(a->value >= m->min && a->value <= m->max,
			   "modifier '%s' gave %ld outside its checked bounds %ld..%ld", m->id,
			   (long)a->value, (long)m->min, (long)m->max);
#if FUZZ_RTAB_V2
		if (a->counted)
			sum += a->signed_value;
#else
		sum += a->value;
#endif
	}
	int32_t column = r->column;
	if (t->key_kind == RTAB_KEY_INPUT && t->nshifts == 0)
		column = t->column_input >= 0 ? t->column_of_value[inputs[t->column_input]] : 0;
	FUZZ_CHECK(r->column == column, "table '%s': column %u, the column input gives %ld", t->id,
		   r->column, (long)column);
#if FUZZ_RTAB_V2
	/* The stacking groups: per group and side, worst or best keeps one member;
	 * largest_each_way one of the side's bonuses (members never below 0) and
	 * one of its penalties (never above 0). */
	for (size_t i = 0; i < r->napplied; i++) {
		const rtab_applied_modifier *a = &r->applied[i];
		const rtab_modifier *m = &rs->modifiers[a->modifier];
		if (a->shift)
			continue; /* column shifts stack apart from the die-roll modifiers */
		FUZZ_CHECK(a->signed_value == (m->sign < 0 ? -(int64_t)a->value : a->value),
			   "modifier '%s': value %ld, signed %ld, sign %d", m->id, (long)a->value,
			   (long)a->signed_value, m->sign);
		if (m->group < 0 || rs->groups[m->group].stacking == RTAB_STACK_SUM) {
			FUZZ_CHECK(a->counted, "modifier '%s' outside worst/best groups not counted", m->id);
			continue;
		}
		uint8_t stacking = rs->groups[m->group].stacking;
		bool each_way = stacking == RTAB_STACK_LARGEST_EACH_WAY;
		/* a bonus: never below 0 (a value that may be either goes by its sign) */
		bool helps = m->min >= 0 || (m->max > 0 && a->value >= 0);
		bool best = stacking == RTAB_STACK_BEST || (each_way && helps);
		size_t counted = 0;
		int64_t want = a->signed_value, got = 0;
		for (size_t j = 0; j < r->napplied; j++) {
			const rtab_modifier *mj = &rs->modifiers[r->applied[j].modifier];
			if (mj->group != m->group || mj->sign != m->sign || r->applied[j].shift)
				continue;
			int64_t v = r->applied[j].signed_value;
			if (each_way && (mj->min >= 0 || (mj->max > 0 && r->applied[j].value >= 0)) != helps)
				continue;
			/* Favourable to the side: higher for +1, lower for -1. */
			bool better = m->sign > 0 ? v > want : v < want;
			if (better == best && v != want)
				want = v;
			if (r->applied[j].counted) {
				counted++;
				got = v;
			}
		}
		FUZZ_CHECK(counted == 1, "group '%s': %zu members counted on one side (one way)",
			   rs->groups[m->group].id, counted);
		FUZZ_CHECK(got == want, "group '%s' (%s): counted %lld, not %lld", rs->groups[m->group].id,
			   best ? "best" : "worst", (long long)got, (long long)want);
	}
	/* The raw modifier: the extra DRM plus each group's (capped) total; a
	 * group none of whose members applies adds nothing, whatever its cap. */
	sum = extra_drm;
	for (size_t g = 0; g <= rs->ngroups; g++) {
		int64_t gs = 0;
		bool member = false;
		for (size_t i = 0; i < r->napplied; i++) {
			const rtab_modifier *m = &rs->modifiers[r->applied[i].modifier];
			size_t mg = m->group < 0 ? rs->ngroups : (size_t)m->group;
			if (mg == g && r->applied[i].counted && !r->applied[i].shift) {
				gs += r->applied[i].signed_value;
				member = true;
			}
		}
		if (g < rs->ngroups && rs->groups[g].capped && member)
			gs = gs < rs->groups[g].cap_min ? rs->groups[g].cap_min
			     : gs > rs->groups[g].cap_max ? rs->groups[g].cap_max
							  : gs;
		sum += gs;
	}
	FUZZ_CHECK(r->modifier_raw == sum, "table '%s': raw modifier %ld, extra + groups give %lld",
		   t->id, (long)r->modifier_raw, (long long)sum);
	/* What the row (or the natural rule) gave, before any rewrite. */
	int32_t given = r->rewrite >= 0 ? r->rewritten_from : r->outcome;
	if (r->rewrite >= 0) {
		FUZZ_CHECK(r->rewrite < t->nrewrites, "table '%s': rewrite %d of %u", t->id, r->rewrite,
			   t->nrewrites);
		const rtab_rewrite *rw = &t->rewrites[r->rewrite];
		FUZZ_CHECK(rw->from == r->rewritten_from && rw->to == r->outcome,
			   "table '%s': rewrite %d is %u -> %u, the result %d -> %u", t->id, r->rewrite,
			   rw->from, rw->to, r->rewritten_from, r->outcome);
	} else {
		FUZZ_CHECK(r->rewritten_from == -1, "table '%s': rewritten from %d without a rewrite",
			   t->id, r->rewritten_from);
	}
	if (r->natural_rule >= 0)
		FUZZ_CHECK(given == t->natural[r->natural_rule].outcome,
			   "table '%s': natural rule %d gives %u, the result %ld", t->id, r->natural_rule,
			   t->natural[r->natural_rule].outcome, (long)given);
	/* A trigger resolved N times (once per unit, per side) is listed N times. */
	FUZZ_CHECK(r->ntriggered <= RTAB_MAX_TRIGGERS, "table '%s': %u triggered", t->id,
		   r->ntriggered);
	for (size_t i = 0; i < r->ntriggered; i++)
		FUZZ_CHECK(r->triggered_by[i] < rs->outcomes[r->outcome].ntriggers,
			   "table '%s': triggered by trigger %u, the outcome has %u", t->id,
			   r->triggered_by[i], rs->outcomes[r->outcome].ntriggers);
	for (size_t i = 0; i < r->ntriggered; i++)
		FUZZ_CHECK(r->triggered[i].index < fuzz_targets(rs, r->triggered[i].kind),
			   "table '%s': triggers target %u of kind %u", t->id, r->triggered[i].index,
			   r->triggered[i].kind);
	bool plain = r->natural_rule < 0 && !r->automatic;
#else
	int32_t given = r->outcome;
	bool plain = true;
	FUZZ_CHECK(r->modifier_raw == sum, "table '%s': raw modifier %ld, extra + applied give %lld",
		   t->id, (long)r->modifier_raw, (long long)sum);
#endif
	if (plain) {
		int32_t row = fuzz_row_of(t, &t->columns[column], r->modified_roll);
		FUZZ_CHECK(r->row == row, "table '%s': row %u, the column gives roll %ld row %ld", t->id,
			   r->row, (long)r->modified_roll, (long)row);
		FUZZ_CHECK(given == rtab_row_outcome(t, r->row),
			   "table '%s': outcome %ld, row %u gives %u", t->id, (long)given, r->row,
			   rtab_row_outcome(t, r->row));
	}
	fuzz_touch(r->provisional);
#ifdef RTAB_NO_DICE
	FUZZ_CHECK((r->provisional != NULL) == (r->nprovisional > 0),
		   "table '%s': provisional %s, but %u provisional values", t->id,
		   r->provisional ? "set" : "unset", r->nprovisional);
#endif
}

/* The dice a table rolls, or NULL for a table keyed by its modifier total alone. */
static inline const rtab_dice *fuzz_table_dice(const rtab_ruleset *rs, const rtab_table *t)
{
#ifdef RTAB_NO_DICE
	if (t->dice == RTAB_NO_DICE)
		return NULL;
#endif
	return &rs->dice[t->dice];
}

#endif
