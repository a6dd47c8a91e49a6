/* SPDX-License-Identifier: MIT */
#include "analysis/report.h"

#include "check/model.h"
#include "check/passes/table_text.h"
#include "front/key_kinds.h"
#include "base/json.h"

#include "text/value_text.h"
#include "base/msg.h"
#include "export/grid.h"

#include <stdlib.h>

void report_put_odds(strbuf *b, int32_t scale, int32_t num, int32_t den)
{
	char a[32], c[32];
	if (rtab_format_exact(num, scale, a, sizeof a) != RTAB_OK ||
	    rtab_format_exact(den, scale, c, sizeof c) != RTAB_OK) {
		sb_printf(b, "%ld:%ld", (long)num, (long)den);
		return;
	}
	sb_printf(b, "%s:%s", a, c);
}

/* "outcome:" in the chosen language, padded so that the values line up. */
static void key(strbuf *b, const char *name)
{
	sb_printf(b, "%s:", name);
	size_t w = utf8_width(name) + 1;
	do
		sb_putc(b, ' ');
	while (++w < 15);
}

static const char *label(const report *r, rtab_labels l)
{
	return rtab_label(r->rs, l, r->locale);
}

/* "id" or "id "label" (rule R)" for a person; the label and rule only when explaining. */
static void text_ref(report *r, const char *id, rtab_labels l, const char *rule)
{
	sb_puts(r->out, id);
	if (r->mode != REPORT_EXPLAIN)
		return;
	if (label(r, l))
		sb_printf(r->out, " \"%s\"", label(r, l));
	if (rule)
		sb_printf(r->out, msg(" (rule %s)"), rule);
}

/* An effect's argument as JSON: an enum value's id, else the number. */
static void effect_arg_json(json_writer *w, const report *r, const rtab_effect *e, size_t a)
{
	const rtab_param *p = &r->rs->effect_kinds[e->kind].params[a];
	if (p->enum_index < 0)
		json_put_int(w, e->args[a]);
	else
		json_put_string(w, r->rs->enums[p->enum_index].values[e->args[a]].id);
}

static void effect_arg(report *r, const rtab_effect *e, size_t a)
{
	const rtab_param *p = &r->rs->effect_kinds[e->kind].params[a];
	if (p->enum_index < 0) {
		sb_printf(r->out, "%ld", (long)e->args[a]);
		return;
	}
	const char *id = r->rs->enums[p->enum_index].values[e->args[a]].id;
	if (r->mode == REPORT_JSON)
		json_string(r->out, id);
	else
		sb_puts(r->out, id);
}

/* What an outcome triggers in this situation. */
static size_t outcome_targets(report *r, const rtab_outcome *o, rtab_target *t, uint8_t *by,
			      size_t cap)
{
	size_t n = 0;
	if (rtab_outcome_triggers_by(r->rs, (size_t)(o - r->rs->outcomes), r->inputs,
				     r->rs->ninputs, t, by, cap, &n) != RTAB_OK)
		return 0;
	return n < cap ? n : cap;
}

static void outcome_json(json_writer *w, report *r, const rtab_outcome *o)
{
	json_member_string(w, "outcome", o->id);
	json_member_string(w, "label", label(r, o->labels));
	if (o->nvalues && o->numeric < r->rs->nnumeric_outcomes) {
		/* The numbers it carries, by parameter, and the named ones (K: killed). */
		const rtab_numeric_outcome *n = &r->rs->numeric_outcomes[o->numeric];
		json_member_string(w, "numeric", n->id);
		json_key(w, "numbers");
		json_begin_object(w);
		for (size_t p = 0; p < o->nvalues && p < n->nparams; p++)
			json_member_int(w, n->params[p].id, o->values[p]);
		json_end_object(w);
		json_key(w, "named_numbers");
		json_begin_object(w);
		for (size_t p = 0; p < o->nvalues && p < n->nparams; p++)
			for (size_t k = 0; k < n->params[p].nspecials; k++)
				if (n->params[p].specials[k].value == o->values[p])
					json_member_string(w, n->params[p].id, n->params[p].specials[k].id);
		json_end_object(w);
		/* Each flag as its cell prints it: "*" where set, "" where not. */
		bool flags = false;
		for (size_t p = 0; p < n->nparams; p++) {
			size_t len;
			flags |= export_flag_text(n, p, &len) != NULL;
		}
		if (flags) {
			json_key(w, "flags");
			json_begin_object(w);
			for (size_t p = 0; p < o->nvalues && p < n->nparams; p++) {
				size_t len;
				const char *flag = export_flag_text(n, p, &len);
				if (!flag)
					continue;
				char *text = xstrndup(flag, o->values[p] ? len : 0);
				json_member_string(w, n->params[p].id, text);
				free(text);
			}
			json_end_object(w);
		}
	}
	json_key(w, "effects");
	json_begin_array(w);
	for (size_t i = 0; i < o->neffects; i++) {
		const rtab_effect *e = &o->effects[i];
		const rtab_effect_kind *k = &r->rs->effect_kinds[e->kind];
		json_begin_object(w);
		json_member_string(w, "effect", k->id);
		json_key(w, "args");
		json_begin_array(w);
		for (size_t a = 0; a < e->nargs; a++)
			effect_arg_json(w, r, e, a);
		json_end_array(w);
		export_effect_units(w, k, e);
		json_end_object(w);
	}
	json_end_array(w);
	/* As the page prints it (rtab export --format json: "code"): the id
	 * where the outcome has no code. */
	json_member_string(w, "code", o->code ? o->code : o->id);
}

