/* SPDX-License-Identifier: MIT */
/* The lowered resolver (compiler/lower) as Python 3: the spellings of the one
 * walk (print_walk.c), over the support file's helpers
 * (targets/python/rtab_resolver.py). The definitions' constants are module
 * globals (T0_ROW), the registers a function's locals; a result is a dict
 * with the keys of the vectors. */
#include "targets/print_python.h"
#include "targets/print_walk.h"

/* The end of a table's resolver: the triggers that fire, then the result made whole (its
 * rolls and numbers, where it has them, last; natural_rule and rewritten_from: the two of
 * its values that depend on the table). */
#define PYTHON_TAIL(natural_rule, rewritten_from) \
	"fire = FIRED[outcome]\nfired = fire(R, inputs, ctx) if fire is not None else []\n" \
	">if fired:\nids, given = R.trigger_ids[outcome], GIVEN[outcome]\n" \
	"triggers = [ids[k] for k in fired]\n" \
	"trigger_inputs = [given[k](R, inputs, ()) for k in fired]\n" \
	"|else:\ntriggers, trigger_inputs = [], []\n<\n" \
	"r = {'column': column_id, 'key': key, 'key_column': key_column, 'column_shift': column_shift,\n" \
	"     'automatic': automatic, 'natural': natural, 'modifier_raw': modifier_raw, 'modifier': modifier,\n" \
	"     'modified_roll': roll, 'applied': applied, 'natural_rule': " natural_rule ",\n" \
	"     'rewritten_from': " rewritten_from ",\n" \
	"     'outcome': o['id'], 'code': o['code'], 'rule': rule, 'effects': o['effects'], 'triggers': triggers,\n" \
	"     'trigger_of': fired, 'trigger_inputs': trigger_inputs, 'provisional': ctx.first}\n" \
	"if rolls is not None: r['rolls'] = rolls\n" \
	"if o['numbers'] is not None: r['numbers'] = o['numbers']\n" \
	"return r"

