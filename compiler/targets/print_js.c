/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) printed as JavaScript: a function per
 * results table, reaction set, transition, distance and procedure, per
 * trigger (whether it fires, what it passes on) and the requirements, over
 * the support file's helpers (targets/js/rtab_resolver.mjs). */
#include "targets/print_js.h"
#include "targets/lang_string.h"
#include "lower/lower_table.h"

#include <stdarg.h>

#include <stdlib.h>
#include <string.h>

static void pad(strbuf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		sb_puts(b, "  ");
}

/* A line at depth, from a format. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void line(strbuf *b, int depth, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pad(b, depth);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
	sb_putc(b, '\n');
}

/* A string literal, or null. */
static void put_str(strbuf *b, const char *s)
{
	if (!s) {
		sb_puts(b, "null");
		return;
	}
	lang_put_string(b, s, false);
}

static void put_reason(strbuf *b, int32_t reason)
{
	if (reason < 0)
		sb_puts(b, "null");
	else
		sb_printf(b, "R%d", reason);
}

static const char *ctx_arg(const ir_code *c)
{
	return c->notes == IR_NOTES_NONE ? "null" : "ctx";
}

/* A binary op as a JavaScript expression of registers a and b. */
static void put_binary(strbuf *b, const ir_instr *in)
{
	unsigned x = in->a, y = in->b;
	switch ((ir_op)in->op) {
	case IR_ADD: sb_printf(b, "check32(r%u + r%u)", x, y); return;
	case IR_SUB: sb_printf(b, "check32(r%u - r%u)", x, y); return;
	case IR_MUL: sb_printf(b, "check32(r%u * r%u)", x, y); return;
	case IR_EQ: sb_printf(b, "+(r%u === r%u)", x, y); return;
	case IR_NE: sb_printf(b, "+(r%u !== r%u)", x, y); return;
	case IR_LT: sb_printf(b, "+(r%u < r%u)", x, y); return;
	case IR_LE: sb_printf(b, "+(r%u <= r%u)", x, y); return;
	case IR_GT: sb_printf(b, "+(r%u > r%u)", x, y); return;
	case IR_GE: sb_printf(b, "+(r%u >= r%u)", x, y); return;
	case IR_AND: sb_printf(b, "+(r%u !== 0 && r%u !== 0)", x, y); return;
	case IR_OR: sb_printf(b, "+(r%u !== 0 || r%u !== 0)", x, y); return;
	case IR_DIV_DOWN: sb_printf(b, "divide(r%u, r%u, false)", x, y); return;
	case IR_DIV_UP: sb_printf(b, "divide(r%u, r%u, true)", x, y); return;
	case IR_MIN: sb_printf(b, "Math.min(r%u, r%u)", x, y); return;
	case IR_MAX: sb_printf(b, "Math.max(r%u, r%u)", x, y); return;
	case IR_MUL_EXACT: sb_printf(b, "exactOp('mul_exact', %d, r%u, r%u)", in->imm, x, y); return;
	case IR_DIV_EXACT: sb_printf(b, "exactOp('div_exact', %d, r%u, r%u)", in->imm, x, y); return;
	case IR_CONST:
	case IR_INPUT:
	case IR_NOTE_IF:
	case IR_NOTE_OF:
	case IR_NEG:
	case IR_ABS:
	case IR_NOT:
	case IR_SCALE:
	case IR_MATRIX:
	case IR_BAND:
	case IR_ROLL:
	case IR_IF:
	case IR_ELSE:
	case IR_END:
	case IR_OP_COUNT_:
		break;
	}
	sb_puts(b, "undefined");
}

/* The instructions of c, at depth; its value is then in register c->value. */
static void put_code(strbuf *b, const ir_module *m, const ir_code *c, int depth)
{
	uint32_t ifs[64];
	size_t nifs = 0;
	const char *note = c->notes == IR_NOTES_MAYBE ? "if (ctx) ctx.note" : "ctx.note";
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		switch ((ir_op)in->op) {
		case IR_CONST: line(b, depth, "const r%u = %d;", in->dst, in->imm); break;
		case IR_INPUT: line(b, depth, "const r%u = inputs[%d];", in->dst, in->imm); break;
		case IR_NOTE_IF:
			line(b, depth, "if (%sr%u === %d) ctx.note(R%d);", c->notes == IR_NOTES_MAYBE ? "ctx && " : "",
			     in->a, in->imm, in->reason);
			break;
		case IR_NOTE_OF:
			line(b, depth, "if (r%u >= 0 && r%u < %zu) %s(RL%d[r%u]);", in->a, in->a,
			     m->reason_lists[in->reason].n, note, in->reason, in->a);
			break;
		case IR_NEG: line(b, depth, "const r%u = negate(r%u);", in->dst, in->a); break;
		case IR_ABS: line(b, depth, "const r%u = r%u < 0 ? negate(r%u) : r%u;", in->dst, in->a, in->a, in->a); break;
		case IR_NOT: line(b, depth, "const r%u = r%u ? 0 : 1;", in->dst, in->a); break;
		case IR_SCALE: line(b, depth, "const r%u = exactOp('scale', %d, r%u, 0);", in->dst, in->imm, in->a); break;
		case IR_MATRIX:
			pad(b, depth);
			sb_printf(b, "const r%u = R.matrix(%d, [", in->dst, in->imm);
			for (uint32_t k = 0; k < in->nkeys; k++)
				sb_printf(b, "%sr%u", k ? ", " : "", in->keys[k]);
			sb_printf(b, "], %s);\n", ctx_arg(c));
			break;
		case IR_BAND:
			line(b, depth, "const r%u = R.band(%d, r%u, r%u, %s);", in->dst, in->imm, in->a, in->b, ctx_arg(c));
			break;
		case IR_ROLL: line(b, depth, "const r%u = R.roll(%d, %s);", in->dst, in->imm, ctx_arg(c)); break;
		case IR_IF:
			if (nifs < sizeof ifs / sizeof *ifs)
				ifs[nifs] = in->dst;
			nifs++;
			line(b, depth, "let r%u;", in->dst);
			line(b, depth, "if (r%u !== 0) {", in->a);
			depth++;
			break;
		case IR_ELSE:
			line(b, depth, "r%u = r%u;", nifs ? ifs[nifs - 1] : 0, in->a);
			line(b, depth - 1, "} else {");
			break;
		case IR_END:
			line(b, depth, "r%u = r%u;", nifs ? ifs[nifs - 1] : 0, in->a);
			depth--;
			nifs--;
			line(b, depth, "}");
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
		case IR_AND:
		case IR_OR:
		case IR_DIV_DOWN:
		case IR_DIV_UP:
		case IR_MIN:
		case IR_MAX:
		case IR_MUL_EXACT:
		case IR_DIV_EXACT:
			pad(b, depth);
			sb_printf(b, "const r%u = ", in->dst);
			put_binary(b, in);
			sb_puts(b, ";\n");
			break;
		case IR_OP_COUNT_:
			break;
		}
	}
}

