/* SPDX-License-Identifier: MIT */
/* The message catalogues as po_compile.py compiles them into rtab. */
#ifndef RTAB_MSG_TABLE_H
#define RTAB_MSG_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#define MSG_MAX_LOCALES 4

typedef struct msg_entry {
	const char *id;                     /* the English text, as the source writes it */
	const char *text[MSG_MAX_LOCALES]; /* per locale, NULL: the id stands in */
	bool page;                          /* a phrase of the pages of rtab site ("#: web/...") */
} msg_entry;

extern const size_t msg_nlocales;
extern const char *const msg_locale_names[];
extern const size_t msg_nentries;
extern const msg_entry msg_entries[]; /* sorted by id, byte by byte */

#endif
