/* SPDX-License-Identifier: MIT */
/* Rule references per locale (@ en "..." ru "..."): read and checked from a
 * definition, and put in place of the plain reference for a reader's locale. */
#include "check/names/rule_refs.h"

#include "check/checks.h"

#include <stdlib.h>
#include <string.h>

/* How the checks of references per locale name what they check: the
 * opening of a reference in a locale the ruleset lacks, up to "locale"
 * ("table 't' gives a rule reference in"), who gives them ("table 't'")
 * and what one locale's is called ("rule reference", "text"). */
typedef struct ref_words {
	const char *unknown, *who, *one;
} ref_words;

enum { REF_UNDECLARED = -1, REF_AGAIN = -2 };

/* The ruleset's locale of reference s (LOCALE "TEXT"), marked in seen (by
 * locale); REF_UNDECLARED for a locale the ruleset does not declare and
 * REF_AGAIN for one seen before, each reported at s when report. */
static int ref_locale(model *m, const ast_stmt *s, const ast_stmt **seen, bool report,
		      const ref_words *w)
{
	int l = rtab_find_locale(&m->rs, s->name);
	if (l < 0) {
		if (report) {
			strbuf declared = {0};
			for (size_t k = 0; k < m->rs.nlocales; k++)
				sb_printf(&declared, "%s%s", k ? ", " : "", m->rs.locales[k]);
			check_report(m, CHECK_RULE_REFERENCE, s->name_loc,
				     "%s locale '%s', which the ruleset does not declare; write one of its locales (%s) or add '%s' to 'locales'",
				     w->unknown, s->name, declared.data ? declared.data : "",
				     s->name);
			free(declared.data);
		}
		return REF_UNDECLARED;
	}
	if (seen[l]) {
		if (report) {
			check_report(m, CHECK_RULE_REFERENCE, s->name_loc,
				     "%s gives its '%s' %s twice; remove one", w->who, s->name,
				     w->one);
			check_note(m, seen[l]->name_loc, "the first '%s' %s is here", s->name,
				   w->one);
		}
		return REF_AGAIN;
	}
	seen[l] = s;
	return l;
}

/* The locales of one part's references (a row's, a step's): each declared,
 * once, and every declared one given. */
static void check_part_refs(model *m, const ast_def *d, const char *what, const ast_part_refs *p)
{
	size_t n = m->rs.nlocales;
	const ast_stmt **seen = xcalloc(n ? n : 1, sizeof *seen);
	bool complete = true;
	strbuf who = {0}, unknown = {0};
	sb_printf(&who, "a rule reference in %s '%s'", what, d->id);
	sb_printf(&unknown, "%s is in", who.data);
	ref_words words = {unknown.data, who.data, "text"};
	for (const ast_stmt *s = p->locales; s; s = s->next)
		complete &= ref_locale(m, s, seen, true, &words) != REF_UNDECLARED;
	sb_free(&who);
	sb_free(&unknown);
	for (size_t l = 0; complete && l < n; l++)
		if (!seen[l])
			check_report(m, CHECK_MISSING_REFERENCE, p->at,
				     "a rule reference in %s '%s' is given per locale but not in '%s'; add %s \"...\" after '@'",
				     what, d->id, m->rs.locales[l], m->rs.locales[l]);
	free(seen);
}

rtab_labels part_rule_refs(model *m, const char *written, const char **rule)
{
	if (!ast_rule_per_locale(written)) {
		*rule = arena_strdup(&m->arena, written);
		return NULL;
	}
	size_t n = m->rs.nlocales;
	const char **refs = n ? model_array(m, n, sizeof *refs) : NULL;
	const char *first = NULL;
	/* Each AST_REFS_LOCALE LOCALE AST_REFS_TEXT TEXT; a locale given twice
	 * or not declared is reported by check_part_refs: the first is kept. */
	for (const char *p = written; *p == AST_REFS_LOCALE;) {
		const char *locale = p + 1, *sep = strchr(locale, AST_REFS_TEXT);
		if (!sep)
			break;
		const char *text = sep + 1, *end = strchr(text, AST_REFS_LOCALE);
		size_t len = end ? (size_t)(end - text) : strlen(text);
		char *id = xstrndup(locale, (size_t)(sep - locale));
		const char *copy = arena_strndup(&m->arena, text, len);
		int l = rtab_find_locale(&m->rs, id);
		free(id);
		if (!first)
			first = copy;
		if (l >= 0 && !refs[l])
			refs[l] = copy;
		p = end ? end : text + len;
	}
	/* The reference every reader without a locale sees: the first locale's. */
	*rule = refs && refs[0] ? refs[0] : first;
	return refs;
}

