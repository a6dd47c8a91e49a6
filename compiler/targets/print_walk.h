/* SPDX-License-Identifier: MIT */
/*
 * The one walk of the portable lowering (compiler/lower) that every target
 * language prints: a function per results table, reaction set, transition,
 * distance and procedure, per trigger (whether it fires, what it passes on)
 * and the requirements. What differs between the languages is a table of
 * spellings (print_js.c, print_lua.c, print_python.c): templates of the
 * lines the walk writes, over the helpers of the language's support file.
 *
 * A template is text with placeholders: $N the N-th integer argument, @N the
 * N-th string argument as a string literal of the language (NULL: its null),
 * ~N the N-th string argument as it is (N from 1 to 9). A template may hold
 * several lines (split at '\n'); a line starting with '>' opens a block (the
 * lines after it are indented), '<' closes one, '|' closes one and opens the
 * next (an 'else'); a line that is empty after its mark is not written (a
 * language whose blocks need no closing word spells the close "<"), an
 * empty line without a mark is a blank line.
 */
#ifndef RTAB_TARGETS_PRINT_WALK_H
#define RTAB_TARGETS_PRINT_WALK_H

#include "lower/ir.h"
#include "base/util.h"

#include <stdbool.h>

typedef struct lang_spelling {
	const char *null;       /* a string or value absent: null, NULL, None */
	const char *nil;        /* a reason absent: null, nil, None */
	const char *yes, *no;   /* true, false */
	bool lua_strings;       /* string literals escape as Lua's (bytes) */
	const char *empty_block; /* what an otherwise empty block holds (Python: pass), or NULL */
	const char *indent;     /* one level of a block's indentation */
	bool notes_again;       /* a note made again is printed again (and a ratio read again): past
				 * the result's room for reasons, one not listed counts each time (C) */
	int base;               /* the index of the first element of inputs and faces (Lua: 1) */

	/* Arrays of constants, indexed from 0: "[" ... "]" ("{[0] = " ... "}"). */
	const char *arr_open, *arr_first, *arr_close;
	/* Records and lists of constants: no longer read (a computed key's steps and a natural
	 * rule's faces, which they wrote for the support files, are tests now); C's spellings
	 * still set them. */
	const char *obj_open, *obj_field, *obj_close;
	const char *list_open, *list_close;
	const char *record_list_open;

	/* Code. $1: the register written. */
	const char *def;          /* "const r$1 = ~1;" */
	const char *op[IR_OP_COUNT_]; /* expressions: $2 a, $3 b, $4 imm; ~1 the keys (matrix), ~2 the context */
	const char *ctx_none;     /* the context of code that notes nothing */
	const char *note_if, *note_if_maybe; /* $1 a, $2 imm, $3 reason */
	const char *note_of, *note_of_maybe; /* $1 a, $2 n, $3 reason list */
	const char *if_begin, *if_else, *if_end; /* $1 the register of the if, $2 the value */
	const char *block_open, *block_close; /* a scope for registers */
	const char *if_nonzero;   /* ">if (r$1 !== 0) {" */
	const char *holds_always; /* opens a block as if_nonzero does, for a condition that always holds */
	const char *if_zero;      /* "+if (r$1 === 0) {" */
	/* A test fused into what uses it (a comparison, and, or, not whose value one
	 * test or one and/or/not reads): the condition as the language's truth. cond:
	 * the comparisons over ~3 ~4 (the operands, as op's), and, or, not over ~5 ~6
	 * (the operands' conditions, in parentheses); cond_reg a register's (~1);
	 * cond_value the value 0 or 1 of a condition (~1, $1 its register); if_cond opens the block as
	 * if_nonzero does; unless_cond as unless_set; requirement_fails_cond as
	 * requirement_fails (~2 the condition). cond[op] NULL: that op is not fused.
	 * cond_of: the table of cond's spellings the language shares (walk_cond_c_family),
	 * read instead of cond when set; there ~7 is cond_eq, ~8 cond_ne (NULL: == and !=). */
	const char *cond[IR_OP_COUNT_];
	const char *const *cond_of;
	const char *cond_eq, *cond_ne;
	const char *cond_reg, *cond_value, *if_cond, *unless_cond, *requirement_fails_cond;
	const char *end;          /* "<}" */

	/* The reasons (numbered constants) and the module's parts. */
	const char *reason;       /* "R$1" */
	const char *reason_def;   /* "const R$1 = ~1;" */
	const char *reason_list;  /* "RL$1" */
	const char *reason_list_def;
	const char *module_begin; /* the declarations before everything */
	const char *requirements_begin, *requirement_fails, *requirements_end;

	/* Lists of modifiers. ~1: a modifier's variable (mod_ref, from "m" or "s" and $1 k, $2 k + 1). */
	const char *mod_ref;
	/* list_begin: ~1 list_slot once per modifier, comma-separated (a list whose room is
	 * made at once: Lua's table constructor sizes it). */
	const char *list_begin, *list_slot;
	const char *mod_begin, *mod_end;  /* ~1 the variable, ~2 the modifier's id */
	const char *mod_overflow;         /* $1 the value */
	const char *mod_applied;          /* ~1 variable, @4 id, $1 value, $2 its index, ~2 "-" or "", ~3 yes or no (a shift) */
	/* mod_applied where the table's modifiers and shifts all fit in a result: no test of its
	 * room (NULL: mod_applied). */
	const char *mod_applied_room;
	/* A list whose modifiers each count as they apply (one group that sums, uncapped, noting
	 * nothing; mod_applied_add NULL: none is): total_begin first, then per modifier
	 * mod_begin_direct (~2 its id; the close is mod_end), mod_applied_add (as mod_applied, ~5
	 * "-" or "+": also adds the signed value to total), then total_check. */
	const char *mod_begin_direct, *mod_applied_add;
	/* A side of a group that keeps one member (ir_keep), its choice printed as comparisons:
	 * keep_comment says which (~1 the group, ~2 "best" or "worst", $1 the side); a member
	 * that may not apply is tested with keep_applied (~1 its variable), two such joined by
	 * keep_and, in if_cond. Two members: keep_pair (~1 the first, ~2 the second, ~3 the
	 * comparison, ">" or "<", under which the second's signed value replaces the first's).
	 * More: keep_begin (~1 the first, which may be none) opens the choice, each later one
	 * is compared by keep_cmp (~1 it, ~3 the comparison: it replaces the one kept, or is
	 * no longer counted), after keep_take (~1 it, taken where none is kept yet; closed by
	 * end) where none may be kept yet; keep_end closes the choice. */
	const char *keep_comment, *keep_applied, *keep_and, *keep_pair;
	const char *keep_begin, *keep_take, *keep_cmp, *keep_end;
	const char *total_begin, *total_check; /* ~1 the start */
	const char *group_begin, *group_end;   /* ~1 the group */
	const char *group_member;  /* ~1 var, ~2 the note or "" */
	const char *group_note;    /* $1 reason */
	const char *group_cap, *group_add;
	/* A lean fold's tables (ir_table.lean_fold; NULL: none read, every modifier as code):
	 * fold_add adds table $2 of table $1's fold at the index ~1, the sum of fold_index_term
	 * over its inputs ($1 the input (based), $2 its minimum, $3 its weight). */
	const char *fold_add, *fold_index_term;
	/* The same term where the table keeps the entries before its first (fold_pad; NULL:
	 * never), indexed by the inputs' values: $1 the input (based), $3 its weight. */
	const char *fold_index_value;
	/* A lean form's reading of a table in one step (ir_table.lean_cells; NULL: read as the
	 * full form reads it): modifiers_end_cells closes the modifiers (no sum leaves int32 for
	 * the extras the entry takes), roll_cells sets the modified roll; cell_column is where
	 * the virtual column's cells start ($1 the table, ~1 its index, as a fold's), cell_read
	 * the cell at the roll ($1 the table, $2 the first roll covered, ~1 where the column
	 * starts; the cell row << 16 | outcome), cell_no_row refuses a cell without a row,
	 * cell_split its outcome and row, and
	 * table_tail_cells ends the table. */
	const char *modifiers_end_cells, *roll_cells, *cell_column, *cell_read, *cell_no_row, *cell_split;
	const char *table_tail_cells;

	/* Tables' constant data. ~1 the name, ~2 the prefix (T, X), $1 the index;
	 * ~3 in data_item the type data_type gives for the name (a language that
	 * declares one; NULL: none). */
	const char *data_begin, *data_item, *data_item_end, *data_end; /* data_item NULL: none written */
	const char *(*data_type)(const char *name);
	const char *data_ref;      /* ~1 name, $1 index */

	/* Results tables. */
	const char *table_begin;   /* ~1 id, $1 index */
	const char *table_end;
	const char *fail;          /* ~1 the status: E_RULESET */
	const char *refuse_drm;
	/* After the refusals that leave the result as it was (a step's drm): its fields set
	 * (C: where rtab_resolve sets them). NULL: nothing. */
	const char *table_reset;
	const char *roll_decl;     /* $1 r; roll_ref $1 r, $2 r + 1 */
	const char *roll_ref;
	const char *no_faces, *faces_later_begin, *faces_later_end;
	const char *faces_count;   /* $1 */
	const char *face_check;    /* $1 index (based), $2 min, $3 max */
	const char *face_ref;      /* $1 index (based) */
	const char *natural;       /* ~1 the sum */
	const char *roll_set;      /* ~1 the roll, ~2 the sum */
	const char *context_applied;
	const char *modifiers_begin, *modifiers_end;
	const char *modifier_from_raw, *table_cap, *roll_modified;
	const char *result_begin;  /* @1 the first column */
	const char *rolls_open, *rolls_item, *rolls_close; /* item: @2 id, ~1 roll */
	const char *column_default_note; /* $1 input (based), $2 default, $3 reason */
	const char *column_reasons_note; /* $1 list, $2 input (based) */
	const char *key_begin;     /* $1 columns */
	const char *key_single_fail, *key_input_col; /* $1 input (based), $2 columns */
	/* key_input_col where every value of the input has a column: no test (NULL: key_input_col). */
	const char *key_input_col_total;
	const char *line_check;    /* $1 register, $2 lines */
	const char *run_of;        /* ~1 the value, ~2 T's ref of FIRST, ~3 of END, $1 columns */
	const char *run_of_input;  /* $1 input (based): the value */
	const char *key_decl;      /* a computed key's a and b */
	const char *key_odds;      /* $1 a, $2 b */
	const char *key_value;     /* $1 a */
	const char *key_odds_text, *key_value_text; /* the key as the result shows it */
	const char *key_odds_text_whole; /* key_odds_text where every number is whole (no `exact`) */
	const char *input_ref;     /* $1 input (based) */
	const char *key_read;      /* ~1 KEY's ref */
	/* A computed key whose column the table's one rounding decides over fixed steps, read
	 * as a chain of tests (NULL: key_read): key_chain_if, _elif open a test (~1 the
	 * condition), _else the last; key_chain_set $1 the column; key_step_cmp the key
	 * against step $1:$2 (~1 the comparison, "<" or "<="), key_value_cmp against value $1;
	 * key_evens (~1 "b" or "0") whether the key is at or above evens. */
	const char *key_chain_if, *key_chain_elif, *key_chain_else, *key_chain_set;
	const char *key_step_cmp, *key_value_cmp, *key_evens;
	/* key_step_cmp where a product may pass 2^53 (ratio_test_wide; NULL: key_step_cmp). */
	const char *key_step_cmp_wide;
	/* A language whose support reads no key (key_read NULL) gets every computed key's
	 * column as a chain (ir_table.key_runs), in a chain over the runs the key reads among
	 * where there are several: key_run_is tests the run ($1 its first column, $2 its end). */
	const char *key_run_is;
	/* The same chain as a count, no branch (NULL: the chain): key_count sets the column to
	 * $1 + ~1 (the sum of key_count_term, each 1 where its test ~1 fails), at most $2. */
	const char *key_count, *key_count_term;
	const char *key_enum_col;  /* ~1 KEYCOL's ref, ~2 the run's value, $1 values of the second key: col from a */
	const char *key_column;    /* ~1 COLUMN's ref */
	const char *shifts_begin, *shifts_end, *clamp_stops, *clamp_ends;
	/* The column of a table without shifts, whose key reads all its columns: the key's
	 * (NULL: the shifts' lines, a shift of 0). */
	const char *column_unshifted;
	const char *column_set;    /* ~1 COLUMN's ref */
	const char *nat_index;     /* ~1 NATURAL's ref, $1 n */
	/* The natural rule as tests of the faces (NULL: nat_index): nat_set sets it ($1),
	 * after nat_none, within nat_faces_open (closed by end) where faces may be omitted. */
	const char *nat_set, *nat_faces_open;
	const char *nat_none, *outcome_decl;
	const char *column_none;   /* ~1 KIND, ~2 WHY, $1 the table */
	const char *column_auto;   /* ~1 KIND, ~2 AUTOMATIC, ~3 WHY, $1 the table */
	const char *column_auto_else, *column_auto_end;
	const char *faces_later_fail;
	const char *row_pick;      /* ~1..~7 NATURAL_OUTCOME NATURAL_WHY BELOW ABOVE ROW OUTCOME REASON; $1 min $2 max $3 span $4 table */
	const char *row_pick_rolled; /* the same for a table without natural rolls (NULL: row_pick) */
	/* row_pick where every cell read has a row (no mark to test; NULL: the above; a language
	 * that sets it sets no row_pick_rolled). */
	const char *row_pick_unmarked;
	const char *note_why;
	const char *rewrites_begin;
	const char *rewrite_if;    /* $1 from */
	const char *note;          /* $1 reason */
	const char *rewrite_set;   /* $1 to, $2 the rewrite's index, @1 rule */
	const char *table_tail;    /* @3 the table's rule; ~1 NATURAL_RULE, ~2 RULE; $1 the table */
	/* The same for a table without natural rolls or rewrites (NULL: table_tail): its
	 * rewrites_begin is not written either. */
	const char *table_tail_plain;

	/* Triggers. */
	const char *fired_begin;   /* $1 outcome, $2 outcome + 1, ~1 id */
	const char *fired_reason;  /* $1 reason */
	const char *fired_times0, *unless_set, *unless_open, *times_one, *times_set;
	const char *fired_push;    /* $1 j, $2 j + 1 */
	const char *fired_end;
	const char *passed_begin;  /* $1 k, $2 j */
	const char *set_repeat, *set_earlier, *set_same; /* $1 s, $2 s + 1, $3 earlier or register */
	const char *set_same_begin, *set_same_end; /* around the code of set_same */
	const char *passed_copy;
	const char *passed_out;    /* $1 input (based), $2 s, $3 s + 1 */
	const char *passed_check;  /* $1 input (based), $2 s, $3 s + 1 */
	const char *passed_check_range; /* the same for an input without a step: $4 min, $5 max (or NULL) */
	const char *passed_end;
	const char *shown_begin, *shown_item, *shown_sep, *shown_end; /* item: @1 input id, $1 input (based), ~2 its value */
	/* An item as its input's kind shows it (each NULL: shown_item); $2 the enum. */
	const char *shown_enum, *shown_bool, *shown_int;
	const char *shown_out;     /* the value of an item in shown: $1 input (based), $2 s, $3 s + 1 */
	/* What a result shows of a trigger, from the values set (given_begin NULL: the language
	 * has none; its table's tail calls shown on passed): the function ($1 k, $2 j), then
	 * given_return (~1 the items, each value given_value, as shown_out's). */
	const char *given_begin, *given_return, *given_value;
	const char *outcome_arrays; /* the tables of fired, passed and shown: written by the walk itself (NULL) or not */
	const char *outcome_open;   /* $1 outcome: per outcome with triggers (Lua's PASSED[k] = {}) */

	/* Reaction sets, transitions, distances, procedures. */
	const char *reactions_begin; /* $1 k, ~1 id */
	const char *reactions_none;  /* $1 register */
	const char *option_push;     /* @1 option, @2 its outcome */
	const char *reactions_end;
	const char *transition_fn;   /* $1 k, $2 input (based), ~1 id */
	const char *distance_begin, *distance_form_begin, *distance_try_end, *distance_value, *distance_value_empty;
	const char *distance_absent, *distance_present, *distance_reason, *distance_form_end, *distance_end;
	const char *procedure_begin, *procedure_step, *procedure_step_end, *procedure_end;
	const char *array_fn;        /* ~1 the array, ~2 the function prefix: one kind's functions */
	/* A function per matrix (matrix_begin NULL: none; the op's spelling reads the data):
	 * matrix_cells_def its cells ($1 k, ~1 the array), matrix_begin ($1 k, ~1 the keys, each
	 * matrix_param, $1 its index), matrix_key_check ($1 the key, $2 its enum's size), matrix_cell
	 * (~1 the cell's index), matrix_note ($1 the reason list), matrix_end ($1 k). */
	const char *matrix_cells_def, *matrix_begin, *matrix_param, *matrix_key_check, *matrix_cell;
	const char *matrix_note, *matrix_end;
	/* A function per ratio band: band_values_def its values, each step's then the otherwise's
	 * ($1 k, ~1 the array); band_begin ($1 k, $2 the otherwise's index: its step until one is
	 * read), band_note ($1 its reason), band_read_open (where a or b is not 0; closed by end),
	 * band_step_set ($1), band_note_step ($1 the reason list), band_end ($1 k). The step is
	 * read as a key is (key_chain_*, key_step_cmp over a and b). */
	const char *band_values_def, *band_begin, *band_note, *band_read_open, *band_step_set;
	const char *band_note_step, *band_end;
	/* A function per dice a program rolls (ir_module.dice; dice_begin NULL: none, the op's
	 * spelling reads no faces): dice_begin ($1 k, $2 the faces that must be left, $3 the faces
	 * read), per face read dice_face ($1 its index from 0, $2 its least, $3 its greatest, $4
	 * its index from 1), dice_note ($1 the
	 * dice's reason), dice_end (~1 the sum, each face dice_term ($1 its index) joined by " + "). */
	const char *dice_begin, *dice_face, *dice_note, *dice_term, *dice_end;
	const char *module_end;
} lang_spelling;

/* A fused test as the C family writes it (C#, JavaScript; C's own table the same): a
 * lang_spelling's cond_of, with its equality operators (cond_eq, cond_ne). */
extern const char *const walk_cond_c_family[IR_OP_COUNT_];

/* Prints the lowered resolver of m in the language L spells. */
void print_walk(strbuf *b, const ir_module *m, const lang_spelling *L);
/* Only the resolvers of the tables and what they call of the triggers (fired), for a
 * language whose module has the rest (C: the data). */
void print_walk_resolvers(strbuf *b, const ir_module *m, const lang_spelling *L);
/* The same without the triggers' functions: the tables again, in other spellings (C's lean
 * form, which calls the triggers' functions print_walk_resolvers printed). */
void print_walk_tables(strbuf *b, const ir_module *m, const lang_spelling *L);
/* Only the requirements (requirements_begin, each, requirements_end): C's, which the entry
 * behind rtab_resolve tests before it calls a resolver. */
void print_walk_requirements(strbuf *b, const ir_module *m, const lang_spelling *L);

#endif
