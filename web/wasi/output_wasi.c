/* SPDX-License-Identifier: MIT */
/*
 * base/output.h for the WebAssembly module (WASI). The browser runs one
 * verb at a time in a module of its own, over files held in memory: no
 * other process can see a half-written file, no signal can cut a run short,
 * and the file system has no directory locks, hard links or owners. So each
 * file is written in place; what base/output.c guards against cannot occur.
 */
#include "base/output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void say(const output_report *r, const char *path, const char *what)
{
	char msg[512];
	snprintf(msg, sizeof msg, "cannot write '%s': %s", path, what);
	r->error(r->arg, NULL, msg);
}

static bool write_one(const char *path, const char *data, size_t len, const output_report *r)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		say(r, path, strerror(errno));
		return false;
	}
	bool ok = fwrite(data, 1, len, f) == len;
	ok = fclose(f) == 0 && ok;
	if (!ok)
		say(r, path, strerror(errno));
	return ok;
}

bool output_commit(output_file *files, size_t n, const output_report *report)
{
	for (size_t i = 0; i < n; i++)
		if (!write_one(files[i].path, files[i].data, files[i].len, report))
			return false;
	return true;
}

bool output_rewrite(const char *path, const char *data, size_t len, const struct stat *was,
		    const output_report *report)
{
	(void)was;
	return write_one(path, data, len, report);
}

/* Files in memory have no inode: the same file is the same name. */
bool output_is_input(const output_file *outs, size_t nouts, const char *const *paths,
		     size_t npaths, const output_report *report)
{
	bool clash = false;
	for (size_t i = 0; i < nouts; i++)
		for (size_t k = 0; k < npaths; k++)
			if (strcmp(outs[i].path, paths[k]) == 0) {
				char msg[512];
				snprintf(msg, sizeof msg,
					 "the output '%s' would overwrite it (the same file); write elsewhere",
					 outs[i].path);
				report->error(report->arg, paths[k], msg);
				clash = true;
			}
	return clash;
}
