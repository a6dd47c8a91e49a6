/* SPDX-License-Identifier: MIT */
/*
 * The native resolvers: beside the data, one C function per results table
 * that computes what rtab_resolve computes, with the modifiers' conditions
 * and values as C statements, the stacking decided here, the roll -> row
 * lookup a direct index. Two entry points per table:
 *   <ruleset>_resolve_<table>  the lean result (outcome, modifier, roll)
 *   <ruleset>_explain_<table>  the full rtab_result, as rtab_resolve fills it
 * both taking a <ruleset>_situation that <ruleset>_situation_init validated
 * once. A table with a construct this emitter does not know is resolved by
 * calling the interpreter (rtab_resolve_interpreted) instead: slower, never different.
 *
 * Expressions are translated instruction by instruction onto numbered stack
 * slots (x0, x1, ...), so that every operation happens in the interpreter's
 * order; an interval analysis of each slot drops the overflow, domain and
 * division checks that cannot fail for inputs within their domains.
 */
#include "codegen/emit_native.h"
#include "codegen/emit_fold.h"
#include "codegen/expr_intervals.h"
#include "codegen/native_tables.h"
#include "check/modifier_range.h"
#include "codegen/row_form.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct nctx {
	strbuf *o;
	const rtab_ruleset *rs;
	size_t ti;
	bool full;
	unsigned nexpr; /* expressions emitted in this function, for unique labels */
	bool impure;    /* a statement emitted since reset may return, jump, note or divide */
	const fold_plan *fold; /* the lean code: modifiers folded into tables, or NULL */
	const fold_columns *vcols; /* the table's rewrites folded into virtual columns, or NULL */
	int64_t cell_lo, cell_hi; /* the rolls each column of cells covers (cell_range) */
	bool inside;              /* every modified roll is a printed one (a capped modifier) */
	bool wide;                /* the cells cover every roll of an extra within extra_lo..extra_hi */
	int64_t extra_lo, extra_hi;
	bool fast; /* the lean resolver for those extras, without a test on the roll */
	idmap reason_ids;   /* each distinct reason text, numbered in order of first use */
	idmap reason_lists; /* the names of the arrays of reason numbers written (keys owned) */
	strbuf *reason_arrays; /* those arrays, written before the resolvers that read them */
} nctx;

/*
 * The explaining resolvers list each distinct reason once. The compiler numbers
 * the distinct reason texts, so that the code notes a reason by its number: a
 * bit of a set says whether it is listed already (no text is compared while
 * resolving). A reason fixed where it is noted gets its number in the code;
 * one chosen by a value (an enum value's, a matrix cell's, a band step's, a
 * natural roll's, a row's) gets it from an array of numbers beside the data.
 */
static unsigned reason_id(nctx *c, const char *why)
{
	int n = (int)c->reason_ids.n;
	int had = idmap_put(&c->reason_ids, why, n);
	return had >= 0 ? (unsigned)had : (unsigned)n;
}

/* The array `name` of the numbers of whys[0..n) (0 where there is none), written once;
 * whys is freed. */
static void reason_id_array(nctx *c, const char *name, const char **whys, size_t n)
{
	if (idmap_get(&c->reason_lists, name) < 0) {
		idmap_put(&c->reason_lists, xstrdup(name), 0);
		sb_printf(c->reason_arrays, "static const uint16_t %s[] = {", name);
		for (size_t i = 0; i < n; i++)
			sb_printf(c->reason_arrays, "%s%u", i ? ", " : "", whys[i] ? reason_id(c, whys[i]) : 0);
		if (n == 0)
			sb_puts(c->reason_arrays, "0");
		sb_puts(c->reason_arrays, "};\n");
	}
	free(whys);
}

static void indent(strbuf *o, int depth)
{
	for (int i = 0; i < depth; i++)
		sb_putc(o, '\t');
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void line(nctx *c, int depth, const char *fmt, ...)
{
	va_list ap;
	size_t at = c->o->len;
	indent(c->o, depth);
	va_start(ap, fmt);
	sb_vprintf(c->o, fmt, ap);
	va_end(ap);
	sb_putc(c->o, '\n');
	const char *text = c->o->data + at;
	if (strstr(text, "return ") || strstr(text, "goto ") || strstr(text, "rtab_native_note_") ||
	    strstr(text, "rtab_native_div"))
		c->impure = true;
}

/* "if (COND) return STATUS;" when the interval says it can happen. */
static void check_range32(nctx *c, int depth, int slot, ival v)
{
	if (!ival_fits32(v))
		line(c, depth, "if (x%d < INT32_MIN || x%d > INT32_MAX) return RTAB_E_OVERFLOW;", slot, slot);
}

/* The explanation of an input read into var: its reason when it holds its
 * default, its enum value's reason (as the interpreter's note_input). */
static void note_input_native(nctx *c, int depth, size_t k, const char *var)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_input *in = &rs->inputs[k];
	if (!c->full)
		return;
	if (in->provisional)
		line(c, depth, "if (%s == %ld) rtab_native_note_(out, &seen, %u, inputs[%zu].provisional);", var,
		     (long)in->default_value, reason_id(c, in->provisional), k);
	if (in->type != RTAB_TYPE_ENUM || in->enum_index < 0 || in->enum_index >= rs->nenums)
		return;
	const rtab_enum *e = &rs->enums[in->enum_index];
	for (size_t v = 0; v < e->nvalues; v++)
		if (e->values[v].provisional) {
			char name[64];
			const char **whys = xcalloc(e->nvalues, sizeof *whys);
			for (size_t w = 0; w < e->nvalues; w++)
				whys[w] = e->values[w].provisional;
			snprintf(name, sizeof name, "rtab_native_reasons_e%d_", in->enum_index);
			reason_id_array(c, name, whys, e->nvalues);
			line(c, depth, "rtab_native_note_(out, &seen, %s[%s], enums[%d].values[%s].provisional);",
			     name, var, in->enum_index, var);
			return;
		}
}

/* A matrix read: the keys checked where their intervals leave their enums, the cell. */
static void emit_matrix_read(nctx *c, int depth, const rtab_instr *in, const sstate *at)
{
	const rtab_ruleset *rs = c->rs;
	int d = at->depth;
	const rtab_matrix *m = &rs->matrices[in->arg];
	int first = d - m->ndims;
	for (int k = 0; k < m->ndims; k++) {
		int64_t nv = rs->enums[m->dims[k]].nvalues;
		ival kv = at->s[first + k];
		if (kv.lo < 0 || kv.hi >= nv)
			line(c, depth + 1, "if (x%d < 0 || x%d >= %ld) return RTAB_E_INPUT;",
			     first + k, first + k, (long)nv);
	}
	indent(c->o, depth + 1);
	sb_printf(c->o, "x%d = ", first);
	for (int k = 1; k < m->ndims; k++)
		sb_putc(c->o, '(');
	sb_printf(c->o, "x%d", first);
	for (int k = 1; k < m->ndims; k++)
		sb_printf(c->o, " * %u + x%d)", rs->enums[m->dims[k]].nvalues, first + k);
	sb_puts(c->o, ";\n");
	if (c->full && m->provisional) {
		char name[64];
		size_t ncells = 1;
		for (int k = 0; k < m->ndims; k++)
			ncells *= rs->enums[m->dims[k]].nvalues;
		const char **whys = xcalloc(ncells ? ncells : 1, sizeof *whys);
		for (size_t i = 0; i < ncells; i++)
			whys[i] = rtab_matrix_reason(m, i);
		snprintf(name, sizeof name, "rtab_native_reasons_m%ld_", (long)in->arg);
		reason_id_array(c, name, whys, ncells);
		line(c, depth + 1, "rtab_native_note_(out, &seen, %s[x%d], rtab_matrix_reason(&matrices[%ld], (size_t)x%d));",
		     name, first, (long)in->arg, first);
	}
	line(c, depth + 1, "x%d = matrix%ld_cells[x%d]; /* %s */", first, (long)in->arg, first, m->id);
}

/* A ratio band read (and, explaining, the reasons of the step it reaches). */
static void emit_band_read(nctx *c, int depth, const rtab_instr *in, const sstate *at)
{
	const rtab_ruleset *rs = c->rs;
	int a = at->depth - 2, b = at->depth - 1;
	ival va = at->s[a], vb = at->s[b];
	if (va.lo < 0 || vb.lo < 0)
		line(c, depth + 1, "if (x%d < 0 || x%d < 0) return RTAB_E_INPUT;", a, b);
	if (c->full) {
		/* The step reached, for its reason. */
		const rtab_band *bd = &rs->bands[in->arg];
		long k = (long)in->arg;
		if (bd->provisional)
			line(c, depth + 1, "rtab_native_note_(out, &seen, %u, bands[%ld].provisional);",
			     reason_id(c, bd->provisional), k);
		char steps[64];
		snprintf(steps, sizeof steps, "rtab_native_reasons_b%ld_", k);
		if (bd->step_provisional) {
			const char **whys = xcalloc(bd->nsteps ? bd->nsteps : 1, sizeof *whys);
			for (size_t i = 0; i < bd->nsteps; i++)
				whys[i] = bd->step_provisional[i];
			reason_id_array(c, steps, whys, bd->nsteps);
		}
		line(c, depth + 1, "{");
		line(c, depth + 2, "int step = x%d == 0 && x%d == 0 ? -1 : rtab_native_band%ld_step_(x%d, x%d); /* %s */",
		     a, b, k, a, b, bd->id);
		line(c, depth + 2, "x%d = step < 0 ? %ld : bands[%ld].steps[step].value;", a,
		     (long)bd->otherwise, k);
		if (bd->step_provisional && bd->otherwise_provisional)
			line(c, depth + 2, "rtab_native_note_(out, &seen, step < 0 ? %uu : %s[step], step < 0 ? bands[%ld].otherwise_provisional : bands[%ld].step_provisional[step]);",
			     reason_id(c, bd->otherwise_provisional), steps, k, k);
		else if (bd->step_provisional)
			line(c, depth + 2, "if (step >= 0) rtab_native_note_(out, &seen, %s[step], bands[%ld].step_provisional[step]);",
			     steps, k);
		else if (bd->otherwise_provisional)
			line(c, depth + 2, "if (step < 0) rtab_native_note_(out, &seen, %u, bands[%ld].otherwise_provisional);",
			     reason_id(c, bd->otherwise_provisional), k);
		line(c, depth + 1, "}");
		return;
	}
	if (va.lo <= 0 && va.hi >= 0 && vb.lo <= 0 && vb.hi >= 0)
		/* 0:0, no forces on either side: no ratio to read. */
		line(c, depth + 1, "x%d = x%d == 0 && x%d == 0 ? %ld : rtab_native_band%ld_(x%d, x%d); /* %s */",
		     a, a, b, (long)rs->bands[in->arg].otherwise, (long)in->arg, a, b,
		     rs->bands[in->arg].id);
	else
		line(c, depth + 1, "x%d = rtab_native_band%ld_(x%d, x%d); /* %s */", a, (long)in->arg,
		     a, b, rs->bands[in->arg].id);
}

