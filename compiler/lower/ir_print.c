/* SPDX-License-Identifier: MIT */
/* The IR as text: one instruction a line, for reading what a table lowers to. */
#include "lower/lower.h"
#include "front/key_kinds.h"

const char *const ir_op_names[IR_OP_COUNT_] = {
	[IR_CONST] = "const", [IR_INPUT] = "input", [IR_NOTE_IF] = "note_if", [IR_NOTE_OF] = "note_of",
	[IR_NEG] = "neg", [IR_ABS] = "abs", [IR_NOT] = "not", [IR_ADD] = "add", [IR_SUB] = "sub",
	[IR_MUL] = "mul", [IR_EQ] = "eq", [IR_NE] = "ne", [IR_LT] = "lt", [IR_LE] = "le", [IR_GT] = "gt",
	[IR_GE] = "ge", [IR_AND] = "and", [IR_OR] = "or", [IR_DIV_DOWN] = "div_down", [IR_DIV_UP] = "div_up",
	[IR_MIN] = "min", [IR_MAX] = "max", [IR_SCALE] = "scale", [IR_MUL_EXACT] = "mul_exact",
	[IR_DIV_EXACT] = "div_exact", [IR_MATRIX] = "matrix", [IR_BAND] = "band", [IR_ROLL] = "roll",
	[IR_IF] = "if", [IR_ELSE] = "else", [IR_END] = "end",
};

static void print_code(strbuf *b, const char *what, const ir_code *c)
{
	if (c->empty) {
		sb_printf(b, "  %s: always\n", what);
		return;
	}
	sb_printf(b, "  %s: r%u\n", what, c->value);
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		sb_printf(b, "    r%u = %s a=r%u b=r%u imm=%d", in->dst, ir_op_names[in->op], in->a, in->b, in->imm);
		if (in->reason >= 0)
			sb_printf(b, " reason=%d", in->reason);
		for (uint32_t k = 0; k < in->nkeys; k++)
			sb_printf(b, " key=r%u", in->keys[k]);
		sb_putc(b, '\n');
	}
}

static void print_list(strbuf *b, const rtab_ruleset *rs, const ir_list *l)
{
	for (size_t k = 0; k < l->nmods; k++) {
		const ir_mod *im = &l->mods[k];
		sb_printf(b, " modifier %s sign %d group %d reason %d%s\n", rs->modifiers[im->modifier].id, im->sign,
			  im->group, im->reason, im->shift ? " shift" : "");
		print_code(b, "when", &im->when);
		print_code(b, "value", &im->value);
	}
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		sb_printf(b, " sum group %d stacking %u", s->group, s->stacking);
		if (s->capped)
			sb_printf(b, " cap %d..%d", s->cap_min, s->cap_max);
		for (size_t k = 0; k < s->nmembers; k++)
			sb_printf(b, " %zu", s->members[k]);
		sb_putc(b, '\n');
	}
	for (size_t k = 0; k < l->nkeeps; k++) {
		const ir_keep *kp = &l->keeps[k];
		sb_printf(b, " keep group %d sign %d %s", l->groups[kp->group_sum].group, kp->sign,
			  kp->greater ? "greater" : "less");
		for (size_t i = 0; i < kp->nmembers; i++)
			sb_printf(b, " %zu%s", kp->members[i], kp->always[i] ? "" : "?");
		sb_putc(b, '\n');
	}
}

void ir_module_print(strbuf *b, const ir_module *m)
{
	const rtab_ruleset *rs = m->rs;
	for (size_t k = 0; k < m->nreasons; k++)
		sb_printf(b, "reason %zu: %s\n", k, m->reasons[k]);
	for (size_t k = 0; k < rs->ndice; k++) {
		const ir_dice *d = &m->dice[k];
		if (!d->rolled)
			continue;
		sb_printf(b, "dice %s rolled", rs->dice[k].id);
		for (size_t f = 0; f < d->nfaces; f++)
			sb_printf(b, " %d..%d", d->face_min[f], d->face_max[f]);
		sb_printf(b, " reason %d\n", d->reason);
	}
	for (size_t k = 0; k < m->nrequirements; k++) {
		sb_printf(b, "requirement %s\n", m->requirements[k].id);
		print_code(b, "holds", &m->requirements[k].condition);
	}
	for (size_t k = 0; k < m->ntables; k++) {
		const ir_table *t = &m->tables[k];
		sb_printf(b, "table %s\n", t->t->id);
		print_list(b, rs, &t->modifiers);
		print_list(b, rs, &t->shifts);
		switch (table_key_kind(t->t)) {
		case RTAB_KEY_INPUT:
			break;
		case RTAB_KEY_ODDS:
			print_code(b, "key_a", &t->key_a);
			print_code(b, "key_b", &t->key_b);
			break;
		case RTAB_KEY_VALUE:
		case RTAB_KEY_ENUM:
			print_code(b, "key_a", &t->key_a);
			break;
		}
		for (size_t r = 0; r < t->nrewrites; r++)
			print_code(b, "rewrite", &t->rewrites[r].when);
	}
	for (size_t k = 0; k < m->nreactions; k++) {
		sb_printf(b, "reactions %s\n", rs->reaction_sets[k].id);
		print_code(b, "none_when", &m->reactions[k].none_when);
		for (size_t o = 0; o < m->reactions[k].noptions; o++)
			print_code(b, rs->reaction_sets[k].options[o].id, &m->reactions[k].guards[o]);
	}
	for (size_t k = 0; k < m->nprocedures; k++) {
		sb_printf(b, "procedure %s\n", rs->procedures[k].id);
		for (size_t s = 0; s < m->procedures[k].nsteps; s++)
			print_code(b, rs->procedures[k].steps[s].id, &m->procedures[k].guards[s]);
	}
	for (size_t k = 0; k < m->ndistances; k++) {
		sb_printf(b, "distance %s\n", rs->distances[k].id);
		for (size_t f = 0; f < m->distances[k].nforms; f++)
			print_code(b, "form", &m->distances[k].forms[f]);
	}
	for (size_t k = 0; k < m->noutcomes; k++)
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++) {
			sb_printf(b, "outcome %s trigger %zu\n", rs->outcomes[k].id, j);
			print_code(b, "unless", &m->outcomes[k].triggers[j].unless);
			print_code(b, "times", &m->outcomes[k].triggers[j].times);
		}
}
