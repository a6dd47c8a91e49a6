/* The player aid as one document of units (see aid.h). */
#include "export/aid.h"

#include "base/msg.h"
#include "export/aid_words.h"
#include "export/export_views.h"
#include "front/key_kinds.h"
#include "text/value_text.h"

#include <stdlib.h>
#include <string.h>

#define MINUS "\xE2\x88\x92"    /* U+2212: the minus sign a card prints */
#define AT_MOST "\xE2\x89\xA4"  /* U+2264 */
#define NO_RESULT "\xE2\x80\x94" /* U+2014: no result printed here */

/* The label in the doc's locale, else the other one chosen, else fallback. */
/* The aid's reading of a table's key: its columns one per value of an input
 * (else computed), and a computed key's steps as odds (else values). */
typedef struct key_reading {
	bool by_input, odds, by_enum; /* by_enum: a grid per value of the first enum, a column per value of the second */
} key_reading;

static key_reading reading_of(const rtab_table *t)
{
	key_reading r = {false, false, false};
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		r.by_input = true;
		break;
	case RTAB_KEY_ENUM:
		r.by_enum = true;
		break;
	case RTAB_KEY_ODDS:
		r.odds = true;
		break;
	case RTAB_KEY_VALUE:
		break;
	}
	return r;
}

static const char *word(const export_ctx *c, size_t slot, rtab_labels l, const char *fallback)
{
	return aid_word(c, slot, l, fallback);
}

static aid_unit *unit_new(aid_doc *d, const char *heading, const char *rule)
{
	d->units = xrealloc(d->units, (d->nunits + 1) * sizeof *d->units);
	aid_unit *u = &d->units[d->nunits++];
	*u = (aid_unit){xstrdup(heading), rule ? xstrdup(rule) : NULL, NULL, 0, NULL, 0};
	return u;
}

