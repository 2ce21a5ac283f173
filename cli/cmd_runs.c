/* cmd_runs.c: dualtrack runs [--json]. */
#include <stdio.h>
#include <unistd.h> /* optind */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "model/service/integrity.h"
#include "model/service/run_load.h"
#include "model/service/run_settings.h"
#include "model/service/run_summary.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"

static void runs_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] runs [--json]\n\n"
	      "Lists runs: platform, format, segments (1 + restarts found),\n"
	      "replayed steps, warnings (notes are not counted; --json lists\n"
	      "both), and per metric the number of distinct\n"
	      "effective steps holding a value, non-finite values and step range.\n",
	      f);
}

/* Widest name column, in terminal columns; longer names are cut with an
 * ellipsis. */
#define NAME_COLS_MAX 48

/* Terminal columns of sanitised UTF-8 text: one per code point (run names
 * are labels; a double-width character is counted as one). */
static size_t text_cols(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Print sanitised UTF-8 `s` in exactly `cols` columns: padded with blanks,
 * or cut to cols - 1 code points followed by "\u2026". */
static void print_cell(const char *s, size_t cols)
{
	size_t n = text_cols(s);
	if (n <= cols) {
		printf("%s%*s", s, (int)(cols - n), "");
		return;
	}
	size_t b = 0;
	for (size_t k = 0; s[b]; b++) {
		if (((unsigned char)s[b] & 0xC0) != 0x80 && k++ == cols - 1)
			break;
	}
	printf("%.*s\u2026", (int)b, s);
}

/* A JSON array of strings under `key`. */
static void json_texts(dt_jw *w, const char *key, char *const *v, size_t n)
{
	dt_jw_key(w, key);
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < n; i++)
		dt_jw_str(w, v[i]);
	dt_jw_arr_end(w);
}

/* A run's JSON object; -1 (nothing written) when the store cannot give
 * its metrics, warnings, notes or facts: the caller says why. */
static int json_run(dt_jw *w, dt_store *st, const dt_run *r)
{
	dt_metric_stats *ms = NULL;
	size_t nm = 0, nw = 0, nn = 0;
	char **warn = NULL, **notes = NULL;
	dt_fact *facts = NULL;
	size_t nf = 0;
	if (dt_store_stats_list(st, r->id, &ms, &nm) < 0 ||
	    dt_run_warnings_current(st, r->id, &warn, &nw) < 0 ||
	    dt_store_note_list(st, r->id, &notes, &nn) < 0 ||
	    dt_store_fact_list(st, r->id, &facts, &nf) < 0) {
		free(ms);
		dt_strv_free(warn, nw);
		dt_strv_free(notes, nn);
		free(facts);
		return -1;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "name"); dt_jw_str(w, r->name);
	dt_jw_key(w, "platform"); dt_jw_str(w, r->platform);
	dt_jw_key(w, "format"); dt_jw_str(w, r->format);
	dt_jw_key(w, "files"); dt_jw_int(w, r->files);
	dt_jw_key(w, "segments"); dt_jw_int(w, r->segments);
	dt_jw_key(w, "replayed_steps"); dt_jw_int(w, r->replayed_steps);
	/* not in the log and not given: null (run_settings.h) */
	int64_t g = dt_run_grad_accum_shown(r, facts, nf);
	dt_jw_key(w, "grad_accum");
	if (g > 0)
		dt_jw_int(w, g);
	else
		dt_jw_null(w);
	dt_jw_key(w, "global_batch");
	if (r->global_batch > 0)
		dt_jw_int(w, r->global_batch);
	else
		dt_jw_null(w);
	dt_jw_key(w, "step_source"); dt_jw_str(w, r->step_source);
	json_texts(w, "warnings", warn, nw);
	json_texts(w, "notes", notes, nn);
	dt_jw_key(w, "facts");
	dt_jw_obj_begin(w);
	for (size_t i = 0; i < nf; i++) {
		dt_jw_key(w, facts[i].key);
		dt_jw_str(w, facts[i].value);
	}
	dt_jw_obj_end(w);
	free(facts);
	dt_jw_key(w, "metrics");
	dt_jw_obj_begin(w);
	for (size_t i = 0; i < nm; i++) {
		dt_jw_key(w, ms[i].metric);
		dt_jw_obj_begin(w);
		dt_jw_key(w, "points"); dt_jw_int(w, ms[i].points);
		dt_jw_key(w, "non_finite"); dt_jw_int(w, ms[i].non_finite);
		dt_jw_key(w, "first_step"); dt_jw_int(w, ms[i].first_step);
		dt_jw_key(w, "last_step"); dt_jw_int(w, ms[i].last_step);
		dt_jw_key(w, "segments"); dt_jw_int(w, ms[i].segments);
		dt_jw_key(w, "replayed"); dt_jw_int(w, ms[i].replayed);
		dt_jw_obj_end(w);
	}
	dt_jw_obj_end(w);
	dt_jw_obj_end(w);
	free(ms);
	dt_strv_free(warn, nw);
	dt_strv_free(notes, nn);
	return 0;
}

