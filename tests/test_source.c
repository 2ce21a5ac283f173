/* test_source.c: the import read path (importers/source.h): a mapped
 * file truncated while it is parsed gives an error, never SIGBUS; a file
 * changed in place is refused; trailing NUL bytes are left out without
 * being held in memory; gzip and zstd are recognised by magic bytes,
 * including a NUL run inside the stream, and a cut-off stream is an
 * error; the SHA-256 taken on a second thread through the mapping, ahead
 * of the parser, is the file's, also when the parse fails at once; so is
 * the one begun beside a parse already half done (the early digest), and
 * the idle hook that starts it runs once. A file read whole into memory
 * (dt_source_load) holds the same bytes and digests, parses the same, and
 * is still checked against the file. */
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cmocka.h>

#include "dt_test_rss.h"
#include "dt_test_tmpdir.h"
#include "importers/importer.h"
#include "importers/source.h"
#include "model/util/sha256.h"

/* "step,loss\n" then rows "s,2.5\n" for s = 1..n. */
static size_t write_csv(const char *path, int n)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("step,loss\n", f);
	for (int s = 1; s <= n; s++)
		fprintf(f, "%d,2.5\n", s);
	long len = ftell(f);
	fclose(f);
	return (size_t)len;
}

static void path_in(char *out, size_t n, const char *name)
{
	snprintf(out, n, "%s/%s", dir, name);
}

/* 200000 rows (about 1.8 MB) cut to 100 bytes after the mapping: the
 * parser reads past the new end; zero pages stand in, the parse ends and
 * dt_source_check refuses with both sizes. */
static void truncated_while_parsed(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "shrink.csv");
	size_t len = write_csv(p, 200000);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(src.len, len);
	assert_int_equal(truncate(p, 100), 0);
	dt_rawlog log;
	dt_rawlog_init(&log);
	dt_import_opts none = {0, 0, 0, NULL, 0};
	(void)dt_imp_csv.parse(&src, &none, &log, err, sizeof err);
	dt_rawlog_free(&log);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), -1);
	char want[128];
	snprintf(want, sizeof want, "shrank from %zu to 100 bytes", len);
	assert_non_null(strstr(err, want));
	dt_source_close(&src);
}

/* The same cut, the import's way (import.c): the parser fails on the
 * zero pages, and dt_source_check_after puts the cause in its place
 * (the import used to report "shrink.csv:N: expected an integer step
 * ..., found '...'", as if the log were corrupt). A parse error in an
 * unchanged file stays the parser's. */
static void truncated_parse_error(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "shrink2.csv");
	size_t len = write_csv(p, 200000);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(truncate(p, 100), 0);
	dt_rawlog log;
	dt_rawlog_init(&log);
	dt_import_opts none = {0, 0, 0, NULL, 0};
	int rc = dt_imp_csv.parse(&src, &none, &log, err, sizeof err);
	dt_rawlog_free(&log);
	assert_int_equal(rc, -1);
	assert_null(strstr(err, "shrank"));
	assert_int_equal(dt_source_check_after(&src, 0, rc, err, sizeof err), -1);
	char want[128];
	snprintf(want, sizeof want, "shrank from %zu to 100 bytes", len);
	assert_non_null(strstr(err, want));
	dt_source_close(&src);

	path_in(p, sizeof p, "bad.csv");
	FILE *f = fopen(p, "w");
	fputs("step,loss\n1,2.5\nx,2\n", f);
	fclose(f);
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	dt_rawlog_init(&log);
	rc = dt_imp_csv.parse(&src, &none, &log, err, sizeof err);
	dt_rawlog_free(&log);
	assert_int_equal(rc, -1);
	char kept[600];
	snprintf(kept, sizeof kept, "%s", err);
	assert_int_equal(dt_source_check_after(&src, 0, rc, err, sizeof err), -1);
	assert_string_equal(err, kept);
	assert_int_equal(dt_source_check_after(&src, 0, 0, err, sizeof err), 0);
	dt_source_close(&src);
}

/* Same size, other bytes, a later modification time: refused. */
static void changed_in_place(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "change.csv");
	write_csv(p, 100);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), 0);
	int fd = open(p, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, "9", 1, 10), 1); /* "1,2.5" -> "9,2.5" */
	struct timespec t[2] = {{0, UTIME_OMIT}, {2000000000, 0}};
	assert_int_equal(futimens(fd, t), 0);
	close(fd);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), -1);
	assert_non_null(strstr(err, "changed while it was being imported"));
	dt_source_close(&src);
}

