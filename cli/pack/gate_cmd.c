/* gate_cmd.c: `dualtrack gate PILOT [--json]` and `dualtrack gate
 * --baseline-log FILE --pilot-log FILE [rule options] [--json]` (no
 * store: the files go through the real importers into a temporary store
 * in $TMPDIR or /tmp, removed afterwards; --baseline / --pilot are the
 * older spellings of the two, kept for scripts, files as well, where
 * compare's --pilot NAME is a pilot's name). Exit 0 pass, 1 fail, 2
 * error; the judgement is dt_gate_judge's (model/service/pack/gate.h). */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "importers/import.h"
#include "model/service/pack/gate.h"
#include "model/util/clock.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"

#define GATE_MAX_FILES 64

static void gate_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] gate PILOT [--json]\n"
	      "       dualtrack gate --baseline-log FILE... --pilot-log FILE...\n"
	      "         [--rtol R] [--atol A] [--warmup STEPS] [--grad-accum G]\n"
	      "         [--global-batch B] [--platform trn2|trn1|other] [--json]\n\n"
	      "The pilot's verdict as an exit code, for CI: pass when every parity\n"
	      "verdict passes (at least one), every restart of every pilot run\n"
	      "passes its resume check and no checklist item failed (pending and\n"
	      "waived items do not fail it). The verdicts are the pilot's\n"
	      "assessment, as pilot show and the overview give them.\n"
	      "PILOT is a pilot's name (or #ID) in the store, as compare's\n"
	      "--pilot NAME and pilot show take it.\n"
	      "Without a store: --baseline-log FILE / --pilot-log FILE\n"
	      "(repeatable: log files of one run, in order) are imported\n"
	      "through the importers into a temporary store (removed\n"
	      "afterwards) with the rule options as the task card (defaults\n"
	      "rtol 0.02, atol 0, warm-up 0); trial5 is pending there unless\n"
	      "the logs record the compile and data times.\n"
	      "--json: {pilot, verdict, pass, store, reasons [{check, subject,\n"
	      "pass, counted (always true), detail, same_as}], overridden\n"
	      "[{item, status, computed_status, computed_detail, set_by, set_at,\n"
	      "reason}]}. Each failing parity verdict and restart is named once,\n"
	      "by its parity or resume reason: when it fails step 6, step 6's\n"
	      "reason says so, names the failing drills, and same_as is the\n"
	      "index of that parity or resume reason (else null). A person's\n"
	      "override of a computed item counts as set (step6 overridden to\n"
	      "pass passes) and is always listed: in the checklist reason and one\n"
	      "'!  override' line each.\n"
	      "--baseline FILE and --pilot FILE are older spellings of\n"
	      "--baseline-log and --pilot-log, kept for scripts: in gate they\n"
	      "take files, never a run's or a pilot's name.\n"
	      "exit: 0 pass, 1 fail, 2 usage, input or store error\n", f);
}

typedef struct gate_args {
	const char *pilot;
	const char *base[GATE_MAX_FILES], *pil[GATE_MAX_FILES];
	size_t nbase, npil;
	const char *rtol, *atol, *warmup, *platform;
	int64_t grad_accum, global_batch;
	int json;
	int pilot_old;           /* the pilot's files came by --pilot */
} gate_args;

