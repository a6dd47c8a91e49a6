/* SPDX-License-Identifier: MIT */
/* What a printed player aid shows of each definition (see export_views.h). */
#include "export/export_views.h"
#include "base/msg.h"
#include "check/passes/sema_numeric_rewrite.h"
#include "check/passes/table_text.h"
#include "front/key_kinds.h"
#include "text/value_text.h"
#include "front/stackings.h"

#include <stdlib.h>
#include <string.h>

bool export_kind_is_list(export_kind kind)
{
	switch (kind) {
	case EXPORT_ENUMS:
	case EXPORT_INPUTS:
	case EXPORT_DICE:
	case EXPORT_EFFECT_KINDS:
	case EXPORT_OUTCOMES:
	case EXPORT_NUMERIC_OUTCOMES:
	case EXPORT_GROUPS:
	case EXPORT_OUTCOME_GROUPS:
	case EXPORT_MODIFIERS: return true;
	default: return false;
	}
}

static void label_headers(const export_ctx *c, grid *g)
{
	for (size_t l = 0; l < c->nlocales; l++)
		grid_cellf(g, msg_in(c->words, "label (%s)"), c->rs->locales[c->locales[l]]);
}

static void label_cells(const export_ctx *c, grid *g, rtab_labels labels)
{
	for (size_t l = 0; l < c->nlocales; l++)
		grid_cell(g, export_label(c, labels, l));
}

/* A value with the provisional mark when reason is set. */
static void value_cell(const export_ctx *c, grid *g, const char *text, const char *reason)
{
	if (reason && c->plain) {
		grid_cell(g, text);
		grid_mark(g);
	} else if (reason) {
		grid_cellf(g, "%s %s", text, EXPORT_PROVISIONAL_MARK);
		grid_mark(g);
	} else {
		grid_cell(g, text);
	}
}

static void expr_cell(const export_ctx *c, grid *g, const rtab_expr *e, const char *reason)
{
	strbuf sb = {0};
	export_expr_text(&sb, c->m, e);
	value_cell(c, g, sb.data, reason);
	sb_free(&sb);
}

/* The names of columns, in the chosen language: msg("values") msg("rule")
 * msg("type") msg("default") msg("dice") msg("roll") msg("parameters")
 * msg("outcome") msg("code") msg("effects") msg("then") msg("stacking")
 * msg("cap") msg("side") msg("when") msg("value") msg("group") msg("steps")
 * msg("provisional") msg("ratio") msg("allowed when") msg("leads to")
 * msg("outcomes") */
static void header_row(const export_ctx *c, grid *g, const char *const *names)
{
	for (; *names; names++)
		grid_cell(g, msg_in(c->words, *names));
}

void export_section_header(const export_ctx *c, export_kind kind, grid *g)
{
	static const char *const rule_only[] = {"rule", NULL};
	size_t nl = c->nlocales;
	switch (kind) {
	case EXPORT_ENUMS:
		grid_init(g, 3 + nl);
		grid_cell(g, msg_in(c->words, "enum"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"values", "rule", NULL});
		break;
	case EXPORT_INPUTS:
		grid_init(g, 4 + nl);
		grid_cell(g, msg_in(c->words, "input"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"type", "default", "rule", NULL});
		break;
	case EXPORT_DICE:
		grid_init(g, 3);
		header_row(c, g, (const char *const[]){"dice", "roll", "rule", NULL});
		break;
	case EXPORT_EFFECT_KINDS:
		grid_init(g, 3 + nl);
		grid_cell(g, msg_in(c->words, "effect"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"parameters", "rule", NULL});
		break;
	case EXPORT_OUTCOMES:
		grid_init(g, 5 + nl);
		header_row(c, g, (const char *const[]){"outcome", "code", NULL});
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"effects", "then", "rule", NULL});
		break;
	case EXPORT_NUMERIC_OUTCOMES:
		grid_init(g, 4 + nl);
		grid_cell(g, msg_in(c->words, "outcome"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"parameters", "code", "rule", NULL});
		break;
	case EXPORT_GROUPS:
		grid_init(g, 4 + nl);
		grid_cell(g, msg_in(c->words, "group"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"stacking", "cap", "rule", NULL});
		break;
	case EXPORT_OUTCOME_GROUPS:
		grid_init(g, 3 + nl);
		grid_cell(g, msg_in(c->words, "outcome group"));
		label_headers(c, g);
		header_row(c, g, (const char *const[]){"outcomes", "rule", NULL});
		break;
	case EXPORT_MODIFIERS:
		grid_init(g, 8 + nl);
		grid_cell(g, msg_in(c->words, "modifier"));
		label_headers(c, g);
		header_row(c, g,
			   (const char *const[]){"side", "when", "value", "group", "steps", "rule",
						 "provisional", NULL});
		break;
	default:
		grid_init(g, 1);
		header_row(c, g, rule_only);
		break;
	}
}

static void join_steps(const rtab_ruleset *rs, uint32_t steps, strbuf *sb)
{
	for (size_t s = 0; s < rs->nsteps && s < RTAB_MAX_STEPS; s++)
		if ((steps >> s) & 1u)
			sb_printf(sb, "%s%s", sb->len ? ", " : "", rs->steps[s]);
}

static void dice_text(const rtab_dice *d, strbuf *sb)
{
	for (size_t g = 0; g < d->ngroups; g++) {
		const rtab_die_group *dg = &d->groups[g];
		sb_printf(sb, "%s%ud%d", g ? " + " : "", dg->count, dg->face_max - dg->face_min + 1);
		if (dg->face_min != 1)
			sb_printf(sb, " faces %d..%d", dg->face_min, dg->face_max);
	}
}

