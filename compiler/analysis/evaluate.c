/* SPDX-License-Identifier: MIT */
/* rtab eval's resolution of one name: an evaluator per kind of definition. */
#include "analysis/evaluate.h"

#include "check/proofs/drm_modifier.h"
#include "check/passes/sema_require.h"
#include "check/names/target_kinds.h"

#include <stdarg.h>
#include <stdlib.h>

/* "2 faces: 1 within 1..6, then 1 within 1..10": every group of the dice. */
static void dice_faces_phrase(strbuf *sb, const rtab_dice *d)
{
	sb_printf(sb, "%u face%s", d->nfaces, d->nfaces == 1 ? "" : "s");
	for (size_t g = 0; g < d->ngroups; g++) {
		if (d->ngroups == 1)
			sb_puts(sb, ", each ");
		else
			sb_printf(sb, "%s%u ", g == 0 ? ": " : ", then ", d->groups[g].count);
		sb_printf(sb, "within %d..%d", d->groups[g].face_min, d->groups[g].face_max);
	}
}

/* How many faces form f of a distance reads: the dice it rolls. */
static size_t form_faces(const rtab_ruleset *rs, const rtab_distance_form *f)
{
	size_t n = 0;
	for (size_t i = 0; i < f->value.ninstrs; i++)
		if (f->value.instrs[i].op == RTAB_OP_ROLL && (size_t)f->value.instrs[i].arg < rs->ndice)
			n += rs->dice[f->value.instrs[i].arg].nfaces;
	return n;
}

/* What the evaluators share: the request, the report and where to say why. */
typedef struct eval_ctx {
	const model *m;
	const eval_request *q;
	report *rep;
	strbuf *why, *warning;
} eval_ctx;

__attribute__((format(printf, 2, 3)))
static eval_status misasked(const eval_ctx *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(e->why, fmt, ap);
	va_end(ap);
	return EVAL_MISASKED;
}

/* The status of a resolution: done, or the runtime's refusal in its words. */
static eval_status resolved(const eval_ctx *e, int rc)
{
	if (rc == RTAB_OK)
		return EVAL_DONE;
	sb_printf(e->why, "%s: %s", e->q->name, rtab_status_message(rc));
	return EVAL_FAILED;
}

/* A --drm that takes the modified roll beyond what rtab check proved: say so, naming the roll. */
static void beyond_checked(const eval_ctx *e, size_t t, const rtab_result *r, int rc)
{
	const model_table *mt = &e->m->tables[t];
	const rtab_table *tab = &e->m->rs.tables[t];
	if (!e->q->has_drm || (rc != RTAB_OK && rc != RTAB_E_NO_ROW) || r->automatic ||
	    (r->modified_roll >= mt->reach_lo && r->modified_roll <= mt->reach_hi))
		return;
	strbuf then = {0};
	if (rc == RTAB_E_NO_ROW && tab->ncolumns > 1)
		sb_printf(&then, "column '%s' has no row for it", tab->columns[r->column].id);
	else
		sb_puts(&then, rc == RTAB_E_NO_ROW ? "no row takes it" : "the result is the open end's row");
	sb_printf(e->warning,
		  "--drm %+ld takes the modified roll to %ld (natural %ld, modifier %+ld), beyond the rolls %lld..%lld that rtab check proved for table '%s': %s",
		  e->q->drm, (long)r->modified_roll, (long)r->natural, (long)r->modifier,
		  (long long)mt->reach_lo, (long long)mt->reach_hi, tab->id, then.data);
	sb_free(&then);
}

