/* SPDX-License-Identifier: MIT */
/* How the C emitter writes the rows of a table. */
#ifndef RTAB_ROW_FORM_H
#define RTAB_ROW_FORM_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>

/* How the rows of a table are written: the narrow form of rtab_table (outcomes by a byte or
 * two, the distinct (rule, provisional) pairs once, a byte per row naming its pair) or, when
 * the pairs are more than a byte numbers, the wide rtab_row records. */
typedef struct row_form {
	size_t nlocales;	/* of the ruleset: the length of a note's rules */
	bool wide;
	bool outcome8;
	size_t nnotes;		/* distinct pairs; 0 when every row has (NULL, NULL) */
	rtab_row_note *notes;	/* the pairs in order of first use (allocated); a pair's rule
				   with its references per locale, if any */
	bool provisional;	/* some row has a provisional reason */
} row_form;

/* The form of the rows of table t of rs; its notes are allocated (free them). */
row_form row_form_of(const rtab_ruleset *rs, const rtab_table *t);
/* The number of a pair among the distinct ones a form found so far (form->nnotes when new);
 * pair `last` (the row before's) is tried first: rows in a run share theirs. */
size_t note_index(const row_form *form, const char *rule, rtab_labels rules, const char *why, size_t last);

#endif
