/* SPDX-License-Identifier: MIT */
/* A program of the runtime as IR code: its stack becomes registers, its
 * jumps an if-then-else block, the reasons its inputs carry explicit notes. */
#include "lower/lower_expr.h"
#include "lower/ir_reasons.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

ir_instr *ir_emit(ir_code *c, ir_op op)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 8;
		c->in = xrealloc(c->in, c->cap * sizeof *c->in);
	}
	ir_instr *in = &c->in[c->n++];
	memset(in, 0, sizeof *in);
	in->op = (uint8_t)op;
	in->reason = -1;
	return in;
}

void ir_code_free(ir_code *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->in[i].keys);
	free(c->in);
	memset(c, 0, sizeof *c);
}

typedef struct lowerer {
	ir_module *m;
	ir_code *out;
	const rtab_instr *in;
	uint32_t *next;
	uint32_t *stack;
	size_t depth, cap;
	size_t low; /* the least depth since it was last reset (a conditional block's reach) */
	ir_notes notes;
	bool bad;
} lowerer;

static void push(lowerer *l, uint32_t r)
{
	if (l->depth == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->stack = xrealloc(l->stack, l->cap * sizeof *l->stack);
	}
	l->stack[l->depth++] = r;
}

static uint32_t pop(lowerer *l)
{
	if (l->depth == 0) {
		l->bad = true;
		return 0;
	}
	l->depth--;
	if (l->depth < l->low)
		l->low = l->depth;
	return l->stack[l->depth];
}

/* A new register holding the result of op. */
static ir_instr *result(lowerer *l, ir_op op)
{
	ir_instr *in = ir_emit(l->out, op);
	in->dst = (*l->next)++;
	push(l, in->dst);
	return in;
}

/* What reading input i notes, as the runtime notes it: its own reason at its
 * default, then its enum value's. */
static void input_notes(lowerer *l, uint32_t reg, int32_t i)
{
	if (l->notes == IR_NOTES_NONE)
		return;
	const rtab_input *inp = &l->m->rs->inputs[i];
	if (inp->provisional) {
		ir_instr *n = ir_emit(l->out, IR_NOTE_IF);
		n->a = reg;
		n->imm = inp->default_value;
		n->reason = ir_reason(l->m, inp->provisional);
	}
	if (inp->type == RTAB_TYPE_ENUM && inp->enum_index >= 0) {
		int32_t list = ir_enum_reasons(l->m, (uint16_t)inp->enum_index);
		if (list >= 0) {
			ir_instr *n = ir_emit(l->out, IR_NOTE_OF);
			n->a = reg;
			n->reason = list;
		}
	}
}

static ir_op binary_op(rtab_op op)
{
	switch (op) {
	case RTAB_OP_ADD: return IR_ADD;
	case RTAB_OP_SUB: return IR_SUB;
	case RTAB_OP_MUL: return IR_MUL;
	case RTAB_OP_EQ: return IR_EQ;
	case RTAB_OP_NE: return IR_NE;
	case RTAB_OP_LT: return IR_LT;
	case RTAB_OP_LE: return IR_LE;
	case RTAB_OP_GT: return IR_GT;
	case RTAB_OP_GE: return IR_GE;
	case RTAB_OP_AND: return IR_AND;
	case RTAB_OP_OR: return IR_OR;
	case RTAB_OP_DIV_DOWN: return IR_DIV_DOWN;
	case RTAB_OP_DIV_UP: return IR_DIV_UP;
	case RTAB_OP_MIN: return IR_MIN;
	case RTAB_OP_MAX: return IR_MAX;
	case RTAB_OP_MUL_EXACT: return IR_MUL_EXACT;
	case RTAB_OP_DIV_EXACT: return IR_DIV_EXACT;
	case RTAB_OP_CONST:
	case RTAB_OP_INPUT:
	case RTAB_OP_NEG:
	case RTAB_OP_NOT:
	case RTAB_OP_ABS:
	case RTAB_OP_MATRIX:
	case RTAB_OP_BAND:
	case RTAB_OP_ROLL:
	case RTAB_OP_JUMP_IF_FALSE:
	case RTAB_OP_JUMP:
	case RTAB_OP_CONST_EXACT:
	case RTAB_OP_SCALE:
	case RTAB_OP_COUNT_:
		break;
	}
	return IR_OP_COUNT_;
}

static void lower_range(lowerer *l, size_t from, size_t to);

/* A step of an aggregate over a list ('max of units where ...'): X, C,
 * jump_if_false N, then N instructions that replace X with a new value (the
 * item's). The value is the new one when C holds, else X; at i the jump. */
static size_t lower_update(lowerer *l, size_t i, size_t to)
{
	size_t end = i + 1 + (size_t)l->in[i].arg;
	if (end > to) {
		l->bad = true;
		return to;
	}
	uint32_t cond = pop(l);
	if (l->depth == 0) {
		l->bad = true;
		return to;
	}
	size_t depth = l->depth, low = l->low;
	uint32_t before = l->stack[depth - 1];
	ir_instr *head = ir_emit(l->out, IR_IF);
	uint32_t dst = (*l->next)++;
	head->dst = dst;
	head->a = cond;
	l->low = depth;
	lower_range(l, i + 1, end);
	/* The block may replace the top value only, and leaves the depth as it was. */
	if (l->depth != depth || l->low + 1 < depth)
		l->bad = true;
	ir_emit(l->out, IR_ELSE)->a = l->stack[depth - 1];
	ir_emit(l->out, IR_END)->a = before;
	l->stack[depth - 1] = dst;
	l->low = low < l->depth ? low : l->depth;
	return end;
}

