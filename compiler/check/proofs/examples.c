/* SPDX-License-Identifier: MIT */
#include "check/proofs/examples.h"

#include "check/passes/body.h"
#include "check/checks.h"
#include "check/proofs/drm_modifier.h"
#include "check/names/list_names.h"
#include "check/proofs/reasons.h"
#include "check/names/resolve_name.h"
#include "check/passes/sema_defs.h"
#include "check/passes/sema_exact.h"
#include "check/passes/sema_grid.h"
#include "check/passes/sema_numeric.h"
#include "check/passes/sema_require.h"
#include "check/names/unknown.h"

#include <stdlib.h>
#include <string.h>

static int find_option(const rtab_reaction_set *r, const char *id)
{
	for (size_t i = 0; i < r->noptions; i++)
		if (strcmp(r->options[i].id, id) == 0)
			return (int)i;
	return -1;
}

static bool set_inputs(model *m, const ast_stmt *s, int32_t *inputs)
{
	bool ok = true;
	rtab_inputs_default(&m->rs, inputs, m->rs.ninputs);
	for (const ast_arg *a = s->args; a; a = a->next) {
		int i = model_find(m, DEF_INPUT, a->key);
		if (i < 0 && !list_name_error(m, a->key, a->key_loc))
			i = resolve_def(m, DEF_INPUT, a->key, a->key_loc);
		if (i < 0) {
			ok = false;
			continue;
		}
		const rtab_input *in = &m->rs.inputs[i];
		if (in->type == RTAB_TYPE_ENUM) {
			int v = a->kind == ARG_NAME ? resolve_enum_value(m, in->enum_index, a->name, a->loc) : -1;
			if (a->kind != ARG_NAME)
				check_report(m, CHECK_EXAMPLE, a->loc, "input '%s' takes a value of enum '%s'",
					     in->id, m->rs.enums[in->enum_index].id);
			ok &= v >= 0;
			inputs[i] = v < 0 ? 0 : v;
		} else if (in->step > 0 || a->kind == ARG_DECIMAL) {
			int64_t v;
			if (input_number_arg(m, in, a, in->id, &v))
				inputs[i] = (int32_t)v;
			else
				ok = false;
		} else if (a->kind != ARG_INT || a->num < in->min || a->num > in->max) {
			if (in->type == RTAB_TYPE_INT && int_open_above(in->max) && !int_open_below(in->min))
				check_report(m, CHECK_EXAMPLE, a->loc, "input '%s' takes an integer >= %ld",
					     in->id, (long)in->min);
			else if (in->type == RTAB_TYPE_INT && int_open_below(in->min) && !int_open_above(in->max))
				check_report(m, CHECK_EXAMPLE, a->loc, "input '%s' takes an integer <= %ld",
					     in->id, (long)in->max);
			else
				check_report(m, CHECK_EXAMPLE, a->loc, "input '%s' takes %s %ld..%ld", in->id,
					     in->type == RTAB_TYPE_BOOL ? "true or false, i.e." : "an integer in",
					     (long)in->min, (long)in->max);
			ok = false;
		} else {
			inputs[i] = (int32_t)a->num;
		}
	}
	/* An item named past its list's length would be ignored: say so. */
	for (const ast_arg *a = s->args; a && ok; a = a->next) {
		int i = model_find(m, DEF_INPUT, a->key);
		const rtab_input *in = i >= 0 ? &m->rs.inputs[i] : NULL;
		if (in && in->list_role == RTAB_LIST_FIELD && in->list_item > inputs[in->list_length]) {
			check_report(m, CHECK_EXAMPLE, a->key_loc,
				     "'%s' is set, but list '%s' holds %ld item%s here; add %s = %u",
				     in->id, m->rs.inputs[in->list_length].id,
				     (long)inputs[in->list_length], inputs[in->list_length] == 1 ? "" : "s",
				     m->rs.inputs[in->list_length].id, in->list_item);
			ok = false;
		}
	}
	return ok;
}

static bool expect_name(model *m, const ast_stmt *s, const char *what)
{
	if (s->expect == EXPECT_NAME)
		return true;
	check_report(m, CHECK_EXAMPLE, s->loc, "a check of a %s expects %s", what,
		     strcmp(what, "reaction set") == 0 ? "a set of options, like {hold}" : "a name");
	return false;
}