static aid_part *part_new(aid_unit *u, aid_part_kind kind)
{
	u->parts = xrealloc(u->parts, (u->nparts + 1) * sizeof *u->parts);
	aid_part *p = &u->parts[u->nparts++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	return p;
}

static void text_part(aid_unit *u, strbuf *sb)
{
	while (sb->len && sb->data[sb->len - 1] == '\n')
		sb->data[--sb->len] = '\0';
	if (!sb->len)
		return;
	aid_part *p = part_new(u, AID_TEXT);
	p->text = xstrdup(sb->data);
	sb_clear(sb);
}

/* Each line of sb a paragraph of its own: a page may end between them. */
static void text_lines(aid_unit *u, strbuf *sb)
{
	strbuf line = {0};
	for (const char *p = sb->data ? sb->data : "", *nl; *p; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		sb_put(&line, p, (size_t)(nl - p));
		text_part(u, &line);
	}
	sb_free(&line);
	sb_clear(sb);
}

#define DAGGER "\xE2\x80\xA0"   /* provisional: the proof's mark */
#define PROOF_MARK " " DAGGER /* after the value it marks */

/* In a proof, a provisional reading: its mark after what sb prints, its
 * reason kept for the list under the unit (each reason once). */
static void proof_mark(const export_ctx *c, aid_unit *u, strbuf *sb, const char *why)
{
	if (!c->aid_proof || !why)
		return;
	sb_puts(sb, PROOF_MARK);
	for (size_t i = 0; i < u->nreasons; i++)
		if (strcmp(u->reasons[i], why) == 0)
			return;
	u->reasons = xrealloc(u->reasons, (u->nreasons + 1) * sizeof *u->reasons);
	u->reasons[u->nreasons++] = xstrdup(why);
}

/* The reasons of a proof's marks, under the unit they mark. */
static void proof_reasons(aid_unit *u)
{
	strbuf sb = {0};
	for (size_t i = 0; i < u->nreasons; i++)
		sb_printf(&sb, "%s %s\n", DAGGER, u->reasons[i]);
	if (u->nreasons)
		text_lines(u, &sb);
	sb_free(&sb);
}

static void put_signed(strbuf *sb, long v)
{
	sb_printf(sb, v > 0 ? "+%ld" : v < 0 ? MINUS "%ld" : "%ld", v < 0 ? -v : v);
}

aid_unit *aid_unit_add(aid_doc *d, const char *heading, const char *rule)
{
	return unit_new(d, heading, rule);
}

void aid_text_add(aid_unit *u, const char *text)
{
	strbuf sb = {0};
	sb_puts(&sb, text);
	text_part(u, &sb);
	sb_free(&sb);
}

/* ---- results tables ---- */

/* The row a column gives a modified roll (-1 none). */
static int row_at(const rtab_table *t, const rtab_column *col, int64_t r)
{
	if (r < t->roll_min)
		return col->below_row;
	if (r > t->roll_max)
		return col->above_row;
	return rtab_column_row(col, (size_t)(r - t->roll_min));
}

/* What a cell prints for an outcome: its code, else its label. */
static const char *outcome_text(const export_ctx *c, size_t slot, uint16_t o, bool codes)
{
	const rtab_outcome *out = &c->rs->outcomes[o];
	if (codes && out->code)
		return out->code;
	return word(c, slot, out->labels, out->id);
}

/* A column's header as the page writes it: its label, else the labels of
 * the values of the column input it serves, else its name as written. */
static void column_header(strbuf *sb, const export_ctx *c, size_t slot, const rtab_table *t, size_t j)
{
	const rtab_column *col = &t->columns[j];
	const char *l = export_label(c, col->labels, slot);
	if (*l) {
		sb_puts(sb, l);
		return;
	}
	int key = table_enum_key_input(t);
	if (reading_of(t).by_enum && key >= 0 && t->column_input >= 0 && t->column_of_key) {
		/* The labels of the second input's values this column serves, on any line. */
		const rtab_enum *e = &c->rs->enums[c->rs->inputs[key].enum_index];
		size_t nkey = e->nvalues, n = 0, nruns = t->ncolumn_of_key / (nkey ? nkey : 1);
		for (size_t k = 0; k < nkey; k++) {
			bool serves = false;
			for (size_t v = 0; v < nruns && !serves; v++)
				serves = t->column_of_key[v * nkey + k] == j;
			if (serves)
				sb_printf(sb, "%s%s", n++ ? ", " : "", word(c, slot, e->values[k].labels, e->values[k].id));
		}
		if (n)
			return;
	}
	if (reading_of(t).by_input && t->column_input >= 0) {
		const rtab_enum *e = &c->rs->enums[c->rs->inputs[t->column_input].enum_index];
		size_t n = 0;
		for (size_t v = 0; v < e->nvalues; v++)
			if (t->column_of_value[v] == j)
				sb_printf(sb, "%s%s", n++ ? ", " : "", word(c, slot, e->values[v].labels, e->values[v].id));
		if (n)
			return;
	}
	sb_puts(sb, t->ncolumns == 1 ? msg("Result") : col->id);
}

/* The rolls r..end as printed: "5+", "≤0", "3", "1-2". */
static void roll_text(strbuf *sb, int64_t r, int64_t end, bool open_lo, bool open_hi)
{
	if (open_lo && open_hi)
		sb_puts(sb, msg("any"));
	else if (open_hi)
		sb_printf(sb, "%lld+", (long long)r);
	else if (open_lo)
		sb_printf(sb, AT_MOST "%lld", (long long)end);
	else if (r == end)
		sb_printf(sb, "%lld", (long long)r);
	else
		sb_printf(sb, "%lld-%lld", (long long)r, (long long)end);
}

/* Whether a table counts a modifier: a table with a step only those of its step. */
static bool counts(const rtab_table *t, const rtab_modifier *m)
{
	return t->step < 0 || t->step >= RTAB_MAX_STEPS || ((m->steps >> t->step) & 1u);
}

/* The modified rolls that can occur, as rtab check proved them: the dice
 * moved by the bounds of the total modifier, or by the table's cap (a
 * modifier whose condition may fail counts 0 too). Without the model, the
 * table's own span. */
static void modified_rolls(const export_ctx *c, const rtab_table *t, int64_t *lo, int64_t *hi)
{
	*lo = t->roll_min;
	*hi = t->roll_max;
	if (c->m && c->m->tables && t >= c->rs->tables && t < c->rs->tables + c->rs->ntables) {
		const model_table *mt = &c->m->tables[t - c->rs->tables];
		*lo = mt->reach_lo;
		*hi = mt->reach_hi;
	}
}

/* The ends of odds lines, which their grid of shared result columns does
 * not print: "clear <1:3: —; clear >3:1: DE". */
static void line_ends(const export_ctx *c, size_t slot, const rtab_table *t, const model_table *mt,
		      aid_unit *u, bool codes)
{
	strbuf sb = {0};
	for (size_t j = 0; j < t->ncolumns; j++) {
		const rtab_column *col = &t->columns[j];
		if (mt->result_of_column[j] || col->kind == RTAB_COLUMN_ROLLED)
			continue;
		strbuf ids = {0}, name = {0}; /* "woods <1:2" as "Woods <1:2" */
		export_odds_line_name(c, t, j, (int)slot, &ids, &name);
		bool prefixed = ids.len && strncmp(col->id, ids.data, ids.len) == 0;
		sb_printf(&sb, "%s%s%s: %s", sb.len ? "; " : "", prefixed ? name.data : "",
			  col->id + (prefixed ? ids.len : 0),
			  col->kind == RTAB_COLUMN_AUTOMATIC ? outcome_text(c, slot, col->automatic, codes)
							     : NO_RESULT);
		sb_free(&ids);
		sb_free(&name);
	}
	if (sb.len) {
		sb_putc(&sb, '.');
		text_part(u, &sb);
	}
	sb_free(&sb);
}

/* The grid of the columns first..past-1; under a key of their own (a grid
 * per value of an input), each headed by its id less the first strip
 * bytes ("open 1:3" as "1:3"). */
static void results_grid_of(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, bool codes,
			    size_t first, size_t past, size_t strip)
{
	const rtab_ruleset *rs = c->rs;
	aid_part *p = part_new(u, AID_GRID);
	grid *g = &p->g;
	strbuf sb = {0};
	/* Under odds lines: the result columns once, the lines above them. */
	const model_table *mt = export_odds_lines(c, t);
	size_t *cols = xcalloc((size_t)t->ncolumns + 1, sizeof *cols), ncols = 0;
	if (mt)
		ncols = export_printed_columns(c, t, cols);
	for (size_t j = first; !mt && j < past; j++)
		cols[ncols++] = j;
	grid_init(g, ncols + 1);
	p->span = xcalloc(ncols + 1, sizeof *p->span);
	grid_cell(g, t->dice != RTAB_NO_DICE ? msg("Roll") : msg("Total"));
	for (size_t k = 0; k < ncols; k++) {
		size_t j = cols[k];
		if (mt)
			sb_puts(&sb, mt->result_ids[mt->result_of_column[j] - 1]);
		else if (strip && !reading_of(t).by_enum && !*export_label(c, t->columns[j].labels, slot) &&
			 strlen(t->columns[j].id) > strip)
			sb_puts(&sb, t->columns[j].id + strip);
		else
			column_header(&sb, c, slot, t, j);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		p->span[k + 1] = t->columns[j].kind != RTAB_COLUMN_ROLLED;
	}
	if (mt)
		export_odds_line_rows(c, t, mt, cols, ncols, (int)slot, g);
	bool open_lo = false, open_hi = false;
	for (size_t k = 0; k < ncols; k++) {
		open_lo |= t->columns[cols[k]].kind == RTAB_COLUMN_ROLLED && t->columns[cols[k]].below_row >= 0;
		open_hi |= t->columns[cols[k]].kind == RTAB_COLUMN_ROLLED && t->columns[cols[k]].above_row >= 0;
	}
	int64_t die_lo = t->roll_min, die_hi = t->roll_max;
	if (t->dice != RTAB_NO_DICE) {
		die_lo = rs->dice[t->dice].min;
		die_hi = rs->dice[t->dice].max;
	}
	int64_t lo = (int64_t)t->roll_min - open_lo, hi = (int64_t)t->roll_max + open_hi;
	/* The modified rolls that can occur: a line past them prints only what can. */
	int64_t reach_lo = INT32_MIN, reach_hi = INT32_MAX;
	if (t->dice != RTAB_NO_DICE)
		modified_rolls(c, t, &reach_lo, &reach_hi);
	for (int64_t r = lo; r <= hi;) {
		int64_t end = r;
		for (bool same = true; same && end + 1 <= hi;) {
			for (size_t k = 0; k < ncols && same; k++)
				if (t->columns[cols[k]].kind == RTAB_COLUMN_ROLLED)
					same = row_at(t, &t->columns[cols[k]], end + 1) ==
					       row_at(t, &t->columns[cols[k]], r);
			end += same;
		}
		int64_t from = r == lo && open_lo ? reach_lo : r, to = end == hi && open_hi ? reach_hi : end;
		from = from < reach_lo ? reach_lo : from;
		to = to > reach_hi ? reach_hi : to;
		if (from > to) { /* a line no roll reaches */
			r = end + 1;
			continue;
		}
		/* Past what the dice roll, only modifiers take a roll: "≤0", "11+". */
		roll_text(&sb, from, to, from < die_lo, to > die_hi);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		for (size_t k = 0; k < ncols; k++) {
			const rtab_column *col = &t->columns[cols[k]];
			int row = col->kind == RTAB_COLUMN_ROLLED ? row_at(t, col, r) : -1;
			if (col->kind == RTAB_COLUMN_AUTOMATIC) {
				sb_puts(&sb, outcome_text(c, slot, col->automatic, codes));
				proof_mark(c, u, &sb, col->provisional);
				grid_cell(g, sb.data);
				sb_clear(&sb);
			} else if (row < 0 || row >= t->nrows)
				grid_cell(g, NO_RESULT);
			else {
				sb_puts(&sb, outcome_text(c, slot, rtab_row_outcome(t, (size_t)row), codes));
				proof_mark(c, u, &sb, rtab_row_provisional(t, (size_t)row));
				grid_cell(g, sb.data);
				sb_clear(&sb);
			}
		}
		r = end + 1;
	}
	sb_free(&sb);
	if (mt)
		line_ends(c, slot, t, mt, u, codes);
	free(cols);
}

/* A table read by an input and a key (a grid per position, each by odds):
 * a grid per value of the input, under its label ("Defender's position:
 * Open ground"), its columns headed by their steps; else one grid. */
static void results_grid(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, bool codes)
{
	if (export_odds_lines(c, t) || reading_of(t).by_input || t->column_input < 0) {
		results_grid_of(c, slot, t, u, codes, 0, t->ncolumns, 0);
		return;
	}
	const rtab_input *in = &c->rs->inputs[t->column_input];
	const rtab_enum *e = &c->rs->enums[in->enum_index];
	strbuf sb = {0};
	for (size_t v = 0; v < e->nvalues; v++) {
		size_t first = t->column_of_value[v], end = t->column_end_of_value[v];
		bool seen = false;
		for (size_t w = 0; w < v; w++)
			seen |= t->column_of_value[w] == first;
		if (seen || first >= end)
			continue;
		strbuf ids = {0}, name = {0};
		export_odds_line_name(c, t, first, (int)slot, &ids, &name);
		sb_printf(&sb, "%s: %s", word(c, slot, in->labels, in->id), name.data);
		text_part(u, &sb);
		results_grid_of(c, slot, t, u, codes, first, end, ids.len + 1);
		sb_free(&ids);
		sb_free(&name);
	}
	sb_free(&sb);
}

/* "DR: Defender retreats; DE: ..." for the codes the grid prints. */
static void code_legend(const export_ctx *c, size_t slot, const rtab_table *t, strbuf *sb)
{
	const rtab_ruleset *rs = c->rs;
	bool *seen = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *seen);
	for (size_t r = 0; r < t->nrows; r++)
		seen[rtab_row_outcome(t, r)] = true;
	for (size_t j = 0; j < t->ncolumns; j++)
		if (t->columns[j].kind == RTAB_COLUMN_AUTOMATIC)
			seen[t->columns[j].automatic] = true;
	size_t n = 0;
	for (size_t o = 0; o < rs->noutcomes; o++)
		if (seen[o] && rs->outcomes[o].code)
			sb_printf(sb, "%s%s: %s", n++ ? "; " : "", rs->outcomes[o].code,
				  word(c, slot, rs->outcomes[o].labels, rs->outcomes[o].id));
	if (n)
		sb_puts(sb, ".");
	free(seen);
}

