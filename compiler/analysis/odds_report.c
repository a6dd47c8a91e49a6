/* SPDX-License-Identifier: MIT */
/* rtab odds's reports: tables, the --all grid, distances, groups (see odds_report.h). */
#include "analysis/odds_report.h"

#include "analysis/odds_grid.h"
#include "base/escape.h"
#include "base/json.h"
#include "base/msg.h"
#include "check/names/rule_refs.h"
#include "export/grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *label_of(const odds_report *o, rtab_labels l)
{
	const char *s = rtab_label(o->rs, l, o->locale);
	return s ? s : "";
}

/* Text the user wrote, in Markdown as text. */
static void put_text(const odds_report *o, const char *s)
{
	if (o->format == ODDS_FMT_MARKDOWN)
		markdown_escape(o->out, s, false);
	else
		sb_puts(o->out, s);
}

/* A column heading: in the reader's language, but CSV's stay as programs read them. */
static const char *head(const odds_report *o, const char *s)
{
	return o->format == ODDS_FMT_CSV ? s : msg_in(o->words, s);
}

/* After a heading's id: its label, quoted, and its rule. */
static void put_label_rule(const odds_report *o, rtab_labels labels, const char *rule)
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

static void render_grid(const odds_report *o, const grid *g)
{
	if (o->format == ODDS_FMT_MARKDOWN)
		grid_markdown(o->out, g);
	else if (o->format == ODDS_FMT_CSV)
		grid_csv(o->out, g);
	else
		grid_text(o->out, g, "  ");
}

