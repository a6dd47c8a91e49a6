/* SPDX-License-Identifier: MIT */
/* Expressions and instructions as text (see expr_text.h). */
#include "text/expr_text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[RTAB_OP_COUNT_] = {
	[RTAB_OP_CONST] = "const",     [RTAB_OP_INPUT] = "input",
	[RTAB_OP_NEG] = "neg",         [RTAB_OP_NOT] = "not",
	[RTAB_OP_ADD] = "add",         [RTAB_OP_SUB] = "sub",
	[RTAB_OP_MUL] = "mul",         [RTAB_OP_EQ] = "eq",
	[RTAB_OP_NE] = "ne",           [RTAB_OP_LT] = "lt",
	[RTAB_OP_LE] = "le",           [RTAB_OP_GT] = "gt",
	[RTAB_OP_GE] = "ge",           [RTAB_OP_AND] = "and",
	[RTAB_OP_OR] = "or",           [RTAB_OP_DIV_DOWN] = "div_down",
	[RTAB_OP_DIV_UP] = "div_up",   [RTAB_OP_MIN] = "min",
	[RTAB_OP_MAX] = "max",         [RTAB_OP_ABS] = "abs",
	[RTAB_OP_MATRIX] = "matrix",   [RTAB_OP_BAND] = "band",
	[RTAB_OP_ROLL] = "roll",       [RTAB_OP_JUMP_IF_FALSE] = "jump_if_false",
	[RTAB_OP_JUMP] = "jump",       [RTAB_OP_CONST_EXACT] = "const_exact",
	[RTAB_OP_SCALE] = "scale",     [RTAB_OP_MUL_EXACT] = "mul_exact",
	[RTAB_OP_DIV_EXACT] = "div_exact",
};

const char *export_op_name(int op)
{
	return op >= 0 && op < RTAB_OP_COUNT_ && op_names[op] ? op_names[op] : "?";
}

#define EARLIER_PREFIX "earlier_"

int expr_earlier_outcome(const model *m, size_t input)
{
	const rtab_ruleset *rs = m ? &m->rs : NULL;
	if (!rs || !m->earlier_inputs || input >= rs->ninputs || !m->earlier_inputs[input] ||
	    rs->inputs[input].type != RTAB_TYPE_BOOL ||
	    strncmp(rs->inputs[input].id, EARLIER_PREFIX, strlen(EARLIER_PREFIX)) != 0)
		return -1;
	const char *outcome = rs->inputs[input].id + strlen(EARLIER_PREFIX);
	for (size_t o = 0; o < rs->noutcomes; o++)
		if (strcmp(rs->outcomes[o].id, outcome) == 0)
			return (int)o;
	return -1;
}

/* Decompiling a program back into the language's infix form. */

enum { P_IF = 0, P_OR, P_AND, P_NOT, P_CMP, P_ADD, P_MUL, P_NEG, P_ATOM };
enum { T_INT, T_BOOL, T_ENUM };

typedef struct term {
	char *text;
	int prec;
	int type, enum_index;
	bool is_const;
	int32_t value;
} term;

typedef struct decomp {
	const model *m;
	const rtab_ruleset *rs;
	const rtab_instr *in;
	term stack[RTAB_MAX_EXPR_STACK * 2];
	size_t sp;
	bool bad;
	int scope; /* in the condition of an aggregate's 'where': its list's length + 1 */
} decomp;

static void push(decomp *d, char *text, int prec, int type, int enum_index)
{
	if (d->sp == sizeof d->stack / sizeof d->stack[0]) {
		free(text);
		d->bad = true;
		return;
	}
	d->stack[d->sp++] = (term){text, prec, type, enum_index, false, 0};
}

static term pop(decomp *d)
{
	if (d->sp == 0) {
		d->bad = true;
		return (term){xstrdup("?"), P_ATOM, T_INT, -1, false, 0};
	}
	return d->stack[--d->sp];
}

/* t as an operand that needs at least precedence prec. */
static void put_operand(strbuf *sb, const term *t, int prec)
{
	if (t->prec < prec)
		sb_printf(sb, "(%s)", t->text);
	else
		sb_puts(sb, t->text);
}