/* ---- modifiers as the card lists them ---- */


static bool reads_op(const rtab_expr *e, rtab_op op, int32_t *arg)
{
	for (size_t i = 0; i < e->ninstrs; i++)
		if (e->instrs[i].op == op) {
			*arg = e->instrs[i].arg;
			return true;
		}
	return false;
}

/* The value on the roll, from the side's point of view: a defender's
 * modifier subtracts. Computed values by their source (a matrix) or range. */
static void modifier_value(strbuf *sb, const export_ctx *c, size_t slot, const rtab_modifier *m)
{
	int32_t k;
	if (m->value.ninstrs == 1 && m->value.instrs[0].op == RTAB_OP_CONST) {
		put_signed(sb, (long)m->sign * m->value.instrs[0].arg);
	} else if (reads_op(&m->value, RTAB_OP_MATRIX, &k) && (size_t)k < c->rs->nmatrices) {
		const rtab_matrix *mx = &c->rs->matrices[k];
		sb_printf(sb, msg("see %s"), word(c, slot, mx->labels, mx->id));
	} else if (reads_op(&m->value, RTAB_OP_BAND, &k) && (size_t)k < c->rs->nbands) {
		const rtab_band *b = &c->rs->bands[k];
		sb_printf(sb, msg("see %s"), word(c, slot, b->labels, b->id));
	} else {
		long a = (long)m->sign * m->min, b = (long)m->sign * m->max;
		if (a == b)
			put_signed(sb, a);
		else
			export_signed_span(sb, a < b ? a : b, a < b ? b : a);
	}
}

/* The condition in words, when it asks for one input's value; else nothing
 * (the label says it). */
/* How a comparison of an int input with a number is printed: "Range > 6". */
static const char *comparison_sign(int op)
{
	switch (op) {
	case RTAB_OP_EQ: return "=";
	case RTAB_OP_NE: return "≠";
	case RTAB_OP_LT: return "<";
	case RTAB_OP_LE: return "≤";
	case RTAB_OP_GT: return ">";
	case RTAB_OP_GE: return "≥";
	default: return NULL;
	}
}

