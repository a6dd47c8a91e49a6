/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as C, inside a ruleset's generated C:
 * the spellings of the one walk (print_walk.c) over the support file's
 * helpers (runtime/rtab_lowered.h, installed with rtab.h). A table's constant data is the
 * ruleset's own (<name>_ruleset, which emit_c.c writes): every reference to
 * it is the table, read through its fields. An error is a status returned at
 * once; the registers are int32_t, each written once; the reasons are noted
 * into the rtab_result as rtab_resolve notes them, by their numbers. */
#include "targets/print_c.h"
#include "targets/print_walk.h"
#include "lower/lower.h"
#include "base/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "int32_t r$1; RTAB_LOWERED_TRY_(...);": an operation that may fail. */
#define FALLIBLE(call) "int32_t r$1; RTAB_LOWERED_TRY_(" call ");"

static const lang_spelling c_lang = {
	.null = "NULL",
	.nil = "NULL",
	.yes = "1",
	.no = "0",
	.lua_strings = false,
	.empty_block = NULL,
	.indent = "\t",
	.notes_again = true,
	.base = 0,
	.arr_open = "{",
	.arr_first = "",
	.arr_close = "}",
	.obj_open = "{",
	.obj_field = ".~1 = ",
	.obj_close = "}",
	.list_open = "{",
	.list_close = "}",

	/* Each operation a statement of its own (an error returns at once). */
	.def = "~1",
	.op =
		{
			[IR_CONST] = "const int32_t r$1 = $4;",
			[IR_INPUT] = "const int32_t r$1 = in[$4];",
			[IR_NEG] = FALLIBLE("rtab_lowered_fit_(&r$1, -(int64_t)~3)"),
			[IR_ABS] = FALLIBLE("rtab_lowered_fit_(&r$1, ~3 < 0 ? -(int64_t)~3 : ~3)"),
			[IR_NOT] = "const int32_t r$1 = ~3 == 0;",
			[IR_ADD] = FALLIBLE("rtab_lowered_fit_(&r$1, (int64_t)~3 + ~4)"),
			[IR_SUB] = FALLIBLE("rtab_lowered_fit_(&r$1, (int64_t)~3 - ~4)"),
			[IR_MUL] = FALLIBLE("rtab_lowered_fit_(&r$1, (int64_t)~3 * ~4)"),
			[IR_EQ] = "const int32_t r$1 = ~3 == ~4;",
			[IR_NE] = "const int32_t r$1 = ~3 != ~4;",
			[IR_LT] = "const int32_t r$1 = ~3 < ~4;",
			[IR_LE] = "const int32_t r$1 = ~3 <= ~4;",
			[IR_GT] = "const int32_t r$1 = ~3 > ~4;",
			[IR_GE] = "const int32_t r$1 = ~3 >= ~4;",
			[IR_AND] = "const int32_t r$1 = ~3 != 0 && ~4 != 0;",
			[IR_OR] = "const int32_t r$1 = ~3 != 0 || ~4 != 0;",
			[IR_DIV_DOWN] = FALLIBLE("rtab_lowered_div_(&r$1, ~3, ~4, 0)"),
			[IR_DIV_UP] = FALLIBLE("rtab_lowered_div_(&r$1, ~3, ~4, 1)"),
			[IR_MIN] = "const int32_t r$1 = ~3 < ~4 ? ~3 : ~4;",
			[IR_MAX] = "const int32_t r$1 = ~3 > ~4 ? ~3 : ~4;",
			[IR_SCALE] = FALLIBLE("rtab_lowered_scale_(&r$1, $4, ~3)"),
			[IR_MUL_EXACT] = FALLIBLE("rtab_lowered_mul_exact_(&r$1, $4, ~3, ~4)"),
			[IR_DIV_EXACT] = FALLIBLE("rtab_lowered_div_exact_(&r$1, $4, ~3, ~4)"),
			[IR_MATRIX] = "const int32_t k$1[] = {~1}; int32_t r$1; size_t c$1; "
				      "RTAB_LOWERED_TRY_(rtab_lowered_matrix$4_(&r$1, k$1, &c$1)); "
				      "if (c$1 < sizeof rtab_lowered_mr$4_ / sizeof *rtab_lowered_mr$4_) "
				      "rtab_lowered_note_(~2, rtab_lowered_mr$4_[c$1]);",
			[IR_BAND] = FALLIBLE("rtab_lowered_band$4_(&r$1, ~3, ~4, ~2)"),
			/* A resolution gives no faces to the dice a program rolls (as rtab_resolve). */
			[IR_ROLL] = "int32_t r$1 = 0; RTAB_LOWERED_TRY_(RTAB_E_FACES);",
		},
	/* A test fused into what reads it (print_walk.h): spelled as in every C-like language. */
	.cond_of = walk_cond_c_family,
	.cond_reg = "~1 != 0",
	.cond_value = "const int32_t r$1 = ~1;",
	.if_cond = ">if (~1) {",
	.unless_cond = "const int suppressed = ~1;",
	.ctx_none = "NULL",
	.note_if = "if (r$1 == $2) rtab_lowered_note_(ctx, rtab_lowered_r$3_);",
	.note_if_maybe = "if (r$1 == $2) rtab_lowered_note_(ctx, rtab_lowered_r$3_);",
	.note_of = "if (r$1 >= 0 && r$1 < $2) rtab_lowered_note_(ctx, rtab_lowered_rl$3_[r$1]);",
	.note_of_maybe = "if (r$1 >= 0 && r$1 < $2) rtab_lowered_note_(ctx, rtab_lowered_rl$3_[r$1]);",
	.if_begin = "int32_t r$1;\n>if (r$2 != 0) {",
	.if_else = "r$1 = r$2;\n|} else {",
	.if_end = "r$1 = r$2;\n<}\n(void)r$1;",
	.block_open = ">{",
	.block_close = "<}",
	.if_nonzero = ">if (r$1 != 0) {",
	.if_zero = ">if (r$1 == 0) { /* not 'none when' */",
	.holds_always = ">{",
	.end = "<}",

	.reason = "rtab_lowered_r$1_",
	.reason_list = "rtab_lowered_rl$1_",

	.mod_ref = "~1$1",
	.list_begin = "",
	.mod_begin = "rtab_applied_modifier *~1 = NULL; /* ~2 */\n>{",
	.mod_end = "<}",
	.mod_overflow = "if (r$1 == INT32_MIN) return RTAB_E_OVERFLOW;",
	.mod_applied = "if (out->napplied == RTAB_MAX_APPLIED) return RTAB_E_RULESET;\n"
		       "~1 = &out->applied[out->napplied++];\n"
		       "~1->modifier = $2;\n~1->value = r$1;\n~1->signed_value = ~2r$1;\n~1->counted = 1;\n~1->shift = ~3;",
	.mod_applied_room = "~1 = &out->applied[out->napplied++];\n"
			    "~1->modifier = $2;\n~1->value = r$1;\n~1->signed_value = ~2r$1;\n~1->counted = 1;\n~1->shift = ~3;",
	/* A side of a stacking group keeps one member, the first on ties (print_walk.h). */
	.keep_comment = "/* ~1, side $1: the ~2 kept */",
	.keep_applied = "~1",
	.keep_and = " && ",
	.keep_pair = ">if (~2->signed_value ~3 ~1->signed_value) {\n~1->counted = 0;\n|} else {\n~2->counted = 0;\n<}",
	.keep_begin = ">{\nrtab_applied_modifier *kept = ~1;",
	.keep_take = ">if (!kept) {\nkept = ~1;\n|} else {",
	.keep_cmp = ">if (~1->signed_value ~3 kept->signed_value) {\nkept->counted = 0;\nkept = ~1;\n|} else {\n~1->counted = 0;\n<}",
	.keep_end = "<}",
	/* Only a list's total must fit: a partial sum past 32 bits is no error (checked at its end). */
	.total_begin = "int64_t total = ~1;",
	.total_check = "",
	.group_begin = ">{ /* ~1 */\nint64_t sum = 0;\nint members = 0;",
	.group_end = "(void)members;\n<}",
	.group_member = "if (~1 && ~1->counted) { sum += ~1->signed_value; members = 1; ~2}",
	.group_note = "rtab_lowered_note_(ctx, rtab_lowered_r$1_); ",
	.group_cap = "if (members) sum = sum < $1 ? $1 : sum > $2 ? $2 : sum;",
	.group_add = "total += sum;",

	/* The data is the ruleset's: nothing printed (data_item NULL), each reference the table. */
	.data_ref = "RTAB_LOWERED_TABLE_($1)",

	.table_begin = "\n/* table ~1, printed from its lowering: one roll, the situation valid */\n"
		       "static int rtab_lowered_table$1_(const int32_t *in, const int32_t *faces, size_t nfaces, "
		       "int32_t drm, rtab_result *out)\n>{\n"
		       "rtab_lowered_ctx_ noted = {out, {0}};\nrtab_lowered_ctx_ *const ctx = &noted; /* where the reasons are noted */\n"
		       "int32_t natural = 0;\nsize_t nt = 0;\n(void)in; (void)faces; (void)ctx;\n"
		       "if (nfaces > RTAB_MAX_FACES) return RTAB_E_FACES;",
	/* Set after a step's refusal of a drm: rtab_resolve refuses it with the result untouched. */
	.table_reset = "out->table = (uint16_t)$1;\nout->column = out->row = out->outcome = 0;\n"
		       "out->napplied = out->ntriggered = 0;\nout->provisional = NULL;\nout->nprovisional = 0;\n"
		       "out->natural_rule = out->rewritten_from = out->rewrite = -1;\n"
		       "out->key_num = out->key_den = 0;\nout->key_column = -1;\nout->column_shift = 0;\n"
		       "out->automatic = 0;\nout->natural = 0;",
	.table_end = "<}",
	.fail = "return RTAB_~1;",
	.refuse_drm = "if (drm != 0) return RTAB_E_STEP_DRM; /* a modifier from outside belongs to no step */",
	.roll_decl = "int32_t roll$1 = 0;",
	.roll_ref = "roll$1",
	.no_faces = "if (nfaces != 0) return RTAB_E_FACES;",
	.faces_later_begin = "const int faces_later = nfaces == 0; /* fine if the column needs no roll */\n"
			     ">if (!faces_later) {",
	.faces_count = "if (nfaces != $1) return RTAB_E_FACES;",
	.face_check = "if (faces[$1] < $2 || faces[$1] > $3) return RTAB_E_FACES;",
	.face_ref = "faces[$1]",
	.natural = "natural = ~1;",
	.roll_set = "~1 = ~2;",
	.context_applied = "out->natural = natural;",
	.modifiers_begin = "int32_t modifier_raw;\n>{ /* the die-roll modifiers */",
	.modifiers_end = "if (total < INT32_MIN || total > INT32_MAX) return RTAB_E_OVERFLOW;\n"
			 "modifier_raw = (int32_t)total;\n<}\nint32_t modifier = modifier_raw;\n"
			 "out->modifier_raw = modifier_raw;",
	.table_cap = "if (modifier < $1) modifier = $1; /* the table's cap */\nif (modifier > $2) modifier = $2;",
	.roll_modified = "int32_t roll;\nRTAB_LOWERED_TRY_(rtab_lowered_fit_(&roll, (int64_t)natural + modifier));\n"
			 "out->modifier = modifier;\nout->modified_roll = roll;",
	.result_begin = "",
	.rolls_open = "/* the rolls: ",
	.rolls_item = "~1",
	.rolls_close = " */",
	.column_default_note = "if (in[$1] == $2) rtab_lowered_note_(ctx, rtab_lowered_r$3_);",
	.column_reasons_note = "if (in[$2] >= 0 && (size_t)in[$2] < sizeof rtab_lowered_rl$1_ / sizeof *rtab_lowered_rl$1_)\n"
			       "\trtab_lowered_note_(ctx, rtab_lowered_rl$1_[in[$2]]);",
	.key_begin = "int col = 0, first = 0, end = $1;\n(void)first; (void)end;",
	.key_input_col = "col = ~1->column_of_value[in[$1]];\nif (col >= $2) return RTAB_E_COLUMN;",
	.key_input_col_total = "col = ~1->column_of_value[in[$1]];",
	.line_check = "const int32_t line = r$1;\nif (!(line >= 0 && line < $2)) return RTAB_E_RULESET;",
	.run_of = "first = ~2->column_of_value[~1];\nend = ~3->column_end_of_value[~1];\n"
		  "if (!(first < end && end <= $1)) return RTAB_E_RULESET;",
	.key_decl = "int32_t a = 0, b = 1;\n(void)a; (void)b;",
	.key_odds = "a = r$1;\nb = r$2;",
	.key_value = "a = r$1;\nb = 1;",
	.key_odds_text = "out->key_num = a;\nout->key_den = b;\nif (a < 0 || b < 0) return RTAB_E_INPUT;\n"
			 ">if (a == 0 && b == 0) { /* no forces on either side: no odds to read */\n"
			 "out->provisional = NULL; /* as rtab_resolve leaves them */\nout->nprovisional = 0;\n"
			 "return RTAB_E_NO_RESULT;\n<}",
	.key_value_text = "out->key_num = a;\nout->key_den = b;",
	.input_ref = "in[$1]",
	.key_read = "RTAB_LOWERED_TRY_(rtab_lowered_read_key_(~1, (size_t)first, (size_t)end, a, b, &col));",
	/* A key over fixed steps: a chain of tests, no call (print_walk.h). */
	.key_chain_if = ">if (~1) {",
	.key_chain_elif = "|} else if (~1) {",
	.key_chain_else = "|} else {",
	.key_chain_set = "col = $1;",
	.key_step_cmp = "(int64_t)a * $2 ~1 (int64_t)$1 * b",
	.key_value_cmp = "a ~1 $1",
	.key_evens = "a >= ~1",
	.key_count = "col = $1 + (~1);\nif (col > $2) col = $2;",
	.key_count_term = "!(~1)",
	.key_enum_col = "if (a < 0 || a >= $1) return RTAB_E_RULESET;\ncol = ~1->column_of_key[~2 * $1 + a];\n"
			"if (!(col >= first && col < end)) return RTAB_E_RULESET;",
	.key_column = "out->key_column = (int16_t)col;",
	.shifts_begin = "int32_t shift;\n>{ /* the column shifts */",
	.shifts_end = "if (total < INT32_MIN || total > INT32_MAX) return RTAB_E_OVERFLOW;\nshift = (int32_t)total;\n<}\n"
		      "out->column_shift = shift;",
	.clamp_stops = "const int64_t lo = first + $1, hi = end - $2;\nint64_t column = col;\n"
		       "if (lo > hi) return RTAB_E_RULESET;\n>if (col >= lo && col <= hi) {\n"
		       "column = col + (int64_t)shift;\ncolumn = column < lo ? lo : column > hi ? hi : column;\n<}",
	.column_unshifted = "const int64_t column = col;",
	.clamp_ends = "int64_t column = col + (int64_t)shift;\ncolumn = column < first ? first : column > end - 1 ? end - 1 : column;",
	.column_set = "out->column = (uint16_t)column;",
	.nat_index = "int nat = nfaces ? rtab_natural_rule_of(~1, faces, nfaces) : -1;",
	.nat_none = "int nat = -1;",
	.outcome_decl = "int outcome = 0, row = -1;\nunsigned why = 0;",
	.column_none = ">if (~1->columns[column].kind == RTAB_COLUMN_NONE) {\nout->row = UINT16_MAX;\n"
		       ">if (rtab_lowered_rc$1_[column]) { /* 'not allowed' may itself be a reading */\n"
		       "rtab_lowered_note_first_(ctx, rtab_lowered_rc$1_[column]);\n|} else {\n"
		       "out->provisional = NULL; /* as rtab_resolve leaves them */\nout->nprovisional = 0;\n<}\n"
		       "return RTAB_E_NO_RESULT;\n<}",
	.column_auto = ">if (~1->columns[column].kind == RTAB_COLUMN_AUTOMATIC) {\nout->automatic = 1;\nnat = -1;\n"
		       "outcome = ~2->columns[column].automatic;\nwhy = rtab_lowered_rc$1_[column];\n|} else {",
	.faces_later_fail = "if (faces_later) return RTAB_E_FACES;",
	/* The row and outcome of the modified roll, one read of the table's cells (put_cells). */
	.row_pick = ">if (nat >= 0) {\noutcome = ~1->natural[nat].outcome;\nwhy = rtab_lowered_rn$4_[nat];\n|} else {\n"
		    "const int64_t at = (int64_t)roll - ($1) + 1;\n"
		    "const uint32_t cell = rtab_lowered_cells$4_[column * ($3 + 2) + (at < 0 ? 0 : at > $3 + 1 ? $3 + 1 : at)];\n"
		    "if (cell == RTAB_LOWERED_NO_ROW_) return RTAB_E_NO_ROW;\n"
		    "if (cell == RTAB_LOWERED_NOT_ROLLED_) return RTAB_E_RULESET;\n"
		    "row = (int)(cell >> 16);\noutcome = (int)(cell & 0xffffu);\n"
		    "why = rtab_lowered_rr$4_[row];\n<}",
	.row_pick_unmarked = ">if (nat >= 0) {\noutcome = ~1->natural[nat].outcome;\nwhy = rtab_lowered_rn$4_[nat];\n|} else {\n"
			     "const int64_t at = (int64_t)roll - ($1) + 1;\n"
			     "const uint32_t cell = rtab_lowered_cells$4_[column * ($3 + 2) + (at < 0 ? 0 : at > $3 + 1 ? $3 + 1 : at)];\n"
			     "row = (int)(cell >> 16);\noutcome = (int)(cell & 0xffffu);\n"
			     "why = rtab_lowered_rr$4_[row];\n<}",
	.note_why = "rtab_lowered_note_first_(ctx, why); /* the outcome's own uncertainty first */",
	.rewrites_begin = "int rewritten_from = -1, rewrite = -1;",
	.rewrite_if = ">if (rewritten_from < 0 && outcome == $1) {",
	.note = "rtab_lowered_note_(ctx, rtab_lowered_r$1_);",
	.rewrite_set = "rewritten_from = outcome;\noutcome = $1;\nrewrite = $2;",
	.table_tail = "out->natural_rule = (int16_t)nat;\nout->row = nat < 0 && row >= 0 ? (uint16_t)row : UINT16_MAX;\n"
		      "out->outcome = (uint16_t)outcome;\nout->rewritten_from = (int16_t)rewritten_from;\n"
		      "out->rewrite = (int16_t)rewrite;\n"
		      ">{\nint rc = rtab_lowered_fired_t$1_(outcome, in, ctx, &nt);\n"
		      "if (rc == RTAB_OK && nt > RTAB_MAX_TRIGGERS) rc = RTAB_E_RULESET;\n"
		      "out->ntriggered = (uint16_t)(nt > RTAB_MAX_TRIGGERS ? RTAB_MAX_TRIGGERS : nt);\n"
		      "return rc;\n<}",

	.fired_begin = "\n/* whether and how many times each trigger of ~1 fires */\n"
		       "static int rtab_lowered_fired$1_(const int32_t *in, rtab_lowered_ctx_ *ctx, size_t *nt)\n>{\n"
		       "const rtab_trigger *const triggers = RTAB_LOWERED_RS_->outcomes[$1].triggers;\n(void)in;",
	.fired_reason = "rtab_lowered_note_(ctx, rtab_lowered_r$1_);",
	.fired_times0 = "int32_t times = 0;",
	.unless_set = "const int suppressed = r$1 != 0;",
	.unless_open = ">if (!suppressed) {",
	.times_one = "times = 1;",
	.times_set = "times = r$1;",
	.fired_push = "RTAB_LOWERED_TRY_(rtab_lowered_fire_(ctx ? ctx->out : NULL, nt, &triggers[$1], $1, times));",
	.fired_end = "return RTAB_OK;\n<}",

	/* The requirements, which the entry behind rtab_resolve tests (PRINT_C_REQUIREMENTS_BROKEN):
	 * every one evaluated and the results ORed, no branch per requirement (a valid situation
	 * meets them all, and a branch on data the host varies costs more than the few
	 * instructions it would skip). A check that cannot be made (an error status, returned
	 * at once) is non-zero too: the interpreter then answers, and names what is wrong. */
	.requirements_begin = "\n/* Non-zero when the situation breaks a requirement (or its check cannot be made\n"
			      " * here): the interpreter then refuses it and names which. */\n"
			      "RTAB_LOWERED_ int " PRINT_C_REQUIREMENTS_BROKEN "(const int32_t *in)\n>{\nint broken = 0;\n(void)in;",
	.requirement_fails = "broken |= r$1 == 0;",
	.requirement_fails_cond = "broken |= !(~2);",
	.requirements_end = "return broken;\n<}",
};

