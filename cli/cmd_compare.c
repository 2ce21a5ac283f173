/* cmd_compare.c: dualtrack compare BASELINE PILOT: the parity verdict. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_notes.h"
#include "cli/compare_verdicts.h"
#include "model/core/compile_note.h"
#include "model/util/jsonw.h"
#include "model/core/parity.h"
#include "model/service/run_load.h"
#include "model/util/text.h"

static void compare_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] compare BASELINE PILOT [--metric loss]\n"
	      "         [--rtol R] [--atol A] [--warmup STEPS] [--json]\n"
	      "         [--interpolate] [--window W] [--also-baseline RUN]...\n"
	      "         [--rule rtol|noise]\n\n"
	      "Pairs the two runs' points by effective step (by samples when both\n"
	      "global batches are known and differ). A step breaches when\n"
	      "|pilot - baseline| > atol + rtol * |baseline| or a value is not\n"
	      "finite; steps <= warm-up are not compared. Verdict pass when\n"
	      "breaches <= min(max(N // 100, 1), 50) of N compared steps (the rule\n"
	      "of Megatron-LM's functional tests); insufficient below 2 steps.\n"
	      "Defaults: --rtol 0.02 --atol 0 --warmup 0.\n"
	      "--interpolate: pilot linearly interpolated onto the baseline's\n"
	      "steps (marked \"interpolated\"); else only common steps pair.\n"
	      "--window W: compare means over windows of W effective steps.\n"
	      "--also-baseline RUN (repeatable): more GPU runs (other seeds);\n"
	      "prints the noise ratio R = pilot gap / GPU run-to-run spread\n"
	      "(~1: as close as two GPU runs; <= 1.2 within noise). --rule noise\n"
	      "lets R decide the verdict instead of rtol/atol.\n"
	      "Findings (logging-scale mismatch, non-finite, zero, constant\n"
	      "values) are listed with their first step.\n"
	      "Notes (summary.notes in JSON): a global batch known for one run\n"
	      "only, a run compared with itself. An insufficient verdict says\n"
	      "why (summary.reason): a run without the metric, no common step,\n"
	      "warm-up past the last common step.\n"
	      "exit: 0 pass, 1 fail or insufficient, 2 usage or input error\n", f);
}

static void json_x(dt_jw *w, const dt_parity *p, int64_t x, int valid)
{
	if (valid)
		dt_jw_int(w, x);
	else
		dt_jw_null(w);
	(void)p;
}

static void print_json(const dt_run *b, const dt_run *pl, const char *metric,
                       const dt_parity *p, const dt_cmp_extra *x,
                       const dt_cmp_notes *cn)
{
	dt_jw w;
	dt_jw_init(&w, stdout, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "baseline"); dt_jw_str(&w, b->name);
	dt_jw_key(&w, "pilot"); dt_jw_str(&w, pl->name);
	dt_jw_key(&w, "metric"); dt_jw_str(&w, metric);
	dt_jw_key(&w, "x"); dt_jw_str(&w, p->by_samples ? "samples" : "step");
	dt_jw_key(&w, "points");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < p->n; i++) {
		const dt_parity_point *pt = &p->points[i];
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, p->by_samples ? "samples" : "step");
		dt_jw_int(&w, pt->x);
		dt_jw_key(&w, "baseline"); dt_jw_num(&w, pt->baseline);
		dt_jw_key(&w, "pilot"); dt_jw_num(&w, pt->pilot);
		dt_jw_key(&w, "rel_diff"); dt_jw_num(&w, pt->rel_diff);
		dt_jw_key(&w, "breach"); dt_jw_bool(&w, pt->breach);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "summary");
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "compared"); dt_jw_int(&w, (int64_t)p->n);
	dt_jw_key(&w, "breaches"); dt_jw_int(&w, (int64_t)p->breaches);
	dt_jw_key(&w, "first_breach_step");
	json_x(&w, p, p->first_breach_x, p->breaches > 0);
	dt_jw_key(&w, "max_abs_rel_diff");
	if (isnan(p->max_abs_rel_diff))
		dt_jw_null(&w);
	else
		dt_jw_num(&w, p->max_abs_rel_diff);
	dt_jw_key(&w, "max_abs_rel_diff_step");
	json_x(&w, p, p->max_abs_rel_diff_x, !isnan(p->max_abs_rel_diff));
	dt_jw_key(&w, "allowed_breaches");
	dt_jw_int(&w, (int64_t)p->allowed_breaches);
	dt_jw_key(&w, "rtol"); dt_jw_num(&w, p->opts.rtol);
	dt_jw_key(&w, "atol"); dt_jw_num(&w, p->opts.atol);
	dt_jw_key(&w, "warmup"); dt_jw_int(&w, p->opts.warmup);
	dt_jw_key(&w, "by_samples"); dt_jw_bool(&w, p->by_samples);
	dt_jw_key(&w, "verdict"); dt_jw_str(&w, dt_verdict_name(p->verdict));
	dt_cmp_extra_json(&w, x);
	dt_cmp_notes_json(&w, cn);
	dt_jw_obj_end(&w);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

static void print_text(const dt_run *b, const dt_run *pl, const char *metric,
                       const dt_series *sb, const dt_series *sp,
                       const dt_parity *p, const dt_cmp_extra *x,
                       const dt_cmp_notes *cn)
{
	char nb[DT_NAME_MAX * 2], np[DT_NAME_MAX * 2], v1[32], v2[32];
	dt_sanitize(b->name, nb, sizeof nb);
	dt_sanitize(pl->name, np, sizeof np);
	const char *unit = p->by_samples ? "samples" : "step";
	const char *units = p->by_samples ? "samples" : "steps";
	printf("baseline %s (%s): %zu points, %zu segment(s)\n", nb, b->platform,
	       sb->n, sb->nsegments);
	printf("pilot    %s (%s): %zu points, %zu segment(s), %zu replayed\n", np,
	       pl->platform, sp->n, sp->nsegments, sp->replayed);
	if (p->by_samples)
		printf("global batch %lld vs %lld: paired by samples seen\n",
		       (long long)b->global_batch, (long long)pl->global_batch);
	dt_fmt_double(p->opts.rtol, v1);
	dt_fmt_double(p->opts.atol, v2);
	printf("rule: %s breaches when |pilot - baseline| > %s + %s * |baseline|"
	       " or non-finite; warm-up %lld steps\n", metric, v2, v1,
	       (long long)p->opts.warmup);
	printf("compared %zu common %s, breaches %zu (allowed %zu)", p->n, units,
	       p->breaches, p->allowed_breaches);
	if (p->breaches)
		printf(", first breach at %s %lld", unit,
		       (long long)p->first_breach_x);
	if (!isnan(p->max_abs_rel_diff))
		printf(", max |rel diff| %.3g%% at %s %lld",
		       100 * p->max_abs_rel_diff, unit,
		       (long long)p->max_abs_rel_diff_x);
	putchar('\n');
	dt_cmp_extra_text(x);
	dt_cmp_notes_text(cn);
	char why[700];
	dt_sanitize(x->note[0] ? x->note : cn->reason, why, sizeof why);
	if (x->note[0] && cn->reason[0]) {
		char r[700];
		dt_sanitize(cn->reason, r, sizeof r);
		printf("reason: %s\n", r);
	}
	printf("verdict: %s%s%s\n", dt_verdict_name(p->verdict),
	       why[0] ? ": " : "", why);
}

/* The header line saying when one side's time includes compilation. */
static void print_compile_note(dt_store *st, const dt_run *b,
                               const dt_run *pl)
{
	dt_fact *fb = NULL, *fp = NULL;
	size_t nb = 0, np = 0;
	char note[1024], safe[1100];
	if (dt_store_fact_list(st, b->id, &fb, &nb) == 0 &&
	    dt_store_fact_list(st, pl->id, &fp, &np) == 0 &&
	    dt_run_compile_note(b->name, fb, nb, pl->name, fp, np, note,
	                        sizeof note)) {
		dt_sanitize(note, safe, sizeof safe);
		printf("%s\n", safe);
	}
	free(fb);
	free(fp);
}

