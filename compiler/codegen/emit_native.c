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
#include "codegen/emit_native_columns.h"
#include "codegen/emit_native_ctx.h"
#include "codegen/emit_native_mods.h"
#include "codegen/native_tables.h"
#include "check/proofs/modifier_range.h"
#include "codegen/row_form.h"
#include "lower/cells.h"
#include "lower/lower.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The signature of a table's entry point, without the final ";" or "{". */
static void signature(strbuf *o, const rtab_ruleset *rs, const char *table, bool full)
{
	sb_printf(o, "int %s_%s_%s(const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, %s *out)",
		  rs->id, full ? "explain" : "resolve", table, rs->id,
		  full ? "rtab_result" : "rtab_lean_result");
}

/* "return <the interpreter's answer>;" for this table. */
static void return_interpreted(nctx *c, int depth)
{
	if (c->full)
		nline(c, depth, "return rtab_resolve_interpreted(&%s_ruleset, %zu, s->inputs, %u, faces, nfaces, extra_drm, out);",
		     c->rs->id, c->ti, c->rs->ninputs);
	else
		nline(c, depth, "return rtab_native_interpreted_(%zu, s, faces, nfaces, extra_drm, out);", c->ti);
}

/*
 * Whether the native explanation reproduces every field of the interpreter's
 * result: each provisional reason it lists is noted where the interpreter
 * notes it; only a trigger repeated more times than a result holds is left
 * to the interpreter (checked where it is resolved).
 */
static void emit_fallback(nctx *c)
{
	nline(c, 0, "{");
	nline(c, 1, "/* Resolved by the interpreter: the table uses a construct the native code does not. */");
	nline(c, 1, "if (!s) return RTAB_E_NULL;");
	return_interpreted(c, 1);
	nline(c, 0, "}");
}

/*
 * The extra modifiers for which no sum of the table can leave int32: those
 * the native code resolves without overflow checks (the interpreter answers
 * for the others, which are all far beyond any real modifier).
 */
static void drm_range(const nctx *c, const rtab_table *t, int64_t *lo, int64_t *hi, modifier_bounds *total)
{
	lean_extra_range(c->rs, t, lo, hi, total);
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
	/* Its reading (its condition, its count) decides whether and how often it fires:
	 * its reason and what it read are noted, fired or not (as the interpreter). */
	nline(c, 2, "{ /* trigger %zu */", k);
	if (tr->provisional)
		nline(c, 3, "rtab_native_note_(out, &seen, %u, outcome%zu_triggers[%zu].provisional);",
		     reason_id(c, tr->provisional), o, k);
	if (tr->unless.ninstrs)
		emit_expr(c, 3, &tr->unless, "cond");
	else
		nline(c, 3, "cond = 0;");
	nline(c, 3, "if (!cond) {");
	if (tr->times.ninstrs) {
		emit_expr(c, 4, &tr->times, "times");
		nline(c, 4, "if (times < 0) return RTAB_E_RULESET;");
	} else {
		nline(c, 4, "times = 1;");
	}
	nline(c, 4, "for (int32_t i = 0; i < times; i++, nt++) {");
	nline(c, 5, "if (nt < RTAB_MAX_TRIGGERS) {");
	nline(c, 6, "out->triggered[nt] = outcome%zu_triggers[%zu].target;", o, k);
	nline(c, 6, "out->triggered_by[nt] = %zu;", k);
	nline(c, 5, "}");
	nline(c, 4, "}");
	nline(c, 3, "}");
	nline(c, 2, "}");
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
			nline(c, 0, "{");
			return_interpreted(c, 1);
			nline(c, 0, "}");
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
	mod_list mods = {t->modifiers, t->nmodifiers, "", false, c->fold};
	mod_list shifts = {t->shifts, t->nshifts, "s", true, NULL};
	nline(c, 1, "const int32_t *in;");
	nline(c, 1, "int64_t total, gsum = 0, %ssum_other = 0;", roll32 ? "" : "roll, ");
	if (roll32)
		nline(c, 1, "int32_t roll;");
	nline(c, 1, "int32_t natural = 0, modifier, cond = 0, value = 0, sv = 0;");
	nline(c, 1, "int row, col, outcome, nat = -1;");
	emit_list_locals(c, t, &mods);
	if (column_computed(t)) {
		nline(c, 1, "int32_t ka = 0, kb = 1;");
		nline(c, 1, "int64_t shift = 0, ssum_other = 0;");
		nline(c, 1, "int first = 0, end = %u;", t->ncolumns);
		nline(c, 1, "(void)ka; (void)kb; (void)shift; (void)ssum_other; (void)first; (void)end;");
		emit_list_locals(c, t, &shifts);
	}
	if (c->full) {
		nline(c, 1, "rtab_native_seen_ seen;");
		nline(c, 1, "int32_t times = 0;");
		nline(c, 1, "size_t nt = 0;");
		nline(c, 1, "(void)times; (void)nt;");
		nline(c, 1, "int slot = -1;");
		emit_list_slots(c, t, &mods);
		emit_list_slots(c, t, &shifts);
	}
	nline(c, 1, "(void)gsum; (void)cond; (void)value; (void)sv; (void)sum_other;");
	if (c->full)
		nline(c, 1, "(void)slot;");
}