/*
 * The texts the C notes, each once: the module's numbered reasons, then those of the ruleset's
 * data that a resolver notes (a band's, a matrix cell's, a row's, a natural roll's, a
 * column's). The same text is then the same number: noting one tests a bit of the context
 * (rtab_lowered_note_), as the interpreter tells reasons apart by their texts; and its text is
 * the data's own (its reason text, codegen/reason_text.h), the pointer the interpreter lists.
 */
typedef struct c_reasons {
	const char **text;
	size_t n;
} c_reasons;

static int32_t c_reason(c_reasons *r, const char *text)
{
	if (!text)
		return -1;
	for (size_t k = 0; k < r->n; k++)
		if (strcmp(r->text[k], text) == 0)
			return (int32_t)k;
	r->text = xrealloc(r->text, (r->n + 1) * sizeof *r->text);
	r->text[r->n] = text;
	return (int32_t)r->n++;
}

/* The number of a text (0: none). */
static void put_reason_ref(strbuf *b, c_reasons *r, const char *text)
{
	int32_t k = c_reason(r, text);
	if (k < 0)
		sb_puts(b, "0");
	else
		sb_printf(b, "rtab_lowered_r%d_", k);
}

/* A named array of the numbers of n texts (text(i)), 0 for none; one 0 when n is 0. */
static void put_reason_array(strbuf *b, c_reasons *r, const char *name, size_t n,
			     const char *(*text)(const void *, size_t), const void *of)
{
	sb_printf(b, "RTAB_LOWERED_DATA_ const uint16_t %s[%zu] = {", name, n ? n : 1);
	for (size_t i = 0; i < n; i++) {
		sb_puts(b, i % 4 ? ", " : i ? ",\n\t" : "\n\t");
		put_reason_ref(b, r, text(of, i));
	}
	sb_puts(b, n ? "\n};\n" : "0};\n");
}