/* "provisional": first, "provisional_count": N, "reasons": [...] */
static void reasons_json(json_writer *w, const reasons *why)
{
	json_member_string(w, "provisional", why->n ? why->why[0] : NULL);
	json_member_int(w, "provisional_count", (long long)why->total);
	json_key(w, "reasons");
	json_begin_array(w);
	for (size_t i = 0; i < why->n; i++)
		json_put_string(w, why->why[i]);
	json_end_array(w);
}

/* One line per reason. */
static void reasons_text(strbuf *b, const reasons *why)
{
	for (size_t i = 0; i < why->n; i++) {
		key(b, msg("provisional"));
		sb_printf(b, "%s\n", why->why[i]);
	}
	if (why->total > why->n) {
		key(b, msg("provisional"));
		sb_printf(b, msg("(and %zu more)"), why->total - why->n);
		sb_putc(b, '\n');
	}
}

/* The inputs trigger k of outcome o passes on: {"input": value, ...}. */
static void trigger_sets_json(json_writer *w, report *r, const rtab_outcome *o, size_t k)
{
	const rtab_trigger *tr = &o->triggers[k];
	int32_t *passed = xcalloc(r->rs->ninputs ? r->rs->ninputs : 1, sizeof *passed);
	bool ok = rtab_trigger_inputs(r->rs, (size_t)(o - r->rs->outcomes), k, r->inputs,
				      r->rs->ninputs, passed) == RTAB_OK;
	strbuf value = {0};
	json_begin_object(w);
	for (size_t i = 0; ok && i < tr->nsets; i++) {
		const rtab_input *in = &r->rs->inputs[tr->sets[i].input];
		int32_t v = passed[tr->sets[i].input];
		json_key(w, in->id);
		if (in->type == RTAB_TYPE_ENUM) {
			json_put_string(w, r->rs->enums[in->enum_index].values[v].id);
		} else { /* true/false, a number (exact for a number input: 2.5) */
			sb_clear(&value);
			export_input_value(&value, r->rs, tr->sets[i].input, v);
			json_put_raw(w, value.data, value.len);
		}
	}
	json_end_object(w);
	sb_free(&value);
	free(passed);
}

/* How many entries before entry i of by[] come from the same trigger: entry i is
 * that trigger's repeat number (this + 1). */
static size_t repeats_before(const uint8_t *by, size_t i)
{
	size_t n = 0;
	for (size_t j = 0; j < i; j++)
		n += by[j] == by[i];
	return n;
}

/* " (input = value, ...)" after "then resolve: TARGET"; the repeat-th earlier
 * repeat of the trigger (0: the first) shows its number, and what earlier repeats
 * gave as the host will know it. */
static void trigger_sets_text(report *r, const rtab_outcome *o, size_t k, size_t repeat)
{
	const rtab_trigger *tr = &o->triggers[k];
	int32_t *passed = xcalloc(r->rs->ninputs ? r->rs->ninputs : 1, sizeof *passed);
	if (tr->nsets && rtab_trigger_inputs(r->rs, (size_t)(o - r->rs->outcomes), k, r->inputs,
					     r->rs->ninputs, passed) == RTAB_OK) {
		sb_puts(r->out, " (");
		for (size_t i = 0; i < tr->nsets; i++) {
			const rtab_input *in = &r->rs->inputs[tr->sets[i].input];
			int32_t v = passed[tr->sets[i].input];
			const rtab_trigger_set *st = &tr->sets[i];
			sb_printf(r->out, "%s%s = ", i ? ", " : "", in->id);
			if (st->each == RTAB_SET_REPEAT)
				v = repeat < INT32_MAX ? (int32_t)repeat + 1 : INT32_MAX;
			if (st->each == RTAB_SET_EARLIER && repeat > 0 && st->earlier < r->rs->noutcomes)
				sb_printf(r->out, "earlier %s", r->rs->outcomes[st->earlier].id);
			else
				export_input_value(r->out, r->rs, tr->sets[i].input, v);
		}
		sb_puts(r->out, ")");
	}
	free(passed);
}

