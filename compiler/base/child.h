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

/* Without waiting: as much of buf[*done..n) as its input takes now, *done
 * moved on; CHILD_SENT (all, some or none of it), CHILD_CLOSED when it is
 * gone, CHILD_WRITE_FAILED (errno set) on another error. */
child_write child_put(child *c, const char *buf, size_t n, size_t *done);

/* Wait at most timeout_ms until its input has room (want_write) or its output
 * has bytes or has ended (want_read): 1 with *can_write and *can_read said,
 * 0 when the time ran out, -1 (errno set) on an error. */
int child_wait(child *c, bool want_write, bool want_read, int timeout_ms, bool *can_write, bool *can_read);

/* One read of its output, once child_wait said it can: CHILD_LINE when bytes
 * came (kept until child_take takes them), CHILD_EOF, CHILD_FAILED. */
child_read child_fill(child *c);

/* The next whole line read (without the newline) into *line (to free), or
 * false when none has come whole yet. */
bool child_take(child *c, char **line);

/* Milliseconds on a clock that only goes forward. */
long long child_now_ms(void);

/* Close its input: it reads to the end of what was written, then end of file. */
void child_close_input(child *c);

/* Close its input, wait for it (killed when it outlives grace_ms) and say how
 * it ended: "exit status 3", "signal 9", NULL when it exited 0. */
char *child_stop(child *c, int grace_ms);

#endif
