/* SPDX-License-Identifier: MIT */
/* The reason text of the generated C (see reason_text.h). */
#include "codegen/reason_text.h"

#include "base/escape.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void reason_text_ref(reason_text *rt, strbuf *o, const char *why)
{
	int n;
	if (!why) {
		sb_puts(o, "NULL");
		return;
	}
	n = idmap_get(&rt->numbers, why);
	if (n < 0 && rt->count < UINT16_MAX) {
		if (rt->count == rt->cap) {
			rt->cap = rt->cap ? 2 * rt->cap : 64;
			rt->texts = xrealloc(rt->texts, rt->cap * sizeof *rt->texts);
		}
		rt->texts[rt->count++] = why;
		n = (int)rt->count;
		idmap_put(&rt->numbers, why, n);
	}
	if (n < 0)
		sb_put_c_string(o, why); /* past the numbers: told apart by its text */
	else
		sb_printf(o, "reason_text.r%d + 2", n);
}

int reason_text_number(const reason_text *rt, const char *why)
{
	int n = why ? idmap_get(&rt->numbers, why) : -1;
	return n > 0 ? n : 0;
}

void reason_text_define(const reason_text *rt, strbuf *o)
{
	if (!rt->count)
		return;
	sb_puts(o, "\n/* Every reason of the data once, after its number (two bytes, the low first): the\n"
		   " * runtime tells one reason from another by its number (rtab_ruleset.reason_text). */\n"
		   "static const struct {\n");
	for (size_t k = 0; k < rt->count; k++)
		sb_printf(o, "\tchar r%zu[%zu];\n", k + 1, strlen(rt->texts[k]) + 3);
	sb_puts(o, "} reason_text = {\n");
	for (size_t k = 0; k < rt->count; k++) {
		size_t n = k + 1;
		sb_printf(o, "\t\"\\%03o\\%03o\" ", (unsigned)(n & 0xff), (unsigned)(n >> 8));
		sb_put_c_string(o, rt->texts[k]);
		sb_puts(o, ",\n");
	}
	sb_puts(o, "};\n");
}

void reason_text_free(reason_text *rt)
{
	idmap_free(&rt->numbers);
	free(rt->texts);
	memset(rt, 0, sizeof *rt);
}
