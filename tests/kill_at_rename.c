/*
 * Preloaded under rtab to stand for a run killed outright (SIGKILL, a power
 * cut) between the renames of a commit: the rename whose new name ends with
 * $RTAB_KILL_RENAME_SUFFIX kills the process instead of running.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rename(const char *from, const char *to)
{
	const char *suffix = getenv("RTAB_KILL_RENAME_SUFFIX");
	size_t n = suffix ? strlen(suffix) : 0, m = strlen(to);
	if (n && m >= n && strcmp(to + m - n, suffix) == 0)
		raise(SIGKILL);
	int (*real)(const char *, const char *);
	*(void **)&real = dlsym(RTLD_NEXT, "rename"); /* POSIX's way to a function from dlsym */
	return real(from, to);
}
