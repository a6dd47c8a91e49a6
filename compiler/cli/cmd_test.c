/* rtab test: run the examples written in .rtab files. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "check/edition.h"
#include "check/examples.h"
#include "check/load.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char help[] =
	"usage: rtab test [-v] [--edition NAME] [-WNAME|-Wno-NAME|-Werror|--strict]... FILE|DIR...\n"
	"\n"
	"Run every example written in the files (a directory: its *.rtab files).\n"
	"Prints each failure, then 'N passed, N failed' over the examples.\n"
	"-v lists the examples that pass too. --edition NAME (or FILE@NAME) runs\n"
	"them against the edition with the errata layers up to NAME ('original':\n"
	"none; default: every layer). -WNAME, -Wno-NAME, -Werror, --strict and\n"
	"--diagnostics=json|text report on the files as rtab check does (a file\n"
	"with an error runs no example). Exit status: 0 when all pass.\n";

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .rtab files of a directory, sorted, so that runs are repeatable. None
 * (an unreadable or empty directory) is reported. */
static char **dir_files(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	char **out = NULL;
	size_t cap = 0;
	struct dirent *e;

	*n = 0;
	if (!d) {
		fprintf(stderr, "%s: error: cannot read the directory: %s\n", dir, strerror(errno));
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
		fprintf(stderr, "%s: error: the directory holds no .rtab file\n", dir);
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
	loaded_free(&l);
	return ok;
}

int cmd_test(int argc, char **argv)
{
	example_counts counts = {0, 0};
	bool verbose = false;
	int status = EXIT_OK, nfiles = 0, nloaded = 0;
	const char *edition = NULL;
	diag_options opts = {0};

	for (int i = 1; i < argc; i++) {
		int first = i, e = cli_edition_option("test", argc, argv, &i, &edition);
		if (e < 0)
			return EXIT_USAGE;
		if (e > 0) {
			for (int k = first; k <= i; k++)
				argv[k] = NULL;
			continue;
		}
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(help, stdout);
			return EXIT_OK;
		}
		int dr = cli_diag_option("test", argv[i], &opts);
		if (dr < 0)
			return EXIT_USAGE;
		if (dr > 0) {
			argv[i] = NULL;
			continue;
		}
		if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0)
			verbose = true;
		else if (strcmp(argv[i], "-") == 0)
			return usage_error("test", "'-': examples are read from files, not from standard input");
		else if (argv[i][0] == '-')
			return usage_error("test", "unknown option '%s'", argv[i]);
		else
			nfiles++;
	}
	if (nfiles == 0)
		return usage_error("test", "no input file");
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (!argv[i] || argv[i][0] == '-')
			continue;
		const char *ed = edition;
		char *path = cli_split_edition(argv[i], &ed);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			size_t n;
			char **files = dir_files(path, &n);
			if (n == 0)
				status = EXIT_INPUT; /* running nothing would pass silently */
			for (size_t k = 0; k < n; k++) {
				nloaded += test_file(files[k], ed, verbose, &counts, &status, &opts);
				free(files[k]);
			}
			free(files);
		} else {
			nloaded += test_file(path, ed, verbose, &counts, &status, &opts);
		}
		free(path);
	}
	/* With no file loaded there is nothing to count: "0 passed" would read
	 * as a file without examples. */
	if (nloaded > 0)
		printf("%d passed, %d failed\n", counts.passed, counts.failed);
	return counts.failed ? EXIT_INPUT : status;
}
