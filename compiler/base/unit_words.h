/* SPDX-License-Identifier: MIT */
/*
 * A unit in the reader's words after a number: "1 hex", "2 hexes", in
 * Russian "1 гекс", "2 гекса", "5 гексов" (the form the number takes,
 * plural.h); a count of nothing as a sentence says it ("no steps"). Shared
 * by the labels of results that carry numbers (check) and the player aid's
 * conditions and effects (export).
 */
#ifndef RTAB_BASE_UNIT_WORDS_H
#define RTAB_BASE_UNIT_WORDS_H

#include "base/msg.h"
#include "base/util.h"

/* The words of unit after the number n: the forms own gives, one per form
 * of language lang separated by '|' ("step|steps", a ruleset's declaration
 * in lang; a word that never changes as one form); without own, the words
 * the message catalogue has for a unit rtab knows by name (hexes, inches,
 * feet ...) in the catalogue's language words; else the unit's name. */
void unit_after_number(strbuf *sb, msg_lang words, const char *lang, long long n, const char *unit,
		       const char *own);

/* n of unit as a sentence says it, the number as n_text writes it: "2
 * steps", "1 step"; none (n 0) as the catalogue's "no %s" says it, in the
 * form 0 takes ("no steps", "keine Schritte", "0 шагов"). */
void unit_count(strbuf *sb, msg_lang words, const char *lang, long long n, const char *n_text, const char *unit,
		const char *own);

#endif