static void print(const char *pilot, const dt_gate *g, int json, int store)
{
	if (json) {
		dt_jw w;
		dt_jw_init(&w, stdout, 1);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "pilot"); dt_jw_str(&w, pilot);
		dt_jw_key(&w, "verdict"); dt_jw_str(&w, g->pass ? "pass" : "fail");
		dt_jw_key(&w, "pass"); dt_jw_bool(&w, g->pass);
		dt_jw_key(&w, "store"); dt_jw_bool(&w, store);
		dt_jw_key(&w, "reasons");
		dt_jw_arr_begin(&w);
		for (size_t i = 0; i < g->nreasons; i++) {
			const dt_gate_reason *r = &g->reasons[i];
			dt_jw_obj_begin(&w);
			dt_jw_key(&w, "check"); dt_jw_str(&w, r->check);
			dt_jw_key(&w, "subject"); dt_jw_str(&w, r->subject);
			dt_jw_key(&w, "pass"); dt_jw_bool(&w, r->pass);
			/* every reason counts (kept for readers of the key) */
			dt_jw_key(&w, "counted"); dt_jw_bool(&w, 1);
			dt_jw_key(&w, "detail"); dt_jw_str(&w, r->detail);
			/* the reason that names this failure already, or null */
			dt_jw_key(&w, "same_as");
			if (r->same_as >= 0)
				dt_jw_int(&w, r->same_as);
			else
				dt_jw_null(&w);
			dt_jw_obj_end(&w);
		}
		dt_jw_arr_end(&w);
		/* every override, whatever the verdict (gate.h) */
		dt_jw_key(&w, "overridden");
		dt_jw_arr_begin(&w);
		for (size_t i = 0; i < g->noverrides; i++) {
			const dt_gate_override *o = &g->overrides[i];
			dt_jw_obj_begin(&w);
			dt_jw_key(&w, "item"); dt_jw_str(&w, dt_check_defs[o->item].id);
			dt_jw_key(&w, "status");
			dt_jw_str(&w, dt_check_status_name(o->status));
			dt_jw_key(&w, "computed_status");
			dt_jw_str(&w, dt_check_status_name(o->computed_status));
			dt_jw_key(&w, "computed_detail"); dt_jw_str(&w, o->computed_detail);
			dt_jw_key(&w, "set_by"); dt_jw_str(&w, o->set_by);
			dt_jw_key(&w, "set_at"); dt_jw_str(&w, o->set_at);
			dt_jw_key(&w, "reason"); dt_jw_str(&w, o->reason);
			dt_jw_obj_end(&w);
		}
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
		return;
	}
	char a[DT_NAME_MAX * 2], b[sizeof g->reasons[0].detail * 2], c[200];
	dt_sanitize(pilot, a, sizeof a);
	printf("gate %s: %s\n", a, g->pass ? "PASS" : "FAIL");
	for (size_t i = 0; i < g->nreasons; i++) {
		const dt_gate_reason *r = &g->reasons[i];
		dt_sanitize(r->subject, c, sizeof c);
		dt_sanitize(r->detail, b, sizeof b);
		printf("  %-4s %-9s %s: %s\n", r->pass ? "ok" : "FAIL", r->check,
		       c, b);
	}
	for (size_t i = 0; i < g->noverrides; i++) {
		char o[1800];
		dt_sanitize(g->overrides[i].text, o, sizeof o);
		printf("  %-4s %-9s %s\n", "!", "override", o);
	}
}

static int judge(dt_store *st, const char *pilot, int store, int json)
{
	dt_assessment ov;
	dt_gate g;
	char err[800];
	int rc = dt_assessment_load(st, pilot, &ov, err, sizeof err);
	if (rc > 0) {
		dt_cli_find_pilot(st, pilot);
		return DT_EXIT_USAGE;
	}
	if (rc < 0) {
		fprintf(stderr, "dualtrack: gate: %s\n", err);
		return DT_EXIT_USAGE;
	}
	if (dt_gate_judge(&ov, &g) < 0) {
		dt_assessment_free(&ov);
		fprintf(stderr, "dualtrack: gate: out of memory\n");
		return DT_EXIT_USAGE;
	}
	print(pilot, &g, json, store);
	rc = g.pass ? DT_EXIT_OK : DT_EXIT_FAIL;
	dt_gate_free(&g);
	dt_assessment_free(&ov);
	return rc;
}

/* Import one side's files as run `name`; returns 0 or -1 (printed). */
static int import_side(dt_store *st, const char *const *files, size_t n,
                       const char *platform, const gate_args *a, char *name,
                       size_t namelen, const char *other)
{
	dt_import_request rq = {.platform = platform, .format = "auto",
	                        .files = files, .nfiles = n};
	char err[1200], safe[1300];
	rq.opts.grad_accum = a->grad_accum;
	rq.opts.global_batch = a->global_batch;
	dt_import_run_name(&rq, name, namelen);
	if (!name[0] || (other && !strcmp(name, other))) {
		size_t l = strlen(name);
		snprintf(name + l, namelen - l, "%s", other ? "-pilot" : "baseline");
	}
	rq.run_name = name;
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0) {
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: gate: %s\n", safe);
		return -1;
	}
	return 0;
}

/* A pilot from files: the two runs, a pilot named after the pilot run
 * (into name), the attachments, the rule. */
