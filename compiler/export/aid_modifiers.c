/* A table's modifiers, column shifts and caps as the card lists them (see aid_parts.h). */
#include "export/aid_parts.h"

#include "base/msg.h"
#include "export/aid_words.h"
#include "front/stackings.h"

#include <string.h>

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
		aid_put_signed(sb, (long)m->sign * m->value.instrs[0].arg);
	} else if (reads_op(&m->value, RTAB_OP_MATRIX, &k) && (size_t)k < c->rs->nmatrices) {
		const rtab_matrix *mx = &c->rs->matrices[k];
		sb_printf(sb, msg_in(c->words, "see %s"), aid_word(c, slot, mx->labels, mx->id));
	} else if (reads_op(&m->value, RTAB_OP_BAND, &k) && (size_t)k < c->rs->nbands) {
		const rtab_band *b = &c->rs->bands[k];
		sb_printf(sb, msg_in(c->words, "see %s"), aid_word(c, slot, b->labels, b->id));
	} else {
		long a = (long)m->sign * m->min, b = (long)m->sign * m->max;
		if (a == b)
			aid_put_signed(sb, a);
		else
			export_signed_span(sb, c->words, a < b ? a : b, a < b ? b : a);
	}
}

/* The condition in words (aid_expr_words): an input's label ("Charge
 * orders", "not Charge orders"), an enum input's label and the value it asks
 * for ("Ground: Woods"), a comparison with each number followed by its
 * input's unit ("Move > 6 inches", "Range ≥ 21 hexes"), "and", "or";
 * nothing for a form the words do not cover (a lookup, an aggregate): the
 * modifier's label says it. */
static void modifier_condition(strbuf *sb, const export_ctx *c, size_t slot, const rtab_expr *e)
{
	if (e->ninstrs)
		aid_expr_words(sb, c, slot, e, -1);
}

static void modifier_rows(const export_ctx *c, size_t slot, const rtab_table *t, const uint16_t *mods, size_t n,
			  aid_unit *u, grid *g, bool *groups)
{
	strbuf sb = {0};
	for (size_t i = 0; i < n; i++) {
		const rtab_modifier *m = &c->rs->modifiers[mods[i]];
		if (!aid_counts(t, m))
			continue;
		grid_cell(g, aid_word(c, slot, m->labels, m->id));
		modifier_value(&sb, c, slot, m);
		aid_proof_mark(c, u, &sb, m->provisional);
		grid_cell(g, sb.data);
		sb_clear(&sb);
		modifier_condition(&sb, c, slot, &m->condition);
		/* A condition its label already says goes without saying. */
		grid_cell(g, sb.data && strcmp(sb.data, aid_word(c, slot, m->labels, m->id)) != 0 ? sb.data : "");
		sb_clear(&sb);
		if (m->group >= 0 && groups)
			groups[m->group] = true;
	}
	sb_free(&sb);
}

void aid_modifier_grid(const export_ctx *c, size_t slot, const rtab_table *t, const uint16_t *mods, size_t n,
			  aid_unit *u, const char *what, bool *groups)
{
	size_t counted = 0;
	for (size_t i = 0; i < n; i++)
		counted += aid_counts(t, &c->rs->modifiers[mods[i]]);
	if (!counted)
		return;
	aid_part *p = aid_part_new(u, AID_GRID);
	grid_init(&p->g, 3);
	grid_cell(&p->g, what);
	grid_cell(&p->g, msg_in(c->words, "Value"));
	grid_cell(&p->g, msg_in(c->words, "When"));
	p->g.right[1] = true;
	modifier_rows(c, slot, t, mods, n, u, &p->g, groups);
}

static void between(strbuf *lo, strbuf *hi, long a, long b)
{
	sb_clear(lo);
	sb_clear(hi);
	aid_put_signed(lo, a);
	aid_put_signed(hi, b);
}

/* The caps of the groups the modifiers belong to, and the table's own. */
void aid_caps(const export_ctx *c, size_t slot, const rtab_table *t, const bool *groups, strbuf *sb)
{
	const rtab_ruleset *rs = c->rs;
	strbuf lo = {0}, hi = {0};
	for (size_t gi = 0; gi < rs->ngroups; gi++) {
		const rtab_group *g = &rs->groups[gi];
		if (!groups[gi])
			continue;
		sb_printf(sb, "%s: ", aid_word(c, slot, g->labels, g->id));
		sb_puts(sb, msg_in(c->words, stacking_aid_phrase((rtab_stacking)g->stacking)));
		if (g->capped) {
			between(&lo, &hi, g->cap_min, g->cap_max);
			sb_printf(sb, msg_in(c->words, ", together between %s and %s"), lo.data,
				  hi.data);
		}
		sb_puts(sb, ".\n");
	}
	if (t->shift_stops) {
		sb_puts(sb, msg_in(c->words,
				   "Column shifts stop at the first and last printed column."));
		sb_putc(sb, '\n');
	}
	if (t->capped) {
		between(&lo, &hi, t->cap_min, t->cap_max);
		sb_printf(sb, msg_in(c->words, "The total modifier is held between %s and %s."),
			  lo.data, hi.data);
		sb_putc(sb, '\n');
	}
	sb_free(&lo);
	sb_free(&hi);
}
