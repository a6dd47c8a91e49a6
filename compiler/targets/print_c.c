/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as C, inside a ruleset's generated C:
 * the spellings of the one walk (print_walk.c) over the support file's
 * helpers (runtime/rtab_lowered.h, installed with rtab.h). A table's constant data is the
 * ruleset's own (<name>_ruleset, which emit_c.c writes): every reference to
 * it is the table, read through its fields. An error is a status returned at
 * once; the registers are int32_t, each written once; the reasons are noted
 * into the rtab_result as rtab_resolve notes them. */
#include "targets/print_c.h"
#include "targets/print_walk.h"
#include "base/escape.h"

#include <stdlib.h>

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
			[IR_MATRIX] = "const int32_t k$1[] = {~1}; int32_t r$1; "
				      "RTAB_LOWERED_TRY_(rtab_lowered_matrix_(&r$1, RTAB_LOWERED_RS_, $4, k$1, ~2));",
			[IR_BAND] = FALLIBLE("rtab_lowered_band_(&r$1, RTAB_LOWERED_RS_, $4, ~3, ~4, ~2)"),
			/* A resolution gives no faces to the dice a program rolls (as rtab_resolve). */
			[IR_ROLL] = "int32_t r$1 = 0; RTAB_LOWERED_TRY_(RTAB_E_FACES);",
		},
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
	.keep_open = "{ rtab_applied_modifier *const members[] = {",
	.keep_item = "~1$1",
	.keep_close = "}; rtab_lowered_keep_(members, sizeof members / sizeof *members, ~1, $1); }",
	.keep_pair = "rtab_lowered_keep_pair_(~1$1, ~1$3, ~2, $5);",
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
		       "rtab_result *const ctx = out; /* where the reasons are noted */\n"
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
	.key_enum_col = "if (a < 0 || a >= $1) return RTAB_E_RULESET;\ncol = ~1->column_of_key[~2 * $1 + a];\n"
			"if (!(col >= first && col < end)) return RTAB_E_RULESET;",
	.key_column = "out->key_column = (int16_t)col;",
	.shifts_begin = "int32_t shift;\n>{ /* the column shifts */",
	.shifts_end = "if (total < INT32_MIN || total > INT32_MAX) return RTAB_E_OVERFLOW;\nshift = (int32_t)total;\n<}\n"
		      "out->column_shift = shift;",
	.clamp_stops = "const int64_t lo = first + $1, hi = end - $2;\nint64_t column = col;\n"
		       "if (lo > hi) return RTAB_E_RULESET;\n>if (col >= lo && col <= hi) {\n"
		       "column = col + (int64_t)shift;\ncolumn = column < lo ? lo : column > hi ? hi : column;\n<}",
	.clamp_ends = "int64_t column = col + (int64_t)shift;\ncolumn = column < first ? first : column > end - 1 ? end - 1 : column;",
	.column_set = "out->column = (uint16_t)column;",
	.nat_index = "int nat = nfaces ? rtab_natural_rule_of(~1, faces, nfaces) : -1;",
	.nat_none = "int nat = -1;",
	.outcome_decl = "int outcome = 0, row = -1;\nconst char *why = NULL;",
	.column_none = ">if (~1->columns[column].kind == RTAB_COLUMN_NONE) {\nout->row = UINT16_MAX;\n"
		       ">if (~2->columns[column].provisional) { /* 'not allowed' may itself be a reading */\n"
		       "rtab_lowered_note_first_(ctx, ~2->columns[column].provisional);\n|} else {\n"
		       "out->provisional = NULL; /* as rtab_resolve leaves them */\nout->nprovisional = 0;\n<}\n"
		       "return RTAB_E_NO_RESULT;\n<}",
	.column_auto = ">if (~1->columns[column].kind == RTAB_COLUMN_AUTOMATIC) {\nout->automatic = 1;\nnat = -1;\n"
		       "outcome = ~2->columns[column].automatic;\nwhy = ~3->columns[column].provisional;\n|} else {",
	.faces_later_fail = "if (faces_later) return RTAB_E_FACES;",
	.row_pick = ">if (nat >= 0) {\noutcome = ~1->natural[nat].outcome;\nwhy = ~2->natural[nat].provisional;\n|} else {\n"
		    "const rtab_column *c = &~3->columns[column];\n"
		    "if (!rtab_column_rolls(c)) return RTAB_E_RULESET;\n"
		    "if (roll < $1) row = c->below_row;\nelse if (roll > $2) row = c->above_row;\n"
		    "else row = rtab_column_row(c, (size_t)((int64_t)roll - ($1)));\n"
		    "if (row < 0) return RTAB_E_NO_ROW;\nif (row >= ~5->nrows) return RTAB_E_RULESET;\n"
		    "outcome = rtab_row_outcome(~6, (size_t)row);\nwhy = rtab_row_provisional(~7, (size_t)row);\n<}",
	.note_why = "rtab_lowered_note_first_(ctx, why); /* the outcome's own uncertainty first */",
	.rewrites_begin = "int rewritten_from = -1, rewrite = -1;",
	.rewrite_if = ">if (rewritten_from < 0 && outcome == $1) {",
	.note = "rtab_lowered_note_(ctx, rtab_lowered_r$1_);",
	.rewrite_set = "rewritten_from = outcome;\noutcome = $1;\nrewrite = $2;",
	.table_tail = "out->natural_rule = (int16_t)nat;\nout->row = nat < 0 && row >= 0 ? (uint16_t)row : UINT16_MAX;\n"
		      "out->outcome = (uint16_t)outcome;\nout->rewritten_from = (int16_t)rewritten_from;\n"
		      "out->rewrite = (int16_t)rewrite;\n"
		      ">{\nint rc = rtab_lowered_fired_(outcome, in, ctx, &nt);\n"
		      "if (rc == RTAB_OK && nt > RTAB_MAX_TRIGGERS) rc = RTAB_E_RULESET;\n"
		      "out->ntriggered = (uint16_t)(nt > RTAB_MAX_TRIGGERS ? RTAB_MAX_TRIGGERS : nt);\n"
		      "return rc;\n<}",

	.fired_begin = "\n/* whether and how many times each trigger of ~1 fires */\n"
		       "static int rtab_lowered_fired$1_(const int32_t *in, rtab_result *ctx, size_t *nt)\n>{\n"
		       "const rtab_trigger *const triggers = RTAB_LOWERED_RS_->outcomes[$1].triggers;\n(void)in;",
	.fired_reason = "rtab_lowered_note_(ctx, rtab_lowered_r$1_);",
	.fired_times0 = "int32_t times = 0;",
	.unless_set = "const int suppressed = r$1 != 0;",
	.unless_open = ">if (!suppressed) {",
	.times_one = "times = 1;",
	.times_set = "times = r$1;",
	.fired_push = "RTAB_LOWERED_TRY_(rtab_lowered_fire_(ctx, nt, &triggers[$1], $1, times));",
	.fired_end = "return RTAB_OK;\n<}",
};

