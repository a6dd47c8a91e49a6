/* SPDX-License-Identifier: MIT */
/* FILE@EDITION: how every verb reads a file in the edition it names. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"

#include "base/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *cli_split_edition(const char *arg, const char **edition)
{
	const char *at = strrchr(arg, '@');
	/* A file whose own name holds '@' is read as it is. */
	if (!at || at == arg || access(arg, F_OK) == 0)
		return xstrdup(arg);
	if (at[1])
		*edition = at + 1;
	return xstrndup(arg, (size_t)(at - arg));
}

int cli_check_edition_arg(const char *verb, const char *arg)
{
	size_t n = strlen(arg);
	/* "FILE@" names no edition: taking it for the default would hide a typo. */
	if (n > 1 && arg[n - 1] == '@' && access(arg, F_OK) != 0)
		return usage_error(verb, "'%s': the edition after '@' is missing (FILE@NAME, "
				   "NAME an errata layer or 'original')", arg);
	return EXIT_OK;
}

bool cli_load(loaded *l, const char *arg, const char *edition, FILE *out,
	      const diag_options *opts)
{
	char *path = cli_split_edition(arg, &edition);
	bool ok = load_file_edition(l, path, edition, out, opts);
	free(path);
	return ok;
}

bool cli_load_kept(loaded *l, const char *arg, const char *edition, const char *locale, FILE *out,
		   const diag_options *opts)
{
	char *path = cli_split_edition(arg, &edition);
	bool ok = load_kept(l, path, edition, locale, out, opts);
	free(path);
	return ok;
}
