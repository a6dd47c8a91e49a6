/* SPDX-License-Identifier: MIT */
/* The one walk of the lowering every target language prints (print_walk.h):
 * what each definition's function does, in the order the runtime does it;
 * how each line is written is the language's table of spellings. */
#include "targets/print_walk.h"
#include "targets/lang_string.h"
#include "lower/lower.h"
#include "lower/lower_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the printed code already holds where it is being written: an input read
 * into a register, or a note made on one (see put_code). A fact made in a block
 * holds while that block is open: it was made at `depth` in the block numbered
 * `block` (each block opened gets a new number, a function's too). */
typedef enum fact_kind { FACT_INPUT, FACT_NOTE_IF, FACT_NOTE_OF, FACT_VALUE } fact_kind;

typedef struct fact {
	uint8_t kind; /* fact_kind */
	int32_t input, imm, reason; /* FACT_VALUE: the op, its constant, its operand b (as printed) */
	uint32_t a;   /* FACT_VALUE: its operand a (as printed) */
	uint32_t reg; /* FACT_INPUT, FACT_VALUE: the register that holds it */
	int depth;
	unsigned block;
} fact;

#define WALK_MAX_DEPTH 256

typedef struct walk {
	strbuf *b;
	const ir_module *m;
	const lang_spelling *L;
	int depth;
	bool fresh; /* a block was opened and holds no line yet */
	unsigned block[WALK_MAX_DEPTH]; /* the number of the block open at each depth */
	unsigned nblocks;
	fact *facts;
	size_t nfacts, capfacts;
	/* Per register: the register printed in its place (an input read again is the
	 * first read's), and the input it holds (-1: not an input). */
	uint32_t *alias;
	int32_t *input_of;
	size_t nregs;
	/* The tests of the code last written that are fused into what reads them (see
	 * put_code): per register, the condition's text; and whether the code's value
	 * is read as a test (put_tested). */
	uint32_t *cond_reg;
	char **cond_text;
	size_t nconds, capconds;
	bool value_tested;
	bool room; /* the table printed applies no more modifiers than a result lists */
} walk;

#define I(...) ((const long long[]){__VA_ARGS__})
#define S(...) ((const char *const[]){__VA_ARGS__})

static void put_literal(strbuf *b, const lang_spelling *L, const char *s)
{
	if (!s)
		sb_puts(b, L->null);
	else
		lang_put_string(b, s, L->lua_strings);
}

/* The template tpl expanded into b, without its marks (one line's text). */
static void expand(strbuf *b, const lang_spelling *L, const char *tpl, size_t len, const long long *n,
		   const char *const *s)
{
	for (size_t i = 0; i < len; i++) {
		char c = tpl[i];
		if ((c == '$' || c == '@' || c == '~') && i + 1 < len && tpl[i + 1] >= '1' && tpl[i + 1] <= '9') {
			int k = tpl[++i] - '1';
			if (c == '$')
				sb_printf(b, "%lld", n[k]);
			else if (c == '@')
				put_literal(b, L, s[k]);
			else
				sb_puts(b, s[k]);
			continue;
		}
		sb_putc(b, c);
	}
}

/* A template expanded into b as one piece of text (no marks, no lines). */
static void fmt(strbuf *b, const lang_spelling *L, const char *tpl, const long long *n, const char *const *s)
{
	expand(b, L, tpl, strlen(tpl), n, s);
}

static void pad(walk *w)
{
	for (int i = 0; i < w->depth; i++)
		sb_puts(w->b, w->L->indent);
}

static void fill_empty_block(walk *w)
{
	if (w->fresh && w->L->empty_block) {
		pad(w);
		sb_puts(w->b, w->L->empty_block);
		sb_putc(w->b, '\n');
	}
	w->fresh = false;
}

/* -- what the printed code holds --------------------------------------- */

static bool fact_holds(const walk *w, const fact *f)
{
	return f->depth <= w->depth && f->depth >= 0 && f->depth < WALK_MAX_DEPTH && w->block[f->depth] == f->block;
}

/* The facts of the blocks just closed can hold no more. */
static void forget_closed(walk *w)
{
	size_t n = 0;
	for (size_t i = 0; i < w->nfacts; i++)
		if (fact_holds(w, &w->facts[i]))
			w->facts[n++] = w->facts[i];
	w->nfacts = n;
}

static const fact *find_fact(const walk *w, fact_kind kind, int32_t input, int32_t imm, int32_t reason, uint32_t a)
{
	for (size_t i = w->nfacts; i-- > 0;) {
		const fact *f = &w->facts[i];
		if (f->kind == kind && f->input == input && f->imm == imm && f->reason == reason && f->a == a &&
		    fact_holds(w, f))
			return f;
	}
	return NULL;
}

static void add_fact(walk *w, fact_kind kind, int32_t input, int32_t imm, int32_t reason, uint32_t a, uint32_t reg)
{
	if (w->depth < 0 || w->depth >= WALK_MAX_DEPTH)
		return;
	if (w->nfacts == w->capfacts) {
		w->capfacts = w->capfacts ? 2 * w->capfacts : 32;
		w->facts = xrealloc(w->facts, w->capfacts * sizeof *w->facts);
	}
	w->facts[w->nfacts++] = (fact){.kind = (uint8_t)kind, .input = input, .imm = imm, .reason = reason, .a = a,
				       .reg = reg, .depth = w->depth, .block = w->block[w->depth]};
}

static void ensure_reg(walk *w, uint32_t r)
{
	if (r < w->nregs)
		return;
	size_t n = w->nregs ? w->nregs : 64;
	while (n <= r)
		n *= 2;
	w->alias = xrealloc(w->alias, n * sizeof *w->alias);
	w->input_of = xrealloc(w->input_of, n * sizeof *w->input_of);
	for (size_t i = w->nregs; i < n; i++) {
		w->alias[i] = (uint32_t)i;
		w->input_of[i] = -1;
	}
	w->nregs = n;
}

/* Register r as printed: the register whose value it is. */
static uint32_t reg(const walk *w, uint32_t r)
{
	return r < w->nregs ? w->alias[r] : r;
}

/* Register r is defined here: printed as itself (or, alias != r, as the register alias).
 * What the printed code held in r before is no longer there. */
static void define_reg(walk *w, uint32_t r, uint32_t alias, int32_t input)
{
	size_t n = 0;
	for (size_t i = 0; i < w->nfacts; i++) {
		const fact *f = &w->facts[i];
		bool reads_r = f->kind == FACT_VALUE ? f->a == r || (uint32_t)f->reason == r || f->reg == r
						     : f->kind == FACT_INPUT && f->reg == r;
		if (!reads_r)
			w->facts[n++] = *f;
	}
	w->nfacts = n;
	ensure_reg(w, r);
	w->alias[r] = alias;
	w->input_of[r] = input;
}

static int32_t input_of(const walk *w, uint32_t r)
{
	return r < w->nregs ? w->input_of[r] : -1;
}

/* The lines of a template, each at its depth (see print_walk.h for the marks). */
static void say(walk *w, const char *tpl, const long long *n, const char *const *s)
{
	const char *p = tpl ? tpl : "";
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char mark = len ? *p : 0;
		bool opens = mark == '>', closes = mark == '<', middle = mark == '|';
		const char *text = opens || closes || middle ? p + 1 : p;
		size_t tlen = opens || closes || middle ? len - 1 : len;
		if (closes || middle) {
			fill_empty_block(w);
			w->depth--;
			forget_closed(w);
		}
		if (tlen > 0) {
			pad(w);
			expand(w->b, w->L, text, tlen, n, s);
			sb_putc(w->b, '\n');
			w->fresh = false;
		} else if (!mark) {
			sb_putc(w->b, '\n'); /* a blank line */
		}
		if (opens || middle) {
			w->depth++;
			w->fresh = true;
			if (w->depth >= 0 && w->depth < WALK_MAX_DEPTH)
				w->block[w->depth] = ++w->nblocks;
		}
		p += len;
		if (*p == '\n')
			p++;
	}
}

/* say with a text built first: the template "~1". */
static void say_text(walk *w, const strbuf *text)
{
	say(w, "~1", NULL, S(text->data ? text->data : ""));
}

static const char *ctx_arg(const walk *w, const ir_code *c)
{
	return c->notes == IR_NOTES_NONE ? w->L->ctx_none : "ctx";
}

/* Register r as an operand: the constant it holds when the code set it to one
 * (so the languages that interpret read no register for it), else its name. */
static void operand(char *buf, size_t size, const walk *w, const ir_code *c, uint32_t r)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->in[i].op == IR_CONST && c->in[i].dst == r) {
			snprintf(buf, size, c->in[i].imm < 0 ? "(%d)" : "%d", c->in[i].imm);
			return;
		}
	snprintf(buf, size, "r%u", reg(w, r));
}

/* Whether c sets register r to a constant (the constant, or the negation of one), and which. */
static bool constant_of(const ir_code *c, uint32_t r, int32_t *v)
{
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		if (in->dst != r || (in->op != IR_CONST && in->op != IR_NEG))
			continue;
		if (in->op == IR_CONST) {
			*v = in->imm;
			return true;
		}
		int32_t a;
		if (!constant_of(c, in->a, &a) || a == INT32_MIN)
			return false;
		*v = -a;
		return true;
	}
	return false;
}

/* Whether c reads register r by its name (not as an operand, which may be written as the
 * constant it holds): its value, a note's, a test's, a branch's, a matrix's key. */
static bool named(const ir_code *c, uint32_t r)
{
	if (c->value == r)
		return true;
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		switch ((ir_op)in->op) {
		case IR_NOTE_IF:
		case IR_NOTE_OF:
		case IR_IF:
		case IR_ELSE:
		case IR_END:
			if (in->a == r)
				return true;
			break;
		case IR_MATRIX:
			for (uint32_t k = 0; k < in->nkeys; k++)
				if (in->keys[k] == r)
					return true;
			break;
		case IR_CONST: /* the others read their operands as operands */
		case IR_INPUT:
		case IR_NEG:
		case IR_ABS:
		case IR_NOT:
		case IR_ADD:
		case IR_SUB:
		case IR_MUL:
		case IR_EQ:
		case IR_NE:
		case IR_LT:
		case IR_LE:
		case IR_GT:
		case IR_GE:
		case IR_AND:
		case IR_OR:
		case IR_DIV_DOWN:
		case IR_DIV_UP:
		case IR_MIN:
		case IR_MAX:
		case IR_SCALE:
		case IR_MUL_EXACT:
		case IR_DIV_EXACT:
		case IR_BAND:
		case IR_ROLL:
		case IR_OP_COUNT_:
			break;
		}
	}
	return false;
}

/* -- tests fused into what reads them ---------------------------------- */

static bool is_test_op(ir_op op)
{
	switch (op) {
	case IR_EQ:
	case IR_NE:
	case IR_LT:
	case IR_LE:
	case IR_GT:
	case IR_GE:
	case IR_AND:
	case IR_OR:
	case IR_NOT:
		return true;
	case IR_CONST:
	case IR_INPUT:
	case IR_NOTE_IF:
	case IR_NOTE_OF:
	case IR_NEG:
	case IR_ABS:
	case IR_ADD:
	case IR_SUB:
	case IR_MUL:
	case IR_DIV_DOWN:
	case IR_DIV_UP:
	case IR_MIN:
	case IR_MAX:
	case IR_SCALE:
	case IR_MUL_EXACT:
	case IR_DIV_EXACT:
	case IR_MATRIX:
	case IR_BAND:
	case IR_ROLL:
	case IR_IF:
	case IR_ELSE:
	case IR_END:
	case IR_OP_COUNT_:
		break;
	}
	return false;
}

