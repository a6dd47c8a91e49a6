/* SPDX-License-Identifier: MIT */
/* rtab eval: its options, parsed into a request that analysis/evaluate.c
 * resolves on the in-memory ruleset. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "check/load.h"
#include "check/names/rule_refs.h"
#include "analysis/evaluate.h"
#include "cli/options.h"
#include "base/json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_opt options[] = {
	{"--set", 0, "INPUT=VALUE",
	 "an input of the situation (inputs not set take their declared\n"
	 "defaults); a list input: its length (units=3), an item's field\n"
	 "(units[2].wounds=1), or a field of every item, which sets the\n"
	 "length (units.wounds=4,1,0)", NULL},
	{"--drm", 0, "N|MODIFIER", "a table: a modifier computed outside, added before the cap; or a modifier of the table by name, which applies with its value", NULL},
	{"--roll", 0, "F[,F...]",
	 "the natural die faces (a table: required); a distance whose\n"
	 "forms roll different dice: one --roll per form, in order", NULL},
	{"--json", 0, NULL, "print one JSON object", NULL},
	{"--explain", 0, NULL, "print every step with its rule reference and labels", NULL},
	{"--locale", 0, "LOCALE", "the language of the labels (default: the ruleset's first locale)", NULL},
	{"--batch", 0, NULL,
	 "read the requests from standard input, one per line: NAME and its\n"
	 "--set, --drm and --roll as on the command line; answer each with one\n"
	 "line, the --json object or {\"line\": N, \"exit\": 1|2, \"error\": MESSAGE}\n"
	 "(blank lines and lines that start with '#' are skipped); the file is\n"
	 "checked once", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
enum { OPT_SET, OPT_DRM, OPT_ROLL, OPT_JSON, OPT_EXPLAIN, OPT_LOCALE, OPT_BATCH };

static const cli_verb verb = {
	.name = "eval",
	.usage = "rtab eval FILE NAME [--set INPUT=VALUE]... [--drm N|MODIFIER] [--roll F[,F...]]\n"
		 "                 [--json | --explain] [--locale LOCALE] [--edition NAME]\n"
		 "       rtab eval FILE --batch [--locale LOCALE] [--edition NAME] < REQUESTS",
	.about = "\nEvaluate NAME in the situation the inputs give:\n"
		 "  a table       resolve one roll: --roll gives the natural die faces (required),\n"
		 "                --drm adds a modifier computed outside (before the cap), or\n"
		 "                names a modifier of the table that applies with its value;\n"
		 "  reactions     list the options allowed;\n"
		 "  a transition  give the next state;\n"
		 "  a distance    give its value for the faces of --roll, in each of its units\n"
		 "                (forms that roll different dice: one --roll per form, in order);\n"
		 "  a procedure   give the first step that applies.\n"
		 "A clean call prints only its result: the file's errors stop it, its warnings\n"
		 "are not shown unless asked. A --drm that takes the modified roll beyond the\n"
		 "rolls rtab check proved is said on standard error.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG | CLI_NEGATIVE,
	.after = "Exit status: 0 success, 1 errors in the file or in the resolution (--batch: in\n"
		 "any request), 2 bad usage, 3 out of memory.\n",
};

typedef struct eval_args {
	const char *file, *table;
	size_t npos;
	cli_sets sets; /* --set INPUT=VALUE */
	const char *rolls[EVAL_MAX_ROLLS]; /* a distance: one for all forms, or one per form */
	size_t nrolls;
	long drm;
	const char *drm_modifier; /* --drm NAME: that modifier applies, with its value */
	int json, explain, has_drm, batch;
} eval_args;

static int take(void *arg, int opt, const char *value)
{
	eval_args *a = arg;
	switch (opt) {
	case OPT_SET: return cli_sets_add("eval", &a->sets, value);
	case OPT_DRM:
		if (cli_drm_is_name(value) && !a->has_drm) {
			a->drm_modifier = value;
			a->has_drm = 1;
			return EXIT_OK;
		}
		if (a->drm_modifier || !cli_parse_long(value, &a->drm))
			return usage_error("eval", "--drm takes an integer within -%d..%d, not '%s'",
					   RTAB_INT_LIMIT, RTAB_INT_LIMIT, value);
		a->has_drm = 1;
		return EXIT_OK;
	case OPT_ROLL:
		if (a->nrolls == sizeof a->rolls / sizeof a->rolls[0])
			return usage_error("eval", "too many --roll options (one per form of a distance at most)");
		a->rolls[a->nrolls++] = value;
		return EXIT_OK;
	case OPT_JSON: a->json = 1; return EXIT_OK;
	case OPT_EXPLAIN: a->explain = 1; return EXIT_OK;
	case OPT_BATCH: a->batch = 1; return EXIT_OK;
	case -1:
		if (a->npos == 2)
			return usage_error("eval", "unexpected argument '%s'", value);
		*(a->npos++ ? &a->table : &a->file) = value;
		return EXIT_OK;
	default: return EXIT_OK; /* --locale: in the context */
	}
}

