/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) printed as Lua 5.1 to 5.4 and LuaJIT:
 * a function per results table, reaction set, transition, distance and
 * procedure, per trigger (whether it fires, what it passes on) and the
 * requirements, over the support file's helpers (targets/lua/rtab_resolver.lua).
 * The IR's indices stay from 0 (arrays written {[0] = ...}); the constants
 * live in a few tables, the registers in blocks (do ... end), so that no
 * function nears Lua's 200 locals. */
#include "targets/print_lua.h"
#include "targets/lang_string.h"
#include "lower/lower_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void pad(strbuf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		sb_puts(b, "  ");
}

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

/* A string literal, or NULL (the support's null). */
static void put_str(strbuf *b, const char *s)
{
	if (!s)
		sb_puts(b, "NULL");
	else
		lang_put_string(b, s, true);
}

static void put_reason(strbuf *b, int32_t reason)
{
	if (reason < 0)
		sb_puts(b, "nil");
	else
		sb_printf(b, "W[%d]", reason);
}

static const char *ctx_arg(const ir_code *c)
{
	return c->notes == IR_NOTES_NONE ? "nil" : "ctx";
}

static void put_binary(strbuf *b, const ir_instr *in)
{
	unsigned x = in->a, y = in->b;
	switch ((ir_op)in->op) {
	case IR_ADD: sb_printf(b, "check32(r%u + r%u)", x, y); return;
	case IR_SUB: sb_printf(b, "check32(r%u - r%u)", x, y); return;
	case IR_MUL: sb_printf(b, "check32(r%u * r%u)", x, y); return;
	case IR_EQ: sb_printf(b, "(r%u == r%u) and 1 or 0", x, y); return;
	case IR_NE: sb_printf(b, "(r%u ~= r%u) and 1 or 0", x, y); return;
	case IR_LT: sb_printf(b, "(r%u < r%u) and 1 or 0", x, y); return;
	case IR_LE: sb_printf(b, "(r%u <= r%u) and 1 or 0", x, y); return;
	case IR_GT: sb_printf(b, "(r%u > r%u) and 1 or 0", x, y); return;
	case IR_GE: sb_printf(b, "(r%u >= r%u) and 1 or 0", x, y); return;
	case IR_AND: sb_printf(b, "(r%u ~= 0 and r%u ~= 0) and 1 or 0", x, y); return;
	case IR_OR: sb_printf(b, "(r%u ~= 0 or r%u ~= 0) and 1 or 0", x, y); return;
	case IR_DIV_DOWN: sb_printf(b, "divide(r%u, r%u, false)", x, y); return;
	case IR_DIV_UP: sb_printf(b, "divide(r%u, r%u, true)", x, y); return;
	case IR_MIN: sb_printf(b, "min(r%u, r%u)", x, y); return;
	case IR_MAX: sb_printf(b, "max(r%u, r%u)", x, y); return;
	case IR_MUL_EXACT: sb_printf(b, "exact_op(\"mul_exact\", %d, r%u, r%u)", in->imm, x, y); return;
	case IR_DIV_EXACT: sb_printf(b, "exact_op(\"div_exact\", %d, r%u, r%u)", in->imm, x, y); return;
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
	sb_puts(b, "nil");
}

static void put_code(strbuf *b, const ir_module *m, const ir_code *c, int depth)
{
	uint32_t ifs[64];
	size_t nifs = 0;
	const char *maybe = c->notes == IR_NOTES_MAYBE ? "ctx ~= nil and " : "";
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		switch ((ir_op)in->op) {
		case IR_CONST: line(b, depth, "local r%u = %d", in->dst, in->imm); break;
		case IR_INPUT: line(b, depth, "local r%u = inputs[%d]", in->dst, in->imm + 1); break;
		case IR_NOTE_IF:
			line(b, depth, "if %sr%u == %d then ctx:note(W[%d]) end", maybe, in->a, in->imm, in->reason);
			break;
		case IR_NOTE_OF:
			line(b, depth, "if %sr%u >= 0 and r%u < %zu then ctx:note(WL[%d][r%u]) end", maybe, in->a, in->a,
			     m->reason_lists[in->reason].n, in->reason, in->a);
			break;
		case IR_NEG: line(b, depth, "local r%u = negate(r%u)", in->dst, in->a); break;
		case IR_ABS: line(b, depth, "local r%u = r%u < 0 and negate(r%u) or r%u", in->dst, in->a, in->a, in->a); break;
		case IR_NOT: line(b, depth, "local r%u = (r%u == 0) and 1 or 0", in->dst, in->a); break;
		case IR_SCALE: line(b, depth, "local r%u = exact_op(\"scale\", %d, r%u, 0)", in->dst, in->imm, in->a); break;
		case IR_MATRIX:
			pad(b, depth);
			sb_printf(b, "local r%u = self:matrix(%d, {", in->dst, in->imm);
			for (uint32_t k = 0; k < in->nkeys; k++)
				sb_printf(b, "%sr%u", k ? ", " : "", in->keys[k]);
			sb_printf(b, "}, %s)\n", ctx_arg(c));
			break;
		case IR_BAND:
			line(b, depth, "local r%u = self:band(%d, r%u, r%u, %s)", in->dst, in->imm, in->a, in->b, ctx_arg(c));
			break;
		case IR_ROLL: line(b, depth, "local r%u = self:roll(%d, %s)", in->dst, in->imm, ctx_arg(c)); break;
		case IR_IF:
			if (nifs < sizeof ifs / sizeof *ifs)
				ifs[nifs] = in->dst;
			nifs++;
			line(b, depth, "local r%u", in->dst);
			line(b, depth, "if r%u ~= 0 then", in->a);
			depth++;
			break;
		case IR_ELSE:
			line(b, depth, "r%u = r%u", nifs ? ifs[nifs - 1] : 0, in->a);
			line(b, depth - 1, "else");
			break;
		case IR_END:
			line(b, depth, "r%u = r%u", nifs ? ifs[nifs - 1] : 0, in->a);
			depth--;
			nifs--;
			line(b, depth, "end");
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
			sb_printf(b, "local r%u = ", in->dst);
			put_binary(b, in);
			sb_putc(b, '\n');
			break;
		case IR_OP_COUNT_:
			break;
		}
	}
}

