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

/* The text of the English phrase id in the chosen language (id itself
 * when the catalogue has none). A format stays a format. */
#if defined(__GNUC__)
__attribute__((format_arg(1)))
#endif
const char *msg(const char *id);

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
