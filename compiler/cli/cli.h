/* SPDX-License-Identifier: MIT */
/* The verbs of the rtab command. Each returns the process exit status. */
#ifndef RTAB_CLI_H
#define RTAB_CLI_H

#include "check/load.h"

#include <stdbool.h>
#include <stdio.h>

/* 3 is out of memory (base/util.c); 4 is verify's "not proved faithful". */
enum exit_status { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_UNDECIDED = 4 };

/* Each verb reads its options into c (cli/options.h), so that what goes
 * wrong after it returns (the standard output not written) is reported by
 * its name and its --diagnostics format. */
typedef struct cli_ctx cli_ctx;
int cmd_check(cli_ctx *c, int argc, char **argv);
int cmd_compile(cli_ctx *c, int argc, char **argv);
int cmd_eval(cli_ctx *c, int argc, char **argv);
int cmd_test(cli_ctx *c, int argc, char **argv);
int cmd_odds(cli_ctx *c, int argc, char **argv);
int cmd_diff(cli_ctx *c, int argc, char **argv);
int cmd_verify(cli_ctx *c, int argc, char **argv);
int cmd_export(cli_ctx *c, int argc, char **argv);
int cmd_vectors(cli_ctx *c, int argc, char **argv);
int cmd_conform(cli_ctx *c, int argc, char **argv);
int cmd_lsp(cli_ctx *c, int argc, char **argv);
int cmd_fmt(cli_ctx *c, int argc, char **argv);
int cmd_site(cli_ctx *c, int argc, char **argv);

/* Report bad usage of a verb and return EXIT_USAGE. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int usage_error(const char *verb, const char *fmt, ...);
/* While into is not NULL, usage_error keeps its first message there instead
 * of printing it (a verb that answers each line of its input on its own). */
void usage_error_capture(strbuf *into);

/* FILE or FILE@EDITION (the @ form names that file's edition and wins over
 * --edition; NULL edition: every errata layer; "original": none). */
bool cli_load(loaded *l, const char *arg, const char *edition, FILE *out,
	      const diag_options *opts);
/* The same for eval and odds, which a page runs again and again on one
 * text: a ruleset kept by the process when it keeps them (check/load.h:
 * load_kept), locale the --locale the verb puts its rule references in. */
bool cli_load_kept(loaded *l, const char *arg, const char *edition, const char *locale, FILE *out,
		   const diag_options *opts);

/*
 * What the command says about itself, not about a line of a file (a
 * directory it cannot create, an output it cannot write), as its diagnostics
 * are printed: "rtab VERB: error: MESSAGE" on standard error ("rtab: ..."
 * with no verb), or under --diagnostics=json a JSON object whose file is
 * null. cli_warning and cli_note say "warning" and "note".
 */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void cli_error(const char *verb, const diag_options *opts, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void cli_warning(const char *verb, const diag_options *opts, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void cli_note(const char *verb, const diag_options *opts, const char *fmt, ...);
/* "FILE: warning: the PDF prints N characters as boxes ...": the characters
 * a PDF of file printed without a glyph (aid_pdf_write's unset); nothing
 * when there are none. */
void cli_unset_glyphs(const char *file, const diag_options *opts, const char *unset);
/* An error about a whole file (a directory it cannot read, an output that
 * would overwrite it): "FILE: error: MESSAGE", or a JSON object with its file. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void cli_file_error(const char *file, const diag_options *opts, const char *fmt, ...);

/* "FILE: note: N provisional readings ...; list them with --strict or
 * -Wprovisional" when l's run left provisional readings unlisted. */
void cli_provisional_summary(loaded *l, const diag_options *opts);

/* The path of FILE@EDITION (to free), setting *edition when the argument names one. */
char *cli_split_edition(const char *arg, const char **edition);

/* EXIT_OK, or a usage error (reported) for FILE@ without the edition's name. */
int cli_check_edition_arg(const char *verb, const char *arg);

#endif
