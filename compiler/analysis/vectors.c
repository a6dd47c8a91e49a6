/* SPDX-License-Identifier: MIT */
/*
 * Conformance vectors: one JSON object per line, each a situation and what
 * the runtime gives for it. A port that gives the same answer for every
 * vector resolves the ruleset as rtab does. docs/vectors.md describes the
 * format and the coverage.
 */
#include "analysis/vectors.h"
#include "base/json.h"
#include "base/work.h"
#include "front/key_kinds.h"

#include "analysis/odds.h"
#include "analysis/report.h"
#include "check/proofs/reasons.h"
#include "check/model.h"
#include "check/names/target_kinds.h"
#include "text/value_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The situations written of one definition, so that none appears twice.
 * Only two 64-bit hashes of each line are kept (16 bytes, whatever its
 * length), and the set is emptied between definitions, whose lines never
 * coincide: it holds at most one definition's vectors, at most the limit
 * plus its coverage. */
typedef struct line_key {
	uint64_t a, b; /* b is odd: {0, 0} marks a free slot */
} line_key;

typedef struct line_set {
	line_key *slots;
	size_t cap, n;
} line_set;

static line_key key_of(const char *s, size_t len)
{
	uint64_t a = 1469598103934665603u, b = 0x9e3779b97f4a7c15u;
	for (const char *end = s + len; s < end; s++) {
		a = (a ^ (unsigned char)*s) * 1099511628211u;
		b = (b + (unsigned char)*s) * 0xff51afd7ed558ccdu;
		b ^= b >> 29;
	}
	return (line_key){a, b | 1u};
}

static bool set_add(line_set *s, const char *line, size_t len)
{
	if (2 * (s->n + 1) > s->cap) {
		line_set bigger = {xcalloc(s->cap ? 2 * s->cap : 1024, sizeof(line_key)),
				   s->cap ? 2 * s->cap : 1024, 0};
		for (size_t i = 0; i < s->cap; i++)
			if (s->slots[i].b)
				for (size_t k = s->slots[i].a % bigger.cap;; k = (k + 1) % bigger.cap)
					if (!bigger.slots[k].b) {
						bigger.slots[k] = s->slots[i];
						bigger.n++;
						break;
					}
		free(s->slots);
		*s = bigger;
	}
	line_key key = key_of(line, len);
	for (size_t k = key.a % s->cap;; k = (k + 1) % s->cap) {
		if (!s->slots[k].b) {
			s->slots[k] = key;
			s->n++;
			return true;
		}
		if (s->slots[k].a == key.a && s->slots[k].b == key.b)
			return false;
	}
}

static void set_free(line_set *s)
{
	free(s->slots);
	memset(s, 0, sizeof *s);
}

typedef struct vgen {
	const rtab_ruleset *rs;
	strbuf *out; /* the lines not yet written to sink */
	FILE *sink;
	line_set seen; /* the situations written (the line up to its results) */
	size_t count, errors;
	size_t crossed, pairs; /* modifiers crossed with every column; pairs both on */
	size_t chains;         /* chain vectors written */
	strbuf *too_many; /* sizing only: the definitions past the limit, said; else NULL */
	bool exhaustive;
	uint64_t limit;
	bool *reads; /* per input: the current definition reads it */
	bool keep_broken; /* write a situation that breaks a requirement as it is (refused) */
	const vectors_options *opts;
	const char *current;   /* the definition whose vectors are being found */
	const char *stopped_in; /* the definition where the work budget ran out; NULL: none */
	size_t unfound;        /* searches for a situation that stopped at SEARCH_BUDGET */
} vgen;

/* Whether steps more fit in the run's work budget; when they do not, the run
 * stops where it is (every later step refused) and says where. */
static bool spend(vgen *g, uint64_t steps)
{
	if (g->stopped_in)
		return false;
	if (work_spend(g->opts->work, steps))
		return true;
	g->stopped_in = g->current ? g->current : g->rs->id;
	return false;
}

/* A number as printed: exact when scale > 1 (25 at scale 2 is 12.5). */
static void put_number(json_writer *w, int32_t scale, int32_t v)
{
	char num[32];
	if (rtab_format_exact(v, scale, num, sizeof num) == RTAB_OK)
		json_put_raw(w, num, strlen(num));
	else
		json_put_int(w, v);
}

static void put_value(json_writer *w, const rtab_ruleset *rs, size_t i, int32_t v)
{
	const rtab_input *in = &rs->inputs[i];
	if (in->type == RTAB_TYPE_ENUM)
		json_put_string(w, rs->enums[in->enum_index].values[v].id);
	else if (in->type == RTAB_TYPE_BOOL)
		json_put_bool(w, v);
	else
		put_number(w, in->step > 0 ? rs->scale : 0, v);
}

/* {"kind": "name", "inputs": {...}: the situation part of a line, its
 * object left open for the rest. */
static void head(vgen *g, json_writer *w, const char *kind, const char *name, const int32_t *inputs)
{
	g->current = name;
	json_begin_object(w);
	json_member_string(w, kind, name);
	json_key(w, "inputs");
	json_begin_object(w);
	for (size_t i = 0; i < g->rs->ninputs; i++) {
		const rtab_input *in = &g->rs->inputs[i];
		/* An item past its list's length is never read: it is not part of the situation.
		 * An input not read but moved off its default (into the requirements) is. */
		if ((!g->reads[i] && inputs[i] == in->default_value) ||
		    (in->list_role == RTAB_LIST_FIELD && in->list_item > inputs[in->list_length]))
			continue;
		json_key(w, g->rs->inputs[i].id);
		put_value(w, g->rs, i, inputs[i]);
	}
	json_end_object(w);
}

static void int_array(json_writer *w, const int32_t *v, size_t n)
{
	json_begin_array(w);
	for (size_t i = 0; i < n; i++)
		json_put_int(w, v[i]);
	json_end_array(w);
}

static void faces_json(json_writer *w, const int32_t *faces, size_t nfaces)
{
	json_key(w, "faces");
	int_array(w, faces, nfaces);
}

static void flush(vgen *g)
{
	if (g->out->len)
		fwrite(g->out->data, 1, g->out->len, g->sink);
	sb_clear(g->out);
}

/* Close the line w writes and write it unless the same situation was
 * written; the situation is the line's first `situation` bytes. */
static void emit(vgen *g, json_writer *w, size_t situation)
{
	/* A vector costs a step per input it names and its resolution's. */
	if (!spend(g, g->rs->ninputs + 1))
		return;
	if (set_add(&g->seen, w->out->data, situation)) {
		json_end_object(w);
		sb_put(g->out, w->out->data, w->out->len);
		sb_putc(g->out, '\n');
		g->count++;
		/* Written as produced: an exhaustive run can be gigabytes. */
		if (g->out->len >= 1u << 16)
			flush(g);
	}
}

static void effects_json(json_writer *w, const rtab_ruleset *rs, const rtab_outcome *o)
{
	if (o->nvalues && o->numeric < rs->nnumeric_outcomes) {
		/* The numbers an outcome carries, by parameter. */
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[o->numeric];
		json_key(w, "numbers");
		json_begin_object(w);
		for (size_t p = 0; p < o->nvalues && p < n->nparams; p++)
			json_member_int(w, n->params[p].id, o->values[p]);
		json_end_object(w);
	}
	json_key(w, "effects");
	json_begin_array(w);
	for (size_t i = 0; i < o->neffects; i++) {
		const rtab_effect *e = &o->effects[i];
		const rtab_effect_kind *k = &rs->effect_kinds[e->kind];
		json_begin_object(w);
		json_member_string(w, "effect", k->id);
		json_key(w, "args");
		json_begin_array(w);
		for (size_t a = 0; a < e->nargs; a++) {
			if (a < k->nparams && k->params[a].enum_index >= 0)
				json_put_string(w, rs->enums[k->params[a].enum_index].values[e->args[a]].id);
			else
				json_put_int(w, e->args[a]);
		}
		json_end_array(w);
		export_effect_units(w, k, e);
		json_end_object(w);
	}
	json_end_array(w);
}

static void triggers_json(json_writer *w, const rtab_ruleset *rs, const rtab_target *t, size_t n)
{
	json_key(w, "triggers");
	json_begin_array(w);
	for (size_t i = 0; i < n; i++)
		json_put_string(w, rtab_target_id(rs, t[i]));
	json_end_array(w);
}

/* "trigger_inputs": [{"input": value, ...}, ...]: the situation each
 * trigger of the result passes on (the inputs it sets), in the order of
 * "triggers". */
static void trigger_inputs_json(json_writer *w, const rtab_ruleset *rs, const rtab_result *r,
				const int32_t *inputs)
{
	int32_t *passed = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *passed);
	json_key(w, "trigger_inputs");
	json_begin_array(w);
	for (size_t i = 0; i < r->ntriggered; i++) {
		const rtab_trigger *tr = &rs->outcomes[r->outcome].triggers[r->triggered_by[i]];
		bool ok = rtab_trigger_inputs(rs, (size_t)r->outcome, r->triggered_by[i], inputs,
					      rs->ninputs, passed) == RTAB_OK;
		json_begin_object(w);
		for (size_t k = 0; ok && k < tr->nsets; k++) {
			json_key(w, rs->inputs[tr->sets[k].input].id);
			put_value(w, rs, tr->sets[k].input, passed[tr->sets[k].input]);
		}
		json_end_object(w);
	}
	json_end_array(w);
	free(passed);
}

/* "trigger_of": [k, ...]: for each of "triggers", which trigger of the
 * outcome it comes from (0 the first the outcome lists); a trigger resolved
 * N times is listed N times, its repeats in order. */
static void trigger_of_json(json_writer *w, const rtab_result *r)
{
	json_key(w, "trigger_of");
	json_begin_array(w);
	for (size_t i = 0; i < r->ntriggered; i++)
		json_put_int(w, r->triggered_by[i]);
	json_end_array(w);
}

/* The rule reference of what decided a table's result: the rewrite that
 * changed it, the natural-roll rule, the row when it has its own, else the
 * table's. */
static const char *decided_rule(const rtab_table *t, const rtab_result *r)
{
	if (r->rewrite >= 0 && r->rewrite < t->nrewrites && t->rewrites[r->rewrite].rule)
		return t->rewrites[r->rewrite].rule;
	if (r->natural_rule >= 0 && r->natural_rule < t->nnatural && t->natural[r->natural_rule].rule)
		return t->natural[r->natural_rule].rule;
	if (r->natural_rule < 0 && !r->automatic && r->row < t->nrows && rtab_row_rule(t, r->row))
		return rtab_row_rule(t, r->row);
	return t->rule;
}

/* "reasons": [...]: every provisional reading the result rests on. */
static void reasons_list_json(json_writer *w, const rtab_result *r)
{
	reasons why = {0};
	reasons_of_table(&why, r);
	json_key(w, "reasons");
	json_begin_array(w);
	for (size_t i = 0; i < why.n; i++)
		json_put_string(w, why.why[i]);
	json_end_array(w);
}

/* ---- tables ---- */

/* A situation that gives a number input a value between two of its steps:
 * no situation at all (a sweep of the domain passes through them). */
static bool between_steps(const rtab_ruleset *rs, const int32_t *inputs)
{
	for (size_t i = 0; i < rs->ninputs; i++) {
		const rtab_input *in = &rs->inputs[i];
		if (in->step > 1 && inputs[i] >= in->min && ((int64_t)inputs[i] - in->min) % in->step)
			return true;
	}
	return false;
}

/* The first requirement (`require`) the situation breaks, or the number of requirements:
 * a situation that breaks one is no situation of the rules. */
static int32_t first_broken(vgen *g, const int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	int32_t which = -1;
	if (!spend(g, rs->nrequirements + 1))
		return 0; /* past the budget: as if the first were broken */
	if (rtab_requirement_broken(rs, inputs, rs->ninputs, &which) != RTAB_OK || which < 0)
		return (int32_t)rs->nrequirements;
	return which;
}

static bool breaks_requirement(vgen *g, const int32_t *inputs)
{
	return first_broken(g, inputs) < (int32_t)g->rs->nrequirements;
}

/*
 * A situation the search made that breaks a requirement, moved into the rules
 * by changing inputs the search left at their defaults (those it set are what
 * the vector is about): one at a time, each change leaving the first broken
 * requirement later in the list (two sides that each need a count, say).
 * True when that gives one every requirement allows.
 */
static bool meet_requirements(vgen *g, int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	int32_t broken = first_broken(g, inputs);
	while (broken < (int32_t)rs->nrequirements) {
		int32_t before = broken;
		for (size_t i = 0; i < rs->ninputs && broken == before; i++) {
			const rtab_input *in = &rs->inputs[i];
			int32_t was = inputs[i], step = in->step > 1 ? in->step : 1;
			if (was != in->default_value)
				continue;
			for (int64_t v = in->min; v <= in->max && broken == before; v += step) {
				inputs[i] = (int32_t)v;
				int32_t now = first_broken(g, inputs);
				if (now > before)
					broken = now;
				else
					inputs[i] = was;
			}
		}
		if (broken == before || g->stopped_in)
			return false;
	}
	return true;
}

