/* SPDX-License-Identifier: MIT */
/* A unit in the reader's words after a number (see unit_words.h). */
#include "base/unit_words.h"

#include "base/plural.h"

#include <string.h>

/* The units rtab knows by name, in the reader's words after a number: the
 * word for one ("hex", "гекс"), the unit's name for more ("hexes", and in
 * Russian for 2-4, "гекса"), and Russian's form for 5 or more and the teens
 * ("гексов"), each a phrase of the catalogue. */
static const struct {
	const char *name, *one, *many;
} known_units[] = {
	{"hexes", /* msg("hexes") */ "hex" /* msg("hex") */, "hexes (5 or more)" /* msg("hexes (5 or more)") */},
	{"inches", /* msg("inches") */ "inch" /* msg("inch") */, "inches (5 or more)" /* msg("inches (5 or more)") */},
	{"feet", /* msg("feet") */ "foot" /* msg("foot") */, "feet (5 or more)" /* msg("feet (5 or more)") */},
	{"yards", /* msg("yards") */ "yard" /* msg("yard") */, "yards (5 or more)" /* msg("yards (5 or more)") */},
	{"paces", /* msg("paces") */ "pace" /* msg("pace") */, "paces (5 or more)" /* msg("paces (5 or more)") */},
	{"squares", /* msg("squares") */ "square" /* msg("square") */,
	 "squares (5 or more)" /* msg("squares (5 or more)") */},
	{"miles", /* msg("miles") */ "mile" /* msg("mile") */, "miles (5 or more)" /* msg("miles (5 or more)") */},
	{"mm", /* msg("mm") */ "mm", "mm"},
	{"cm", /* msg("cm") */ "cm", "cm"},
	{"m", /* msg("m") */ "m", "m"},
	{"km", /* msg("km") */ "km", "km"},
};

void unit_after_number(strbuf *sb, msg_lang words, const char *lang, long long n, const char *unit,
		       const char *own)
{
	if (own) {
		size_t want = strchr(own, '|') ? plural_form(lang, n) : 0;
		for (size_t f = 0; f < want && strchr(own, '|'); f++)
			own = strchr(own, '|') + 1;
		const char *end = strchr(own, '|');
		sb_printf(sb, "%.*s", (int)(end ? (size_t)(end - own) : strlen(own)), own);
		return;
	}
	size_t k = 0, count = sizeof known_units / sizeof known_units[0];
	while (k < count && strcmp(known_units[k].name, unit) != 0)
		k++;
	if (k == count) {
		sb_puts(sb, unit);
		return;
	}
	/* The catalogue holds a unit's words under its forms in English: one, more,
	 * and "(5 or more)" for a language's third form. */
	const char *in = msg_lang_name(words);
	size_t form = plural_form(in, n);
	const char *id = form == 0 ? known_units[k].one : form == 1 || plural_forms(in) < 3
		? known_units[k].name : known_units[k].many;
	sb_puts(sb, msg_in(words, id));
}

void unit_count(strbuf *sb, msg_lang words, const char *lang, long long n, const char *n_text, const char *unit,
		const char *own)
{
	strbuf said = {0};
	unit_after_number(&said, words, lang, n, unit, own);
	if (n == 0)
		/* "none steps" reads as no language does: the catalogue says it
		 * ("no %s"; Russian keeps the number, "0 %s", as its tables do). */
		sb_printf(sb, msg_in(words, "no %s"), said.data ? said.data : "");
	else
		sb_printf(sb, "%s %s", n_text, said.data ? said.data : "");
	sb_free(&said);
}
