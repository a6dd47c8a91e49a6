/* --edition and FILE@EDITION: how every verb picks the edition it reads. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_edition_option(const char *verb, int argc, char **argv, int *i, const char **edition)
{
	const char *arg = argv[*i];
	if (strncmp(arg, "--edition=", 10) == 0) {
		*edition = arg + 10;
	} else if (strcmp(arg, "--edition") == 0) {
		if (*i + 1 >= argc) {
			usage_error(verb, "--edition needs the name of an errata layer, or 'original'");
			return -1;
		}
		*edition = argv[++*i];
	} else {
		return 0;
	}
	if (!**edition) {
		usage_error(verb, "--edition needs the name of an errata layer, or 'original'");
		return -1;
	}
	return 1;
}

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

bool cli_load(loaded *l, const char *arg, const char *edition, FILE *out,
	      const diag_options *opts)
{
	char *path = cli_split_edition(arg, &edition);
	bool ok = load_file_edition(l, path, edition, out, opts);
	free(path);
	return ok;
}