/* A constant compared with an enum input reads as the value's id. */
static void name_constant(const decomp *d, term *c, const term *other)
{
	if (!c->is_const)
		return;
	if (other->type == T_ENUM && other->enum_index >= 0 &&
	    other->enum_index < d->rs->nenums && c->value >= 0 &&
	    c->value < d->rs->enums[other->enum_index].nvalues) {
		free(c->text);
		c->text = xstrdup(d->rs->enums[other->enum_index].values[c->value].id);
	} else if (other->type == T_BOOL && (c->value == 0 || c->value == 1)) {
		free(c->text);
		c->text = xstrdup(c->value ? "true" : "false");
	}
}

static void decompile(decomp *d, size_t from, size_t to);

static void binary(decomp *d, int op)
{
	static const struct {
		int op;
		const char *text;
		int prec, type;
	} infix[] = {
		{RTAB_OP_ADD, "+", P_ADD, T_INT},  {RTAB_OP_SUB, "-", P_ADD, T_INT},
		{RTAB_OP_MUL, "*", P_MUL, T_INT},  {RTAB_OP_EQ, "==", P_CMP, T_BOOL},
		{RTAB_OP_NE, "!=", P_CMP, T_BOOL}, {RTAB_OP_LT, "<", P_CMP, T_BOOL},
		{RTAB_OP_LE, "<=", P_CMP, T_BOOL}, {RTAB_OP_GT, ">", P_CMP, T_BOOL},
		{RTAB_OP_GE, ">=", P_CMP, T_BOOL}, {RTAB_OP_AND, "and", P_AND, T_BOOL},
		{RTAB_OP_OR, "or", P_OR, T_BOOL}, {RTAB_OP_MUL_EXACT, "*", P_MUL, T_INT},
		{RTAB_OP_DIV_EXACT, "/", P_MUL, T_INT},
	};
	term b = pop(d), a = pop(d);
	strbuf sb = {0};
	name_constant(d, &a, &b);
	name_constant(d, &b, &a);
	for (size_t i = 0; i < sizeof infix / sizeof infix[0]; i++) {
		if (infix[i].op != op)
			continue;
		/* Left-associative: the right operand of - needs a tighter binding. */
		int left = infix[i].prec == P_CMP ? P_ADD : infix[i].prec;
		int right = infix[i].prec == P_CMP ? P_ADD
						   : infix[i].prec + (op == RTAB_OP_SUB || op == RTAB_OP_DIV_EXACT);
		put_operand(&sb, &a, left);
		sb_printf(&sb, " %s ", infix[i].text);
		put_operand(&sb, &b, right);
		push(d, sb.data, infix[i].prec, infix[i].type, -1);
		goto done;
	}
	/* Calls of two arguments. */
	sb_printf(&sb, "%s(%s, %s)", export_op_name(op), a.text, b.text);
	push(d, sb.data, P_ATOM, T_INT, -1);
done:
	free(a.text);
	free(b.text);
}

/*
 * An aggregate over a list as the compiler unrolls it (sema_expr.c), from
 * in[i] (its start value) on: "sum(units.wounds)" and the instruction after
 * it in *end, or NULL when in[i] begins no aggregate.
 */
static char *aggregate_at(const decomp *d, size_t i, size_t to, size_t *end)
{
	const rtab_ruleset *rs = d->rs;
	const rtab_instr *in = d->in;
	size_t j = i + 1, item = 1;
	int len = -1, op = -1;
	const char *field = NULL;
	while (j < to) {
		size_t k = j;
		if (k + 4 <= to && in[k].op == RTAB_OP_INPUT && in[k + 1].op == RTAB_OP_CONST &&
		    in[k + 1].arg == (int32_t)item && in[k + 2].op == RTAB_OP_GE &&
		    in[k + 3].op == RTAB_OP_JUMP_IF_FALSE && in[k + 3].arg == 2)
			k += 4;
		if (k + 2 > to || in[k].op != RTAB_OP_INPUT || in[k].arg < 0 || in[k].arg >= rs->ninputs)
			break;
		const rtab_input *f = &rs->inputs[in[k].arg];
		if (f->list_role != RTAB_LIST_FIELD || f->list_item != item || !f->list_field ||
		    (len >= 0 && (f->list_length != len || strcmp(f->list_field, field) != 0)) ||
		    (op >= 0 && in[k + 1].op != op))
			break;
		if (k != j && in[j].arg != f->list_length)
			break;
		len = f->list_length;
		field = f->list_field;
		op = in[k + 1].op;
		j = k + 2;
		item++;
	}
	if (len < 0 || len >= rs->ninputs || (int64_t)item - 1 != rs->inputs[len].max)
		return NULL;
	const rtab_input *first = &rs->inputs[len + 1 < rs->ninputs ? len + 1 : len];
	bool flag = false;
	for (int k = len + 1; k < rs->ninputs && rs->inputs[k].list_item == 1; k++)
		if (rs->inputs[k].list_field && strcmp(rs->inputs[k].list_field, field) == 0) {
			first = &rs->inputs[k];
			flag = first->type == RTAB_TYPE_BOOL;
		}
	const char *name = op == RTAB_OP_MAX	? "max"
			   : op == RTAB_OP_MIN	? "min"
			   : op == RTAB_OP_OR	? "any"
			   : op == RTAB_OP_AND	? "all"
			   : op == RTAB_OP_ADD	? (flag ? "count" : "sum")
						: NULL;
	if (!name)
		return NULL;
	*end = j;
	strbuf sb = {0};
	sb_printf(&sb, "%s(%s.%s)", name, rs->inputs[len].id, field);
	return sb.data;
}

