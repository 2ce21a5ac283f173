/* series.c: raw series in the PostgreSQL store: one row per (file,
 * metric), i.e. per series segment, with the points packed in bytea
 * exactly as in the SQLite store's BLOBs (little-endian int64 steps, or
 * the first step alone when they advance by a constant stride; IEEE-754
 * binary64 values; uint32 segment marks). Sent and read in binary: a
 * 1M-point series is one 8 MB parameter, not a million rows. */
#include "model/store/postgresql/internal.h"
#include "model/store/blobs.h"
#include "model/store/pack.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/lod.h"
#include "model/util/grow.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "series bytea are written in host order; add byte swapping for big-endian hosts"
#endif

/* The stored levels of the series row just written (schema version 7:
 * their own table, same key; part 0, or the file's last part of the
 * metric for an appended one). */
static int put_lod(dt_store *st, int64_t file_id, const char *metric,
                   int part0, const void *lod, size_t lodlen)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, file_id);
	dt_pg_p_text(&p, metric);
	dt_pg_p_blob(&p, lod, lodlen);
	/* chained as it is stored (its record read back: 1.25 bytes a
	 * point) */
	return dt_pg_chained(st, DT_CHAIN_SERIES_LOD, "store level of detail", part0 ?
	                "INSERT INTO series_lod(file_id, metric, part, lod)"
	                " VALUES($1,$2,0,$3) ON CONFLICT(file_id, metric, part)"
	                " DO UPDATE SET lod=excluded.lod" :
	                "INSERT INTO series_lod(file_id, metric, part, lod)"
	                " SELECT $1::int8, $2::text, max(part), $3::bytea FROM"
	                " raw_series WHERE file_id=$1 AND metric=$2"
	                " ON CONFLICT(file_id, metric, part)"
	                " DO UPDATE SET lod=excluded.lod", &p, NULL) < 0 ? -1 : 0;
}

/* One row of raw_series: part 0 replaces the file's series, a later
 * part is added beside it (the next number); lod [lodlen] its level of
 * detail, in series_lod (put_lod), in the same transaction. */
static int put_row(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                   int part0, int64_t stride, const void *lod, size_t lodlen)
{
	if (rs->n > (size_t)INT32_MAX / sizeof(double))
		return dt_store_fail(st, "store: series '%s' has %zu points; the"
		                     " PostgreSQL store takes at most %zu per file",
		                     rs->metric, rs->n,
		                     (size_t)INT32_MAX / sizeof(double));
	dt_pg_params p = {0};
	dt_pg_p_int(&p, file_id);
	dt_pg_p_text(&p, rs->metric);
	dt_pg_p_int(&p, (int64_t)rs->n);
	dt_pg_p_blob(&p, rs->step, (stride ? 1 : rs->n) * sizeof(int64_t));
	dt_pg_p_blob(&p, rs->value, rs->n * sizeof(double));
	if (rs->nmarks)
		dt_pg_p_blob(&p, rs->marks, rs->nmarks * sizeof(uint32_t));
	else
		dt_pg_p_null(&p);
	dt_pg_p_int(&p, rs->sort_within_segment);
	dt_pg_p_int(&p, stride);
	int own;
	if (dt_pg_write_begin(st, &own) < 0)
		return -1;
	int rc;
	if (!part0)
		rc = dt_pg_chained(st, DT_CHAIN_SERIES, "store series", "INSERT"
		                " INTO raw_series(file_id, metric, n, steps, vals,"
		                " marks, sort_within_segment, steps_stride, part)"
		                " VALUES($1,$2,$3,$4,$5,$6,$7,$8,(SELECT"
		                " coalesce(max(part), -1) + 1 FROM raw_series WHERE"
		                " file_id=$1 AND metric=$2))", &p, NULL) < 0 ? -1 : 0;
	else
		rc = dt_pg_chained(st, DT_CHAIN_SERIES, "store series", "INSERT INTO raw_series(file_id,"
		                " metric, n, steps, vals, marks, sort_within_segment,"
		                " steps_stride, part) VALUES($1,$2,$3,$4,$5,$6,$7,$8,0)"
		                " ON CONFLICT(file_id, metric, part) DO UPDATE SET n=excluded.n,"
		                " steps=excluded.steps, vals=excluded.vals,"
		                " marks=excluded.marks, sort_within_segment="
		                "excluded.sort_within_segment,"
		                " steps_stride=excluded.steps_stride",
		                &p, NULL) < 0 ? -1 : 0;
	if (rc == 0 && lod && lodlen)
		rc = put_lod(st, file_id, rs->metric, part0, lod, lodlen);
	return dt_pg_write_end(st, own, rc);
}