static void table_vector(vgen *g, size_t t, const int32_t *given, const int32_t *faces,
			 size_t nfaces, int32_t drm)
{
	const rtab_ruleset *rs = g->rs;
	int32_t *inputs = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	memcpy(inputs, given, rs->ninputs * sizeof *inputs);
	bool allowed = g->keep_broken || !breaks_requirement(g, inputs) || meet_requirements(g, inputs);
	/* A table with a step takes no drm (RTAB_E_STEP_DRM): its rolls come from its inputs. */
	if (between_steps(rs, inputs) || !allowed || (drm != 0 && rs->tables[t].step >= 0)) {
		free(inputs);
		return;
	}
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	rtab_result r;
	int rc = rtab_resolve(rs, t, inputs, rs->ninputs, faces, nfaces, drm, &r);
	const rtab_table *tab = &rs->tables[t];
	head(g, &w, "table", tab->id, inputs);
	faces_json(&w, faces, nfaces);
	report_roll_sums(&w, rs, t, faces, nfaces);
	json_member_int(&w, "drm", drm);
	size_t situation = b.len;
	if (rc == RTAB_OK || rc == RTAB_E_NO_RESULT) {
		/* Which column, and how it was found: none where the key reached
		 * none (odds 0:0), as rtab eval --json says it. */
		json_member_string(&w, "column", r.key_column >= 0 ? tab->columns[r.column].id : NULL);
		json_key(&w, "key");
		switch (table_key_kind(tab)) {
		case RTAB_KEY_ODDS: {
			strbuf odds = {0};
			report_put_odds(&odds, rs->scale, r.key_num, r.key_den);
			json_put_string(&w, odds.data);
			sb_free(&odds);
			break;
		}
		case RTAB_KEY_VALUE: {
			char shift[24];
			snprintf(shift, sizeof shift, r.key_num > 0 ? "+%ld" : "%ld", (long)r.key_num);
			json_put_string(&w, shift);
			break;
		}
		case RTAB_KEY_INPUT:
		case RTAB_KEY_ENUM:
			json_put_null(&w);
			break;
		}
		json_member_string(&w, "key_column", r.key_column >= 0 ? tab->columns[r.key_column].id : NULL);
		json_member_int(&w, "column_shift", r.column_shift);
	}
	if (rc == RTAB_E_NO_RESULT) {
		json_key(&w, "outcome");
		json_put_null(&w);
		json_member_bool(&w, "no_result", true);
		if (r.provisional) /* 'below none provisional "why"' */
			json_member_string(&w, "provisional", r.provisional);
	} else if (rc != RTAB_OK) {
		/* Out of the runtime's domain (an overflow): what it says is the result. */
		json_member_string(&w, "error", rtab_status_message(rc));
		g->errors++;
	} else {
		json_member_bool(&w, "automatic", r.automatic);
		json_member_int(&w, "natural", r.natural);
		json_member_int(&w, "modifier_raw", r.modifier_raw);
		json_member_int(&w, "modifier", r.modifier);
		json_member_int(&w, "modified_roll", r.modified_roll);
		json_key(&w, "applied");
		json_begin_array(&w);
		for (size_t i = 0; i < r.napplied; i++) {
			const rtab_applied_modifier *am = &r.applied[i];
			json_begin_object(&w);
			json_member_string(&w, "modifier", rs->modifiers[am->modifier].id);
			json_member_int(&w, "value", am->value);
			json_member_int(&w, "signed_value", am->signed_value);
			json_member_bool(&w, "counted", am->counted);
			json_member_bool(&w, "shift", am->shift);
			json_end_object(&w);
		}
		json_end_array(&w);
		json_member_bool(&w, "natural_rule", r.natural_rule >= 0);
		json_member_string(&w, "rewritten_from",
				   r.rewritten_from >= 0 ? rs->outcomes[r.rewritten_from].id : NULL);
		json_member_string(&w, "outcome", rs->outcomes[r.outcome].id);
		effects_json(&w, rs, &rs->outcomes[r.outcome]);
		/* As the page prints it, as rtab export --format json gives it. */
		json_member_string(&w, "code", rs->outcomes[r.outcome].code ? rs->outcomes[r.outcome].code
									    : rs->outcomes[r.outcome].id);
		json_member_string(&w, "rule", decided_rule(tab, &r));
		triggers_json(&w, rs, r.triggered, r.ntriggered);
		trigger_of_json(&w, &r);
		trigger_inputs_json(&w, rs, &r, inputs);
		json_member_string(&w, "provisional", r.provisional);
		reasons_list_json(&w, &r);
	}
	emit(g, &w, situation);
	sb_free(&b);
	free(inputs);
}

/* Mark the inputs a program reads; note its constants (for samples). */
static void reads_expr(vgen *g, const rtab_expr *e)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == RTAB_OP_INPUT && e->instrs[i].arg >= 0 && e->instrs[i].arg < g->rs->ninputs)
			g->reads[e->instrs[i].arg] = true;
}

static bool counts(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || (t->step < RTAB_MAX_STEPS && (m->steps >> t->step) & 1u);
}

static void table_reads(vgen *g, const rtab_table *t)
{
	const rtab_ruleset *rs = g->rs;
	uint16_t *order = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *order);
	memset(g->reads, 0, rs->ninputs * sizeof *g->reads);
	if (t->column_input >= 0)
		g->reads[t->column_input] = true;
	reads_expr(g, &t->line_key);
	for (size_t i = 0; i < t->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		if (!counts(t, m))
			continue;
		reads_expr(g, &m->condition);
		reads_expr(g, &m->value);
	}
	for (size_t i = 0; i < t->nshifts; i++) {
		const rtab_modifier *m = &rs->modifiers[t->shifts[i]];
		if (!counts(t, m))
			continue;
		reads_expr(g, &m->condition);
		reads_expr(g, &m->value);
	}
	reads_expr(g, &t->key_a);
	reads_expr(g, &t->key_b);
	for (size_t i = 0; i < t->nrewrites; i++)
		reads_expr(g, &t->rewrites[i].condition);
	size_t n = odds_table_outcomes(rs, (size_t)(t - rs->tables), order);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < rs->outcomes[order[i]].ntriggers; k++)
			reads_expr(g, &rs->outcomes[order[i]].triggers[k].unless);
	free(order);
}

/* The values worth trying for an input: all of a small domain; else its
 * ends, its default and the constants near it in the programs read. */
typedef struct samples {
	int32_t v[64];
	size_t n;
} samples;

static void sample_add(samples *s, const rtab_input *in, int64_t v)
{
	if (v < in->min || v > in->max || s->n == sizeof s->v / sizeof s->v[0])
		return;
	if (in->step > 1 && (v - in->min) % in->step != 0)
		return; /* between two steps of a number input */
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return;
	s->v[s->n++] = (int32_t)v;
}

static void input_samples(const rtab_ruleset *rs, size_t i, const rtab_expr *const *exprs,
			  size_t nexprs, samples *s)
{
	const rtab_input *in = &rs->inputs[i];
	s->n = 0;
	int64_t step = in->step > 1 ? in->step : 1;
	if (((int64_t)in->max - in->min) / step < 16) {
		for (int64_t v = in->min; v <= in->max; v += step)
			sample_add(s, in, v);
		return;
	}
	sample_add(s, in, in->default_value);
	sample_add(s, in, in->min);
	sample_add(s, in, in->max);
	sample_add(s, in, (int64_t)in->min + step);
	sample_add(s, in, (int64_t)in->max - step);
	for (size_t e = 0; e < nexprs; e++)
		for (size_t k = 0; k < exprs[e]->ninstrs; k++)
			if (exprs[e]->instrs[k].op == RTAB_OP_CONST ||
			    exprs[e]->instrs[k].op == RTAB_OP_CONST_EXACT)
				for (int d = -1; d <= 1; d++)
					sample_add(s, in, (int64_t)exprs[e]->instrs[k].arg + d * step);
}

/* Find inputs, changing at most three of `vars` from base, for which expr
 * evaluates to `want` (nonzero or zero). */
/* At most this many evaluations per search: a condition over many inputs
 * with no situation that satisfies it ends the search, not the run. */
#define SEARCH_BUDGET 200000

typedef struct search {
	vgen *g;
	const rtab_ruleset *rs;
	const rtab_expr *expr;
	const rtab_expr *keep; /* must hold as well (NULL: nothing) */
	bool want;
	long budget;
	size_t vars[32];
	size_t nvars;
	samples smp[32];
} search;

static bool holds(search *s, const int32_t *inputs)
{
	int32_t v;
	s->budget--;
	if (!spend(s->g, work_expr_steps(s->expr) + (s->keep ? work_expr_steps(s->keep) : 0))) {
		s->budget = 0;
		return false;
	}
	if (rtab_expr_eval(s->rs, s->expr, inputs, s->rs->ninputs, &v) != RTAB_OK || (v != 0) != s->want)
		return false;
	return !s->keep || (rtab_expr_eval(s->rs, s->keep, inputs, s->rs->ninputs, &v) == RTAB_OK && v);
}

static bool search_from(search *s, int32_t *inputs, size_t first, int depth)
{
	if (holds(s, inputs))
		return true;
	if (depth == 0 || s->budget <= 0)
		return false;
	for (size_t k = first; k < s->nvars; k++) {
		size_t i = s->vars[k];
		int32_t keep = inputs[i];
		for (size_t j = 0; j < s->smp[k].n; j++) {
			if (s->smp[k].v[j] == keep)
				continue;
			inputs[i] = s->smp[k].v[j];
			if (search_from(s, inputs, k + 1, depth - 1))
				return true;
		}
		inputs[i] = keep;
	}
	return false;
}

/* inputs := a situation from base in which expr is want and keep (unless
 * NULL) holds; false when none is found. */
static bool find_situation_keeping(vgen *g, const rtab_expr *expr, bool want,
				   const rtab_expr *keep, const int32_t *base, int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	search s = {g, rs, expr, keep, want, SEARCH_BUDGET, {0}, 0, {{{0}, 0}}};
	memcpy(inputs, base, rs->ninputs * sizeof *inputs);
	for (size_t i = 0; i < expr->ninstrs && s.nvars < 32; i++) {
		if (expr->instrs[i].op != RTAB_OP_INPUT)
			continue;
		size_t in = (size_t)expr->instrs[i].arg;
		bool dup = false;
		for (size_t k = 0; k < s.nvars; k++)
			dup |= s.vars[k] == in;
		if (dup)
			continue;
		input_samples(rs, in, &expr, 1, &s.smp[s.nvars]);
		s.vars[s.nvars++] = in;
	}
	if (search_from(&s, inputs, 0, 3))
		return true;
	/* Given up, not disproved: the vectors that needed it are missing, and said so. */
	if (!g->stopped_in)
		g->unfound++;
	return false;
}

/* inputs := a situation from base in which expr is want; false when none is found. */
static bool find_situation(vgen *g, const rtab_expr *expr, bool want,
			   const int32_t *base, int32_t *inputs)
{
	return find_situation_keeping(g, expr, want, NULL, base, inputs);
}

typedef struct table_ctx {
	vgen *g;
	size_t t;
	const rtab_table *tab;
	const rtab_dice *dice; /* NULL: no dice */
	int32_t nat_min, nat_max;
} table_ctx;

/* Faces whose sum is n, filled from the first die; false when none. */
static bool faces_for(const table_ctx *tc, int32_t n, int32_t *faces, size_t *nfaces)
{
	*nfaces = 0;
	if (!tc->dice)
		return n == 0;
	if (n < tc->nat_min || n > tc->nat_max)
		return false;
	int32_t left = n - tc->nat_min;
	for (size_t gi = 0; gi < tc->dice->ngroups; gi++) {
		const rtab_die_group *dg = &tc->dice->groups[gi];
		for (size_t j = 0; j < dg->count; j++) {
			int32_t extra = left < dg->face_max - dg->face_min ? left : dg->face_max - dg->face_min;
			faces[(*nfaces)++] = dg->face_min + extra;
			left -= extra;
		}
	}
	return true;
}

/* The raw modifier the situation gives by itself. */
static bool raw_modifier(const table_ctx *tc, const int32_t *inputs, int32_t *raw)
{
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	rtab_result r;
	faces_for(tc, tc->nat_min, faces, &nfaces);
	if (rtab_resolve(tc->g->rs, tc->t, inputs, tc->g->rs->ninputs, faces, nfaces, 0, &r) != RTAB_OK)
		return false;
	*raw = r.modifier_raw;
	return true;
}

/* The faces and extra modifier that make the modified roll `roll` in this
 * situation; false when none can. */
