/* SPDX-License-Identifier: MIT */
#include "base/json.h"

void json_string(strbuf *b, const char *s)
{
	if (s)
		sb_put_json_string(b, s);
	else
		sb_puts(b, "null");
}

void json_file_line(strbuf *b, const char *path, int line, int col)
{
	sb_puts(b, "\"file\": ");
	json_string(b, path);
	sb_printf(b, ", \"line\": %d, \"column\": %d", line, col);
}

json_writer json_writer_on(strbuf *out, bool compact)
{
	json_writer w = {0};
	w.out = out;
	w.compact = compact;
	return w;
}

json_writer json_writer_within(strbuf *out, bool compact)
{
	json_writer w = json_writer_on(out, compact);
	w.written[0] = true;
	return w;
}

/* What comes before a value or a key: a comma after the one before it, and
 * a line break where json_line_break asked for one. */
static void separate(json_writer *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->written[w->depth])
		sb_puts(w->out, w->line_break || w->compact ? "," : ", ");
	if (w->line_break)
		sb_puts(w->out, w->line_break);
	w->line_break = NULL;
	w->written[w->depth] = true;
}

void json_line_break(json_writer *w, const char *indent)
{
	w->line_break = indent;
}

static void open_container(json_writer *w, char bracket)
{
	separate(w);
	sb_putc(w->out, bracket);
	if (w->depth < JSON_WRITER_DEPTH)
		w->depth++;
	w->written[w->depth] = false;
}

static void close_container(json_writer *w, char bracket)
{
	/* A line break asked for before the close: the close starts a line,
	 * unless the container is empty ("[]" stays on its line). */
	if (w->line_break && w->written[w->depth])
		sb_puts(w->out, w->line_break);
	w->line_break = NULL;
	if (w->depth > 0)
		w->depth--;
	sb_putc(w->out, bracket);
}

void json_begin_object(json_writer *w)
{
	open_container(w, '{');
}

void json_end_object(json_writer *w)
{
	close_container(w, '}');
}

void json_begin_array(json_writer *w)
{
	open_container(w, '[');
}

void json_end_array(json_writer *w)
{
	close_container(w, ']');
}

void json_key(json_writer *w, const char *key)
{
	separate(w);
	sb_put_json_string(w->out, key);
	sb_puts(w->out, w->compact ? ":" : ": ");
	w->after_key = true;
}

void json_put_string(json_writer *w, const char *s)
{
	separate(w);
	json_string(w->out, s);
}

void json_put_string_n(json_writer *w, const char *s, size_t len)
{
	separate(w);
	sb_put_json_string_n(w->out, s, len);
}

void json_put_raw(json_writer *w, const char *json, size_t len)
{
	separate(w);
	sb_put(w->out, json, len);
}

void json_put_int(json_writer *w, long long v)
{
	separate(w);
	sb_printf(w->out, "%lld", v);
}

void json_put_bool(json_writer *w, bool v)
{
	separate(w);
	sb_puts(w->out, v ? "true" : "false");
}

void json_put_null(json_writer *w)
{
	separate(w);
	sb_puts(w->out, "null");
}

void json_member_string(json_writer *w, const char *key, const char *s)
{
	json_key(w, key);
	json_put_string(w, s);
}

void json_member_int(json_writer *w, const char *key, long long v)
{
	json_key(w, key);
	json_put_int(w, v);
}

void json_member_bool(json_writer *w, const char *key, bool v)
{
	json_key(w, key);
	json_put_bool(w, v);
}
