/* series_read.c: ranged reads of a stored series in the SQLite store
 * (store.h dt_store_shape_load, dt_store_values_read): the shape of a
 * run's one stored series from its rows' small columns and the first 8
 * bytes of each part's steps, and a range of its values straight from
 * each overlapping part's vals BLOB (incremental BLOB I/O), so a chart
 * reads the points it draws and not the whole series. */
#include "model/store/sqlite/internal.h"
#include "model/store/pack.h"

#include <stdlib.h>
#include <string.h>

/* Read bytes [off, off + len) of BLOB column `col` of raw_series row
 * `rowid` into buf. SQLITE_OK or an SQLite error code (SQLITE_CORRUPT
 * when the BLOB is shorter). */
static int blob_range(dt_store *st, const char *col, sqlite3_int64 rowid,
                      size_t off, size_t len, void *buf)
{
	if (len == 0)
		return SQLITE_OK;
	if (off + len > (size_t)2147483647)
		return SQLITE_CORRUPT; /* beyond SQLite's BLOB limit */
	sqlite3_blob *b;
	int rc = sqlite3_blob_open(DT_SQ_DB(st), "main", "raw_series", col,
	                           rowid, 0, &b);
	if (rc != SQLITE_OK)
		return rc;
	rc = (size_t)sqlite3_blob_bytes(b) >= off + len ?
	     sqlite3_blob_read(b, buf, (int)len, (int)off) : SQLITE_CORRUPT;
	sqlite3_blob_close(b);
	return rc;
}

int dt_sq_shape_load(dt_store *st, int64_t run_id, const char *metric,
                     dt_series_shape *out)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT r.rowid, r.file_id, r.n,"
	            " coalesce(length(r.marks), 0), r.steps_stride,"
	            " r.sort_within_segment FROM raw_series r"
	            " JOIN run_file f ON f.id = r.file_id"
	            " WHERE f.run_id=?1 AND r.metric=?2 ORDER BY f.id, r.part",
	            &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	int64_t last = 0;
	int rc, ret = 0;
	while (ret == 0 && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		int64_t file_id = sqlite3_column_int64(s, 1);
		if (out->parts && file_id != out->file_id) {
			ret = 1; /* a second file: not one stored series */
			break;
		}
		out->file_id = file_id;
		size_t n = (size_t)sqlite3_column_int64(s, 2);
		int64_t first = 0;
		if (n && blob_range(st, "steps", sqlite3_column_int64(s, 0), 0,
		                    sizeof first, &first) != SQLITE_OK)
			ret = -2;
		dt_store_shape_add_part(out, &last, n, first,
		                        sqlite3_column_int64(s, 4),
		                        (size_t)sqlite3_column_int64(s, 3) /
		                        sizeof(uint32_t),
		                        sqlite3_column_int(s, 5));
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = -3;
	sqlite3_finalize(s);
	if (ret == 0 && out->parts == 0)
		ret = 1; /* no series of the metric */
	if (ret == -2)
		return dt_sq_fail(st, "store: steps of series '%s' could not be"
		                  " read (damaged BLOB)", metric);
	return ret == -3 ? dt_sq_fail_db(st, "load series shape") : ret;
}

/* Value BLOBs kept open between reads. SQLite finds a byte of a big
 * BLOB by walking its chain of overflow pages from the start (1250
 * pages of 64 KiB for a 10M-point series): in a file with pointer maps
 * (every store made since, repack.c) by looking each next page up in
 * the pointer map, in an older one by reading every page on the way; an
 * open BLOB handle keeps the chain it walked, so later reads of any
 * range cost one page read. A slot per series (a chart reads two
 * curves, a comparison pass two more), least recently used out. */
#define VALS_SLOTS 4

typedef struct vals_slot {
	int64_t file_id;
	char *metric;             /* NULL: slot free */
	size_t nparts;
	sqlite3_int64 *rowid;     /* [nparts] rows, in part order */
	size_t *n;                /* [nparts] their points */
	sqlite3_blob *blob;       /* open on part `open` (NULL: none) */
	size_t open;
	unsigned long used;       /* clock of the last read */
} vals_slot;

struct dt_sq_vals_cache {
	vals_slot slot[VALS_SLOTS];
	unsigned long clock;
};

static void slot_clear(vals_slot *v)
{
	if (v->blob)
		sqlite3_blob_close(v->blob);
	free(v->metric);
	free(v->rowid);
	free(v->n);
	memset(v, 0, sizeof *v);
}

void dt_sq_vals_cache_drop(dt_store *st)
{
	struct dt_sq_vals_cache *c = DT_SQ(st)->vals;
	if (!c)
		return;
	for (int k = 0; k < VALS_SLOTS; k++)
		slot_clear(&c->slot[k]);
	free(c);
	DT_SQ(st)->vals = NULL;
}