static bool roll_faces(const table_ctx *tc, const int32_t *inputs, int64_t roll, int32_t *faces,
		       size_t *nfaces, int32_t *drm_out)
{
	const rtab_table *t = tc->tab;
	int32_t raw;
	if (!raw_modifier(tc, inputs, &raw))
		return false;
	int64_t capped = raw;
	if (t->capped)
		capped = capped < t->cap_min ? t->cap_min : capped > t->cap_max ? t->cap_max : capped;
	/* The situation's own modifier if the dice can make up the rest; else the
	 * total nearest it that they can. */
	int64_t best = INT64_MAX, best_m = 0;
	int64_t lo = t->capped ? t->cap_min : roll - tc->nat_max, hi = t->capped ? t->cap_max : roll - tc->nat_min;
	for (int64_t m = lo; m <= hi; m++) {
		int64_t n = roll - m;
		if (n < tc->nat_min || n > tc->nat_max)
			continue;
		int64_t dist = m > capped ? m - capped : capped - m;
		if (dist < best) {
			best = dist;
			best_m = m;
		}
	}
	if (best == INT64_MAX || !faces_for(tc, (int32_t)(roll - best_m), faces, nfaces))
		return false;
	int64_t drm = best_m == capped ? 0 : best_m - raw;
	if (drm < -1000000000 || drm > 1000000000)
		return false;
	*drm_out = (int32_t)drm;
	return true;
}

/* One vector whose modified roll is `roll` in this situation, if any can be. */
static void at_roll(const table_ctx *tc, const int32_t *inputs, int64_t roll)
{
	int32_t faces[RTAB_MAX_FACES], drm;
	size_t nfaces;
	if (roll_faces(tc, inputs, roll, faces, &nfaces, &drm))
		table_vector(tc->g, tc->t, inputs, faces, nfaces, drm);
}

static void at_middle(const table_ctx *tc, const int32_t *inputs)
{
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	faces_for(tc, tc->nat_min + (tc->nat_max - tc->nat_min) / 2, faces, &nfaces);
	table_vector(tc->g, tc->t, inputs, faces, nfaces, 0);
}

/* Set the column input so that column c is read. */
static bool pick_column(const table_ctx *tc, int32_t *inputs, size_t c)
{
	int32_t v = odds_column_value(tc->g->rs, tc->t, c);
	if (v < 0)
		return false;
	if (tc->tab->column_input >= 0)
		inputs[tc->tab->column_input] = v;
	int key = table_enum_key_input(tc->tab); /* two enums: the second's value too */
	if (key >= 0) {
		int32_t k = odds_column_key_value(tc->g->rs, tc->t, c, v);
		if (k < 0)
			return false;
		inputs[key] = k;
	}
	return true;
}

static int16_t row_at(const rtab_table *t, size_t c, int64_t r)
{
	const rtab_column *col = &t->columns[c];
	if (r < t->roll_min)
		return col->below_row;
	if (r > t->roll_max)
		return col->above_row;
	return rtab_column_row(col, (size_t)(r - t->roll_min));
}

/* The column a situation reads (after its shifts), or -1 when it reads none
 * (odds 0:0, an error). */
static int column_of(const table_ctx *tc, const int32_t *inputs)
{
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	rtab_result r;
	faces_for(tc, tc->nat_min, faces, &nfaces);
	int rc = rtab_resolve(tc->g->rs, tc->t, inputs, tc->g->rs->ninputs, faces, nfaces, 0, &r);
	if (rc != RTAB_OK && rc != RTAB_E_NO_RESULT)
		return -1;
	return rc == RTAB_E_NO_RESULT && r.key_column < 0 ? -1 : (int)r.column;
}

/* Record sit as column c's situation, if c has none yet. */
static void found_column(const table_ctx *tc, int32_t **sits, int c, const int32_t *inputs)
{
	if (c < 0 || sits[c])
		return;
	sits[c] = xmalloc((tc->g->rs->ninputs + 1) * sizeof **sits);
	memcpy(sits[c], inputs, tc->g->rs->ninputs * sizeof **sits);
}

/* A table whose column is computed (odds, a difference): sweep each input
 * its key reads over its domain, the others at their defaults and at a few
 * small values, and write both sides of every place where the column
 * changes; note a situation for each column reached. */
static void sweep_key(const table_ctx *tc, const int32_t *base, int32_t **sits)
{
	const rtab_ruleset *rs = tc->g->rs;
	const rtab_table *t = tc->tab;
	size_t vars[16], nv = 0;
	const rtab_expr *keys[2] = {&t->key_a, &t->key_b};
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < keys[k]->ninstrs && nv < 16; i++) {
			const rtab_instr *in = &keys[k]->instrs[i];
			bool dup = false;
			if (in->op != RTAB_OP_INPUT)
				continue;
			for (size_t j = 0; j < nv; j++)
				dup |= vars[j] == (size_t)in->arg;
			if (!dup)
				vars[nv++] = (size_t)in->arg;
		}
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	int32_t *prev = xmalloc((rs->ninputs + 1) * sizeof *prev);
	for (size_t x = 0; x < nv; x++) {
		const rtab_input *X = &rs->inputs[vars[x]];
		/* The other inputs: at their defaults, and each at a few small values. */
		for (size_t y = 0; y <= nv; y++) {
			int64_t ylo = 0, yhi = 0;
			if (y < nv) {
				if (y == x)
					continue;
				ylo = rs->inputs[vars[y]].min;
				yhi = ylo + 9 < rs->inputs[vars[y]].max ? ylo + 9 : rs->inputs[vars[y]].max;
			}
			for (int64_t yv = ylo; yv <= yhi; yv++) {
				memcpy(inputs, base, rs->ninputs * sizeof *inputs);
				if (y < nv)
					inputs[vars[y]] = (int32_t)yv;
				int before = -2;
				int64_t span = (int64_t)X->max - X->min;
				int64_t stride = span > 4096 ? span / 4096 + 1 : 1;
				for (int64_t v = X->min; v <= X->max; v += stride) {
					inputs[vars[x]] = (int32_t)v;
					int col = column_of(tc, inputs);
					found_column(tc, sits, col, inputs);
					if (before != -2 && col != before) {
						at_middle(tc, prev);
						at_middle(tc, inputs);
					}
					before = col;
					memcpy(prev, inputs, rs->ninputs * sizeof *prev);
				}
			}
		}
	}
	free(prev);
	free(inputs);
}

/* From base, a situation in which line v of a table whose line a condition
 * chooses is read: the inputs line_key reads, tried in turn (at most
 * LINE_TRIES situations). False when none was found. */
#define LINE_TRIES 100000u
static bool situation_for_line(const rtab_ruleset *rs, const rtab_table *t, const int32_t *base,
			       int32_t v, int32_t *out)
{
	size_t vars[RTAB_MAX_ITEMS], nvars = 0;
	uint64_t total = 1;
	for (size_t i = 0; i < t->line_key.ninstrs; i++) {
		const rtab_instr *in = &t->line_key.instrs[i];
		if (in->op != RTAB_OP_INPUT || in->arg < 0 || (size_t)in->arg >= rs->ninputs)
			continue;
		bool seen = false;
		for (size_t k = 0; k < nvars; k++)
			seen |= vars[k] == (size_t)in->arg;
		if (!seen && nvars < RTAB_MAX_ITEMS) {
			vars[nvars++] = (size_t)in->arg;
			const rtab_input *ip = &rs->inputs[in->arg];
			total *= (uint64_t)(((int64_t)ip->max - ip->min) / (ip->step > 1 ? ip->step : 1) + 1);
			if (total > LINE_TRIES)
				total = LINE_TRIES;
		}
	}
	memcpy(out, base, rs->ninputs * sizeof *out);
	for (uint64_t k = 0; k < total; k++) {
		uint64_t rest = k;
		for (size_t j = 0; j < nvars; j++) {
			const rtab_input *ip = &rs->inputs[vars[j]];
			int64_t step = ip->step > 1 ? ip->step : 1;
			uint64_t size = (uint64_t)(((int64_t)ip->max - ip->min) / step + 1);
			out[vars[j]] = (int32_t)(ip->min + (int64_t)(rest % size) * step);
			rest /= size;
		}
		int32_t line = -1;
		if (rtab_expr_eval(rs, &t->line_key, out, rs->ninputs, &line) == RTAB_OK && line == v &&
		    rtab_inputs_validate(rs, out, rs->ninputs) == RTAB_OK)
			return true;
	}
	return false;
}

/* Every column, and in a rolled one every row at both sides of each boundary. */
static void cover_rows(const table_ctx *tc, const int32_t *base)
{
	const rtab_table *t = tc->tab;
	int32_t **sits = xcalloc(t->ncolumns, sizeof *sits);
	int32_t *inputs = xmalloc((tc->g->rs->ninputs + 1) * sizeof *inputs);
	bool computed = odds_key_computed(t);
	if (computed && t->column_input >= 0 && t->column_end_of_value) {
		/* Two keys: sweep the key in each variant's run. */
		for (int32_t v = 0; v <= tc->g->rs->inputs[t->column_input].max; v++) {
			memcpy(inputs, base, tc->g->rs->ninputs * sizeof *inputs);
			inputs[t->column_input] = v;
			sweep_key(tc, inputs, sits);
		}
	} else if (computed && t->nlines) {
		/* A line chosen by a condition: sweep the key in each line's run. */
		for (int32_t v = 0; v < t->nlines; v++)
			if (situation_for_line(tc->g->rs, t, base, v, inputs))
				sweep_key(tc, inputs, sits);
	} else if (computed) {
		sweep_key(tc, base, sits);
	}
	for (size_t c = 0; c < t->ncolumns; c++) {
		memcpy(inputs, base, tc->g->rs->ninputs * sizeof *inputs);
		if (!computed && pick_column(tc, inputs, c))
			found_column(tc, sits, column_of(tc, inputs), inputs);
	}
	for (size_t c = 0; c < t->ncolumns; c++) {
		if (!sits[c])
			continue;
		if (t->columns[c].kind != RTAB_COLUMN_ROLLED) {
			at_middle(tc, sits[c]);
			continue;
		}
		for (int64_t r = (int64_t)t->roll_min - 1; r <= (int64_t)t->roll_max + 1; r++) {
			bool edge = r == t->roll_min - 1 || r == t->roll_max + 1 || r == t->roll_min ||
				    r == t->roll_max || row_at(t, c, r) != row_at(t, c, r - 1) ||
				    row_at(t, c, r) != row_at(t, c, r + 1);
			if (edge)
				at_roll(tc, sits[c], r);
		}
	}
	for (size_t c = 0; c < t->ncolumns; c++)
		free(sits[c]);
	free(sits);
	free(inputs);
}

/*
 * Put the faces of want (a natural rule's, which match in any order) in an
 * order where each lies on its die (lo[i]..hi[i] of the dice's i-th die):
 * with dice of several kinds (1d6 + 1d10), "10, 1" rolls as 1 on the d6 and
 * 10 on the d10. The order given first when it fits; false when none does
 * (the rule cannot be rolled), or after *budget tries.
 */
static bool fit_faces(const int32_t *want, size_t n, const int32_t *lo, const int32_t *hi,
		      int32_t *out, size_t at, bool *used, long *budget)
{
	if (at == n)
		return true;
	for (size_t k = 0; k < n; k++) {
		if (used[k] || want[k] < lo[at] || want[k] > hi[at] || --*budget < 0)
			continue;
		used[k] = true;
		out[at] = want[k];
		if (fit_faces(want, n, lo, hi, out, at + 1, used, budget))
			return true;
		used[k] = false;
	}
	return false;
}

static void cover_naturals(const table_ctx *tc, const int32_t *base)
{
	const rtab_table *t = tc->tab;
	int32_t raw, faces[RTAB_MAX_FACES], want[RTAB_MAX_FACES], lo[RTAB_MAX_FACES], hi[RTAB_MAX_FACES];
	int32_t first[RTAB_MAX_FACES]; /* the faces of the order as written */
	size_t ndice = 0;
	if (!raw_modifier(tc, base, &raw))
		return;
	for (size_t gi = 0; tc->dice && gi < tc->dice->ngroups; gi++)
		for (size_t j = 0; j < tc->dice->groups[gi].count && ndice < RTAB_MAX_FACES; j++) {
			lo[ndice] = tc->dice->groups[gi].face_min;
			hi[ndice++] = tc->dice->groups[gi].face_max;
		}
	for (size_t i = 0; i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		int64_t totals[3] = {raw, t->capped ? t->cap_min : -(int64_t)(tc->nat_max - tc->nat_min) - 1,
				     t->capped ? t->cap_max : (int64_t)(tc->nat_max - tc->nat_min) + 1};
		for (int order = 0; order < 2; order++) {
			for (size_t f = 0; f < nr->nfaces; f++)
				want[f] = nr->faces[order ? nr->nfaces - 1 - f : f];
			bool used[RTAB_MAX_FACES] = {false};
			long budget = 100000;
			if (nr->nfaces != ndice)
				memcpy(faces, want, nr->nfaces * sizeof *faces); /* refused as it is */
			else if (!fit_faces(want, ndice, lo, hi, faces, 0, used, &budget))
				break; /* no roll of these dice shows these faces */
			if (order == 1 && memcmp(faces, want, ndice * sizeof *faces) != 0 &&
			    memcmp(faces, first, ndice * sizeof *faces) == 0)
				continue; /* reversed, it fits only as the first order did */
			memcpy(first, faces, nr->nfaces * sizeof *faces);
			for (int k = 0; k < 3; k++) {
				int64_t drm = totals[k] - raw;
				table_vector(tc->g, tc->t, base, faces, nr->nfaces, (int32_t)drm);
			}
		}
	}
}

