/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock */
#include "base/output.h"

#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * Outputs are committed as a whole:
 *  - every file is written to a temporary beside its final name; a signal
 *    while they are written removes the temporaries (the handler knows
 *    them) and then ends the process as the signal would;
 *  - the output directory is locked (flock on the directory itself), so
 *    that two compiles into it commit one after the other: a .c and its .h
 *    always come from the same run;
 *  - temporaries and backups of the outputs' own names left by a run killed
 *    outright (older than this one) are removed under the lock;
 *  - the renames run with the terminating signals blocked, and each file
 *    replaced keeps its earlier content aside (a hard link, or the file
 *    renamed where there are none) until all are in place: a failed rename
 *    puts every earlier file back;
 *  - before the first rename a journal beside the first output names every
 *    output, its backup and its temporary, and it is removed once all are in
 *    place, before any backup: a run killed outright (SIGKILL, a power cut)
 *    between its renames leaves the journal, and the next commit of those
 *    outputs puts the earlier files back by it before anything else, so a
 *    .c never stays beside a .h of another run once rtab writes there again.
 */

static const int caught[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ};
#define NCAUGHT (sizeof caught / sizeof caught[0])

/* What the signal handler removes: set with the signals blocked. */
static char *volatile *volatile pending_tmp;
static volatile size_t pending_n;

static void on_signal(int sig)
{
	for (size_t i = 0; i < pending_n; i++)
		if (pending_tmp[i])
			unlink(pending_tmp[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void block_signals(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(const output_report *r, const char *file, const char *fmt, ...)
{
	strbuf msg = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	r->error(r->arg, file, msg.data ? msg.data : "");
	sb_free(&msg);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void say_note(const output_report *r, const char *fmt, ...)
{
	strbuf msg = {0};
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&msg, fmt, ap);
	va_end(ap);
	r->note(r->arg, msg.data ? msg.data : "");
	sb_free(&msg);
}

static char *sibling(const char *path, const char *suffix)
{
	size_t n = strlen(path), k = strlen(suffix);
	char *p = xmalloc(n + k + 1);
	memcpy(p, path, n);
	memcpy(p + n, suffix, k + 1);
	return p;
}

/* Write all of data to fd, again after an interruption; the error in errno,
 * 0 for a write that took nothing. */
static bool write_all(int fd, const char *data, size_t len)
{
	for (size_t done = 0; done < len;) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = 0;
			return false;
		}
		done += (size_t)w;
	}
	return true;
}

static bool write_tmp(output_file *f, char **slot, const output_report *r)
{
	char *tmp = sibling(f->path, ".tmp.XXXXXX");
	sigset_t old;
	mode_t mask;
	int fd;

	block_signals(&old); /* the temporary and its record appear together */
	fd = mkstemp(tmp);
	if (fd >= 0)
		*slot = f->tmp_path = tmp;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		say(r, NULL, "cannot create a file beside '%s': %s", f->path, strerror(errno));
		free(tmp);
		return false;
	}
	if (f->was) {
		/* The file rewritten keeps its owner, group and mode (the owner first:
		 * a change of owner may clear the set-id bits). */
		if ((f->was->st_uid != geteuid() || f->was->st_gid != getegid()) &&
		    fchown(fd, f->was->st_uid, f->was->st_gid) != 0) {
			say(r, NULL, "cannot give '%s' the owner and group of '%s': %s", f->tmp_path, f->path,
			    strerror(errno));
			close(fd);
			return false;
		}
		fchmod(fd, f->was->st_mode & 07777);
	} else {
		mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	if (!write_all(fd, f->data, f->len)) {
		say(r, NULL, "cannot write '%s': %s", f->tmp_path, errno ? strerror(errno) : "nothing written");
		close(fd);
		return false;
	}
	if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
		say(r, NULL, "cannot write '%s': %s", f->tmp_path, strerror(errno));
		close(fd);
		return false;
	}
	if (close(fd) != 0) {
		say(r, NULL, "cannot write '%s': %s", f->tmp_path, strerror(errno));
		return false;
	}
	return true;
}

/* Lock the directory a path lies in; -1 when it cannot be opened (then unlocked). */
static int lock_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
		;
	return fd;
}

