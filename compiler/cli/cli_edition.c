/* --edition and FILE@EDITION: how every verb picks the edition it reads. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"

#include "base/util.h"

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

cli_option cli_common_option(const char *verb, const char *help, int argc, char **argv, int *i,
			     const char **edition)
{
	int e = cli_edition_option(verb, argc, argv, i, edition);
	if (e != 0)
		return e < 0 ? CLI_OPTION_BAD : CLI_OPTION_TAKEN;
	if (strcmp(argv[*i], "--help") == 0 || strcmp(argv[*i], "-h") == 0) {
		fputs(help, stdout);
		return CLI_OPTION_HELP;
	}
	return CLI_OPTION_OTHER;
}

int cli_compare_args(const char *verb, const char *help, const char *const *formats, int argc,
		     char **argv, compare_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		cli_option c = cli_common_option(verb, help, argc, argv, &i, &a->edition);
		if (c == CLI_OPTION_TAKEN)
			continue;
		if (c != CLI_OPTION_OTHER)
			return c == CLI_OPTION_HELP ? -1 : EXIT_USAGE;
		if (strcmp(arg, "--format") == 0 || strcmp(arg, "--locale") == 0) {
			if (i + 1 == argc)
				return usage_error(verb, "%s needs a value", arg);
			const char *v = argv[++i];
			if (arg[2] == 'l') {
				a->locale = v;
				continue;
			}
			int k = 0;
			while (formats[k] && strcmp(formats[k], v) != 0)
				k++;
			if (!formats[k]) {
				strbuf names = {0};
				for (k = 0; formats[k]; k++)
					sb_printf(&names, "%s%s", k ? (formats[k + 1] ? ", " : " or ") : "", formats[k]);
				int rc = usage_error(verb, "--format takes %s, not '%s'", names.data, v);
				sb_free(&names);
				return rc;
			}
			a->format = k;
			continue;
		}
		int dr = cli_diag_option(verb, arg, &a->diag);
		if (dr < 0)
			return EXIT_USAGE;
		if (dr > 0)
			continue;
		if (arg[0] == '-' && arg[1])
			return usage_error(verb, "unknown option '%s'", arg);
		if (a->npos == 2)
			return usage_error(verb, "unexpected argument '%s'", arg);
		a->pos[a->npos++] = arg;
	}
	return EXIT_OK;
}