static void modifier_condition(strbuf *sb, const export_ctx *c, size_t slot, const rtab_expr *e)
{
	int in = -1;
	int32_t v = 1;
	const char *sign = "=";
	if (e->ninstrs == 1 && e->instrs[0].op == RTAB_OP_INPUT)
		in = e->instrs[0].arg;
	else if (e->ninstrs == 3 && e->instrs[0].op == RTAB_OP_INPUT && e->instrs[1].op == RTAB_OP_CONST &&
		 (sign = comparison_sign(e->instrs[2].op)) != NULL) {
		in = e->instrs[0].arg;
		v = e->instrs[1].arg;
	}
	if (in < 0 || (size_t)in >= c->rs->ninputs)
		return;
	const rtab_input *x = &c->rs->inputs[in];
	const char *l = export_label(c, x->labels, slot);
	if (!*l)
		return;
	bool equal = e->ninstrs == 1 || e->instrs[2].op == RTAB_OP_EQ;
	if (x->type == RTAB_TYPE_ENUM && equal && v >= 0 && v < c->rs->enums[x->enum_index].nvalues) {
		const rtab_enum_value *ev = &c->rs->enums[x->enum_index].values[v];
		sb_printf(sb, "%s: %s", l, word(c, slot, ev->labels, ev->id));
	} else if (x->type == RTAB_TYPE_INT) {
		sb_printf(sb, "%s %s %ld", l, sign, (long)v);
	} else if (x->type == RTAB_TYPE_BOOL && equal && v != 0) {
		sb_puts(sb, l);
	}
}

static void modifier_rows(const export_ctx *c, size_t slot, const rtab_table *t, const uint16_t *mods, size_t n,
			  aid_unit *u, grid *g, bool *groups)
{
	strbuf sb = {0};
	for (size_t i = 0; i < n; i++) {
		const rtab_modifier *m = &c->rs->modifiers[mods[i]];
		if (!counts(t, m))
			continue;
		grid_cell(g, word(c, slot, m->labels, m->id));
		modifier_value(&sb, c, slot, m);
		proof_mark(c, u, &sb, m->provisional);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		modifier_condition(&sb, c, slot, &m->condition);
		/* A condition its label already says goes without saying. */
		grid_cell(g, sb.data && strcmp(sb.data, word(c, slot, m->labels, m->id)) != 0 ? sb.data : "");
		sb_clear(&sb);
		if (m->group >= 0 && groups)
			groups[m->group] = true;
	}
	sb_free(&sb);
}

static void modifier_grid(const export_ctx *c, size_t slot, const rtab_table *t, const uint16_t *mods, size_t n,
			  aid_unit *u, const char *what, bool *groups)
{
	size_t counted = 0;
	for (size_t i = 0; i < n; i++)
		counted += counts(t, &c->rs->modifiers[mods[i]]);
	if (!counted)
		return;
	aid_part *p = part_new(u, AID_GRID);
	grid_init(&p->g, 3);
	grid_cell(&p->g, what);
	grid_cell(&p->g, msg("Value"));
	grid_cell(&p->g, msg("When"));
	p->g.right[1] = true;
	modifier_rows(c, slot, t, mods, n, u, &p->g, groups);
}

static void between(strbuf *lo, strbuf *hi, long a, long b)
{
	sb_clear(lo);
	sb_clear(hi);
	put_signed(lo, a);
	put_signed(hi, b);
}

/* The caps of the groups the modifiers belong to, and the table's own. */
static void caps(const export_ctx *c, size_t slot, const rtab_table *t, const bool *groups, strbuf *sb)
{
	const rtab_ruleset *rs = c->rs;
	strbuf lo = {0}, hi = {0};
	for (size_t gi = 0; gi < rs->ngroups; gi++) {
		const rtab_group *g = &rs->groups[gi];
		if (!groups[gi])
			continue;
		sb_printf(sb, "%s: ", word(c, slot, g->labels, g->id));
		if (g->stacking == RTAB_STACK_WORST)
			sb_puts(sb, msg("only the worst counts"));
		else if (g->stacking == RTAB_STACK_BEST)
			sb_puts(sb, msg("only the best counts"));
		else
			sb_puts(sb, msg("all count"));
		if (g->capped) {
			between(&lo, &hi, g->cap_min, g->cap_max);
			sb_printf(sb, msg(", together between %s and %s"), lo.data, hi.data);
		}
		sb_puts(sb, ".\n");
	}
	if (t->shift_stops) {
		sb_puts(sb, msg("Column shifts stop at the first and last printed column."));
		sb_putc(sb, '\n');
	}
	if (t->capped) {
		between(&lo, &hi, t->cap_min, t->cap_max);
		sb_printf(sb, msg("The total modifier is held between %s and %s."), lo.data, hi.data);
		sb_putc(sb, '\n');
	}
	sb_free(&lo);
	sb_free(&hi);
}

/* ---- what the grid does not say: the key's reading, the ends, what each result does ---- */

/* How a key between two columns' steps reads, as the table's rounding says. */
static const char *rounding_words(bool odds, int rounding)
{
	switch ((rtab_rounding)rounding) {
	case RTAB_ROUND_EVENS:
		return odds ? msg("odds between two columns read towards 1:1")
			    : msg("a value between two columns reads towards 0");
	case RTAB_ROUND_DOWN:
		return odds ? msg("odds between two columns read down, in the defender's favour")
			    : msg("a value between two columns reads as the lower column");
	case RTAB_ROUND_UP:
		return odds ? msg("odds between two columns read up, in the attacker's favour")
			    : msg("a value between two columns reads as the higher column");
	case RTAB_ROUND_NEAREST:
		return odds ? msg("odds between two columns read as the nearest column")
			    : msg("a value between two columns reads as the nearest column");
	case RTAB_ROUND_LINEAR:
		return odds ? msg("odds between two columns read as the column nearest their ratio; exactly midway, the lower")
			    : msg("a value between two columns reads as the nearest column; exactly midway, the lower");
	case RTAB_ROUND_LINEAR_UP:
		return odds ? msg("odds between two columns read as the column nearest their ratio; exactly midway, the higher")
			    : msg("a value between two columns reads as the nearest column; exactly midway, the higher");
	case RTAB_ROUND_DOWN_STRICT:
		return msg("a column is reached by odds more than its ratio, not equal to it");
	}
	return "";
}

/* A sentence: its first letter a capital (ASCII and Cyrillic), a full stop after it. */
static void sentence(strbuf *sb, const char *text)
{
	size_t at = sb->len;
	sb_printf(sb, "%s.\n", text);
	unsigned char *p = (unsigned char *)sb->data + at;
	if (p[0] >= 'a' && p[0] <= 'z')
		p[0] = (unsigned char)(p[0] - 'a' + 'A');
	else if (p[0] == 0xD0 && p[1] >= 0xB0 && p[1] <= 0xBF) /* а..п */
		p[1] = (unsigned char)(p[1] - 0x20);
	else if (p[0] == 0xD1 && p[1] >= 0x80 && p[1] <= 0x8F) { /* р..я */
		p[0] = 0xD0;
		p[1] = (unsigned char)(p[1] + 0x20);
	}
}