/* The lean resolver's entry: one test for a valid call; anything else (a missing pointer,
 * the wrong faces, an extra modifier beyond which a sum could leave int32) is rare: the
 * interpreter answers, with its own error. Then the natural roll. */
static void emit_lean_entry(nctx *c, const rtab_dice *d, int64_t drm_lo, int64_t drm_hi)
{
	unsigned nf = d ? d->nfaces : 0;
	nindent(c->o, 1);
	sb_printf(c->o, "if (RTAB_NATIVE_UNLIKELY_(!s || !out%s || nfaces != %u", nf ? " || !faces" : "", nf);
	size_t k = 0;
	for (size_t g = 0; d && g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, k++) {
			sb_printf(c->o, " ||\n\t\t(uint32_t)faces[%zu]", k);
			emit_offset(c->o, d->groups[g].face_min);
			sb_printf(c->o, " > %luu", (unsigned long)((uint32_t)d->groups[g].face_max -
								   (uint32_t)d->groups[g].face_min));
		}
	if (drm_lo > INT32_MIN)
		sb_printf(c->o, " ||\n\t\textra_drm < %lld", (long long)drm_lo);
	if (drm_hi < INT32_MAX)
		sb_printf(c->o, " ||\n\t\textra_drm > %lld", (long long)drm_hi);
	sb_puts(c->o, "))\n");
	if (c->fast || !c->wide)
		nline(c, 2, "return rtab_native_any%zu_(s, faces, nfaces, extra_drm, out);", c->ti);
	else
		return_interpreted(c, 2);
	nline(c, 1, "in = s->inputs;");
	nline(c, 1, "(void)in;");
	for (k = 0; d && k < d->nfaces; k++)
		nline(c, 1, "natural += faces[%zu];", k);
}

/* The explaining resolver's entry: the interpreter's own checks and errors, in its order;
 * the result cleared; then the natural roll. */
