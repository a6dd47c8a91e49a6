/* SPDX-License-Identifier: MIT */
/* rtab: checks .rtab rules tables, compiles them to C, and evaluates them. */
#include "cli/cli.h"
#include "cli/options.h"

#include "rtab.h"
#include "base/msg.h"
#include "base/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
	"usage: rtab VERB [OPTIONS] FILE...\n"
	"\n"
	"Verbs:\n"
	"  check FILE...             report every diagnostic of the files\n"
	"  compile FILE... [-o DIR]  write DIR/<ruleset>.c and .h (default DIR: generated)\n"
	"  eval FILE NAME ...        resolve a table, reaction set, transition, distance or procedure\n"
	"  test FILE|DIR...          run the examples written in the files\n"
	"  odds FILE NAME ...        exact odds of a table's outcomes or a distance's values\n"
	"  diff OLD NEW              what changed between two rulesets or editions; the errata sheet\n"
	"  verify ORIGINAL TRANSLATION  a translation against its original (or one file's labels)\n"
	"  export --format F FILE    the ruleset as json or csv; the player aid (html, pdf); a proof\n"
	"  vectors FILE [NAME]...    conformance vectors: situations and what the runtime gives, as JSON lines\n"
	"  conform FILE -- COMMAND    run a port through the conformance vectors\n"
	"  lsp                       a language server for editors, over standard input and output\n"
	"  fmt FILE...|-             the canonical layout (--check: a diff; -i: in place)\n"
	"  site FILE... -o DIR       a static site: the interactive player aid and the workbench\n"
	"\n"
	"Options:\n"
	"  -h, --help     show this help; 'rtab VERB --help' or 'rtab help VERB'\n"
	"                 shows a verb's help\n"
	"  --version      show the version\n"
	"  --edition NAME every verb: read the edition with the errata layers up to\n"
	"                 NAME ('original': none; default: all); or write FILE@NAME\n"
	"  --max-work N every verb that reads a file: the work budget of its\n"
	"                 proofs and enumerations, in evaluated steps\n"
	"\n"
	"Exit status: 0 success, 1 errors in the input, 2 bad usage, 3 out of memory.\n";

/*
 * Every verb's output ends here: an answer that could not be written (a full
 * disk, a closed pipe) is a failure, whatever the verb returned.
 */
static int finish(const cli_ctx *c, int status)
{
	errno = 0;
	bool flush_failed = fflush(stdout) != 0;
	if (flush_failed || ferror(stdout)) {
		cli_error(c->verb, &c->diag, "cannot write the standard output%s%s",
			  flush_failed ? ": " : "", flush_failed ? strerror(errno) : "");
		if (status == EXIT_OK)
			status = EXIT_INPUT;
	}
	if (fflush(stderr) != 0 || ferror(stderr)) {
		if (status == EXIT_OK)
			status = EXIT_INPUT;
	}
	return status;
}

static int run(cli_ctx *c, int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(cli_ctx *, int, char **);
	} verbs[] = {
		{"check", cmd_check},
		{"compile", cmd_compile},
		{"eval", cmd_eval},
		{"test", cmd_test},
		{"diff", cmd_diff},
		{"verify", cmd_verify},
		{"odds", cmd_odds},
		{"export", cmd_export},
		{"vectors", cmd_vectors},
		{"conform", cmd_conform},
		{"lsp", cmd_lsp},
		{"fmt", cmd_fmt},
		{"site", cmd_site},
	};

	if (argc < 2)
		return usage_error(NULL, "no verb given");
	if (strcmp(argv[1], "help") == 0 && argc > 2) {
		/* rtab help VERB: the same as rtab VERB --help. */
		char *help_argv[] = {argv[2], (char *)"--help", NULL};
		for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
			if (strcmp(argv[2], verbs[i].name) == 0)
				return verbs[i].run(c, 2, help_argv);
		return usage_error(NULL, "no help on '%s': not a verb", argv[2]);
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("rtab %s\n", RTAB_VERSION);
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (strcmp(argv[1], verbs[i].name) == 0)
			return verbs[i].run(c, argc - 1, argv + 1);
	return usage_error(NULL, "unknown verb '%s'", argv[1]);
}

int main(int argc, char **argv)
{
	cli_ctx c = {0};
	msg_use_environment();
	int status = run(&c, argc, argv);
	return finish(&c, status);
}
