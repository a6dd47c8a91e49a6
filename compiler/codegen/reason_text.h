/* SPDX-License-Identifier: MIT */
/* The reason text of the generated C: every provisional reason of a ruleset's data written once,
 * after its number, and each reason of the data pointing into it (rtab_ruleset.reason_text). */
#ifndef RTAB_REASON_TEXT_H
#define RTAB_REASON_TEXT_H

#include "base/util.h"

#include <stddef.h>

/* The numbers the reasons written so far got, from 1, in the order they were first written. */
typedef struct reason_text {
	idmap numbers;      /* text -> its number */
	const char **texts; /* texts[n - 1]: the text of number n (not copied) */
	size_t count, cap;
} reason_text;

/* The C expression of reason why in the data (numbered at its first use): "NULL" for none, its
 * text in the reason text ("reason_text.r7 + 2"), or a literal once the 16-bit numbers are spent. */
void reason_text_ref(reason_text *rt, strbuf *o, const char *why);

/* The number of why in the reason text (from 1), or 0: not numbered (no reason, or one written
 * as a literal). */
int reason_text_number(const reason_text *rt, const char *why);

/* The definition of the reason text the references name (nothing when there is none). */
void reason_text_define(const reason_text *rt, strbuf *o);

void reason_text_free(reason_text *rt);

#endif