rtab_labels read_rule_refs(model *m, const ast_def *d, const char *what, const char **rule)
{
	size_t n = m->rs.nlocales;
	/* An outcome's instance repeats its declaration's parts, reported there. */
	for (const ast_part_refs *p = d->instance ? NULL : d->part_refs; p; p = p->next)
		check_part_refs(m, d, what, p);
	*rule = arena_strdup(&m->arena, d->rule);
	if (!d->refs || n == 0)
		return NULL;
	const char **refs = model_array(m, n, sizeof *refs);
	const ast_stmt **seen = xcalloc(n, sizeof *seen);
	/* An outcome's instance repeats its declaration's references, reported there. */
	bool complete = !d->instance, report = !d->instance;
	strbuf who = {0}, unknown = {0};
	sb_printf(&who, "%s '%s'", what, d->id);
	sb_printf(&unknown, "%s gives a rule reference in", who.data);
	ref_words words = {unknown.data, who.data, "rule reference"};
	for (const ast_stmt *s = d->refs; s; s = s->next) {
		int l = ref_locale(m, s, seen, report, &words);
		if (l == REF_UNDECLARED)
			complete = false;
		else if (l >= 0)
			refs[l] = arena_strdup(&m->arena, s->text);
	}
	sb_free(&who);
	sb_free(&unknown);
	free(seen);
	for (size_t l = 0; complete && l < n; l++)
		if (!refs[l])
			check_report(m, CHECK_MISSING_REFERENCE, d->id_loc,
				     "%s '%s' gives rule references per locale but none in '%s'; add %s \"...\" after '@'",
				     what, d->id, m->rs.locales[l], m->rs.locales[l]);
	/* The reference every reader without a locale sees: the first locale's. */
	if (refs[0])
		*rule = refs[0];
	return refs;
}

/* What a part of a definition shows (a row, a trigger, an option, a step):
 * the definition's reference in the reader's locale where it takes the
 * definition's (the text of one of its references), else its own. */
static const char *part_rule(const rtab_ruleset *rs, const char *part, const char *rule,
			     rtab_labels rules, const char *shown)
{
	if (!part || !rules)
		return part;
	if (rule && strcmp(part, rule) == 0)
		return shown;
	for (size_t l = 0; l < rs->nlocales; l++)
		if (rules[l] && strcmp(part, rules[l]) == 0)
			return shown;
	return part;
}

/* The structures are the model's own (its arena): writable, though the
 * runtime's arrays are declared const. */
#define RULES_IN(count, type, array)                                                  \
	for (size_t i = 0; i < rs->count; i++) {                                        \
		type *x = (type *)&rs->array[i];                                        \
		x->rule = rtab_rule(rs, x->rule, x->rules, locale);                     \
	}

/* The parts of definition x: each its own reference in the locale where it
 * gives them per locale, else as part_rule says. */
#define PARTS_IN(type, n, parts)                                                     \
	for (size_t k = 0; k < x->n; k++) {                                             \
		type *p = (type *)&x->parts[k];                                         \
		p->rule = p->rules ? rtab_rule(rs, p->rule, p->rules, locale)           \
				   : part_rule(rs, p->rule, x->rule, x->rules, shown);   \
	}

static void parts_in_locale(rtab_ruleset *rs, size_t locale)
{
	for (size_t i = 0; i < rs->ntables; i++) {
		const rtab_table *x = &rs->tables[i];
		const char *shown = rtab_rule(rs, x->rule, x->rules, locale);
		if (x->rows)
			PARTS_IN(rtab_row, nrows, rows)
		if (x->row_notes)
			PARTS_IN(rtab_row_note, nrow_notes, row_notes)
		PARTS_IN(rtab_natural_rule, nnatural, natural)
		PARTS_IN(rtab_rewrite, nrewrites, rewrites)
	}
	for (size_t i = 0; i < rs->noutcomes; i++) {
		const rtab_outcome *x = &rs->outcomes[i];
		const char *shown = rtab_rule(rs, x->rule, x->rules, locale);
		PARTS_IN(rtab_trigger, ntriggers, triggers)
	}
	for (size_t i = 0; i < rs->nreaction_sets; i++) {
		const rtab_reaction_set *x = &rs->reaction_sets[i];
		const char *shown = rtab_rule(rs, x->rule, x->rules, locale);
		PARTS_IN(rtab_option, noptions, options)
	}
	for (size_t i = 0; i < rs->nprocedures; i++) {
		const rtab_procedure *x = &rs->procedures[i];
		const char *shown = rtab_rule(rs, x->rule, x->rules, locale);
		PARTS_IN(rtab_procedure_step, nsteps, steps)
	}
}

void model_rules_in_locale(model *m, size_t locale)
{
	rtab_ruleset *rs = &m->rs;
	if (locale >= rs->nlocales)
		return;
	/* The parts first: they are known by the definitions' references as written. */
	parts_in_locale(rs, locale);
	rs->rule = rtab_rule(rs, rs->rule, rs->rules, locale);
	RULES_IN(nenums, rtab_enum, enums)
	RULES_IN(ninputs, rtab_input, inputs)
	RULES_IN(ndice, rtab_dice, dice)
	RULES_IN(neffect_kinds, rtab_effect_kind, effect_kinds)
	RULES_IN(noutcomes, rtab_outcome, outcomes)
	RULES_IN(nnumeric_outcomes, rtab_numeric_outcome, numeric_outcomes)
	RULES_IN(nmatrices, rtab_matrix, matrices)
	RULES_IN(nbands, rtab_band, bands)
	RULES_IN(ngroups, rtab_group, groups)
	RULES_IN(nmodifiers, rtab_modifier, modifiers)
	RULES_IN(ntables, rtab_table, tables)
	RULES_IN(nreaction_sets, rtab_reaction_set, reaction_sets)
	RULES_IN(ntransitions, rtab_transition, transitions)
	RULES_IN(ndistances, rtab_distance, distances)
	RULES_IN(nprocedures, rtab_procedure, procedures)
	RULES_IN(nrequirements, rtab_requirement, requirements)
}