/* A list of modifiers applied (into the array `m`, by position), stacked and summed into `total`. */
static void put_list(strbuf *b, const ir_module *m, const ir_list *l, const char *start, int depth)
{
	const rtab_ruleset *rs = m->rs;
	line(b, depth, "local m = {}");
	for (size_t k = 0; k < l->nmods; k++) {
		const ir_mod *im = &l->mods[k];
		line(b, depth, "do -- %s", rs->modifiers[im->modifier].id);
		int d = depth + 1;
		if (!im->when.empty) {
			/* What the condition reads decides the result whether it holds or not: noted either way. */
			put_code(b, m, &im->when, d);
			line(b, d, "if r%u ~= 0 then", im->when.value);
			d++;
		}
		put_code(b, m, &im->value, d);
		if (im->sign < 0)
			line(b, d, "if r%u == INT32_MIN then fail(E_OVERFLOW) end", im->value.value);
		pad(b, d);
		sb_printf(b, "m[%zu] = {modifier = ", k + 1);
		put_str(b, rs->modifiers[im->modifier].id);
		sb_printf(b, ", value = r%u, signed_value = %sr%u, counted = true, shift = %s}\n", im->value.value,
			  im->sign < 0 ? "-" : "", im->value.value, im->shift ? "true" : "false");
		line(b, d, "applied[#applied + 1] = m[%zu]", k + 1);
		if (!im->when.empty)
			line(b, d - 1, "end");
		line(b, depth, "end");
	}
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
			sb_puts(b, "keep_one(m, {");
			n = 0;
			for (size_t k = 0; k < s->nmembers; k++)
				if (l->mods[s->members[k]].sign == sign)
					sb_printf(b, "%s%zu", n++ ? ", " : "", s->members[k] + 1);
			sb_printf(b, "}, %s, %d)\n", s->stacking == RTAB_STACK_BEST ? "true" : "false", sign);
		}
	}
	line(b, depth, "local total = %s", start);
	if (l->ngroups == 0)
		line(b, depth, "total = check32(total)");
	for (size_t g = 0; g < l->ngroups; g++) {
		const ir_group_sum *s = &l->groups[g];
		line(b, depth, "do -- %s", s->group >= 0 ? rs->groups[s->group].id : "the ungrouped modifiers");
		line(b, depth + 1, "local sum, members = 0, false");
		for (size_t k = 0; k < s->nmembers; k++) {
			const ir_mod *im = &l->mods[s->members[k]];
			size_t at = s->members[k] + 1;
			pad(b, depth + 1);
			sb_printf(b, "if m[%zu] ~= nil and m[%zu].counted then sum = sum + m[%zu].signed_value; members = true",
				  at, at, at);
			if (im->reason >= 0)
				sb_printf(b, "; ctx:note(W[%d])", im->reason);
			sb_puts(b, " end\n");
		}
		if (s->capped)
			line(b, depth + 1, "if members then sum = min(max(sum, %d), %d) end", s->cap_min, s->cap_max);
		line(b, depth + 1, "total = check32(total + sum)");
		line(b, depth, "end");
	}
}

static void put_ints(strbuf *b, const int32_t *v, size_t n)
{
	sb_puts(b, "{");
	for (size_t i = 0; i < n; i++)
		sb_printf(b, i ? ", %d" : "[0] = %d", v[i]);
	sb_puts(b, "}");
}

static void put_reasons(strbuf *b, const int32_t *v, size_t n)
{
	sb_puts(b, "{");
	for (size_t i = 0; i < n; i++) {
		sb_puts(b, i ? ", " : "[0] = ");
		put_reason(b, v[i]);
	}
	sb_puts(b, "}");
}