int dt_pg_raw_put(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                  int64_t stride, const void *lod, size_t lodlen)
{
	return put_row(st, file_id, rs, 1, stride, lod, lodlen);
}

/* The next part of a followed file's series (store.h): numbered in the
 * INSERT itself (one more than the file's last part of the metric),
 * chained under the ref "FILE/METRIC/PART" read back by RETURNING. */
int dt_pg_raw_append(dt_store *st, int64_t file_id, const dt_rawseries *rs,
                     size_t from, size_t from_mark, const void *lod,
                     size_t lodlen)
{
	dt_rawseries part = dt_store_part_of(rs, from, from_mark);
	return put_row(st, file_id, &part, 0,
	               dt_store_steps_stride(part.step, part.n), lod, lodlen);
}

/* Copies of the loaded bytea, kept together so one free releases them
 * (model/store/blobs.h). */
typedef dt_blob_owner blob_owner;

void dt_pg_raw_free(dt_store *st, dt_rawchunk *chunks, void *owner)
{
	(void)st;
	dt_blob_owner_free(owner);
	free(chunks);
}

/* Big-endian integers of a binary result (int8, int4). */
static int64_t bin_i64(const PGresult *r, int row, int col)
{
	uint64_t v;
	memcpy(&v, PQgetvalue(r, row, col), sizeof v);
	return (int64_t)be64toh(v);
}

static int32_t bin_i32(const PGresult *r, int row, int col)
{
	uint32_t v;
	memcpy(&v, PQgetvalue(r, row, col), sizeof v);
	return (int32_t)be32toh(v);
}

/* A copy of a bytea column that must hold `bytes`; NULL when it does
 * not (a damaged row) or memory runs out. */
static void *take(blob_owner *o, const PGresult *r, int row, int col,
                  size_t bytes)
{
	size_t have = PQgetisnull(r, row, col) ? 0 :
	              (size_t)PQgetlength(r, row, col);
	if (have != bytes || dt_blob_owner_reserve(o) < 0)
		return NULL;
	void *buf = malloc(bytes ? bytes : 1);
	if (!buf)
		return NULL;
	if (bytes)
		memcpy(buf, PQgetvalue(r, row, col), bytes);
	dt_blob_owner_keep(o, buf);
	return buf;
}

/* Fill chunk c from row i: n, marks bytes, sort, stride, steps, vals,
 * marks, (empty marks), file id. 0 or -1 (damaged or out of memory). */
static int row_to_chunk(const PGresult *r, int i, blob_owner *o,
                        dt_rawchunk *c)
{
	memset(c, 0, sizeof *c);
	size_t n = (size_t)bin_i64(r, i, 0);
	size_t mb = (size_t)bin_i32(r, i, 1);
	int64_t stride = bin_i64(r, i, 3);
	c->n = n;
	c->nmarks = mb / sizeof(uint32_t);
	c->sort_within_segment = bin_i32(r, i, 2);
	/* its file: segments map back to the file's launches (series.h) */
	c->file_id = bin_i64(r, i, 8);
	if (dt_blob_owner_part(o, c->file_id, bin_i32(r, i, 9), n, c->nmarks,
	                       stride) < 0)
		return -1;
	int64_t *steps = take(o, r, i, 4, (stride && n ? 1 : n) *
	                      sizeof(int64_t));
	if (steps && stride && n) {
		/* Expand first + i * stride in place of the one stored step. */
		int64_t *full = malloc(n * sizeof *full);
		if (!full)
			return -1;
		for (size_t k = 0; k < n; k++)
			full[k] = steps[0] + (int64_t)k * stride;
		free(steps);
		o->blobs[o->n - 1] = full;
		steps = full;
	}
	c->step = steps;
	c->value = take(o, r, i, 5, n * sizeof(double));
	/* No marks: column 7, an empty bytea (the marks column is NULL). */
	c->marks = take(o, r, i, mb ? 6 : 7, mb);
	return (c->step && c->value && c->marks) ? 0 : -1;
}