static void outcome_text(report *r, const rtab_outcome *o)
{
	strbuf *b = r->out;
	if (o->nvalues) {
		key(b, msg("numbers"));
		export_outcome_numbers(b, r->rs, o);
		sb_putc(b, '\n');
	}
	for (size_t i = 0; i < o->neffects; i++) {
		const rtab_effect *e = &o->effects[i];
		const rtab_effect_kind *k = &r->rs->effect_kinds[e->kind];
		key(b, msg("effect"));
		sb_printf(b, "%s(", k->id);
		for (size_t a = 0; a < e->nargs; a++) {
			sb_puts(b, a ? ", " : "");
			effect_arg(r, e, a);
		}
		sb_puts(b, ")");
		if (r->mode == REPORT_EXPLAIN && label(r, k->labels))
			sb_printf(b, " \"%s\"", label(r, k->labels));
		if (r->mode == REPORT_EXPLAIN && k->rule)
			sb_printf(b, msg(" (rule %s)"), k->rule);
		sb_putc(b, '\n');
	}
}

/* How a result names the table's key: NULL for an input's column (the column
 * names it), else what the key is ("odds", "value"), with odds set for A:B. */
static const char *key_word(const rtab_table *t, bool *odds)
{
	*odds = false;
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM: /* the column names the values that read it */
		return NULL;
	case RTAB_KEY_ODDS:
		*odds = true;
		return msg("odds");
	case RTAB_KEY_VALUE:
		break;
	}
	return msg("value");
}

/* A computed column's key as the rules state it: odds 5:2, or a value +3. */
static void key_text(strbuf *b, int32_t scale, const rtab_table *t, const rtab_result *res)
{
	bool odds;
	key_word(t, &odds);
	if (odds)
		report_put_odds(b, scale, res->key_num, res->key_den);
	else
		sb_printf(b, res->key_num > 0 ? "+%ld" : "%ld", (long)res->key_num);
}

/* The computed key, the column it read and the shift, as JSON fields. */
/* The result column a column of odds lines reads, as the grid's header prints it, or NULL. */
static const char *result_column(const report *r, const rtab_table *t, int column)
{
	if (!r->model || column < 0)
		return NULL;
	return model_result_id(&r->model->tables[t - r->rs->tables], (size_t)column);
}

/* Whether the key chose a column: not where it reaches none (odds 0:0, no
 * forces on either side), where the result's column is no choice of it. */
static bool column_reached(const rtab_result *res)
{
	return res->key_column >= 0;
}

/* "column" and how the key found it: null where it reached none. */
static void column_json(json_writer *w, report *r, const rtab_table *t, const rtab_result *res)
{
	json_member_string(w, "column", column_reached(res) ? t->columns[res->column].id : NULL);
	bool odds;
	json_key(w, "key");
	if (!key_word(t, &odds)) {
		json_put_null(w);
	} else {
		strbuf text = {0};
		key_text(&text, r->rs->scale, t, res);
		json_put_string(w, text.data ? text.data : "");
		sb_free(&text);
	}
	json_member_string(w, "key_column", res->key_column >= 0 ? t->columns[res->key_column].id : NULL);
	const char *result = column_reached(res) ? result_column(r, t, res->column) : NULL;
	if (result)
		json_member_string(w, "result_column", result);
	json_member_int(w, "column_shift", res->column_shift);
}

/* What member i of a capped group counts after the cap: the group's total
 * clamped after it less the total clamped before it, the members taken in
 * the order applied (so that the members' shares add up to the capped
 * total); -1 in *group when its group has no cap. */
static int32_t after_group_cap(const rtab_ruleset *rs, const rtab_result *res, size_t i, int *group)
{
	const rtab_applied_modifier *a = &res->applied[i];
	int g = rs->modifiers[a->modifier].group;
	*group = -1;
	if (g < 0 || !rs->groups[g].capped || !a->counted)
		return a->signed_value;
	*group = g;
	int64_t before = 0;
	bool any = false;
	for (size_t j = 0; j < i; j++) {
		const rtab_applied_modifier *b = &res->applied[j];
		if (b->counted && b->shift == a->shift && rs->modifiers[b->modifier].group == g) {
			before += b->signed_value;
			any = true;
		}
	}
	int64_t lo = rs->groups[g].cap_min, hi = rs->groups[g].cap_max;
	int64_t after = before + a->signed_value;
	int64_t cb = any ? (before < lo ? lo : before > hi ? hi : before) : 0;
	int64_t ca = after < lo ? lo : after > hi ? hi : after;
	return (int32_t)(ca - cb);
}

