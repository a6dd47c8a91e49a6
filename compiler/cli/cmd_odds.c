/* SPDX-License-Identifier: MIT */
/* rtab odds: exact probabilities of a table's outcomes, or of a distance's values. */
#include "cli/cli.h"
#include "base/msg.h"
#include "base/escape.h"
#include "base/json.h"
#include "cli/cli_inputs.h"
#include "check/sema_require.h"
#include "export/grid.h"
#include "check/load.h"
#include "check/rule_refs.h"
#include "analysis/odds.h"
#include "analysis/odds_grid.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In the order of odds_format. */
static const char *const formats[] = {"text", "markdown", "csv", "json", NULL};

static const cli_opt options[] = {
	{"--set", 0, "INPUT=VALUE", "the situation (inputs not set take their defaults)", NULL},
	{"--drm", 0, "N", "a modifier computed outside, added before the cap", NULL},
	{"--all", 0, NULL,
	 "every column and every modifier total the table can see,\n"
	 "as one grid (the situation's own modifiers replaced by each total)", NULL},
	{"--format", 0, "F", "text (default, with a bar per outcome), markdown, csv or json", formats},
	{"--json", 0, NULL, "the same as --format json", NULL},
	{"--locale", 0, "L", "the language of the labels", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
enum { OPT_SET, OPT_DRM, OPT_ALL, OPT_FORMAT, OPT_JSON };

static const cli_verb verb = {
	.name = "odds",
	.usage = "rtab odds FILE NAME [--set INPUT=VALUE]... [--drm N] [--all]\n"
		 "                 [--json | --format text|markdown|csv|json] [--locale LOCALE]",
	.about = "\nThe exact probability of every outcome of table NAME, in the column its\n"
		 "inputs select, found by resolving every natural roll of its dice (never by\n"
		 "sampling): natural-roll rules, rewrites, stacking groups and caps included.\n"
		 "Each outcome, in the order of the column's rolls, with the rolls that give it,\n"
		 "its reduced fraction, its percentage, and the cumulative odds of it or any row\n"
		 "above it, and of it or any row below it; rolls past every row are counted as\n"
		 "(no row), with a warning. NAME may also be a distance: the distribution of its\n"
		 "value in each of its units. --edition names the edition in the output.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 success, 1 errors in the file, 2 bad usage, 3 out of memory.\n",
};

typedef enum odds_format { FMT_TEXT, FMT_MARKDOWN, FMT_CSV, FMT_JSON } odds_format;

typedef struct odds_args {
	const char *file, *name;
	size_t npos;
	cli_sets sets; /* --set INPUT=VALUE */
	long drm;
	bool has_drm, all;
	odds_format format;
} odds_args;

static int take(void *arg, int opt, const char *value)
{
	odds_args *a = arg;
	switch (opt) {
	case OPT_SET: return cli_sets_add("odds", &a->sets, value);
	case OPT_DRM:
		if (!cli_parse_long(value, &a->drm))
			return usage_error("odds", "--drm needs an integer, not '%s'", value);
		a->has_drm = true;
		return EXIT_OK;
	case OPT_ALL: a->all = true; return EXIT_OK;
	case OPT_FORMAT: a->format = (odds_format)cli_choice(formats, value); return EXIT_OK;
	case OPT_JSON: a->format = FMT_JSON; return EXIT_OK;
	case -1:
		if (a->npos == 2)
			return usage_error("odds", "unexpected argument '%s'", value);
		*(a->npos++ ? &a->name : &a->file) = value;
		return EXIT_OK;
	default: return EXIT_OK; /* --locale: in the context */
	}
}

typedef struct out_ctx {
	strbuf *out;
	const rtab_ruleset *rs;
	size_t locale;
	odds_format format;
	const char *edition; /* --edition or FILE@EDITION, else NULL */
} out_ctx;

static const char *label_of(const out_ctx *o, rtab_labels l)
{
	const char *s = rtab_label(o->rs, l, o->locale);
	return s ? s : "";
}

/* Text the user wrote, in Markdown as text. */
static void put_text(const out_ctx *o, const char *s)
{
	if (o->format == FMT_MARKDOWN)
		markdown_escape(o->out, s, false);
	else
		sb_puts(o->out, s);
}

/* A column heading: in the reader's language, but CSV's stay as programs read them. */
static const char *head(const out_ctx *o, const char *s)
{
	return o->format == FMT_CSV ? s : msg(s);
}

/* After a heading's id: its label, quoted, and its rule. */
static void put_label_rule(const out_ctx *o, rtab_labels labels, const char *rule)
{
	if (*label_of(o, labels)) {
		sb_puts(o->out, " \"");
		put_text(o, label_of(o, labels));
		sb_putc(o->out, '"');
	}
	if (rule) {
		sb_puts(o->out, head(o, " (rule "));
		put_text(o, rule);
		sb_putc(o->out, ')');
	}
}

static void frac_cell(grid *g, uint64_t num, uint64_t den)
{
	strbuf sb = {0};
	odds_put_fraction(&sb, num, den);
	grid_cell(g, sb.data);
	sb_free(&sb);
}

static void percent_cell(grid *g, uint64_t num, uint64_t den)
{
	strbuf sb = {0};
	odds_put_percent(&sb, num, den);
	grid_cell(g, sb.data);
	sb_free(&sb);
}

/* A bar of eighths of a block, 20 blocks for 100%. */
static void bar_cell(grid *g, uint64_t num, uint64_t den)
{
	static const char *const part[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
	strbuf sb = {0};
	uint64_t eighths = den ? (num * 160 + den / 2) / den : 0; /* num <= den <= 2^24 */
	if (num && !eighths)
		eighths = 1;
	for (uint64_t i = 0; i < eighths / 8; i++)
		sb_puts(&sb, "█");
	sb_puts(&sb, part[eighths % 8]);
	grid_cell(g, sb.data);
	sb_free(&sb);
}

static void render_grid(const out_ctx *o, const grid *g)
{
	if (o->format == FMT_MARKDOWN)
		grid_markdown(o->out, g);
	else if (o->format == FMT_CSV)
		grid_csv(o->out, g);
	else
		grid_text(o->out, g, "  ");
}

/* The edition read, when one was asked for: a line under the heading. */
static void edition_line(const out_ctx *o)
{
	if (o->edition && o->format != FMT_CSV && o->format != FMT_JSON)
		sb_printf(o->out, "edition: %s%s", o->edition, o->format == FMT_MARKDOWN ? "\n\n" : "\n");
}

static void json_frac(strbuf *b, const char *key, uint64_t num, uint64_t den)
{
	sb_printf(b, "\"%s\": \"", key);
	odds_put_fraction(b, num, den);
	sb_puts(b, "\"");
}

static int32_t lowest_of(const odds_dist *d, uint16_t o)
{
	return o == ODDS_NO_RESULT ? d->lowest_none : o == ODDS_NO_ROW ? d->lowest_no_row : d->lowest[o];
}

static const char *outcome_name(const rtab_ruleset *rs, uint16_t o)
{
	return o == ODDS_NO_RESULT ? "(no result)" : o == ODDS_NO_ROW ? "(no row)" : rs->outcomes[o].id;
}

static const char *outcome_label(const out_ctx *o, uint16_t k, bool json)
{
	if (k == ODDS_NO_RESULT)
		return json ? NULL : "the table gives no result";
	if (k == ODDS_NO_ROW)
		return json ? NULL : "the modified roll matches no row";
	return json ? rtab_label(o->rs, o->rs->outcomes[k].labels, o->locale)
		    : label_of(o, o->rs->outcomes[k].labels);
}

static void json_outcome(strbuf *b, const rtab_ruleset *rs, uint16_t o)
{
	if (o == ODDS_NO_RESULT)
		sb_puts(b, "null, \"no_result\": true");
	else if (o == ODDS_NO_ROW)
		sb_puts(b, "null, \"no_row\": true");
	else
		json_string(b, rs->outcomes[o].id);
}

static uint64_t provisional_of(const odds_dist *d, uint16_t o)
{
	if (o == ODDS_NO_RESULT)
		return d->none_provisional;
	return o == ODDS_NO_ROW ? 0 : d->provisional[o];
}

/* The outcomes of one column in the order of its rolls: by the lowest natural
 * roll that gives each (stable: printed order breaks ties), those that cannot
 * occur last, in printed order. */
static void order_by_rolls(const odds_dist *d, uint16_t *order, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint16_t k = order[i];
		size_t j = i;
		while (j > 0 && lowest_of(d, order[j - 1]) > lowest_of(d, k)) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = k;
	}
}

static const char *dice_id(const rtab_ruleset *rs, const rtab_table *t)
{
	return t->dice == RTAB_NO_DICE ? NULL : rs->dice[t->dice].id;
}

/* One table in one situation. */
/* One number of a numeric outcome, over the rolls: a line of text (or markdown). */
static void number_text(void *arg, const odds_number *n)
{
	const out_ctx *o = arg;
	strbuf *b = o->out;
	sb_printf(b, "%s%s of %s: ", o->format == FMT_MARKDOWN ? "- " : "  ", n->param->id, n->numeric->id);
	if (n->numbered) {
		sb_printf(b, "average %s", n->average.data);
		if (strcmp(n->average.data, n->decimal.data) != 0)
			sb_printf(b, " (%s)", n->decimal.data);
		if (n->numbered == n->total) {
			sb_puts(b, " on every roll");
		} else {
			sb_puts(b, " on ");
			odds_put_fraction(b, n->numbered, n->total);
			sb_puts(b, " of the rolls");
		}
	}
	for (size_t k = 0; k < n->param->nspecials; k++) {
		if (!n->named[k])
			continue;
		sb_printf(b, "%s%s ", n->numbered || k ? ", " : "", n->param->specials[k].id);
		odds_put_fraction(b, n->named[k], n->total);
	}
	sb_putc(b, '\n');
}

typedef struct json_numbers {
	strbuf *b;
	size_t n;
} json_numbers;

/* {"numeric": "loss", "param": "e", "rolls": "10/10", "numbered": "1", "average": "67/10", "named": {"killed": "0"}} */
static void number_json(void *arg, const odds_number *n)
{
	json_numbers *j = arg;
	strbuf *b = j->b;
	sb_puts(b, j->n++ ? ",\n  {\"numeric\": " : "\n  {\"numeric\": ");
	json_string(b, n->numeric->id);
	sb_puts(b, ", \"param\": ");
	json_string(b, n->param->id);
	sb_puts(b, ", ");
	json_frac(b, "rolls", n->rolls, n->total);
	sb_puts(b, ", ");
	json_frac(b, "numbered", n->numbered, n->total);
	sb_puts(b, ", \"average\": ");
	json_string(b, n->numbered ? n->average.data : NULL);
	sb_puts(b, ", \"average_decimal\": ");
	json_string(b, n->numbered ? n->decimal.data : NULL);
	sb_puts(b, ", \"named\": {");
	for (size_t k = 0; k < n->param->nspecials; k++) {
		sb_puts(b, k ? ", " : "");
		json_frac(b, n->param->specials[k].id, n->named[k], n->total);
	}
	sb_puts(b, "}}");
}

/* The opening of a JSON answer: which ruleset, edition and table it is of. */
static void json_head(const out_ctx *o, const rtab_table *t)
{
	strbuf *b = o->out;
	sb_puts(b, "{\"ruleset\": ");
	json_string(b, o->rs->id);
	sb_puts(b, ", \"edition\": ");
	json_string(b, o->edition);
	sb_puts(b, ", \"table\": ");
	json_string(b, t->id);
}

static void print_table(const out_ctx *o, size_t ti, const odds_dist *d, long drm)
{
	const rtab_ruleset *rs = o->rs;
	const rtab_table *t = &rs->tables[ti];
	uint16_t *order = xcalloc(rs->noutcomes + 2u, sizeof *order);
	size_t n = odds_table_outcomes(rs, ti, order);
	if (d->none)
		order[n++] = ODDS_NO_RESULT;
	if (d->no_row)
		order[n++] = ODDS_NO_ROW;
	order_by_rolls(d, order, n);
	uint64_t *above = xcalloc(n ? n : 1, sizeof *above);
	strbuf *b = o->out;

	/* Cumulative sums: each at most d->total. */
	for (size_t i = 0; i < n; i++)
		above[i] = (i ? above[i - 1] : 0) + odds_outcome_count(d, order[i]);
	if (o->format == FMT_JSON) {
		json_head(o, t);
		sb_puts(b, ", \"rule\": ");
		json_string(b, t->rule);
		sb_puts(b, ", \"column\": ");
		json_string(b, t->columns[d->column].id);
		sb_puts(b, ", \"dice\": ");
		json_string(b, dice_id(rs, t));
		sb_printf(b, ", \"rolls\": %llu, \"drm\": %ld, \"modifier_raw\": %ld, \"modifier\": %ld, \"outcomes\": [",
			  (unsigned long long)d->total, drm, (long)d->modifier_raw, (long)d->modifier);
		for (size_t i = 0; i < n; i++) {
			uint64_t c = odds_outcome_count(d, order[i]);
			sb_puts(b, i ? ",\n  {\"outcome\": " : "\n  {\"outcome\": ");
			json_outcome(b, rs, order[i]);
			sb_puts(b, ", \"label\": ");
			json_string(b, outcome_label(o, order[i], true));
			sb_printf(b, ", \"rolls\": %llu, ", (unsigned long long)c);
			json_frac(b, "probability", c, d->total);
			sb_puts(b, ", \"percent\": ");
			odds_put_percent(b, c, d->total);
			sb_puts(b, ", ");
			json_frac(b, "this_or_above", above[i], d->total);
			sb_puts(b, ", ");
			json_frac(b, "this_or_below", d->total - (i ? above[i - 1] : 0), d->total);
			sb_puts(b, ", ");
			json_frac(b, "provisional", provisional_of(d, order[i]), d->total);
			sb_puts(b, "}");
		}
		sb_puts(b, "]");
		if (rs->nnumeric_outcomes) {
			json_numbers j = {b, 0};
			sb_puts(b, ", \"numbers\": [");
			odds_numbers(rs, d->count, d->total, number_json, &j);
			sb_puts(b, "]");
		}
		sb_puts(b, "}\n");
		goto done;
	}
	if (o->format == FMT_MARKDOWN)
		sb_printf(b, "### %s", t->id);
	else if (o->format == FMT_TEXT)
		sb_printf(b, "%s", t->id);
	if (o->format != FMT_CSV) {
		put_label_rule(o, t->labels, t->rule);
		if (t->ncolumns > 1)
			sb_printf(b, msg(", column %s"), t->columns[d->column].id);
		sb_puts(b, o->format == FMT_MARKDOWN ? "\n\n" : "\n");
		if (dice_id(rs, t))
			sb_printf(b, msg("%s: %llu equally likely rolls"), dice_id(rs, t),
				  (unsigned long long)d->total);
		else
			sb_puts(b, msg("no dice: keyed by the modifier total"));
		sb_printf(b, msg("; modifier %+ld"), (long)d->modifier_raw);
		if (d->modifier != d->modifier_raw)
			sb_printf(b, msg(", capped to %+ld"), (long)d->modifier);
		sb_puts(b, o->format == FMT_MARKDOWN ? "\n\n" : "\n");
		edition_line(o);
	}
	grid g;
	grid_init(&g, o->format == FMT_TEXT ? 9 : 8);
	grid_cell(&g, head(o, "outcome"));
	grid_cell(&g, head(o, "rolls"));
	grid_cell(&g, head(o, "probability"));
	grid_cell(&g, head(o, "percent"));
	if (o->format == FMT_TEXT)
		grid_cell(&g, "");
	grid_cell(&g, head(o, "this row or any above"));
	grid_cell(&g, head(o, "this row or any below"));
	grid_cell(&g, head(o, "provisional"));
	grid_cell(&g, head(o, "label"));
	for (size_t c = 1; c < g.ncols - 1; c++)
		g.right[c] = !(o->format == FMT_TEXT && c == 4);
	for (size_t i = 0; i < n; i++) {
		uint64_t c = odds_outcome_count(d, order[i]);
		grid_cell(&g, outcome_name(rs, order[i]));
		grid_cellf(&g, "%llu/%llu", (unsigned long long)c, (unsigned long long)d->total);
		frac_cell(&g, c, d->total);
		percent_cell(&g, c, d->total);
		if (o->format == FMT_TEXT)
			bar_cell(&g, c, d->total);
		frac_cell(&g, above[i], d->total);
		frac_cell(&g, d->total - (i ? above[i - 1] : 0), d->total);
		frac_cell(&g, provisional_of(d, order[i]), d->total);
		grid_cell(&g, outcome_label(o, order[i], false));
	}
	render_grid(o, &g);
	grid_free(&g);
	if (o->format != FMT_CSV && rs->nnumeric_outcomes) {
		/* The numbers the results carry: their average, and the named ones. */
		strbuf lines = {0};
		out_ctx into = *o;
		into.out = &lines;
		if (odds_numbers(rs, d->count, d->total, number_text, &into))
			sb_printf(b, "%snumbers:%s%s", o->format == FMT_MARKDOWN ? "\n" : "",
				  o->format == FMT_MARKDOWN ? "\n\n" : "\n", lines.data);
		sb_free(&lines);
	}
done:
	free(above);
	free(order);
}

/* rtab odds --all as JSON: the columns, each with its totals. */
static void print_all_json(const out_ctx *o, size_t ti, const odds_grid *g)
{
	const rtab_ruleset *rs = o->rs;
	const rtab_table *t = &rs->tables[ti];
	strbuf *b = o->out;
	json_head(o, t);
	sb_puts(b, ", \"dice\": ");
	json_string(b, dice_id(rs, t));
	sb_printf(b, ", \"modifiers\": [%ld, %ld], \"columns\": [", (long)g->lo, (long)g->hi);
	bool first_col = true;
	for (size_t c = 0; c < t->ncolumns; c++) {
		if (!g->shown[c * g->ntotals])
			continue;
		sb_puts(b, first_col ? "\n {\"column\": " : ",\n {\"column\": ");
		first_col = false;
		json_string(b, t->columns[c].id);
		if (t->key_kind != RTAB_KEY_INPUT) { /* where the shifts move a computed column */
			sb_puts(b, ", \"read_as\": ");
			json_string(b, t->columns[g->read_as[c]].id);
		}
		sb_puts(b, ", \"totals\": [");
		for (size_t k = 0; k < g->ntotals; k++) {
			size_t cell = c * g->ntotals + k;
			const uint64_t *counts = &g->counts[cell * g->norder];
			sb_printf(b, "%s\n  {\"modifier\": %ld, \"outcomes\": [", k ? "," : "",
				  (long)g->modifiers[cell]);
			for (size_t i = 0; i < g->norder; i++) {
				if ((g->order[i] == ODDS_NO_RESULT || g->order[i] == ODDS_NO_ROW) && !counts[i])
					continue;
				sb_puts(b, i ? ", {\"outcome\": " : "{\"outcome\": ");
				json_outcome(b, rs, g->order[i]);
				sb_puts(b, ", ");
				json_frac(b, "probability", counts[i], g->totals[cell]);
				sb_puts(b, ", \"percent\": ");
				odds_put_percent(b, counts[i], g->totals[cell]);
				sb_puts(b, "}");
			}
			sb_puts(b, "]}");
		}
		sb_puts(b, "]}");
	}
	sb_puts(b, "]}\n");
}

/* The heading of rtab odds --all: what the grid's columns are. */
static void print_all_heading(const out_ctx *o, const rtab_table *t, const odds_grid *g)
{
	strbuf *b = o->out;
	if (o->format == FMT_CSV)
		return;
	sb_printf(b, "%s%s: the odds of each outcome", o->format == FMT_MARKDOWN ? "### " : "", t->id);
	if (t->ncolumns > 1)
		sb_puts(b, " in each column");
	if (g->ntotals > 1)
		sb_puts(b, " at each modifier total");
	if (g->shift)
		sb_printf(b, ", each column read %ld column%s to the %s (column shifts)",
			  labs((long)g->shift), labs((long)g->shift) == 1 ? "" : "s",
			  g->shift > 0 ? "right" : "left");
	sb_puts(b, o->format == FMT_MARKDOWN ? "\n\n" : "\n");
	edition_line(o);
}

/* rtab odds --all as one grid: a row per outcome, a column per shown
 * (table column, modifier total). */
static void print_all_grid(const out_ctx *o, size_t ti, const odds_grid *g)
{
	const rtab_table *t = &o->rs->tables[ti];
	size_t nshown = 0, n = g->norder;
	bool csv = o->format == FMT_CSV; /* a column of percentages beside each of fractions */
	for (size_t k = 0; k < g->ncells; k++)
		nshown += g->shown[k];
	grid out;
	grid_init(&out, (csv ? 2 * nshown : nshown) + 1);
	grid_cell(&out, head(o, "outcome"));
	for (size_t k = 0, j = 1; k < g->ncells; k++) {
		if (!g->shown[k])
			continue;
		const char *col = t->columns[k / g->ntotals].id;
		long m = (long)g->lo + (long)(k % g->ntotals);
		strbuf h = {0};
		if (t->ncolumns == 1)
			sb_printf(&h, "%+ld", m);
		else if (g->ntotals == 1)
			sb_puts(&h, col);
		else
			sb_printf(&h, "%s %+ld", col, m);
		grid_cell(&out, h.data);
		out.right[j++] = true;
		if (csv) {
			grid_cellf(&out, "%s %%", h.data);
			out.right[j++] = true;
		}
		sb_free(&h);
	}
	for (size_t i = 0; i < n; i++) {
		bool any = false;
		for (size_t k = 0; k < g->ncells; k++)
			any |= g->counts[k * n + i] != 0;
		if ((g->order[i] == ODDS_NO_RESULT || g->order[i] == ODDS_NO_ROW) && !any)
			continue;
		grid_cell(&out, outcome_name(o->rs, g->order[i]));
		for (size_t k = 0; k < g->ncells; k++) {
			if (!g->shown[k])
				continue;
			uint64_t c = g->counts[k * n + i];
			if (csv) {
				frac_cell(&out, c, g->total);
				percent_cell(&out, c, g->total);
			} else if (c == 0) {
				grid_cell(&out, "-");
			} else {
				strbuf cell = {0};
				odds_put_fraction(&cell, c, g->total);
				sb_puts(&cell, " (");
				odds_put_percent(&cell, c, g->total);
				sb_puts(&cell, "%)");
				grid_cell(&out, cell.data);
				sb_free(&cell);
			}
		}
	}
	print_all_heading(o, t, g);
	render_grid(o, &out);
	grid_free(&out);
}

/* Every column and every modifier total the table can see. */
static int print_all(const out_ctx *o, size_t ti, int32_t *inputs, const diag_options *opts)
{
	odds_grid g;
	int rc = odds_grid_compute(o->rs, ti, inputs, &g);
	if (rc == RTAB_OK && o->format == FMT_JSON)
		print_all_json(o, ti, &g);
	else if (rc == RTAB_OK)
		print_all_grid(o, ti, &g);
	else if (rc == ODDS_E_GRID_TOO_MANY) /* what was counted, before any roll was resolved */
		cli_error("odds", opts,
			  "%s: --all would resolve %zu column%s x %zu modifier total%s x %llu rolls, "
			  "more than the 16777216 rolls it enumerates: ask for one situation without --all "
			  "(--set INPUT=VALUE, --drm N)",
			  o->rs->tables[ti].id, (size_t)o->rs->tables[ti].ncolumns,
			  o->rs->tables[ti].ncolumns == 1 ? "" : "s", g.ntotals, g.ntotals == 1 ? "" : "s",
			  (unsigned long long)g.total);
	odds_grid_free(&g);
	return rc;
}

static int print_distance(const out_ctx *o, size_t di, const int32_t *inputs)
{
	const rtab_ruleset *rs = o->rs;
	const rtab_distance *dist = &rs->distances[di];
	strbuf *b = o->out;
	int rc = RTAB_OK;

	if (o->format == FMT_JSON) {
		sb_puts(b, "{\"ruleset\": ");
		json_string(b, rs->id);
		sb_puts(b, ", \"edition\": ");
		json_string(b, o->edition);
		sb_puts(b, ", \"distance\": ");
		json_string(b, dist->id);
		sb_puts(b, ", \"rule\": ");
		json_string(b, dist->rule);
		sb_puts(b, ", \"forms\": [");
	} else if (o->format != FMT_CSV) {
		sb_printf(b, "%s%s", o->format == FMT_MARKDOWN ? "### " : "", dist->id);
		put_label_rule(o, dist->labels, dist->rule);
		sb_puts(b, o->format == FMT_MARKDOWN ? "\n\n" : "\n");
		edition_line(o);
	}
	for (size_t f = 0; f < dist->nforms && rc == RTAB_OK; f++) {
		odds_values v;
		rc = odds_distance(rs, di, f, inputs, &v);
		if (rc != RTAB_OK)
			break;
		if (o->format == FMT_JSON) {
			sb_puts(b, f ? ",\n {\"unit\": " : "\n {\"unit\": ");
			json_string(b, dist->forms[f].unit);
			sb_printf(b, ", \"rolls\": %llu, \"provisional\": ", (unsigned long long)v.total);
			json_string(b, v.provisional);
			sb_puts(b, ", \"values\": [");
		}
		grid g;
		grid_init(&g, o->format == FMT_TEXT ? 7 : 6);
		grid_cell(&g, dist->forms[f].unit);
		grid_cell(&g, "rolls");
		grid_cell(&g, "probability");
		grid_cell(&g, "percent");
		if (o->format == FMT_TEXT)
			grid_cell(&g, "");
		grid_cell(&g, "this or less");
		grid_cell(&g, "this or more");
		for (size_t c = 0; c < g.ncols; c++)
			g.right[c] = !(o->format == FMT_TEXT && c == 4);
		uint64_t below = 0;
		for (size_t i = 0; i < v.n; i++) {
			uint64_t k = v.v[i].count;
			char num[32]; /* exact at a precision 1/N: 12.5 */
			if (rtab_format_exact(v.v[i].value, rs->scale, num, sizeof num) != RTAB_OK)
				snprintf(num, sizeof num, "%ld", (long)v.v[i].value);
			if (o->format == FMT_JSON) {
				sb_printf(b, "%s\n  {\"value\": %s, \"rolls\": %llu, ", i ? "," : "", num,
					  (unsigned long long)k);
				json_frac(b, "probability", k, v.total);
				sb_puts(b, ", \"percent\": ");
				odds_put_percent(b, k, v.total);
				sb_puts(b, ", ");
				json_frac(b, "this_or_less", below + k, v.total);
				sb_puts(b, ", ");
				json_frac(b, "this_or_more", v.total - below, v.total);
				sb_puts(b, "}");
			} else {
				grid_cellf(&g, "%s", num);
				grid_cellf(&g, "%llu/%llu", (unsigned long long)k, (unsigned long long)v.total);
				frac_cell(&g, k, v.total);
				percent_cell(&g, k, v.total);
				if (o->format == FMT_TEXT)
					bar_cell(&g, k, v.total);
				frac_cell(&g, below + k, v.total);
				frac_cell(&g, v.total - below, v.total);
			}
			below += k;
		}
		if (o->format == FMT_JSON) {
			sb_puts(b, "]}");
		} else {
			if (o->format == FMT_TEXT && v.provisional)
				sb_printf(b, "  provisional: %s\n", v.provisional);
			render_grid(o, &g);
			if (f + 1 < dist->nforms)
				sb_putc(b, '\n');
		}
		grid_free(&g);
		odds_values_free(&v);
	}
	if (o->format == FMT_JSON)
		sb_puts(b, "]}\n");
	return rc;
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

int cmd_odds(cli_ctx *c, int argc, char **argv)
{
	odds_args a = {0};
	loaded l;
	int32_t *inputs = NULL;
	strbuf out = {0};
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);

	if (status == EXIT_OK && (!a.file || !a.name))
		status = usage_error("odds", "give a FILE and the NAME of a table or a distance");
	else if (status == EXIT_OK && a.all && a.has_drm)
		status = usage_error("odds", "--all shows every modifier total; drop --drm");
	if (status)
		return status < 0 ? EXIT_OK : status;
	if (!cli_load(&l, a.file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	const char *edition = c->edition;
	free(cli_split_edition(a.file, &edition)); /* FILE@EDITION names it too */
	out_ctx o = {&out, rs, 0, a.format, edition};
	status = cli_locale("odds", rs, c->locale, NULL, &o.locale);
	if (status != EXIT_OK)
		goto done;
	model_rules_in_locale(&l.model, o.locale);
	status = cli_sets_inputs("odds", rs, &a.sets, &inputs);
	if (status != EXIT_OK)
		goto done;

	int rc, t = rtab_find_table(rs, a.name), k = rtab_find_distance(rs, a.name);
	strbuf broken = {0};
	if ((t >= 0 || k >= 0) && requirement_broken_text(rs, inputs, &broken)) {
		cli_error("odds", &c->diag, "%s: the situation breaks %s", a.name, broken.data);
		sb_free(&broken);
		status = EXIT_INPUT;
		goto done;
	}
	if (t >= 0 && a.all) {
		rc = print_all(&o, (size_t)t, inputs, &c->diag);
		if (rc == ODDS_E_GRID_TOO_MANY) {
			status = EXIT_INPUT;
			goto done;
		}
	} else if (t >= 0 && cli_step_drm("odds", rs, (size_t)t, a.drm) != EXIT_OK) {
		status = EXIT_USAGE;
		goto done;
	} else if (t >= 0) {
		odds_dist d;
		rc = odds_table(rs, (size_t)t, inputs, (int32_t)a.drm, &d);
		if (rc == RTAB_OK) {
			print_table(&o, (size_t)t, &d, a.drm);
			no_row_warning(rs, (size_t)t, &d, &c->diag);
		}
		odds_dist_free(&d);
	} else if (k >= 0) {
		if (a.all || a.has_drm) {
			status = usage_error("odds", "%s applies to tables only; '%s' is a distance",
					     a.all ? "--all" : "--drm", a.name);
			goto done;
		}
		rc = print_distance(&o, (size_t)k, inputs);
	} else {
		strbuf sb = {0};
		cli_list_choices(&sb, &rs->tables[0].id, rs->ntables, sizeof(rtab_table));
		cli_list_choices(&sb, &rs->distances[0].id, rs->ndistances, sizeof(rtab_distance));
		bool other = rtab_find_reaction_set(rs, a.name) >= 0 || rtab_find_transition(rs, a.name) >= 0 ||
			     rtab_find_procedure(rs, a.name) >= 0;
		status = usage_error("odds", "%s '%s' in %s (tables and distances: %s)",
				     other ? "no dice decide" : "no table or distance named", a.name,
				     a.file, sb.data ? sb.data : "none");
		sb_free(&sb);
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
	sb_free(&out);
	free(inputs);
	loaded_free(&l);
	return status;
}
