/* rtab check: diagnostics only. */
#include "cli.h"
#include "load.h"

#include <stdio.h>
#include <string.h>

static const char help[] =
	"usage: rtab check FILE...\n"
	"\n"
	"Check each .rtab file and print every diagnostic as\n"
	"FILE:LINE:COL: error|warning|note: MESSAGE [-WCHECK].\n"
	"Exit status: 0 when no file has an error, 1 otherwise, 2 on bad usage.\n";

int cmd_check(int argc, char **argv)
{
	int nfiles = 0, status = EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(help, stdout);
			return EXIT_OK;
		}
		if (argv[i][0] == '-' && argv[i][1])
			return usage_error("check", "unknown option '%s'", argv[i]);
		nfiles++;
	}
	if (nfiles == 0)
		return usage_error("check", "no input file");
	for (int i = 1; i < argc; i++) {
		loaded l;
		if (!load_file(&l, argv[i], stderr))
			status = EXIT_INPUT;
		loaded_free(&l);
	}
	return status;
}