static eval_status eval_table(const eval_ctx *e, size_t t)
{
	const eval_request *q = e->q;
	const rtab_ruleset *rs = &e->m->rs;
	const rtab_dice *d = rs->tables[t].dice == RTAB_NO_DICE ? NULL : &rs->dice[rs->tables[t].dice];
	const eval_faces *roll = q->nrolls ? &q->rolls[0] : NULL;
	rtab_result r;

	if (!d && roll)
		return misasked(e, "table '%s' rolls no dice: it is keyed by its modifiers alone; drop --roll",
				q->name);
	if (q->nrolls > 1)
		return misasked(e, "table '%s' takes one --roll", q->name);
	if (!drm_counts_at_step(rs, t, q->drm, e->why))
		return EVAL_MISASKED;
	int forced = -1;
	if (q->drm_modifier && (forced = drm_modifier_named(rs, t, q->drm_modifier, q->file, e->why)) < 0)
		return EVAL_MISASKED;
	const int32_t *faces = roll && d ? roll->faces : NULL;
	size_t nfaces = roll && d ? roll->n : 0;
	int rc = forced >= 0 ? resolve_with_modifier(rs, t, q->inputs, rs->ninputs, faces, nfaces, (size_t)forced, &r)
			     : rtab_resolve(rs, t, q->inputs, rs->ninputs, faces, nfaces, (int32_t)q->drm, &r);
	beyond_checked(e, t, &r, rc);
	if (rc == RTAB_E_FACES && !roll)
		return misasked(e, "table '%s' needs the natural die faces: --roll F%s", q->name,
				d->nfaces > 1 ? ",F..." : "");
	if (rc == RTAB_E_NO_RESULT) {
		report_no_result(e->rep, &r);
		return EVAL_DONE;
	}
	if (rc == RTAB_E_FACES) {
		strbuf need = {0};
		dice_faces_phrase(&need, d);
		misasked(e, "table '%s' rolls %s: give %s", q->name, d->id, need.data);
		sb_free(&need);
		return EVAL_MISASKED;
	}
	if (rc == RTAB_OK)
		report_table(e->rep, &r, faces, nfaces);
	return resolved(e, rc);
}

static eval_status eval_reactions(const eval_ctx *e, size_t k)
{
	const rtab_ruleset *rs = &e->m->rs;
	size_t cap = rs->reaction_sets[k].noptions, n = 0;
	uint16_t *opts = xcalloc(cap ? cap : 1, sizeof *opts); /* every option, however many */
	int rc = rtab_reactions(rs, k, e->q->inputs, rs->ninputs, opts, cap, &n);
	if (rc == RTAB_OK)
		report_reactions(e->rep, k, opts, n < cap ? n : cap);
	free(opts);
	return resolved(e, rc);
}

static eval_status eval_transition(const eval_ctx *e, size_t k)
{
	const rtab_ruleset *rs = &e->m->rs;
	int32_t next;
	int rc = rtab_transition_next(rs, k, e->q->inputs, rs->ninputs, &next);
	if (rc == RTAB_OK)
		report_transition(e->rep, k, e->q->inputs[rs->transitions[k].input], next);
	return resolved(e, rc);
}

static eval_status eval_distance(const eval_ctx *e, size_t k)
{
	const eval_request *q = e->q;
	const rtab_ruleset *rs = &e->m->rs;
	const rtab_distance *dist = &rs->distances[k];
	int32_t values[8];
	bool ok[8] = {false};
	size_t nok = 0;
	reasons why = {0};
	/* One --roll for every form, or one per form when they roll different dice. */
	if (q->nrolls > 1 && q->nrolls != dist->nforms)
		return misasked(e, "distance '%s' has %u form%s: give one --roll for all, or one per form",
				q->name, dist->nforms, dist->nforms == 1 ? "" : "s");
	int rc = RTAB_OK;
	for (size_t f = 0; f < dist->nforms && f < 8; f++) {
		const eval_faces *roll = q->nrolls > 1 ? &q->rolls[f] : q->nrolls ? &q->rolls[0] : NULL;
		reasons form_why = {0};
		int frc = rtab_distance_eval_why(rs, k, f, q->inputs, rs->ninputs, roll ? roll->faces : NULL,
						 roll ? roll->n : 0, &values[f], form_why.why,
						 RTAB_MAX_REASONS, &form_why.total);
		ok[f] = frc == RTAB_OK;
		nok += ok[f];
		form_why.n = form_why.total < RTAB_MAX_REASONS ? form_why.total : RTAB_MAX_REASONS;
		for (size_t i = 0; ok[f] && i < form_why.n; i++)
			reasons_add(&why, form_why.why[i]);
		if (frc != RTAB_OK && frc != RTAB_E_FACES)
			rc = frc;
	}
	if (rc == RTAB_OK && nok < dist->nforms && (nok == 0 || q->nrolls > 1)) {
		/* Say what each form needs rather than hide it. */
		strbuf need = {0};
		for (size_t f = 0; f < dist->nforms; f++)
			sb_printf(&need, "%s%s: %zu", f ? ", " : "", dist->forms[f].unit,
				  form_faces(rs, &dist->forms[f]));
		misasked(e, "distance '%s' needs one face per die each form rolls (%s); give --roll F,F... once for all forms, or once per form",
			 q->name, need.data);
		sb_free(&need);
		return EVAL_MISASKED;
	}
	if (rc == RTAB_OK)
		report_distance(e->rep, k, values, ok, &why);
	return resolved(e, rc);
}

