/* rtab vectors: its options and output; analysis/vectors.c finds the vectors. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "check/load.h"
#include "analysis/vectors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
	"usage: rtab vectors FILE [NAME]... [--exhaustive] [--limit N] [--edition NAME]\n"
	"\n"
	"Write conformance vectors: one JSON object per line, each a situation (the\n"
	"inputs the definition reads, the natural faces, an extra modifier) and what\n"
	"the runtime gives for it. NAMEs pick tables, reaction sets, transitions,\n"
	"distances and procedures (default: all of them).\n"
	"\n"
	"Coverage: every column and row of a table, both sides of every range\n"
	"boundary, every natural-roll rule, every modifier on and off, every matrix\n"
	"cell and ratio step boundary a table reads, every cap bound, every rewrite\n"
	"and every trigger's exception both ways; every state of a transition; the\n"
	"situations that tell the options, steps and forms of the others apart.\n"
	"\n"
	"  --exhaustive  also every situation of the inputs read, times every roll,\n"
	"                wherever that is finite and at most --limit vectors\n"
	"  --limit N     the limit of --exhaustive per definition (default 100000)\n"
	"  --edition NAME  the edition with the errata layers up to NAME (or FILE@NAME)\n"
	"  -WNAME, -Wno-NAME, -Werror, --strict, --diagnostics=json|text\n"
	"                   the options of rtab check: the file's warnings are shown only\n"
	"                   when one of these asks for them; its errors stop the verb\n"
	"\n"
	"Exit status: 0 success, 1 errors in the file, 2 bad usage.\n";

typedef struct vec_args {
	const char *file, *edition;
	const char **names;
	size_t nnames;
	bool exhaustive;
	long limit;
	diag_options diag; /* quiet about the file's warnings unless asked (-W...) */
} vec_args;

static int parse_args(int argc, char **argv, vec_args *a)
{
	a->limit = VECTORS_DEFAULT_LIMIT;
	a->names = xcalloc((size_t)argc, sizeof *a->names);
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			fputs(help, stdout);
			return -1;
		}
		int e = cli_edition_option("vectors", argc, argv, &i, &a->edition);
		if (e < 0)
			return EXIT_USAGE;
		if (e > 0)
			continue;
		if (strcmp(arg, "--exhaustive") == 0) {
			a->exhaustive = true;
			continue;
		}
		if (strcmp(arg, "--limit") == 0) {
			if (i + 1 == argc || !cli_parse_long(argv[i + 1], &a->limit) || a->limit < 1)
				return usage_error("vectors", "--limit needs a positive integer");
			i++;
			continue;
		}
		int dr = cli_diag_option("vectors", arg, &a->diag);
		if (dr < 0)
			return EXIT_USAGE;
		if (dr > 0)
			continue;
		if (arg[0] == '-' && arg[1])
			return usage_error("vectors", "unknown option '%s'", arg);
		if (!a->file)
			a->file = arg;
		else
			a->names[a->nnames++] = arg;
	}
	if (!a->file)
		return usage_error("vectors", "give a FILE");
	return 0;
}

int cmd_vectors(int argc, char **argv)
{
	vec_args a = {.diag = {.errors_only = true}};
	loaded l;
	strbuf out = {0};
	int status = parse_args(argc, argv, &a);
	if (status) {
		free(a.names);
		return status < 0 ? EXIT_OK : status;
	}
	if (!cli_load(&l, a.file, a.edition, stderr, &a.diag)) {
		loaded_free(&l);
		free(a.names);
		return EXIT_INPUT;
	}
	const rtab_ruleset *rs = &l.model.rs;
	for (size_t i = 0; i < a.nnames; i++)
		if (!vectors_known(rs, a.names[i])) {
			status = usage_error("vectors", "nothing named '%s' in %s", a.names[i], a.file);
			goto done;
		}
	vectors_options vo = {a.names, a.nnames, a.exhaustive, (uint64_t)a.limit};
	size_t count = vectors_write(&out, rs, &vo);
	fputs(out.data ? out.data : "", stdout);
	fprintf(stderr, "rtab vectors: %zu vectors for %s\n", count, rs->id);
done:
	sb_free(&out);
	loaded_free(&l);
	free(a.names);
	return status;
}
