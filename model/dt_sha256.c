/* dt_sha256.c: SHA-256 of memory and files (dt_sha256.h). */
#include "model/dt_sha256.h"

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

int dt_sha256_file(const char *path, char hex[65], char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	int ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1;
	unsigned char buf[16384];
	size_t n;
	while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
		ok = EVP_DigestUpdate(ctx, buf, n) == 1;
	int rerr = ferror(f);
	fclose(f);
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	ok = ok && !rerr && EVP_DigestFinal_ex(ctx, md, &mdlen) == 1 &&
	     mdlen == 32;
	EVP_MD_CTX_free(ctx);
	if (!ok) {
		snprintf(err, errlen, "%s: %s", path, rerr ? "read error" :
		         "SHA-256 failed");
		return -1;
	}
	to_hex(md, hex);
	return 0;
}