void export_section_row(const export_ctx *c, export_kind kind, size_t i, grid *g)
{
	const rtab_ruleset *rs = c->rs;
	strbuf sb = {0};
	switch (kind) {
	case EXPORT_ENUMS: {
		const rtab_enum *e = &rs->enums[i];
		grid_cell(g, e->id);
		label_cells(c, g, e->labels);
		for (size_t v = 0; v < e->nvalues; v++)
			sb_printf(&sb, "%s%s", v ? ", " : "", e->values[v].id);
		grid_cell(g, sb.data);
		grid_cell(g, e->rule);
		break;
	}
	case EXPORT_INPUTS: {
		const rtab_input *in = &rs->inputs[i];
		/* A list: its length, then each field once for all the items. */
		if (in->list_role == RTAB_LIST_FIELD && in->list_item != 1)
			break;
		if (in->list_role == RTAB_LIST_FIELD && in->list_length >= 0 && in->list_length < rs->ninputs) {
			sb_printf(&sb, "%s[1..%ld].%s", rs->inputs[in->list_length].id,
				  (long)rs->inputs[in->list_length].max, in->list_field);
			grid_cell(g, sb.data);
		} else {
			grid_cell(g, in->id);
		}
		label_cells(c, g, in->labels);
		if (in->list_role == RTAB_LIST_LENGTH) {
			grid_cellf(g, "list %ld..%ld", (long)in->min, (long)in->max);
			grid_cellf(g, "%ld", (long)in->default_value);
		} else if (in->type == RTAB_TYPE_ENUM) {
			grid_cell(g, rs->enums[in->enum_index].id);
			grid_cell(g, rs->enums[in->enum_index].values[in->default_value].id);
		} else if (in->type == RTAB_TYPE_BOOL) {
			grid_cell(g, "bool");
			grid_cell(g, in->default_value ? "true" : "false");
		} else if (in->step > 0) {
			char def[32];
			export_number_domain(&sb, rs, in);
			grid_cell(g, sb.data);
			rtab_format_exact(in->default_value, rs->scale, def, sizeof def);
			grid_cell(g, def);
		} else {
			export_int_domain(&sb, in->min, in->max);
			if (in->unit)
				sb_printf(&sb, " %s", in->unit);
			grid_cell(g, sb.data);
			grid_cellf(g, "%ld", (long)in->default_value);
		}
		grid_cell(g, in->rule);
		break;
	}
	case EXPORT_DICE: {
		const rtab_dice *d = &rs->dice[i];
		grid_cell(g, d->id);
		dice_text(d, &sb);
		grid_cell(g, sb.data);
		grid_cell(g, d->rule);
		break;
	}
	case EXPORT_EFFECT_KINDS: {
		const rtab_effect_kind *k = &rs->effect_kinds[i];
		grid_cell(g, k->id);
		label_cells(c, g, k->labels);
		for (size_t p = 0; p < k->nparams; p++)
			sb_printf(&sb, "%s%s: %s%s%s", p ? ", " : "", k->params[p].id,
				  k->params[p].enum_index >= 0 ? rs->enums[k->params[p].enum_index].id : "int",
				  k->params[p].unit ? " " : "", k->params[p].unit ? k->params[p].unit : "");
		grid_cell(g, sb.data);
		grid_cell(g, k->rule);
		break;
	}
	case EXPORT_OUTCOMES: {
		const rtab_outcome *o = &rs->outcomes[i];
		grid_cell(g, o->id);
		grid_cell(g, o->code);
		label_cells(c, g, o->labels);
		for (size_t e = 0; e < o->neffects; e++) {
			sb_puts(&sb, e ? "; " : "");
			export_effect_text(&sb, rs, &o->effects[e]);
		}
		grid_cell(g, sb.data);
		sb_clear(&sb);
		for (size_t t = 0; t < o->ntriggers; t++) {
			const rtab_trigger *tr = &o->triggers[t];
			sb_printf(&sb, "%s%s", t ? "; " : "", export_target_id(rs, tr->target));
			if (tr->unless.ninstrs) {
				sb_puts(&sb, " unless ");
				export_expr_text(&sb, c->m, &tr->unless);
			}
			if (tr->rule && (!o->rule || strcmp(tr->rule, o->rule) != 0))
				sb_printf(&sb, msg_in(c->words, " (rule %s)"), tr->rule);
		}
		grid_cell(g, sb.data ? sb.data : "");
		grid_cell(g, o->rule);
		break;
	}
	case EXPORT_NUMERIC_OUTCOMES: {
		const rtab_numeric_outcome *n = &rs->numeric_outcomes[i];
		grid_cell(g, n->id);
		label_cells(c, g, n->labels);
		export_numeric_params_text(&sb, n, model_numeric_flags(c->m, i));
		grid_cell(g, sb.data ? sb.data : "");
		grid_cell(g, n->code);
		grid_cell(g, n->rule);
		break;
	}
	case EXPORT_GROUPS: {
		const rtab_group *gr = &rs->groups[i];
		grid_cell(g, gr->id);
		label_cells(c, g, gr->labels);
		grid_cell(g, msg_in(c->words, stacking_list_phrase((rtab_stacking)gr->stacking)));
		if (gr->capped)
			grid_cellf(g, "%ld..%ld", (long)gr->cap_min, (long)gr->cap_max);
		else
			grid_cell(g, "");
		grid_cell(g, gr->rule);
		break;
	}
	case EXPORT_OUTCOME_GROUPS: {
		const model_outcome_group *og = &c->m->outcome_groups[i];
		grid_cell(g, og->id);
		label_cells(c, g, og->labels);
		for (size_t k = 0; k < og->nmembers; k++)
			sb_printf(&sb, "%s%s", k ? ", " : "", rs->outcomes[og->members[k]].id);
		grid_cell(g, sb.data ? sb.data : "");
		grid_cell(g, og->rule);
		break;
	}
	case EXPORT_MODIFIERS: {
		const rtab_modifier *m = &rs->modifiers[i];
		grid_cell(g, m->id);
		label_cells(c, g, m->labels);
		grid_cell(g, m->sign < 0 ? msg_in(c->words, "defender")
					 : msg_in(c->words, "attacker"));
		if (m->condition.ninstrs)
			expr_cell(c, g, &m->condition, NULL);
		else
			grid_cell(g, msg_in(c->words, "always"));
		expr_cell(c, g, &m->value, m->provisional);
		grid_cell(g, m->group >= 0 ? rs->groups[m->group].id : "");
		join_steps(rs, m->steps, &sb);
		grid_cell(g, sb.data ? sb.data : "");
		grid_cell(g, m->rule);
		grid_cell(g, m->provisional);
		break;
	}
	default: break;
	}
	sb_free(&sb);
}

static void view_head(const export_ctx *c, export_view *v, const char *what, const char *id,
		      rtab_labels labels, const char *rule)
{
	v->what = what;
	v->id = id;
	v->rule = rule;
	for (size_t l = 0; l < c->nlocales; l++)
		v->label[l] = export_label(c, labels, l);
}

