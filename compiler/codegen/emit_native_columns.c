/* SPDX-License-Identifier: MIT */
/*
 * The native resolvers' choice of a column (see emit_native.c), as the
 * interpreter's pick_column makes it: the column of an enum input, or of a
 * key computed by odds, a difference or a value (within the variant's run of
 * a two-key table), read against the columns' steps under the table's
 * rounding (or the rounding of the range the key falls in); then the column
 * shifts, which stack apart from the die-roll modifiers, and the clamp to the
 * run's ends; then what an automatic or 'none' column gives without a roll.
 *
 * A key is read with two counts over the run's steps, each a multiply and a
 * compare, no branch: ge, the steps the key reaches, and gt, the steps below
 * it. Steps rise (native_tables.c refuses a table whose steps do not), so the
 * step at or below the key is ge - 1 and the one at or above it is gt.
 */
#include "codegen/emit_native_columns.h"
#include "codegen/emit_native_mods.h"
#include "codegen/native_tables.h"
#include "codegen/expr_intervals.h"
#include "front/key_kinds.h"

#include <stdio.h>
#include <stdlib.h>

bool column_computed(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		return t->nshifts > 0;
	case RTAB_KEY_ENUM: /* the run first, then the value's column within it */
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		break;
	}
	return true;
}

bool column_has_kind(const rtab_table *t, uint8_t kind)
{
	for (size_t c = 0; c < t->ncolumns; c++)
		if (t->columns[c].kind == kind)
			return true;
	return false;
}

/* Whether the key is odds a:b (else a value a): the columns' steps are read so. An
 * input's column has no key (emit_column_helpers writes none for it). */
static bool key_is_odds(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_ODDS:
		return true;
	case RTAB_KEY_VALUE:
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		break;
	}
	return false;
}

/* "(k_a * 4 >= 1 * k_b)": the key against step i, as cmp_key; op ">=" or ">". */
static void key_cmp(strbuf *o, const rtab_table *t, int32_t num, int32_t den, const char *op)
{
	if (key_is_odds(t))
		sb_printf(o, "(a * %ld %s %ld * b)", (long)den, op, (long)num);
	else
		sb_printf(o, "(a %s %ld)", op, (long)num);
}

/* The rounding mode of the key as read_key finds it: the range's (or the table's), and
 * 'evens' resolved by the side of 1:1 (of 0) the key is on. */
static void emit_mode(strbuf *o, const rtab_table *t)
{
	const char *evens = key_is_odds(t) ? "a >= b" : "a >= 0";
	if (!t->round_ranges || !t->nround_ranges) {
		if (t->rounding == RTAB_ROUND_EVENS)
			sb_printf(o, "\tconst int mode = %s ? %d : %d;\n", evens, RTAB_ROUND_DOWN, RTAB_ROUND_UP);
		else
			sb_printf(o, "\tconst int mode = %d;\n", t->rounding);
		return;
	}
	sb_printf(o, "\tint mode = %d;\n", t->round_ranges[0].rounding);
	for (size_t i = 1; i < t->nround_ranges; i++) {
		const rtab_round_range *r = &t->round_ranges[i];
		sb_puts(o, "\tif ");
		key_cmp(o, t, r->from_num, r->from_den, ">=");
		sb_printf(o, " mode = %d;\n", r->rounding);
	}
	sb_printf(o, "\tif (mode == %d) mode = %s ? %d : %d;\n", RTAB_ROUND_EVENS, evens, RTAB_ROUND_DOWN,
		  RTAB_ROUND_UP);
}

/* Whether the key may be read under a rounding mode (the table's, or a range's). */
static bool may_round(const rtab_table *t, int mode)
{
	if (!t->round_ranges || !t->nround_ranges)
		return t->rounding == mode || (t->rounding == RTAB_ROUND_EVENS &&
					       (mode == RTAB_ROUND_DOWN || mode == RTAB_ROUND_UP));
	for (size_t i = 0; i < t->nround_ranges; i++)
		if (t->round_ranges[i].rounding == mode ||
		    (t->round_ranges[i].rounding == RTAB_ROUND_EVENS &&
		     (mode == RTAB_ROUND_DOWN || mode == RTAB_ROUND_UP)))
			return true;
	return false;
}

