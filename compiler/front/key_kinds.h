/* SPDX-License-Identifier: MIT */
/* The key kinds and the forms of a computed key (front/key_kinds.def). */
#ifndef RTAB_KEY_KINDS_H
#define RTAB_KEY_KINDS_H

#include "rtab.h"

#include <stdbool.h>
#include <stddef.h>

/* How 'columns by WORD(...)' writes a computed key, one per RTAB_KEY_FORM. */
typedef enum key_form {
#define RTAB_KEY_FORM(form, ...) KEY_FORM_##form,
#include "front/key_kinds.def"
} key_form;

enum {
	KEY_KIND_COUNT = 0
#define RTAB_KEY(kind, name) +1
#include "front/key_kinds.def"
	,
	KEY_FORM_COUNT = 0
#define RTAB_KEY_FORM(form, ...) +1
#include "front/key_kinds.def"
};

/* A table's key kind as the enum a switch tests (rtab_table keeps a byte). */
static inline rtab_key_kind table_key_kind(const rtab_table *t)
{
	return (rtab_key_kind)t->key_kind;
}

/* The second enum input of a table keyed by two enums (RTAB_KEY_ENUM): the
 * input key_a reads, or -1. */
static inline int table_enum_key_input(const rtab_table *t)
{
	switch (table_key_kind(t)) {
	case RTAB_KEY_ENUM:
		break;
	case RTAB_KEY_INPUT:
	case RTAB_KEY_ODDS:
	case RTAB_KEY_VALUE:
		return -1;
	}
	if (t->key_a.ninstrs != 1 || t->key_a.instrs[0].op != RTAB_OP_INPUT)
		return -1;
	return (int)t->key_a.instrs[0].arg;
}

/* The kind's name in the JSON export and listings ("odds"). */
const char *key_kind_name(rtab_key_kind kind);

/* The form 'columns by WORD(...)' names; false for a word that names none. */
bool key_form_of_word(const char *word, key_form *out);
const char *key_form_word(key_form form);
rtab_key_kind key_form_kind(key_form form);
size_t key_form_nargs(key_form form);

#endif