static void put_strs_begin(strbuf *b, size_t i)
{
	sb_puts(b, i ? ", " : "[0] = ");
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

/* The constant data of a table, as T[k]: its columns, the row of each roll, its rows. */
static void put_table_data(strbuf *b, const ir_module *m, const ir_table *it)
{
	const rtab_table *t = it->t;
	size_t span = roll_span(t);
	sb_printf(b, "T[%u] = {\n  COLUMN = {", it->index);
	for (size_t c = 0; c < t->ncolumns; c++) {
		put_strs_begin(b, c);
		put_str(b, t->columns[c].id);
	}
	sb_puts(b, "},\n  ROW = {");
	bool first = true;
	for (size_t c = 0; c < t->ncolumns; c++) {
		const rtab_column *col = &t->columns[c];
		for (size_t i = 0; i < span; i++) {
			int row = col->kind != RTAB_COLUMN_ROLLED ? -1 : rtab_column_rolls(col) ? rtab_column_row(col, i) : -2;
			sb_printf(b, first ? "[0] = %d" : ",%d", row);
			first = false;
		}
	}
	sb_puts(b, "},\n  BELOW = {");
	for (size_t c = 0; c < t->ncolumns; c++)
		sb_printf(b, c ? ", %d" : "[0] = %d", rtab_column_rolls(&t->columns[c]) ? t->columns[c].below_row : -2);
	sb_puts(b, "},\n  ABOVE = {");
	for (size_t c = 0; c < t->ncolumns; c++)
		sb_printf(b, c ? ", %d" : "[0] = %d", rtab_column_rolls(&t->columns[c]) ? t->columns[c].above_row : -2);
	sb_puts(b, "},\n  OUTCOME = {");
	for (size_t r = 0; r < t->nrows; r++)
		sb_printf(b, r ? ",%u" : "[0] = %u", rtab_row_outcome(t, r));
	sb_puts(b, "},\n  RULE = {");
	for (size_t r = 0; r < t->nrows; r++) {
		put_strs_begin(b, r);
		put_str(b, rtab_row_rule(t, r));
	}
	sb_puts(b, "},\n  REASON = ");
	put_reasons(b, it->row_reason, t->nrows);
	int32_t *v = xcalloc(t->ncolumns + 1, sizeof *v);
	sb_puts(b, ",\n  KIND = ");
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = t->columns[c].kind;
	put_ints(b, v, t->ncolumns);
	sb_puts(b, ",\n  AUTOMATIC = ");
	for (size_t c = 0; c < t->ncolumns; c++)
		v[c] = t->columns[c].automatic;
	put_ints(b, v, t->ncolumns);
	free(v);
	sb_puts(b, ",\n  WHY = ");
	put_reasons(b, it->column_reason, t->ncolumns);
	sb_puts(b, ",\n  NATURAL = {");
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
		sb_puts(b, n ? ", {" : "[0] = {");
		for (size_t i = 0; i < t->natural[n].nfaces; i++)
			sb_printf(b, "%s%d", i ? ", " : "", faces[i]);
		sb_puts(b, "}");
		free(faces);
	}
	sb_puts(b, "},\n  NATURAL_OUTCOME = {");
	for (size_t n = 0; n < t->nnatural; n++)
		sb_printf(b, n ? ", %u" : "[0] = %u", t->natural[n].outcome);
	sb_puts(b, "},\n  NATURAL_WHY = ");
	put_reasons(b, it->natural_reason, t->nnatural);
	sb_puts(b, ",\n  NATURAL_RULE = {");
	for (size_t n = 0; n < t->nnatural; n++) {
		put_strs_begin(b, n);
		put_str(b, t->natural[n].rule);
	}
	sb_puts(b, "},\n");
	size_t nvalues = t->nlines;
	if (t->column_input >= 0)
		nvalues = (size_t)m->rs->inputs[t->column_input].max + 1;
	if (t->column_of_value) {
		sb_puts(b, "  FIRST = {");
		for (size_t x = 0; x < nvalues; x++)
			sb_printf(b, x ? ", %u" : "[0] = %u", t->column_of_value[x]);
		sb_puts(b, "},\n");
	}
	if (t->column_end_of_value) {
		sb_puts(b, "  END = {");
		for (size_t x = 0; x < nvalues; x++)
			sb_printf(b, x ? ", %u" : "[0] = %u", t->column_end_of_value[x]);
		sb_puts(b, "},\n");
	}
	bool odds;
	if (ir_key_computed(it, &odds)) {
		/* The key as the support's read_key reads it: its columns from 1. */
		sb_printf(b, "  KEY = {key_kind = %u, rounding = %u, round_ranges = {", t->key_kind, t->rounding);
		for (size_t i = 0; i < t->nround_ranges; i++)
			sb_printf(b, "%s{from_num = %d, from_den = %d, rounding = %u}", i ? ", " : "",
				  t->round_ranges[i].from_num, t->round_ranges[i].from_den, t->round_ranges[i].rounding);
		sb_puts(b, "}, columns = {");
		for (size_t c = 0; c < t->ncolumns; c++)
			sb_printf(b, "%s{step_num = %d, step_den = %d}", c ? ", " : "", t->columns[c].step_num,
				  t->columns[c].step_den);
		sb_puts(b, "}},\n");
	}
	sb_puts(b, "}\n");
}

static void put_run_of(strbuf *b, const ir_table *it, const char *v, int depth)
{
	line(b, depth, "first, last = t.FIRST[%s], t.END[%s]", v, v);
	line(b, depth, "if not (first < last and last <= %u) then fail(E_RULESET) end", it->t->ncolumns);
}

