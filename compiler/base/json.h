/* SPDX-License-Identifier: MIT */
/*
 * Writing JSON: a writer of objects, arrays, keys and values that puts the
 * commas, the colons and the escapes itself, so that a printer names what it
 * writes and never spells JSON's punctuation; and the pieces every printer
 * of JSON writes alike (diagnostics, eval, odds, diff, verify, vectors): a
 * string or null, and a place in a file.
 */
#ifndef RTAB_BASE_JSON_H
#define RTAB_BASE_JSON_H

#include "base/escape.h"

#include <stdbool.h>

/* How deep a writer's arrays and objects nest. */
#define JSON_WRITER_DEPTH 32

/* A writer appending to out: compact ('{"a":1,"b":[2]}', the protocol of
 * rtab lsp) or spaced ('{"a": 1, "b": [2]}', as rtab's reports print). */
typedef struct json_writer {
	strbuf *out;
	bool compact;
	bool after_key;               /* a key is written: its value follows */
	const char *line_break;       /* set by json_line_break: what follows the next comma */
	int depth;                    /* open arrays and objects */
	bool written[JSON_WRITER_DEPTH + 1]; /* a value (or member) is written at each depth */
} json_writer;

json_writer json_writer_on(strbuf *out, bool compact);
/* A writer continuing an object (or array) another printer opened and has
 * written into: its first member follows a comma. */
json_writer json_writer_within(strbuf *out, bool compact);
void json_begin_object(json_writer *w);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w);
void json_end_array(json_writer *w);
/* The next item (or member) starts a line: a line break and indent
 * ("\n  ") follow the comma before it, for a report a reader reads too.
 * Asked for before a close, the close of a container that holds anything
 * starts a line (an empty one closes where it opened). */
void json_line_break(json_writer *w, const char *indent);
/* A member's name; its value is the next thing written. */
void json_key(json_writer *w, const char *key);
/* Values: a string (NULL: null), an integer, a boolean, null. */
void json_put_string(json_writer *w, const char *s);
void json_put_int(json_writer *w, long long v);
void json_put_bool(json_writer *w, bool v);
void json_put_null(json_writer *w);
/* A string of len bytes (it may hold a NUL). */
void json_put_string_n(json_writer *w, const char *s, size_t len);
/* A value written as JSON already (a result another printer wrote, a
 * number's text as it came): put as it is. */
void json_put_raw(json_writer *w, const char *json, size_t len);
/* A member with its value, the common case: json_key, then the value. */
void json_member_string(json_writer *w, const char *key, const char *s);
void json_member_int(json_writer *w, const char *key, long long v);
void json_member_bool(json_writer *w, const char *key, bool v);

/* s as a JSON string, or null when s is NULL. */
void json_string(strbuf *b, const char *s);

/* "file": PATH, "line": LINE, "column": COL (the members, without braces;
 * PATH NULL: null, for what concerns no file). */
void json_file_line(strbuf *b, const char *path, int line, int col);

#endif