/* A list of modifiers applied, stacked and summed into `total` (from start). */
static void put_list(strbuf *b, const ir_module *m, const ir_list *l, const char *start, int depth)
{
	const rtab_ruleset *rs = m->rs;
	for (size_t k = 0; k < l->nmods; k++) {
		const ir_mod *im = &l->mods[k];
		const char *id = rs->modifiers[im->modifier].id;
		const char *var = l->mods[0].shift ? "s" : "m";
		line(b, depth, "let %s%zu = null; // %s", var, k, id);
		line(b, depth, "{");
		int d = depth + 1;
		if (!im->when.empty) {
			/* What the condition reads decides the result whether it holds or not: noted either way. */
			put_code(b, m, &im->when, d);
			line(b, d, "if (r%u !== 0) {", im->when.value);
			d++;
		}
		put_code(b, m, &im->value, d);
		if (im->sign < 0)
			line(b, d, "if (r%u === INT32_MIN) throw new RtabError(E_OVERFLOW);", im->value.value);
		pad(b, d);
		sb_printf(b, "%s%zu = { modifier: ", var, k);
		put_str(b, id);
		sb_printf(b, ", value: r%u, signed_value: %sr%u, counted: true, shift: %s };\n", im->value.value,
			  im->sign < 0 ? "-" : "", im->value.value, im->shift ? "true" : "false");
		line(b, d, "applied.push(%s%zu);", var, k);
		if (!im->when.empty)
			line(b, d - 1, "}");
		line(b, depth, "}");
	}
	/* The stacking each group's policy decides: one member per side. */
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		if (s->stacking == RTAB_STACK_SUM)
			continue;
		for (int sign = 1; sign >= -1; sign -= 2) {
			size_t n = 0;
			for (size_t k = 0; k < s->nmembers; k++)
				n += l->mods[s->members[k]].sign == sign;
			if (n < 2)
				continue;
			pad(b, depth);
			sb_puts(b, "keepOne([");
			n = 0;
			for (size_t k = 0; k < s->nmembers; k++)
				if (l->mods[s->members[k]].sign == sign)
					sb_printf(b, "%s%s%zu", n++ ? ", " : "", l->mods[0].shift ? "s" : "m", s->members[k]);
			sb_printf(b, "], %s, %d);\n", s->stacking == RTAB_STACK_BEST ? "true" : "false", sign);
		}
	}
	line(b, depth, "let total = %s;", start);
	if (l->ngroups == 0)
		line(b, depth, "total = check32(total);");
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		line(b, depth, "{ // %s", s->group >= 0 ? rs->groups[s->group].id : "the ungrouped modifiers");
		line(b, depth + 1, "let sum = 0, members = false;");
		for (size_t k = 0; k < s->nmembers; k++) {
			const ir_mod *im = &l->mods[s->members[k]];
			pad(b, depth + 1);
			sb_printf(b, "if (%s%zu !== null && %s%zu.counted) { sum += %s%zu.signed_value; members = true; ",
				  im->shift ? "s" : "m", s->members[k], im->shift ? "s" : "m", s->members[k],
				  im->shift ? "s" : "m", s->members[k]);
			if (im->reason >= 0)
				sb_printf(b, "ctx.note(R%d); ", im->reason);
			sb_puts(b, "}\n");
		}
		if (s->capped)
			line(b, depth + 1, "if (members) sum = Math.min(Math.max(sum, %d), %d);", s->cap_min, s->cap_max);
		line(b, depth + 1, "total = check32(total + sum);");
		line(b, depth, "}");
	}
}

static void put_int_array(strbuf *b, const int32_t *v, size_t n)
{
	sb_putc(b, '[');
	for (size_t i = 0; i < n; i++)
		sb_printf(b, "%s%d", i ? ", " : "", v[i]);
	sb_putc(b, ']');
}

static void put_reason_array(strbuf *b, const int32_t *v, size_t n)
{
	sb_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_puts(b, ", ");
		put_reason(b, v[i]);
	}
	sb_putc(b, ']');
}

