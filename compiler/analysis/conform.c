/* SPDX-License-Identifier: MIT */
/* The fields of a conformance vector a port must match, and those it may. */
#include "analysis/conform.h"
#include "base/json.h"

#include <stdbool.h>
#include <string.h>

/* What a vector resolves: the key that names it. */
static const char *const what_keys[] = {"table", "reactions", "transition", "distance", "procedure", "chain"};
/* The rest of the situation ("then": the faces of what a chain triggers). */
static const char *const situation_keys[] = {"inputs", "faces", "drm", "then"};
/* Compared when the port gives them: a port need not report every
 * provisional reason (the first is `provisional`). */
static const char *const optional_keys[] = {"reasons"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool among(const char *key, const char *const *keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(key, keys[i]) == 0)
			return true;
	return false;
}

static const char *what_key(const json_value *vector)
{
	for (size_t i = 0; i < COUNT(what_keys); i++) {
		const json_value *name = json_member(vector, what_keys[i]);
		if (name && name->kind == JSON_STRING)
			return what_keys[i];
	}
	return NULL;
}

char *conform_situation(const json_value *vector)
{
	if (!what_key(vector))
		return NULL;
	strbuf b = {0};
	sb_putc(&b, '{');
	for (size_t i = 0; i < vector->n; i++) {
		const char *key = vector->keys[i];
		if (!among(key, what_keys, COUNT(what_keys)) && !among(key, situation_keys, COUNT(situation_keys)))
			continue;
		if (b.len > 1)
			sb_puts(&b, ", ");
		json_string(&b, key);
		sb_puts(&b, ": ");
		json_write(&b, vector->items[i]);
	}
	sb_putc(&b, '}');
	return b.data;
}

char *conform_what(const json_value *vector)
{
	const char *key = what_key(vector);
	return key ? xasprintf("%s %s", key, json_member(vector, key)->text) : xstrdup("(nothing)");
}

const char *conform_rule(const rtab_ruleset *rs, const json_value *vector)
{
	const char *key = what_key(vector);
	if (!key)
		return NULL;
	const char *name = json_member(vector, key)->text;
#define FIND(n, array)                                          \
	for (size_t i = 0; i < (n); i++)                        \
		if (strcmp((array)[i].id, name) == 0)           \
			return (array)[i].rule;
	if (strcmp(key, "table") == 0 || strcmp(key, "chain") == 0) {
		FIND(rs->ntables, rs->tables)
	} else if (strcmp(key, "reactions") == 0) {
		FIND(rs->nreaction_sets, rs->reaction_sets)
	} else if (strcmp(key, "transition") == 0) {
		FIND(rs->ntransitions, rs->transitions)
	} else if (strcmp(key, "distance") == 0) {
		FIND(rs->ndistances, rs->distances)
	} else {
		FIND(rs->nprocedures, rs->procedures)
	}
#undef FIND
	return NULL;
}

const char *conform_decided(const json_value *vector)
{
	const json_value *rule = json_member(vector, "rule");
	return rule && rule->kind == JSON_STRING ? rule->text : NULL;
}

/* An input's default as the vectors write it. */
static void default_json(strbuf *b, const rtab_ruleset *rs, const rtab_input *in)
{
	char num[32];
	if (in->type == RTAB_TYPE_ENUM)
		json_string(b, rs->enums[in->enum_index].values[in->default_value].id);
	else if (in->type == RTAB_TYPE_BOOL)
		sb_puts(b, in->default_value ? "true" : "false");
	else if (in->step > 0 && rs->scale > 1 && rtab_format_exact(in->default_value, rs->scale, num, sizeof num) == RTAB_OK)
		sb_puts(b, num);
	else
		sb_printf(b, "%ld", (long)in->default_value);
}

size_t conform_changed(const rtab_ruleset *rs, const json_value *vector, strbuf *out)
{
	const json_value *inputs = json_member(vector, "inputs");
	size_t n = 0;
	for (size_t i = 0; inputs && inputs->kind == JSON_OBJECT && i < inputs->n; i++) {
		const rtab_input *in = NULL;
		for (size_t k = 0; k < rs->ninputs && !in; k++)
			if (strcmp(rs->inputs[k].id, inputs->keys[i]) == 0)
				in = &rs->inputs[k];
		if (!in)
			continue;
		strbuf want = {0}, got = {0};
		default_json(&want, rs, in);
		json_write(&got, inputs->items[i]);
		if (strcmp(want.data, got.data) != 0) {
			sb_puts(out, n++ ? ", " : "");
			sb_printf(out, "%s = %s (default %s)", in->id, got.data, want.data);
		}
		sb_free(&want);
		sb_free(&got);
	}
	return n;
}

static void say(strbuf *out, const char *field, const json_value *expected, const json_value *got)
{
	sb_printf(out, "  %s: expected ", field);
	if (expected)
		json_write(out, expected);
	else
		sb_puts(out, "(nothing)");
	sb_puts(out, ", got ");
	if (got)
		json_write(out, got);
	else
		sb_puts(out, "(nothing)");
	sb_putc(out, '\n');
}

static bool is_null(const json_value *v)
{
	return v && v->kind == JSON_NULL;
}

/* Where a table's key reaches no column (odds 0:0), the vector names none,
 * as rtab eval does: which column a port's result is left at there is no
 * part of its answer. */
static bool column_unreached(const json_value *vector)
{
	return is_null(json_member(vector, "column")) && is_null(json_member(vector, "key_column")) &&
	       json_member(vector, "no_result") != NULL;
}

size_t conform_compare(const json_value *vector, const json_value *answer, strbuf *out)
{
	const json_value *want_error = json_member(vector, "error"), *got_error = json_member(answer, "error");
	if (!want_error != !got_error) {
		/* One refused, the other answered: the rest would only repeat it. */
		say(out, "error", want_error, got_error);
		return 1;
	}
	size_t n = 0;
	for (size_t i = 0; i < vector->n; i++) {
		const char *key = vector->keys[i];
		if (among(key, what_keys, COUNT(what_keys)) || among(key, situation_keys, COUNT(situation_keys)))
			continue;
		const json_value *got = json_member(answer, key);
		if (!got && among(key, optional_keys, COUNT(optional_keys)))
			continue;
		if (strcmp(key, "column") == 0 && column_unreached(vector))
			continue;
		if (!got || !json_equal(vector->items[i], got)) {
			say(out, key, vector->items[i], got);
			n++;
		}
	}
	return n;
}
