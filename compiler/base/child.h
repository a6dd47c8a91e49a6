/* SPDX-License-Identifier: MIT */
/* A child process spoken to by lines: rtab conform's port. */
#ifndef RTAB_BASE_CHILD_H
#define RTAB_BASE_CHILD_H

#include "base/util.h"

#include <stdbool.h>

typedef struct child {
	int pid;
	int to, from; /* its standard input and output */
	strbuf pending; /* read past the last line given */
} child;

typedef enum child_read { CHILD_LINE, CHILD_EOF, CHILD_TIMEOUT, CHILD_FAILED } child_read;

/* Start argv[0] (searched in PATH) with argv; false with errno set when the
 * pipes or the process cannot be made. A command that cannot be run
 * exits 127 with a message on standard error. */
bool child_start(child *c, char *const *argv);

typedef enum child_write { CHILD_SENT, CHILD_CLOSED, CHILD_STALLED, CHILD_WRITE_FAILED } child_write;

/* Write line and a newline to its standard input, waiting at most timeout_ms
 * for room in the pipe: CHILD_CLOSED when it is gone (its input closed),
 * CHILD_STALLED when it does not read, CHILD_WRITE_FAILED (errno set) on
 * another error. */
child_write child_send(child *c, const char *line, int timeout_ms);

/* Its next line (without the newline) into *line (to free), waiting at most
 * timeout_ms between bytes. */
child_read child_line(child *c, int timeout_ms, char **line);

/* Close its input, wait for it (killed when it outlives grace_ms) and say how
 * it ended: "exit status 3", "signal 9", NULL when it exited 0. */
char *child_stop(child *c, int grace_ms);

#endif
