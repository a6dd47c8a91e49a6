/* SPDX-License-Identifier: MIT */
/*
 * The text forms of a lowered ruleset's values as the language writes them:
 * roll ranges, input values, effects, targets, the numbers of an outcome.
 * The exports, the analyses (diff, verify) and the printer of results
 * share them, so that every verb writes a value the same way.
 */
#ifndef RTAB_VALUE_TEXT_H
#define RTAB_VALUE_TEXT_H

#include "base/json.h"
#include "base/msg.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A roll range as printed: "<=2", "3-5", "7", ">=9"; "-" for none. */
void export_range(strbuf *sb, int64_t lo, int64_t hi);

/* A value of input i as written: an enum value's id, true/false, a number
 * (exact for a number input: 2.5). */
void export_input_value(strbuf *sb, const rtab_ruleset *rs, size_t i, int32_t v);

/* An int input written without a bound at one end ('int', 'int >= 0',
 * 'int <= 10') holds the largest integer the language writes there
 * (RTAB_INT_LIMIT, 1000000000): its end is open. A value computed from an
 * open end (a modifier's 'value losses + 1') lies at or past it. */
bool export_open_below(int64_t lo);
bool export_open_above(int64_t hi);

/* An int domain as written: "int 0..3", "int >= 0", "int <= 10", "int". */
void export_int_domain(strbuf *sb, int64_t lo, int64_t hi);

/* The values a computed number takes, signed as a modifier is: "0 … +4",
 * "≤ 0", "≥ +1"; "any" in language words where both ends are open. */
void export_signed_span(strbuf *sb, msg_lang words, int64_t lo, int64_t hi);

/* A number input's domain as written: "number 0..40 by 0.5" (rtab_input.step > 0). */
void export_number_domain(strbuf *sb, const rtab_ruleset *rs, const rtab_input *in);

const char *export_target_kind(int kind);
const char *export_target_id(const rtab_ruleset *rs, rtab_target t);

/* An effect as written: "retreat(defender, 2)". */
void export_effect_text(strbuf *sb, const rtab_ruleset *rs, const rtab_effect *e);

/* "units": [...] beside an effect's JSON arguments (null for a parameter
 * without one), when a parameter of its kind has a unit; nothing otherwise. */
void export_effect_units(json_writer *w, const rtab_effect_kind *k, const rtab_effect *e);

/* The units a ruleset declares, as its header writes them: "inches; cm = inches * 50 / 127 within 5%". */
void export_units_text(strbuf *sb, const rtab_ruleset *rs);
/* Where parameter p of n is a flag ({retreat?*} in its code): what its cell
 * prints where it is set ("*", len bytes); else NULL. */
const char *export_flag_text(const rtab_numeric_outcome *n, size_t p, size_t *len);
/* The numbers an outcome carries, by parameter: "e 8, lw 2", "e killed (100), lw 0",
 * a flag as its cell prints it ("retreat *", "retreat (not set)"); nothing for a
 * plain outcome. */
void export_outcome_numbers(strbuf *sb, const rtab_ruleset *rs, const rtab_outcome *o);
/* The parameters of a numeric outcome as declared: "enemy: int 0..99 or
 * killed = 100 code K, self: int 0..9, retreat: bool", a parameter whose bit
 * is set in flags (model_numeric_flags) a flag. */
void export_numeric_params_text(strbuf *sb, const rtab_numeric_outcome *n, unsigned flags);

#endif