/* The constant data of table k: its columns, the row of each roll, its rows. */
static void put_table_data(strbuf *b, const ir_table *it)
{
	const rtab_table *t = it->t;
	unsigned k = it->index;
	size_t span = t->roll_max >= t->roll_min ? (size_t)((int64_t)t->roll_max - t->roll_min + 1) : 0;
	sb_printf(b, "const T%u_COLUMN = [", k);
	for (size_t c = 0; c < t->ncolumns; c++) {
		if (c)
			sb_puts(b, ", ");
		put_str(b, t->columns[c].id);
	}
	sb_puts(b, "];\n");
	/* The row of each modified roll, column after column: -1 none, -2 a column without rows. */
	sb_printf(b, "const T%u_ROW = [", k);
	bool first = true;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		for (size_t i = 0; i < span; i++) {
			int row = col->kind != RTAB_COLUMN_ROLLED ? -1 : rtab_column_rolls(col) ? rtab_column_row(col, i) : -2;
			sb_printf(b, first ? "%d" : ",%d", row);
			first = false;
		}
	}
	sb_puts(b, "];\n");
	sb_printf(b, "const T%u_BELOW = [", k);
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		sb_printf(b, "%s%d", c ? ", " : "", rtab_column_rolls(col) ? col->below_row : -2);
	}
	sb_printf(b, "];\nconst T%u_ABOVE = [", k);
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		sb_printf(b, "%s%d", c ? ", " : "", rtab_column_rolls(col) ? col->above_row : -2);
	}
	sb_printf(b, "];\nconst T%u_OUTCOME = [", k);
	for (size_t r = 0; r < t->nrows; r++)
		sb_printf(b, "%s%u", r ? "," : "", rtab_row_outcome(t, r));
	sb_printf(b, "];\nconst T%u_RULE = [", k);
	for (size_t r = 0; r < t->nrows; r++) {
		if (r)
			sb_puts(b, ", ");
		put_str(b, rtab_row_rule(t, r));
	}
	sb_printf(b, "];\nconst T%u_REASON = ", k);
	put_reason_array(b, it->row_reason, t->nrows);
	sb_puts(b, ";\n");
}

/* The key of a computed column as the support's readKey reads it. */
static void put_key_data(strbuf *b, const ir_table *it)
{
	const rtab_table *t = it->t;
	sb_printf(b, "const T%u_KEY = { key_kind: %u, rounding: %u, round_ranges: [", it->index, t->key_kind,
		  t->rounding);
	for (size_t i = 0; i < t->nround_ranges; i++)
		sb_printf(b, "%s{ from_num: %d, from_den: %d, rounding: %u }", i ? ", " : "",
			  t->round_ranges[i].from_num, t->round_ranges[i].from_den, t->round_ranges[i].rounding);
	sb_puts(b, "], columns: [");
	for (size_t c = 0; c < t->ncolumns; c++)
		sb_printf(b, "%s{ step_num: %d, step_den: %d }", c ? ", " : "", t->columns[c].step_num,
			  t->columns[c].step_den);
	sb_puts(b, "] };\n");
}

/* first and end of the run a value v chooses (the column input's, or the line's). */
static void put_run_of(strbuf *b, const ir_table *it, const char *v, int depth)
{
	line(b, depth, "first = T%u_FIRST[%s]; end = T%u_END[%s];", it->index, v, it->index, v);
	line(b, depth, "if (!(first < end && end <= %u)) throw new RtabError(E_RULESET);", it->t->ncolumns);
}

static void put_run_arrays(strbuf *b, const ir_module *m, const ir_table *it)
{
	const rtab_table *t = it->t;
	size_t nvalues = t->nlines;
	if (t->column_input >= 0) {
		const rtab_input *inp = &m->rs->inputs[t->column_input];
		nvalues = (size_t)inp->max + 1;
	}
	if (t->column_of_value) {
		sb_printf(b, "const T%u_FIRST = [", it->index);
		for (size_t v = 0; v < nvalues; v++)
			sb_printf(b, "%s%u", v ? ", " : "", t->column_of_value[v]);
		sb_puts(b, "];\n");
	}
	if (t->column_end_of_value) {
		sb_printf(b, "const T%u_END = [", it->index);
		for (size_t v = 0; v < nvalues; v++)
			sb_printf(b, "%s%u", v ? ", " : "", t->column_end_of_value[v]);
		sb_puts(b, "];\n");
	}
}

/* The dice's faces checked and summed into `natural` (and each declared roll's sum). */
static void put_faces(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	const rtab_dice *d = &m->rs->dice[t->dice];
	line(b, depth, "if (faces.length !== %u) throw new RtabError(E_FACES);", d->nfaces);
	size_t f = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t k = 0; k < d->groups[g].count; k++, f++)
			line(b, depth, "if (faces[%zu] < %d || faces[%zu] > %d) throw new RtabError(E_FACES);", f,
			     d->groups[g].face_min, f, d->groups[g].face_max);
	if (t->nrolls == 0) {
		pad(b, depth);
		sb_puts(b, "natural = ");
		for (size_t i = 0; i < f; i++)
			sb_printf(b, "%sfaces[%zu]", i ? " + " : "", i);
		sb_puts(b, f ? ";\n" : "0;\n");
		return;
	}
	size_t at = 0;
	for (size_t r = 0; r < t->nrolls; r++) {
		pad(b, depth);
		sb_printf(b, "roll%zu = ", r);
		for (size_t i = 0; i < t->rolls[r].nfaces; i++)
			sb_printf(b, "%sfaces[%zu]", i ? " + " : "", at + i);
		sb_puts(b, t->rolls[r].nfaces ? ";\n" : "0;\n");
		at += t->rolls[r].nfaces;
	}
	pad(b, depth);
	sb_puts(b, "natural = ");
	for (size_t r = 0; r < t->nrolls; r++)
		sb_printf(b, "%s%sroll%zu", r ? " " : "", t->rolls[r].sign < 0 ? "- " : r ? "+ " : "", r);
	sb_puts(b, t->nrolls ? ";\n" : "0;\n");
}

