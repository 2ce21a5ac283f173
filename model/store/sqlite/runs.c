/* store_runs.c: runs, their files, raw series BLOBs, cached stats and
 * warnings in the SQLite store.
 *
 * Series are stored one row per (file, metric) as packed little-endian
 * BLOBs, so a 10 M-point series is one row, not 10 M rows. */
#include "model/store/sqlite/internal.h"
#include "model/store/chain_digest.h"
#include "model/store/chain_store.h"
#include "model/store/blobs.h"
#include "model/store/pack.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/lod.h"
#include "model/util/grow.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "series BLOBs are written in host order; add byte swapping for big-endian hosts"
#endif

#define RUN_COLUMNS "r.id, r.name, r.platform, r.format, r.grad_accum," \
	" r.global_batch, r.logging_steps, r.segments, r.replayed_steps," \
	" r.step_source, (SELECT count(*) FROM run_file f WHERE f.run_id = r.id)," \
	" r.grad_accum_given"

static void row_to_run(sqlite3_stmt *s, dt_run *r)
{
	memset(r, 0, sizeof *r);
	r->id = sqlite3_column_int64(s, 0);
	dt_sq_copy_text(r->name, sizeof r->name, s, 1);
	dt_sq_copy_text(r->platform, sizeof r->platform, s, 2);
	dt_sq_copy_text(r->format, sizeof r->format, s, 3);
	r->grad_accum = sqlite3_column_int64(s, 4);
	r->global_batch = sqlite3_column_int64(s, 5);
	r->logging_steps = sqlite3_column_int64(s, 6);
	r->segments = sqlite3_column_int64(s, 7);
	r->replayed_steps = sqlite3_column_int64(s, 8);
	dt_sq_copy_text(r->step_source, sizeof r->step_source, s, 9);
	r->files = sqlite3_column_int64(s, 10);
	r->grad_accum_given = sqlite3_column_int(s, 11) != 0;
}

int dt_sq_run_find(dt_store *st, const char *name, dt_run *out)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT " RUN_COLUMNS " FROM run r WHERE r.name = ?1",
	            &s) < 0)
		return -1;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s);
	int ret;
	if (rc == SQLITE_ROW) {
		row_to_run(s, out);
		ret = 0;
	} else if (rc == SQLITE_DONE) {
		ret = 1;
	} else {
		ret = dt_sq_fail_db(st, "find run");
	}
	sqlite3_finalize(s);
	return ret;
}

static int run_create_row(dt_store *st, dt_run *run)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT INTO run(name, platform, format, grad_accum,"
	            " global_batch, logging_steps, created_at, grad_accum_given)"
	            " VALUES(?1,?2,?3,?4,?5,?6,?7,?8)",
	            &s) < 0)
		return -1;
	sqlite3_bind_text(s, 1, run->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, run->platform, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, run->format, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 4, run->grad_accum < 1 ? 1 : run->grad_accum);
	sqlite3_bind_int64(s, 5, run->global_batch);
	sqlite3_bind_int64(s, 6, run->logging_steps);
	dt_sq_bind_now(s, 7);
	sqlite3_bind_int(s, 8, run->grad_accum_given != 0);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "create run");
	run->id = sqlite3_last_insert_rowid(DT_SQ_DB(st));
	return 0;
}

int dt_sq_run_create(dt_store *st, dt_run *run)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = run_create_row(st, run);
	if (rc == 0)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_RUN, run->id);
	return dt_sq_write_end(st, rc);
}

static int run_update_row(dt_store *st, const dt_run *run)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "UPDATE run SET format=?2, grad_accum=?3,"
	            " global_batch=?4, logging_steps=?5, segments=?6,"
	            " replayed_steps=?7, step_source=?8, grad_accum_given=?9"
	            " WHERE id=?1", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run->id);
	sqlite3_bind_text(s, 2, run->format, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, run->grad_accum < 1 ? 1 : run->grad_accum);
	sqlite3_bind_int64(s, 4, run->global_batch);
	sqlite3_bind_int64(s, 5, run->logging_steps);
	sqlite3_bind_int64(s, 6, run->segments);
	sqlite3_bind_int64(s, 7, run->replayed_steps);
	sqlite3_bind_text(s, 8, run->step_source, -1, SQLITE_STATIC);
	sqlite3_bind_int(s, 9, run->grad_accum_given != 0);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "update run");
}

