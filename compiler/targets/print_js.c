/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as JavaScript: the spellings of the
 * one walk (print_walk.c), over the support file's helpers
 * (targets/js/rtab_resolver.mjs). The definitions' constants are module
 * constants (T0_ROW), the registers block-scoped consts. */
#include "targets/print_js.h"
#include "targets/print_walk.h"

static const lang_spelling js = {
	.null = "null",
	.nil = "null",
	.yes = "true",
	.no = "false",
	.lua_strings = false,
	.empty_block = NULL,
	.indent = "  ",
	.base = 0,
	.arr_open = "[",
	.arr_first = "",
	.arr_close = "]",

	.def = "const r$1 = ~1;",
	.op =
		{
			[IR_CONST] = "$4",
			[IR_INPUT] = "inputs[$4]",
			[IR_NEG] = "negate(~3)",
			[IR_ABS] = "~3 < 0 ? negate(~3) : ~3",
			[IR_NOT] = "~3 ? 0 : 1",
			[IR_ADD] = "check32(~3 + ~4)",
			[IR_SUB] = "check32(~3 - ~4)",
			[IR_MUL] = "check32(~3 * ~4)",
			[IR_EQ] = "+(~3 === ~4)",
			[IR_NE] = "+(~3 !== ~4)",
			[IR_LT] = "+(~3 < ~4)",
			[IR_LE] = "+(~3 <= ~4)",
			[IR_GT] = "+(~3 > ~4)",
			[IR_GE] = "+(~3 >= ~4)",
			[IR_AND] = "+(~3 !== 0 && ~4 !== 0)",
			[IR_OR] = "+(~3 !== 0 || ~4 !== 0)",
			[IR_DIV_DOWN] = "divide(~3, ~4, false)",
			[IR_DIV_UP] = "divide(~3, ~4, true)",
			[IR_MIN] = "Math.min(~3, ~4)",
			[IR_MAX] = "Math.max(~3, ~4)",
			[IR_SCALE] = "exactOp('scale', $4, ~3, 0)",
			[IR_MUL_EXACT] = "exactOp('mul_exact', $4, ~3, ~4)",
			[IR_DIV_EXACT] = "exactOp('div_exact', $4, ~3, ~4)",
			[IR_MATRIX] = "matrix$4(~2, ~1)",
			[IR_BAND] = "band$4(~2, ~3, ~4)",
			[IR_ROLL] = "dice$4(~2)",
		},
	.ctx_none = "null",
	.note_if = "if (r$1 === $2) ctx.note(R$3);",
	.note_if_maybe = "if (ctx && r$1 === $2) ctx.note(R$3);",
	.note_of = "if (r$1 >= 0 && r$1 < $2) ctx.note(RL$3[r$1]);",
	.note_of_maybe = "if (r$1 >= 0 && r$1 < $2) if (ctx) ctx.note(RL$3[r$1]);",
	.if_begin = "let r$1;\n>if (r$2 !== 0) {",
	.if_else = "r$1 = r$2;\n|} else {",
	.if_end = "r$1 = r$2;\n<}",
	.block_open = ">{",
	.block_close = "<}",
	.if_nonzero = ">if (r$1 !== 0) {",
	.if_zero = ">if (r$1 === 0) { // not 'none when'",
	/* A test fused into what reads it (print_walk.h). */
	.cond_of = walk_cond_c_family,
	.cond_eq = "===",
	.cond_ne = "!==",
	.cond_reg = "~1 !== 0",
	.cond_value = "+(~1)",
	.if_cond = ">if (~1) {",
	.unless_cond = "const suppressed = ~1;",
	.requirement_fails_cond = "if (!(~2)) return @1;",
	.holds_always = ">{",
	.end = "<}",

	.reason = "R$1",
	.reason_def = "const R$1 = ~1;",
	.reason_list = "RL$1",
	.reason_list_def = "const RL$1 = ~1;",
	.module_begin = "\n// The resolver of this ruleset, printed from its lowering (compiler/lower): the\n"
			"// results tables, the triggers of the outcomes and the requirements.\n"
			"/** A result's triggers: no repeat before. */\nconst NOT_EARLIER = Object.freeze([]);",
	.requirements_begin = "\n/** The id of the first requirement the situation breaks, or null. */\n"
			      ">function requirementBroken(R, inputs) {",
	.requirement_fails = "if (r$1 === 0) return @1;",
	.requirements_end = "return null;\n<}\n",

	.mod_ref = "~1$1",
	.list_begin = "",
	.mod_begin = "let ~1 = null; // ~2\n>{",
	.mod_end = "<}",
	.mod_begin_direct = ">{ // ~2",
	.mod_applied_add = "applied.push({ modifier: @4, value: r$1, signed_value: ~2r$1, counted: true, shift: ~3 });\n"
			   "total ~5= r$1;",
	.mod_overflow = "if (r$1 === INT32_MIN) throw new RtabError(E_OVERFLOW);",
	.mod_applied = "~1 = { modifier: @4, value: r$1, signed_value: ~2r$1, counted: true, shift: ~3 };\n"
		       "applied.push(~1);",
	/* A side of a stacking group keeps one member, the first on ties (print_walk.h). */
	.keep_comment = "// ~1, side $1: the ~2 kept",
	.keep_applied = "~1 !== null",
	.keep_and = " && ",
	.keep_pair = "if (~2.signed_value ~3 ~1.signed_value) ~1.counted = false;\nelse ~2.counted = false;",
	.keep_begin = ">{\nlet kept = ~1;",
	.keep_take = ">if (kept === null) {\nkept = ~1;\n|} else {",
	.keep_cmp = ">if (~1.signed_value ~3 kept.signed_value) {\nkept.counted = false;\nkept = ~1;\n|} else {\n~1.counted = false;\n<}",
	.keep_end = "<}",
	.total_begin = "let total = ~1;",
	.total_check = "total = check32(total);",
	.group_begin = ">{ // ~1\nlet sum = 0, members = false;",
	.group_end = "<}",
	.group_member = "if (~1 !== null && ~1.counted) { sum += ~1.signed_value; members = true; ~2}",
	.group_note = "ctx.note(R$1); ",
	.group_cap = "if (members) sum = Math.min(Math.max(sum, $1), $2);",
	.group_add = "total = check32(total + sum);",

	.data_begin = "",
	.data_item = "const ~2$1_~1 = ",
	.data_item_end = ";\n",
	.data_end = "",
	.data_ref = "T$1_~1",

	.table_begin = "\n/** Table ~1, lowered: one roll, the situation validated. */\n"
		       ">function table$1(R, inputs, faces, drm) {\nlet natural = 0;",
	.table_end = "<}\n",
	.fail = "throw new RtabError(~1);",
	.refuse_drm = "if (drm) throw new RtabError(E_STEP_DRM); // a modifier from outside belongs to no step",
	.roll_decl = "let roll$1 = 0;",
	.roll_ref = "roll$1",
	.no_faces = "if (faces.length) throw new RtabError(E_FACES);",
	.faces_later_begin = "const facesLater = faces.length === 0;\n>if (!facesLater) {",
	.faces_count = "if (faces.length !== $1) throw new RtabError(E_FACES);",
	.face_check = "if (faces[$1] < $2 || faces[$1] > $3) throw new RtabError(E_FACES);",
	.face_ref = "faces[$1]",
	.natural = "natural = ~1;",
	.roll_set = "~1 = ~2;",
	.context_applied = "const ctx = new Context();\nconst applied = [];",
	.modifiers_begin = "let modifierRaw;\n>{ // the die-roll modifiers",
	.modifiers_end = "modifierRaw = total;\n<}\nlet modifier = modifierRaw;",
	.table_cap = "modifier = Math.min(Math.max(modifier, $1), $2); // the table's cap",
	.roll_modified = "let roll = check32(natural + modifier);",
	.result_begin = "const r = { column: @1, key: null, key_column: null, column_shift: 0, automatic: false, natural, "
			"modifier_raw: modifierRaw, modifier, modified_roll: roll,\n"
			"  applied: null, natural_rule: false, rewritten_from: null, outcome: null, code: null, rule: null, "
			"effects: null,\n  triggers: null, trigger_of: null, trigger_inputs: null, provisional: null };",
	.rolls_open = "if (faces.length) r.rolls = { ",
	.rolls_item = "@2: ~1",
	.rolls_close = " };",
	.column_default_note = "if (inputs[$1] === $2) ctx.note(R$3);",
	.column_reasons_note = "ctx.note(RL$1[inputs[$2]] ?? null);",
	.key_begin = "let col = 0, first = 0, end = $1;",
	.key_input_col = "col = ~1[inputs[$1]];\nif (col >= $2) throw new RtabError(E_COLUMN);",
	.line_check = "const line = r$1;\nif (!(line >= 0 && line < $2)) throw new RtabError(E_RULESET);",
	.run_of = "first = ~2[~1]; end = ~3[~1];\nif (!(first < end && end <= $1)) throw new RtabError(E_RULESET);",
	.key_decl = "let a, b;",
	.key_odds = "a = r$1; b = r$2;",
	.key_value = "a = r$1; b = 1;",
	.key_odds_text = "r.key = `${R.exact(a)}:${R.exact(b)}`;\n"
			 "if (a < 0 || b < 0) throw new RtabError(E_INPUT);\n"
			 "if (a === 0 && b === 0) return noResult(r);",
	.key_odds_text_whole = "r.key = `${a}:${b}`;\n"
			       "if (a < 0 || b < 0) throw new RtabError(E_INPUT);\n"
			       "if (a === 0 && b === 0) return noResult(r);",
	.key_value_text = "r.key = a > 0 ? `+${a}` : `${a}`;",
	.input_ref = "inputs[$1]",
	.key_chain_if = ">if (~1) {",
	.key_chain_elif = "|} else if (~1) {",
	.key_chain_else = "|} else {",
	.key_chain_set = "col = $1;",
	.key_step_cmp = "a * $2 ~1 $1 * b",
	.key_step_cmp_wide = "BigInt(a) * $2n ~1 $1n * BigInt(b)",
	.key_run_is = "first === $1 && end === $2",
	.key_value_cmp = "a ~1 $1",
	.key_evens = "a >= ~1",
	.key_enum_col = "col = ~1[~2 * $1 + a];\nif (!(col >= first && col < end)) throw new RtabError(E_RULESET);",
	.key_column = "r.key_column = ~1[col];",
	.shifts_begin = "let shift;\n>{ // the column shifts",
	.shifts_end = "shift = total;\n<}\nr.column_shift = shift;",
	.clamp_stops = "const lo = first + $1, hi = end - $2;\n"
		       "const column = col < lo || col > hi ? col : Math.min(Math.max(col + shift, lo), hi);",
	.clamp_ends = "const column = Math.min(Math.max(col + shift, first), end - 1);",
	.column_unshifted = "const column = col;",
	.column_set = "r.column = ~1[column];\nr.applied = applied;",
	.nat_set = "nat = $1;",
	.nat_faces_open = ">if (!facesLater) {",
	.nat_none = "let nat = -1;",
	.outcome_decl = "let outcome, why, row = null;",
	.column_none = ">if (~1[column] === COLUMN_NONE) {\nctx.noteFirst(~2[column]);\n"
		       "return ~2[column] !== null ? { ...noResult(r), provisional: ctx.provisional } : noResult(r);\n<}",
	.column_auto = ">if (~1[column] === COLUMN_AUTOMATIC) {\nr.automatic = true;\nnat = -1;\noutcome = ~2[column];\n"
		       "why = ~3[column];\n|} else {",
	.faces_later_fail = "if (facesLater) throw new RtabError(E_FACES);",
	.row_pick = ">if (nat >= 0) {\noutcome = ~1[nat];\nwhy = ~2[nat];\n|} else {\n"
		    "if (roll < $1) row = ~3[column];\nelse if (roll > $2) row = ~4[column];\n"
		    "else row = ~5[column * $3 + roll - $1];\n"
		    "if (row < 0) throw new RtabError(row === -2 ? E_RULESET : E_NO_ROW);\n"
		    "outcome = ~6[row];\nwhy = ~7[row];\n<}",
	.note_why = "ctx.noteFirst(why);",
	.rewrites_begin = "let rewrittenFrom = null, rewriteRule = null;",
	.rewrite_if = ">if (rewrittenFrom === null && outcome === $1) {",
	.note = "ctx.note(R$1);",
	.rewrite_set = "rewrittenFrom = outcome;\noutcome = $1;\nrewriteRule = @1;",
	/* A rule is there when it is not null: an empty reference is one too, as in the runtime. */
	.table_tail = "const fired = R.fired(outcome, inputs, ctx);\nconst o = R.outcomePart(outcome);\n"
		      "let rule = @3;\n"
		      "if (rewriteRule !== null) rule = rewriteRule;\n"
		      "else if (nat >= 0 && ~1[nat] !== null) rule = ~1[nat];\n"
		      "else if (nat < 0 && row !== null && ~2[row] !== null) rule = ~2[row];\n"
		      "r.natural_rule = nat >= 0;\n"
		      "r.rewritten_from = rewrittenFrom === null ? null : R.outcomePart(rewrittenFrom).id;\n"
		      "r.outcome = o.id;\nr.code = o.code;\nr.rule = rule;\nr.effects = o.effects;\n"
		      "r.triggers = fired.map(([, tr]) => tr.target.id);\n"
		      "r.trigger_of = fired.map(([k]) => k);\n"
		      "r.trigger_inputs = fired.map(([k]) => GIVEN[outcome][k](R, inputs, NOT_EARLIER));\n"
		      "r.provisional = ctx.provisional;\n"
		      "if (o.numbers) r.numbers = o.numbers;\n"
		      "return r;",

	.fired_begin = ">function fired$1(R, inputs, ctx) { // ~1\n"
		       "const out = [], triggers = R.x.outcomes[$1].triggers;",
	.fired_reason = "if (ctx) ctx.note(R$1);",
	.fired_times0 = "let times = 0;",
	.unless_set = "const suppressed = r$1 !== 0;",
	.unless_open = ">if (!suppressed) {",
	.times_one = "times = 1;",
	.times_set = "times = r$1;",
	.fired_push = "if (times < 0) throw new RtabError(E_RULESET);\n"
		      "for (let n = 0; n < times; n++) out.push([$1, triggers[$1]]);",
	.fired_end = "return out;\n<}\n",
	.passed_begin = ">function passed$1_$2(R, inputs, earlier) {",
	.set_repeat = "const v$1 = earlier.length + 1;",
	.set_earlier = "const v$1 = earlier.includes($3) ? 1 : 0;",
	.set_same_begin = "",
	.set_same = "const v$1 = r$3;",
	.set_same_end = "",
	.passed_copy = "const out = inputs.slice();",
	.passed_out = "out[$1] = v$2;",
	.passed_check = "R.validateInput($1, v$2);",
	.passed_check_range = "if (v$2 < $4 || v$2 > $5) R.validateInput($1, v$2);",
	.passed_end = "return out;\n<}\n",
	/* What a trigger passes on as a result shows it: by input id, each value as the vectors write it. */
	.shown_begin = "function shown$1_$2(R, out) {\n  return { ",
	.shown_item = "@1: R.valueOf($1, ~2)",
	.shown_sep = ", ",
	.shown_end = " };\n}\n",
	.shown_enum = "@1: R.x.enums[$2].values[~2].id",
	.shown_bool = "@1: ~2 !== 0",
	.shown_int = "@1: ~2",
	.shown_out = "out[$1]",
	.given_begin = ">function given$1_$2(R, inputs, earlier) {",
	.given_return = "return { ~1 };\n<}\n",
	.given_value = "v$2",
	.outcome_open = "",

	.reactions_begin = ">function reactions$1(R, inputs) { // ~1\nconst options = [], leads = {};",
	.option_push = "options.push(@1);\nleads[@1] = @2;",
	.reactions_end = "return { options, leads };\n<}\n",
	.transition_fn = ">function transition$1(R, inputs) { // ~1\n"
			 "const next = X$1_NEXT[inputs[$2]];\n"
			 "if (next < 0) throw new RtabError(E_STATE);\n"
			 "return { state: X$1_STATE[next] };\n<}\n",
	.distance_begin = ">function distance$1(R, inputs, faces) { // ~1\nconst values = [];\nlet provisional = null;",
	.distance_form_begin = ">{\nconst ctx = new Context(faces);\nlet v = null;\n>try {",
	.distance_try_end = "if (ctx.nextFace !== ctx.faces.length) throw new RtabError(E_FACES);",
	.distance_value = "v = r$1;",
	.distance_value_empty = "v = 1;",
	.distance_absent = "|} catch (e) {\nif (!(e instanceof RtabError)) throw e;\n<}\n"
			   ">if (v === null) {\nvalues.push({ value: null, unit: @1 });\n|} else {",
	.distance_reason = "ctx.noteFirst(R$1);",
	.distance_present = "if (provisional === null) provisional = ctx.provisional;\n"
			    "values.push({ value: R.exact(v), unit: @1 });\n<}",
	.distance_form_end = "<}",
	.distance_end = "return { values, provisional };\n<}\n",
	.procedure_begin = ">function procedure$1(R, inputs) { // ~1\nlet step = null, outcome = $2;",
	.procedure_step = ">if (step === null) {",
	.procedure_step_end = "step = @1;\noutcome = $1;\n<}",
	.procedure_end = "const r = { step, outcome: outcome >= 0 ? R.outcomePart(outcome).id : null };\n"
			 ">if (outcome >= 0) {\nconst o = R.outcomePart(outcome);\nr.effects = o.effects;\n"
			 "r.triggers = R.triggers(outcome, inputs);\nif (o.numbers) r.numbers = o.numbers;\n<}\n"
			 "return r;\n<}\n",
	.array_fn = "const ~1 = [~2];\n",
	.matrix_cells_def = "const M$1 = ~1;",
	.matrix_begin = ">function matrix$1(ctx, ~1) { // matrix $1: its cell at the keys",
	.matrix_param = "k$1",
	.matrix_key_check = "if (k$1 < 0 || k$1 >= $2) throw new RtabError(E_INPUT);",
	.matrix_cell = "const cell = ~1;",
	.matrix_note = "if (ctx) ctx.note(RL$1[cell]);",
	.matrix_end = "return M$1[cell];\n<}\n",
	.band_values_def = "const BV$1 = ~1;",
	.band_begin = ">function band$1(ctx, a, b) { // ratio band $1: the value of the step a:b reaches\n"
		      "if (a < 0 || b < 0) throw new RtabError(E_INPUT);\nlet s = $2;",
	.band_note = "if (ctx) ctx.note(R$1);",
	.band_read_open = ">if (a !== 0 || b !== 0) {",
	.band_step_set = "s = $1;",
	.band_note_step = "if (ctx) ctx.note(RL$1[s]);",
	.band_end = "return BV$1[s];\n<}\n",
	.dice_begin = ">function dice$1(ctx) { // dice $1: the faces the context gives, in turn\n"
		      "if (!ctx || ctx.faces.length - ctx.nextFace < $2) throw new RtabError(E_FACES);",
	.dice_face = "const f$1 = ctx.faces[ctx.nextFace++];\nif (f$1 < $2 || f$1 > $3) throw new RtabError(E_FACES);",
	.dice_note = "ctx.note(R$1);",
	.dice_term = "f$1",
	.dice_end = "return ~1;\n<}\n",
	.module_end = "\n/** What the support's Ruleset runs: the lowered resolver. */\n"
		      "const LOWERED = {\n  tables: TABLES, reaction_sets: REACTION_SETS, transitions: TRANSITIONS,\n"
		      "  distances: DISTANCES, procedures: PROCEDURES, fired: FIRED, passed: PASSED, shown: SHOWN,\n"
		      "  requirementBroken,\n};",
};

void print_js_lowered(strbuf *b, const ir_module *m)
{
	print_walk(b, m, &js);
}
