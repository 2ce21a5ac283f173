/* cmd_compare.c: dualtrack compare BASELINE PILOT: the parity verdict. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "model/core/parity_thin.h"
#include "model/core/taskcard.h"
#include "model/service/compare.h"
#include "model/util/text.h"

/* Which points --json / --csv print. */
typedef struct point_opts {
	int64_t max_points;   /* 0 = all */
	int none;             /* --no-points */
} point_opts;

static void compare_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] compare BASELINE PILOT [--metric loss]\n"
	      "         [--rtol R] [--atol A] [--warmup STEPS] [--json|--csv]\n"
	      "         [--interpolate] [--window W] [--also-baseline RUN]...\n"
	      "         [--rule rtol|noise] [--max-points N | --no-points]\n"
	      "         [--pilot NAME]\n\n"
	      "Pairs the two runs' points by effective step (by samples when both\n"
	      "global batches are known and differ). A step breaches when\n"
	      "|pilot - baseline| > atol + rtol * |baseline| or a value is not\n"
	      "finite; steps <= warm-up are not compared (warm-up 0: every common\n"
	      "step is compared, step 0 included). Verdict pass when\n"
	      "breaches <= min(max(N // 100, 1), 50) of N compared steps (the rule\n"
	      "of Megatron-LM's functional tests); insufficient below 2 steps.\n"
	      "Defaults: --rtol 0.02 --atol 0 --warmup 0 --rule rtol; rtol in\n"
	      "[0, 0.5] (a fraction of |baseline|), atol in [0, 1], as on a task\n"
	      "card. When both\n"
	      "runs are attached to one pilot, that pilot's task card sets the\n"
	      "rules it sets instead (rtol, atol, warmup, rule; the built-in\n"
	      "default for one it leaves unset); the line \"rules: ...\" names\n"
	      "where each came from, an option given here (\"as given\") too. Under a card's noise rule\n"
	      "the pilot's other baseline runs are the further GPU runs.\n"
	      "--pilot NAME: the task card of pilot NAME sets the rules (as in\n"
	      "`pilot show NAME` and the TUI comparison opened from its overview),\n"
	      "also when the runs belong to several pilots (then no card applies\n"
	      "without it) or to none. NAME is a pilot in the store, never a\n"
	      "file (gate takes log files as --pilot-log FILE).\n"
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
	      "--csv: step,baseline,pilot,rel_diff,breach, one row per compared\n"
	      "step (nan, inf, -inf as in series --csv; breach 1 or 0).\n"
	      "--max-points N (N >= 4; with --json or --csv): at most N points\n"
	      "by min/max decimation (N/4 buckets of consecutive points, each\n"
	      "keeping its lowest and highest baseline and pilot values), plus\n"
	      "every breach and every non-finite point (so more than N when\n"
	      "they are more). --no-points: points empty (header only in CSV).\n"
	      "The summary is the same either way. Both compare in one\n"
	      "streaming pass (bounded memory) when each curve is one evenly\n"
	      "stepped stored series without restarts or grad accumulation.\n"
	      "exit: 0 pass, 1 fail or insufficient, 2 usage or input error\n", f);
}

/* Resolve --also-baseline names into o->also. Returns 0 or -1. */
static int resolve_also(dt_store *st, const char *const *names, size_t n,
                        dt_compare_opts *o)
{
	for (size_t i = 0; i < n; i++)
		if (dt_cli_find_run(st, names[i], &o->also[i]) < 0)
			return -1;
	o->nalso = n;
	return 0;
}

