/* SPDX-License-Identifier: MIT */
/* rtab vectors: its options and output; analysis/vectors.c finds the vectors. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "check/load.h"
#include "analysis/vectors.h"
#include "base/work.h"
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_opt options[] = {
	{"--exhaustive", 0, NULL,
	 "also every situation of the inputs read, times every roll;\n"
	 "a definition with more than --limit of them is an error (nothing is written)", NULL},
	{"--limit", 0, "N", "the limit of --exhaustive per definition (default 100000,\nat most 1000000)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "vectors",
	.usage = "rtab vectors FILE [NAME]... [--exhaustive] [--limit N] [--edition NAME]",
	.about = "\nWrite conformance vectors: one JSON object per line, each a situation (the\n"
		 "inputs the definition reads, the natural faces, an extra modifier) and what\n"
		 "the runtime gives for it. NAMEs pick tables, reaction sets, transitions,\n"
		 "distances and procedures (default: all of them). The count of vectors\n"
		 "written is a note on standard error.\n"
		 "\n"
		 "Coverage: every column and row of a table, both sides of every range\n"
		 "boundary, every natural-roll rule, every modifier on and off, every matrix\n"
		 "cell and ratio step boundary a table reads, every cap bound, every rewrite\n"
		 "and every trigger's exception both ways; each modifier on crossed with\n"
		 "every column and its boundary rolls, natural rules and cap, and every pair\n"
		 "of modifiers on together in every column (the counts are in the note);\n"
		 "each modifier's condition at every value of each input it reads, in every\n"
		 "column; every trigger fired at every value of each input its count, its\n"
		 "exception and what it passes on read, and followed as a chain (the result\n"
		 "and each step it triggers, every repeat with what it is passed); every\n"
		 "requirement broken and met; every state of a transition; the situations\n"
		 "that tell the options, steps and forms of the others apart.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.after = "Exit status: 0 success, 1 errors in the file or --exhaustive past --limit,\n"
		 "2 bad usage, 3 out of memory.\n",
};

typedef struct vec_args {
	const char *file;
	const char **names;
	size_t nnames;
	bool exhaustive;
	long limit;
} vec_args;

static int take(void *arg, int opt, const char *value)
{
	vec_args *a = arg;
	if (opt == 0)
		a->exhaustive = true;
	else if (opt == 1 && (!cli_parse_long(value, &a->limit) || a->limit < 1))
		return usage_error("vectors", "--limit needs a positive integer");
	else if (opt == 1 && a->limit > VECTORS_MAX_LIMIT)
		return usage_error("vectors",
				   "--limit %ld is more than %d, the vectors of one definition that are "
				   "written in seconds: give at most %d (a definition with more situations "
				   "gets its coverage vectors)",
				   a->limit, VECTORS_MAX_LIMIT, VECTORS_MAX_LIMIT);
	else if (opt < 0 && !a->file)
		a->file = value;
	else if (opt < 0)
		a->names[a->nnames++] = value;
	return EXIT_OK;
}

/* The analysis's notes, printed as the verb reports (text, or JSON with --diagnostics=json). */
static void say_note(void *diag, const char *message)
{
	cli_note("vectors", diag, "%s", message);
}

int cmd_vectors(cli_ctx *c, int argc, char **argv)
{
	vec_args a = {NULL, xcalloc((size_t)argc, sizeof(char *)), 0, false, VECTORS_DEFAULT_LIMIT};
	loaded l;
	c->diag.errors_only = true; /* quiet about the file's warnings unless asked (-W...) */
	int status = cli_parse(&verb, c, argc, argv, take, &a);
	if (status == EXIT_OK && !a.file)
		status = usage_error("vectors", "give a FILE");
	if (status) {
		free(a.names);
		return status < 0 ? EXIT_OK : status;
	}
	if (!cli_load(&l, a.file, c->edition, stderr, &c->diag)) {
		loaded_free(&l);
		free(a.names);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	for (size_t i = 0; i < a.nnames; i++)
		if (!vectors_known(rs, a.names[i])) {
			status = usage_error("vectors", "nothing named '%s' in %s", a.names[i], a.file);
			goto done;
		}
	work_budget work = work_start(c->diag.max_work);
	vectors_options vo = {a.names, a.nnames, a.exhaustive, (uint64_t)a.limit, say_note, &c->diag, &work};
	char *why = NULL;
	if (a.exhaustive && !vectors_exhaustive_fits(rs, &vo, &why)) {
		cli_error("vectors", &c->diag,
			  "--exhaustive: %s; nothing written (raise --limit, at most %d, name the "
			  "definitions that fit, or leave out --exhaustive for the coverage vectors)",
			  why, VECTORS_MAX_LIMIT);
		free(why);
		status = EXIT_INPUT;
		goto done;
	}
	free(why);
	vectors_coverage cov;
	size_t count = vectors_write(stdout, rs, &vo, &cov);
	cli_note("vectors", &c->diag,
		 "%zu vectors for %s (%zu of them chains); %zu modifiers crossed with every column "
		 "and its boundary rolls, %zu pairs of modifiers on together",
		 count, rs->id, cov.chains, cov.crossed, cov.pairs);
	if (!vectors_say_undone(&l.diag, &l.model, &cov, work.limit))
		status = EXIT_INPUT;
done:
	loaded_free(&l);
	free(a.names);
	return status;
}
