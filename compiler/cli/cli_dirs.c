/* SPDX-License-Identifier: MIT */
/* Directories a verb's output goes into (see cli_dirs.h). */
#include "cli/cli_dirs.h"

#include "base/util.h"
#include "cli/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool cli_make_dirs(const char *verb, const char *dir, const diag_options *opts)
{
	char *p = xstrdup(dir);
	bool ok = true;
	for (char *q = p + 1;; q++) {
		if (*q != '/' && *q)
			continue;
		char c = *q;
		*q = '\0';
		struct stat st;
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			cli_error(verb, opts, "cannot create directory '%s': %s", p, strerror(errno));
			ok = false;
		} else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
			cli_error(verb, opts, "'%s' is not a directory", p);
			ok = false;
		}
		*q = c;
		if (!ok || !c)
			break;
	}
	free(p);
	return ok;
}

bool cli_make_parent_dirs(const char *verb, const char *path, const diag_options *opts)
{
	const char *slash = strrchr(path, '/');
	if (!slash || slash == path)
		return true;
	char *dir = xstrndup(path, (size_t)(slash - path));
	bool ok = cli_make_dirs(verb, dir, opts);
	free(dir);
	return ok;
}