static const char *band_step_text(const void *of, size_t i)
{
	const rtab_band *band = of;
	return band->step_provisional ? band->step_provisional[i] : NULL;
}

static const char *matrix_text(const void *of, size_t i)
{
	return rtab_matrix_reason(of, i);
}

static const char *row_text(const void *of, size_t i)
{
	return rtab_row_provisional(of, i);
}

static const char *natural_text(const void *of, size_t i)
{
	return ((const rtab_table *)of)->natural[i].provisional;
}

static const char *column_text(const void *of, size_t i)
{
	return ((const rtab_table *)of)->columns[i].provisional;
}

/* The cells of matrix k: the product of the sizes of its keys' enums. */
static size_t matrix_cells(const rtab_ruleset *rs, const rtab_matrix *mx)
{
	size_t n = mx->ndims ? 1 : 0;
	for (size_t d = 0; d < mx->ndims; d++)
		n *= mx->dims[d] < rs->nenums ? rs->enums[mx->dims[d]].nvalues : 0;
	return n;
}

/* The arrays of the data's reasons (their texts numbered into r), into b. */
static void put_data_reasons(strbuf *b, c_reasons *r, const ir_module *m)
{
	const rtab_ruleset *rs = m->rs;
	char name[64];
	for (size_t k = 0; k < rs->nbands; k++) {
		c_reason(r, rs->bands[k].provisional); /* noted by put_bands */
		c_reason(r, rs->bands[k].otherwise_provisional);
		snprintf(name, sizeof name, "rtab_lowered_bs%zu_", k);
		put_reason_array(b, r, name, rs->bands[k].nsteps, band_step_text, &rs->bands[k]);
	}
	for (size_t k = 0; k < rs->nmatrices; k++) {
		snprintf(name, sizeof name, "rtab_lowered_mr%zu_", k);
		put_reason_array(b, r, name, matrix_cells(rs, &rs->matrices[k]), matrix_text, &rs->matrices[k]);
	}
	for (size_t k = 0; k < m->ntables; k++) {
		const rtab_table *t = m->tables[k].t;
		snprintf(name, sizeof name, "rtab_lowered_rr%zu_", k);
		put_reason_array(b, r, name, t->nrows, row_text, t);
		snprintf(name, sizeof name, "rtab_lowered_rn%zu_", k);
		put_reason_array(b, r, name, t->nnatural, natural_text, t);
		snprintf(name, sizeof name, "rtab_lowered_rc%zu_", k);
		put_reason_array(b, r, name, t->ncolumns, column_text, t);
	}
}

