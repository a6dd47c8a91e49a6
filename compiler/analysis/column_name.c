/* SPDX-License-Identifier: MIT */
#include "analysis/column_name.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* A whole number at *p with an optional sign; *p moves past it. */
static bool read_whole(const char **p, long long *value)
{
	const char *s = *p;
	bool negative = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	if (*s < '0' || *s > '9')
		return false;
	long long v = 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (v > (1LL << 40)) /* far past any step a column may have */
			return false;
		v = v * 10 + (*s - '0');
	}
	*value = negative ? -v : v;
	*p = s;
	return true;
}

/* Whether s starts with prefix; if so, *s moves past it. */
static bool take(const char **s, const char *prefix)
{
	size_t n = strlen(prefix);
	if (strncmp(*s, prefix, n) != 0)
		return false;
	*s += n;
	return true;
}

const char *column_name(const rtab_column *col, char buf[COLUMN_NAME_MAX])
{
	const char *s = col->id;
	if (!s)
		return "";
	bool at_most = take(&s, "<=") || take(&s, "\xe2\x89\xa4");   /* ≤ */
	bool at_least = !at_most && (take(&s, ">=") || take(&s, "\xe2\x89\xa5")); /* ≥ */
	long long lo, hi;
	if (!read_whole(&s, &lo))
		return col->id;
	if (at_most || at_least) {
		if (*s)
			return col->id;
		snprintf(buf, COLUMN_NAME_MAX, at_most ? "<=%lld" : "%lld+", lo);
		return buf;
	}
	if (strcmp(s, "+") == 0) {
		snprintf(buf, COLUMN_NAME_MAX, "%lld+", lo);
		return buf;
	}
	if (!*s) {
		snprintf(buf, COLUMN_NAME_MAX, "%lld", lo);
		return buf;
	}
	if (!(take(&s, "..") || take(&s, "-")) || !read_whole(&s, &hi) || *s)
		return col->id;
	if (lo == hi)
		snprintf(buf, COLUMN_NAME_MAX, "%lld", lo);
	else
		snprintf(buf, COLUMN_NAME_MAX, lo < 0 || hi < 0 ? "%lld..%lld" : "%lld-%lld", lo, hi);
	return buf;
}