static void cover_cap(const table_ctx *tc, const int32_t *base)
{
	const rtab_table *t = tc->tab;
	int32_t raw, faces[RTAB_MAX_FACES];
	size_t nfaces;
	if (!t->capped || !raw_modifier(tc, base, &raw))
		return;
	faces_for(tc, tc->nat_min + (tc->nat_max - tc->nat_min) / 2, faces, &nfaces);
	int64_t totals[4] = {(int64_t)t->cap_min - 1, t->cap_min, t->cap_max, (int64_t)t->cap_max + 1};
	for (int k = 0; k < 4; k++)
		table_vector(tc->g, tc->t, base, faces, nfaces, (int32_t)(totals[k] - raw));
}

/* Whether p:q lies below r:s (every term positive; terms below 2^31). */
static bool odds_below(int64_t p, int64_t q, int64_t r, int64_t s)
{
	return p * s < r * q;
}

/* The neighbours of step p:q among the odds a band rounds to (the whole odds
 * N:1 and 1:N, and its steps): the greatest below and the least above. */
static void band_neighbours(const rtab_band *band, int64_t p, int64_t q, int64_t nb[4])
{
	if (p > q) { /* below: the whole odds under p/q */
		nb[0] = p % q ? p / q : p / q - 1;
		nb[1] = 1;
		if (nb[0] < 1) {
			nb[0] = 1;
			nb[1] = 2;
		}
	} else {
		nb[0] = 1;
		nb[1] = q / p + 1;
	}
	if (p >= q) { /* above */
		nb[2] = p / q + 1;
		nb[3] = 1;
	} else {
		nb[2] = 1;
		nb[3] = (q + p - 1) / p - 1;
		if (nb[3] < 1)
			nb[3] = 1;
	}
	for (size_t i = 0; i < band->nsteps; i++) {
		int64_t r = band->steps[i].num, s = band->steps[i].den;
		if (r <= 0 || s <= 0)
			continue;
		if (odds_below(r, s, p, q) && odds_below(nb[0], nb[1], r, s)) {
			nb[0] = r;
			nb[1] = s;
		}
		if (odds_below(p, q, r, s) && odds_below(r, s, nb[2], nb[3])) {
			nb[2] = r;
			nb[3] = s;
		}
	}
}

static int64_t gcd64(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/*
 * Under 'round linear' a band reads odds exactly midway between two of the
 * odds it rounds to on the side its tie names: the midpoints on either side
 * of each step, exactly, so that a port that breaks a tie on the wrong side
 * gives another value there.
 */
static void cover_band_midpoints(const table_ctx *tc, const int32_t *base, const rtab_band *band,
				 size_t ia, size_t ib, int32_t *inputs)
{
	const rtab_ruleset *rs = tc->g->rs;
	if (band->rounding != RTAB_ROUND_LINEAR && band->rounding != RTAB_ROUND_LINEAR_UP)
		return;
	const rtab_input *A = &rs->inputs[ia], *B = &rs->inputs[ib];
	int64_t sa = A->step > 1 ? A->step : 1, sb = B->step > 1 ? B->step : 1;
	for (size_t s = 0; s < band->nsteps; s++) {
		int64_t p = band->steps[s].num, q = band->steps[s].den, nb[4];
		if (p <= 0 || q <= 0)
			continue;
		band_neighbours(band, p, q, nb);
		for (int side = 0; side < 2; side++) {
			int64_t dp = side ? p : nb[0], dq = side ? q : nb[1];
			int64_t up = side ? nb[2] : p, uq = side ? nb[3] : q, tn, td;
			if (rtab_odds_linear_midway(dp, dq, up, uq, &tn, &td) != RTAB_OK)
				continue;
			int64_t g = gcd64(tn, td);
			tn /= g;
			td /= g;
			for (int64_t k = 1; k <= 1000; k++) {
				int64_t a = tn * k, b = td * k;
				if (a > A->max || b > B->max)
					break;
				if (a < A->min || b < B->min || (a - A->min) % sa || (b - B->min) % sb)
					continue;
				memcpy(inputs, base, rs->ninputs * sizeof *inputs);
				inputs[ia] = (int32_t)a;
				inputs[ib] = (int32_t)b;
				at_middle(tc, inputs);
				break;
			}
		}
	}
}

/* A modifier on and off, and each key of the matrices and ratio bands it reads. */
static void cover_modifier(const table_ctx *tc, const int32_t *base, const rtab_modifier *m)
{
	const rtab_ruleset *rs = tc->g->rs;
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	for (int want = 1; want >= 0; want--) {
		if (m->condition.ninstrs == 0 && !want)
			continue;
		if (find_situation(tc->g, &m->condition, want, base, inputs))
			at_middle(tc, inputs);
	}
	/* Matrices keyed by inputs: every cell. */
	const rtab_expr *exprs[2] = {&m->condition, &m->value};
	for (int e = 0; e < 2; e++) {
		const rtab_expr *x = exprs[e];
		for (size_t i = 0; i < x->ninstrs; i++) {
			const rtab_instr *in = &x->instrs[i];
			if (in->op == RTAB_OP_MATRIX) {
				const rtab_matrix *mx = &rs->matrices[in->arg];
				if (i < mx->ndims)
					continue;
				bool keyed = true;
				for (size_t k = 0; k < mx->ndims; k++)
					keyed &= x->instrs[i - mx->ndims + k].op == RTAB_OP_INPUT;
				if (!keyed)
					continue;
				size_t cells = 1;
				for (size_t k = 0; k < mx->ndims; k++)
					cells *= rs->enums[mx->dims[k]].nvalues;
				for (size_t cell = 0; cell < cells; cell++) {
					size_t rest = cell;
					memcpy(inputs, base, rs->ninputs * sizeof *inputs);
					for (size_t k = mx->ndims; k-- > 0;) {
						size_t nv = rs->enums[mx->dims[k]].nvalues;
						inputs[x->instrs[i - mx->ndims + k].arg] = (int32_t)(rest % nv);
						rest /= nv;
					}
					at_middle(tc, inputs);
				}
			} else if (in->op == RTAB_OP_BAND && i >= 2 && x->instrs[i - 2].op == RTAB_OP_INPUT &&
				   x->instrs[i - 1].op == RTAB_OP_INPUT) {
				/* Each step's boundary, exactly and one past on either side. */
				const rtab_band *band = &rs->bands[in->arg];
				size_t ia = (size_t)x->instrs[i - 2].arg, ib = (size_t)x->instrs[i - 1].arg;
				const rtab_input *A = &rs->inputs[ia], *B = &rs->inputs[ib];
				for (size_t s = 0; s < band->nsteps; s++) {
					const rtab_band_step *st = &band->steps[s];
					/* The smallest multiple with room on both sides, else any. */
					int64_t best_k = 0;
					/* A number input moves by its step (0.5 is 1 at halves). */
					int64_t sa = A->step > 1 ? A->step : 1, sb = B->step > 1 ? B->step : 1;
					for (int64_t k = 1; k <= 1000; k++) {
						int64_t a = st->num * k, b = st->den * k;
						if (a > A->max || b > B->max)
							break;
						if (a < A->min || b < B->min || (a - A->min) % sa || (b - B->min) % sb)
							continue;
						if (!best_k)
							best_k = k;
						if (a - sa >= A->min && a + sa <= A->max) {
							best_k = k;
							break;
						}
					}
					/* Odds between two steps read by the ratio's rounding: one
					 * past the step on a defender of 2 or more (5:2 by 3:1)
					 * reads differently rounded down and up. */
					int64_t frac_k = 0;
					for (int64_t k = best_k; best_k && k <= 1000 && !frac_k; k++) {
						int64_t a = st->num * k, b = st->den * k;
						if (a + sa > A->max || b > B->max)
							break;
						if (b >= 2 * sb && a - sa >= A->min && (a - A->min) % sa == 0 &&
						    (b - B->min) % sb == 0)
							frac_k = k;
					}
					for (int64_t d = -1; best_k && d <= 1; d++) {
						for (int pass = 0; pass < 2; pass++) {
							int64_t k = pass ? frac_k : best_k;
							if (!k || (pass && (k == best_k || d == 0)))
								continue;
							int64_t a = st->num * k + d * sa, b = st->den * k;
							if (a < A->min || a > A->max)
								continue;
							memcpy(inputs, base, rs->ninputs * sizeof *inputs);
							inputs[ia] = (int32_t)a;
							inputs[ib] = (int32_t)b;
							at_middle(tc, inputs);
						}
					}
				}
				cover_band_midpoints(tc, base, band, ia, ib, inputs);
			}
		}
	}
	free(inputs);
}

/* Does the result apply modifier m (its condition held), counted or not? */
static bool applies(const rtab_result *r, size_t m)
{
	for (size_t i = 0; i < r->napplied && i < RTAB_MAX_APPLIED; i++)
		if (r->applied[i].modifier == m)
			return true;
	return false;
}

/* Appends program e to buf at *at (a condition of no instruction: true). */
static void put_program(rtab_instr *buf, size_t *at, const rtab_expr *e, bool condition)
{
	if (e->ninstrs == 0 && condition) {
		buf[(*at)++] = (rtab_instr){RTAB_OP_CONST, 1};
		return;
	}
	memcpy(buf + *at, e->instrs, e->ninstrs * sizeof *buf);
	*at += e->ninstrs;
}

/* The program "x and y both hold, and their values differ" (owned instrs),
 * whose postfix programs compose by concatenation (their jumps are
 * relative); false when it would be too long. */
static bool both_differ(const rtab_modifier *x, const rtab_modifier *y, rtab_expr *out)
{
	size_t n = (x->condition.ninstrs ? x->condition.ninstrs : 1u) +
		   (y->condition.ninstrs ? y->condition.ninstrs : 1u) + x->value.ninstrs + y->value.ninstrs + 3;
	if (n > UINT16_MAX || !x->value.ninstrs || !y->value.ninstrs)
		return false;
	rtab_instr *buf = xmalloc(n * sizeof *buf);
	size_t at = 0;
	put_program(buf, &at, &x->condition, true);
	put_program(buf, &at, &y->condition, true);
	buf[at++] = (rtab_instr){RTAB_OP_AND, 0};
	put_program(buf, &at, &x->value, false);
	put_program(buf, &at, &y->value, false);
	buf[at++] = (rtab_instr){RTAB_OP_NE, 0};
	buf[at++] = (rtab_instr){RTAB_OP_AND, 0};
	*out = (rtab_expr){.ninstrs = (uint16_t)at, .instrs = buf, .fold = NULL};
	return true;
}

/* Besides the pair's first situation, one where both apply with values
 * that differ (members whose values read inputs may tie wherever the first
 * search looked, and a tie keeps the first member under best and worst
 * alike): the vector that tells best from worst. A pair that cannot differ
 * (both one constant) is not looked for, and a search given up is no
 * missing vector: the first situation stands. */
static void cover_pair_apart(const table_ctx *tc, const int32_t *base, uint16_t i, uint16_t j, int32_t *both,
			     const int32_t *faces, size_t nfaces)
{
	const rtab_ruleset *rs = tc->g->rs;
	const rtab_modifier *a = &rs->modifiers[i], *b = &rs->modifiers[j];
	if (a->min == a->max && b->min == b->max)
		return;
	rtab_expr differ;
	if (!both_differ(a, b, &differ))
		return;
	size_t unfound = tc->g->unfound;
	rtab_result r;
	if (find_situation(tc->g, &differ, true, base, both) &&
	    rtab_resolve(rs, tc->t, both, rs->ninputs, faces, nfaces, 0, &r) == RTAB_OK && applies(&r, i) &&
	    applies(&r, j))
		at_middle(tc, both);
	tc->g->unfound = unfound;
	free((void *)differ.instrs);
}

/* Two members of one stacking group on the same side, both on: the vector
 * that tells the group's rule (best, worst, sum) from adding them all. One
 * situation per pair, found from either member's, and one where their values
 * differ (cover_pair_apart). */
static void cover_group_pairs(const table_ctx *tc, const int32_t *base, const uint16_t *list, size_t n)
{
	const rtab_ruleset *rs = tc->g->rs;
	int32_t *first = xmalloc((rs->ninputs + 1) * sizeof *first);
	int32_t *both = xmalloc((rs->ninputs + 1) * sizeof *both);
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	faces_for(tc, tc->nat_min + (tc->nat_max - tc->nat_min) / 2, faces, &nfaces);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const rtab_modifier *a = &rs->modifiers[list[i]], *b = &rs->modifiers[list[j]];
			if (a->group < 0 || a->group != b->group || a->sign != b->sign)
				continue;
			for (int order = 0; order < 2; order++) {
				const rtab_modifier *x = order ? b : a, *y = order ? a : b;
				rtab_result r;
				/* y's condition found keeping x's: a pair such as "wavering or
				 * open order" and "scattered" holds together only one way. */
				if (!find_situation(tc->g, &x->condition, true, base, first) ||
				    !find_situation_keeping(tc->g, &y->condition, true, &x->condition, first, both) ||
				    rtab_resolve(rs, tc->t, both, rs->ninputs, faces, nfaces, 0, &r) != RTAB_OK ||
				    !applies(&r, list[i]) || !applies(&r, list[j]))
					continue;
				at_middle(tc, both);
				break;
			}
			if (rs->groups[a->group].stacking != RTAB_STACK_SUM)
				cover_pair_apart(tc, base, list[i], list[j], both, faces, nfaces);
		}
	free(both);
	free(first);
}

