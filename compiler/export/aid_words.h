/*
 * What a card says in the reader's words: a condition, an effect, a trigger
 * of a ruleset written with the labels of its inputs, values, effects and
 * of what it triggers, in one locale; never an id where a label exists,
 * never the source's expression. Shared by the player aid's builder.
 */
#ifndef RTAB_AID_WORDS_H
#define RTAB_AID_WORDS_H

#include "export/export.h"

/* The label in the slot-th locale chosen, else the other one chosen, else fallback. */
const char *aid_word(const export_ctx *c, size_t slot, rtab_labels l, const char *fallback);

/* n_text of unit in the words of the aid's locale slot, in the form n
 * takes ("2 steps"; none as the language says it, "no steps"). */
void aid_count_words(strbuf *sb, const export_ctx *c, size_t slot, long long n, const char *n_text,
		     const char *unit);

/* A program in words ("Attacker's unit type: Light infantry or A broken unit
 * was eliminated ..."), appended to sb. as_input >= 0: the program is a
 * value given to that input, so that a constant reads as its value (an enum
 * value's label, yes or no). False, and sb as it was, for a form the words
 * do not cover (a lookup, an aggregate, a branch). */
bool aid_expr_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_expr *e, int as_input);

/* An effect: its label, then its arguments' labels and numbers
 * ("Retreat (Attacker, 2 hexes)"). */
void aid_effect_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_effect *e);

/* A trigger: what it leads to by its label, how many times, the situation
 * it passes on, when it does not happen and its rule ("Cavalry Pursuit, as
 * many times as ..., unless ... (11.7.1)"). */
void aid_trigger_words(strbuf *sb, const export_ctx *c, size_t slot, const rtab_trigger *t);

/* Whether two triggers are the same: target, conditions, count and what they pass on. */
bool aid_trigger_same(const rtab_trigger *a, const rtab_trigger *b);

#endif