/* An outcome as a grid cell prints it: its code, its numbers in its
 * numeric outcome's pattern ("6/3", "K/2"), else its id. */
char *export_outcome_code(const export_ctx *c, uint16_t o)
{
	const rtab_outcome *out = &c->rs->outcomes[o];
	return xstrdup(out->code ? out->code : out->id);
}

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The row a column gives a modified roll (-1 none). */
static int printed_row(const rtab_table *t, const rtab_column *col, int64_t r)
{
	if (r < t->roll_min)
		return col->below_row;
	if (r > t->roll_max)
		return col->above_row;
	return rtab_column_row(col, (size_t)(r - t->roll_min));
}

/* Into notes, the printed cells (runs of rolls in a column) whose row's text
 * (its rule, its provisional reason) is want, then the end of the line. */
static void list_cells(const export_ctx *c, strbuf *notes, const rtab_table *t, int64_t lo,
		       int64_t hi, const char *(*text)(const rtab_table *, size_t), const char *want)
{
	size_t n = 0;
	for (size_t j = 0; j < t->ncolumns; j++)
		for (int64_t r = lo; t->columns[j].kind == RTAB_COLUMN_ROLLED && r <= hi; r++) {
			int row = printed_row(t, &t->columns[j], r);
			if (row < 0 || !same_text(text(t, (size_t)row), want))
				continue;
			int64_t e = r;
			while (e < hi && printed_row(t, &t->columns[j], e + 1) == row)
				e++;
			if (e == r)
				sb_printf(notes, msg_in(c->words, "%s roll %lld at %s"),
					  n++ ? "," : "", (long long)r, t->columns[j].id);
			else
				sb_printf(notes, msg_in(c->words, "%s rolls %lld-%lld at %s"),
					  n++ ? "," : "", (long long)r, (long long)e,
					  t->columns[j].id);
			r = e;
		}
	sb_putc(notes, '\n');
}

/* The odds lines of a table ('woods:  1:3  1:2 ...' above one grid), or NULL. */
const model_table *export_odds_lines(const export_ctx *c, const rtab_table *t)
{
	if (!c->m || !c->m->tables || t < c->rs->tables || t >= c->rs->tables + c->rs->ntables)
		return NULL;
	const model_table *mt = &c->m->tables[t - c->rs->tables];
	return mt->result_of_column && t->column_input >= 0 ? mt : NULL;
}

/* The columns a computed table prints, in order: its rolled columns; under
 * odds lines each result column once, as the first line over it reads it. */
size_t export_printed_columns(const export_ctx *c, const rtab_table *t, size_t *shown)
{
	const model_table *mt = export_odds_lines(c, t);
	size_t n = 0;
	for (size_t k = 0; mt && k < mt->nresults; k++)
		for (size_t j = 0; j < t->ncolumns; j++)
			if (mt->result_of_column[j] == k + 1) {
				if (t->columns[j].kind == RTAB_COLUMN_ROLLED)
					shown[n++] = j;
				break;
			}
	for (size_t j = 0; !mt && j < t->ncolumns; j++)
		if (t->columns[j].kind == RTAB_COLUMN_ROLLED)
			shown[n++] = j;
	return n;
}

void export_odds_line_name(const export_ctx *c, const rtab_table *t, size_t column, int slot, strbuf *ids,
			   strbuf *name)
{
	const rtab_enum *e = &c->rs->enums[c->rs->inputs[t->column_input].enum_index];
	for (size_t u = 0; u < e->nvalues; u++)
		if (t->column_of_value[u] <= column && column < t->column_end_of_value[u]) {
			const char *label = slot >= 0 ? export_label(c, e->values[u].labels, (size_t)slot) : "";
			sb_printf(ids, "%s%s", ids->len ? ", " : "", e->values[u].id);
			sb_printf(name, "%s%s", name->len ? ", " : "", *label ? label : e->values[u].id);
		}
}

/* Above the result columns, a line per run of columns: its values (their labels
 * in the slot-th locale chosen, ids when slot < 0 or a value has none), then the
 * odds it gives each result column ('—' where it has none), as printed. */
void export_odds_line_rows(const export_ctx *c, const rtab_table *t, const model_table *mt,
			   const size_t *shown, size_t nshown, int slot, grid *g)
{
	const rtab_input *in = &c->rs->inputs[t->column_input];
	const rtab_enum *e = &c->rs->enums[in->enum_index];
	for (size_t v = 0; v < e->nvalues; v++) {
		uint16_t first = t->column_of_value[v], end = t->column_end_of_value[v];
		bool seen = false;
		for (size_t u = 0; u < v; u++)
			seen |= t->column_of_value[u] == first;
		if (seen)
			continue;
		strbuf ids = {0}, name = {0};
		export_odds_line_name(c, t, first, slot, &ids, &name);
		sb_putc(&ids, ':');
		sb_putc(&name, ':');
		grid_cell(g, name.data);
		for (size_t s = 0; s < nshown; s++) {
			const char *step = "\xE2\x80\x94"; /* —: the line has no odds over it */
			for (size_t j = first; j < end; j++)
				if (mt->result_of_column[j] == mt->result_of_column[shown[s]])
					step = t->columns[j].id + ids.len; /* "woods, town 1:2" less "woods, town " */
			grid_cell(g, step);
		}
		sb_free(&ids);
		sb_free(&name);
	}
}

/* Under value columns the page names (light, medium, heavy), the values
 * each column reads as the page prints them under the names (0-2, 3-5, 6+). */
void export_printed_values_row(const export_ctx *c, const rtab_table *t, const size_t *shown,
			       size_t nshown, grid *g)
{
	if (!c->m || !c->m->tables || t < c->rs->tables || t >= c->rs->tables + c->rs->ntables)
		return;
	const model_table *mt = &c->m->tables[t - c->rs->tables];
	bool named = false;
	for (size_t s = 0; s < nshown && !named; s++)
		named = model_printed_value(mt, shown[s]) != NULL;
	if (!named) /* in a table with a grid per variant, this grid prints no names */
		return;
	grid_cell(g, msg_in(c->words, "value"));
	for (size_t s = 0; s < nshown; s++) {
		const char *value = model_printed_value(mt, shown[s]);
		grid_cell(g, value ? value : "");
	}
}