/* The faces and extra modifier of a roll that gives outcome o in this
 * situation (as the runtime resolves it: a row, a rewrite of it, or a
 * natural-roll rule); false when none does. */
static bool outcome_faces(const table_ctx *tc, const int32_t *inputs, uint16_t o, int32_t *faces,
			  size_t *nfaces, int32_t *drm)
{
	const rtab_ruleset *rs = tc->g ? tc->g->rs : NULL;
	const rtab_table *t = tc->tab;
	rtab_result r;
	for (int64_t roll = (int64_t)t->roll_min - 1; rs && roll <= (int64_t)t->roll_max + 1; roll++)
		if (roll_faces(tc, inputs, roll, faces, nfaces, drm) &&
		    rtab_resolve(rs, tc->t, inputs, rs->ninputs, faces, *nfaces, *drm, &r) == RTAB_OK && r.outcome == o)
			return true;
	for (size_t i = 0; rs && i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		if (nr->nfaces > RTAB_MAX_FACES)
			continue;
		memcpy(faces, nr->faces, nr->nfaces * sizeof *faces);
		*nfaces = nr->nfaces;
		*drm = 0;
		if (rtab_resolve(rs, tc->t, inputs, rs->ninputs, faces, *nfaces, 0, &r) == RTAB_OK && r.outcome == o)
			return true;
	}
	return false;
}

/* A vector in this situation at a roll whose row gives outcome o (before
 * any rewrite), in the column the situation reads. */
static void at_row_outcome(const table_ctx *tc, const int32_t *inputs, uint16_t o)
{
	const rtab_table *t = tc->tab;
	rtab_result r;
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	faces_for(tc, tc->nat_min, faces, &nfaces);
	if (rtab_resolve(tc->g->rs, tc->t, inputs, tc->g->rs->ninputs, faces, nfaces, 0, &r) != RTAB_OK)
		return;
	for (int64_t roll = (int64_t)t->roll_min - 1; roll <= (int64_t)t->roll_max + 1; roll++) {
		int16_t row = row_at(t, r.column, roll);
		if (row >= 0 && rtab_row_outcome(t, (size_t)row) == o) {
			at_roll(tc, inputs, roll);
			return;
		}
	}
}

/* A vector in this situation at a roll that gives outcome o; false when none does. */
static bool at_outcome(const table_ctx *tc, const int32_t *inputs, uint16_t o)
{
	int32_t faces[RTAB_MAX_FACES], drm;
	size_t nfaces;
	if (!outcome_faces(tc, inputs, o, faces, &nfaces, &drm))
		return false;
	table_vector(tc->g, tc->t, inputs, faces, nfaces, drm);
	return true;
}

/* A rewrite, where its row comes up, with its condition true and false; the
 * exceptions of each trigger the table's outcomes carry, both ways. */
static void cover_conditions(const table_ctx *tc, const int32_t *base)
{
	const rtab_ruleset *rs = tc->g->rs;
	const rtab_table *t = tc->tab;
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	uint16_t *order = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *order);
	size_t no = odds_table_outcomes(rs, tc->t, order);
	for (size_t o = 0; o < no; o++) {
		const rtab_outcome *oc = &rs->outcomes[order[o]];
		const rtab_expr *conds[RTAB_MAX_TRIGGERS + 64];
		size_t nc = 0;
		for (size_t i = 0; i < t->nrewrites && nc < 64; i++)
			if (t->rewrites[i].from == order[o])
				conds[nc++] = &t->rewrites[i].condition;
		for (size_t i = 0; i < oc->ntriggers && i < RTAB_MAX_TRIGGERS; i++)
			if (oc->triggers[i].unless.ninstrs)
				conds[nc++] = &oc->triggers[i].unless;
		for (size_t k = 0; k < nc; k++)
			for (int want = 1; want >= 0; want--) {
				if (find_situation(tc->g, conds[k], want, base, inputs))
					at_row_outcome(tc, inputs, order[o]);
			}
	}
	free(order);
	free(inputs);
}

static void at_each_column(const table_ctx *tc, const int32_t *sit);

/* Add the inputs expr reads to vars (n of them, at most cap), each once. */
static void expr_inputs(const rtab_ruleset *rs, const rtab_expr *expr, size_t *vars, size_t *n, size_t cap)
{
	for (size_t i = 0; i < expr->ninstrs; i++) {
		const rtab_instr *in = &expr->instrs[i];
		if (in->op != RTAB_OP_INPUT || in->arg < 0 || (size_t)in->arg >= rs->ninputs)
			continue;
		bool dup = false;
		for (size_t k = 0; k < *n; k++)
			dup |= vars[k] == (size_t)in->arg;
		if (!dup && *n < cap)
			vars[(*n)++] = (size_t)in->arg;
	}
}

/* ---- chains: a result and what it triggers, resolved in turn ---- */

/* At most this many ways to roll the dice of what one situation triggers. */
#define CHAIN_COMBOS 27
/* At most this many faces tried per triggered roll (one per outcome they give). */
#define CHAIN_CANDIDATES 4

/* The faces a triggered step is resolved with: for a table, one set of faces
 * per distinct outcome they give in the situation passed on (the lowest
 * natural roll giving it); for a distance, its lowest faces; else none. */
typedef struct chain_entry {
	int32_t faces[CHAIN_CANDIDATES][RTAB_MAX_FACES];
	size_t nfaces[CHAIN_CANDIDATES];
	size_t n;
} chain_entry;

static void chain_candidates(const rtab_ruleset *rs, rtab_target t, const int32_t *passed, chain_entry *e)
{
	e->n = 1;
	e->nfaces[0] = 0;
	if (t.kind == RTAB_TARGET_DISTANCE) {
		const rtab_distance *d = &rs->distances[t.index];
		rtab_eval_ctx ctx = {.faces = e->faces[0], .nfaces = 0};
		int32_t v, lo = 1;
		for (size_t i = 0; i < d->forms[0].value.ninstrs; i++)
			if (d->forms[0].value.instrs[i].op == RTAB_OP_ROLL &&
			    rs->dice[d->forms[0].value.instrs[i].arg].ngroups) {
				lo = rs->dice[d->forms[0].value.instrs[i].arg].groups[0].face_min;
				break;
			}
		while (ctx.nfaces < RTAB_MAX_FACES &&
		       rtab_expr_eval_ctx(rs, &d->forms[0].value, passed, rs->ninputs, &ctx, &v) == RTAB_E_FACES) {
			e->faces[0][ctx.nfaces++] = lo;
			ctx.next_face = 0;
		}
		e->nfaces[0] = ctx.nfaces;
		return;
	}
	if (t.kind != RTAB_TARGET_TABLE || rs->tables[t.index].dice == RTAB_NO_DICE)
		return;
	const rtab_table *tab = &rs->tables[t.index];
	table_ctx tc = {NULL, t.index, tab, &rs->dice[tab->dice], rs->dice[tab->dice].min, rs->dice[tab->dice].max};
	int32_t seen[CHAIN_CANDIDATES];
	e->n = 0;
	for (int32_t nat = tc.nat_min; nat <= tc.nat_max && e->n < CHAIN_CANDIDATES; nat++) {
		rtab_result r;
		size_t k = e->n;
		if (!faces_for(&tc, nat, e->faces[k], &e->nfaces[k]))
			continue;
		int rc = rtab_resolve(rs, t.index, passed, rs->ninputs, e->faces[k], e->nfaces[k], 0, &r);
		int32_t got = rc == RTAB_OK ? (int32_t)r.outcome : rc;
		bool dup = false;
		for (size_t j = 0; j < e->n; j++)
			dup |= seen[j] == got;
		if (!dup)
			seen[e->n++] = got;
	}
	if (!e->n) {
		e->n = 1;
		faces_for(&tc, tc.nat_min, e->faces[0], &e->nfaces[0]);
	}
}

/* One step of a chain: the triggered target resolved in the situation passed on. */
static void chain_step(json_writer *w, const rtab_ruleset *rs, rtab_target t, const int32_t *passed,
		       const int32_t *faces, size_t nfaces, int16_t *outcome)
{
	*outcome = -1;
	int rc = RTAB_OK;
	switch (t.kind) {
	case RTAB_TARGET_TABLE: {
		rtab_result r;
		rc = rtab_resolve(rs, t.index, passed, rs->ninputs, faces, nfaces, 0, &r);
		if (rc == RTAB_E_NO_RESULT) {
			json_key(w, "outcome");
			json_put_null(w);
			json_member_bool(w, "no_result", true);
			return;
		}
		if (rc != RTAB_OK)
			break;
		const rtab_outcome *o = &rs->outcomes[r.outcome];
		*outcome = (int16_t)r.outcome;
		json_member_string(w, "outcome", o->id);
		json_member_string(w, "code", o->code ? o->code : o->id);
		json_member_string(w, "rule", decided_rule(&rs->tables[t.index], &r));
		return;
	}
	case RTAB_TARGET_TRANSITION: {
		int32_t next;
		const rtab_transition *tr = &rs->transitions[t.index];
		rc = rtab_transition_next(rs, t.index, passed, rs->ninputs, &next);
		if (rc != RTAB_OK && rc != RTAB_E_STATE)
			break;
		json_member_string(w, "state",
				   rc == RTAB_OK ? rs->enums[rs->inputs[tr->input].enum_index].values[next].id : NULL);
		return;
	}
	case RTAB_TARGET_REACTIONS: {
		uint16_t opts[256];
		size_t n = 0;
		rc = rtab_reactions(rs, t.index, passed, rs->ninputs, opts, 256, &n);
		if (rc != RTAB_OK)
			break;
		json_key(w, "options");
		json_begin_array(w);
		for (size_t i = 0; i < n && i < 256; i++)
			json_put_string(w, rs->reaction_sets[t.index].options[opts[i]].id);
		json_end_array(w);
		return;
	}
	case RTAB_TARGET_DISTANCE: {
		const rtab_distance *d = &rs->distances[t.index];
		json_key(w, "values");
		json_begin_array(w);
		for (size_t f = 0; f < d->nforms; f++) {
			int32_t v;
			const char *p = NULL;
			int frc = rtab_distance_eval(rs, t.index, f, passed, rs->ninputs, faces, nfaces, &v, &p);
			json_begin_object(w);
			json_key(w, "value");
			if (frc == RTAB_OK)
				put_number(w, rs->scale, v);
			else
				json_put_null(w);
			json_member_string(w, "unit", d->forms[f].unit);
			json_end_object(w);
		}
		json_end_array(w);
		return;
	}
	default: {
		int32_t step;
		const rtab_procedure *p = &rs->procedures[t.index];
		rc = rtab_procedure_step_first(rs, t.index, passed, rs->ninputs, &step);
		if (rc != RTAB_OK)
			break;
		*outcome = step >= 0 ? p->steps[step].outcome : p->otherwise;
		json_member_string(w, "step", step >= 0 ? p->steps[step].id : NULL);
		json_member_string(w, "outcome", *outcome >= 0 ? rs->outcomes[*outcome].id : NULL);
		return;
	}
	}
	json_member_string(w, "error", rtab_status_message(rc));
}

/* The chain of one situation with one choice of the triggered dice (pick[i]
 * of entry i): what the table gives and each step it triggers, in order, each
 * repeat given what its trigger passes on for that repeat ('repeat', and
 * 'earlier' from the outcomes of the repeats before it). */
