/* rtab export: the lowered ruleset as JSON, CSV, Markdown or an HTML print proof. */
#include "cli/cli.h"
#include "cli/cli_inputs.h"
#include "export/export.h"
#include "check/load.h"
#include "base/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
	"usage: rtab export --format json|csv|markdown|html FILE [--locale L[,L2]] [-o OUT]\n"
	"                   [--edition NAME]\n"
	"\n"
	"Write the whole ruleset for other tools and for print:\n"
	"  json      every definition of the lowered ruleset, field by field, with readable\n"
	"            forms beside the runtime's data (schema: docs/export-schema.json)\n"
	"  csv       one section per table (ranges as printed, outcome ids and labels), then\n"
	"            one per matrix\n"
	"  markdown  print-ready tables of every definition\n"
	"  html      a self-contained print proof: every table, matrix, modifier list and\n"
	"            outcome, provisional values marked, with rule references\n"
	"\n"
	"  --locale L[,L2]  the labels to show (csv, markdown, html): one locale, or two side\n"
	"                   by side (default: the ruleset's first two)\n"
	"  -o OUT           write OUT (whole or not at all) instead of standard output\n"
	"  --edition NAME   the edition with the errata layers up to NAME (or FILE@NAME)\n"
	"  -WNAME, -Wno-NAME, -Werror, --strict, --diagnostics=json|text\n"
	"                   the options of rtab check: the file's warnings are shown only\n"
	"                   when one of these asks for them; its errors stop the verb\n"
	"\n"
	"Exit status: 0 success, 1 errors in the file, 2 bad usage.\n";

typedef struct export_args {
	const char *file, *format, *locale, *out, *edition;
	diag_options diag; /* quiet about the file's warnings unless asked (-W...) */
} export_args;

static int parse_args(int argc, char **argv, export_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			fputs(help, stdout);
			return -1;
		}
		int e = cli_edition_option("export", argc, argv, &i, &a->edition);
		if (e < 0)
			return EXIT_USAGE;
		if (e > 0)
			continue;
		if (strcmp(arg, "--format") == 0 || strcmp(arg, "--locale") == 0 || strcmp(arg, "-o") == 0) {
			if (i + 1 == argc)
				return usage_error("export", "%s needs a value", arg);
			const char **slot = arg[1] == 'o' ? &a->out : arg[2] == 'f' ? &a->format : &a->locale;
			*slot = argv[++i];
			continue;
		}
		int dr = cli_diag_option("export", arg, &a->diag);
		if (dr < 0)
			return EXIT_USAGE;
		if (dr > 0)
			continue;
		if (arg[0] == '-' && arg[1])
			return usage_error("export", "unknown option '%s'", arg);
		if (a->file)
			return usage_error("export", "unexpected argument '%s' (one FILE at a time)", arg);
		a->file = arg;
	}
	if (!a->format)
		return usage_error("export", "give the format: --format json, csv, markdown or html");
	if (!a->file)
		return usage_error("export", "give the FILE to export");
	return 0;
}

static const export_emitter *const emitters[] = {
	&export_json_emitter,
	&export_csv_emitter,
	&export_markdown_emitter,
	&export_html_emitter,
};

static int pick_locales(const rtab_ruleset *rs, const char *spec, export_ctx *c)
{
	if (!spec) {
		for (size_t i = 0; i < rs->nlocales && i < EXPORT_MAX_LOCALES; i++)
			c->locales[c->nlocales++] = i;
		return EXIT_OK;
	}
	/* The count first: naming a missing third locale would hide that there
	 * can be no third one. */
	size_t n = 1;
	for (const char *p = spec; *p; p++)
		n += *p == ',';
	if (n > EXPORT_MAX_LOCALES)
		return usage_error("export", "--locale takes one locale or two, not '%s'", spec);
	char *copy = xstrdup(spec);
	int status = EXIT_OK;
	for (char *l = copy, *next; l; l = next) {
		next = strchr(l, ',');
		if (next)
			*next++ = '\0';
		size_t k;
		status = cli_locale("export", rs, l, NULL, &k);
		if (status != EXIT_OK)
			break;
		if (c->nlocales > 0 && c->locales[0] == k) {
			status = usage_error("export", "--locale names '%s' twice; give one locale, or two different ones like en,ru",
					     l);
			break;
		}
		c->locales[c->nlocales++] = k;
	}
	free(copy);
	if (status == EXIT_OK && c->nlocales == 0)
		status = usage_error("export", "--locale needs a locale, like en or en,ru");
	return status;
}

int cmd_export(int argc, char **argv)
{
	export_args a = {.diag = {.errors_only = true}};
	const export_emitter *e = NULL;
	int status = parse_args(argc, argv, &a);
	loaded l;
	strbuf out = {0};

	if (status)
		return status < 0 ? EXIT_OK : status;
	for (size_t i = 0; i < sizeof emitters / sizeof emitters[0]; i++)
		if (strcmp(emitters[i]->format, a.format) == 0)
			e = emitters[i];
	if (!e)
		return usage_error("export", "--format takes json, csv, markdown or html, not '%s'", a.format);
	if (!cli_load(&l, a.file, a.edition, stderr, &a.diag)) {
		loaded_free(&l);
		return EXIT_INPUT;
	}
	export_ctx c = {.out = &out, .m = &l.model, .rs = &l.model.rs, .source = a.file};
	status = pick_locales(c.rs, a.locale, &c);
	if (status == EXIT_OK) {
		export_run(e, &c);
		if (a.out) {
			output_file f = {xstrdup(a.out), NULL, out.data, out.len};
			const char *input = l.path;
			if (output_is_input(&f, 1, &input, 1) || !output_commit(&f, 1))
				status = EXIT_INPUT;
			free(f.path);
		} else if (out.data) {
			fputs(out.data, stdout);
		}
	}
	sb_free(&out);
	loaded_free(&l);
	return status;
}
