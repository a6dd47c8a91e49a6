/* SPDX-License-Identifier: MIT */
/*
 * The WebAssembly module is a WASI reactor: one instance runs command after
 * command (web/js/rtab_wasi.js), each rtab_command() one rtab command with
 * the arguments and files of its run, so that what a command leaves for the
 * next (the rulesets check/load.h keeps, the engine's optimised code) is
 * kept. Each command starts as a process would: English messages, clean
 * standard streams. A command that ends by exit() (out of memory) ends
 * the instance, and the page makes another.
 */
#include "base/msg.h"
#include "check/load.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wasi/api.h>

int main(int argc, char **argv);

__attribute__((export_name("rtab_command"))) int rtab_command(void);

int rtab_command(void)
{
	__wasi_size_t argc, size;
	if (__wasi_args_sizes_get(&argc, &size) != __WASI_ERRNO_SUCCESS)
		return 2;
	char **argv = calloc(argc + 1, sizeof *argv);
	uint8_t *buf = malloc(size ? size : 1);
	if (!argv || !buf || __wasi_args_get((uint8_t **)argv, buf) != __WASI_ERRNO_SUCCESS) {
		free(argv);
		free(buf);
		return 3;
	}
	msg_use_locale("C");
	clearerr(stdout);
	clearerr(stderr);
	load_keep_enable(true);
	int status = main((int)argc, argv);
	fflush(stdout);
	fflush(stderr);
	free(argv);
	free(buf);
	return status;
}