static void chain_vector(vgen *g, const table_ctx *tc, const int32_t *inputs, const int32_t *faces,
			 size_t nfaces, int32_t drm, const rtab_result *r, const chain_entry *entries,
			 const size_t *pick)
{
	const rtab_ruleset *rs = g->rs;
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	int32_t *passed = xcalloc(rs->ninputs + 1, sizeof *passed);
	int16_t outcomes[RTAB_MAX_TRIGGERS];
	head(g, &w, "chain", tc->tab->id, inputs);
	faces_json(&w, faces, nfaces);
	json_member_int(&w, "drm", drm);
	json_key(&w, "then");
	json_begin_array(&w);
	for (size_t i = 0; i < r->ntriggered; i++)
		int_array(&w, entries[i].faces[pick[i]], entries[i].nfaces[pick[i]]);
	json_end_array(&w);
	size_t situation = b.len;
	json_member_string(&w, "outcome", rs->outcomes[r->outcome].id);
	json_key(&w, "steps");
	json_begin_array(&w);
	for (size_t i = 0; i < r->ntriggered; i++) {
		size_t k = r->triggered_by[i], repeat = 0;
		uint16_t earlier[RTAB_MAX_TRIGGERS];
		for (size_t j = 0; j < i; j++)
			if (r->triggered_by[j] == k)
				earlier[repeat++] = outcomes[j] >= 0 ? (uint16_t)outcomes[j] : UINT16_MAX;
		const rtab_trigger *tr = &rs->outcomes[r->outcome].triggers[k];
		static const char *const kinds[] = {"table", "reactions", "transition", "distance", "procedure"};
		rtab_target t = r->triggered[i];
		json_begin_object(&w);
		json_member_string(&w, t.kind < 5 ? kinds[t.kind] : "table", rtab_target_id(rs, t));
		json_member_int(&w, "trigger", (long long)k);
		json_member_int(&w, "repeat", (long long)repeat + 1);
		json_key(&w, "inputs");
		json_begin_object(&w);
		int rc = rtab_trigger_repeat_inputs(rs, r->outcome, k, earlier, repeat, inputs, rs->ninputs, passed);
		for (size_t s = 0; rc == RTAB_OK && s < tr->nsets; s++) {
			json_key(&w, rs->inputs[tr->sets[s].input].id);
			put_value(&w, rs, tr->sets[s].input, passed[tr->sets[s].input]);
		}
		json_end_object(&w);
		outcomes[i] = -1;
		if (rc != RTAB_OK)
			json_member_string(&w, "error", rtab_status_message(rc));
		else
			chain_step(&w, rs, t, passed, entries[i].faces[pick[i]], entries[i].nfaces[pick[i]],
				   &outcomes[i]);
		json_end_object(&w);
	}
	json_end_array(&w);
	size_t before = g->count;
	emit(g, &w, situation);
	g->chains += g->count - before;
	sb_free(&b);
	free(passed);
}

/* A situation in which the table gives outcome o, followed through what it
 * triggers: every way (at most CHAIN_COMBOS) of rolling the triggered tables
 * so that each repeat gives each outcome it can. */
static void chain_vectors(const table_ctx *tc, const int32_t *given, uint16_t o)
{
	vgen *g = tc->g;
	const rtab_ruleset *rs = g->rs;
	int32_t faces[RTAB_MAX_FACES], drm;
	size_t nfaces;
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	int32_t *passed = xmalloc((rs->ninputs + 1) * sizeof *passed);
	memcpy(inputs, given, rs->ninputs * sizeof *inputs);
	rtab_result r;
	if ((breaks_requirement(tc->g, inputs) && !meet_requirements(tc->g, inputs)) || between_steps(rs, inputs) ||
	    !outcome_faces(tc, inputs, o, faces, &nfaces, &drm) ||
	    (drm != 0 && tc->tab->step >= 0) ||
	    rtab_resolve(rs, tc->t, inputs, rs->ninputs, faces, nfaces, drm, &r) != RTAB_OK || !r.ntriggered) {
		free(passed);
		free(inputs);
		return;
	}
	chain_entry *entries = xcalloc(r.ntriggered, sizeof *entries);
	size_t radix[RTAB_MAX_TRIGGERS], combos = 1;
	for (size_t i = 0; i < r.ntriggered; i++) {
		if (rtab_trigger_inputs(rs, r.outcome, r.triggered_by[i], inputs, rs->ninputs, passed) == RTAB_OK)
			chain_candidates(rs, r.triggered[i], passed, &entries[i]);
		else
			entries[i].n = 1;
		/* The first entries take every combination; those past the bound cycle. */
		radix[i] = combos;
		if (combos * entries[i].n <= CHAIN_COMBOS)
			combos *= entries[i].n;
		else
			radix[i] = 0;
	}
	for (size_t c = 0; c < combos; c++) {
		size_t pick[RTAB_MAX_TRIGGERS];
		for (size_t i = 0; i < r.ntriggered; i++)
			pick[i] = radix[i] ? (c / radix[i]) % entries[i].n : (c + i) % entries[i].n;
		chain_vector(g, tc, inputs, faces, nfaces, drm, &r, entries, pick);
	}
	free(entries);
	free(passed);
	free(inputs);
}

/*
 * Each trigger of each outcome the table gives, fired: from a situation in
 * which it fires (its count at least 1, its exception not holding), every
 * value worth trying of each input its count, its exception and the values
 * it passes on read, where a row gives the outcome; so a port that drops an
 * input a trigger passes on, reads the wrong count or ignores an exception
 * differs in "triggers" or "trigger_inputs". Each of those situations is
 * also followed through what it triggers (chain_vectors).
 */
static void cover_triggers(const table_ctx *tc, const int32_t *base)
{
	const rtab_ruleset *rs = tc->g->rs;
	int32_t *fire = xmalloc((rs->ninputs + 1) * sizeof *fire);
	int32_t *sit = xmalloc((rs->ninputs + 1) * sizeof *sit);
	uint16_t *order = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *order);
	size_t no = odds_table_outcomes(rs, tc->t, order);
	for (size_t o = 0; o < no; o++) {
		const rtab_outcome *oc = &rs->outcomes[order[o]];
		for (size_t k = 0; k < oc->ntriggers; k++) {
			const rtab_trigger *tr = &oc->triggers[k];
			const rtab_expr *exprs[RTAB_MAX_SETS + 2];
			size_t nexprs = 0, vars[64], nv = 0;
			exprs[nexprs++] = &tr->times;
			exprs[nexprs++] = &tr->unless;
			for (size_t j = 0; j < tr->nsets && nexprs < RTAB_MAX_SETS + 2; j++)
				if (tr->sets[j].each == RTAB_SET_SAME)
					exprs[nexprs++] = &tr->sets[j].value;
			memcpy(fire, base, rs->ninputs * sizeof *fire);
			if (tr->times.ninstrs && find_situation(tc->g, &tr->times, true, base, sit))
				memcpy(fire, sit, rs->ninputs * sizeof *fire);
			if (tr->unless.ninstrs && find_situation(tc->g, &tr->unless, false, fire, sit))
				memcpy(fire, sit, rs->ninputs * sizeof *fire);
			/* An outcome a rewrite gives: its condition holding too. */
			for (size_t w = 0; w < tc->tab->nrewrites; w++)
				if (tc->tab->rewrites[w].to == order[o] &&
				    find_situation_keeping(tc->g, &tc->tab->rewrites[w].condition, true,
							   NULL, fire, sit)) {
					memcpy(fire, sit, rs->ninputs * sizeof *fire);
					break;
				}
			if (at_outcome(tc, fire, order[o]))
				chain_vectors(tc, fire, order[o]);
			if (tr->unless.ninstrs && find_situation(tc->g, &tr->unless, true, fire, sit) &&
			    at_outcome(tc, sit, order[o]))
				chain_vectors(tc, sit, order[o]);
			for (size_t e = 0; e < nexprs; e++)
				expr_inputs(rs, exprs[e], vars, &nv, 64);
			for (size_t x = 0; x < nv; x++) {
				samples smp;
				input_samples(rs, vars[x], exprs, nexprs, &smp);
				for (size_t j = 0; j < smp.n; j++) {
					memcpy(sit, fire, rs->ninputs * sizeof *sit);
					sit[vars[x]] = smp.v[j];
					if (at_outcome(tc, sit, order[o]))
						chain_vectors(tc, sit, order[o]);
				}
			}
		}
	}
	free(order);
	free(sit);
	free(fire);
}

/* Every modifier's condition at every value worth trying of each input it
 * reads, one at a time, from the situation's defaults and from one in which
 * it holds, each in every column: a condition that tests an input wrongly
 * for one value only (a wrong comparison, an enum value left out) is seen. */
static void cover_modifier_values(const table_ctx *tc, const int32_t *base, const rtab_modifier *m)
{
	const rtab_ruleset *rs = tc->g->rs;
	int32_t *on = xmalloc((rs->ninputs + 1) * sizeof *on);
	int32_t *sit = xmalloc((rs->ninputs + 1) * sizeof *sit);
	const rtab_expr *exprs[2] = {&m->condition, &m->value};
	size_t vars[64], nv = 0, nvalue = 0, read[64];
	expr_inputs(rs, &m->condition, vars, &nv, 64);
	/* An input open at an end that only the value reads: its default alone would
	 * leave a port's reading of a large value untried (losses of 250000). */
	expr_inputs(rs, &m->value, read, &nvalue, 64);
	for (size_t k = 0; k < nvalue && nv < 64; k++) {
		const rtab_input *in = &rs->inputs[read[k]];
		bool known = false;
		for (size_t x = 0; x < nv; x++)
			known |= vars[x] == read[k];
		if (!known && (int_open_below(in->min) || int_open_above(in->max)))
			vars[nv++] = read[k];
	}
	bool have_on = m->condition.ninstrs && find_situation(tc->g, &m->condition, true, base, on);
	for (int from = 0; from < (have_on ? 2 : 1); from++)
		for (size_t x = 0; x < nv; x++) {
			samples smp;
			input_samples(rs, vars[x], exprs, 2, &smp);
			for (size_t j = 0; j < smp.n; j++) {
				memcpy(sit, from ? on : base, rs->ninputs * sizeof *sit);
				sit[vars[x]] = smp.v[j];
				at_each_column(tc, sit);
			}
		}
	free(sit);
	free(on);
}

/* Each requirement of the ruleset at its boundary: a situation that breaks
 * it (the runtime refuses it, and so must a port) and the nearest one that
 * meets it. */
static void cover_requirements(const table_ctx *tc, const int32_t *base)
{
	vgen *g = tc->g;
	const rtab_ruleset *rs = g->rs;
	int32_t *broken = xmalloc((rs->ninputs + 1) * sizeof *broken);
	int32_t *kept = xmalloc((rs->ninputs + 1) * sizeof *kept);
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	faces_for(tc, tc->nat_min + (tc->nat_max - tc->nat_min) / 2, faces, &nfaces);
	for (size_t i = 0; i < rs->nrequirements; i++) {
		const rtab_expr *cond = &rs->requirements[i].condition;
		if (!find_situation(tc->g, cond, false, base, broken))
			continue;
		g->keep_broken = true;
		table_vector(g, tc->t, broken, faces, nfaces, 0);
		g->keep_broken = false;
		if (find_situation(tc->g, cond, true, broken, kept))
			table_vector(g, tc->t, kept, faces, nfaces, 0);
	}
	free(kept);
	free(broken);
}

/* How many vectors the exhaustive search of a table writes (the inputs it
 * reads, g->reads, times every roll); 0 when more than the limit. */
static uint64_t table_total(const vgen *g, const rtab_dice *dice, size_t *vars, size_t *nv)
{
	const rtab_ruleset *rs = g->rs;
	uint64_t rolls = dice ? odds_dice_rolls(dice) : 1, total = rolls;
	*nv = 0;
	for (size_t i = 0; i < rs->ninputs && *nv < 256; i++)
		if (g->reads[i]) {
			uint64_t n = (uint64_t)((int64_t)rs->inputs[i].max - rs->inputs[i].min + 1);
			if (total && n > g->limit / total + 1)
				total = 0;
			else if (total)
				total *= n;
			vars[(*nv)++] = i;
		}
	return rolls && total <= g->limit ? total : 0;
}

/* Every situation of the inputs read times every roll (vectors_exhaustive_fits
 * has refused a table past the limit before anything was written). */
