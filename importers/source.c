/* source.c: read-only file mapping and SHA-256 of imported logs. */
#include "importers/source.h"
#include "model/dt_sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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
	void *p = mmap(NULL, src->len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "%s: cannot map file: %s", path, strerror(errno));
		src->len = 0;
		return -1;
	}
	madvise(p, src->len, MADV_SEQUENTIAL);
	src->data = p;
	return 0;
}

void dt_source_close(dt_source *src)
{
	if (src->data && src->len)
		munmap((void *)src->data, src->len);
	src->data = NULL;
	src->len = 0;
}

int dt_source_sha256(const dt_source *src, char hex[65])
{
	return dt_sha256_hex(src->data, src->len, hex);
}