int dt_sq_run_update(dt_store *st, const dt_run *run)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = run_update_row(st, run);
	if (rc == 0)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_RUN, run->id);
	return dt_sq_write_end(st, rc);
}


static int row_run(sqlite3_stmt *s, void *elem)
{
	row_to_run(s, elem);
	return 0;
}

int dt_sq_run_list(dt_store *st, dt_run **runs, size_t *n)
{
	sqlite3_stmt *s;
	*runs = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT " RUN_COLUMNS " FROM run r ORDER BY r.id", &s) < 0)
		return -1;
	return dt_sq_collect(st, s, (void **)runs, n, sizeof **runs, row_run,
	                     NULL, "list runs");
}

static int row_file(sqlite3_stmt *s, void *elem)
{
	dt_run_file *f = elem;
	f->id = sqlite3_column_int64(s, 0);
	dt_sq_copy_text(f->path, sizeof f->path, s, 1);
	dt_sq_copy_text(f->sha256, sizeof f->sha256, s, 2);
	f->bytes = sqlite3_column_int64(s, 3);
	dt_sq_copy_text(f->format, sizeof f->format, s, 4);
	dt_sq_copy_text(f->imported_at, sizeof f->imported_at, s, 5);
	return 0;
}

int dt_sq_file_list(dt_store *st, int64_t run_id, dt_run_file **files,
                       size_t *n)
{
	sqlite3_stmt *s;
	*files = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT id, path, sha256, bytes, format, imported_at"
	            " FROM run_file WHERE run_id=?1 ORDER BY id", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect(st, s, (void **)files, n, sizeof **files, row_file,
	                     NULL, "list files");
}

static int file_add_row(dt_store *st, int64_t run_id, const char *path,
                        const char *sha256_hex, int64_t bytes,
                        const char *format, int64_t *file_id)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "SELECT 1 FROM run_file WHERE run_id=?1 AND sha256=?2",
	            &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, sha256_hex, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc == SQLITE_ROW)
		return 1;
	if (dt_sq_prepare(st, "INSERT INTO run_file(run_id, path, sha256, bytes, format,"
	            " imported_at) VALUES(?1,?2,?3,?4,?5,?6)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, sha256_hex, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 4, bytes);
	sqlite3_bind_text(s, 5, format, -1, SQLITE_STATIC);
	dt_sq_bind_now(s, 6);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "add file");
	*file_id = sqlite3_last_insert_rowid(DT_SQ_DB(st));
	return 0;
}

int dt_sq_file_add(dt_store *st, int64_t run_id, const char *path,
                   const char *sha256_hex, int64_t bytes, const char *format,
                   int64_t *file_id)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = file_add_row(st, run_id, path, sha256_hex ? sha256_hex : "",
	                      bytes, format, file_id);
	/* no digest yet: chained by dt_sq_file_set_content (store.h) */
	if (rc == 0 && sha256_hex)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_RUN_FILE, *file_id);
	else if (rc == 1 && !sha256_hex)
		rc = dt_sq_fail(st, "add file: run %lld holds a file still "
		                "waiting for its SHA-256", (long long)run_id);
	/* 1 (the run holds this file already) wrote nothing: not an error */
	if (dt_sq_write_end(st, rc < 0 ? -1 : 0) < 0)
		return -1;
	return rc;
}

/* The content of a followed file grew: its new length and SHA-256, a new
 * chain record of the file (run_file is "updatable" in core/chain.h: the
 * latest record counts; a trigger still refuses any other column). */
int dt_sq_file_set_content(dt_store *st, int64_t file_id,
                           const char *sha256_hex, int64_t bytes)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	sqlite3_stmt *s;
	int rc = dt_sq_prepare(st, "UPDATE run_file SET sha256=?1, bytes=?2"
	                       " WHERE id=?3", &s);
	if (rc == 0) {
		sqlite3_bind_text(s, 1, sha256_hex, -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 2, bytes);
		sqlite3_bind_int64(s, 3, file_id);
		rc = sqlite3_step(s) == SQLITE_DONE ? 0 :
		     dt_sq_fail_db(st, "update file");
		sqlite3_finalize(s);
	}
	if (rc == 0)
		rc = dt_sq_chain_append_id(st, DT_CHAIN_RUN_FILE, file_id);
	return dt_sq_write_end(st, rc);
}

