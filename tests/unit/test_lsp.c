/*
 * Unit tests of the language server's pieces: the JSON reader, positions in
 * UTF-16 code units, the framing of messages and the answers of the handler
 * to requests out of order. Each is a table of cases run by a loop.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/json.h"
#include "base/json_read.h"
#include "lsp/diagnostics.h"
#include "lsp/features.h"
#include "lsp/linked.h"
#include "lsp/server.h"
#include "lsp/text_pos.h"

/* The writer puts the commas, colons and escapes; compact for the protocol,
 * spaced as the reports print. */
static void test_json_writer(void **state)
{
	(void)state;
	for (int compact = 0; compact <= 1; compact++) {
		strbuf b = {0};
		json_writer w = json_writer_on(&b, compact);
		json_begin_object(&w);
		json_member_string(&w, "say \"hi\"", "line\nnext");
		json_key(&w, "list");
		json_begin_array(&w);
		json_put_int(&w, -3);
		json_put_bool(&w, true);
		json_put_string(&w, NULL);
		json_begin_object(&w);
		json_end_object(&w);
		json_put_raw(&w, "1.50", 4);
		json_end_array(&w);
		json_member_int(&w, "n", 7);
		json_end_object(&w);
		assert_string_equal(b.data, compact ? "{\"say \\\"hi\\\"\":\"line\\nnext\",\"list\":[-3,true,null,{},1.50],\"n\":7}"
						    : "{\"say \\\"hi\\\"\": \"line\\nnext\", \"list\": [-3, true, null, {}, 1.50], \"n\": 7}");
		sb_free(&b);
	}
}

/* Items on lines of their own, as rtab export --format json prints its
 * sections: a line break asked for before a close puts the close on a line
 * when the container holds something, and is dropped when it is empty. */
static void test_json_writer_lines(void **state)
{
	(void)state;
	strbuf b = {0};
	json_writer w = json_writer_on(&b, false);
	json_begin_object(&w);
	json_member_int(&w, "a", 1);
	json_line_break(&w, "\n");
	json_key(&w, "full");
	json_begin_array(&w);
	for (int i = 1; i <= 2; i++) {
		json_line_break(&w, "\n");
		json_put_int(&w, i);
	}
	json_line_break(&w, "\n");
	json_end_array(&w);
	json_line_break(&w, "\n");
	json_key(&w, "empty");
	json_begin_array(&w);
	json_line_break(&w, "\n");
	json_end_array(&w);
	json_member_int(&w, "b", 2);
	json_end_object(&w);
	assert_string_equal(b.data, "{\"a\": 1,\n\"full\": [\n1,\n2\n],\n\"empty\": [], \"b\": 2}");
	sb_free(&b);
}