/* The odds or value a step starts at, as a header prints it ("1.5:1", "3"). */
static void step_text(strbuf *sb, const rtab_table *t, int32_t n, int32_t d)
{
	if (!reading_of(t).odds)
		sb_printf(sb, "%ld", (long)n);
	else if (d > 0 && n % d == 0)
		sb_printf(sb, "%ld:1", (long)(n / d));
	else if (n > 0 && d % n == 0)
		sb_printf(sb, "1:%ld", (long)(d / n));
	else if (d == 2)
		sb_printf(sb, "%ld.5:1", (long)(n / 2));
	else
		sb_printf(sb, "%ld:%ld", (long)n, (long)d);
}

/* An end column's header in a sentence: under a key of its own, its
 * values' labels before its step ("Open ground 6:1+"). */
static void end_header(strbuf *sb, const export_ctx *c, size_t slot, const rtab_table *t, size_t j)
{
	const rtab_column *col = &t->columns[j];
	if (*export_label(c, col->labels, slot) || reading_of(t).by_input || t->column_input < 0) {
		column_header(sb, c, slot, t, j);
		return;
	}
	strbuf ids = {0}, name = {0};
	export_odds_line_name(c, t, j, (int)slot, &ids, &name);
	bool prefixed = ids.len && strncmp(col->id, ids.data, ids.len) == 0;
	sb_printf(sb, "%s%s", prefixed ? name.data : "", col->id + (prefixed ? ids.len : 0));
	sb_free(&ids);
	sb_free(&name);
}

/* Under the grid of a CRT: how odds between two columns read (per range of
 * odds where the rounding changes), that the column shifts stop at the
 * first and last columns, what an end column without a roll gives, and
 * what a cell of no result (—) means. */
static void key_notes(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb,
		      bool codes)
{
	strbuf s = {0};
	key_reading key = reading_of(t);
	if (!key.by_input && !key.by_enum) {
		for (size_t i = 0; i < t->nround_ranges; i++) {
			const rtab_round_range *rr = &t->round_ranges[i];
			sb_clear(&s);
			if (i == 0) {
				sb_puts(&s, rounding_words(key.odds, rr->rounding));
			} else {
				strbuf from = {0};
				step_text(&from, t, rr->from_num, rr->from_den);
				sb_printf(&s, msg("from %s on, %s"), from.data, rounding_words(key.odds, rr->rounding));
				sb_free(&from);
			}
			sentence(sb, s.data);
		}
		if (!t->nround_ranges)
			sentence(sb, rounding_words(key.odds, t->rounding));
	}
	/* (With 'clamp shifts', caps() says where a shift stops.) */
	if (t->nshifts && !t->shift_stops)
		sentence(sb, t->column_end_of_value || t->nlines
				     ? msg("a column shift stops at the first and at the last column of its grid")
				     : msg("a column shift stops at the first and at the last column"));
	for (size_t j = 0; j < t->ncolumns; j++) {
		const rtab_column *col = &t->columns[j];
		size_t first = 0;
		while (first < j && strcmp(t->columns[first].id, col->id) != 0)
			first++;
		/* Odds lines print their ends themselves (line_ends). */
		if (first < j || col->kind == RTAB_COLUMN_ROLLED || export_odds_lines(c, t))
			continue;
		sb_clear(&s);
		end_header(&s, c, slot, t, j);
		if (col->kind == RTAB_COLUMN_AUTOMATIC)
			sb_printf(sb, msg("%s: %s, without a roll."), s.data, outcome_text(c, slot, col->automatic, codes));
		else
			sb_printf(sb, msg("%s: no result, and no roll."), s.data);
		proof_mark(c, u, sb, col->provisional);
		sb_putc(sb, '\n');
	}
	/* A cell of no result in a grid printed: what it means. */
	bool no_result = false;
	for (size_t k = 0; k < u->nparts && !no_result; k++) {
		const grid *g = &u->parts[k].g;
		for (size_t r = 1; u->parts[k].kind == AID_GRID && r < grid_rows(g) && !no_result; r++)
			for (size_t j = 1; j < g->ncols && !no_result; j++)
				no_result = strcmp(grid_at(g, r, j), NO_RESULT) == 0;
	}
	if (no_result) {
		sb_printf(sb, msg("%s: no result."), NO_RESULT);
		sb_putc(sb, '\n');
	}
	sb_free(&s);
}

/* The outcomes a table gives, in the order a reader meets them: its rows,
 * its end columns, its natural rolls, what its rewrites give. */
static size_t table_outcomes(const rtab_ruleset *rs, const rtab_table *t, uint16_t *out)
{
	size_t n = 0;
	bool *seen = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *seen);
#define TAKE(o)                                             \
	do {                                                \
		uint16_t o_ = (o);                          \
		if (o_ < rs->noutcomes && !seen[o_]) {      \
			seen[o_] = true;                    \
			out[n++] = o_;                      \
		}                                           \
	} while (0)
	for (size_t r = 0; r < t->nrows; r++)
		TAKE(rtab_row_outcome(t, r));
	for (size_t j = 0; j < t->ncolumns; j++)
		if (t->columns[j].kind == RTAB_COLUMN_AUTOMATIC)
			TAKE(t->columns[j].automatic);
	for (size_t i = 0; i < t->nnatural; i++)
		TAKE(t->natural[i].outcome);
	for (size_t i = 0; i < t->nrewrites; i++)
		TAKE(t->rewrites[i].to);
#undef TAKE
	free(seen);
	return n;
}

/* Whether outcome o has a trigger the same as tr. */
static bool has_trigger(const rtab_outcome *o, const rtab_trigger *tr)
{
	for (size_t k = 0; k < o->ntriggers; k++)
		if (aid_trigger_same(&o->triggers[k], tr))
			return true;
	return false;
}

/* What each result does: its effects and what it leads to, one line per
 * result ("DR — Retreat (Defender, 2 hexes). Then: Morale Check."); the
 * triggers every result of the table shares once, first ("After every
 * result: Formation Hit ..."). */
