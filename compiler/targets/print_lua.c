/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as Lua 5.1 to 5.4 and LuaJIT: the
 * spellings of the one walk (print_walk.c), over the support file's helpers
 * (targets/lua/rtab_resolver.lua). The IR's indices stay from 0 (arrays
 * written {[0] = ...}); the constants live in a few tables (T: the tables',
 * X: the transitions'), the registers in blocks (do ... end), so that no
 * function nears Lua's 200 locals. */
#include "targets/print_lua.h"
#include "targets/print_walk.h"

/* The end of a table's resolver: the triggers that fire, then the result made whole (~1 its
 * natural_rule, ~2 its rewritten_from). A value absent is `null`: the resolver's last
 * argument, NULL for resolve_raw, nil for resolve (which returns the result as it is). */
#define LUA_TAIL(natural_rule, rewritten_from) \
	"local code = o.code\nif code == NULL then code = null end\nif rule == NULL then rule = null end\n" \
	"local fire, triggers, trigger_inputs = FIRED[outcome], {}, {}\n" \
	"local fired = fire and fire(self, inputs, ctx) or {}\n" \
	">if fire then\nlocal ids, given = self.trigger_ids[outcome], GIVEN[outcome]\n" \
	">for i = 1, #fired do\nlocal k = fired[i]\ntriggers[i] = ids[k]\n" \
	"trigger_inputs[i] = given[k](self, inputs, NOT_EARLIER)\n<end\n<end\n" \
	"return {column = column_id, key = key, key_column = key_column, column_shift = column_shift,\n" \
	"  automatic = automatic, natural = natural, modifier_raw = modifier_raw, modifier = modifier,\n" \
	"  modified_roll = roll, rolls = rolls, applied = applied, natural_rule = " natural_rule ",\n" \
	"  rewritten_from = " rewritten_from ", outcome = o.id, code = code, rule = rule,\n" \
	"  effects = o.effects, triggers = triggers, trigger_of = fired, trigger_inputs = trigger_inputs,\n" \
	"  provisional = ctx.first or null, numbers = o.numbers}"

static const lang_spelling lua = {
	.null = "NULL",
	.nil = "nil",
	.yes = "true",
	.no = "false",
	.lua_strings = true,
	.empty_block = NULL,
	.indent = "  ",
	.base = 1,
	.arr_open = "{",
	.arr_first = "[0] = ",
	.arr_close = "}",

	.def = "local r$1 = ~1",
	.op =
		{
			[IR_CONST] = "$4",
			[IR_INPUT] = "inputs[$4]",
			[IR_NEG] = "negate(~3)",
			[IR_ABS] = "~3 < 0 and negate(~3) or ~3",
			[IR_NOT] = "(~3 == 0) and 1 or 0",
			[IR_ADD] = "check32(~3 + ~4)",
			[IR_SUB] = "check32(~3 - ~4)",
			[IR_MUL] = "check32(~3 * ~4)",
			[IR_EQ] = "(~3 == ~4) and 1 or 0",
			[IR_NE] = "(~3 ~= ~4) and 1 or 0",
			[IR_LT] = "(~3 < ~4) and 1 or 0",
			[IR_LE] = "(~3 <= ~4) and 1 or 0",
			[IR_GT] = "(~3 > ~4) and 1 or 0",
			[IR_GE] = "(~3 >= ~4) and 1 or 0",
			[IR_AND] = "(~3 ~= 0 and ~4 ~= 0) and 1 or 0",
			[IR_OR] = "(~3 ~= 0 or ~4 ~= 0) and 1 or 0",
			[IR_DIV_DOWN] = "divide(~3, ~4, false)",
			[IR_DIV_UP] = "divide(~3, ~4, true)",
			[IR_MIN] = "min(~3, ~4)",
			[IR_MAX] = "max(~3, ~4)",
			[IR_SCALE] = "exact_op(\"scale\", $4, ~3, 0)",
			[IR_MUL_EXACT] = "exact_op(\"mul_exact\", $4, ~3, ~4)",
			[IR_DIV_EXACT] = "exact_op(\"div_exact\", $4, ~3, ~4)",
			[IR_MATRIX] = "MATRIX[$4](~2, ~1)",
			[IR_BAND] = "BAND[$4](~2, ~3, ~4)",
			[IR_ROLL] = "DICE[$4](~2)",
		},
	.ctx_none = "nil",
	.note_if = "if r$1 == $2 and ctx.first == nil then ctx.first = W[$3] end",
	.note_if_maybe = "if ctx ~= nil and r$1 == $2 and ctx.first == nil then ctx.first = W[$3] end",
	.note_of = "if ctx.first == nil and r$1 >= 0 and r$1 < $2 then ctx.first = WL[$3][r$1] end",
	.note_of_maybe = "if ctx ~= nil and ctx.first == nil and r$1 >= 0 and r$1 < $2 then ctx.first = WL[$3][r$1] end",
	.if_begin = "local r$1\n>if r$2 ~= 0 then",
	.if_else = "r$1 = r$2\n|else",
	.if_end = "r$1 = r$2\n<end",
	.block_open = ">do",
	.block_close = "<end",
	.if_nonzero = ">if r$1 ~= 0 then",
	.if_zero = ">if r$1 == 0 then -- not 'none when'",
	/* A test fused into what reads it (print_walk.h). */
	.cond =
		{
			[IR_EQ] = "~3 == ~4",
			[IR_NE] = "~3 ~= ~4",
			[IR_LT] = "~3 < ~4",
			[IR_LE] = "~3 <= ~4",
			[IR_GT] = "~3 > ~4",
			[IR_GE] = "~3 >= ~4",
			[IR_AND] = "~5 and ~6",
			[IR_OR] = "~5 or ~6",
			[IR_NOT] = "not ~5",
		},
	.cond_reg = "~1 ~= 0",
	.cond_value = "(~1) and 1 or 0",
	.if_cond = ">if ~1 then",
	.unless_cond = "local suppressed = ~1",
	.requirement_fails_cond = "if not (~2) then return @1 end",
	.holds_always = ">do",
	.end = "<end",

	.reason = "W[$1]",
	.reason_def = "W[$1] = ~1",
	.reason_list = "WL[$1]",
	.reason_list_def = "WL[$1] = ~1",
	.module_begin = "\n-- The resolver of this ruleset, printed from its lowering (compiler/lower).\n"
			"-- W: the reasons; WL: the reasons of each enum's values; T: each table's data;\n"
			"-- X: each transition's.\n"
			"local W, WL, T, X = {}, {}, {}, {}\n"
			"local TABLES, REACTION_SETS, TRANSITIONS, DISTANCES, PROCEDURES = {}, {}, {}, {}, {}\n"
			"local FIRED, PASSED, SHOWN, GIVEN = {}, {}, {}, {}\n"
			"local NOT_EARLIER = {} -- a result's triggers: no repeat before\n"
			"local V = {} -- the values a trigger passes on, as a result shows them (read at once)\n"
			"local MATRIX, MC, BAND, BV = {}, {}, {}, {} -- each matrix, its cells; each band, its values\n"
			"local DICE = {} -- each dice a program rolls",
	.requirements_begin = "\n-- The id of the first requirement the situation breaks, or nil.\n"
			      ">local function requirement_broken(self, inputs)",
	.requirement_fails = "if r$1 == 0 then return @1 end",
	.requirements_end = "return nil\n<end\n",

	.mod_ref = "m[$2]",
	.list_begin = "local m = {~1} -- each modifier, false until it applies",
	.list_slot = "false",
	.mod_begin = ">do -- ~2",
	.mod_end = "<end",
	.mod_begin_direct = ">do -- ~2",
	.mod_applied_add = "applied[#applied + 1] = {modifier = @4, value = r$1, signed_value = ~2r$1, counted = true, "
			   "shift = ~3}\ntotal = total ~5 r$1",
	.mod_overflow = "if r$1 == INT32_MIN then fail(E_OVERFLOW) end",
	.mod_applied = "~1 = {modifier = @4, value = r$1, signed_value = ~2r$1, counted = true, shift = ~3}\n"
		       "applied[#applied + 1] = ~1",
	/* A side of a stacking group keeps one member, the first on ties (print_walk.h); a
	 * member is false until it applies. */
	.keep_comment = "-- ~1, side $1: the ~2 kept",
	.keep_applied = "~1",
	.keep_and = " and ",
	.keep_pair = "if ~2.signed_value ~3 ~1.signed_value then ~1.counted = false else ~2.counted = false end",
	.keep_begin = ">do\nlocal kept = ~1",
	.keep_take = ">if not kept then\nkept = ~1\n|else",
	.keep_cmp = ">if ~1.signed_value ~3 kept.signed_value then\nkept.counted = false\nkept = ~1\n|else\n~1.counted = false\n<end",
	.keep_end = "<end",
	.total_begin = "local total = ~1",
	.total_check = "if total < -2147483648 or total > 2147483647 then fail(E_OVERFLOW) end",
	.group_begin = ">do -- ~1\nlocal sum, members = 0, false",
	.group_end = "<end",
	.group_member = "if ~1 and ~1.counted then sum = sum + ~1.signed_value; members = true~2 end",
	.group_note = "; if ctx.first == nil then ctx.first = W[$1] end",
	.group_cap = "if members and sum < $1 then sum = $1 end\nif members and sum > $2 then sum = $2 end",
	.group_add = "total = total + sum\nif total < -2147483648 or total > 2147483647 then fail(E_OVERFLOW) end",

	.data_begin = "~2[$1] = {\n",
	.data_item = "  ~1 = ",
	.data_item_end = ",\n",
	.data_end = "}\n",
	.data_ref = "t.~1",

	.table_begin = "-- Table ~1, lowered: one roll, the situation validated.\n"
		       ">TABLES[$1] = function(self, inputs, faces, drm, null)\nlocal t = T[$1]\nlocal natural = 0",
	.table_end = "<end\n",
	.fail = "fail(~1)",
	.refuse_drm = "if drm ~= 0 then fail(E_STEP_DRM) end -- a modifier from outside belongs to no step",
	.roll_decl = "local roll$1 = 0",
	.roll_ref = "roll$1",
	.no_faces = "if #faces > 0 then fail(E_FACES) end",
	.faces_later_begin = "local faces_later = #faces == 0\n>if not faces_later then",
	.faces_count = "if #faces ~= $1 then fail(E_FACES) end",
	.face_check = "if faces[$1] < $2 or faces[$1] > $3 then fail(E_FACES) end",
	.face_ref = "faces[$1]",
	.natural = "natural = ~1",
	.roll_set = "~1 = ~2",
	.context_applied = "local ctx = TABLE_CONTEXT -- the provisional reason noted first (ctx.first)\nctx.first = nil\n"
			   "local applied = {}",
	.modifiers_begin = "local modifier_raw\n>do -- the die-roll modifiers",
	.modifiers_end = "modifier_raw = total\n<end\nlocal modifier = modifier_raw",
	.table_cap = "if modifier < $1 then modifier = $1 end -- the table's cap\nif modifier > $2 then modifier = $2 end",
	.roll_modified = "local roll = natural + modifier\nif roll < -2147483648 or roll > 2147483647 then fail(E_OVERFLOW) end",
	/* The result is made at the end, whole (its fields are locals until then). */
	.result_begin = "local column_id, key, key_column, column_shift, automatic, rolls = @1, null, null, 0, false, nil",
	.rolls_open = "if #faces > 0 then rolls = {",
	.rolls_item = "[@2] = ~1",
	.rolls_close = "} end",
	.column_default_note = "if inputs[$1] == $2 then note(ctx, W[$3]) end",
	.column_reasons_note = "note(ctx, WL[$1][inputs[$2]])",
	.key_begin = "local col, first, last = 0, 0, $1",
	.key_input_col = "col = ~1[inputs[$1]]\nif col >= $2 then fail(E_COLUMN) end",
	.line_check = "local line = r$1\nif not (line >= 0 and line < $2) then fail(E_RULESET) end",
	.run_of = "first, last = ~2[~1], ~3[~1]\nif not (first < last and last <= $1) then fail(E_RULESET) end",
	.key_decl = "local a, b",
	.key_odds = "a, b = r$1, r$2",
	.key_value = "a, b = r$1, 1",
	.key_odds_text = "key = self:number_text(self:exact(a)) .. \":\" .. self:number_text(self:exact(b))\n"
			 "if a < 0 or b < 0 then fail(E_INPUT) end\n"
			 "if a == 0 and b == 0 then return no_result(column_id, key, key_column, column_shift, null) end",
	.key_odds_text_whole = "key = string.format(\"%d:%d\", a, b)\n"
			       "if a < 0 or b < 0 then fail(E_INPUT) end\n"
			       "if a == 0 and b == 0 then return no_result(column_id, key, key_column, column_shift, null) end",
	.key_value_text = "if a > 0 then key = \"+\" .. string.format(\"%d\", a) else key = string.format(\"%d\", a) end",
	.input_ref = "inputs[$1]",
	.key_chain_if = ">if ~1 then",
	.key_chain_elif = "|elseif ~1 then",
	.key_chain_else = "|else",
	.key_chain_set = "col = $1",
	.key_step_cmp = "a * $2 ~1 $1 * b",
	.key_step_cmp_wide = "cmp_wide($2, a, $1, b) ~1 0",
	.key_run_is = "first == $1 and last == $2",
	.key_value_cmp = "a ~1 $1",
	.key_evens = "a >= ~1",
	.key_enum_col = "col = ~1[~2 * $1 + a]\nif not (col ~= nil and col >= first and col < last) then fail(E_RULESET) end",
	.key_column = "key_column = ~1[col]",
	.shifts_begin = "local shift\n>do -- the column shifts",
	.shifts_end = "shift = total\n<end\ncolumn_shift = shift",
	.clamp_stops = "local lo, hi = first + $1, last - $2\nlocal column = col\n"
		       "if col >= lo and col <= hi then column = min(max(col + shift, lo), hi) end",
	.clamp_ends = "local column = col + shift\nif column < first then column = first end\nif column > last - 1 then column = last - 1 end",
	.column_unshifted = "local column = col",
	.column_set = "column_id = ~1[column]",
	.nat_set = "nat = $1",
	.nat_faces_open = ">if not faces_later then",
	.nat_none = "local nat = -1",
	.outcome_decl = "local outcome, why, row",
	.column_none = ">if ~1[column] == COLUMN_NONE then\nnote_first(ctx, ~2[column])\nlocal answer = no_result(column_id, key, key_column, column_shift, null)\n"
		       "if ~2[column] ~= nil then answer.provisional = ctx.first or null end\nreturn answer\n<end",
	.column_auto = ">if ~1[column] == COLUMN_AUTOMATIC then\nautomatic = true\nnat = -1\noutcome = ~2[column]\n"
		       "why = ~3[column]\n|else",
	.faces_later_fail = "if faces_later then fail(E_FACES) end",
	.row_pick = ">if nat >= 0 then\noutcome = ~1[nat]\nwhy = ~2[nat]\n|else\n"
		    "if roll < $1 then row = ~3[column]\nelseif roll > $2 then row = ~4[column]\n"
		    "else row = ~5[column * $3 + roll - $1] end\n"
		    "if row < 0 then fail(row == -2 and E_RULESET or E_NO_ROW) end\n"
		    "outcome = ~6[row]\nwhy = ~7[row]\n<end",
	.note_why = "if why ~= nil and why ~= NULL then ctx.first = why end",
	.rewrites_begin = "local rewritten_from, rewrite_rule = nil, nil",
	.rewrite_if = ">if rewritten_from == nil and outcome == $1 then",
	.note = "if ctx.first == nil then ctx.first = W[$1] end",
	.rewrite_set = "rewritten_from = outcome\noutcome = $1\nrewrite_rule = @1",
	.row_pick_rolled = "if roll < $1 then row = ~3[column]\nelseif roll > $2 then row = ~4[column]\n"
			   "else row = ~5[column * $3 + roll - $1] end\n"
			   "if row < 0 then fail(row == -2 and E_RULESET or E_NO_ROW) end\n"
			   "outcome = ~6[row]\nwhy = ~7[row]",
	.table_tail = "local o = self.outcome_parts[outcome] or self:outcome_part(outcome)\n"
		      "local rule = @3\n"
		      "if rewrite_rule ~= nil and rewrite_rule ~= NULL then rule = rewrite_rule\n"
		      "elseif nat >= 0 and ~1[nat] ~= NULL then rule = ~1[nat]\n"
		      "elseif nat < 0 and row ~= nil and ~2[row] ~= NULL then rule = ~2[row] end\n" LUA_TAIL(
			      "nat >= 0", "rewritten_from and self:outcome_part(rewritten_from).id or null"),
	.table_tail_plain = "local o = self.outcome_parts[outcome] or self:outcome_part(outcome)\n"
			    "local rule = @3\n"
			    "if row ~= nil and ~2[row] ~= NULL then rule = ~2[row] end\n" LUA_TAIL("false", "null"),

	.fired_begin = ">FIRED[$1] = function(self, inputs, ctx) -- ~1: which of its triggers fire (from 0), each time\n"
		       "local out = {}",
	.fired_reason = "if ctx ~= nil then note(ctx, W[$1]) end",
	.fired_times0 = "local times = 0",
	.unless_set = "local suppressed = r$1 ~= 0",
	.unless_open = ">if not suppressed then",
	.times_one = "times = 1",
	.times_set = "times = r$1",
	.fired_push = "if times < 0 then fail(E_RULESET) end\n"
		      "for _ = 1, times do out[#out + 1] = $1 end",
	.fired_end = "return out\n<end\n",
	.passed_begin = ">PASSED[$1][$2] = function(self, inputs, earlier)\nlocal v = {}",
	.set_repeat = "v[$2] = #earlier + 1",
	.set_earlier = "v[$2] = index_of(earlier, $3) and 1 or 0",
	.set_same_begin = ">do",
	.set_same = "v[$2] = r$3",
	.set_same_end = "<end",
	.passed_copy = "local out = {}\nfor i = 1, #inputs do out[i] = inputs[i] end",
	.passed_out = "out[$1] = v[$3]",
	.passed_check = "self:validate_input($1, v[$3])",
	.passed_check_range = "if v[$3] < $4 or v[$3] > $5 then self:validate_input($1, v[$3]) end",
	.passed_end = "return out\n<end",
	/* What a trigger passes on as a result shows it: by input id, each value as the vectors write it. */
	.shown_begin = "SHOWN[$1][$2] = function(self, out)\n  return {",
	.shown_item = "[@1] = self:value_of($1, ~2)",
	.shown_sep = ", ",
	.shown_end = "}\nend\n",
	.shown_enum = "[@1] = self.enum_ids[$2][~2]",
	.shown_bool = "[@1] = ~2 ~= 0",
	.shown_int = "[@1] = ~2",
	.shown_out = "out[$1]",
	.given_begin = ">GIVEN[$1][$2] = function(self, inputs, earlier)\nlocal v = V",
	.given_return = "return {~1}\n<end\n",
	.given_value = "v[$3]",
	.outcome_open = "PASSED[$1], SHOWN[$1], GIVEN[$1] = {}, {}, {}",

	.reactions_begin = ">REACTION_SETS[$1] = function(self, inputs) -- ~1\nlocal options, leads = array(), {}",
	.option_push = "options[#options + 1] = @1\nleads[@1] = @2",
	.reactions_end = "return {options = options, leads = leads}\n<end\n",
	.transition_fn = ">TRANSITIONS[$1] = function(self, inputs) -- ~1\nlocal t = X[$1]\n"
			 "local next_state = t.NEXT[inputs[$2]]\n"
			 "if next_state < 0 then fail(E_STATE) end\n"
			 "return {state = t.STATE[next_state]}\n<end\n",
	.distance_begin = ">DISTANCES[$1] = function(self, inputs, faces) -- ~1\n"
			  "local values, provisional = array(), NULL",
	.distance_form_begin = ">do\nlocal ctx = Context.new(faces)\n>local ok, v = pcall(function()",
	.distance_try_end = "if ctx.next_face ~= #ctx.faces then fail(E_FACES) end",
	.distance_value = "return r$1",
	.distance_value_empty = "return 1",
	.distance_absent = "<end)\nif not ok and not is_status(v) then error(v, 0) end\n"
			   ">if not ok then\nvalues[#values + 1] = {value = NULL, unit = @1}\n|else",
	.distance_reason = "ctx:note_first(W[$1])",
	.distance_present = "if provisional == NULL then provisional = ctx:provisional() end\n"
			    "values[#values + 1] = {value = self:exact(v), unit = @1}\n<end",
	.distance_form_end = "<end",
	.distance_end = "return {values = values, provisional = provisional}\n<end\n",
	.procedure_begin = ">PROCEDURES[$1] = function(self, inputs) -- ~1\nlocal step, outcome = NULL, $2",
	.procedure_step = ">if step == NULL then",
	.procedure_step_end = "step = @1\noutcome = $1\n<end",
	.procedure_end = "local r = {step = step, outcome = NULL}\n"
			 ">if outcome >= 0 then\nlocal o = self:outcome_part(outcome)\nr.outcome = o.id\n"
			 "r.effects = o.effects\nr.triggers = self:triggers(outcome, inputs)\n"
			 "if o.numbers ~= nil then r.numbers = o.numbers end\n<end\n"
			 "return r\n<end\n",
	.array_fn = NULL,
	.matrix_cells_def = "MC[$1] = ~1",
	.matrix_begin = ">MATRIX[$1] = function(ctx, ~1) -- matrix $1: its cell at the keys",
	.matrix_param = "k$1",
	.matrix_key_check = "if k$1 < 0 or k$1 >= $2 then fail(E_INPUT) end",
	.matrix_cell = "local cell = ~1",
	.matrix_note = "if ctx ~= nil then note(ctx, WL[$1][cell]) end",
	.matrix_end = "return MC[$1][cell]\n<end\n",
	.band_values_def = "BV[$1] = ~1",
	.band_begin = ">BAND[$1] = function(ctx, a, b) -- ratio band $1: the value of the step a:b reaches\n"
		      "if a < 0 or b < 0 then fail(E_INPUT) end\nlocal s = $2",
	.band_note = "if ctx ~= nil then note(ctx, W[$1]) end",
	.band_read_open = ">if a ~= 0 or b ~= 0 then",
	.band_step_set = "s = $1",
	.band_note_step = "if ctx ~= nil then note(ctx, WL[$1][s]) end",
	.band_end = "return BV[$1][s]\n<end\n",
	.dice_begin = ">DICE[$1] = function(ctx) -- dice $1: the faces the context gives, in turn\n"
		      "if ctx == nil or #ctx.faces - ctx.next_face < $2 then fail(E_FACES) end\n"
		      "local faces, i = ctx.faces, ctx.next_face\nctx.next_face = i + $3",
	.dice_face = "local f$1 = faces[i + $4]\nif f$1 < $2 or f$1 > $3 then fail(E_FACES) end",
	.dice_note = "if ctx.first == nil then ctx.first = W[$1] end",
	.dice_term = "f$1",
	.dice_end = "return ~1\n<end\n",
	.module_end = "-- What the support's Ruleset runs: the lowered resolver (each array from 0).\n"
		      "local LOWERED = {\n  tables = TABLES, reaction_sets = REACTION_SETS, transitions = TRANSITIONS,\n"
		      "  distances = DISTANCES, procedures = PROCEDURES, fired = FIRED, passed = PASSED, shown = SHOWN,\n"
		      "  requirement_broken = requirement_broken,\n}",
};

/* A table with more modifiers than this runs in LuaJIT's interpreter (below). */
enum { TRACED_MODIFIERS_MAX = 8 };

/* LuaJIT traces the support's functions, the triggers' and the resolvers of the smaller
 * tables; the resolver of a table with many modifiers runs in its interpreter. Such a
 * resolver is long straight-line code whose every test may go either way from one
 * situation to the next: traced, its side traces multiply over varied situations until
 * LuaJIT flushes them all and starts again (a melee of musket_pike over varied situations
 * 7 to 23 us traced, 4 to 7 us interpreted; a CRT's few tests trace well, 0.7 us against
 * 2.2 interpreted). */
static void put_untraced(strbuf *b, const ir_module *m)
{
	sb_puts(b, "\n-- LuaJIT: the resolvers of the tables with many modifiers run in its interpreter\n"
		   "-- (print_lua.c says why).\nif jit then\n  for _, k in ipairs({");
	size_t n = 0;
	for (size_t k = 0; k < m->ntables; k++) {
		const ir_table *t = &m->tables[k];
		if (t->modifiers.nmods + t->shifts.nmods > TRACED_MODIFIERS_MAX)
			sb_printf(b, "%s%zu", n++ ? ", " : "", k);
	}
	sb_puts(b, "}) do jit.off(TABLES[k]) end\nend\n");
}

void print_lua_lowered(strbuf *b, const ir_module *m)
{
	print_walk(b, m, &lua);
	put_untraced(b, m);
}
