/* bench_curve_open.c: what opening one stored series as a chart curve
 * costs (dt_store_curve_open: its shape and stored levels of detail),
 * then one full-width frame of it (dt_curve_columns over every point)
 * and one 1 % zoom at its middle: for each, the wall and CPU time (user
 * + system: the steadier figure on a machine others load), the bytes
 * this process read from files (/proc/self/io rchar: SQLite's preads,
 * page cache hits of the kernel included) and from the disk (read_bytes:
 * what missed the kernel's page cache), and major page faults.
 * usage: bench_curve_open STORE RUN [METRIC [W [cold]]]
 *   METRIC defaults to loss, W (screen columns) to 200. "cold" drops the
 *   store file's pages from the kernel's page cache first
 *   (posix_fadvise DONTNEED after fsync; no root needed), so read_bytes
 *   is what a first open after a reboot reads.
 * Make the store with bench/gen_log csv N and `dualtrack import`
 * (bench/run.sh does). Figures only, never asserted. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "model/service/curve_open.h"
#include "model/store/store.h"

typedef struct mark {
	double t, cpu;
	long long rchar, read_bytes;
	long majflt;
} mark;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static mark take(void)
{
	mark m = {now(), 0, -1, -1, 0};
	FILE *f = fopen("/proc/self/io", "r");
	char line[128];
	while (f && fgets(line, sizeof line, f)) {
		sscanf(line, "rchar: %lld", &m.rchar);
		sscanf(line, "read_bytes: %lld", &m.read_bytes);
	}
	if (f)
		fclose(f);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	m.majflt = ru.ru_majflt;
	m.cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
	        (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
	return m;
}

static void report(const char *what, mark a, mark b)
{
	printf("  %-34s %8.2f ms (CPU %7.2f ms)  read %8.2f MB (disk %7.2f MB)"
	       "  majflt %ld\n", what, (b.t - a.t) * 1e3, (b.cpu - a.cpu) * 1e3,
	       (b.rchar - a.rchar) / 1048576.0,
	       (b.read_bytes - a.read_bytes) / 1048576.0, b.majflt - a.majflt);
}

/* Drop `path`'s pages from the page cache (a missing file is fine). */
static void drop_cache(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	fsync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 6) {
		fprintf(stderr, "usage: bench_curve_open STORE RUN [METRIC [W [cold]]]\n");
		return 2;
	}
	const char *metric = argc > 3 ? argv[3] : "loss";
	size_t w = argc > 4 ? (size_t)atoi(argv[4]) : 200;
	int cold = argc > 5 && strcmp(argv[5], "cold") == 0;
	if (w == 0 || w > 100000)
		w = 200;
	if (cold) {
		char p[4096];
		drop_cache(argv[1]);
		snprintf(p, sizeof p, "%s-wal", argv[1]);
		drop_cache(p);
	}
	char err[512];
	mark m0 = take();
	dt_store *st = dt_store_open_flags(argv[1], DT_STORE_READ, err, sizeof err);
	if (!st) {
		fprintf(stderr, "bench_curve_open: %s\n", err);
		return 1;
	}
	dt_run run;
	if (dt_store_run_find(st, argv[2], &run) != 0) {
		fprintf(stderr, "bench_curve_open: run %s not found\n", argv[2]);
		dt_store_close(st);
		return 1;
	}
	mark m1 = take();
	static dt_store_curve sc;
	int rc = dt_store_curve_open(st, &run, metric, &sc, err, sizeof err);
	mark m2 = take();
	if (rc != 0) {
		fprintf(stderr, "bench_curve_open: %s\n", rc < 0 ? err :
		        "not a simple stored series with stored levels");
		dt_store_close(st);
		return 1;
	}
	dt_column *cols = calloc(w, sizeof *cols);
	if (!cols)
		return 1;
	const dt_curve *c = &sc.c;
	double x0 = (double)dt_curve_x(c, 0);
	double span = (double)(dt_curve_x(c, c->n - 1) - dt_curve_x(c, 0)) + 1;
	dt_curve_columns(c, x0, span, w, cols);
	mark m3 = take();
	dt_curve_columns(c, x0 + span * 0.495, span * 0.01, w, cols);
	mark m4 = take();
	double sum = 0;
	for (size_t i = 0; i < w; i++)
		sum += cols[i].r.finite ? cols[i].r.max : 0;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("%s run %s metric %s: %zu points, %zu stored levels, %s page cache"
	       " (checksum %.6g)\n", argv[1], argv[2], metric, c->n,
	       sc.pyr.nlevels, cold ? "cold" : "warm", sum);
	report("store open + run find", m0, m1);
	report("dt_store_curve_open", m1, m2);
	char what[64];
	snprintf(what, sizeof what, "full-width frame (%zu columns)", w);
	report(what, m2, m3);
	report("1 % zoom at the middle", m3, m4);
	printf("  peak RSS %.1f MB\n", ru.ru_maxrss / 1024.0);
	free(cols);
	dt_store_curve_close(&sc);
	dt_store_close(st);
	return sc.failed;
}