static void result_effects(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb,
			   bool codes)
{
	const rtab_ruleset *rs = c->rs;
	uint16_t *outs = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *outs);
	size_t n = table_outcomes(rs, t, outs);
	bool *shared = NULL;
	const rtab_outcome *first = n ? &rs->outcomes[outs[0]] : NULL;
	strbuf w = {0};
	if (n > 1 && first->ntriggers) {
		shared = xcalloc(first->ntriggers, sizeof *shared);
		size_t nshared = 0;
		for (size_t k = 0; k < first->ntriggers; k++) {
			shared[k] = true;
			for (size_t i = 1; i < n && shared[k]; i++)
				shared[k] = has_trigger(&rs->outcomes[outs[i]], &first->triggers[k]);
			if (shared[k]) {
				sb_clear(&w);
				aid_trigger_words(&w, c, slot, &first->triggers[k]);
				proof_mark(c, u, &w, first->triggers[k].provisional);
				sb_printf(sb, nshared++ ? "; %s" : msg("After every result: %s"), w.data);
			}
		}
		if (nshared)
			sb_puts(sb, ".\n");
	}
	for (size_t i = 0; i < n; i++) {
		const rtab_outcome *o = &rs->outcomes[outs[i]];
		size_t said = 0;
		size_t at = sb->len;
		sb_printf(sb, "%s \xE2\x80\x94 ", outcome_text(c, slot, outs[i], codes));
		for (size_t e = 0; e < o->neffects; e++) {
			sb_puts(sb, said++ ? "; " : "");
			aid_effect_words(sb, c, slot, &o->effects[e]);
		}
		size_t then = 0;
		for (size_t k = 0; k < o->ntriggers; k++) {
			if (shared && has_trigger(first, &o->triggers[k])) {
				bool common = false;
				for (size_t f = 0; f < first->ntriggers && !common; f++)
					common = shared[f] && aid_trigger_same(&first->triggers[f], &o->triggers[k]);
				if (common)
					continue;
			}
			if (said && !then)
				sb_puts(sb, ". ");
			sb_puts(sb, then++ ? "; " : msg("Then: "));
			aid_trigger_words(sb, c, slot, &o->triggers[k]);
			proof_mark(c, u, sb, o->triggers[k].provisional);
		}
		if (!said && !then) { /* nothing to say of it */
			sb->len = at;
			sb->data[at] = '\0';
			continue;
		}
		sb_puts(sb, ".\n");
	}
	sb_free(&w);
	free(shared);
	free(outs);
}

static void table_unit(const export_ctx *c, size_t slot, size_t ti, aid_doc *d)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_table *t = &rs->tables[ti];
	aid_unit *u = unit_new(d, word(c, slot, t->labels, msg("Table")), t->rule);
	strbuf sb = {0};
	bool codes = false;
	for (size_t r = 0; r < t->nrows; r++)
		codes |= rs->outcomes[rtab_row_outcome(t, r)].code != NULL;
	if (t->dice != RTAB_NO_DICE && t->nrolls == 2) {
		/* Opposed rolls: each roll's dice by its name, taken from the groups in order. */
		strbuf dice[2] = {{0}, {0}};
		const rtab_dice *dc = &rs->dice[t->dice];
		size_t k = 0, left = t->rolls[0].nfaces;
		for (size_t gi = 0; gi < dc->ngroups && k < 2; gi++) {
			unsigned count = dc->groups[gi].count;
			while (count && k < 2) {
				unsigned take = count < left ? count : (unsigned)left;
				sb_printf(&dice[k], "%s%ud%d", dice[k].len ? " + " : "", take,
					  dc->groups[gi].face_max - dc->groups[gi].face_min + 1);
				count -= take;
				left -= take;
				if (!left && ++k < 2)
					left = t->rolls[k].nfaces;
			}
		}
		sb_printf(&sb, msg("Roll %s for %s and %s for %s: the line read is the first less the second."),
			  dice[0].data ? dice[0].data : "", t->rolls[0].id, dice[1].data ? dice[1].data : "",
			  t->rolls[1].id);
		sb_free(&dice[0]);
		sb_free(&dice[1]);
	} else if (t->dice != RTAB_NO_DICE) {
		strbuf dice = {0};
		const rtab_dice *dc = &rs->dice[t->dice];
		for (size_t k = 0; k < dc->ngroups; k++)
			sb_printf(&dice, "%s%ud%d", k ? " + " : "", dc->groups[k].count,
				  dc->groups[k].face_max - dc->groups[k].face_min + 1);
		sb_printf(&sb, t->nmodifiers ? msg("Roll %s and add the modifiers.") : msg("Roll %s."),
			  dice.data ? dice.data : "");
		proof_mark(c, u, &sb, dc->provisional);
		sb_free(&dice);
	} else {
		sb_puts(&sb, msg("No roll: the total of the modifiers picks the line."));
	}
	text_part(u, &sb);
	results_grid(c, slot, t, u, codes);
	code_legend(c, slot, t, &sb);
	text_part(u, &sb);
	for (size_t i = 0; i < t->nnatural; i++) {
		const rtab_natural_rule *nr = &t->natural[i];
		strbuf faces = {0};
		for (size_t f = 0; f < nr->nfaces; f++)
			sb_printf(&faces, "%s%ld", f ? ", " : "", (long)nr->faces[f]);
		sb_printf(&sb, msg("A natural %s: %s, whatever the modifiers."), faces.data ? faces.data : "",
			  outcome_text(c, slot, nr->outcome, false));
		proof_mark(c, u, &sb, nr->provisional);
		sb_putc(&sb, '\n');
		sb_free(&faces);
	}
	for (size_t i = 0; i < t->nrewrites; i++) {
		const rtab_rewrite *rw = &t->rewrites[i];
		sb_printf(&sb, msg("%s may read as %s"), outcome_text(c, slot, rw->from, false),
			  outcome_text(c, slot, rw->to, false));
		strbuf when = {0};
		if (rw->condition.ninstrs && aid_expr_words(&when, c, slot, &rw->condition, -1))
			sb_printf(&sb, msg(" when %s"), when.data);
		else if (rw->condition.ninstrs) /* a condition the words do not cover: the rule says it */
			sb_puts(&sb, msg(" in the case its rule states"));
		sb_free(&when);
		if (rw->rule)
			sb_printf(&sb, msg(" (rule %s)"), rw->rule);
		sb_putc(&sb, '.');
		proof_mark(c, u, &sb, rw->provisional);
		sb_putc(&sb, '\n');
	}
	for (size_t j = 0; j < t->ncolumns; j++) {
		const rtab_column *col = &t->columns[j];
		size_t first = 0;
		while (first < j && strcmp(t->columns[first].id, col->id) != 0)
			first++;
		if (!col->note || first < j || !*export_label(c, col->note, slot))
			continue;
		strbuf head = {0};
		column_header(&head, c, slot, t, j);
		sb_printf(&sb, "%s: %s\n", head.data, export_label(c, col->note, slot));
		sb_free(&head);
	}
	key_notes(c, slot, t, u, &sb, codes);
	text_part(u, &sb);
	result_effects(c, slot, t, u, &sb, codes);
	text_lines(u, &sb);
	bool *groups = xcalloc(rs->ngroups ? rs->ngroups : 1, sizeof *groups);
	modifier_grid(c, slot, t, t->modifiers, t->nmodifiers, u, msg("Modifier"), groups);
	modifier_grid(c, slot, t, t->shifts, t->nshifts, u, msg("Column shift"), groups);
	caps(c, slot, t, groups, &sb);
	text_part(u, &sb);
	free(groups);
	sb_free(&sb);
	proof_reasons(u);
}

