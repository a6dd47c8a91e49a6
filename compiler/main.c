/* rtab: checks .rtab rules tables, compiles them to C, and evaluates them. */
#include "cli.h"

#include "rtab.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
	"usage: rtab VERB [OPTIONS] FILE...\n"
	"\n"
	"Verbs:\n"
	"  check FILE...             report every diagnostic of the files\n"
	"  compile FILE... [-o DIR]  write DIR/<ruleset>.c and .h (default DIR: generated)\n"
	"  eval FILE NAME ...        resolve a table, reaction set, transition, distance or procedure\n"
	"  test FILE|DIR...          run the examples written in the files\n"
	"  odds FILE NAME ...        exact odds of a table's outcomes or a distance's values\n"
	"  export --format F FILE    the ruleset as json, csv, markdown or an html print proof\n"
	"\n"
	"Options:\n"
	"  -h, --help     show this help, or a verb's help with 'rtab VERB --help'\n"
	"  --version      show the version\n"
	"\n"
	"Exit status: 0 success, 1 errors in the input, 2 bad usage.\n";

int usage_error(const char *verb, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "rtab%s%s: ", verb ? " " : "", verb ? verb : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'rtab %s%s--help'.\n", verb ? verb : "", verb ? " " : "");
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} verbs[] = {
		{"check", cmd_check},
		{"compile", cmd_compile},
		{"eval", cmd_eval},
		{"test", cmd_test},
		{"odds", cmd_odds},
		{"export", cmd_export},
	};

	if (argc < 2)
		return usage_error(NULL, "no verb given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("rtab %s\n", RTAB_VERSION);
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (strcmp(argv[1], verbs[i].name) == 0)
			return verbs[i].run(argc - 1, argv + 1);
	return usage_error(NULL, "unknown verb '%s'", argv[1]);
}