/*
 * Keep the earlier file under the name aside: a hard link, so that the file
 * never goes missing; where the file system has none (FAT, exFAT, many SMB
 * and FUSE mounts), the file itself is renamed aside, and for the moment
 * until the new file is renamed in its name is free. Either way the backup
 * holds the earlier content and puts it back by a rename.
 */
static bool keep_aside(const char *path, const char *aside)
{
	if (link(path, aside) == 0)
		return true;
	if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS && errno != EMLINK &&
	    errno != EXDEV)
		return false;
	return rename(path, aside) == 0;
}

/* Whether name is path's own temporary or backup: "BASE.tmp.XXXXXX" or "BASE.old.XXXXXX". */
static bool own_leftover(const char *name, const char *base)
{
	size_t n = strlen(base);
	if (strncmp(name, base, n) != 0 || (strncmp(name + n, ".tmp.", 5) != 0 && strncmp(name + n, ".old.", 5) != 0))
		return false;
	const char *x = name + n + 5;
	for (size_t i = 0; i < 6; i++)
		if (!((x[i] >= 'a' && x[i] <= 'z') || (x[i] >= 'A' && x[i] <= 'Z') || (x[i] >= '0' && x[i] <= '9')))
			return false;
	return x[6] == '\0';
}

/*
 * A run killed outright (SIGKILL, a power cut) between its renames leaves its
 * temporaries and backups beside the outputs. The next commit of the same
 * outputs, under the lock, removes those of the outputs' own names that are
 * older than itself; nothing else in the directory is touched.
 */
static void remove_leftovers(const char *path, time_t started)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	const char *base = slash ? slash + 1 : path;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		struct stat st;
		if (!own_leftover(e->d_name, base))
			continue;
		char *full = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) && st.st_mtime < started)
			unlink(full);
		free(full);
	}
	if (d)
		closedir(d);
	free(dir);
}

#define JOURNAL_SUFFIX ".rtab-commit"

/* The directory part of a path ("." for none), for comparing two paths'. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
}

static bool same_dir(const char *a, const char *b)
{
	char *da = dir_of(a), *db = dir_of(b);
	bool same = strcmp(da, db) == 0;
	free(da);
	free(db);
	return same;
}

/* Whether aside is target's own backup or temporary, in target's directory. */
static bool own_sibling(const char *aside, const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dir = slash ? (size_t)(slash - target + 1) : 0;
	return strncmp(aside, target, dir) == 0 && !strchr(aside + dir, '/') &&
	       own_leftover(aside + dir, target + dir);
}

/*
 * The journal: for each output its path, its backup ("" when it did not
 * exist) and its temporary, each ended by '\0', written and synced before
 * the first rename. Paths may hold any byte but '\0'.
 */
static bool write_journal(const char *path, const output_file *files, char *const *backups,
			  char *const *tmp, size_t n)
{
	strbuf b = {0};
	for (size_t i = 0; i < n; i++) {
		sb_puts(&b, files[i].path);
		sb_putc(&b, '\0');
		sb_puts(&b, backups[i] ? backups[i] : "");
		sb_putc(&b, '\0');
		sb_puts(&b, tmp[i]);
		sb_putc(&b, '\0');
	}
	/* Made afresh: a link planted under its name is removed, never followed. */
	unlink(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	bool ok = fd >= 0 && write_all(fd, b.data, b.len);
	ok = ok && (fsync(fd) == 0 || errno == EINVAL || errno == EROFS);
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok && fd >= 0)
		unlink(path);
	sb_free(&b);
	return ok;
}