/* A run's row (its summary: the service's, as the TUI's run list); -1
 * (nothing printed) when the store cannot give its metrics or warnings
 * (a row of "- (no loss)" would say the run has no loss): the caller
 * says why. */
static int text_run(dt_store *st, const dt_run *r, size_t name_cols)
{
	dt_run_summary sum;
	char name[DT_NAME_MAX * 2];
	if (dt_run_summary_load(st, r, &sum) < 0)
		return -1;
	dt_sanitize(r->name, name, sizeof name);
	print_cell(name, name_cols);
	printf(" %-5s %-18s ", r->platform, r->format);
	if (sum.has_loss)
		printf("%8lld %9lld..%-9lld", (long long)sum.loss.points,
		       (long long)sum.loss.first_step,
		       (long long)sum.loss.last_step);
	else
		printf("%8s %20s", "-", "(no loss)");
	printf(" %4lld %8lld %4zu\n", (long long)r->segments,
	       (long long)r->replayed_steps, sum.nwarnings);
	return 0;
}

int dt_cmd_runs(const char *db, int argc, char **argv)
{
	int json;
	int r = dt_cli_json_opts(argc, argv, &db, &json, runs_usage);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	if (dt_cli_operands("runs", argv + optind, argc - optind, 0, 0,
	                    "runs takes no argument") < 0)
		return DT_EXIT_USAGE;
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_run *runs;
	size_t n;
	if (dt_store_run_list(st, &runs, &n) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	const dt_run *bad = NULL; /* the run the store could not list */
	if (json) {
		dt_jw w;
		dt_jw_init(&w, stdout, 1);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "runs");
		dt_jw_arr_begin(&w);
		for (size_t i = 0; i < n && !bad; i++)
			bad = json_run(&w, st, &runs[i]) < 0 ? &runs[i] : NULL;
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	} else {
		size_t cols = 3;  /* "run" */
		for (size_t i = 0; i < n; i++) {
			char name[DT_NAME_MAX * 2];
			dt_sanitize(runs[i].name, name, sizeof name);
			size_t nc = text_cols(name);
			cols = nc > cols ? nc : cols;
		}
		cols = cols > NAME_COLS_MAX ? NAME_COLS_MAX : cols;
		print_cell("run", cols);
		printf(" %-5s %-18s %8s %20s %4s %8s %4s\n", "plat", "format",
		       "loss pts", "steps", "segs", "replayed", "warn");
		for (size_t i = 0; i < n && !bad; i++)
			bad = text_run(st, &runs[i], cols) < 0 ? &runs[i] : NULL;
		if (n == 0)
			printf("(no runs: 'dualtrack import --help' or 'dualtrack demo')\n");
	}
	if (bad) {
		char name[DT_NAME_MAX * 2];
		dt_sanitize(bad->name, name, sizeof name);
		fprintf(stderr, "dualtrack: run '%s': %s; the listing stops "
		        "there\n", name, dt_store_error(st));
		free(runs);
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	free(runs);
	/* the store's records altered (the cheap check every command runs):
	 * compare's integrity line, last on stdout (stderr beside JSON) */
	dt_integrity in;
	if (dt_integrity_load_listing(st, &in) == 0)
		dt_print_integrity_text(json ? stderr : stdout, &in,
		                        DT_BESIDE_LISTING);
	dt_store_close(st);
	return DT_EXIT_OK;
}
