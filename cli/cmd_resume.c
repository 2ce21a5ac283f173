/* cmd_resume.c: dualtrack resume-check RUN: a continuity verdict per
 * restart (rules in model/core/resume.h). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "model/util/jsonw.h"
#include "model/service/resume_ref.h"
#include "model/service/resume_run.h"
#include "model/util/text.h"

static void resume_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] resume-check RUN [--baseline RUN]\n"
	      "         [--checkpoint STEP[,STEP...]] [--grad-accum G]\n"
	      "         [--replay-rtol R] [--lr-rtol R] [--level-rtol R]\n"
	      "         [--window N] [--no-baseline] [--json]\n\n"
	      "For every restart of RUN (a new segment: step going back, new\n"
	      "launch, resume marker, new file), checks step continuity (against\n"
	      "the last confirmed checkpoint given by --checkpoint, one step per\n"
	      "restart in order, or the run fact checkpoint.confirmed_step, or\n"
	      "the checkpoints recorded by drills of restarts inside RUN),\n"
	      "gradient-accumulation counter offsets (--grad-accum G to test G;\n"
	      "otherwise factors 2..64 confirmed by the LR), LR continuity, replay\n"
	      "agreement of the loss on replayed steps, the loss level after vs\n"
	      "before (vs --baseline when given; for a pilot run of a pilot,\n"
	      "without it, vs the pilot's first baseline, with the checkpoints\n"
	      "its drills record: the check gate and pilot show make, the same\n"
	      "reasons; --no-baseline: none) and the data cursor\n"
	      "(consumed_samples, consumed_tokens or epoch, and batch\n"
	      "fingerprints, when logged). Restart findings (global batch or\n"
	      "total steps changed) are listed after the restarts.\n"
	      "Each check is pass, fail or n/a; a restart passes when none fails.\n"
	      "Defaults: --replay-rtol 0.02 --lr-rtol 0.001 --level-rtol 0.05\n"
	      "--window 20 (points per level window).\n"
	      "exit: 0 every restart passes (or none), 1 a restart fails,\n"
	      "2 usage or input error\n", f);
}

typedef struct rc_args {
	const char *db, *run, *baseline, *ckpt;
	int64_t hint;
	int json, no_baseline;
	dt_resume_opts o;
} rc_args;

static int parse_args(int argc, char **argv, rc_args *a)
{
	static const struct option opts[] = {
		{"baseline", required_argument, NULL, 'b'},
		{"checkpoint", required_argument, NULL, 'c'},
		{"grad-accum", required_argument, NULL, 'g'},
		{"replay-rtol", required_argument, NULL, 'r'},
		{"lr-rtol", required_argument, NULL, 'l'},
		{"level-rtol", required_argument, NULL, 'v'},
		{"window", required_argument, NULL, 'w'},
		{"json", no_argument, NULL, 'j'},
		{"no-baseline", no_argument, NULL, 'n'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int c;
	int64_t w;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'b': a->baseline = optarg; break;
		case 'c': a->ckpt = optarg; break;
		case 'g':
			if (dt_cli_count("--grad-accum", optarg, &a->hint)) return -1;
			break;
		case 'r':
			if (dt_cli_real("--replay-rtol", optarg, &a->o.replay_rtol))
				return -1;
			break;
		case 'l':
			if (dt_cli_real("--lr-rtol", optarg, &a->o.lr_rtol)) return -1;
			break;
		case 'v':
			if (dt_cli_real("--level-rtol", optarg, &a->o.level_rtol))
				return -1;
			break;
		case 'w':
			if (dt_cli_int("--window", optarg, 1, &w)) return -1;
			a->o.window = (size_t)w;
			break;
		case 'j': a->json = 1; break;
		case 'n': a->no_baseline = 1; break;
		case 'd': a->db = optarg; break;
		case 'h': resume_usage(stdout); return 1;
		default: dt_cli_usage_error(resume_usage); return -1;
		}
	}
	if (dt_cli_operands("resume-check", argv + optind, argc - optind, 1, 1,
	                    "resume-check needs one RUN name") < 0)
		return -1;
	if (a->baseline && a->no_baseline) {
		fprintf(stderr, "dualtrack: resume-check: --baseline RUN or "
		        "--no-baseline, not both\n");
		return -1;
	}
	a->run = argv[optind];
	return 0;
}

/* The loss reference's line (dt_resume_reference, as the TUI resume
 * view shows it): after --baseline always, after a pilot's baseline
 * (named by the line before) when it is another model. Returns -1 on a
 * store error (said). */
