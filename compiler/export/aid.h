/*
 * The player aid a publisher prints: each results table as its page shows
 * it (roll ranges as printed, result text or codes, automatic ends as end
 * columns, notes), its modifiers as the card lists them (label, value signed
 * from the side's point of view, condition in words, caps), and each matrix
 * as a labelled grid; in one locale, with no ids and no source expressions.
 * One document, laid out by the HTML (aid_html.c) and the PDF (aid_pdf.c)
 * writers alike.
 */
#ifndef RTAB_AID_H
#define RTAB_AID_H

#include "export/aid_doc.h"
#include "export/export.h"
#include "export/paper.h"

/* The aid in the slot-th locale chosen (c->locales[slot]), its fixed
 * phrases in that locale's language whatever c->words says (English where
 * the catalogue lacks it: aid_doc_words). */
void aid_build(const export_ctx *c, size_t slot, aid_doc *d);
void aid_free(aid_doc *d);
/* The aid in every locale chosen, docs[i] in c->locales[i]; and freed. */
void aid_build_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES]);
void aid_free_all(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES]);
/* The aid in every locale chosen, each line that differs from the same
 * aid of c->since (--changes-since) marked for a change bar. */
void aid_build_marked(const export_ctx *c, aid_doc docs[EXPORT_MAX_LOCALES]);
/* Mark in d what old, the same aid of another edition, does not print: a
 * grid's line whose cells no line of old's grid in the same place has, a
 * paragraph old's unit does not have, every part of a unit old has not. */
void aid_mark_changes(aid_doc *d, const aid_doc *old);
/* How many provisional readings the aid prints, unmarked (a row, an end
 * column, a natural roll, a rewrite, a trigger, a modifier, a die, a matrix
 * cell, a ratio step): the proof (--proof) marks them. */
size_t aid_provisional_printed(const export_ctx *c);
/* The end of an aid's emitter: its begin writes the whole document. */
void aid_emit_end(export_ctx *c);

/* Documents as PDF pages into out (on paper as paper_find names it, else
 * A4), the units of each in turn (every doc as many): each unit, a heading
 * and its parts, never split from its heading; every page numbered. With
 * trim->marks, each page on a larger sheet with its trim and bleed boxes
 * and crop marks (NULL: none). Into unset (unless NULL) the characters the
 * pages print that no installed font has a glyph for, as UTF-8, each once
 * (aid_unset_warning says so). Only where export_pdf_unavailable is NULL;
 * false when the boxes could not be written. */
bool aid_pdf_write(strbuf *out, const aid_doc *docs, size_t ndocs, const char *paper, const paper_trim *trim,
		   strbuf *unset);

/* What a command says of the characters aid_pdf_write found no glyph for
 * (unset, UTF-8): which they are, that they print as boxes, and how to get
 * them printed; empty when there are none. */
void aid_unset_warning(strbuf *sb, const char *unset);

#endif
