/* SPDX-License-Identifier: MIT */
/* rtab odds: its options and the situation; the reports are analysis/odds_report.c. */
#include "cli/cli.h"
#include "analysis/odds_report.h"
#include "cli/cli_inputs.h"
#include "check/proofs/drm_modifier.h"
#include "check/passes/sema_require.h"
#include "check/load.h"
#include "check/names/rule_refs.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of odds_format. */
static const char *const formats[] = {"text", "markdown", "csv", "json", NULL};

static const cli_opt options[] = {
	{"--set", 0, "INPUT=VALUE", "the situation (inputs not set take their defaults)", NULL},
	{"--drm", 0, "N|MODIFIER", "a modifier computed outside, added before the cap; or a\n"
	 "modifier of the table by name, which applies with its value", NULL},
	{"--all", 0, NULL,
	 "every column and every modifier total the table can see,\n"
	 "as one grid (the situation's own modifiers replaced by each total)", NULL},
	{"--format", 0, "F", "text (default, with a bar per outcome), markdown, csv or json", formats},
	{"--json", 0, NULL, "the same as --format json", NULL},
	{"--locale", 0, "L", "the language of the labels", NULL},
	{"--quantiles", 0, "Q,Q...", "the quantiles of the statistics (default 0.1,0.5,0.9)", NULL},
	{"--group", 0, "NAME=A,B", "outcomes A, B... read together as NAME, beside the\n"
	 "groups the ruleset declares (repeatable)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
enum { OPT_SET, OPT_DRM, OPT_ALL, OPT_FORMAT, OPT_JSON, OPT_LOCALE, OPT_QUANTILES, OPT_GROUP };

static const cli_verb verb = {
	.name = "odds",
	.usage = "rtab odds FILE NAME [--set INPUT=VALUE]... [--drm N|MODIFIER] [--all]\n"
		 "                 [--json | --format text|markdown|csv|json] [--locale LOCALE]\n"
		 "                 [--quantiles Q,Q...] [--group NAME=A,B]...",
	.about = "\nThe exact probability of every outcome of table NAME, in the column its\n"
		 "inputs select, found by resolving every natural roll of its dice (never by\n"
		 "sampling): natural-roll rules, rewrites, stacking groups and caps included.\n"
		 "Each outcome, in the order of the column's rolls, with the rolls that give it,\n"
		 "its reduced fraction, its percentage, and the cumulative odds of it or any row\n"
		 "above it, and of it or any row below it; rolls past every row are counted as\n"
		 "(no row), with a warning. NAME may also be a distance: the distribution of its\n"
		 "value in each of its units. --edition names the edition in the output.\n"
		 "Under it, the statistics of every number the rolls give (the modified roll,\n"
		 "the numbers results carry, effects' integer arguments, a distance's value):\n"
		 "exact mean, standard deviation, lowest, lower quantiles and highest.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 success, 1 errors in the file, 2 bad usage, 3 out of memory.\n",
};

typedef struct odds_args {
	const char *file, *name;
	size_t npos;
	cli_sets sets; /* --set INPUT=VALUE */
	long drm;
	const char *drm_modifier; /* --drm NAME: that modifier applies, with its value */
	bool has_drm, all;
	odds_format format;
	odds_quantiles quantiles;
	const char *quantiles_text; /* --quantiles */
	const char **group_texts;   /* --group NAME=A,B */
	size_t ngroup_texts;
} odds_args;

static int take(void *arg, int opt, const char *value)
{
	odds_args *a = arg;
	switch (opt) {
	case OPT_SET: return cli_sets_add("odds", &a->sets, value);
	case OPT_DRM:
		if (cli_drm_is_name(value) && !a->has_drm) {
			a->drm_modifier = value;
			a->has_drm = true;
			return EXIT_OK;
		}
		if (a->drm_modifier || !cli_parse_long(value, &a->drm))
			return usage_error("odds", "--drm needs an integer or the name of a modifier, not '%s'",
					   value);
		a->has_drm = true;
		return EXIT_OK;
	case OPT_ALL: a->all = true; return EXIT_OK;
	case OPT_FORMAT: a->format = (odds_format)cli_choice(formats, value); return EXIT_OK;
	case OPT_JSON: a->format = ODDS_FMT_JSON; return EXIT_OK;
	case OPT_QUANTILES: a->quantiles_text = value; return EXIT_OK; /* read once --help is ruled out */
	case OPT_GROUP: /* read against the table's outcomes once the file is loaded */
		a->group_texts = xrealloc(a->group_texts, (a->ngroup_texts + 1) * sizeof *a->group_texts);
		a->group_texts[a->ngroup_texts++] = value;
		return EXIT_OK;
	case -1:
		if (a->npos == 2)
			return usage_error("odds", "unexpected argument '%s'", value);
		*(a->npos++ ? &a->name : &a->file) = value;
		return EXIT_OK;
	default: return EXIT_OK; /* --locale: in the context */
	}
}

/* Rolls whose modified roll matches no row: say so, as rtab eval does. */
static void no_row_warning(const rtab_ruleset *rs, size_t ti, const odds_dist *d,
			   const diag_options *opts)
{
	const rtab_table *t = &rs->tables[ti];
	if (!d->no_row)
		return;
	strbuf where = {0};
	if (t->ncolumns > 1)
		sb_printf(&where, "column '%s' of table '%s'", t->columns[d->column].id, t->id);
	else
		sb_printf(&where, "table '%s'", t->id);
	cli_warning("odds", opts,
		    "%llu of %llu rolls take the modified roll to %ld..%ld (modifier %+ld), where %s has no row: listed as (no row)",
		    (unsigned long long)d->no_row, (unsigned long long)d->total, (long)d->no_row_min,
		    (long)d->no_row_max, (long)d->modifier, where.data);
	sb_free(&where);
}

/* The groups odds reads: the ruleset's, then those of --group. */
static int read_groups(const model *m, const odds_args *a, int table, odds_group **groups, size_t *ngroups)
{
	size_t nd = m->outcome_groups ? m->ndefs[DEF_OUTCOMES] : 0;
	*groups = xcalloc(nd + a->ngroup_texts + 1, sizeof **groups);
	*ngroups = 0;
	for (size_t i = 0; i < nd; i++) {
		const model_outcome_group *g = &m->outcome_groups[i];
		(*groups)[(*ngroups)++] = (odds_group){g->id, g->labels, g->members, g->nmembers, NULL};
	}
	if (a->ngroup_texts && table < 0)
		return usage_error("odds", "--group applies to tables only; '%s' is a distance", a->name);
	for (size_t i = 0; i < a->ngroup_texts; i++) {
		char *why;
		if (!odds_group_parse(&m->rs, (size_t)table, a->group_texts[i], *groups, *ngroups, &(*groups)[*ngroups],
				      &why)) {
			int status = usage_error("odds", "%s", why);
			free(why);
			return status;
		}
		(*ngroups)++;
	}
	return EXIT_OK;
}

int cmd_odds(cli_ctx *c, int argc, char **argv)
{
	odds_group *groups = NULL;
	size_t ngroups = 0;
	odds_args a = {0};
	odds_quantiles_default(&a.quantiles);
	loaded l;
	int32_t *inputs = NULL;
	strbuf out = {0};
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);

	if (status == EXIT_OK && (!a.file || !a.name))
		status = usage_error("odds", "give a FILE and the NAME of a table or a distance");
	else if (status == EXIT_OK && a.all && a.has_drm)
		status = usage_error("odds", "--all shows every modifier total; drop --drm");
	else if (status == EXIT_OK && a.quantiles_text && !odds_quantiles_parse(a.quantiles_text, &a.quantiles))
		status = usage_error("odds",
				     "--quantiles needs decimals from 0 to 1 separated by commas (at most %d, "
				     "nine places each), as 0.1,0.5,0.9, not '%s'",
				     ODDS_MAX_QUANTILES, a.quantiles_text);
	if (status) {
		free(a.group_texts);
		return status < 0 ? EXIT_OK : status;
	}
	if (!cli_load_kept(&l, a.file, c->edition, c->locale, stderr, &c->diag)) {
		loaded_free(&l);
		free(a.group_texts);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	const char *edition = c->edition;
	free(cli_split_edition(a.file, &edition)); /* FILE@EDITION names it too */
	work_budget work = work_start(c->diag.max_work);
	odds_report o = {&out, rs, 0, a.format, edition, &a.quantiles, NULL, 0, &l.model, &work,
			 {0}};
	status = cli_locale("odds", rs, c->locale, NULL, &o.locale);
	o.words = msg_chosen(); /* as --locale chose it */
	if (status != EXIT_OK)
		goto done;
	model_rules_in_locale(&l.model, o.locale);
	status = cli_sets_inputs("odds", rs, &a.sets, &inputs);
	if (status != EXIT_OK)
		goto done;

	int rc, t = rtab_find_table(rs, a.name), k = rtab_find_distance(rs, a.name);
	if (t >= 0 || k >= 0) {
		status = read_groups(&l.model, &a, t, &groups, &ngroups);
		o.groups = groups;
		o.ngroups = ngroups;
		if (status != EXIT_OK)
			goto done;
	}
	strbuf broken = {0};
	if ((t >= 0 || k >= 0) && requirement_broken_text(rs, inputs, &broken)) {
		cli_error("odds", &c->diag, "%s: the situation breaks %s", a.name, broken.data);
		sb_free(&broken);
		status = EXIT_INPUT;
		goto done;
	}
	if (t >= 0 && a.all) {
		char *why;
		rc = odds_report_all(&o, (size_t)t, inputs, &why);
		if (why)
			cli_error("odds", &c->diag, "%s", why);
		free(why);
		if (rc == ODDS_E_GRID_TOO_MANY || rc == ODDS_E_WORK) {
			status = EXIT_INPUT;
			goto done;
		}
	} else if (t >= 0 && cli_step_drm("odds", rs, (size_t)t, a.drm) != EXIT_OK) {
		status = EXIT_USAGE;
		goto done;
	} else if (t >= 0) {
		odds_dist d;
		int forced = -1;
		if (a.drm_modifier) {
			status = cli_drm_modifier("odds", rs, (size_t)t, a.drm_modifier, a.file, &forced);
			if (status != EXIT_OK)
				goto done;
		}
		/* A named modifier: the odds of a copy of the ruleset in which it always applies. */
		rtab_ruleset one = forced >= 0 ? ruleset_with_modifier(rs, (size_t)forced) : *rs;
		uint64_t steps = odds_table_steps(&one, (size_t)t);
		if (!work_spend(&work, steps)) {
			char what[300];
			snprintf(what, sizeof what, "odds of table '%s' (%llu resolutions of %llu steps each)", a.name,
				 (unsigned long long)odds_table_resolutions(&one, (size_t)t),
				 (unsigned long long)odds_resolution_steps(&one, (size_t)t));
			diag_past_work(&l.diag, SEV_ERROR, l.model.tables[t].def->id_loc, what, steps, work.limit);
			if (forced >= 0)
				ruleset_with_modifier_free(&one);
			status = EXIT_INPUT;
			goto done;
		}
		rc = odds_table(&one, (size_t)t, inputs, (int32_t)a.drm, &d);
		if (forced >= 0)
			ruleset_with_modifier_free(&one);
		if (rc == RTAB_OK) {
			odds_report_table(&o, (size_t)t, &d, a.drm, a.drm_modifier);
			no_row_warning(rs, (size_t)t, &d, &c->diag);
		}
		odds_dist_free(&d);
	} else if (k >= 0) {
		if (a.all || a.has_drm) {
			status = usage_error("odds", "%s applies to tables only; '%s' is a distance",
					     a.all ? "--all" : "--drm", a.name);
			goto done;
		}
		rc = odds_report_distance(&o, (size_t)k, inputs);
	} else {
		strbuf sb = {0};
		sb_join_ids(&sb, &rs->tables[0].id, rs->ntables, sizeof(rtab_table));
		sb_join_ids(&sb, &rs->distances[0].id, rs->ndistances, sizeof(rtab_distance));
		bool other = rtab_find_reaction_set(rs, a.name) >= 0 || rtab_find_transition(rs, a.name) >= 0 ||
			     rtab_find_procedure(rs, a.name) >= 0;
		status = usage_error("odds", "%s '%s' in %s (tables and distances: %s)",
				     other ? "no dice decide" : "no table or distance named", a.name,
				     a.file, sb.data ? sb.data : "none");
		sb_free(&sb);
		goto done;
	}
	if (rc == ODDS_E_WORK) {
		status = EXIT_INPUT; /* said where the distance is */
		goto done;
	}
	if (rc != RTAB_OK) {
		cli_error("odds", &c->diag, "%s: %s", a.name, odds_status_message(rc));
		status = EXIT_INPUT;
		goto done;
	}
	if (out.data)
		fputs(out.data, stdout);
done:
	odds_groups_free(groups, ngroups);
	free(a.group_texts);
	sb_free(&out);
	free(inputs);
	loaded_free(&l);
	return status;
}
