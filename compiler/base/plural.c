/* SPDX-License-Identifier: MIT */
#include "base/plural.h"

#include <string.h>

/* The Slavic rule of one, few and many (Russian, Ukrainian, Belarusian). */
static int slavic(const char *lang)
{
	return strncmp(lang, "ru", 2) == 0 || strncmp(lang, "uk", 2) == 0 || strncmp(lang, "be", 2) == 0;
}

size_t plural_forms(const char *lang)
{
	return lang && slavic(lang) ? 3 : 2;
}

size_t plural_form(const char *lang, long long n)
{
	unsigned long long a = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
	if (!lang || !slavic(lang))
		return a == 1 ? 0 : 1;
	unsigned long long last = a % 10, teens = a % 100;
	if (last == 1 && teens != 11)
		return 0;
	if (last >= 2 && last <= 4 && !(teens >= 12 && teens <= 14))
		return 1;
	return 2;
}

const char *plural_form_use(const char *lang, size_t form)
{
	static const char *const two[] = {"1", "any other number"};
	static const char *const three[] = {"1, 21, 31 ...", "2-4, 22-24 ...", "5-20, 25-30 ... and 0"};
	if (lang && slavic(lang))
		return form < 3 ? three[form] : "";
	return form < 2 ? two[form] : "";
}
