/* SPDX-License-Identifier: MIT */
/* rtab fmt: the canonical layout of .rtab files, printed, checked or written in place. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/options.h"
#include "check/load.h"
#include "format/format.h"
#include "format/unified_diff.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OPT_CHECK, OPT_IN_PLACE };

static const cli_opt options[] = {
	{"--check", 0, NULL,
	 "write nothing; print a unified diff for each FILE that is not\n"
	 "formatted, and exit 1 when there is one",
	 NULL},
	{"--in-place", 'i', NULL,
	 "rewrite each FILE that is not formatted, atomically; its owner,\n"
	 "group, mode and hard links kept, and refused when it changed meanwhile",
	 NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "fmt",
	.usage = "rtab fmt [--check | -i] FILE...|-",
	.about = "\n"
		 "Lay out each .rtab file in the one canonical layout, and print it ('-':\n"
		 "the standard input). Blocks are indented by two spaces, one statement to\n"
		 "a line (a block written on one line stays on one line while it fits in\n"
		 "100 columns; the '{' of consecutive 'NAME { ... }' lines in one column);\n"
		 "tokens are spaced alike; the columns of a grid and of a 'rows' block are\n"
		 "aligned by display width; a line wider than 100 columns is wrapped after\n"
		 "the commas of its outermost list, or else before its clauses (@,\n"
		 "provisional, when, unless, and, or...); comments stay where they stand,\n"
		 "the trailing comments of consecutive lines aligned; blank lines are kept\n"
		 "up to one. The tokens stay the same: what the file means does not\n"
		 "change. A file with syntax errors gets its diagnostics and is not\n"
		 "written.",
	.opts = options,
	.shared = CLI_DIAG,
	.diag_help = "the options of rtab check; fmt finds syntax errors only, and\n"
		     "prints them as --diagnostics asks",
	.after = "Exit status: 0 when every file is formatted (or was written), 1 when a\n"
		 "file has syntax errors, cannot be read or written, or (--check) is not\n"
		 "formatted, 2 on bad usage, 3 out of memory.\n"};

typedef struct fmt_args {
	const char **files;
	size_t nfiles;
	bool check, in_place;
} fmt_args;

static int take(void *arg, int opt, const char *value)
{
	fmt_args *a = arg;
	if (opt == OPT_CHECK)
		a->check = true;
	else if (opt == OPT_IN_PLACE)
		a->in_place = true;
	else
		a->files[a->nfiles++] = value;
	return EXIT_OK;
}

static bool read_stream(FILE *f, strbuf *sb)
{
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		sb_put(sb, chunk, n);
	return !ferror(f);
}

/* The text of path ('-': the standard input), and the file as it was read
 * (*was), or false after saying why through d. */
static bool read_source(const char *path, diag_ctx *d, strbuf *sb, struct stat *was)
{
	if (strcmp(path, "-") == 0) {
		if (read_stream(stdin, sb))
			return true;
		diag_report(d, SEV_ERROR, NULL, (src_loc){0, 0}, "cannot read: %s", strerror(errno));
		return false;
	}
	FILE *f = open_regular(path, d);
	if (!f)
		return false;
	bool ok = read_stream(f, sb) && fstat(fileno(f), was) == 0;
	if (!ok)
		diag_report(d, SEV_ERROR, NULL, (src_loc){0, 0}, "cannot read: %s", strerror(errno));
	fclose(f);
	return ok;
}

/* Replace path, as it was read (was), by text; a read-only file is refused. */
static int write_in_place(cli_ctx *c, const char *path, const strbuf *text, const struct stat *was)
{
	/* The superuser may write any file: its permissions are what the owner asked. */
	if ((was->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || access(path, W_OK) != 0) {
		cli_file_error(path, &c->diag,
			       "the file is read-only, so it is left as it is; make it writable "
			       "(chmod u+w) to format it in place");
		return EXIT_INPUT;
	}
	output_report report = cli_output_report(c);
	return output_rewrite(path, text->data ? text->data : "", text->len, was, &report) ? EXIT_OK
											   : EXIT_INPUT;
}

static int format_one(cli_ctx *c, const fmt_args *a, const char *path)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	strbuf source = {0}, formatted = {0};
	struct stat was;
	diag_ctx d;
	diag_init(&d, name, NULL, 0, stderr);
	d.opts = &c->diag;
	int status = EXIT_OK;
	if (!read_source(path, &d, &source, &was)) {
		status = EXIT_INPUT;
		goto done;
	}
	diag_free(&d);
	diag_init(&d, name, source.data ? source.data : "", source.len, stderr);
	d.opts = &c->diag;
	if (!format_source(source.data ? source.data : "", source.len, &d, &formatted)) {
		status = EXIT_INPUT;
		goto done;
	}
	bool same = formatted.len == source.len && (source.len == 0 || memcmp(formatted.data, source.data, source.len) == 0);
	if (a->check) {
		strbuf diff = {0};
		if (unified_diff(name, source.data ? source.data : "", source.len,
				 formatted.data ? formatted.data : "", formatted.len, &diff)) {
			fwrite(diff.data, 1, diff.len, stdout);
			status = EXIT_INPUT;
		}
		sb_free(&diff);
	} else if (a->in_place) {
		if (!same)
			status = write_in_place(c, path, &formatted, &was);
	} else {
		fwrite(formatted.data ? formatted.data : "", 1, formatted.len, stdout);
	}
done:
	diag_free(&d);
	sb_free(&source);
	sb_free(&formatted);
	return status;
}

int cmd_fmt(cli_ctx *c, int argc, char **argv)
{
	fmt_args a = {xcalloc((size_t)argc, sizeof(char *)), 0, false, false};
	int rc = cli_parse(&verb, c, argc, argv, take, &a);
	if (rc == EXIT_OK) {
		if (a.nfiles == 0)
			rc = usage_error("fmt", "no input file (give '-' for the standard input)");
		else if (a.check && a.in_place)
			rc = usage_error("fmt", "--check writes nothing and -i writes: give one of them");
		for (size_t i = 0; rc == EXIT_OK && a.in_place && i < a.nfiles; i++)
			if (strcmp(a.files[i], "-") == 0)
				rc = usage_error("fmt", "-i rewrites files: the standard input cannot be rewritten");
	}
	if (rc != EXIT_OK) {
		free(a.files);
		return rc < 0 ? EXIT_OK : rc;
	}
	int status = EXIT_OK;
	for (size_t i = 0; i < a.nfiles; i++)
		if (format_one(c, &a, a.files[i]) != EXIT_OK)
			status = EXIT_INPUT;
	free(a.files);
	return status;
}
