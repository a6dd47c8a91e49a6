/* SPDX-License-Identifier: MIT */
/*
 * base/child.h for the WebAssembly module (WASI): a browser starts no
 * process, so 'rtab conform' cannot run a port there; child_start says so
 * with ENOSYS and conform reports it as it reports a command not found.
 */
#include "base/child.h"

#include <errno.h>
#include <string.h>

bool child_start(child *c, char *const *argv)
{
	(void)argv;
	memset(c, 0, sizeof *c);
	errno = ENOSYS;
	return false;
}

child_write child_send(child *c, const char *line, int timeout_ms)
{
	(void)c, (void)line, (void)timeout_ms;
	return CHILD_WRITE_FAILED;
}

child_read child_line(child *c, int timeout_ms, char **line)
{
	(void)c, (void)timeout_ms;
	*line = NULL;
	return CHILD_FAILED;
}

char *child_stop(child *c, int grace_ms)
{
	(void)c, (void)grace_ms;
	return NULL;
}
