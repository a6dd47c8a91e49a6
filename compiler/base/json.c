/* SPDX-License-Identifier: MIT */
#include "base/json.h"

void json_string(strbuf *b, const char *s)
{
	if (s)
		sb_put_json_string(b, s);
	else
		sb_puts(b, "null");
}

void json_file_line(strbuf *b, const char *path, int line, int col)
{
	sb_puts(b, "\"file\": ");
	json_string(b, path);
	sb_printf(b, ", \"line\": %d, \"column\": %d", line, col);
}
