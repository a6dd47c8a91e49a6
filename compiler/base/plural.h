/* SPDX-License-Identifier: MIT */
/*
 * The form a word takes after a number, by the rules of a language: English
 * and German one form for 1 and one for any other number; Russian one for
 * 1, 21, 31 ... (not 11), one for 2-4, 22-24 ... (not 12-14) and one for the
 * rest. A language not listed takes English's rule.
 */
#ifndef RTAB_BASE_PLURAL_H
#define RTAB_BASE_PLURAL_H

#include <stddef.h>

/* How many forms a word has in lang ("en", "ru_RU"...): 2 or 3. */
size_t plural_forms(const char *lang);

/* Which of them, from 0, follows the number n. */
size_t plural_form(const char *lang, long long n);

/* What each form is for, as a message says it ("1", "2-4", "5 or more"). */
const char *plural_form_use(const char *lang, size_t form);

#endif