static void emit_full_entry(nctx *c, const rtab_dice *d, int64_t drm_lo, int64_t drm_hi)
{
	unsigned nf = d ? d->nfaces : 0;
	nline(c, 1, "if (!s || !out || (!faces && nfaces)) return RTAB_E_NULL;");
	if (drm_lo > INT32_MIN || drm_hi < INT32_MAX) {
		nline(c, 1, "/* Beyond these, a sum could leave int32: the interpreter says how. */");
		nindent(c->o, 1);
		sb_puts(c->o, "if (");
		if (drm_lo > INT32_MIN)
			sb_printf(c->o, "extra_drm < %lld", (long long)drm_lo);
		if (drm_hi < INT32_MAX)
			sb_printf(c->o, "%sextra_drm > %lld", drm_lo > INT32_MIN ? " || " : "", (long long)drm_hi);
		sb_puts(c->o, ")\n");
		return_interpreted(c, 2);
	}
	nline(c, 1, "out->table = %zu;", c->ti);
	nline(c, 1, "out->column = out->row = out->outcome = 0;");
	nline(c, 1, "out->napplied = out->ntriggered = 0;");
	nline(c, 1, "out->provisional = NULL;");
	nline(c, 1, "out->nprovisional = 0;");
	nline(c, 1, "rtab_native_seen_clear_(&seen);");
	nline(c, 1, "out->natural_rule = out->rewritten_from = out->rewrite = -1;");
	nline(c, 1, "out->key_num = out->key_den = 0;");
	nline(c, 1, "out->key_column = -1;");
	nline(c, 1, "out->column_shift = 0;");
	nline(c, 1, "out->automatic = 0;");
	nline(c, 1, "in = s->inputs;");
	nline(c, 1, "(void)in;");
	/* The faces. */
	bool later = d && (column_has_kind(&c->rs->tables[c->ti], RTAB_COLUMN_AUTOMATIC) ||
			   column_has_kind(&c->rs->tables[c->ti], RTAB_COLUMN_NONE));
	if (later) /* none given: fine if the column needs no roll (checked when it does) */
		nline(c, 1, "if (nfaces != %u && nfaces != 0) return RTAB_E_FACES;", nf);
	else
		nline(c, 1, "if (nfaces != %u) return RTAB_E_FACES;", nf);
	if (!d)
		return;
	/* Every face within its die, in one test. */
	size_t k = 0;
	nindent(c->o, 1);
	sb_puts(c->o, later ? "if (nfaces && (" : "if (");
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, k++)
			sb_printf(c->o, "%s((uint64_t)((int64_t)faces[%zu] - (%d)) > %du)", k ? " | " : "", k,
				  d->groups[g].face_min, d->groups[g].face_max - d->groups[g].face_min);
	sb_puts(c->o, later ? "))\n" : ")\n");
	nline(c, 2, "return RTAB_E_FACES;");
	if (later)
		nline(c, 1, "if (nfaces)");
	for (k = 0; k < d->nfaces; k++)
		nline(c, later ? 2 : 1, "%snatural += faces[%zu];", later && k == 0 && d->nfaces > 1 ? "{ " : "", k);
	if (later && d->nfaces > 1)
		nline(c, 1, "}");
}

/* The column the table is read in. */
static void emit_column(nctx *c, const rtab_table *t)
{
	if (!c->full && c->vcols) {
		/* Where the cells of the virtual column start (the column, with the rewrites
		 * that hold applied). */
		nindent(c->o, 1);
		sb_printf(c->o, "col = (int)rtab_native_v%zu_[", c->ti);
		input_index(c, c->vcols->inputs, c->vcols->ninputs);
		sb_puts(c->o, "];\n");
	} else {
		emit_column_choice(c, t);
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
		nline(c, 1, "(void)nat;");
		nline(c, 1, "{");
		return;
	}
	nline(c, 1, "{");
	nline(c, 2, "int32_t f[%u];", d->nfaces);
	nline(c, 2, "for (size_t i = 0; i < %u; i++) f[i] = faces[i];", d->nfaces);
	if (d->nfaces > 1)
		nline(c, 2, "rtab_native_sort_(f, %u);", d->nfaces);
	for (size_t k = 0; k < t->nnatural; k++) {
		const rtab_natural_rule *nr = &t->natural[k];
		if (nr->nfaces != d->nfaces)
			continue;
		int32_t sorted[RTAB_MAX_FACES];
		memcpy(sorted, nr->faces, nr->nfaces * sizeof *sorted);
		qsort(sorted, nr->nfaces, sizeof *sorted, cmp_i32);
		nindent(c->o, 2);
		sb_printf(c->o, "if (nat < 0");
		for (size_t j = 0; j < nr->nfaces; j++)
			sb_printf(c->o, " && f[%zu] == %ld", j, (long)sorted[j]);
		sb_printf(c->o, ") nat = %zu;\n", k);
	}
	nline(c, 1, "}");
	nline(c, 1, "if (nat >= 0) {");
	nline(c, 2, "row = UINT16_MAX;");
	nline(c, 2, "outcome = table%zu_natural[nat].outcome;", c->ti);
	if (c->full) {
		nline(c, 2, "out->natural_rule = (int16_t)nat;");
		char name[64];
		const char **whys = xcalloc(t->nnatural ? t->nnatural : 1, sizeof *whys);
		for (size_t k = 0; k < t->nnatural; k++)
			whys[k] = t->natural[k].provisional;
		snprintf(name, sizeof name, "rtab_native_reasons_n%zu_", c->ti);
		reason_id_array(c, name, whys, t->nnatural);
		nline(c, 2, "rtab_native_note_first_(out, &seen, %s[nat], table%zu_natural[nat].provisional);", name,
		     c->ti);
	}
	nline(c, 1, "} else {");
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
		if (col->kind != RTAB_COLUMN_ROLLED)
			continue; /* never looked up */
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
	emit_offset(&index, c->cell_lo);
	if (inside || c->fast) {
		nline(c, 2, "%s cell = rtab_native_t%zu_[%s%s];", cell_type(t), c->ti, column.data ? column.data : "",
		     index.data);
	} else {
		/* Inside the rolls covered the common case: one unsigned test. */
		nline(c, 2, "uint32_t at = %s;", index.data);
		nline(c, 2, "if (at >= %lldu) at = roll < %lld ? 0u : %lldu;", (long long)width, (long long)c->cell_lo,
		     (long long)width - 1);
		nline(c, 2, "%s cell = rtab_native_t%zu_[%sat];", cell_type(t), c->ti, column.data ? column.data : "");
	}
	sb_free(&index);
	sb_free(&column);
	if (none)
		nline(c, 2, "if (cell == %s) return RTAB_E_NO_ROW;", narrow_cells(t) ? "UINT16_MAX" : "UINT32_MAX");
	nline(c, 2, "row = (int)(cell >> %d);", narrow_cells(t) ? 8 : 16);
	nline(c, 2, "outcome = (int)(cell & %s);", narrow_cells(t) ? "0xffu" : "0xffffu");
	char why[128];
	if (c->full && row_provisional_expr(why, sizeof why, c->rs, c->ti, "row")) {
		char name[64];
		const char **whys = xcalloc(t->nrows ? t->nrows : 1, sizeof *whys);
		for (size_t r = 0; r < t->nrows; r++)
			whys[r] = rtab_row_provisional(t, r);
		snprintf(name, sizeof name, "rtab_native_reasons_r%zu_", c->ti);
		reason_id_array(c, name, whys, t->nrows);
		nline(c, 2, "rtab_native_note_first_(out, &seen, %s[row], %s);", name, why);
	}
}

