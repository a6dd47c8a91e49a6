/* SPDX-License-Identifier: MIT */
/* Writing output files whole or not at all. */
#ifndef RTAB_OUTPUT_H
#define RTAB_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

typedef struct output_file {
	char *path;      /* final name */
	char *tmp_path;  /* written first, renamed over path on commit */
	const char *data;
	size_t len;
	/* The file rewritten as it was read (output_rewrite), or NULL. */
	const struct stat *was;
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
 * A symbolic link in an output's place is refused (nothing is written): rtab
 * made none, and one planted there would have rtab overwrite the file it
 * names. A target that exists and is no regular file (a device, a FIFO) is
 * written directly, after the files, never renamed over, and so is a
 * descriptor named as a file (/dev/stdout, /dev/fd/N). A commit of the same
 * outputs killed outright between its renames (its journal left beside the
 * first) is first undone.
 */
bool output_commit(output_file *files, size_t n, const output_report *report);

/*
 * Replace the text of the file at path, read when it was *was (the fstat of
 * the descriptor it was read from), by data. Just before it is replaced, the
 * file must still be that one, as it was (the same file, size and time of
 * change): an edit saved meanwhile is kept, and the rewrite refused. The new
 * text keeps the file's owner, group and mode; a file with hard links, or
 * whose owner this process cannot give a file, is written over in place, so
 * that every name of it sees the new text. A symbolic link is followed (the
 * file was read through it), the link kept.
 */
bool output_rewrite(const char *path, const char *data, size_t len, const struct stat *was,
		    const output_report *report);

/* An output that would replace one of the inputs (links resolved): each is
 * reported, and true returned. */
bool output_is_input(const output_file *outs, size_t nouts, const char *const *paths,
		     size_t npaths, const output_report *report);

#endif