/* BLOBs of a series or level-of-detail row from this size on are written
 * in place (write_blob) instead of bound: from 128 KiB, where glibc
 * malloc gives a bound BLOB's record buffer fresh pages (mmap) on every
 * row. The levels of a 1M-point series (1.25 MB) were bound: 305 first
 * touches of 4 KiB per series, a third of a 1M-row CSV import's page
 * faults (perf record -e page-faults), 10 ms of its 147 ms median
 * on the benchmark VM. */
#define BLOB_DIRECT_FROM ((size_t)1 << 17)

/* Whether a BLOB of `bytes` is written by write_blob (sqlite3_blob_write
 * takes an int count; a larger one is bound and refused as too big). */
static int blob_direct(size_t bytes)
{
	return bytes >= BLOB_DIRECT_FROM && bytes <= INT_MAX;
}

/* Column `col` of the row of `table` just inserted (a zeroblob of
 * `bytes`) written in place from `data`: incremental BLOB I/O
 * (https://sqlite.org/c3ref/blob_open.html). Bound instead, SQLite first
 * copies the BLOB into one record buffer of its size (OP_MakeRecord):
 * 8 MB of fresh pages per 1M points. Returns 0, or -1 with the store
 * error. */
static int write_blob(dt_store *st, const char *table, const char *col,
                      const void *data, size_t bytes)
{
	sqlite3 *db = DT_SQ_DB(st);
	sqlite3_blob *b;
	int rc = sqlite3_blob_open(db, "main", table, col,
	                           sqlite3_last_insert_rowid(db), 1, &b);
	if (rc == SQLITE_OK) {
		rc = sqlite3_blob_write(b, data, (int)bytes, 0);
		int rc2 = sqlite3_blob_close(b);
		rc = rc == SQLITE_OK ? rc2 : rc;
	}
	return rc == SQLITE_OK ? 0 : dt_sq_fail_db(st, "store series");
}

/* Insert the row of series rs (part `part`), its steps stored as
 * `stride` (dt_store_steps_stride of them, computed once by the caller:
 * a scan of every step), and its levels of detail. */
