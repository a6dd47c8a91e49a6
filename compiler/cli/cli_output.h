/* SPDX-License-Identifier: MIT */
/* The errors of base/output.c, reported as the verb reports its own. */
#ifndef RTAB_CLI_OUTPUT_H
#define RTAB_CLI_OUTPUT_H

#include "base/output.h"
#include "cli/options.h"

/* An output_report for c: an error about an output through cli_error, one
 * about an input through cli_file_error, both in c's --diagnostics format. */
output_report cli_output_report(const cli_ctx *c);

#endif