/* The statements of instruction i of expression `id`, given the stack on entry. */
static void emit_instr(nctx *c, int depth, unsigned id, size_t i, const rtab_instr *in, const sstate *at)
{
	const rtab_ruleset *rs = c->rs;
	int d = at->depth, a = d - 2, b = d - 1;
	ival va = a >= 0 ? at->s[a] : (ival){0, 0}, vb = b >= 0 ? at->s[b] : (ival){0, 0};
	switch ((rtab_op)in->op) {
	case RTAB_OP_CONST: line(c, depth + 1, "x%d = %ld;", d, (long)in->arg); break;
	case RTAB_OP_INPUT: {
		char var[16];
		line(c, depth + 1, "x%d = in[%ld]; /* %s */", d, (long)in->arg, rs->inputs[in->arg].id);
		snprintf(var, sizeof var, "x%d", d);
		note_input_native(c, depth + 1, (size_t)in->arg, var);
		break;
	}
	case RTAB_OP_NOT: line(c, depth + 1, "x%d = !x%d;", b, b); break;
	case RTAB_OP_NEG:
	case RTAB_OP_ABS:
		if (vb.lo <= INT32_MIN)
			line(c, depth + 1, "if (x%d == INT32_MIN) return RTAB_E_OVERFLOW;", b);
		if (in->op == RTAB_OP_NEG)
			line(c, depth + 1, "x%d = -x%d;", b, b);
		else
			line(c, depth + 1, "x%d = x%d < 0 ? -x%d : x%d;", b, b, b, b);
		break;
	case RTAB_OP_ADD:
	case RTAB_OP_SUB:
	case RTAB_OP_MUL: {
		const char *op = in->op == RTAB_OP_ADD ? "+" : in->op == RTAB_OP_SUB ? "-" : "*";
		line(c, depth + 1, "x%d = x%d %s x%d;", a, a, op, b);
		check_range32(c, depth + 1, a, ival_binary(in->op, va, vb));
		break;
	}
	case RTAB_OP_EQ: line(c, depth + 1, "x%d = x%d == x%d;", a, a, b); break;
	case RTAB_OP_NE: line(c, depth + 1, "x%d = x%d != x%d;", a, a, b); break;
	case RTAB_OP_LT: line(c, depth + 1, "x%d = x%d < x%d;", a, a, b); break;
	case RTAB_OP_LE: line(c, depth + 1, "x%d = x%d <= x%d;", a, a, b); break;
	case RTAB_OP_GT: line(c, depth + 1, "x%d = x%d > x%d;", a, a, b); break;
	case RTAB_OP_GE: line(c, depth + 1, "x%d = x%d >= x%d;", a, a, b); break;
	case RTAB_OP_AND: line(c, depth + 1, "x%d = x%d != 0 && x%d != 0;", a, a, b); break;
	case RTAB_OP_OR: line(c, depth + 1, "x%d = x%d != 0 || x%d != 0;", a, a, b); break;
	case RTAB_OP_MIN: line(c, depth + 1, "x%d = x%d < x%d ? x%d : x%d;", a, a, b, a, b); break;
	case RTAB_OP_MAX: line(c, depth + 1, "x%d = x%d > x%d ? x%d : x%d;", a, a, b, a, b); break;
	case RTAB_OP_DIV_DOWN:
	case RTAB_OP_DIV_UP: {
		if (vb.lo <= 0 && vb.hi >= 0)
			line(c, depth + 1, "if (x%d == 0) return RTAB_E_EXPR;", b);
		line(c, depth + 1, "x%d = rtab_native_div_%s_(x%d, x%d);", a,
		     in->op == RTAB_OP_DIV_DOWN ? "down" : "up", a, b);
		check_range32(c, depth + 1, a, ival_binary(in->op, va, vb));
		break;
	}
	case RTAB_OP_MATRIX: emit_matrix_read(c, depth, in, at); break;
	case RTAB_OP_BAND: emit_band_read(c, depth, in, at); break;
	case RTAB_OP_JUMP_IF_FALSE:
		line(c, depth + 1, "if (!x%d) goto e%u_%zu;", b, id, i + 1 + (size_t)in->arg);
		break;
	case RTAB_OP_JUMP: line(c, depth + 1, "goto e%u_%zu;", id, i + 1 + (size_t)in->arg); break;
	default: break; /* not reached: expr_intervals() refused it */
	}
}

/*
 * Statements that compute expression e into the int32_t variable dest. The
 * expression is known to pass expr_intervals().
 */
static void emit_expr(nctx *c, int depth, const rtab_expr *e, const char *dest)
{
	size_t n = e->ninstrs;
	unsigned id = c->nexpr++;
	int maxd = 1;

	if (n == 0) {
		line(c, depth, "%s = 1;", dest);
		return;
	}
	sstate *st = xcalloc(n + 1, sizeof *st);
	bool *target = xcalloc(n + 1, sizeof *target);
	expr_intervals(c->rs, e, st);
	for (size_t i = 0; i <= n; i++)
		if (st[i].depth > maxd)
			maxd = st[i].depth;
	for (size_t i = 0; i < n; i++) {
		if (e->instrs[i].op == RTAB_OP_JUMP || e->instrs[i].op == RTAB_OP_JUMP_IF_FALSE)
			target[i + 1 + (size_t)e->instrs[i].arg] = true;
	}
	line(c, depth, "{");
	indent(c->o, depth + 1);
	sb_puts(c->o, "int64_t");
	for (int k = 0; k < maxd; k++)
		sb_printf(c->o, "%s x%d", k ? "," : "", k);
	sb_puts(c->o, ";\n");
	for (size_t i = 0; i < n; i++) {
		if (target[i])
			line(c, depth, "e%u_%zu: ;", id, i);
		emit_instr(c, depth, id, i, &e->instrs[i], &st[i]);
	}
	if (target[n])
		line(c, depth, "e%u_%zu: ;", id, n);
	line(c, depth + 1, "%s = (int32_t)x0;", dest);
	line(c, depth, "}");
	free(target);
	free(st);
}

static void c_upper(strbuf *o, const char *s)
{
	for (; *s; s++)
		sb_putc(o, (char)toupper((unsigned char)*s));
}

/* The signature of a table's entry point, without the final ";" or "{". */
static void signature(strbuf *o, const rtab_ruleset *rs, const char *table, bool full)
{
	sb_printf(o, "int %s_%s_%s(const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, %s *out)",
		  rs->id, full ? "explain" : "resolve", table, rs->id,
		  full ? "rtab_result" : "rtab_lean_result");
}

/* The "better" comparison of a stacking policy for one side: new value n against kept k. */
static const char *prefers(uint8_t policy, int sign)
{
	bool high = (policy == RTAB_STACK_BEST) == (sign > 0);
	return high ? ">" : "<";
}

/* What a side's kept member starts as: beyond every int32 value, on the side it does not prefer. */
static const char *keep_start(uint8_t policy, int sign)
{
	return strcmp(prefers(policy, sign), ">") == 0 ? "INT64_MIN" : "INT64_MAX";
}

/* "return <the interpreter's answer>;" for this table. */
static void return_interpreted(nctx *c, int depth)
{
	if (c->full)
		line(c, depth, "return rtab_resolve_interpreted(&%s_ruleset, %zu, s->inputs, %u, faces, nfaces, extra_drm, out);",
		     c->rs->id, c->ti, c->rs->ninputs);
	else
		line(c, depth, "return rtab_native_interpreted_(%zu, s, faces, nfaces, extra_drm, out);", c->ti);
}

/*
 * Whether the native explanation reproduces every field of the interpreter's
 * result: each provisional reason it lists is noted where the interpreter
 * notes it; only a trigger repeated more times than a result holds is left
 * to the interpreter (checked where it is resolved).
 */
static void emit_fallback(nctx *c)
{
	line(c, 0, "{");
	line(c, 1, "/* Resolved by the interpreter: the table uses a construct the native code does not. */");
	line(c, 1, "if (!s) return RTAB_E_NULL;");
	return_interpreted(c, 1);
	line(c, 0, "}");
}

/* The groups of the ruleset, in order, and whether table t has members in each. */
static bool group_used(const rtab_ruleset *rs, const rtab_table *t, size_t g)
{
	for (size_t i = 0; i < t->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		if (counts_at_step(t, m) && m->group == (int)g)
			return true;
	}
	return false;
}

/* " - 3u", " + 5u" or nothing: an unsigned 32-bit value less v (the difference modulo 2^32). */
static void offset(strbuf *o, int64_t v)
{
	uint32_t u = (uint32_t)(uint64_t)v; /* v modulo 2^32: a first covered roll one below INT32_MIN too */
	if (v > 0)
		sb_printf(o, " - %luu", (unsigned long)u);
	else if (v < 0)
		sb_printf(o, " + %luu", (unsigned long)(0u - u));
}

/*
 * The entries a folded table (or column map) over these inputs starts with
 * that no combination reaches: the sum of each input's least value times its
 * weight, when all are small and none negative (then the index reads the
 * inputs as they are, with no subtraction); -1 otherwise.
 */
#define NATIVE_MAX_PAD 128

static int64_t index_pad(const rtab_ruleset *rs, const uint16_t *inputs, size_t n)
{
	int64_t weight = 1, pad = 0;
	for (size_t k = n; k-- > 0;) {
		if (rs->inputs[inputs[k]].min < 0)
			return -1;
		pad += rs->inputs[inputs[k]].min * weight;
		if (pad > NATIVE_MAX_PAD)
			return -1;
		weight *= fold_slots(rs, inputs[k]);
	}
	return pad;
}

/* The index of a combination of inputs in a folded table (the first varies slowest, each
 * input in fold_slots entries): a sum of independent terms, no chain of multiplies. */