static int raw_put_row(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                       int64_t part, int64_t stride, const void *lod,
                       size_t lodlen)
{
	sqlite3_stmt *s;
	if (dt_sq_prepare(st, "INSERT OR REPLACE INTO raw_series(file_id, metric, n,"
	            " steps, vals, marks, sort_within_segment, steps_stride, part)"
	            " VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 9, part);
	sqlite3_bind_int64(s, 1, file_id);
	sqlite3_bind_text(s, 2, rs->metric, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, (sqlite3_int64)rs->n);
	/* Zero-length BLOBs must not be NULL (NOT NULL columns). Large ones
	 * are written in place after the insert (write_blob). */
	size_t steps_len = (stride ? 1 : rs->n) * sizeof(int64_t);
	size_t vals_len = rs->n * sizeof(double);
	if (blob_direct(steps_len))
		sqlite3_bind_zeroblob64(s, 4, steps_len);
	else
		sqlite3_bind_blob64(s, 4, rs->n ? (const void *)rs->step : "",
		                    steps_len, SQLITE_STATIC);
	if (blob_direct(vals_len))
		sqlite3_bind_zeroblob64(s, 5, vals_len);
	else
		sqlite3_bind_blob64(s, 5, rs->n ? (const void *)rs->value : "",
		                    vals_len, SQLITE_STATIC);
	if (rs->nmarks)
		sqlite3_bind_blob64(s, 6, rs->marks, rs->nmarks * sizeof(uint32_t),
		                    SQLITE_STATIC);
	else
		sqlite3_bind_null(s, 6);
	sqlite3_bind_int(s, 7, rs->sort_within_segment);
	sqlite3_bind_int64(s, 8, stride);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "store series");
	if ((blob_direct(steps_len) &&
	     write_blob(st, "raw_series", "steps", rs->step, steps_len) < 0) ||
	    (blob_direct(vals_len) &&
	     write_blob(st, "raw_series", "vals", rs->value, vals_len) < 0))
		return -1;
	if (!lod || !lodlen)
		return 0;
	/* The levels in their own row (user_version 13): reading them
	 * touches their pages only, never the values'. */
	if (dt_sq_prepare(st, "INSERT OR REPLACE INTO series_lod(file_id,"
	                  " metric, part, lod) VALUES(?1,?2,?3,?4)", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, file_id);
	sqlite3_bind_text(s, 2, rs->metric, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, part);
	if (blob_direct(lodlen))
		sqlite3_bind_zeroblob64(s, 4, lodlen);
	else
		sqlite3_bind_blob64(s, 4, lod, lodlen, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "store level of detail");
	return blob_direct(lodlen) ?
	       write_blob(st, "series_lod", "lod", lod, lodlen) : 0;
}

/* The chain row of a series (or of part `part` of a followed file's
 * series) just written, from memory: the columns of
 * dt_chain_maps[DT_CHAIN_SERIES] as SQLite gives them back (integers as
 * decimal text, the BLOBs as bound by raw_put_row); the ref is
 * "FILE/METRIC", "FILE/METRIC/PART" for a part after the first (the
 * map's ref expression), `stride` as raw_put_row stored it. num holds
 * the integers' text. */
static void series_chain_row(int64_t file_id, const dt_rawseries *rs,
                             int64_t part, int64_t stride, char num[4][24],
                             dt_chain_row *r)
{
	memset(r, 0, sizeof *r);
	r->kind = DT_CHAIN_SERIES;
	if (part > 0)
		snprintf(r->ref, sizeof r->ref, "%lld/%s/%lld", (long long)file_id,
		         rs->metric, (long long)part);
	else
		snprintf(r->ref, sizeof r->ref, "%lld/%s", (long long)file_id,
		         rs->metric);
	snprintf(num[0], 24, "%lld", (long long)file_id);
	snprintf(num[1], 24, "%zu", rs->n);
	snprintf(num[2], 24, "%lld", (long long)stride);
	snprintf(num[3], 24, "%d", rs->sort_within_segment);
	static const char *const names[8] = {"file_id", "metric", "n", "steps",
	                                     "steps_stride", "vals", "marks",
	                                     "sort_within_segment"};
	const void *data[8] = {num[0], rs->metric, num[1], rs->step, num[2],
	                       rs->value, rs->marks, num[3]};
	size_t len[8] = {strlen(num[0]), strlen(rs->metric), strlen(num[1]),
	                 (stride ? 1 : rs->n) * sizeof(int64_t), strlen(num[2]),
	                 rs->n * sizeof(double), rs->nmarks * sizeof(uint32_t),
	                 strlen(num[3])};
	for (size_t i = 0; i < DT_CHAIN_FIELDS_MAX &&
	     dt_chain_maps[DT_CHAIN_SERIES].cols[i]; i++) {
		dt_chain_field *f = &r->f[r->nf++];
		int real;
		f->name = dt_chain_col(DT_CHAIN_SERIES, i, &f->is_blob, &real);
		f->is_null = 1; /* a column this code does not know: NULL */
		for (size_t k = 0; k < 8; k++) {
			if (strcmp(f->name, names[k]) != 0)
				continue;
			f->data = len[k] ? data[k] : NULL;
			f->len = len[k];
			/* marks are NULL when there are none (raw_put_row) */
			f->is_null = k == 6 && rs->nmarks == 0;
		}
	}
}

/* The chain record of the levels raw_put_row stored for row (file_id,
 * metric, part), from memory (SHA-256 of 1.25 bytes a point); nothing
 * when none were stored. */
static int lod_chain(dt_store *st, int64_t file_id, const char *metric,
                     int64_t part, const void *lod, size_t lodlen)
{
	if (!lod || !lodlen)
		return 0;
	char num[24];
	dt_chain_row r;
	dt_chain_lod_row(file_id, metric, part, lod, lodlen, num, &r);
	return dt_sq_chain_append_row(st, &r);
}

/* Series of this many points or more start the writeback of what SQLite
 * spilled (internal.h dt_sq_writeback_start): 1 MB of values. */
#define WRITEBACK_FROM ((size_t)1 << 17)

int dt_sq_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                  int64_t stride, const void *lod, size_t lodlen)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	/* the chain record's BLOB digests are computed while SQLite
	 * writes the same bytes (chain_digest.h) */
	char num[4][24];
	dt_chain_row r;
	dt_chain_digests dg;
	series_chain_row(file_id, rs, 0, stride, num, &r);
	dt_chain_digests_begin(&dg, &r);
	int rc = raw_put_row(st, file_id, rs, 0, stride, lod, lodlen);
	if (dt_chain_digests_end(&dg) < 0 && rc == 0)
		rc = dt_store_fail(st, "store: series '%s': SHA-256 failed",
		                   rs->metric);
	if (rc == 0)
		rc = dt_sq_chain_append_row(st, &r);
	if (rc == 0)
		rc = lod_chain(st, file_id, rs->metric, 0, lod, lodlen);
	if (rc == 0 && rs->n >= WRITEBACK_FROM)
		dt_sq_writeback_start(st);
	return dt_sq_write_end(st, rc);
}