/* 14 bytes of log, then a 64 MiB hole (a preallocated log): len 14, the
 * hole counted as NUL bytes, never read into memory. */
static void nul_tail_left_out(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "nul.csv");
	FILE *f = fopen(p, "w");
	fputs("step,loss\n1,2\n", f);
	fclose(f);
	assert_int_equal(truncate(p, 14 + (64 << 20)), 0);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(src.len, 14);
	assert_int_equal(dt_source_nul_bytes(&src, NULL), (uint64_t)64 << 20);
	assert_int_equal(dt_source_mapped_whole(&src), 0); /* hashed by path */
	assert_memory_equal(src.data, "step,loss\n1,2\n", 14);
	dt_source_close(&src);
}

/* dt_source_sha256_ahead on its own thread, as import.c runs it. */
typedef struct ahead_job {
	const dt_source *src;
	char hex[65];
	int rc;
} ahead_job;

static void *ahead_thread(void *arg)
{
	ahead_job *j = arg;
	j->rc = dt_source_sha256_ahead(j->src, j->hex);
	return NULL;
}

/* "step,loss\n" and rows "s,2.5\n" for s = 1..3000000: 34888906 bytes,
 * more than the 24 MiB the hashing thread may run ahead of the parser.
 * Its SHA-256, computed apart with Python's hashlib over the same bytes
 * (the header, then b'%d,2.5\n' % s for each s): */
#define AHEAD_ROWS 3000000
#define AHEAD_LEN 34888906u
#define AHEAD_SHA "9bbe88174a467b27127294b993b084ba330095b3e6fabe9ad46c5569fd10e418"

/* The parser gives back 1 MiB after 1 MiB, then is done: the hashing
 * thread, held at 24 MiB ahead of it, hashes every byte; the digest is
 * the file's, the same as dt_sha256_file's through its own handle. */
static void hash_ahead_of_parser(void **state)
{
	(void)state;
	char p[128], err[600], hex[65];
	path_in(p, sizeof p, "ahead.csv");
	assert_int_equal(write_csv(p, AHEAD_ROWS), AHEAD_LEN);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_mapped_whole(&src), 1);
	ahead_job j = {&src, "", -1};
	pthread_t th;
	assert_int_equal(pthread_create(&th, NULL, ahead_thread, &j), 0);
	unsigned long sum = 0;
	for (size_t off = 0; off < src.len; off += 1u << 20) {
		sum += (unsigned char)src.data[off]; /* the parser reads too */
		dt_source_release(&src, off);
	}
	dt_source_release(&src, src.len);
	dt_source_parse_done(&src);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_true(sum > 0);
	assert_int_equal(j.rc, 0);
	assert_string_equal(j.hex, AHEAD_SHA);
	assert_int_equal(dt_sha256_file(p, hex, err, sizeof err), 0);
	assert_string_equal(hex, AHEAD_SHA);
	dt_source_close(&src);
	unlink(p);
}

/* A parse that fails on its first line gives nothing back: the hashing
 * thread, waiting at 24 MiB, goes on once told the parser is done (it
 * would wait forever otherwise) and still gives the file's digest. */
static void hash_ahead_parse_failed(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "ahead_fail.csv");
	assert_int_equal(write_csv(p, AHEAD_ROWS), AHEAD_LEN);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	ahead_job j = {&src, "", -1};
	pthread_t th;
	assert_int_equal(pthread_create(&th, NULL, ahead_thread, &j), 0);
	dt_source_parse_done(&src);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_int_equal(j.rc, 0);
	assert_string_equal(j.hex, AHEAD_SHA);
	dt_source_close(&src);
	unlink(p);
}

/* dt_source_sha256_beside on its own thread, as the early digest of
 * import_digest.c runs it while a parsing thread still reads. */
typedef struct beside_job {
	const dt_source *src;
	atomic_int over;
	char hex[65];
	int rc;
} beside_job;

static void *beside_thread(void *arg)
{
	beside_job *j = arg;
	j->rc = dt_source_sha256_beside(j->src, &j->over, j->hex);
	return NULL;
}

/* Started while the parser has given back half the file, told the parse
 * is over before or after it is done: either way the digest is the
 * file's (AHEAD_SHA, from hashlib), and the parser reads every byte
 * meanwhile. */