static void exhaust_table(const table_ctx *tc, const int32_t *base)
{
	vgen *g = tc->g;
	const rtab_ruleset *rs = g->rs;
	size_t vars[256], nv = 0;
	if (!table_total(g, tc->dice, vars, &nv))
		return;
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	int32_t faces[RTAB_MAX_FACES], lo[RTAB_MAX_FACES], hi[RTAB_MAX_FACES];
	size_t nfaces = 0;
	memcpy(inputs, base, rs->ninputs * sizeof *inputs);
	for (size_t k = 0; k < nv; k++)
		inputs[vars[k]] = rs->inputs[vars[k]].min;
	for (size_t gi = 0; tc->dice && gi < tc->dice->ngroups; gi++)
		for (size_t j = 0; j < tc->dice->groups[gi].count; j++) {
			lo[nfaces] = tc->dice->groups[gi].face_min;
			hi[nfaces++] = tc->dice->groups[gi].face_max;
		}
	for (;;) {
		memcpy(faces, lo, nfaces * sizeof *faces);
		for (;;) {
			table_vector(g, tc->t, inputs, faces, nfaces, 0);
			size_t k = nfaces;
			while (k > 0 && faces[k - 1] == hi[k - 1]) {
				faces[k - 1] = lo[k - 1];
				k--;
			}
			if (k == 0)
				break;
			faces[k - 1]++;
		}
		size_t k = nv;
		while (k > 0 && inputs[vars[k - 1]] == rs->inputs[vars[k - 1]].max) {
			inputs[vars[k - 1]] = rs->inputs[vars[k - 1]].min;
			k--;
		}
		if (k == 0)
			break;
		inputs[vars[k - 1]]++;
	}
	free(inputs);
}

/* Sizing: a definition the exhaustive search would cut short. */
static void too_many(vgen *g, const char *kind, const char *id, const size_t *vars, size_t nv)
{
	sb_printf(g->too_many, "%s%s '%s' has more situations than --limit %llu", g->too_many->len ? "; " : "",
		  kind, id, (unsigned long long)g->limit);
	/* An input the source leaves open ('int >= 0') has a billion values:
	 * no limit walks them; its bounds would. */
	size_t open = 0;
	for (size_t k = 0; k < nv; k++) {
		const rtab_input *in = &g->rs->inputs[vars[k]];
		if (in->type != RTAB_TYPE_INT || in->step != 0 ||
		    !(export_open_below(in->min) || export_open_above(in->max)))
			continue;
		sb_puts(g->too_many, open++ ? ", " : ": it reads inputs open at an end, which --exhaustive cannot walk (");
		sb_printf(g->too_many, "%s: ", in->id);
		export_int_domain(g->too_many, in->min, in->max);
	}
	if (open)
		sb_puts(g->too_many, "); write the bounds the rules allow");
}

/* Each column in a situation, at its middle roll (a computed column: the
 * situation's own). */
static void at_each_column(const table_ctx *tc, const int32_t *sit)
{
	const rtab_ruleset *rs = tc->g->rs;
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	at_middle(tc, sit);
	for (size_t c = 0; !odds_key_computed(tc->tab) && c < tc->tab->ncolumns; c++) {
		memcpy(inputs, sit, rs->ninputs * sizeof *inputs);
		if (pick_column(tc, inputs, c))
			at_middle(tc, inputs);
	}
	free(inputs);
}

/* The bugs of a port hide where a modifier meets a column: each modifier on,
 * crossed with every column and the boundary rolls of each, its natural
 * rules and the cap; then every pair of them on together, in every column.
 * (Each off is the base situation, covered already.) */
static void cover_crossed(const table_ctx *tc, const int32_t *base, const uint16_t *list, size_t n)
{
	vgen *g = tc->g;
	const rtab_ruleset *rs = g->rs;
	int32_t *on = xmalloc((rs->ninputs + 1) * sizeof *on);
	int32_t *both = xmalloc((rs->ninputs + 1) * sizeof *both);
	int32_t faces[RTAB_MAX_FACES];
	size_t nfaces;
	faces_for(tc, tc->nat_min + (tc->nat_max - tc->nat_min) / 2, faces, &nfaces);
	for (size_t i = 0; i < n; i++) {
		const rtab_modifier *m = &rs->modifiers[list[i]];
		if (!counts(tc->tab, m) || !find_situation(tc->g, &m->condition, true, base, on))
			continue;
		g->crossed++;
		cover_rows(tc, on);
		cover_naturals(tc, on);
		cover_cap(tc, on);
		for (size_t j = i + 1; j < n; j++) {
			const rtab_modifier *b = &rs->modifiers[list[j]];
			rtab_result r;
			if (!counts(tc->tab, b) || !find_situation(tc->g, &b->condition, true, on, both) ||
			    rtab_resolve(rs, tc->t, both, rs->ninputs, faces, nfaces, 0, &r) != RTAB_OK ||
			    !applies(&r, list[i]) || !applies(&r, list[j]))
				continue;
			g->pairs++;
			at_each_column(tc, both);
		}
	}
	free(both);
	free(on);
}

static void cover_table(vgen *g, size_t t, const int32_t *base)
{
	const rtab_ruleset *rs = g->rs;
	const rtab_table *tab = &rs->tables[t];
	table_ctx tc = {g, t, tab, tab->dice == RTAB_NO_DICE ? NULL : &rs->dice[tab->dice], 0, 0};
	if (tc.dice) {
		tc.nat_min = tc.dice->min;
		tc.nat_max = tc.dice->max;
	}
	set_free(&g->seen); /* a new definition: its lines are all new */
	table_reads(g, tab);
	if (g->too_many) {
		size_t vars[256], nv;
		if (!table_total(g, tc.dice, vars, &nv))
			too_many(g, "table", tab->id, vars, nv);
		return;
	}
	cover_rows(&tc, base);
	cover_naturals(&tc, base);
	cover_cap(&tc, base);
	for (size_t i = 0; i < tab->nmodifiers; i++)
		if (counts(tab, &rs->modifiers[tab->modifiers[i]]))
			cover_modifier(&tc, base, &rs->modifiers[tab->modifiers[i]]);
	for (size_t i = 0; i < tab->nshifts; i++)
		if (counts(tab, &rs->modifiers[tab->shifts[i]]))
			cover_modifier(&tc, base, &rs->modifiers[tab->shifts[i]]);
	for (size_t i = 0; i < tab->nmodifiers; i++)
		if (counts(tab, &rs->modifiers[tab->modifiers[i]]))
			cover_modifier_values(&tc, base, &rs->modifiers[tab->modifiers[i]]);
	for (size_t i = 0; i < tab->nshifts; i++)
		if (counts(tab, &rs->modifiers[tab->shifts[i]]))
			cover_modifier_values(&tc, base, &rs->modifiers[tab->shifts[i]]);
	cover_triggers(&tc, base);
	cover_requirements(&tc, base);
	cover_group_pairs(&tc, base, tab->modifiers, tab->nmodifiers);
	cover_group_pairs(&tc, base, tab->shifts, tab->nshifts);
	cover_conditions(&tc, base);
	/* Die-roll modifiers and column shifts crossed together: a shift moves
	 * the column a modifier's roll is read in. */
	uint16_t *both = xcalloc((size_t)tab->nmodifiers + tab->nshifts + 1, sizeof *both);
	if (tab->nmodifiers) /* NULL arrays when empty: memcpy must not see them */
		memcpy(both, tab->modifiers, tab->nmodifiers * sizeof *both);
	if (tab->nshifts)
		memcpy(both + tab->nmodifiers, tab->shifts, tab->nshifts * sizeof *both);
	cover_crossed(&tc, base, both, (size_t)tab->nmodifiers + tab->nshifts);
	free(both);
	if (g->exhaustive)
		exhaust_table(&tc, base);
}

/* ---- the others: situations from the inputs their programs read ---- */

/* Call fn for each situation: every combination of the samples of the inputs
 * read when that is at most the limit, else each sample of each input alone. */
typedef void (*situation_fn)(vgen *g, size_t index, const int32_t *inputs);

/* How many situations of a definition are all written; past it, each sample
 * of each input alone. */
static uint64_t situations_whole(const vgen *g)
{
	return g->exhaustive ? g->limit : 4096;
}

/* The values each input read takes (vars[k] takes smp[k]) and how many
 * situations they make together (past situations_whole: more than it). The
 * count stops growing past the bound the caller compares it with, never
 * below it: a product stopped short of that bound would enumerate every
 * combination however many there are. */
static uint64_t situation_samples(const vgen *g, const rtab_expr *const *exprs, size_t nexprs,
				  size_t *vars, samples *smp, size_t *nv)
{
	const rtab_ruleset *rs = g->rs;
	uint64_t total = 1;
	*nv = 0;
	for (size_t i = 0; i < rs->ninputs && *nv < 64; i++)
		if (g->reads[i]) {
			if (g->exhaustive && (int64_t)rs->inputs[i].max - rs->inputs[i].min < 64) {
				smp[*nv].n = 0;
				for (int64_t v = rs->inputs[i].min; v <= rs->inputs[i].max; v++)
					sample_add(&smp[*nv], &rs->inputs[i], v);
			} else {
				input_samples(rs, i, exprs, nexprs, &smp[*nv]);
			}
			total = total > situations_whole(g) ? total : total * smp[*nv].n;
			vars[(*nv)++] = i;
		}
	return total;
}

static void each_situation(vgen *g, size_t index, const int32_t *base, const rtab_expr *const *exprs,
			   size_t nexprs, situation_fn fn, const char *kind, const char *id)
{
	const rtab_ruleset *rs = g->rs;
	size_t vars[64], nv = 0;
	samples *smp = xcalloc(64, sizeof *smp);
	int32_t *inputs = xmalloc((rs->ninputs + 1) * sizeof *inputs);
	set_free(&g->seen); /* a new definition: its lines are all new */
	uint64_t total = situation_samples(g, exprs, nexprs, vars, smp, &nv);
	if (g->too_many) {
		if (total > g->limit)
			too_many(g, kind, id, vars, nv);
		free(inputs);
		free(smp);
		return;
	}
	memcpy(inputs, base, rs->ninputs * sizeof *inputs);
	if (!breaks_requirement(g, inputs))
		fn(g, index, inputs);
	if (total <= situations_whole(g)) {
		size_t idx[64] = {0};
		for (;;) {
			for (size_t k = 0; k < nv; k++)
				inputs[vars[k]] = smp[k].v[idx[k]];
			if (!breaks_requirement(g, inputs))
				fn(g, index, inputs);
			size_t k = nv;
			while (k > 0 && idx[k - 1] + 1 == smp[k - 1].n) {
				idx[k - 1] = 0;
				k--;
			}
			if (k == 0)
				break;
			idx[k - 1]++;
		}
	} else {
		for (size_t k = 0; k < nv; k++) {
			memcpy(inputs, base, rs->ninputs * sizeof *inputs);
			for (size_t j = 0; j < smp[k].n; j++) {
				inputs[vars[k]] = smp[k].v[j];
				fn(g, index, inputs);
			}
		}
	}
	free(inputs);
	free(smp);
}

static void reactions_vector(vgen *g, size_t k, const int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	const rtab_reaction_set *set = &rs->reaction_sets[k];
	uint16_t opts[256];
	size_t n = 0;
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	head(g, &w, "reactions", set->id, inputs);
	size_t situation = b.len;
	int rc = rtab_reactions(rs, k, inputs, rs->ninputs, opts, 256, &n);
	if (rc != RTAB_OK) {
		json_member_string(&w, "error", rtab_status_message(rc));
		g->errors++;
	} else {
		json_key(&w, "options");
		json_begin_array(&w);
		for (size_t i = 0; i < n && i < 256; i++)
			json_put_string(&w, set->options[opts[i]].id);
		json_end_array(&w);
		json_key(&w, "leads");
		json_begin_object(&w);
		for (size_t i = 0; i < n && i < 256; i++) {
			const rtab_option *o = &set->options[opts[i]];
			json_member_string(&w, o->id, o->outcome >= 0 ? rs->outcomes[o->outcome].id : NULL);
		}
		json_end_object(&w);
	}
	emit(g, &w, situation);
	sb_free(&b);
}

static void procedure_vector(vgen *g, size_t k, const int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	const rtab_procedure *p = &rs->procedures[k];
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	int32_t step;
	head(g, &w, "procedure", p->id, inputs);
	size_t situation = b.len;
	int rc = rtab_procedure_step_first(rs, k, inputs, rs->ninputs, &step);
	if (rc != RTAB_OK) {
		json_member_string(&w, "error", rtab_status_message(rc));
		g->errors++;
	} else {
		int16_t outcome = step >= 0 ? p->steps[step].outcome : p->otherwise;
		json_member_string(&w, "step", step >= 0 ? p->steps[step].id : NULL);
		json_member_string(&w, "outcome", outcome >= 0 ? rs->outcomes[outcome].id : NULL);
		if (outcome >= 0) {
			rtab_target t[RTAB_MAX_TRIGGERS];
			size_t n = 0;
			rtab_outcome_triggers(rs, (size_t)outcome, inputs, rs->ninputs, t, RTAB_MAX_TRIGGERS, &n);
			effects_json(&w, rs, &rs->outcomes[outcome]);
			triggers_json(&w, rs, t, n < RTAB_MAX_TRIGGERS ? n : RTAB_MAX_TRIGGERS);
		}
	}
	emit(g, &w, situation);
	sb_free(&b);
}