/* The targets an outcome triggered and the inputs each passes on. */
static void triggers_json(json_writer *w, report *r, const rtab_outcome *o, const rtab_target *t,
			  const uint8_t *by, size_t n)
{
	json_key(w, "triggers");
	json_begin_array(w);
	for (size_t i = 0; i < n; i++)
		json_put_string(w, rtab_target_id(r->rs, t[i]));
	json_end_array(w);
	json_key(w, "trigger_inputs");
	json_begin_array(w);
	for (size_t i = 0; i < n; i++)
		trigger_sets_json(w, r, o, by[i]);
	json_end_array(w);
}

/* "ruleset": ID, KIND: ID: the head of every report. */
static void head_json(json_writer *w, const report *r, const char *kind, const char *id)
{
	json_begin_object(w);
	json_member_string(w, "ruleset", r->rs->id);
	json_member_string(w, kind, id);
}

/* The end of a report: one object a line. */
static void end_json(json_writer *w)
{
	json_end_object(w);
	sb_putc(w->out, '\n');
}

static void table_json(report *r, const rtab_result *res, const int32_t *faces, size_t nfaces)
{
	const rtab_ruleset *rs = r->rs;
	const rtab_table *t = &rs->tables[res->table];
	const rtab_outcome *o = &rs->outcomes[res->outcome];
	const char *rule = res->natural_rule >= 0 ? t->natural[res->natural_rule].rule
			   : res->rewrite >= 0    ? t->rewrites[res->rewrite].rule
			   : res->row == UINT16_MAX ? t->rule
						  : rtab_row_rule(t, res->row);
	json_writer w = json_writer_on(r->out, false);

	head_json(&w, r, "table", t->id);
	column_json(&w, r, t, res);
	json_member_bool(&w, "automatic", res->automatic);
	json_key(&w, "faces");
	json_begin_array(&w);
	for (size_t i = 0; i < nfaces; i++)
		json_put_int(&w, faces[i]);
	json_end_array(&w);
	report_roll_sums(&w, rs, res->table, faces, nfaces);
	json_member_int(&w, "natural", res->natural);
	json_member_int(&w, "modifier_raw", res->modifier_raw);
	json_member_int(&w, "modifier", res->modifier);
	json_member_int(&w, "modified_roll", res->modified_roll);
	json_key(&w, "applied");
	json_begin_array(&w);
	for (size_t i = 0; i < res->napplied; i++) {
		const rtab_applied_modifier *a = &res->applied[i];
		const rtab_modifier *m = &rs->modifiers[a->modifier];
		json_begin_object(&w);
		json_member_string(&w, "modifier", m->id);
		json_member_int(&w, "value", a->value);
		json_member_int(&w, "signed_value", a->signed_value);
		json_member_bool(&w, "counted", a->counted);
		json_member_bool(&w, "shift", a->shift);
		json_member_string(&w, "rule", m->rule);
		int g;
		int32_t after = after_group_cap(rs, res, i, &g);
		if (g >= 0) {
			json_member_int(&w, "after_cap", after);
			json_key(&w, "cap");
			json_begin_object(&w);
			json_member_string(&w, "group", rs->groups[g].id);
			json_member_int(&w, "min", rs->groups[g].cap_min);
			json_member_int(&w, "max", rs->groups[g].cap_max);
			json_end_object(&w);
		}
		json_end_object(&w);
	}
	json_end_array(&w);
	json_member_bool(&w, "natural_rule", res->natural_rule >= 0);
	json_member_string(&w, "rewritten_from",
			   res->rewritten_from >= 0 ? rs->outcomes[res->rewritten_from].id : NULL);
	outcome_json(&w, r, o);
	json_member_string(&w, "rule", rule);
	reasons why = {0};
	reasons_of_table(&why, res);
	reasons_json(&w, &why);
	triggers_json(&w, r, o, res->triggered, res->triggered_by, res->ntriggered);
	end_json(&w);
}

/* The rule that read the key, where one word does not say it: the range of
 * 'round up below 1:1, nearest from 1:1' the key fell in, or the ratio a
 * column of 'at least 0.33, ...' needs. */