static void put_faces(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	const rtab_dice *d = &m->rs->dice[t->dice];
	line(b, depth, "if #faces ~= %u then fail(E_FACES) end", d->nfaces);
	size_t f = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t k = 0; k < d->groups[g].count; k++, f++)
			line(b, depth, "if faces[%zu] < %d or faces[%zu] > %d then fail(E_FACES) end", f + 1,
			     d->groups[g].face_min, f + 1, d->groups[g].face_max);
	if (t->nrolls == 0) {
		pad(b, depth);
		sb_puts(b, "natural = ");
		for (size_t i = 0; i < f; i++)
			sb_printf(b, "%sfaces[%zu]", i ? " + " : "", i + 1);
		sb_puts(b, f ? "\n" : "0\n");
		return;
	}
	size_t at = 0;
	for (size_t r = 0; r < t->nrolls; r++) {
		pad(b, depth);
		sb_printf(b, "rolls[%zu] = ", r + 1);
		for (size_t i = 0; i < t->rolls[r].nfaces; i++)
			sb_printf(b, "%sfaces[%zu]", i ? " + " : "", at + i + 1);
		sb_puts(b, t->rolls[r].nfaces ? "\n" : "0\n");
		at += t->rolls[r].nfaces;
	}
	pad(b, depth);
	sb_puts(b, "natural = 0");
	for (size_t r = 0; r < t->nrolls; r++)
		sb_printf(b, " %s rolls[%zu]", t->rolls[r].sign < 0 ? "-" : "+", r + 1);
	sb_putc(b, '\n');
}

/* The column the key chooses (col), and the run [first, last) it reads within. */
static void put_key(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	bool runs = t->column_end_of_value != NULL;
	if (t->column_input >= 0) {
		if (it->column_input_default_reason >= 0)
			line(b, depth, "if inputs[%d] == %d then ctx:note(W[%d]) end", t->column_input + 1,
			     m->rs->inputs[t->column_input].default_value, it->column_input_default_reason);
		if (it->column_input_reasons >= 0)
			line(b, depth, "ctx:note(WL[%d][inputs[%d]])", it->column_input_reasons, t->column_input + 1);
	}
	line(b, depth, "local col, first, last = 0, 0, %u", t->ncolumns);
	bool odds;
	if (!ir_key_computed(it, &odds)) {
		if (t->column_input < 0) {
			if (t->ncolumns != 1)
				line(b, depth, "fail(E_RULESET)");
		} else {
			line(b, depth, "col = t.FIRST[inputs[%d]]", t->column_input + 1);
			line(b, depth, "if col >= %u then fail(E_COLUMN) end", t->ncolumns);
		}
		if (t->nlines > 0 && runs) {
			line(b, depth, "do");
			put_code(b, m, &it->line_key_quiet, depth + 1);
			line(b, depth + 1, "local line = r%u", it->line_key_quiet.value);
			line(b, depth + 1, "if not (line >= 0 and line < %u) then fail(E_RULESET) end", t->nlines);
			put_run_of(b, it, "line", depth + 1);
			line(b, depth, "end");
		}
		return;
	}
	line(b, depth, "local a, b");
	line(b, depth, "do");
	put_code(b, m, &it->key_a, depth + 1);
	if (odds)
		put_code(b, m, &it->key_b, depth + 1);
	if (odds)
		line(b, depth + 1, "a, b = r%u, r%u", it->key_a.value, it->key_b.value);
	else
		line(b, depth + 1, "a, b = r%u, 1", it->key_a.value);
	line(b, depth, "end");
	if (odds) {
		line(b, depth, "r.key = self:number_text(self:exact(a)) .. \":\" .. self:number_text(self:exact(b))");
		line(b, depth, "if a < 0 or b < 0 then fail(E_INPUT) end");
		line(b, depth, "if a == 0 and b == 0 then return no_result(r) end");
	} else {
		line(b, depth, "if a > 0 then r.key = \"+\" .. string.format(\"%%d\", a) else r.key = string.format(\"%%d\", a) end");
	}
	if (t->nlines > 0 && runs) {
		line(b, depth, "do");
		put_code(b, m, &it->line_key, depth + 1);
		line(b, depth + 1, "local line = r%u", it->line_key.value);
		line(b, depth + 1, "if not (line >= 0 and line < %u) then fail(E_RULESET) end", t->nlines);
		put_run_of(b, it, "line", depth + 1);
		line(b, depth, "end");
	} else if (t->column_input >= 0 && runs) {
		char v[32];
		snprintf(v, sizeof v, "inputs[%d]", t->column_input + 1);
		put_run_of(b, it, v, depth);
	}
	line(b, depth, "col = read_key(t.KEY, a, b, first, last)");
}

