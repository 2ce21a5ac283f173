/* series_read.c: ranged reads of a stored series in the SQLite store
 * (store.h dt_store_shape_load, dt_store_values_read): the shape of a
 * run's one stored series from its rows' small columns and the first 8
 * bytes of each part's steps, and a range of its values straight from
 * each overlapping part's vals BLOB (incremental BLOB I/O), so a chart
 * reads the points it draws and not the whole series. */
#include "model/store/sqlite/internal.h"
#include "model/store/pack.h"

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

int dt_sq_values_read(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT rowid, n FROM raw_series WHERE file_id=?1"
	            " AND metric=?2 ORDER BY part", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, file_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	size_t at = 0, end = first + count, done = 0;
	int rc = SQLITE_DONE, bad = 0;
	/* parts in order; part p holds points [at, at + n) */
	while (!bad && done < count && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		size_t n = (size_t)sqlite3_column_int64(s, 1);
		size_t lo = first > at ? first : at;
		size_t hi = end < at + n ? end : at + n;
		if (lo < hi) {
			if (blob_range(st, "vals", sqlite3_column_int64(s, 0),
			               (lo - at) * sizeof(double),
			               (hi - lo) * sizeof(double),
			               out + (lo - first)) != SQLITE_OK)
				bad = 1;
			done += hi - lo;
		}
		at += n;
	}
	sqlite3_finalize(s);
	if (bad)
		return dt_sq_fail(st, "store: values of series '%s' could not be"
		                  " read (damaged BLOB)", metric);
	if (done < count && rc != SQLITE_DONE && rc != SQLITE_ROW)
		return dt_sq_fail_db(st, "read series values");
	if (done < count)
		return dt_sq_fail(st, "store: values %zu..%zu of series '%s' of"
		                  " file %lld are out of range (%zu points)", first,
		                  end - 1, metric, (long long)file_id, at);
	return 0;
}
