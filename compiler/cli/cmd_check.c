/* rtab check: diagnostics only. */
#include "cli/cli.h"
#include "check/checks.h"
#include "check/load.h"

#include <stdio.h>
#include <string.h>

static const char help[] =
	"usage: rtab check [OPTIONS] FILE...\n"
	"\n"
	"Check each .rtab file and print every diagnostic as\n"
	"FILE:LINE:COL: error|warning|note: MESSAGE [-WCHECK], and list the\n"
	"provisional values (as notes).\n"
	"\n"
	"Options:\n"
	"  -WNAME, -Wno-NAME      turn the check NAME on (as a warning) or off\n"
	"  -Werror                warnings are errors\n"
	"  --strict               provisional values are errors\n"
	"  --diagnostics=json     one JSON object per diagnostic and line\n"
	"  --list-checks          print every check with its default and purpose\n"
	"  --edition NAME         the edition with the errata layers up to NAME\n"
	"                         ('original': none; default: every layer); FILE@NAME\n"
	"                         names one file's edition. Every edition is checked.\n"
	"Exit status: 0 when no file has an error, 1 otherwise, 2 on bad usage.\n";

static void list_checks(void)
{
	static const char *const sev[] = {"note", "warning", "error"};
	for (int i = 0; i < CHECK_COUNT_; i++)
		printf("%-22s %-8s %s%s\n", rtab_checks[i].name, sev[rtab_checks[i].default_severity],
		       rtab_checks[i].summary, rtab_checks[i].configurable ? "" : " (always on)");
}

int cmd_check(int argc, char **argv)
{
	int nfiles = 0, status = EXIT_OK;
	diag_options opts = {.list_provisional = true};
	const char *edition = NULL;

	for (int i = 1; i < argc; i++) {
		int first = i, e = cli_edition_option("check", argc, argv, &i, &edition);
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
		if (strcmp(argv[i], "--list-checks") == 0) {
			list_checks();
			return EXIT_OK;
		}
		int rc = check_parse_option(argv[i], &opts);
		if (rc == -2)
			return usage_error("check", "'%s': that check cannot be turned off; without it the file cannot be compiled",
					   argv[i]);
		if (rc < 0)
			return cli_diag_refused("check", argv[i]);
		if (rc == 0 && argv[i][0] == '-' && argv[i][1])
			return usage_error("check", "unknown option '%s'", argv[i]);
		if (rc == 0)
			nfiles++;
		else
			argv[i] = NULL;
	}
	if (nfiles == 0)
		return usage_error("check", "no input file");
	for (int i = 1; i < argc; i++) {
		loaded l;
		if (!argv[i])
			continue;
		if (!cli_load(&l, argv[i], edition, opts.json ? stdout : stderr, &opts))
			status = EXIT_INPUT;
		loaded_free(&l);
	}
	return status;
}