/* Round NEAREST (or LINEAR, LINEAR_UP) between steps ge - 1 and ge, exactly: the
 * key reads down when it is at or below the point midway between them (a tie
 * reads down; under LINEAR_UP below it), which the interpreter works out
 * (rtab_odds_midway, rtab_odds_linear_midway; for a value, twice the midpoint).
 * Steps' terms are within RTAB_MAX_STEP_TERM (native_tables.c), so the
 * midpoints' are below 2^30 and the key (within int32) against them fits in int64. */
static void emit_nearest(strbuf *o, const rtab_table *t, size_t first, size_t end, int mode)
{
	bool value = !key_is_odds(t);
	const char *tie = mode == RTAB_ROUND_LINEAR_UP ? "<" : "<=";
	sb_printf(o, "\tif (mode == %d) { /* the point midway between steps ge - 1 and ge */\n", mode);
	for (int k = 0; k < (value ? 1 : 2); k++) {
		sb_printf(o, "\t\tstatic const int64_t %s[] = {", value ? "twice_mid" : k ? "mid_den" : "mid_num");
		for (size_t i = first + 1; i < end; i++) {
			const rtab_column *d = &t->columns[i - 1], *u = &t->columns[i];
			int64_t tn = 0, td = 1; /* below a step 0:q, every key reads up */
			int rc = RTAB_OK;
			if (value)
				tn = (int64_t)d->step_num + u->step_num;
			else if (d->step_num > 0 && mode != RTAB_ROUND_NEAREST)
				rc = rtab_odds_linear_midway(d->step_num, d->step_den, u->step_num, u->step_den, &tn, &td);
			else if (d->step_num > 0)
				rc = rtab_odds_midway(d->step_num, d->step_den, u->step_num, u->step_den, &tn, &td);
			if (rc != RTAB_OK)
				abort(); /* native_tables.c refuses steps past RTAB_MAX_STEP_TERM */
			sb_printf(o, "%s%lld", i > first + 1 ? ", " : "", (long long)(k ? td : tn));
		}
		sb_puts(o, "};\n");
	}
	if (value)
		sb_printf(o, "\t\treturn 2 * a %s twice_mid[ge - 1] ? %zu + ge - 1 : %zu + ge;\n\t}\n", tie, first,
			  first);
	else
		sb_printf(o, "\t\treturn a * mid_den[ge - 1] %s mid_num[ge - 1] * b ? %zu + ge - 1 : %zu + ge;\n\t}\n",
			  tie, first, first);
}

