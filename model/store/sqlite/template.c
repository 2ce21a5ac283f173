/* template.c: a new store file written from the build's template
 * (template.h). */
#include "model/store/sqlite/template.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Sync the directory holding path (the new name must survive a crash as
 * the bytes do). */
static int sync_dir(const char *path)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", path);
	int fd = open(dirname(buf), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	close(fd);
	return rc;
}

/* The template's bytes into the new file fd. */
static int write_all(int fd, const dt_sq_template *t)
{
	const unsigned char *b = t->bytes;
	for (size_t i = 0; i < t->nruns; i++) {
		size_t len = t->runs[i][1];
		off_t off = (off_t)t->runs[i][0];
		while (len > 0) {
			ssize_t w = pwrite(fd, b, len, off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return -1;
			b += w;
			off += w;
			len -= (size_t)w;
		}
	}
	return ftruncate(fd, (off_t)t->size);
}

int dt_sq_template_create(const char *path, int want)
{
	const dt_sq_template *t = &dt_sq_template_data;
	if (!t || t->user_version != want || t->size == 0 ||
	    access(path, F_OK) == 0)
		return 0;
	static atomic_uint seq;
	char tmp[4200];
	if (snprintf(tmp, sizeof tmp, "%s.new-%ld-%u", path, (long)getpid(),
	             atomic_fetch_add(&seq, 1)) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* 0644 less the umask, as SQLite creates a database file */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	int rc = write_all(fd, t) == 0 && fdatasync(fd) == 0 ? 0 : -1;
	int e = errno;
	close(fd);
	if (rc == 0 && link(tmp, path) < 0) {
		e = errno;
		rc = e == EEXIST ? 1 : -1; /* 1 here: another process's file */
	}
	unlink(tmp);
	if (rc == 1)
		return 0;
	if (rc < 0) {
		errno = e;
		return -1;
	}
	/* the file is there, whole and synced; a directory that cannot be
	 * synced is synced again by the first commit (synchronous=EXTRA
	 * syncs it when the journal is deleted) */
	(void)sync_dir(path);
	return 1;
}