static void transition_vector(vgen *g, size_t k, const int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	const rtab_transition *t = &rs->transitions[k];
	const rtab_enum *e = &rs->enums[rs->inputs[t->input].enum_index];
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	int32_t next;
	head(g, &w, "transition", t->id, inputs);
	size_t situation = b.len;
	int rc = rtab_transition_next(rs, k, inputs, rs->ninputs, &next);
	json_member_string(&w, "state", rc == RTAB_OK ? e->values[next].id : NULL);
	if (rc != RTAB_OK && rc != RTAB_E_STATE)
		g->errors++;
	emit(g, &w, situation);
	sb_free(&b);
}

/* A distance: the faces each form reads, walked as the evaluator reads them. */
typedef struct dwalk {
	vgen *g;
	size_t k;
	const int32_t *inputs;
	int32_t faces[RTAB_MAX_FACES];
	int32_t lo, hi;
	size_t budget; /* face sequences still to write */
} dwalk;

static void distance_vector(dwalk *w, size_t nfaces)
{
	vgen *g = w->g;
	const rtab_ruleset *rs = g->rs;
	const rtab_distance *d = &rs->distances[w->k];
	strbuf b = {0};
	json_writer line = json_writer_on(&b, false);
	const char *prov = NULL;
	head(g, &line, "distance", d->id, w->inputs);
	faces_json(&line, w->faces, nfaces);
	size_t situation = b.len;
	json_key(&line, "values");
	json_begin_array(&line);
	for (size_t f = 0; f < d->nforms; f++) {
		int32_t v;
		const char *p = NULL;
		int rc = rtab_distance_eval(rs, w->k, f, w->inputs, rs->ninputs, w->faces, nfaces, &v, &p);
		json_begin_object(&line);
		json_key(&line, "value");
		if (rc == RTAB_OK)
			put_number(&line, rs->scale, v);
		else
			json_put_null(&line);
		json_member_string(&line, "unit", d->forms[f].unit);
		json_end_object(&line);
		if (rc == RTAB_OK && p && !prov)
			prov = p;
	}
	json_end_array(&line);
	json_member_string(&line, "provisional", prov);
	emit(g, &line, situation);
	sb_free(&b);
}

/* Whether form 0 of the distance needs more than the n faces it has. */
static bool distance_needs_faces(const dwalk *w, size_t n)
{
	const rtab_ruleset *rs = w->g->rs;
	rtab_eval_ctx ctx = {.faces = w->faces, .nfaces = n};
	int32_t v;
	return n < RTAB_MAX_FACES &&
	       rtab_expr_eval_ctx(rs, &rs->distances[w->k].forms[0].value, w->inputs, rs->ninputs, &ctx, &v) ==
		       RTAB_E_FACES;
}

/* Past the budget: the faces from n on all f, one sequence. */
static void distance_fill(dwalk *w, size_t n, int32_t f)
{
	while (distance_needs_faces(w, n))
		w->faces[n++] = f;
	distance_vector(w, n);
}

/*
 * Extend the faces until form 0 has all it reads: every sequence while the
 * budget lasts; past it, from each face still to walk, only the lowest and
 * the highest faces all the way. So a situation writes at most the budget
 * plus two sequences per face read: linear in the dice, never 2^dice.
 */
static void distance_walk(dwalk *w, size_t n)
{
	if (!distance_needs_faces(w, n)) {
		if (w->budget)
			w->budget--;
		distance_vector(w, n);
		return;
	}
	for (int32_t f = w->lo; f <= w->hi; f++) {
		w->faces[n] = f;
		if (w->budget)
			distance_walk(w, n + 1);
		else if (f == w->lo || f == w->hi)
			distance_fill(w, n + 1, f);
	}
}

static void distance_situation(vgen *g, size_t k, const int32_t *inputs)
{
	const rtab_ruleset *rs = g->rs;
	const rtab_expr *e = &rs->distances[k].forms[0].value;
	dwalk w = {g, k, inputs, {0}, 1, 1, g->exhaustive ? g->limit : 256};
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == RTAB_OP_ROLL && rs->dice[e->instrs[i].arg].ngroups) {
			w.lo = rs->dice[e->instrs[i].arg].groups[0].face_min;
			w.hi = rs->dice[e->instrs[i].arg].groups[0].face_max;
			break;
		}
	distance_walk(&w, 0);
}

static bool wanted(const vectors_options *a, const char *id)
{
	if (a->nnames == 0)
		return true;
	for (size_t i = 0; i < a->nnames; i++)
		if (strcmp(a->names[i], id) == 0)
			return true;
	return false;
}

static void table_vectors(vgen *g, const int32_t *base, const vectors_options *opts)
{
	const rtab_ruleset *rs = g->rs;
	for (size_t t = 0; t < rs->ntables; t++)
		if (wanted(opts, rs->tables[t].id))
			cover_table(g, t, base);
}

static void reaction_vectors(vgen *g, const int32_t *base, const vectors_options *opts)
{
	const rtab_ruleset *rs = g->rs;
	for (size_t k = 0; k < rs->nreaction_sets; k++) {
		const rtab_reaction_set *set = &rs->reaction_sets[k];
		if (!wanted(opts, set->id))
			continue;
		const rtab_expr *exprs[257];
		size_t n = 0;
		memset(g->reads, 0, rs->ninputs * sizeof *g->reads);
		exprs[n++] = &set->none_when;
		for (size_t i = 0; i < set->noptions && n < 257; i++)
			exprs[n++] = &set->options[i].guard;
		for (size_t i = 0; i < n; i++)
			reads_expr(g, exprs[i]);
		each_situation(g, k, base, exprs, n, reactions_vector, "reaction set", set->id);
	}
}

static void transition_vectors(vgen *g, const int32_t *base, const vectors_options *opts)
{
	const rtab_ruleset *rs = g->rs;
	for (size_t k = 0; k < rs->ntransitions; k++) {
		const rtab_transition *t = &rs->transitions[k];
		if (!wanted(opts, t->id))
			continue;
		memset(g->reads, 0, rs->ninputs * sizeof *g->reads);
		g->reads[t->input] = true;
		each_situation(g, k, base, NULL, 0, transition_vector, "transition", t->id);
	}
}

static void distance_vectors(vgen *g, const int32_t *base, const vectors_options *opts)
{
	const rtab_ruleset *rs = g->rs;
	for (size_t k = 0; k < rs->ndistances; k++) {
		const rtab_distance *d = &rs->distances[k];
		if (!wanted(opts, d->id))
			continue;
		const rtab_expr *exprs[8];
		size_t n = 0;
		memset(g->reads, 0, rs->ninputs * sizeof *g->reads);
		for (size_t f = 0; f < d->nforms && n < 8; f++) {
			exprs[n++] = &d->forms[f].value;
			reads_expr(g, &d->forms[f].value);
		}
		each_situation(g, k, base, exprs, n, distance_situation, "distance", d->id);
	}
}

static void procedure_vectors(vgen *g, const int32_t *base, const vectors_options *opts)
{
	const rtab_ruleset *rs = g->rs;
	for (size_t k = 0; k < rs->nprocedures; k++) {
		const rtab_procedure *p = &rs->procedures[k];
		if (!wanted(opts, p->id))
			continue;
		const rtab_expr *exprs[256];
		size_t n = 0;
		memset(g->reads, 0, rs->ninputs * sizeof *g->reads);
		for (size_t i = 0; i < p->nsteps && n < 256; i++) {
			exprs[n++] = &p->steps[i].guard;
			reads_expr(g, &p->steps[i].guard);
		}
		/* What the outcomes trigger reads inputs too. */
		for (size_t i = 0; i <= p->nsteps; i++) {
			int16_t o = i < p->nsteps ? p->steps[i].outcome : p->otherwise;
			for (size_t t = 0; o >= 0 && t < rs->outcomes[o].ntriggers; t++)
				reads_expr(g, &rs->outcomes[o].triggers[t].unless);
		}
		each_situation(g, k, base, exprs, n, procedure_vector, "procedure", p->id);
	}
}

/* The vectors of each kind of definition: one walk over the definitions of
 * a kind that eval resolves (check/names/target_kinds.h), in the order of the kinds. */
typedef struct vectors_writer {
	void (*write)(vgen *g, const int32_t *base, const vectors_options *opts);
	const char *reason;
} vectors_writer;

#define NO_VECTORS(what) \
	NOT_APPLICABLE(what ": vectors resolve tables, reaction sets, transitions, distances and procedures")
#define vectors_RULESET NO_VECTORS("the ruleset is the whole file")
#define vectors_DICE NO_VECTORS("dice are rolled by what they serve")
#define vectors_ENUM NO_VECTORS("an enum is a list of values")
#define vectors_INPUT NO_VECTORS("an input is part of every situation")
#define vectors_EFFECT NO_VECTORS("an effect is what an outcome does")
#define vectors_OUTCOME NO_VECTORS("an outcome is a result")
#define vectors_MODIFIER NO_VECTORS("a modifier is applied by the tables that list it")
#define vectors_TABLE {table_vectors, NULL}
#define vectors_MATRIX NO_VECTORS("a matrix is read by the expressions that name it")
#define vectors_BAND NO_VECTORS("a ratio is read by the expressions that name it")
#define vectors_GROUP NO_VECTORS("a group stacks the modifiers of tables")
#define vectors_REACTIONS {reaction_vectors, NULL}
#define vectors_TRANSITION {transition_vectors, NULL}
#define vectors_DISTANCE {distance_vectors, NULL}
#define vectors_PROCEDURE {procedure_vectors, NULL}
#define vectors_OUTCOMES NO_VECTORS("an outcome group resolves nothing: its outcomes are in the vectors of their tables")
#define vectors_EXAMPLE NO_VECTORS("an example is checked when the file is compiled")
#define vectors_REQUIRE NO_VECTORS("a requirement is met by the situation of every vector: none breaks it")

static const vectors_writer writers[] = {
#define RTAB_DEF(kind, name, phrase) [DEF_##kind] = vectors_##kind,
#include "front/constructs.def"
};
VERB_TABLE_COMPLETE(writers);

construct_use vectors_kind_use(def_kind kind)
{
	return CONSTRUCT_USE(writers[kind], write);
}

bool vectors_known(const rtab_ruleset *rs, const char *name)
{
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (writers[k].write && target_find(rs, (def_kind)k, name) >= 0)
			return true;
	return false;
}

static void run(vgen *g, const vectors_options *opts)
{
	int32_t *base = xcalloc(g->rs->ninputs + 1, sizeof *base);
	rtab_inputs_default(g->rs, base, g->rs->ninputs);
	for (int k = 0; k < DEF_KIND_COUNT_; k++)
		if (writers[k].write)
			writers[k].write(g, base, opts);
	free(base);
	free(g->reads);
	set_free(&g->seen);
}

bool vectors_exhaustive_fits(const rtab_ruleset *rs, const vectors_options *opts, char **why)
{
	strbuf said = {0};
	vgen g = {.rs = rs, .exhaustive = true, .limit = opts->limit, .too_many = &said,
		  .reads = xcalloc(rs->ninputs + 1, sizeof(bool)), .opts = opts};
	run(&g, opts);
	*why = said.data;
	return said.len == 0;
}

size_t vectors_write(FILE *out, const rtab_ruleset *rs, const vectors_options *opts,
		     vectors_coverage *coverage)
{
	strbuf pending = {0};
	vgen g = {.rs = rs, .out = &pending, .sink = out, .exhaustive = opts->exhaustive,
		  .limit = opts->limit, .reads = xcalloc(rs->ninputs + 1, sizeof(bool)), .opts = opts};
	run(&g, opts);
	flush(&g);
	if (g.unfound && opts->note) {
		char said[256];
		snprintf(said, sizeof said,
			 "%zu times no situation was found that makes a condition true (or false) by "
			 "changing at most 3 inputs in %d tries: where one exists, its vectors are missing",
			 g.unfound, SEARCH_BUDGET);
		opts->note(opts->note_arg, said);
	}
	sb_free(&pending);
	if (coverage) {
		coverage->crossed = g.crossed;
		coverage->pairs = g.pairs;
		coverage->chains = g.chains;
		coverage->stopped_in = g.stopped_in;
		coverage->unfound = g.unfound;
	}
	return g.count;
}

/* Where a definition named id is written: the first kind that has one, else
 * the ruleset. */
static src_loc def_loc(const model *m, const char *id)
{
	for (int k = 0; k < DEF_KIND_COUNT_; k++) {
		int i = id ? model_find(m, (def_kind)k, id) : -1;
		if (i >= 0)
			return m->defs[k][i]->id_loc;
	}
	return m->ndefs[DEF_RULESET] ? m->defs[DEF_RULESET][0]->id_loc : (src_loc){0};
}

bool vectors_say_undone(diag_ctx *d, const model *m, const vectors_coverage *cov, uint64_t limit)
{
	if (!cov->stopped_in)
		return true;
	char what[256];
	snprintf(what, sizeof what, "the vectors stopped at '%s' (those written are not all there are):",
		 cov->stopped_in);
	diag_past_work(d, SEV_ERROR, def_loc(m, cov->stopped_in), what, UINT64_MAX, limit);
	return false;
}