/* The helper that reads a key among the run [first, end) of table ti: the column. */
static void emit_key_fn(strbuf *o, const rtab_table *t, size_t ti, size_t first, size_t end)
{
	sb_printf(o, "\n/* table %s: the column of the key among columns %zu..%zu */\n"
		     "RTAB_NATIVE_HELPER_ int rtab_native_key%zu_%zu_(int64_t a, int64_t b)\n{\n",
		  t->id, first, end - 1, ti, first);
	if (t->above_strict) { /* 'above more than S': a key past S reads it; the rest, the others */
		sb_puts(o, "\tif ");
		key_cmp(o, t, t->columns[end - 1].step_num, t->columns[end - 1].step_den, ">");
		sb_printf(o, " return %zu;\n", --end);
	}
	size_t n = end - first;
	for (int k = 0; k < 2; k++) {
		sb_printf(o, "\tconst int %s = ", k ? "gt" : "ge");
		for (size_t i = first; i < end; i++) {
			sb_puts(o, i > first ? (((i - first) % 4) ? " + " : " +\n\t\t") : "");
			key_cmp(o, t, t->columns[i].step_num, t->columns[i].step_den, k ? ">" : ">=");
		}
		sb_puts(o, ";\n");
	}
	if (!t->nround_ranges && t->rounding == RTAB_ROUND_DOWN_STRICT) {
		/* 'more than': the greatest step the key passes (the first when it passes none). */
		sb_printf(o, "\t(void)b; (void)ge;\n\treturn %zu + gt - (gt > 0);\n}\n", first);
		return;
	}
	if (!t->nround_ranges && (t->rounding == RTAB_ROUND_DOWN || t->rounding == RTAB_ROUND_UP)) {
		/* One rounding: the step at or below (the first below the first step), or the
		 * step at or above (the last above the last step). */
		if (t->rounding == RTAB_ROUND_DOWN)
			sb_printf(o, "\t(void)b; (void)gt;\n\treturn %zu + ge - (ge > 0);\n}\n", first);
		else
			sb_printf(o, "\t(void)b; (void)ge;\n\treturn %zu + (gt < %zu ? gt : %zu);\n}\n", first, n, n - 1);
		return;
	}
	emit_mode(o, t);
	sb_puts(o, "\t(void)b; (void)ge; (void)gt; (void)mode;\n");
	sb_printf(o, "\tif (ge == 0) return %zu; /* below the first step */\n", first);
	sb_printf(o, "\tif (gt == %zu) return %zu; /* above the last */\n", n, end - 1);
	sb_printf(o, "\tif (ge > gt) return %zu + ge - 1; /* on a step */\n", first);
	static const int nearest_modes[] = {RTAB_ROUND_NEAREST, RTAB_ROUND_LINEAR, RTAB_ROUND_LINEAR_UP};
	for (size_t k = 0; k < sizeof nearest_modes / sizeof nearest_modes[0]; k++)
		if (may_round(t, nearest_modes[k]) && n > 1)
			emit_nearest(o, t, first, end, nearest_modes[k]);
	sb_printf(o, "\treturn mode == %d ? %zu + ge - 1 : %zu + ge;\n}\n", RTAB_ROUND_DOWN, first, first);
}

void emit_column_helpers(strbuf *o, const rtab_ruleset *rs, size_t ti)
{
	const rtab_table *t = &rs->tables[ti];
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ENUM:
		return; /* the input's value is the column: no key to read */
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		break;
	}
	if (t->column_input < 0) {
		emit_key_fn(o, t, ti, 0, t->ncolumns);
		return;
	}
	/* One per run; values that share a run share its helper. */
	for (int32_t v = 0; v <= rs->inputs[t->column_input].max; v++) {
		bool seen = false;
		for (int32_t w = 0; w < v; w++)
			seen |= t->column_of_value[w] == t->column_of_value[v];
		if (!seen)
			emit_key_fn(o, t, ti, t->column_of_value[v], t->column_end_of_value[v]);
	}
}

/* The result's fields a return without a result leaves as the interpreter does (its list of
 * reasons as the interpreter's, its count and first reason as the interpreter left them). */
static void emit_no_result(nctx *c, int depth, bool noted)
{
	if (c->full) {
		nline(c, depth, "out->modifier = modifier;");
		nline(c, depth, "out->modified_roll = (int32_t)roll;");
		if (!noted) {
			nline(c, depth, "out->provisional = NULL;");
			nline(c, depth, "out->nprovisional = 0;");
		}
	}
	nline(c, depth, "return RTAB_E_NO_RESULT;");
}

/* Whether the expression's value may be below 0 for inputs within their domains. */
static bool may_be_negative(const rtab_ruleset *rs, const rtab_expr *e)
{
	if (e->ninstrs == 0)
		return false; /* 1 */
	sstate *st = xcalloc(e->ninstrs + 1u, sizeof *st);
	bool neg = !expr_intervals(rs, e, st) || st[e->ninstrs].s[0].lo < 0;
	free(st);
	return neg;
}