static void input_index(nctx *c, const uint16_t *inputs, size_t n)
{
	int64_t weight = 1;
	bool padded = index_pad(c->rs, inputs, n) >= 0;
	for (size_t k = 0; k < n; k++)
		weight *= fold_slots(c->rs, inputs[k]);
	for (size_t k = 0; k < n; k++) {
		const rtab_input *in = &c->rs->inputs[inputs[k]];
		weight /= fold_slots(c->rs, inputs[k]);
		sb_puts(c->o, k ? " + " : "");
		/* Unsigned: the inputs are within their domains, and a 32-bit unsigned index
		 * needs no sign extension. */
		if (in->min && !padded) {
			sb_printf(c->o, "((uint32_t)in[%u]", inputs[k]);
			offset(c->o, in->min);
			sb_putc(c->o, ')');
		} else {
			sb_printf(c->o, "(uint32_t)in[%u]", inputs[k]);
		}
		if (weight > 1)
			sb_printf(c->o, " * %lldu", (long long)weight);
	}
	if (n == 0)
		sb_puts(c->o, "0u");
}

/* A value written as a constant ("value 1", "value -2"): its signed value. */
static bool constant_value(const rtab_modifier *m, int64_t *v)
{
	const rtab_expr *e = &m->value;
	if (e->ninstrs == 1 && e->instrs[0].op == RTAB_OP_CONST)
		*v = e->instrs[0].arg;
	else if (e->ninstrs == 2 && e->instrs[0].op == RTAB_OP_CONST && e->instrs[1].op == RTAB_OP_NEG &&
		 e->instrs[0].arg != INT32_MIN)
		*v = -(int64_t)e->instrs[0].arg;
	else
		return false;
	if (m->sign < 0)
		*v = -*v;
	return true;
}

/*
 * Whether every member of a stacking group on one side (0: +1, 1: -1) has a
 * constant value: then, in the lean result, the member that counts is the
 * first by preference whose condition holds, chosen by a chain of selects.
 */
static bool constant_side(const rtab_ruleset *rs, const rtab_table *t, int g, int side)
{
	if (g < 0 || rs->groups[g].stacking == RTAB_STACK_SUM)
		return false;
	for (size_t i = 0; i < t->nmodifiers; i++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		int64_t v;
		if (counts_at_step(t, m) && m->group == g && (m->sign < 0) == side && !constant_value(m, &v))
			return false;
	}
	return true;
}

/* "(c1a_1 ? -2 : c1a_0 ? -1 : 0)": the value of one side of a group, its members (numbered
 * in the order listed) by preference; among equal values the first listed. */
static void emit_side_chain(nctx *c, const rtab_table *t, int g, int side)
{
	const rtab_ruleset *rs = c->rs;
	size_t order[RTAB_MAX_APPLIED], n = 0;
	int64_t val[RTAB_MAX_APPLIED];
	bool high = strcmp(prefers(rs->groups[g].stacking, side ? -1 : 1), ">") == 0;
	for (size_t i = 0; i < t->nmodifiers && n < RTAB_MAX_APPLIED; i++) {
		const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
		if (!counts_at_step(t, m) || m->group != g || (m->sign < 0) != side)
			continue;
		constant_value(m, &val[n]);
		size_t j = n;
		for (; j > 0 && (high ? val[n] > val[order[j - 1]] : val[n] < val[order[j - 1]]); j--)
			order[j] = order[j - 1];
		order[j] = n++;
	}
	sb_putc(c->o, '(');
	for (size_t k = 0; k < n; k++)
		sb_printf(c->o, "c%d%s_%zu ? %lld : ", g, side ? "d" : "a", order[k], (long long)val[order[k]]);
	sb_puts(c->o, "0)");
}

/* Whether the lean code chooses this side of a group by a chain of selects. */
static bool chained(const nctx *c, const rtab_table *t, int g, int side)
{
	return !c->full && g >= 0 && g < 64 && constant_side(c->rs, t, g, side);
}

/*
 * Whether a modifier reads "applies when its value is not 0" (its condition is
 * its value's program followed by != 0) and counts in a plain sum: then its
 * value alone is what it adds. A stacking group keeps the worst or best of
 * the members that apply, where an applied 0 counts: those are left as they are.
 */
static bool nonzero_value(const rtab_ruleset *rs, const rtab_modifier *m)
{
	const rtab_expr *cnd = &m->condition, *v = &m->value;
	if (m->group >= 0 || cnd->ninstrs != v->ninstrs + 2u || v->ninstrs == 0)
		return false;
	for (size_t i = 0; i < v->ninstrs; i++)
		if (cnd->instrs[i].op != v->instrs[i].op || cnd->instrs[i].arg != v->instrs[i].arg ||
		    v->instrs[i].op == RTAB_OP_ROLL || v->instrs[i].op == RTAB_OP_JUMP ||
		    v->instrs[i].op == RTAB_OP_JUMP_IF_FALSE)
			return false;
	const rtab_instr *z = &cnd->instrs[v->ninstrs];
	if (z[0].op != RTAB_OP_CONST || z[0].arg != 0 || z[1].op != RTAB_OP_NE)
		return false;
	/* The defender's value is negated: INT32_MIN would be an error the interpreter reports. */
	sstate *st = xcalloc(v->ninstrs + 1u, sizeof *st);
	expr_intervals(rs, v, st);
	bool may_min = st[v->ninstrs].s[0].lo <= INT32_MIN;
	free(st);
	return !(m->sign < 0 && may_min);
}

/* The reasons noted so far (as mark_<tag>), to take back when what follows takes no part
 * in the result. */
static void emit_mark(nctx *c, int depth, const char *tag)
{
	line(c, depth, "const uint16_t mark_%s_n = out->nprovisional;", tag);
	line(c, depth, "const char *const mark_%s_p = out->provisional;", tag);
}

/* Take back the reasons noted since the mark, from the list and from the set of those listed. */
static void emit_undo(nctx *c, int depth, const char *tag)
{
	line(c, depth, "for (uint16_t u = mark_%s_n; u < out->nprovisional && u < RTAB_MAX_REASONS; u++)", tag);
	line(c, depth + 1, "seen.listed[seen.ids[u] >> 6] &= ~((uint64_t)1 << (seen.ids[u] & 63));");
	line(c, depth, "out->nprovisional = mark_%s_n; out->provisional = mark_%s_p;", tag, tag);
}

/* Whether the program notes a reason when the explaining code evaluates it. */
static bool expr_notes(nctx *c, const rtab_expr *e)
{
	if (!e->ninstrs)
		return false;
	strbuf probe = {0}, *saved = c->o;
	bool impure = c->impure;
	unsigned nexpr = c->nexpr; /* the probe leaves the labels of the code as they were */
	c->o = &probe;
	emit_expr(c, 0, e, "probe");
	c->o = saved;
	c->impure = impure;
	c->nexpr = nexpr;
	bool notes = probe.data && strstr(probe.data, "rtab_native_note_");
	sb_free(&probe);
	return notes;
}

static void emit_modifiers_native(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	size_t member[64][2] = {{0}}; /* per group and side: members met so far */
	for (size_t i = 0; i < t->nmodifiers; i++) {
		uint16_t mi = t->modifiers[i];
		const rtab_modifier *m = &rs->modifiers[mi];
		if (!counts_at_step(t, m))
			continue;
		if (c->fold && c->fold->modifier_folded[i]) {
			line(c, 1, "/* modifier %s: folded */", m->id);
			continue;
		}
		line(c, 1, "/* modifier %s */", m->id);
		if (!c->full && nonzero_value(rs, m)) {
			/* "when V != 0, value V": V itself (0 adds nothing when it does not apply). */
			emit_expr(c, 1, &m->value, "value");
			line(c, 1, "sum_other += %svalue;", m->sign < 0 ? "-(int64_t)" : "");
			continue;
		}
		char tag[32];
		snprintf(tag, sizeof tag, "m%zu", i);
		bool undo = c->full && expr_notes(c, &m->condition);
		if (undo)
			emit_mark(c, 1, tag);
		emit_expr(c, 1, &m->condition, "cond");
		if (chained(c, t, m->group, m->sign < 0)) {
			line(c, 1, "const int c%d%s_%zu = cond != 0;", m->group, m->sign < 0 ? "d" : "a",
			     member[m->group][m->sign < 0]++);
			continue;
		}
		/* The value's bounds, for the sign's overflow check. */
		sstate *st = xcalloc(m->value.ninstrs + 1u, sizeof *st);
		expr_intervals(rs, &m->value, st);
		bool may_min = st[m->value.ninstrs].s[0].lo <= INT32_MIN;
		free(st);
		if (!c->full && !(m->sign < 0 && may_min) && m->value.ninstrs <= 16) {
			/* A value that cannot fail nor branch is computed whether or not the
			 * modifier applies, and selected: no branch to mispredict. */
			strbuf value = {0}, *saved = c->o;
			c->o = &value;
			c->impure = false;
			emit_expr(c, 1, &m->value, "value");
			c->o = saved;
			if (!c->impure) {
				sb_puts(c->o, value.data);
				sb_free(&value);
				line(c, 1, "sv = %svalue;", m->sign < 0 ? "-" : "");
				if (m->group < 0) {
					line(c, 1, "sum_other += sv & -(int64_t)(cond != 0);");
				} else if (rs->groups[m->group].stacking == RTAB_STACK_SUM) {
					line(c, 1, "sum_g%d += sv & -(int64_t)(cond != 0);", m->group);
				} else {
					const char *side = m->sign < 0 ? "d" : "a";
					line(c, 1, "keep_g%d%s = cond && sv %s keep_g%d%s ? sv : keep_g%d%s;", m->group,
					     side, prefers(rs->groups[m->group].stacking, m->sign), m->group, side,
					     m->group, side);
				}
				continue;
			}
			sb_free(&value);
		}
		line(c, 1, "if (cond) {");
		emit_expr(c, 2, &m->value, "value");
		if (c->full) {
			line(c, 2, "slot = out->napplied++;");
			line(c, 2, "out->applied[slot].modifier = %u;", mi);
			line(c, 2, "out->applied[slot].value = value;");
		}
		if (m->sign < 0 && may_min)
			line(c, 2, "if (value == INT32_MIN) return RTAB_E_OVERFLOW;");
		line(c, 2, "sv = %svalue;", m->sign < 0 ? "-" : "");
		if (c->full) {
			line(c, 2, "out->applied[slot].signed_value = sv;");
			line(c, 2, "out->applied[slot].counted = 1;");
			line(c, 2, "out->applied[slot].shift = 0;");
			if (m->provisional)
				line(c, 2, "a%zu = slot;", i);
		}
		if (m->group < 0) {
			line(c, 2, "sum_other += sv;");
		} else if (rs->groups[m->group].stacking == RTAB_STACK_SUM) {
			line(c, 2, "sum_g%d += sv;", m->group);
		} else {
			const char *side = m->sign < 0 ? "d" : "a";
			int g = m->group;
			/* keep starts beyond every value: the first member always wins. */
			line(c, 2, "if (sv %s keep_g%d%s) {", prefers(rs->groups[g].stacking, m->sign), g, side);
			line(c, 3, "keep_g%d%s = sv;", g, side);
			if (c->full) {
				line(c, 3, "if (slot_g%d%s >= 0) out->applied[slot_g%d%s].counted = 0;", g, side, g,
				     side);
				line(c, 3, "slot_g%d%s = slot;", g, side);
				line(c, 2, "} else {");
				line(c, 3, "out->applied[slot].counted = 0;");
			}
			line(c, 2, "}");
		}
		if (undo) {
			/* It did not apply: what its condition read took no part (as the interpreter). */
			line(c, 1, "} else {");
			emit_undo(c, 2, tag);
		}
		line(c, 1, "}");
	}
}

