/* test_store.c: the SQLite store: migrations, BLOB round trip, the
 * one-transaction import (a failed import leaves the store as before) and
 * SHA-256 duplicate refusal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "importers/import.h"
#include "model/service/curve_open.h"
#include "model/service/run_load.h"
#include "model/service/run_settings.h"
#include "tests/dt_test_store.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/dt-test-store-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static dt_store *open_store(const char *name)
{
	char err[512];
	dt_store *st = dt_test_store_open(dir, name, err, sizeof err);
	assert_non_null(st);
	return st;
}

static int import1(dt_store *st, const char *run, const char *file,
                   char *err, size_t errlen)
{
	const char *files[] = {file};
	dt_import_request rq = {.run_name = run, .platform = "gpu",
	                        .format = "csv", .files = files, .nfiles = 1};
	return dt_import(st, &rq, NULL, err, errlen);
}

/* Two files into one run: the second resumes at step 3 (replays 3, 4). */
static void roundtrip_and_segments(void **state)
{
	(void)state;
	char a[128], b[128], err[512];
	snprintf(a, sizeof a, "%s/a.csv", dir);
	snprintf(b, sizeof b, "%s/b.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n3,2.5\n4,2.0\n");
	write_file(b, "step,loss\n3,2.4\n4,1.9\n5,1.5\n");
	dt_store *st = open_store("rt.db");
	assert_int_equal(import1(st, "r", a, err, sizeof err), 0);
	assert_int_equal(import1(st, "r", b, err, sizeof err), 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	assert_int_equal(run.files, 2);
	assert_int_equal(run.segments, 2);
	assert_int_equal(run.replayed_steps, 2);
	dt_series s;
	assert_int_equal(dt_run_series(st, &run, "loss", &s, err, sizeof err), 0);
	assert_int_equal(s.n, 5);
	assert_true(s.value[2] == 2.4); /* step 3 from the second file */
	assert_true(s.value[4] == 1.5);
	dt_series_free(&s);
	dt_metric_stats *ms;
	size_t n;
	assert_int_equal(dt_store_stats_list(st, run.id, &ms, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ms[0].metric, "loss");
	assert_int_equal(ms[0].points, 5);
	assert_int_equal(ms[0].first_step, 1);
	assert_int_equal(ms[0].last_step, 5);
	free(ms);
	dt_store_close(st);
}

/* The same bytes into the same run are refused; into another run, fine. */
static void duplicate_sha_refused(void **state)
{
	(void)state;
	char a[128], err[512];
	snprintf(a, sizeof a, "%s/dup.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n");
	dt_store *st = open_store("dup.db");
	assert_int_equal(import1(st, "r1", a, err, sizeof err), 0);
	assert_int_equal(import1(st, "r1", a, err, sizeof err), -1);
	assert_non_null(strstr(err, "already holds this file"));
	assert_int_equal(import1(st, "r2", a, err, sizeof err), 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r1", &run), 0);
	assert_int_equal(run.files, 1);
	dt_store_close(st);
}

/* A failing import (second file has a bad number) stores nothing, not
 * even the good first file or the run. */
static void failed_import_leaves_store_unchanged(void **state)
{
	(void)state;
	char a[128], b[128], err[512];
	snprintf(a, sizeof a, "%s/good.csv", dir);
	snprintf(b, sizeof b, "%s/bad.csv", dir);
	write_file(a, "step,loss\n1,4.0\n2,3.0\n");
	write_file(b, "step,loss\n1,4.0\n2,abc\n");
	dt_store *st = open_store("fail.db");
	const char *files[] = {a, b};
	dt_import_request rq = {.run_name = "x", .platform = "gpu",
	                        .format = "csv", .files = files, .nfiles = 2};
	assert_int_equal(dt_import(st, &rq, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.csv:3"));
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "x", &run), 1);
	dt_run *runs;
	size_t n;
	assert_int_equal(dt_store_run_list(st, &runs, &n), 0);
	assert_int_equal(n, 0);
	free(runs);
	dt_store_close(st);
}

/* The level of detail stored at import (model/core/lod.h). Steps 1..40,
 * loss 100 - step: level 0 block 0 = steps 1..32, values 99..68; block 1
 * = steps 33..40, values 67..60; level 1 = all: 60..99; no non-finite.
 * A run of two files (rt.db's "r") has no single stored series: 1, and
 * dt_run_series_lod builds its levels (5 points: none stored, the query
 * scans 1.5..4.0). */
static void stored_level_of_detail(void **state)
{
	(void)state;
	char a[128], err[512], text[1024];
	size_t w = (size_t)snprintf(text, sizeof text, "step,loss\n");
	for (int i = 1; i <= 40; i++)
		w += (size_t)snprintf(text + w, sizeof text - w, "%d,%d\n", i, 100 - i);
	snprintf(a, sizeof a, "%s/lod.csv", dir);
	write_file(a, text);
	dt_store *st = open_store("lod.db");
	assert_int_equal(import1(st, "l", a, err, sizeof err), 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "l", &run), 0);
	void *b;
	size_t len, n;
	assert_int_equal(dt_store_lod_load(st, run.id, "loss", &b, &len, &n), 0);
	assert_int_equal(n, 40);
	assert_int_equal(len, 16 + 3 * 20);
	const double want[3][2] = {{68, 99}, {60, 67}, {60, 99}};
	for (int r = 0; r < 3; r++) {
		double lo, hi;
		uint32_t bad;
		memcpy(&lo, (char *)b + 16 + 20 * r, 8);
		memcpy(&hi, (char *)b + 24 + 20 * r, 8);
		memcpy(&bad, (char *)b + 32 + 20 * r, 4);
		assert_true(lo == want[r][0] && hi == want[r][1]);
		assert_int_equal(bad, 0);
	}
	free(b);
	assert_int_equal(dt_store_lod_load(st, run.id, "lr", &b, &len, &n), 1);
	dt_series s;
	dt_pyramid p;
	assert_int_equal(dt_run_series_lod(st, &run, "loss", &s, &p, err,
	                                   sizeof err), 0);
	assert_int_equal(p.nlevels, 2);
	assert_true(p.v == s.value);
	dt_range r = dt_pyramid_query(&p, 0, 40);
	assert_true(r.min == 60 && r.max == 99 && r.finite == 40);
	dt_pyramid_free(&p);
	dt_series_free(&s);
	dt_store_close(st);

	st = open_store("rt.db");
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	assert_int_equal(dt_store_lod_load(st, run.id, "loss", &b, &len, &n), 1);
	assert_int_equal(dt_run_series_lod(st, &run, "loss", &s, &p, err,
	                                   sizeof err), 0);
	assert_int_equal(p.nlevels, 0);
	r = dt_pyramid_query(&p, 0, s.n);
	assert_true(r.min == 1.5 && r.max == 4.0 && r.finite == 5);
	dt_pyramid_free(&p);
	dt_series_free(&s);
	dt_store_close(st);
}

/* Re-opening a store runs no migration twice and keeps data. */
static void reopen_keeps_data(void **state)
{
	(void)state;
	dt_store *st = open_store("rt.db");
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	int64_t v1, v2;
	assert_int_equal(dt_store_data_version_get(st, &v1), 0);
	dt_store *other = open_store("rt.db");
	dt_store_begin(other);
	assert_int_equal(dt_store_warning_add(other, run.id, 0, "note"), 0);
	assert_int_equal(dt_store_commit(other), 0);
	assert_int_equal(dt_store_data_version_get(st, &v2), 0);
	assert_true(v2 != v1); /* the other connection's write is seen */
	dt_store_close(other);
	dt_store_close(st);
}

/* A followed file's series stored in parts (dt_store_raw_append, what
 * each follow update writes) loads as one chunk: part 0 = steps 1..3
 * (evenly spaced: stored with a stride), part 1 = steps 4, 6 with a
 * launch mark at point 3 (a new launch starting at the first appended
 * point), part 2 = step 7 with a mark at point 5. Expected by hand: 6
 * points, steps 1 2 3 4 6 7, values 5 4 3 2.5 2 1.5, marks 3 and 5. */
static void series_parts_join(void **state)
{
	(void)state;
	char err[512];
	dt_store *st = open_store("parts.db");
	dt_run run = {0};
	snprintf(run.name, sizeof run.name, "p");
	snprintf(run.platform, sizeof run.platform, "gpu");
	run.grad_accum = 1;
	int64_t fid;
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &run), 0);
	assert_int_equal(dt_store_file_add(st, run.id, "p.log", "00", 10, "csv",
	                                   &fid), 0);
	int64_t step[] = {1, 2, 3, 4, 6, 7};
	double val[] = {5, 4, 3, 2.5, 2, 1.5};
	uint32_t marks[] = {3, 5};
	dt_rawseries s = {.metric = "loss", .n = 3, .step = step, .value = val};
	assert_int_equal(dt_store_raw_append(st, fid, &s, 0, 0), 0);
	s.n = 5;
	s.nmarks = 1;
	s.marks = marks;
	assert_int_equal(dt_store_raw_append(st, fid, &s, 3, 0), 0);
	s.n = 6;
	s.nmarks = 2;
	assert_int_equal(dt_store_raw_append(st, fid, &s, 5, 1), 0);
	assert_int_equal(dt_store_commit(st), 0);
	dt_rawchunk *c;
	size_t nc;
	void *owner;
	assert_int_equal(dt_store_raw_load(st, run.id, "loss", &c, &nc, &owner), 0);
	assert_int_equal(nc, 1);
	assert_int_equal(c[0].n, 6);
	assert_memory_equal(c[0].step, step, sizeof step);
	assert_memory_equal(c[0].value, val, sizeof val);
	assert_int_equal(c[0].nmarks, 2);
	assert_int_equal(c[0].marks[0], 3);
	assert_int_equal(c[0].marks[1], 5);
	assert_int_equal(c[0].file_id, fid);
	dt_store_raw_free(st, c, owner);
	/* three rows, each with its own levels: no single stored series to
	 * draw from, so a chart builds the joined curve's (lod.h) */
	void *lod;
	size_t lodlen, lodn;
	assert_int_equal(dt_store_lod_load(st, run.id, "loss", &lod, &lodlen,
	                                   &lodn), 1);
	dt_store_begin(st);
	assert_int_equal(dt_run_refresh(st, &run, err, sizeof err), 0);
	dt_store_commit(st);
	assert_int_equal(dt_store_run_find(st, "p", &run), 0);
	assert_int_equal(run.segments, 3); /* the two marks start launches */
	/* every part is chained ("FILE/loss", "FILE/loss/1", "FILE/loss/2")
	 * and re-hashes to its record */
	dt_chain_status g = {0};
	assert_int_equal(dt_store_chain_verify(st, 1, &g), 0);
	assert_int_equal(g.intact, 1);
	assert_int_equal(g.series_checked, 1);
	dt_chain_status_clear(&g);
	dt_store_close(st);
}