/* The reasons as numbers (from 1, each text once; an enum), their texts, the context they are
 * noted into (a bit per number: noting one is a test of a bit) and its two ways of noting,
 * then the module's lists of them and the data's. */
static bool put_reasons(strbuf *b, const ir_module *m, c_reasons *r, const reason_text *rt)
{
	bool own = true;
	for (size_t k = 0; k < m->nreasons; k++)
		c_reason(r, m->reasons[k]);
	strbuf data = {0};
	put_data_reasons(&data, r, m);
	if (r->n) {
		sb_puts(b, "enum {");
		for (size_t k = 0; k < r->n; k++)
			sb_printf(b, "%srtab_lowered_r%zu_ = %zu", k ? ",\n\t" : "\n\t", k, k + 1);
		sb_puts(b, "\n};\n");
	}
	sb_printf(b, "RTAB_LOWERED_DATA_ const char *const rtab_lowered_text_[%zu] = {\n\tNULL", r->n + 1);
	for (size_t k = 0; k < r->n; k++) {
		int n = reason_text_number(rt, r->text[k]);
		sb_puts(b, ",\n\t");
		if (n)
			sb_printf(b, "reason_text.r%d + 2", n);
		else
			sb_put_c_string(b, r->text[k]);
		own &= n > 0;
	}
	sb_puts(b, "\n};\n");
	sb_printf(b, "\n/* Where a resolution notes its reasons: the result, and a bit per reason listed. */\n"
		     "typedef struct rtab_lowered_ctx_ {\n\trtab_result *out;\n\tuint64_t seen[%zu];\n} rtab_lowered_ctx_;\n",
		  r->n / 64 + 1);
	if (!r->n) {
		sb_puts(b, "\n/* No reason to note. */\n"
			   "RTAB_LOWERED_ void rtab_lowered_note_(rtab_lowered_ctx_ *ctx, unsigned id)\n{\n"
			   "\t(void)ctx; (void)id;\n}\n"
			   "\nRTAB_LOWERED_ void rtab_lowered_note_first_(rtab_lowered_ctx_ *ctx, unsigned id)\n{\n"
			   "\t(void)ctx; (void)id;\n}\n\n");
	} else {
		sb_printf(b, "\n/* Reason id noted (0: none; ctx NULL, the lean form: nothing noted), and the same named first. */\n"
			     "RTAB_LOWERED_ void rtab_lowered_note_(rtab_lowered_ctx_ *ctx, unsigned id)\n{\n"
			     "\tif (ctx && id)\n\t\trtab_lowered_note_id_(ctx->out, ctx->seen, id, rtab_lowered_text_[id]);\n}\n"
			     "\nRTAB_LOWERED_ void rtab_lowered_note_first_(rtab_lowered_ctx_ *ctx, unsigned id)\n{\n"
			     "\tif (ctx && id)\n\t\trtab_lowered_note_first_id_(ctx->out, ctx->seen, id, rtab_lowered_text_, %zu);\n}\n\n",
			  r->n + 1);
	}
	for (size_t k = 0; k < m->nreason_lists; k++) {
		const ir_reason_list *l = &m->reason_lists[k];
		sb_printf(b, "RTAB_LOWERED_DATA_ const uint16_t rtab_lowered_rl%zu_[] = {", k);
		for (size_t i = 0; i < l->n; i++) {
			sb_puts(b, i ? ", " : "");
			if (l->reasons[i] < 0)
				sb_puts(b, "0");
			else
				sb_printf(b, "rtab_lowered_r%d_", l->reasons[i]);
		}
		sb_puts(b, l->n ? "};\n" : "0};\n");
	}
	sb_puts(b, data.data ? data.data : "");
	sb_free(&data);
	return own;
}

/* The triggers of an outcome by its number: the function of each outcome that has any. */
static void put_fired_dispatch(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n/* the triggers of the outcome decided, listed into the result */\n"
		   "RTAB_LOWERED_ int rtab_lowered_fired_(int outcome, const int32_t *in, rtab_lowered_ctx_ *ctx, size_t *nt)\n"
		   "{\n\tswitch (outcome) {\n");
	for (size_t k = 0; k < m->noutcomes; k++)
		if (m->outcomes[k].ntriggers)
			sb_printf(b, "\tcase %zu: return rtab_lowered_fired%zu_(in, ctx, nt);\n", k, k);
	sb_puts(b, "\tdefault: (void)in; (void)ctx; (void)nt; return RTAB_OK;\n\t}\n}\n");
}