static int parse_faces(const char *roll, int32_t *faces, size_t *nfaces)
{
	const char *p = roll;
	*nfaces = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < -100000 || v > 100000 || (*end && *end != ','))
			return usage_error("eval", "--roll takes die faces like 3 or 6,6, not '%s'", roll);
		if (*nfaces == RTAB_MAX_FACES)
			return usage_error("eval", "--roll takes at most %d faces", RTAB_MAX_FACES);
		faces[(*nfaces)++] = (int32_t)v;
		if (!*end)
			return EXIT_OK;
		p = end + 1;
	}
}

/* The request the options ask (its faces already parsed into q->rolls). */
static void fill_request(eval_request *q, const eval_args *a, const int32_t *inputs)
{
	q->name = a->table;
	q->inputs = inputs;
	q->nrolls = a->nrolls;
	q->drm = a->drm;
	q->drm_modifier = a->drm_modifier;
	q->has_drm = a->has_drm;
}

/* The next word of *rest (blanks, tabs and carriage returns between words),
 * ended in place; NULL past the last. */
static char *next_word(char **rest)
{
	char *w = *rest + strspn(*rest, " \t\r");
	if (!*w)
		return NULL;
	char *end = w + strcspn(w, " \t\r");
	*rest = *end ? end + 1 : end;
	*end = '\0';
	return w;
}

/* One request of --batch: its words as options of eval (NAME first), taken
 * by take() into a; a usage error (captured) when a word does not fit. */
static int batch_request(char *text, eval_args *a)
{
	static const struct { const char *name; int opt; } per_line[] = {
		{"--set", OPT_SET}, {"--drm", OPT_DRM}, {"--roll", OPT_ROLL}, {"--json", OPT_JSON},
	};
	char *rest = text;
	for (char *w = next_word(&rest); w; w = next_word(&rest)) {
		if (w[0] != '-' || w[1] != '-') {
			int status = take(a, -1, w);
			if (status)
				return status;
			continue;
		}
		char *value = strchr(w, '=');
		size_t len = value ? (size_t)(value - w) : strlen(w);
		size_t i = 0;
		while (i < sizeof per_line / sizeof per_line[0] &&
		       (strlen(per_line[i].name) != len || strncmp(per_line[i].name, w, len)))
			i++;
		if (i == sizeof per_line / sizeof per_line[0])
			return usage_error("eval", "a request line takes NAME, --set, --drm and --roll, not '%s' "
					   "(give it on the command line, before --batch's input)", w);
		if (per_line[i].opt == OPT_JSON) {
			if (value)
				return usage_error("eval", "--json takes no value");
			continue;
		}
		if (!value && !(value = next_word(&rest)))
			return usage_error("eval", "%s needs a value", per_line[i].name);
		else if (value[0] == '=')
			value++;
		int status = take(a, per_line[i].opt, value);
		if (status)
			return status;
	}
	if (a->npos < 2)
		return usage_error("eval", "give the NAME of a table, reaction set, transition, distance or "
				   "procedure first on the line");
	return EXIT_OK;
}

/* The longest request line --batch reads: past it the line is refused, not cut. */
#define BATCH_LINE_MAX 65536

/* One request line of --batch answered into out (the --json object), or its
 * status (2: it cannot be asked, 1: the rules refuse it) and why. */
static int batch_answer(const model *m, const char *file, size_t locale, char *text, strbuf *out,
			strbuf *why, strbuf *warning)
{
	eval_args a = {.file = file, .npos = 1};
	eval_request q = {.file = file};
	int32_t *inputs = NULL;
	usage_error_capture(why);
	int status = batch_request(text, &a);
	for (size_t i = 0; status == EXIT_OK && i < a.nrolls; i++)
		status = parse_faces(a.rolls[i], q.rolls[i].faces, &q.rolls[i].n);
	if (status == EXIT_OK)
		status = cli_sets_inputs("eval", &m->rs, &a.sets, &inputs);
	usage_error_capture(NULL);
	if (status == EXIT_OK) {
		report rep = {out, &m->rs, locale, REPORT_JSON, inputs, m};
		fill_request(&q, &a, inputs);
		eval_status done = evaluate(m, &q, &rep, why, warning);
		status = done == EVAL_FAILED ? EXIT_INPUT : done == EVAL_MISASKED ? EXIT_USAGE : EXIT_OK;
	}
	free(inputs);
	return status;
}

/* rtab eval FILE --batch: the file loaded and checked once, then a line of
 * standard input per request, each answered by one line of standard output
 * as soon as it is read (a caller may keep the process as a co-process). */