/* The column the key chooses, into col; first and end of its run. */
static void put_key(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	unsigned k = it->index;
	bool runs = t->column_end_of_value != NULL;
	if (t->column_input >= 0) {
		if (it->column_input_default_reason >= 0)
			line(b, depth, "if (inputs[%d] === %d) ctx.note(R%d);", t->column_input,
			     m->rs->inputs[t->column_input].default_value, it->column_input_default_reason);
		if (it->column_input_reasons >= 0)
			line(b, depth, "ctx.note(RL%d[inputs[%d]] ?? null);", it->column_input_reasons, t->column_input);
	}
	bool odds;
	if (!ir_key_computed(it, &odds)) {
		if (t->column_input < 0) {
			if (t->ncolumns != 1)
				line(b, depth, "throw new RtabError(E_RULESET);");
			line(b, depth, "const col = 0;");
		} else {
			line(b, depth, "const col = T%u_FIRST[inputs[%d]];", k, t->column_input);
			line(b, depth, "if (col >= %u) throw new RtabError(E_COLUMN);", t->ncolumns);
		}
		/* The run, as the runtime reads it after the shift. */
		line(b, depth, "let first = 0, end = %u;", t->ncolumns);
		if (t->nlines > 0 && runs) {
			put_code(b, m, &it->line_key_quiet, depth);
			line(b, depth, "const line = r%u;", it->line_key_quiet.value);
			line(b, depth, "if (!(line >= 0 && line < %u)) throw new RtabError(E_RULESET);", t->nlines);
			put_run_of(b, it, "line", depth);
		}
		return;
	}
	put_code(b, m, &it->key_a, depth);
	if (odds)
		put_code(b, m, &it->key_b, depth);
	if (odds) {
		line(b, depth, "const a = r%u, b = r%u;", it->key_a.value, it->key_b.value);
		line(b, depth, "r.key = `${R.exact(a)}:${R.exact(b)}`;");
		line(b, depth, "if (a < 0 || b < 0) throw new RtabError(E_INPUT);");
		line(b, depth, "if (a === 0 && b === 0) return noResult(r);");
	} else {
		line(b, depth, "const a = r%u, b = 1;", it->key_a.value);
		line(b, depth, "r.key = a > 0 ? `+${a}` : `${a}`;");
	}
	line(b, depth, "let first = 0, end = %u;", t->ncolumns);
	if (t->nlines > 0 && runs) {
		put_code(b, m, &it->line_key, depth);
		line(b, depth, "const line = r%u;", it->line_key.value);
		line(b, depth, "if (!(line >= 0 && line < %u)) throw new RtabError(E_RULESET);", t->nlines);
		put_run_of(b, it, "line", depth);
	} else if (t->column_input >= 0 && runs) {
		line(b, depth, "const v = inputs[%d];", t->column_input);
		put_run_of(b, it, "v", depth);
	}
	line(b, depth, "const col = readKey(T%u_KEY, a, b, first, end);", k);
}

static bool any_column_of_kind(const rtab_table *t, rtab_column_kind kind)
{
	for (size_t c = 0; c < t->ncolumns; c++)
		if (t->columns[c].kind == kind)
			return true;
	return false;
}

/* The outcome of the column: a row by the modified roll, a natural roll, or the column's own. */
static void put_outcome(strbuf *b, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	unsigned k = it->index;
	size_t span = t->roll_max >= t->roll_min ? (size_t)((int64_t)t->roll_max - t->roll_min + 1) : 0;
	bool automatic = any_column_of_kind(t, RTAB_COLUMN_AUTOMATIC), none = any_column_of_kind(t, RTAB_COLUMN_NONE);
	if (t->nnatural > 0)
		line(b, depth, "let nat = faces.length ? naturalIndex(T%u_NATURAL, faces) : -1;", k);
	else
		line(b, depth, "let nat = -1;");
	line(b, depth, "let outcome, why, row = null;");
	if (none) {
		line(b, depth, "if (T%u_KIND[column] === COLUMN_NONE) {", k);
		line(b, depth + 1, "ctx.noteFirst(T%u_WHY[column]);", k);
		line(b, depth + 1, "return T%u_WHY[column] !== null ? { ...noResult(r), provisional: ctx.provisional } : noResult(r);", k);
		line(b, depth, "}");
	}
	if (automatic) {
		line(b, depth, "if (T%u_KIND[column] === COLUMN_AUTOMATIC) {", k);
		line(b, depth + 1, "r.automatic = true;");
		line(b, depth + 1, "nat = -1;");
		line(b, depth + 1, "outcome = T%u_AUTOMATIC[column];", k);
		line(b, depth + 1, "why = T%u_WHY[column];", k);
		line(b, depth, "} else {");
		depth++;
	}
	if (it->faces_later)
		line(b, depth, "if (facesLater) throw new RtabError(E_FACES);");
	line(b, depth, "if (nat >= 0) {");
	line(b, depth + 1, "outcome = T%u_NATURAL_OUTCOME[nat];", k);
	line(b, depth + 1, "why = T%u_NATURAL_WHY[nat];", k);
	line(b, depth, "} else {");
	line(b, depth + 1, "if (roll < %d) row = T%u_BELOW[column];", t->roll_min, k);
	line(b, depth + 1, "else if (roll > %d) row = T%u_ABOVE[column];", t->roll_max, k);
	line(b, depth + 1, "else row = T%u_ROW[column * %zu + roll - %d];", k, span, t->roll_min);
	line(b, depth + 1, "if (row < 0) throw new RtabError(row === -2 ? E_RULESET : E_NO_ROW);");
	line(b, depth + 1, "outcome = T%u_OUTCOME[row];", k);
	line(b, depth + 1, "why = T%u_REASON[row];", k);
	line(b, depth, "}");
	if (automatic)
		line(b, depth - 1, "}");
}