/* The slot of (file_id, metric), filled with its parts when new (none
 * when the file holds no such series); NULL with the store error set on
 * failure. */
static vals_slot *slot_get(dt_store *st, int64_t file_id, const char *metric)
{
	dt_sq_store *sq = DT_SQ(st);
	if (!sq->vals && !(sq->vals = calloc(1, sizeof *sq->vals))) {
		dt_sq_fail(st, "store: out of memory");
		return NULL;
	}
	struct dt_sq_vals_cache *c = sq->vals;
	vals_slot *v = &c->slot[0];
	for (int k = 0; k < VALS_SLOTS; k++) {
		vals_slot *w = &c->slot[k];
		if (w->metric && w->file_id == file_id &&
		    strcmp(w->metric, metric) == 0) {
			w->used = ++c->clock;
			return w;
		}
		if (!w->metric || (v->metric && w->used < v->used))
			v = w;
	}
	slot_clear(v);
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT rowid, n FROM raw_series WHERE file_id=?1"
	            " AND metric=?2 ORDER BY part", &s) < 0)
		return NULL;
	sqlite3_bind_int64(s, 1, file_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	size_t cap = 0;
	int rc, oom = 0;
	while (!oom && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (v->nparts == cap) {
			size_t nc = cap ? 2 * cap : 4;
			sqlite3_int64 *r = realloc(v->rowid, nc * sizeof *r);
			if (r)
				v->rowid = r;
			size_t *n = r ? realloc(v->n, nc * sizeof *n) : NULL;
			if (n)
				v->n = n;
			if (!r || !n) {
				oom = 1;
				break;
			}
			cap = nc;
		}
		v->rowid[v->nparts] = sqlite3_column_int64(s, 0);
		v->n[v->nparts++] = (size_t)sqlite3_column_int64(s, 1);
	}
	sqlite3_finalize(s);
	v->metric = oom ? NULL : strdup(metric);
	if (oom || !v->metric) {
		slot_clear(v);
		dt_sq_fail(st, "store: out of memory");
		return NULL;
	}
	if (rc != SQLITE_DONE) {
		slot_clear(v);
		dt_sq_fail_db(st, "read series values");
		return NULL;
	}
	v->file_id = file_id;
	v->used = ++c->clock;
	return v;
}

/* Read bytes [off, off + len) of part p's vals through the slot's open
 * BLOB (moved to that row when it is on another). An SQLite code. */
static int slot_read(dt_store *st, vals_slot *v, size_t p, size_t off,
                     size_t len, void *buf)
{
	if (off + len > (size_t)2147483647)
		return SQLITE_CORRUPT;
	int rc = SQLITE_OK;
	if (!v->blob)
		rc = sqlite3_blob_open(DT_SQ_DB(st), "main", "raw_series", "vals",
		                       v->rowid[p], 0, &v->blob);
	else if (v->open != p)
		rc = sqlite3_blob_reopen(v->blob, v->rowid[p]);
	if (rc != SQLITE_OK) {
		if (v->blob)
			sqlite3_blob_close(v->blob);
		v->blob = NULL;
		return rc;
	}
	v->open = p;
	if ((size_t)sqlite3_blob_bytes(v->blob) < off + len)
		return SQLITE_CORRUPT;
	return sqlite3_blob_read(v->blob, buf, (int)len, (int)off);
}

/* One attempt of dt_sq_values_read: 0, -1 (error set), or 2 when the
 * slot's BLOB expired (its row was written since: read again). */
static int values_try(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out)
{
	vals_slot *v = slot_get(st, file_id, metric);
	if (!v)
		return -1;
	size_t at = 0, end = first + count, done = 0;
	for (size_t p = 0; p < v->nparts && done < count; p++) {
		size_t lo = first > at ? first : at;
		size_t hi = end < at + v->n[p] ? end : at + v->n[p];
		if (lo < hi) {
			int rc = slot_read(st, v, p, (lo - at) * sizeof(double),
			                   (hi - lo) * sizeof(double),
			                   out + (lo - first));
			if (rc != SQLITE_OK) {
				slot_clear(v);
				if (rc == SQLITE_ABORT)
					return 2;
				return dt_sq_fail(st, "store: values of series '%s'"
				                  " could not be read (damaged BLOB)",
				                  metric);
			}
			done += hi - lo;
		}
		at += v->n[p];
	}
	if (done < count)
		return dt_sq_fail(st, "store: values %zu..%zu of series '%s' of"
		                  " file %lld are out of range (%zu points)", first,
		                  end - 1, metric, (long long)file_id, at);
	return 0;
}

int dt_sq_values_read(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out)
{
	int rc = values_try(st, file_id, metric, first, count, out);
	return rc == 2 ? values_try(st, file_id, metric, first, count, out) : rc;
}