/* A file added before its SHA-256 is known (store.h dt_store_file_add
 * with NULL): its row holds "" and no chain record (verify reports the
 * row unchained) until dt_store_file_set_content gives the digest and
 * chains it; a second such file of the run is refused. */
static void file_digest_given_later(void **state)
{
	(void)state;
	dt_store *st = open_store("pending.db");
	dt_run run = {0};
	snprintf(run.name, sizeof run.name, "d");
	snprintf(run.platform, sizeof run.platform, "gpu");
	run.grad_accum = 1;
	int64_t fid, other;
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &run), 0);
	assert_int_equal(dt_store_file_add(st, run.id, "d.csv", NULL, 22, "csv",
	                                   &fid), 0);
	dt_run_file *f;
	size_t nf;
	assert_int_equal(dt_store_file_list(st, run.id, &f, &nf), 0);
	assert_int_equal(nf, 1);
	assert_string_equal(f[0].sha256, "");
	free(f);
	assert_int_equal(dt_store_file_add(st, run.id, "e.csv", NULL, 5, "csv",
	                                   &other), -1);
	assert_non_null(strstr(dt_store_error(st), "still waiting for its "
	                                           "SHA-256"));
	dt_chain_status g = {0};
	assert_int_equal(dt_store_chain_verify(st, 0, &g), 0);
	assert_int_equal(g.intact, 0); /* the file's row has no record yet */
	dt_chain_status_clear(&g);
	const char *hex = "5a0f0ce3407b049d25af81576ebd8f417e09fc7d7c83242e5da8"
	                  "e8bbe8ec5fcd";
	assert_int_equal(dt_store_file_set_content(st, fid, hex, 22), 0);
	assert_int_equal(dt_store_commit(st), 0);
	assert_int_equal(dt_store_file_list(st, run.id, &f, &nf), 0);
	assert_int_equal(nf, 1);
	assert_string_equal(f[0].sha256, hex);
	assert_int_equal(f[0].bytes, 22);
	free(f);
	memset(&g, 0, sizeof g);
	assert_int_equal(dt_store_chain_verify(st, 0, &g), 0);
	assert_int_equal(g.intact, 1);
	assert_int_equal(g.records, 2); /* the run, the file */
	dt_chain_status_clear(&g);
	dt_store_close(st);
}

