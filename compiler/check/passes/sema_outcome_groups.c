/* SPDX-License-Identifier: MIT */
/* Outcome groups: their labels and members, checked (see sema_outcome_groups.h). */
#include "check/passes/sema_outcome_groups.h"

#include "check/passes/body.h"
#include "check/checks.h"
#include "check/names/unknown.h"

#include <stdlib.h>
#include <string.h>

/* The numeric outcome (loss) a member may name for all its instantiations, or -1. */
static int numeric_family(const rtab_ruleset *rs, const char *id)
{
	for (size_t f = 0; f < rs->nnumeric_outcomes; f++)
		if (strcmp(rs->numeric_outcomes[f].id, id) == 0)
			return (int)f;
	return -1;
}

/* Add outcome o to g, or say it is there already. */
static void add_member(model *m, model_outcome_group *g, uint16_t o, const ast_stmt *s)
{
	for (size_t k = 0; k < g->nmembers; k++)
		if (g->members[k] == o) {
			check_report(m, CHECK_OUTCOME_GROUP, s->name_loc,
				     "outcome group '%s' names outcome '%s' twice: remove one",
				     g->id, m->rs.outcomes[o].id);
			return;
		}
	g->members[g->nmembers++] = o;
}

static void resolve_group(model *m, const ast_def *d, model_outcome_group *g)
{
	const rtab_ruleset *rs = &m->rs;
	def_head(m, d, "outcome group", &g->id, &g->labels, &g->rule, &g->rules);
	g->members = model_array(m, rs->noutcomes ? rs->noutcomes : 1, sizeof *g->members);
	if (rtab_find_outcome(rs, d->id) >= 0 || numeric_family(rs, d->id) >= 0)
		check_report(m, CHECK_OUTCOME_GROUP, d->id_loc,
			     "outcome group '%s' has the name of an outcome: rename the group, "
			     "as odds lists both",
			     d->id);
	bool named = false;
	for (const ast_stmt *s = d->body; s; s = s->next) {
		if (s->kind == ST_LABEL)
			continue;
		if (s->kind != ST_VALUE || s->body) {
			report_misplaced(m, s, "an outcome group");
			continue;
		}
		named = true;
		int o = rtab_find_outcome(rs, s->name);
		int f = o < 0 ? numeric_family(rs, s->name) : -1;
		if (o >= 0) {
			add_member(m, g, (uint16_t)o, s);
		} else if (f >= 0) { /* every result of an outcome that carries numbers */
			for (size_t k = 0; k < rs->noutcomes; k++)
				if (rs->outcomes[k].nvalues && rs->outcomes[k].numeric == f)
					add_member(m, g, (uint16_t)k, s);
		} else {
			char *within = xasprintf("in outcome group '%s'", g->id);
			report_unknown_in(m, s->name_loc, "outcome", s->name, within, &rs->outcomes[0].id,
					  rs->noutcomes, sizeof(rtab_outcome));
			free(within);
		}
	}
	if (!named)
		check_report(m, CHECK_OUTCOME_GROUP, d->id_loc,
			     "outcome group '%s' names no outcome: list its outcomes, "
			     "one per line ('%s;'), or remove it",
			     d->id, rs->noutcomes ? rs->outcomes[0].id : "OUTCOME");
}

void resolve_outcome_groups(model *m)
{
	size_t n = m->ndefs[DEF_OUTCOMES];
	m->outcome_groups = model_array(m, n ? n : 1, sizeof *m->outcome_groups);
	for (size_t i = 0; i < n; i++)
		resolve_group(m, m->defs[DEF_OUTCOMES][i], &m->outcome_groups[i]);
}
