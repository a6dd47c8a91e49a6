/* SPDX-License-Identifier: MIT */
#include "front/layer_file.h"

#include "base/util.h"

#include <string.h>

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static size_t after_bom(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Blanks and comments from i on: where the first token begins. When a
 * comment says '# base: PATH' and *base is NULL, *base is set to PATH (to
 * free); base may be NULL. */
static size_t skip_comments(const char *text, size_t len, size_t i, char **base)
{
	while (i < len) {
		if (strchr(" \t\r\n", text[i])) {
			i++;
		} else if (text[i] == '#' || (text[i] == '/' && i + 1 < len && text[i + 1] == '/')) {
			size_t end = i;
			while (end < len && text[end] != '\n')
				end++;
			static const char tag[] = "# base:";
			if (base && !*base && end - i > sizeof tag - 1 && memcmp(text + i, tag, sizeof tag - 1) == 0) {
				size_t from = i + sizeof tag - 1, to = end;
				while (from < to && strchr(" \t", text[from]))
					from++;
				while (to > from && strchr(" \t\r", text[to - 1]))
					to--;
				if (to > from)
					*base = xstrndup(text + from, to - from);
			}
			i = end;
		} else if (text[i] == '/' && i + 1 < len && text[i + 1] == '*') {
			size_t end = len;
			for (size_t k = i + 2; k + 1 < len; k++)
				if (text[k] == '*' && text[k + 1] == '/') {
					end = k + 2;
					break;
				}
			i = end;
		} else {
			break;
		}
	}
	return i;
}

bool layer_file_has_header(const char *text, size_t len)
{
	size_t i = skip_comments(text, len, after_bom(text, len), NULL);
	static const char kw[] = "ruleset";
	return len - i >= sizeof kw - 1 && memcmp(text + i, kw, sizeof kw - 1) == 0 &&
	       (len - i == sizeof kw - 1 || !ident_char(text[i + sizeof kw - 1]));
}

char *layer_file_base(const char *text, size_t len)
{
	char *named = NULL;
	skip_comments(text, len, after_bom(text, len), &named);
	return named;
}

char *layer_file_base_path(const char *layer_path, const char *named)
{
	if (named[0] == '/')
		return xstrdup(named);
	const char *slash = strrchr(layer_path, '/');
	return slash ? xasprintf("%.*s/%s", (int)(slash - layer_path), layer_path, named) : xstrdup(named);
}