static void key_reading_text(strbuf *b, const rtab_ruleset *rs, const rtab_table *t, const rtab_result *res)
{
	if (rtab_column_above_strict(rs, res->table, (size_t)res->key_column)) {
		/* 'above more than 5:1 X': the key passed the step */
		char past[64];
		const rtab_column *a = &t->columns[res->key_column];
		format_step(past, sizeof past, t, a->step_num, a->step_den);
		sb_printf(b, ", more than %s", past);
		return;
	}
	static const char *const words[] = {"evens", "down", "up", "nearest", "linear, ties down",
					    "linear, ties up", "down"};
	const size_t nwords = sizeof words / sizeof words[0];
	const rtab_column *c = &t->columns[res->key_column];
	char step[64];
	format_step(step, sizeof step, t, c->step_num, c->step_den);
	/* "at least" only where the odds reach the column's step ("more than":
	 * pass it): odds a rounding carried up to it (6.6 read as 7:1+) say the
	 * rounding instead. */
	bool strict = t->rounding == RTAB_ROUND_DOWN_STRICT;
	int64_t key_side = (int64_t)res->key_num * c->step_den, step_side = (int64_t)c->step_num * res->key_den;
	bool reached = res->key_den > 0 && (strict ? key_side > step_side : key_side >= step_side);
	bool odds;
	key_word(t, &odds);
	bool on_step = odds ? res->key_den > 0 && key_side == step_side : res->key_num == c->step_num;
	if (odds && c->step_num != 0 && c->step_den > 0 && (strict || strcmp(step, c->id) != 0)) {
		if (reached) {
			char need[64];
			format_threshold(need, sizeof need, c->step_num, c->step_den);
			sb_printf(b, ", %s %s", strict ? "more than" : "at least", need);
		}
		else if (!t->nround_ranges)
			sb_printf(b, ", round %s", t->rounding < nwords ? words[t->rounding] : "?");
	} else if (!on_step && !t->nround_ranges &&
		   (t->rounding == RTAB_ROUND_LINEAR || t->rounding == RTAB_ROUND_LINEAR_UP)) {
		/* The nearest column by the ratio itself: say so, and which way a tie reads. */
		sb_printf(b, ", round %s", words[t->rounding]);
	}
	if (!t->nround_ranges)
		return;
	size_t k = 0;
	for (size_t i = 1; i < t->nround_ranges; i++) {
		const rtab_round_range *r = &t->round_ranges[i];
		int64_t l = (int64_t)res->key_num * (odds ? r->from_den : 1);
		int64_t rr = (int64_t)r->from_num * (odds ? res->key_den : 1);
		if (l >= rr)
			k = i;
	}
	const rtab_round_range *r = &t->round_ranges[k];
	sb_printf(b, ", round %s", r->rounding < nwords ? words[r->rounding] : "?");
	if (k > 0) {
		format_step(step, sizeof step, t, r->from_num, r->from_den);
		sb_printf(b, " from %s", step);
	}
	if (k + 1 < t->nround_ranges) {
		format_step(step, sizeof step, t, t->round_ranges[k + 1].from_num,
			    t->round_ranges[k + 1].from_den);
		sb_printf(b, " below %s", step);
	}
}

/* "table: crt, column 3:1 (odds 5:2 read 2:1, shifted +1)"; "table: crt
 * (odds 0:0)" where the key reaches no column. */
static void table_head_text(report *r, const rtab_table *t, const rtab_result *res)
{
	strbuf *b = r->out;
	bool odds;
	const char *key_is = key_word(t, &odds);
	key(b, msg("table"));
	text_ref(r, t->id, t->labels, t->rule);
	if (!column_reached(res)) {
		sb_printf(b, " (%s ", key_is ? key_is : msg("odds"));
		key_text(b, r->rs->scale, t, res);
		sb_putc(b, ')');
		return;
	}
	if (t->ncolumns > 1 || key_is)
		sb_printf(b, msg(", column %s"), t->columns[res->column].id);
	if (result_column(r, t, res->column))
		sb_printf(b, msg(" (result column %s)"), result_column(r, t, res->column));
	if (key_is) {
		sb_printf(b, " (%s ", key_is);
		key_text(b, r->rs->scale, t, res);
		if (res->key_column >= 0) {
			sb_printf(b, msg(" read as %s"), t->columns[res->key_column].id);
			key_reading_text(b, r->rs, t, res);
		}
	}
	if (res->column_shift)
		sb_printf(b, msg("%sshifted %+ld"), key_is ? ", " : " (",
			  (long)res->column_shift);
	/* 'clamp shifts;': say why the shift did not take the column where it points. */
	if (res->column_shift && t->shift_stops && res->key_column >= 0 &&
	    (int64_t)res->key_column + res->column_shift != (int64_t)res->column)
		sb_puts(b, msg(", shifts stop at the printed columns"));
	if (key_is || res->column_shift)
		sb_putc(b, ')');
}