static void decompile(decomp *d, size_t from, size_t to);

/* Whether input a (in item 1's block) and input b (in item k's) are the same
 * reading: the same input, or the same field of the list's item 1 and item k. */
static bool same_read(const rtab_ruleset *rs, int len, int32_t a, int32_t b, size_t k)
{
	if (a == b)
		return true;
	if (a < 0 || b < 0 || a >= rs->ninputs || b >= rs->ninputs)
		return false;
	const rtab_input *x = &rs->inputs[a], *y = &rs->inputs[b];
	return x->list_role == RTAB_LIST_FIELD && y->list_role == RTAB_LIST_FIELD &&
	       x->list_length == len && y->list_length == len && x->list_item == 1 &&
	       y->list_item == k && x->list_field && y->list_field &&
	       strcmp(x->list_field, y->list_field) == 0;
}

/*
 * An aggregate with 'where' as the compiler unrolls it (sema_expr.c
 * walk_filtered): the start value at in[i], then one guarded block per item,
 * each block item 1's but for the item's own inputs. "count(units where
 * standard)", with the instruction after it in *end; NULL when it is not one.
 */
static char *filtered_at(const decomp *d, size_t i, size_t to, size_t *end)
{
	const rtab_ruleset *rs = d->rs;
	const rtab_instr *in = d->in;
	size_t b1 = i + 1;
	if (b1 + 4 > to || in[b1].op != RTAB_OP_INPUT || in[b1].arg < 0 || in[b1].arg >= rs->ninputs ||
	    rs->inputs[in[b1].arg].list_role != RTAB_LIST_LENGTH || in[b1 + 1].op != RTAB_OP_CONST ||
	    in[b1 + 1].arg != 1 || in[b1 + 2].op != RTAB_OP_GE || in[b1 + 3].op != RTAB_OP_JUMP_IF_FALSE ||
	    in[b1 + 3].arg < 2)
		return NULL;
	int len = in[b1].arg;
	size_t L = 4 + (size_t)in[b1 + 3].arg, n = (size_t)rs->inputs[len].max;
	if (n == 0 || b1 + n * L > to)
		return NULL;
	for (size_t k = 2; k <= n; k++) {
		const rtab_instr *blk = &in[b1 + (k - 1) * L];
		if (blk[0].op != RTAB_OP_INPUT || blk[0].arg != len || blk[1].op != RTAB_OP_CONST ||
		    blk[1].arg != (int32_t)k)
			return NULL;
		for (size_t j = 2; j < L; j++) {
			if (blk[j].op != in[b1 + j].op)
				return NULL;
			if (blk[j].op == RTAB_OP_INPUT ? !same_read(rs, len, in[b1 + j].arg, blk[j].arg, k)
						       : blk[j].arg != in[b1 + j].arg)
				return NULL;
		}
	}
	size_t bend = b1 + L, cond_end;
	int op = in[bend - 1].op;
	const rtab_input *f = NULL;
	if (L >= 7 && in[bend - 3].op == RTAB_OP_JUMP_IF_FALSE && in[bend - 3].arg == 2 &&
	    in[bend - 2].op == RTAB_OP_INPUT && in[bend - 2].arg >= 0 && in[bend - 2].arg < rs->ninputs &&
	    rs->inputs[in[bend - 2].arg].list_role == RTAB_LIST_FIELD &&
	    rs->inputs[in[bend - 2].arg].list_length == len) {
		f = &rs->inputs[in[bend - 2].arg];
		cond_end = bend - 3;
	} else {
		cond_end = bend - 1;
	}
	const char *name = op == RTAB_OP_MAX ? "max" : op == RTAB_OP_MIN ? "min"
			   : op == RTAB_OP_OR	 ? "any" : op == RTAB_OP_AND ? "all"
			   : op == RTAB_OP_ADD	 ? (!f || f->type == RTAB_TYPE_BOOL ? "count" : "sum")
						 : NULL;
	if (!name || cond_end <= b1 + 4)
		return NULL;
	decomp c = {d->m, rs, in, {{0}}, 0, false, len + 1};
	decompile(&c, b1 + 4, cond_end);
	char *text = NULL;
	if (!c.bad && c.sp == 1) {
		strbuf sb = {0};
		if (f)
			sb_printf(&sb, "%s(%s.%s where %s)", name, rs->inputs[len].id, f->list_field,
				  c.stack[0].text);
		else
			sb_printf(&sb, "%s(%s where %s)", name, rs->inputs[len].id, c.stack[0].text);
		text = sb.data;
		*end = b1 + n * L;
	}
	for (size_t k = 0; k < c.sp; k++)
		free(c.stack[k].text);
	return text;
}

