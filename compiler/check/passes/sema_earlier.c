/* SPDX-License-Identifier: MIT */
/*
 * 'rewrite pursue_and_eliminate -> break_off when earlier pursue_and_eliminate':
 * a table resolved several times by one trigger ('times N') reads whether an
 * earlier repeat gave an outcome (11.7.4: a unit already eliminated is not
 * eliminated again). The runtime passes that on as an input of the
 * repeat's situation (RTAB_SET_EARLIER); here the input is made, one per
 * outcome, 'earlier_OUTCOME', and each repeated trigger of the table sets it,
 * so that every verb reads it as any input (eval --set, examples, vectors).
 */
#include "check/passes/sema_earlier.h"

#include "check/checks.h"
#include "check/names/resolve_name.h"
#include "check/names/rule_refs.h"
#include "base/msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EARLIER_WORD "earlier "

const char *earlier_input_id(const char *name, char *buf, size_t size)
{
	if (!name || strncmp(name, EARLIER_WORD, strlen(EARLIER_WORD)) != 0)
		return NULL;
	snprintf(buf, size, "earlier_%s", name + strlen(EARLIER_WORD));
	return buf;
}

/* Every 'earlier OUTCOME' in e, as a use of table t by rewrite s. */
static void note_uses(model *m, size_t t, const ast_stmt *s, const ast_expr *e)
{
	char id[256];
	if (!e)
		return;
	if (e->kind == EX_NAME && earlier_input_id(e->name, id, sizeof id)) {
		struct model_earlier *u = model_array(m, m->nearlier + 1, sizeof *m->earlier);
		if (m->nearlier)
			memcpy(u, m->earlier, m->nearlier * sizeof *u);
		u[m->nearlier++] = (struct model_earlier){t, s, e->name + strlen(EARLIER_WORD), e->loc};
		m->earlier = u;
	}
	note_uses(m, t, s, e->lhs);
	note_uses(m, t, s, e->rhs);
	note_uses(m, t, s, e->third);
	for (const ast_expr *a = e->args; a; a = a->next_arg)
		note_uses(m, t, s, a);
}

/* The made input cites the rule of the rewrite that reads it ('rewrite A ->
 * B when earlier A @ "11.7.4"'), else its table's, in every locale that
 * gives one: its rule and, per locale, ST_LABEL statements under refs. The
 * locales were checked where the rewrite or table gives them: here only a
 * declared locale is copied, and one the reference leaves out reads the
 * first, so that nothing is reported twice. */
static void cite_rule(model *m, ast_def *d, const struct model_earlier *u)
{
	const ast_def *table = m->defs[DEF_TABLE][u->table];
	size_t n = m->rs.nlocales;
	const char *rule = NULL;
	rtab_labels refs = NULL;
	if (u->rewrite && u->rewrite->rule) {
		refs = part_rule_refs(m, u->rewrite->rule, &rule);
	} else if (table->rule) {
		rule = table->rule;
		const char **own = table->refs && n ? model_array(m, n, sizeof *own) : NULL;
		for (const ast_stmt *s = own ? table->refs : NULL; s; s = s->next) {
			int l = s->name ? rtab_find_locale(&m->rs, s->name) : -1;
			if (l >= 0 && !own[l])
				own[l] = s->text;
		}
		refs = own;
	}
	if (!rule)
		return;
	d->rule = xstrdup(rule);
	for (size_t l = 0; refs && l < n; l++) {
		ast_stmt *ref = ast_stmt_new(ST_LABEL, d->loc);
		ref->name = xstrdup(m->rs.locales[l]);
		ref->name_loc = d->loc;
		ref->text = xstrdup(refs[l] ? refs[l] : rule);
		ref->text_loc = d->loc;
		d->refs = AST_APPEND(d->refs, ref);
	}
}

/* The made input's label in a locale, as the rule reads: "An earlier repeat
 * gave Eliminated", in the locale's words (the message catalogue; English
 * for a locale it lacks) and with the outcome's label in that locale (its
 * id when it has none, as for a result of a numeric outcome). */
static char *earlier_label(const model *m, const char *outcome, const char *locale)
{
	msg_lang words = msg_english();
	(void)msg_find(locale, &words);
	const char *text = outcome;
	int o = model_find(m, DEF_OUTCOME, outcome);
	for (const ast_stmt *s = o >= 0 ? m->defs[DEF_OUTCOME][o]->body : NULL; s; s = s->next)
		if (s->kind == ST_LABEL && s->name && s->text && strcmp(s->name, locale) == 0) {
			text = s->text;
			break;
		}
	return xasprintf(msg_in(words, "An earlier repeat gave %s"), text);
}