/* A computed table as its page prints it: a line per roll (or run of rolls
 * with the same cells), a column per step; automatic and 'none' columns
 * are in the notes. Under odds lines, the grid of result columns once,
 * with the lines above it. */
static void printed_grid(const export_ctx *c, const rtab_table *t, export_view *v)
{
	const rtab_ruleset *rs = c->rs;
	const model_table *mt = export_odds_lines(c, t);
	size_t *shown = xcalloc(t->ncolumns ? t->ncolumns : 1, sizeof *shown);
	size_t ncols = export_printed_columns(c, t, shown);
	char **code = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *code);
	grid_init(&v->g, ncols + 1);
	grid_cell(&v->g, msg_in(c->words, "roll"));
	for (size_t s = 0; s < ncols; s++)
		grid_cell(&v->g, mt ? mt->result_ids[mt->result_of_column[shown[s]] - 1]
				    : t->columns[shown[s]].id);
	if (mt)
		export_odds_line_rows(c, t, mt, shown, ncols, -1, &v->g);
	export_printed_values_row(c, t, shown, ncols, &v->g);
	/* Rolls below and above the span: a line of their own when some column has a row there. */
	bool open_lo = false, open_hi = false;
	for (size_t j = 0; j < t->ncolumns; j++) {
		open_lo |= t->columns[j].kind == RTAB_COLUMN_ROLLED && t->columns[j].below_row >= 0;
		open_hi |= t->columns[j].kind == RTAB_COLUMN_ROLLED && t->columns[j].above_row >= 0;
	}
	int64_t lo = (int64_t)t->roll_min - open_lo, hi = (int64_t)t->roll_max + open_hi;
	for (int64_t r = lo; r <= hi;) {
		/* The run of rolls whose cells are those of r, in every column. */
		int64_t end = r;
		while (end + 1 <= hi) {
			bool same = true;
			for (size_t s = 0; s < ncols && same; s++)
				same = printed_row(t, &t->columns[shown[s]], end + 1) ==
				       printed_row(t, &t->columns[shown[s]], r);
			if (!same)
				break;
			end++;
		}
		bool below = open_lo && r == lo, above = open_hi && end == hi;
		if (below && above)
			grid_cell(&v->g, msg_in(c->words, "any"));
		else if (below)
			grid_cellf(&v->g, "<=%lld", (long long)end);
		else if (above)
			grid_cellf(&v->g, ">=%lld", (long long)r);
		else if (r == end)
			grid_cellf(&v->g, "%lld", (long long)r);
		else
			grid_cellf(&v->g, "%lld-%lld", (long long)r, (long long)end);
		for (size_t s = 0; s < ncols; s++) {
			size_t j = shown[s];
			int row = printed_row(t, &t->columns[j], r);
			if (row < 0 || row >= t->nrows) {
				grid_cell(&v->g, "\xE2\x80\x94"); /* —: no result printed here */
				continue;
			}
			uint16_t o = rtab_row_outcome(t, row);
			if (!code[o])
				code[o] = export_outcome_code(c, o);
			/* Codes, not numbers: the mark stays in every format, CSV too. */
			if (rtab_row_provisional(t, row)) {
				grid_cellf(&v->g, "%s %s", code[o], EXPORT_PROVISIONAL_MARK);
				grid_mark(&v->g);
			} else {
				grid_cell(&v->g, code[o]);
			}
		}
		r = end + 1;
	}
	/* What each code stands for (also as a grid of its own: CSV), and the
	 * cells a rule of their own governs. */
	grid_init(&v->legend, 2 + c->nlocales);
	grid_cell(&v->legend, msg_in(c->words, "cell"));
	grid_cell(&v->legend, msg_in(c->words, "outcome"));
	label_headers(c, &v->legend);
	for (size_t o = 0; o < rs->noutcomes; o++) {
		if (!code[o])
			continue;
		grid_cell(&v->legend, code[o]);
		grid_cell(&v->legend, rs->outcomes[o].id);
		label_cells(c, &v->legend, rs->outcomes[o].labels);
	}
	/* The rule most cells read goes without saying; the others name their cells. */
	size_t *cells = xcalloc(t->nrows ? t->nrows : 1, sizeof *cells), most = 0;
	for (size_t j = 0; j < t->ncolumns; j++)
		for (int64_t r = lo; t->columns[j].kind == RTAB_COLUMN_ROLLED && r <= hi; r++) {
			int row = printed_row(t, &t->columns[j], r);
			for (size_t k = 0; row >= 0 && k < t->nrows; k++)
				if (same_text(rtab_row_rule(t, k), rtab_row_rule(t, row))) {
					cells[k]++; /* counted at the first row of that rule */
					break;
				}
		}
	for (size_t k = 1; k < t->nrows; k++)
		if (cells[k] > cells[most])
			most = k;
	for (size_t k = 0; k < t->nrows; k++) {
		if (!cells[k] || same_text(rtab_row_rule(t, k), rtab_row_rule(t, most)))
			continue;
		sb_printf(&v->notes, "rule %s:", rtab_row_rule(t, k) ? rtab_row_rule(t, k) : "none");
		list_cells(c, &v->notes, t, lo, hi, rtab_row_rule, rtab_row_rule(t, k));
	}
	/* Each provisional reason, with the cells it marks. */
	for (size_t k = 0; k < t->nrows; k++) {
		const char *why = rtab_row_provisional(t, k);
		size_t first = 0;
		while (first < k && !same_text(rtab_row_provisional(t, first), why))
			first++;
		if (!why || first < k)
			continue;
		sb_printf(&v->notes, msg_in(c->words, "%s provisional (%s):"),
			  EXPORT_PROVISIONAL_MARK, why);
		list_cells(c, &v->notes, t, lo, hi, rtab_row_provisional, why);
	}
	free(cells);
	free(shown);
	for (size_t o = 0; o < rs->noutcomes; o++)
		free(code[o]);
	free(code);
}

/* How odds between two printed ones read, by rtab_rounding, in its order. */
/* msg("towards 1:1") msg("down (in the defender's favour)")
 * msg("up (in the attacker's favour)") msg("to the nearest column")
 * msg("to the nearest by the ratio itself, a tie down")
 * msg("to the nearest by the ratio itself, a tie up")
 * msg("as the greatest column whose ratio they pass (more than)") */