/* A run of one file holding `metric` in parts: points [cut[k], cut[k+1])
 * of steps/vals stored as part k (dt_store_raw_append, as follow does);
 * marks[0..nmarks) all in the last part. Returns the file id. */
static int64_t store_parts(dt_store *st, const char *name, const int64_t *step,
                           const double *val, const size_t *cut, size_t nparts,
                           uint32_t *marks, size_t nmarks)
{
	dt_run run = {0};
	snprintf(run.name, sizeof run.name, "%s", name);
	snprintf(run.platform, sizeof run.platform, "gpu");
	run.grad_accum = 1;
	int64_t fid;
	assert_int_equal(dt_store_begin(st), 0);
	assert_int_equal(dt_store_run_create(st, &run), 0);
	assert_int_equal(dt_store_file_add(st, run.id, "f.log", name, 10, "csv",
	                                   &fid), 0);
	for (size_t k = 0; k < nparts; k++) {
		dt_rawseries s = {.metric = "loss", .n = cut[k + 1],
		                  .step = (int64_t *)step, .value = (double *)val};
		if (k == nparts - 1) {
			s.marks = marks;
			s.nmarks = nmarks;
		}
		assert_int_equal(dt_store_raw_append(st, fid, &s, cut[k], 0), 0);
	}
	assert_int_equal(dt_store_commit(st), 0);
	return fid;
}

