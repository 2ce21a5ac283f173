/* source.c: read-only file mapping and SHA-256 of imported logs. */
#include "importers/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/evp.h>

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
	unsigned char md[32];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	if (!ctx || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
		EVP_MD_CTX_free(ctx);
		return -1;
	}
	const size_t window = 8u << 20;
	long page = sysconf(_SC_PAGESIZE);
	for (size_t off = 0; off < src->len; off += window) {
		size_t n = src->len - off < window ? src->len - off : window;
		if (EVP_DigestUpdate(ctx, src->data + off, n) != 1) {
			EVP_MD_CTX_free(ctx);
			return -1;
		}
		/* off is a multiple of the window, hence page-aligned. */
		if (page > 0 && n == window)
			madvise((void *)(src->data + off), n, MADV_DONTNEED);
	}
	int ok = EVP_DigestFinal_ex(ctx, md, &mdlen) == 1 && mdlen == 32;
	EVP_MD_CTX_free(ctx);
	if (!ok)
		return -1;
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	return 0;
}
