/* SPDX-License-Identifier: MIT */
/* The parts of the C library wasi-libc leaves out (libc_wasi.h), over the
 * files the page holds in memory (web/js/rtab_wasi.js). */
#include "libc_wasi.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What realpath's callers give room for (wasi-libc defines no PATH_MAX). */
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

char *realpath(const char *path, char *resolved)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return NULL;
	if (strlen(path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if (resolved)
		return strcpy(resolved, path);
	return strdup(path);
}

/* A file of its own in /tmp, which the module's instance drops when the verb ends. */
FILE *tmpfile(void)
{
	static unsigned n;
	char name[64];
	snprintf(name, sizeof name, "/tmp/rtab-tmpfile-%u", n++);
	return fopen(name, "w+");
}

/* Debian builds clang's compiler runtime for wasm32 with the stack
 * protector, and wasi-libc defines neither of its symbols: the 128-bit
 * division of exact fractions (__umodti3) needs them. A smashed stack ends
 * the module, as it ends a native process. */

uintptr_t __stack_chk_guard = 0x2f9e1b7du;

_Noreturn void __stack_chk_fail(void);
_Noreturn void __stack_chk_fail(void)
{
	abort();
}
