/* SPDX-License-Identifier: MIT */
/*
 * rtab compile --target: a module per language from the same model, the
 * ruleset's data (the JSON export's tree) written as the language's
 * literals after the language's resolver (embedded from compiler/targets/
 * and examples/port-python/ at build time).
 */
#ifndef RTAB_TARGETS_TARGETS_H
#define RTAB_TARGETS_TARGETS_H

#include "check/model.h"
#include "lower/lower.h"
#include "rtab.h"
#include "base/util.h"

#include <stdbool.h>
#include <stddef.h>

/* The most files one target writes (ts: the module as ECMAScript and as
 * CommonJS, and the declarations of each). */
#define TARGET_MAX_FILES 4

typedef struct target_file {
	char *name; /* beside the others: "musket_pike.py" */
	strbuf text;
} target_file;

/* The targets other than c, NULL-terminated: python, js, ts, lua, csharp. */
extern const char *const target_names[];

/* Whether name is one of target_names. */
bool target_known(const char *name);

/* The files of target for rs (read from source); how many (at most
 * TARGET_MAX_FILES). m gives the export its ranges as written. 0 when a
 * definition does not lower (every target prints the lowering): *error says
 * which and why (its text to free). */
size_t target_emit(const char *target, const model *m, const char *source, target_file *files, lower_error *error);

void target_files_free(target_file *files, size_t n);

#endif