/* Parse options; returns -1 on a usage error, 1 for --help, else 0. */
static int parse_opts(int argc, char **argv, const char **db,
                      const char **metric, dt_parity_opts *po, int *json,
                      dt_cmp_opts *xo)
{
	static const struct option opts[] = {
		{"metric", required_argument, NULL, 'm'},
		{"rtol", required_argument, NULL, 'r'},
		{"atol", required_argument, NULL, 'a'},
		{"warmup", required_argument, NULL, 'w'},
		{"json", no_argument, NULL, 'j'},
		{"interpolate", no_argument, NULL, 'i'},
		{"window", required_argument, NULL, 'W'},
		{"also-baseline", required_argument, NULL, 'B'},
		{"rule", required_argument, NULL, 'R'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int c;
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': *metric = optarg; break;
		case 'r': if (dt_cli_real("--rtol", optarg, &po->rtol)) return -1; break;
		case 'a': if (dt_cli_real("--atol", optarg, &po->atol)) return -1; break;
		case 'w':
			if (dt_cli_int("--warmup", optarg, 0, &po->warmup))
				return -1;
			break;
		case 'j': *json = 1; break;
		case 'i': xo->interpolate = 1; break;
		case 'W':
			if (dt_cli_int("--window", optarg, 1, &xo->window))
				return -1;
			break;
		case 'B':
			if (xo->nalso == DT_CMP_MAX_EXTRA) {
				fprintf(stderr, "dualtrack: at most %d --also-baseline\n",
				        DT_CMP_MAX_EXTRA);
				return -1;
			}
			xo->also[xo->nalso++] = optarg;
			break;
		case 'R':
			if (strcmp(optarg, "rtol") && strcmp(optarg, "noise")) {
				fprintf(stderr, "dualtrack: --rule expects rtol or noise\n");
				return -1;
			}
			xo->rule_noise = strcmp(optarg, "noise") == 0;
			break;
		case 'd': *db = optarg; break;
		case 'h': compare_usage(stdout); return 1;
		default: compare_usage(stderr); return -1;
		}
	}
	if (optind + 2 != argc) {
		fprintf(stderr, "dualtrack: compare needs BASELINE and PILOT run names\n");
		return -1;
	}
	return 0;
}

