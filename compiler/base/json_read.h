/* SPDX-License-Identifier: MIT */
/*
 * Reading JSON, the one reader of rtab: a small tree of values, for what rtab
 * reads back (the answers of a port under rtab conform) and the messages of
 * the language server (rtab lsp). Numbers keep their text and their value.
 */
#ifndef RTAB_BASE_JSON_READ_H
#define RTAB_BASE_JSON_READ_H

#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json_value json_value;
struct json_value {
	json_kind kind;
	bool boolean;
	double number;
	char *text;	       /* a string's text, a number's as written (NUL-terminated) */
	size_t len;	       /* its length in bytes: a string may hold a NUL */
	size_t n;	       /* the items of an array, the members of an object */
	json_value **items;    /* values of an array or object */
	char **keys;	       /* names of an object's members */
};

/* The value that text (all of it, but for white space) holds, or NULL with
 * *error (static) saying what is wrong and *where the byte offset. Arrays
 * and objects nest at most 64 deep. */
json_value *json_parse(const char *text, const char **error, size_t *where);
/* The same of the len bytes at text (a message's body, not NUL-terminated). */
json_value *json_parse_n(const char *text, size_t len, const char **error, size_t *where);
void json_value_free(json_value *v);

/* The member of an object named key, or NULL (also when v is NULL or no object). */
const json_value *json_member(const json_value *v, const char *key);
/* The member key2 of the member key1 ("position", "line"), or NULL. */
const json_value *json_path(const json_value *v, const char *key1, const char *key2);
/* The text of a string, or NULL when v is no string. */
const char *json_str(const json_value *v);
/* The number of v as an integer in [lo, hi], or fallback when it is none. */
long json_int(const json_value *v, long lo, long hi, long fallback);

/* Whether two values are equal: numbers by value, objects whatever the order
 * of their members. */
bool json_equal(const json_value *a, const json_value *b);

/* v written back as compact JSON. */
void json_write(strbuf *b, const json_value *v);

#endif
