/* The verbs of the rtab command. Each returns the process exit status. */
#ifndef RTAB_CLI_H
#define RTAB_CLI_H

#include "check/load.h"
#include "front/construct_use.h"

#include <stdbool.h>
#include <stdio.h>

enum exit_status { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

int cmd_check(int argc, char **argv);
int cmd_compile(int argc, char **argv);
int cmd_eval(int argc, char **argv);
/* How eval treats a kind of definition: resolves it, or says why not. */
construct_use eval_kind_use(def_kind kind);
int cmd_test(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_vectors(int argc, char **argv);

/* Report bad usage of a verb and return EXIT_USAGE. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int usage_error(const char *verb, const char *fmt, ...);

/*
 * Editions, the same for every verb. In its argument loop a verb calls
 * cli_edition_option on each argument: 1 when it was --edition NAME or
 * --edition=NAME (*edition set, *i past its value), 0 when it is something
 * else, -1 when its value is missing (reported: return EXIT_USAGE). It then
 * reads each FILE argument with cli_load, which takes FILE or FILE@EDITION
 * (the @ form names that file's edition and wins over --edition; NULL
 * edition: every errata layer; "original": none).
 */
int cli_edition_option(const char *verb, int argc, char **argv, int *i, const char **edition);
/* --edition (as above) and --help/-h, which the verbs that compare or
 * resolve read alike: CLI_OPTION_TAKEN (go on to the next argument),
 * CLI_OPTION_OTHER, CLI_OPTION_HELP (printed: stop, exit 0) or
 * CLI_OPTION_BAD (reported: exit EXIT_USAGE). */
typedef enum cli_option { CLI_OPTION_OTHER, CLI_OPTION_TAKEN, CLI_OPTION_HELP, CLI_OPTION_BAD } cli_option;
cli_option cli_common_option(const char *verb, const char *help, int argc, char **argv, int *i,
			     const char **edition);
bool cli_load(loaded *l, const char *arg, const char *edition, FILE *out,
	      const diag_options *opts);

/* The arguments of a verb that compares files (diff, verify): --edition,
 * --help, --format F (F one of formats, NULL-terminated; format gets its
 * index), --locale L, the diagnostic options (cli_diag_option, into diag)
 * and at most two FILE arguments. Returns -1 after
 * printing help (exit 0), EXIT_OK, or EXIT_USAGE (reported). */
typedef struct compare_args {
	const char *pos[2];
	size_t npos;
	int format;
	const char *locale, *edition;
	diag_options diag; /* -W...: set errors_only before the call for a quiet load */
} compare_args;
int cli_compare_args(const char *verb, const char *help, const char *const *formats, int argc,
		     char **argv, compare_args *a);

/*
 * Diagnostics, the same for every verb: -WNAME, -Wno-NAME, -Werror,
 * --strict and --diagnostics=json|text, as `rtab check` takes them. In its
 * argument loop a verb calls cli_diag_option on each argument: 1 when it
 * was one (opts updated; a verb that is quiet about warnings by default,
 * opts->errors_only, shows them once any is given), 0 when it is something
 * else, -1 when it names no check or turns off one that cannot be (reported:
 * return EXIT_USAGE). It then loads each file with opts.
 */
int cli_diag_option(const char *verb, const char *arg, diag_options *opts);

/* An error of the verb itself, not of a file (a directory it cannot create),
 * as its diagnostics are printed: "rtab VERB: error: MESSAGE" on standard
 * error, or under --diagnostics=json a JSON object whose file is null. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void cli_error(const char *verb, const diag_options *opts, const char *fmt, ...);

/* Report arg, which check_parse_option refused (-1), as the usage error it
 * is (a --diagnostics format or an unknown option); returns EXIT_USAGE. */
int cli_diag_refused(const char *verb, const char *arg);

/* The path of FILE@EDITION (to free), setting *edition when the argument names one. */
char *cli_split_edition(const char *arg, const char **edition);

#endif