static int print_reference(dt_store *st, const dt_run *run,
                           const dt_resume_refs *refs)
{
	char line[2600], err[300];
	int other;
	if (!refs->has_baseline)
		return 0;
	other = dt_resume_reference(st, run, &refs->baseline, NULL, line,
	                            sizeof line, err, sizeof err);
	if (other < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	if (!refs->pilot[0] || other)
		printf("%s\n", line);
	return 0;
}

static int print_text(dt_store *st, const dt_run *run,
                      const dt_resume_refs *refs,
                      const dt_resume_run_result *res)
{
	char safe[DT_NAME_MAX * 2], ck[DT_RESUME_MAX_CKPT * 22];
	const dt_restart_verdict *v = res->v;
	size_t n = res->nv;
	dt_sanitize(run->name, safe, sizeof safe);
	printf("run %s: %zu segment(s), %zu restart(s)\n", safe, res->nseg, n);
	if (refs->pilot[0] && refs->has_baseline) {
		char b[DT_NAME_MAX * 2], p[DT_NAME_MAX * 2];
		dt_sanitize(refs->baseline.name, b, sizeof b);
		dt_sanitize(refs->pilot, p, sizeof p);
		printf("loss level vs %s, the baseline of pilot %s (as gate and "
		       "pilot show check it; --no-baseline: without)\n", b, p);
	}
	if (print_reference(st, run, refs) < 0)
		return -1;
	/* with no restart and no checkpoint, nothing to say about one: the
	 * "no restarts" line below says it */
	if (n || res->nckpt)
		printf("%s\n", dt_resume_ckpt_text(res, ck, sizeof ck));
	for (size_t i = 0; i < n; i++) {
		char ev[600], sum[DT_RESTART_TALLY_MAX];
		printf("restart %zu at step %lld: %s\n", i + 1,
		       (long long)v[i].at_step, v[i].pass ? "PASS" : "FAIL");
		printf("  %-12s %s\n", "evidence",
		       dt_restart_evidence_text(&v[i].evidence, ev, sizeof ev));
		for (int c = 0; c < DT_RESUME_NCHECKS; c++) {
			printf("  %-12s %-5s %s\n", dt_resume_check_key(c),
			       dt_check_name(v[i].check[c]), v[i].detail[c]);
			if (v[i].cause[c][0])
				printf("  %-12s       cause: %s\n", "", v[i].cause[c]);
		}
		printf("  %-12s %s\n", "summary",
		       dt_restart_tally(&v[i], sum, sizeof sum));
	}
	if (n == 0)
		puts("no restarts: nothing to check");
	for (size_t i = 0; i < res->findings.n; i++)
		dt_print_finding_text(&res->findings.v[i]);
	return 0;
}

static void json_opt_int(dt_jw *w, const char *key, int64_t v, int valid)
{
	dt_jw_key(w, key);
	if (valid)
		dt_jw_int(w, v);
	else
		dt_jw_null(w);
}

static void json_opt_num(dt_jw *w, const char *key, double v)
{
	dt_jw_key(w, key);
	if (isnan(v))
		dt_jw_null(w);
	else
		dt_jw_num(w, v);
}

static void print_json(const char *run, const char *baseline,
                       const char *of_pilot, const dt_resume_run_result *res)
{
	const dt_restart_verdict *v = res->v;
	size_t n = res->nv;
	dt_jw w;
	dt_jw_init(&w, stdout, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "run"); dt_jw_str(&w, run);
	dt_jw_key(&w, "baseline");
	if (baseline) dt_jw_str(&w, baseline); else dt_jw_null(&w);
	/* the pilot whose baseline it is when --baseline was not given */
	dt_jw_key(&w, "baseline_of_pilot");
	if (of_pilot) dt_jw_str(&w, of_pilot); else dt_jw_null(&w);
	/* The run's segment count, the same number import, runs and series
	 * report (the loss curve's segments). */
	dt_jw_key(&w, "segments"); dt_jw_int(&w, (int64_t)res->nseg);
	dt_jw_key(&w, "restarts");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < n; i++) {
		const dt_restart_verdict *r = &v[i];
		char sum[DT_RESTART_TALLY_MAX];
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "at_step"); dt_jw_int(&w, r->at_step);
		dt_jw_key(&w, "true_step"); dt_jw_int(&w, r->true_step);
		dt_jw_key(&w, "verdict"); dt_jw_str(&w, r->pass ? "pass" : "fail");
		dt_jw_key(&w, "checks");
		dt_jw_obj_begin(&w);
		for (int c = 0; c < DT_RESUME_NCHECKS; c++) {
			dt_jw_key(&w, dt_resume_check_key(c));
			dt_jw_str(&w, dt_check_name(r->check[c]));
		}
		dt_jw_obj_end(&w);
		dt_jw_key(&w, "details");
		dt_jw_obj_begin(&w);
		for (int c = 0; c < DT_RESUME_NCHECKS; c++) {
			dt_jw_key(&w, dt_resume_check_key(c));
			dt_jw_str(&w, r->detail[c]);
		}
		dt_jw_obj_end(&w);
		dt_jw_key(&w, "reason"); dt_jw_str(&w, r->reason);
		dt_jw_key(&w, "summary");
		dt_jw_str(&w, dt_restart_tally(r, sum, sizeof sum));
		dt_jw_key(&w, "failed_checks");
		dt_jw_arr_begin(&w);
		for (int c = 0; c < DT_RESUME_NCHECKS; c++) {
			if (r->check[c] != DT_CHECK_FAIL)
				continue;
			dt_jw_obj_begin(&w);
			dt_jw_key(&w, "check"); dt_jw_str(&w, dt_resume_check_key(c));
			dt_jw_key(&w, "detail"); dt_jw_str(&w, r->detail[c]);
			dt_jw_key(&w, "cause"); dt_jw_str(&w, r->cause[c]);
			dt_jw_obj_end(&w);
		}
		dt_jw_arr_end(&w);
		json_opt_int(&w, "artefact_step", r->artefact_step,
		             r->artefact_step != 0);
		json_opt_int(&w, "cursor_fault_step", r->cursor_fault_step,
		             r->cursor_fault_step != 0);
		dt_jw_key(&w, "last_before"); dt_jw_int(&w, r->last_before);
		/* checkpoint_step: the log's (issue 9), else null; the confirmed
		 * one given by --checkpoint, a fact or a drill apart. */
		json_opt_int(&w, "checkpoint_step", r->log_ckpt, r->log_ckpt >= 0);
		json_opt_int(&w, "confirmed_checkpoint_step", r->given_ckpt,
		             r->given_ckpt > 0);
		dt_jw_key(&w, "evidence");
		dt_jw_arr_begin(&w);
		for (size_t e = 0; e < r->evidence.n; e++) {
			const dt_launch_evidence *x = &r->evidence.ev[e];
			dt_jw_obj_begin(&w);
			dt_jw_key(&w, "kind");
			dt_jw_str(&w, dt_launch_kind_name(x->kind));
			dt_jw_key(&w, "marker");
			if (x->marker[0]) dt_jw_str(&w, x->marker); else dt_jw_null(&w);
			json_opt_int(&w, "line", (int64_t)x->line, x->line > 0);
			json_opt_int(&w, "checkpoint_step", x->ckpt_step,
			             x->ckpt_step >= 0);
			dt_jw_obj_end(&w);
		}
		dt_jw_arr_end(&w);
		dt_jw_key(&w, "replayed_steps"); dt_jw_int(&w, (int64_t)r->replayed);
		dt_jw_key(&w, "replayed_points");
		dt_jw_int(&w, (int64_t)r->replayed_points);
		dt_jw_key(&w, "lost_steps"); dt_jw_int(&w, r->lost);
		json_opt_int(&w, "offset_factor", r->offset_factor,
		             r->offset_factor > 0);
		json_opt_num(&w, "replay_max_rel_diff", r->replay_max_rel);
		json_opt_num(&w, "level_shift", r->level_shift);
		json_opt_num(&w, "level_moved", r->level_moved);
		json_opt_int(&w, "spike_step", r->spike_step, r->spike_step > 0);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	/* Restart findings (global batch / total steps changed), the same
	 * objects compare lists (run = "run"). */
	dt_jw_key(&w, "findings");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < res->findings.n; i++)
		dt_print_finding_json(&w, &res->findings.v[i]);
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "verdict");
	dt_jw_str(&w, dt_resume_verdict_key(res));
	/* the store's state as compare --json gives it (an ALTERED store:
	 * the curves checked are not genuine) */
	dt_print_integrity_json(&w, &res->integrity);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

