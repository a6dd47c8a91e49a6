/* SPDX-License-Identifier: MIT */
/* rtab conform: a port run through the conformance vectors (docs/conformance.md). */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "cli/options.h"
#include "check/load.h"
#include "analysis/conform_run.h"
#include "analysis/vectors.h"
#include "base/work.h"

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

static int conform(cli_ctx *c, const conform_args *a, char **command)
{
	loaded l;
	if (!cli_load(&l, a->file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	int status = EXIT_OK;
	child port;
	conform_run r = {.rs = &l.model.rs, .port = &port, .timeout_s = a->timeout,
			 .shown_max = SHOWN_DIFFERENCES, .report = stdout};
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
	if (!child_start(&port, command)) {
		cli_error("conform", &c->diag, "cannot start '%s': %s", command[0], strerror(errno));
		status = EXIT_INPUT;
		goto done;
	}
	conform_run_all(&r, vectors);
	if (r.failure)
		cli_error("conform", &c->diag, "%s", r.failure);
	char *ended = child_stop(&port, r.failure ? 0 : 2000);
	if (ended && !r.failure)
		cli_error("conform", &c->diag, "the port ended with %s after its answers", ended);
	else if (ended)
		cli_note("conform", &c->diag, "the port ended with %s", ended);
	if (r.failure || ended)
		status = EXIT_INPUT;
	else {
		conform_run_summary(&r);
		status = r.differing ? EXIT_INPUT : EXIT_OK;
	}
	free(ended);
	conform_run_free(&r);
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
