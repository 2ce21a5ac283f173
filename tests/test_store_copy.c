/* test_store_copy.c: dt_store_copy (model/service/store_copy.h): a
 * SQLite store with a run, a series, a pilot, its task card, checklist,
 * drill, ledger, scenario and two decisions is copied to a new store (a
 * SQLite file, or a PostgreSQL database when DUALTRACK_TEST_DB=postgresql)
 * and back to a SQLite file: every record is there with its id, time
 * and hash, the chain verifies with the source's head on each end. A
 * destination that holds rows is refused, a broken source chain is
 * refused with nothing written, and a table the copy does not know is
 * refused by name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "model/service/store_copy.h"

#include "tests/dt_test_tmpdir.h"
#include "tests/dt_test_store.h"

/* steps 10, 20, 30 (a stride: stored as the first step alone) */
static const int64_t steps[] = {10, 20, 30};
static const double loss[] = {2.5, 2.25, 2.0};

static void decide(dt_store *st, const dt_pilot *p, dt_decision_kind k,
                   const char *why)
{
	dt_decision d = {.pilot_id = p->id, .kind = k, .ndeciders = 1};
	snprintf(d.pilot_name, sizeof d.pilot_name, "%s", p->name);
	snprintf(d.rationale, sizeof d.rationale, "%s", why);
	snprintf(d.deciders[0].name, sizeof d.deciders[0].name, "ana");
	d.deciders[0].role = DT_ROLE_RESEARCHER;
	snprintf(d.recorded_by, sizeof d.recorded_by, "bo");
	d.evidence_text = "evidence text\nwith two lines\n";
	assert_int_equal(dt_store_decision_append(st, &d), 0);
}

/* The source store at dir/src.db; returns its path in path. */
static void build_source(char *path, size_t n)
{
	char err[600];
	snprintf(path, n, "%s/src.db", dir);
	dt_store *st = dt_store_open(path, err, sizeof err);
	assert_non_null(st);
	dt_run r = {.grad_accum = 2, .global_batch = 16};
	snprintf(r.name, sizeof r.name, "trn");
	snprintf(r.platform, sizeof r.platform, "trn2");
	snprintf(r.format, sizeof r.format, "csv");
	assert_int_equal(dt_store_run_create(st, &r), 0);
	int64_t f;
	assert_int_equal(dt_store_file_add(st, r.id, "/logs/a.csv", "aa", 42,
	                                   "csv", &f), 0);
	dt_rawseries s = {.metric = "loss", .n = 3, .cap = 3,
	                  .step = (int64_t *)steps, .value = (double *)loss};
	assert_int_equal(dt_store_raw_put(st, f, &s), 0);
	assert_int_equal(dt_store_warning_add(st, r.id, f, "a warning"), 0);
	assert_int_equal(dt_store_fact_set(st, r.id, 0, "instance", "trn2.48x",
	                                   "user", "ana"), 0);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "llama", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, r.id, DT_RUN_PILOT,
	                                       "ana"), 0);
	assert_int_equal(dt_store_taskcard_set(st, p.id, DT_TC_RTOL, "0.01",
	                                       "ana"), 0);
	assert_int_equal(dt_store_check_set(st, p.id, DT_ITEM_STEP1,
	                                    DT_CK_PASS, "ok", "", "ana"), 0);
	assert_int_equal(dt_store_ledger_set(st, "llama", "trn2", "compile_s",
	                                     0.1, "measured", "", "ana"), 0);
	decide(st, &p, DT_DECIDE_CONTINUE, "keep going");
	decide(st, &p, DT_DECIDE_DEFER, "wait for the drill");
	dt_store_close(st);
}

/* Head of a store's chain. */
static dt_chain_report verify(dt_store *st)
{
	dt_chain_report r;
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	return r;
}

/* What a copy must hold (the source's records, by hand above). */
static void same_records(dt_store *st)
{
	char err[600];
	dt_run r;
	assert_int_equal(dt_store_run_find(st, "trn", &r), 0);
	assert_int_equal(r.grad_accum, 2);
	assert_int_equal(r.global_batch, 16);
	assert_int_equal(r.files, 1);
	dt_rawchunk *c;
	size_t nc;
	void *owner;
	assert_int_equal(dt_store_raw_load(st, r.id, "loss", &c, &nc, &owner), 0);
	assert_int_equal(nc, 1);
	assert_int_equal(c[0].n, 3);
	assert_int_equal(c[0].step[2], 30);       /* expanded from the stride */
	assert_true(c[0].value[1] == 2.25);       /* exact binary64 */
	/* An array taken over (dt_store_raw_detach) is the caller's after the
	 * free (ASan: no double free, no leak); a pointer the owner does not
	 * hold is refused. */
	assert_int_equal(dt_store_raw_detach(st, owner, loss), 1);
	assert_int_equal(dt_store_raw_detach(st, owner, c[0].value), 0);
	double *taken = (double *)c[0].value;
	dt_store_raw_free(st, c, owner);
	assert_true(taken[0] == 2.5 && taken[2] == 2.0);
	free(taken);
	/* its stored levels (series_lod) came along: 3 points are fewer
	 * than a block (lod.h), so the header alone: leaf 32, 0 levels, n 3 */
	void *lod;
	size_t lodlen, lodn;
	assert_int_equal(dt_store_lod_load(st, r.id, "loss", &lod, &lodlen,
	                                   &lodn), 0);
	assert_int_equal(lodlen, 16);
	assert_int_equal(lodn, 3);
	uint32_t hdr[2];
	memcpy(hdr, lod, sizeof hdr);
	assert_true(hdr[0] == 32 && hdr[1] == 0);
	free(lod);
	char **w;
	size_t nw;
	assert_int_equal(dt_store_warning_list(st, r.id, &w, &nw), 0);
	assert_int_equal(nw, 1);
	assert_string_equal(w[0], "a warning");
	dt_strv_free(w, nw);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_find(st, "llama", &p), 0);
	dt_taskcard tc;
	assert_int_equal(dt_store_taskcard_load(st, p.id, &tc), 0);
	assert_string_equal(tc.value[DT_TC_RTOL], "0.01");
	dt_ledger_entry *e;
	size_t ne;
	assert_int_equal(dt_store_ledger_list(st, "llama", &e, &ne), 0);
	assert_int_equal(ne, 1);
	assert_true(e[0].value == 0.1);           /* exact double */
	free(e);
	dt_decision *d;
	size_t nd;
	assert_int_equal(dt_store_decision_list(st, p.id, &d, &nd), 0);
	assert_int_equal(nd, 2);
	assert_int_equal(d[1].id, 2);
	assert_int_equal(d[1].supersedes, 1);
	assert_string_equal(d[1].rationale, "wait for the drill");
	dt_decisions_free(d, nd);
	(void)err;
}