static bool resolve_expectation(model *m, const ast_stmt *s, model_check *c)
{
	bool table = c->target.kind == RTAB_TARGET_TABLE;
	if (!table && (s->has_expect_modifier || s->has_expect_roll || s->has_expect_triggers)) {
		check_report(m, CHECK_EXAMPLE, s->loc,
			     "only a table's result has a modifier, a modified roll and triggers to expect");
		return false;
	}
	if (s->has_expect_triggers) {
		size_t n = 0;
		for (const ast_id *i = s->triggers; i; i = i->next)
			n++;
		c->triggers = model_array(m, n ? n : 1, sizeof *c->triggers);
		size_t ni = m->rs.ninputs ? m->rs.ninputs : 1;
		c->trigger_inputs = model_array(m, (n ? n : 1) * ni, sizeof *c->trigger_inputs);
		c->trigger_set = model_array(m, (n ? n : 1) * ni, sizeof *c->trigger_set);
		const ast_stmt *t = s->body;
		for (const ast_id *i = s->triggers; i; i = i->next, t = t ? t->next : NULL) {
			size_t k = c->ntriggers;
			if (!resolve_target(m, i->id, i->loc, &c->triggers[c->ntriggers++]))
				return false;
			if (!t || !t->args)
				continue;
			if (!set_inputs(m, t, &c->trigger_inputs[k * ni]))
				return false;
			for (const ast_arg *a = t->args; a; a = a->next) {
				int in = model_find(m, DEF_INPUT, a->key);
				if (in >= 0)
					c->trigger_set[k * ni + (size_t)in] = 1;
			}
		}
	}
	if (s->expect_call && c->target.kind != RTAB_TARGET_TABLE) {
		check_report(m, CHECK_EXAMPLE, s->name2_loc,
			     "only a table's result carries numbers; name what %s gives without arguments",
			     m->rs.nreaction_sets || m->rs.nprocedures ? "this" : "it");
		return false;
	}
	if (s->expect_provisional && s->expect_settled) {
		check_report(m, CHECK_EXAMPLE, s->loc,
			     "a result is either provisional or settled; expect one of them");
		return false;
	}
	switch ((rtab_target_kind)c->target.kind) {
	case RTAB_TARGET_TABLE: {
		const rtab_table *t = &m->rs.tables[c->target.index];
		unsigned nf = t->dice == RTAB_NO_DICE ? 0 : m->rs.dice[t->dice].nfaces;
		if (nf == 0 && s->has_roll) {
			check_report(m, CHECK_EXAMPLE, s->loc, "table '%s' rolls no dice: remove the roll",
				     t->id);
			return false;
		}
		bool unrolled = false; /* a column that gives its result without a roll */
		for (size_t k = 0; k < t->ncolumns; k++)
			unrolled |= t->columns[k].kind != RTAB_COLUMN_ROLLED;
		if (c->nfaces != nf && !(c->nfaces == 0 && unrolled && !s->has_roll)) {
			if (c->nfaces)
				check_report(m, CHECK_EXAMPLE, s->loc,
					     "table '%s' rolls %u face%s, and this check gives %zu: write: roll F%s",
					     t->id, nf, nf == 1 ? "" : "s", c->nfaces, nf == 1 ? "" : ", F");
			else
				check_report(m, CHECK_EXAMPLE, s->loc, "table '%s' rolls %u face%s: add: roll F%s",
					     t->id, nf, nf == 1 ? "" : "s", nf == 1 ? "" : ", F");
			return false;
		}
		if (!expect_name(m, s, "table"))
			return false;
		if (strcmp(s->name2, "none") == 0 && model_find(m, DEF_OUTCOME, "none") < 0) {
			c->expected = -1; /* no result: a 'none' column, or odds 0:0 */
			return true;
		}
		c->expected = s->expect_call ? numeric_call(m, s->name2, s->expect_args, s->name2_loc)
					     : resolve_outcome_or_code(m, s->name2, s->name2_loc);
		return c->expected >= 0;
	}
	case RTAB_TARGET_REACTIONS: {
		const rtab_reaction_set *r = &m->rs.reaction_sets[c->target.index];
		if (s->expect != EXPECT_SET)
			return expect_name(m, s, "reaction set");
		for (const ast_id *i = s->ids; i; i = i->next)
			c->noptions++;
		c->options = model_array(m, c->noptions ? c->noptions : 1, sizeof *c->options);
		size_t k = 0;
		for (const ast_id *i = s->ids; i; i = i->next) {
			int o = find_option(r, i->id);
			if (o < 0) {
				report_unknown(m, i->loc, "option", i->id, &r->options[0].id, r->noptions,
					       sizeof(rtab_option));
				return false;
			}
			c->options[k++] = (uint16_t)o;
		}
		return true;
	}
	case RTAB_TARGET_TRANSITION: {
		const rtab_transition *tr = &m->rs.transitions[c->target.index];
		if (!expect_name(m, s, "transition") || !tr->next)
			return false;
		c->expected = resolve_enum_value(m, m->rs.inputs[tr->input].enum_index, s->name2,
						 s->name2_loc);
		return c->expected >= 0;
	}
	case RTAB_TARGET_DISTANCE: {
		const rtab_distance *d = &m->rs.distances[c->target.index];
		if (s->expect != EXPECT_VALUE) {
			check_report(m, CHECK_EXAMPLE, s->loc, "a check of a distance expects a value and its unit, like 9 inches");
			return false;
		}
		/* A distance is exact (scaled) at a precision 1/N: 12.5 cm is 25 at 1/2. */
		int64_t v;
		if (!model_exact(m, s->expect_milli ? s->expect_value : s->expect_value * RTAB_MILLI,
				 s->loc, &v))
			return false;
		c->expected = (int)v;
		for (size_t f = 0; f < d->nforms; f++)
			if (strcmp(d->forms[f].unit, s->name2) == 0)
				c->unit = d->forms[f].unit;
		if (!c->unit)
			check_report(m, CHECK_EXAMPLE, s->name2_loc, "distance '%s' is not given in %s",
				     d->id, s->name2);
		return c->unit != NULL;
	}
	case RTAB_TARGET_PROCEDURE: {
		const rtab_procedure *p = &m->rs.procedures[c->target.index];
		if (!expect_name(m, s, "procedure"))
			return false;
		c->expected = -1;
		for (size_t i = 0; i < p->nsteps; i++)
			if (strcmp(p->steps[i].id, s->name2) == 0)
				c->expected = (int)i;
		if (c->expected < 0 && strcmp(s->name2, "otherwise") != 0) {
			report_unknown(m, s->name2_loc, "step (or 'otherwise')", s->name2,
				       &p->steps[0].id, p->nsteps, sizeof(rtab_procedure_step));
			return false;
		}
		return true;
	}
	}
	return false;
}