void report_no_result(report *r, const rtab_result *res)
{
	const rtab_table *t = &r->rs->tables[res->table];
	strbuf *b = r->out;
	/* 'below none provisional "why"': "not allowed" may itself be a reading. */
	reasons why = {0};
	reasons_of_table(&why, res);
	if (r->mode == REPORT_JSON) {
		json_writer w = json_writer_on(b, false);
		head_json(&w, r, "table", t->id);
		column_json(&w, r, t, res);
		json_member_string(&w, "outcome", NULL);
		json_member_bool(&w, "no_result", true);
		json_member_string(&w, "rule", t->rule);
		if (res->provisional)
			reasons_json(&w, &why);
		end_json(&w);
		return;
	}
	table_head_text(r, t, res);
	sb_putc(b, '\n');
	key(b, msg("outcome"));
	sb_puts(b, msg("none: the table gives no result here"));
	bool odds;
	key_word(t, &odds);
	if (odds && res->key_num == 0 && res->key_den == 0)
		sb_printf(b, " (%s 0:0)", msg("odds"));
	else
		sb_puts(b, msg(" (e.g. the attack is not allowed)"));
	sb_putc(b, '\n');
	reasons_text(b, &why);
}

void report_roll_sums(json_writer *w, const rtab_ruleset *rs, size_t table, const int32_t *faces,
		      size_t nfaces)
{
	int32_t sums[RTAB_MAX_FACES];
	size_t n = 0;
	if (rtab_table_roll_sums(rs, table, faces, nfaces, sums, RTAB_MAX_FACES, &n) != RTAB_OK ||
	    n == 0)
		return;
	json_key(w, "rolls");
	json_begin_object(w);
	for (size_t i = 0; i < n && i < RTAB_MAX_FACES; i++)
		json_member_int(w, rs->tables[table].rolls[i].id, sums[i]);
	json_end_object(w);
}

void report_table(report *r, const rtab_result *res, const int32_t *faces, size_t nfaces)
{
	const rtab_ruleset *rs = r->rs;
	const rtab_table *t = &rs->tables[res->table];
	const rtab_outcome *o = &rs->outcomes[res->outcome];
	strbuf *b = r->out;

	if (r->mode == REPORT_JSON) {
		table_json(r, res, faces, nfaces);
		return;
	}
	table_head_text(r, t, res);
	sb_putc(b, '\n');
	key(b, msg("natural roll"));
	/* An opposed roll: each roll's faces, the second subtracted ("(3+4) - (2+2+2)"). */
	const rtab_table *tab = &rs->tables[res->table];
	size_t roll = 0, left = tab->nrolls ? tab->rolls[0].nfaces : nfaces;
	for (size_t i = 0; i < nfaces; i++) {
		if (tab->nrolls && i == 0)
			sb_puts(b, "(");
		/* Faces summed: "5+6"; each opposed roll's first face after its bracket. */
		bool first_of_roll = tab->nrolls ? left == tab->rolls[roll].nfaces : i == 0;
		sb_printf(b, "%s%ld", first_of_roll ? "" : "+", (long)faces[i]);
		if (tab->nrolls && --left == 0 && roll + 1 < tab->nrolls) {
			roll++;
			left = tab->rolls[roll].nfaces;
			sb_puts(b, tab->rolls[roll].sign < 0 ? ") - (" : ") + (");
		} else if (tab->nrolls && left == 0) {
			sb_puts(b, ")");
		}
	}
	if (nfaces > 1)
		sb_printf(b, " = %ld", (long)res->natural);
	if (nfaces == 0)
		sb_puts(b, res->automatic ? msg("none: the column gives its result without a roll")
					  : msg("none: the table is keyed by its modifier total"));
	else if (res->automatic)
		sb_puts(b, msg(" (not used: the column gives its result without a roll)"));
	sb_putc(b, '\n');
	for (size_t i = 0; i < res->napplied; i++) {
		const rtab_applied_modifier *a = &res->applied[i];
		const rtab_modifier *m = &rs->modifiers[a->modifier];
		key(b, a->shift ? msg("column shift") : msg("modifier"));
		sb_printf(b, "%+ld ", (long)a->signed_value);
		text_ref(r, m->id, m->labels, m->rule);
		if (!a->counted)
			sb_printf(b, msg(" [not counted: group %s keeps another]"), rs->groups[m->group].id);
		int g;
		int32_t after = after_group_cap(rs, res, i, &g);
		if (g >= 0)
			sb_printf(b, msg(" [group %s capped at %ld..%ld: counts %+ld of %+ld]"), rs->groups[g].id,
				  (long)rs->groups[g].cap_min, (long)rs->groups[g].cap_max, (long)after,
				  (long)a->signed_value);
		if (m->provisional)
			sb_printf(b, " [%s: %s]", msg("provisional"), m->provisional);
		sb_putc(b, '\n');
	}
	key(b, msg("total DRM"));
	sb_printf(b, "%+ld", (long)res->modifier_raw);
	if (t->capped && res->modifier != res->modifier_raw)
		sb_printf(b, msg(", capped to %+ld (cap %ld..%ld)"), (long)res->modifier, (long)t->cap_min,
			  (long)t->cap_max);
	sb_putc(b, '\n');
	key(b, msg("modified roll"));
	if (res->automatic) /* no roll: a modified roll of 0 would read as a roll */
		sb_printf(b, "%s\n", msg("none (no roll)"));
	else
		sb_printf(b, "%ld\n", (long)res->modified_roll);
	if (res->natural_rule >= 0)
		sb_printf(b, msg("natural roll rule decides, whatever the modifiers (rule %s)\n"),
			  t->natural[res->natural_rule].rule ? t->natural[res->natural_rule].rule : "-");
	if (res->rewritten_from >= 0) {
		key(b, msg("row gives"));
		sb_printf(b, msg("%s, which reads as %s"), rs->outcomes[res->rewritten_from].id, o->id);
		if (t->rewrites[res->rewrite].rule)
			sb_printf(b, msg(" (rule %s)"), t->rewrites[res->rewrite].rule);
		sb_putc(b, '\n');
	}
	key(b, msg("outcome"));
	text_ref(r, o->id, o->labels, res->row != UINT16_MAX ? rtab_row_rule(t, res->row) : o->rule);
	if (r->mode == REPORT_TEXT && label(r, o->labels))
		sb_printf(b, " \"%s\"", label(r, o->labels));
	sb_putc(b, '\n');
	if (o->code) {
		key(b, msg("code"));
		sb_printf(b, "%s\n", o->code);
	}
	reasons why = {0};
	reasons_of_table(&why, res);
	reasons_text(b, &why);
	outcome_text(r, o);
	for (size_t i = 0; i < res->ntriggered; i++) {
		key(b, msg("then resolve"));
		sb_puts(b, rtab_target_id(rs, res->triggered[i]));
		trigger_sets_text(r, o, res->triggered_by[i], repeats_before(res->triggered_by, i));
		sb_putc(b, '\n');
	}
}

