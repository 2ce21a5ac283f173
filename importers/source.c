/* source.c: read-only file mapping and SHA-256 of imported logs. */
#include "importers/source.h"
#include "model/util/sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int dt_source_open(const char *path, dt_source *src, char *err, size_t errlen)
{
	memset(src, 0, sizeof *src);
	src->path = path;
	const char *slash = strrchr(path, '/');
	src->name = slash ? slash + 1 : path;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	struct stat sb;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s: %s", path,
		         S_ISDIR(sb.st_mode) ? "is a directory, expected a log file"
		                             : "not a regular file");
		close(fd);
		return -1;
	}
	src->len = (size_t)sb.st_size;
	if (src->len == 0) {
		src->data = "";
		close(fd);
		return 0;
	}
	void *p = mmap(NULL, src->len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "%s: cannot map file: %s", path, strerror(errno));
		src->len = 0;
		return -1;
	}
	madvise(p, src->len, MADV_SEQUENTIAL);
	src->released = calloc(1, sizeof *src->released);
	src->data = p;
	return 0;
}

void dt_source_close(dt_source *src)
{
	if (src->data && src->len)
		munmap((void *)src->data, src->len);
	free(src->released);
	src->released = NULL;
	src->data = NULL;
	src->len = 0;
}

#define RELEASE_STEP (8u << 20) /* a multiple of every page size */

void dt_source_release(const dt_source *src, size_t done)
{
	if (!src->released || done < *src->released + RELEASE_STEP)
		return;
	size_t upto = done - done % RELEASE_STEP;
	madvise((void *)(src->data + *src->released), upto - *src->released,
	        MADV_DONTNEED);
	*src->released = upto;
}

int dt_source_sha256(const dt_source *src, char hex[65])
{
	dt_sha256_ctx *ctx = dt_sha256_begin();
	int ok = ctx != NULL;
	for (size_t off = 0; ok && off < src->len; off += RELEASE_STEP) {
		size_t n = src->len - off < RELEASE_STEP ? src->len - off
		                                         : RELEASE_STEP;
		ok = dt_sha256_update(ctx, src->data + off, n) == 0;
		dt_source_release(src, off + n);
	}
	int rc = dt_sha256_end(ctx, hex); /* frees ctx, also on failure */
	if (src->released)
		*src->released = 0; /* parsing reads from the start again */
	return ok && rc == 0 ? 0 : -1;
}
