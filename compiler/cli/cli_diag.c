/* How the verbs report: usage errors, errors of their own, and the diagnostic options of `rtab check`. */
#include "cli/cli.h"
#include "check/checks.h"

#include "base/json.h"
#include "base/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A usage error, printed the same way by every verb: the message, then where help is. */
int usage_error(const char *verb, const char *fmt, ...)
{
	va_list ap;
	strbuf msg = {0}, line = {0};
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	/* The message quotes the arguments: their control bytes must not reach the terminal. */
	sb_put_printable(&line, msg.data ? msg.data : "");
	fprintf(stderr, "rtab%s%s: %s", verb ? " " : "", verb ? verb : "", line.data ? line.data : "");
	fprintf(stderr, "\nTry 'rtab %s%s--help'.\n", verb ? verb : "", verb ? " " : "");
	sb_free(&msg);
	sb_free(&line);
	return EXIT_USAGE;
}

void cli_error(const char *verb, const diag_options *opts, const char *fmt, ...)
{
	va_list ap;
	strbuf msg = {0}, line = {0};
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	/* The message may quote a path: its control bytes must not reach the terminal. */
	sb_put_printable(&line, msg.data ? msg.data : "");
	if (opts && opts->json) {
		strbuf sb = {0};
		sb_putc(&sb, '{');
		json_file_line(&sb, NULL, 0, 0);
		sb_puts(&sb, ", \"severity\": \"error\", \"message\": ");
		json_string(&sb, line.data ? line.data : "");
		sb_puts(&sb, ", \"check\": null}\n");
		fputs(sb.data, stderr);
		sb_free(&sb);
	} else {
		fprintf(stderr, "rtab %s: error: %s\n", verb, line.data ? line.data : "");
	}
	sb_free(&msg);
	sb_free(&line);
}

int cli_diag_option(const char *verb, const char *arg, diag_options *opts)
{
	int rc = check_parse_option(arg, opts);
	if (rc == -2) {
		usage_error(verb, "'%s': that check cannot be turned off; without it the file cannot be compiled",
			    arg);
		return -1;
	}
	if (rc == -1) {
		cli_diag_refused(verb, arg);
		return -1;
	}
	if (rc == 1)
		opts->errors_only = false; /* asked about diagnostics: show them */
	return rc;
}

int cli_diag_refused(const char *verb, const char *arg)
{
	if (strncmp(arg, "--diagnostics=", 14) == 0)
		return usage_error(verb, "--diagnostics takes json or text, not '%s'", arg + 14);
	return usage_error(verb, "unknown option '%s' (see rtab check --list-checks)", arg);
}