static void test_json_reader(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		const char *string; /* the decoded string, or NULL: not a string; "!": not JSON */
	} cases[] = {
		{"\"caf\\u00e9\"", "caf\xC3\xA9"},
		{"\"\\ud83d\\ude00\"", "\xF0\x9F\x98\x80"},  /* a surrogate pair is one character */
		{"\"\\ud83d!\"", "\xEF\xBF\xBD!"},           /* a lone surrogate: U+FFFD */
		{"\"tab\\tnew\\nline\\\\\"", "tab\tnew\nline\\"},
		{" {\"a\": [1, 2.5e3, true, null]} ", NULL},
		{"\"raw\tcontrol\"", "!"},
		{"[1, 2", "!"},
		{"{\"a\": 1,}", "!"},
		{"{\"a\" 1}", "!"},
		{"tru", "!"},
		{"-", "!"},
		{"\"\\x\"", "!"},
		{"1 2", "!"},
		{"", "!"},
	};
	const char *error;
	size_t where;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		json_value *v = json_parse_n(cases[i].text, strlen(cases[i].text), &error, &where);
		if (cases[i].string && strcmp(cases[i].string, "!") == 0) {
			assert_null(v);
			assert_non_null(error);
		} else {
			assert_non_null(v);
			if (cases[i].string)
				assert_string_equal(json_str(v), cases[i].string);
		}
		json_value_free(v);
	}
	/* A string may hold a NUL; a message is read to its length, not to a NUL. */
	json_value *nul = json_parse_n("\"a\\u0000b\"", 10, &error, &where);
	assert_non_null(nul);
	assert_int_equal(nul->len, 3);
	assert_memory_equal(nul->text, "a\0b", 3);
	json_value_free(nul);
	assert_null(json_parse_n("[1]\0", 4, &error, &where));
	json_value *first = json_parse_n("[1]]", 3, &error, &where);
	assert_non_null(first);
	json_value_free(first);
	/* Nesting: 64 levels are read, 65 refused (no stack to exhaust). */
	char deep[200];
	for (int depth = 64; depth <= 65; depth++) {
		memset(deep, '[', (size_t)depth);
		memset(deep + depth, ']', (size_t)depth);
		json_value *v = json_parse_n(deep, 2 * (size_t)depth, &error, &where);
		if (depth == 64)
			assert_non_null(v);
		else
			assert_null(v);
		json_value_free(v);
	}
	const char *msg = "{\"id\": 7, \"params\": {\"position\": {\"line\": 3, \"character\": 1.5}}}";
	json_value *v = json_parse_n(msg, strlen(msg), &error, &where);
	assert_int_equal(json_int(json_member(v, "id"), 0, 100, -1), 7);
	assert_int_equal(json_int(json_path(json_member(v, "params"), "position", "line"), 0, 100, -1), 3);
	assert_int_equal(json_int(json_path(json_member(v, "params"), "position", "character"), 0, 100, -1), -1);
	assert_null(json_member(v, "method"));
	json_value_free(v);
}

static void test_positions(void **state)
{
	(void)state;
	/* Line 1: П is 2 bytes and 1 unit, 😀 4 bytes and 2 units (a surrogate pair). */
	static const char text[] = "ab\n\xD0\x9F\xF0\x9F\x98\x80x\nend";
	static const struct {
		long line, character;
		size_t strict, lenient; /* LSP_NO_OFFSET: outside */
	} cases[] = {
		{0, 0, 0, 0},
		{0, 2, 2, 2},
		{0, 3, LSP_NO_OFFSET, 2},
		{1, 0, 3, 3},
		{1, 1, 5, 5},
		{1, 3, 9, 9},
		{1, 4, 10, 10},
		{1, 99, LSP_NO_OFFSET, 10},
		{2, 3, 14, 14},
		{3, 0, LSP_NO_OFFSET, LSP_NO_OFFSET},
		{-1, 0, LSP_NO_OFFSET, LSP_NO_OFFSET},
	};
	lsp_text t;
	lsp_text_init(&t, text, sizeof text - 1);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		lsp_pos p = {cases[i].line, cases[i].character};
		assert_int_equal(lsp_offset(&t, p, true), cases[i].strict);
		assert_int_equal(lsp_offset(&t, p, false), cases[i].lenient);
		if (cases[i].strict != LSP_NO_OFFSET) {
			lsp_pos back = lsp_pos_of(&t, cases[i].strict);
			assert_int_equal(back.line, cases[i].line);
			assert_int_equal(back.character, cases[i].character);
		}
	}
	/* The compiler counts characters from 1: x is the third of line 2. */
	assert_int_equal(lsp_offset_of_loc(&t, (src_loc){2, 3}), 9);
	assert_int_equal(lsp_offset_of_loc(&t, (src_loc){4, 1}), LSP_NO_OFFSET);
	lsp_text_free(&t);
}

