/* SPDX-License-Identifier: MIT */
/* Worked examples written in a .rtab file, run against the runtime. */
#ifndef RTAB_EXAMPLES_H
#define RTAB_EXAMPLES_H

#include "check/model.h"

#include <stdio.h>

typedef struct example_counts {
	int passed, failed;
} example_counts;

/* Resolve the examples of a model that built without error (a pass of the
 * pipeline, after the tables are lowered). */
void resolve_examples(model *m);

/* Run every example of m; print one line per example and each failure. */
void examples_run(const model *m, const char *path, FILE *out, bool verbose,
		  example_counts *counts);

#endif
