/* The paper sizes of printed pages (see paper.h). */
#include "export/paper.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name, *css; /* css: the CSS name of the size, or NULL for its points */
	double width, height;   /* portrait, in points */
} papers[] = {
	{"a4", "A4", 595.276, 841.89},
	{"a5", "A5", 419.528, 595.276},
	{"letter", "letter", 612, 792},
	{"legal", "legal", 612, 1008},
	{"half-letter", NULL, 396, 612},
	{"card", NULL, 360, 576},
};

const char paper_names[] = "a4, a5, letter, legal, half-letter or card, each also NAME-landscape";

#define LANDSCAPE "-landscape"

bool paper_find(const char *name, paper_size *out)
{
	char lower[32];
	size_t n = 0;
	if (!name)
		name = "a4";
	for (; name[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)tolower((unsigned char)name[n]);
	if (name[n])
		return false;
	lower[n] = '\0';
	bool landscape = n > strlen(LANDSCAPE) && strcmp(lower + n - strlen(LANDSCAPE), LANDSCAPE) == 0;
	if (landscape)
		lower[n - strlen(LANDSCAPE)] = '\0';
	for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++) {
		if (strcmp(papers[i].name, lower) != 0)
			continue;
		out->width = landscape ? papers[i].height : papers[i].width;
		out->height = landscape ? papers[i].width : papers[i].height;
		if (papers[i].css)
			snprintf(out->css, sizeof out->css, "%s%s", papers[i].css, landscape ? " landscape" : "");
		else
			snprintf(out->css, sizeof out->css, "%gpt %gpt", out->width, out->height);
		return true;
	}
	return false;
}

bool paper_bleed_parse(const char *text, long *um)
{
	long whole = 0, frac = 0;
	int digits = 0, decimals = -1; /* decimals: -1 before the point */
	for (const char *p = text ? text : ""; *p; p++) {
		if (*p == '.' && decimals < 0 && digits) {
			decimals = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || decimals >= 3 || digits >= 6)
			return false;
		if (decimals < 0) {
			whole = whole * 10 + (*p - '0');
		} else {
			frac = frac * 10 + (*p - '0');
			decimals++;
		}
		digits++;
	}
	if (!digits || decimals == 0) /* nothing, or "3." */
		return false;
	for (int d = decimals < 0 ? 0 : decimals; d < 3; d++)
		frac *= 10;
	*um = whole * 1000 + frac;
	return *um <= PAPER_BLEED_MAX_UM;
}
