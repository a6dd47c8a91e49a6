/* SPDX-License-Identifier: MIT */
/* One parser and one --help generator for the option tables of the verbs. */
#include "cli/options.h"

#include "check/checks.h"
#include "base/work.h"
#include "cli/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Where the explanations of options start. */
#define HELP_COLUMN 24

static const char diag_help[] =
	"the options of rtab check: the file's warnings are shown only\n"
	"when one of these asks for them; its errors stop the verb";

static void put_option(FILE *out, const char *tag, const char *help)
{
	int n = fprintf(out, "  %s", tag);
	if (n >= HELP_COLUMN - 1) {
		fputc('\n', out);
		n = 0;
	}
	for (const char *line = help; line;) {
		const char *end = strchr(line, '\n');
		fprintf(out, "%*s%.*s\n", HELP_COLUMN - n, "", end ? (int)(end - line) : (int)strlen(line),
			line);
		n = 0;
		line = end ? end + 1 : NULL;
	}
}

/* "a, b or c" */
static void put_choices(strbuf *sb, const char *const *choices)
{
	for (size_t k = 0; choices[k]; k++)
		sb_printf(sb, "%s%s", k ? (choices[k + 1] ? ", " : " or ") : "", choices[k]);
}

void cli_help(const cli_verb *v, FILE *out)
{
	fprintf(out, "usage: %s\n%s\n", v->usage, v->about);
	if ((v->opts && v->opts[0].name) || v->shared)
		fputs("\nOptions:\n", out);
	for (const cli_opt *o = v->opts; o && o->name; o++) {
		char tag[64];
		if (o->letter)
			snprintf(tag, sizeof tag, "-%c, %s%s%s", o->letter, o->name, o->value ? " " : "",
				 o->value ? o->value : "");
		else
			snprintf(tag, sizeof tag, "%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
		put_option(out, tag, o->help);
	}
	if (v->shared & CLI_EDITION)
		put_option(out, "--edition NAME",
			   "the edition with the errata layers up to NAME ('original': none;\n"
			   "default: every layer); FILE@NAME names one file's edition");
	if (v->shared & CLI_EDITION) {
		char help[200];
		snprintf(help, sizeof help,
			 "the work budget of proofs and enumerations, in evaluated\n"
			 "steps (default %llu); past it the verb names what it left\n"
			 "undone",
			 (unsigned long long)WORK_DEFAULT);
		put_option(out, WORK_OPTION " N", help);
	}
	if (v->shared & CLI_DIAG_LISTED) {
		put_option(out, "-WNAME, -Wno-NAME", "turn the check NAME on (as a warning) or off");
		put_option(out, "-Werror", "warnings are errors");
		put_option(out, "--strict", "provisional values are errors");
		put_option(out, "--diagnostics=json", "one JSON object per diagnostic and line");
	} else if (v->shared & CLI_DIAG) {
		put_option(out, "-WNAME, -Wno-NAME, -Werror, --strict, --diagnostics=json|text",
			   v->diag_help ? v->diag_help : diag_help);
	}
	fprintf(out, "\n%s", v->after);
}

int cli_choice(const char *const *choices, const char *value)
{
	for (int k = 0; choices && choices[k]; k++)
		if (strcmp(choices[k], value) == 0)
			return k;
	return -1;
}

int cli_take_pair(void *arg, int opt, const char *value)
{
	cli_pair *p = arg;
	if (opt >= 0)
		return EXIT_OK;
	if (p->n == 2)
		return usage_error(p->verb, "unexpected argument '%s'", value);
	p->files[p->n++] = value;
	return EXIT_OK;
}

/* The index of arg in v's table (its value inline after '=' in *inline_value), or -1. */
static int find_option(const cli_verb *v, const char *arg, const char **inline_value)
{
	*inline_value = NULL;
	for (const cli_opt *o = v->opts; o && o->name; o++) {
		size_t n = strlen(o->name);
		if (strcmp(arg, o->name) == 0 || (o->letter && arg[0] == '-' && arg[1] == o->letter && !arg[2]))
			return (int)(o - v->opts);
		if (o->value && strncmp(arg, o->name, n) == 0 && arg[n] == '=' && o->name[1] == '-') {
			*inline_value = arg + n + 1;
			return (int)(o - v->opts);
		}
	}
	return -1;
}

/* --edition NAME or --edition=NAME: 1 taken (*i past its value), 0 something
 * else, -1 its value missing (reported). */
static int edition_option(const char *verb, int argc, char **argv, int *i, const char **edition)
{
	const char *arg = argv[*i];
	if (strncmp(arg, "--edition=", 10) == 0)
		*edition = arg + 10;
	else if (strcmp(arg, "--edition") != 0)
		return 0;
	else if (*i + 1 < argc)
		*edition = argv[++*i];
	else
		*edition = "";
	if (!**edition) {
		usage_error(verb, "--edition needs the name of an errata layer, or 'original'");
		return -1;
	}
	return 1;
}

/* --max-work N or --max-work=N: 1 taken (*i past its value), 0
 * something else, -1 its value missing or wrong (reported). */
static int work_option(const char *verb, int argc, char **argv, int *i, uint64_t *steps)
{
	const char *arg = argv[*i], *value;
	size_t n = strlen(WORK_OPTION);
	if (strncmp(arg, WORK_OPTION, n) != 0 || (arg[n] != '=' && arg[n] != '\0'))
		return 0;
	value = arg[n] == '=' ? arg + n + 1 : *i + 1 < argc ? argv[++*i] : "";
	char *end;
	errno = 0;
	unsigned long long v = value[0] >= '0' && value[0] <= '9' ? strtoull(value, &end, 10) : 0;
	if (!v || errno || *end || v > WORK_MAX) {
		usage_error(verb, WORK_OPTION " takes a number of steps from 1 to %llu, not '%s'",
			    (unsigned long long)WORK_MAX, value);
		return -1;
	}
	*steps = v;
	return 1;
}

/* A diagnostic option as rtab check takes it: 1 taken (a verb quiet about
 * warnings shows them once asked), 0 something else, -1 refused (reported). */
static int diag_option(const char *verb, const char *arg, diag_options *opts)
{
	int rc = check_parse_option(arg, opts);
	if (rc == -2) {
		usage_error(verb, "'%s': that check cannot be turned off; without it the file cannot be compiled",
			    arg);
		return -1;
	}
	if (rc == -1) {
		if (strncmp(arg, "--diagnostics=", 14) == 0)
			usage_error(verb, "--diagnostics takes json or text, not '%s'", arg + 14);
		else
			usage_error(verb, "unknown option '%s' (see rtab check --list-checks)", arg);
		return -1;
	}
	if (rc == 1)
		opts->errors_only = false; /* asked about diagnostics: show them */
	return rc;
}

/* An option of v's own table with its value: checked against its choices, kept, handed over. */
static int take_option(const cli_verb *v, cli_ctx *c, int k, const char *value, cli_take_fn take,
		       void *arg)
{
	const cli_opt *o = &v->opts[k];
	if (o->choices && cli_choice(o->choices, value) < 0) {
		strbuf names = {0};
		put_choices(&names, o->choices);
		int rc = usage_error(v->name, "%s takes %s, not '%s'", o->name, names.data, value);
		sb_free(&names);
		return rc;
	}
	if (strcmp(o->name, "--locale") == 0)
		c->locale = value;
	else if (strcmp(o->name, "--format") == 0)
		c->format = value;
	return take(arg, k, value) == EXIT_OK ? EXIT_OK : EXIT_USAGE;
}

int cli_parse(const cli_verb *v, cli_ctx *c, int argc, char **argv, cli_take_fn take, void *arg)
{
	c->verb = v->name;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *value;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cli_help(v, stdout);
			return -1;
		}
		if (v->shared & CLI_EDITION) {
			int e = edition_option(v->name, argc, argv, &i, &c->edition);
			if (e < 0)
				return EXIT_USAGE;
			if (e > 0)
				continue;
		}
		if (v->shared & CLI_EDITION) {
			int w = work_option(v->name, argc, argv, &i, &c->diag.max_work);
			if (w < 0)
				return EXIT_USAGE;
			if (w > 0)
				continue;
		}
		int k = find_option(v, a, &value);
		if (k >= 0) {
			if (v->opts[k].value && !value) {
				if (i + 1 == argc)
					return usage_error(v->name, "%s needs a value", a);
				value = argv[++i];
			}
			if (take_option(v, c, k, value, take, arg) != EXIT_OK)
				return EXIT_USAGE;
			continue;
		}
		if (v->shared & (CLI_DIAG | CLI_DIAG_LISTED)) {
			int dr = diag_option(v->name, a, &c->diag);
			if (dr < 0)
				return EXIT_USAGE;
			if (dr > 0)
				continue;
		}
		if (a[0] == '-' && a[1] && !((v->shared & CLI_NEGATIVE) && a[1] >= '0' && a[1] <= '9'))
			return usage_error(v->name, "unknown option '%s'", a);
		if ((v->shared & CLI_EDITION) && cli_check_edition_arg(v->name, a) != EXIT_OK)
			return EXIT_USAGE;
		if (take(arg, -1, a) != EXIT_OK)
			return EXIT_USAGE;
	}
	return EXIT_OK;
}