/* ---- matrices as labelled grids ---- */

static void matrix_unit(const export_ctx *c, size_t slot, size_t mi, aid_doc *d)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_matrix *m = &rs->matrices[mi];
	aid_unit *u = unit_new(d, word(c, slot, m->labels, msg("Matrix")), m->rule);
	if (m->ndims < 2)
		return;
	/* The last key across, the others down (one line per combination). */
	const rtab_enum *across = &rs->enums[m->dims[m->ndims - 1]];
	size_t nrows = 1;
	for (size_t k = 0; k + 1 < m->ndims; k++)
		nrows *= rs->enums[m->dims[k]].nvalues;
	aid_part *p = part_new(u, AID_GRID);
	grid_init(&p->g, across->nvalues + 1u);
	grid_cell(&p->g, "");
	for (size_t v = 0; v < across->nvalues; v++) {
		grid_cell(&p->g, word(c, slot, across->values[v].labels, across->values[v].id));
		p->g.right[v + 1] = true;
	}
	strbuf sb = {0};
	for (size_t r = 0; r < nrows; r++) {
		size_t rest = r, div = nrows;
		for (size_t k = 0; k + 1 < m->ndims; k++) {
			const rtab_enum *e = &rs->enums[m->dims[k]];
			div /= e->nvalues;
			size_t v = rest / div;
			rest %= div;
			sb_printf(&sb, "%s%s", k ? ", " : "", word(c, slot, e->values[v].labels, e->values[v].id));
		}
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
		for (size_t v = 0; v < across->nvalues; v++) {
			put_signed(&sb, rtab_matrix_cell(m, r * across->nvalues + v));
			proof_mark(c, u, &sb, rtab_matrix_reason(m, r * across->nvalues + v));
			grid_cell(&p->g, sb.data);
			sb_clear(&sb);
		}
	}
	sb_free(&sb);
	proof_reasons(u);
}

/* ---- ratio bands: the value of each step of odds ---- */

static void odds_text(strbuf *sb, int32_t num, int32_t den)
{
	if (den && num % den == 0)
		sb_printf(sb, "%ld:1", (long)(num / den));
	else if (num && den % num == 0)
		sb_printf(sb, "1:%ld", (long)(den / num));
	else
		sb_printf(sb, "%ld:%ld", (long)num, (long)den);
}

static void band_unit(const export_ctx *c, size_t slot, size_t bi, aid_doc *d)
{
	const rtab_band *b = &c->rs->bands[bi];
	aid_unit *u = unit_new(d, word(c, slot, b->labels, b->id), b->rule);
	aid_part *p = part_new(u, AID_GRID);
	strbuf sb = {0};
	grid_init(&p->g, 2);
	grid_cell(&p->g, msg("Odds"));
	grid_cell(&p->g, msg("Value"));
	for (size_t i = 0; i < b->nsteps; i++) {
		const rtab_band_step *st = &b->steps[i];
		if (st->num < st->den)
			sb_puts(&sb, AT_MOST);
		odds_text(&sb, st->num, st->den);
		if (st->num >= st->den)
			sb_putc(&sb, '+');
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
		put_signed(&sb, st->value);
		proof_mark(c, u, &sb, b->step_provisional ? b->step_provisional[i] : NULL);
		grid_cell(&p->g, sb.data);
		sb_clear(&sb);
	}
	grid_cell(&p->g, msg("otherwise"));
	put_signed(&sb, b->otherwise);
	proof_mark(c, u, &sb, b->otherwise_provisional);
	grid_cell(&p->g, sb.data);
	sb_clear(&sb);
	switch (b->rounding) {
	case RTAB_ROUND_EVENS: sb_puts(&sb, msg("Odds between two lines read towards 1:1.")); break;
	case RTAB_ROUND_DOWN: sb_puts(&sb, msg("Odds between two lines read down, in the defender's favour.")); break;
	case RTAB_ROUND_UP: sb_puts(&sb, msg("Odds between two lines read up, in the attacker's favour.")); break;
	case RTAB_ROUND_NEAREST: sb_puts(&sb, msg("Odds between two lines read as the nearest line.")); break;
	default: break;
	}
	proof_mark(c, u, &sb, b->provisional);
	text_part(u, &sb);
	sb_free(&sb);
	proof_reasons(u);
}

void aid_build(const export_ctx *c, size_t slot, aid_doc *d)
{
	const rtab_ruleset *rs = c->rs;
	memset(d, 0, sizeof *d);
	/* The fixed phrases in the aid's own language, whatever the environment asks. */
	char *was = xstrdup(msg_locale());
	if (!msg_use_locale(rs->locales[c->locales[slot]]))
		msg_use_locale("en");
	d->lang = rs->locales[c->locales[slot]];
	d->title = xstrdup(word(c, slot, rs->title, rs->id));
	strbuf sb = {0};
	sb_printf(&sb, msg("Edition: %s"),
		  !c->edition ? msg("original") : word(c, slot, c->edition_labels, c->edition));
	if (c->edition_rule)
		sb_printf(&sb, " \xC2\xB7 %s", c->edition_rule);
	else if (rs->rule)
		sb_printf(&sb, " \xC2\xB7 %s", rs->rule);
	if (c->aid_proof) /* a proof is not the card: say so on every page */
		sb_printf(&sb, " \xC2\xB7 %s", msg("proof: provisional readings marked †"));
	d->stamp = xstrdup(sb.data);
	sb_free(&sb);
	for (size_t i = 0; i < rs->ntables; i++)
		table_unit(c, slot, i, d);
	for (size_t i = 0; i < rs->nmatrices; i++)
		matrix_unit(c, slot, i, d);
	for (size_t i = 0; i < rs->nbands; i++)
		band_unit(c, slot, i, d);
	msg_use_locale(was);
	free(was);
}