/* Ranged reads (dt_store_shape_load, dt_store_values_read), by hand:
 *  - "even": one part, steps 10, 20, ..., 100, values 1.5 * i: shape n 10,
 *    first step 10, stride 10, 1 part; values [3, 7) = 4.5 6 7.5 9;
 *  - "follow": steps 1..6 in parts {1,2,3} {4,5} {6} (each continuing the
 *    one before by 1), values 5 4 3 2.5 2 1.5, a mark at point 5: stride 1,
 *    3 parts, 1 mark; values [2, 5) span parts 0 and 1 = 3 2.5 2, [5, 6)
 *    = 1.5 (part 2 alone), [0, 6) everything;
 *  - "gap": steps 1 2 3 | 5 6 (part 1 starts 2 after part 0 ends): stride
 *    0; "jump": 1 2 3 | 4 6 (part 1 itself uneven): stride 0;
 *  - a range past the end fails, count 0 reads nothing; rt.db's "r" holds
 *    loss in two files and no "lr": 1. */
/* A run named `name` created in st (its own fields: a GPU run). */
static void create_run(dt_store *st, const char *name)
{
	dt_run r = {.grad_accum = 1};
	snprintf(r.name, sizeof r.name, "%s", name);
	snprintf(r.platform, sizeof r.platform, "gpu");
	assert_int_equal(dt_store_run_create(st, &r), 0);
}

/* A gradient accumulation given at import is kept as given, 1 too
 * (run.grad_accum_given), on both backends: "one" created with G 1
 * given reads given 1 and is shown 1; "none" with the default G 1 reads
 * given 0 and is shown unknown (0); an update giving G 1 to "none"
 * reads given 1 (shown 1). Every run record still verifies (the field
 * is in a run's record only when 1). */
static void grad_accum_given(void **state)
{
	(void)state;
	dt_store *st = open_store("gaccum");
	dt_run one = {.grad_accum = 1, .grad_accum_given = 1}, r;
	snprintf(one.name, sizeof one.name, "one");
	snprintf(one.platform, sizeof one.platform, "trn2");
	assert_int_equal(dt_store_run_create(st, &one), 0);
	create_run(st, "none");
	assert_int_equal(dt_store_run_find(st, "one", &r), 0);
	assert_int_equal(r.grad_accum, 1);
	assert_int_equal(r.grad_accum_given, 1);
	assert_int_equal(dt_run_grad_accum_shown(&r, NULL, 0), 1);
	assert_int_equal(dt_store_run_find(st, "none", &r), 0);
	assert_int_equal(r.grad_accum, 1);
	assert_int_equal(r.grad_accum_given, 0);
	assert_int_equal(dt_run_grad_accum_shown(&r, NULL, 0), 0);
	r.grad_accum_given = 1;
	assert_int_equal(dt_store_run_update(st, &r), 0);
	assert_int_equal(dt_store_run_find(st, "none", &r), 0);
	assert_int_equal(r.grad_accum_given, 1);
	assert_int_equal(dt_run_grad_accum_shown(&r, NULL, 0), 1);
	dt_chain_status g;
	memset(&g, 0, sizeof g);
	assert_int_equal(dt_store_chain_verify(st, 0, &g), 0);
	assert_int_equal(g.intact, 1);
	dt_chain_status_clear(&g);
	dt_store_close(st);
}

