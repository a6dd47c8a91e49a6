/* SPDX-License-Identifier: MIT */
/* The forms of a table's rows in the emitted C (see row_form.h). */
#include "codegen/row_form.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Rows that give the same references per locale share a note, though each
 * row holds its own copy. */
static bool same_rules(rtab_labels a, rtab_labels b, size_t nlocales)
{
	if (a == b)
		return true;
	if (!a || !b)
		return false;
	for (size_t l = 0; l < nlocales; l++)
		if (!same_text(a[l], b[l]))
			return false;
	return true;
}

static bool same_note(const row_form *form, size_t k, const char *rule, rtab_labels rules, const char *why)
{
	const rtab_row_note *n = &form->notes[k];
	return same_text(n->rule, rule) && same_text(n->provisional, why) && same_rules(n->rules, rules, form->nlocales);
}

size_t note_index(const row_form *form, const char *rule, rtab_labels rules, const char *why, size_t last)
{
	size_t k = last;
	if (k < form->nnotes && same_note(form, k, rule, rules, why))
		return k;
	for (k = 0; k < form->nnotes; k++)
		if (same_note(form, k, rule, rules, why))
			break;
	return k;
}

row_form row_form_of(const rtab_ruleset *rs, const rtab_table *t)
{
	row_form f = {.nlocales = rs->nlocales, .outcome8 = true};
	size_t last = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *rule = rtab_row_rule(t, r), *why = rtab_row_provisional(t, r);
		rtab_labels rules = rtab_row_rules(t, r);
		f.outcome8 &= rtab_row_outcome(t, r) <= UINT8_MAX;
		f.provisional |= why != NULL;
		if (f.wide || (r > 0 && rule == f.notes[last].rule && rules == f.notes[last].rules &&
			       why == f.notes[last].provisional))
			continue; /* the same strings as the row before */
		if ((last = note_index(&f, rule, rules, why, last)) < f.nnotes)
			continue;
		if (f.nnotes == UINT8_MAX + 1) {
			f.wide = true;
			continue;
		}
		f.notes = xrealloc(f.notes, (f.nnotes + 1) * sizeof *f.notes);
		f.notes[f.nnotes].rule = rule;
		f.notes[f.nnotes].rules = rules;
		f.notes[f.nnotes++].provisional = why;
	}
	if (f.wide) {
		free(f.notes);
		f.notes = NULL;
		f.nnotes = 0;
	} else if (f.nnotes == 1 && !f.notes[0].rule && !f.notes[0].rules && !f.notes[0].provisional) {
		f.nnotes = 0; /* no notes at all */
	}
	return f;
}