/* How many times c reads register r, and how many of those read it as a test
 * (an operand of and, or, not; the code's value where what uses the code tests
 * it, value_tested). */
static void reads_of(const ir_code *c, uint32_t r, bool value_tested, size_t *all, size_t *tested)
{
	*all = *tested = 0;
	if (c->value == r) {
		++*all;
		*tested += value_tested;
	}
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		size_t a = 0, b = 0;
		switch ((ir_op)in->op) {
		case IR_NOT:
		case IR_AND:
		case IR_OR:
			a = in->a == r;
			b = in->op != IR_NOT && in->b == r;
			*tested += a + b;
			break;
		case IR_NOTE_IF:
		case IR_NOTE_OF:
		case IR_IF:
		case IR_ELSE:
		case IR_END:
		case IR_NEG:
		case IR_ABS:
		case IR_SCALE:
			a = in->a == r;
			break;
		case IR_ADD:
		case IR_SUB:
		case IR_MUL:
		case IR_EQ:
		case IR_NE:
		case IR_LT:
		case IR_LE:
		case IR_GT:
		case IR_GE:
		case IR_DIV_DOWN:
		case IR_DIV_UP:
		case IR_MIN:
		case IR_MAX:
		case IR_MUL_EXACT:
		case IR_DIV_EXACT:
		case IR_BAND:
			a = in->a == r;
			b = in->b == r;
			break;
		case IR_MATRIX:
			for (uint32_t k = 0; k < in->nkeys; k++)
				a += in->keys[k] == r;
			break;
		case IR_CONST:
		case IR_INPUT:
		case IR_ROLL:
		case IR_OP_COUNT_:
			break;
		}
		*all += a + b;
	}
}

/* The fused test register r holds, or NULL. */
static const char *fused(const walk *w, uint32_t r)
{
	for (size_t i = 0; i < w->nconds; i++)
		if (w->cond_reg[i] == r)
			return w->cond_text[i];
	return NULL;
}

static void forget_fused(walk *w)
{
	for (size_t i = 0; i < w->nconds; i++)
		free(w->cond_text[i]);
	w->nconds = 0;
}

static void add_fused(walk *w, uint32_t r, char *text)
{
	if (w->nconds == w->capconds) {
		w->capconds = w->capconds ? 2 * w->capconds : 16;
		w->cond_reg = xrealloc(w->cond_reg, w->capconds * sizeof *w->cond_reg);
		w->cond_text = xrealloc(w->cond_text, w->capconds * sizeof *w->cond_text);
	}
	w->cond_reg[w->nconds] = r;
	w->cond_text[w->nconds++] = text;
}

/* Register r read as a test, in parentheses: its fused condition, or that it is not 0. */
static void put_held(strbuf *b, const walk *w, const ir_code *c, uint32_t r)
{
	const char *f = fused(w, r);
	sb_putc(b, '(');
	if (f) {
		sb_puts(b, f);
	} else {
		char v[24];
		operand(v, sizeof v, w, c, r);
		fmt(b, w->L, w->L->cond_reg, NULL, S(v));
	}
	sb_putc(b, ')');
}

const char *const walk_cond_c_family[IR_OP_COUNT_] = {
	[IR_EQ] = "~3 ~7 ~4",
	[IR_NE] = "~3 ~8 ~4",
	[IR_LT] = "~3 < ~4",
	[IR_LE] = "~3 <= ~4",
	[IR_GT] = "~3 > ~4",
	[IR_GE] = "~3 >= ~4",
	[IR_AND] = "~5 && ~6",
	[IR_OR] = "~5 || ~6",
	[IR_NOT] = "!~5",
};

/* How L spells a fused test of op (NULL: op is not fused): its table (cond_of) or its own. */
static const char *cond_of(const lang_spelling *L, ir_op op)
{
	return L->cond_of ? L->cond_of[op] : L->cond[op];
}

/* The condition a test instruction computes, as the language's truth. */
static void test_text(strbuf *b, const walk *w, const ir_code *c, const ir_instr *in)
{
	char a[24], v[24];
	operand(a, sizeof a, w, c, in->a);
	operand(v, sizeof v, w, c, in->b);
	strbuf ha = {0}, hb = {0};
	if (in->op == IR_AND || in->op == IR_OR || in->op == IR_NOT) {
		put_held(&ha, w, c, in->a);
		if (in->op != IR_NOT)
			put_held(&hb, w, c, in->b);
	}
	const lang_spelling *L = w->L;
	fmt(b, L, cond_of(L, (ir_op)in->op), NULL,
	    S("", "", a, v, ha.data ? ha.data : "", hb.data ? hb.data : "", L->cond_eq ? L->cond_eq : "==",
	      L->cond_ne ? L->cond_ne : "!="));
	sb_free(&ha);
	sb_free(&hb);
}

/* Writes test instruction in of c where it is fused (a register read once, as a
 * test: the text kept for what reads it) or where an operand of it is (printed as
 * the value of its condition). False: neither, it is printed as any value is. A
 * test has no effect but its value, so one written where it is read (and an and
 * or an or that does not read its second operand when the first decides) gives
 * what the runtime gives. */
static bool put_fused_test(walk *w, const ir_code *c, const ir_instr *in)
{
	const lang_spelling *L = w->L;
	if (!is_test_op((ir_op)in->op) || !cond_of(L, (ir_op)in->op))
		return false;
	size_t all, tested;
	reads_of(c, in->dst, w->value_tested, &all, &tested);
	bool fuse = all == 1 && tested == 1;
	bool reads_fused = (in->op == IR_AND || in->op == IR_OR || in->op == IR_NOT) &&
			   (fused(w, in->a) || (in->op != IR_NOT && fused(w, in->b)));
	if (!fuse && !reads_fused)
		return false;
	strbuf text = {0};
	test_text(&text, w, c, in);
	define_reg(w, in->dst, in->dst, -1);
	if (fuse) {
		add_fused(w, in->dst, text.data ? text.data : xstrdup(""));
		return true;
	}
	strbuf value = {0};
	fmt(&value, L, L->cond_value, I(in->dst), S(text.data));
	say(w, L->def, I(in->dst), S(value.data));
	sb_free(&value);
	sb_free(&text);
	return true;
}

/* The instructions of c; its value is then in register reg(w, c->value). Three are
 * not printed, what they give being there already: a constant that no line reads
 * by name (the operands read it as written), an input read again where the register
 * of an earlier read holds it, and a note made again where the same note was made
 * on that read (a result shows its first reason: one noted again changes nothing). */
static void put_code(walk *w, const ir_code *c)
{
	const lang_spelling *L = w->L;
	uint32_t ifs[64];
	size_t nifs = 0;
	bool maybe = c->notes == IR_NOTES_MAYBE;
	forget_fused(w);
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		switch ((ir_op)in->op) {
		case IR_NOTE_IF:
		case IR_NOTE_OF: {
			fact_kind kind = in->op == IR_NOTE_IF ? FACT_NOTE_IF : FACT_NOTE_OF;
			int32_t input = input_of(w, in->a), imm = in->op == IR_NOTE_IF ? in->imm : 0;
			if (input >= 0 && !L->notes_again && find_fact(w, kind, input, imm, in->reason, 0))
				break;
			if (input >= 0)
				add_fact(w, kind, input, imm, in->reason, 0, 0);
			if (in->op == IR_NOTE_IF)
				say(w, maybe ? L->note_if_maybe : L->note_if, I(reg(w, in->a), in->imm, in->reason), NULL);
			else
				say(w, maybe ? L->note_of_maybe : L->note_of,
				    I(reg(w, in->a), (long long)w->m->reason_lists[in->reason].n, in->reason), NULL);
			break;
		}
		case IR_IF:
			define_reg(w, in->dst, in->dst, -1);
			if (nifs < sizeof ifs / sizeof *ifs)
				ifs[nifs] = in->dst;
			nifs++;
			say(w, L->if_begin, I(in->dst, reg(w, in->a)), NULL);
			break;
		case IR_ELSE:
			say(w, L->if_else, I(nifs ? ifs[nifs - 1] : 0, reg(w, in->a)), NULL);
			break;
		case IR_END:
			say(w, L->if_end, I(nifs ? ifs[nifs - 1] : 0, reg(w, in->a)), NULL);
			nifs--;
			break;
		case IR_CONST:
			define_reg(w, in->dst, in->dst, -1);
			if (!named(c, in->dst))
				break;
			/* fall through */
		case IR_INPUT:
		case IR_NEG:
		case IR_ABS:
		case IR_NOT:
		case IR_SCALE:
		case IR_MATRIX:
		case IR_BAND:
		case IR_ROLL:
		case IR_ADD:
		case IR_SUB:
		case IR_MUL:
		case IR_EQ:
		case IR_NE:
		case IR_LT:
		case IR_LE:
		case IR_GT:
		case IR_GE:
		case IR_AND:
		case IR_OR:
		case IR_DIV_DOWN:
		case IR_DIV_UP:
		case IR_MIN:
		case IR_MAX:
		case IR_MUL_EXACT:
		case IR_DIV_EXACT: {
			if (put_fused_test(w, c, in))
				break;
			if (in->op == IR_INPUT) {
				const fact *f = find_fact(w, FACT_INPUT, in->imm, 0, 0, 0);
				if (f) {
					define_reg(w, in->dst, f->reg, in->imm);
					break;
				}
				define_reg(w, in->dst, in->dst, in->imm);
				add_fact(w, FACT_INPUT, in->imm, 0, 0, 0, in->dst);
			} else if (in->op != IR_CONST) {
				/* A value computed again from the same operands is the one computed:
				 * an error it raises was raised the first time. */
				bool pure = in->op != IR_MATRIX && in->op != IR_ROLL && !(L->notes_again && in->op == IR_BAND);
				int32_t b = (int32_t)reg(w, in->b);
				uint32_t a = reg(w, in->a);
				const fact *f = pure ? find_fact(w, FACT_VALUE, in->op, in->imm, b, a) : NULL;
				if (f) {
					define_reg(w, in->dst, f->reg, -1);
					break;
				}
				define_reg(w, in->dst, in->dst, -1);
				if (pure)
					add_fact(w, FACT_VALUE, in->op, in->imm, b, a, in->dst);
			}
			strbuf keys = {0}, expr = {0};
			for (uint32_t k = 0; k < in->nkeys; k++)
				sb_printf(&keys, "%sr%u", k ? ", " : "", reg(w, in->keys[k]));
			long long imm = in->imm;
			if (in->op == IR_INPUT)
				imm += L->base;
			char a[24], b[24];
			operand(a, sizeof a, w, c, in->a);
			operand(b, sizeof b, w, c, in->b);
			int32_t negated;
			if (in->op == IR_NEG && constant_of(c, in->dst, &negated))
				fmt(&expr, L, L->op[IR_CONST], I(in->dst, 0, 0, negated), NULL); /* -(constant) */
			else
				fmt(&expr, L, L->op[in->op], I(in->dst, reg(w, in->a), reg(w, in->b), imm),
				    S(keys.data ? keys.data : "", ctx_arg(w, c), a, b));
			say(w, L->def, I(in->dst), S(expr.data));
			sb_free(&keys);
			sb_free(&expr);
			break;
		}
		case IR_OP_COUNT_:
			break;
		}
	}
}