static int build(dt_store *st, const gate_args *a, char *name, size_t n)
{
	char bn[DT_NAME_MAX], pn[DT_NAME_MAX], by[64];
	dt_pilot p;
	dt_run rb, rp;
	dt_actor_name(by, sizeof by);
	if (import_side(st, a->base, a->nbase, "gpu", a, bn, sizeof bn, NULL) < 0 ||
	    import_side(st, a->pil, a->npil, a->platform, a, pn, sizeof pn, bn) < 0)
		return -1;
	const struct { dt_tc_field f; const char *v; } rule[] = {
		{DT_TC_RTOL, a->rtol}, {DT_TC_ATOL, a->atol},
		{DT_TC_WARMUP, a->warmup}};
	if (dt_store_pilot_create(st, pn, by, &p) < 0 ||
	    dt_store_run_find(st, bn, &rb) != 0 || dt_store_run_find(st, pn, &rp) != 0 ||
	    dt_store_pilot_attach(st, p.id, rb.id, DT_RUN_BASELINE, by) < 0 ||
	    dt_store_pilot_attach(st, p.id, rp.id, DT_RUN_PILOT, by) < 0)
		goto fail;
	for (size_t i = 0; i < sizeof rule / sizeof *rule; i++)
		if (rule[i].v && dt_store_taskcard_set(st, p.id, rule[i].f, rule[i].v,
		                                       by) < 0)
			goto fail;
	snprintf(name, n, "%s", pn);
	return 0;
fail:
	fprintf(stderr, "dualtrack: gate: %s\n", dt_store_error(st));
	return -1;
}

/* The temporary store's files and folder, for the signal handler: a gate
 * of two logs stopped by Ctrl-C, SIGTERM (a CI timeout) or SIGHUP left
 * dualtrack-gate-XXXXXX/gate.db (25 MB and a journal; reliability
 * trial). Written before the handlers are installed, read only in them. */
static char tmp_files[5][4300];

static void remove_tmp(void)
{
	for (int i = 0; i < 4; i++)
		unlink(tmp_files[i]);
	rmdir(tmp_files[4]);
}

/* unlink and rmdir are async-signal-safe (POSIX.1-2017, 2.4.3); then the
 * signal's own end (exit 130, 143, 129). */