static void decompile(decomp *d, size_t from, size_t to)
{
	const rtab_ruleset *rs = d->rs;
	for (size_t i = from; i < to && !d->bad; i++) {
		const rtab_instr *in = &d->in[i];
		strbuf sb = {0};
		size_t agg_end;
		char *agg = in->op == RTAB_OP_CONST ? aggregate_at(d, i, to, &agg_end) : NULL;
		if (!agg && in->op == RTAB_OP_CONST)
			agg = filtered_at(d, i, to, &agg_end);
		if (agg) {
			bool any_all = strncmp(agg, "any", 3) == 0 || strncmp(agg, "all", 3) == 0;
			push(d, agg, P_ATOM, any_all ? T_BOOL : T_INT, -1);
			i = agg_end - 1;
			continue;
		}
		switch ((rtab_op)in->op) {
		case RTAB_OP_CONST:
			sb_printf(&sb, "%ld", (long)in->arg);
			push(d, sb.data, in->arg < 0 ? P_NEG : P_ATOM, T_INT, -1);
			if (!d->bad) {
				d->stack[d->sp - 1].is_const = true;
				d->stack[d->sp - 1].value = in->arg;
			}
			break;
		case RTAB_OP_CONST_EXACT: {
			/* An exact constant, scaled: 25 at scale 2 reads 12.5. */
			char num[32];
			if (rtab_format_exact(in->arg, rs->scale, num, sizeof num) != RTAB_OK) {
				d->bad = true;
				break;
			}
			push(d, xstrdup(num), in->arg < 0 ? P_NEG : P_ATOM, T_INT, -1);
			break;
		}
		case RTAB_OP_SCALE: /* a whole number made exact reads as it is */
			if (d->sp < 1)
				d->bad = true;
			break;
		case RTAB_OP_INPUT:
			if (in->arg < 0 || in->arg >= rs->ninputs) {
				d->bad = true;
				break;
			}
			/* The input of 'earlier OUTCOME' as the rewrite writes it (its id is
			 * made of the phrase, which the rule reads). */
			if (expr_earlier_outcome(d->m, (size_t)in->arg) >= 0) {
				int earlier = expr_earlier_outcome(d->m, (size_t)in->arg);
				push(d, xasprintf("earlier %s", rs->outcomes[earlier].id), P_ATOM, T_BOOL, -1);
				break;
			}
			push(d, xstrdup(d->scope && rs->inputs[in->arg].list_role == RTAB_LIST_FIELD &&
						rs->inputs[in->arg].list_length == d->scope - 1 &&
						rs->inputs[in->arg].list_item == 1
					    ? rs->inputs[in->arg].list_field
					    : rs->inputs[in->arg].id),
			     P_ATOM,
			     rs->inputs[in->arg].type == RTAB_TYPE_ENUM	  ? T_ENUM
			     : rs->inputs[in->arg].type == RTAB_TYPE_BOOL ? T_BOOL
									  : T_INT,
			     rs->inputs[in->arg].enum_index);
			break;
		case RTAB_OP_NEG:
		case RTAB_OP_NOT:
		case RTAB_OP_ABS: {
			term a = pop(d);
			if (in->op == RTAB_OP_ABS) {
				sb_printf(&sb, "abs(%s)", a.text);
				push(d, sb.data, P_ATOM, T_INT, -1);
			} else {
				int prec = in->op == RTAB_OP_NEG ? P_NEG : P_NOT;
				sb_puts(&sb, in->op == RTAB_OP_NEG ? "-" : "not ");
				put_operand(&sb, &a, prec);
				push(d, sb.data, prec, in->op == RTAB_OP_NEG ? T_INT : T_BOOL, -1);
			}
			free(a.text);
			break;
		}
		case RTAB_OP_MATRIX: {
			if (in->arg < 0 || in->arg >= rs->nmatrices || d->sp < rs->matrices[in->arg].ndims) {
				d->bad = true;
				break;
			}
			const rtab_matrix *m = &rs->matrices[in->arg];
			size_t base = d->sp - m->ndims;
			sb_printf(&sb, "%s(", m->id);
			for (size_t k = 0; k < m->ndims; k++) {
				term *key = &d->stack[base + k];
				term as_enum = {NULL, P_ATOM, T_ENUM, m->dims[k], false, 0};
				name_constant(d, key, &as_enum);
				sb_printf(&sb, "%s%s", k ? ", " : "", key->text);
				free(key->text);
			}
			sb_putc(&sb, ')');
			d->sp = base;
			push(d, sb.data, P_ATOM, T_INT, -1);
			break;
		}
		case RTAB_OP_BAND: {
			term b = pop(d), a = pop(d);
			const char *id = in->arg >= 0 && in->arg < rs->nbands ? rs->bands[in->arg].id : "?";
			sb_printf(&sb, "%s(%s, %s)", id, a.text, b.text);
			push(d, sb.data, P_ATOM, T_INT, -1);
			free(a.text);
			free(b.text);
			break;
		}
		case RTAB_OP_ROLL:
			sb_puts(&sb, in->arg >= 0 && in->arg < rs->ndice ? rs->dice[in->arg].id : "?");
			push(d, sb.data, P_ATOM, T_INT, -1);
			break;
		case RTAB_OP_JUMP_IF_FALSE: {
			/* if C then A else B: C, jump_if_false, A, jump, B. */
			size_t jump_end = i + (size_t)in->arg;
			if (in->arg < 1 || jump_end >= to || d->in[jump_end].op != RTAB_OP_JUMP ||
			    d->in[jump_end].arg < 0 || jump_end + 1 + (size_t)d->in[jump_end].arg > to) {
				d->bad = true;
				break;
			}
			size_t end = jump_end + 1 + (size_t)d->in[jump_end].arg;
			term c = pop(d);
			decompile(d, i + 1, jump_end);
			decompile(d, jump_end + 1, end);
			term b = pop(d), a = pop(d);
			/* An 'if' in the condition or the 'then' branch keeps its parentheses. */
			sb_puts(&sb, "if ");
			put_operand(&sb, &c, P_OR);
			sb_puts(&sb, " then ");
			put_operand(&sb, &a, P_OR);
			sb_printf(&sb, " else %s", b.text);
			push(d, sb.data, P_IF, a.type, a.enum_index);
			free(a.text);
			free(b.text);
			free(c.text);
			i = end - 1;
			break;
		}
		case RTAB_OP_JUMP:
			d->bad = true;
			break;
		default:
			binary(d, in->op);
			break;
		}
	}
}

void export_expr_text(strbuf *sb, const model *m, const rtab_expr *e)
{
	decomp d = {m, &m->rs, e->instrs, {{0}}, 0, false, 0};
	if (e->ninstrs == 0) {
		sb_puts(sb, "true");
		return;
	}
	decompile(&d, 0, e->ninstrs);
	if (d.bad || d.sp != 1)
		sb_puts(sb, "?");
	else
		sb_puts(sb, d.stack[0].text);
	for (size_t i = 0; i < d.sp; i++)
		free(d.stack[i].text);
}