/* Per printed table, the triggers of the outcomes its cells, natural rolls, automatic
 * columns and rewrites give, in a dispatch small enough to inline into it (any other outcome,
 * one a rewrite computes, through rtab_lowered_fired_). */
static void put_table_fired(strbuf *b, const ir_module *m, bool declare)
{
	bool *gives = xcalloc(m->noutcomes + 1u, sizeof *gives);
	for (size_t k = 0; k < m->ntables; k++) {
		const rtab_table *t = m->tables[k].t;
		if (!declare)
			sb_printf(b, "\n/* the triggers of the outcomes table %s gives, inline (any other: rtab_lowered_fired_) */", t->id);
		sb_printf(b, "\nRTAB_LOWERED_ int rtab_lowered_fired_t%zu_(int outcome, const int32_t *in, rtab_lowered_ctx_ *ctx, "
			     "size_t *nt)%s", k, declare ? ";" : "");
		if (declare)
			continue;
		memset(gives, 0, (m->noutcomes + 1u) * sizeof *gives);
		for (size_t r = 0; r < t->nrows; r++)
			gives[rtab_row_outcome(t, r) < m->noutcomes ? rtab_row_outcome(t, r) : m->noutcomes] = true;
		for (size_t n = 0; n < t->nnatural; n++)
			gives[t->natural[n].outcome < m->noutcomes ? t->natural[n].outcome : m->noutcomes] = true;
		for (size_t c = 0; c < t->ncolumns; c++)
			if (t->columns[c].kind == RTAB_COLUMN_AUTOMATIC)
				gives[t->columns[c].automatic < m->noutcomes ? t->columns[c].automatic : m->noutcomes] = true;
		for (size_t w = 0; w < t->nrewrites; w++)
			gives[t->rewrites[w].to < m->noutcomes ? t->rewrites[w].to : m->noutcomes] = true;
		sb_puts(b, "\n{\n\tswitch (outcome) {\n");
		for (size_t o = 0; o < m->noutcomes; o++)
			if (gives[o] && m->outcomes[o].ntriggers)
				sb_printf(b, "\tcase %zu: return rtab_lowered_fired%zu_(in, ctx, nt);\n", o, o);
		bool quiet = false;
		for (size_t o = 0; o < m->noutcomes; o++)
			if (gives[o] && !m->outcomes[o].ntriggers) {
				sb_printf(b, "\tcase %zu:\n", o);
				quiet = true;
			}
		sb_puts(b, quiet ? "\t\treturn RTAB_OK;\n" : "");
		sb_puts(b, "\tdefault: return rtab_lowered_fired_(outcome, in, ctx, nt);\n\t}\n}\n");
	}
	free(gives);
}

/* Whether code c may end in an error (an operation checked for overflow, a division, a
 * reading of the support that refuses): the lean form evaluates what may fail. */
static bool code_may_fail(const ir_code *c)
{
	for (size_t i = 0; i < c->n; i++)
		switch ((ir_op)c->in[i].op) {
		case IR_NEG:
		case IR_ABS:
		case IR_ADD:
		case IR_SUB:
		case IR_MUL:
		case IR_DIV_DOWN:
		case IR_DIV_UP:
		case IR_SCALE:
		case IR_MUL_EXACT:
		case IR_DIV_EXACT:
		case IR_MATRIX:
		case IR_BAND:
		case IR_ROLL:
			return true;
		case IR_CONST:
		case IR_INPUT:
		case IR_NOTE_IF:
		case IR_NOTE_OF:
		case IR_NOT:
		case IR_EQ:
		case IR_NE:
		case IR_LT:
		case IR_LE:
		case IR_GT:
		case IR_GE:
		case IR_AND:
		case IR_OR:
		case IR_MIN:
		case IR_MAX:
		case IR_IF:
		case IR_ELSE:
		case IR_END:
		case IR_OP_COUNT_:
			break;
		}
	return false;
}

/* The bounds of the value of code c when it is a constant or an input as read (false: not
 * known here). */
static bool value_bounds(const ir_module *m, const ir_code *c, int64_t *lo, int64_t *hi)
{
	for (size_t i = 0; i < c->n; i++) {
		const ir_instr *in = &c->in[i];
		if (in->dst != c->value)
			continue;
		if (in->op == IR_CONST) {
			*lo = *hi = in->imm;
			return true;
		}
		if (in->op == IR_INPUT && in->imm >= 0 && (size_t)in->imm < m->rs->ninputs) {
			*lo = m->rs->inputs[in->imm].min;
			*hi = m->rs->inputs[in->imm].max;
			return true;
		}
		return false;
	}
	return false;
}

/* Whether resolving outcome k's triggers may end in an error (a count below 0, a condition
 * or count that may fail, more than a result holds): the lean form, which lists none,
 * resolves those. */
static bool triggers_may_fail(const ir_module *m, const ir_outcome *o)
{
	int64_t most = 0;
	bool fail = false;
	for (size_t j = 0; j < o->ntriggers; j++) {
		const ir_trigger *tr = &o->triggers[j];
		int64_t lo = 1, hi = 1;
		fail |= code_may_fail(&tr->unless);
		if (!tr->times.empty)
			fail |= code_may_fail(&tr->times) || !value_bounds(m, &tr->times, &lo, &hi) || lo < 0;
		most += hi;
	}
	return fail || most > RTAB_MAX_TRIGGERS;
}

/* The triggers the lean form resolves (only counted): those whose resolution may fail. */
static bool put_lean_fired(strbuf *b, const ir_module *m)
{
	bool any = false;
	for (size_t k = 0; k < m->noutcomes; k++)
		any |= triggers_may_fail(m, &m->outcomes[k]);
	if (!any)
		return false;
	sb_puts(b, "\n/* the lean form: only the triggers of the outcome decided that may refuse it, counted */\n"
		   "RTAB_LOWERED_ int rtab_lowered_fired_lean_(int outcome, const int32_t *in, size_t *nt)\n"
		   "{\n\tswitch (outcome) {\n");
	for (size_t k = 0; k < m->noutcomes; k++)
		if (triggers_may_fail(m, &m->outcomes[k]))
			sb_printf(b, "\tcase %zu: return rtab_lowered_fired%zu_(in, NULL, nt);\n", k, k);
	sb_puts(b, "\tdefault: (void)in; (void)nt; return RTAB_OK;\n\t}\n}\n");
	return true;
}

/* Whether ratio band k reads its steps as they are (no rounding of the ratio first, each
 * term within what the runtime reads): then a chain of tests finds its step. */
static bool band_plain(const rtab_band *band)
{
	if (band->rounding != RTAB_ROUND_EVENS)
		return false;
	for (size_t i = 0; i < band->nsteps; i++)
		if (band->steps[i].num <= 0 || band->steps[i].den <= 0 || band->steps[i].num > RTAB_MAX_STEP_TERM ||
		    band->steps[i].den > RTAB_MAX_STEP_TERM)
			return false;
	return true;
}

/* Per ratio band, its reading, its reasons noted as rtab_resolve notes them: the step found
 * by a chain of tests where the band is plain, else by the runtime's rtab_band_reach. */