/*
 * The extra modifiers for which no sum of the table can leave int32: those
 * the native code resolves without overflow checks (the interpreter answers
 * for the others, which are all far beyond any real modifier).
 */
static void drm_range(const nctx *c, const rtab_table *t, int64_t *lo, int64_t *hi, modifier_bounds *total)
{
	const rtab_ruleset *rs = c->rs;
	int64_t low = 0, high = 0; /* the extremes of every partial sum */
	modifier_bounds prefix = {0, 0};
	for (size_t g = 0; g <= rs->ngroups; g++) {
		modifier_bounds sum = group_range(rs, t, t->modifiers, t->nmodifiers, g);
		prefix.lo += sum.lo;
		prefix.hi += sum.hi;
		low = prefix.lo < low ? prefix.lo : low;
		high = prefix.hi > high ? prefix.hi : high;
	}
	if (!t->capped) {
		/* The modified roll, natural faces added, must stay within int32 too. */
		const rtab_dice *d = t->dice == RTAB_NO_DICE ? NULL : &rs->dice[t->dice];
		int64_t dlo = d ? d->min : 0, dhi = d ? d->max : 0;
		low = prefix.lo + dlo < low ? prefix.lo + dlo : low;
		high = prefix.hi + dhi > high ? prefix.hi + dhi : high;
	}
	*lo = (int64_t)INT32_MIN - low;
	*hi = (int64_t)INT32_MAX - high;
	if (total)
		*total = prefix;
}

/*
 * The modified rolls the cells of a table cover (see emit_row_cells): the
 * printed ones, one below (the 'below' row) and one above; and, where it costs
 * few cells, every roll an extra modifier within +-NATIVE_WIDE_EXTRA can give:
 * then the lean resolver looks the cell up without a test (the rolls beyond
 * are left to a general resolver, with the test).
 */
#define NATIVE_WIDE_EXTRA 8

static void cell_range(nctx *c)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_table *t = &rs->tables[c->ti];
	const rtab_dice *d = t->dice == RTAB_NO_DICE ? NULL : &rs->dice[t->dice];
	int64_t dmin = d ? d->min : 0, dmax = d ? d->max : 0;
	c->cell_lo = (int64_t)t->roll_min - 1;
	c->cell_hi = (int64_t)t->roll_max + 1;
	c->inside = t->capped && dmin + t->cap_min >= t->roll_min && dmax + t->cap_max <= t->roll_max;
	c->wide = false;
	if (c->inside || !table_native(rs, c->ti))
		return;
	int64_t drm_lo, drm_hi;
	modifier_bounds total;
	drm_range(c, t, &drm_lo, &drm_hi, &total);
	int64_t elo = drm_lo > -NATIVE_WIDE_EXTRA ? drm_lo : -NATIVE_WIDE_EXTRA;
	int64_t ehi = drm_hi < NATIVE_WIDE_EXTRA ? drm_hi : NATIVE_WIDE_EXTRA;
	if (elo > ehi)
		return;
	int64_t mlo = total.lo + elo, mhi = total.hi + ehi;
	if (t->capped) {
		mlo = mlo < t->cap_min ? t->cap_min : mlo > t->cap_max ? t->cap_max : mlo;
		mhi = mhi < t->cap_min ? t->cap_min : mhi > t->cap_max ? t->cap_max : mhi;
	}
	int64_t lo = dmin + mlo < c->cell_lo ? dmin + mlo : c->cell_lo;
	int64_t hi = dmax + mhi > c->cell_hi ? dmax + mhi : c->cell_hi;
	int64_t ncols = c->vcols ? (int64_t)c->vcols->nvcolumns : t->ncolumns;
	/* At most a few more cells than the printed ones per column, 8192 in all. */
	if (hi - lo > c->cell_hi - c->cell_lo + 4 * NATIVE_WIDE_EXTRA || (hi - lo + 1) * ncols > 8192)
		return;
	c->cell_lo = lo;
	c->cell_hi = hi;
	c->wide = true;
	c->extra_lo = elo;
	c->extra_hi = ehi;
}

/* Sum the groups in the interpreter's order: each group of the ruleset, then the rest. */
static void emit_sums(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	line(c, 1, "total = extra_drm;");
	for (size_t u = 0; c->fold && u < c->fold->nunits; u++) {
		const fold_unit *fu = &c->fold->units[u];
		indent(c->o, 1);
		sb_printf(c->o, "total += rtab_native_f%zu_%zu_[", c->ti, u);
		input_index(c, fu->inputs, fu->ninputs);
		sb_puts(c->o, "];\n");
	}
	for (size_t g = 0; g <= rs->ngroups; g++) {
		bool other = g == rs->ngroups;
		const rtab_group *grp = other ? NULL : &rs->groups[g];
		bool used = other ? false : group_used(rs, t, g);
		if (other) {
			for (size_t i = 0; i < t->nmodifiers; i++)
				if (counts_at_step(t, &rs->modifiers[t->modifiers[i]]) &&
				    rs->modifiers[t->modifiers[i]].group < 0)
					used = true;
		}
		if (used && !other && c->fold && c->fold->group_folded[g])
			continue; /* in a folded table, below */
		if (!used)
			continue; /* a group with no member here adds nothing */
		if (c->full) {
			/* The provisional values counted, in the interpreter's order. */
			for (size_t i = 0; i < t->nmodifiers; i++) {
				const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
				if (!counts_at_step(t, m) || !m->provisional ||
				    (other ? m->group >= 0 : m->group != (int)g))
					continue;
				line(c, 1, "if (a%zu >= 0 && out->applied[a%zu].counted) rtab_native_note_(out, &seen, %u, modifiers[%u].provisional);",
				     i, i, reason_id(c, m->provisional), t->modifiers[i]);
			}
		}
		if (other) {
			line(c, 1, "total += sum_other;");
		} else {
			line(c, 1, "/* group %s */", grp->id);
			if (grp->stacking == RTAB_STACK_SUM)
				line(c, 1, "gsum = sum_g%zu;", g);
			else
			{
				indent(c->o, 1);
				sb_puts(c->o, "gsum = ");
				for (int side = 0; side < 2; side++) {
					const char *sd = side ? "d" : "a";
					sb_puts(c->o, side ? " + " : "");
					if (chained(c, t, (int)g, side))
						emit_side_chain(c, t, (int)g, side);
					else
						sb_printf(c->o, "(keep_g%zu%s == %s ? 0 : keep_g%zu%s)", g, sd,
							  keep_start(grp->stacking, side ? -1 : 1), g, sd);
				}
				sb_puts(c->o, ";\n");
			}
			if (grp->capped) {
				line(c, 1, "if (gsum < %ld) gsum = %ld;", (long)grp->cap_min, (long)grp->cap_min);
				line(c, 1, "if (gsum > %ld) gsum = %ld;", (long)grp->cap_max, (long)grp->cap_max);
			}
			line(c, 1, "total += gsum;");
		}
	}
}

/* Whether a table's rows and outcomes fit a byte each (row 255 and outcome 255 left free). */
static bool narrow_cells(const rtab_table *t)
{
	if (t->nrows > 255)
		return false;
	for (size_t r = 0; r < t->nrows; r++)
		if (rtab_row_outcome(t, r) > 254)
			return false;
	return true;
}

static const char *cell_type(const rtab_table *t)
{
	return narrow_cells(t) ? "uint16_t" : "uint32_t";
}

/* Trigger k of outcome o, as collect_triggers resolves it: its reason, whether
 * 'unless' suppresses it, how many times it is resolved. */