void report_reactions(report *r, size_t set, const uint16_t *options, size_t n)
{
	const rtab_reaction_set *rset = &r->rs->reaction_sets[set];
	strbuf *b = r->out;
	reasons why = {0};
	reasons_of_reactions(&why, r->rs, set, options, n, r->inputs);
	if (r->mode == REPORT_JSON) {
		json_writer w = json_writer_on(b, false);
		head_json(&w, r, "reactions", rset->id);
		json_member_string(&w, "rule", rset->rule);
		json_key(&w, "options");
		json_begin_array(&w);
		for (size_t i = 0; i < n; i++)
			json_put_string(&w, rset->options[options[i]].id);
		json_end_array(&w);
		json_key(&w, "leads");
		json_begin_object(&w);
		for (size_t i = 0; i < n; i++) {
			const rtab_option *o = &rset->options[options[i]];
			json_member_string(&w, o->id, o->outcome >= 0 ? r->rs->outcomes[o->outcome].id : NULL);
		}
		json_end_object(&w);
		reasons_json(&w, &why);
		end_json(&w);
		return;
	}
	key(b, msg("reactions"));
	text_ref(r, rset->id, rset->labels, rset->rule);
	sb_putc(b, '\n');
	if (n == 0) {
		key(b, msg("options"));
		sb_printf(b, "%s\n", msg("none"));
	}
	for (size_t i = 0; i < n; i++) {
		const rtab_option *o = &rset->options[options[i]];
		key(b, msg("option"));
		text_ref(r, o->id, o->labels, o->rule);
		if (o->outcome >= 0)
			sb_printf(b, " -> %s", r->rs->outcomes[o->outcome].id);
		sb_putc(b, '\n');
	}
	reasons_text(b, &why);
}

void report_transition(report *r, size_t tr, int32_t from, int32_t to)
{
	const rtab_transition *t = &r->rs->transitions[tr];
	const rtab_enum *e = &r->rs->enums[r->rs->inputs[t->input].enum_index];
	strbuf *b = r->out;
	reasons why = {0};
	reasons_of_transition(&why, r->rs, tr, from, to);
	if (r->mode == REPORT_JSON) {
		json_writer w = json_writer_on(b, false);
		head_json(&w, r, "transition", t->id);
		json_member_string(&w, "rule", t->rule);
		json_member_string(&w, "from", e->values[from].id);
		json_member_string(&w, "state", e->values[to].id);
		reasons_json(&w, &why);
		end_json(&w);
		return;
	}
	key(b, msg("transition"));
	text_ref(r, t->id, t->labels, t->rule);
	sb_putc(b, '\n');
	key(b, msg("state"));
	sb_printf(b, "%s -> ", e->values[from].id);
	text_ref(r, e->values[to].id, e->values[to].labels, NULL);
	sb_putc(b, '\n');
	reasons_text(b, &why);
}

