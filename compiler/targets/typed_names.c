/* SPDX-License-Identifier: MIT */
/* The ruleset's names as TypeScript's literal types and C#'s enums. */
#include "targets/typed_names.h"
#include "targets/lang_string.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* export type NAME = "a" | "b" ...: the ids of section (never, when it is empty). */
static void put_ts_union(strbuf *b, const char *name, const json_value *tree, const char *section)
{
	const json_value *list = json_member(tree, section);
	sb_printf(b, "export type %s =", name);
	size_t n = 0;
	for (size_t i = 0; list && list->kind == JSON_ARRAY && i < list->n; i++) {
		const json_value *id = json_member(list->items[i], "id");
		if (!id || id->kind != JSON_STRING)
			continue;
		sb_puts(b, "\n  | ");
		n++;
		lang_put_string(b, id->text, false);
	}
	sb_puts(b, n ? ";\n" : " never;\n");
}

/* The type of each input, by id: an enum's values, boolean, number (an exact
 * number: also a BigInt or a numeral in a string). */
static void put_ts_situation(strbuf *b, const json_value *tree)
{
	const json_value *inputs = json_member(tree, "inputs"), *enums = json_member(tree, "enums");
	sb_puts(b, "/** Each input of the ruleset and the type of its values. */\nexport interface Situation {\n");
	for (size_t i = 0; inputs && i < inputs->n; i++) {
		const json_value *in = inputs->items[i];
		const json_value *id = json_member(in, "id"), *type = json_member(in, "type_name");
		const json_value *e = json_member(in, "enum_index");
		if (!id || !type)
			continue;
		sb_puts(b, "  ");
		lang_put_string(b, id->text, false);
		sb_puts(b, ": ");
		size_t k_enum = e ? (size_t)strtoul(e->text, NULL, 10) : SIZE_MAX;
		if (strcmp(type->text, "enum") == 0 && enums && k_enum < enums->n) {
			const json_value *values = json_member(enums->items[k_enum], "values");
			for (size_t k = 0; values && k < values->n; k++) {
				const json_value *v = json_member(values->items[k], "id");
				if (k)
					sb_puts(b, " | ");
				if (v)
					lang_put_string(b, v->text, false);
			}
			if (!values || values->n == 0)
				sb_puts(b, "never");
		} else {
			/* An exact number is also taken as a BigInt or a decimal
			 * numeral in a string ("12.5"), exactly. */
			sb_puts(b, strcmp(type->text, "bool") == 0     ? "boolean"
				   : strcmp(type->text, "number") == 0 ? "number | bigint | `${number}`"
								       : "number");
		}
		sb_puts(b, ";\n");
	}
	sb_puts(b, "}\n");
}

void ts_put_names(strbuf *b, const json_value *tree)
{
	put_ts_union(b, "TableName", tree, "tables");
	put_ts_union(b, "InputName", tree, "inputs");
	put_ts_union(b, "OutcomeName", tree, "outcomes");
	put_ts_union(b, "ModifierName", tree, "modifiers");
	put_ts_union(b, "ReactionSetName", tree, "reaction_sets");
	put_ts_union(b, "TransitionName", tree, "transitions");
	put_ts_union(b, "DistanceName", tree, "distances");
	put_ts_union(b, "ProcedureName", tree, "procedures");
	sb_puts(b, "export type Locale =");
	const json_value *locales = json_member(tree, "locales");
	for (size_t i = 0; locales && i < locales->n; i++) {
		sb_puts(b, " | ");
		lang_put_string(b, locales->items[i]->text, false);
	}
	sb_puts(b, ";\n");
	put_ts_situation(b, tree);
}

void ts_open_namespace(strbuf *b, const char *name, const char *support)
{
	sb_printf(b, "declare namespace %s {\n", name);
	/* Inside a declared namespace every member is a declaration already:
	 * TypeScript refuses a second `declare`. */
	static const char redundant[] = "export declare ";
	for (const char *line = support; *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
		if (n > 1)
			sb_puts(b, "  ");
		if (strncmp(line, redundant, sizeof redundant - 1) == 0) {
			sb_puts(b, "export ");
			line += sizeof redundant - 1;
			n -= sizeof redundant - 1;
		}
		sb_put(b, line, n);
		line += n;
	}
	if (b->len && b->data[b->len - 1] != '\n')
		sb_putc(b, '\n');
}

/* A character of an id that C# keeps in a member's name. */
static bool csharp_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* id in PascalCase: each letter after a character C# does not keep (or at
 * the start) upper case; '_' first when it would start with a digit or be
 * empty. The result has a '_' only there, so a numbered repeat (_2) never
 * equals another id's name. */
static char *csharp_member(const char *id)
{
	strbuf name = {0};
	bool upper = true;
	for (const char *p = id; *p; p++) {
		if (!csharp_alnum(*p)) {
			upper = true;
			continue;
		}
		if (name.len == 0 && *p >= '0' && *p <= '9')
			sb_putc(&name, '_');
		sb_putc(&name, upper && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
		upper = false;
	}
	if (name.len == 0)
		sb_putc(&name, '_');
	return name.data;
}

/* An id in a line comment: printable ASCII only (a newline would end it). */
static void put_comment_text(strbuf *b, const char *text)
{
	for (const char *p = text; *p; p++)
		sb_putc(b, *p >= ' ' && *p < 0x7f ? *p : '?');
}

static void put_csharp_enum(strbuf *b, const char *name, const char *what, const json_value *tree,
			    const char *section)
{
	const json_value *list = json_member(tree, section);
	size_t n = list && list->kind == JSON_ARRAY ? list->n : 0;
	sb_printf(b, "\n/// <summary>The %s of the ruleset, in the order of its data (a member's value is\n"
		     "/// its index); Names.Id gives a member's id, as the data and the string API name it.</summary>\n"
		     "public enum %s\n{\n",
		  what, name);
	char **bases = xcalloc(n ? n : 1, sizeof *bases);
	for (size_t i = 0; i < n; i++) {
		const char *id = json_str(json_member(list->items[i], "id"));
		bases[i] = csharp_member(id ? id : "");
		/* The same name as earlier members: numbered from 2. */
		size_t same = 1;
		for (size_t k = 0; k < i; k++)
			same += strcmp(bases[k], bases[i]) == 0;
		if (same > 1)
			sb_printf(b, "    %s_%zu = %zu, // ", bases[i], same, i);
		else
			sb_printf(b, "    %s = %zu, // ", bases[i], i);
		put_comment_text(b, id ? id : "");
		sb_putc(b, '\n');
	}
	sb_puts(b, "}\n");
	for (size_t i = 0; i < n; i++)
		free(bases[i]);
	free(bases);
}

void csharp_put_names(strbuf *b, const json_value *tree)
{
	put_csharp_enum(b, "TableName", "results tables", tree, "tables");
	put_csharp_enum(b, "InputName", "inputs", tree, "inputs");
	put_csharp_enum(b, "OutcomeName", "outcomes", tree, "outcomes");
}