static void put_outcome(strbuf *b, const ir_table *it, int depth)
{
	const rtab_table *t = it->t;
	bool automatic = any_column_of_kind(t, RTAB_COLUMN_AUTOMATIC), none = any_column_of_kind(t, RTAB_COLUMN_NONE);
	if (t->nnatural > 0)
		line(b, depth, "local nat = #faces > 0 and natural_index(t.NATURAL, %u, faces) or -1", t->nnatural);
	else
		line(b, depth, "local nat = -1");
	line(b, depth, "local outcome, why, row");
	if (none) {
		line(b, depth, "if t.KIND[column] == COLUMN_NONE then");
		line(b, depth + 1, "ctx:note_first(t.WHY[column])");
		line(b, depth + 1, "local answer = no_result(r)");
		line(b, depth + 1, "if t.WHY[column] ~= nil then answer.provisional = ctx:provisional() end");
		line(b, depth + 1, "return answer");
		line(b, depth, "end");
	}
	if (automatic) {
		line(b, depth, "if t.KIND[column] == COLUMN_AUTOMATIC then");
		line(b, depth + 1, "r.automatic = true");
		line(b, depth + 1, "nat = -1");
		line(b, depth + 1, "outcome = t.AUTOMATIC[column]");
		line(b, depth + 1, "why = t.WHY[column]");
		line(b, depth, "else");
		depth++;
	}
	if (it->faces_later)
		line(b, depth, "if faces_later then fail(E_FACES) end");
	line(b, depth, "if nat >= 0 then");
	line(b, depth + 1, "outcome = t.NATURAL_OUTCOME[nat]");
	line(b, depth + 1, "why = t.NATURAL_WHY[nat]");
	line(b, depth, "else");
	line(b, depth + 1, "if roll < %d then row = t.BELOW[column]", t->roll_min);
	line(b, depth + 1, "elseif roll > %d then row = t.ABOVE[column]", t->roll_max);
	line(b, depth + 1, "else row = t.ROW[column * %zu + roll - %d] end", roll_span(t), t->roll_min);
	line(b, depth + 1, "if row < 0 then fail(row == -2 and E_RULESET or E_NO_ROW) end");
	line(b, depth + 1, "outcome = t.OUTCOME[row]");
	line(b, depth + 1, "why = t.REASON[row]");
	line(b, depth, "end");
	if (automatic)
		line(b, depth - 1, "end");
}

static void put_rewrites(strbuf *b, const ir_module *m, const ir_table *it, int depth)
{
	line(b, depth, "local rewritten_from, rewrite_rule = nil, nil");
	if (it->nrewrites == 0)
		return;
	line(b, depth, "repeat -- the first rewrite of the outcome that holds");
	for (size_t k = 0; k < it->nrewrites; k++) {
		const ir_rewrite *rw = &it->rewrites[k];
		int d = depth + 2;
		line(b, depth + 1, "if outcome == %u then", rw->from);
		/* Its reading decides the outcome whether it changes it or not: noted either way. */
		if (!rw->when.empty)
			put_code(b, m, &rw->when, d);
		if (rw->reason >= 0)
			line(b, d, "ctx:note(W[%d])", rw->reason);
		if (!rw->when.empty) {
			line(b, d, "if r%u ~= 0 then", rw->when.value);
			d++;
		}
		line(b, d, "rewritten_from = outcome");
		line(b, d, "outcome = %u", rw->to);
		pad(b, d);
		sb_puts(b, "rewrite_rule = ");
		put_str(b, rw->rule);
		sb_puts(b, "\n");
		line(b, d, "break");
		if (!rw->when.empty)
			line(b, d - 1, "end");
		line(b, depth + 1, "end");
	}
	line(b, depth, "until true");
}

