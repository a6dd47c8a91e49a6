/* SPDX-License-Identifier: MIT */
/* rtab check: diagnostics only. */
#include "cli/cli.h"
#include "check/names/link_names.h"
#include "check/checks.h"
#include "check/load.h"
#include "cli/options.h"

#include <stdlib.h>

#include <stdio.h>
#include <string.h>

static const cli_opt options[] = {
	{"--list-checks", 0, NULL, "print every check with its default and purpose", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const cli_verb verb = {
	.name = "check",
	.usage = "rtab check [OPTIONS] FILE...",
	.about = "\nCheck each .rtab file and print every diagnostic as\n"
	"FILE:LINE:COL: error|warning|note: MESSAGE [-WCHECK], and list the\n"
	"provisional values (as notes). Every edition is checked.",
	.opts = options,
	.shared = CLI_EDITION | CLI_DIAG_LISTED,
	.after = "Exit status: 0 when no file has an error, 1 otherwise, 2 on bad usage, 3 out of memory.\n"};

static void list_checks(void)
{
	static const char *const sev[] = {"note", "warning", "error"};
	for (int i = 0; i < CHECK_COUNT_; i++)
		printf("%-22s %-8s %s%s\n", rtab_checks[i].name, sev[rtab_checks[i].default_severity],
		       rtab_checks[i].summary, rtab_checks[i].configurable ? "" : " (always on)");
}

typedef struct check_args {
	const char **files;
	size_t nfiles;
	bool list;
} check_args;

static int take(void *arg, int opt, const char *value)
{
	check_args *a = arg;
	if (opt == 0)
		a->list = true;
	else
		a->files[a->nfiles++] = value;
	return EXIT_OK;
}

int cmd_check(cli_ctx *c, int argc, char **argv)
{
	int status = EXIT_OK;
	check_args a = {xcalloc((size_t)argc, sizeof(char *)), 0, false};
	int rc = cli_parse(&verb, c, argc, argv, take, &a);
	if (rc == EXIT_OK && a.list)
		list_checks();
	if (rc != EXIT_OK || a.list) {
		free(a.files);
		return rc < 0 ? EXIT_OK : rc;
	}
	if (a.nfiles == 0) {
		free(a.files);
		return usage_error("check", "no input file");
	}
	/* Kept together: what compile refuses of files given together, check reports. */
	loaded *files = xcalloc(a.nfiles, sizeof *files);
	for (size_t i = 0; i < a.nfiles; i++)
		if (!cli_load(&files[i], a.files[i], c->edition, c->diag.json ? stdout : stderr, &c->diag))
			status = EXIT_INPUT;
	if (linked_names_clash(files, a.nfiles, a.files))
		status = EXIT_INPUT;
	for (size_t i = 0; i < a.nfiles; i++) {
		cli_provisional_summary(&files[i], &c->diag);
		loaded_free(&files[i]);
	}
	free(files);
	free(a.files);
	return status;
}
