/* test_import_digest.c: the early digest of an import (importers/
 * import_digest.h dt_file_digest_early): begun while the parse still
 * runs, adopted with the source when the parse succeeds (the caller's
 * struct zeroed, the source closed by the join), freed before the caller
 * closes the source when it fails. Its digest is the file's, computed
 * apart with Python's hashlib over the same bytes. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dt_test_rss.h"
#include "dt_test_tmpdir.h"
#include "importers/import_digest.h"
#include "importers/source.h"
#include "model/util/sha256.h"

/* "step,loss\n" then rows "s,2.5\n" for s = 1..3000000: 34888906 bytes
 * (as in test_source.c). */
#define ROWS 3000000
#define SHA "9bbe88174a467b27127294b993b084ba330095b3e6fabe9ad46c5569fd10e418"

static void write_csv(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("step,loss\n", f);
	for (int s = 1; s <= ROWS; s++)
		fprintf(f, "%d,2.5\n", s);
	assert_int_equal(ftell(f), 34888906);
	fclose(f);
}

static int setup(void **state)
{
	if (tmpdir_setup(state) < 0)
		return -1;
	char p[300];
	snprintf(p, sizeof p, "%s/a.csv", dir);
	write_csv(p);
	return 0;
}

static int teardown(void **state)
{
	return tmpdir_teardown(state);
}

/* Begun with half the file given back by the parser, adopted after it:
 * the caller's source is zeroed, the join gives the file's digest (and
 * closes the source: ASan reports a leak otherwise). */
static void early_then_adopted(void **state)
{
	(void)state;
	char p[300], err[600], hex[65] = "";
	snprintf(p, sizeof p, "%s/a.csv", dir);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	for (size_t off = 0; off < src.len / 2; off += 1u << 20)
		dt_source_release(&src, off);
	dt_file_digest *d = dt_file_digest_early(&src, p);
	assert_non_null(d);
	unsigned long sum = 0;
	for (size_t off = src.len / 2; off < src.len; off += 4096)
		sum += (unsigned char)src.data[off]; /* the other thread parses */
	assert_true(sum > 0);
	dt_source_parse_done(&src);
	dt_file_digest_adopt(d, &src);
	assert_null(src.data);
	assert_null(src.priv);
	assert_int_equal(dt_file_digest_join(d, hex, err, sizeof err), 0);
	assert_string_equal(hex, SHA);
	dt_source_close(&src); /* zeroed: nothing */
}

/* The parse failed: the digest is freed (its thread stopped and joined)
 * and the caller closes the source it still owns. */
static void early_then_freed(void **state)
{
	(void)state;
	char p[300], err[600];
	snprintf(p, sizeof p, "%s/a.csv", dir);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	dt_file_digest *d = dt_file_digest_early(&src, p);
	assert_non_null(d);
	dt_source_parse_done(&src);
	dt_file_digest_free(d);
	assert_non_null(src.data); /* still the caller's */
	assert_int_equal(src.len, 34888906);
	dt_source_close(&src);
}

/* A source read whole into memory (dt_source_load), its digest taken
 * after the parse: once hashed, the copy is given back while the digest
 * waits for its join, and the join still gives the file's digest and
 * checks the file. An import parses every file of a run before storing
 * any, so each file's copy stayed until the store: three 60 MB CSVs
 * peaked at 439 MB (reliability trial). */
static void after_loaded_released(void **state)
{
	(void)state;
	char p[300], err[600], hex[65] = "";
	snprintf(p, sizeof p, "%s/a.csv", dir);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, DT_SOURCE_LOAD_MAX), 1);
	size_t loaded = resident_now();
	dt_file_digest *d = dt_file_digest_start(&src, p, DT_DIGEST_AFTER, err,
	                                         sizeof err);
	assert_non_null(d);
	assert_null(src.priv); /* taken */
	size_t now = loaded;
#ifndef __SANITIZE_ADDRESS__
	/* (ASan keeps freed blocks in its quarantine: resident either way) */
	for (int i = 0; i < 500 && now + ((size_t)24 << 20) > loaded; i++) {
		usleep(20000);
		now = resident_now();
	}
	assert_true(now + ((size_t)24 << 20) <= loaded);
#else
	(void)now;
#endif
	assert_int_equal(dt_file_digest_join(d, hex, err, sizeof err), 0);
	assert_string_equal(hex, SHA);
}

/* A log with trailing NUL bytes (preallocated) is hashed whole, the
 * NUL bytes included, from the file that was opened and parsed: another
 * file renamed over its path meanwhile (a rotation, an editor's save)
 * is not the one hashed. The path was opened again: the run kept the
 * first file's points with the second file's SHA-256 (reliability
 * trial). The join still checks the opened file. */
static void nul_tail_hashed_as_opened(void **state)
{
	(void)state;
	char p[300], q[300], err[600], hex[65] = "", want[65];
	snprintf(p, sizeof p, "%s/pre.csv", dir);
	snprintf(q, sizeof q, "%s/other.csv", dir);
	static char whole[14 + 65536];
	memset(whole, 0, sizeof whole);
	memcpy(whole, "step,loss\n1,2\n", 14);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(whole, 1, sizeof whole, f), sizeof whole);
	fclose(f);
	assert_int_equal(dt_sha256_hex(whole, sizeof whole, want), 0);
	f = fopen(q, "w");
	fputs("step,loss\n1,3\n", f);
	fclose(f);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(src.len, 14);
	assert_int_equal(rename(q, p), 0);
	dt_file_digest *d = dt_file_digest_start(&src, p, DT_DIGEST_AFTER, err,
	                                         sizeof err);
	assert_non_null(d);
	assert_int_equal(dt_file_digest_join(d, hex, err, sizeof err), 0);
	assert_string_equal(hex, want);
	unlink(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(early_then_adopted),
		cmocka_unit_test(early_then_freed),
		cmocka_unit_test(after_loaded_released),
		cmocka_unit_test(nul_tail_hashed_as_opened),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
