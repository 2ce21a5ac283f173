/* cmd_series.c: dualtrack series RUN [--metric M] [--json|--csv]. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "model/service/compare.h"
#include "model/util/jsonw.h"
#include "model/service/run_load.h"
#include "model/util/text.h"

static void series_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] series RUN [--metric loss] [--json|--csv]\n\n"
	      "Prints one metric of a run, one row per effective step after\n"
	      "restart resolution (latest segment wins) and micro-batch averaging:\n"
	      "step, value, segment (1-based). Non-finite values print as nan, inf\n"
	      "or -inf (JSON: null, listed in non_finite).\n", f);
}

static void print_series(const dt_run *run, const char *metric,
                         const dt_series *s, int mode)
{
	char buf[32];
	if (mode == 'j') {
		dt_jw w;
		dt_jw_init(&w, stdout, 0);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "run"); dt_jw_str(&w, run->name);
		dt_jw_key(&w, "metric"); dt_jw_str(&w, metric);
		dt_jw_key(&w, "segments"); dt_jw_int(&w, (int64_t)s->nsegments);
		dt_jw_key(&w, "replayed_steps"); dt_jw_int(&w, (int64_t)s->replayed);
		dt_jw_key(&w, "points");
		dt_jw_arr_begin(&w);
		for (size_t i = 0; i < s->n; i++) {
			dt_jw_obj_begin(&w);
			dt_jw_key(&w, "step"); dt_jw_int(&w, s->step[i]);
			dt_jw_key(&w, "value"); dt_jw_num(&w, s->value[i]);
			dt_jw_key(&w, "segment"); dt_jw_int(&w, s->segment[i]);
			dt_jw_obj_end(&w);
		}
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
		return;
	}
	printf(mode == 'c' ? "step,value,segment\n" : "%10s %22s %7s\n",
	       "step", "value", "segment");
	for (size_t i = 0; i < s->n; i++) {
		dt_fmt_double(s->value[i], buf);
		printf(mode == 'c' ? "%lld,%s,%u\n" : "%10lld %22s %7u\n",
		       (long long)s->step[i], buf, (unsigned)s->segment[i]);
	}
}

int dt_cmd_series(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"metric", required_argument, NULL, 'm'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *metric = "loss";
	int mode = 't', c;
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': metric = optarg; break;
		case 'j': case 'c': mode = c; break;
		case 'd': db = optarg; break;
		case 'h': series_usage(stdout); return DT_EXIT_OK;
		default: series_usage(stderr); return DT_EXIT_USAGE;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "dualtrack: series needs exactly one RUN\n");
		return DT_EXIT_USAGE;
	}
	char err[600];
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_run run;
	dt_series s;
	int rc = DT_EXIT_USAGE;
	if (dt_cli_find_run(st, argv[optind], &run) == 0) {
		if (dt_run_series(st, &run, metric, &s, err, sizeof err) < 0) {
			fprintf(stderr, "dualtrack: %s\n", err);
		} else if (s.n == 0) {
			char safe[128], list[600];
			dt_sanitize(metric, safe, sizeof safe);
			dt_run_metric_list(st, run.id, list, sizeof list);
			fprintf(stderr, "dualtrack: run has no metric '%s'; its "
			        "metrics: %s\n", safe, list);
		} else {
			print_series(&run, metric, &s, mode);
			rc = DT_EXIT_OK;
		}
		dt_series_free(&s);
	}
	dt_store_close(st);
	return rc;
}