static const lang_spelling python = {
	.null = "None",
	.nil = "None",
	.yes = "True",
	.no = "False",
	.lua_strings = false,
	.empty_block = "pass",
	.indent = "    ",
	.base = 0,
	.arr_open = "[",
	.arr_first = "",
	.arr_close = "]",

	.def = "r$1 = ~1",
	.op =
		{
			[IR_CONST] = "$4",
			[IR_INPUT] = "inputs[$4]",
			[IR_NEG] = "negate(~3)",
			[IR_ABS] = "negate(~3) if ~3 < 0 else ~3",
			[IR_NOT] = "0 if ~3 else 1",
			[IR_ADD] = "check32(~3 + ~4)",
			[IR_SUB] = "check32(~3 - ~4)",
			[IR_MUL] = "check32(~3 * ~4)",
			[IR_EQ] = "1 if ~3 == ~4 else 0",
			[IR_NE] = "1 if ~3 != ~4 else 0",
			[IR_LT] = "1 if ~3 < ~4 else 0",
			[IR_LE] = "1 if ~3 <= ~4 else 0",
			[IR_GT] = "1 if ~3 > ~4 else 0",
			[IR_GE] = "1 if ~3 >= ~4 else 0",
			[IR_AND] = "1 if ~3 != 0 and ~4 != 0 else 0",
			[IR_OR] = "1 if ~3 != 0 or ~4 != 0 else 0",
			[IR_DIV_DOWN] = "divide(~3, ~4, False)",
			[IR_DIV_UP] = "divide(~3, ~4, True)",
			[IR_MIN] = "~3 if ~3 < ~4 else ~4",
			[IR_MAX] = "~3 if ~3 > ~4 else ~4",
			[IR_SCALE] = "exact_op('scale', $4, ~3, 0)",
			[IR_MUL_EXACT] = "exact_op('mul_exact', $4, ~3, ~4)",
			[IR_DIV_EXACT] = "exact_op('div_exact', $4, ~3, ~4)",
			[IR_MATRIX] = "matrix$4(~2, ~1)",
			[IR_BAND] = "band$4(~2, ~3, ~4)",
			[IR_ROLL] = "dice$4(~2)",
		},
	.ctx_none = "None",
	/* A note keeps the first reason (ctx.first): what a result shows of its reasons. */
	.note_if = "if r$1 == $2 and ctx.first is None: ctx.first = R$3",
	.note_if_maybe = "if ctx is not None and r$1 == $2 and ctx.first is None: ctx.first = R$3",
	.note_of = "if 0 <= r$1 < $2 and ctx.first is None: ctx.first = RL$3[r$1]",
	.note_of_maybe = "if ctx is not None and 0 <= r$1 < $2 and ctx.first is None: ctx.first = RL$3[r$1]",
	.if_begin = ">if r$2 != 0:",
	.if_else = "r$1 = r$2\n|else:",
	.if_end = "r$1 = r$2\n<",
	.block_open = "",
	.block_close = "",
	.if_nonzero = ">if r$1 != 0:",
	.holds_always = ">if True:",
	.if_zero = ">if r$1 == 0:  # not 'none when'",
	/* A test fused into what reads it (print_walk.h). */
	.cond =
		{
			[IR_EQ] = "~3 == ~4",
			[IR_NE] = "~3 != ~4",
			[IR_LT] = "~3 < ~4",
			[IR_LE] = "~3 <= ~4",
			[IR_GT] = "~3 > ~4",
			[IR_GE] = "~3 >= ~4",
			[IR_AND] = "~5 and ~6",
			[IR_OR] = "~5 or ~6",
			[IR_NOT] = "not ~5",
		},
	.cond_reg = "~1 != 0",
	.cond_value = "1 if ~1 else 0",
	.if_cond = ">if ~1:",
	.unless_cond = "suppressed = ~1",
	.requirement_fails_cond = "if not (~2): return @1",
	.end = "<",

	.reason = "R$1",
	.reason_def = "R$1 = ~1",
	.reason_list = "RL$1",
	.reason_list_def = "RL$1 = ~1",
	.module_begin = "\n# The resolver of this ruleset, printed from its lowering (compiler/lower): the\n"
			"# results tables, the triggers of the outcomes and the requirements.",
	.requirements_begin = "\n\n>def requirement_broken(R, inputs):\n"
			      "\"\"\"The id of the first requirement the situation breaks, or None.\"\"\"",
	.requirement_fails = "if r$1 == 0: return @1",
	.requirements_end = "return None\n<",

	.mod_ref = "~1$1",
	.list_begin = "",
	.mod_begin = "~1 = None  # ~2",
	.mod_end = "",
	.mod_begin_direct = "# ~2",
	.mod_applied_add = "applied.append({'modifier': @4, 'value': r$1, 'signed_value': ~2r$1, 'counted': True, "
			   "'shift': ~3})\ntotal ~5= r$1",
	.mod_overflow = "if r$1 == INT32_MIN: raise RtabError(E_OVERFLOW)",
	.mod_applied = "~1 = {'modifier': @4, 'value': r$1, 'signed_value': ~2r$1, 'counted': True, 'shift': ~3}\n"
		       "applied.append(~1)",
	/* A side of a stacking group keeps one member, the first on ties (print_walk.h). */
	.keep_comment = "# ~1, side $1: the ~2 kept",
	.keep_applied = "~1 is not None",
	.keep_and = " and ",
	.keep_pair = ">if ~2['signed_value'] ~3 ~1['signed_value']:\n~1['counted'] = False\n|else:\n~2['counted'] = False\n<",
	.keep_begin = "kept = ~1",
	.keep_take = ">if kept is None:\nkept = ~1\n|else:",
	.keep_cmp = ">if ~1['signed_value'] ~3 kept['signed_value']:\nkept['counted'] = False\nkept = ~1\n|else:\n"
		    "~1['counted'] = False\n<",
	.keep_end = "",
	.total_begin = "total = ~1",
	.total_check = "if total < -2147483648 or total > 2147483647: raise RtabError(E_OVERFLOW)",
	.group_begin = "# ~1\nsum_, members = 0, False",
	.group_end = "",
	.group_member = "if ~1 is not None and ~1['counted']: sum_ += ~1['signed_value']; members = True~2",
	.group_note = "; ctx.first = R$1 if ctx.first is None else ctx.first",
	.group_cap = "if members and sum_ < $1: sum_ = $1\nif members and sum_ > $2: sum_ = $2",
	.group_add = "total += sum_\nif total < -2147483648 or total > 2147483647: raise RtabError(E_OVERFLOW)",

	.data_begin = "",
	.data_item = "~2$1_~1 = ",
	.data_item_end = "\n",
	.data_end = "",
	.data_ref = "T$1_~1",

	.table_begin = "\n\n>def table$1(R, inputs, faces, drm):\n"
		       "\"\"\"Table ~1, lowered: one roll, the situation validated.\"\"\"\nnatural = 0",
	.table_end = "<",
	.fail = "raise RtabError(~1)",
	.refuse_drm = "if drm: raise RtabError(E_STEP_DRM)  # a modifier from outside belongs to no step",
	.roll_decl = "roll$1 = 0",
	.roll_ref = "roll$1",
	.no_faces = "if faces: raise RtabError(E_FACES)",
	.faces_later_begin = "faces_later = not faces\n>if not faces_later:",
	.faces_count = "if len(faces) != $1: raise RtabError(E_FACES)",
	.face_check = "if faces[$1] < $2 or faces[$1] > $3: raise RtabError(E_FACES)",
	.face_ref = "faces[$1]",
	.natural = "natural = ~1",
	.roll_set = "~1 = ~2",
	.context_applied = "ctx = new_object(Context)  # a table reads no dice: made without __init__\nctx.faces, ctx.next_face, ctx.first = (), 0, None\napplied = []",
	.modifiers_begin = "# the die-roll modifiers",
	.modifiers_end = "modifier_raw = total\nmodifier = modifier_raw",
	.table_cap = "if modifier < $1: modifier = $1  # the table's cap\nif modifier > $2: modifier = $2",
	.roll_modified = "roll = natural + modifier\nif roll < -2147483648 or roll > 2147483647: raise RtabError(E_OVERFLOW)",
	/* The result is made at the end, whole (its fields are locals until then). */
	.result_begin = "column_id, key, key_column, column_shift, automatic, rolls = @1, None, None, 0, False, None",
	.rolls_open = "if faces: rolls = {",
	.rolls_item = "@2: ~1",
	.rolls_close = "}",
	.column_default_note = "if inputs[$1] == $2 and ctx.first is None: ctx.first = R$3",
	.column_reasons_note = "ctx.note(RL$1[inputs[$2]] if 0 <= inputs[$2] < len(RL$1) else None)",
	.key_begin = "col, first, end = 0, 0, $1",
	.key_input_col = "col = ~1[inputs[$1]]\nif col >= $2: raise RtabError(E_COLUMN)",
	.line_check = "line = r$1\nif not 0 <= line < $2: raise RtabError(E_RULESET)",
	.run_of = "first, end = ~2[~1], ~3[~1]\nif not first < end <= $1: raise RtabError(E_RULESET)",
	.key_decl = "",
	.key_odds = "a, b = r$1, r$2",
	.key_value = "a, b = r$1, 1",
	.key_odds_text = "key = number_text(R.exact(a)) + ':' + number_text(R.exact(b))\n"
			 "if a < 0 or b < 0: raise RtabError(E_INPUT)\n"
			 "if a == 0 and b == 0: return no_result(column_id, key, key_column, column_shift)",
	.key_odds_text_whole = "key = '%d:%d' % (a, b)\n"
			       "if a < 0 or b < 0: raise RtabError(E_INPUT)\n"
			       "if a == 0 and b == 0: return no_result(column_id, key, key_column, column_shift)",
	.key_value_text = "key = '+%d' % a if a > 0 else '%d' % a",
	.input_ref = "inputs[$1]",
	.key_chain_if = ">if ~1:",
	.key_chain_elif = "|elif ~1:",
	.key_chain_else = "|else:",
	.key_chain_set = "col = $1",
	.key_step_cmp = "a * $2 ~1 $1 * b",
	.key_run_is = "first == $1 and end == $2",
	.key_value_cmp = "a ~1 $1",
	.key_evens = "a >= ~1",
	.key_enum_col = "col = ~1[~2 * $1 + a]\nif not first <= col < end: raise RtabError(E_RULESET)",
	.key_column = "key_column = ~1[col]",
	.shifts_begin = "# the column shifts",
	.shifts_end = "shift = total\ncolumn_shift = shift",
	.clamp_stops = "lo, hi = first + $1, end - $2\n"
		       "column = col if col < lo or col > hi else min(max(col + shift, lo), hi)",
	.clamp_ends = "column = col + shift\nif column < first: column = first\nif column > end - 1: column = end - 1",
	.column_unshifted = "column = col",
	.column_set = "column_id = ~1[column]",
	.nat_set = "nat = $1",
	.nat_faces_open = ">if not faces_later:",
	.nat_none = "nat = -1",
	.outcome_decl = "outcome = why = row = None",
	.column_none = ">if ~1[column] == COLUMN_NONE:\nctx.note_first(~2[column])\nanswer = no_result(column_id, key, key_column, column_shift)\n"
		       "if ~2[column] is not None: answer['provisional'] = ctx.provisional\nreturn answer\n<",
	.column_auto = ">if ~1[column] == COLUMN_AUTOMATIC:\nautomatic = True\nnat = -1\noutcome = ~2[column]\n"
		       "why = ~3[column]\n|else:",
	.faces_later_fail = "if faces_later: raise RtabError(E_FACES)",
	.row_pick = ">if nat >= 0:\noutcome = ~1[nat]\nwhy = ~2[nat]\n|else:\n"
		    ">if roll < $1:\nrow = ~3[column]\n|elif roll > $2:\nrow = ~4[column]\n|else:\n"
		    "row = ~5[column * $3 + roll - $1]\n<\n"
		    "if row < 0: raise RtabError(E_RULESET if row == -2 else E_NO_ROW)\n"
		    "outcome = ~6[row]\nwhy = ~7[row]\n<",
	.note_why = "if why is not None: ctx.first = why",
	.rewrites_begin = "rewritten_from = rewrite_rule = None",
	.rewrite_if = ">if rewritten_from is None and outcome == $1:",
	.note = "if ctx.first is None: ctx.first = R$1",
	.rewrite_set = "rewritten_from = outcome\noutcome = $1\nrewrite_rule = @1",
	.row_pick_rolled = ">if roll < $1:\nrow = ~3[column]\n|elif roll > $2:\nrow = ~4[column]\n|else:\n"
			   "row = ~5[column * $3 + roll - $1]\n<\n"
			   "if row < 0: raise RtabError(E_RULESET if row == -2 else E_NO_ROW)\n"
			   "outcome = ~6[row]\nwhy = ~7[row]",
	/* A rule is there when it is not None: an empty reference is one too, as in the runtime. */
	.table_tail = "o = R.outcome_parts.get(outcome) or R.outcome_part(outcome)\nrule = @3\n"
		      ">if rewrite_rule is not None:\nrule = rewrite_rule\n"
		      "|elif nat >= 0 and ~1[nat] is not None:\nrule = ~1[nat]\n"
		      "|elif nat < 0 and row is not None and ~2[row] is not None:\nrule = ~2[row]\n<\n" PYTHON_TAIL(
			      "nat >= 0", "None if rewritten_from is None else R.outcome_part(rewritten_from)['id']"),
	.table_tail_plain = "o = R.outcome_parts.get(outcome) or R.outcome_part(outcome)\nrule = @3\n"
			    "if row is not None and ~2[row] is not None: rule = ~2[row]\n" PYTHON_TAIL("False", "None"),

	.fired_begin = "\n\n>def fired$1(R, inputs, ctx):\n\"\"\"~1: which of its triggers fire (from 0), each time.\"\"\"\n"
		       "out = []",
	.fired_reason = "if ctx is not None and ctx.first is None: ctx.first = R$1",
	.fired_times0 = "times = 0",
	.unless_set = "suppressed = r$1 != 0",
	.unless_open = ">if not suppressed:",
	.times_one = "times = 1",
	.times_set = "times = r$1",
	.fired_push = "if times < 0: raise RtabError(E_RULESET)\nout.extend([$1] * times)",
	.fired_end = "return out\n<",
	.passed_begin = "\n\n>def passed$1_$2(R, inputs, earlier):",
	.set_repeat = "v$1 = len(earlier) + 1",
	.set_earlier = "v$1 = 1 if $3 in earlier else 0",
	.set_same_begin = "",
	.set_same = "v$1 = r$3",
	.set_same_end = "",
	.passed_copy = "out = list(inputs)",
	.passed_out = "out[$1] = v$2",
	.passed_check = "R.validate_input($1, v$2)",
	.passed_check_range = "if not $4 <= v$2 <= $5: R.validate_input($1, v$2)",
	.passed_end = "return out\n<",
	/* What a trigger passes on as a result shows it: by input id, each value as the vectors write it. */
	.shown_begin = "\n\ndef shown$1_$2(R, out):\n    return {",
	.shown_item = "@1: R.value_of($1, ~2)",
	.shown_sep = ", ",
	.shown_end = "}",
	.shown_enum = "@1: R.enum_ids[$2][~2]",
	.shown_bool = "@1: ~2 != 0",
	.shown_int = "@1: ~2",
	.shown_out = "out[$1]",
	.given_begin = "\n\n>def given$1_$2(R, inputs, earlier):",
	.given_return = "return {~1}\n<",
	.given_value = "v$2",
	.outcome_open = "",

	.reactions_begin = "\n\n>def reactions$1(R, inputs):\n\"\"\"~1\"\"\"\noptions, leads = [], {}",
	.option_push = "options.append(@1)\nleads[@1] = @2",
	.reactions_end = "return {'options': options, 'leads': leads}\n<",
	.transition_fn = "\n\n>def transition$1(R, inputs):\n\"\"\"~1\"\"\"\n"
			 "next_state = X$1_NEXT[inputs[$2]]\n"
			 "if next_state < 0: raise RtabError(E_STATE)\n"
			 "return {'state': X$1_STATE[next_state]}\n<",
	.distance_begin = "\n\n>def distance$1(R, inputs, faces):\n\"\"\"~1\"\"\"\nvalues, provisional = [], None",
	.distance_form_begin = "ctx = Context(faces)\nv = None\n>try:",
	.distance_try_end = "if ctx.next_face != len(ctx.faces): raise RtabError(E_FACES)",
	.distance_value = "v = r$1",
	.distance_value_empty = "v = 1",
	.distance_absent = "|except RtabError:\nv = None\n<\n>if v is None:\nvalues.append({'value': None, 'unit': @1})\n|else:",
	.distance_reason = "ctx.note_first(R$1)",
	.distance_present = "if provisional is None: provisional = ctx.provisional\n"
			    "values.append({'value': R.exact(v), 'unit': @1})\n<",
	.distance_form_end = "",
	.distance_end = "return {'values': values, 'provisional': provisional}\n<",
	.procedure_begin = "\n\n>def procedure$1(R, inputs):\n\"\"\"~1\"\"\"\nstep, outcome = None, $2",
	.procedure_step = ">if step is None:",
	.procedure_step_end = "step = @1\noutcome = $1\n<",
	.procedure_end = "r = {'step': step, 'outcome': R.outcome_part(outcome)['id'] if outcome >= 0 else None}\n"
			 ">if outcome >= 0:\no = R.outcome_part(outcome)\nr['effects'] = o['effects']\n"
			 "r['triggers'] = R.triggers(outcome, inputs)\n"
			 "if o['numbers'] is not None: r['numbers'] = o['numbers']\n<\n"
			 "return r\n<",
	.array_fn = "~1 = [~2]\n",
	.matrix_cells_def = "M$1 = ~1",
	.matrix_begin = "\n\n>def matrix$1(ctx, ~1):\n\"\"\"Matrix $1: its cell at the keys.\"\"\"",
	.matrix_param = "k$1",
	.matrix_key_check = "if not 0 <= k$1 < $2: raise RtabError(E_INPUT)",
	.matrix_cell = "cell = ~1",
	.matrix_note = "if ctx is not None and ctx.first is None: ctx.first = RL$1[cell]",
	.matrix_end = "return M$1[cell]\n<\n",
	.band_values_def = "BV$1 = ~1",
	.band_begin = "\n\n>def band$1(ctx, a, b):\n\"\"\"Ratio band $1: the value of the step a:b reaches.\"\"\"\n"
		      "if a < 0 or b < 0: raise RtabError(E_INPUT)\ns = $2",
	.band_note = "if ctx is not None and ctx.first is None: ctx.first = R$1",
	.band_read_open = ">if a != 0 or b != 0:",
	.band_step_set = "s = $1",
	.band_note_step = "if ctx is not None and ctx.first is None: ctx.first = RL$1[s]",
	.band_end = "return BV$1[s]\n<\n",
	.dice_begin = "\n\n>def dice$1(ctx):\n\"\"\"Dice $1: the faces the context gives, in turn.\"\"\"\n"
		      "if ctx is None or len(ctx.faces) - ctx.next_face < $2: raise RtabError(E_FACES)\n"
		      "faces, i = ctx.faces, ctx.next_face\nctx.next_face = i + $3",
	.dice_face = "f$1 = faces[i + $1]\nif not _is_int(f$1) or f$1 < $2 or f$1 > $3: raise RtabError(E_FACES)",
	.dice_note = "if ctx.first is None: ctx.first = R$1",
	.dice_term = "f$1",
	.dice_end = "return ~1\n<\n",
	.module_end = "\n# What the support's Ruleset runs: the lowered resolver.\n"
		      "LOWERED = {\n    'tables': TABLES, 'reaction_sets': REACTION_SETS, 'transitions': TRANSITIONS,\n"
		      "    'distances': DISTANCES, 'procedures': PROCEDURES, 'fired': FIRED, 'passed': PASSED,\n"
		      "    'shown': SHOWN, 'requirement_broken': requirement_broken,\n}",
};

void print_python_lowered(strbuf *b, const ir_module *m)
{
	print_walk(b, m, &python);
}
