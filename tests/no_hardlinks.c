/*
 * Preloaded under rtab to stand for a file system without hard links (FAT,
 * exFAT, many SMB and FUSE mounts): link() and linkat() fail as they do
 * there, with EPERM. Mounting such a file system needs root; this does not.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int link(const char *from, const char *to)
{
	(void)from;
	(void)to;
	errno = EPERM;
	return -1;
}

int linkat(int from_dir, const char *from, int to_dir, const char *to, int flags)
{
	(void)from_dir;
	(void)from;
	(void)to_dir;
	(void)to;
	(void)flags;
	errno = EPERM;
	return -1;
}