int dt_pg_raw_load(dt_store *st, int64_t run_id, const char *metric,
                   dt_rawchunk **chunks, size_t *nchunks, void **owner)
{
	*chunks = NULL;
	*nchunks = 0;
	*owner = NULL;
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, metric);
	/* Column 7 is an empty bytea: the stand-in for a NULL marks column. */
	PGresult *r = dt_pg_query(st, "load series", "SELECT r.n,"
	                          " coalesce(length(r.marks), 0),"
	                          " r.sort_within_segment, r.steps_stride,"
	                          " r.steps, r.vals, r.marks, ''::bytea,"
	                          " r.file_id, r.part FROM raw_series r JOIN run_file f"
	                          " ON f.id = r.file_id WHERE f.run_id=$1 AND"
	                          " r.metric=$2 ORDER BY f.id, r.part", &p, 1);
	if (!r)
		return -1;
	blob_owner *o = calloc(1, sizeof *o);
	int rows = PQntuples(r), bad = !o;
	if (!bad && rows > 0 && !(*chunks = calloc((size_t)rows, sizeof **chunks)))
		bad = 1;
	for (int i = 0; !bad && i < rows; i++) {
		bad = row_to_chunk(r, i, o, &(*chunks)[i]) < 0;
		*nchunks = (size_t)i + 1;
	}
	PQclear(r);
	if (!bad && dt_store_join_parts(*chunks, nchunks, o) < 0)
		bad = 1;
	if (bad) {
		dt_pg_raw_free(st, *chunks, o);
		*chunks = NULL;
		*nchunks = 0;
		return dt_store_fail(st, "store: series '%s' could not be read "
		                     "(damaged row or out of memory)", metric);
	}
	*owner = o;
	return 0;
}

int dt_pg_lod_load(dt_store *st, int64_t run_id, const char *metric,
                   void **lod, size_t *len, size_t *n, int64_t row[2])
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, metric);
	PGresult *r = dt_pg_query(st, "load level of detail", "SELECT r.n, l.lod,"
	                          " r.file_id, r.part::int8 FROM raw_series r JOIN run_file f"
	                          " ON f.id = r.file_id LEFT JOIN series_lod l"
	                          " ON l.file_id = r.file_id AND l.metric ="
	                          " r.metric AND l.part = r.part WHERE"
	                          " f.run_id=$1 AND r.metric=$2 LIMIT 2", &p, 1);
	if (!r)
		return -1;
	if (PQntuples(r) != 1 || PQgetisnull(r, 0, 1) ||
	    PQgetlength(r, 0, 1) == 0) {
		PQclear(r);
		return 1;
	}
	size_t bytes = (size_t)PQgetlength(r, 0, 1);
	void *buf = dt_grow_alloc_huge_from(bytes, DT_LOD_HUGE_FROM);
	if (!buf) {
		PQclear(r);
		return dt_store_fail(st, "store: out of memory");
	}
	memcpy(buf, PQgetvalue(r, 0, 1), bytes);
	*n = (size_t)bin_i64(r, 0, 0);
	row[0] = bin_i64(r, 0, 2);
	row[1] = bin_i64(r, 0, 3);
	PQclear(r);
	*lod = buf;
	*len = bytes;
	return 0;
}

/* The shape of a run's one stored series (store.h): each part's small
 * columns and the first 8 bytes of its steps (a binary substring: the
 * columns are stored EXTERNAL, so only that slice is fetched). */