static void round_trip(void **state)
{
	(void)state;
	char src[128], err[1200];
	build_source(src, sizeof src);
	dt_store *a = dt_store_open(src, err, sizeof err);
	assert_non_null(a);
	dt_chain_report head = verify(a);
	assert_int_equal(head.records, 2);

	dt_store *b = dt_test_store_open(dir, "middle.db", err, sizeof err);
	assert_non_null(b);
	dt_copy_report r;
	assert_int_equal(dt_store_copy(a, b, &r, err, sizeof err), 0);
	/* 1 run, 1 file, 1 series, 1 warning, 1 fact, 1 pilot, 1 task-card
	 * value, 1 attachment, 1 checklist entry, 1 ledger value, 2
	 * decisions = 12 rows, the series' stored levels (series_lod) = 13,
	 * and a chain record for each (core/chain.h: what is chained; the
	 * levels since SQLite user_version 14, the warning since 15) = 13 */
	assert_int_equal(r.rows, 26);
	assert_string_equal(r.dest.head_hash, head.head_hash);
	same_records(b);

	char back[128];
	snprintf(back, sizeof back, "%s/back.db", dir);
	dt_store *c = dt_store_open(back, err, sizeof err);
	assert_non_null(c);
	assert_int_equal(dt_store_copy(b, c, &r, err, sizeof err), 0);
	dt_chain_report h2 = verify(c);
	assert_int_equal(h2.intact, 1);
	assert_int_equal(h2.head_id, 2);
	assert_string_equal(h2.head_hash, head.head_hash);
	same_records(c);

	/* New records continue after the copied ids on both backends. */
	dt_pilot p;
	assert_int_equal(dt_store_pilot_find(b, "llama", &p), 0);
	decide(b, &p, DT_DECIDE_GO, "after the copy");
	dt_decision *d;
	size_t nd;
	assert_int_equal(dt_store_decision_list(b, 0, &d, &nd), 0);
	assert_int_equal(nd, 3);
	assert_int_equal(d[2].id, 3);
	assert_string_equal(d[2].prev_hash, head.head_hash);
	dt_decisions_free(d, nd);
	dt_pilot q;
	assert_int_equal(dt_store_pilot_create(c, "second", "ana", &q), 0);
	assert_int_equal(q.id, p.id + 1);

	/* A destination holding rows is refused; nothing is added. */
	assert_int_equal(dt_store_copy(a, c, &r, err, sizeof err), -1);
	assert_non_null(strstr(err, "not empty"));
	dt_store_close(a);
	dt_store_close(b);
	dt_store_close(c);
}

static void broken_chain_refused(void **state)
{
	(void)state;
	char src[128], err[1200];
	build_source(src, sizeof src);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(src, &db), SQLITE_OK);
	/* What a forger does: drop the guard, edit a rationale. */
	assert_int_equal(sqlite3_exec(db, "DROP TRIGGER decision_no_update;"
	                              "UPDATE decision SET rationale = 'go now'"
	                              " WHERE id = 1", NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	dt_store *a = dt_store_open(src, err, sizeof err);
	assert_non_null(a);
	dt_store *b = dt_test_store_open(dir, "broken_dst.db", err, sizeof err);
	assert_non_null(b);
	dt_copy_report r;
	assert_int_equal(dt_store_copy(a, b, &r, err, sizeof err), 1);
	assert_non_null(strstr(err, "decision #1"));
	assert_non_null(strstr(err, "nothing copied"));
	dt_pilot *v;
	size_t n;
	assert_int_equal(dt_store_pilot_list(b, &v, &n), 0);
	assert_int_equal(n, 0);
	free(v);
	dt_store_close(a);
	dt_store_close(b);
}

static void unknown_table_refused(void **state)
{
	(void)state;
	char src[128], err[1200];
	build_source(src, sizeof src);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(src, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE extra(x);", NULL, NULL,
	                              NULL), SQLITE_OK);
	sqlite3_close(db);
	dt_store *a = dt_store_open(src, err, sizeof err);
	dt_store *b = dt_test_store_open(dir, "extra_dst.db", err, sizeof err);
	assert_non_null(a);
	assert_non_null(b);
	dt_copy_report r;
	assert_int_equal(dt_store_copy(a, b, &r, err, sizeof err), -1);
	assert_non_null(strstr(err, "table extra"));
	dt_store_close(a);
	dt_store_close(b);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(round_trip, tmpdir_setup,
		                                tmpdir_teardown),
		cmocka_unit_test_setup_teardown(broken_chain_refused, tmpdir_setup,
		                                tmpdir_teardown),
		cmocka_unit_test_setup_teardown(unknown_table_refused,
		                                tmpdir_setup, tmpdir_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
