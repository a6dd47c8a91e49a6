/* SPDX-License-Identifier: MIT */
/* The odds the player aid shows first, as rtab odds --json prints them. */
#include "analysis/odds_ahead.h"

#include "analysis/odds_report.h"
#include "base/msg.h"
#include "base/work.h"
#include "check/names/rule_refs.h"
#include "check/passes/sema_require.h"

#include <stdlib.h>
#include <string.h>

const char *odds_ahead_definition(const rtab_ruleset *rs)
{
	if (rs->ntables)
		return rs->tables[0].id;
	if (rs->ndistances)
		return rs->distances[0].id;
	return NULL;
}

/* The outcome groups the ruleset declares: what rtab odds reads without --group. */
static odds_group *declared_groups(const model *m, size_t *n)
{
	*n = m->outcome_groups ? m->ndefs[DEF_OUTCOMES] : 0;
	odds_group *groups = xcalloc(*n + 1, sizeof *groups);
	for (size_t i = 0; i < *n; i++) {
		const model_outcome_group *g = &m->outcome_groups[i];
		groups[i] = (odds_group){g->id, g->labels, g->members, g->nmembers, NULL};
	}
	return groups;
}

bool odds_ahead_json(model *m, const char *edition, strbuf *out)
{
	const rtab_ruleset *rs = &m->rs;
	if (!odds_ahead_definition(rs) || !rs->nlocales)
		return false;
	int32_t *inputs = xcalloc(rs->ninputs ? rs->ninputs : 1, sizeof *inputs);
	rtab_inputs_default(rs, inputs, rs->ninputs);
	strbuf broken = {0};
	bool ok = !requirement_broken_text(rs, inputs, &broken);
	sb_free(&broken);
	/* The labels of locale 0, and its headings where the catalogue has
	 * them (else those of the language chosen). */
	msg_lang words = msg_chosen();
	msg_find(rs->locales[0], &words);
	model_rules_in_locale(m, 0);
	odds_quantiles quantiles;
	odds_quantiles_default(&quantiles);
	size_t ngroups;
	odds_group *groups = declared_groups(m, &ngroups);
	work_budget work = work_start(0);
	strbuf sb = {0};
	odds_report o = {&sb, rs, 0, ODDS_FMT_JSON, edition, &quantiles, groups, ngroups, m, &work,
			 words};
	if (ok && rs->ntables) {
		odds_dist d = {0};
		ok = work_spend(&work, odds_table_steps(rs, 0)) && odds_table(rs, 0, inputs, 0, &d) == RTAB_OK;
		if (ok)
			odds_report_table(&o, 0, &d, 0, NULL);
		odds_dist_free(&d);
	} else if (ok) {
		ok = odds_report_distance(&o, 0, inputs) == RTAB_OK;
	}
	ok = ok && sb.len;
	if (ok)
		sb_put(out, sb.data, sb.len);
	odds_groups_free(groups, ngroups);
	sb_free(&sb);
	free(inputs);
	return ok;
}