static void on_stop(int sig)
{
	remove_tmp();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Install on_stop for SIGINT, SIGTERM and SIGHUP (on = 1; one ignored
 * when the command started stays ignored) or put back what was there. */
static void stop_cleanup(int on)
{
	static struct sigaction old[3];
	static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
	for (int i = 0; i < 3; i++) {
		if (!on) {
			sigaction(sigs[i], &old[i], NULL);
			continue;
		}
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sigaction(sigs[i], NULL, &old[i]);
		if (old[i].sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = on_stop;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

static int gate_files(const gate_args *a)
{
	char dir[4096], path[4200], err[600], name[DT_NAME_MAX];
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/dualtrack-gate-XXXXXX",
	         tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		fprintf(stderr, "dualtrack: gate: cannot create a temporary folder\n");
		return DT_EXIT_USAGE;
	}
	snprintf(path, sizeof path, "%s/gate.db", dir);
	static const char *const ext[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
		snprintf(tmp_files[i], sizeof tmp_files[i], "%s%s", path, ext[i]);
	snprintf(tmp_files[4], sizeof tmp_files[4], "%s", dir);
	stop_cleanup(1);
	dt_store *st = dt_store_open(path, err, sizeof err);
	int rc = DT_EXIT_USAGE;
	if (!st)
		fprintf(stderr, "dualtrack: gate: %s\n", err);
	else if (build(st, a, name, sizeof name) == 0)
		rc = judge(st, name, 0, a->json);
	dt_store_close(st);
	remove_tmp();
	stop_cleanup(0);
	return rc;
}

static int parse(int argc, char **argv, const char **db, gate_args *a)
{
	static const struct option opts[] = {
		{"baseline-log", required_argument, NULL, 'b'},
		{"pilot-log", required_argument, NULL, 'p'},
		/* the older spellings, kept for scripts: files too */
		{"baseline", required_argument, NULL, 'b'},
		{"pilot", required_argument, NULL, 'p'},
		{"rtol", required_argument, NULL, 'r'},
		{"atol", required_argument, NULL, 'a'},
		{"warmup", required_argument, NULL, 'w'},
		{"grad-accum", required_argument, NULL, 'g'},
		{"global-batch", required_argument, NULL, 'B'},
		{"platform", required_argument, NULL, 'P'},
		{"json", no_argument, NULL, 'j'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int c, li = -1;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, &li)) != -1) {
		if (c == 'p')   /* spelt --pilot, as compare's pilot name */
			a->pilot_old = li >= 0 && !strcmp(opts[li].name, "pilot");
		switch (c) {
		case 'b':
		case 'p': {
			size_t *n = c == 'b' ? &a->nbase : &a->npil;
			if (*n == GATE_MAX_FILES) {
				fprintf(stderr, "dualtrack: gate: at most %d files a side\n",
				        GATE_MAX_FILES);
				return -1;
			}
			(c == 'b' ? a->base : a->pil)[(*n)++] = optarg;
			break;
		}
		case 'r': a->rtol = optarg; break;
		case 'a': a->atol = optarg; break;
		case 'w': a->warmup = optarg; break;
		case 'g':
			if (dt_cli_count("--grad-accum", optarg, &a->grad_accum))
				return -1;
			break;
		case 'B':
			if (dt_cli_count("--global-batch", optarg, &a->global_batch))
				return -1;
			break;
		case 'P': a->platform = optarg; break;
		case 'j': a->json = 1; break;
		case 'd': *db = optarg; break;
		case 'h': gate_usage(stdout); return 1;
		default: dt_cli_usage_error(gate_usage); return -1;
		}
	}
	int files = a->nbase || a->npil;
	if (files && optind == argc && !a->nbase && a->npil == 1 &&
	    a->pilot_old && access(a->pil[0], F_OK) != 0) {
		/* `gate --pilot NAME`, as compare takes a pilot's name */
		char s[DT_NAME_MAX * 2];
		dt_sanitize(a->pil[0], s, sizeof s);
		fprintf(stderr, "dualtrack: gate: --pilot takes a log file (it is "
		        "--pilot-log); no file %s. For a pilot named so: "
		        "dualtrack gate %s\n", s, s);
		return -1;
	}
	if (files && (optind != argc || !a->nbase || !a->npil)) {
		fprintf(stderr, "dualtrack: gate: give --baseline-log FILE and "
		        "--pilot-log FILE (and no PILOT), or PILOT alone\n");
		return -1;
	}
	if (!files && optind + 1 < argc)
		return dt_cli_operands("gate", argv + optind, argc - optind, 1, 1,
		                       "gate needs PILOT (its rule is the task "
		                       "card's), or --baseline-log FILE --pilot-log "
		                       "FILE");
	if (!files && (optind + 1 != argc || a->rtol || a->atol || a->warmup ||
	               a->grad_accum || a->global_batch || a->platform)) {
		fprintf(stderr, "dualtrack: gate needs PILOT (its rule is the task "
		        "card's), or --baseline-log FILE --pilot-log FILE\n");
		return -1;
	}
	a->pilot = files ? NULL : argv[optind];
	if (!a->platform)
		a->platform = "trn2";
	else if (!strcmp(a->platform, "gpu") || !dt_platform_valid(a->platform)) {
		fprintf(stderr, "dualtrack: gate: --platform expects trn2, trn1 or "
		        "other\n");
		return -1;
	}
	/* the rule values are checked as the task card checks them */
	const struct { dt_tc_field f; const char *v; } rule[] = {
		{DT_TC_RTOL, a->rtol}, {DT_TC_ATOL, a->atol},
		{DT_TC_WARMUP, a->warmup}};
	for (size_t i = 0; i < sizeof rule / sizeof *rule; i++) {
		char err[400], name[40];
		double v;
		snprintf(name, sizeof name, "--%s", dt_taskcard_defs[rule[i].f].key);
		if (rule[i].v && dt_tolerance_parse(rule[i].f, name, rule[i].v, &v,
		                                    err, sizeof err) < 0) {
			fprintf(stderr, "dualtrack: gate: %s\n", err);
			return -1;
		}
	}
	return 0;
}

int dt_cmd_gate(const char *db, int argc, char **argv)
{
	gate_args a = {0};
	int r = parse(argc, argv, &db, &a);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	if (!a.pilot)
		return gate_files(&a);
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = judge(st, a.pilot, 1, a.json);
	dt_store_close(st);
	return rc;
}