/* The next part of a followed file's series (store.h): its number is one
 * more than the file's last part of this metric (the primary key's
 * prefix: one index probe); its chain record is made from memory like a
 * whole series', under the ref "FILE/METRIC/PART". */
int dt_sq_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                     size_t from, size_t from_mark, const void *lod,
                     size_t lodlen)
{
	if (dt_sq_write_begin(st) < 0)
		return -1;
	sqlite3_stmt *s;
	int64_t part = -1;
	int rc = dt_sq_prepare(st, "SELECT coalesce(max(part), -1) + 1 FROM"
	                       " raw_series WHERE file_id=?1 AND metric=?2", &s);
	if (rc == 0) {
		sqlite3_bind_int64(s, 1, file_id);
		sqlite3_bind_text(s, 2, rs->metric, -1, SQLITE_STATIC);
		if (sqlite3_step(s) == SQLITE_ROW)
			part = sqlite3_column_int64(s, 0);
		else
			rc = dt_sq_fail_db(st, "store series");
		sqlite3_finalize(s);
	}
	dt_rawseries p = dt_store_part_of(rs, from, from_mark);
	int64_t stride = dt_store_steps_stride(p.step, p.n);
	if (rc == 0)
		rc = raw_put_row(st, file_id, &p, part, stride, lod, lodlen);
	if (rc == 0) {
		char num[4][24];
		dt_chain_row r;
		series_chain_row(file_id, &p, part, stride, num, &r);
		rc = dt_sq_chain_append_row(st, &r);
	}
	if (rc == 0)
		rc = lod_chain(st, file_id, p.metric, part, lod, lodlen);
	return dt_sq_write_end(st, rc);
}

/* Copies of the loaded BLOBs, kept together so one free releases them
 * (model/store/blobs.h). */
typedef dt_blob_owner blob_owner;

static void raw_free(dt_rawchunk *chunks, void *owner)
{
	dt_blob_owner_free(owner);
	free(chunks);
}

void dt_sq_raw_free(dt_store *st, dt_rawchunk *chunks, void *owner)
{
	(void)st;
	raw_free(chunks, owner);
}

/* Read a BLOB column of raw_series row `rowid` straight into a buffer
 * of `bytes` (incremental BLOB I/O: no intermediate copy, so a 10 M-point
 * series costs its own size once). */
static void *read_blob(dt_store *st, blob_owner *o, const char *col,
                       sqlite3_int64 rowid, size_t bytes)
{
	sqlite3_blob *b;
	if (dt_blob_owner_reserve(o) < 0)
		return NULL;
	if (bytes > (size_t)2147483647)
		return NULL; /* beyond SQLite's BLOB limit anyway */
	void *buf = malloc(bytes ? bytes : 1);
	if (!buf)
		return NULL;
	if (bytes && (sqlite3_blob_open(DT_SQ_DB(st), "main", "raw_series", col, rowid,
	                                0, &b) != SQLITE_OK)) {
		free(buf);
		return NULL;
	}
	if (bytes) {
		int rc = (size_t)sqlite3_blob_bytes(b) == bytes ?
			sqlite3_blob_read(b, buf, (int)bytes, 0) : SQLITE_CORRUPT;
		sqlite3_blob_close(b);
		if (rc != SQLITE_OK) {
			free(buf);
			return NULL;
		}
	}
	dt_blob_owner_keep(o, buf);
	return buf;
}

