/* SPDX-License-Identifier: MIT */
/*
 * A JSON reader for the messages of the language server: a tree of values
 * in one arena, released at once when the message has been answered.
 */
#ifndef RTAB_LSP_JSON_VALUE_H
#define RTAB_LSP_JSON_VALUE_H

#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum jv_kind { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } jv_kind;

typedef struct jv {
	jv_kind kind;
	bool boolean;
	double number;
	char *string;        /* JV_STRING: decoded UTF-8, NUL-terminated; JV_NUMBER: its text as written */
	size_t len;          /* its length in bytes (a string may hold a NUL) */
	char *key;           /* a member of an object: its name */
	struct jv *first;    /* JV_ARRAY, JV_OBJECT: the items or members, in order */
	struct jv *next;
} jv;

/* Parse text (len bytes) into values allocated in a; NULL when it is not
 * one JSON value (surrounded by white space only), nested at most 64 deep. */
jv *jv_parse(arena *a, const char *text, size_t len);

/* The member key of an object, or NULL (also when o is NULL or no object). */
const jv *jv_get(const jv *o, const char *key);
/* The string of v, or NULL when v is no string. */
const char *jv_str(const jv *v);
/* The number of v as an integer in [lo, hi], or fallback when it is none. */
long jv_int(const jv *v, long lo, long hi, long fallback);
/* The value at a path of members ("position", "line"), or NULL. */
const jv *jv_path(const jv *o, const char *k1, const char *k2);

#endif
