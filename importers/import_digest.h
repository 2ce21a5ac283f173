/* import_digest.h: the SHA-256 of an imported file (its identity in the
 * store: run_file.sha256, a second import of it is refused) computed on
 * a thread of its own, while the file is parsed or after.
 *
 * A digest started DT_DIGEST_AHEAD runs beside the parser, reading the
 * mapping a little ahead of it (dt_source_sha256_ahead): for a caller that
 * needs the digest as soon as the parse ends (a dry run, --json). One
 * started DT_DIGEST_AFTER begins when the parse is done and is joined
 * when the store needs it: on two cores the parse then has both cores to
 * itself and the hashing runs while SQLite writes the series (import.c
 * store_one), where one core is otherwise mostly idle.
 *
 * The digest is of the file's bytes as dt_sha256_file gives them (FIPS
 * 180-4): through the mapping when the file is mapped whole, with a file
 * handle of its own when trailing NUL bytes were left out of the mapping
 * (source.h), of the bytes in memory for a stream. */
#ifndef DT_IMPORT_DIGEST_H
#define DT_IMPORT_DIGEST_H

#include <stddef.h>

#include "importers/importer.h"

typedef enum { DT_DIGEST_AHEAD, DT_DIGEST_AFTER } dt_digest_when;

typedef struct dt_file_digest dt_file_digest;

/* Start the digest of the opened source *src (path as given; "-" for
 * standard input). AHEAD: call it before the parse, and
 * dt_source_parse_done when the parse ends; src stays the caller's, open
 * until dt_file_digest_join returned. AFTER: call it once the parse is
 * done; the source is taken (*src is zeroed) and closed by the join or
 * dt_file_digest_free. Returns the digest, or NULL with "reason" in err
 * (out of memory; an AFTER source is closed then). When no thread can be
 * made the digest is computed here (AFTER) or by the join (AHEAD). */
dt_file_digest *dt_file_digest_start(dt_source *src, const char *path,
                                     dt_digest_when when, char *err,
                                     size_t errlen);

/* Start the digest of *src while its parse still runs on another thread
 * (from the dt_source_on_idle hook, source.h: one of two parsing threads
 * is done and its core would idle until the other is). It hashes the
 * bytes in place and keeps no state in the source
 * (dt_source_sha256_beside). The source stays the caller's: after the
 * parse either dt_file_digest_adopt it (success) or dt_file_digest_free
 * the digest, then close the source (failure). Returns the digest, or
 * NULL (out of memory, no thread): the caller starts one AFTER the parse
 * as before. */
dt_file_digest *dt_file_digest_early(const dt_source *src, const char *path);

/* The parse of an early digest's source ended well: d takes the source
 * (*src is zeroed) as one started DT_DIGEST_AFTER does, and is joined with
 * dt_file_digest_join, which also checks that the file is unchanged. */
void dt_file_digest_adopt(dt_file_digest *d, dt_source *src);

/* Wait for the digest: 64 lowercase hex digits plus NUL in hex. For an
 * AFTER digest of a mapped file, the file is checked once more to be
 * unchanged since it was opened (dt_source_check). Frees d (and closes a
 * taken source). Returns 0, or -1 with "PATH: reason" in err. */
int dt_file_digest_join(dt_file_digest *d, char hex[65], char *err,
                        size_t errlen);

/* Wait for the thread and free d, the digest unused (an import refused
 * or failed). NULL is ignored. */
void dt_file_digest_free(dt_file_digest *d);

#endif