/* 0 when st holds a run named `name`, 1 when not. */
static int has_run(dt_store *st, const char *name)
{
	dt_run r;
	return dt_store_run_find(st, name, &r);
}

/* Transactions nest (store.h) on both backends: an inner begin ..
 * rollback undoes only the inner writes, and an inner commit makes
 * nothing durable by itself: the outer rollback undoes both. On
 * PostgreSQL an inner begin was a second BEGIN (a server warning) and
 * the inner commit committed the outer transaction's writes. */
static void nested_transactions(void **state)
{
	(void)state;
	dt_store *st = open_store("nest");
	assert_int_equal(dt_store_begin(st), 0);
	create_run(st, "outer-kept");
	assert_int_equal(dt_store_begin(st), 0);
	create_run(st, "inner-undone");
	dt_store_rollback(st);
	assert_int_equal(dt_store_commit(st), 0);
	assert_int_equal(has_run(st, "outer-kept"), 0);
	assert_int_equal(has_run(st, "inner-undone"), 1);

	assert_int_equal(dt_store_begin(st), 0);
	create_run(st, "outer-undone");
	assert_int_equal(dt_store_begin(st), 0);
	create_run(st, "inner-committed");
	assert_int_equal(dt_store_commit(st), 0);
	dt_store_rollback(st);
	assert_int_equal(has_run(st, "outer-undone"), 1);
	assert_int_equal(has_run(st, "inner-committed"), 1);
	assert_int_equal(has_run(st, "outer-kept"), 0);
	dt_store_close(st);
}

static void ranged_reads(void **state)
{
	(void)state;
	dt_store *st = open_store("ranged.db");
	int64_t step[10];
	double val[10];
	for (int i = 0; i < 10; i++) {
		step[i] = 10 * (i + 1);
		val[i] = 1.5 * i;
	}
	size_t cut1[] = {0, 10};
	int64_t fid = store_parts(st, "even", step, val, cut1, 1, NULL, 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "even", &run), 0);
	dt_series_shape sh;
	assert_int_equal(dt_store_shape_load(st, run.id, "loss", &sh), 0);
	assert_int_equal(sh.file_id, fid);
	assert_int_equal(sh.n, 10);
	assert_int_equal(sh.first_step, 10);
	assert_int_equal(sh.stride, 10);
	assert_int_equal(sh.parts, 1);
	assert_int_equal(sh.nmarks, 0);
	double out[6] = {-1, -1, -1, -1, -1, -1};
	assert_int_equal(dt_store_values_read(st, fid, "loss", 3, 4, out), 0);
	assert_true(out[0] == 4.5 && out[1] == 6 && out[2] == 7.5 &&
	            out[3] == 9 && out[4] == -1);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 9, 1, out), 0);
	assert_true(out[0] == 13.5);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 8, 3, out), -1);
	assert_non_null(strstr(dt_store_error(st), "out of range"));
	assert_int_equal(dt_store_values_read(st, fid, "loss", 10, 0, out), 0);
	assert_int_equal(dt_store_values_read(st, fid, "lr", 0, 1, out), -1);
	assert_int_equal(dt_store_shape_load(st, run.id, "lr", &sh), 1);
	assert_int_equal(sh.n, 0);

	int64_t fstep[] = {1, 2, 3, 4, 5, 6};
	double fval[] = {5, 4, 3, 2.5, 2, 1.5};
	size_t cut3[] = {0, 3, 5, 6};
	uint32_t mark[] = {5};
	fid = store_parts(st, "follow", fstep, fval, cut3, 3, mark, 1);
	assert_int_equal(dt_store_run_find(st, "follow", &run), 0);
	assert_int_equal(dt_store_shape_load(st, run.id, "loss", &sh), 0);
	assert_int_equal(sh.n, 6);
	assert_int_equal(sh.first_step, 1);
	assert_int_equal(sh.stride, 1);
	assert_int_equal(sh.parts, 3);
	assert_int_equal(sh.nmarks, 1);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 2, 3, out), 0);
	assert_true(out[0] == 3 && out[1] == 2.5 && out[2] == 2);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 5, 1, out), 0);
	assert_true(out[0] == 1.5);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 0, 6, out), 0);
	assert_memory_equal(out, fval, sizeof fval);
	assert_int_equal(dt_store_values_read(st, fid, "loss", 4, 3, out), -1);

	int64_t gstep[] = {1, 2, 3, 5, 6};
	size_t cut2[] = {0, 3, 5};
	store_parts(st, "gap", gstep, fval, cut2, 2, NULL, 0);
	assert_int_equal(dt_store_run_find(st, "gap", &run), 0);
	assert_int_equal(dt_store_shape_load(st, run.id, "loss", &sh), 0);
	assert_int_equal(sh.n, 5);
	assert_int_equal(sh.first_step, 1);
	assert_int_equal(sh.stride, 0);
	assert_int_equal(sh.parts, 2);
	int64_t jstep[] = {1, 2, 3, 4, 6};
	store_parts(st, "jump", jstep, fval, cut2, 2, NULL, 0);
	assert_int_equal(dt_store_run_find(st, "jump", &run), 0);
	assert_int_equal(dt_store_shape_load(st, run.id, "loss", &sh), 0);
	assert_int_equal(sh.stride, 0);
	dt_store_close(st);

	st = open_store("rt.db");
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	assert_int_equal(dt_store_shape_load(st, run.id, "loss", &sh), 1);
	dt_store_close(st);
}