static void put_bands(strbuf *b, const rtab_ruleset *rs, c_reasons *r)
{
	for (size_t k = 0; k < rs->nbands; k++) {
		const rtab_band *band = &rs->bands[k];
		bool plain = band_plain(band);
		if (plain) {
			size_t *order = xcalloc(band->nsteps + 1u, sizeof *order);
			lower_band_order(band, order);
			sb_printf(b, "\n/* ratio %s: the step a:b reaches (not 0:0), from the most extreme */\n"
				     "RTAB_LOWERED_ int rtab_lowered_band%zu_step_(int64_t a, int64_t b)\n{\n",
				  band->id, k);
			for (size_t i = 0; i < band->nsteps; i++) {
				const rtab_band_step *st = &band->steps[order[i]];
				sb_printf(b, "\tif (a * %ld %s %ld * b) return %zu; /* %ld:%ld */\n", (long)st->den,
					  st->num >= st->den ? ">=" : "<=", (long)st->num, order[i], (long)st->num,
					  (long)st->den);
			}
			sb_puts(b, "\t(void)a; (void)b;\n\treturn -1;\n}\n");
			free(order);
		}
		/* Its values by step + 1, otherwise first: no read through the ruleset. */
		sb_printf(b, "\n/* ratio %s: its value by the step reached + 1 (0: otherwise) */\n"
			     "RTAB_LOWERED_DATA_ const int32_t rtab_lowered_bv%zu_[%zu] = {%ld", band->id, k, (size_t)band->nsteps + 1,
			  (long)band->otherwise);
		for (size_t i = 0; i < band->nsteps; i++)
			sb_printf(b, ", %ld", (long)band->steps[i].value);
		sb_printf(b, "};\n\n/* ratio %s read at a:b, its reasons noted */\n"
			     "RTAB_LOWERED_ int rtab_lowered_band%zu_(int32_t *r, int32_t a, int32_t b, rtab_lowered_ctx_ *ctx)\n{\n",
			  band->id, k);
		if (!plain)
			sb_printf(b, "\tconst rtab_band *band = &RTAB_LOWERED_RS_->bands[%zu];\n", k);
		sb_puts(b, "\tint step;\n");
		strbuf provisional = {0}, otherwise = {0};
		put_reason_ref(&provisional, r, band->provisional);
		put_reason_ref(&otherwise, r, band->otherwise_provisional);
		sb_printf(b, "\tif (a < 0 || b < 0) return RTAB_E_INPUT;\n\trtab_lowered_note_(ctx, %s);\n", provisional.data);
		if (plain)
			sb_printf(b, "\tstep = a == 0 && b == 0 ? -1 : rtab_lowered_band%zu_step_(a, b);\n", k);
		else
			sb_puts(b, "\tRTAB_LOWERED_TRY_(rtab_band_reach(band, a, b, &step));\n");
		sb_printf(b, "\t*r = rtab_lowered_bv%zu_[step + 1];\n"
			     "\trtab_lowered_note_(ctx, step >= 0 ? rtab_lowered_bs%zu_[step] : (unsigned)%s);\n"
			     "\treturn RTAB_OK;\n}\n", k, k, otherwise.data);
		sb_free(&provisional);
		sb_free(&otherwise);
	}
}

/* Per matrix, its reading at keys (rtab_matrix_find's): the cell's index and value from the
 * generated C, each key tested against its enum's values (a matrix the runtime would refuse
 * whatever the keys: the runtime's own reading). */