static void test_framing(void **state)
{
	(void)state;
	static const struct {
		const char *input;
		int result;
		const char *body;
	} cases[] = {
		{"Content-Length: 2\r\n\r\n{}", 1, "{}"},
		{"content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]", 1, "[]"},
		{"Content-Type: x\r\n\r\n{}", -1, NULL},
		{"Content-Length: -5\r\n\r\n", -1, NULL},
		{"Content-Length: 9\r\n\r\n{}", 0, NULL}, /* the input ends inside the body */
		{"", 0, NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		FILE *in = fmemopen((void *)cases[i].input, strlen(cases[i].input) + !*cases[i].input, "r");
		assert_non_null(in);
		if (!*cases[i].input)
			fgetc(in); /* an empty stream: at its end */
		strbuf body = {0};
		assert_int_equal(lsp_read_message(in, &body), cases[i].result);
		if (cases[i].body)
			assert_string_equal(body.data, cases[i].body);
		sb_free(&body);
		fclose(in);
	}
}

static void test_protocol_order(void **state)
{
	(void)state;
	static const struct {
		const char *message;
		const char *answer; /* what the output must hold, or "" for no output */
	} cases[] = {
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{}}", "\"code\":-32002"},
		{"{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{}}", ""},
		{"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"locale\":\"ru-RU\"}}", "\"hoverProvider\":true"},
		{"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{}}", "\"code\":-32600"},
		{"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"textDocument/hover\",\"params\":{}}", "\"code\":-32602"},
		{"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"textDocument/definition\",\"params\":{\"textDocument\":{\"uri\":\"file:///no\"},\"position\":{\"line\":0,\"character\":0}}}", "\"result\":[]"},
		{"{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":null}", ""}, /* a response: none is sent back */
		{"{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"shutdown\"}", "\"id\":\"s\",\"result\":null"},
		{"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/hover\",\"params\":{}}", "\"code\":-32600"},
	};
	lsp_server s;
	lsp_server_init(&s);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		lsp_handle(&s, cases[i].message, strlen(cases[i].message));
		if (!*cases[i].answer)
			assert_int_equal(s.out.len, 0);
		else
			assert_non_null(strstr(s.out.data, cases[i].answer));
		sb_clear(&s.out);
	}
	assert_string_equal(s.locale, "ru");
	assert_false(s.exited);
	lsp_handle(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", 33);
	assert_true(s.exited);
	assert_int_equal(s.exit_code, 0);
	lsp_server_free(&s);
}

