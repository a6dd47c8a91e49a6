/* SPDX-License-Identifier: MIT */
/*
 * The message catalogue: the headings, column names and fixed phrases of
 * the outputs a person reads, in the language chosen with --locale or by
 * the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). The catalogues
 * are po/LOCALE.po, compiled into rtab when it is built.
 */
#ifndef RTAB_MSG_H
#define RTAB_MSG_H

#include <stdbool.h>
#include <stddef.h>

/* A language of the catalogue. What renders in a language of its own (a
 * player aid in each of its locales, side by side; CSV always in English)
 * carries one and names it with each phrase (msg_in), rather than changing
 * the language the process chose. Zero is English. */
typedef struct msg_lang {
	size_t index; /* into the catalogue's languages */
} msg_lang;

/* The text of the English phrase id in the chosen language (id itself
 * when the catalogue has none). A format stays a format. */
#if defined(__GNUC__)
__attribute__((format_arg(1)))
#endif
const char *msg(const char *id);

/* The same in language l. */
#if defined(__GNUC__)
__attribute__((format_arg(2)))
#endif
const char *msg_in(msg_lang l, const char *id);

/* The language chosen (msg_use_locale, msg_use_environment). */
msg_lang msg_chosen(void);
/* English. */
msg_lang msg_english(void);
/* The language of a locale name ("ru_RU.UTF-8", "ru-RU", "ru"; "C" and
 * "POSIX" English) into *out: false, and *out as it was, for a language
 * the catalogue does not have. */
bool msg_find(const char *name, msg_lang *out);
/* The language's name: "en", "ru". */
const char *msg_lang_name(msg_lang l);

/* Choose the language: "ru", "ru_RU.UTF-8", "ru-RU" name Russian; "C" and
 * "POSIX" English. False, and nothing changed, for a language the
 * catalogue does not have. */
bool msg_use_locale(const char *name);
/* The language the environment asks for, if the catalogue has it. */
void msg_use_environment(void);
/* The language chosen: "en", "ru". */
const char *msg_locale(void);
/* The languages of the catalogue, as a message lists them: "en, ru". */
const char *msg_locales(void);

/* The phrases of the pages rtab site writes (the entries po/en.po marks
 * "#: web/..."), in each language of the catalogue but English that has
 * them: each(locale, the English phrase, its text in locale, arg). */
void msg_each_page_phrase(void (*each)(const char *locale, const char *id, const char *text, void *arg),
			  void *arg);

#endif