static int eval_batch(cli_ctx *c, const eval_args *given)
{
	if (!given->file || given->table)
		return usage_error("eval", "--batch takes a FILE alone; each line of standard input gives a NAME");
	if (given->sets.n || given->nrolls || given->has_drm)
		return usage_error("eval", "--batch reads --set, --drm and --roll from each line of standard input");
	if (given->explain)
		return usage_error("eval", "--batch answers each line in JSON; --explain explains one request");
	loaded l;
	size_t locale = 0;
	if (!cli_load_kept(&l, given->file, c->edition, c->locale, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	int status = cli_locale("eval", &l.model.rs, c->locale, NULL, &locale);
	if (status != EXIT_OK) {
		loaded_free(&l);
		return status;
	}
	model_rules_in_locale(&l.model, locale);
	char *text = xmalloc(BATCH_LINE_MAX + 2);
	bool any_failed = false;
	strbuf out = {0}, why = {0}, warning = {0};
	for (long line = 1; fgets(text, BATCH_LINE_MAX + 2, stdin); line++) {
		size_t len = strlen(text);
		int asked;
		if (len && text[len - 1] == '\n') {
			text[len - 1] = '\0';
		} else if (!feof(stdin)) { /* too long: refuse it, skip to its end */
			int ch;
			while ((ch = getchar()) != EOF && ch != '\n')
				continue;
			sb_printf(&why, "the line is longer than %d bytes", BATCH_LINE_MAX);
		}
		const char *first = text + strspn(text, " \t\r");
		if (why.len)
			asked = EXIT_USAGE;
		else if (!*first || *first == '#')
			continue;
		else
			asked = batch_answer(&l.model, given->file, locale, text, &out, &why, &warning);
		if (warning.len)
			cli_warning("eval", &c->diag, "line %ld: %s", line, warning.data);
		if (asked != EXIT_OK) {
			any_failed = true;
			sb_clear(&out);
			json_writer w = json_writer_on(&out, true);
			json_begin_object(&w);
			json_member_int(&w, "line", line);
			json_member_int(&w, "exit", asked); /* what rtab eval alone would exit with */
			json_member_string(&w, "error", why.data ? why.data : "");
			json_end_object(&w);
		}
		while (out.len && out.data[out.len - 1] == '\n')
			out.data[--out.len] = '\0';
		fputs(out.data ? out.data : "", stdout);
		putchar('\n');
		fflush(stdout);
		sb_clear(&out);
		sb_clear(&why);
		sb_clear(&warning);
	}
	sb_free(&out);
	sb_free(&why);
	sb_free(&warning);
	free(text);
	loaded_free(&l);
	return any_failed ? EXIT_INPUT : EXIT_OK;
}

int cmd_eval(cli_ctx *c, int argc, char **argv)
{
	eval_args a = {0};
	eval_request q = {0};
	loaded l;
	size_t locale = 0;
	int32_t *inputs = NULL;
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);

	if (status == EXIT_OK && a.batch)
		return eval_batch(c, &a);
	if (status == EXIT_OK && (!a.file || !a.table))
		status = usage_error("eval", "give a FILE and the NAME of a table, reaction set, transition, distance or procedure");
	else if (status == EXIT_OK && a.json && a.explain)
		status = usage_error("eval", "--json and --explain exclude each other");
	for (size_t i = 0; status == EXIT_OK && i < a.nrolls; i++)
		status = parse_faces(a.rolls[i], q.rolls[i].faces, &q.rolls[i].n);
	if (status)
		return status < 0 ? EXIT_OK : status;
	if (!cli_load_kept(&l, a.file, c->edition, c->locale, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	strbuf out = {0};
	status = cli_locale("eval", rs, c->locale, NULL, &locale);
	if (status != EXIT_OK)
		goto done;
	model_rules_in_locale(&l.model, locale);
	status = cli_sets_inputs("eval", rs, &a.sets, &inputs);
	if (status != EXIT_OK)
		goto done;

	report rep = {&out, rs, locale,
		      a.json ? REPORT_JSON : a.explain ? REPORT_EXPLAIN : REPORT_TEXT, inputs,
		      &l.model};
	q.file = a.file;
	fill_request(&q, &a, inputs);
	strbuf why = {0}, warning = {0};
	eval_status done = evaluate(&l.model, &q, &rep, &why, &warning);
	if (warning.len)
		cli_warning("eval", &c->diag, "%s", warning.data);
	if (done == EVAL_MISASKED) {
		status = usage_error("eval", "%s", why.data);
	} else if (done == EVAL_FAILED) {
		cli_error("eval", &c->diag, "%s", why.data);
		status = EXIT_INPUT;
	}
	sb_free(&why);
	sb_free(&warning);
	if (status == EXIT_OK && out.data)
		fputs(out.data, stdout);
done:
	sb_free(&out);
	free(inputs);
	loaded_free(&l);
	return status;
}