/* Fill one chunk from the current row (rowid, n, marks bytes, sort). */
static int row_to_chunk(dt_store *st, sqlite3_stmt *s, blob_owner *o,
                        dt_rawchunk *c)
{
	memset(c, 0, sizeof *c);
	sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
	size_t n = (size_t)sqlite3_column_int64(s, 1);
	size_t mb = (size_t)sqlite3_column_int64(s, 2);
	c->n = n;
	c->nmarks = mb / sizeof(uint32_t);
	c->sort_within_segment = sqlite3_column_int(s, 3);
	int64_t stride = sqlite3_column_int64(s, 4);
	c->file_id = sqlite3_column_int64(s, 5);
	if (dt_blob_owner_part(o, c->file_id, sqlite3_column_int64(s, 6), n,
	                       c->nmarks, stride) < 0)
		return -2;
	c->step = read_blob(st, o, "steps", rowid,
	                    (stride && n ? 1 : n) * sizeof(int64_t));
	if (c->step && stride && n) {
		/* Expand first + i * stride in place of the one stored step. */
		int64_t first = c->step[0];
		int64_t *full = malloc(n * sizeof *full);
		if (!full)
			return -2;
		for (size_t i = 0; i < n; i++)
			full[i] = first + (int64_t)i * stride;
		o->blobs[o->n - 1] = full;
		free((void *)c->step);
		c->step = full;
	}
	c->value = read_blob(st, o, "vals", rowid, n * sizeof(double));
	c->marks = read_blob(st, o, "marks", rowid, c->nmarks * sizeof(uint32_t));
	return (c->step && c->value && c->marks) ? 0 : -2;
}

