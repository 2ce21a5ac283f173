/* bench_parse.c: an importer's parse alone (no store, no process start):
 * the file opened as dualtrack opens it (importers/source.h) and parsed
 * into a raw log, best of REPEAT runs. Shows how much of a whole import
 * (bench_import, json_peers.py) is the parse.
 * usage: bench_parse FILE FORMAT [REPEAT]
 * Prints: points, best parse time (s), MB/s. Figures only. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "importers/importer.h"
#include "importers/source.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench_parse FILE FORMAT [REPEAT]\n");
		return 2;
	}
	const dt_importer *imp = dt_importer_by_name(argv[2]);
	int repeat = argc > 3 ? atoi(argv[3]) : 3;
	if (!imp) {
		fprintf(stderr, "bench_parse: no format '%s'\n", argv[2]);
		return 2;
	}
	double best = 1e30;
	size_t points = 0, bytes = 0;
	for (int i = 0; i < repeat; i++) {
		dt_source src;
		dt_rawlog log;
		dt_import_opts opts = {0, 0, 0, NULL, 0};
		char err[512];
		if (dt_source_open(argv[1], &src, err, sizeof err) < 0) {
			fprintf(stderr, "bench_parse: %s\n", err);
			return 1;
		}
		dt_rawlog_init(&log);
		double t0 = now();
		int rc = imp->parse(&src, &opts, &log, err, sizeof err);
		double t = now() - t0;
		if (rc < 0) {
			fprintf(stderr, "bench_parse: %s\n", err);
			return 1;
		}
		points = dt_rawlog_points(&log);
		bytes = src.len;
		dt_rawlog_free(&log);
		dt_source_close(&src);
		if (t < best)
			best = t;
	}
	printf("parse %-16s %8.1f MB  %9zu points  best %.3f s  %7.1f MB/s\n",
	       argv[2], bytes / 1e6, points, best, bytes / 1e6 / best);
	return 0;
}
