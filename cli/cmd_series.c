/* cmd_series.c: dualtrack series RUN [RUN...] [--metric M]...
 * [--json|--csv]: one curve as before, or several runs and metrics as
 * one tidy table (run, metric, step, value, segment). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "model/service/metric_find.h"
#include "model/service/compare.h"
#include "model/util/jsonw.h"
#include "model/service/run_load.h"
#include "model/util/text.h"

#define SERIES_MAX_METRICS 64

static void series_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] series RUN [RUN...] [--metric M]...\n"
	      "         [--json|--csv]\n\n"
	      "Prints metrics of runs, one row per effective step after restart\n"
	      "resolution (latest segment wins) and micro-batch averaging.\n"
	      "One RUN and one --metric (default loss): columns step, value,\n"
	      "segment (1-based). Several RUNs or --metric options, or --metric\n"
	      "all (every metric of each run): one tidy table, columns run,\n"
	      "metric, step, value, segment (JSON: the curves under \"series\").\n"
	      "Non-finite values print as nan, inf or -inf (JSON: null, listed\n"
	      "in non_finite).\n", f);
}

/* One curve in the JSON form (an object: run, metric, segments,
 * replayed_steps, points; integrity when `in` is not NULL: the single
 * curve's document). */
static void json_curve(dt_jw *w, const dt_run *run, const char *metric,
                       const dt_series *s, const dt_integrity *in)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "run"); dt_jw_str(w, run->name);
	dt_jw_key(w, "metric"); dt_jw_str(w, metric);
	dt_jw_key(w, "segments"); dt_jw_int(w, (int64_t)s->nsegments);
	dt_jw_key(w, "replayed_steps"); dt_jw_int(w, (int64_t)s->replayed);
	dt_jw_key(w, "points");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < s->n; i++) {
		dt_jw_obj_begin(w);
		dt_jw_key(w, "step"); dt_jw_int(w, s->step[i]);
		dt_jw_key(w, "value"); dt_jw_num(w, s->value[i]);
		dt_jw_key(w, "segment"); dt_jw_int(w, s->segment[i]);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
	if (in)
		dt_print_integrity_json(w, in);
	dt_jw_obj_end(w);
}