static eval_status eval_procedure(const eval_ctx *e, size_t k)
{
	const rtab_ruleset *rs = &e->m->rs;
	int32_t step;
	int rc = rtab_procedure_step_first(rs, k, e->q->inputs, rs->ninputs, &step);
	if (rc == RTAB_OK)
		report_procedure(e->rep, k, step);
	return resolved(e, rc);
}

/* What eval does with each kind of definition: the kinds of check/names/target_kinds.h
 * are resolved, and naming any other says why it is not. */
typedef struct evaluator {
	eval_status (*eval)(const eval_ctx *e, size_t k);
	bool drm; /* takes --drm */
	const char *reason;
} evaluator;

#define NOT_EVALUABLE(what) \
	NOT_APPLICABLE(what "; eval names a table, reaction set, transition, distance or procedure")
#define eval_RULESET NOT_EVALUABLE("the ruleset is the whole file")
#define eval_DICE NOT_EVALUABLE("dice are rolled by the tables that name them")
#define eval_ENUM NOT_EVALUABLE("an enum is a list of values, resolved by nothing")
#define eval_INPUT NOT_EVALUABLE("an input is set with --set")
#define eval_EFFECT NOT_EVALUABLE("an effect is what an outcome does")
#define eval_OUTCOME NOT_EVALUABLE("an outcome is what a table gives")
#define eval_MODIFIER NOT_EVALUABLE("a modifier is applied by the tables that list it")
#define eval_TABLE {.eval = eval_table, .drm = true}
#define eval_MATRIX NOT_EVALUABLE("a matrix is read by the expressions that name it")
#define eval_BAND NOT_EVALUABLE("a ratio is read by the expressions that name it")
#define eval_GROUP NOT_EVALUABLE("a group stacks the modifiers of tables")
#define eval_REACTIONS {.eval = eval_reactions}
#define eval_TRANSITION {.eval = eval_transition}
#define eval_DISTANCE {.eval = eval_distance}
#define eval_PROCEDURE {.eval = eval_procedure}
#define eval_OUTCOMES NOT_EVALUABLE("an outcome group is read by 'rtab odds'")
#define eval_EXAMPLE NOT_EVALUABLE("an example is checked by 'rtab test'")
#define eval_REQUIRE NOT_EVALUABLE("a requirement is checked on the situation of whatever is evaluated")

static const evaluator evaluators[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = eval_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(evaluators);

construct_use eval_kind_use(def_kind kind)
{
	return CONSTRUCT_USE(evaluators[kind], eval);
}

eval_status evaluate(const model *m, const eval_request *q, report *rep, strbuf *why, strbuf *warning)
{
	const rtab_ruleset *rs = &m->rs;
	const eval_ctx e = {m, q, rep, why, warning};
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		int i = evaluators[k].eval ? target_find(rs, (def_kind)k, q->name) : -1;
		if (i < 0)
			continue;
		if (q->has_drm && !evaluators[k].drm)
			return misasked(&e, "--drm applies to tables only");
		strbuf broken = {0};
		if (requirement_broken_text(rs, q->inputs, &broken)) {
			sb_printf(why, "%s: the situation breaks %s", q->name, broken.data);
			sb_free(&broken);
			return EVAL_FAILED;
		}
		return evaluators[k].eval(&e, (size_t)i);
	}
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (!evaluators[k].eval && model_find(m, (def_kind)k, q->name) >= 0)
			return misasked(&e, "%s '%s' cannot be evaluated: %s", def_kind_name((def_kind)k), q->name,
					evaluators[k].reason);
	strbuf names = {0};
	sb_join_ids(&names, &rs->tables[0].id, rs->ntables, sizeof(rtab_table));
	sb_join_ids(&names, &rs->reaction_sets[0].id, rs->nreaction_sets, sizeof(rtab_reaction_set));
	sb_join_ids(&names, &rs->transitions[0].id, rs->ntransitions, sizeof(rtab_transition));
	sb_join_ids(&names, &rs->distances[0].id, rs->ndistances, sizeof(rtab_distance));
	sb_join_ids(&names, &rs->procedures[0].id, rs->nprocedures, sizeof(rtab_procedure));
	misasked(&e, "nothing named '%s' in %s (names: %s)", q->name, q->file, names.data ? names.data : "none");
	sb_free(&names);
	return EVAL_MISASKED;
}