void aid_free(aid_doc *d)
{
	for (size_t i = 0; i < d->nunits; i++) {
		aid_unit *u = &d->units[i];
		for (size_t k = 0; k < u->nparts; k++) {
			free(u->parts[k].text);
			free(u->parts[k].span);
			free(u->parts[k].changed_rows);
			if (u->parts[k].kind == AID_GRID)
				grid_free(&u->parts[k].g);
		}
		free(u->parts);
		for (size_t k = 0; k < u->nreasons; k++)
			free(u->reasons[k]);
		free(u->reasons);
		free(u->heading);
		free(u->rule);
	}
	free(d->units);
	free(d->title);
	free(d->stamp);
	memset(d, 0, sizeof *d);
}

void aid_build_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	for (size_t i = 0; i < c->nlocales; i++)
		aid_build(c, i, &docs[i]);
}

void aid_free_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	for (size_t i = 0; i < c->nlocales; i++)
		aid_free(&docs[i]);
}

/* Whether old prints a line with the cells of line r of g. */
static bool has_line(const grid *old, const grid *g, size_t r)
{
	if (!old || old->ncols != g->ncols)
		return false;
	for (size_t o = r ? 1 : 0; o < (r ? grid_rows(old) : 1); o++) {
		bool same = true;
		for (size_t c = 0; c < g->ncols && same; c++)
			same = strcmp(grid_at(old, o, c), grid_at(g, r, c)) == 0;
		if (same)
			return true;
	}
	return false;
}

void aid_mark_changes(aid_doc *d, const aid_doc *old)
{
	for (size_t i = 0; i < d->nunits; i++) {
		aid_unit *u = &d->units[i];
		const aid_unit *was = NULL;
		for (size_t k = 0; k < old->nunits && !was; k++)
			if (strcmp(old->units[k].heading, u->heading) == 0)
				was = &old->units[k];
		size_t grids = 0;
		for (size_t k = 0; k < u->nparts; k++) {
			aid_part *p = &u->parts[k];
			if (p->kind == AID_TEXT) {
				p->changed = true;
				for (size_t o = 0; was && o < was->nparts && p->changed; o++)
					p->changed = was->parts[o].kind != AID_TEXT || strcmp(was->parts[o].text, p->text) != 0;
				continue;
			}
			/* The grid in the same place: the grids-th of the old unit. */
			const grid *og = NULL;
			for (size_t o = 0, n = 0; was && o < was->nparts && !og; o++)
				if (was->parts[o].kind == AID_GRID && n++ == grids)
					og = &was->parts[o].g;
			grids++;
			size_t rows = grid_rows(&p->g);
			p->changed_rows = xcalloc(rows ? rows : 1, sizeof *p->changed_rows);
			for (size_t r = 0; r < rows; r++)
				p->changed_rows[r] = !has_line(og, &p->g, r);
		}
	}
}

void aid_build_marked(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES])
{
	aid_build_all(c, docs);
	if (!c->since)
		return;
	aid_doc old[EXPORT_MAX_LOCALES];
	aid_build_all(c->since, old);
	for (size_t i = 0; i < c->nlocales && i < c->since->nlocales; i++)
		aid_mark_changes(&docs[i], &old[i]);
	aid_free_all(c->since, old);
}

size_t aid_provisional_printed(const export_ctx *c)
{
	const rtab_ruleset *rs = c->rs;
	size_t n = 0;
	uint16_t *outs = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *outs);
	for (size_t ti = 0; ti < rs->ntables; ti++) {
		const rtab_table *t = &rs->tables[ti];
		n += t->dice != RTAB_NO_DICE && t->dice < rs->ndice && rs->dice[t->dice].provisional;
		for (size_t r = 0; r < t->nrows; r++)
			n += rtab_row_provisional(t, r) != NULL;
		for (size_t j = 0; j < t->ncolumns; j++)
			n += t->columns[j].kind != RTAB_COLUMN_ROLLED && t->columns[j].provisional;
		for (size_t i = 0; i < t->nnatural; i++)
			n += t->natural[i].provisional != NULL;
		for (size_t i = 0; i < t->nrewrites; i++)
			n += t->rewrites[i].provisional != NULL;
		for (size_t i = 0; i < t->nmodifiers; i++)
			n += counts(t, &rs->modifiers[t->modifiers[i]]) && rs->modifiers[t->modifiers[i]].provisional;
		for (size_t i = 0; i < t->nshifts; i++)
			n += counts(t, &rs->modifiers[t->shifts[i]]) && rs->modifiers[t->shifts[i]].provisional;
		/* What each result does: the triggers of every outcome the table gives. */
		size_t no = table_outcomes(rs, t, outs);
		for (size_t i = 0; i < no; i++)
			for (size_t k = 0; k < rs->outcomes[outs[i]].ntriggers; k++)
				n += rs->outcomes[outs[i]].triggers[k].provisional != NULL;
	}
	free(outs);
	for (size_t mi = 0; mi < rs->nmatrices; mi++) {
		const rtab_matrix *m = &rs->matrices[mi];
		size_t cells = m->ndims ? 1 : 0;
		for (size_t k = 0; k < m->ndims; k++)
			cells *= rs->enums[m->dims[k]].nvalues;
		for (size_t i = 0; m->ndims >= 2 && i < cells; i++)
			n += rtab_matrix_reason(m, i) != NULL;
	}
	for (size_t bi = 0; bi < rs->nbands; bi++) {
		const rtab_band *b = &rs->bands[bi];
		n += (b->provisional != NULL) + (b->otherwise_provisional != NULL);
		for (size_t i = 0; b->step_provisional && i < b->nsteps; i++)
			n += b->step_provisional[i] != NULL;
	}
	return n;
}

void aid_emit_end(export_ctx *c)
{
	(void)c;
}