/* The edition read, when one was asked for: a line under the heading. */
static void edition_line(const odds_report *o)
{
	if (o->edition && o->format != ODDS_FMT_CSV && o->format != ODDS_FMT_JSON)
		sb_printf(o->out, "edition: %s%s", o->edition, o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
}

/* "key": "num/den", the probability as an exact fraction. */
static void json_frac(json_writer *w, const char *key, uint64_t num, uint64_t den)
{
	strbuf text = {0};
	odds_put_fraction(&text, num, den);
	json_member_string(w, key, text.data ? text.data : "");
	sb_free(&text);
}

/* "percent": 12.5, as odds_put_percent writes it. */
static void json_percent(json_writer *w, uint64_t num, uint64_t den)
{
	strbuf text = {0};
	odds_put_percent(&text, num, den);
	json_key(w, "percent");
	json_put_raw(w, text.data ? text.data : "0", text.data ? text.len : 1);
	sb_free(&text);
}

static int32_t lowest_of(const odds_dist *d, uint16_t o)
{
	return o == ODDS_NO_RESULT ? d->lowest_none : o == ODDS_NO_ROW ? d->lowest_no_row : d->lowest[o];
}

static const char *outcome_name(const rtab_ruleset *rs, uint16_t o)
{
	return o == ODDS_NO_RESULT ? "(no result)" : o == ODDS_NO_ROW ? "(no row)" : rs->outcomes[o].id;
}

static const char *outcome_label(const odds_report *o, uint16_t k, bool json)
{
	if (k == ODDS_NO_RESULT)
		return json ? NULL : "the table gives no result";
	if (k == ODDS_NO_ROW)
		return json ? NULL : "the modified roll matches no row";
	return json ? rtab_label(o->rs, o->rs->outcomes[k].labels, o->locale)
		    : label_of(o, o->rs->outcomes[k].labels);
}

/* "outcome": ID; for no result or no row, null and a flag saying which. */
static void json_outcome(json_writer *w, const rtab_ruleset *rs, uint16_t o)
{
	json_member_string(w, "outcome", o < ODDS_NO_ROW && o != ODDS_NO_RESULT ? rs->outcomes[o].id : NULL);
	if (o == ODDS_NO_RESULT)
		json_member_bool(w, "no_result", true);
	else if (o == ODDS_NO_ROW)
		json_member_bool(w, "no_row", true);
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
	const odds_report *o = arg;
	strbuf *b = o->out;
	sb_printf(b, "%s%s of %s: ", o->format == ODDS_FMT_MARKDOWN ? "- " : "  ", n->param->id, n->numeric->id);
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

/* {"numeric": "loss", "param": "e", "rolls": "10/10", "numbered": "1", "average": "67/10", "named": {"killed": "0"}} */
static void number_json(void *arg, const odds_number *n)
{
	json_writer *w = arg;
	json_line_break(w, "\n  ");
	json_begin_object(w);
	json_member_string(w, "numeric", n->numeric->id);
	json_member_string(w, "param", n->param->id);
	json_frac(w, "rolls", n->rolls, n->total);
	json_frac(w, "numbered", n->numbered, n->total);
	json_member_string(w, "average", n->numbered ? n->average.data : NULL);
	json_member_string(w, "average_decimal", n->numbered ? n->decimal.data : NULL);
	json_key(w, "named");
	json_begin_object(w);
	for (size_t k = 0; k < n->param->nspecials; k++)
		json_frac(w, n->param->specials[k].id, n->named[k], n->total);
	json_end_object(w);
	json_end_object(w);
}

/* The opening of a JSON answer: which ruleset, edition and KIND (table, distance) it is of. */
static void json_head(json_writer *w, const odds_report *o, const char *kind, const char *id)
{
	json_begin_object(w);
	json_member_string(w, "ruleset", o->rs->id);
	json_member_string(w, "edition", o->edition);
	json_member_string(w, kind, id);
}

/* The end of a JSON answer: one a line. */
static void json_end(json_writer *w)
{
	json_end_object(w);
	sb_putc(w->out, '\n');
}

/* How many of the rolls counted per outcome (count, by outcome index) give some member of gr. */
static uint64_t group_count(const odds_group *gr, const uint64_t *count)
{
	uint64_t c = 0;
	for (size_t k = 0; k < gr->n; k++)
		c += count[gr->members[k]];
	return c;
}

/* Whether the table can give some member of gr: a group of other tables' outcomes is not shown. */
static bool group_shown(const odds_report *o, const odds_group *gr, size_t ti)
{
	uint16_t *order = xcalloc(o->rs->noutcomes + 1u, sizeof *order);
	size_t n = odds_table_outcomes(o->rs, ti, order);
	bool any = false;
	for (size_t i = 0; i < n && !any; i++)
		for (size_t k = 0; k < gr->n && !any; k++)
			any = order[i] == gr->members[k];
	free(order);
	return any;
}

static void put_members(strbuf *b, const odds_report *o, const odds_group *gr)
{
	for (size_t k = 0; k < gr->n; k++) {
		sb_puts(b, k ? ", " : "");
		sb_puts(b, o->rs->outcomes[gr->members[k]].id);
	}
}

/* The groups of one table in one situation as JSON's "groups" (none shown: no member). */
static void groups_json(json_writer *w, const odds_report *o, size_t ti, const odds_dist *d)
{
	size_t shown = 0;
	for (size_t i = 0; i < o->ngroups; i++) {
		const odds_group *gr = &o->groups[i];
		if (!group_shown(o, gr, ti))
			continue;
		uint64_t c = group_count(gr, d->count);
		if (!shown++) {
			json_key(w, "groups");
			json_begin_array(w);
		}
		json_line_break(w, "\n  ");
		json_begin_object(w);
		json_member_string(w, "group", gr->id);
		json_member_string(w, "label", gr->labels ? rtab_label(o->rs, gr->labels, o->locale) : NULL);
		json_key(w, "members");
		json_begin_array(w);
		for (size_t k = 0; k < gr->n; k++)
			json_put_string(w, o->rs->outcomes[gr->members[k]].id);
		json_end_array(w);
		json_member_int(w, "rolls", (long long)c);
		json_frac(w, "probability", c, d->total);
		json_percent(w, c, d->total);
		json_end_object(w);
	}
	if (shown)
		json_end_array(w);
}

/* The groups of one table in one situation: a grid under the outcomes, or JSON's "groups". */
static void print_groups(const odds_report *o, size_t ti, const odds_dist *d)
{
	strbuf *b = o->out;
	size_t shown = 0;
	grid g;
	grid_init(&g, o->format == ODDS_FMT_TEXT ? 7 : 6);
	grid_cell(&g, head(o, "group"));
	grid_cell(&g, head(o, "rolls"));
	grid_cell(&g, head(o, "probability"));
	grid_cell(&g, head(o, "percent"));
	if (o->format == ODDS_FMT_TEXT)
		grid_cell(&g, "");
	grid_cell(&g, head(o, "members"));
	grid_cell(&g, head(o, "label"));
	for (size_t c = 1; c < 4; c++)
		g.right[c] = true;
	for (size_t i = 0; i < o->ngroups; i++) {
		const odds_group *gr = &o->groups[i];
		if (!group_shown(o, gr, ti))
			continue;
		uint64_t c = group_count(gr, d->count);
		const char *label = gr->labels ? rtab_label(o->rs, gr->labels, o->locale) : NULL;
		shown++;
		grid_cell(&g, gr->id);
		grid_cellf(&g, "%llu/%llu", (unsigned long long)c, (unsigned long long)d->total);
		frac_cell(&g, c, d->total);
		percent_cell(&g, c, d->total);
		if (o->format == ODDS_FMT_TEXT)
			bar_cell(&g, c, d->total);
		strbuf m = {0};
		put_members(&m, o, gr);
		grid_cell(&g, m.data);
		sb_free(&m);
		grid_cell(&g, label ? label : "");
	}
	if (shown) {
		if (o->format == ODDS_FMT_CSV)
			sb_putc(b, '\n');
		else
			sb_printf(b, "%s%s%s", o->format == ODDS_FMT_MARKDOWN ? "\n" : "",
				  msg_in(o->words, "groups:"),
				  o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
		render_grid(o, &g);
	}
	grid_free(&g);
}

/* The statistics of one number the rolls give: a line of the statistics
 * grid, an object of JSON. */
typedef struct stat_line {
	const char *kind;  /* "modified_roll", "numeric", "effect" or "distance" */
	const char *owner; /* the numeric outcome, effect kind or distance; NULL for the roll */
	const char *param; /* its parameter, or a distance's unit */
	const char *which; /* an effect's first enum argument (the side), or NULL */
	size_t slot;       /* 0: the modified roll; 1 + odds_measure.slot */
	uint64_t rolls, total;
	odds_stats s;
} stat_line;

typedef struct stat_lines {
	stat_line *v;
	size_t n;
	const odds_quantiles *q;
} stat_lines;

static stat_line *stat_add(stat_lines *ls, const char *kind, const char *owner, const char *param,
			   const odds_value *v, size_t nv, int32_t scale, uint64_t total)
{
	stat_line l = {kind, owner, param, NULL, 0, 0, total, {0}};
	if (!odds_stats_compute(v, nv, scale, ls->q, &l.s)) {
		odds_stats_free(&l.s);
		return NULL;
	}
	l.rolls = l.s.weight;
	ls->v = xrealloc(ls->v, (ls->n + 1) * sizeof *ls->v);
	ls->v[ls->n] = l;
	return &ls->v[ls->n++];
}

static void stat_measure(void *arg, const odds_measure *m)
{
	stat_line *l = stat_add(arg, m->kind, m->owner, m->param, m->values, m->nvalues, 1, m->total);
	if (l) {
		l->slot = m->slot + 1;
		l->which = m->which;
	}
}

/* The numbers a table's rolls give: the modified roll, then what results carry. */
static void table_stats(stat_lines *ls, const rtab_ruleset *rs, const uint64_t *count, uint64_t total,
			const odds_value *rolls, size_t nrolls)
{
	stat_add(ls, "modified_roll", NULL, NULL, rolls, nrolls, 1, total);
	odds_measures(rs, count, total, stat_measure, ls);
}

static void stat_lines_free(stat_lines *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		odds_stats_free(&ls->v[i].s);
	free(ls->v);
	ls->v = NULL;
	ls->n = 0;
}

/* What a line is of, for people: "modified roll", "e of loss", "hexes of retreat", "inch". */
static void stat_name(strbuf *sb, msg_lang words, const stat_line *l)
{
	if (!l->owner)
		sb_puts(sb, msg_in(words, "modified roll"));
	else if (strcmp(l->kind, "distance") == 0)
		sb_puts(sb, l->param);
	else
		sb_printf(sb, msg_in(words, "%s of %s"), l->param, l->owner);
	if (l->which)
		sb_printf(sb, " (%s)", l->which);
}

/* The value of statistic k of a line, as a cell: 0 mean, 1 its decimal,
 * 2 sd, 3 lowest, 4.. the quantiles, then highest. */
static void stat_value(strbuf *sb, const stat_line *l, size_t k, size_t nq)
{
	if (k == 0)
		sb_puts(sb, l->s.mean.data);
	else if (k == 1)
		sb_puts(sb, l->s.mean_decimal.data);
	else if (k == 2)
		sb_puts(sb, l->s.sd.data);
	else if (k == 3)
		odds_stats_put_value(sb, &l->s, l->s.min);
	else if (k < 4 + nq)
		odds_stats_put_value(sb, &l->s, l->s.quantile[k - 4]);
	else
		odds_stats_put_value(sb, &l->s, l->s.max);
}

static const char *stat_heading(const odds_report *o, size_t k)
{
	switch (k) {
	case 0: return head(o, "mean");
	case 1: return head(o, "mean (decimal)");
	case 2: return head(o, "sd");
	case 3: return head(o, "lowest");
	default: break;
	}
	if (k == 4 + o->quantiles->n)
		return head(o, "highest");
	const char *q = o->quantiles->name[k - 4];
	return strcmp(q, "median") == 0 ? head(o, "median") : q;
}

/* The statistics as a grid under the odds: a line per number. */
static void print_stats(const odds_report *o, const stat_lines *ls)
{
	strbuf *b = o->out;
	size_t nq = o->quantiles->n, nstat = 5 + nq;
	if (!ls->n)
		return;
	if (o->format == ODDS_FMT_CSV)
		sb_putc(b, '\n');
	else
		sb_printf(b, "%s%s%s", o->format == ODDS_FMT_MARKDOWN ? "\n" : "",
			  msg_in(o->words, "statistics:"),
			  o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
	grid g;
	grid_init(&g, 2 + nstat);
	grid_cell(&g, head(o, "number"));
	grid_cell(&g, head(o, "of the rolls"));
	for (size_t k = 0; k < nstat; k++)
		grid_cell(&g, stat_heading(o, k));
	for (size_t c = 1; c < g.ncols; c++)
		g.right[c] = true;
	for (size_t i = 0; i < ls->n; i++) {
		const stat_line *l = &ls->v[i];
		strbuf cell = {0};
		stat_name(&cell, o->words, l);
		grid_cell(&g, cell.data);
		sb_free(&cell);
		frac_cell(&g, l->rolls, l->total);
		for (size_t k = 0; k < nstat; k++) {
			stat_value(&cell, l, k, nq);
			grid_cell(&g, cell.data);
			sb_free(&cell);
		}
	}
	render_grid(o, &g);
	grid_free(&g);
}

/* {"number": "e of loss", "kind": "numeric", "of": "loss", "param": "e", "rolls": "7/10",
 *  "mean": "90/7", "mean_decimal": 12.857, "variance": "...", "sd": 3.2, "min": 5,
 *  "quantiles": {"0.1": 8, ...}, "max": 20} */
/* "key": a value of a statistic, exact at the ruleset's precision (12.5). */
static void stat_member(json_writer *w, const char *key, const odds_stats *st, int32_t value)
{
	strbuf text = {0};
	odds_stats_put_value(&text, st, value);
	json_key(w, key);
	json_put_raw(w, text.data, text.len);
	sb_free(&text);
}

/* "key": a number written as JSON already (a decimal). */
static void raw_member(json_writer *w, const char *key, const strbuf *number)
{
	json_key(w, key);
	json_put_raw(w, number->data ? number->data : "null", number->data ? number->len : 4);
}

static void stat_json(json_writer *w, const odds_report *o, const stat_line *l)
{
	strbuf name = {0};
	stat_name(&name, o->words, l);
	json_begin_object(w);
	json_member_string(w, "number", name.data);
	sb_free(&name);
	json_member_string(w, "kind", l->kind);
	json_member_string(w, "of", l->owner);
	json_member_string(w, "param", l->param);
	if (l->which)
		json_member_string(w, "which", l->which);
	json_frac(w, "rolls", l->rolls, l->total);
	json_member_string(w, "mean", l->s.mean.data);
	raw_member(w, "mean_decimal", &l->s.mean_decimal);
	json_member_string(w, "variance", l->s.variance.data);
	raw_member(w, "sd", &l->s.sd);
	stat_member(w, "min", &l->s, l->s.min);
	json_key(w, "quantiles");
	json_begin_object(w);
	for (size_t k = 0; k < o->quantiles->n; k++)
		stat_member(w, o->quantiles->text[k], &l->s, l->s.quantile[k]);
	json_end_object(w);
	stat_member(w, "max", &l->s, l->s.max);
	json_end_object(w);
}

static void stats_json_array(json_writer *w, const odds_report *o, const stat_lines *ls)
{
	json_key(w, "statistics");
	json_begin_array(w);
	for (size_t i = 0; i < ls->n; i++) {
		json_line_break(w, "\n  ");
		stat_json(w, o, &ls->v[i]);
	}
	json_end_array(w);
}

void odds_report_table(const odds_report *o, size_t ti, const odds_dist *d, long drm, const char *drm_modifier)
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

	stat_lines stats = {NULL, 0, o->quantiles};
	table_stats(&stats, rs, d->count, d->total, d->rolls, d->nrolls);
	/* Cumulative sums: each at most d->total. */
	for (size_t i = 0; i < n; i++)
		above[i] = (i ? above[i - 1] : 0) + odds_outcome_count(d, order[i]);
	if (o->format == ODDS_FMT_JSON) {
		json_writer w = json_writer_on(b, false);
		json_head(&w, o, "table", t->id);
		json_member_string(&w, "rule", t->rule);
		json_member_string(&w, "column", t->columns[d->column].id);
		json_member_string(&w, "dice", dice_id(rs, t));
		json_member_int(&w, "rolls", (long long)d->total);
		json_member_int(&w, "drm", drm);
		if (drm_modifier)
			json_member_string(&w, "drm_modifier", drm_modifier);
		json_member_int(&w, "modifier_raw", d->modifier_raw);
		json_member_int(&w, "modifier", d->modifier);
		json_key(&w, "outcomes");
		json_begin_array(&w);
		for (size_t i = 0; i < n; i++) {
			uint64_t c = odds_outcome_count(d, order[i]);
			json_line_break(&w, "\n  ");
			json_begin_object(&w);
			json_outcome(&w, rs, order[i]);
			json_member_string(&w, "label", outcome_label(o, order[i], true));
			json_member_int(&w, "rolls", (long long)c);
			json_frac(&w, "probability", c, d->total);
			json_percent(&w, c, d->total);
			json_frac(&w, "this_or_above", above[i], d->total);
			json_frac(&w, "this_or_below", d->total - (i ? above[i - 1] : 0), d->total);
			json_frac(&w, "provisional", provisional_of(d, order[i]), d->total);
			json_end_object(&w);
		}
		json_end_array(&w);
		if (rs->nnumeric_outcomes) {
			json_key(&w, "numbers");
			json_begin_array(&w);
			odds_numbers(rs, d->count, d->total, number_json, &w);
			json_end_array(&w);
		}
		groups_json(&w, o, ti, d);
		stats_json_array(&w, o, &stats);
		json_end(&w);
		goto done;
	}
	if (o->format == ODDS_FMT_MARKDOWN)
		sb_printf(b, "### %s", t->id);
	else if (o->format == ODDS_FMT_TEXT)
		sb_printf(b, "%s", t->id);
	if (o->format != ODDS_FMT_CSV) {
		put_label_rule(o, t->labels, t->rule);
		if (t->ncolumns > 1)
			sb_printf(b, msg_in(o->words, ", column %s"), t->columns[d->column].id);
		const char *result = model_result_id(&o->model->tables[ti], d->column);
		if (result)
			sb_printf(b, msg_in(o->words, " (result column %s)"), result);
		sb_puts(b, o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
		if (dice_id(rs, t))
			sb_printf(b, msg_in(o->words, "%s: %llu equally likely rolls"),
				  dice_id(rs, t), (unsigned long long)d->total);
		else
			sb_puts(b, msg_in(o->words, "no dice: keyed by the modifier total"));
		sb_printf(b, msg_in(o->words, "; modifier %+ld"), (long)d->modifier_raw);
		if (d->modifier != d->modifier_raw)
			sb_printf(b, msg_in(o->words, ", capped to %+ld"), (long)d->modifier);
		if (drm_modifier)
			sb_printf(b, msg_in(o->words, " (%s applies: --drm)"), drm_modifier);
		sb_puts(b, o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
		edition_line(o);
	}
	grid g;
	grid_init(&g, o->format == ODDS_FMT_TEXT ? 9 : 8);
	grid_cell(&g, head(o, "outcome"));
	grid_cell(&g, head(o, "rolls"));
	grid_cell(&g, head(o, "probability"));
	grid_cell(&g, head(o, "percent"));
	if (o->format == ODDS_FMT_TEXT)
		grid_cell(&g, "");
	grid_cell(&g, head(o, "this row or any above"));
	grid_cell(&g, head(o, "this row or any below"));
	grid_cell(&g, head(o, "provisional"));
	grid_cell(&g, head(o, "label"));
	for (size_t c = 1; c < g.ncols - 1; c++)
		g.right[c] = !(o->format == ODDS_FMT_TEXT && c == 4);
	for (size_t i = 0; i < n; i++) {
		uint64_t c = odds_outcome_count(d, order[i]);
		grid_cell(&g, outcome_name(rs, order[i]));
		grid_cellf(&g, "%llu/%llu", (unsigned long long)c, (unsigned long long)d->total);
		frac_cell(&g, c, d->total);
		percent_cell(&g, c, d->total);
		if (o->format == ODDS_FMT_TEXT)
			bar_cell(&g, c, d->total);
		frac_cell(&g, above[i], d->total);
		frac_cell(&g, d->total - (i ? above[i - 1] : 0), d->total);
		frac_cell(&g, provisional_of(d, order[i]), d->total);
		grid_cell(&g, outcome_label(o, order[i], false));
	}
	render_grid(o, &g);
	grid_free(&g);
	print_groups(o, ti, d);
	if (o->format != ODDS_FMT_CSV && rs->nnumeric_outcomes) {
		/* The numbers the results carry: their average, and the named ones. */
		strbuf lines = {0};
		odds_report into = *o;
		into.out = &lines;
		if (odds_numbers(rs, d->count, d->total, number_text, &into))
			sb_printf(b, "%snumbers:%s%s", o->format == ODDS_FMT_MARKDOWN ? "\n" : "",
				  o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n", lines.data);
		sb_free(&lines);
	}
	print_stats(o, &stats);
done:
	stat_lines_free(&stats);
	free(above);
	free(order);
}

/* The rolls per outcome (by outcome index) of one cell of the grid of --all. */
static uint64_t *cell_counts(const odds_report *o, const odds_grid *g, size_t cell)
{
	uint64_t *count = xcalloc(o->rs->noutcomes ? o->rs->noutcomes : 1, sizeof *count);
	for (size_t i = 0; i < g->norder; i++)
		if (g->order[i] < o->rs->noutcomes)
			count[g->order[i]] = g->counts[cell * g->norder + i];
	return count;
}

/* The groups of one cell of --all as JSON. */
static void cell_groups_json(json_writer *w, const odds_report *o, const odds_grid *g, size_t ti, size_t cell)
{
	uint64_t *count = cell_counts(o, g, cell);
	size_t shown = 0;
	for (size_t i = 0; i < o->ngroups; i++) {
		if (!group_shown(o, &o->groups[i], ti))
			continue;
		uint64_t c = group_count(&o->groups[i], count);
		if (!shown++) {
			json_key(w, "groups");
			json_begin_array(w);
		}
		json_begin_object(w);
		json_member_string(w, "group", o->groups[i].id);
		json_frac(w, "probability", c, g->totals[cell]);
		json_percent(w, c, g->totals[cell]);
		json_end_object(w);
	}
	if (shown)
		json_end_array(w);
	free(count);
}

/* The statistics of one cell of the grid of --all. */
static void cell_stats(const odds_report *o, const odds_grid *g, size_t cell, stat_lines *ls)
{
	uint64_t *count = cell_counts(o, g, cell);
	ls->q = o->quantiles;
	table_stats(ls, o->rs, count, g->totals[cell], g->rolls[cell], g->nrolls[cell]);
	free(count);
}

/* rtab odds --all as JSON: the columns, each with its totals. */
static void print_all_json(const odds_report *o, size_t ti, const odds_grid *g)
{
	const rtab_ruleset *rs = o->rs;
	const rtab_table *t = &rs->tables[ti];
	json_writer w = json_writer_on(o->out, false);
	json_head(&w, o, "table", t->id);
	json_member_string(&w, "dice", dice_id(rs, t));
	json_key(&w, "modifiers");
	json_begin_array(&w);
	json_put_int(&w, g->lo);
	json_put_int(&w, g->hi);
	json_end_array(&w);
	json_key(&w, "columns");
	json_begin_array(&w);
	for (size_t c = 0; c < t->ncolumns; c++) {
		if (!g->shown[c * g->ntotals])
			continue;
		json_line_break(&w, "\n ");
		json_begin_object(&w);
		json_member_string(&w, "column", t->columns[c].id);
		if (odds_key_computed(t)) /* where the shifts move a computed column */
			json_member_string(&w, "read_as", t->columns[g->read_as[c]].id);
		json_key(&w, "totals");
		json_begin_array(&w);
		for (size_t k = 0; k < g->ntotals; k++) {
			size_t cell = c * g->ntotals + k;
			const uint64_t *counts = &g->counts[cell * g->norder];
			json_line_break(&w, "\n  ");
			json_begin_object(&w);
			json_member_int(&w, "modifier", g->modifiers[cell]);
			json_key(&w, "outcomes");
			json_begin_array(&w);
			for (size_t i = 0; i < g->norder; i++) {
				if ((g->order[i] == ODDS_NO_RESULT || g->order[i] == ODDS_NO_ROW) && !counts[i])
					continue;
				json_begin_object(&w);
				json_outcome(&w, rs, g->order[i]);
				json_frac(&w, "probability", counts[i], g->totals[cell]);
				json_percent(&w, counts[i], g->totals[cell]);
				json_end_object(&w);
			}
			json_end_array(&w);
			cell_groups_json(&w, o, g, ti, cell);
			stat_lines stats = {0};
			cell_stats(o, g, cell, &stats);
			stats_json_array(&w, o, &stats);
			stat_lines_free(&stats);
			json_end_object(&w);
		}
		json_end_array(&w);
		json_end_object(&w);
	}
	json_end_array(&w);
	json_end(&w);
}

/* The heading of rtab odds --all: what the grid's columns are. */
static void print_all_heading(const odds_report *o, const rtab_table *t, const odds_grid *g)
{
	strbuf *b = o->out;
	if (o->format == ODDS_FMT_CSV)
		return;
	sb_printf(b, "%s%s: the odds of each outcome", o->format == ODDS_FMT_MARKDOWN ? "### " : "", t->id);
	if (t->ncolumns > 1)
		sb_puts(b, " in each column");
	if (g->ntotals > 1)
		sb_puts(b, " at each modifier total");
	if (g->shift)
		sb_printf(b, ", each column read %ld column%s to the %s (column shifts)",
			  labs((long)g->shift), labs((long)g->shift) == 1 ? "" : "s",
			  g->shift > 0 ? "right" : "left");
	sb_puts(b, o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
	edition_line(o);
}

/* Under the outcomes of the grid of --all, a row per statistic of each
 * number some cell gives ("modified roll: mean"), '-' where a cell gives none. */
static void all_stat_rows(const odds_report *o, const odds_grid *g, grid *out)
{
	size_t nslots = 1 + odds_measure_slots(o->rs), nq = o->quantiles->n, nstat = 5 + nq;
	stat_lines *cells = xcalloc(g->ncells ? g->ncells : 1, sizeof *cells);
	for (size_t k = 0; k < g->ncells; k++)
		if (g->shown[k])
			cell_stats(o, g, k, &cells[k]);
	for (size_t slot = 0; slot < nslots; slot++) {
		const stat_line *named = NULL;
		for (size_t k = 0; k < g->ncells && !named; k++)
			for (size_t i = 0; i < cells[k].n && !named; i++)
				if (cells[k].v[i].slot == slot)
					named = &cells[k].v[i];
		if (!named)
			continue;
		for (size_t st = 0; st < nstat; st++) {
			if (st == 1)
				continue; /* the decimal of the mean: the mean is exact beside it */
			strbuf h = {0};
			stat_name(&h, o->words, named);
			sb_printf(&h, ": %s", stat_heading(o, st));
			grid_cell(out, h.data);
			sb_free(&h);
			for (size_t k = 0; k < g->ncells; k++) {
				if (!g->shown[k])
					continue;
				const stat_line *l = NULL;
				for (size_t i = 0; i < cells[k].n && !l; i++)
					if (cells[k].v[i].slot == slot)
						l = &cells[k].v[i];
				strbuf cell = {0};
				if (!l)
					sb_putc(&cell, '-');
				else if (st == 0 && strcmp(l->s.mean.data, l->s.mean_decimal.data) != 0)
					sb_printf(&cell, "%s (%s)", l->s.mean.data, l->s.mean_decimal.data);
				else
					stat_value(&cell, l, st, nq);
				grid_cell(out, cell.data);
				if (o->format == ODDS_FMT_CSV)
					grid_cell(out, "");
				sb_free(&cell);
			}
		}
	}
	for (size_t k = 0; k < g->ncells; k++)
		stat_lines_free(&cells[k]);
	free(cells);
}

/* One probability of the grid of --all: "3/10 (30%)", '-' for none; in CSV two cells. */
static void all_cell(grid *out, uint64_t c, uint64_t total, bool csv)
{
	if (csv) {
		frac_cell(out, c, total);
		percent_cell(out, c, total);
		return;
	}
	if (c == 0) {
		grid_cell(out, "-");
		return;
	}
	strbuf cell = {0};
	odds_put_fraction(&cell, c, total);
	sb_puts(&cell, " (");
	odds_put_percent(&cell, c, total);
	sb_puts(&cell, "%)");
	grid_cell(out, cell.data);
	sb_free(&cell);
}

/* Under odds lines, the cell of --all that shows cell k: the first line's
 * column over the same result column at the same total, when their odds are
 * the same (a modifier may read the line's value); else k itself. */
static size_t shown_as(const odds_report *o, size_t ti, const odds_grid *g, size_t k)
{
	const model_table *mt = &o->model->tables[ti];
	size_t j = k / g->ntotals, n = g->norder;
	if (!mt->result_of_column || !mt->result_of_column[j])
		return k;
	for (size_t i = 0; i < j; i++) {
		size_t ki = i * g->ntotals + k % g->ntotals;
		if (mt->result_of_column[i] == mt->result_of_column[j] && g->shown[ki] &&
		    memcmp(&g->counts[ki * n], &g->counts[k * n], n * sizeof *g->counts) == 0)
			return ki;
	}
	return k;
}

/* A column of --all: the table column, or under odds lines the result
 * column and every line's column it shows ("4: clear 2:1; woods 3:1"). */
static void all_column_name(strbuf *h, const odds_report *o, size_t ti, const odds_grid *g, size_t k)
{
	const rtab_table *t = &o->rs->tables[ti];
	const model_table *mt = &o->model->tables[ti];
	size_t j = k / g->ntotals, merged = 0;
	for (size_t c = 0; c < g->ncells; c++)
		merged += c != k && g->shown[c] && shown_as(o, ti, g, c) == k;
	if (!merged) {
		sb_puts(h, t->columns[j].id);
		return;
	}
	sb_printf(h, "%s:", mt->result_ids[mt->result_of_column[j] - 1]);
	for (size_t c = 0, n = 0; c < g->ncells; c++)
		if (g->shown[c] && shown_as(o, ti, g, c) == k)
			sb_printf(h, "%s %s", n++ ? ";" : "", t->columns[c / g->ntotals].id);
}

/* rtab odds --all as one grid: a row per outcome, a column per shown
 * (table column, modifier total); under odds lines a result column once
 * where its lines' odds agree. */
static void print_all_grid(const odds_report *o, size_t ti, const odds_grid *all)
{
	const rtab_table *t = &o->rs->tables[ti];
	odds_grid merged = *all, *g = &merged;
	bool *shown = xcalloc(all->ncells ? all->ncells : 1, sizeof *shown);
	for (size_t k = 0; k < all->ncells; k++)
		shown[k] = all->shown[k] && shown_as(o, ti, all, k) == k;
	merged.shown = shown;
	size_t nshown = 0, n = g->norder;
	bool csv = o->format == ODDS_FMT_CSV; /* a column of percentages beside each of fractions */
	for (size_t k = 0; k < g->ncells; k++)
		nshown += g->shown[k];
	grid out;
	grid_init(&out, (csv ? 2 * nshown : nshown) + 1);
	grid_cell(&out, head(o, "outcome"));
	for (size_t k = 0, j = 1; k < g->ncells; k++) {
		if (!g->shown[k])
			continue;
		long m = (long)g->lo + (long)(k % g->ntotals);
		strbuf h = {0};
		if (t->ncolumns == 1) {
			sb_printf(&h, "%+ld", m);
		} else {
			all_column_name(&h, o, ti, all, k);
			if (g->ntotals > 1)
				sb_printf(&h, " %+ld", m);
		}
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
			all_cell(&out, c, g->total, csv);
		}
	}
	for (size_t i = 0; i < o->ngroups; i++) {
		const odds_group *gr = &o->groups[i];
		if (!group_shown(o, gr, ti))
			continue;
		strbuf h = {0};
		sb_printf(&h, "%s: %s", head(o, "group"), gr->id);
		grid_cell(&out, h.data);
		sb_free(&h);
		for (size_t k = 0; k < g->ncells; k++) {
			if (!g->shown[k])
				continue;
			uint64_t *count = cell_counts(o, g, k);
			uint64_t c = group_count(gr, count);
			free(count);
			all_cell(&out, c, g->total, csv);
		}
	}
	all_stat_rows(o, g, &out);
	print_all_heading(o, t, g);
	render_grid(o, &out);
	grid_free(&out);
	free(shown);
}

/* Every column and every modifier total the table can see. */
int odds_report_all(const odds_report *o, size_t ti, int32_t *inputs, char **why)
{
	*why = NULL;
	odds_grid g;
	int rc = odds_grid_compute(o->rs, ti, inputs, o->work, &g);
	if (rc == RTAB_OK && o->format == ODDS_FMT_JSON)
		print_all_json(o, ti, &g);
	else if (rc == RTAB_OK)
		print_all_grid(o, ti, &g);
	else if (rc == ODDS_E_GRID_TOO_MANY) /* what was counted, before any roll was resolved */
		*why = xasprintf("%s: --all would resolve %zu column%s x %zu modifier total%s x %llu %s, "
			  "more than the 16777216 rolls it enumerates: ask for one situation without --all "
				 "(--set INPUT=VALUE, --drm N)",
				 o->rs->tables[ti].id, (size_t)o->rs->tables[ti].ncolumns,
			  o->rs->tables[ti].ncolumns == 1 ? "" : "s", g.ntotals, g.ntotals == 1 ? "" : "s",
			  (unsigned long long)g.resolutions, g.resolutions < g.total ? "sums of the dice" : "rolls");
	else if (rc == ODDS_E_WORK) {
		char what[300];
		snprintf(what, sizeof what, "odds --all of table '%s' (%zu cells of %llu resolutions each)",
			 o->rs->tables[ti].id, g.ncells, (unsigned long long)g.resolutions);
		diag_past_work(o->model->diag, SEV_ERROR, o->model->tables[ti].def->id_loc, what, g.steps,
			      o->work->limit);
	}
	odds_grid_free(&g);
	return rc;
}

int odds_report_distance(const odds_report *o, size_t di, const int32_t *inputs)
{
	const rtab_ruleset *rs = o->rs;
	const rtab_distance *dist = &rs->distances[di];
	strbuf *b = o->out;
	int rc = RTAB_OK;
	json_writer w = json_writer_on(b, false);

	if (o->format == ODDS_FMT_JSON) {
		json_head(&w, o, "distance", dist->id);
		json_member_string(&w, "rule", dist->rule);
		json_key(&w, "forms");
		json_begin_array(&w);
	} else if (o->format != ODDS_FMT_CSV) {
		sb_printf(b, "%s%s", o->format == ODDS_FMT_MARKDOWN ? "### " : "", dist->id);
		put_label_rule(o, dist->labels, dist->rule);
		sb_puts(b, o->format == ODDS_FMT_MARKDOWN ? "\n\n" : "\n");
		edition_line(o);
	}
	for (size_t f = 0; f < dist->nforms && rc == RTAB_OK; f++) {
		odds_values v;
		rc = odds_distance(rs, di, f, inputs, o->work, &v);
		if (rc == ODDS_E_WORK) {
			char what[300];
			snprintf(what, sizeof what, "odds of distance '%s' (form %zu)", dist->id, f + 1);
			diag_past_work(o->model->diag, SEV_ERROR, o->model->defs[DEF_DISTANCE][di]->id_loc, what,
				      UINT64_MAX, o->work->limit);
		}
		if (rc != RTAB_OK)
			break;
		if (o->format == ODDS_FMT_JSON) {
			json_line_break(&w, "\n ");
			json_begin_object(&w);
			json_member_string(&w, "unit", dist->forms[f].unit);
			json_member_int(&w, "rolls", (long long)v.total);
			json_member_string(&w, "provisional", v.provisional);
			json_key(&w, "values");
			json_begin_array(&w);
		}
		grid g;
		grid_init(&g, o->format == ODDS_FMT_TEXT ? 7 : 6);
		grid_cell(&g, dist->forms[f].unit);
		grid_cell(&g, "rolls");
		grid_cell(&g, "probability");
		grid_cell(&g, "percent");
		if (o->format == ODDS_FMT_TEXT)
			grid_cell(&g, "");
		grid_cell(&g, "this or less");
		grid_cell(&g, "this or more");
		for (size_t c = 0; c < g.ncols; c++)
			g.right[c] = !(o->format == ODDS_FMT_TEXT && c == 4);
		uint64_t below = 0;
		for (size_t i = 0; i < v.n; i++) {
			uint64_t k = v.v[i].count;
			char num[32]; /* exact at a precision 1/N: 12.5 */
			if (rtab_format_exact(v.v[i].value, rs->scale, num, sizeof num) != RTAB_OK)
				snprintf(num, sizeof num, "%ld", (long)v.v[i].value);
			if (o->format == ODDS_FMT_JSON) {
				json_line_break(&w, "\n  ");
				json_begin_object(&w);
				json_key(&w, "value");
				json_put_raw(&w, num, strlen(num));
				json_member_int(&w, "rolls", (long long)k);
				json_frac(&w, "probability", k, v.total);
				json_percent(&w, k, v.total);
				json_frac(&w, "this_or_less", below + k, v.total);
				json_frac(&w, "this_or_more", v.total - below, v.total);
				json_end_object(&w);
			} else {
				grid_cellf(&g, "%s", num);
				grid_cellf(&g, "%llu/%llu", (unsigned long long)k, (unsigned long long)v.total);
				frac_cell(&g, k, v.total);
				percent_cell(&g, k, v.total);
				if (o->format == ODDS_FMT_TEXT)
					bar_cell(&g, k, v.total);
				frac_cell(&g, below + k, v.total);
				frac_cell(&g, v.total - below, v.total);
			}
			below += k;
		}
		stat_lines stats = {NULL, 0, o->quantiles};
		stat_add(&stats, "distance", dist->id, dist->forms[f].unit, v.v, v.n, rs->scale, v.total);
		if (o->format == ODDS_FMT_JSON) {
			json_end_array(&w);
			if (stats.n) {
				json_key(&w, "statistics");
				stat_json(&w, o, &stats.v[0]);
			}
			json_end_object(&w);
		} else {
			if (o->format == ODDS_FMT_TEXT && v.provisional)
				sb_printf(b, "  provisional: %s\n", v.provisional);
			render_grid(o, &g);
			print_stats(o, &stats);
			if (f + 1 < dist->nforms)
				sb_putc(b, '\n');
		}
		stat_lines_free(&stats);
		grid_free(&g);
		odds_values_free(&v);
	}
	if (o->format == ODDS_FMT_JSON) {
		json_end_array(&w);
		json_end(&w);
	}
	return rc;
}

bool odds_group_parse(const rtab_ruleset *rs, size_t ti, const char *text, const odds_group *declared,
		      size_t ndeclared, odds_group *out, char **why)
{
	*why = NULL;
	uint16_t *order = xcalloc(rs->noutcomes + 1u, sizeof *order);
	size_t norder = odds_table_outcomes(rs, ti, order);
	const char *eq = strchr(text, '=');
	char *name = eq ? xstrndup(text, (size_t)(eq - text)) : NULL;
	bool ok = true;
	memset(out, 0, sizeof *out);
	if (!eq || eq == text || !eq[1]) {
		ok = false;
		*why = xasprintf("--group needs NAME=OUTCOME,OUTCOME..., not '%s'", text);
		goto done;
	}
	bool taken = rtab_find_outcome(rs, name) >= 0;
	for (size_t i = 0; i < ndeclared && !taken; i++)
		taken = strcmp(declared[i].id, name) == 0;
	if (taken) {
		ok = false;
		*why = xasprintf("--group %s: '%s' names an outcome or a group already; choose another name",
				 name, name);
		goto done;
	}
	out->id = name;
	out->owned = xcalloc(norder + 1, sizeof *out->owned);
	out->members = out->owned;
	for (const char *p = eq + 1; ok;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char *member = xstrndup(p, len);
		int o = rtab_find_outcome(rs, member);
		bool of_table = false, twice = false;
		for (size_t i = 0; i < norder && o >= 0; i++)
			of_table |= order[i] == o;
		for (size_t k = 0; k < out->n && of_table; k++)
			twice |= out->owned[k] == o;
		if (!of_table) {
			strbuf sb = {0};
			for (size_t i = 0; i < norder; i++)
				sb_printf(&sb, "%s%s", i ? ", " : "", rs->outcomes[order[i]].id);
			ok = false;
			*why = xasprintf("--group %s: '%s' is no outcome of table '%s' (its outcomes: %s)", name,
					 member, rs->tables[ti].id, sb.data ? sb.data : "none");
			sb_free(&sb);
		} else if (twice) {
			ok = false;
			*why = xasprintf("--group %s names '%s' twice", name, member);
		} else {
			out->owned[out->n++] = (uint16_t)o;
		}
		free(member);
		if (!end)
			break;
		p = end + 1;
	}
done:
	if (!ok) {
		free(name);
		free(out->owned);
		memset(out, 0, sizeof *out);
	}
	free(order);
	return ok;
}

void odds_groups_free(odds_group *groups, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (groups[i].owned) {
			free((char *)groups[i].id);
			free(groups[i].owned);
		}
	free(groups);
}
