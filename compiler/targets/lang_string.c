/* SPDX-License-Identifier: MIT */
/* A string literal as the languages of the targets write it. */
#include "targets/lang_string.h"
#include "base/escape.h"

void lang_put_string(strbuf *b, const char *s, bool lua_bytes)
{
	size_t reorders;
	unsigned code;
	sb_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\') {
			sb_putc(b, '\\');
			sb_putc(b, (char)*p);
		} else if (*p == '\n') {
			sb_puts(b, "\\n");
		} else if (*p < 0x20 || *p == 0x7F) {
			sb_printf(b, lua_bytes ? "\\%03u" : "\\u%04x", (unsigned)*p);
		} else if ((reorders = reordering_char_len((const char *)p, &code)) > 0) {
			/* Raw, it would reorder or break the line a reader sees (and
			 * U+2028 and U+2029 end a line in older JavaScript). */
			if (lua_bytes)
				for (size_t i = 0; i < reorders; i++)
					sb_printf(b, "\\%03u", (unsigned)p[i]);
			else
				sb_printf(b, "\\u%04x", code);
			p += reorders - 1;
		} else {
			sb_putc(b, (char)*p);
		}
	}
	sb_putc(b, '"');
}