static void hash_beside_parser(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "beside.csv");
	assert_int_equal(write_csv(p, AHEAD_ROWS), AHEAD_LEN);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	for (int round = 0; round < 2; round++) {
		beside_job j = {.src = &src, .rc = -1};
		atomic_init(&j.over, 0);
		size_t half = src.len / 2;
		for (size_t off = 0; off < half; off += 1u << 20)
			dt_source_release(&src, off);
		pthread_t th;
		assert_int_equal(pthread_create(&th, NULL, beside_thread, &j), 0);
		unsigned long sum = 0;
		for (size_t off = half; off < src.len; off += 4096)
			sum += (unsigned char)src.data[off]; /* the second half */
		if (round == 1)
			atomic_store(&j.over, 1);
		assert_int_equal(pthread_join(th, NULL), 0);
		assert_true(sum > 0);
		assert_int_equal(j.rc, 0);
		assert_string_equal(j.hex, AHEAD_SHA);
	}
	dt_source_close(&src);
	unlink(p);
}

/* Told to stop (the import failed): -1, no digest. */
static void hash_beside_abandoned(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "beside_stop.csv");
	assert_int_equal(write_csv(p, 1000), 10 + 6 * 9 + 7 * 90 + 8 * 900 + 9);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	atomic_int over;
	atomic_init(&over, 2);
	char hex[65] = "";
	assert_int_equal(dt_source_sha256_beside(&src, &over, hex), -1);
	dt_source_close(&src);
	unlink(p);
}

static int idle_calls;
static void count_idle(void *arg)
{
	idle_calls += *(int *)arg;
}

/* The idle hook runs once, on the first dt_source_parse_idle; none set,
 * or removed, nothing runs. */
static void idle_hook_once(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "idle.csv");
	write_csv(p, 10);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	int one = 1;
	idle_calls = 0;
	dt_source_parse_idle(&src);
	assert_int_equal(idle_calls, 0);
	dt_source_on_idle(&src, count_idle, &one);
	dt_source_parse_idle(&src);
	dt_source_parse_idle(&src);
	assert_int_equal(idle_calls, 1);
	dt_source_on_idle(&src, count_idle, &one);
	dt_source_on_idle(&src, NULL, NULL);
	dt_source_parse_idle(&src);
	assert_int_equal(idle_calls, 1);
	dt_source_close(&src);
	unlink(p);
}

/* gzip of "step,loss\n1,2\n" + 1 MiB of NUL + "2,3\n" (written with
 * zlib): recognised by 1f 8b, the NUL run dropped (counted). */
static void gzip_by_magic(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "log.bin"); /* no .gz name: magic bytes decide */
	gzFile g = gzopen(p, "wb");
	assert_non_null(g);
	gzputs(g, "step,loss\n1,2\n");
	static char zeros[1 << 20];
	gzwrite(g, zeros, sizeof zeros);
	gzputs(g, "2,3\n");
	gzclose(g);
	dt_source src;
	const char *z;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(src.len, 18);
	assert_memory_equal(src.data, "step,loss\n1,2\n2,3\n", 18);
	assert_int_equal(dt_source_nul_bytes(&src, &z), 1 << 20);
	assert_string_equal(z, "gzip");
	assert_true(dt_source_streamed(&src));
	dt_source_close(&src);
	/* cut off: the first 20 compressed bytes only */
	char q[128];
	path_in(q, sizeof q, "cut.csv.gz");
	char cmd[400];
	snprintf(cmd, sizeof cmd, "head -c 20 %s > %s", p, q);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(dt_source_open(q, &src, err, sizeof err), -1);
	assert_non_null(strstr(err, "gzip data ends early"));
}

/* The series of a CSV parse of src. */
static void parse_csv(const dt_source *src, dt_rawlog *log)
{
	char err[600];
	dt_rawlog_init(log);
	dt_import_opts none = {0, 0, 0, NULL, 0};
	assert_int_equal(dt_imp_csv.parse(src, &none, log, err, sizeof err), 0);
}

/* dt_source_load: the file read whole into memory holds the mapping's
 * bytes, the same length, and every digest of it is the file's
 * (AHEAD_SHA, from hashlib): beside a parse, after one, ahead of one;
 * a CSV parse of it gives the points of the mapped file's parse. */