void make_earlier_inputs(model *m)
{
	for (size_t t = 0; t < m->ndefs[DEF_TABLE]; t++)
		for (const ast_stmt *s = m->defs[DEF_TABLE][t]->body; s; s = s->next)
			if (s->kind == ST_REWRITE)
				note_uses(m, t, s, s->expr);
	size_t n = m->ndefs[DEF_INPUT], made = 0;
	const ast_def **defs = xcalloc(n + m->nearlier + 1, sizeof *defs);
	memcpy(defs, m->defs[DEF_INPUT], n * sizeof *defs);
	m->made_inputs = xcalloc(m->nearlier + 1, sizeof *m->made_inputs);
	for (size_t k = 0; k < m->nearlier; k++) {
		char id[256];
		snprintf(id, sizeof id, "earlier_%s", m->earlier[k].outcome);
		bool known = model_find(m, DEF_INPUT, id) >= 0;
		for (size_t j = 0; j < made && !known; j++)
			known = strcmp(m->made_inputs[j]->id, id) == 0;
		if (known)
			continue; /* declared by the file (its type is checked where it is read), or made */
		src_loc at = m->earlier[k].loc;
		ast_def *d = ast_def_new(DEF_INPUT, at, xstrdup(id), at);
		d->type = (ast_type){.kind = TY_BOOL, .loc = at};
		d->init = ast_expr_new(EX_BOOL, at);
		for (size_t l = 0; l < m->rs.nlocales; l++) {
			ast_stmt *label = ast_stmt_new(ST_LABEL, at);
			label->name = xstrdup(m->rs.locales[l]);
			label->text = earlier_label(m, m->earlier[k].outcome, m->rs.locales[l]);
			label->text_loc = at;
			d->body = AST_APPEND(d->body, label);
		}
		cite_rule(m, d, &m->earlier[k]);
		m->made_inputs[made++] = d;
		defs[n++] = d;
	}
	m->nmade_inputs = made;
	if (made)
		model_set_defs(m, DEF_INPUT, defs, n);
	free(defs);
	/* Marked here, where they are made (or a declared one taken), not told
	 * by their names: an input the file calls 'earlier_eliminated' that no
	 * rewrite reads as 'earlier eliminated' stays the file's own. */
	if (m->nearlier)
		m->earlier_inputs = model_array(m, m->ndefs[DEF_INPUT] ? m->ndefs[DEF_INPUT] : 1,
						sizeof *m->earlier_inputs);
	for (size_t k = 0; k < m->nearlier; k++) {
		char id[256];
		snprintf(id, sizeof id, "earlier_%s", m->earlier[k].outcome);
		int in = model_find(m, DEF_INPUT, id);
		if (in >= 0)
			m->earlier_inputs[in] = true;
	}
}

void pass_earlier_on(model *m)
{
	for (size_t k = 0; k < m->nearlier; k++) {
		const struct model_earlier *u = &m->earlier[k];
		bool told = false; /* an unknown outcome: said at its first use */
		for (size_t j = 0; j < k && !told; j++)
			told = strcmp(m->earlier[j].outcome, u->outcome) == 0;
		int o = told ? model_find(m, DEF_OUTCOME, u->outcome)
			     : resolve_def(m, DEF_OUTCOME, u->outcome, u->loc);
		char id[256];
		snprintf(id, sizeof id, "earlier_%s", u->outcome);
		int in = model_find(m, DEF_INPUT, id);
		if (o < 0 || in < 0 || m->rs.inputs[in].type != RTAB_TYPE_BOOL)
			continue;
		for (size_t i = 0; m->outcomes_built && i < m->rs.noutcomes; i++) {
			rtab_outcome *out = &m->outcomes_built[i];
			rtab_trigger *triggers = NULL; /* a writable copy, once one changes */
			for (size_t t = 0; t < out->ntriggers; t++) {
				const rtab_trigger *was = &out->triggers[t];
				if (was->target.kind != RTAB_TARGET_TABLE || was->target.index != u->table ||
				    was->times.ninstrs == 0)
					continue;
				if (!triggers) {
					triggers = model_array(m, out->ntriggers, sizeof *triggers);
					memcpy(triggers, out->triggers, out->ntriggers * sizeof *triggers);
					out->triggers = triggers;
				}
				rtab_trigger *tr = &triggers[t];
				bool set = false;
				for (size_t s = 0; s < tr->nsets; s++)
					set |= tr->sets[s].input == in;
				if (set || tr->nsets >= RTAB_MAX_SETS)
					continue; /* its own, or no room: the limit is reported with the sets */
				rtab_trigger_set *sets = model_array(m, tr->nsets + 1u, sizeof *sets);
				if (tr->nsets)
					memcpy(sets, tr->sets, tr->nsets * sizeof *sets);
				rtab_instr *first = model_array(m, 1, sizeof *first);
				*first = (rtab_instr){RTAB_OP_CONST, 0};
				sets[tr->nsets] = (rtab_trigger_set){.input = (uint16_t)in, .value = {1, first, NULL},
								     .each = RTAB_SET_EARLIER, .earlier = (uint16_t)o};
				tr->sets = sets;
				tr->nsets++;
			}
		}
	}
}
