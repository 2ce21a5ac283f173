/* test_chain_digest.c: a chain row's BLOB digests computed on a second
 * thread (model/store/chain_digest.h) give the record dt_chain_row_canon
 * makes hashing inline, byte for byte; a row under the thread threshold
 * starts nothing; a field whose digest is set is never read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "model/core/chain.h"
#include "model/store/chain_digest.h"
#include "model/util/sha256.h"

/* A series-like row: n, a BLOB of `bytes`, a NULL BLOB, an empty BLOB. */
static void make_row(dt_chain_row *r, const unsigned char *blob, size_t bytes)
{
	memset(r, 0, sizeof *r);
	r->kind = DT_CHAIN_SERIES;
	strcpy(r->ref, "1/loss");
	r->f[0] = (dt_chain_field){.name = "n", .data = "3", .len = 1};
	r->f[1] = (dt_chain_field){.name = "vals", .data = blob, .len = bytes,
	                           .is_blob = 1};
	r->f[2] = (dt_chain_field){.name = "marks", .is_blob = 1, .is_null = 1};
	r->f[3] = (dt_chain_field){.name = "steps", .data = NULL, .len = 0,
	                           .is_blob = 1};
	r->nf = 4;
}

static void same_record(size_t bytes, int expect_thread)
{
	unsigned char *blob = malloc(bytes ? bytes : 1);
	assert_non_null(blob);
	for (size_t i = 0; i < bytes; i++)
		blob[i] = (unsigned char)(i * 2654435761u >> 13);
	dt_chain_row inline_row, threaded;
	make_row(&inline_row, blob, bytes);
	make_row(&threaded, blob, bytes);
	char *want = dt_chain_row_canon(&inline_row);
	assert_non_null(want);
	dt_chain_digests d;
	dt_chain_digests_begin(&d, &threaded);
	assert_int_equal(d.row != NULL, expect_thread);
	assert_int_equal(dt_chain_digests_end(&d), 0);
	/* the thread's digests are the fields' own, set only on the hashed
	 * BLOBs (vals and the empty steps), never on the NULL marks */
	assert_int_equal(threaded.f[1].sha256 != NULL, expect_thread);
	assert_int_equal(threaded.f[3].sha256 != NULL, expect_thread);
	assert_null(threaded.f[2].sha256);
	if (expect_thread) {
		char hex[65];
		assert_int_equal(dt_sha256_hex(blob, bytes, hex), 0);
		assert_string_equal(threaded.f[1].sha256, hex);
		/* SHA-256 of nothing (FIPS 180-4 test vector) */
		assert_string_equal(threaded.f[3].sha256, "e3b0c44298fc1c149afbf4c8"
		                    "996fb92427ae41e4649b934ca495991b7852b855");
	}
	char *got = dt_chain_row_canon(&threaded);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
	free(want);
	free(blob);
}

static void test_threaded_equals_inline(void **state)
{
	(void)state;
	same_record(DT_CHAIN_DIGEST_THREAD_FROM + 12345, 1);
}

static void test_small_row_inline(void **state)
{
	(void)state;
	same_record(1000, 0);
}

/* A set digest is taken as given: the data is not read (here it is
 * NULL with a length that would fault if it were). */
static void test_known_digest_not_reread(void **state)
{
	(void)state;
	dt_chain_row r;
	make_row(&r, NULL, 0);
	r.f[1].len = 1u << 30;
	r.f[1].sha256 = "00112233445566778899aabbccddeeff"
	                "00112233445566778899aabbccddeeff";
	char *c = dt_chain_row_canon(&r);
	assert_non_null(c);
	assert_non_null(strstr(c, "sha256:00112233445566778899aabbccddeeff"
	                          "00112233445566778899aabbccddeeff\n"));
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threaded_equals_inline),
		cmocka_unit_test(test_small_row_inline),
		cmocka_unit_test(test_known_digest_not_reread),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