/* The key, computed: key_a (and key_b), then the column it reads as. */
static void emit_key(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	bool odds = key_is_odds(t);
	if (t->column_input >= 0) {
		/* The variant's run, its reasons first (as key_run, then pick_column). */
		char var[32];
		snprintf(var, sizeof var, "in[%d]", t->column_input);
		note_input_native(c, 1, (size_t)t->column_input, var);
	}
	emit_expr(c, 1, &t->key_a, "ka");
	if (odds)
		emit_expr(c, 1, &t->key_b, "kb");
	if (c->full) {
		nline(c, 1, "out->key_num = ka;");
		nline(c, 1, "out->key_den = kb;");
	}
	if (odds) {
		if (may_be_negative(rs, &t->key_a) || may_be_negative(rs, &t->key_b))
			nline(c, 1, "if (ka < 0 || kb < 0) return RTAB_E_INPUT;");
		nline(c, 1, "if (ka == 0 && kb == 0) { /* no forces on either side: no odds to read */");
		emit_no_result(c, 2, false);
		nline(c, 1, "}");
	}
	if (t->column_input < 0) {
		nline(c, 1, "col = rtab_native_key%zu_0_(ka, kb);", c->ti);
		return;
	}
	nline(c, 1, "switch (in[%d]) { /* %s */", t->column_input, rs->inputs[t->column_input].id);
	/* The last value as the default: the input is within its domain. */
	for (int32_t v = 0; v <= rs->inputs[t->column_input].max; v++) {
		char label[32];
		if (v == rs->inputs[t->column_input].max)
			snprintf(label, sizeof label, "default");
		else
			snprintf(label, sizeof label, "case %ld", (long)v);
		nline(c, 1, "%s: first = %u; end = %u; col = rtab_native_key%zu_%u_(ka, kb); break;", label,
		      t->column_of_value[v], t->column_end_of_value[v], c->ti, t->column_of_value[v]);
	}
	nline(c, 1, "}");
}

/* Two enum keys: the run of the first's value, then the second's column
 * in it (table.column_of_key), as key_run and enum_key_column read them. */
static void emit_enum_key(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	int key = table_enum_key_input(t);
	size_t nkey = (size_t)rs->inputs[key].max + 1;
	char var[32];
	snprintf(var, sizeof var, "in[%d]", t->column_input);
	note_input_native(c, 1, (size_t)t->column_input, var);
	nline(c, 1, "first = table%zu_column_of_value[(uint32_t)in[%d]]; /* by %s */", c->ti, t->column_input,
	      rs->inputs[t->column_input].id);
	nline(c, 1, "end = table%zu_column_end_of_value[(uint32_t)in[%d]];", c->ti, t->column_input);
	emit_expr(c, 1, &t->key_a, "ka");
	nline(c, 1, "col = table%zu_column_of_key[(uint32_t)in[%d] * %zuu + (uint32_t)ka]; /* then by %s */",
	      c->ti, t->column_input, nkey, rs->inputs[key].id);
}

/* An input's column, as before any shift. */
static void emit_input_column(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	if (t->column_input < 0) {
		nline(c, 1, "col = 0;");
		return;
	}
	const rtab_input *ci = &rs->inputs[t->column_input];
	bool bad = false;
	for (int64_t v = 0; v <= ci->max; v++)
		if (t->column_of_value[v] >= t->ncolumns)
			bad = true;
	nline(c, 1, "col = table%zu_column_of_value[(uint32_t)in[%d]]; /* by %s */", c->ti, t->column_input,
	      ci->id);
	char var[32];
	snprintf(var, sizeof var, "in[%d]", t->column_input);
	note_input_native(c, 1, (size_t)t->column_input, var);
	if (bad)
		nline(c, 1, "if (col >= %u) return RTAB_E_COLUMN;", t->ncolumns);
}

void emit_column_choice(nctx *c, const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_INPUT:
		emit_input_column(c, t);
		break;
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		emit_key(c, t);
		break;
	case RTAB_KEY_ENUM:
		emit_enum_key(c, t);
		break;
	}
	if (!column_computed(t))
		return;
	if (c->full)
		nline(c, 1, "out->key_column = (int16_t)col;");
	if (t->nshifts) {
		mod_list shifts = {t->shifts, t->nshifts, "s", true, NULL};
		emit_modifiers_native(c, t, &shifts);
		emit_sums(c, t, &shifts, "shift", "0");
		if (c->full)
			nline(c, 1, "out->column_shift = (int32_t)shift;");
		if (t->shift_stops) {
			/* 'clamp shifts;': a key on an end column stays there; a shift stops
			 * at the printed columns of the run. */
			int lo = t->shift_stops & RTAB_SHIFT_STOP_BELOW ? 1 : 0;
			int hi = t->shift_stops & RTAB_SHIFT_STOP_ABOVE ? 2 : 1;
			nline(c, 1, "if (col >= first + %d && col <= end - %d) {", lo, hi);
			nline(c, 2, "shift += col;");
			nline(c, 2, "col = shift < first + %d ? first + %d : shift > end - %d ? end - %d : (int)shift;",
			      lo, lo, hi, hi);
			nline(c, 1, "}");
		} else {
			/* Never past the ends of the run. */
			nline(c, 1, "shift += col;");
			nline(c, 1, "col = shift < first ? first : shift >= end ? end - 1 : (int)shift;");
		}
	}
}