static void loaded_whole(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "loaded.csv");
	assert_int_equal(write_csv(p, AHEAD_ROWS), AHEAD_LEN);
	dt_source mapped, src;
	assert_int_equal(dt_source_open(p, &mapped, err, sizeof err), 0);
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 1);
	assert_int_equal(src.len, AHEAD_LEN);
	assert_true(src.data != mapped.data);
	assert_memory_equal(src.data, mapped.data, AHEAD_LEN);
	assert_int_equal(dt_source_mapped_whole(&src), 1);
	assert_false(dt_source_streamed(&src));
	char hex[65] = "";
	atomic_int over;
	atomic_init(&over, 0);
	assert_int_equal(dt_source_sha256_beside(&src, &over, hex), 0);
	assert_string_equal(hex, AHEAD_SHA);
	assert_int_equal(dt_source_sha256(&src, hex), 0);
	assert_string_equal(hex, AHEAD_SHA);
	assert_int_equal(dt_source_sha256_ahead(&src, hex), 0); /* no wait */
	assert_string_equal(hex, AHEAD_SHA);
	dt_rawlog a, b;
	parse_csv(&mapped, &a);
	parse_csv(&src, &b);
	assert_int_equal(a.nseries, 1);
	assert_int_equal(b.nseries, 1);
	assert_int_equal(b.series[0].n, AHEAD_ROWS);
	assert_memory_equal(b.series[0].step, a.series[0].step,
	                    AHEAD_ROWS * sizeof(int64_t));
	assert_memory_equal(b.series[0].value, a.series[0].value,
	                    AHEAD_ROWS * sizeof(double));
	assert_int_equal(b.series[0].step[AHEAD_ROWS - 1], AHEAD_ROWS);
	dt_rawlog_free(&a);
	dt_rawlog_free(&b);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), 0);
	dt_source_close(&mapped);
	dt_source_close(&src);
	unlink(p);
}

/* A loaded file still answers for the file: changed in place, or cut
 * short, after the load, dt_source_check refuses as for a mapping (the
 * copy is intact: every byte reads); a file that shrank before the load
 * is left mapped (0) and refused the same way. */
static void loaded_then_changed(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "loaded_change.csv");
	size_t len = write_csv(p, 200000);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 1);
	int fd = open(p, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, "9", 1, 10), 1);
	struct timespec t[2] = {{0, UTIME_OMIT}, {2000000000, 0}};
	assert_int_equal(futimens(fd, t), 0);
	close(fd);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), -1);
	assert_non_null(strstr(err, "changed while it was being imported"));
	assert_int_equal(src.data[10], '1'); /* the bytes read, not the new */
	assert_int_equal(truncate(p, 100), 0);
	unsigned long sum = 0;
	for (size_t i = 0; i < src.len; i++)
		sum += (unsigned char)src.data[i];
	assert_true(sum > 0);
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), -1);
	char want[128];
	snprintf(want, sizeof want, "shrank from %zu to 100 bytes", len);
	assert_non_null(strstr(err, want));
	dt_source_close(&src);

	len = write_csv(p, 200000);
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(truncate(p, 100), 0);
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 0);
	assert_int_equal(dt_source_mapped_whole(&src), 1); /* still mapped */
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), -1);
	snprintf(want, sizeof want, "shrank from %zu to 100 bytes", len);
	assert_non_null(strstr(err, want));
	dt_source_close(&src);
	unlink(p);
}

/* A preallocated log (64 MiB, its first 14 bytes written): the load
 * reads the data, not the trailing NUL bytes that dt_source_open left
 * out unread (a 250 MB preallocated CSV holding 4 MB was read whole:
 * 274 MB resident, 22 MB for the same log preallocated to 300 MB, over
 * the limit; reliability trial). Kept for a binary importer, the tail
 * reads as NUL bytes. */
static void loaded_nul_tail(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "loaded_nul.csv");
	FILE *f = fopen(p, "w");
	fputs("step,loss\n1,2\n", f);
	fclose(f);
	assert_int_equal(truncate(p, 14 + (64 << 20)), 0);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	size_t before = resident_now();
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 1);
	size_t after = resident_now();
	assert_true(after < before + ((size_t)8 << 20));
	assert_int_equal(src.len, 14);
	assert_memory_equal(src.data, "step,loss\n1,2\n", 14);
	assert_int_equal(dt_source_nul_bytes(&src, NULL), (uint64_t)64 << 20);
	assert_int_equal(dt_source_mapped_whole(&src), 0); /* hashed by path */
	assert_int_equal(dt_source_check(&src, 0, err, sizeof err), 0);
	dt_source_keep_nul_tail(&src);
	assert_int_equal(src.len, 14 + (64 << 20));
	assert_memory_equal(src.data, "step,loss\n1,2\n", 14);
	assert_int_equal(src.data[14], 0);
	assert_int_equal(src.data[src.len - 1], 0);
	assert_int_equal(dt_source_mapped_whole(&src), 1);
	dt_source_close(&src);
	unlink(p);
}