void resolve_examples(model *m)
{
	size_t n = m->ndefs[DEF_EXAMPLE];
	m->examples = xcalloc(n ? n : 1, sizeof *m->examples);
	m->nexamples = n;
	for (size_t i = 0; i < n; i++) {
		const ast_def *d = m->defs[DEF_EXAMPLE][i];
		model_example *ex = &m->examples[i];
		size_t k = 0;
		ex->def = d;
		read_labels(m, d->body, "example", d->id, d->id_loc, false);
		for (const ast_stmt *s = d->body; s; s = s->next)
			k += s->kind == ST_CHECK;
		if (k == 0)
			check_report(m, CHECK_EXAMPLE, d->id_loc, "example '%s' checks nothing", d->id);
		ex->checks = model_array(m, k ? k : 1, sizeof *ex->checks);
		for (const ast_stmt *s = d->body; s; s = s->next) {
			model_check *c;
			if (s->kind != ST_CHECK)
				continue;
			c = &ex->checks[ex->nchecks];
			memset(c, 0, sizeof *c); /* a check that failed before left its faces here */
			c->stmt = s;
			c->inputs = model_array(m, m->rs.ninputs ? m->rs.ninputs : 1, sizeof *c->inputs);
			bool target_ok = resolve_target(m, s->name, s->name_loc, &c->target);
			bool inputs_ok = set_inputs(m, s, c->inputs); /* reported even if the target is not */
			if (!target_ok || !inputs_ok)
				continue;
			for (const ast_cell *f = s->cells; f; f = f->next) {
				if (c->nfaces == RTAB_MAX_FACES)
					break;
				c->faces[c->nfaces++] = (int32_t)f->lo;
			}
			c->drm = (int32_t)s->drm;
			c->drm_modifier = -1;
			if (s->has_drm && c->target.kind != RTAB_TARGET_TABLE) {
				check_report(m, CHECK_EXAMPLE, s->loc, "only a table takes a drm");
				continue;
			}
			const rtab_table *tab = c->target.kind == RTAB_TARGET_TABLE ? &m->rs.tables[c->target.index] : NULL;
			if (s->text && tab) { /* 'drm flank_or_rear' */
				c->drm_modifier = resolve_def(m, DEF_MODIFIER, s->text, s->text_loc);
				strbuf why = {0};
				bool counts = c->drm_modifier >= 0 &&
					      drm_modifier_counts(&m->rs, c->target.index, (size_t)c->drm_modifier, &why);
				if (c->drm_modifier >= 0 && !counts)
					check_report(m, CHECK_EXAMPLE, s->text_loc,
						     "drm '%s': modifier '%s' %s; name one the table counts, or set the inputs instead",
						     s->text, s->text, why.data);
				sb_free(&why);
				if (!counts)
					continue;
			}
			if (c->drm != 0 && tab && tab->step >= 0) {
				check_report(m, CHECK_EXAMPLE, s->loc,
					     "table '%s' counts only the modifiers of its step '%s': a drm cannot count there; set the inputs of those modifiers instead",
					     tab->id, m->rs.steps[tab->step]);
				continue;
			}
			if (resolve_expectation(m, s, c))
				ex->nchecks++;
		}
	}
}

