/* SPDX-License-Identifier: MIT */
/*
 * The native resolvers' expressions (see emit_native.c): each program
 * translated instruction by instruction onto numbered stack slots (x0, x1,
 * ...), so that every operation happens in the interpreter's order; an
 * interval analysis of each slot drops the overflow, domain and division
 * checks that cannot fail for inputs within their domains. Beside them the
 * helpers every part of a resolver writes with: lines, reasons by number,
 * indices into folded tables.
 */
#include "codegen/emit_native_ctx.h"
#include "codegen/expr_intervals.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The explaining resolvers list each distinct reason once. The compiler numbers
 * the distinct reason texts, so that the code notes a reason by its number: a
 * bit of a set says whether it is listed already (no text is compared while
 * resolving). A reason fixed where it is noted gets its number in the code;
 * one chosen by a value (an enum value's, a matrix cell's, a band step's, a
 * natural roll's, a row's) gets it from an array of numbers beside the data.
 */
unsigned reason_id(nctx *c, const char *why)
{
	int n = (int)c->reason_ids.n;
	int had = idmap_put(&c->reason_ids, why, n);
	return had >= 0 ? (unsigned)had : (unsigned)n;
}

/* The array `name` of the numbers of whys[0..n) (0 where there is none), written once;
 * whys is freed. */
void reason_id_array(nctx *c, const char *name, const char **whys, size_t n)
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