/* The code of a condition whose value is then tested: its last test may be fused
 * into the one that reads it (say_if_holds, unless_cond, requirement_fails_cond). */
static void put_tested(walk *w, const ir_code *c)
{
	w->value_tested = true;
	put_code(w, c);
	w->value_tested = false;
}

/* Opens the block of what runs when the value of c (put_tested) holds. */
static void say_if_holds(walk *w, const ir_code *c)
{
	const char *f = fused(w, c->value);
	if (f)
		say(w, w->L->if_cond, NULL, S(f));
	else
		say(w, w->L->if_nonzero, I(reg(w, c->value)), NULL);
}

/* A condition's code and the test that it holds (an empty one always does): opens a block. */
static void put_holds(walk *w, const ir_code *c)
{
	if (c->empty) {
		say(w, w->L->holds_always, NULL, NULL);
		return;
	}
	put_tested(w, c);
	say_if_holds(w, c);
}

/* The variable of modifier k of a list ("m" or "s"). */
static void mod_ref(strbuf *b, const lang_spelling *L, const char *var, size_t k)
{
	fmt(b, L, L->mod_ref, I((long long)k, (long long)k + 1), S(var));
}

/* The index of a folded table over n inputs (the first varies slowest, fold_slots each). */
static void fold_index(strbuf *index, const walk *w, const uint16_t *inputs, size_t n)
{
	const lang_spelling *L = w->L;
	const rtab_ruleset *rs = w->m->rs;
	int64_t weight = 1;
	const char *term = L->fold_index_value && fold_pad(rs, inputs, n) >= 0 ? L->fold_index_value : L->fold_index_term;
	for (size_t k = 0; k < n; k++)
		weight *= fold_slots(rs, inputs[k]);
	for (size_t k = 0; k < n; k++) {
		weight /= fold_slots(rs, inputs[k]);
		sb_puts(index, k ? " + " : "");
		fmt(index, L, term,
		    I((long long)inputs[k] + L->base, rs->inputs[inputs[k]].min, (long long)weight), NULL);
	}
	if (n == 0)
		sb_puts(index, "0");
}

/* What the tables of a lean fold add to `total`: one read per table, indexed by the inputs. */
static void put_fold(walk *w, const fold_plan *fold, size_t table)
{
	for (size_t u = 0; u < fold->nunits; u++) {
		const fold_unit *fu = &fold->units[u];
		strbuf index = {0};
		fold_index(&index, w, fu->inputs, fu->ninputs);
		say(w, w->L->fold_add, I((long long)table, (long long)u), S(index.data));
		sb_free(&index);
	}
}

/* Whether each modifier of l counts as it applies, into one sum (a single group that
 * sums, uncapped, whose members note nothing when counted): then nothing is left to
 * decide after the modifiers, and each adds its value to `total` where it applies. The
 * sum is the same, and so is its check: the runtime checks the total once a group is
 * added, and there is one group. */
static bool sums_directly(const lang_spelling *L, const ir_list *l, const fold_plan *fold)
{
	if (!L->mod_applied_add || fold)
		return false;
	if (l->ngroups == 0)
		return l->nmods == 0;
	const ir_group_sum *s = &l->groups[0];
	if (l->ngroups != 1 || s->stacking != RTAB_STACK_SUM || s->capped || s->folded || s->nmembers != l->nmods)
		return false;
	for (size_t k = 0; k < l->nmods; k++)
		if (l->mods[k].reason >= 0 || l->mods[k].folded)
			return false;
	return true;
}

/* Modifier im applied where its condition holds: its value in `ref` (direct: added to
 * total where it applies, sums_directly). */
static void put_mod(walk *w, const ir_mod *im, const char *ref, bool direct)
{
	const lang_spelling *L = w->L;
	const char *id = w->m->rs->modifiers[im->modifier].id;
	say(w, direct ? L->mod_begin_direct : L->mod_begin, NULL, S(ref, id));
	if (!im->when.empty) {
		/* What the condition reads decides the result whether it holds or not: noted either way. */
		put_tested(w, &im->when);
		say_if_holds(w, &im->when);
	}
	put_code(w, &im->value);
	int32_t known;
	if (im->sign < 0 && !(constant_of(&im->value, im->value.value, &known) && known != INT32_MIN))
		say(w, L->mod_overflow, I(reg(w, im->value.value)), NULL);
	const char *applied = w->room && L->mod_applied_room ? L->mod_applied_room : L->mod_applied;
	say(w, direct ? L->mod_applied_add : applied, I(reg(w, im->value.value), im->modifier),
	    S(ref, im->sign < 0 ? "-" : "", im->shift ? L->yes : L->no, id, im->sign < 0 ? "-" : "+"));
	if (!im->when.empty)
		say(w, L->end, NULL, NULL);
	say(w, L->mod_end, NULL, S(ref, id));
}

/* The variable of member k of a list. */
static char *member_ref(const lang_spelling *L, const char *var, size_t k)
{
	strbuf ref = {0};
	mod_ref(&ref, L, var, k);
	return ref.data;
}

/* The member a side of a group keeps (ir_keep), chosen by comparisons printed here: the
 * first that applies, replaced by a later one only where its signed value is strictly
 * greater (or less), each other member no longer counted. Whether a member applies is
 * tested only where it has a condition; whether one is kept yet, only until one without
 * a condition has come. */
static void put_keep(walk *w, const ir_list *l, const ir_keep *kp, const char *var, const fold_plan *fold)
{
	const lang_spelling *L = w->L;
	const ir_group_sum *s = &l->groups[kp->group_sum];
	if (fold && s->folded)
		return;
	const char *cmp = kp->greater ? ">" : "<";
	say(w, L->keep_comment, I(kp->sign), S(w->m->rs->groups[s->group].id, kp->choice));
	char *first = member_ref(L, var, kp->members[0]);
	if (kp->nmembers == 2) {
		char *second = member_ref(L, var, kp->members[1]);
		strbuf test = {0};
		for (size_t i = 0; i < 2; i++) {
			if (kp->always[i])
				continue;
			sb_puts(&test, test.data && test.data[0] ? L->keep_and : "");
			fmt(&test, L, L->keep_applied, NULL, S(i ? second : first));
		}
		if (test.data && test.data[0])
			say(w, L->if_cond, NULL, S(test.data));
		say(w, L->keep_pair, NULL, S(first, second, cmp));
		if (test.data && test.data[0])
			say(w, L->end, NULL, NULL);
		sb_free(&test);
		free(second);
		free(first);
		return;
	}
	say(w, L->keep_begin, NULL, S(first));
	bool kept = kp->always[0]; /* one is kept from here on */
	for (size_t i = 1; i < kp->nmembers; i++) {
		char *ref = member_ref(L, var, kp->members[i]);
		strbuf test = {0};
		if (!kp->always[i]) {
			fmt(&test, L, L->keep_applied, NULL, S(ref));
			say(w, L->if_cond, NULL, S(test.data));
		}
		if (!kept)
			say(w, L->keep_take, NULL, S(ref));
		say(w, L->keep_cmp, NULL, S(ref, "", cmp));
		if (!kept)
			say(w, L->end, NULL, NULL);
		if (!kp->always[i])
			say(w, L->end, NULL, NULL);
		kept |= kp->always[i];
		sb_free(&test);
		free(ref);
	}
	say(w, L->keep_end, NULL, NULL);
	free(first);
}

/* Whether, beside a lean fold, the members of group s not folded add to `total` where they
 * apply: a group that sums without a cap (a lean form notes nothing a member's count would). */
static bool group_direct(const lang_spelling *L, const ir_group_sum *s, const fold_plan *fold)
{
	return fold && L->mod_applied_add && s->stacking == RTAB_STACK_SUM && !s->capped && !s->folded;
}

/* A list of modifiers applied, stacked and summed into `total` (from start); with a lean
 * fold (the language spells one), its members and groups marked folded read from its tables. */
static void put_list(walk *w, const ir_list *l, const char *start, const ir_table *lean)
{
	const fold_plan *fold = lean && w->L->fold_add && lean->lean_fold.nunits ? &lean->lean_fold : NULL;
	const lang_spelling *L = w->L;
	const rtab_ruleset *rs = w->m->rs;
	const char *var = l->nmods && l->mods[0].shift ? "s" : "m";
	if (sums_directly(L, l, fold)) {
		say(w, L->total_begin, NULL, S(start));
		for (size_t k = 0; k < l->nmods; k++)
			put_mod(w, &l->mods[k], "", true);
		say(w, L->total_check, NULL, NULL);
		return;
	}
	strbuf slots = {0};
	for (size_t k = 0; L->list_slot && k < l->nmods; k++) {
		sb_puts(&slots, k ? ", " : "");
		sb_puts(&slots, L->list_slot);
	}
	say(w, L->list_begin, NULL, S(slots.data ? slots.data : ""));
	sb_free(&slots);
	bool *direct = xcalloc(l->nmods + 1u, sizeof *direct), any_direct = false;
	for (size_t g = 0; g < l->ngroups; g++)
		for (size_t k = 0; group_direct(L, &l->groups[g], fold) && k < l->groups[g].nmembers; k++)
			any_direct |= direct[l->groups[g].members[k]] = !l->mods[l->groups[g].members[k]].folded;
	if (any_direct)
		say(w, L->total_begin, NULL, S(start));
	for (size_t k = 0; k < l->nmods; k++) {
		if (fold && l->mods[k].folded)
			continue;
		strbuf ref = {0};
		mod_ref(&ref, L, var, k);
		put_mod(w, &l->mods[k], direct[k] ? "" : ref.data, direct[k]);
		sb_free(&ref);
	}
	free(direct);
	/* The stacking each group's policy decides: one member per side. */
	for (size_t k = 0; k < l->nkeeps; k++)
		put_keep(w, l, &l->keeps[k], var, fold);
	if (!any_direct)
		say(w, L->total_begin, NULL, S(start));
	if (l->ngroups == 0)
		say(w, L->total_check, NULL, NULL);
	if (fold)
		put_fold(w, fold, lean->index);
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		size_t left = 0;
		for (size_t k = 0; k < s->nmembers; k++)
			left += !(fold && l->mods[s->members[k]].folded);
		if (fold && (s->folded || left == 0 || group_direct(L, s, fold)))
			continue;
		say(w, L->group_begin, NULL, S(s->group >= 0 ? rs->groups[s->group].id : "the ungrouped modifiers"));
		for (size_t k = 0; k < s->nmembers; k++) {
			const ir_mod *im = &l->mods[s->members[k]];
			if (fold && im->folded)
				continue;
			strbuf ref = {0}, note = {0};
			mod_ref(&ref, L, var, s->members[k]);
			if (im->reason >= 0)
				fmt(&note, L, L->group_note, I(im->reason), NULL);
			say(w, L->group_member, NULL, S(ref.data, note.data ? note.data : ""));
			sb_free(&ref);
			sb_free(&note);
		}
		if (s->capped)
			say(w, L->group_cap, I(s->cap_min, s->cap_max), NULL);
		say(w, L->group_add, NULL, NULL);
		say(w, L->group_end, NULL, NULL);
	}
}