/* Read a whole small file; NULL when it cannot be read. */
static char *read_small(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	strbuf b = {0};
	char chunk[4096];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len < (1u << 20))
		sb_put(&b, chunk, got);
	fclose(f);
	*len = b.len;
	if (!b.data)
		return xstrdup("");
	return b.data;
}

/*
 * A journal left beside path is a commit killed between its renames: put
 * every output it names back as it was before that commit (its backup
 * renamed back, an output that was new removed) and remove the journal.
 * Only an output in the journal's own directory, with a backup and a
 * temporary of its own name, is touched; a record cut short is no record.
 */
static void recover_journal(const char *path, const output_report *r)
{
	char *journal = sibling(path, JOURNAL_SUFFIX);
	size_t len = 0;
	char *text = read_small(journal, &len);
	if (!text) {
		free(journal);
		return;
	}
	size_t restored = 0;
	for (size_t at = 0; at < len;) {
		const char *field[3];
		size_t k = 0;
		while (k < 3 && at < len) {
			field[k++] = text + at;
			const char *end = memchr(text + at, '\0', len - at);
			if (!end) {
				at = len;
				k = 0;
				break;
			}
			at = (size_t)(end - text) + 1;
		}
		if (k < 3)
			break;
		const char *target = field[0], *backup = field[1], *tmp = field[2];
		if (!same_dir(target, journal) || !own_sibling(tmp, target) ||
		    (*backup && !own_sibling(backup, target)))
			continue;
		struct stat st;
		bool tmp_left = lstat(tmp, &st) == 0;
		struct stat now;
		if (*backup && lstat(backup, &st) == 0) {
			/* A hard link of the very file still in place: rename() of one
			 * name of a file over another does nothing, so it goes instead. */
			if (lstat(target, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino)
				unlink(backup);
			else if (rename(backup, target) == 0)
				restored++;
		} else if (!*backup && !tmp_left) {
			if (unlink(target) == 0)
				restored++;
		}
		if (tmp_left)
			unlink(tmp);
	}
	unlink(journal);
	if (r->note)
		say_note(r, "an earlier run writing '%s' was stopped between its renames; "
			    "%zu of its files are put back as they were before it",
			 path, restored);
	free(text);
	free(journal);
}

/* Whether two times of a file are the same. */
static bool same_time(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Whether the file at path is still the file was describes, as it was: the
 * same file, size and time of change. Said when not. */
static bool unchanged(const char *path, const struct stat *was, const output_report *r)
{
	struct stat now;
	if (stat(path, &now) != 0) {
		say(r, NULL, "'%s' went away while rtab worked on it (%s); nothing is written",
		    path, strerror(errno));
		return false;
	}
	if (now.st_dev != was->st_dev || now.st_ino != was->st_ino || now.st_size != was->st_size ||
	    !same_time(now.st_mtim, was->st_mtim)) {
		say(r, NULL, "'%s' changed while rtab worked on it (saved by another program?); "
			     "it is left as it is, with that change: run rtab again",
		    path);
		return false;
	}
	return true;
}

/* Put files[0..n) back as they were before their rename. */
static void roll_back(output_file *files, char **backups, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (backups[i])
			rename(backups[i], files[i].path);
		else
			unlink(files[i].path);
	}
}

static bool commit_atomic(output_file *files, size_t n, const output_report *report)
{
	struct sigaction act, saved[NCAUGHT];
	char **tmp = xcalloc(n ? n : 1, sizeof *tmp);
	char **backups = xcalloc(n ? n : 1, sizeof *backups);
	int *locks = xcalloc(n ? n : 1, sizeof *locks);
	bool ok = true;
	size_t renamed = 0;
	sigset_t old;

	for (size_t i = 0; i < n; i++) {
		/* One lock per directory: the files of one compile share one. */
		locks[i] = -1;
		bool again = false;
		for (size_t j = 0; j < i && !again; j++) {
			const char *a = strrchr(files[i].path, '/'), *b = strrchr(files[j].path, '/');
			size_t la = a ? (size_t)(a - files[i].path) : 0, lb = b ? (size_t)(b - files[j].path) : 0;
			again = la == lb && strncmp(files[i].path, files[j].path, la) == 0;
		}
		if (!again)
			locks[i] = lock_dir_of(files[i].path);
	}

	time_t started = time(NULL);
	for (size_t i = 0; i < n; i++)
		recover_journal(files[i].path, report);
	for (size_t i = 0; i < n; i++)
		remove_leftovers(files[i].path, started);

	memset(&act, 0, sizeof act);
	act.sa_handler = on_signal;
	sigemptyset(&act.sa_mask);
	block_signals(&old);
	pending_tmp = tmp;
	pending_n = n;
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaction(caught[i], &act, &saved[i]);
	sigprocmask(SIG_SETMASK, &old, NULL);

	for (size_t i = 0; i < n && ok; i++)
		ok = write_tmp(&files[i], &tmp[i], report);

	block_signals(&old); /* from here on, nothing interrupts half a commit */
	/* The earlier content of each output is kept under another name until all are in place. */
	for (size_t i = 0; i < n && ok; i++) {
		struct stat st;
		if (lstat(files[i].path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		char *b = sibling(files[i].path, ".old.XXXXXX");
		int fd = mkstemp(b);
		if (fd < 0) {
			say(report, NULL, "cannot keep the earlier '%s' aside: %s", files[i].path, strerror(errno));
			free(b);
			ok = false;
			break;
		}
		close(fd);
		unlink(b);
		backups[i] = b;
	}
	for (size_t i = 0; i < n && ok; i++)
		ok = !files[i].was || unchanged(files[i].path, files[i].was, report);
	char *journal = n ? sibling(files[0].path, JOURNAL_SUFFIX) : NULL;
	if (ok && n && !write_journal(journal, files, backups, tmp, n)) {
		say(report, NULL, "cannot write the journal '%s': %s", journal, strerror(errno));
		ok = false;
	}
	size_t aside = 0;
	for (size_t i = 0; i < n && ok; i++) {
		if (backups[i] && !keep_aside(files[i].path, backups[i])) {
			say(report, NULL, "cannot keep the earlier '%s' aside: %s", files[i].path,
			    strerror(errno));
			ok = false;
			break;
		}
		aside = i + 1;
		if (rename(tmp[i], files[i].path) != 0) {
			say(report, NULL, "cannot rename '%s' to '%s': %s", tmp[i], files[i].path,
			    strerror(errno));
			if (backups[i]) /* renamed aside: the roll-back puts it back too */
				renamed = i + 1;
			ok = false;
			break;
		}
		free(tmp[i]);
		tmp[i] = files[i].tmp_path = NULL;
		renamed = i + 1;
	}
	if (!ok)
		roll_back(files, backups, renamed);
	/* All in place (or all put back): the journal goes before any backup. */
	if (journal)
		unlink(journal);
	free(journal);
	for (size_t i = 0; i < n; i++) {
		if (backups[i]) {
			if (i < aside && (ok || i >= renamed))
				unlink(backups[i]);
			free(backups[i]);
		}
		if (tmp[i]) {
			unlink(tmp[i]);
			free(tmp[i]);
			files[i].tmp_path = NULL;
		}
	}
	pending_n = 0;
	pending_tmp = NULL;
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaction(caught[i], &saved[i], NULL);
	for (size_t i = 0; i < n; i++)
		if (locks[i] >= 0)
			close(locks[i]);
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(tmp);
	free(backups);
	free(locks);
	return ok;
}

/*
 * The descriptor a name stands for: /dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N, or a link whose text is one of these (/dev/stdout is a
 * link to /proc/self/fd/1). -1 for any other name.
 */
static int named_descriptor(const char *path)
{
	static const char *const fd_dirs[] = {"/dev/fd/", "/proc/self/fd/"};
	char text[64];
	ssize_t n = readlink(path, text, sizeof text - 1);
	for (int pass = 0; pass < 2; pass++) {
		const char *name = path;
		if (pass == 1) {
			if (n <= 0)
				break;
			text[n] = '\0';
			name = text;
		}
		if (strcmp(name, "/dev/stdout") == 0)
			return 1;
		if (strcmp(name, "/dev/stderr") == 0)
			return 2;
		for (size_t d = 0; d < sizeof fd_dirs / sizeof *fd_dirs; d++) {
			size_t k = strlen(fd_dirs[d]);
			if (strncmp(name, fd_dirs[d], k) != 0 || !name[k])
				continue;
			char *end;
			long fd = strtol(name + k, &end, 10);
			if (*end == '\0' && name[k] >= '0' && name[k] <= '9' && fd <= 1024)
				return (int)fd;
		}
	}
	return -1;
}

/* Write a whole file to a target that is no regular file (a character device,
 * a FIFO, a terminal) or to a descriptor of the process named as a file
 * (/dev/stdout): nothing to rename over it. A name that has become a link
 * since it was looked at is not followed. */
static bool write_direct(const output_file *f, const output_report *r)
{
	int fd = named_descriptor(f->path), own = fd < 0;
	if (own)
		while ((fd = open(f->path, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)) < 0 && errno == EINTR)
			;
	if (fd < 0) {
		say(r, NULL, "cannot open '%s': %s", f->path, strerror(errno));
		return false;
	}
	if (!write_all(fd, f->data, f->len)) {
		say(r, NULL, "cannot write '%s': %s", f->path, errno ? strerror(errno) : "nothing written");
		if (own)
			close(fd);
		return false;
	}
	if (own && close(fd) != 0 && errno != EINTR) {
		say(r, NULL, "cannot write '%s': %s", f->path, strerror(errno));
		return false;
	}
	return true;
}

typedef enum target_kind { TARGET_FILE, TARGET_DIRECT, TARGET_REFUSED } target_kind;

/*
 * How a target is written: a regular file (or none yet) by a temporary renamed
 * over it; anything else that exists (a device, a FIFO) directly, never
 * replaced, and so is a descriptor of the process named as a file
 * (/dev/stdout, /dev/fd/N). A symbolic link is refused: rtab made none, and
 * writing through one planted in the output's place would overwrite whatever
 * file it names.
 */
static target_kind classify(const char *path, const output_report *r)
{
	struct stat l, st;
	if (lstat(path, &l) != 0 || S_ISREG(l.st_mode) || S_ISDIR(l.st_mode))
		return TARGET_FILE; /* a directory: the rename fails and says so */
	if (!S_ISLNK(l.st_mode) || named_descriptor(path) >= 0)
		return TARGET_DIRECT;
	char text[4096];
	ssize_t n = readlink(path, text, sizeof text - 1);
	text[n > 0 ? n : 0] = '\0';
	if (stat(path, &st) != 0)
		say(r, NULL, "'%s' is a symbolic link to nothing ('%s': %s); rtab writes no output "
			     "through a link: remove it, or write elsewhere",
		    path, text, strerror(errno));
	else
		say(r, NULL, "'%s' is a symbolic link (to '%s'), and rtab writes no output through a "
			     "link, which would overwrite the file it names; remove the link, or name "
			     "that file itself",
		    path, text);
	return TARGET_REFUSED;
}

bool output_commit(output_file *files, size_t n, const output_report *report)
{
	output_file *atomic = xcalloc(n ? n : 1, sizeof *atomic);
	bool *direct = xcalloc(n ? n : 1, sizeof *direct);
	size_t natomic = 0;
	bool ok = true;

	for (size_t i = 0; i < n; i++) {
		target_kind k = classify(files[i].path, report);
		ok &= k != TARGET_REFUSED;
		direct[i] = k == TARGET_DIRECT;
		if (k == TARGET_FILE)
			atomic[natomic++] = files[i];
	}
	/* The regular files whole or not at all first; then the streams. */
	if (ok)
		ok = commit_atomic(atomic, natomic, report);
	for (size_t i = 0; i < n && ok; i++)
		if (direct[i])
			ok = write_direct(&files[i], report);
	free(direct);
	free(atomic);
	return ok;
}

/* Whether the process may give a file it makes the owner and group of was. */
static bool can_keep_owner(const struct stat *was)
{
	if (geteuid() == 0)
		return true;
	if (was->st_uid != geteuid())
		return false;
	if (was->st_gid == getegid())
		return true;
	gid_t groups[256];
	int n = getgroups(sizeof groups / sizeof *groups, groups);
	for (int i = 0; i < n; i++)
		if (groups[i] == was->st_gid)
			return true;
	return false;
}

/* Write data over the file at path itself, when it is still the file was
 * describes: every name of it sees the new text. */
static bool write_over(const char *path, const char *data, size_t len, const struct stat *was,
		       const output_report *r)
{
	int lock = lock_dir_of(path);
	bool ok = unchanged(path, was, r);
	int fd = -1;
	if (ok) {
		fd = open(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
		struct stat st;
		if (fd < 0 || fstat(fd, &st) != 0) {
			say(r, NULL, "cannot open '%s': %s", path, strerror(errno));
			ok = false;
		} else if (st.st_dev != was->st_dev || st.st_ino != was->st_ino) {
			say(r, NULL, "'%s' changed while rtab worked on it; it is left as it is: run rtab again",
			    path);
			ok = false;
		}
	}
	if (ok) {
		sigset_t old;
		block_signals(&old); /* a signal does not leave the file half written */
		ok = write_all(fd, data, len) && ftruncate(fd, (off_t)len) == 0 &&
		     (fsync(fd) == 0 || errno == EINVAL || errno == EROFS);
		if (!ok)
			say(r, NULL, "cannot write '%s': %s", path, errno ? strerror(errno) : "nothing written");
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	if (fd >= 0 && close(fd) != 0 && ok) {
		say(r, NULL, "cannot write '%s': %s", path, strerror(errno));
		ok = false;
	}
	if (lock >= 0)
		close(lock);
	return ok;
}

bool output_rewrite(const char *path, const char *data, size_t len, const struct stat *was,
		    const output_report *report)
{
	struct stat l;
	char *file = lstat(path, &l) == 0 && S_ISLNK(l.st_mode) ? realpath(path, NULL) : xstrdup(path);
	if (!file) {
		say(report, NULL, "cannot follow the link '%s': %s", path, strerror(errno));
		return false;
	}
	bool ok;
	if (was->st_nlink > 1 || !can_keep_owner(was)) {
		ok = write_over(file, data, len, was, report);
	} else {
		output_file f = {.path = file, .data = data, .len = len, .was = was};
		ok = commit_atomic(&f, 1, report);
		free(f.tmp_path);
	}
	free(file);
	return ok;
}

/* An output that would replace one of the inputs (links resolved) is refused. */
bool output_is_input(const output_file *outs, size_t nouts, const char *const *paths,
		     size_t npaths, const output_report *report)
{
	bool clash = false;
	for (size_t i = 0; i < nouts; i++) {
		struct stat o, in;
		if (stat(outs[i].path, &o) != 0)
			continue;
		for (size_t k = 0; k < npaths; k++)
			if (stat(paths[k], &in) == 0 && in.st_dev == o.st_dev && in.st_ino == o.st_ino) {
				say(report, paths[k], "the output '%s' would overwrite it (the same file); write elsewhere",
				    outs[i].path);
				clash = true;
			}
	}
	return clash;
}