static void put_rewrites(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	line(b, depth, "let rewrittenFrom = null, rewriteRule = null;");
	if (it->nrewrites == 0)
		return;
	line(b, depth, "rewrite: {");
	for (size_t k = 0; k < it->nrewrites; k++) {
		const ir_rewrite *rw = &it->rewrites[k];
		int d = depth + 2;
		line(b, depth + 1, "if (outcome === %u) {", rw->from);
		/* The rewrite's reading decides the outcome whether it changes it or lets it
		 * stand: what its condition reads and its reason are noted either way. */
		if (!rw->when.empty)
			put_code(b, m, &rw->when, d);
		if (rw->reason >= 0)
			line(b, d, "ctx.note(R%d);", rw->reason);
		if (!rw->when.empty) {
			line(b, d, "if (r%u !== 0) {", rw->when.value);
			d++;
		}
		line(b, d, "rewrittenFrom = outcome;");
		line(b, d, "outcome = %u;", rw->to);
		pad(b, d);
		sb_puts(b, "rewriteRule = ");
		put_str(b, rw->rule);
		sb_puts(b, ";\n");
		line(b, d, "break rewrite;");
		if (!rw->when.empty)
			line(b, d - 1, "}");
		line(b, depth + 1, "}");
	}
	line(b, depth, "}");
}

static void put_table(strbuf *b, const ir_module *m, const ir_table *it)
{
	const rtab_table *t = it->t;
	unsigned k = it->index;
	put_table_data(b, it);
	put_run_arrays(b, m, it);
	bool odds;
	if (ir_key_computed(it, &odds))
		put_key_data(b, it);
	int32_t *kinds = xcalloc(t->ncolumns + 1, sizeof *kinds), *autos = xcalloc(t->ncolumns + 1, sizeof *autos);
	for (size_t c = 0; c < t->ncolumns; c++) {
		kinds[c] = t->columns[c].kind;
		autos[c] = t->columns[c].automatic;
	}
	sb_printf(b, "const T%u_KIND = ", k);
	put_int_array(b, kinds, t->ncolumns);
	sb_printf(b, ";\nconst T%u_AUTOMATIC = ", k);
	put_int_array(b, autos, t->ncolumns);
	sb_printf(b, ";\nconst T%u_WHY = ", k);
	put_reason_array(b, it->column_reason, t->ncolumns);
	free(kinds);
	free(autos);
	sb_printf(b, ";\nconst T%u_NATURAL = [", k);
	for (size_t n = 0; n < t->nnatural; n++) {
		/* Each rule's faces sorted, as the faces rolled are compared. */
		int32_t *faces = xcalloc(t->natural[n].nfaces + 1u, sizeof *faces);
		memcpy(faces, t->natural[n].faces, t->natural[n].nfaces * sizeof *faces);
		for (size_t i = 1; i < t->natural[n].nfaces; i++)
			for (size_t j = i; j > 0 && faces[j - 1] > faces[j]; j--) {
				int32_t x = faces[j];
				faces[j] = faces[j - 1];
				faces[j - 1] = x;
			}
		sb_puts(b, n ? ", " : "");
		put_int_array(b, faces, t->natural[n].nfaces);
		free(faces);
	}
	sb_printf(b, "];\nconst T%u_NATURAL_OUTCOME = [", k);
	for (size_t n = 0; n < t->nnatural; n++)
		sb_printf(b, "%s%u", n ? ", " : "", t->natural[n].outcome);
	sb_printf(b, "];\nconst T%u_NATURAL_WHY = ", k);
	put_reason_array(b, it->natural_reason, t->nnatural);
	sb_printf(b, ";\nconst T%u_NATURAL_RULE = [", k);
	for (size_t n = 0; n < t->nnatural; n++) {
		sb_puts(b, n ? ", " : "");
		put_str(b, t->natural[n].rule);
	}
	sb_puts(b, "];\n");

	sb_printf(b, "\n/** Table %s, lowered: one roll, the situation validated. */\n", t->id);
	sb_printf(b, "function table%u(R, inputs, faces, drm) {\n", k);
	int d = 1;
	if (t->ncolumns == 0)
		line(b, d, "throw new RtabError(E_RULESET);");
	if (it->step_refuses_drm)
		line(b, d, "if (drm) throw new RtabError(E_STEP_DRM); // a modifier from outside belongs to no step");
	line(b, d, "let natural = 0;");
	for (size_t r = 0; r < t->nrolls; r++)
		line(b, d, "let roll%zu = 0;", r);
	if (t->dice == RTAB_NO_DICE) {
		line(b, d, "if (faces.length) throw new RtabError(E_FACES);");
	} else if (it->faces_later) {
		line(b, d, "const facesLater = faces.length === 0;");
		line(b, d, "if (!facesLater) {");
		put_faces(b, m, it, d + 1);
		line(b, d, "}");
	} else {
		put_faces(b, m, it, d);
	}
	line(b, d, "const ctx = new Context();");
	line(b, d, "const applied = [];");
	line(b, d, "let modifierRaw;");
	line(b, d, "{ // the die-roll modifiers");
	put_list(b, m, &it->modifiers, "drm", d + 1);
	line(b, d + 1, "modifierRaw = total;");
	line(b, d, "}");
	line(b, d, "let modifier = modifierRaw;");
	if (t->capped)
		line(b, d, "modifier = Math.min(Math.max(modifier, %d), %d); // the table's cap", t->cap_min, t->cap_max);
	line(b, d, "let roll = check32(natural + modifier);");
	pad(b, d);
	sb_puts(b, "const r = { column: ");
	put_str(b, t->ncolumns ? t->columns[0].id : NULL);
	sb_puts(b, ", key: null, key_column: null, column_shift: 0, automatic: false, natural, "
		   "modifier_raw: modifierRaw, modifier, modified_roll: roll };\n");
	if (t->nrolls) {
		pad(b, d);
		sb_puts(b, "if (faces.length) r.rolls = { ");
		for (size_t r = 0; r < t->nrolls; r++) {
			sb_puts(b, r ? ", " : "");
			put_str(b, t->rolls[r].id);
			sb_printf(b, ": roll%zu", r);
		}
		sb_puts(b, " };\n");
	}
	put_key(b, m, it, d);
	line(b, d, "r.key_column = T%u_COLUMN[col];", k);
	line(b, d, "let shift;");
	line(b, d, "{ // the column shifts");
	put_list(b, m, &it->shifts, "0", d + 1);
	line(b, d + 1, "shift = total;");
	line(b, d, "}");
	line(b, d, "r.column_shift = shift;");
	if (t->shift_stops) {
		/* 'clamp shifts;': a key on an end column stays there; a shift stops at the
		 * printed columns (as the runtime's pick_column). */
		int lo = t->shift_stops & RTAB_SHIFT_STOP_BELOW ? 1 : 0;
		int hi = t->shift_stops & RTAB_SHIFT_STOP_ABOVE ? 2 : 1;
		line(b, d, "const lo = first + %d, hi = end - %d;", lo, hi);
		line(b, d, "const column = col < lo || col > hi ? col : Math.min(Math.max(col + shift, lo), hi);");
	} else {
		line(b, d, "const column = Math.min(Math.max(col + shift, first), end - 1);");
	}
	line(b, d, "r.column = T%u_COLUMN[column];", k);
	line(b, d, "r.applied = applied;");
	put_outcome(b, it, d);
	line(b, d, "ctx.noteFirst(why);");
	put_rewrites(b, m, it, d);
	line(b, d, "const fired = R.fired(outcome, inputs, ctx);");
	line(b, d, "const o = R.outcomePart(outcome);");
	pad(b, d);
	sb_puts(b, "let rule = ");
	put_str(b, t->rule);
	sb_puts(b, ";\n");
	/* A rule is there when it is not null: an empty reference is one too, as in the runtime. */
	line(b, d, "if (rewriteRule !== null) rule = rewriteRule;");
	line(b, d, "else if (nat >= 0 && T%u_NATURAL_RULE[nat] !== null) rule = T%u_NATURAL_RULE[nat];", k, k);
	line(b, d, "else if (nat < 0 && row !== null && T%u_RULE[row] !== null) rule = T%u_RULE[row];", k, k);
	line(b, d, "r.natural_rule = nat >= 0;");
	line(b, d, "r.rewritten_from = rewrittenFrom === null ? null : R.outcomePart(rewrittenFrom).id;");
	line(b, d, "r.outcome = o.id;");
	line(b, d, "r.code = o.code;");
	line(b, d, "r.rule = rule;");
	line(b, d, "r.effects = o.effects;");
	line(b, d, "r.triggers = fired.map(([, tr]) => tr.target.id);");
	line(b, d, "r.trigger_of = fired.map(([k]) => k);");
	line(b, d, "r.trigger_inputs = fired.map(([k]) => R.passedOn(outcome, k, inputs));");
	line(b, d, "r.provisional = ctx.provisional;");
	line(b, d, "if (o.numbers) r.numbers = o.numbers;");
	line(b, d, "return r;");
	sb_puts(b, "}\n\n");
}