static const char *const rounding[] = {"towards 1:1", "down (in the defender's favour)",
				       "up (in the attacker's favour)", "to the nearest column",
				       "to the nearest by the ratio itself, a tie down",
				       "to the nearest by the ratio itself, a tie up",
				       "as the greatest column whose ratio they pass (more than)"};
#define NROUNDINGS (sizeof rounding / sizeof rounding[0])

static void table_view(const export_ctx *c, size_t ti, export_view *v)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_table *t = &rs->tables[ti];
	strbuf sb = {0};
	strbuf *n = &v->notes;

	view_head(c, v, msg_in(c->words, "Table"), t->id, t->labels, t->rule);
	if (t->dice != RTAB_NO_DICE) {
		dice_text(&rs->dice[t->dice], &sb);
		sb_printf(n, msg_in(c->words, "roll: %s (%s)\n"), rs->dice[t->dice].id, sb.data);
	} else {
		sb_puts(n, msg_in(c->words, "no dice: keyed by the modifier total\n"));
	}
	if (t->step >= 0)
		sb_printf(n, msg_in(c->words, "step: %s (only the modifiers of this step count)\n"),
			  rs->steps[t->step]);
	if (t->nmodifiers) {
		sb_puts(n, msg_in(c->words, "modifiers:"));
		for (size_t i = 0; i < t->nmodifiers; i++)
			sb_printf(n, "%s %s", i ? "," : "", rs->modifiers[t->modifiers[i]].id);
		sb_putc(n, '\n');
	}
	if (t->capped)
		sb_printf(n, msg_in(c->words, "cap: the total modifier is held within %ld..%ld\n"),
			  (long)t->cap_min, (long)t->cap_max);
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		if (t->column_input >= 0)
			sb_printf(n, msg_in(c->words, "columns by %s\n"),
				  rs->inputs[t->column_input].id);
		break;
	case RTAB_KEY_ENUM:
		if (t->column_input >= 0 && table_enum_key_input(t) >= 0)
			sb_printf(n, msg_in(c->words, "columns by %s, then by %s\n"),
				  rs->inputs[t->column_input].id,
				  rs->inputs[table_enum_key_input(t)].id);
		break;
	case RTAB_KEY_ODDS:
		sb_puts(n, msg_in(c->words, "columns by the odds "));
		export_expr_text(n, c->m, &t->key_a);
		sb_puts(n, " : ");
		export_expr_text(n, c->m, &t->key_b);
		sb_printf(n, msg_in(c->words, ", read %s\n"),
			  t->rounding < NROUNDINGS ? msg_in(c->words, rounding[t->rounding]) : "?");
		break;
	case RTAB_KEY_VALUE:
		sb_puts(n, msg_in(c->words, "columns by the value "));
		export_expr_text(n, c->m, &t->key_a);
		sb_printf(n, msg_in(c->words, ", read %s\n"),
			  t->rounding < NROUNDINGS ? msg_in(c->words, rounding[t->rounding]) : "?");
		break;
	}
	if (t->nshifts) {
		sb_puts(n, msg_in(c->words, "column shifts:"));
		for (size_t i = 0; i < t->nshifts; i++)
			sb_printf(n, "%s %s", i ? "," : "", rs->modifiers[t->shifts[i]].id);
		sb_puts(n,
			t->shift_stops
				? msg_in(c->words,
					 " (never beyond the first and last printed column; the ends serve the odds or value alone)\n")
				: msg_in(c->words, " (never beyond the first and last column)\n"));
	}
	for (size_t i = 0; i < t->ncolumns; i++) {
		const char *why = t->columns[i].provisional;
		if (t->columns[i].kind == RTAB_COLUMN_AUTOMATIC)
			sb_printf(n, msg_in(c->words, "column %s: %s, without a roll"),
				  t->columns[i].id, rs->outcomes[t->columns[i].automatic].id);
		else if (t->columns[i].kind == RTAB_COLUMN_NONE)
			sb_printf(n, msg_in(c->words, "column %s: no result (not allowed)"),
				  t->columns[i].id);
		else
			continue;
		if (rtab_column_above_strict(rs, (size_t)(t - rs->tables), i)) { /* 'above more than 5:1' */
			char past[64];
			format_step(past, sizeof past, t, t->columns[i].step_num, t->columns[i].step_den);
			sb_printf(n,
				  msg_in(c->words,
					 " (only past %s; %s itself reads the last printed column)"),
				  past, past);
		}
		if (why)
			sb_printf(n, msg_in(c->words, " %s provisional: %s"),
				  EXPORT_PROVISIONAL_MARK, why);
		sb_putc(n, '\n');
	}
	/* A note printed on a whole column, once per id (a grid per variant repeats it). */
	for (size_t i = 0; i < t->ncolumns; i++) {
		const rtab_column *col = &t->columns[i];
		size_t first = 0;
		while (first < i && strcmp(t->columns[first].id, col->id) != 0)
			first++;
		if (!col->note || first < i)
			continue;
		sb_printf(n, msg_in(c->words, "note on column %s:"), col->id);
		for (size_t l = 0; l < c->nlocales; l++)
			sb_printf(n, "%s %s", l ? " /" : "", export_label(c, col->note, l));
		sb_putc(n, '\n');
	}
	for (size_t i = 0; i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		sb_puts(n, msg_in(c->words, "natural "));
		for (size_t f = 0; f < nr->nfaces; f++)
			sb_printf(n, "%s%ld", f ? ", " : "", (long)nr->faces[f]);
		sb_printf(n, msg_in(c->words, " -> %s, whatever the modifiers"),
			  rs->outcomes[nr->outcome].id);
		if (nr->rule)
			sb_printf(n, msg_in(c->words, " (rule %s)"), nr->rule);
		if (nr->provisional)
			sb_printf(n, msg_in(c->words, " %s provisional: %s"),
				  EXPORT_PROVISIONAL_MARK, nr->provisional);
		sb_putc(n, '\n');
	}
	for (size_t i = 0; i < t->nrewrites; i++) {
		const rtab_rewrite *rw = &t->rewrites[i];
		/* One that computes numbers as written, once: loss(a, d) reads as loss(a + 1, d). */
		bool first;
		const ast_stmt *src = numeric_rewrite_source(c->m, ti, i, &first);
		if (src && !first)
			continue;
		if (src) {
			strbuf both = {0};
			numeric_rewrite_text(&both, src);
			const char *arrow = strstr(both.data, " -> ");
			char *left = xstrndup(both.data, (size_t)(arrow - both.data));
			sb_printf(n, msg_in(c->words, "%s reads as %s when "), left, arrow + 4);
			free(left);
			sb_free(&both);
		} else {
			sb_printf(n, msg_in(c->words, "%s reads as %s when "), rs->outcomes[rw->from].id,
				  rs->outcomes[rw->to].id);
		}
		export_expr_text(n, c->m, &rw->condition);
		if (rw->rule)
			sb_printf(n, msg_in(c->words, " (rule %s)"), rw->rule);
		if (rw->provisional)
			sb_printf(n, msg_in(c->words, " %s provisional: %s"),
				  EXPORT_PROVISIONAL_MARK, rw->provisional);
		sb_putc(n, '\n');
	}

	/* A computed key's table as printed: the steps above the rolls. */
	bool by_input = true;
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		break;
	case RTAB_KEY_ENUM: /* a grid per line, each column named by its line and value */
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		by_input = false;
		break;
	}
	if (!by_input && t->dice != RTAB_NO_DICE) {
		printed_grid(c, t, v);
		sb_free(&sb);
		return;
	}
	/* The codes the page prints, when the table's outcomes have them (a
	 * grid of one column is read in rows: its cells are these). */
	bool codes = false;
	for (size_t r = 0; r < t->nrows; r++)
		codes |= rs->outcomes[rtab_row_at(t, r).outcome].code != NULL;
	grid_init(&v->g, t->ncolumns + 3 + codes + c->nlocales);
	/* Two keys name each column after its variant already. */
	const rtab_enum *ce = t->column_input >= 0 && by_input
				      ? &rs->enums[rs->inputs[t->column_input].enum_index]
				      : NULL;
	for (size_t col = 0; col < t->ncolumns; col++) {
		sb_clear(&sb);
		sb_puts(&sb, t->ncolumns == 1 ? msg_in(c->words, "roll") : t->columns[col].id);
		/* The values a column covers, when its name does not say them. */
		if (ce) {
			strbuf vals = {0};
			size_t nv = 0;
			for (size_t val = 0; val < ce->nvalues; val++)
				if (t->column_of_value[val] == col) {
					sb_printf(&vals, "%s%s", nv++ ? ", " : "", ce->values[val].id);
				}
			if (vals.data && strcmp(vals.data, t->columns[col].id) != 0)
				sb_printf(&sb, " (%s)", vals.data);
			sb_free(&vals);
		}
		grid_cell(&v->g, sb.data);
		v->g.right[col] = true;
	}
	grid_cell(&v->g, msg_in(c->words, "outcome"));
	if (codes)
		grid_cell(&v->g, msg_in(c->words, "code"));
	label_headers(c, &v->g);
	grid_cell(&v->g, msg_in(c->words, "rule"));
	grid_cell(&v->g, msg_in(c->words, "provisional"));
	for (size_t r = 0; r < t->nrows; r++) {
		const rtab_row row = rtab_row_at(t, r);
		for (size_t col = 0; col < t->ncolumns; col++) {
			const rtab_column *cl = &t->columns[col];
			if (cl->kind == RTAB_COLUMN_AUTOMATIC) {
				/* Only the row of the column's own outcome gets it, without a roll. */
				grid_cell(&v->g, row.outcome == cl->automatic
							 ? msg_in(c->words, "no roll")
							 : "-");
				continue;
			}
			if (cl->kind == RTAB_COLUMN_NONE) {
				grid_cell(&v->g, msg_in(c->words, "none"));
				continue;
			}
			sb_clear(&sb);
			export_row_range(&sb, c, ti, col, r);
			value_cell(c, &v->g, sb.data, row.provisional);
		}
		grid_cell(&v->g, rs->outcomes[row.outcome].id);
		if (codes)
			grid_cell(&v->g, rs->outcomes[row.outcome].code);
		label_cells(c, &v->g, rs->outcomes[row.outcome].labels);
		grid_cell(&v->g, row.rule);
		grid_cell(&v->g, row.provisional);
	}
	sb_free(&sb);
}

