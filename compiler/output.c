#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool write_tmp(output_file *f)
{
	size_t n = strlen(f->path);
	mode_t mask;
	int fd;

	f->tmp_path = xmalloc(n + 16);
	memcpy(f->tmp_path, f->path, n);
	memcpy(f->tmp_path + n, ".tmp.XXXXXX", 12);
	fd = mkstemp(f->tmp_path);
	if (fd < 0) {
		fprintf(stderr, "rtab: error: cannot create a file beside '%s': %s\n", f->path,
			strerror(errno));
		free(f->tmp_path);
		f->tmp_path = NULL;
		return false;
	}
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	for (size_t done = 0; done < f->len;) {
		ssize_t w = write(fd, f->data + done, f->len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fprintf(stderr, "rtab: error: cannot write '%s': %s\n", f->tmp_path,
				strerror(errno));
			close(fd);
			return false;
		}
		done += (size_t)w;
	}
	if (close(fd) != 0) {
		fprintf(stderr, "rtab: error: cannot write '%s': %s\n", f->tmp_path, strerror(errno));
		return false;
	}
	return true;
}

static void discard(output_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (files[i].tmp_path) {
			unlink(files[i].tmp_path);
			free(files[i].tmp_path);
			files[i].tmp_path = NULL;
		}
	}
}

bool output_commit(output_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!write_tmp(&files[i])) {
			discard(files, n);
			return false;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (rename(files[i].tmp_path, files[i].path) != 0) {
			fprintf(stderr, "rtab: error: cannot rename '%s' to '%s': %s\n",
				files[i].tmp_path, files[i].path, strerror(errno));
			discard(files + i, n - i);
			return false;
		}
		free(files[i].tmp_path);
		files[i].tmp_path = NULL;
	}
	return true;
}