/* Whether and how many times each trigger of outcome k fires: [which trigger, the trigger] each time. */
static void put_fired(strbuf *b, const ir_module *m, size_t k)
{
	const ir_outcome *o = &m->outcomes[k];
	sb_printf(b, "function fired%zu(R, inputs, ctx) { // %s\n", k, m->rs->outcomes[k].id);
	line(b, 1, "const out = [], triggers = R.x.outcomes[%zu].triggers;", k);
	for (size_t j = 0; j < o->ntriggers; j++) {
		const ir_trigger *tr = &o->triggers[j];
		/* Its reading (its condition, its count) decides whether and how often it
		 * fires: its reason and what it reads are noted, fired or not. */
		line(b, 1, "{");
		if (tr->reason >= 0)
			line(b, 2, "if (ctx) ctx.note(R%d);", tr->reason);
		line(b, 2, "let times = 0;");
		int d = 2;
		if (!tr->unless.empty) {
			put_code(b, m, &tr->unless, d);
			line(b, d, "const suppressed = r%u !== 0;", tr->unless.value);
			line(b, d, "if (!suppressed) {");
			d++;
		}
		if (tr->times.empty) {
			line(b, d, "times = 1;");
		} else {
			put_code(b, m, &tr->times, d);
			line(b, d, "times = r%u;", tr->times.value);
		}
		if (!tr->unless.empty)
			line(b, 2, "}");
		line(b, 2, "if (times < 0) throw new RtabError(E_RULESET);");
		line(b, 2, "for (let n = 0; n < times; n++) out.push([%zu, triggers[%zu]]);", j, j);
		line(b, 1, "}");
	}
	line(b, 1, "return out;");
	sb_puts(b, "}\n\n");
}

/* The situation trigger j of outcome k passes on, for the repeat after those
 * that gave `earlier`: the triggering one (valid) with the inputs it sets. */
