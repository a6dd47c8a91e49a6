/* SPDX-License-Identifier: MIT */
/* rtab test: run the examples written in .rtab files. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "check/editions/edition.h"
#include "check/proofs/examples.h"
#include "check/load.h"
#include "cli/options.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const cli_opt options[] = {
	{"--verbose", 'v', NULL, "list the examples that pass too", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "test",
	.usage = "rtab test [-v] [--edition NAME] [-WNAME|-Wno-NAME|-Werror|--strict]... FILE|DIR...",
	.about = "\nRun every example written in the files (a directory: its *.rtab files).\n"
		 "Prints each failure, then 'N passed, N failed' over the examples.\n"
		 "--edition NAME (or FILE@NAME) runs them against that edition.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG,
	.diag_help = "report on the files as rtab check does (a file\n"
		     "with an error runs no example)",
	.after = "Exit status: 0 when all pass, 1 a failure, errors in a file or no example\n"
		 "at all, 2 bad usage, 3 out of memory.\n",
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .rtab files of a directory, sorted, so that runs are repeatable. None
 * (an unreadable or empty directory) is reported. */
static char **dir_files(const char *dir, size_t *n, const diag_options *opts)
{
	DIR *d = opendir(dir);
	char **out = NULL;
	size_t cap = 0;
	struct dirent *e;

	*n = 0;
	if (!d) {
		cli_file_error(dir, opts, "cannot read the directory: %s", strerror(errno));
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".rtab") != 0)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 8;
			out = xrealloc(out, cap * sizeof *out);
		}
		strbuf p = {0};
		size_t dl = strlen(dir);
		sb_printf(&p, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", e->d_name);
		out[(*n)++] = p.data;
	}
	closedir(d);
	if (*n == 0)
		cli_file_error(dir, opts, "the directory holds no .rtab file");
	if (*n > 1)
		qsort(out, *n, sizeof *out, cmp_str);
	return out;
}

/* Runs the examples of one file; returns 1 when it loaded, 0 when not. */
static int test_file(const char *path, const char *edition, bool verbose, example_counts *c,
		     int *status, const diag_options *opts)
{
	loaded l;
	int ok = cli_load(&l, path, edition, stderr, opts) ? 1 : 0;
	if (ok) {
		int failed = c->failed;
		examples_run(&l.model, path, stdout, verbose, c);
		/* A file with errata layers names the edition its examples failed in. */
		if (l.errata && c->failed > failed)
			printf("%s: note: the examples ran against edition '%s'\n", path,
			       l.nlayers ? edition_layer(l.errata, (size_t)l.nlayers - 1)->id : EDITION_ORIGINAL);
	} else {
		*status = EXIT_INPUT;
	}
	cli_provisional_summary(&l, opts);
	loaded_free(&l);
	return ok;
}

typedef struct test_args {
	const char **paths;
	size_t npaths;
	bool verbose;
} test_args;

static int take(void *arg, int opt, const char *value)
{
	test_args *a = arg;
	if (opt == 0)
		a->verbose = true;
	else if (strcmp(value, "-") == 0)
		return usage_error("test", "'-': examples are read from files, not from standard input");
	else
		a->paths[a->npaths++] = value;
	return EXIT_OK;
}

int cmd_test(cli_ctx *c, int argc, char **argv)
{
	example_counts counts = {0, 0};
	test_args a = {xcalloc((size_t)argc, sizeof(char *)), 0, false};
	int status = cli_parse(&verb, c, argc, argv, take, &a), nloaded = 0;
	const diag_options *opts = &c->diag;

	if (status == EXIT_OK && a.npaths == 0)
		status = usage_error("test", "no input file");
	if (status != EXIT_OK) {
		free(a.paths);
		return status < 0 ? EXIT_OK : status;
	}
	for (size_t i = 0; i < a.npaths; i++) {
		struct stat st;
		const char *ed = c->edition;
		char *path = cli_split_edition(a.paths[i], &ed);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			size_t n;
			char **files = dir_files(path, &n, opts);
			if (n == 0)
				status = EXIT_INPUT; /* running nothing would pass silently */
			for (size_t k = 0; k < n; k++) {
				nloaded += test_file(files[k], ed, a.verbose, &counts, &status, opts);
				free(files[k]);
			}
			free(files);
		} else {
			nloaded += test_file(path, ed, a.verbose, &counts, &status, opts);
		}
		free(path);
	}
	free(a.paths);
	/* With no file loaded there is nothing to count: "0 passed" would read
	 * as a file without examples. */
	if (nloaded > 0)
		printf("%d passed, %d failed\n", counts.passed, counts.failed);
	if (nloaded > 0 && counts.passed + counts.failed == 0) {
		/* Running nothing is no success, as for an empty directory. */
		cli_error("test", opts, "no example in %s: nothing was tested (write 'example' "
			  "statements in the tables)", nloaded == 1 ? "the file" : "the files");
		status = EXIT_INPUT;
	}
	return counts.failed ? EXIT_INPUT : status;
}
