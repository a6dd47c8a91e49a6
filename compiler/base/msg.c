/* SPDX-License-Identifier: MIT */
#include "base/msg.h"

#include "base/msg_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static msg_lang chosen; /* English until a language is chosen */

static int by_id(const void *key, const void *entry)
{
	return strcmp(key, ((const msg_entry *)entry)->id);
}

const char *msg_in(msg_lang l, const char *id)
{
	if (l.index == 0 || l.index >= msg_nlocales)
		return id;
	const msg_entry *e = bsearch(id, msg_entries, msg_nentries, sizeof *msg_entries, by_id);
	return e && e->text[l.index] ? e->text[l.index] : id;
}

const char *msg(const char *id)
{
	return msg_in(chosen, id);
}

msg_lang msg_chosen(void)
{
	return chosen;
}

msg_lang msg_english(void)
{
	return (msg_lang){0};
}

const char *msg_lang_name(msg_lang l)
{
	return msg_locale_names[l.index < msg_nlocales ? l.index : 0];
}

/* The language of a locale name: "ru_RU.UTF-8" -> "ru". */
static size_t language(const char *name, char *out, size_t n)
{
	size_t k = 0;
	while (name[k] && name[k] != '_' && name[k] != '-' && name[k] != '.' && name[k] != '@' &&
	       name[k] != ':' && k + 1 < n) {
		out[k] = name[k];
		k++;
	}
	out[k] = '\0';
	return k;
}

bool msg_find(const char *name, msg_lang *out)
{
	char lang[16];
	if (!name || !language(name, lang, sizeof lang))
		return false;
	if (strcmp(lang, "C") == 0 || strcmp(lang, "POSIX") == 0)
		strcpy(lang, "en");
	for (size_t i = 0; i < msg_nlocales; i++)
		if (strcmp(msg_locale_names[i], lang) == 0) {
			out->index = i;
			return true;
		}
	return false;
}

bool msg_use_locale(const char *name)
{
	return msg_find(name, &chosen);
}

void msg_use_environment(void)
{
	static const char *const vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
	for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);
		if (!v || !*v)
			continue;
		/* LANGUAGE is a list, "ru:en": its first language the catalogue has. */
		for (const char *p = v; p && *p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL)
			if (msg_use_locale(p))
				return;
		if (i > 0)
			return; /* the first of LC_ALL, LC_MESSAGES, LANG that is set decides */
	}
}

const char *msg_locale(void)
{
	return msg_lang_name(chosen);
}

const char *msg_locales(void)
{
	static char list[64];
	if (!list[0])
		for (size_t i = 0; i < msg_nlocales; i++) {
			size_t used = strlen(list);
			snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", msg_locale_names[i]);
		}
	return list;
}

void msg_each_page_phrase(void (*each)(const char *locale, const char *id, const char *text, void *arg),
			  void *arg)
{
	for (size_t l = 1; l < msg_nlocales; l++)
		for (size_t i = 0; i < msg_nentries; i++)
			if (msg_entries[i].page && msg_entries[i].text[l])
				each(msg_locale_names[l], msg_entries[i].id, msg_entries[i].text[l], arg);
}