static void put_table(strbuf *b, const ir_module *m, const ir_table *it)
{
	const rtab_table *t = it->t;
	put_table_data(b, m, it);
	sb_printf(b, "-- Table %s, lowered: one roll, the situation validated.\n", t->id);
	sb_printf(b, "TABLES[%u] = function(self, inputs, faces, drm)\n", it->index);
	int d = 1;
	line(b, d, "local t = T[%u]", it->index);
	if (t->ncolumns == 0)
		line(b, d, "fail(E_RULESET)");
	if (it->step_refuses_drm)
		line(b, d, "if drm ~= 0 then fail(E_STEP_DRM) end -- a modifier from outside belongs to no step");
	line(b, d, "local natural, rolls = 0, {}");
	if (t->dice == RTAB_NO_DICE) {
		line(b, d, "if #faces > 0 then fail(E_FACES) end");
	} else if (it->faces_later) {
		line(b, d, "local faces_later = #faces == 0");
		line(b, d, "if not faces_later then");
		put_faces(b, m, it, d + 1);
		line(b, d, "end");
	} else {
		put_faces(b, m, it, d);
	}
	line(b, d, "local ctx = Context.new()");
	line(b, d, "local applied = array()");
	line(b, d, "local modifier_raw");
	line(b, d, "do -- the die-roll modifiers");
	put_list(b, m, &it->modifiers, "drm", d + 1);
	line(b, d + 1, "modifier_raw = total");
	line(b, d, "end");
	line(b, d, "local modifier = modifier_raw");
	if (t->capped)
		line(b, d, "modifier = min(max(modifier, %d), %d) -- the table's cap", t->cap_min, t->cap_max);
	line(b, d, "local roll = check32(natural + modifier)");
	line(b, d, "local r = {column = t.COLUMN[0], key = NULL, key_column = NULL, column_shift = 0, automatic = false,");
	line(b, d + 1, "natural = natural, modifier_raw = modifier_raw, modifier = modifier, modified_roll = roll}");
	if (t->nrolls) {
		pad(b, d);
		sb_puts(b, "if #faces > 0 then r.rolls = {");
		for (size_t r = 0; r < t->nrolls; r++) {
			sb_puts(b, r ? ", [" : "[");
			put_str(b, t->rolls[r].id);
			sb_printf(b, "] = rolls[%zu]", r + 1);
		}
		sb_puts(b, "} end\n");
	}
	put_key(b, m, it, d);
	line(b, d, "r.key_column = t.COLUMN[col]");
	line(b, d, "local shift");
	line(b, d, "do -- the column shifts");
	put_list(b, m, &it->shifts, "0", d + 1);
	line(b, d + 1, "shift = total");
	line(b, d, "end");
	line(b, d, "r.column_shift = shift");
	if (t->shift_stops) {
		/* 'clamp shifts;': a key on an end column stays there; a shift stops at the
		 * printed columns (as the runtime's pick_column). */
		int lo = t->shift_stops & RTAB_SHIFT_STOP_BELOW ? 1 : 0;
		int hi = t->shift_stops & RTAB_SHIFT_STOP_ABOVE ? 2 : 1;
		line(b, d, "local lo, hi = first + %d, last - %d", lo, hi);
		line(b, d, "local column = col");
		line(b, d, "if col >= lo and col <= hi then column = min(max(col + shift, lo), hi) end");
	} else {
		line(b, d, "local column = min(max(col + shift, first), last - 1)");
	}
	line(b, d, "r.column = t.COLUMN[column]");
	line(b, d, "r.applied = applied");
	put_outcome(b, it, d);
	line(b, d, "ctx:note_first(why)");
	put_rewrites(b, m, it, d);
	line(b, d, "local fired = self:fired(outcome, inputs, ctx)");
	line(b, d, "local o = self:outcome_part(outcome)");
	pad(b, d);
	sb_puts(b, "local rule = ");
	put_str(b, t->rule);
	sb_puts(b, "\n");
	line(b, d, "if rewrite_rule ~= nil and rewrite_rule ~= NULL then rule = rewrite_rule");
	line(b, d, "elseif nat >= 0 and t.NATURAL_RULE[nat] ~= NULL then rule = t.NATURAL_RULE[nat]");
	line(b, d, "elseif nat < 0 and row ~= nil and t.RULE[row] ~= NULL then rule = t.RULE[row] end");
	line(b, d, "r.natural_rule = nat >= 0");
	line(b, d, "r.rewritten_from = rewritten_from and self:outcome_part(rewritten_from).id or NULL");
	line(b, d, "r.outcome = o.id");
	line(b, d, "r.code = o.code");
	line(b, d, "r.rule = rule");
	line(b, d, "r.effects = o.effects");
	line(b, d, "r.triggers, r.trigger_of, r.trigger_inputs = array(), array(), array()");
	line(b, d, "for i, f in ipairs(fired) do");
	line(b, d + 1, "r.triggers[i] = f.trigger.target.id");
	line(b, d + 1, "r.trigger_of[i] = f.index");
	line(b, d + 1, "r.trigger_inputs[i] = self:passed_on(outcome, f.index, inputs)");
	line(b, d, "end");
	line(b, d, "r.provisional = ctx:provisional()");
	line(b, d, "if o.numbers ~= nil then r.numbers = o.numbers end");
	line(b, d, "return r");
	sb_puts(b, "end\n\n");
}

static void put_fired(strbuf *b, const ir_module *m, size_t k)
{
	const ir_outcome *o = &m->outcomes[k];
	sb_printf(b, "FIRED[%zu] = function(self, inputs, ctx) -- %s\n", k, m->rs->outcomes[k].id);
	line(b, 1, "local out, triggers = {}, self.x.outcomes[%zu].triggers", k + 1);
	for (size_t j = 0; j < o->ntriggers; j++) {
		const ir_trigger *tr = &o->triggers[j];
		/* Its reading (its condition, its count) decides whether and how often it
		 * fires: its reason and what it reads are noted, fired or not. */
		line(b, 1, "do");
		if (tr->reason >= 0)
			line(b, 2, "if ctx ~= nil then ctx:note(W[%d]) end", tr->reason);
		line(b, 2, "local times = 0");
		int d = 2;
		if (!tr->unless.empty) {
			put_code(b, m, &tr->unless, d);
			line(b, d, "local suppressed = r%u ~= 0", tr->unless.value);
			line(b, d, "if not suppressed then");
			d++;
		}
		if (tr->times.empty) {
			line(b, d, "times = 1");
		} else {
			line(b, d, "do");
			put_code(b, m, &tr->times, d + 1);
			line(b, d + 1, "times = r%u", tr->times.value);
			line(b, d, "end");
		}
		if (!tr->unless.empty)
			line(b, 2, "end");
		line(b, 2, "if times < 0 then fail(E_RULESET) end");
		line(b, 2, "for _ = 1, times do out[#out + 1] = {index = %zu, trigger = triggers[%zu]} end", j, j + 1);
		line(b, 1, "end");
	}
	line(b, 1, "return out");
	sb_puts(b, "end\n\n");
}