static void test_has_header(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		bool header;
	} cases[] = {
		{"ruleset r { locales en; en \"R\"; }", true},
		{"# a comment\n// another\n/* and\n one */\n  ruleset r {", true},
		{"\xEF\xBB\xBFruleset r {", true},
		{"ruleset", true},
		{"rulesets r {", false},
		{"errata e { }", false},
		{"# ruleset r {", false},
		{"/* ruleset r { unterminated", false},
		{"", false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		assert_int_equal(lsp_has_header(cases[i].text, strlen(cases[i].text)), cases[i].header);
}

static const char base_text[] = "ruleset linked { locales en; en \"Linked\"; }\n"
				"dice d6 = 1d6;\n"
				"outcome hit { en \"Hit\"; }\n"
				"outcome miss { en \"Miss\"; }\n"
				"table shot { en \"Shot\"; roll d6; rows { hit >=4; miss <=3; } }\n";
/* A layer file: 'shot', 'hit' and 'd6' are its base's. */
static const char layer_body[] = "errata more {\n"
				 "  en \"More\";\n"
				 "  example ex { en \"Ex\"; shot roll 4 -> hit; }\n"
				 "}\n";

/* As the server opens them: the report of the checks read back as JSON. */
static lsp_doc *open_text(lsp_docs *docs, const char *uri, const char *text)
{
	return docs_open(docs, uri, text, strlen(text), 1);
}

static bool diagnosed_error(lsp_doc *doc)
{
	doc_analyse(doc);
	return doc->diagnostics.data && strstr(doc->diagnostics.data, "\"severity\":1") != NULL;
}

static void test_linked_files(void **state)
{
	(void)state;
	char dir[] = "/tmp/rtab_lsp_linked_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *base_path = xasprintf("%s/base.rtab", dir), *base_uri = xasprintf("file://%s", base_path);
	char *layer_uri = xasprintf("file://%s/layer.rtab", dir);
	FILE *f = fopen(base_path, "wb");
	assert_non_null(f);
	fputs(base_text, f);
	fclose(f);
	char *named = xasprintf("# base: base.rtab\n%s", layer_body);

	/* The base named by the comment, read from disk: the layer's ids are
	 * known, and its definitions are found there. */
	lsp_docs docs = {.settings.check.json = true};
	lsp_doc *layer = open_text(&docs, layer_uri, named);
	lsp_doc *base = lsp_base_of(layer);
	assert_non_null(base);
	assert_string_equal(base->uri, base_uri);
	assert_ptr_equal(base, docs.on_disk);
	assert_false(diagnosed_error(layer));
	lsp_doc *group[LSP_MAX_LINKED];
	assert_int_equal(lsp_ruleset_docs(layer, group, LSP_MAX_LINKED), 2);
	assert_ptr_equal(group[0], layer);
	assert_ptr_equal(group[1], base);
	strbuf out = {0};
	lsp_definition(layer, (lsp_pos){3, 25}, &out); /* on 'shot' */
	assert_non_null(strstr(out.data, base_uri));
	assert_non_null(strstr(out.data, "\"start\":{\"line\":4,\"character\":6}"));
	docs_free(&docs);

	/* Open in the client, the base is the client's text, not the file's. */
	lsp_docs open = {.settings.check.json = true};
	lsp_doc *open_base = open_text(&open, base_uri, base_text);
	layer = open_text(&open, layer_uri, named);
	assert_ptr_equal(lsp_base_of(layer), open_base);
	assert_null(open.on_disk);
	assert_null(lsp_base_of(open_base));
	assert_int_equal(lsp_ruleset_docs(open_base, group, LSP_MAX_LINKED), 2);
	assert_ptr_equal(group[1], layer);
	sb_clear(&out);
	lsp_references(open_base, (lsp_pos){4, 7}, true, &out); /* 'shot' from the base */
	assert_non_null(strstr(out.data, layer_uri));
	docs_free(&open);

	/* Without the comment: the one open ruleset is the base; with two,
	 * none is, and the layer alone has errors. */
	lsp_docs guess = {.settings.check.json = true};
	open_text(&guess, base_uri, base_text);
	layer = open_text(&guess, layer_uri, layer_body);
	assert_non_null(lsp_base_of(layer));
	assert_false(diagnosed_error(layer));
	open_text(&guess, "file:///elsewhere/other.rtab", "ruleset other { locales en; en \"Other\"; }\n");
	doc_forget_analysis(layer);
	assert_null(lsp_base_of(layer));
	assert_true(diagnosed_error(layer));
	docs_free(&guess);

	/* Only the base open: the layer files beside it that name it are read
	 * from disk for its references; a layer naming another base, a file
	 * with a header of its own and a file not ending .rtab are not. */
	char *disk_layer = xasprintf("%s/layer.rtab", dir), *other_layer = xasprintf("%s/other_layer.rtab", dir);
	char *not_rtab = xasprintf("%s/notes.txt", dir), *headed = xasprintf("%s/headed.rtab", dir);
	const char *const files[][2] = {
		{disk_layer, named},
		{other_layer, "# base: elsewhere.rtab\n"},
		{not_rtab, named},
		{headed, "# base: base.rtab\nruleset headed { locales en; en \"H\"; }\n"},
	};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		f = fopen(files[i][0], "wb");
		assert_non_null(f);
		fputs(files[i][1], f);
		fclose(f);
	}
	lsp_docs only_base = {.settings.check.json = true};
	lsp_doc *base_alone = open_text(&only_base, base_uri, base_text);
	assert_int_equal(lsp_ruleset_docs(base_alone, group, LSP_MAX_LINKED), 1);
	assert_int_equal(lsp_ruleset_docs_on_disk(base_alone, group, LSP_MAX_LINKED), 2);
	assert_string_equal(group[1]->uri, layer_uri);
	sb_clear(&out);
	lsp_references(base_alone, (lsp_pos){4, 7}, true, &out); /* 'shot' from the base */
	assert_non_null(strstr(out.data, layer_uri));
	assert_null(strstr(out.data, "other_layer"));
	assert_null(strstr(out.data, "notes.txt"));
	assert_null(strstr(out.data, "headed"));
	docs_free(&only_base);
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		unlink(files[i][0]);
	free(disk_layer);
	free(other_layer);
	free(not_rtab);
	free(headed);

	sb_free(&out);
	free(named);
	unlink(base_path);
	rmdir(dir);
	free(base_path);
	free(base_uri);
	free(layer_uri);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_reader),
		cmocka_unit_test(test_json_writer),
		cmocka_unit_test(test_json_writer_lines),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_framing),
		cmocka_unit_test(test_protocol_order),
		cmocka_unit_test(test_has_header),
		cmocka_unit_test(test_linked_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
