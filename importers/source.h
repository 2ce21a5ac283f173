/* source.h: mapping a log file read-only and hashing it. */
#ifndef DT_SOURCE_H
#define DT_SOURCE_H

#include <stddef.h>

#include "importers/importer.h"

/* Map `path` read-only into src (src->data, src->len; an empty file gives
 * len 0). Returns 0, or -1 with "PATH: reason" in err. Release with
 * dt_source_close. */
int dt_source_open(const char *path, dt_source *src, char *err, size_t errlen);

/* Unmap a source opened by dt_source_open (safe on a zeroed struct). */
void dt_source_close(dt_source *src);

/* SHA-256 (FIPS 180-4, dt_sha256_hex) of the source bytes as 64
 * lowercase hex digits plus NUL in hex[65]. Returns 0 or -1. */
int dt_source_sha256(const dt_source *src, char hex[65]);

#endif