/* -- constant data ---------------------------------------------------- */

static void arr_sep(strbuf *b, const lang_spelling *L, size_t i)
{
	sb_puts(b, i ? ", " : L->arr_first);
}

static void put_ints(strbuf *b, const lang_spelling *L, const int32_t *v, size_t n)
{
	sb_puts(b, L->arr_open);
	for (size_t i = 0; i < n; i++) {
		arr_sep(b, L, i);
		sb_printf(b, "%d", v[i]);
	}
	sb_puts(b, L->arr_close);
}

static void put_reason(strbuf *b, const lang_spelling *L, int32_t reason)
{
	if (reason < 0)
		sb_puts(b, L->nil);
	else
		fmt(b, L, L->reason, I(reason), NULL);
}

static void put_reasons(strbuf *b, const lang_spelling *L, const int32_t *v, size_t n)
{
	sb_puts(b, L->arr_open);
	for (size_t i = 0; i < n; i++) {
		arr_sep(b, L, i);
		put_reason(b, L, v[i]);
	}
	sb_puts(b, L->arr_close);
}

/* An item of a table's constants, named (with its type, where the language declares one). */
static void item_begin(walk *w, const char *prefix, size_t k, const char *name)
{
	fmt(w->b, w->L, w->L->data_item, I((long long)k), S(name, prefix, w->L->data_type ? w->L->data_type(name) : ""));
}

static void item_end(walk *w)
{
	sb_puts(w->b, w->L->data_item_end);
}

/* A reference to a constant of the definition's data. */
static char *data_ref(const walk *w, size_t k, const char *name)
{
	strbuf b = {0};
	fmt(&b, w->L, w->L->data_ref, I((long long)k), S(name));
	return b.data;
}

static bool any_column_of_kind(const rtab_table *t, rtab_column_kind kind)
{
	for (size_t c = 0; c < t->ncolumns; c++)
		if (t->columns[c].kind == kind)
			return true;
	return false;
}

static size_t roll_span(const rtab_table *t)
{
	return t->roll_max >= t->roll_min ? (size_t)((int64_t)t->roll_max - t->roll_min + 1) : 0;
}

/* Whether a read of t's cells (a roll below, each roll, above, per column) always finds a row:
 * every column rolls and has a row at every roll, so that no cell holds a mark to test. */
static bool cells_unmarked(const rtab_table *t)
{
	size_t span = roll_span(t);
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		if (!rtab_column_rolls(col))
			return false;
		for (size_t j = 0; j < span + 2; j++) {
			int row = j == 0 ? col->below_row : j == span + 1 ? col->above_row : rtab_column_row(col, j - 1);
			if (row < 0 || (size_t)row >= t->nrows)
				return false;
		}
	}
	return true;
}

/* Whether every value the column input of t may hold (in a valid situation) has a column. */
static bool every_value_has_column(const rtab_ruleset *rs, const rtab_table *t)
{
	if (t->column_input < 0 || !t->column_of_value)
		return false;
	const rtab_input *x = &rs->inputs[t->column_input];
	if (x->min < 0)
		return false;
	for (int64_t v = x->min; v <= x->max; v++)
		if (t->column_of_value[v] >= t->ncolumns)
			return false;
	return true;
}

/* The constant data of a table: its columns, the row of each roll, its rows, what its natural
 * rules give and the runs of its columns (a key's column and a natural rule are tests). */
static void put_table_data(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	strbuf *b = w->b;
	size_t k = it->index, span = roll_span(t);
	if (!L->data_item)
		return; /* the language reads the ruleset's own data */
	fmt(b, L, L->data_begin, I((long long)k), S("", "T"));
	item_begin(w, "T", k, "COLUMN");
	sb_puts(b, L->arr_open);
	for (size_t c = 0; c < t->ncolumns; c++) {
		arr_sep(b, L, c);
		put_literal(b, L, t->columns[c].id);
	}
	sb_puts(b, L->arr_close);
	item_end(w);
	/* The row of each modified roll, column after column: -1 none, -2 a column without rows. */
	item_begin(w, "T", k, "ROW");
	sb_puts(b, L->arr_open);
	size_t at = 0;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		for (size_t i = 0; i < span; i++) {
			int row = col->kind != RTAB_COLUMN_ROLLED ? -1 : rtab_column_rolls(col) ? rtab_column_row(col, i) : -2;
			sb_puts(b, at++ ? "," : L->arr_first);
			sb_printf(b, "%d", row);
		}
	}
	sb_puts(b, L->arr_close);
	item_end(w);
	int32_t *v = xcalloc(t->ncolumns + t->nrows + 1, sizeof *v);
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = rtab_column_rolls(&t->columns[c]) ? t->columns[c].below_row : -2;
	item_begin(w, "T", k, "BELOW");
	put_ints(b, L, v, t->ncolumns);
	item_end(w);
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = rtab_column_rolls(&t->columns[c]) ? t->columns[c].above_row : -2;
	item_begin(w, "T", k, "ABOVE");
	put_ints(b, L, v, t->ncolumns);
	item_end(w);
	for (size_t r = 0; r < t->nrows; r++)
		v[r] = (int32_t)rtab_row_outcome(t, r);
	item_begin(w, "T", k, "OUTCOME");
	put_ints(b, L, v, t->nrows);
	item_end(w);
	item_begin(w, "T", k, "RULE");
	sb_puts(b, L->arr_open);
	for (size_t r = 0; r < t->nrows; r++) {
		arr_sep(b, L, r);
		put_literal(b, L, rtab_row_rule(t, r));
	}
	sb_puts(b, L->arr_close);
	item_end(w);
	item_begin(w, "T", k, "REASON");
	put_reasons(b, L, it->row_reason, t->nrows);
	item_end(w);
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = t->columns[c].kind;
	item_begin(w, "T", k, "KIND");
	put_ints(b, L, v, t->ncolumns);
	item_end(w);
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = t->columns[c].automatic;
	item_begin(w, "T", k, "AUTOMATIC");
	put_ints(b, L, v, t->ncolumns);
	item_end(w);
	free(v);
	item_begin(w, "T", k, "WHY");
	put_reasons(b, L, it->column_reason, t->ncolumns);
	item_end(w);
	int32_t *outs = xcalloc(t->nnatural + 1, sizeof *outs);
	for (size_t n = 0; n < t->nnatural; n++)
		outs[n] = (int32_t)t->natural[n].outcome;
	item_begin(w, "T", k, "NATURAL_OUTCOME");
	put_ints(b, L, outs, t->nnatural);
	item_end(w);
	free(outs);
	item_begin(w, "T", k, "NATURAL_WHY");
	put_reasons(b, L, it->natural_reason, t->nnatural);
	item_end(w);
	item_begin(w, "T", k, "NATURAL_RULE");
	sb_puts(b, L->arr_open);
	for (size_t n = 0; n < t->nnatural; n++) {
		arr_sep(b, L, n);
		put_literal(b, L, t->natural[n].rule);
	}
	sb_puts(b, L->arr_close);
	item_end(w);
	/* The run of columns each value of the column input (or each line) reads. */
	size_t nvalues = t->nlines;
	if (t->column_input >= 0)
		nvalues = (size_t)w->m->rs->inputs[t->column_input].max + 1;
	if (t->column_of_value) {
		int32_t *x = xcalloc(nvalues + 1, sizeof *x);
		for (size_t i = 0; i < nvalues; i++)
			x[i] = (int32_t)t->column_of_value[i];
		item_begin(w, "T", k, "FIRST");
		put_ints(b, L, x, nvalues);
		item_end(w);
		free(x);
	}
	if (t->column_end_of_value) {
		int32_t *x = xcalloc(nvalues + 1, sizeof *x);
		for (size_t i = 0; i < nvalues; i++)
			x[i] = (int32_t)t->column_end_of_value[i];
		item_begin(w, "T", k, "END");
		put_ints(b, L, x, nvalues);
		item_end(w);
		free(x);
	}
	if (t->column_of_key) {
		int32_t *x = xcalloc(t->ncolumn_of_key + 1u, sizeof *x);
		for (size_t i = 0; i < t->ncolumn_of_key; i++)
			x[i] = (int32_t)t->column_of_key[i];
		item_begin(w, "T", k, "KEYCOL");
		put_ints(b, L, x, t->ncolumn_of_key);
		item_end(w);
		free(x);
	}
	fmt(b, L, L->data_end, NULL, NULL);
}

/* -- results tables --------------------------------------------------- */

/* The dice's faces checked and summed into `natural` (and each declared roll's sum). */
static void put_faces(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	const rtab_dice *d = &w->m->rs->dice[t->dice];
	say(w, L->faces_count, I(d->nfaces), NULL);
	size_t f = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t k = 0; k < d->groups[g].count; k++, f++)
			say(w, L->face_check, I((long long)f + L->base, d->groups[g].face_min, d->groups[g].face_max), NULL);
	strbuf sum = {0};
	if (t->nrolls == 0) {
		for (size_t i = 0; i < f; i++) {
			sb_puts(&sum, i ? " + " : "");
			fmt(&sum, L, L->face_ref, I((long long)i + L->base), NULL);
		}
		say(w, L->natural, NULL, S(f ? sum.data : "0"));
		sb_free(&sum);
		return;
	}
	size_t at = 0;
	for (size_t r = 0; r < t->nrolls; r++) {
		strbuf roll = {0};
		fmt(&roll, L, L->roll_ref, I((long long)r, (long long)r + 1), NULL);
		sb_clear(&sum);
		for (size_t i = 0; i < t->rolls[r].nfaces; i++) {
			sb_puts(&sum, i ? " + " : "");
			fmt(&sum, L, L->face_ref, I((long long)(at + i) + L->base), NULL);
		}
		say(w, L->roll_set, NULL, S(roll.data, t->rolls[r].nfaces ? sum.data : "0"));
		at += t->rolls[r].nfaces;
		sb_free(&roll);
	}
	sb_clear(&sum);
	for (size_t r = 0; r < t->nrolls; r++) {
		sb_printf(&sum, "%s%s", r ? " " : "", t->rolls[r].sign < 0 ? "- " : r ? "+ " : "");
		fmt(&sum, L, L->roll_ref, I((long long)r, (long long)r + 1), NULL);
	}
	say(w, L->natural, NULL, S(sum.data));
	sb_free(&sum);
}

/* first and end of the run a value v chooses (the column input's, or the line's). */
static void put_run_of(walk *w, const ir_table *it, const char *v)
{
	char *first = data_ref(w, it->index, "FIRST"), *end = data_ref(w, it->index, "END");
	say(w, w->L->run_of, I(it->t->ncolumns), S(v, first, end));
	free(first);
	free(end);
}

/* The line a condition chooses (its code), checked, and the run it reads. */
static void put_line_run(walk *w, const ir_table *it, const ir_code *line)
{
	say(w, w->L->block_open, NULL, NULL);
	put_code(w, line);
	say(w, w->L->line_check, I(reg(w, line->value), it->t->nlines), NULL);
	put_run_of(w, it, "line");
	say(w, w->L->block_close, NULL, NULL);
}

/* Whether the steps of t's columns are what the support's reading of a computed key
 * checks before it reads (each term within RTAB_MAX_STEP_TERM, each step above the one
 * before): then the column is decided by those steps alone. */