static void emit_trigger(nctx *c, size_t o, size_t k)
{
	const rtab_trigger *tr = &c->rs->outcomes[o].triggers[k];
	bool undo = tr->provisional || expr_notes(c, &tr->unless) || expr_notes(c, &tr->times);
	line(c, 2, "{ /* trigger %zu */", k);
	if (undo)
		emit_mark(c, 3, "tr");
	if (tr->provisional)
		line(c, 3, "rtab_native_note_(out, &seen, %u, outcome%zu_triggers[%zu].provisional);",
		     reason_id(c, tr->provisional), o, k);
	if (tr->unless.ninstrs)
		emit_expr(c, 3, &tr->unless, "cond");
	else
		line(c, 3, "cond = 0;");
	if (undo)
		line(c, 3, "times = 0;");
	line(c, 3, "if (!cond) {");
	if (tr->times.ninstrs) {
		emit_expr(c, 4, &tr->times, "times");
		line(c, 4, "if (times < 0) return RTAB_E_RULESET;");
	} else {
		line(c, 4, "times = 1;");
	}
	if (undo) {
		/* It did not fire: the result used none of it (as the interpreter). */
		line(c, 3, "}");
		line(c, 3, "if (times == 0) {");
		emit_undo(c, 4, "tr");
		line(c, 3, "}");
		line(c, 3, "{");
	}
	line(c, 4, "for (int32_t i = 0; i < times; i++, nt++) {");
	line(c, 5, "if (nt < RTAB_MAX_TRIGGERS) {");
	line(c, 6, "out->triggered[nt] = outcome%zu_triggers[%zu].target;", o, k);
	line(c, 6, "out->triggered_by[nt] = %zu;", k);
	line(c, 5, "}");
	line(c, 4, "}");
	line(c, 3, "}");
	line(c, 2, "}");
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

/* The tables of the folded modifiers of the lean resolver of table c->ti. */
static void emit_fold_tables(nctx *c, const fold_plan *p)
{
	const rtab_ruleset *rs = c->rs;
	for (size_t u = 0; u < p->nunits; u++) {
		const fold_unit *fu = &p->units[u];
		const char *type = fu->lo >= INT8_MIN && fu->hi <= INT8_MAX     ? "int8_t"
				   : fu->lo >= INT16_MIN && fu->hi <= INT16_MAX ? "int16_t"
										: "int32_t";
		sb_printf(c->o, "/* What the folded modifiers add, by");
		for (size_t k = 0; k < fu->ninputs; k++)
			sb_printf(c->o, "%s %s", k ? " x" : "", rs->inputs[fu->inputs[k]].id);
		int64_t pad = index_pad(rs, fu->inputs, fu->ninputs);
		pad = pad < 0 ? 0 : pad;
		if (pad)
			sb_printf(c->o, " (after %lld entries never read)", (long long)pad);
		sb_printf(c->o, " */\nstatic const %s rtab_native_f%zu_%zu_[%zu] = {", type, c->ti, u,
			  fu->nentries + (size_t)pad);
		for (size_t e = 0; e < fu->nentries + (size_t)pad; e++) {
			sb_puts(c->o, e ? "," : "");
			sb_puts(c->o, e % 16 ? " " : "\n\t");
			sb_put_int(c->o, e < (size_t)pad ? 0 : fu->values[e - (size_t)pad]);
		}
		sb_puts(c->o, "\n};\n");
	}
}

static void emit_table_body(nctx *c, const rtab_table *t, const rtab_dice *d);

static void emit_table_fn(nctx *c)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_table *t = &rs->tables[c->ti];
	const rtab_dice *d = t->dice == RTAB_NO_DICE ? NULL : &rs->dice[t->dice];

	c->nexpr = 0;
	sb_putc(c->o, '\n');
	bool native = table_native(rs, c->ti);
	fold_plan fold = {0};
	c->fold = NULL;
	if (native && !c->full) {
		fold_plan_make(rs, t, &fold);
		emit_fold_tables(c, &fold);
		c->fold = &fold;
	}
	if (native && !c->full) {
		/* What the lean resolver's one test sends elsewhere, with the same arguments (no
		 * moves on the fast path): the general lean resolver, for extra modifiers
		 * beyond the fast one's; or the interpreter, for any invalid call. */
		sb_printf(c->o, "RTAB_NATIVE_COLD_ int rtab_native_any%zu_(const %s_situation *s, const int32_t *faces,\n"
				"\tsize_t nfaces, int32_t extra_drm, rtab_lean_result *out)\n", c->ti, rs->id);
		c->fast = false;
		if (c->wide) {
			emit_table_body(c, t, d);
			c->nexpr = 0;
			c->fast = true;
		} else {
			line(c, 0, "{");
			return_interpreted(c, 1);
			line(c, 0, "}");
		}
		sb_putc(c->o, '\n');
	}
	signature(c->o, rs, t->id, c->full);
	sb_putc(c->o, '\n');
	if (!native) {
		emit_fallback(c);
		return;
	}
	emit_table_body(c, t, d);
	c->fast = false;
	c->fold = NULL;
	fold_plan_free(&fold);
}

/* The locals of a resolver, each group's accumulators among them. */
static void emit_locals(nctx *c, const rtab_table *t, bool roll32)
{
	const rtab_ruleset *rs = c->rs;
	line(c, 1, "const int32_t *in;");
	line(c, 1, "int64_t total, gsum = 0, %ssum_other = 0;", roll32 ? "" : "roll, ");
	if (roll32)
		line(c, 1, "int32_t roll;");
	line(c, 1, "int32_t natural = 0, modifier, cond = 0, value = 0, sv = 0;");
	line(c, 1, "int row, col, outcome, nat = -1;");
	for (size_t g = 0; g < rs->ngroups; g++) {
		if (!group_used(rs, t, g) || (c->fold && c->fold->group_folded[g]))
			continue;
		if (rs->groups[g].stacking == RTAB_STACK_SUM) {
			line(c, 1, "int64_t sum_g%zu = 0;", g);
			continue;
		}
		line(c, 1, "int64_t keep_g%zua = %s, keep_g%zud = %s;", g, keep_start(rs->groups[g].stacking, 1), g,
		     keep_start(rs->groups[g].stacking, -1));
		if (c->full)
			line(c, 1, "int slot_g%zua = -1, slot_g%zud = -1;", g, g);
		line(c, 1, "(void)keep_g%zua; (void)keep_g%zud;", g, g);
		if (c->full)
			line(c, 1, "(void)slot_g%zua; (void)slot_g%zud;", g, g);
	}
	if (c->full) {
		line(c, 1, "rtab_native_seen_ seen;");
		line(c, 1, "int32_t times = 0;");
		line(c, 1, "size_t nt = 0;");
		line(c, 1, "(void)times; (void)nt;");
		line(c, 1, "int slot = -1;");
		for (size_t i = 0; i < t->nmodifiers; i++) {
			const rtab_modifier *m = &rs->modifiers[t->modifiers[i]];
			if (counts_at_step(t, m) && m->provisional)
				line(c, 1, "int a%zu = -1;", i);
		}
	}
	line(c, 1, "(void)gsum; (void)cond; (void)value; (void)sv; (void)sum_other;");
	if (c->full)
		line(c, 1, "(void)slot;");
}

/* The lean resolver's entry: one test for a valid call; anything else (a missing pointer,
 * the wrong faces, an extra modifier beyond which a sum could leave int32) is rare: the
 * interpreter answers, with its own error. Then the natural roll. */
static void emit_lean_entry(nctx *c, const rtab_dice *d, int64_t drm_lo, int64_t drm_hi)
{
	unsigned nf = d ? d->nfaces : 0;
	indent(c->o, 1);
	sb_printf(c->o, "if (RTAB_NATIVE_UNLIKELY_(!s || !out%s || nfaces != %u", nf ? " || !faces" : "", nf);
	size_t k = 0;
	for (size_t g = 0; d && g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, k++) {
			sb_printf(c->o, " ||\n\t\t(uint32_t)faces[%zu]", k);
			offset(c->o, d->groups[g].face_min);
			sb_printf(c->o, " > %luu", (unsigned long)((uint32_t)d->groups[g].face_max -
								   (uint32_t)d->groups[g].face_min));
		}
	if (drm_lo > INT32_MIN)
		sb_printf(c->o, " ||\n\t\textra_drm < %lld", (long long)drm_lo);
	if (drm_hi < INT32_MAX)
		sb_printf(c->o, " ||\n\t\textra_drm > %lld", (long long)drm_hi);
	sb_puts(c->o, "))\n");
	if (c->fast || !c->wide)
		line(c, 2, "return rtab_native_any%zu_(s, faces, nfaces, extra_drm, out);", c->ti);
	else
		return_interpreted(c, 2);
	line(c, 1, "in = s->inputs;");
	line(c, 1, "(void)in;");
	for (k = 0; d && k < d->nfaces; k++)
		line(c, 1, "natural += faces[%zu];", k);
}

/* The explaining resolver's entry: the interpreter's own checks and errors, in its order;
 * the result cleared; then the natural roll. */
static void emit_full_entry(nctx *c, const rtab_dice *d, int64_t drm_lo, int64_t drm_hi)
{
	unsigned nf = d ? d->nfaces : 0;
	line(c, 1, "if (!s || !out || (!faces && nfaces)) return RTAB_E_NULL;");
	if (drm_lo > INT32_MIN || drm_hi < INT32_MAX) {
		line(c, 1, "/* Beyond these, a sum could leave int32: the interpreter says how. */");
		indent(c->o, 1);
		sb_puts(c->o, "if (");
		if (drm_lo > INT32_MIN)
			sb_printf(c->o, "extra_drm < %lld", (long long)drm_lo);
		if (drm_hi < INT32_MAX)
			sb_printf(c->o, "%sextra_drm > %lld", drm_lo > INT32_MIN ? " || " : "", (long long)drm_hi);
		sb_puts(c->o, ")\n");
		return_interpreted(c, 2);
	}
	line(c, 1, "out->table = %zu;", c->ti);
	line(c, 1, "out->column = out->row = out->outcome = 0;");
	line(c, 1, "out->napplied = out->ntriggered = 0;");
	line(c, 1, "out->provisional = NULL;");
	line(c, 1, "out->nprovisional = 0;");
	line(c, 1, "rtab_native_seen_clear_(&seen);");
	line(c, 1, "out->natural_rule = out->rewritten_from = out->rewrite = -1;");
	line(c, 1, "out->key_num = out->key_den = 0;");
	line(c, 1, "out->key_column = -1;");
	line(c, 1, "out->column_shift = 0;");
	line(c, 1, "out->automatic = 0;");
	line(c, 1, "in = s->inputs;");
	line(c, 1, "(void)in;");
	/* The faces. */
	line(c, 1, "if (nfaces != %u) return RTAB_E_FACES;", nf);
	if (!d)
		return;
	/* Every face within its die, in one test. */
	size_t k = 0;
	indent(c->o, 1);
	sb_puts(c->o, "if (");
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, k++)
			sb_printf(c->o, "%s((uint64_t)((int64_t)faces[%zu] - (%d)) > %du)", k ? " | " : "", k,
				  d->groups[g].face_min, d->groups[g].face_max - d->groups[g].face_min);
	sb_puts(c->o, ")\n");
	line(c, 2, "return RTAB_E_FACES;");
	for (k = 0; k < d->nfaces; k++)
		line(c, 1, "natural += faces[%zu];", k);
}

