/* SPDX-License-Identifier: MIT */
/* How the command reports: usage errors, and what it says about itself rather than about a line of a file. */
#include "cli/cli.h"

#include "base/work.h"
#include "check/checks.h"
#include "export/aid.h"

#include "base/json.h"
#include "base/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Where usage errors go instead of standard error while a verb reads
 * requests line by line (eval --batch): NULL, standard error. */
static strbuf *usage_capture;

void usage_error_capture(strbuf *into)
{
	usage_capture = into;
}

/* A usage error, printed the same way by every verb: the message, then where help is. */
int usage_error(const char *verb, const char *fmt, ...)
{
	va_list ap;
	strbuf msg = {0}, line = {0};
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	if (usage_capture) {
		if (!usage_capture->len)
			sb_printf(usage_capture, "%s", msg.data ? msg.data : "");
		sb_free(&msg);
		return EXIT_USAGE;
	}
	/* The message quotes the arguments: their control bytes must not reach the terminal. */
	sb_put_printable(&line, msg.data ? msg.data : "");
	fprintf(stderr, "rtab%s%s: %s", verb ? " " : "", verb ? verb : "", line.data ? line.data : "");
	fprintf(stderr, "\nTry 'rtab %s%s--help'.\n", verb ? verb : "", verb ? " " : "");
	sb_free(&msg);
	sb_free(&line);
	return EXIT_USAGE;
}

/* One diagnostic of the command: "PREFIX: SEVERITY: MESSAGE", or a JSON object. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 0)))
#endif
static void report(const char *prefix, const char *file, const diag_options *opts, severity sev,
		   const char *fmt, va_list ap)
{
	static const char *const names[] = {"note", "warning", "error"};
	strbuf msg = {0}, line = {0};
	sb_vprintf(&msg, fmt, ap);
	/* The message may quote a path: its control bytes must not reach the terminal. */
	sb_put_printable(&line, msg.data ? msg.data : "");
	if (opts && opts->json) {
		strbuf sb = {0};
		sb_putc(&sb, '{');
		json_file_line(&sb, file, 0, 0);
		sb_printf(&sb, ", \"severity\": \"%s\", \"message\": ", names[sev]);
		json_string(&sb, line.data ? line.data : "");
		sb_puts(&sb, ", \"check\": null}\n");
		fputs(sb.data, stderr);
		sb_free(&sb);
	} else {
		strbuf where = {0};
		sb_put_printable(&where, prefix);
		fprintf(stderr, "%s: %s: %s\n", where.data, names[sev], line.data ? line.data : "");
		sb_free(&where);
	}
	sb_free(&msg);
	sb_free(&line);
}

/* "rtab VERB", or "rtab" for the command itself. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 0)))
#endif
static void verb_report(const char *verb, const diag_options *opts, severity sev, const char *fmt,
			va_list ap)
{
	strbuf prefix = {0};
	sb_printf(&prefix, "rtab%s%s", verb ? " " : "", verb ? verb : "");
	report(prefix.data, NULL, opts, sev, fmt, ap);
	sb_free(&prefix);
}

void cli_error(const char *verb, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verb_report(verb, opts, SEV_ERROR, fmt, ap);
	va_end(ap);
}

void cli_warning(const char *verb, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verb_report(verb, opts, SEV_WARNING, fmt, ap);
	va_end(ap);
}

void cli_note(const char *verb, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verb_report(verb, opts, SEV_NOTE, fmt, ap);
	va_end(ap);
}

void cli_file_error(const char *file, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(file, file, opts, SEV_ERROR, fmt, ap);
	va_end(ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void report_file(const char *file, const diag_options *opts, severity sev, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(file, file, opts, sev, fmt, ap);
	va_end(ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void file_note(const char *file, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(file, file, opts, SEV_NOTE, fmt, ap);
	va_end(ap);
}

void cli_unset_glyphs(const char *file, const diag_options *opts, const char *unset)
{
	strbuf said = {0};
	aid_unset_warning(&said, unset);
	/* A warning, not an error: every other word of the PDF prints, and what
	 * is missing is a font on this machine, not anything in the file. */
	if (said.len)
		report_file(file, opts, SEV_WARNING, "%s", said.data);
	sb_free(&said);
}

void cli_provisional_summary(loaded *l, const diag_options *opts)
{
	size_t n = diag_unlisted_count(&l->diag);
	if (!n || (opts && opts->level[CHECK_PROVISIONAL] == LEVEL_OFF))
		return;
	file_note(l->path, opts,
		  "%zu provisional reading%s (values the source does not settle); list %s with --strict or -Wprovisional",
		  n, n == 1 ? "" : "s", n == 1 ? "it" : "them");
}
