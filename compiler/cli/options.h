/* SPDX-License-Identifier: MIT */
/*
 * The options of every verb, from one table per verb: one parser reads the
 * arguments by it and one generator writes the verb's --help from it.
 */
#ifndef RTAB_CLI_OPTIONS_H
#define RTAB_CLI_OPTIONS_H

#include "base/diag.h"

#include <stdio.h>

/* One option of a verb. */
typedef struct cli_opt {
	const char *name;  /* "--set", or "-o" where there is only a short form */
	char letter;       /* the short form (-v), 0 for none */
	const char *value; /* the name of its value ("INPUT=VALUE"), NULL for a flag */
	const char *help;  /* what it does; a '\n' starts a continuation line */
	const char *const *choices; /* the values it takes, NULL-terminated; NULL: any */
} cli_opt;

/* The options every verb that reads files shares, beside its own. */
enum cli_shared {
	CLI_EDITION = 1, /* --edition NAME (and FILE@NAME) */
	CLI_DIAG = 2,    /* -WNAME, -Wno-NAME, -Werror, --strict, --diagnostics=json|text */
	CLI_NEGATIVE = 4, /* an argument like -2 is a value, not an option */
	CLI_DIAG_LISTED = 8 /* --help explains each diagnostic option (rtab check, compile) */
};

typedef struct cli_verb {
	const char *name;
	const char *usage;       /* the synopsis after "usage: " (lines end in '\n') */
	const char *about;       /* what the verb does, before the options */
	const cli_opt *opts;     /* its own options, ended by an entry with a NULL name */
	unsigned shared;         /* the cli_shared options it takes */
	const char *after;       /* after the options: its exit status */
	const char *diag_help;   /* CLI_DIAG: what they do here (NULL: the file's warnings
				    are shown only when asked, its errors stop the verb) */
} cli_verb;

/* What the shared parser fills for every verb, and what the command reports
 * its own errors by (cli_error) until it exits. */
typedef struct cli_ctx {
	const char *verb;
	const char *locale;  /* --locale, or NULL */
	const char *edition; /* --edition, or NULL */
	const char *format;  /* --format, or NULL */
	diag_options diag;   /* set errors_only before parsing for a verb quiet about warnings */
} cli_ctx;

/* Called for each option of the verb's own table (opt: its index, value:
 * its value or NULL) and each other argument (opt -1, value the argument).
 * Returns EXIT_OK, or EXIT_USAGE after reporting. */
typedef int (*cli_take_fn)(void *arg, int opt, const char *value);

/* Read argv by v's table into c, calling take. Returns EXIT_OK, EXIT_USAGE
 * (reported), or -1 when --help was asked (printed: the verb exits 0). */
int cli_parse(const cli_verb *v, cli_ctx *c, int argc, char **argv, cli_take_fn take, void *arg);

/* The FILE arguments of a verb that compares two (diff, verify). */
typedef struct cli_pair {
	const char *verb;
	const char *files[2];
	size_t n;
} cli_pair;
/* A cli_take_fn for a verb whose own options are all in the context
 * (--format, --locale): keeps at most two FILEs in the cli_pair arg. */
int cli_take_pair(void *arg, int opt, const char *value);

/* The index of value in choices (NULL-terminated), or -1. */
int cli_choice(const char *const *choices, const char *value);

/* The --help of v, generated from its table. */
void cli_help(const cli_verb *v, FILE *out);

#endif