static void put_passed(strbuf *b, const ir_module *m, size_t k, size_t j)
{
	const ir_trigger *tr = &m->outcomes[k].triggers[j];
	sb_printf(b, "function passed%zu_%zu(R, inputs, earlier) {\n", k, j);
	for (size_t s = 0; s < tr->nsets; s++) {
		const ir_set *set = &tr->sets[s];
		switch ((rtab_set_each)set->each) {
		case RTAB_SET_REPEAT:
			line(b, 1, "const v%zu = earlier.length + 1;", s);
			break;
		case RTAB_SET_EARLIER:
			line(b, 1, "const v%zu = earlier.includes(%u) ? 1 : 0;", s, set->earlier);
			break;
		case RTAB_SET_SAME:
			put_code(b, m, &set->value, 1);
			line(b, 1, "const v%zu = r%u;", s, set->value.value);
			break;
		}
	}
	line(b, 1, "const out = inputs.slice();");
	for (size_t s = 0; s < tr->nsets; s++)
		line(b, 1, "out[%u] = v%zu;", tr->sets[s].input, s);
	/* The others are the triggering situation's, already within their domains. */
	for (size_t s = 0; s < tr->nsets; s++)
		line(b, 1, "R.validateInput(%u, v%zu);", tr->sets[s].input, s);
	line(b, 1, "return out;");
	sb_puts(b, "}\n\n");
	/* What it passes on as a result shows it: by input id, each value as the vectors write it. */
	sb_printf(b, "function shown%zu_%zu(R, out) {\n  return {", k, j);
	for (size_t s = 0; s < tr->nsets; s++) {
		sb_puts(b, s ? ", " : " ");
		put_str(b, m->rs->inputs[tr->sets[s].input].id);
		sb_printf(b, ": R.valueOf(%u, out[%u])", tr->sets[s].input, tr->sets[s].input);
	}
	sb_puts(b, tr->nsets ? " };\n}\n\n" : "};\n}\n\n");
}

/* A condition's code and the test that it holds (an empty one always does): opens a block. */
static void put_holds(strbuf *b, const ir_module *m, const ir_code *c, int depth)
{
	if (c->empty) {
		line(b, depth, "{");
		return;
	}
	put_code(b, m, c, depth);
	line(b, depth, "if (r%u !== 0) {", c->value);
}

static void put_reactions(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_reaction_set *r = &m->rs->reaction_sets[k];
	const ir_reactions *ir = &m->reactions[k];
	sb_printf(b, "function reactions%zu(R, inputs) { // %s\n", k, r->id);
	line(b, 1, "const options = [], leads = {};");
	int d = 1;
	if (!ir->none_when.empty) {
		put_code(b, m, &ir->none_when, 1);
		line(b, 1, "if (r%u === 0) { // not 'none when'", ir->none_when.value);
		d = 2;
	}
	for (size_t o = 0; o < ir->noptions; o++) {
		line(b, d, "{");
		put_holds(b, m, &ir->guards[o], d + 1);
		pad(b, d + 2);
		sb_puts(b, "options.push(");
		put_str(b, r->options[o].id);
		sb_puts(b, ");\n");
		pad(b, d + 2);
		sb_puts(b, "leads[");
		put_str(b, r->options[o].id);
		sb_puts(b, "] = ");
		put_str(b, r->options[o].outcome >= 0 ? m->rs->outcomes[r->options[o].outcome].id : NULL);
		sb_puts(b, ";\n");
		line(b, d + 1, "}");
		line(b, d, "}");
	}
	if (d == 2)
		line(b, 1, "}");
	line(b, 1, "return { options, leads };");
	sb_puts(b, "}\n\n");
}

static void put_transition(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_transition *t = &m->rs->transitions[k];
	const rtab_enum *states = &m->rs->enums[m->rs->inputs[t->input].enum_index];
	sb_printf(b, "const X%zu_NEXT = [", k);
	for (size_t v = 0; v < states->nvalues; v++)
		sb_printf(b, "%s%d", v ? ", " : "", t->next[v]);
	sb_printf(b, "];\nconst X%zu_STATE = [", k);
	for (size_t v = 0; v < states->nvalues; v++) {
		sb_puts(b, v ? ", " : "");
		put_str(b, states->values[v].id);
	}
	sb_printf(b, "];\nfunction transition%zu(R, inputs) { // %s\n", k, t->id);
	line(b, 1, "const next = X%zu_NEXT[inputs[%u]];", k, t->input);
	line(b, 1, "if (next < 0) throw new RtabError(E_STATE);");
	line(b, 1, "return { state: X%zu_STATE[next] };", k);
	sb_puts(b, "}\n\n");
}

/* Each form reads the faces given from the first; a form that fails (the faces
 * wrong for its dice, an error of its program) has no value. */
static void put_distance(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_distance *dist = &m->rs->distances[k];
	const ir_distance *ir = &m->distances[k];
	sb_printf(b, "function distance%zu(R, inputs, faces) { // %s\n", k, dist->id);
	line(b, 1, "const values = [];");
	line(b, 1, "let provisional = null;");
	for (size_t f = 0; f < ir->nforms; f++) {
		line(b, 1, "{");
		line(b, 2, "const ctx = new Context(faces);");
		line(b, 2, "let v = null;");
		line(b, 2, "try {");
		put_code(b, m, &ir->forms[f], 3);
		line(b, 3, "if (ctx.nextFace !== ctx.faces.length) throw new RtabError(E_FACES);");
		if (ir->forms[f].empty)
			line(b, 3, "v = 1;");
		else
			line(b, 3, "v = r%u;", ir->forms[f].value);
		line(b, 2, "} catch (e) {");
		line(b, 3, "if (!(e instanceof RtabError)) throw e;");
		line(b, 2, "}");
		pad(b, 2);
		sb_puts(b, "if (v === null) {\n");
		pad(b, 3);
		sb_puts(b, "values.push({ value: null, unit: ");
		put_str(b, dist->forms[f].unit);
		sb_puts(b, " });\n");
		line(b, 2, "} else {");
		if (ir->reason >= 0)
			line(b, 3, "ctx.noteFirst(R%d);", ir->reason);
		line(b, 3, "if (provisional === null) provisional = ctx.provisional;");
		pad(b, 3);
		sb_puts(b, "values.push({ value: R.exact(v), unit: ");
		put_str(b, dist->forms[f].unit);
		sb_puts(b, " });\n");
		line(b, 2, "}");
		line(b, 1, "}");
	}
	line(b, 1, "return { values, provisional };");
	sb_puts(b, "}\n\n");
}