/* if C then A else B: C, jump_if_false N, A, jump M, B; at i the jump_if_false. */
static size_t lower_if(lowerer *l, size_t i, size_t to)
{
	const rtab_instr *in = &l->in[i];
	size_t jump_end = i + (size_t)in->arg;
	if (in->arg >= 1 && jump_end < to && l->in[jump_end].op != RTAB_OP_JUMP)
		return lower_update(l, i, to);
	if (in->arg < 1 || jump_end >= to || l->in[jump_end].op != RTAB_OP_JUMP || l->in[jump_end].arg < 0 ||
	    jump_end + 1 + (size_t)l->in[jump_end].arg > to) {
		l->bad = true;
		return to;
	}
	size_t end = jump_end + 1 + (size_t)l->in[jump_end].arg;
	uint32_t cond = pop(l);
	ir_instr *head = ir_emit(l->out, IR_IF);
	uint32_t dst = (*l->next)++;
	head->dst = dst;
	head->a = cond;
	size_t depth = l->depth;
	lower_range(l, i + 1, jump_end);
	if (l->depth != depth + 1)
		l->bad = true;
	ir_emit(l->out, IR_ELSE)->a = pop(l);
	lower_range(l, jump_end + 1, end);
	if (l->depth != depth + 1)
		l->bad = true;
	ir_emit(l->out, IR_END)->a = pop(l);
	push(l, dst);
	return end;
}

static void lower_range(lowerer *l, size_t from, size_t to)
{
	const rtab_ruleset *rs = l->m->rs;
	for (size_t i = from; i < to && !l->bad; i++) {
		const rtab_instr *in = &l->in[i];
		rtab_op op = (rtab_op)in->op;
		switch (op) {
		case RTAB_OP_CONST:
		case RTAB_OP_CONST_EXACT:
			result(l, IR_CONST)->imm = in->arg;
			break;
		case RTAB_OP_INPUT: {
			if (in->arg < 0 || in->arg >= rs->ninputs) {
				l->bad = true;
				break;
			}
			ir_instr *r = result(l, IR_INPUT);
			r->imm = in->arg;
			input_notes(l, r->dst, in->arg);
			break;
		}
		case RTAB_OP_ROLL:
			if (in->arg < 0 || in->arg >= rs->ndice) {
				l->bad = true;
				break;
			}
			l->m->dice[in->arg].rolled = true;
			result(l, IR_ROLL)->imm = in->arg;
			break;
		case RTAB_OP_NEG:
		case RTAB_OP_NOT:
		case RTAB_OP_ABS:
		case RTAB_OP_SCALE: {
			uint32_t a = pop(l);
			ir_instr *r = result(l, op == RTAB_OP_NEG ? IR_NEG : op == RTAB_OP_NOT ? IR_NOT
							      : op == RTAB_OP_ABS ? IR_ABS : IR_SCALE);
			r->a = a;
			r->imm = in->arg;
			break;
		}
		case RTAB_OP_MATRIX: {
			if (in->arg < 0 || in->arg >= rs->nmatrices || l->depth < rs->matrices[in->arg].ndims) {
				l->bad = true;
				break;
			}
			size_t n = rs->matrices[in->arg].ndims;
			uint32_t *keys = xcalloc(n ? n : 1, sizeof *keys);
			for (size_t k = n; k-- > 0;)
				keys[k] = pop(l);
			ir_instr *r = result(l, IR_MATRIX);
			r->imm = in->arg;
			r->nkeys = (uint32_t)n;
			r->keys = keys;
			break;
		}
		case RTAB_OP_BAND: {
			uint32_t b = pop(l), a = pop(l);
			ir_instr *r = result(l, IR_BAND);
			r->a = a;
			r->b = b;
			r->imm = in->arg;
			break;
		}
		case RTAB_OP_JUMP_IF_FALSE:
			i = lower_if(l, i, to) - 1;
			break;
		case RTAB_OP_JUMP:
		case RTAB_OP_COUNT_:
			l->bad = true;
			break;
		case RTAB_OP_ADD:
		case RTAB_OP_SUB:
		case RTAB_OP_MUL:
		case RTAB_OP_EQ:
		case RTAB_OP_NE:
		case RTAB_OP_LT:
		case RTAB_OP_LE:
		case RTAB_OP_GT:
		case RTAB_OP_GE:
		case RTAB_OP_AND:
		case RTAB_OP_OR:
		case RTAB_OP_DIV_DOWN:
		case RTAB_OP_DIV_UP:
		case RTAB_OP_MIN:
		case RTAB_OP_MAX:
		case RTAB_OP_MUL_EXACT:
		case RTAB_OP_DIV_EXACT: {
			uint32_t b = pop(l), a = pop(l);
			ir_instr *r = result(l, binary_op(op));
			r->a = a;
			r->b = b;
			r->imm = in->arg;
			break;
		}
		}
	}
}

bool lower_expr(ir_module *m, const rtab_expr *e, ir_notes notes, uint32_t *next_reg, ir_code *out)
{
	memset(out, 0, sizeof *out);
	out->notes = (uint8_t)notes;
	if (e->ninstrs == 0) {
		out->empty = true;
		return true;
	}
	lowerer l = {.m = m, .out = out, .in = e->instrs, .next = next_reg, .notes = notes};
	lower_range(&l, 0, e->ninstrs);
	if (l.depth != 1)
		l.bad = true;
	else
		out->value = l.stack[0];
	free(l.stack);
	return !l.bad;
}