static bool same_target(rtab_target a, rtab_target b)
{
	return a.kind == b.kind && a.index == b.index;
}

/* Whether the result's trigger j passes on what expected trigger i names. */
static bool passes_expected(const rtab_ruleset *rs, const rtab_result *r, size_t j,
			    const model_check *c, size_t i)
{
	size_t n = rs->ninputs;
	int32_t passed[1024];
	bool any = false;
	for (size_t k = 0; k < n; k++)
		any |= c->trigger_set[i * n + k] != 0;
	if (!any)
		return true;
	/* Entry j is this repeat of its trigger: 'repeat' is its number; what the earlier
	 * repeats gave is no part of the result, so 'earlier' is compared on the first only. */
	uint16_t unknown[RTAB_MAX_TRIGGERS];
	size_t repeat = 0;
	for (size_t e = 0; e < j; e++)
		repeat += r->triggered_by[e] == r->triggered_by[j];
	for (size_t e = 0; e < repeat; e++)
		unknown[e] = UINT16_MAX; /* no outcome */
	if (n > sizeof passed / sizeof passed[0] ||
	    rtab_trigger_repeat_inputs(rs, r->outcome, r->triggered_by[j], unknown, repeat, c->inputs, n,
				       passed) != RTAB_OK)
		return false;
	const rtab_trigger *tr = &rs->outcomes[r->outcome].triggers[r->triggered_by[j]];
	for (size_t k = 0; k < n; k++) {
		bool unknowable = false;
		for (size_t t = 0; t < tr->nsets; t++)
			unknowable |= tr->sets[t].input == k && tr->sets[t].each == RTAB_SET_EARLIER && repeat;
		if (c->trigger_set[i * n + k] && !unknowable && passed[k] != c->trigger_inputs[i * n + k])
			return false;
	}
	return true;
}

/* The result triggers exactly the expected targets, in any order, each as
 * many times as expected (a trigger resolved twice is named twice), each
 * passing on the inputs the check names. */