/* "col == 0 || col == 10": whether the column is of the kind (a few), or a bit of a mask. */
static void kind_test(strbuf *o, const rtab_table *t, uint8_t kind)
{
	size_t n = 0;
	uint64_t mask = 0;
	for (size_t k = 0; k < t->ncolumns; k++)
		if (t->columns[k].kind == kind) {
			n++;
			mask |= k < 64 ? (uint64_t)1 << k : 0;
		}
	if (n > 3 && t->ncolumns <= 64) {
		sb_printf(o, "(UINT64_C(0x%llx) >> col & 1)", (unsigned long long)mask);
		return;
	}
	size_t i = 0;
	for (size_t k = 0; k < t->ncolumns; k++)
		if (t->columns[k].kind == kind)
			sb_printf(o, "%scol == %zu", i++ ? " || " : "", k);
}

/* Reasons chosen by the column (its 'below none provisional "why"'): the array's name. */
static void column_reasons(nctx *c, const rtab_table *t, char *name, size_t cap)
{
	const char **whys = xcalloc(t->ncolumns ? t->ncolumns : 1, sizeof *whys);
	for (size_t k = 0; k < t->ncolumns; k++)
		whys[k] = t->columns[k].provisional;
	snprintf(name, cap, "rtab_native_reasons_c%zu_", c->ti);
	reason_id_array(c, name, whys, t->ncolumns);
}

static bool kind_provisional(const rtab_table *t, uint8_t kind)
{
	for (size_t k = 0; k < t->ncolumns; k++)
		if (t->columns[k].kind == kind && t->columns[k].provisional)
			return true;
	return false;
}

bool emit_unrolled_columns(nctx *c, const rtab_table *t)
{
	char name[64];
	if (column_has_kind(t, RTAB_COLUMN_NONE)) {
		nindent(c->o, 1);
		sb_puts(c->o, "if (");
		kind_test(c->o, t, RTAB_COLUMN_NONE);
		sb_puts(c->o, ") { /* no result: not allowed */\n");
		bool noted = c->full && kind_provisional(t, RTAB_COLUMN_NONE);
		if (c->full) {
			nline(c, 2, "out->column = (uint16_t)col;");
			nline(c, 2, "out->row = UINT16_MAX;");
		}
		if (noted) {
			column_reasons(c, t, name, sizeof name);
			nline(c, 2, "rtab_native_note_first_(out, &seen, %s[col], table%zu_columns[col].provisional);",
			      name, c->ti);
			nline(c, 2, "if (!table%zu_columns[col].provisional) { out->provisional = NULL; out->nprovisional = 0; }",
			      c->ti);
		}
		emit_no_result(c, 2, noted);
		nline(c, 1, "}");
	}
	if (!column_has_kind(t, RTAB_COLUMN_AUTOMATIC))
		return false;
	nindent(c->o, 1);
	sb_puts(c->o, "if (");
	kind_test(c->o, t, RTAB_COLUMN_AUTOMATIC);
	sb_puts(c->o, ") { /* decided without a roll */\n");
	nline(c, 2, "row = UINT16_MAX;");
	nline(c, 2, "outcome = table%zu_columns[col].automatic;", c->ti);
	if (c->full) {
		nline(c, 2, "out->automatic = 1;");
		if (kind_provisional(t, RTAB_COLUMN_AUTOMATIC)) {
			column_reasons(c, t, name, sizeof name);
			nline(c, 2, "rtab_native_note_first_(out, &seen, %s[col], table%zu_columns[col].provisional);",
			      name, c->ti);
		}
	}
	nline(c, 1, "} else {");
	return true;
}
