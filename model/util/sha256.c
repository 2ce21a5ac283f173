/* dt_sha256.c: SHA-256 of memory and files (dt_sha256.h). */
#include "model/util/sha256.h"

#include <errno.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

static void to_hex(const unsigned char *md, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	for (int i = 0; i < 32; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[64] = '\0';
}

int dt_sha256_hex(const void *data, size_t len, char hex[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	if (EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL) != 1 ||
	    mdlen != 32)
		return -1;
	to_hex(md, hex);
	return 0;
}

dt_sha256_ctx *dt_sha256_begin(void)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	if (ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
		EVP_MD_CTX_free(ctx);
		ctx = NULL;
	}
	return ctx;
}

int dt_sha256_update(dt_sha256_ctx *ctx, const void *data, size_t len)
{
	return EVP_DigestUpdate(ctx, data, len) == 1 ? 0 : -1;
}

int dt_sha256_end(dt_sha256_ctx *ctx, char hex[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	int ok = ctx && EVP_DigestFinal_ex(ctx, md, &mdlen) == 1 && mdlen == 32;
	EVP_MD_CTX_free(ctx);
	if (!ok)
		return -1;
	to_hex(md, hex);
	return 0;
}

int dt_sha256_file(const char *path, char hex[65], char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	dt_sha256_ctx *ctx = dt_sha256_begin();
	int ok = ctx != NULL;
	unsigned char buf[16384];
	size_t n;
	while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
		ok = dt_sha256_update(ctx, buf, n) == 0;
	int rerr = ferror(f);
	fclose(f);
	ok = dt_sha256_end(ctx, hex) == 0 && ok && !rerr;
	if (!ok) {
		snprintf(err, errlen, "%s: %s", path, rerr ? "read error" :
		         "SHA-256 failed");
		return -1;
	}
	return 0;
}

int dt_sha256_peek(const dt_sha256_ctx *ctx, char hex[65])
{
	EVP_MD_CTX *copy = EVP_MD_CTX_new();
	if (!copy || EVP_MD_CTX_copy_ex(copy, ctx) != 1) {
		EVP_MD_CTX_free(copy);
		return -1;
	}
	return dt_sha256_end(copy, hex);
}

void dt_sha256_free(dt_sha256_ctx *ctx)
{
	EVP_MD_CTX_free(ctx);
}