/* Not loaded: a file over the limit (left mapped), a decompressed
 * stream, an empty file. */
static void load_limits(void **state)
{
	(void)state;
	char p[128], err[600];
	path_in(p, sizeof p, "big.csv");
	size_t len = write_csv(p, 1000);
	dt_source src;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, len - 1), 0);
	assert_int_equal(dt_source_mapped_whole(&src), 1);
	assert_int_equal(dt_source_load(&src, len), 1);
	assert_int_equal(dt_source_load(&src, len), 0); /* loaded already */
	dt_source_close(&src);
	path_in(p, sizeof p, "small.csv.gz");
	gzFile g = gzopen(p, "wb");
	assert_non_null(g);
	gzputs(g, "step,loss\n1,2\n");
	gzclose(g);
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 0);
	assert_true(dt_source_streamed(&src));
	dt_source_close(&src);
	path_in(p, sizeof p, "empty.csv");
	fclose(fopen(p, "w"));
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(dt_source_load(&src, SIZE_MAX), 0);
	assert_int_equal(src.len, 0);
	dt_source_close(&src);
}

/* zstd frame of a CSV (ZSTD_compress), named .zst: name without it. */
static void zstd_by_magic(void **state)
{
	(void)state;
	char p[128], err[600], out[256];
	const char *text = "step,loss\n1,2.5\n2,2.4\n";
	size_t n = ZSTD_compress(out, sizeof out, text, strlen(text), 3);
	assert_false(ZSTD_isError(n));
	path_in(p, sizeof p, "metrics.csv.zst");
	FILE *f = fopen(p, "wb");
	fwrite(out, 1, n, f);
	fclose(f);
	dt_source src;
	const char *z;
	assert_int_equal(dt_source_open(p, &src, err, sizeof err), 0);
	assert_int_equal(src.len, strlen(text));
	assert_memory_equal(src.data, text, strlen(text));
	assert_string_equal(src.name, "metrics.csv");
	dt_source_nul_bytes(&src, &z);
	assert_string_equal(z, "zstd");
	dt_source_close(&src);
}

/* dt_utf8_bom_len: 3 only for the whole mark at the start. */
static void utf8_bom_len(void **state)
{
	(void)state;
	assert_int_equal(dt_utf8_bom_len("\xEF\xBB\xBFstep", 7), 3);
	assert_int_equal(dt_utf8_bom_len("\xEF\xBB\xBF", 3), 3);
	assert_int_equal(dt_utf8_bom_len("\xEF\xBB\xBF", 2), 0); /* cut */
	assert_int_equal(dt_utf8_bom_len("\xEF\xBB", 2), 0);
	assert_int_equal(dt_utf8_bom_len("", 0), 0);
	assert_int_equal(dt_utf8_bom_len("step", 4), 0);
	assert_int_equal(dt_utf8_bom_len("x\xEF\xBB\xBF", 4), 0);
	assert_int_equal(dt_utf8_bom_len("\xEF\xBB\xBE", 3), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(truncated_while_parsed),
		cmocka_unit_test(truncated_parse_error),
		cmocka_unit_test(changed_in_place),
		cmocka_unit_test(nul_tail_left_out),
		cmocka_unit_test(hash_ahead_of_parser),
		cmocka_unit_test(hash_ahead_parse_failed),
		cmocka_unit_test(hash_beside_parser),
		cmocka_unit_test(hash_beside_abandoned),
		cmocka_unit_test(idle_hook_once),
		cmocka_unit_test(gzip_by_magic),
		cmocka_unit_test(zstd_by_magic),
		cmocka_unit_test(loaded_whole),
		cmocka_unit_test(loaded_then_changed),
		cmocka_unit_test(load_limits),
		cmocka_unit_test(loaded_nul_tail),
		cmocka_unit_test(utf8_bom_len),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
