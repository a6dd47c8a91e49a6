/* SPDX-License-Identifier: MIT */
/* Directories a verb's output goes into, made when missing (mkdir -p). */
#ifndef RTAB_CLI_DIRS_H
#define RTAB_CLI_DIRS_H

#include "base/diag.h"

#include <stdbool.h>

/* DIR and its missing parents; an error of verb's (and false) when one
 * cannot be made or is not a directory. */
bool cli_make_dirs(const char *verb, const char *dir, const diag_options *opts);

/* The directories a file path is in ("out/aid/x.pdf": out/ and out/aid/). */
bool cli_make_parent_dirs(const char *verb, const char *path, const diag_options *opts);

#endif
