/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as C#: the spellings of the one walk
 * (print_walk.c), over the support file's helpers
 * (targets/csharp/RtabResolver.cs). Everything is a member of the class
 * Lowered: the definitions' constants static readonly arrays (T0_ROW), the
 * registers longs local to a method (each written once, so no two share a
 * name in one method, as C# requires of nested scopes), a result a typed
 * class with int fields. The overrides after the walk choose a method by
 * index, as the support's Ruleset asks for one. */
#include "targets/print_csharp.h"
#include "targets/print_walk.h"

#include <string.h>

/* The type of each constant of a definition's data, by its name. */
static const char *csharp_data_type(const char *name)
{
	static const char *const strings[] = {"COLUMN", "RULE", "REASON", "WHY", "NATURAL_WHY", "NATURAL_RULE", "STATE"};
	for (size_t i = 0; i < sizeof strings / sizeof *strings; i++)
		if (strcmp(name, strings[i]) == 0)
			return "string[]";
	return "int[]";
}

static const lang_spelling csharp = {
	.null = "null",
	.nil = "null",
	.yes = "true",
	.no = "false",
	.lua_strings = false,
	.empty_block = NULL,
	.indent = "    ",
	.base = 0,
	/* Each array a field's initializer, but the faces of a natural rule within one. */
	.arr_open = "{",
	.arr_first = "",
	.arr_close = "}",

	.def = "long r$1 = ~1;",
	.op =
		{
			[IR_CONST] = "$4",
			[IR_INPUT] = "inputs[$4]",
			[IR_NEG] = "Negate(~3)",
			[IR_ABS] = "~3 < 0 ? Negate(~3) : ~3",
			[IR_NOT] = "~3 != 0 ? 0 : 1",
			[IR_ADD] = "Check32(~3 + ~4)",
			[IR_SUB] = "Check32(~3 - ~4)",
			[IR_MUL] = "Check32(~3 * ~4)",
			[IR_EQ] = "~3 == ~4 ? 1 : 0",
			[IR_NE] = "~3 != ~4 ? 1 : 0",
			[IR_LT] = "~3 < ~4 ? 1 : 0",
			[IR_LE] = "~3 <= ~4 ? 1 : 0",
			[IR_GT] = "~3 > ~4 ? 1 : 0",
			[IR_GE] = "~3 >= ~4 ? 1 : 0",
			[IR_AND] = "~3 != 0 && ~4 != 0 ? 1 : 0",
			[IR_OR] = "~3 != 0 || ~4 != 0 ? 1 : 0",
			[IR_DIV_DOWN] = "Divide(~3, ~4, false)",
			[IR_DIV_UP] = "Divide(~3, ~4, true)",
			[IR_MIN] = "Math.Min((long)~3, ~4)",
			[IR_MAX] = "Math.Max((long)~3, ~4)",
			[IR_SCALE] = "ExactOp(EXACT_SCALE, $4, ~3, 0)",
			[IR_MUL_EXACT] = "ExactOp(EXACT_MUL, $4, ~3, ~4)",
			[IR_DIV_EXACT] = "ExactOp(EXACT_DIV, $4, ~3, ~4)",
			[IR_MATRIX] = "Matrix$4(~2, ~1)",
			[IR_BAND] = "Band$4(~2, ~3, ~4)",
			[IR_ROLL] = "Dice$4(~2)",
		},
	.ctx_none = "null",
	.note_if = "if (r$1 == $2) ctx.Note(R$3);",
	.note_if_maybe = "if (ctx != null && r$1 == $2) ctx.Note(R$3);",
	.note_of = "if (r$1 >= 0 && r$1 < $2) ctx.Note(RL$3[r$1]);",
	.note_of_maybe = "if (ctx != null && r$1 >= 0 && r$1 < $2) ctx.Note(RL$3[r$1]);",
	.if_begin = "long r$1;\n>if (r$2 != 0) {",
	.if_else = "r$1 = r$2;\n|} else {",
	.if_end = "r$1 = r$2;\n<}",
	.block_open = ">{",
	.block_close = "<}",
	.if_nonzero = ">if (r$1 != 0) {",
	.if_zero = ">if (r$1 == 0) { // not 'none when'",
	/* A test fused into what reads it (print_walk.h). */
	.cond_of = walk_cond_c_family,
	.cond_reg = "~1 != 0",
	.cond_value = "~1 ? 1 : 0",
	.if_cond = ">if (~1) {",
	.unless_cond = "bool suppressed = ~1;",
	.requirement_fails_cond = "if (!(~2)) return @1;",
	.holds_always = ">{",
	.end = "<}",

	.reason = "R$1",
	.reason_def = "const string R$1 = ~1;",
	.reason_list = "RL$1",
	.reason_list_def = "static readonly string[] RL$1 = ~1;",
	/* A register the code holds a constant in is read as that constant, an
	 * if's value may go unread, a table's constants serve only the columns it
	 * has: warnings of no use to a reader of this file. */
	.module_begin = "\n// The resolver of this ruleset, printed from its lowering (compiler/lower): the\n"
			"// results tables, the triggers of the outcomes and the requirements.\n"
			"#pragma warning disable 0162, 0168, 0219, 0414\n"
			"sealed class Lowered : RtabLowered\n{",
	.requirements_begin = "\n/// <summary>The id of the first requirement the situation breaks, or null.</summary>\n"
			      ">static string Requirements(Ruleset R, long[] inputs) {",
	.requirement_fails = "if (r$1 == 0) return @1;",
	.requirements_end = "return null;\n<}\n",

	.mod_ref = "~1$1",
	.list_begin = "",
	.mod_begin = "AppliedModifier ~1 = null; // ~2\n>{",
	.mod_end = "<}",
	.mod_begin_direct = ">{ // ~2",
	.mod_applied_add = "applied.Add(new AppliedModifier(@4, r$1, ~2r$1, ~3));\ntotal ~5= r$1;",
	.mod_overflow = "if (r$1 == INT32_MIN) throw new RtabException(E_OVERFLOW);",
	.mod_applied = "~1 = new AppliedModifier(@4, r$1, ~2r$1, ~3);\napplied.Add(~1);",
	/* A side of a stacking group keeps one member, the first on ties (print_walk.h). */
	.keep_comment = "// ~1, side $1: the ~2 kept",
	.keep_applied = "~1 != null",
	.keep_and = " && ",
	.keep_pair = "if (~2.SignedValue ~3 ~1.SignedValue) ~1.Counted = false;\nelse ~2.Counted = false;",
	.keep_begin = ">{\nAppliedModifier kept = ~1;",
	.keep_take = ">if (kept == null) {\nkept = ~1;\n|} else {",
	.keep_cmp = ">if (~1.SignedValue ~3 kept.SignedValue) {\nkept.Counted = false;\nkept = ~1;\n|} else {\n~1.Counted = false;\n<}",
	.keep_end = "<}",
	.total_begin = "long total = ~1;",
	.total_check = "total = Check32(total);",
	.group_begin = ">{ // ~1\nlong sum = 0;\nbool members = false;",
	.group_end = "<}",
	.group_member = "if (~1 != null && ~1.Counted) { sum += ~1.SignedValue; members = true; ~2}",
	.group_note = "ctx.Note(R$1); ",
	.group_cap = "if (members) sum = Math.Min(Math.Max(sum, $1), $2);",
	.group_add = "total = Check32(total + sum);",

	.data_begin = "",
	.data_item = "static readonly ~3 ~2$1_~1 = ",
	.data_item_end = ";\n",
	.data_end = "",
	.data_type = csharp_data_type,
	.data_ref = "T$1_~1",

	.table_begin = "\n/// <summary>Table ~1, lowered: one roll, the situation validated.</summary>\n"
		       ">internal static TableResult Table$1(Ruleset R, long[] inputs, long[] faces, long drm) {\n"
		       "long natural = 0;",
	.table_end = "<}\n",
	.fail = "throw new RtabException(~1);",
	.refuse_drm = "if (drm != 0) throw new RtabException(E_STEP_DRM); // a modifier from outside belongs to no step",
	.roll_decl = "long roll$1 = 0;",
	.roll_ref = "roll$1",
	.no_faces = "if (faces.Length != 0) throw new RtabException(E_FACES);",
	.faces_later_begin = "bool facesLater = faces.Length == 0;\n>if (!facesLater) {",
	.faces_count = "if (faces.Length != $1) throw new RtabException(E_FACES);",
	.face_check = "if (faces[$1] < $2 || faces[$1] > $3) throw new RtabException(E_FACES);",
	.face_ref = "faces[$1]",
	.natural = "natural = ~1;",
	.roll_set = "~1 = ~2;",
	.context_applied = "var ctx = new RtabContext(null);\nvar applied = new List<AppliedModifier>();",
	.modifiers_begin = "long modifierRaw;\n>{ // the die-roll modifiers",
	.modifiers_end = "modifierRaw = total;\n<}\nlong modifier = modifierRaw;",
	.table_cap = "modifier = Math.Min(Math.Max(modifier, $1), $2); // the table's cap",
	.roll_modified = "long roll = Check32(natural + modifier);",
	.result_begin = "var r = new TableResult(@1, natural, modifierRaw, modifier, roll);",
	.rolls_open = "if (faces.Length != 0) r.Rolls = new Dictionary<string, int> { ",
	.rolls_item = "{@2, (int)~1}",
	.rolls_close = " };",
	.column_default_note = "if (inputs[$1] == $2) ctx.Note(R$3);",
	.column_reasons_note = "if (inputs[$2] >= 0 && inputs[$2] < RL$1.Length) ctx.Note(RL$1[inputs[$2]]);",
	.key_begin = "long col = 0, first = 0, end = $1;",
	.key_input_col = "col = ~1[inputs[$1]];\nif (col >= $2) throw new RtabException(E_COLUMN);",
	.line_check = "long line = r$1;\nif (!(line >= 0 && line < $2)) throw new RtabException(E_RULESET);",
	.run_of = "first = ~2[~1]; end = ~3[~1];\nif (!(first < end && end <= $1)) throw new RtabException(E_RULESET);",
	.key_decl = "long a, b;",
	.key_odds = "a = r$1; b = r$2;",
	.key_value = "a = r$1; b = 1;",
	.key_odds_text = "r.Key = R.ExactText(a) + \":\" + R.ExactText(b);\n"
			 "if (a < 0 || b < 0) throw new RtabException(E_INPUT);\n"
			 "if (a == 0 && b == 0) return r.Unresolved(false, null);",
	.key_odds_text_whole = "r.Key = a.ToString(CultureInfo.InvariantCulture) + \":\" + b.ToString(CultureInfo.InvariantCulture);\n"
			       "if (a < 0 || b < 0) throw new RtabException(E_INPUT);\n"
			       "if (a == 0 && b == 0) return r.Unresolved(false, null);",
	.key_value_text = "r.Key = (a > 0 ? \"+\" : \"\") + a.ToString(CultureInfo.InvariantCulture);",
	.input_ref = "inputs[$1]",
	.key_chain_if = ">if (~1) {",
	.key_chain_elif = "|} else if (~1) {",
	.key_chain_else = "|} else {",
	.key_chain_set = "col = $1;",
	.key_step_cmp = "a * $2 ~1 $1 * b",
	.key_run_is = "first == $1 && end == $2",
	.key_value_cmp = "a ~1 $1",
	.key_evens = "a >= ~1",
	.key_enum_col = "col = ~1[~2 * $1 + a];\nif (!(col >= first && col < end)) throw new RtabException(E_RULESET);",
	.key_column = "r.KeyColumn = ~1[col];",
	.shifts_begin = "long shift;\n>{ // the column shifts",
	.shifts_end = "shift = total;\n<}\nr.ColumnShift = (int)shift;",
	.clamp_stops = "long lo = first + $1, hi = end - $2;\n"
		       "long column = col < lo || col > hi ? col : Math.Min(Math.Max(col + shift, lo), hi);",
	.clamp_ends = "long column = Math.Min(Math.Max(col + shift, first), end - 1);",
	.column_unshifted = "long column = col;",
	.column_set = "r.Column = ~1[column];\nr.Applied = applied;",
	.nat_set = "nat = $1;",
	.nat_faces_open = ">if (!facesLater) {",
	.nat_none = "long nat = -1;",
	.outcome_decl = "long outcome = -1, row = -1;\nstring why = null;",
	.column_none = ">if (~1[column] == COLUMN_NONE) {\nctx.NoteFirst(~2[column]);\n"
		       "return r.Unresolved(~2[column] != null, ctx.Provisional);\n<}",
	.column_auto = ">if (~1[column] == COLUMN_AUTOMATIC) {\nr.Automatic = true;\nnat = -1;\noutcome = ~2[column];\n"
		       "why = ~3[column];\n|} else {",
	.faces_later_fail = "if (facesLater) throw new RtabException(E_FACES);",
	.row_pick = ">if (nat >= 0) {\noutcome = ~1[nat];\nwhy = ~2[nat];\n|} else {\n"
		    "if (roll < $1) row = ~3[column];\nelse if (roll > $2) row = ~4[column];\n"
		    "else row = ~5[column * $3 + roll - ($1)];\n"
		    "if (row < 0) throw new RtabException(row == -2 ? E_RULESET : E_NO_ROW);\n"
		    "outcome = ~6[row];\nwhy = ~7[row];\n<}",
	.note_why = "ctx.NoteFirst(why);",
	.rewrites_begin = "long rewrittenFrom = -1;\nstring rewriteRule = null;",
	.rewrite_if = ">if (rewrittenFrom < 0 && outcome == $1) {",
	.note = "ctx.Note(R$1);",
	.rewrite_set = "rewrittenFrom = outcome;\noutcome = $1;\nrewriteRule = @1;",
	/* A rule is there when it is not null: an empty reference is one too, as in the runtime. */
	.table_tail = "var fired = R.Fired(outcome, inputs, ctx);\n"
		      "string rule = @3;\n"
		      "if (rewriteRule != null) rule = rewriteRule;\n"
		      "else if (nat >= 0 && ~1[nat] != null) rule = ~1[nat];\n"
		      "else if (nat < 0 && row >= 0 && ~2[row] != null) rule = ~2[row];\n"
		      "r.NaturalRule = nat >= 0;\n"
		      "r.RewrittenFromId = rewrittenFrom < 0 ? null : R.OutcomeId(rewrittenFrom);\n"
		      "R.Decided(r, outcome, rule, fired, inputs);\n"
		      "r.Provisional = ctx.Provisional;\n"
		      "return r;",

	.fired_begin = ">static List<int> Fired$1(Ruleset R, long[] inputs, RtabContext ctx) { // ~1\n"
		       "var fired = new List<int>();",
	.fired_reason = "if (ctx != null) ctx.Note(R$1);",
	.fired_times0 = "long times = 0;",
	.unless_set = "bool suppressed = r$1 != 0;",
	.unless_open = ">if (!suppressed) {",
	.times_one = "times = 1;",
	.times_set = "times = r$1;",
	.fired_push = "if (times < 0) throw new RtabException(E_RULESET);\n"
		      "for (long n = 0; n < times; n++) fired.Add($1);",
	.fired_end = "return fired;\n<}\n",
	.passed_begin = ">static long[] Passed$1_$2(Ruleset R, long[] inputs, IList<long> earlier) {",
	.set_repeat = "long v$1 = earlier.Count + 1;",
	.set_earlier = "long v$1 = earlier.Contains($3) ? 1 : 0;",
	.set_same_begin = "",
	.set_same = "long v$1 = r$3;",
	.set_same_end = "",
	.passed_copy = "var passed = Copy(inputs);",
	.passed_out = "passed[$1] = v$2;",
	.passed_check = "R.ValidateInput($1, v$2);",
	.passed_check_range = "if (v$2 < $4 || v$2 > $5) R.ValidateInput($1, v$2);",
	.passed_end = "return passed;\n<}\n",
	/* What a trigger passes on as a result shows it: by input id, each value as the vectors write it. */
	.shown_begin = "static Dictionary<string, object> Shown$1_$2(Ruleset R, long[] passed)\n{\n"
		       "    return new Dictionary<string, object> { ",
	.shown_item = "{@1, R.ValueOf($1, ~2)}",
	.shown_sep = ", ",
	.shown_end = " };\n}\n",
	.shown_enum = "{@1, R.EnumId($2, ~2)}",
	.shown_bool = "{@1, ~2 != 0}",
	.shown_int = "{@1, (int)~2}",
	.shown_out = "passed[$1]",
	/* What a result shows of a trigger, from the values it sets (no copy of the situation). */
	.given_begin = ">static Dictionary<string, object> Given$1_$2(Ruleset R, long[] inputs, IList<long> earlier) {",
	.given_return = "return new Dictionary<string, object> { ~1 };\n<}\n",
	.given_value = "v$2",
	.outcome_open = "",

	.reactions_begin = ">static ReactionsResult Reactions$1(Ruleset R, long[] inputs) { // ~1\n"
			   "var options = new List<string>();\nvar leads = new Dictionary<string, string>();",
	.option_push = "options.Add(@1);\nleads[@1] = @2;",
	.reactions_end = "return new ReactionsResult(options, leads);\n<}\n",
	.transition_fn = ">static TransitionResult Transition$1(Ruleset R, long[] inputs) { // ~1\n"
			 "int next = X$1_NEXT[inputs[$2]];\n"
			 "if (next < 0) throw new RtabException(E_STATE);\n"
			 "return new TransitionResult(X$1_STATE[next]);\n<}\n",
	.distance_begin = ">static DistanceResult Distance$1(Ruleset R, long[] inputs, long[] faces) { // ~1\n"
			  "var values = new List<DistanceValue>();\nstring provisional = null;",
	.distance_form_begin = ">{\nvar ctx = new RtabContext(faces);\nlong? v = null;\n>try {",
	.distance_try_end = "if (ctx.NextFace != faces.Length) throw new RtabException(E_FACES);",
	.distance_value = "v = r$1;",
	.distance_value_empty = "v = 1;",
	.distance_absent = "|} catch (RtabException) {\nv = null;\n<}\n"
			   ">if (v == null) {\nvalues.Add(new DistanceValue(null, @1));\n|} else {",
	.distance_reason = "ctx.NoteFirst(R$1);",
	.distance_present = "if (provisional == null) provisional = ctx.Provisional;\n"
			    "values.Add(new DistanceValue(R.Exact(v.Value), @1));\n<}",
	.distance_form_end = "<}",
	.distance_end = "return new DistanceResult(values, provisional);\n<}\n",
	.procedure_begin = ">static ProcedureResult Procedure$1(Ruleset R, long[] inputs) { // ~1\n"
			   "string step = null;\nlong outcome = $2;",
	.procedure_step = ">if (step == null) {",
	.procedure_step_end = "step = @1;\noutcome = $1;\n<}",
	.procedure_end = "return R.ProcedureOutcome(step, outcome, inputs);\n<}\n",
	.array_fn = NULL,
	.matrix_cells_def = "static readonly int[] M$1 = ~1;",
	.matrix_begin = ">static long Matrix$1(RtabContext ctx, ~1) { // matrix $1: its cell at the keys",
	.matrix_param = "long k$1",
	.matrix_key_check = "if (k$1 < 0 || k$1 >= $2) throw new RtabException(E_INPUT);",
	.matrix_cell = "long cell = ~1;",
	.matrix_note = "if (ctx != null) ctx.Note(RL$1[cell]);",
	.matrix_end = "return M$1[cell];\n<}\n",
	.band_values_def = "static readonly int[] BV$1 = ~1;",
	.band_begin = ">static long Band$1(RtabContext ctx, long a, long b) { // ratio band $1: the value of the step a:b reaches\n"
		      "if (a < 0 || b < 0) throw new RtabException(E_INPUT);\nlong s = $2;",
	.band_note = "if (ctx != null) ctx.Note(R$1);",
	.band_read_open = ">if (a != 0 || b != 0) {",
	.band_step_set = "s = $1;",
	.band_note_step = "if (ctx != null) ctx.Note(RL$1[s]);",
	.band_end = "return BV$1[s];\n<}\n",
	.dice_begin = ">static long Dice$1(RtabContext ctx) { // dice $1: the faces the context gives, in turn\n"
		      "if (ctx == null || ctx.Faces == null || ctx.Faces.Length - ctx.NextFace < $2) throw new RtabException(E_FACES);\n"
		      "long[] faces = ctx.Faces;\nint i = ctx.NextFace;\nctx.NextFace = i + $3;",
	.dice_face = "long f$1 = faces[i + $1];\nif (f$1 < $2 || f$1 > $3) throw new RtabException(E_FACES);",
	.dice_note = "ctx.Note(R$1);",
	.dice_term = "f$1",
	.dice_end = "return ~1;\n<}\n",
	.module_end = "",
};

/* One override of RtabLowered: a switch over the index, each case a method
 * of the walk (name and the index), the others the support's refusal. */
static void put_dispatch(strbuf *b, const char *signature, const char *fn, const char *args, size_t n)
{
	sb_printf(b, "\n    internal override %s\n    {\n", signature);
	/* An empty switch is a warning of C#'s. */
	if (n) {
		sb_puts(b, "        switch (k) {\n");
		for (size_t k = 0; k < n; k++)
			sb_printf(b, "        case %zu: return %s%zu(%s);\n", k, fn, k, args);
		sb_puts(b, "        }\n");
	}
	sb_puts(b, "        throw new RtabException(E_INDEX);\n    }\n");
}

/* An override over the outcomes with triggers: which outcome, then (per) which trigger. */
static void put_outcome_dispatch(strbuf *b, const ir_module *m, const char *signature, const char *fn,
				 const char *args, bool per_trigger, const char *otherwise)
{
	size_t any = 0;
	for (size_t o = 0; o < m->noutcomes; o++)
		any += m->outcomes[o].ntriggers;
	sb_printf(b, "\n    internal override %s\n    {\n", signature);
	if (any)
		sb_puts(b, "        switch (outcome) {\n");
	for (size_t o = 0; o < m->noutcomes; o++) {
		size_t n = m->outcomes[o].ntriggers;
		if (!n)
			continue;
		if (!per_trigger) {
			sb_printf(b, "        case %zu: return %s%zu(%s);\n", o, fn, o, args);
			continue;
		}
		sb_printf(b, "        case %zu:\n            switch (k) {\n", o);
		for (size_t j = 0; j < n; j++)
			sb_printf(b, "            case %zu: return %s%zu_%zu(%s);\n", j, fn, o, j, args);
		sb_puts(b, "            }\n            break;\n");
	}
	if (any)
		sb_puts(b, "        }\n");
	sb_printf(b, "        %s\n    }\n", otherwise);
}

void print_csharp_lowered(strbuf *b, const ir_module *m, const char *source_hash)
{
	print_walk(b, m, &csharp);
	sb_printf(b, "\n    internal override string SourceHash { get { return \"%s\"; } }\n", source_hash);
	sb_puts(b, "\n    // What the support's Ruleset calls: the method of a definition by its index.\n"
		   "    internal override string RequirementBroken(Ruleset R, long[] inputs) { return Requirements(R, inputs); }\n");
	put_dispatch(b, "TableResult Table(int k, Ruleset R, long[] inputs, long[] faces, long drm)", "Table",
		     "R, inputs, faces, drm", m->ntables);
	put_dispatch(b, "ReactionsResult Reactions(int k, Ruleset R, long[] inputs)", "Reactions", "R, inputs",
		     m->nreactions);
	put_dispatch(b, "TransitionResult Transition(int k, Ruleset R, long[] inputs)", "Transition", "R, inputs",
		     m->rs->ntransitions);
	put_dispatch(b, "DistanceResult Distance(int k, Ruleset R, long[] inputs, long[] faces)", "Distance",
		     "R, inputs, faces", m->ndistances);
	put_dispatch(b, "ProcedureResult Procedure(int k, Ruleset R, long[] inputs)", "Procedure", "R, inputs",
		     m->nprocedures);
	put_outcome_dispatch(b, m, "List<int> Fired(int outcome, Ruleset R, long[] inputs, RtabContext ctx)", "Fired",
			     "R, inputs, ctx", false, "return NoneFired;");
	put_outcome_dispatch(b, m, "long[] Passed(int outcome, int k, Ruleset R, long[] inputs, IList<long> earlier)",
			     "Passed", "R, inputs, earlier", true, "throw new RtabException(E_INDEX);");
	put_outcome_dispatch(b, m, "Dictionary<string, object> Given(int outcome, int k, Ruleset R, long[] inputs, IList<long> earlier)",
			     "Given", "R, inputs, earlier", true, "throw new RtabException(E_INDEX);");
	put_outcome_dispatch(b, m, "Dictionary<string, object> Shown(int outcome, int k, Ruleset R, long[] passed)",
			     "Shown", "R, passed", true, "throw new RtabException(E_INDEX);");
	sb_puts(b, "}\n#pragma warning restore 0162, 0168, 0219, 0414\n");
}