/* "value": the exact number (null where the faces do not fit the form), "unit": its unit. */
static void distance_value_json(json_writer *w, const report *r, int32_t value, bool ok, const char *unit)
{
	char num[32];
	json_key(w, "value");
	if (ok && rtab_format_exact(value, r->rs->scale, num, sizeof num) == RTAB_OK)
		json_put_raw(w, num, strlen(num));
	else
		json_put_null(w);
	json_member_string(w, "unit", unit);
}

void report_distance(report *r, size_t d, const int32_t *values, const bool *ok,
		     const reasons *why)
{
	const rtab_distance *dist = &r->rs->distances[d];
	strbuf *b = r->out;
	if (r->mode == REPORT_JSON) {
		json_writer w = json_writer_on(b, false);
		head_json(&w, r, "distance", dist->id);
		json_member_string(&w, "rule", dist->rule);
		size_t first = 0; /* the first form the faces given fit */
		while (first + 1 < dist->nforms && !ok[first])
			first++;
		distance_value_json(&w, r, values[first], ok[first], dist->forms[first].unit);
		json_key(&w, "forms");
		json_begin_array(&w);
		for (size_t i = 0; i < dist->nforms; i++) {
			json_begin_object(&w);
			distance_value_json(&w, r, values[i], ok[i], dist->forms[i].unit);
			json_end_object(&w);
		}
		json_end_array(&w);
		reasons_json(&w, why);
		end_json(&w);
		return;
	}
	key(b, msg("distance"));
	text_ref(r, dist->id, dist->labels, dist->rule);
	sb_putc(b, '\n');
	char num[32];
	for (size_t i = 0; i < dist->nforms; i++) {
		key(b, i ? msg("also") : msg("value"));
		if (ok[i] && rtab_format_exact(values[i], r->rs->scale, num, sizeof num) == RTAB_OK)
			sb_printf(b, "%s %s\n", num, dist->forms[i].unit);
		else
			sb_printf(b, "%s %s\n", msg("(other dice: give one --roll per form)"), dist->forms[i].unit);
	}
	reasons_text(b, why);
}

void report_procedure(report *r, size_t p, int32_t step)
{
	const rtab_procedure *proc = &r->rs->procedures[p];
	const rtab_procedure_step *st = step >= 0 ? &proc->steps[step] : NULL;
	int16_t outcome = st ? st->outcome : proc->otherwise;
	strbuf *b = r->out;
	reasons why = {0};
	reasons_of_procedure(&why, r->rs, p, step, r->inputs);
	if (outcome >= 0)
		reasons_of_triggers(&why, r->rs, (size_t)outcome);
	if (r->mode == REPORT_JSON) {
		json_writer w = json_writer_on(b, false);
		head_json(&w, r, "procedure", proc->id);
		json_member_string(&w, "step", st ? st->id : NULL);
		json_member_string(&w, "rule", st ? st->rule : proc->rule);
		json_member_string(&w, "tie_break", label(r, proc->tie_break));
		if (outcome >= 0) {
			rtab_target t[RTAB_MAX_TRIGGERS];
			uint8_t by[RTAB_MAX_TRIGGERS];
			const rtab_outcome *o = &r->rs->outcomes[outcome];
			size_t n = outcome_targets(r, o, t, by, RTAB_MAX_TRIGGERS);
			outcome_json(&w, r, o);
			triggers_json(&w, r, o, t, by, n);
		}
		reasons_json(&w, &why);
		end_json(&w);
		return;
	}
	key(b, msg("procedure"));
	text_ref(r, proc->id, proc->labels, proc->rule);
	sb_putc(b, '\n');
	key(b, msg("step"));
	if (st)
		text_ref(r, st->id, st->labels, st->rule);
	else
		sb_puts(b, msg("none applies"));
	sb_putc(b, '\n');
	if (st && label(r, proc->tie_break)) {
		key(b, msg("ties"));
		sb_printf(b, "%s\n", label(r, proc->tie_break));
	}
	if (outcome >= 0) {
		rtab_target t[RTAB_MAX_TRIGGERS];
		uint8_t by[RTAB_MAX_TRIGGERS];
		size_t n = outcome_targets(r, &r->rs->outcomes[outcome], t, by, RTAB_MAX_TRIGGERS);
		key(b, msg("outcome"));
		text_ref(r, r->rs->outcomes[outcome].id, r->rs->outcomes[outcome].labels,
			 r->rs->outcomes[outcome].rule);
		sb_putc(b, '\n');
		outcome_text(r, &r->rs->outcomes[outcome]);
		for (size_t i = 0; i < n; i++) {
			key(b, msg("then resolve"));
			sb_puts(b, rtab_target_id(r->rs, t[i]));
			trigger_sets_text(r, &r->rs->outcomes[outcome], by[i], repeats_before(by, i));
			sb_putc(b, '\n');
		}
	}
	reasons_text(b, &why);
}