/* The range a matrix's or a ratio's values are declared 'within', as the
 * source writes it: the lowered data keeps only the values given. */
static void declared_within(const export_ctx *c, def_kind kind, size_t i, export_view *v)
{
	if (!c->m || i >= c->m->ndefs[kind])
		return;
	for (const ast_stmt *s = c->m->defs[kind][i]->body; s; s = s->next)
		if (s->kind == ST_DOMAIN) {
			sb_printf(&v->notes, msg_in(c->words, "within: %lld..%lld\n"),
				  (long long)s->lo, (long long)s->hi);
			return;
		}
}

static void matrix_view(const export_ctx *c, size_t mi, export_view *v)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_matrix *m = &rs->matrices[mi];
	view_head(c, v, msg_in(c->words, "Matrix"), m->id, m->labels, m->rule);
	sb_puts(&v->notes, msg_in(c->words, "keys:"));
	for (size_t k = 0; k < m->ndims; k++)
		sb_printf(&v->notes, "%s %s", k ? "," : "", rs->enums[m->dims[k]].id);
	sb_puts(&v->notes, m->ndims == 2 ? msg_in(c->words, " (rows, columns)\n") : "\n");
	declared_within(c, DEF_MATRIX, mi, v);
	size_t ncells = 1;
	for (size_t k = 0; k < m->ndims; k++)
		ncells *= rs->enums[m->dims[k]].nvalues;
	if (m->ndims == 2) {
		const rtab_enum *a = &rs->enums[m->dims[0]], *b = &rs->enums[m->dims[1]];
		grid_init(&v->g, 1 + b->nvalues);
		grid_cell(&v->g, "");
		for (size_t j = 0; j < b->nvalues; j++) {
			grid_cell(&v->g, b->values[j].id);
			v->g.right[j + 1] = true;
		}
		for (size_t i = 0; i < a->nvalues; i++) {
			grid_cell(&v->g, a->values[i].id);
			for (size_t j = 0; j < b->nvalues; j++) {
				size_t cell = i * b->nvalues + j;
				char num[32];
				snprintf(num, sizeof num, "%+ld", (long)rtab_matrix_cell(m, cell));
				value_cell(c, &v->g, rtab_matrix_cell(m, cell) ? num : "0",
					   rtab_matrix_reason(m, cell));
			}
		}
	} else {
		grid_init(&v->g, m->ndims + 1);
		for (size_t k = 0; k < m->ndims; k++)
			grid_cell(&v->g, rs->enums[m->dims[k]].id);
		grid_cell(&v->g, msg_in(c->words, "value"));
		v->g.right[m->ndims] = true;
		for (size_t cell = 0; cell < ncells; cell++) {
			size_t rest = cell, idx[16] = {0};
			for (size_t k = m->ndims; k-- > 0;) {
				size_t nv = rs->enums[m->dims[k]].nvalues;
				idx[k < 16 ? k : 15] = rest % nv;
				rest /= nv;
			}
			for (size_t k = 0; k < m->ndims && k < 16; k++)
				grid_cell(&v->g, rs->enums[m->dims[k]].values[idx[k]].id);
			char num[32];
			snprintf(num, sizeof num, "%+ld", (long)rtab_matrix_cell(m, cell));
			value_cell(c, &v->g, num, rtab_matrix_reason(m, cell));
		}
	}
	for (size_t cell = 0; cell < ncells; cell++)
		if (rtab_matrix_reason(m, cell)) {
			size_t rest = cell, idx[16] = {0};
			for (size_t k = m->ndims; k-- > 0;) {
				size_t nv = rs->enums[m->dims[k]].nvalues;
				idx[k < 16 ? k : 15] = rest % nv;
				rest /= nv;
			}
			sb_printf(&v->notes, "%s ", EXPORT_PROVISIONAL_MARK);
			for (size_t k = 0; k < m->ndims && k < 16; k++)
				sb_printf(&v->notes, "%s%s", k ? ", " : "", rs->enums[m->dims[k]].values[idx[k]].id);
			sb_printf(&v->notes, ": %s\n", rtab_matrix_reason(m, cell));
		}
}

