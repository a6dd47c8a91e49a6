/* The diagnostic options of `rtab check`, for every verb that reads a file. */
#include "cli/cli.h"
#include "check/checks.h"

#include <string.h>

int cli_diag_option(const char *verb, const char *arg, diag_options *opts)
{
	int rc = check_parse_option(arg, opts);
	if (rc == -2) {
		usage_error(verb, "'%s': that check cannot be turned off; without it the file cannot be compiled",
			    arg);
		return -1;
	}
	if (rc == -1) {
		cli_diag_refused(verb, arg);
		return -1;
	}
	if (rc == 1)
		opts->errors_only = false; /* asked about diagnostics: show them */
	return rc;
}

int cli_diag_refused(const char *verb, const char *arg)
{
	if (strncmp(arg, "--diagnostics=", 14) == 0)
		return usage_error(verb, "--diagnostics takes json or text, not '%s'", arg + 14);
	return usage_error(verb, "unknown option '%s' (see rtab check --list-checks)", arg);
}
