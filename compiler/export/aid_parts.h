/*
 * What the builders of the player aid share (aid.c, which makes a unit per
 * table, matrix and ratio band; aid_grid.c, a results table's grid;
 * aid_modifiers.c, its modifiers and caps; aid_notes.c, what its grid does
 * not say): the parts of a unit, the proof's marks, and the words of a
 * table's cells, headers and outcomes. Inside export/ only.
 */
#ifndef RTAB_AID_PARTS_H
#define RTAB_AID_PARTS_H

#include "export/aid_doc.h"

#define MINUS "\xE2\x88\x92"     /* U+2212: the minus sign a card prints */
#define AT_MOST "\xE2\x89\xA4"   /* U+2264 */
#define EN_DASH "\xE2\x80\x93"   /* U+2013: between a range's ends when one is below 0 */
#define NO_RESULT "\xE2\x80\x94" /* U+2014: no result printed here */
#define DAGGER "\xE2\x80\xA0"    /* provisional: the proof's mark */

/* The aid's reading of a table's key: its columns one per value of an input
 * (else computed), and a computed key's steps as odds (else values). */
typedef struct key_reading {
	bool by_input, odds, by_enum; /* by_enum: a grid per value of the first enum, a column per value of the second */
} key_reading;

key_reading aid_key_reading_of(const rtab_table *t);

/* A part at the end of u, zeroed but for its kind. */
aid_part *aid_part_new(aid_unit *u, aid_part_kind kind);
/* sb as a paragraph of u (trailing newlines dropped; nothing if empty); sb cleared. */
void aid_text_part(aid_unit *u, strbuf *sb);
/* Each line of sb a paragraph of its own, so that a page may end between them; sb cleared. */
void aid_text_lines(aid_unit *u, strbuf *sb);

/* In a proof (--proof), a provisional reading: its mark after what sb
 * prints, its reason (why) kept for the list under the unit, each once. */
void aid_proof_mark(const export_ctx *c, aid_unit *u, strbuf *sb, const char *why);
/* The reasons of a proof's marks, as paragraphs under the unit they mark. */
void aid_proof_reasons(aid_unit *u);

/* v signed as a card prints it: "+1", "−2" (U+2212), "0". */
void aid_put_signed(strbuf *sb, long v);

/* What a cell prints for outcome o: its code (when codes), else its label. */
const char *aid_outcome_text(const export_ctx *c, size_t slot, uint16_t o, bool codes);
/* Column j's header as the page writes it: its label, else the labels of
 * the values of the column input it serves, else its name as written. */
void aid_column_header(strbuf *sb, const export_ctx *c, size_t slot, const rtab_table *t, size_t j);
/* Whether table t counts modifier m: a table with a step only those of its step. */
bool aid_counts(const rtab_table *t, const rtab_modifier *m);
/* The outcomes t gives, into out (room for every outcome), in the order a
 * reader meets them: its rows, end columns, natural rolls, what its
 * rewrites give; how many. */
size_t aid_table_outcomes(const rtab_ruleset *rs, const rtab_table *t, uint16_t *out);

/* The grid of t as its page prints it (a grid per value of an input for a
 * table read by an input and a key), and the ends of odds lines. */
void aid_results_grid(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, bool codes);
/* What the codes of t's grid stand for, into sb: "DR: Defender retreats; ...". */
void aid_code_legend(const export_ctx *c, size_t slot, const rtab_table *t, strbuf *sb);

/* A grid of the modifiers mods[0..n) that t counts, headed what (label,
 * value signed from the side's point of view, condition in words); each
 * one's group marked in groups. Nothing when t counts none. */
void aid_modifier_grid(const export_ctx *c, size_t slot, const rtab_table *t, const uint16_t *mods, size_t n,
		       aid_unit *u, const char *what, bool *groups);
/* The caps of the groups marked and of t itself, a line each, into sb. */
void aid_caps(const export_ctx *c, size_t slot, const rtab_table *t, const bool *groups, strbuf *sb);

/* Under a CRT's grid, into sb: how a key between two columns reads, where
 * column shifts stop, what an end column gives without a roll, and what
 * a cell of no result means (when u's grids print one). */
void aid_key_notes(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb, bool codes);
/* What each result of t does, a line each into sb, and what every result
 * triggers said once, first. */
void aid_result_effects(const export_ctx *c, size_t slot, const rtab_table *t, aid_unit *u, strbuf *sb,
			bool codes);

#endif
