/* A results table's grid as its page prints it (see aid_parts.h). */
#include "export/aid_parts.h"

#include "base/msg.h"
#include "export/aid_words.h"
#include "export/export_views.h"

#include <stdlib.h>
#include <string.h>

/* The row a column gives a modified roll (-1 none). */
static int row_at(const rtab_table *t, const rtab_column *col, int64_t r)
{
	if (r < t->roll_min)
		return col->below_row;
	if (r > t->roll_max)
		return col->above_row;
	return rtab_column_row(col, (size_t)(r - t->roll_min));
}

/* A roll as a card prints it: below 0 with a minus sign (U+2212), never a
 * hyphen, which a reader takes for a range. */
static void roll_number(strbuf *sb, int64_t v)
{
	sb_printf(sb, v < 0 ? MINUS "%lld" : "%lld", (long long)(v < 0 ? -v : v));
}

/* The rolls r..end as printed: "5+", "≤0", "3", "1-2"; a range with an end
 * below 0 joined by an en dash, "−3–−1", "−1–1" (a hyphen there reads as
 * a minus: "-3--1"); "any" in words. */
static void roll_text(strbuf *sb, msg_lang words, int64_t r, int64_t end, bool open_lo, bool open_hi)
{
	if (open_lo && open_hi) {
		sb_puts(sb, msg_in(words, "any"));
	} else if (open_hi) {
		roll_number(sb, r);
		sb_putc(sb, '+');
	} else if (open_lo) {
		sb_puts(sb, AT_MOST);
		roll_number(sb, end);
	} else {
		roll_number(sb, r);
		if (r != end) {
			sb_puts(sb, r < 0 || end < 0 ? EN_DASH : "-");
			roll_number(sb, end);
		}
	}
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
			  col->kind == RTAB_COLUMN_AUTOMATIC ? aid_outcome_text(c, slot, col->automatic, codes)
							     : NO_RESULT);
		sb_free(&ids);
		sb_free(&name);
	}
	if (sb.len) {
		sb_putc(&sb, '.');
		aid_text_part(u, &sb);
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
	aid_part *p = aid_part_new(u, AID_GRID);
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
	grid_cell(g, t->dice != RTAB_NO_DICE ? msg_in(c->words, "Roll") : msg_in(c->words, "Total"));
	for (size_t k = 0; k < ncols; k++) {
		size_t j = cols[k];
		if (mt)
			sb_puts(&sb, mt->result_ids[mt->result_of_column[j] - 1]);
		else if (strip && !aid_key_reading_of(t).by_enum && !*export_label(c, t->columns[j].labels, slot) &&
			 strlen(t->columns[j].id) > strip)
			sb_puts(&sb, t->columns[j].id + strip);
		else
			aid_column_header(&sb, c, slot, t, j);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		p->span[k + 1] = t->columns[j].kind != RTAB_COLUMN_ROLLED;
	}
	if (mt)
		export_odds_line_rows(c, t, mt, cols, ncols, (int)slot, g);
	export_printed_values_row(c, t, cols, ncols, g);
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
		/* Past what the dice roll, only modifiers take a roll: the first line
		 * open below ("≤0") and the last open above ("11+") when they reach
		 * past the die; a line with another under or over it past the die
		 * keeps both its ends ("−3–−1" under "≤−4"). */
		roll_text(&sb, c->words, from, to, from < die_lo && from == reach_lo,
			  to > die_hi && to == reach_hi);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		for (size_t k = 0; k < ncols; k++) {
			const rtab_column *col = &t->columns[cols[k]];
			int row = col->kind == RTAB_COLUMN_ROLLED ? row_at(t, col, r) : -1;
			if (col->kind == RTAB_COLUMN_AUTOMATIC) {
				sb_puts(&sb, aid_outcome_text(c, slot, col->automatic, codes));
				aid_proof_mark(c, u, &sb, col->provisional);
				grid_cell(g, sb.data);
				sb_clear(&sb);
			} else if (row < 0 || row >= t->nrows)
				grid_cell(g, NO_RESULT);
			else {
				sb_puts(&sb, aid_outcome_text(c, slot, rtab_row_outcome(t, (size_t)row), codes));
				aid_proof_mark(c, u, &sb, rtab_row_provisional(t, (size_t)row));
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
void aid_results_grid(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, bool codes)
{
	if (export_odds_lines(c, t) || aid_key_reading_of(t).by_input || t->column_input < 0) {
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
		sb_printf(&sb, "%s: %s", aid_word(c, slot, in->labels, in->id), name.data);
		aid_text_part(u, &sb);
		results_grid_of(c, slot, t, u, codes, first, end, ids.len + 1);
		sb_free(&ids);
		sb_free(&name);
	}
	sb_free(&sb);
}

/* "DR: Defender retreats; DE: ..." for the codes the grid prints. */
void aid_code_legend(const export_ctx *c, size_t slot, const rtab_table *t, strbuf *sb)
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
				  aid_word(c, slot, rs->outcomes[o].labels, rs->outcomes[o].id));
	if (n)
		sb_puts(sb, ".");
	free(seen);
}