/* A curve read from the store (dt_store_curve_open), by hand: run "big",
 * steps 5, 10, ..., 500 and value i at point i (100 points: level-0
 * blocks [0,32) [32,64) [64,96) [96,100) stored): x of point 49 is 250;
 * the points at x in [20, 490) are 3..96 (x 20..485; lower bounds 3 and
 * 97), min 3, max 96, 94 finite (edges 3..31 and 96 read, blocks 1 and 2
 * from the levels); point 49 reads 49. A followed file's series in
 * parts ("follow" of ranged_reads: several rows) and a run of two files
 * (rt.db's "r") are not the simple case: 1. */
static void store_curve(void **state)
{
	(void)state;
	char err[512];
	dt_store *st = open_store("curve.db");
	int64_t step[100];
	double val[100];
	for (int i = 0; i < 100; i++) {
		step[i] = 5 * (i + 1);
		val[i] = i;
	}
	size_t cut[] = {0, 100};
	store_parts(st, "big", step, val, cut, 1, NULL, 0);
	size_t cut3[] = {0, 30, 60, 100};
	store_parts(st, "follow", step, val, cut3, 3, NULL, 0);
	dt_run run;
	assert_int_equal(dt_store_run_find(st, "big", &run), 0);
	dt_store_curve sc;
	assert_int_equal(dt_store_curve_open(st, &run, "loss", &sc, err,
	                                     sizeof err), 0);
	assert_int_equal(sc.c.n, 100);
	assert_null(sc.c.x);
	assert_null(sc.c.y);
	assert_int_equal(dt_curve_x(&sc.c, 49), 250);
	assert_int_equal(dt_curve_lower_bound(&sc.c, 20), 3);
	assert_int_equal(dt_curve_lower_bound(&sc.c, 490), 97);
	dt_range r = dt_curve_range(&sc.c, 20, 490);
	assert_true(r.min == 3 && r.max == 96);
	assert_int_equal(r.finite, 94);
	assert_int_equal(r.bad, 0);
	assert_true(dt_curve_value(&sc.c, 49) == 49);
	assert_int_equal(sc.failed, 0);
	dt_store_curve_close(&sc);
	assert_int_equal(dt_store_run_find(st, "follow", &run), 0);
	assert_int_equal(dt_store_curve_open(st, &run, "loss", &sc, err,
	                                     sizeof err), 1);
	assert_int_equal(dt_store_curve_open(st, &run, "lr", &sc, err,
	                                     sizeof err), 1);
	dt_store_close(st);
	st = open_store("rt.db");
	assert_int_equal(dt_store_run_find(st, "r", &run), 0);
	assert_int_equal(dt_store_curve_open(st, &run, "loss", &sc, err,
	                                     sizeof err), 1);
	dt_store_close(st);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(roundtrip_and_segments),
		cmocka_unit_test(duplicate_sha_refused),
		cmocka_unit_test(file_digest_given_later),
		cmocka_unit_test(failed_import_leaves_store_unchanged),
		cmocka_unit_test(reopen_keeps_data),
		cmocka_unit_test(series_parts_join),
		cmocka_unit_test(stored_level_of_detail),
		cmocka_unit_test(ranged_reads),
		cmocka_unit_test(nested_transactions),
		cmocka_unit_test(grad_accum_given),
		cmocka_unit_test(store_curve),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