/* The column the table is read in. */
static void emit_column(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	if (!c->full && c->vcols) {
		/* Where the cells of the virtual column start (the column, with the rewrites
		 * that hold applied). */
		indent(c->o, 1);
		sb_printf(c->o, "col = (int)rtab_native_v%zu_[", c->ti);
		input_index(c, c->vcols->inputs, c->vcols->ninputs);
		sb_puts(c->o, "];\n");
	} else if (t->column_input < 0) {
		line(c, 1, "col = 0;");
	} else {
		const rtab_input *ci = &rs->inputs[t->column_input];
		bool bad = false;
		for (int64_t v = 0; v <= ci->max; v++)
			if (t->column_of_value[v] >= t->ncolumns)
				bad = true;
		line(c, 1, "col = table%zu_column_of_value[(uint32_t)in[%d]]; /* by %s */", c->ti, t->column_input,
		     ci->id);
		char var[32];
		snprintf(var, sizeof var, "in[%d]", t->column_input);
		note_input_native(c, 1, (size_t)t->column_input, var);
		if (bad)
			line(c, 1, "if (col >= %u) return RTAB_E_COLUMN;", t->ncolumns);
	}
}

/* A natural roll that decides whatever the modifiers: the block that looks it up, which
 * opens the block of the modified roll ("} else {"), or that block alone. */
static void emit_naturals(nctx *c, const rtab_table *t, const rtab_dice *d)
{
	bool naturals = false;
	if (t->nnatural && d)
		for (size_t k = 0; k < t->nnatural; k++)
			naturals |= t->natural[k].nfaces == d->nfaces;
	if (!naturals) {
		line(c, 1, "(void)nat;");
		line(c, 1, "{");
		return;
	}
	line(c, 1, "{");
	line(c, 2, "int32_t f[%u];", d->nfaces);
	line(c, 2, "for (size_t i = 0; i < %u; i++) f[i] = faces[i];", d->nfaces);
	if (d->nfaces > 1)
		line(c, 2, "rtab_native_sort_(f, %u);", d->nfaces);
	for (size_t k = 0; k < t->nnatural; k++) {
		const rtab_natural_rule *nr = &t->natural[k];
		if (nr->nfaces != d->nfaces)
			continue;
		int32_t sorted[RTAB_MAX_FACES];
		memcpy(sorted, nr->faces, nr->nfaces * sizeof *sorted);
		qsort(sorted, nr->nfaces, sizeof *sorted, cmp_i32);
		indent(c->o, 2);
		sb_printf(c->o, "if (nat < 0");
		for (size_t j = 0; j < nr->nfaces; j++)
			sb_printf(c->o, " && f[%zu] == %ld", j, (long)sorted[j]);
		sb_printf(c->o, ") nat = %zu;\n", k);
	}
	line(c, 1, "}");
	line(c, 1, "if (nat >= 0) {");
	line(c, 2, "row = UINT16_MAX;");
	line(c, 2, "outcome = table%zu_natural[nat].outcome;", c->ti);
	if (c->full) {
		line(c, 2, "out->natural_rule = (int16_t)nat;");
		char name[64];
		const char **whys = xcalloc(t->nnatural ? t->nnatural : 1, sizeof *whys);
		for (size_t k = 0; k < t->nnatural; k++)
			whys[k] = t->natural[k].provisional;
		snprintf(name, sizeof name, "rtab_native_reasons_n%zu_", c->ti);
		reason_id_array(c, name, whys, t->nnatural);
		line(c, 2, "rtab_native_note_first_(out, &seen, %s[nat], table%zu_natural[nat].provisional);", name,
		     c->ti);
	}
	line(c, 1, "} else {");
}

/* The row and outcome of the modified roll, from the packed cells (see emit_row_cells). */
static void emit_cell_lookup(nctx *c, const rtab_table *t)
{
	int64_t span = (int64_t)t->roll_max - t->roll_min + 1;
	int64_t width = c->cell_hi - c->cell_lo + 1;
	bool inside = c->inside;
	bool none = false;
	for (size_t k = 0; k < t->ncolumns; k++) {
		const rtab_column *col = &t->columns[k];
		for (int64_t r = 0; r < span; r++)
			none |= rtab_column_row(col, (size_t)r) < 0;
		none |= !inside && (col->below_row < 0 || col->above_row < 0);
	}
	/* The offset of the modified roll from the first the cells cover, in 32 bits: the
	 * roll is within int32 here, and so is the difference (modulo 2^32, where a roll
	 * below the first lands far above the last). The lean code's col is where the
	 * column's cells start. */
	strbuf index = {0}, column = {0};
	if (!c->full && c->vcols)
		sb_puts(&column, "(uint32_t)col + ");
	else if (t->ncolumns > 1)
		sb_printf(&column, "(uint32_t)col * %lldu + ", (long long)width);
	sb_puts(&index, "(uint32_t)roll");
	offset(&index, c->cell_lo);
	if (inside || c->fast) {
		line(c, 2, "%s cell = rtab_native_t%zu_[%s%s];", cell_type(t), c->ti, column.data ? column.data : "",
		     index.data);
	} else {
		/* Inside the rolls covered the common case: one unsigned test. */
		line(c, 2, "uint32_t at = %s;", index.data);
		line(c, 2, "if (at >= %lldu) at = roll < %lld ? 0u : %lldu;", (long long)width, (long long)c->cell_lo,
		     (long long)width - 1);
		line(c, 2, "%s cell = rtab_native_t%zu_[%sat];", cell_type(t), c->ti, column.data ? column.data : "");
	}
	sb_free(&index);
	sb_free(&column);
	if (none)
		line(c, 2, "if (cell == %s) return RTAB_E_NO_ROW;", narrow_cells(t) ? "UINT16_MAX" : "UINT32_MAX");
	line(c, 2, "row = (int)(cell >> %d);", narrow_cells(t) ? 8 : 16);
	line(c, 2, "outcome = (int)(cell & %s);", narrow_cells(t) ? "0xffu" : "0xffffu");
	char why[128];
	if (c->full && row_provisional_expr(why, sizeof why, c->rs, c->ti, "row")) {
		char name[64];
		const char **whys = xcalloc(t->nrows ? t->nrows : 1, sizeof *whys);
		for (size_t r = 0; r < t->nrows; r++)
			whys[r] = rtab_row_provisional(t, r);
		snprintf(name, sizeof name, "rtab_native_reasons_r%zu_", c->ti);
		reason_id_array(c, name, whys, t->nrows);
		line(c, 2, "rtab_native_note_first_(out, &seen, %s[row], %s);", name, why);
	}
}

/* Rewrites: the first that applies. */
static void emit_rewrites(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	line(c, 1, "do {");
	for (size_t k = 0; k < t->nrewrites; k++) {
		const rtab_rewrite *rw = &t->rewrites[k];
		line(c, 2, "if (outcome == %u) { /* %s -> %s */", rw->from, rs->outcomes[rw->from].id,
		     rs->outcomes[rw->to].id);
		bool undo = c->full && expr_notes(c, &rw->condition);
		if (undo)
			emit_mark(c, 3, "rw");
		emit_expr(c, 3, &rw->condition, "cond");
		if (undo) {
			/* The outcome stands as the row gave it: the condition took no part. */
			line(c, 3, "if (!cond) {");
			emit_undo(c, 4, "rw");
			line(c, 3, "}");
		}
		line(c, 3, "if (cond) {");
		if (c->full && rw->provisional)
			line(c, 4, "rtab_native_note_(out, &seen, %u, table%zu_rewrites[%zu].provisional);",
			     reason_id(c, rw->provisional), c->ti, k);
		if (c->full) {
			line(c, 4, "out->rewritten_from = (int16_t)outcome;");
			line(c, 4, "out->rewrite = %zu;", k);
		}
		line(c, 4, "outcome = %u;", rw->to);
		line(c, 4, "break;");
		line(c, 3, "}");
		line(c, 2, "}");
	}
	line(c, 1, "} while (0);");
}

/* The explaining resolver's end: what the outcome triggers, and the result's fields. */
static void emit_full_result(nctx *c)
{
	const rtab_ruleset *rs = c->rs;
	bool any = false;
	for (size_t o = 0; o < rs->noutcomes; o++)
		any |= rs->outcomes[o].ntriggers > 0;
	if (any) {
		line(c, 1, "switch (outcome) {");
		for (size_t o = 0; o < rs->noutcomes; o++) {
			const rtab_outcome *oc = &rs->outcomes[o];
			if (!oc->ntriggers)
				continue;
			line(c, 1, "case %zu: /* %s */", o, oc->id);
			for (size_t k = 0; k < oc->ntriggers; k++)
				emit_trigger(c, o, k);
			line(c, 2, "break;");
		}
		line(c, 1, "default: break;");
		line(c, 1, "}");
	}
	line(c, 1, "out->column = (uint16_t)col;");
	line(c, 1, "out->key_column = (int16_t)col;");
	line(c, 1, "out->row = (uint16_t)row;");
	line(c, 1, "out->outcome = (uint16_t)outcome;");
	line(c, 1, "out->modifier = modifier;");
	line(c, 1, "out->modified_roll = (int32_t)roll;");
	line(c, 1, "if (nt > RTAB_MAX_TRIGGERS) return RTAB_E_RULESET;");
	line(c, 1, "out->ntriggered = (uint16_t)nt;");
}

static void emit_table_body(nctx *c, const rtab_table *t, const rtab_dice *d)
{
	line(c, 0, "{");
	/* Whether the modified roll may leave int32 (a capped modifier added to the faces);
	 * where it cannot, the lean code adds in 32 bits. */
	bool roll_overflow = t->capped && d && ((int64_t)d->max + t->cap_max > INT32_MAX ||
						(int64_t)d->min + t->cap_min < INT32_MIN);
	bool roll32 = !c->full && !roll_overflow;
	emit_locals(c, t, roll32);
	int64_t drm_lo, drm_hi;
	drm_range(c, t, &drm_lo, &drm_hi, NULL);
	if (c->fast) {
		drm_lo = c->extra_lo;
		drm_hi = c->extra_hi;
	}
	if (t->step >= 0)
		drm_lo = drm_hi = 0; /* any other is RTAB_E_STEP_DRM: the interpreter says so */
	if (c->full) {
		emit_full_entry(c, d, drm_lo, drm_hi);
		line(c, 1, "out->natural = natural;");
	} else {
		emit_lean_entry(c, d, drm_lo, drm_hi);
	}
	emit_modifiers_native(c, t);
	emit_sums(c, t);
	line(c, 1, "modifier = (int32_t)total;");
	if (c->full)
		line(c, 1, "out->modifier_raw = modifier;");
	if (t->capped) {
		line(c, 1, "if (modifier < %ld) modifier = %ld;", (long)t->cap_min, (long)t->cap_min);
		line(c, 1, "if (modifier > %ld) modifier = %ld;", (long)t->cap_max, (long)t->cap_max);
	}
	if (roll32)
		line(c, 1, "roll = natural + modifier;");
	else
		line(c, 1, "roll = (int64_t)natural + modifier;");
	if (roll_overflow)
		line(c, 1, "if (roll < INT32_MIN || roll > INT32_MAX) return RTAB_E_OVERFLOW;");
	emit_column(c, t);
	emit_naturals(c, t, d);
	emit_cell_lookup(c, t);
	line(c, 1, "}");
	/* In the cells of a virtual column, when folded. */
	if (t->nrewrites && (c->full || !c->vcols))
		emit_rewrites(c, t);
	if (c->full) {
		emit_full_result(c);
	} else {
		line(c, 1, "(void)col;");
		line(c, 1, "out->outcome = (uint16_t)outcome;");
		line(c, 1, "out->row = (uint16_t)row;");
		line(c, 1, "out->natural = natural;");
		line(c, 1, "out->modifier = modifier;");
		line(c, 1, "out->modified_roll = (int32_t)roll;");
	}
	line(c, 1, "return RTAB_OK;");
	line(c, 0, "}");
}

