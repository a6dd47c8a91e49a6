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

child_write child_put(child *c, const char *buf, size_t n, size_t *done)
{
	(void)c, (void)buf, (void)n, (void)done;
	return CHILD_WRITE_FAILED;
}

int child_wait(child *c, bool want_write, bool want_read, int timeout_ms, bool *can_write, bool *can_read)
{
	(void)c, (void)want_write, (void)want_read, (void)timeout_ms;
	*can_write = *can_read = false;
	errno = ENOSYS;
	return -1;
}

child_read child_fill(child *c)
{
	(void)c;
	return CHILD_FAILED;
}

bool child_take(child *c, char **line)
{
	(void)c;
	*line = NULL;
	return false;
}

void child_close_input(child *c)
{
	(void)c;
}

long long child_now_ms(void)
{
	return 0;
}

char *child_stop(child *c, int grace_ms)
{
	(void)c, (void)grace_ms;
	return NULL;
}
