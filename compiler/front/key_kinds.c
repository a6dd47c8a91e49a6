/* SPDX-License-Identifier: MIT */
#include "front/key_kinds.h"

#include <string.h>

static const char *const key_kind_names[] = {
#define RTAB_KEY(kind, name) [RTAB_KEY_##kind] = name,
#include "front/key_kinds.def"
};
_Static_assert(sizeof key_kind_names / sizeof *key_kind_names == KEY_KIND_COUNT,
	       "one line of key_kinds.def per key kind, numbered as rtab.h numbers them");

/* Every kind rtab.h declares has its line in key_kinds.def: this switch has
 * no default, and -Werror=switch-enum names a kind that is missing. */
static bool key_kind_known(rtab_key_kind kind)
{
	switch (kind) {
#define RTAB_KEY(kind, name) case RTAB_KEY_##kind:
#include "front/key_kinds.def"
		return true;
	}
	return false;
}

const char *key_kind_name(rtab_key_kind kind)
{
	return key_kind_known(kind) ? key_kind_names[kind] : "unknown";
}

static const struct key_form_entry {
	const char *word;
	rtab_key_kind kind;
	size_t nargs;
} key_forms[] = {
#define RTAB_KEY_FORM(form, word, kind, nargs) [KEY_FORM_##form] = {word, RTAB_KEY_##kind, nargs},
#include "front/key_kinds.def"
};
_Static_assert(sizeof key_forms / sizeof *key_forms == KEY_FORM_COUNT,
	       "one line of key_kinds.def per form of a key");

bool key_form_of_word(const char *word, key_form *out)
{
	for (size_t f = 0; f < KEY_FORM_COUNT; f++)
		if (strcmp(key_forms[f].word, word) == 0) {
			*out = (key_form)f;
			return true;
		}
	return false;
}

const char *key_form_word(key_form form)
{
	return key_forms[form].word;
}

rtab_key_kind key_form_kind(key_form form)
{
	return key_forms[form].kind;
}

size_t key_form_nargs(key_form form)
{
	return key_forms[form].nargs;
}