/*
 * Per column of a table, for each modified roll roll_min..roll_max and then
 * below and above: the row << 8 | its outcome (16 when either needs more than
 * a byte), all ones for no row.
 */
static void emit_row_cells(const nctx *c)
{
	const rtab_ruleset *rs = c->rs;
	size_t ti = c->ti;
	const rtab_table *t = &rs->tables[ti];
	const fold_columns *vc = c->vcols;
	size_t ncols = vc ? vc->nvcolumns : t->ncolumns;
	size_t width = (size_t)(c->cell_hi - c->cell_lo + 1);
	bool narrow = narrow_cells(t);
	sb_printf(c->o, "\n/* table %s: row << %d | outcome, for each modified roll %lld..%lld (%ld..%ld printed), "
		  "each column in turn */\n", t->id, narrow ? 8 : 16, (long long)c->cell_lo, (long long)c->cell_hi,
		  (long)t->roll_min, (long)t->roll_max);
	strbuf *o = c->o;
	if (vc && ncols > t->ncolumns)
		sb_printf(o, "/* Columns %u..%zu: columns with the rewrites that hold applied (rtab_native_v%zu_). */\n",
			  t->ncolumns, ncols - 1, ti);
	sb_printf(o, "static const %s rtab_native_t%zu_[%zu] = {\n", cell_type(t), ti, ncols * width);
	for (size_t k = 0; k < ncols; k++) {
		const rtab_column *col = &t->columns[vc ? vc->column[k] : k];
		sb_puts(o, "\t");
		for (size_t j = 0; j < width; j++) {
			int64_t roll = c->cell_lo + (int64_t)j;
			int row = roll < t->roll_min   ? col->below_row
				  : roll > t->roll_max ? col->above_row
						       : rtab_column_row(col, (size_t)(roll - t->roll_min));
			sb_puts(o, j ? ", " : "");
			if (row < 0) {
				sb_puts(o, narrow ? "UINT16_MAX" : "UINT32_MAX");
			} else {
				uint16_t oc = rtab_row_outcome(t, (size_t)row);
				if (vc)
					oc = fold_columns_outcome(t, vc, k, oc);
				sb_put_int(o, (long long)((unsigned long)row << (narrow ? 8 : 16) | oc));
				sb_putc(o, 'u');
			}
		}
		sb_puts(o, ",\n");
	}
	sb_puts(o, "};\n");
	if (!vc)
		return;
	/* Where the cells of each combination's (virtual) column start. */
	sb_printf(o, "/* table %s: where the cells of the column start, by", t->id);
	for (size_t k = 0; k < vc->ninputs; k++)
		sb_printf(o, "%s %s", k ? " x" : "", rs->inputs[vc->inputs[k]].id);
	int64_t pad = index_pad(rs, vc->inputs, vc->ninputs);
	size_t skip = pad < 0 ? 0 : (size_t)pad;
	if (skip)
		sb_printf(o, " (after %zu entries never read)", skip);
	sb_printf(o, " */\nstatic const %s rtab_native_v%zu_[%zu] = {", ncols * width <= UINT16_MAX ? "uint16_t" : "uint32_t",
		  ti, vc->nentries + skip);
	for (size_t e = 0; e < vc->nentries + skip; e++) {
		sb_puts(o, e ? "," : "");
		sb_puts(o, e % 16 ? " " : "\n\t");
		sb_put_int(o, e < skip ? 0 : (long long)(vc->vcolumn_of[e - skip] * width));
	}
	sb_puts(o, "\n};\n");
}

/* The rewrites of table ti folded into virtual columns, when they can be and the cells hold
 * every outcome they give. */
static bool table_vcolumns(const rtab_ruleset *rs, size_t ti, fold_columns *vc)
{
	const rtab_table *t = &rs->tables[ti];
	if (!table_native(rs, ti) || !fold_columns_make(rs, t, vc))
		return false;
	size_t span = (size_t)((int64_t)t->roll_max - t->roll_min + 1);
	bool ok = vc->nvcolumns * (span + 2) <= 4096 && vc->nvcolumns * (span + 2 + 4 * NATIVE_WIDE_EXTRA) <= UINT32_MAX;
	for (size_t k = 0; k < t->nrewrites; k++)
		ok &= !narrow_cells(t) || t->rewrites[k].to <= 254;
	if (!ok)
		fold_columns_free(vc);
	return ok;
}

/* The most extreme step of a ratio band that a:b (not 0:0) reaches, steps tried from the most extreme. */
static void emit_band_fn(strbuf *o, const rtab_ruleset *rs, size_t bi)
{
	const rtab_band *b = &rs->bands[bi];
	size_t n = b->nsteps;
	size_t *order = xcalloc(n ? n : 1, sizeof *order);
	size_t k = 0;

	/* Favourable steps (num >= den) from the largest ratio, then the others from the smallest;
	 * equal ratios keep their order of declaration. */
	for (int pass = 0; pass < 2; pass++) {
		size_t start = k;
		for (size_t i = 0; i < n; i++)
			if ((b->steps[i].num >= b->steps[i].den) == (pass == 0))
				order[k++] = i;
		for (size_t i = start + 1; i < k; i++) {
			size_t x = order[i], j = i;
			for (; j > start; j--) {
				const rtab_band_step *p = &b->steps[order[j - 1]], *q = &b->steps[x];
				int64_t cmp = (int64_t)q->num * p->den - (int64_t)p->num * q->den;
				if (pass == 0 ? cmp <= 0 : cmp >= 0)
					break;
				order[j] = order[j - 1];
			}
			order[j] = x;
		}
	}
	sb_printf(o, "\n/* ratio %s */\nRTAB_NATIVE_HELPER_ int32_t rtab_native_band%zu_(int64_t a, int64_t b)\n{\n",
		  b->id, bi);
	for (size_t i = 0; i < n; i++) {
		const rtab_band_step *st = &b->steps[order[i]];
		bool fav = st->num >= st->den;
		sb_printf(o, "\tif (a * %ld %s %ld * b) return %ld; /* %ld:%ld */\n", (long)st->den,
			  fav ? ">=" : "<=", (long)st->num, (long)st->value, (long)st->num, (long)st->den);
	}
	sb_printf(o, "\treturn %ld;\n}\n", (long)b->otherwise);
	/* The same, giving the step reached (its index as declared), or -1 for otherwise. */
	sb_printf(o, "\nRTAB_NATIVE_HELPER_ int rtab_native_band%zu_step_(int64_t a, int64_t b)\n{\n", bi);
	for (size_t i = 0; i < n; i++) {
		const rtab_band_step *st = &b->steps[order[i]];
		bool fav = st->num >= st->den;
		sb_printf(o, "\tif (a * %ld %s %ld * b) return %zu;\n", (long)st->den, fav ? ">=" : "<=",
			  (long)st->num, order[i]);
	}
	sb_puts(o, "\t(void)a; (void)b;\n\treturn -1;\n}\n");
	free(order);
}

/* Noting a reason: once (as the interpreter notes it), and the outcome's own first. The set
 * holds a bit per reason number, set while the reason is among those listed (the first
 * RTAB_MAX_REASONS), and the numbers of those listed in their order. Past the list's
 * room a reason not listed counts each time it is met, as in the interpreter. */