static bool same_targets(const rtab_ruleset *rs, const rtab_result *r, const model_check *c)
{
	bool used[RTAB_MAX_TRIGGERS] = {false};
	if (r->ntriggered != c->ntriggers)
		return false;
	/* Expected triggers that name inputs first, so that a bare name takes what is left. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < c->ntriggers; i++) {
			bool named = false;
			for (size_t k = 0; k < rs->ninputs; k++)
				named |= c->trigger_set[i * rs->ninputs + k] != 0;
			if (named != (pass == 0))
				continue;
			size_t j = 0;
			for (; j < r->ntriggered; j++)
				if (!used[j] && same_target(r->triggered[j], c->triggers[i]) &&
				    passes_expected(rs, r, j, c, i))
					break;
			if (j == r->ntriggered)
				return false;
			used[j] = true;
		}
	}
	return true;
}

/* The 'provisional' or 'settled' a check expects, against the reasons found. */
static bool provenance_ok(const ast_stmt *s, const reasons *why, strbuf *out)
{
	if (s->expect_provisional && why->total == 0) {
		sb_puts(out, "expected provisional, but no reading it depends on is marked provisional");
		return false;
	}
	if (s->expect_settled && why->total) {
		sb_printf(out, "expected settled, but it depends on %zu provisional reading%s:",
			  why->total, why->total == 1 ? "" : "s");
		for (size_t i = 0; i < why->n; i++)
			sb_printf(out, "%s \"%s\"", i ? ";" : "", why->why[i]);
		return false;
	}
	return true;
}

/* Run one check; on failure describe it into why. */
static bool run_check(const model *m, const model_check *c, strbuf *why)
{
	const rtab_ruleset *rs = &m->rs;
	const ast_stmt *s = c->stmt;
	int rc;

	switch ((rtab_target_kind)c->target.kind) {
	case RTAB_TARGET_TABLE: {
		rtab_result r;
		rc = c->drm_modifier >= 0
			     ? resolve_with_modifier(rs, c->target.index, c->inputs, rs->ninputs, c->faces,
						     c->nfaces, (size_t)c->drm_modifier, &r)
			     : rtab_resolve(rs, c->target.index, c->inputs, rs->ninputs, c->faces, c->nfaces,
					    c->drm, &r);
		if (rc == RTAB_E_NO_RESULT && c->expected < 0) {
			reasons prov = {0};
			reasons_of_table(&prov, &r);
			return provenance_ok(s, &prov, why);
		}
		if (rc == RTAB_E_NO_RESULT) {
			sb_printf(why, "gave no result (column %s), expected %s",
				  rs->tables[c->target.index].columns[r.column].id,
				  rs->outcomes[c->expected].id);
			return false;
		}
		if (rc != RTAB_OK)
			break;
		if (c->expected < 0) {
			sb_printf(why, "gave %s, expected no result", rs->outcomes[r.outcome].id);
			return false;
		}
		reasons prov = {0};
		reasons_of_table(&prov, &r);
		bool ok = (int)r.outcome == c->expected;
		ok &= !s->has_expect_modifier || r.modifier == s->expect_modifier;
		ok &= !s->has_expect_roll || r.modified_roll == s->expect_roll;
		ok &= !s->has_expect_triggers || same_targets(rs, &r, c);
		if (ok)
			return provenance_ok(s, &prov, why);
		{
			sb_printf(why, "gave %s (modifier %+ld, modified roll %ld%s, triggers {",
				  rs->outcomes[r.outcome].id, (long)r.modifier, (long)r.modified_roll,
				  r.provisional ? ", provisional" : "");
			for (size_t i = 0; i < r.ntriggered; i++)
				sb_printf(why, "%s%s", i ? ", " : "", rtab_target_id(rs, r.triggered[i]));
			sb_printf(why, "}), expected %s", rs->outcomes[c->expected].id);
			if (s->has_expect_triggers) {
				sb_puts(why, " triggering {");
				for (size_t i = 0; i < c->ntriggers; i++)
					sb_printf(why, "%s%s", i ? ", " : "", rtab_target_id(rs, c->triggers[i]));
				sb_puts(why, "}");
			}
			/* The expectation that failed, when the outcome alone does not say it. */
			if (s->has_expect_modifier && r.modifier != s->expect_modifier)
				sb_printf(why, "; failed: modifier %+ld, expected %+ld", (long)r.modifier,
					  (long)s->expect_modifier);
			if (s->has_expect_roll && r.modified_roll != s->expect_roll)
				sb_printf(why, "; failed: modified roll %ld, expected %ld", (long)r.modified_roll,
					  (long)s->expect_roll);
		}
		return ok;
	}
	case RTAB_TARGET_REACTIONS: {
		uint16_t opts[64];
		size_t n;
		rc = rtab_reactions(rs, c->target.index, c->inputs, rs->ninputs, opts, 64, &n);
		if (rc != RTAB_OK)
			break;
		reasons prov = {0};
		reasons_of_reactions(&prov, rs, c->target.index, opts, n < 64 ? n : 64, c->inputs);
		bool ok = n == c->noptions;
		for (size_t i = 0; ok && i < n; i++) {
			bool found = false;
			for (size_t j = 0; j < c->noptions; j++)
				found |= c->options[j] == opts[i];
			ok &= found;
		}
		if (!ok) {
			const rtab_reaction_set *set = &rs->reaction_sets[c->target.index];
			sb_puts(why, "allowed {");
			for (size_t i = 0; i < n && i < 64; i++)
				sb_printf(why, "%s%s", i ? ", " : "", set->options[opts[i]].id);
			sb_puts(why, "}, expected {");
			for (size_t j = 0; j < c->noptions; j++)
				sb_printf(why, "%s%s", j ? ", " : "", set->options[c->options[j]].id);
			sb_puts(why, "}");
		}
		return ok && provenance_ok(s, &prov, why);
	}
	case RTAB_TARGET_TRANSITION: {
		int32_t state;
		rc = rtab_transition_next(rs, c->target.index, c->inputs, rs->ninputs, &state);
		if (rc != RTAB_OK)
			break;
		const rtab_enum *e = &rs->enums[rs->inputs[rs->transitions[c->target.index].input].enum_index];
		if (state != c->expected) {
			sb_printf(why, "gave %s, expected %s", e->values[state].id, e->values[c->expected].id);
			return false;
		}
		reasons prov = {0};
		reasons_of_transition(&prov, rs, c->target.index,
				      c->inputs[rs->transitions[c->target.index].input], state);
		return provenance_ok(s, &prov, why);
	}
	case RTAB_TARGET_DISTANCE: {
		/* A distance may give several forms in the check's unit (a metric
		 * edition's 2d6 cm and 1d6 * 2.5 cm for the original's 1d6 inches):
		 * the check is of the first its faces fit that gives its value, else
		 * said of the first its faces fit. */
		const rtab_distance *d = &rs->distances[c->target.index];
		int32_t v = 0;
		reasons prov = {0};
		bool fit = false;
		rc = RTAB_E_INDEX;
		for (size_t form = 0; form < d->nforms; form++) {
			if (strcmp(d->forms[form].unit, c->unit) != 0)
				continue;
			int32_t got;
			reasons p = {0};
			int r = rtab_distance_eval_why(rs, c->target.index, form, c->inputs, rs->ninputs,
						       c->faces, c->nfaces, &got, p.why, RTAB_MAX_REASONS,
						       &p.total);
			if (!fit && (r == RTAB_OK || rc == RTAB_E_INDEX))
				rc = r; /* the first form's error when no form fits */
			if (r != RTAB_OK || (fit && got != c->expected))
				continue;
			fit = true;
			v = got;
			prov = p;
			if (got == c->expected)
				break;
		}
		if (!fit)
			break;
		prov.n = prov.total < RTAB_MAX_REASONS ? prov.total : RTAB_MAX_REASONS;
		if (v != c->expected) {
			char gave[32], want[32];
			rtab_format_exact(v, rs->scale, gave, sizeof gave);
			rtab_format_exact(c->expected, rs->scale, want, sizeof want);
			sb_printf(why, "gave %s %s, expected %s %s", gave, c->unit, want, c->unit);
			return false;
		}
		return provenance_ok(s, &prov, why);
	}
	case RTAB_TARGET_PROCEDURE: {
		int32_t step;
		const rtab_procedure *p = &rs->procedures[c->target.index];
		rc = rtab_procedure_step_first(rs, c->target.index, c->inputs, rs->ninputs, &step);
		if (rc != RTAB_OK)
			break;
		if (step != c->expected) {
			sb_printf(why, "gave %s, expected %s", step < 0 ? "otherwise" : p->steps[step].id,
				  c->expected < 0 ? "otherwise" : p->steps[c->expected].id);
			return false;
		}
		reasons prov = {0};
		reasons_of_procedure(&prov, rs, c->target.index, step, c->inputs);
		int16_t outcome = step >= 0 ? p->steps[step].outcome : p->otherwise;
		if (outcome >= 0)
			reasons_of_triggers(&prov, rs, (size_t)outcome);
		return provenance_ok(s, &prov, why);
	}
	default:
		rc = RTAB_E_INDEX;
	}
	sb_printf(why, "failed: %s", rtab_status_message(rc));
	if (rc == RTAB_E_REQUIRE) {
		sb_puts(why, ", ");
		requirement_broken_text(rs, c->inputs, why);
	}
	return false;
}

void examples_run(const model *m, const char *path, FILE *out, bool verbose,
		  example_counts *counts)
{
	for (size_t i = 0; i < m->nexamples; i++) {
		const model_example *ex = &m->examples[i];
		bool ok = true;
		for (size_t k = 0; k < ex->nchecks; k++) {
			strbuf why = {0};
			const ast_stmt *s = ex->checks[k].stmt;
			if (!run_check(m, &ex->checks[k], &why)) {
				fprintf(out, "%s:%d:%d: error: example '%s': %s %s [-Wexample]\n", path,
					s->loc.line, s->loc.col, ex->def->id, s->name, why.data);
				ok = false;
			}
			sb_free(&why);
		}
		if (ok)
			counts->passed++;
		else
			counts->failed++;
		if (verbose || !ok)
			fprintf(out, "%s: example %s%s%s: %s\n", path, ex->def->id,
				ex->def->rule ? " @ " : "", ex->def->rule ? ex->def->rule : "",
				ok ? "ok" : "FAILED");
	}
}
