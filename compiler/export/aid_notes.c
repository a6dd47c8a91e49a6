/* What a grid does not say: how its key reads, its ends, what each result does (see aid_parts.h). */
#include "export/aid_parts.h"

#include "base/msg.h"
#include "export/aid_words.h"
#include "export/export_views.h"

#include <stdlib.h>
#include <string.h>

/* How a key between two columns' steps reads, as the table's rounding says, in words. */
static const char *rounding_words(msg_lang words, bool odds, int rounding)
{
	switch ((rtab_rounding)rounding) {
	case RTAB_ROUND_EVENS:
		return odds ? msg_in(words, "odds between two columns read towards 1:1")
			    : msg_in(words, "a value between two columns reads towards 0");
	case RTAB_ROUND_DOWN:
		return odds ? msg_in(words,
				     "odds between two columns read down, in the defender's favour")
			    : msg_in(words, "a value between two columns reads as the lower column");
	case RTAB_ROUND_UP:
		return odds ? msg_in(words,
				     "odds between two columns read up, in the attacker's favour")
			    : msg_in(words, "a value between two columns reads as the higher column");
	case RTAB_ROUND_NEAREST:
		return odds ? msg_in(words, "odds between two columns read as the nearest column")
			    : msg_in(words,
				     "a value between two columns reads as the nearest column");
	case RTAB_ROUND_LINEAR:
		return odds ? msg_in(words,
				     "odds between two columns read as the column nearest their ratio; exactly midway, the lower")
			    : msg_in(words,
				     "a value between two columns reads as the nearest column; exactly midway, the lower");
	case RTAB_ROUND_LINEAR_UP:
		return odds ? msg_in(words,
				     "odds between two columns read as the column nearest their ratio; exactly midway, the higher")
			    : msg_in(words,
				     "a value between two columns reads as the nearest column; exactly midway, the higher");
	case RTAB_ROUND_DOWN_STRICT:
		return msg_in(words,
			      "a column is reached by odds more than its ratio, not equal to it");
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
	if (!aid_key_reading_of(t).odds)
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
	if (*export_label(c, col->labels, slot) || aid_key_reading_of(t).by_input || t->column_input < 0) {
		aid_column_header(sb, c, slot, t, j);
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
void aid_key_notes(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb,
		      bool codes)
{
	strbuf s = {0};
	key_reading key = aid_key_reading_of(t);
	if (!key.by_input && !key.by_enum) {
		for (size_t i = 0; i < t->nround_ranges; i++) {
			const rtab_round_range *rr = &t->round_ranges[i];
			sb_clear(&s);
			if (i == 0) {
				sb_puts(&s, rounding_words(c->words, key.odds, rr->rounding));
			} else {
				strbuf from = {0};
				step_text(&from, t, rr->from_num, rr->from_den);
				sb_printf(&s, msg_in(c->words, "from %s on, %s"), from.data,
					  rounding_words(c->words, key.odds, rr->rounding));
				sb_free(&from);
			}
			sentence(sb, s.data);
		}
		if (!t->nround_ranges)
			sentence(sb, rounding_words(c->words, key.odds, t->rounding));
	}
	/* (With 'clamp shifts', aid_caps() says where a shift stops.) */
	if (t->nshifts && !t->shift_stops)
		sentence(sb,
			 t->column_end_of_value || t->nlines
				 ? msg_in(c->words,
					  "a column shift stops at the first and at the last column of its grid")
				 : msg_in(c->words,
					  "a column shift stops at the first and at the last column"));
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
			sb_printf(sb, msg_in(c->words, "%s: %s, without a roll."), s.data,
				  aid_outcome_text(c, slot, col->automatic, codes));
		else
			sb_printf(sb, msg_in(c->words, "%s: no result, and no roll."), s.data);
		if (rtab_column_above_strict(c->rs, (size_t)(t - c->rs->tables), j)) { /* 'above more than 5:1' */
			strbuf past = {0};
			step_text(&past, t, col->step_num, col->step_den);
			sb_printf(sb, msg_in(c->words, " More than %s, not %s itself."), past.data,
				  past.data);
			sb_free(&past);
		}
		aid_proof_mark(c, u, sb, col->provisional);
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
		sb_printf(sb, msg_in(c->words, "%s: no result."), NO_RESULT);
		sb_putc(sb, '\n');
	}
	sb_free(&s);
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
void aid_result_effects(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb,
			   bool codes)
{
	const rtab_ruleset *rs = c->rs;
	uint16_t *outs = xcalloc(rs->noutcomes ? rs->noutcomes : 1, sizeof *outs);
	size_t n = aid_table_outcomes(rs, t, outs);
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
				aid_proof_mark(c, u, &w, first->triggers[k].provisional);
				sb_printf(sb,
					  nshared++ ? "; %s"
						    : msg_in(c->words, "After every result: %s"),
					  w.data);
			}
		}
		if (nshared)
			sb_puts(sb, ".\n");
	}
	for (size_t i = 0; i < n; i++) {
		const rtab_outcome *o = &rs->outcomes[outs[i]];
		size_t said = 0;
		size_t at = sb->len;
		sb_printf(sb, "%s \xE2\x80\x94 ", aid_outcome_text(c, slot, outs[i], codes));
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
			sb_puts(sb, then++ ? "; " : msg_in(c->words, "Then: "));
			aid_trigger_words(sb, c, slot, &o->triggers[k]);
			aid_proof_mark(c, u, sb, o->triggers[k].provisional);
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
