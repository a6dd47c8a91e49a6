/* SPDX-License-Identifier: MIT */
/* The errors of base/output.c, reported as the verb reports its own. */
#include "cli/cli_output.h"

#include "cli/cli.h"

static void output_error(void *arg, const char *file, const char *message)
{
	const cli_ctx *c = arg;
	if (file)
		cli_file_error(file, &c->diag, "%s", message);
	else
		cli_error(c->verb, &c->diag, "%s", message);
}

static void output_note(void *arg, const char *message)
{
	const cli_ctx *c = arg;
	cli_note(c->verb, &c->diag, "%s", message);
}

output_report cli_output_report(const cli_ctx *c)
{
	return (output_report){output_error, (void *)c, output_note};
}