static void put_passed(strbuf *b, const ir_module *m, size_t k, size_t j)
{
	const ir_trigger *tr = &m->outcomes[k].triggers[j];
	sb_printf(b, "PASSED[%zu][%zu] = function(self, inputs, earlier)\n", k, j);
	line(b, 1, "local v = {}");
	for (size_t s = 0; s < tr->nsets; s++) {
		const ir_set *set = &tr->sets[s];
		switch ((rtab_set_each)set->each) {
		case RTAB_SET_REPEAT:
			line(b, 1, "v[%zu] = #earlier + 1", s + 1);
			break;
		case RTAB_SET_EARLIER:
			line(b, 1, "v[%zu] = index_of(earlier, %u) and 1 or 0", s + 1, set->earlier);
			break;
		case RTAB_SET_SAME:
			line(b, 1, "do");
			put_code(b, m, &set->value, 2);
			line(b, 2, "v[%zu] = r%u", s + 1, set->value.value);
			line(b, 1, "end");
			break;
		}
	}
	line(b, 1, "local out = {}");
	line(b, 1, "for i = 1, #inputs do out[i] = inputs[i] end");
	for (size_t s = 0; s < tr->nsets; s++)
		line(b, 1, "out[%u] = v[%zu]", tr->sets[s].input + 1, s + 1);
	/* The others are the triggering situation's, already within their domains. */
	for (size_t s = 0; s < tr->nsets; s++)
		line(b, 1, "self:validate_input(%u, v[%zu])", tr->sets[s].input + 1, s + 1);
	line(b, 1, "return out");
	sb_puts(b, "end\n");
	/* What it passes on as a result shows it: by input id, each value as the vectors write it. */
	sb_printf(b, "SHOWN[%zu][%zu] = function(self, out)\n  return {", k, j);
	for (size_t s = 0; s < tr->nsets; s++) {
		sb_puts(b, s ? ", [" : "[");
		put_str(b, m->rs->inputs[tr->sets[s].input].id);
		sb_printf(b, "] = self:value_of(%u, out[%u])", tr->sets[s].input + 1, tr->sets[s].input + 1);
	}
	sb_puts(b, "}\nend\n\n");
}

/* A condition's code and the test that it holds (an empty one always does): opens a block. */
static void put_holds(strbuf *b, const ir_module *m, const ir_code *c, int depth)
{
	if (c->empty) {
		line(b, depth, "do");
		return;
	}
	put_code(b, m, c, depth);
	line(b, depth, "if r%u ~= 0 then", c->value);
}

static void put_reactions(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_reaction_set *r = &m->rs->reaction_sets[k];
	const ir_reactions *ir = &m->reactions[k];
	sb_printf(b, "REACTION_SETS[%zu] = function(self, inputs) -- %s\n", k, r->id);
	line(b, 1, "local options, leads = array(), {}");
	int d = 1;
	if (!ir->none_when.empty) {
		put_code(b, m, &ir->none_when, 1);
		line(b, 1, "if r%u == 0 then -- not 'none when'", ir->none_when.value);
		d = 2;
	}
	for (size_t o = 0; o < ir->noptions; o++) {
		line(b, d, "do");
		put_holds(b, m, &ir->guards[o], d + 1);
		pad(b, d + 2);
		sb_puts(b, "options[#options + 1] = ");
		put_str(b, r->options[o].id);
		sb_puts(b, "\n");
		pad(b, d + 2);
		sb_puts(b, "leads[");
		put_str(b, r->options[o].id);
		sb_puts(b, "] = ");
		put_str(b, r->options[o].outcome >= 0 ? m->rs->outcomes[r->options[o].outcome].id : NULL);
		sb_puts(b, "\n");
		line(b, d + 1, "end");
		line(b, d, "end");
	}
	if (d == 2)
		line(b, 1, "end");
	line(b, 1, "return {options = options, leads = leads}");
	sb_puts(b, "end\n\n");
}

static void put_transition(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_transition *t = &m->rs->transitions[k];
	const rtab_enum *states = &m->rs->enums[m->rs->inputs[t->input].enum_index];
	sb_printf(b, "TRANSITIONS[%zu] = function(self, inputs) -- %s\n", k, t->id);
	sb_puts(b, "  local next_state = ({");
	for (size_t v = 0; v < states->nvalues; v++)
		sb_printf(b, v ? ", %d" : "[0] = %d", t->next[v]);
	sb_printf(b, "})[inputs[%u]]\n", t->input + 1);
	line(b, 1, "if next_state < 0 then fail(E_STATE) end");
	sb_puts(b, "  return {state = ({");
	for (size_t v = 0; v < states->nvalues; v++) {
		put_strs_begin(b, v);
		put_str(b, states->values[v].id);
	}
	sb_puts(b, "})[next_state]}\nend\n\n");
}