/* The single-curve forms (unchanged since before the tidy table). */
static void print_single(const dt_run *run, const char *metric,
                         const dt_series *s, const dt_integrity *in,
                         int mode)
{
	char buf[32];
	if (mode == 'j') {
		/* the object of json_curve is the whole document */
		dt_jw w;
		dt_jw_init(&w, stdout, 0);
		json_curve(&w, run, metric, s, in);
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

/* A CSV field (RFC 4180): sanitised, quoted when it holds a comma, a
 * quote or starts/ends with a space; quotes doubled. */
static void csv_field(const char *raw)
{
	char safe[512];
	dt_sanitize(raw, safe, sizeof safe);
	if (!strpbrk(safe, ",\"") && safe[0] != ' ' &&
	    !(safe[0] && safe[strlen(safe) - 1] == ' ')) {
		fputs(safe, stdout);
		return;
	}
	putchar('"');
	for (const char *c = safe; *c; c++) {
		if (*c == '"')
			putchar('"');
		putchar(*c);
	}
	putchar('"');
}

/* Rows of one curve in the tidy CSV or text table. */
static void tidy_rows(const dt_run *run, const char *metric,
                      const dt_series *s, int mode)
{
	char buf[32], rn[DT_NAME_MAX * 2], mn[128];
	if (mode == 't') {
		dt_sanitize(run->name, rn, sizeof rn);
		dt_sanitize(metric, mn, sizeof mn);
	}
	for (size_t i = 0; i < s->n; i++) {
		dt_fmt_double(s->value[i], buf);
		if (mode == 'c') {
			csv_field(run->name);
			putchar(',');
			csv_field(metric);
			printf(",%lld,%s,%u\n", (long long)s->step[i], buf,
			       (unsigned)s->segment[i]);
		} else {
			printf("%-24s %-20s %10lld %22s %7u\n", rn, mn,
			       (long long)s->step[i], buf, (unsigned)s->segment[i]);
		}
	}
}

/* The metrics to print for one run: the given ones, or with "all" the
 * run's metrics as the store lists them. *out owned by the caller (free)
 * when *owned, else points into given. Returns 0 or -1 (message printed). */
static int run_metrics(dt_store *st, const dt_run *run,
                       const char *const *given, size_t ngiven, int all,
                       const char ***out, size_t *nout,
                       dt_metric_stats **ms)
{
	*ms = NULL;
	if (!all) {
		*out = (const char **)given;
		*nout = ngiven;
		return 0;
	}
	size_t n;
	if (dt_store_stats_list(st, run->id, ms, &n) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return -1;
	}
	const char **v = malloc((n ? n : 1) * sizeof *v);
	if (!v) {
		free(*ms);
		*ms = NULL;
		fprintf(stderr, "dualtrack: out of memory\n");
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = (*ms)[i].metric;
	*out = v;
	*nout = n;
	return 0;
}

/* Load run/metric (the stored metric the name typed means:
 * dt_run_metric_find, its name into stored, size DT_METRIC_MAX); an
 * empty curve is an error naming the run's metrics. Returns 0 (s
 * filled, free with dt_series_free) or -1. */
static int load_curve(dt_store *st, const dt_run *run, const char *typed,
                      dt_series *s, char *stored)
{
	char err[600];
	const char *metric = stored;
	dt_run_metric_find(st, run->id, typed, stored, DT_METRIC_MAX);
	if (dt_run_series(st, run, metric, s, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	if (s->n == 0) {
		char safe[128], rn[DT_NAME_MAX * 2], list[600];
		dt_sanitize(metric, safe, sizeof safe);
		dt_sanitize(run->name, rn, sizeof rn);
		dt_run_metric_list(st, run->id, list, sizeof list);
		fprintf(stderr, "dualtrack: run '%s' has no metric '%s'; its "
		        "metrics: %s\n", rn, safe, list);
		dt_series_free(s);
		return -1;
	}
	return 0;
}

/* Whether every run holds every metric asked for (checked before any
 * output, so a missing one prints nothing on stdout). Returns 0 or -1
 * (message naming the run, the metric and the run's metrics printed). */
static int check_metrics(dt_store *st, const dt_run *runs, size_t nruns,
                         const char *const *metrics, size_t nmetrics)
{
	for (size_t r = 0; r < nruns; r++) {
		dt_metric_stats *ms;
		size_t n;
		if (dt_store_stats_list(st, runs[r].id, &ms, &n) < 0) {
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
			return -1;
		}
		for (size_t m = 0; m < nmetrics; m++) {
			size_t k = 0;
			char stored[DT_METRIC_MAX];
			dt_run_metric_find(st, runs[r].id, metrics[m], stored,
			                   sizeof stored);
			while (k < n && strcmp(ms[k].metric, stored))
				k++;
			if (k == n || ms[k].points == 0) {
				char safe[128], rn[DT_NAME_MAX * 2], list[600];
				dt_sanitize(metrics[m], safe, sizeof safe);
				dt_sanitize(runs[r].name, rn, sizeof rn);
				dt_run_metric_list(st, runs[r].id, list, sizeof list);
				fprintf(stderr, "dualtrack: run '%s' has no metric '%s'; "
				        "its metrics: %s\n", rn, safe, list);
				free(ms);
				return -1;
			}
		}
		free(ms);
	}
	return 0;
}

/* The tidy table of runs x metrics. What is asked for is checked first;
 * the JSON form then streams curve by curve (a store error after output
 * began leaves the document open; the exit status says so: 2). */
static int print_tidy(dt_store *st, char *const *names, size_t nruns,
                      const char *const *metrics, size_t nmetrics, int all,
                      int mode)
{
	dt_run *runs = calloc(nruns, sizeof *runs);
	if (!runs) {
		fprintf(stderr, "dualtrack: out of memory\n");
		return DT_EXIT_USAGE;
	}
	for (size_t r = 0; r < nruns; r++)
		if (dt_cli_find_run(st, names[r], &runs[r]) < 0) {
			free(runs);
			return DT_EXIT_USAGE;
		}
	if (!all && check_metrics(st, runs, nruns, metrics, nmetrics) < 0) {
		free(runs);
		return DT_EXIT_USAGE;
	}
	dt_jw w;
	if (mode == 'j') {
		dt_jw_init(&w, stdout, 0);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "series");
		dt_jw_arr_begin(&w);
	} else if (mode == 'c') {
		puts("run,metric,step,value,segment");
	} else {
		printf("%-24s %-20s %10s %22s %7s\n", "run", "metric", "step",
		       "value", "segment");
	}
	int rc = DT_EXIT_OK;
	for (size_t r = 0; r < nruns && rc == DT_EXIT_OK; r++) {
		const char **ms_names;
		size_t nm;
		dt_metric_stats *ms;
		if (run_metrics(st, &runs[r], metrics, nmetrics, all, &ms_names,
		                &nm, &ms) < 0) {
			rc = DT_EXIT_USAGE;
			break;
		}
		for (size_t m = 0; m < nm && rc == DT_EXIT_OK; m++) {
			dt_series s;
			char stored[DT_METRIC_MAX];
			if (load_curve(st, &runs[r], ms_names[m], &s, stored) < 0) {
				rc = DT_EXIT_USAGE;
				break;
			}
			if (mode == 'j')
				json_curve(&w, &runs[r], stored, &s, NULL);
			else
				tidy_rows(&runs[r], stored, &s, mode);
			dt_series_free(&s);
		}
		if (all)
			free(ms_names);
		free(ms);
	}
	if (mode == 'j' && rc == DT_EXIT_OK) {
		dt_jw_arr_end(&w);
		/* the store's state once every curve was read and checked
		 * against its seal (as compare --json) */
		dt_integrity in;
		if (dt_integrity_load(st, &in) == 0)
			dt_print_integrity_json(&w, &in);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	}
	free(runs);
	return rc;
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
	const char *metrics[SERIES_MAX_METRICS];
	size_t nmetrics = 0;
	int mode = 't', c, all = 0;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!strcmp(optarg, "all")) {
				all = 1;
			} else if (nmetrics == SERIES_MAX_METRICS) {
				fprintf(stderr, "dualtrack: at most %d --metric\n",
				        SERIES_MAX_METRICS);
				return DT_EXIT_USAGE;
			} else {
				metrics[nmetrics++] = optarg;
			}
			break;
		case 'j': case 'c': mode = c; break;
		case 'd': db = optarg; break;
		case 'h': series_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(series_usage); return DT_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "dualtrack: series needs at least one RUN\n");
		return DT_EXIT_USAGE;
	}
	if (all && nmetrics) {
		fprintf(stderr, "dualtrack: --metric all takes no other --metric\n");
		return DT_EXIT_USAGE;
	}
	if (nmetrics == 0 && !all)
		metrics[nmetrics++] = "loss";
	size_t nruns = (size_t)(argc - optind);
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = DT_EXIT_USAGE;
	if (nruns == 1 && nmetrics == 1 && !all) {
		dt_run run;
		dt_series s;
		dt_integrity in;
		char stored[DT_METRIC_MAX];
		if (dt_cli_find_run(st, argv[optind], &run) == 0 &&
		    load_curve(st, &run, metrics[0], &s, stored) == 0) {
			int have = dt_integrity_load(st, &in) == 0;
			print_single(&run, stored, &s, have ? &in : NULL, mode);
			dt_series_free(&s);
			rc = DT_EXIT_OK;
		}
	} else {
		rc = print_tidy(st, argv + optind, nruns, metrics, nmetrics, all,
		                mode);
	}
	/* values that differ from their seal are not shown as genuine (as
	 * compare): the integrity line last on stdout, on stderr beside CSV
	 * or JSON; exit 1 */
	dt_integrity in;
	if (rc == DT_EXIT_OK && dt_integrity_load(st, &in) == 0 &&
	    dt_print_integrity_text(mode == 't' ? stdout : stderr, &in,
	                            DT_BESIDE_VALUES))
		rc = DT_EXIT_FAIL;
	dt_store_close(st);
	return rc;
}