static int load(dt_store *st, const char *name, const char *metric,
                dt_run *run, dt_series *s)
{
	char err[600];
	memset(s, 0, sizeof *s);
	if (dt_cli_find_run(st, name, run) < 0)
		return -1;
	if (dt_run_series(st, run, metric, s, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	return 0;
}

int dt_cmd_compare(const char *db, int argc, char **argv)
{
	const char *metric = "loss";
	dt_parity_opts po = dt_parity_adhoc_defaults();
	int json = 0;
	dt_cmp_opts xo = {0};
	dt_cmp_extra x = {0};
	int r = parse_opts(argc, argv, &db, &metric, &po, &json, &xo);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_run rb, rp;
	dt_series sb = {0}, sp = {0};
	dt_parity p = {0};
	int rc = DT_EXIT_USAGE;
	if (load(st, argv[optind], metric, &rb, &sb) == 0 &&
	    load(st, argv[optind + 1], metric, &rp, &sp) == 0) {
		po.baseline_gb = rb.global_batch;
		po.pilot_gb = rp.global_batch;
		if (dt_cmp_extra_prepare(st, &rb, &rp, metric, &sb, &sp, po.warmup,
		                         &xo, &x) < 0) {
			/* message printed */
		} else if (dt_parity_compute(&sb, &sp, &po, &p) < 0) {
			fprintf(stderr, "dualtrack: out of memory\n");
		} else {
			if (xo.rule_noise)
				p.verdict = dt_cmp_noise_verdict(&x);
			dt_cmp_notes cn;
			dt_cmp_notes_build(st, &rb, &rp, metric, &sb, &sp, &p, &cn);
			if (p.verdict == DT_VERDICT_INSUFFICIENT && !cn.reason[0])
				snprintf(cn.reason, sizeof cn.reason, "%s", x.note);
			if (json)
				print_json(&rb, &rp, metric, &p, &x, &cn);
			else {
				print_compile_note(st, &rb, &rp);
				print_text(&rb, &rp, metric, &sb, &sp, &p, &x, &cn);
			}
			rc = p.verdict == DT_VERDICT_PASS ? DT_EXIT_OK : DT_EXIT_FAIL;
		}
	}
	dt_parity_free(&p);
	dt_cmp_extra_free(&x);
	dt_series_free(&sb);
	dt_series_free(&sp);
	dt_store_close(st);
	return rc;
}
