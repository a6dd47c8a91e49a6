/* Conformance vectors of a ruleset: situations and what the runtime gives. */
#ifndef RTAB_ANALYSIS_VECTORS_H
#define RTAB_ANALYSIS_VECTORS_H

#include "rtab.h"
#include "base/util.h"
#include "front/construct_use.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The limit of an exhaustive search per definition, unless told. */
#define VECTORS_DEFAULT_LIMIT 100000
/* The most --limit accepts: a million vectors of one definition take seconds
 * (and the set that keeps them unique 32 MB); more could take hours. */
#define VECTORS_MAX_LIMIT 1000000

typedef struct vectors_options {
	const char *const *names; /* the definitions to cover; none: every one */
	size_t nnames;
	bool exhaustive; /* also every situation times every roll, up to limit */
	uint64_t limit;
	/* Told what a user should know of the run (a table past the limit);
	 * the caller prints it as its verb reports. NULL: nothing said. */
	void (*note)(void *arg, const char *message);
	void *note_arg;
} vectors_options;

/* Whether name is a table, reaction set, transition, distance or procedure. */
bool vectors_known(const rtab_ruleset *rs, const char *name);

/* How vectors treat a kind of definition. */
construct_use vectors_kind_use(def_kind kind);

/* Write the vectors of rs to out as they are found, one JSON object per line
 * (docs/vectors.md); returns how many were written. */
size_t vectors_write(FILE *out, const rtab_ruleset *rs, const vectors_options *opts);

#endif
