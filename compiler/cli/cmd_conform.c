/* SPDX-License-Identifier: MIT */
/* rtab conform: a port run through the conformance vectors (docs/conformance.md). */
#include "cli/cli.h"
#include "cli/cli_child.h"
#include "cli/cli_inputs.h"
#include "cli/options.h"
#include "check/load.h"
#include "analysis/conform.h"
#include "analysis/vectors.h"
#include "base/work.h"
#include "base/json_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The differing vectors shown in full; the rest are counted. */
#define SHOWN_DIFFERENCES 10

static const cli_opt options[] = {
	{"--exhaustive", 0, NULL, "also every situation of the inputs read, times every roll,\n"
				  "as rtab vectors --exhaustive", NULL},
	{"--limit", 0, "N", "the limit of --exhaustive per definition (default 100000,\nat most 1000000)", NULL},
	{"--timeout", 0, "N", "the longest wait, in seconds, for one answer of the port,\nand for room to write one situation to it (default 10)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "conform",
	.usage = "rtab conform FILE [NAME]... [--exhaustive] [--limit N] [--timeout N]\n"
		 "                    [--edition NAME] -- COMMAND [ARG]...",
	.about = "\nRun a port of the ruleset through its conformance vectors (those rtab\n"
		 "vectors writes, with the same NAMEs and options). COMMAND is started once;\n"
		 "it reads one situation per line on its standard input (a JSON object: what\n"
		 "it resolves, \"inputs\", \"faces\", \"drm\") and writes one answer per line\n"
		 "(a JSON object with the result fields of docs/conformance.md). Each vector\n"
		 "whose answer differs is shown with its situation, the rule of the\n"
		 "definition and each field that differs (the first ten in full).",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 every vector agrees, 1 a vector differs, the port failed\n"
		 "(died, hung, wrote what is not a JSON object) or errors in the file,\n"
		 "2 bad usage, 3 out of memory.\n",
};

typedef struct conform_args {
	const char *file;
	const char **names;
	size_t nnames;
	bool exhaustive;
	long limit, timeout;
} conform_args;

static int take(void *arg, int opt, const char *value)
{
	conform_args *a = arg;
	if (opt == 0)
		a->exhaustive = true;
	else if (opt == 1 && (!cli_parse_long(value, &a->limit) || a->limit < 1 || a->limit > VECTORS_MAX_LIMIT))
		return usage_error("conform", "--limit needs an integer from 1 to %d", VECTORS_MAX_LIMIT);
	else if (opt == 2 && (!cli_parse_long(value, &a->timeout) || a->timeout < 1 || a->timeout > 3600))
		return usage_error("conform", "--timeout needs a number of seconds from 1 to 3600");
	else if (opt < 0 && !a->file)
		a->file = value;
	else if (opt < 0)
		a->names[a->nnames++] = value;
	return EXIT_OK;
}

static void say_note(void *diag, const char *message)
{
	cli_note("conform", diag, "%s", message);
}

typedef struct run {
	cli_ctx *c;
	const rtab_ruleset *rs;
	child port;
	long timeout;
	size_t count, differing;
	bool failed;
} run;

static void show_vector(const run *r, const json_value *vector, const char *situation)
{
	char *what = conform_what(vector);
	const char *rule = conform_rule(r->rs, vector), *decided = conform_decided(vector);
	strbuf changed = {0};
	printf("vector %zu (%s%s%s", r->count, what, rule ? ", rule " : "", rule ? rule : "");
	if (decided && (!rule || strcmp(decided, rule) != 0))
		printf("; decided by rule %s", decided);
	printf("): %s\n", situation);
	if (conform_changed(r->rs, vector, &changed))
		printf("  set: %s; the others at their defaults\n", changed.data);
	sb_free(&changed);
	free(what);
}

/* One vector through the port; false when the port failed (reported). */
static bool one(run *r, const char *line)
{
	const char *error;
	size_t where;
	json_value *vector = json_parse(line, &error, &where);
	char *situation = vector ? conform_situation(vector) : NULL;
	if (!situation) {
		cli_error("conform", &r->c->diag, "vector %zu is malformed: %s", r->count, line);
		json_value_free(vector);
		return false;
	}
	char *what = conform_what(vector), *answer = NULL;
	bool ok = false;
	switch (child_send(&r->port, situation, (int)r->timeout * 1000)) {
	case CHILD_SENT:
		break;
	case CHILD_CLOSED:
		/* A closed pipe: the port has ended, which is the finding, whether it
		 * ended before or after the vector was written. */
		cli_error("conform", &r->c->diag, "the port ended without answering vector %zu (%s): %s",
			  r->count, what, situation);
		goto done;
	case CHILD_STALLED:
		cli_error("conform", &r->c->diag,
			  "the port does not read its input: vector %zu (%s) could not be written to it "
			  "within %ld s (--timeout), its standard input full of the situations before; a "
			  "port reads each situation, one line, before it answers it",
			  r->count, what, r->timeout);
		goto done;
	case CHILD_WRITE_FAILED:
		cli_error("conform", &r->c->diag, "cannot write vector %zu (%s) to the port: %s",
			  r->count, what, strerror(errno));
		goto done;
	}
	switch (child_line(&r->port, (int)r->timeout * 1000, &answer)) {
	case CHILD_LINE:
		break;
	case CHILD_EOF:
		cli_error("conform", &r->c->diag, "the port ended without answering vector %zu (%s): %s",
			  r->count, what, situation);
		goto done;
	case CHILD_TIMEOUT:
		cli_error("conform", &r->c->diag,
			  "the port gave no answer to vector %zu (%s) within %ld s (--timeout): %s", r->count,
			  what, r->timeout, situation);
		goto done;
	case CHILD_FAILED:
		cli_error("conform", &r->c->diag, "cannot read the port's answer to vector %zu: %s", r->count,
			  strerror(errno));
		goto done;
	}
	json_value *got = json_parse(answer, &error, &where);
	if (!got || got->kind != JSON_OBJECT) {
		cli_error("conform", &r->c->diag,
			  "the port's answer to vector %zu (%s) is not a JSON object on one line (%s at byte "
			  "%zu): '%.200s'; each answer is one line such as {\"outcome\": ...}",
			  r->count, what, got ? "another value" : error, got ? (size_t)0 : where, answer);
		json_value_free(got);
		goto done;
	}
	strbuf diffs = {0};
	if (conform_compare(vector, got, &diffs) > 0) {
		if (++r->differing <= SHOWN_DIFFERENCES) {
			show_vector(r, vector, situation);
			fputs(diffs.data, stdout);
		}
	}
	sb_free(&diffs);
	json_value_free(got);
	ok = true;
done:
	free(answer);
	free(what);
	free(situation);
	json_value_free(vector);
	return ok;
}

/* Every vector of vectors (a file of JSON lines) through the port. */
static void run_all(run *r, FILE *vectors)
{
	strbuf line = {0};
	int ch;
	sb_puts(&line, "");
	while (!r->failed && (ch = getc(vectors)) != EOF) {
		if (ch != '\n') {
			sb_putc(&line, (char)ch);
			continue;
		}
		r->count++;
		r->failed = !one(r, line.data);
		line.len = 0;
		line.data[0] = '\0';
	}
	sb_free(&line);
}

static int conform(cli_ctx *c, const conform_args *a, char **command)
{
	loaded l;
	if (!cli_load(&l, a->file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	int status = EXIT_OK;
	run r = {.c = c, .rs = &l.model.rs, .timeout = a->timeout};
	FILE *vectors = NULL;
	for (size_t i = 0; i < a->nnames; i++)
		if (!vectors_known(r.rs, a->names[i])) {
			status = usage_error("conform", "nothing named '%s' in %s", a->names[i], a->file);
			goto done;
		}
	if (!(vectors = tmpfile())) {
		cli_error("conform", &c->diag, "cannot make a temporary file: %s", strerror(errno));
		status = EXIT_INPUT;
		goto done;
	}
	work_budget work = work_start(c->diag.max_work);
	vectors_options vo = {a->names, a->nnames, a->exhaustive, (uint64_t)a->limit, say_note, &c->diag, &work};
	char *why = NULL;
	if (a->exhaustive && !vectors_exhaustive_fits(r.rs, &vo, &why)) {
		cli_error("conform", &c->diag,
			  "--exhaustive: %s (raise --limit, name the definitions that fit, or leave out "
			  "--exhaustive for the coverage vectors)", why);
		free(why);
		status = EXIT_INPUT;
		goto done;
	}
	free(why);
	vectors_coverage cov;
	vectors_write(vectors, r.rs, &vo, &cov);
	if (!vectors_say_undone(&l.diag, &l.model, &cov, work.limit)) {
		status = EXIT_INPUT;
		goto done;
	}
	rewind(vectors);
	if (!child_start(&r.port, command)) {
		cli_error("conform", &c->diag, "cannot start '%s': %s", command[0], strerror(errno));
		status = EXIT_INPUT;
		goto done;
	}
	run_all(&r, vectors);
	char *ended = child_stop(&r.port, r.failed ? 0 : 2000);
	if (ended && !r.failed) {
		cli_error("conform", &c->diag, "the port ended with %s after its answers", ended);
		r.failed = true;
	} else if (ended && r.failed) {
		cli_note("conform", &c->diag, "the port ended with %s", ended);
	}
	free(ended);
	if (r.failed)
		status = EXIT_INPUT;
	else if (r.differing) {
		if (r.differing > SHOWN_DIFFERENCES)
			printf("... and %zu more\n", r.differing - SHOWN_DIFFERENCES);
		printf("%zu of %zu vectors of %s differ\n", r.differing, r.count, r.rs->id);
		status = EXIT_INPUT;
	} else {
		printf("%zu vectors of %s: the port agrees on every one\n", r.count, r.rs->id);
	}
done:
	if (vectors)
		fclose(vectors);
	loaded_free(&l);
	return status;
}

int cmd_conform(cli_ctx *c, int argc, char **argv)
{
	int dashes = argc;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			dashes = i;
			break;
		}
	conform_args a = {NULL, xcalloc((size_t)argc, sizeof(char *)), 0, false, VECTORS_DEFAULT_LIMIT, 10};
	c->diag.errors_only = true;
	int status = cli_parse(&verb, c, dashes, argv, take, &a);
	if (status == EXIT_OK && !a.file)
		status = usage_error("conform", "give a FILE");
	else if (status == EXIT_OK && dashes + 1 >= argc)
		status = usage_error("conform", "give the port's command after '--': rtab conform FILE -- COMMAND [ARG]...");
	if (status == EXIT_OK)
		status = conform(c, &a, argv + dashes + 1);
	free(a.names);
	return status < 0 ? EXIT_OK : status;
}