/* The reasons as constants, each text once (an attribute: a table may read none of them). */
static void put_reasons(strbuf *b, const ir_module *m)
{
	for (size_t k = 0; k < m->nreasons; k++) {
		sb_printf(b, "RTAB_LOWERED_DATA_ const char rtab_lowered_r%zu_[] = ", k);
		sb_put_c_string(b, m->reasons[k]);
		sb_puts(b, ";\n");
	}
	for (size_t k = 0; k < m->nreason_lists; k++) {
		const ir_reason_list *l = &m->reason_lists[k];
		sb_printf(b, "RTAB_LOWERED_DATA_ const char *const rtab_lowered_rl%zu_[] = {", k);
		for (size_t i = 0; i < l->n; i++) {
			sb_puts(b, i ? ", " : "");
			if (l->reasons[i] < 0)
				sb_puts(b, "NULL");
			else
				sb_printf(b, "rtab_lowered_r%d_", l->reasons[i]);
		}
		sb_puts(b, l->n ? "};\n" : "NULL};\n");
	}
}

/* The triggers of an outcome by its number: the function of each outcome that has any. */
static void put_fired_dispatch(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n/* the triggers of the outcome decided, listed into the result */\n"
		   "RTAB_LOWERED_ int rtab_lowered_fired_(int outcome, const int32_t *in, rtab_result *ctx, size_t *nt)\n"
		   "{\n\tswitch (outcome) {\n");
	for (size_t k = 0; k < m->noutcomes; k++)
		if (m->outcomes[k].ntriggers)
			sb_printf(b, "\tcase %zu: return rtab_lowered_fired%zu_(in, ctx, nt);\n", k, k);
	sb_puts(b, "\tdefault: (void)in; (void)ctx; (void)nt; return RTAB_OK;\n\t}\n}\n");
}