static void example_view(const export_ctx *c, size_t ei, export_view *v)
{
	const rtab_ruleset *rs = c->rs;
	const model_example *ex = &c->m->examples[ei];
	v->what = msg_in(c->words, "Example");
	v->id = ex->def->id;
	v->rule = ex->def->rule;
	for (size_t l = 0; l < c->nlocales; l++) {
		v->label[l] = "";
		for (const ast_stmt *s = ex->def->body; s; s = s->next)
			if (s->kind == ST_LABEL && strcmp(s->name, rs->locales[c->locales[l]]) == 0)
				v->label[l] = s->text;
	}
	grid_init(&v->g, 2);
	grid_cell(&v->g, msg_in(c->words, "check"));
	grid_cell(&v->g, msg_in(c->words, "gives"));
	for (size_t k = 0; k < ex->nchecks; k++) {
		const model_check *ck = &ex->checks[k];
		strbuf sb = {0};
		sb_puts(&sb, export_target_id(rs, ck->target));
		size_t n = 0;
		for (const ast_arg *a = ck->stmt->args; a; a = a->next) {
			int in = a->key ? rtab_find_input(rs, a->key) : -1;
			if (in < 0)
				continue;
			sb_puts(&sb, n++ ? ", " : "(");
			sb_printf(&sb, "%s = ", rs->inputs[in].id);
			export_input_value(&sb, rs, (size_t)in, ck->inputs[in]);
		}
		sb_puts(&sb, n ? ")" : "");
		for (size_t f = 0; f < ck->nfaces; f++)
			sb_printf(&sb, "%s%ld", f ? ", " : " roll ", (long)ck->faces[f]);
		if (ck->stmt->has_drm && ck->drm_modifier >= 0)
			sb_printf(&sb, " drm %s", rs->modifiers[ck->drm_modifier].id);
		else if (ck->stmt->has_drm)
			sb_printf(&sb, " drm %ld", (long)ck->drm);
		grid_cell(&v->g, sb.data);
		sb_clear(&sb);
		switch ((rtab_target_kind)ck->target.kind) {
		case RTAB_TARGET_TABLE:
			sb_puts(&sb, ck->expected >= 0 ? rs->outcomes[ck->expected].id
						       : msg_in(c->words, "none"));
			break;
		case RTAB_TARGET_REACTIONS:
			sb_putc(&sb, '{');
			for (size_t i = 0; i < ck->noptions; i++)
				sb_printf(&sb, "%s%s", i ? ", " : "",
					  rs->reaction_sets[ck->target.index].options[ck->options[i]].id);
			sb_putc(&sb, '}');
			break;
		case RTAB_TARGET_TRANSITION: {
			const rtab_transition *t = &rs->transitions[ck->target.index];
			sb_puts(&sb, rs->enums[rs->inputs[t->input].enum_index].values[ck->expected].id);
			break;
		}
		case RTAB_TARGET_DISTANCE: {
			char num[32]; /* exact at a precision 1/N: 16.5 cm */
			if (rtab_format_exact(ck->expected, rs->scale, num, sizeof num) != RTAB_OK)
				snprintf(num, sizeof num, "%d", ck->expected);
			sb_printf(&sb, "%s %s", num, ck->unit);
			break;
		}
		case RTAB_TARGET_PROCEDURE:
			sb_puts(&sb, ck->expected >= 0
					     ? rs->procedures[ck->target.index].steps[ck->expected].id
					     : msg_in(c->words, "otherwise"));
			break;
		}
		grid_cell(&v->g, sb.data);
		sb_free(&sb);
	}
}