static void put_distance(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_distance *dist = &m->rs->distances[k];
	const ir_distance *ir = &m->distances[k];
	sb_printf(b, "DISTANCES[%zu] = function(self, inputs, faces) -- %s\n", k, dist->id);
	line(b, 1, "local values, provisional = array(), NULL");
	for (size_t f = 0; f < ir->nforms; f++) {
		line(b, 1, "do");
		line(b, 2, "local ctx = Context.new(faces)");
		line(b, 2, "local ok, v = pcall(function()");
		put_code(b, m, &ir->forms[f], 3);
		line(b, 3, "if ctx.next_face ~= #ctx.faces then fail(E_FACES) end");
		if (ir->forms[f].empty)
			line(b, 3, "return 1");
		else
			line(b, 3, "return r%u", ir->forms[f].value);
		line(b, 2, "end)");
		line(b, 2, "if not ok and not is_status(v) then error(v, 0) end");
		line(b, 2, "if not ok then");
		pad(b, 3);
		sb_puts(b, "values[#values + 1] = {value = NULL, unit = ");
		put_str(b, dist->forms[f].unit);
		sb_puts(b, "}\n");
		line(b, 2, "else");
		if (ir->reason >= 0)
			line(b, 3, "ctx:note_first(W[%d])", ir->reason);
		line(b, 3, "if provisional == NULL then provisional = ctx:provisional() end");
		pad(b, 3);
		sb_puts(b, "values[#values + 1] = {value = self:exact(v), unit = ");
		put_str(b, dist->forms[f].unit);
		sb_puts(b, "}\n");
		line(b, 2, "end");
		line(b, 1, "end");
	}
	line(b, 1, "return {values = values, provisional = provisional}");
	sb_puts(b, "end\n\n");
}

static void put_procedure(strbuf *b, const ir_module *m, size_t k)
{
	const rtab_procedure *p = &m->rs->procedures[k];
	const ir_procedure *ir = &m->procedures[k];
	sb_printf(b, "PROCEDURES[%zu] = function(self, inputs) -- %s\n", k, p->id);
	line(b, 1, "local step, outcome = NULL, %d", p->otherwise);
	line(b, 1, "repeat -- the first step that applies");
	for (size_t s = 0; s < ir->nsteps; s++) {
		line(b, 2, "do");
		put_holds(b, m, &ir->guards[s], 3);
		pad(b, 4);
		sb_puts(b, "step = ");
		put_str(b, p->steps[s].id);
		sb_puts(b, "\n");
		line(b, 4, "outcome = %d", p->steps[s].outcome);
		line(b, 4, "break");
		line(b, 3, "end");
		line(b, 2, "end");
	}
	line(b, 1, "until true");
	line(b, 1, "local r = {step = step, outcome = NULL}");
	line(b, 1, "if outcome >= 0 then");
	line(b, 2, "local o = self:outcome_part(outcome)");
	line(b, 2, "r.outcome = o.id");
	line(b, 2, "r.effects = o.effects");
	line(b, 2, "r.triggers = self:triggers(outcome, inputs)");
	line(b, 2, "if o.numbers ~= nil then r.numbers = o.numbers end");
	line(b, 1, "end");
	line(b, 1, "return r");
	sb_puts(b, "end\n\n");
}

void print_lua_lowered(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n-- The resolver of this ruleset, printed from its lowering (compiler/lower).\n"
		   "-- W: the reasons; WL: the reasons of each enum's values; T: each table's data.\n"
		   "local W, WL, T = {}, {}, {}\n"
		   "local TABLES, REACTION_SETS, TRANSITIONS, DISTANCES, PROCEDURES = {}, {}, {}, {}, {}\n"
		   "local FIRED, PASSED, SHOWN = {}, {}, {}\n");
	for (size_t k = 0; k < m->nreasons; k++) {
		sb_printf(b, "W[%zu] = ", k);
		put_str(b, m->reasons[k]);
		sb_putc(b, '\n');
	}
	for (size_t k = 0; k < m->nreason_lists; k++) {
		sb_printf(b, "WL[%zu] = ", k);
		put_reasons(b, m->reason_lists[k].reasons, m->reason_lists[k].n);
		sb_putc(b, '\n');
	}
	sb_puts(b, "\n-- The id of the first requirement the situation breaks, or nil.\n"
		   "local function requirement_broken(self, inputs)\n");
	for (size_t k = 0; k < m->nrequirements; k++) {
		const ir_requirement *q = &m->requirements[k];
		if (q->condition.empty)
			continue;
		line(b, 1, "do");
		put_code(b, m, &q->condition, 2);
		pad(b, 2);
		sb_printf(b, "if r%u == 0 then return ", q->condition.value);
		put_str(b, q->id);
		sb_puts(b, " end\n");
		line(b, 1, "end");
	}
	sb_puts(b, "  return nil\nend\n\n");
	for (size_t k = 0; k < m->noutcomes; k++) {
		if (!m->outcomes[k].ntriggers)
			continue;
		put_fired(b, m, k);
		sb_printf(b, "PASSED[%zu], SHOWN[%zu] = {}, {}\n", k, k);
		for (size_t j = 0; j < m->outcomes[k].ntriggers; j++)
			put_passed(b, m, k, j);
	}
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
	sb_puts(b, "-- What the support's Ruleset runs: the lowered resolver (each array from 0).\n"
		   "local LOWERED = {\n  tables = TABLES, reaction_sets = REACTION_SETS, transitions = TRANSITIONS,\n"
		   "  distances = DISTANCES, procedures = PROCEDURES, fired = FIRED, passed = PASSED, shown = SHOWN,\n"
		   "  requirement_broken = requirement_broken,\n}\n");
}