void nindent(strbuf *o, int depth)
{
	for (int i = 0; i < depth; i++)
		sb_putc(o, '\t');
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void nline(nctx *c, int depth, const char *fmt, ...)
{
	va_list ap;
	size_t at = c->o->len;
	nindent(c->o, depth);
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
void check_range32(nctx *c, int depth, int slot, ival v)
{
	if (!ival_fits32(v))
		nline(c, depth, "if (x%d < INT32_MIN || x%d > INT32_MAX) return RTAB_E_OVERFLOW;", slot, slot);
}

/* The explanation of an input read into var: its reason when it holds its
 * default, its enum value's reason (as the interpreter's note_input). */
void note_input_native(nctx *c, int depth, size_t k, const char *var)
{
	const rtab_ruleset *rs = c->rs;
	const rtab_input *in = &rs->inputs[k];
	if (!c->full)
		return;
	if (in->provisional)
		nline(c, depth, "if (%s == %ld) rtab_native_note_(out, &seen, %u, inputs[%zu].provisional);", var,
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
			nline(c, depth, "rtab_native_note_(out, &seen, %s[%s], enums[%d].values[%s].provisional);",
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
			nline(c, depth + 1, "if (x%d < 0 || x%d >= %ld) return RTAB_E_INPUT;",
			     first + k, first + k, (long)nv);
	}
	nindent(c->o, depth + 1);
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
		nline(c, depth + 1, "rtab_native_note_(out, &seen, %s[x%d], rtab_matrix_reason(&matrices[%ld], (size_t)x%d));",
		     name, first, (long)in->arg, first);
	}
	nline(c, depth + 1, "x%d = matrix%ld_cells[x%d]; /* %s */", first, (long)in->arg, first, m->id);
}

/* A ratio band read (and, explaining, the reasons of the step it reaches). */
static void emit_band_read(nctx *c, int depth, const rtab_instr *in, const sstate *at)
{
	const rtab_ruleset *rs = c->rs;
	int a = at->depth - 2, b = at->depth - 1;
	ival va = at->s[a], vb = at->s[b];
	if (va.lo < 0 || vb.lo < 0)
		nline(c, depth + 1, "if (x%d < 0 || x%d < 0) return RTAB_E_INPUT;", a, b);
	if (c->full) {
		/* The step reached, for its reason. */
		const rtab_band *bd = &rs->bands[in->arg];
		long k = (long)in->arg;
		if (bd->provisional)
			nline(c, depth + 1, "rtab_native_note_(out, &seen, %u, bands[%ld].provisional);",
			     reason_id(c, bd->provisional), k);
		char steps[64];
		snprintf(steps, sizeof steps, "rtab_native_reasons_b%ld_", k);
		if (bd->step_provisional) {
			const char **whys = xcalloc(bd->nsteps ? bd->nsteps : 1, sizeof *whys);
			for (size_t i = 0; i < bd->nsteps; i++)
				whys[i] = bd->step_provisional[i];
			reason_id_array(c, steps, whys, bd->nsteps);
		}
		nline(c, depth + 1, "{");
		nline(c, depth + 2, "int step = x%d == 0 && x%d == 0 ? -1 : rtab_native_band%ld_step_(x%d, x%d); /* %s */",
		     a, b, k, a, b, bd->id);
		nline(c, depth + 2, "x%d = step < 0 ? %ld : bands[%ld].steps[step].value;", a,
		     (long)bd->otherwise, k);
		if (bd->step_provisional && bd->otherwise_provisional)
			nline(c, depth + 2, "rtab_native_note_(out, &seen, step < 0 ? %uu : %s[step], step < 0 ? bands[%ld].otherwise_provisional : bands[%ld].step_provisional[step]);",
			     reason_id(c, bd->otherwise_provisional), steps, k, k);
		else if (bd->step_provisional)
			nline(c, depth + 2, "if (step >= 0) rtab_native_note_(out, &seen, %s[step], bands[%ld].step_provisional[step]);",
			     steps, k);
		else if (bd->otherwise_provisional)
			nline(c, depth + 2, "if (step < 0) rtab_native_note_(out, &seen, %u, bands[%ld].otherwise_provisional);",
			     reason_id(c, bd->otherwise_provisional), k);
		nline(c, depth + 1, "}");
		return;
	}
	if (va.lo <= 0 && va.hi >= 0 && vb.lo <= 0 && vb.hi >= 0)
		/* 0:0, no forces on either side: no ratio to read. */
		nline(c, depth + 1, "x%d = x%d == 0 && x%d == 0 ? %ld : rtab_native_band%ld_(x%d, x%d); /* %s */",
		     a, a, b, (long)rs->bands[in->arg].otherwise, (long)in->arg, a, b,
		     rs->bands[in->arg].id);
	else
		nline(c, depth + 1, "x%d = rtab_native_band%ld_(x%d, x%d); /* %s */", a, (long)in->arg,
		     a, b, rs->bands[in->arg].id);
}

/* The statements of instruction i of expression `id`, given the stack on entry. */
static void emit_instr(nctx *c, int depth, unsigned id, size_t i, const rtab_instr *in, const sstate *at)
{
	const rtab_ruleset *rs = c->rs;
	int d = at->depth, a = d - 2, b = d - 1;
	ival va = a >= 0 ? at->s[a] : (ival){0, 0}, vb = b >= 0 ? at->s[b] : (ival){0, 0};
	switch ((rtab_op)in->op) {
	case RTAB_OP_CONST: nline(c, depth + 1, "x%d = %ld;", d, (long)in->arg); break;
	case RTAB_OP_INPUT: {
		char var[16];
		nline(c, depth + 1, "x%d = in[%ld]; /* %s */", d, (long)in->arg, rs->inputs[in->arg].id);
		snprintf(var, sizeof var, "x%d", d);
		note_input_native(c, depth + 1, (size_t)in->arg, var);
		break;
	}
	case RTAB_OP_NOT: nline(c, depth + 1, "x%d = !x%d;", b, b); break;
	case RTAB_OP_NEG:
	case RTAB_OP_ABS:
		if (vb.lo <= INT32_MIN)
			nline(c, depth + 1, "if (x%d == INT32_MIN) return RTAB_E_OVERFLOW;", b);
		if (in->op == RTAB_OP_NEG)
			nline(c, depth + 1, "x%d = -x%d;", b, b);
		else
			nline(c, depth + 1, "x%d = x%d < 0 ? -x%d : x%d;", b, b, b, b);
		break;
	case RTAB_OP_ADD:
	case RTAB_OP_SUB:
	case RTAB_OP_MUL: {
		const char *op = in->op == RTAB_OP_ADD ? "+" : in->op == RTAB_OP_SUB ? "-" : "*";
		nline(c, depth + 1, "x%d = x%d %s x%d;", a, a, op, b);
		check_range32(c, depth + 1, a, ival_binary(in->op, va, vb));
		break;
	}
	case RTAB_OP_EQ: nline(c, depth + 1, "x%d = x%d == x%d;", a, a, b); break;
	case RTAB_OP_NE: nline(c, depth + 1, "x%d = x%d != x%d;", a, a, b); break;
	case RTAB_OP_LT: nline(c, depth + 1, "x%d = x%d < x%d;", a, a, b); break;
	case RTAB_OP_LE: nline(c, depth + 1, "x%d = x%d <= x%d;", a, a, b); break;
	case RTAB_OP_GT: nline(c, depth + 1, "x%d = x%d > x%d;", a, a, b); break;
	case RTAB_OP_GE: nline(c, depth + 1, "x%d = x%d >= x%d;", a, a, b); break;
	/* Both sides are computed already: & and | give the same 0 or 1 without the
	 * branches && and || compile to, which a random situation mispredicts. */
	case RTAB_OP_AND: nline(c, depth + 1, "x%d = (x%d != 0) & (x%d != 0);", a, a, b); break;
	case RTAB_OP_OR: nline(c, depth + 1, "x%d = (x%d != 0) | (x%d != 0);", a, a, b); break;
	case RTAB_OP_MIN: nline(c, depth + 1, "x%d = x%d < x%d ? x%d : x%d;", a, a, b, a, b); break;
	case RTAB_OP_MAX: nline(c, depth + 1, "x%d = x%d > x%d ? x%d : x%d;", a, a, b, a, b); break;
	case RTAB_OP_DIV_DOWN:
	case RTAB_OP_DIV_UP: {
		if (vb.lo <= 0 && vb.hi >= 0)
			nline(c, depth + 1, "if (x%d == 0) return RTAB_E_EXPR;", b);
		nline(c, depth + 1, "x%d = rtab_native_div_%s_(x%d, x%d);", a,
		     in->op == RTAB_OP_DIV_DOWN ? "down" : "up", a, b);
		check_range32(c, depth + 1, a, ival_binary(in->op, va, vb));
		break;
	}
	case RTAB_OP_MATRIX: emit_matrix_read(c, depth, in, at); break;
	case RTAB_OP_BAND: emit_band_read(c, depth, in, at); break;
	case RTAB_OP_JUMP_IF_FALSE:
		nline(c, depth + 1, "if (!x%d) goto e%u_%zu;", b, id, i + 1 + (size_t)in->arg);
		break;
	case RTAB_OP_JUMP: nline(c, depth + 1, "goto e%u_%zu;", id, i + 1 + (size_t)in->arg); break;
	default: break; /* not reached: expr_intervals() refused it */
	}
}

/*
 * Statements that compute expression e into the int32_t variable dest. The
 * expression is known to pass expr_intervals().
 */
void emit_expr(nctx *c, int depth, const rtab_expr *e, const char *dest)
{
	size_t n = e->ninstrs;
	unsigned id = c->nexpr++;
	int maxd = 1;

	if (n == 0) {
		nline(c, depth, "%s = 1;", dest);
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
	nline(c, depth, "{");
	nindent(c->o, depth + 1);
	sb_puts(c->o, "int64_t");
	for (int k = 0; k < maxd; k++)
		sb_printf(c->o, "%s x%d", k ? "," : "", k);
	sb_puts(c->o, ";\n");
	for (size_t i = 0; i < n; i++) {
		if (target[i])
			nline(c, depth, "e%u_%zu: ;", id, i);
		emit_instr(c, depth, id, i, &e->instrs[i], &st[i]);
	}
	if (target[n])
		nline(c, depth, "e%u_%zu: ;", id, n);
	nline(c, depth + 1, "%s = (int32_t)x0;", dest);
	nline(c, depth, "}");
	free(target);
	free(st);
}

/* " - 3u", " + 5u" or nothing: an unsigned 32-bit value less v (the difference modulo 2^32). */
void emit_offset(strbuf *o, int64_t v)
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
 * inputs as they are, with no subtraction); -1 otherwise (lower/fold.h).
 */
int64_t index_pad(const rtab_ruleset *rs, const uint16_t *inputs, size_t n)
{
	return fold_pad(rs, inputs, n);
}

/* The index of a combination of inputs in a folded table (the first varies slowest, each
 * input in fold_slots entries): a sum of independent terms, no chain of multiplies. */
void input_index(nctx *c, const uint16_t *inputs, size_t n)
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
			emit_offset(c->o, in->min);
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