static bool steps_ordered(const rtab_table *t, bool odds)
{
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		if (odds && (col->step_num < 0 || col->step_num > RTAB_MAX_STEP_TERM || col->step_den <= 0 ||
			     col->step_den > RTAB_MAX_STEP_TERM))
			return false;
		if (c == 0)
			continue;
		const rtab_column *prev = &t->columns[c - 1];
		if (odds ? (int64_t)prev->step_num * col->step_den >= (int64_t)col->step_num * prev->step_den
			 : prev->step_num >= col->step_num)
			return false;
	}
	return true;
}

/* One rounding's chain: the first column whose step the key is below (cmp "<") or at
 * most (cmp "<="), from column `from`, gives that column less `back`; else the last. */
static void put_key_tests(walk *w, const rtab_table *t, bool odds, const char *cmp, size_t from, size_t back)
{
	const lang_spelling *L = w->L;
	size_t n = t->ncolumns;
	if (from >= n) {
		say(w, L->key_chain_set, I((long long)n - 1), NULL);
		return;
	}
	if (L->key_count) {
		/* The steps rise: the first test that holds is at from + the number that fail. */
		strbuf sum = {0};
		for (size_t c = from; c < n; c++) {
			strbuf test = {0};
			if (odds)
				fmt(&test, L, L->key_step_cmp, I(t->columns[c].step_num, t->columns[c].step_den), S(cmp));
			else
				fmt(&test, L, L->key_value_cmp, I(t->columns[c].step_num), S(cmp));
			sb_puts(&sum, c > from ? " +\n\t" : "");
			fmt(&sum, L, L->key_count_term, NULL, S(test.data));
			sb_free(&test);
		}
		say(w, L->key_count, I((long long)from - (long long)back, (long long)n - 1), S(sum.data));
		sb_free(&sum);
		return;
	}
	for (size_t c = from; c < n; c++) {
		strbuf test = {0};
		if (odds)
			fmt(&test, L, L->key_step_cmp, I(t->columns[c].step_num, t->columns[c].step_den), S(cmp));
		else
			fmt(&test, L, L->key_value_cmp, I(t->columns[c].step_num), S(cmp));
		say(w, c == from ? L->key_chain_if : L->key_chain_elif, NULL, S(test.data));
		say(w, L->key_chain_set, I((long long)(c - back)), NULL);
		sb_free(&test);
	}
	say(w, L->key_chain_else, NULL, NULL);
	say(w, L->key_chain_set, I((long long)n - 1), NULL);
	say(w, L->end, NULL, NULL);
}

/* The column a computed key reads over all of t's columns, as the support's reading
 * (read_key) gives it, written as tests of the key against each step: where one
 * rounding of down, up, evens or 'more than' decides (no ranges of roundings) and the
 * steps are in order. False: not so (the support reads it). */
static bool put_key_chain(walk *w, const ir_table *it, bool odds)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	if (!L->key_chain_if || t->nround_ranges > 0 || t->ncolumns == 0 || !steps_ordered(t, odds))
		return false;
	switch ((rtab_rounding)t->rounding) {
	case RTAB_ROUND_DOWN: /* the last step at or below the key (the first if none) */
		put_key_tests(w, t, odds, "<", 1, 1);
		return true;
	case RTAB_ROUND_DOWN_STRICT: /* the last step below it (the first if none) */
		put_key_tests(w, t, odds, "<=", 1, 1);
		return true;
	case RTAB_ROUND_UP: /* the first step at or above it (the last if none) */
		put_key_tests(w, t, odds, "<=", 0, 0);
		return true;
	case RTAB_ROUND_EVENS: { /* down at or above 1:1 (a value: 0), else up */
		strbuf evens = {0};
		fmt(&evens, L, L->key_evens, NULL, S(odds ? "b" : "0"));
		say(w, L->if_cond, NULL, S(evens.data));
		sb_free(&evens);
		put_key_tests(w, t, odds, "<", 1, 1);
		say(w, L->key_chain_else, NULL, NULL);
		put_key_tests(w, t, odds, "<=", 0, 0);
		say(w, L->end, NULL, NULL);
		return true;
	}
	case RTAB_ROUND_NEAREST:
	case RTAB_ROUND_LINEAR:
	case RTAB_ROUND_LINEAR_UP:
		break;
	}
	return false;
}

/* The name a printed refusal gives an RTAB_E_ status a chain may answer. */
static const char *status_name(int32_t status)
{
	return status == RTAB_E_INPUT ? "E_INPUT" : "E_RULESET";
}

/* A chain's answer: set (its template, $1) to it, or the refusal it is. */
static void put_chain_result(walk *w, int32_t result, const char *set)
{
	if (result >= 0)
		say(w, set, I(result), NULL);
	else
		say(w, w->L->fail, NULL, S(status_name(result)));
}

/* A chain's test of a (and b) against its constant, as the language compares them. */
static void chain_test_text(strbuf *text, const lang_spelling *L, bool odds, const ratio_test *x)
{
	const char *cmp = x->at_most ? "<=" : "<";
	if (!odds) {
		fmt(text, L, L->key_value_cmp, I(x->num), S(cmp));
		return;
	}
	const char *tpl = ratio_test_wide(x) && L->key_step_cmp_wide ? L->key_step_cmp_wide : L->key_step_cmp;
	fmt(text, L, tpl, I(x->num, x->den), S(cmp));
}

/* A chain decided at compile time (lower/ratio_chain.h): the first test that holds
 * gives its answer, else the last. */
static void put_chain(walk *w, const ratio_chain *c, const char *set)
{
	const lang_spelling *L = w->L;
	if (c->ntests == 0) {
		put_chain_result(w, c->last, set);
		return;
	}
	for (size_t i = 0; i < c->ntests; i++) {
		strbuf test = {0};
		chain_test_text(&test, L, c->odds, &c->tests[i]);
		say(w, i ? L->key_chain_elif : L->key_chain_if, NULL, S(test.data));
		sb_free(&test);
		put_chain_result(w, c->tests[i].result, set);
	}
	say(w, L->key_chain_else, NULL, NULL);
	put_chain_result(w, c->last, set);
	say(w, L->end, NULL, NULL);
}

/* A computed key's column by the chain of its run (ir_table.key_runs). */
static void put_key_runs(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	if (it->nkey_runs == 1 && it->key_runs[0].first == 0 && it->key_runs[0].end == it->t->ncolumns) {
		put_chain(w, &it->key_runs[0].chain, L->key_chain_set);
		return;
	}
	for (size_t k = 0; k < it->nkey_runs; k++) {
		strbuf test = {0};
		fmt(&test, L, L->key_run_is, I(it->key_runs[k].first, it->key_runs[k].end), NULL);
		say(w, k ? L->key_chain_elif : L->key_chain_if, NULL, S(test.data));
		sb_free(&test);
		put_chain(w, &it->key_runs[k].chain, L->key_chain_set);
	}
	if (it->nkey_runs)
		say(w, L->key_chain_else, NULL, NULL);
	say(w, L->fail, NULL, S("E_RULESET")); /* the run was checked where it was read */
	if (it->nkey_runs)
		say(w, L->end, NULL, NULL);
}

/* The column the key chooses, into col; first and end of its run. */
static void put_key(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	bool runs = t->column_end_of_value != NULL;
	long long input = t->column_input + L->base;
	if (t->column_input >= 0) {
		if (it->column_input_default_reason >= 0)
			say(w, L->column_default_note,
			    I(input, w->m->rs->inputs[t->column_input].default_value, it->column_input_default_reason), NULL);
		if (it->column_input_reasons >= 0)
			say(w, L->column_reasons_note, I(it->column_input_reasons, input), NULL);
	}
	say(w, L->key_begin, I(t->ncolumns), NULL);
	if (ir_key_enum(it) && t->column_input >= 0 && runs) {
		/* Two enums: the run of the first's value, the second's column in it. */
		strbuf v = {0};
		fmt(&v, L, L->input_ref, I(input), NULL);
		put_run_of(w, it, v.data);
		say(w, L->key_decl, NULL, NULL);
		say(w, L->block_open, NULL, NULL);
		put_code(w, &it->key_a);
		say(w, L->key_value, I(it->key_a.value), NULL);
		say(w, L->block_close, NULL, NULL);
		char *keycol = data_ref(w, it->index, "KEYCOL");
		size_t nruns = rtab_table_nruns(w->m->rs, it->index);
		say(w, L->key_enum_col, I((long long)(nruns ? t->ncolumn_of_key / nruns : 0)), S(keycol, v.data));
		free(keycol);
		sb_free(&v);
		return;
	}
	bool odds;
	if (!ir_key_computed(it, &odds)) {
		if (t->column_input < 0) {
			if (t->ncolumns != 1)
				say(w, L->fail, NULL, S("E_RULESET"));
		} else {
			char *first = data_ref(w, it->index, "FIRST");
			bool total = L->key_input_col_total && every_value_has_column(w->m->rs, t);
			say(w, total ? L->key_input_col_total : L->key_input_col, I(input, t->ncolumns), S(first));
			free(first);
		}
		/* The run, as the runtime reads it after the shift. */
		if (t->nlines > 0 && runs)
			put_line_run(w, it, &it->line_key_quiet);
		return;
	}
	say(w, L->key_decl, NULL, NULL);
	/* The line first, as the runtime reads it: what its conditions read is noted
	 * before what the key reads. */
	if (t->nlines > 0 && runs)
		put_line_run(w, it, &it->line_key);
	say(w, L->block_open, NULL, NULL);
	put_code(w, &it->key_a);
	if (odds) {
		put_code(w, &it->key_b);
		say(w, L->key_odds, I(reg(w, it->key_a.value), reg(w, it->key_b.value)), NULL);
	} else {
		say(w, L->key_value, I(reg(w, it->key_a.value)), NULL);
	}
	say(w, L->block_close, NULL, NULL);
	/* Without `exact`, a and b are the odds themselves: shown as they are. */
	bool whole = w->m->rs->scale <= 1 && L->key_odds_text_whole;
	say(w, !odds ? L->key_value_text : whole ? L->key_odds_text_whole : L->key_odds_text, NULL, NULL);
	if (t->nlines == 0 && t->column_input >= 0 && runs) {
		strbuf v = {0};
		fmt(&v, L, L->input_ref, I(input), NULL);
		put_run_of(w, it, v.data);
		sb_free(&v);
	}
	if (!L->key_read) {
		put_key_runs(w, it);
		return;
	}
	/* Over every column (no run chosen by an input or a line): the steps are known here. */
	if (!(t->nlines > 0 && runs) && !(t->column_input >= 0 && runs) && put_key_chain(w, it, odds))
		return;
	char *key = data_ref(w, it->index, "KEY");
	say(w, L->key_read, NULL, S(key));
	free(key);
}

/* A comparison (op, over x and y) or an and/or (over the conditions x and y), in L. */
static void cond_text(strbuf *b, const lang_spelling *L, ir_op op, const char *x, const char *y)
{
	const char *eq = L->cond_eq ? L->cond_eq : "==", *ne = L->cond_ne ? L->cond_ne : "!=";
	if (op == IR_AND || op == IR_OR) {
		char *px = xasprintf("(%s)", x), *py = xasprintf("(%s)", y);
		fmt(b, L, cond_of(L, op), NULL, S("", "", "", "", px, py, eq, ne));
		free(px);
		free(py);
		return;
	}
	fmt(b, L, cond_of(L, op), NULL, S("", "", x, y, "", "", eq, ne));
}