/* Load the curves, check, print. Returns an exit code. A pilot run of
 * a pilot is checked against the pilot's references unless told
 * otherwise (dt_resume_check_refs, the TUI resume view's rule too): the
 * one computation gate and pilot show make (dt_resume_run_refs). */
static int run_checks(dt_store *st, const rc_args *a)
{
	dt_run run, brun;
	dt_resume_run_result res;
	dt_resume_refs refs;
	char err[600];
	if (dt_cli_find_run(st, a->run, &run) < 0 ||
	    (a->baseline && dt_cli_find_run(st, a->baseline, &brun) < 0))
		return DT_EXIT_USAGE;
	if (dt_resume_check_refs(st, &run, a->baseline ? &brun : NULL,
	                         a->no_baseline, &refs, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: resume-check: %s\n", err);
		return DT_EXIT_USAGE;
	}
	if (a->ckpt) {
		long n = dt_resume_parse_steps(a->ckpt, refs.ckpt,
		                               DT_RESUME_MAX_CKPT);
		if (n < 0) {
			fprintf(stderr, "dualtrack: --checkpoint expects steps like "
			        "1200,3400 (at most %d), got '%s'\n",
			        DT_RESUME_MAX_CKPT, a->ckpt);
			return DT_EXIT_USAGE;
		}
		refs.nckpt = (size_t)n;
		refs.credits.n = 0;
		refs.ckpt_drill = 0;
	}
	if (dt_resume_run_refs(st, &run, &refs, a->hint, &a->o, &res, err,
	                       sizeof err) < 0) {
		char safe[1300];
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: %s\n", safe);
		return DT_EXIT_USAGE;
	}
	if (a->json)
		print_json(run.name, refs.has_baseline ? refs.baseline.name : NULL,
		           refs.pilot[0] && refs.has_baseline ? refs.pilot : NULL,
		           &res);
	else if (print_text(st, &run, &refs, &res) < 0) {
		dt_resume_run_free(&res);
		return DT_EXIT_USAGE;
	}
	/* a pass on altered records is no pass (as compare): the line last
	 * on stdout, on stderr beside JSON */
	int altered = dt_print_integrity_text(a->json ? stderr : stdout,
	                                      &res.integrity, DT_BESIDE_VERDICT);
	int rc = res.all_pass && !altered ? DT_EXIT_OK : DT_EXIT_FAIL;
	dt_resume_run_free(&res);
	return rc;
}

int dt_cmd_resume_check(const char *db, int argc, char **argv)
{
	rc_args a = {.db = db, .o = dt_resume_defaults()};
	int r = parse_args(argc, argv, &a);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	dt_store *st = dt_cli_store_read(a.db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = run_checks(st, &a);
	dt_store_close(st);
	return rc;
}