static void put_matrices(strbuf *b, const rtab_ruleset *rs)
{
	for (size_t k = 0; k < rs->nmatrices; k++) {
		const rtab_matrix *mx = &rs->matrices[k];
		bool direct = mx->ndims > 0 && (mx->cells || mx->cells8 || mx->cells16);
		size_t n = 1;
		for (size_t d = 0; direct && d < mx->ndims; d++) {
			direct = mx->dims[d] < rs->nenums && rs->enums[mx->dims[d]].nvalues > 0;
			n *= direct ? rs->enums[mx->dims[d]].nvalues : 1;
		}
		direct &= n <= 65536;
		if (!direct) {
			sb_printf(b, "\n/* matrix %s read at keys: the runtime's reading */\n"
				     "RTAB_LOWERED_ int rtab_lowered_matrix%zu_(int32_t *r, const int32_t *keys, size_t *cell)\n{\n"
				     "\treturn rtab_lowered_matrix_(r, RTAB_LOWERED_RS_, %zu, keys, cell);\n}\n", mx->id, k, k);
			continue;
		}
		int32_t lo = INT32_MAX, hi = INT32_MIN;
		for (size_t i = 0; i < n; i++) {
			int32_t v = rtab_matrix_cell(mx, i);
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		sb_printf(b, "\n/* matrix %s: its cells, row-major */\nRTAB_LOWERED_DATA_ const %s rtab_lowered_mc%zu_[%zu] = {",
			  mx->id, lo >= INT8_MIN && hi <= INT8_MAX ? "int8_t" : lo >= INT16_MIN && hi <= INT16_MAX ? "int16_t" : "int32_t",
			  k, n);
		for (size_t i = 0; i < n; i++)
			sb_printf(b, "%s%ld,", i % 16 ? " " : "\n\t", (long)rtab_matrix_cell(mx, i));
		sb_printf(b, "\n};\n\n/* matrix %s read at keys, each within its enum's values */\n"
			     "RTAB_LOWERED_ int rtab_lowered_matrix%zu_(int32_t *r, const int32_t *keys, size_t *cell)\n{\n"
			     "\tsize_t at = 0;\n", mx->id, k);
		for (size_t d = 0; d < mx->ndims; d++) {
			unsigned nv = rs->enums[mx->dims[d]].nvalues;
			sb_printf(b, "\tif (keys[%zu] < 0 || keys[%zu] >= %u) return RTAB_E_INPUT;\n"
				     "\tat = at * %uu + (size_t)keys[%zu];\n", d, d, nv, nv, d);
		}
		sb_printf(b, "\t*cell = at;\n\t*r = rtab_lowered_mc%zu_[at];\n\treturn RTAB_OK;\n}\n", k);
	}
}

/* Per printed table, its cells: for each column, the modified rolls below its first (one
 * cell), each roll, above its last (one): the row << 16 | its outcome, or a mark (no row; a
 * column without rolls). One read of them is the row and the outcome, no branch. */
static void put_cells(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n#define RTAB_LOWERED_NO_ROW_ UINT32_MAX\n#define RTAB_LOWERED_NOT_ROLLED_ (UINT32_MAX - 1u)\n");
	for (size_t k = 0; k < m->ntables; k++) {
		const rtab_table *t = m->tables[k].t;
		if (t->ncolumns == 0)
			continue;
		size_t span = (size_t)((int64_t)t->roll_max - t->roll_min + 1);
		sb_printf(b, "\n/* table %s: row << 16 | outcome, per column, for the modified rolls %ld (and below) to %ld "
			     "(and above) */\nRTAB_LOWERED_DATA_ const uint32_t rtab_lowered_cells%zu_[%zu] = {",
			  t->id, (long)t->roll_min, (long)t->roll_max, k, t->ncolumns * (span + 2));
		for (size_t c = 0; c < t->ncolumns; c++) {
			const rtab_column *col = &t->columns[c];
			for (size_t j = 0; j < span + 2; j++) {
				sb_puts(b, j % 8 ? " " : "\n\t");
				if (!rtab_column_rolls(col)) {
					sb_puts(b, "RTAB_LOWERED_NOT_ROLLED_,");
					continue;
				}
				int row = j == 0 ? col->below_row : j == span + 1 ? col->above_row : rtab_column_row(col, j - 1);
				if (row < 0 || (size_t)row >= t->nrows)
					sb_puts(b, row < 0 ? "RTAB_LOWERED_NO_ROW_," : "RTAB_LOWERED_NOT_ROLLED_,");
				else
					sb_printf(b, "%luu,", (unsigned long)row << 16 | rtab_row_outcome(t, (size_t)row));
			}
		}
		sb_puts(b, "\n};\n");
	}
}

/* The entries a folded table keeps before its first (fold_pad), said in its comment. */
static size_t padding(const rtab_ruleset *rs, const uint16_t *inputs, size_t n, strbuf *b)
{
	int64_t pad = fold_pad(rs, inputs, n);
	if (pad > 0)
		sb_printf(b, " (after %lld entries never read)", (long long)pad);
	return pad > 0 ? (size_t)pad : 0;
}

/* The tables of each printed table's lean fold (ir_table.lean_fold). */
static void put_folds(strbuf *b, const ir_module *m)
{
	for (size_t k = 0; k < m->ntables; k++) {
		const fold_plan *p = &m->tables[k].lean_fold;
		for (size_t u = 0; u < p->nunits; u++) {
			const fold_unit *fu = &p->units[u];
			const char *type = fu->lo >= INT8_MIN && fu->hi <= INT8_MAX	? "int8_t"
					   : fu->lo >= INT16_MIN && fu->hi <= INT16_MAX ? "int16_t"
											: "int32_t";
			sb_printf(b, "\n/* table %s, lean: what folded modifiers add, by", m->tables[k].t->id);
			for (size_t i = 0; i < fu->ninputs; i++)
				sb_printf(b, "%s %s", i ? " x" : "", m->rs->inputs[fu->inputs[i]].id);
			size_t pad = padding(m->rs, fu->inputs, fu->ninputs, b);
			sb_printf(b, " */\nRTAB_LOWERED_DATA_ const %s rtab_lowered_f%zu_%zu_[%zu] = {", type, k, u,
				  pad + fu->nentries);
			for (size_t e = 0; e < pad + fu->nentries; e++)
				sb_printf(b, "%s%ld,", e % 16 ? " " : "\n\t", e < pad ? 0L : (long)fu->values[e - pad]);
			sb_puts(b, "\n};\n");
		}
	}
}

/* The lean form: the same tables, noting no reason (ctx NULL: every note a test the compiler
 * drops), into a result of the resolver's own that only the lean fields leave: no modifier
 * listed, what folds read from tables, the triggers resolved only where they may refuse. */
static void put_lean_tables(strbuf *b, const ir_module *m, bool fired)
{
	lang_spelling lean = c_lang;
	lean.table_begin = "\n/* table ~1, printed from its lowering, lean: no reason noted */\n"
			   "static int rtab_lowered_lean$1_(const int32_t *in, const int32_t *faces, size_t nfaces, "
			   "int32_t drm, rtab_result *out)\n>{\n"
			   "rtab_lowered_ctx_ *const ctx = NULL; /* no reason noted */\n"
			   "int32_t natural = 0;\nsize_t nt = 0;\n(void)in; (void)faces; (void)nfaces; (void)ctx; (void)nt;";
	/* The faces are the entry's to check (put_entry_points): one test, a cold path. */
	lean.no_faces = NULL;
	lean.faces_count = NULL;
	lean.face_check = NULL;
	lean.table_reset = NULL;
	lean.notes_again = false; /* nothing noted: a value read again is the one read */
	lean.mod_begin = "rtab_applied_modifier ~1v_, *~1 = NULL; /* ~2 */\n>{";
	lean.mod_applied_room = NULL;
	lean.mod_applied = "~1 = &~1v_;\n~1->value = r$1;\n~1->signed_value = ~2r$1;\n~1->counted = 1;";
	/* A member of a sum without a cap, nothing noted: added where it applies. */
	lean.mod_begin_direct = ">{ /* ~2 */";
	lean.mod_applied_add = "total ~5= r$1;";
	lean.fold_add = "total += rtab_lowered_f$1_$2_[~1];";
	lean.fold_index_term = "((uint32_t)in[$1] - (uint32_t)($2)) * $3u";
	lean.fold_index_value = "(uint32_t)in[$1] * $3u";
	/* Read in one step where the table allows it (lower/cells.h): the entry took the extra. */
	lean.modifiers_end_cells = "modifier_raw = (int32_t)total; /* within int32 for the extras the entry takes */\n<}\n"
				   "int32_t modifier = modifier_raw;";
	lean.roll_cells = "const int32_t roll = natural + modifier;\nout->modifier = modifier;\nout->modified_roll = roll;";
	lean.cell_column = "rtab_lowered_lv$1_[~1]";
	lean.cell_read = "const uint32_t cell = rtab_lowered_lc$1_[~1 + ((uint32_t)roll - (uint32_t)($2))];";
	lean.cell_no_row = "if (cell == UINT32_MAX) return RTAB_E_NO_ROW;";
	/* The outcome and the row, side by side in rtab_lean_result as in the cell: one store. */
	lean.cell_split = "out->outcome = (uint16_t)(cell & 0xffffu);\nout->row = (uint16_t)(cell >> 16);";
	lean.table_tail_cells = fired ? "RTAB_LOWERED_TRY_(rtab_lowered_fired_lean_(out->outcome, in, &nt));\n"
					"return nt > RTAB_MAX_TRIGGERS ? RTAB_E_RULESET : RTAB_OK;"
				      : "return RTAB_OK;";
	lean.table_tail = fired ? "out->row = nat < 0 && row >= 0 ? (uint16_t)row : UINT16_MAX;\n"
				  "out->outcome = (uint16_t)outcome;\n(void)rewritten_from; (void)rewrite;\n"
				  "RTAB_LOWERED_TRY_(rtab_lowered_fired_lean_(outcome, in, &nt));\n"
				  "return nt > RTAB_MAX_TRIGGERS ? RTAB_E_RULESET : RTAB_OK;"
				: "out->row = nat < 0 && row >= 0 ? (uint16_t)row : UINT16_MAX;\n"
				  "out->outcome = (uint16_t)outcome;\n(void)rewritten_from; (void)rewrite;\n"
				  "return RTAB_OK;";
	print_walk_tables(b, m, &lean);
}

/* The cells of each printed table the lean form reads in one step (lower/cells.h), and where
 * each combination's virtual column starts in them. */
static void put_lean_cells(strbuf *b, const ir_module *m)
{
	for (size_t k = 0; k < m->ntables; k++) {
		const lean_cells *lc = &m->tables[k].lean_cells;
		if (!lc->made)
			continue;
		size_t width = (size_t)(lc->cell_hi - lc->cell_lo + 1), n = lc->ncolumns * width;
		sb_printf(b, "\n/* table %s, lean: row << 16 | outcome, for each modified roll %lld..%lld, each column in turn",
			  m->tables[k].t->id, (long long)lc->cell_lo, (long long)lc->cell_hi);
		if (lc->by_inputs && lc->ncolumns > m->tables[k].t->ncolumns)
			sb_printf(b, " (%u..%zu: columns with the rewrites that hold applied)", m->tables[k].t->ncolumns,
				  lc->ncolumns - 1);
		sb_printf(b, " */\nRTAB_LOWERED_DATA_ const uint32_t rtab_lowered_lc%zu_[%zu] = {", k, n);
		for (size_t e = 0; e < n; e++) {
			sb_puts(b, e % width % 16 == 0 ? "\n\t" : " ");
			if (lc->cells[e] == LEAN_CELL_NO_ROW)
				sb_puts(b, "UINT32_MAX,");
			else
				sb_printf(b, "%luu,", (unsigned long)lc->cells[e]);
		}
		sb_puts(b, "\n};\n");
		if (!lc->by_inputs)
			continue;
		sb_printf(b, "\n/* table %s, lean: where the cells of the column start, by", m->tables[k].t->id);
		for (size_t i = 0; i < lc->vc.ninputs; i++)
			sb_printf(b, "%s %s", i ? " x" : "", m->rs->inputs[lc->vc.inputs[i]].id);
		size_t pad = padding(m->rs, lc->vc.inputs, lc->vc.ninputs, b);
		sb_printf(b, " */\nRTAB_LOWERED_DATA_ const %s rtab_lowered_lv%zu_[%zu] = {", n <= UINT16_MAX ? "uint16_t" : "uint32_t",
			  k, pad + lc->vc.nentries);
		for (size_t e = 0; e < pad + lc->vc.nentries; e++)
			sb_printf(b, "%s%zu,", e % 16 ? " " : "\n\t", e < pad ? 0 : lc->vc.vcolumn_of[e - pad] * width);
		sb_puts(b, "\n};\n");
	}
}

/* What the lean entry sends to the interpreter: a missing pointer, the wrong number of faces, a
 * face outside its die (the lean form checks none of these), an extra modifier the cells of a
 * table read in one step do not serve. */
static void put_lean_refused(strbuf *b, const ir_module *m, size_t k)
{
	const ir_table *it = &m->tables[k];
	const rtab_table *t = it->t;
	const lean_cells *lc = &it->lean_cells;
	if (lc->made && lc->extra_lo > INT32_MIN)
		sb_printf(b, " ||\n\t    extra_drm < %lld", (long long)lc->extra_lo);
	if (lc->made && lc->extra_hi < INT32_MAX)
		sb_printf(b, " ||\n\t    extra_drm > %lld", (long long)lc->extra_hi);
	if (t->dice == RTAB_NO_DICE || t->dice >= m->rs->ndice) {
		sb_puts(b, t->dice == RTAB_NO_DICE ? " || nfaces != 0" : "");
		return;
	}
	const rtab_dice *d = &m->rs->dice[t->dice];
	sb_printf(b, " ||\n\t    %s(nfaces != %u || !faces", it->faces_later ? "(nfaces != 0 && " : "", d->nfaces);
	size_t f = 0;
	for (size_t g = 0; g < d->ngroups; g++)
		for (size_t j = 0; j < d->groups[g].count; j++, f++)
			sb_printf(b, " ||\n\t     (uint32_t)faces[%zu] - %luu > %luu", f,
				  (unsigned long)(uint32_t)d->groups[g].face_min,
				  (unsigned long)((uint32_t)d->groups[g].face_max - (uint32_t)d->groups[g].face_min));
	sb_puts(b, it->faces_later ? "))" : ")");
}

/* The public functions of a printed table: the full result, and the lean one. */
static void put_entry_points(strbuf *b, const ir_module *m, const char *name, size_t k)
{
	const char *id = m->rs->tables[k].id;
	sb_printf(b, "\nint %s_explain_%s(const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, rtab_result *out)\n{\n"
		     "\tif (!s || !out || (!faces && nfaces)) return RTAB_E_NULL;\n"
		     "\treturn rtab_lowered_table%zu_(s->inputs, faces, nfaces, extra_drm, out);\n}\n",
		  name, id, name, k);
	sb_printf(b, "\nint %s_resolve_%s(const %s_situation *s, const int32_t *faces, size_t nfaces,\n"
		     "\tint32_t extra_drm, rtab_lean_result *out)\n{\n"
		     "\trtab_result r;\n\tint rc;\n"
		     "\tif (RTAB_LOWERED_UNLIKELY_(!s || !out",
		  name, id, name);
	put_lean_refused(b, m, k);
	sb_printf(b, "))\n\t\treturn rtab_lowered_interpreted_(%zu, s ? s->inputs : NULL, faces, nfaces, extra_drm, out);\n"
		     "\trc = rtab_lowered_lean%zu_(s->inputs, faces, nfaces, extra_drm, &r);\n"
		     "\tif (rc != RTAB_OK) return rc;\n"
		     "\tout->outcome = r.outcome;\n\tout->row = r.row;\n\tout->natural = r.natural;\n"
		     "\tout->modifier = r.modifier;\n\tout->modified_roll = r.modified_roll;\n"
		     "\treturn RTAB_OK;\n}\n",
		  k, k);
}

bool print_c_lowered(strbuf *b, const ir_module *m, const char *name, const reason_text *rt)
{
	sb_puts(b, "\n/*\n * The resolvers, printed from the lowering (compiler/lower) over the support below.\n"
		   " * They compute what rtab_resolve computes.\n */\n");
	sb_puts(b, "\n#include \"rtab_lowered.h\"\n");
	sb_printf(b, "\n#define RTAB_LOWERED_RS_ (&%s_ruleset)\n"
		     "#define RTAB_LOWERED_TABLE_(k) (&RTAB_LOWERED_RS_->tables[k])\n", name);
	sb_puts(b, "#if defined(__GNUC__)\n#define RTAB_LOWERED_DATA_ static __attribute__((unused))\n"
		   "#define RTAB_LOWERED_UNLIKELY_(x) __builtin_expect(!!(x), 0)\n"
		   "#define RTAB_LOWERED_COLD_ static __attribute__((cold, noinline, unused))\n"
		   "#else\n#define RTAB_LOWERED_DATA_ static\n#define RTAB_LOWERED_UNLIKELY_(x) (x)\n"
		   "#define RTAB_LOWERED_COLD_ static\n#endif\n\n");
	c_reasons reasons = {0};
	bool own = put_reasons(b, m, &reasons, rt);
	sb_puts(b, "\nRTAB_LOWERED_ int rtab_lowered_fired_(int outcome, const int32_t *in, rtab_lowered_ctx_ *ctx, size_t *nt);\n");
	put_table_fired(b, m, true);
	sb_putc(b, '\n');
	put_bands(b, m->rs, &reasons);
	put_matrices(b, m->rs);
	free(reasons.text);
	if (m->nrequirements)
		print_walk_requirements(b, m, &c_lang);
	put_cells(b, m);
	put_folds(b, m);
	put_lean_cells(b, m);
	print_walk_resolvers(b, m, &c_lang);
	bool fired = put_lean_fired(b, m);
	put_lean_tables(b, m, fired);
	put_fired_dispatch(b, m);
	put_table_fired(b, m, false);
	sb_printf(b, "\n/* The lean entry's cold path: what it does not take is the interpreter's to answer. */\n"
		     "RTAB_LOWERED_COLD_ int rtab_lowered_interpreted_(size_t table, const int32_t *in, const int32_t *faces,\n"
		     "\tsize_t nfaces, int32_t extra_drm, rtab_lean_result *out)\n{\n"
		     "\trtab_result r;\n\tint rc;\n"
		     "\tif (!in || !out) return RTAB_E_NULL;\n"
		     "\trc = rtab_resolve_interpreted(RTAB_LOWERED_RS_, table, in, %u, faces, nfaces, extra_drm, &r);\n"
		     "\tif (rc != RTAB_OK) return rc;\n"
		     "\tout->outcome = r.outcome;\n\tout->row = r.row;\n\tout->natural = r.natural;\n"
		     "\tout->modifier = r.modifier;\n\tout->modified_roll = r.modified_roll;\n"
		     "\treturn RTAB_OK;\n}\n",
		  m->rs->ninputs);
	for (size_t k = 0; k < m->ntables; k++)
		put_entry_points(b, m, name, k);
	return own;
}