/* Joins cond to *acc with op (and, or). */
static void cond_join(strbuf *acc, const lang_spelling *L, ir_op op, const strbuf *cond)
{
	if (!acc->data) {
		sb_puts(acc, cond->data);
		return;
	}
	strbuf joined = {0};
	cond_text(&joined, L, op, acc->data, cond->data);
	sb_clear(acc);
	sb_puts(acc, joined.data);
	sb_free(&joined);
}

/* The next ordering of v in lexical order (false: v was the last). */
static bool next_ordering(int32_t *v, size_t n)
{
	size_t i = n;
	while (i > 1 && v[i - 2] >= v[i - 1])
		i--;
	if (i <= 1)
		return false;
	size_t j = n;
	while (v[j - 1] <= v[i - 2])
		j--;
	int32_t x = v[i - 2];
	v[i - 2] = v[j - 1];
	v[j - 1] = x;
	for (size_t l = i - 1, r = n - 1; l < r; l++, r--) {
		x = v[l];
		v[l] = v[r];
		v[r] = x;
	}
	return true;
}

enum { NATURAL_ORDERINGS_MAX = 24 }; /* four faces told apart; more are counted */

/* Whether the faces rolled are the faces of rule nr in some order: each ordering of its
 * faces tested (few), or how many faces show each of its values (many). */
static void natural_test(strbuf *out, const walk *w, const rtab_natural_rule *nr)
{
	const lang_spelling *L = w->L;
	size_t n = nr->nfaces;
	int32_t *v = xcalloc(n + 1, sizeof *v);
	memcpy(v, nr->faces, n * sizeof *v);
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			int32_t x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	size_t orderings = 1;
	int32_t *u = xcalloc(n + 1, sizeof *u);
	memcpy(u, v, n * sizeof *u);
	while (orderings <= NATURAL_ORDERINGS_MAX && next_ordering(u, n))
		orderings++;
	free(u);
	char face[32], value[24];
	if (orderings <= NATURAL_ORDERINGS_MAX) {
		do {
			strbuf all = {0};
			for (size_t i = 0; i < n; i++) {
				strbuf eq = {0}, ref = {0};
				fmt(&ref, L, L->face_ref, I((long long)i + L->base), NULL);
				snprintf(value, sizeof value, "%d", v[i]);
				cond_text(&eq, L, IR_EQ, ref.data, value);
				cond_join(&all, L, IR_AND, &eq);
				sb_free(&eq);
				sb_free(&ref);
			}
			cond_join(out, L, IR_OR, &all);
			sb_free(&all);
		} while (next_ordering(v, n));
		free(v);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && v[i] == v[i - 1])
			continue;
		size_t times = 0;
		for (size_t j = i; j < n && v[j] == v[i]; j++)
			times++;
		strbuf count = {0}, eq = {0};
		snprintf(value, sizeof value, "%d", v[i]);
		for (size_t f = 0; f < n; f++) {
			strbuf ref = {0}, one = {0};
			fmt(&ref, L, L->face_ref, I((long long)f + L->base), NULL);
			cond_text(&one, L, IR_EQ, ref.data, value);
			sb_puts(&count, f ? " + (" : "(");
			fmt(&count, L, L->cond_value, I(0), S(one.data));
			sb_puts(&count, ")");
			sb_free(&ref);
			sb_free(&one);
		}
		snprintf(face, sizeof face, "%zu", times);
		char *sum = xasprintf("(%s)", count.data);
		cond_text(&eq, L, IR_EQ, sum, face);
		free(sum);
		cond_join(out, L, IR_AND, &eq);
		sb_free(&count);
		sb_free(&eq);
	}
	free(v);
}

/* The natural rule the faces rolled match, as tests of the faces (nat_set). */
static void put_natural(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	const rtab_dice *d = &w->m->rs->dice[t->dice];
	say(w, L->nat_none, NULL, NULL);
	if (it->faces_later)
		say(w, L->nat_faces_open, NULL, NULL);
	size_t tested = 0;
	for (size_t k = 0; k < t->nnatural; k++) {
		if (t->natural[k].nfaces != d->nfaces)
			continue; /* the faces rolled are the dice's: never this rule's */
		strbuf test = {0};
		natural_test(&test, w, &t->natural[k]);
		say(w, tested++ ? L->key_chain_elif : L->key_chain_if, NULL, S(test.data));
		sb_free(&test);
		say(w, L->nat_set, I((long long)k), NULL);
	}
	if (tested)
		say(w, L->end, NULL, NULL);
	if (it->faces_later)
		say(w, L->end, NULL, NULL);
}

/* The outcome of the column: a row by the modified roll, a natural roll, or the column's own. */
static void put_outcome(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	size_t k = it->index;
	bool automatic = any_column_of_kind(t, RTAB_COLUMN_AUTOMATIC), none = any_column_of_kind(t, RTAB_COLUMN_NONE);
	char *natural = data_ref(w, k, "NATURAL"), *kind = data_ref(w, k, "KIND"), *why = data_ref(w, k, "WHY"),
	     *autos = data_ref(w, k, "AUTOMATIC");
	if (t->nnatural > 0 && L->nat_set && t->dice != RTAB_NO_DICE)
		put_natural(w, it);
	else if (t->nnatural > 0)
		say(w, L->nat_index, I((long long)t->nnatural), S(natural));
	else
		say(w, L->nat_none, NULL, NULL);
	say(w, L->outcome_decl, NULL, NULL);
	if (none)
		say(w, L->column_none, I((long long)k), S(kind, why));
	if (automatic)
		say(w, L->column_auto, I((long long)k), S(kind, autos, why));
	if (it->faces_later)
		say(w, L->faces_later_fail, NULL, NULL);
	const char *names[] = {"NATURAL_OUTCOME", "NATURAL_WHY", "BELOW", "ABOVE", "ROW", "OUTCOME", "REASON"};
	char *refs[7];
	for (size_t i = 0; i < 7; i++)
		refs[i] = data_ref(w, k, names[i]);
	const char *pick = t->nnatural == 0 && L->row_pick_rolled ? L->row_pick_rolled : L->row_pick;
	if (L->row_pick_unmarked && cells_unmarked(t))
		pick = L->row_pick_unmarked;
	say(w, pick, I(t->roll_min, t->roll_max, (long long)roll_span(t), (long long)k),
	    S(refs[0], refs[1], refs[2], refs[3], refs[4], refs[5], refs[6]));
	for (size_t i = 0; i < 7; i++)
		free(refs[i]);
	if (automatic)
		say(w, L->end, NULL, NULL);
	free(natural);
	free(kind);
	free(why);
	free(autos);
}

/* Whether t's tail is table_tail_plain: no natural roll, no rewrite to decide its rule. */
static bool tail_plain(const walk *w, const ir_table *it)
{
	return w->L->table_tail_plain && it->nrewrites == 0 && it->t->nnatural == 0;
}

/* The first rewrite of the outcome whose condition holds. */
static void put_rewrites(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	if (tail_plain(w, it))
		return;
	say(w, L->rewrites_begin, NULL, NULL);
	for (size_t k = 0; k < it->nrewrites; k++) {
		const ir_rewrite *rw = &it->rewrites[k];
		say(w, L->rewrite_if, I(rw->from), NULL);
		/* The rewrite's reading decides the outcome whether it changes it or lets it
		 * stand: what its condition reads and its reason are noted either way. */
		if (!rw->when.empty)
			put_tested(w, &rw->when);
		if (rw->reason >= 0)
			say(w, L->note, I(rw->reason), NULL);
		if (!rw->when.empty)
			say_if_holds(w, &rw->when);
		say(w, L->rewrite_set, I(rw->to, (long long)k), S(rw->rule));
		if (!rw->when.empty)
			say(w, L->end, NULL, NULL);
		say(w, L->end, NULL, NULL);
	}
}

/* The column shifts summed into shift and the column read: col shifted, clamped. */
static void put_shifted(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	say(w, L->shifts_begin, NULL, NULL);
	put_list(w, &it->shifts, "0", NULL);
	say(w, L->shifts_end, NULL, NULL);
	if (t->shift_stops) {
		/* 'clamp shifts;': a key on an end column stays there; a shift stops at the
		 * printed columns (as the runtime's pick_column). */
		int lo = t->shift_stops & RTAB_SHIFT_STOP_BELOW ? 1 : 0;
		int hi = t->shift_stops & RTAB_SHIFT_STOP_ABOVE ? 2 : 1;
		say(w, L->clamp_stops, I(lo, hi), NULL);
	} else {
		say(w, L->clamp_ends, NULL, NULL);
	}
}

/* The row and outcome of the modified roll in one read of the lean cells (lower/cells.h):
 * the virtual column by the inputs, the cell at the roll, the rewrites in it. */
static void put_cells_read(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const lean_cells *lc = &it->lean_cells;
	long long k = (long long)it->index;
	strbuf start = {0};
	if (lc->by_inputs) {
		strbuf index = {0};
		fold_index(&index, w, lc->vc.inputs, lc->vc.ninputs);
		fmt(&start, L, L->cell_column, I(k), S(index.data));
		sb_free(&index);
	} else {
		sb_puts(&start, "0");
	}
	say(w, L->cell_read, I(k, lc->cell_lo), S(start.data));
	sb_free(&start);
	if (lc->no_row)
		say(w, L->cell_no_row, NULL, NULL);
	say(w, L->cell_split, NULL, NULL);
	say(w, L->table_tail_cells, NULL, NULL);
}