static void put_procedure(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_procedure *p = &m->rs->procedures[k];
	const ir_procedure *ir = &m->procedures[k];
	sb_printf(b, "function procedure%zu(R, inputs) { // %s\n", k, p->id);
	line(b, 1, "let step = null, outcome = %d;", p->otherwise);
	line(b, 1, "found: {");
	for (size_t s = 0; s < ir->nsteps; s++) {
		line(b, 2, "{");
		put_holds(b, m, &ir->guards[s], 3);
		pad(b, 4);
		sb_puts(b, "step = ");
		put_str(b, p->steps[s].id);
		sb_printf(b, ";\n");
		line(b, 4, "outcome = %d;", p->steps[s].outcome);
		line(b, 4, "break found;");
		line(b, 3, "}");
		line(b, 2, "}");
	}
	line(b, 1, "}");
	line(b, 1, "const r = { step, outcome: outcome >= 0 ? R.outcomePart(outcome).id : null };");
	line(b, 1, "if (outcome >= 0) {");
	line(b, 2, "const o = R.outcomePart(outcome);");
	line(b, 2, "r.effects = o.effects;");
	line(b, 2, "r.triggers = R.triggers(outcome, inputs);");
	line(b, 2, "if (o.numbers) r.numbers = o.numbers;");
	line(b, 1, "}");
	line(b, 1, "return r;");
	sb_puts(b, "}\n\n");
}

/* The functions of one kind, as an array the support indexes. */
static void put_array(strbuf *b, const char *name, const char *fn, size_t n)
{
	sb_printf(b, "const %s = [", name);
	for (size_t k = 0; k < n; k++)
		sb_printf(b, "%s%s%zu", k ? ", " : "", fn, k);
	sb_puts(b, "];\n");
}

void print_js_lowered(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n// The resolver of this ruleset, printed from its lowering (compiler/lower): the\n"
		   "// results tables, the triggers of the outcomes and the requirements.\n");
	for (size_t k = 0; k < m->nreasons; k++) {
		sb_printf(b, "const R%zu = ", k);
		put_str(b, m->reasons[k]);
		sb_puts(b, ";\n");
	}
	for (size_t k = 0; k < m->nreason_lists; k++) {
		sb_printf(b, "const RL%zu = ", k);
		put_reason_array(b, m->reason_lists[k].reasons, m->reason_lists[k].n);
		sb_puts(b, ";\n");
	}
	sb_puts(b, "\n/** The id of the first requirement the situation breaks, or null. */\n"
		   "function requirementBroken(R, inputs) {\n");
	for (size_t k = 0; k < m->nrequirements; k++) {
		const ir_requirement *q = &m->requirements[k];
		if (q->condition.empty)
			continue;
		line(b, 1, "{");
		put_code(b, m, &q->condition, 2);
		pad(b, 2);
		sb_printf(b, "if (r%u === 0) return ", q->condition.value);
		put_str(b, q->id);
		sb_puts(b, ";\n");
		line(b, 1, "}");
	}
	sb_puts(b, "  return null;\n}\n\n");
	for (size_t k = 0; k < m->noutcomes; k++)
		if (m->outcomes[k].ntriggers)
			put_fired(b, m, k);
	for (size_t k = 0; k < m->noutcomes; k++)
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
			put_passed(b, m, k, j);
	sb_puts(b, "const PASSED = [");
	for (size_t k = 0; k < m->noutcomes; k++) {
		sb_puts(b, k ? ", " : "");
		if (!m->outcomes[k].ntriggers) {
			sb_puts(b, "null");
			continue;
		}
		sb_putc(b, '[');
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
			sb_printf(b, "%spassed%zu_%zu", j ? ", " : "", k, j);
		sb_putc(b, ']');
	}
	sb_puts(b, "];\nconst SHOWN = [");
	for (size_t k = 0; k < m->noutcomes; k++) {
		sb_puts(b, k ? ", " : "");
		if (!m->outcomes[k].ntriggers) {
			sb_puts(b, "null");
			continue;
		}
		sb_putc(b, '[');
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
			sb_printf(b, "%sshown%zu_%zu", j ? ", " : "", k, j);
		sb_putc(b, ']');
	}
	sb_puts(b, "];\n");
	sb_puts(b, "const FIRED = [");
	for (size_t k = 0; k < m->noutcomes; k++) {
		sb_puts(b, k ? ", " : "");
		if (m->outcomes[k].ntriggers)
			sb_printf(b, "fired%zu", k);
		else
			sb_puts(b, "null");
	}
	sb_puts(b, "];\n\n");
	for (size_t k = 0; k < m->ntables; k++)
		put_table(b, m, &m->tables[k]);
	for (size_t k = 0; k < m->nreactions; k++)
		put_reactions(b, m, k);
	for (size_t k = 0; k < m->rs->ntransitions; k++)
		put_transition(b, m, k);
	for (size_t k = 0; k < m->ndistances; k++)
		put_distance(b, m, k);
	for (size_t k = 0; k < m->nprocedures; k++)
		put_procedure(b, m, k);
	put_array(b, "TABLES", "table", m->ntables);
	put_array(b, "REACTION_SETS", "reactions", m->nreactions);
	put_array(b, "TRANSITIONS", "transition", m->rs->ntransitions);
	put_array(b, "DISTANCES", "distance", m->ndistances);
	put_array(b, "PROCEDURES", "procedure", m->nprocedures);
	sb_puts(b, "\n/** What the support's Ruleset runs: the lowered resolver. */\n"
		   "const LOWERED = {\n  tables: TABLES, reaction_sets: REACTION_SETS, transitions: TRANSITIONS,\n"
		   "  distances: DISTANCES, procedures: PROCEDURES, fired: FIRED, passed: PASSED, shown: SHOWN,\n"
		   "  requirementBroken,\n};\n");
}