int dt_pg_shape_load(dt_store *st, int64_t run_id, const char *metric,
                     dt_series_shape *out)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	dt_pg_p_text(&p, metric);
	PGresult *r = dt_pg_query(st, "load series shape", "SELECT r.file_id,"
	                          " r.n, coalesce(length(r.marks), 0),"
	                          " r.steps_stride, r.sort_within_segment,"
	                          " substring(r.steps from 1 for 8)"
	                          " FROM raw_series r JOIN run_file f"
	                          " ON f.id = r.file_id WHERE f.run_id=$1 AND"
	                          " r.metric=$2 ORDER BY f.id, r.part", &p, 1);
	if (!r)
		return -1;
	int rows = PQntuples(r), ret = rows ? 0 : 1;
	int64_t last = 0;
	for (int i = 0; ret == 0 && i < rows; i++) {
		int64_t file_id = bin_i64(r, i, 0);
		if (i && file_id != out->file_id) {
			ret = 1; /* a second file: not one stored series */
			break;
		}
		out->file_id = file_id;
		size_t n = (size_t)bin_i64(r, i, 1);
		int64_t first = 0;
		if (n && PQgetlength(r, i, 5) != (int)sizeof first) {
			ret = -1;
			break;
		}
		if (n)
			memcpy(&first, PQgetvalue(r, i, 5), sizeof first);
		dt_store_shape_add_part(out, &last, n, first, bin_i64(r, i, 3),
		                        (size_t)bin_i32(r, i, 2) /
		                        sizeof(uint32_t), bin_i32(r, i, 4));
	}
	PQclear(r);
	if (ret < 0)
		return dt_store_fail(st, "store: steps of series '%s' could not"
		                     " be read (damaged row)", metric);
	return ret;
}

/* Values [first, first + count) of a file's series (store.h): one
 * statement; each overlapping part (numbered from `at`, the points of
 * the parts before it) sends only its slice, a binary
 * substring(vals from ... for ...) whose bounds come from the bound
 * range. */
int dt_pg_values_read(dt_store *st, int64_t file_id, const char *metric,
                      size_t first, size_t count, double *out)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, file_id);
	dt_pg_p_text(&p, metric);
	dt_pg_p_int(&p, (int64_t)first);
	dt_pg_p_int(&p, (int64_t)(first + count));
	PGresult *r = dt_pg_query(st, "read series values", "SELECT p.at,"
	                          " substring(r.vals from (greatest($3::int8 -"
	                          " p.at, 0) * 8 + 1)::int4 for ((least($4::int8,"
	                          " p.at + r.n) - greatest($3::int8, p.at)) * 8)"
	                          "::int4) FROM (SELECT part, (sum(n) OVER (ORDER"
	                          " BY part) - n)::int8 AS at FROM raw_series"
	                          " WHERE file_id=$1 AND metric=$2) p JOIN"
	                          " raw_series r ON r.file_id=$1 AND"
	                          " r.metric=$2 AND r.part=p.part WHERE p.at <"
	                          " $4::int8 AND p.at + r.n > $3::int8"
	                          " ORDER BY p.part", &p, 1);
	if (!r)
		return -1;
	size_t done = 0;
	int bad = 0;
	for (int i = 0; !bad && i < PQntuples(r); i++) {
		size_t at = (size_t)bin_i64(r, i, 0);
		size_t lo = at > first ? at - first : 0;
		size_t len = (size_t)PQgetlength(r, i, 1);
		if (len % sizeof(double) || lo + len / sizeof(double) > count) {
			bad = 1;
			break;
		}
		memcpy(out + lo, PQgetvalue(r, i, 1), len);
		done += len / sizeof(double);
	}
	PQclear(r);
	if (bad)
		return dt_store_fail(st, "store: values of series '%s' could not"
		                     " be read (damaged row)", metric);
	if (done < count)
		return dt_store_fail(st, "store: values %zu..%zu of series '%s' of"
		                     " file %lld are out of range", first,
		                     first + count - 1, metric, (long long)file_id);
	return 0;
}

int dt_pg_metric_list(dt_store *st, int64_t run_id, char ***names,
                      size_t *n)
{
	dt_pg_params p = {0};
	dt_pg_p_int(&p, run_id);
	PGresult *r = dt_pg_query(st, "list metrics", "SELECT DISTINCT"
	                          " r.metric COLLATE \"C\" FROM raw_series r"
	                          " JOIN run_file f ON f.id = r.file_id"
	                          " WHERE f.run_id=$1 ORDER BY 1", &p, 0);
	*names = NULL;
	*n = 0;
	return r ? dt_pg_strings(st, r, names, n) : -1;
}