static void put_table(walk *w, const ir_table *it)
{
	const lang_spelling *L = w->L;
	const rtab_table *t = it->t;
	size_t k = it->index;
	put_table_data(w, it);
	/* Each modifier and shift applies at most once. */
	w->room = it->modifiers.nmods + it->shifts.nmods <= RTAB_MAX_APPLIED;
	say(w, L->table_begin, I((long long)k), S(t->id));
	if (t->ncolumns == 0)
		say(w, L->fail, NULL, S("E_RULESET"));
	if (it->step_refuses_drm)
		say(w, L->refuse_drm, NULL, NULL);
	say(w, L->table_reset, I((long long)k), NULL);
	for (size_t r = 0; r < t->nrolls; r++)
		say(w, L->roll_decl, I((long long)r, (long long)r + 1), NULL);
	if (t->dice == RTAB_NO_DICE) {
		say(w, L->no_faces, NULL, NULL);
	} else if (it->faces_later) {
		say(w, L->faces_later_begin, NULL, NULL);
		put_faces(w, it);
		say(w, L->end, NULL, NULL);
	} else {
		put_faces(w, it);
	}
	say(w, L->context_applied, NULL, NULL);
	say(w, L->modifiers_begin, NULL, NULL);
	put_list(w, &it->modifiers, "drm", it);
	bool cells = L->cell_read && it->lean_cells.made;
	say(w, cells ? L->modifiers_end_cells : L->modifiers_end, NULL, NULL);
	if (t->capped)
		say(w, L->table_cap, I(t->cap_min, t->cap_max), NULL);
	say(w, cells ? L->roll_cells : L->roll_modified, NULL, NULL);
	if (cells) {
		put_cells_read(w, it);
		say(w, L->table_end, NULL, NULL);
		return;
	}
	say(w, L->result_begin, NULL, S(t->ncolumns ? t->columns[0].id : NULL));
	if (t->nrolls) {
		strbuf text = {0};
		sb_puts(&text, L->rolls_open);
		for (size_t r = 0; r < t->nrolls; r++) {
			strbuf roll = {0};
			fmt(&roll, L, L->roll_ref, I((long long)r, (long long)r + 1), NULL);
			sb_puts(&text, r ? ", " : "");
			fmt(&text, L, L->rolls_item, NULL, S(roll.data, t->rolls[r].id));
			sb_free(&roll);
		}
		sb_puts(&text, L->rolls_close);
		say_text(w, &text);
		sb_free(&text);
	}
	put_key(w, it);
	char *column = data_ref(w, k, "COLUMN");
	say(w, L->key_column, NULL, S(column));
	if (it->shifts.nmods == 0 && t->nlines == 0 && !t->column_end_of_value && L->column_unshifted) {
		/* Nothing shifts and col lies within the columns already: the clamp keeps it. */
		say(w, L->column_unshifted, NULL, NULL);
	} else {
		put_shifted(w, it);
	}
	say(w, L->column_set, NULL, S(column));
	free(column);
	put_outcome(w, it);
	say(w, L->note_why, NULL, NULL);
	put_rewrites(w, it);
	char *natural_rule = data_ref(w, k, "NATURAL_RULE"), *rule = data_ref(w, k, "RULE");
	say(w, tail_plain(w, it) ? L->table_tail_plain : L->table_tail, I((long long)k), S(natural_rule, rule, t->rule));
	free(natural_rule);
	free(rule);
	say(w, L->table_end, NULL, NULL);
}

/* -- triggers --------------------------------------------------------- */

/* Whether and how many times each trigger of outcome k fires: which trigger and the trigger, each time. */
static void put_fired(walk *w, size_t k)
{
	const lang_spelling *L = w->L;
	const ir_outcome *o = &w->m->outcomes[k];
	say(w, L->fired_begin, I((long long)k, (long long)k + 1), S(w->m->rs->outcomes[k].id));
	for (size_t j = 0; j < o->ntriggers; j++) {
		const ir_trigger *tr = &o->triggers[j];
		/* Its reading (its condition, its count) decides whether and how often it
		 * fires: its reason and what it reads are noted, fired or not. */
		say(w, L->block_open, NULL, NULL);
		if (tr->reason >= 0)
			say(w, L->fired_reason, I(tr->reason), NULL);
		say(w, L->fired_times0, NULL, NULL);
		if (!tr->unless.empty) {
			put_tested(w, &tr->unless);
			const char *f = fused(w, tr->unless.value);
			if (f)
				say(w, L->unless_cond, NULL, S(f));
			else
				say(w, L->unless_set, I(reg(w, tr->unless.value)), NULL);
			say(w, L->unless_open, NULL, NULL);
		}
		if (tr->times.empty) {
			say(w, L->times_one, NULL, NULL);
		} else {
			say(w, L->block_open, NULL, NULL);
			put_code(w, &tr->times);
			say(w, L->times_set, I(reg(w, tr->times.value)), NULL);
			say(w, L->block_close, NULL, NULL);
		}
		if (!tr->unless.empty)
			say(w, L->end, NULL, NULL);
		say(w, L->fired_push, I((long long)j, (long long)j + 1), NULL);
		say(w, L->block_close, NULL, NULL);
	}
	say(w, L->fired_end, NULL, NULL);
}

/* The values trigger j of outcome k passes on (v0, v1, ...: set_*), each checked
 * against its input's domain. */
static void put_set_values(walk *w, const ir_trigger *tr)
{
	const lang_spelling *L = w->L;
	for (size_t s = 0; s < tr->nsets; s++) {
		const ir_set *set = &tr->sets[s];
		long long ss = (long long)s;
		switch ((rtab_set_each)set->each) {
		case RTAB_SET_REPEAT:
			say(w, L->set_repeat, I(ss, ss + 1), NULL);
			break;
		case RTAB_SET_EARLIER:
			say(w, L->set_earlier, I(ss, ss + 1, set->earlier), NULL);
			break;
		case RTAB_SET_SAME:
			say(w, L->set_same_begin, I(ss, ss + 1), NULL);
			put_code(w, &set->value);
			say(w, L->set_same, I(ss, ss + 1, reg(w, set->value.value)), NULL);
			say(w, L->set_same_end, NULL, NULL);
			break;
		}
	}
}

static void put_set_checks(walk *w, const ir_trigger *tr)
{
	const lang_spelling *L = w->L;
	for (size_t s = 0; s < tr->nsets; s++) {
		const rtab_input *inp = &w->m->rs->inputs[tr->sets[s].input];
		const char *check = L->passed_check_range && inp->step <= 1 ? L->passed_check_range : L->passed_check;
		say(w, check, I(tr->sets[s].input + L->base, (long long)s, (long long)s + 1, inp->min, inp->max), NULL);
	}
}

/* What a trigger passes on as a result shows it, by input id: each value read
 * where `value` (a template: $1 input (based), $2 s, $3 s + 1) says. */
static void put_shown_items(walk *w, strbuf *text, const ir_trigger *tr, const char *value)
{
	const lang_spelling *L = w->L;
	for (size_t s = 0; s < tr->nsets; s++) {
		const rtab_input *inp = &w->m->rs->inputs[tr->sets[s].input];
		const char *item = inp->type == RTAB_TYPE_ENUM ? L->shown_enum
				   : inp->type == RTAB_TYPE_BOOL ? L->shown_bool
				   : inp->step == 0		 ? L->shown_int
								 : NULL;
		strbuf ref = {0};
		fmt(&ref, L, value, I(tr->sets[s].input + L->base, (long long)s, (long long)s + 1), NULL);
		sb_puts(text, s ? L->shown_sep : "");
		fmt(text, L, item ? item : L->shown_item, I(tr->sets[s].input + L->base, inp->enum_index),
		    S(inp->id, ref.data ? ref.data : ""));
		sb_free(&ref);
	}
}

/* The situation trigger j of outcome k passes on, for the repeat after those
 * that gave `earlier`: the triggering one (valid) with the inputs it sets;
 * and what it passes on as a result shows it, by input id. A language with
 * given_begin also has the two in one: what a result shows, read from the
 * values set without the copy of the whole situation (a table's result
 * shows it for every trigger that fires). */
static void put_passed(walk *w, size_t k, size_t j)
{
	const lang_spelling *L = w->L;
	const ir_trigger *tr = &w->m->outcomes[k].triggers[j];
	say(w, L->passed_begin, I((long long)k, (long long)j), NULL);
	put_set_values(w, tr);
	say(w, L->passed_copy, NULL, NULL);
	for (size_t s = 0; s < tr->nsets; s++)
		say(w, L->passed_out, I(tr->sets[s].input + L->base, (long long)s, (long long)s + 1), NULL);
	/* The others are the triggering situation's, already within their domains. */
	put_set_checks(w, tr);
	say(w, L->passed_end, NULL, NULL);
	strbuf text = {0};
	fmt(&text, L, L->shown_begin, I((long long)k, (long long)j), NULL);
	put_shown_items(w, &text, tr, L->shown_out);
	sb_puts(&text, L->shown_end);
	say_text(w, &text);
	sb_free(&text);
	if (!L->given_begin)
		return;
	say(w, L->given_begin, I((long long)k, (long long)j), NULL);
	put_set_values(w, tr);
	put_set_checks(w, tr);
	sb_clear(&text);
	put_shown_items(w, &text, tr, L->given_value);
	say(w, L->given_return, NULL, S(text.data ? text.data : ""));
	sb_free(&text);
}

/* -- the other definitions -------------------------------------------- */

static void put_reactions(walk *w, size_t k)
{
	const lang_spelling *L = w->L;
	const rtab_reaction_set *r = &w->m->rs->reaction_sets[k];
	const ir_reactions *ir = &w->m->reactions[k];
	say(w, L->reactions_begin, I((long long)k), S(r->id));
	if (!ir->none_when.empty) {
		put_code(w, &ir->none_when);
		say(w, L->if_zero, I(reg(w, ir->none_when.value)), NULL);
	}
	for (size_t o = 0; o < ir->noptions; o++) {
		say(w, L->block_open, NULL, NULL);
		put_holds(w, &ir->guards[o]);
		say(w, L->option_push, NULL,
		    S(r->options[o].id, r->options[o].outcome >= 0 ? w->m->rs->outcomes[r->options[o].outcome].id : NULL));
		say(w, L->end, NULL, NULL);
		say(w, L->block_close, NULL, NULL);
	}
	if (!ir->none_when.empty)
		say(w, L->end, NULL, NULL);
	say(w, L->reactions_end, NULL, NULL);
}

static void put_transition(walk *w, size_t k)
{
	const lang_spelling *L = w->L;
	const rtab_transition *t = &w->m->rs->transitions[k];
	const rtab_enum *states = &w->m->rs->enums[w->m->rs->inputs[t->input].enum_index];
	strbuf *b = w->b;
	fmt(b, L, L->data_begin, I((long long)k), S("", "X"));
	int32_t *next = xcalloc(states->nvalues + 1, sizeof *next);
	for (size_t v = 0; v < states->nvalues; v++)
		next[v] = t->next[v];
	item_begin(w, "X", k, "NEXT");
	put_ints(b, L, next, states->nvalues);
	free(next);
	item_end(w);
	item_begin(w, "X", k, "STATE");
	sb_puts(b, L->arr_open);
	for (size_t v = 0; v < states->nvalues; v++) {
		arr_sep(b, L, v);
		put_literal(b, L, states->values[v].id);
	}
	sb_puts(b, L->arr_close);
	item_end(w);
	fmt(b, L, L->data_end, NULL, NULL);
	say(w, L->transition_fn, I((long long)k, t->input + L->base), S(t->id));
}

/* Each form reads the faces given from the first; a form that fails (the faces
 * wrong for its dice, an error of its program) has no value. */
static void put_distance(walk *w, size_t k)
{
	const lang_spelling *L = w->L;
	const rtab_distance *dist = &w->m->rs->distances[k];
	const ir_distance *ir = &w->m->distances[k];
	say(w, L->distance_begin, I((long long)k), S(dist->id));
	for (size_t f = 0; f < ir->nforms; f++) {
		say(w, L->distance_form_begin, NULL, NULL);
		put_code(w, &ir->forms[f]);
		say(w, L->distance_try_end, NULL, NULL);
		if (ir->forms[f].empty)
			say(w, L->distance_value_empty, NULL, NULL);
		else
			say(w, L->distance_value, I(reg(w, ir->forms[f].value)), NULL);
		say(w, L->distance_absent, NULL, S(dist->forms[f].unit));
		if (ir->reason >= 0)
			say(w, L->distance_reason, I(ir->reason), NULL);
		say(w, L->distance_present, NULL, S(dist->forms[f].unit));
		say(w, L->distance_form_end, NULL, NULL);
	}
	say(w, L->distance_end, NULL, NULL);
}

