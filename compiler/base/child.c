/* SPDX-License-Identifier: MIT */
/* Pipes, fork and exec: POSIX, the one place rtab runs another program. */
#define _POSIX_C_SOURCE 200809L
#include "base/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool child_start(child *c, char *const *argv)
{
	int in[2], out[2];
	memset(c, 0, sizeof *c);
	/* A port that dies mid-line closes the pipe: a write error, not our death. */
	signal(SIGPIPE, SIG_IGN);
	if (pipe(in) != 0)
		return false;
	if (pipe(out) != 0) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		errno = e;
		return false;
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		fprintf(stderr, "rtab conform: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	/* Our end of its input never blocks: a port that does not read is found
	 * by child_send's timeout instead of hanging rtab for ever. */
	fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
	c->pid = pid;
	c->to = in[1];
	c->from = out[0];
	return true;
}

/* Milliseconds on a clock that only goes forward. */
long long child_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

child_write child_send(child *c, const char *line, int timeout_ms)
{
	size_t n = strlen(line);
	char *buf = xmalloc(n + 1);
	memcpy(buf, line, n);
	buf[n] = '\n';
	size_t done = 0;
	long long deadline = child_now_ms() + timeout_ms;
	child_write result = CHILD_SENT;
	while (done < n + 1) {
		ssize_t w = write(c->to, buf + done, n + 1 - done);
		if (w > 0) {
			done += (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			/* The pipe is full: the port has not read what it was given. */
			long long left = deadline - child_now_ms();
			struct pollfd p = {c->to, POLLOUT, 0};
			int ready = left > 0 ? poll(&p, 1, (int)left) : 0;
			if (ready > 0 || (ready < 0 && errno == EINTR))
				continue; /* room, or its end closed: the next write says which */
			result = ready == 0 ? CHILD_STALLED : CHILD_WRITE_FAILED;
			break;
		}
		if (w == 0)
			errno = EIO;
		result = w < 0 && errno == EPIPE ? CHILD_CLOSED : CHILD_WRITE_FAILED;
		break;
	}
	free(buf);
	return result;
}

bool child_take(child *c, char **line)
{
	char *nl = c->pending.data ? memchr(c->pending.data, '\n', c->pending.len) : NULL;
	if (!nl)
		return false;
	size_t n = (size_t)(nl - c->pending.data);
	*line = xstrndup(c->pending.data, n);
	memmove(c->pending.data, nl + 1, c->pending.len - n - 1);
	c->pending.len -= n + 1;
	c->pending.data[c->pending.len] = '\0';
	return true;
}

child_read child_fill(child *c)
{
	for (;;) {
		char buf[65536];
		ssize_t r = read(c->from, buf, sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return CHILD_FAILED;
		if (r == 0)
			return CHILD_EOF;
		sb_put(&c->pending, buf, (size_t)r);
		return CHILD_LINE;
	}
}

child_read child_line(child *c, int timeout_ms, char **line)
{
	for (;;) {
		if (child_take(c, line))
			return CHILD_LINE;
		struct pollfd p = {c->from, POLLIN, 0};
		int ready = poll(&p, 1, timeout_ms);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready < 0)
			return CHILD_FAILED;
		if (ready == 0)
			return CHILD_TIMEOUT;
		child_read r = child_fill(c);
		if (r != CHILD_LINE)
			return r;
	}
}

child_write child_put(child *c, const char *buf, size_t n, size_t *done)
{
	while (*done < n) {
		ssize_t w = write(c->to, buf + *done, n - *done);
		if (w > 0) {
			*done += (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return CHILD_SENT; /* the pipe is full for now */
		if (w == 0)
			errno = EIO;
		return w < 0 && errno == EPIPE ? CHILD_CLOSED : CHILD_WRITE_FAILED;
	}
	return CHILD_SENT;
}

int child_wait(child *c, bool want_write, bool want_read, int timeout_ms, bool *can_write, bool *can_read)
{
	struct pollfd p[2];
	nfds_t n = 0;
	int w = -1, r = -1;
	if (want_write)
		w = (int)n, p[n++] = (struct pollfd){c->to, POLLOUT, 0};
	if (want_read)
		r = (int)n, p[n++] = (struct pollfd){c->from, POLLIN, 0};
	*can_write = *can_read = false;
	int ready = poll(p, n, timeout_ms);
	if (ready < 0 && errno == EINTR)
		return 1; /* nothing said ready: the caller waits again */
	if (ready <= 0)
		return ready;
	/* An end closed (POLLERR, POLLHUP) is ready too: the write or read says so. */
	*can_write = w >= 0 && p[w].revents != 0;
	*can_read = r >= 0 && p[r].revents != 0;
	return 1;
}

void child_close_input(child *c)
{
	if (c->to >= 0)
		close(c->to);
	c->to = -1;
}

static void pause_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

char *child_stop(child *c, int grace_ms)
{
	child_close_input(c);
	close(c->from);
	sb_free(&c->pending);
	int status = 0;
	pid_t done = 0;
	for (int waited = 0; (done = waitpid(c->pid, &status, WNOHANG)) == 0 && waited < grace_ms; waited += 10)
		pause_ms(10);
	if (done == 0) {
		kill(c->pid, SIGKILL);
		done = waitpid(c->pid, &status, 0);
	}
	if (done < 0)
		return xasprintf("no status (%s)", strerror(errno));
	if (WIFEXITED(status))
		return WEXITSTATUS(status) ? xasprintf("exit status %d", WEXITSTATUS(status)) : NULL;
	if (WIFSIGNALED(status))
		return xasprintf("signal %d", WTERMSIG(status));
	return xstrdup("an unknown status");
}
