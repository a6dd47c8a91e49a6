/* SPDX-License-Identifier: MIT */
/* Writing output files whole or not at all. */
#ifndef RTAB_OUTPUT_H
#define RTAB_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct output_file {
	char *path;      /* final name */
	char *tmp_path;  /* written first, renamed over path on commit */
	const char *data;
	size_t len;
} output_file;

/* Where output_commit and output_is_input say what went wrong: file is the
 * input a message is about (the output would overwrite it), NULL when it is
 * about an output. The caller prints it as its other errors. */
typedef struct output_report {
	void (*error)(void *arg, const char *file, const char *message);
	void *arg;
	/* What was repaired on the way (an earlier run's cut-short commit put
	 * back); NULL to say nothing. */
	void (*note)(void *arg, const char *message);
} output_report;

/*
 * Write every file to a temporary beside its final name, then rename them
 * all. On any failure, remove the temporaries: earlier outputs stay as they were.
 * A symbolic link to a regular file is written through (the file it names is
 * replaced, the link kept); a target that exists and is no regular file (a
 * device, a FIFO, /dev/stdout) is written directly, after the files, never
 * renamed over. A commit of the same outputs killed outright between its
 * renames (its journal left beside the first) is first undone.
 */
bool output_commit(output_file *files, size_t n, const output_report *report);

/* An output that would replace one of the inputs (links resolved): each is
 * reported, and true returned. */
bool output_is_input(const output_file *outs, size_t nouts, const char *const *paths,
		     size_t npaths, const output_report *report);

#endif