static void emit_reason_helpers(strbuf *o, size_t nreasons)
{
	size_t words = nreasons / 64 + 1;
	sb_printf(o, "\ntypedef struct rtab_native_seen_ {\n"
		     "\tuint64_t listed[%zu];\n"
		     "\tuint16_t ids[RTAB_MAX_REASONS];\n"
		     "} rtab_native_seen_;\n", words);
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ void rtab_native_seen_clear_(rtab_native_seen_ *seen)\n{\n");
	for (size_t k = 0; k < words; k++)
		sb_printf(o, "\tseen->listed[%zu] = 0;\n", k);
	/* Only a full list's numbers are read, but GCC cannot see that: cleared, the
	 * emitted C builds without -Wmaybe-uninitialized at every -O. */
	sb_puts(o, "\tfor (size_t k = 0; k < RTAB_MAX_REASONS; k++)\n\t\tseen->ids[k] = 0;\n");
	sb_puts(o, "}\n");
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ void rtab_native_note_(rtab_result *out, rtab_native_seen_ *seen, unsigned id,\n"
		   "\tconst char *why)\n{\n"
		   "\tuint64_t bit = (uint64_t)1 << (id & 63);\n"
		   "\tif (!why || (seen->listed[id >> 6] & bit)) return;\n"
		   "\tif (out->nprovisional < RTAB_MAX_REASONS) {\n"
		   "\t\tseen->listed[id >> 6] |= bit;\n"
		   "\t\tseen->ids[out->nprovisional] = (uint16_t)id;\n"
		   "\t\tout->reasons[out->nprovisional] = why;\n"
		   "\t}\n"
		   "\tif (!out->provisional) out->provisional = why;\n"
		   "\tif (out->nprovisional < UINT16_MAX) out->nprovisional++;\n}\n");
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ void rtab_native_note_first_(rtab_result *out, rtab_native_seen_ *seen,\n"
		   "\tunsigned id, const char *why)\n{\n"
		   "\tsize_t at;\n"
		   "\tif (!why) return;\n"
		   "\trtab_native_note_(out, seen, id, why);\n"
		   "\tout->provisional = why;\n"
		   "\tif (seen->listed[id >> 6] >> (id & 63) & 1) {\n"
		   "\t\tfor (at = 0; seen->ids[at] != id; at++) {}\n"
		   "\t} else { /* the list was full: the last listed makes room */\n"
		   "\t\tat = RTAB_MAX_REASONS - 1;\n"
		   "\t\tseen->listed[seen->ids[at] >> 6] &= ~((uint64_t)1 << (seen->ids[at] & 63));\n"
		   "\t\tseen->listed[id >> 6] |= (uint64_t)1 << (id & 63);\n"
		   "\t}\n"
		   "\tfor (; at > 0; at--) {\n"
		   "\t\tout->reasons[at] = out->reasons[at - 1];\n"
		   "\t\tseen->ids[at] = seen->ids[at - 1];\n"
		   "\t}\n"
		   "\tout->reasons[0] = why;\n"
		   "\tseen->ids[0] = (uint16_t)id;\n}\n");
}

void emit_native_source(strbuf *o, const rtab_ruleset *rs)
{
	nctx c = {0};
	c.o = o;
	c.rs = rs;

	sb_puts(o, "\n/*\n * Native resolvers: each table's rules as C, computing what rtab_resolve\n"
		   " * computes (see the header for the entry points).\n */\n");
	/* A ruleset need not use every helper; clang warns of unused static functions. */
	sb_puts(o, "\n#if defined(__GNUC__)\n#define RTAB_NATIVE_HELPER_ static inline __attribute__((unused))\n"
		   "#else\n#define RTAB_NATIVE_HELPER_ static inline\n#endif\n");
	/* The branch a valid call never takes, and the code it leads to (GNU extensions: plain C
	 * elsewhere). */
	sb_puts(o, "\n#if defined(__GNUC__)\n#define RTAB_NATIVE_UNLIKELY_(x) __builtin_expect(!!(x), 0)\n"
		   "#define RTAB_NATIVE_COLD_ static __attribute__((cold, noinline))\n"
		   "#else\n#define RTAB_NATIVE_UNLIKELY_(x) (x)\n#define RTAB_NATIVE_COLD_ static\n#endif\n");
	sb_printf(o,
		  "\nint %s_situation_init(%s_situation *s, const int32_t *values, size_t nvalues)\n{\n"
		  "\tint rc;\n"
		  "\tif (!s) return RTAB_E_NULL;\n"
		  "\tif (!values && nvalues == 0)\n"
		  "\t\treturn rtab_inputs_default(&%s_ruleset, s->inputs, %u);\n"
		  "\trc = rtab_inputs_validate(&%s_ruleset, values, nvalues);\n"
		  "\tif (rc != RTAB_OK) return rc;\n"
		  "\tfor (size_t i = 0; i < nvalues; i++) s->inputs[i] = values[i];\n"
		  "\treturn RTAB_OK;\n}\n",
		  rs->id, rs->id, rs->id, rs->ninputs, rs->id);
	sb_printf(o, "\nint %s_situation_set(%s_situation *s, size_t input, int32_t value)\n{\n"
		     "\tif (!s) return RTAB_E_NULL;\n", rs->id, rs->id);
	if (rs->ninputs) {
		sb_printf(o, "\tif (input >= %u || value < inputs[input].min || value > inputs[input].max)\n"
			     "\t\treturn RTAB_E_INPUT;\n",
			  rs->ninputs);
		if (rs->scale > 1) /* a number input takes the multiples of its step */
			sb_puts(o, "\tif (inputs[input].step > 1 && ((int64_t)value - inputs[input].min) % "
				   "inputs[input].step != 0)\n\t\treturn RTAB_E_INPUT;\n");
		sb_puts(o, "\ts->inputs[input] = value;\n\treturn RTAB_OK;\n}\n");
	}
	else
		sb_puts(o, "\t(void)input; (void)value;\n\treturn RTAB_E_INPUT;\n}\n");
	if (rs->ntables == 0)
		goto dispatch;
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ int64_t rtab_native_div_down_(int64_t a, int64_t b)\n{\n"
		   "\tint64_t q = a / b;\n"
		   "\treturn a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q;\n}\n");
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ int64_t rtab_native_div_up_(int64_t a, int64_t b)\n{\n"
		   "\tint64_t q = a / b;\n"
		   "\treturn a % b != 0 && (a < 0) == (b < 0) ? q + 1 : q;\n}\n");
	sb_puts(o, "\nRTAB_NATIVE_HELPER_ void rtab_native_sort_(int32_t *v, size_t n)\n{\n"
		   "\tfor (size_t i = 1; i < n; i++) {\n"
		   "\t\tint32_t x = v[i];\n"
		   "\t\tsize_t j = i;\n"
		   "\t\tfor (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];\n"
		   "\t\tv[j] = x;\n"
		   "\t}\n}\n");
	sb_printf(o, "\n/* A lean result from the interpreter, for what the native code leaves to it. */\n"
		     "RTAB_NATIVE_HELPER_ int rtab_native_interpreted_(size_t table, const %s_situation *s,\n"
		     "\tconst int32_t *faces, size_t nfaces, int32_t extra_drm, rtab_lean_result *out)\n{\n"
		     "\trtab_result r;\n"
		     "\tint rc;\n"
		     "\tif (!s || !out) return RTAB_E_NULL;\n"
		     "\trc = rtab_resolve_interpreted(&%s_ruleset, table, s->inputs, %u, faces, nfaces, extra_drm, &r);\n"
		     "\tif (rc != RTAB_OK) return rc;\n"
		     "\tout->outcome = r.outcome;\n"
		     "\tout->row = r.row;\n"
		     "\tout->natural = r.natural;\n"
		     "\tout->modifier = r.modifier;\n"
		     "\tout->modified_roll = r.modified_roll;\n"
		     "\treturn RTAB_OK;\n}\n",
		  rs->id, rs->id, rs->ninputs);
	for (size_t b = 0; b < rs->nbands; b++)
		emit_band_fn(o, rs, b);
	/* The resolvers first, into their own text: the helpers that note reasons are sized by
	 * the number of distinct reasons the resolvers note, and precede them. */
	strbuf resolvers = {0}, reason_arrays = {0};
	c.o = &resolvers;
	c.reason_arrays = &reason_arrays;
	for (size_t t = 0; t < rs->ntables; t++) {
		c.ti = t;
		fold_columns vc;
		c.vcols = table_vcolumns(rs, t, &vc) ? &vc : NULL;
		cell_range(&c);
		if (table_native(rs, t))
			emit_row_cells(&c);
		sb_printf(c.o, "\n/* table %s: %s */", rs->tables[t].id,
			  table_native(rs, t) ? "native" : "resolved by the interpreter");
		for (int full = 0; full < 2; full++) {
			c.full = full;
			emit_table_fn(&c);
		}
		if (c.vcols)
			fold_columns_free(&vc);
		c.vcols = NULL;
	}
	emit_reason_helpers(o, c.reason_ids.n);
	if (reason_arrays.data)
		sb_printf(o, "\n/* The numbers of the reasons a value chooses (0: none). */\n%s", reason_arrays.data);
	sb_puts(o, resolvers.data ? resolvers.data : "");
	sb_free(&reason_arrays);
	sb_free(&resolvers);
	for (size_t i = 0; i < c.reason_lists.cap; i++)
		free((char *)c.reason_lists.keys[i]);
	idmap_free(&c.reason_lists);
	idmap_free(&c.reason_ids);
	c.o = o;
dispatch:
	for (int full = 0; full < 2; full++) {
		sb_printf(o, "\nint %s_%s(size_t table, const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
			     "\tint32_t extra_drm, %s *out)\n{\n\tswitch (table) {\n",
			  rs->id, full ? "explain" : "resolve", rs->id, full ? "rtab_result" : "rtab_lean_result");
		for (size_t t = 0; t < rs->ntables; t++)
			sb_printf(o, "\tcase %zu: return %s_%s_%s(s, faces, nfaces, extra_drm, out);\n", t, rs->id,
				  full ? "explain" : "resolve", rs->tables[t].id);
		sb_puts(o, "\tdefault:\n\t\t(void)s; (void)faces; (void)nfaces; (void)extra_drm; (void)out;\n"
			   "\t\treturn RTAB_E_TABLE;\n\t}\n}\n");
	}
}

void emit_native_header(strbuf *o, const rtab_ruleset *rs)
{
	sb_printf(o,
		  "\n/*\n"
		  " * Native resolvers. A situation holds the inputs, checked once:\n"
		  " * fill it with %s_situation_init (NULL, 0: the defaults) and change one\n"
		  " * input with %s_situation_set; do not write its fields directly.\n"
		  " * %s_resolve_<table> gives what a game needs (outcome, modifier, modified\n"
		  " * roll); %s_explain_<table> fills the full rtab_result, exactly as\n"
		  " * rtab_resolve does. Both return RTAB_OK or a negative rtab_status.\n"
		  " */\n",
		  rs->id, rs->id, rs->id, rs->id);
	sb_printf(o, "typedef struct %s_situation {\n\tint32_t inputs[%u];\n} %s_situation;\n\n", rs->id,
		  rs->ninputs ? rs->ninputs : 1, rs->id);
	sb_printf(o, "int %s_situation_init(%s_situation *s, const int32_t *values, size_t nvalues);\n",
		  rs->id, rs->id);
	sb_printf(o, "int %s_situation_set(%s_situation *s, size_t input, int32_t value);\n", rs->id,
		  rs->id);
	for (size_t t = 0; t < rs->ntables; t++) {
		for (int full = 0; full < 2; full++) {
			signature(o, rs, rs->tables[t].id, full);
			sb_puts(o, ";\n");
		}
	}
	sb_puts(o, "/* By table index (");
	c_upper(o, rs->id);
	sb_puts(o, "_TABLE_...); RTAB_E_TABLE for no such table. */\n");
	for (int full = 0; full < 2; full++)
		sb_printf(o, "int %s_%s(size_t table, const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
			     "\tint32_t extra_drm, %s *out);\n",
			  rs->id, full ? "explain" : "resolve", rs->id, full ? "rtab_result" : "rtab_lean_result");
}
