/* test_chain.c: the integrity chain's pure rules (model/core/chain.h):
 * record texts, record hashes and the check that names the first altered
 * record. Expected texts are written out by hand from the format in
 * chain.h; SHA-256("abc") is the FIPS 180-2 example value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/core/chain.h"
#include "model/util/sha256.h"

static void set(dt_chain_field *f, const char *name, const char *v)
{
	memset(f, 0, sizeof *f);
	f->name = name;
	f->data = v;
	f->len = v ? strlen(v) : 0;
	f->is_null = v == NULL;
}

/* checklist entry 7: pilot 1, step6, pass, note NULL, a BLOB "abc". */
static char *entry_canon(const char *ref, const char *status)
{
	dt_chain_row r;
	memset(&r, 0, sizeof r);
	r.kind = DT_CHAIN_CHECK;
	snprintf(r.ref, sizeof r.ref, "%s", ref);
	set(&r.f[0], "pilot_id", "1");
	set(&r.f[1], "item", "step6");
	set(&r.f[2], "status", status);
	set(&r.f[3], "note", NULL);
	set(&r.f[4], "vals", "abc");
	r.f[4].is_blob = 1;
	r.nf = 5;
	return dt_chain_row_canon(&r);
}

static void row_text(void **state)
{
	(void)state;
	char *c = entry_canon("7", "pass");
	assert_non_null(c);
	assert_string_equal(c,
		"dualtrack record v1\n"
		"kind 11:check_entry\n"
		"ref 1:7\n"
		"pilot_id 1:1\n"
		"item 5:step6\n"
		"status 4:pass\n"
		"note -\n"
		"vals sha256:ba7816bf8f01cfea414140de5dae2223"
		"b00361a396177a9cb410ff61f20015ad\n");
	char label[200];
	dt_chain_label("check_entry", "7", c, label, sizeof label);
	assert_string_equal(label, "checklist entry 7 (step6)");
	free(c);
}

/* The record hash is the SHA-256 of the envelope text of chain.h. */
static void record_hash(void **state)
{
	(void)state;
	dt_chain_rec r;
	memset(&r, 0, sizeof r);
	r.id = 12;
	snprintf(r.kind, sizeof r.kind, "pilot");
	snprintf(r.ref, sizeof r.ref, "3");
	snprintf(r.at, sizeof r.at, "2026-11-02T10:41:00Z");
	r.canon = "X\n";
	memset(r.prev_hash, '0', 64);
	const char *env =
		"dualtrack chain v1\n"
		"id 2:12\n"
		"kind 5:pilot\n"
		"ref 1:3\n"
		"at 20:2026-11-02T10:41:00Z\n"
		"record 2:X\n\n"
		"prev_hash 64:0000000000000000000000000000000000000000000000000000000000000000\n";
	char want[65], got[65];
	assert_int_equal(dt_sha256_hex(env, strlen(env), want), 0);
	assert_int_equal(dt_chain_rec_hash(&r, got), 0);
	assert_string_equal(got, want);
}

/* A chain of three checklist entries (refs 1, 2, 3) and their rows. */
typedef struct fixture {
	dt_chain_rec rec[4];
	size_t n;
	dt_chain_current cur[4];
	size_t nc;
} fixture;

static void build(fixture *f)
{
	memset(f, 0, sizeof *f);
	const char *prev = "0000000000000000000000000000000000000000000000000000000000000000";
	for (int i = 0; i < 3; i++) {
		dt_chain_rec *r = &f->rec[i];
		char ref[8];
		snprintf(ref, sizeof ref, "%d", i + 1);
		r->id = i + 1;
		snprintf(r->kind, sizeof r->kind, "check_entry");
		snprintf(r->ref, sizeof r->ref, "%s", ref);
		snprintf(r->at, sizeof r->at, "2026-11-02T10:4%d:00Z", i);
		r->canon = entry_canon(ref, "pass");
		snprintf(r->prev_hash, sizeof r->prev_hash, "%s", prev);
		assert_int_equal(dt_chain_rec_hash(r, r->hash), 0);
		prev = r->hash;
		f->cur[i].kind = DT_CHAIN_CHECK;
		snprintf(f->cur[i].ref, sizeof f->cur[i].ref, "%s", ref);
		f->cur[i].canon = entry_canon(ref, "pass");
	}
	f->n = 3;
	f->nc = 3;
}

static void unbuild(fixture *f)
{
	for (size_t i = 0; i < 4; i++) {
		free(f->rec[i].canon);
		free(f->cur[i].canon);
	}
}

static void intact_chain(void **state)
{
	(void)state;
	fixture f;
	dt_chain_status g;
	build(&f);
	assert_int_equal(dt_chain_check(f.rec, f.n, 3, f.cur, f.nc, 0, &g), 0);
	assert_int_equal(g.intact, 1);
	assert_int_equal(g.records, 3);
	assert_int_equal(g.head_id, 3);
	assert_string_equal(g.head_hash, f.rec[2].hash);
	dt_chain_status_clear(&g);
	unbuild(&f);
}

/* Entry 2's row is edited (pass -> fail): named with its record id. */
static void altered_row(void **state)
{
	(void)state;
	fixture f;
	dt_chain_status g;
	build(&f);
	free(f.cur[1].canon);
	f.cur[1].canon = entry_canon("2", "fail");
	assert_int_equal(dt_chain_check(f.rec, f.n, 3, f.cur, f.nc, 0, &g), 0);
	assert_int_equal(g.intact, 0);
	assert_int_equal(g.first_bad_id, 2);
	assert_int_equal(g.defects, 1);
	assert_string_equal(g.reason, "checklist entry 2 (step6): the stored row "
	                    "differs from chain record 2 (altered)");
	assert_int_equal(g.acknowledged, 0);
	dt_chain_status_clear(&g);
	unbuild(&f);
}

