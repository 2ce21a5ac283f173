/* series_seal.c: stored series checked against their sealed digests
 * (series_seal.h). */
#include "model/service/series_seal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/chain.h"
#include "model/util/sha256.h"

/* Field `name` of record text canon against the digest of what was read:
 * 1 when they agree. A NULL column agrees with an empty read. */
static int agrees(const char *canon, const char *name, const char *hex,
                  size_t len)
{
	char want[65];
	int rc = dt_chain_canon_blob(canon, name, want);
	return rc == 1 ? !strcmp(want, hex) : rc == 0 && len == 0;
}

/* The end of a seal check of row (file_id, metric, part) of `kind`
 * (DT_CHAIN_SERIES or DT_CHAIN_SERIES_LOD), whose record is `id` with
 * text canon (0 and NULL: none): nothing when ok, else the defect in
 * verify's words (so a break record acknowledges both), or that the row
 * has no sealed digest, noted on the store and copied to why (NULL: not
 * wanted). Frees canon. Returns 0 when ok, else 1. */
static int seal_verdict(dt_store *st, int kind, const char *run,
                        const char *metric, int64_t file_id, int64_t part,
                        int ok, int64_t id, char *canon, const char *what,
                        char *why, size_t whylen)
{
	char text[480];
	if (!ok && id) {
		char ref[DT_CHAIN_REF_MAX];
		dt_chain_series_ref(file_id, metric, part, ref, sizeof ref);
		dt_chain_altered_text(dt_chain_kinds[kind].name, ref, canon, id,
		                      text, sizeof text);
	}
	free(canon);
	if (ok)
		return 0;
	if (!id)
		snprintf(text, sizeof text, "series %.64s of run %.128s: stored "
		         "%s have no sealed digest (not in the chain)", metric, run,
		         what);
	dt_store_chain_note(st, id, text);
	if (why)
		snprintf(why, whylen, "%s", text);
	return 1;
}

int dt_series_seal_check(dt_store *st, const char *run, const char *metric,
                         int64_t file_id, int64_t part,
                         const dt_seal_digest *d, char *why, size_t whylen,
                         char *err, size_t errlen)
{
	int64_t id = 0;
	char *canon = NULL;
	if (dt_store_series_record(st, file_id, metric, part, &id, &canon) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int ok = canon && agrees(canon, "steps", d->steps, d->steps_len) &&
	         agrees(canon, "vals", d->vals, d->vals_len) &&
	         agrees(canon, "marks", d->marks, d->marks_len);
	return seal_verdict(st, DT_CHAIN_SERIES, run, metric, file_id, part, ok,
	                    id, canon, "values", why, whylen);
}

static int hex_of(const void *p, size_t len, char hex[65])
{
	return dt_sha256_hex(len ? p : "", len, hex);
}

int dt_series_seal_chunks(dt_store *st, const char *run, const char *metric,
                          const dt_rawchunk *chunks, size_t nchunks,
                          void *blob_owner, char *err, size_t errlen)
{
	const dt_raw_part *v;
	size_t n;
	int altered = 0;
	dt_store_raw_parts(st, blob_owner, &v, &n);
	for (size_t i = 0; i < n; i++) {
		const dt_raw_part *p = &v[i];
		if (p->chunk >= nchunks) {
			snprintf(err, errlen, "series %s of run %s: rows and chunks "
			         "disagree", metric, run);
			return -1;
		}
		const dt_rawchunk *c = &chunks[p->chunk];
		dt_seal_digest d;
		/* the bytes as stored: the store keeps little-endian arrays,
		 * read into memory as they lie (dualtrack(5)); a strided row
		 * stores its first step alone */
		d.steps_len = (p->stride && p->n ? 1 : p->n) * sizeof *c->step;
		d.vals_len = p->n * sizeof *c->value;
		d.marks_len = p->nmarks * sizeof *c->marks;
		if (hex_of(c->step + p->first, d.steps_len, d.steps) < 0 ||
		    hex_of(c->value + p->first, d.vals_len, d.vals) < 0 ||
		    hex_of(c->marks + p->first_mark, d.marks_len, d.marks) < 0) {
			snprintf(err, errlen, "series %s of run %s: SHA-256 failed",
			         metric, run);
			return -1;
		}
		int rc = dt_series_seal_check(st, run, metric, p->file_id, p->part,
		                              &d, NULL, 0, err, errlen);
		if (rc < 0)
			return -1;
		altered |= rc;
	}
	return altered;
}

int dt_lod_seal_check(dt_store *st, const char *run, const char *metric,
                      int64_t file_id, int64_t part, const void *lod,
                      size_t len, char *err, size_t errlen)
{
	char hex[65];
	if (hex_of(lod, len, hex) < 0) {
		snprintf(err, errlen, "series %s of run %s: SHA-256 failed", metric,
		         run);
		return -1;
	}
	int64_t id = 0;
	char *canon = NULL;
	if (dt_store_lod_record(st, file_id, metric, part, &id, &canon) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	char want[65];
	int ok = canon && dt_chain_canon_blob(canon, "lod", want) == 1 &&
	         !strcmp(want, hex);
	return seal_verdict(st, DT_CHAIN_SERIES_LOD, run, metric, file_id, part,
	                    ok, id, canon, "levels of detail", NULL, 0);
}