/* Rewrites: the first that applies. */
static void emit_rewrites(nctx *c, const rtab_table *t)
{
	const rtab_ruleset *rs = c->rs;
	nline(c, 1, "do {");
	for (size_t k = 0; k < t->nrewrites; k++) {
		const rtab_rewrite *rw = &t->rewrites[k];
		nline(c, 2, "if (outcome == %u) { /* %s -> %s */", rw->from, rs->outcomes[rw->from].id,
		     rs->outcomes[rw->to].id);
		/* The rewrite's reading decides the outcome whether it changes it or lets it
		 * stand: its condition's reads and its reason are noted either way. */
		emit_expr(c, 3, &rw->condition, "cond");
		if (c->full && rw->provisional)
			nline(c, 3, "rtab_native_note_(out, &seen, %u, table%zu_rewrites[%zu].provisional);",
			     reason_id(c, rw->provisional), c->ti, k);
		nline(c, 3, "if (cond) {");
		if (c->full) {
			nline(c, 4, "out->rewritten_from = (int16_t)outcome;");
			nline(c, 4, "out->rewrite = %zu;", k);
		}
		nline(c, 4, "outcome = %u;", rw->to);
		nline(c, 4, "break;");
		nline(c, 3, "}");
		nline(c, 2, "}");
	}
	nline(c, 1, "} while (0);");
}

/* The explaining resolver's end: what the outcome triggers, and the result's fields. */
static void emit_full_result(nctx *c)
{
	const rtab_ruleset *rs = c->rs;
	bool any = false;
	for (size_t o = 0; o < rs->noutcomes; o++)
		any |= rs->outcomes[o].ntriggers > 0;
	if (any) {
		nline(c, 1, "switch (outcome) {");
		for (size_t o = 0; o < rs->noutcomes; o++) {
			const rtab_outcome *oc = &rs->outcomes[o];
			if (!oc->ntriggers)
				continue;
			nline(c, 1, "case %zu: /* %s */", o, oc->id);
			for (size_t k = 0; k < oc->ntriggers; k++)
				emit_trigger(c, o, k);
			nline(c, 2, "break;");
		}
		nline(c, 1, "default: break;");
		nline(c, 1, "}");
	}
	nline(c, 1, "out->column = (uint16_t)col;");
	if (!column_computed(&c->rs->tables[c->ti]))
		nline(c, 1, "out->key_column = (int16_t)col;");
	nline(c, 1, "out->row = (uint16_t)row;");
	nline(c, 1, "out->outcome = (uint16_t)outcome;");
	nline(c, 1, "out->modifier = modifier;");
	nline(c, 1, "out->modified_roll = (int32_t)roll;");
	nline(c, 1, "if (nt > RTAB_MAX_TRIGGERS) return RTAB_E_RULESET;");
	nline(c, 1, "out->ntriggered = (uint16_t)nt;");
}

