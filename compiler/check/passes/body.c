/* SPDX-License-Identifier: MIT */
/* What the body of any definition may hold: labels, a reason, statements
 * counted, and statements written where they do not belong. */
#include "check/passes/body.h"

#include "check/checks.h"
#include "check/names/rule_refs.h"
#include "check/names/unknown.h"

#include <stdlib.h>
#include <string.h>

rtab_labels read_labels(model *m, const ast_stmt *body, const char *what, const char *id,
			src_loc loc, bool want_labels)
{
	size_t n = m->rs.nlocales;
	const char **labels = model_array(m, n ? n : 1, sizeof *labels);
	const ast_stmt **seen = xcalloc(n ? n : 1, sizeof *seen);

	/* Without a header there are no locales to check against: that error is reported. */
	if (!m->ruleset_def || n == 0) {
		free(seen);
		return labels;
	}
	/* After a syntax error a label may simply have been dropped. */
	want_labels &= m->syntax_errors == 0;
	for (const ast_stmt *s = body; s; s = s->next) {
		if (s->kind != ST_LABEL)
			continue;
		int l = rtab_find_locale(&m->rs, s->name);
		if (l < 0 && strcmp(s->name, "code") == 0 && strcmp(what, "outcome") == 0)
			continue; /* a code pattern: read (and reported) with the numeric outcomes */
		if (l < 0) {
			report_unknown(m, s->name_loc, "locale", s->name, m->rs.locales, n,
				       sizeof(const char *));
			want_labels = false; /* the misspelt locale is the finding */
			continue;
		}
		if (seen[l]) {
			check_report(m, CHECK_DUPLICATE, s->loc, "%s '%s' has a second '%s' label",
				     what, id, s->name);
			check_note(m, seen[l]->loc, "the first '%s' label is here", s->name);
			continue;
		}
		seen[l] = s;
		labels[l] = arena_strdup(&m->arena, s->text);
	}
	free(seen);
	if (want_labels)
		for (size_t l = 0; l < n; l++)
			if (!labels[l])
				check_report(m, CHECK_MISSING_LABEL, loc,
					     "%s '%s' has no '%s' label; add %s \"...\";", what, id,
					     m->rs.locales[l], m->rs.locales[l]);
	return labels;
}

size_t count_stmts(const ast_stmt *body, stmt_kind kind)
{
	size_t n = 0;
	for (const ast_stmt *s = body; s; s = s->next)
		n += s->kind == kind;
	return n;
}

const char *block_provisional(model *m, const ast_stmt *body)
{
	for (const ast_stmt *s = body; s; s = s->next)
		if (s->kind == ST_PROVISIONAL)
			return arena_strdup(&m->arena, s->text);
	return NULL;
}

void def_head(model *m, const ast_def *d, const char *what, const char **id, rtab_labels *labels,
	      const char **rule, rtab_labels *rules)
{
	*id = arena_strdup(&m->arena, d->id);
	*rules = read_rule_refs(m, d, what, rule);
	*labels = read_labels(m, d->body, what, d->id, d->id_loc, !d->instance);
}

void report_misplaced(model *m, const ast_stmt *s, const char *where)
{
	if (s->kind == ST_STRAY_WORDS) {
		check_report(m, CHECK_MISPLACED, s->loc,
			     "'%s %s' is no statement of %s; is a ';' missing after '%s'?", s->name,
			     s->ids ? s->ids->id : "...", where, s->name);
		return;
	}
	/* 'below;', 'roll;' alone: the word begins a statement left unfinished. */
	const char *hint = s->kind == ST_VALUE && !s->body ? statement_hint(s->name, true) : NULL;
	if (hint) {
		check_report(m, CHECK_MISPLACED, s->loc, "'%s' alone is no statement of %s; %s", s->name,
			     where, hint);
		return;
	}
	const stmt_construct *c = stmt_construct_of(s->kind);
	check_report(m, CHECK_MISPLACED, s->loc, "%s does not belong in %s; it belongs in %s", c->what,
		     where, c->home);
}