int dt_sq_raw_load(dt_store *st, int64_t run_id, const char *metric,
                      dt_rawchunk **chunks, size_t *nchunks, void **owner)
{
	sqlite3_stmt *s;
	*chunks = NULL;
	*nchunks = 0;
	*owner = NULL;
	if (dt_sq_prepare(st, "SELECT r.rowid, r.n, coalesce(length(r.marks), 0),"
	            " r.sort_within_segment, r.steps_stride, r.file_id, r.part"
	            " FROM raw_series r"
	            " JOIN run_file f ON f.id = r.file_id"
	            " WHERE f.run_id=?1 AND r.metric=?2 ORDER BY f.id, r.part",
	            &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	blob_owner *o = calloc(1, sizeof *o);
	size_t cap = 0;
	int rc, bad = o ? 0 : -1;
	while (!bad && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (dt_grow((void **)chunks, &cap, *nchunks + 1, sizeof **chunks) < 0) {
			bad = -1;
			break;
		}
		bad = row_to_chunk(st, s, o, &(*chunks)[(*nchunks)++]);
	}
	if (!bad && rc != SQLITE_DONE)
		bad = -3;
	sqlite3_finalize(s);
	if (!bad && dt_store_join_parts(*chunks, nchunks, o) < 0)
		bad = -1;
	if (bad) {
		raw_free(*chunks, o);
		*chunks = NULL;
		*nchunks = 0;
		if (bad == -2)
			return dt_sq_fail(st, "store: series '%s' could not be read "
			                "(damaged BLOB or out of memory)", metric);
		return bad == -3 ? dt_sq_fail_db(st, "load series")
		                 : dt_sq_fail(st, "store: out of memory");
	}
	*owner = o;
	return 0;
}

int dt_sq_lod_load(dt_store *st, int64_t run_id, const char *metric,
                   void **lod, size_t *len, size_t *n, int64_t row[2])
{
	sqlite3_stmt *s;
	/* The series row's n (before its BLOBs: its first page only), then
	 * its levels' row of series_lod (user_version 13): never a page of
	 * the values. */
	if (dt_sq_prepare(st, "SELECT l.rowid, r.n, length(l.lod), r.file_id,"
	            " r.part FROM raw_series r"
	            " JOIN run_file f ON f.id = r.file_id"
	            " LEFT JOIN series_lod l ON l.file_id = r.file_id"
	            " AND l.metric = r.metric AND l.part = r.part"
	            " WHERE f.run_id=?1 AND r.metric=?2 LIMIT 2", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, metric, -1, SQLITE_STATIC);
	sqlite3_int64 rowid = 0;
	size_t rows = 0, bytes = 0, pts = 0;
	int null = 1, rc;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW && ++rows == 1) {
		rowid = sqlite3_column_int64(s, 0);
		pts = (size_t)sqlite3_column_int64(s, 1);
		null = sqlite3_column_type(s, 2) == SQLITE_NULL;
		bytes = (size_t)sqlite3_column_int64(s, 2);
		row[0] = sqlite3_column_int64(s, 3);
		row[1] = sqlite3_column_int64(s, 4);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return dt_sq_fail_db(st, "load level of detail");
	if (rows != 1 || null || bytes == 0)
		return 1;
	/* Incremental BLOB I/O: straight into the caller's buffer (huge
	 * pages when large: 12.5 MB at 10M points, grow.h). */
	sqlite3_blob *b;
	void *buf = dt_grow_alloc_huge_from(bytes, DT_LOD_HUGE_FROM);
	if (!buf)
		return dt_sq_fail(st, "store: out of memory");
	if (sqlite3_blob_open(DT_SQ_DB(st), "main", "series_lod", "lod", rowid, 0,
	                      &b) != SQLITE_OK) {
		free(buf);
		return dt_sq_fail_db(st, "load level of detail");
	}
	rc = bytes <= (size_t)2147483647 &&
	     (size_t)sqlite3_blob_bytes(b) == bytes ?
	     sqlite3_blob_read(b, buf, (int)bytes, 0) : SQLITE_CORRUPT;
	sqlite3_blob_close(b);
	if (rc != SQLITE_OK) {
		free(buf);
		return dt_sq_fail(st, "store: level of detail of series '%s' could"
		                  " not be read (damaged BLOB)", metric);
	}
	*lod = buf;
	*len = bytes;
	*n = pts;
	return 0;
}

int dt_sq_metric_list(dt_store *st, int64_t run_id, char ***names,
                          size_t *n)
{
	sqlite3_stmt *s;
	*names = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT DISTINCT r.metric FROM raw_series r JOIN"
	            " run_file f ON f.id = r.file_id WHERE f.run_id=?1"
	            " ORDER BY r.metric", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect_strings(st, s, names, n);
}

/* A run's counts of a metric are rewritten when its files change (a
 * followed file grows, another file is added): an upsert, whose UPDATE
 * changes the counts only (the append-only trigger refuses an UPDATE of
 * the key, chain.c guarded[]), and each version is chained (kind
 * run_metric is updatable: the latest record must match the row, an
 * unchanged row gets no record), so verify compares the row with exactly
 * what dualtrack last wrote. The record is made from the values bound. */
int dt_sq_stats_put(dt_store *st, int64_t run_id, const dt_metric_stats *m)
{
	sqlite3_stmt *s;
	if (dt_sq_write_begin(st) < 0)
		return -1;
	int rc = dt_sq_prepare(st, "INSERT INTO run_metric(run_id, metric,"
	            " points, non_finite, first_step, last_step, segments,"
	            " replayed) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)"
	            " ON CONFLICT(run_id, metric) DO UPDATE SET"
	            " points=excluded.points, non_finite=excluded.non_finite,"
	            " first_step=excluded.first_step, last_step=excluded.last_step,"
	            " segments=excluded.segments, replayed=excluded.replayed", &s);
	if (rc < 0)
		return dt_sq_write_end(st, rc);
	int64_t v[8] = {run_id, 0, m->points, m->non_finite, m->first_step,
	                m->last_step, m->segments, m->replayed};
	char num[8][24];
	const char *vals[8];
	for (int i = 0; i < 8; i++) {
		snprintf(num[i], sizeof num[i], "%lld", (long long)v[i]);
		vals[i] = num[i];
		if (i != 1)
			sqlite3_bind_int64(s, i + 1, v[i]);
	}
	vals[1] = m->metric;
	sqlite3_bind_text(s, 2, m->metric, -1, SQLITE_STATIC);
	rc = sqlite3_step(s) == SQLITE_DONE ? 0 : dt_sq_fail_db(st, "store stats");
	sqlite3_finalize(s);
	if (rc == 0) {
		char ref[DT_CHAIN_REF_MAX];
		dt_chain_row r;
		snprintf(ref, sizeof ref, "%lld/%s", (long long)run_id, m->metric);
		dt_chain_text_row(DT_CHAIN_RUN_METRIC, ref, vals, &r);
		rc = dt_sq_chain_append_row(st, &r);
	}
	return dt_sq_write_end(st, rc);
}

static int row_stats(sqlite3_stmt *s, void *elem)
{
	dt_metric_stats *m = elem;
	dt_sq_copy_text(m->metric, sizeof m->metric, s, 0);
	m->points = sqlite3_column_int64(s, 1);
	m->non_finite = sqlite3_column_int64(s, 2);
	m->first_step = sqlite3_column_int64(s, 3);
	m->last_step = sqlite3_column_int64(s, 4);
	m->segments = sqlite3_column_int64(s, 5);
	m->replayed = sqlite3_column_int64(s, 6);
	return 0;
}

int dt_sq_stats_list(dt_store *st, int64_t run_id, dt_metric_stats **ms,
                        size_t *n)
{
	sqlite3_stmt *s;
	*ms = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT metric, points, non_finite, first_step,"
	            " last_step, segments, replayed FROM run_metric"
	            " WHERE run_id=?1 ORDER BY metric", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	return dt_sq_collect(st, s, (void **)ms, n, sizeof **ms, row_stats, NULL,
	                     "read stats");
}

/* Insert one importer message of `kind` ("warning" or "note") and chain
 * it (kind run_warning, by its id), in one transaction. */
static int message_add(dt_store *st, int64_t run_id, int64_t file_id,
                       const char *kind, const char *text)
{
	sqlite3_stmt *s;
	if (dt_sq_write_begin(st) < 0)
		return -1;
	if (dt_sq_prepare(st, "INSERT INTO run_warning(run_id, file_id, text,"
	            " kind) VALUES(?1,?2,?3,?4)", &s) < 0)
		return dt_sq_write_end(st, -1);
	sqlite3_bind_int64(s, 1, run_id);
	if (file_id > 0)
		sqlite3_bind_int64(s, 2, file_id);
	else
		sqlite3_bind_null(s, 2);
	sqlite3_bind_text(s, 3, text, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, kind, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s) == SQLITE_DONE ? 0 :
	         dt_sq_fail_db(st, "add warning");
	sqlite3_finalize(s);
	return dt_sq_write_end_last(st, rc, DT_CHAIN_WARNING);
}

/* Messages of one kind of a run, in insertion order. */
static int messages(dt_store *st, int64_t run_id, const char *kind,
                    char ***w, size_t *n)
{
	sqlite3_stmt *s;
	*w = NULL;
	*n = 0;
	if (dt_sq_prepare(st, "SELECT text FROM run_warning WHERE run_id=?1"
	            " AND kind=?2 ORDER BY id", &s) < 0)
		return -1;
	sqlite3_bind_int64(s, 1, run_id);
	sqlite3_bind_text(s, 2, kind, -1, SQLITE_STATIC);
	return dt_sq_collect_strings(st, s, w, n);
}

int dt_sq_warning_add(dt_store *st, int64_t run_id, int64_t file_id,
                         const char *text)
{
	return message_add(st, run_id, file_id, "warning", text);
}

int dt_sq_note_add(dt_store *st, int64_t run_id, int64_t file_id,
                      const char *text)
{
	return message_add(st, run_id, file_id, "note", text);
}

int dt_sq_warning_list(dt_store *st, int64_t run_id, char ***w, size_t *n)
{
	return messages(st, run_id, "warning", w, n);
}

int dt_sq_note_list(dt_store *st, int64_t run_id, char ***w, size_t *n)
{
	return messages(st, run_id, "note", w, n);
}