static void emit_table_body(nctx *c, const rtab_table *t, const rtab_dice *d)
{
	nline(c, 0, "{");
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
		nline(c, 1, "out->natural = natural;");
	} else {
		emit_lean_entry(c, d, drm_lo, drm_hi);
	}
	mod_list mods = {t->modifiers, t->nmodifiers, "", false, c->fold};
	emit_modifiers_native(c, t, &mods);
	emit_sums(c, t, &mods, "total", "extra_drm");
	nline(c, 1, "modifier = (int32_t)total;");
	if (c->full)
		nline(c, 1, "out->modifier_raw = modifier;");
	if (t->capped) {
		nline(c, 1, "if (modifier < %ld) modifier = %ld;", (long)t->cap_min, (long)t->cap_min);
		nline(c, 1, "if (modifier > %ld) modifier = %ld;", (long)t->cap_max, (long)t->cap_max);
	}
	if (roll32)
		nline(c, 1, "roll = natural + modifier;");
	else
		nline(c, 1, "roll = (int64_t)natural + modifier;");
	if (roll_overflow)
		nline(c, 1, "if (roll < INT32_MIN || roll > INT32_MAX) return RTAB_E_OVERFLOW;");
	emit_column(c, t);
	bool automatic = emit_unrolled_columns(c, t);
	if (c->full && d && (automatic || column_has_kind(t, RTAB_COLUMN_NONE)))
		nline(c, 1, "if (nfaces == 0) return RTAB_E_FACES; /* the column needs a roll */");
	emit_naturals(c, t, d);
	emit_cell_lookup(c, t);
	nline(c, 1, "}");
	if (automatic)
		nline(c, 1, "}");
	/* In the cells of a virtual column, when folded. */
	if (t->nrewrites && (c->full || !c->vcols))
		emit_rewrites(c, t);
	if (c->full) {
		emit_full_result(c);
	} else {
		nline(c, 1, "(void)col;");
		nline(c, 1, "out->outcome = (uint16_t)outcome;");
		nline(c, 1, "out->row = (uint16_t)row;");
		nline(c, 1, "out->natural = natural;");
		nline(c, 1, "out->modifier = modifier;");
		nline(c, 1, "out->modified_roll = (int32_t)roll;");
	}
	nline(c, 1, "return RTAB_OK;");
	nline(c, 0, "}");
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
	if (!table_native(rs, ti) || column_computed(t) || column_has_kind(t, RTAB_COLUMN_AUTOMATIC) ||
	    column_has_kind(t, RTAB_COLUMN_NONE) || !fold_columns_make(rs, t, vc))
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

	lower_band_order(b, order); /* from the most extreme */
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

void emit_native_source(strbuf *o, const rtab_ruleset *rs, const bool *lowered)
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
	if (rs->ntables == 0)
		return;
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
	for (size_t t = 0; t < rs->ntables; t++)
		if (table_native(rs, t) && !(lowered && lowered[t]))
			emit_column_helpers(o, rs, t);
	/* The resolvers first, into their own text: the helpers that note reasons are sized by
	 * the number of distinct reasons the resolvers note, and precede them. */
	strbuf resolvers = {0}, reason_arrays = {0};
	c.o = &resolvers;
	c.reason_arrays = &reason_arrays;
	for (size_t t = 0; t < rs->ntables; t++) {
		if (lowered && lowered[t]) {
			sb_printf(c.o, "\n/* table %s: native, printed from its lowering (below) */\n", rs->tables[t].id);
			continue;
		}
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
}
