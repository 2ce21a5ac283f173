/* import_digest.c: an imported file's SHA-256 on a thread of its own
 * (import_digest.h). */
#include "importers/import_digest.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/source.h"
#include "model/util/sha256.h"

typedef enum {
	READ_AHEAD, READ_MAPPING, READ_BESIDE, READ_MEMORY, READ_PATH
} how_read;

struct dt_file_digest {
	dt_source src;       /* AFTER: the source, taken (closed here);
	                      * early: a copy of the caller's, same bytes */
	const dt_source *live; /* AHEAD: the caller's, being parsed; early:
	                        * &src (never the caller's struct) */
	int taken;           /* src holds the source */
	how_read how;
	char path[4096];
	pthread_t th;
	int threaded;        /* th runs */
	int done;            /* hex/rc set */
	char hex[65];
	char err[300];
	int rc;
	atomic_int over;     /* early: 0 parsing, 1 the parse ended
	                      * (adopt), 2 stop (free) */
};

static void compute(dt_file_digest *d)
{
	const dt_source *s = d->live ? d->live : &d->src;
	switch (d->how) {
	case READ_AHEAD:
		d->rc = dt_source_sha256_ahead(s, d->hex);
		break;
	case READ_MAPPING:
		d->rc = dt_source_sha256(s, d->hex);
		break;
	case READ_BESIDE:
		d->rc = dt_source_sha256_beside(s, &d->over, d->hex);
		break;
	case READ_MEMORY:
		d->rc = dt_sha256_hex(s->len ? s->data : "", s->len, d->hex);
		break;
	case READ_PATH: /* the file opened, not whatever the path names now */
		d->rc = dt_source_sha256_opened(s, d->hex);
		if (d->rc == 1) {
			snprintf(d->err, sizeof d->err, "%.200s: shrank while it was "
			         "being imported; nothing imported", d->path);
			d->rc = -1;
		} else if (d->rc == -2) {
			d->rc = dt_sha256_file(d->path, d->hex, d->err, sizeof d->err);
		}
		break;
	}
	/* the bytes are hashed and the parse is over (AFTER: the source
	 * taken, live NULL from the start; early: adopted): a loaded copy
	 * is given back now, not at the join, which waits until the store
	 * needs the digest while the run's other files are parsed */
	if (!d->live || atomic_load(&d->over) == 1)
		dt_source_unload(&d->src);
	if (d->rc < 0 && !d->err[0])
		snprintf(d->err, sizeof d->err, "%.200s: SHA-256 failed (out "
		         "of memory)", d->path);
	d->done = 1;
}

static void *digest_main(void *arg)
{
	compute(arg);
	return NULL;
}

/* How the bytes of s are read: in memory for a stream or standard
 * input, by path when the mapping leaves trailing NUL bytes out, else
 * through the mapping as `mapped` says. */
static how_read how_for(const dt_source *s, const char *path, how_read mapped)
{
	if (dt_source_streamed(s) || !strcmp(path, "-"))
		return READ_MEMORY;
	return dt_source_mapped_whole(s) ? mapped : READ_PATH;
}

dt_file_digest *dt_file_digest_start(dt_source *src, const char *path,
                                     dt_digest_when when, char *err,
                                     size_t errlen)
{
	dt_file_digest *d = calloc(1, sizeof *d);
	if (!d) {
		snprintf(err, errlen, "%s: out of memory", path);
		if (when == DT_DIGEST_AFTER)
			dt_source_close(src);
		return NULL;
	}
	snprintf(d->path, sizeof d->path, "%s", path);
	d->live = src;
	if (when == DT_DIGEST_AFTER) {
		d->src = *src;
		d->taken = 1;
		d->live = NULL;
		memset(src, 0, sizeof *src);
	}
	const dt_source *s = d->taken ? &d->src : d->live;
	d->how = how_for(s, path, when == DT_DIGEST_AHEAD ? READ_AHEAD
	                                                  : READ_MAPPING);
	d->threaded = pthread_create(&d->th, NULL, digest_main, d) == 0;
	/* no thread: AFTER hashes now; AHEAD waits for the parse to end
	 * (the join: dt_source_sha256_ahead then reads on without waiting) */
	if (!d->threaded && when == DT_DIGEST_AFTER)
		compute(d);
	return d;
}

dt_file_digest *dt_file_digest_early(const dt_source *src, const char *path)
{
	dt_file_digest *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	snprintf(d->path, sizeof d->path, "%s", path);
	/* the thread reads this copy, never the caller's struct (zeroed by
	 * the adoption while the thread may still run) */
	d->src = *src;
	atomic_init(&d->over, 0);
	d->how = how_for(src, path, READ_BESIDE);
	d->live = &d->src; /* read by compute(); closed here once adopted */
	if (pthread_create(&d->th, NULL, digest_main, d) != 0) {
		free(d);
		return NULL;
	}
	d->threaded = 1;
	return d;
}

void dt_file_digest_adopt(dt_file_digest *d, dt_source *src)
{
	atomic_store(&d->over, 1);
	d->taken = 1; /* read by the join and free only, on this thread */
	memset(src, 0, sizeof *src); /* d->src holds the same source */
}

/* The thread joined (or the digest computed here); the source closed
 * when it was taken. */
static void settle(dt_file_digest *d)
{
	if (d->threaded)
		pthread_join(d->th, NULL);
	else if (!d->done)
		compute(d);
	d->threaded = 0;
}

int dt_file_digest_join(dt_file_digest *d, char hex[65], char *err,
                        size_t errlen)
{
	settle(d);
	int rc = d->rc;
	if (rc < 0)
		snprintf(err, errlen, "cannot compute SHA-256: %s", d->err);
	/* the bytes hashed after the parse are those parsed: the file did
	 * not change in between (an AHEAD caller checks after its parse) */
	else if (d->taken && dt_source_check(&d->src, 0, err, errlen) < 0)
		rc = -1;
	else
		memcpy(hex, d->hex, 65);
	if (d->taken)
		dt_source_close(&d->src);
	free(d);
	return rc;
}

void dt_file_digest_free(dt_file_digest *d)
{
	if (!d)
		return;
	atomic_store(&d->over, 2); /* an early digest stops at its next chunk */
	if (d->threaded)
		pthread_join(d->th, NULL);
	if (d->taken)
		dt_source_close(&d->src);
	free(d);
}