void export_view_build(const export_ctx *c, export_kind kind, size_t i, export_view *v)
{
	const rtab_ruleset *rs = c->rs;
	memset(v, 0, sizeof *v);
	switch (kind) {
	case EXPORT_TABLES: table_view(c, i, v); break;
	case EXPORT_MATRICES: matrix_view(c, i, v); break;
	case EXPORT_EXAMPLES: example_view(c, i, v); break;
	case EXPORT_BANDS: {
		const rtab_band *b = &rs->bands[i];
		view_head(c, v, msg_in(c->words, "Ratio"), b->id, b->labels, b->rule);
		if (b->rounding != RTAB_ROUND_EVENS && b->rounding < NROUNDINGS)
			sb_printf(&v->notes, msg_in(c->words, "odds read %s\n"),
				  msg_in(c->words, rounding[b->rounding]));
		if (b->provisional)
			sb_printf(&v->notes, msg_in(c->words, "%s provisional reading: %s\n"),
				  EXPORT_PROVISIONAL_MARK, b->provisional);
		declared_within(c, DEF_BAND, i, v);
		grid_init(&v->g, 3);
		header_row(c, &v->g, (const char *const[]){"ratio", "value", "provisional", NULL});
		v->g.right[1] = true;
		char value[16];
		for (size_t s = 0; s < b->nsteps; s++) {
			const rtab_band_step *st = &b->steps[s];
			const char *why = b->step_provisional ? b->step_provisional[s] : NULL;
			grid_cellf(&v->g, "%s %ld:%ld",
				   st->num >= st->den ? msg_in(c->words, "at least")
						      : msg_in(c->words, "at most"),
				   (long)st->num, (long)st->den);
			snprintf(value, sizeof value, "%+ld", (long)st->value);
			value_cell(c, &v->g, value, why);
			grid_cell(&v->g, why);
		}
		grid_cell(&v->g, msg_in(c->words, "otherwise"));
		snprintf(value, sizeof value, "%+ld", (long)b->otherwise);
		value_cell(c, &v->g, value, b->otherwise_provisional);
		grid_cell(&v->g, b->otherwise_provisional);
		break;
	}
	case EXPORT_REACTION_SETS: {
		const rtab_reaction_set *r = &rs->reaction_sets[i];
		view_head(c, v, msg_in(c->words, "Reactions"), r->id, r->labels, r->rule);
		if (r->none_when.ninstrs) {
			sb_puts(&v->notes, msg_in(c->words, "no reaction at all when "));
			export_expr_text(&v->notes, c->m, &r->none_when);
			sb_putc(&v->notes, '\n');
		}
		grid_init(&v->g, 4 + c->nlocales);
		grid_cell(&v->g, msg_in(c->words, "option"));
		label_headers(c, &v->g);
		header_row(c, &v->g, (const char *const[]){"allowed when", "leads to", "rule", NULL});
		for (size_t o = 0; o < r->noptions; o++) {
			const rtab_option *op = &r->options[o];
			grid_cell(&v->g, op->id);
			label_cells(c, &v->g, op->labels);
			if (op->guard.ninstrs)
				expr_cell(c, &v->g, &op->guard, NULL);
			else
				grid_cell(&v->g, msg_in(c->words, "always"));
			grid_cell(&v->g, op->outcome >= 0 ? rs->outcomes[op->outcome].id : "");
			grid_cell(&v->g, op->rule);
		}
		break;
	}
	case EXPORT_TRANSITIONS: {
		const rtab_transition *t = &rs->transitions[i];
		const rtab_enum *e = &rs->enums[rs->inputs[t->input].enum_index];
		view_head(c, v, msg_in(c->words, "Transition"), t->id, t->labels, t->rule);
		sb_printf(&v->notes, msg_in(c->words, "by %s\n"), rs->inputs[t->input].id);
		grid_init(&v->g, 2 + c->nlocales);
		grid_cell(&v->g, msg_in(c->words, "from"));
		grid_cell(&v->g, msg_in(c->words, "to"));
		label_headers(c, &v->g);
		for (size_t s = 0; s < e->nvalues; s++) {
			grid_cell(&v->g, e->values[s].id);
			grid_cell(&v->g, t->next[s] >= 0 ? e->values[t->next[s]].id : "-");
			label_cells(c, &v->g, t->next[s] >= 0 ? e->values[t->next[s]].labels : NULL);
		}
		break;
	}
	case EXPORT_DISTANCES: {
		const rtab_distance *d = &rs->distances[i];
		view_head(c, v, msg_in(c->words, "Distance"), d->id, d->labels, d->rule);
		if (d->provisional)
			sb_printf(&v->notes, msg_in(c->words, "%s provisional: %s\n"),
				  EXPORT_PROVISIONAL_MARK, d->provisional);
		grid_init(&v->g, 2);
		grid_cell(&v->g, msg_in(c->words, "value"));
		grid_cell(&v->g, msg_in(c->words, "unit"));
		for (size_t f = 0; f < d->nforms; f++) {
			expr_cell(c, &v->g, &d->forms[f].value, d->provisional);
			grid_cell(&v->g, d->forms[f].unit);
		}
		break;
	}
	case EXPORT_PROCEDURES: {
		const rtab_procedure *p = &rs->procedures[i];
		view_head(c, v, msg_in(c->words, "Procedure"), p->id, p->labels, p->rule);
		for (size_t l = 0; l < c->nlocales; l++)
			if (*export_label(c, p->tie_break, l))
				sb_printf(&v->notes, msg_in(c->words, "ties (%s): %s\n"),
					  rs->locales[c->locales[l]],
					  export_label(c, p->tie_break, l));
		if (p->otherwise >= 0)
			sb_printf(&v->notes, msg_in(c->words, "otherwise: %s\n"),
				  rs->outcomes[p->otherwise].id);
		grid_init(&v->g, 4 + c->nlocales);
		grid_cell(&v->g, msg_in(c->words, "step"));
		label_headers(c, &v->g);
		header_row(c, &v->g, (const char *const[]){"when", "leads to", "rule", NULL});
		for (size_t s = 0; s < p->nsteps; s++) {
			const rtab_procedure_step *st = &p->steps[s];
			grid_cell(&v->g, st->id);
			label_cells(c, &v->g, st->labels);
			expr_cell(c, &v->g, &st->guard, NULL);
			grid_cell(&v->g, st->outcome >= 0 ? rs->outcomes[st->outcome].id : "");
			grid_cell(&v->g, st->rule);
		}
		break;
	}
	case EXPORT_REQUIREMENTS: {
		const rtab_requirement *r = &rs->requirements[i];
		view_head(c, v, msg_in(c->words, "Requirement"), r->id, r->labels, r->rule);
		grid_init(&v->g, 1);
		grid_cell(&v->g, msg_in(c->words, "holds in every situation"));
		expr_cell(c, &v->g, &r->condition, NULL);
		break;
	}
	default: grid_init(&v->g, 1); break;
	}
}

void export_view_free(export_view *v)
{
	sb_free(&v->notes);
	grid_free(&v->g);
	grid_free(&v->legend);
}