/* Parse options; returns -1 on a usage error, 1 for --help, else 0. */
static int parse_opts(int argc, char **argv, const char **db, int *json, /* 0, 'j' or 'c' */
                      dt_compare_opts *o, const char **also, size_t *nalso,
                      point_opts *po, const char **pilot)
{
	static const struct option opts[] = {
		{"metric", required_argument, NULL, 'm'},
		{"rtol", required_argument, NULL, 'r'},
		{"atol", required_argument, NULL, 'a'},
		{"warmup", required_argument, NULL, 'w'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},
		{"interpolate", no_argument, NULL, 'i'},
		{"window", required_argument, NULL, 'W'},
		{"also-baseline", required_argument, NULL, 'B'},
		{"rule", required_argument, NULL, 'R'},
		{"max-points", required_argument, NULL, 'M'},
		{"no-points", no_argument, NULL, 'N'},
		{"pilot", required_argument, NULL, 'P'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	double wu;
	int c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': o->metric = optarg; break;
		case 'r':
			if (dt_cli_tolerance(DT_TC_RTOL, "--rtol", optarg, &o->rtol))
				return -1;
			o->set_rtol = 1;
			break;
		case 'a':
			if (dt_cli_tolerance(DT_TC_ATOL, "--atol", optarg, &o->atol))
				return -1;
			o->set_atol = 1;
			break;
		case 'w':
			if (dt_cli_tolerance(DT_TC_WARMUP, "--warmup", optarg, &wu))
				return -1;
			o->warmup = (int64_t)wu;
			o->set_warmup = 1;
			break;
		case 'j': case 'c': *json = c; break;
		case 'i': o->interpolate = 1; break;
		case 'W':
			if (dt_cli_int("--window", optarg, 1, &o->window))
				return -1;
			break;
		case 'B':
			if (*nalso == DT_COMPARE_MAX_EXTRA) {
				fprintf(stderr, "dualtrack: at most %d --also-baseline\n",
				        DT_COMPARE_MAX_EXTRA);
				return -1;
			}
			also[(*nalso)++] = optarg;
			break;
		case 'R':
			if (dt_rule_parse(optarg, &o->rule) < 0) {
				const char *names[] = {dt_rule_name(DT_RULE_TOLERANCE),
				                       dt_rule_name(DT_RULE_NOISE)};
				char hint[80];
				fprintf(stderr, "dualtrack: --rule expects rtol or noise"
				        "%s\n", dt_cli_did_you_mean(optarg, names, 2, hint,
				                                   sizeof hint));
				return -1;
			}
			o->set_rule = 1;
			break;
		case 'M':
			if (dt_cli_int("--max-points", optarg, DT_THIN_MIN_POINTS,
			               &po->max_points))
				return -1;
			break;
		case 'N': po->none = 1; break;
		case 'P': *pilot = optarg; break;
		case 'd': *db = optarg; break;
		case 'h': compare_usage(stdout); return 1;
		default: dt_cli_usage_error(compare_usage); return -1;
		}
	}
	if (dt_cli_operands("compare", argv + optind, argc - optind, 2, 2,
	                    "compare needs BASELINE and PILOT run names") < 0)
		return -1;
	if (po->none && po->max_points) {
		fprintf(stderr, "dualtrack: --max-points and --no-points exclude each other\n");
		return -1;
	}
	if ((po->none || po->max_points) && !*json) {
		fprintf(stderr, "dualtrack: --max-points and --no-points need --json or --csv\n");
		return -1;
	}
	return 0;
}

/* Print c as asked: every compared point, the decimated ones
 * (--max-points: parity.kept, from the service) or none. */
static void print_comparison(const dt_comparison *c, int json,
                             const point_opts *po)
{
	const dt_parity_point *pts = c->parity.points;
	size_t n = pts ? c->parity.n : 0;
	if (po->max_points) {
		pts = c->parity.kept;
		n = c->parity.nkept;
	} else if (po->none) {
		pts = NULL;
		n = 0;
	}
	if (json == 'j')
		dt_compare_print_json(c, pts, n);
	else if (json == 'c')
		dt_compare_print_csv(c, pts, n);
	else
		dt_compare_print_text(c);
}

int dt_cmd_compare(const char *db, int argc, char **argv)
{
	dt_compare_opts o = {0};
	const char *also[DT_COMPARE_MAX_EXTRA], *pilot = NULL;
	size_t nalso = 0;
	int json = 0;
	point_opts po = {0};
	int r = parse_opts(argc, argv, &db, &json, &o, also, &nalso, &po,
	                   &pilot);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	/* no points, or a bounded number: one streaming pass may do */
	o.lean = po.none || po.max_points;
	o.max_points = (size_t)po.max_points;
	dt_store *st = dt_cli_store_read(db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_run rb, rp;
	dt_comparison c;
	char err[800];
	int rc = DT_EXIT_USAGE;
	/* --pilot NAME: that pilot's card (compare.h, card_pilot_id) */
	if (pilot && (o.card_pilot_id = dt_cli_find_pilot(st, pilot)) <= 0) {
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	if (dt_cli_find_run(st, argv[optind], &rb) == 0 &&
	    dt_cli_find_run(st, argv[optind + 1], &rp) == 0 &&
	    resolve_also(st, also, nalso, &o) == 0) {
		if (dt_compare_prepare(st, &rb, &rp, &o, &c, err, sizeof err) != 0) {
			fprintf(stderr, "dualtrack: %s\n", err);
		} else {
			if (c.warning[0]) {
				char safe[sizeof c.warning * 2];
				dt_sanitize(c.warning, safe, sizeof safe);
				fprintf(stderr, "dualtrack: warning: %s\n", safe);
			}
			print_comparison(&c, json, &po);
			/* beside CSV or JSON, the text's integrity line on stderr:
			 * why the exit is 1 when the verdict passed */
			if (json)
				dt_print_integrity_text(stderr, &c.integrity,
				                        DT_BESIDE_VERDICT);
			/* a pass on altered records is no pass */
			rc = c.verdict == DT_VERDICT_PASS &&
			     c.integrity.state != DT_INTEGRITY_ALTERED ? DT_EXIT_OK
			                                              : DT_EXIT_FAIL;
			dt_comparison_free(&c);
		}
	}
	dt_store_close(st);
	return rc;
}