/* The lean form: the same tables, noting no reason (ctx NULL: every note a test the compiler
 * drops), into a result of the resolver's own that only the lean fields leave. */
static void put_lean_tables(strbuf *b, const ir_module *m, const bool *tables)
{
	lang_spelling lean = c_lang;
	lean.table_begin = "\n/* table ~1, printed from its lowering, lean: no reason noted */\n"
			   "static int rtab_lowered_lean$1_(const int32_t *in, const int32_t *faces, size_t nfaces, "
			   "int32_t drm, rtab_result *out)\n>{\n"
			   "rtab_result *const ctx = NULL; /* no reason noted */\n"
			   "int32_t natural = 0;\nsize_t nt = 0;\n(void)in; (void)faces; (void)ctx;\n"
			   "if (nfaces > RTAB_MAX_FACES) return RTAB_E_FACES;";
	print_walk_tables(b, m, &lean, tables);
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
		     "\tif (!s || !out || (!faces && nfaces)) return RTAB_E_NULL;\n"
		     "\trc = rtab_lowered_lean%zu_(s->inputs, faces, nfaces, extra_drm, &r);\n"
		     "\tif (rc != RTAB_OK) return rc;\n"
		     "\tout->outcome = r.outcome;\n\tout->row = r.row;\n\tout->natural = r.natural;\n"
		     "\tout->modifier = r.modifier;\n\tout->modified_roll = r.modified_roll;\n"
		     "\treturn RTAB_OK;\n}\n",
		  name, id, name, k);
}

void print_c_lowered(strbuf *b, const ir_module *m, const char *name, const bool *tables)
{
	sb_puts(b, "\n/*\n * Resolvers printed from the lowering (compiler/lower): the tables above whose\n"
		   " * comment says so, over the support below. They compute what rtab_resolve computes.\n */\n");
	sb_puts(b, "\n#include \"rtab_lowered.h\"\n");
	sb_printf(b, "\n#define RTAB_LOWERED_RS_ (&%s_ruleset)\n"
		     "#define RTAB_LOWERED_TABLE_(k) (&RTAB_LOWERED_RS_->tables[k])\n", name);
	sb_puts(b, "#if defined(__GNUC__)\n#define RTAB_LOWERED_DATA_ static __attribute__((unused))\n"
		   "#else\n#define RTAB_LOWERED_DATA_ static\n#endif\n\n");
	put_reasons(b, m);
	sb_puts(b, "\nRTAB_LOWERED_ int rtab_lowered_fired_(int outcome, const int32_t *in, rtab_result *ctx, size_t *nt);\n");
	print_walk_resolvers(b, m, &c_lang, tables);
	put_lean_tables(b, m, tables);
	put_fired_dispatch(b, m);
	for (size_t k = 0; k < m->ntables; k++)
		if (tables[k])
			put_entry_points(b, m, name, k);
}