/* The newest record and its row are deleted: the counter (3) is above
 * the last id (2). */
static void deleted_newest(void **state)
{
	(void)state;
	fixture f;
	dt_chain_status g;
	build(&f);
	assert_int_equal(dt_chain_check(f.rec, 2, 3, f.cur, 2, 0, &g), 0);
	assert_int_equal(g.intact, 0);
	assert_int_equal(g.first_bad_id, 3);
	assert_string_equal(g.reason, "chain record 3..3 removed (ids never "
	                    "repeat)");
	dt_chain_status_clear(&g);
	unbuild(&f);
}

/* A record's stored text is rewritten and its hash recomputed: the next
 * record's link breaks. A row with no record is reported last. */
static void relinked_and_unchained(void **state)
{
	(void)state;
	fixture f;
	dt_chain_status g;
	build(&f);
	free(f.rec[0].canon);
	f.rec[0].canon = entry_canon("1", "fail");
	free(f.cur[0].canon);
	f.cur[0].canon = entry_canon("1", "fail");
	assert_int_equal(dt_chain_rec_hash(&f.rec[0], f.rec[0].hash), 0);
	f.cur[3].kind = DT_CHAIN_CHECK;
	snprintf(f.cur[3].ref, sizeof f.cur[3].ref, "9");
	f.cur[3].canon = entry_canon("9", "pass");
	assert_int_equal(dt_chain_check(f.rec, 3, 3, f.cur, 4, 0, &g), 0);
	assert_int_equal(g.intact, 0);
	assert_int_equal(g.defects, 2);
	assert_int_equal(g.first_bad_id, 2);
	assert_string_equal(g.reason, "chain record 2, checklist entry 2 (step6): "
	                    "prev_hash does not match the previous record's hash "
	                    "(a record was altered, removed or inserted)");
	assert_non_null(strstr(g.defect_text, "checklist entry 9 (step6): not in "
	                       "the chain (written outside dualtrack)\n"));
	dt_chain_status_clear(&g);
	unbuild(&f);
}

/* A break record listing the defect acknowledges it: still not intact,
 * but writes may go on. */
static void acknowledged_break(void **state)
{
	(void)state;
	fixture f;
	dt_chain_status g;
	build(&f);
	free(f.cur[1].canon);
	f.cur[1].canon = entry_canon("2", "fail");
	assert_int_equal(dt_chain_check(f.rec, 3, 3, f.cur, 3, 0, &g), 0);
	char *bc = dt_chain_break_canon(&g, "ana", "2026-11-02T11:00:00Z");
	assert_non_null(bc);
	assert_non_null(strstr(bc, "old_head_id 1:3\n"));
	assert_non_null(strstr(bc, "first_bad_id 1:2\n"));
	assert_non_null(strstr(bc, "by 3:ana\n"));
	dt_chain_status_clear(&g);
	dt_chain_rec *b = &f.rec[3];
	b->id = 4;
	snprintf(b->kind, sizeof b->kind, "break");
	snprintf(b->ref, sizeof b->ref, "2");
	snprintf(b->at, sizeof b->at, "2026-11-02T11:00:00Z");
	b->canon = bc;
	snprintf(b->prev_hash, sizeof b->prev_hash, "%s", f.rec[2].hash);
	assert_int_equal(dt_chain_rec_hash(b, b->hash), 0);
	assert_int_equal(dt_chain_check(f.rec, 4, 4, f.cur, 3, 0, &g), 0);
	assert_int_equal(g.intact, 0);
	assert_int_equal(g.acknowledged, 1);
	assert_int_equal(g.first_bad_id, 2);
	assert_int_equal(g.head_id, 4);
	dt_chain_status_clear(&g);
	unbuild(&f);
}

/* dt_chain_canon_blob: a BLOB field's digest from a record text, a NULL
 * field, a missing one, a text field (not a BLOB), and a text field whose
 * bytes pose as a BLOB line (skipped by its length, never read as one). */
static void canon_blob(void **state)
{
	(void)state;
	static const char abc[] =
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
	char hex[65], *t = entry_canon("7", "pass");
	assert_int_equal(dt_chain_canon_blob(t, "vals", hex), 1);
	assert_string_equal(hex, abc);
	assert_int_equal(dt_chain_canon_blob(t, "note", hex), 0);
	assert_int_equal(dt_chain_canon_blob(t, "marks", hex), -1);
	assert_int_equal(dt_chain_canon_blob(t, "status", hex), -1);
	free(t);
	dt_chain_row r;
	memset(&r, 0, sizeof r);
	r.kind = DT_CHAIN_SERIES;
	snprintf(r.ref, sizeof r.ref, "1/x");
	set(&r.f[0], "metric", "x\nvals sha256:"
	    "0000000000000000000000000000000000000000000000000000000000000000");
	set(&r.f[1], "vals", "abc");
	r.f[1].is_blob = 1;
	r.nf = 2;
	t = dt_chain_row_canon(&r);
	assert_int_equal(dt_chain_canon_blob(t, "vals", hex), 1);
	assert_string_equal(hex, abc);
	free(t);
	assert_int_equal(dt_chain_canon_blob("dualtrack record v1\nvals 9:ab\n",
	                                     "vals", hex), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(row_text),
		cmocka_unit_test(record_hash),
		cmocka_unit_test(intact_chain),
		cmocka_unit_test(altered_row),
		cmocka_unit_test(deleted_newest),
		cmocka_unit_test(relinked_and_unchained),
		cmocka_unit_test(acknowledged_break),
		cmocka_unit_test(canon_blob),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
