/* dt_sha256.h: SHA-256 (FIPS 180-4, via OpenSSL EVP) of memory and of
 * files, as 64 lowercase hex digits. Used for evidence files, evidence
 * digests and the decision hash chain. */
#ifndef DT_SHA256_H
#define DT_SHA256_H

#include <stddef.h>

/* SHA-256 of data[0..len) into hex[65]. Returns 0 or -1 (OpenSSL failed). */
int dt_sha256_hex(const void *data, size_t len, char hex[65]);

/* SHA-256 of the file at `path`, read in 16 KiB blocks, into hex[65].
 * Returns 0, or -1 with "PATH: reason" in err (size errlen). */
int dt_sha256_file(const char *path, char hex[65], char *err, size_t errlen);

/* Incremental SHA-256 over several buffers. begin returns NULL on
 * failure; update returns 0 or -1; end writes hex[65], frees the context
 * (also after a failed update) and returns 0 or -1. */
typedef struct evp_md_ctx_st dt_sha256_ctx;
dt_sha256_ctx *dt_sha256_begin(void);
int dt_sha256_update(dt_sha256_ctx *ctx, const void *data, size_t len);
int dt_sha256_end(dt_sha256_ctx *ctx, char hex[65]);

/* The digest of what was fed so far into hex[65], the context left as it
 * is so more can be fed (a followed log: the SHA-256 of each stored
 * prefix without reading the prefix again; OpenSSL copies the context).
 * Returns 0 or -1. */
int dt_sha256_peek(const dt_sha256_ctx *ctx, char hex[65]);

/* Free a context without a digest (NULL accepted). */
void dt_sha256_free(dt_sha256_ctx *ctx);

#endif