static void put_procedure(walk *w, size_t k)
{
	const lang_spelling *L = w->L;
	const rtab_procedure *p = &w->m->rs->procedures[k];
	const ir_procedure *ir = &w->m->procedures[k];
	say(w, L->procedure_begin, I((long long)k, p->otherwise), S(p->id));
	for (size_t s = 0; s < ir->nsteps; s++) {
		/* The first step whose guard holds: the later guards are not read. */
		say(w, L->procedure_step, NULL, NULL);
		put_holds(w, &ir->guards[s]);
		say(w, L->procedure_step_end, I(p->steps[s].outcome), S(p->steps[s].id));
		say(w, L->end, NULL, NULL);
	}
	say(w, L->procedure_end, NULL, NULL);
}

/* The functions of one kind, as an array the support indexes (where the language needs one). */
static void put_array(walk *w, const char *name, const char *fn, size_t n)
{
	if (!w->L->array_fn)
		return;
	strbuf text = {0};
	for (size_t k = 0; k < n; k++)
		sb_printf(&text, "%s%s%zu", k ? ", " : "", fn, k);
	fmt(w->b, w->L, w->L->array_fn, NULL, S(name, text.data ? text.data : ""));
	sb_free(&text);
}

/* The per-outcome arrays of fired, passed and shown, for a language that lists them. */
static void put_outcome_arrays(walk *w)
{
	const lang_spelling *L = w->L;
	const ir_module *m = w->m;
	if (!L->array_fn)
		return;
	static const char *const names[] = {"PASSED", "SHOWN", "GIVEN"};
	static const char *const fns[] = {"passed", "shown", "given"};
	for (size_t a = 0; a < (L->given_begin ? 3u : 2u); a++) {
		strbuf text = {0};
		for (size_t k = 0; k < m->noutcomes; k++) {
			sb_puts(&text, k ? ", " : "");
			if (!m->outcomes[k].ntriggers) {
				sb_puts(&text, L->nil);
				continue;
			}
			sb_puts(&text, L->arr_open);
			for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
				sb_printf(&text, "%s%s%zu_%zu", j ? ", " : "", fns[a], k, j);
			sb_puts(&text, L->arr_close);
		}
		fmt(w->b, L, L->array_fn, NULL, S(names[a], text.data ? text.data : ""));
		sb_free(&text);
	}
	strbuf text = {0};
	for (size_t k = 0; k < m->noutcomes; k++) {
		sb_puts(&text, k ? ", " : "");
		if (m->outcomes[k].ntriggers)
			sb_printf(&text, "fired%zu", k);
		else
			sb_puts(&text, L->nil);
	}
	fmt(w->b, L, L->array_fn, NULL, S("FIRED", text.data ? text.data : ""));
	sb_free(&text);
	sb_putc(w->b, '\n');
}

/* What a walk holds, freed. */
static void walk_done(walk *w)
{
	forget_fused(w);
	free(w->cond_reg);
	free(w->cond_text);
	free(w->facts);
	free(w->alias);
	free(w->input_of);
}

/* The requirements: each condition tested, and what the language does when it fails. */
static void put_requirements(walk *w)
{
	const ir_module *m = w->m;
	const lang_spelling *L = w->L;
	say(w, L->requirements_begin, NULL, NULL);
	for (size_t k = 0; k < m->nrequirements; k++) {
		const ir_requirement *q = &m->requirements[k];
		if (q->condition.empty)
			continue;
		say(w, L->block_open, NULL, NULL);
		put_tested(w, &q->condition);
		const char *f = fused(w, q->condition.value);
		if (f)
			say(w, L->requirement_fails_cond, NULL, S(q->id, f));
		else
			say(w, L->requirement_fails, I(reg(w, q->condition.value)), S(q->id));
		say(w, L->block_close, NULL, NULL);
	}
	say(w, L->requirements_end, NULL, NULL);
}

static void print_tables(strbuf *b, const ir_module *m, const lang_spelling *L, bool fired)
{
	walk w = {.b = b, .m = m, .L = L};
	for (size_t k = 0; fired && k < m->noutcomes; k++)
		if (m->outcomes[k].ntriggers)
			put_fired(&w, k);
	for (size_t k = 0; k < m->ntables; k++)
		put_table(&w, &m->tables[k]);
	walk_done(&w);
}

void print_walk_resolvers(strbuf *b, const ir_module *m, const lang_spelling *L)
{
	print_tables(b, m, L, true);
}

void print_walk_tables(strbuf *b, const ir_module *m, const lang_spelling *L)
{
	print_tables(b, m, L, false);
}

void print_walk_requirements(strbuf *b, const ir_module *m, const lang_spelling *L)
{
	walk w = {.b = b, .m = m, .L = L};
	put_requirements(&w);
	walk_done(&w);
}

/* Each matrix as a function of its keys: each key checked, the cell's reason noted,
 * the cell read from its constants. */
static void put_matrices(walk *w)
{
	const lang_spelling *L = w->L;
	const rtab_ruleset *rs = w->m->rs;
	if (!L->matrix_begin)
		return;
	for (size_t k = 0; k < rs->nmatrices; k++) {
		const rtab_matrix *mx = &rs->matrices[k];
		size_t n = lower_matrix_cells(rs, k);
		int32_t *cells = xcalloc(n ? n : 1, sizeof *cells);
		for (size_t c = 0; c < n; c++)
			cells[c] = rtab_matrix_cell(mx, c);
		strbuf text = {0}, params = {0}, index = {0};
		put_ints(&text, L, cells, n);
		say(w, L->matrix_cells_def, I((long long)k), S(text.data));
		free(cells);
		for (size_t d = 0; d < mx->ndims; d++) {
			sb_puts(&params, d ? ", " : "");
			fmt(&params, L, L->matrix_param, I((long long)d), NULL);
		}
		say(w, L->matrix_begin, I((long long)k), S(params.data ? params.data : ""));
		for (size_t d = 0; d < mx->ndims; d++) {
			size_t size = mx->dims[d] < rs->nenums ? rs->enums[mx->dims[d]].nvalues : 0;
			say(w, L->matrix_key_check, I((long long)d, (long long)size), NULL);
			/* row-major, as rtab_matrix_find: ((k0 * n1 + k1) * n2 + k2) */
			if (d == 0) {
				sb_puts(&index, "k0");
			} else {
				char *prev = xasprintf("%s", index.data);
				sb_clear(&index);
				sb_printf(&index, d > 1 ? "(%s) * %zu + k%zu" : "%s * %zu + k%zu", prev, size, d);
				free(prev);
			}
		}
		say(w, L->matrix_cell, NULL, S(index.data ? index.data : "0"));
		if (w->m->matrix_reasons[k] >= 0)
			say(w, L->matrix_note, I(w->m->matrix_reasons[k]), NULL);
		say(w, L->matrix_end, I((long long)k), NULL);
		sb_free(&text);
		sb_free(&params);
		sb_free(&index);
	}
}

/* Each ratio band as a function of a:b: its reason, the step its chain reaches (its
 * rounding decided at compile time), the step's reason, its value. */
static void put_bands(walk *w)
{
	const lang_spelling *L = w->L;
	const rtab_ruleset *rs = w->m->rs;
	if (!L->band_begin)
		return;
	for (size_t k = 0; k < rs->nbands; k++) {
		const rtab_band *band = &rs->bands[k];
		int32_t *values = xcalloc(band->nsteps + 1u, sizeof *values);
		for (size_t i = 0; i < band->nsteps; i++)
			values[i] = band->steps[i].value;
		values[band->nsteps] = band->otherwise;
		strbuf text = {0};
		put_ints(&text, L, values, band->nsteps + 1u);
		say(w, L->band_values_def, I((long long)k), S(text.data));
		sb_free(&text);
		free(values);
		say(w, L->band_begin, I((long long)k, band->nsteps), NULL);
		if (w->m->band_reason[k] >= 0)
			say(w, L->band_note, I(w->m->band_reason[k]), NULL);
		say(w, L->band_read_open, NULL, NULL);
		put_chain(w, &w->m->bands[k], L->band_step_set);
		say(w, L->end, NULL, NULL);
		if (w->m->band_reasons[k] >= 0)
			say(w, L->band_note_step, I(w->m->band_reasons[k]), NULL);
		say(w, L->band_end, I((long long)k), NULL);
	}
}

/* Each dice a program rolls as a function of the context: the faces it reads in turn,
 * each checked against its range (too few left: the faces' error too), the dice's
 * reason noted, their sum (the faces and ranges decided by the lowering, ir_dice). */
static void put_dice(walk *w)
{
	const lang_spelling *L = w->L;
	if (!L->dice_begin || !w->m->dice)
		return;
	for (size_t k = 0; k < w->m->rs->ndice; k++) {
		const ir_dice *d = &w->m->dice[k];
		if (!d->rolled)
			continue;
		say(w, L->dice_begin, I((long long)k, (long long)d->need, (long long)d->nfaces), NULL);
		strbuf sum = {0};
		for (size_t f = 0; f < d->nfaces; f++) {
			say(w, L->dice_face, I((long long)f, d->face_min[f], d->face_max[f], (long long)f + 1), NULL);
			sb_puts(&sum, f ? " + " : "");
			fmt(&sum, L, L->dice_term, I((long long)f), NULL);
		}
		if (d->reason >= 0)
			say(w, L->dice_note, I(d->reason), NULL);
		say(w, L->dice_end, I((long long)k), S(d->nfaces ? sum.data : "0"));
		sb_free(&sum);
	}
}

void print_walk(strbuf *b, const ir_module *m, const lang_spelling *L)
{
	walk w = {.b = b, .m = m, .L = L};
	say(&w, L->module_begin, NULL, NULL);
	for (size_t k = 0; k < m->nreasons; k++) {
		strbuf text = {0};
		put_literal(&text, L, m->reasons[k]);
		say(&w, L->reason_def, I((long long)k), S(text.data));
		sb_free(&text);
	}
	for (size_t k = 0; k < m->nreason_lists; k++) {
		strbuf text = {0};
		put_reasons(&text, L, m->reason_lists[k].reasons, m->reason_lists[k].n);
		say(&w, L->reason_list_def, I((long long)k), S(text.data));
		sb_free(&text);
	}
	put_matrices(&w);
	put_bands(&w);
	put_dice(&w);
	put_requirements(&w);
	for (size_t k = 0; k < m->noutcomes; k++) {
		if (!m->outcomes[k].ntriggers)
			continue;
		put_fired(&w, k);
		say(&w, L->outcome_open, I((long long)k), NULL);
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
			put_passed(&w, k, j);
	}
	put_outcome_arrays(&w);
	for (size_t k = 0; k < m->ntables; k++)
		put_table(&w, &m->tables[k]);
	for (size_t k = 0; k < m->nreactions; k++)
		put_reactions(&w, k);
	for (size_t k = 0; k < m->rs->ntransitions; k++)
		put_transition(&w, k);
	for (size_t k = 0; k < m->ndistances; k++)
		put_distance(&w, k);
	for (size_t k = 0; k < m->nprocedures; k++)
		put_procedure(&w, k);
	put_array(&w, "TABLES", "table", m->ntables);
	put_array(&w, "REACTION_SETS", "reactions", m->nreactions);
	put_array(&w, "TRANSITIONS", "transition", m->rs->ntransitions);
	put_array(&w, "DISTANCES", "distance", m->ndistances);
	put_array(&w, "PROCEDURES", "procedure", m->nprocedures);
	say(&w, L->module_end, NULL, NULL);
	walk_done(&w);
}
