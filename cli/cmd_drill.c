/* cmd_drill.c: dualtrack drill add|list|check: resume and fault drills,
 * pre-filled from the runs' logs where they allow. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/service/drill_runs.h"
#include "cli/pilot_show.h"
#include "model/util/clock.h"
#include "model/service/assessment.h"
#include "model/util/text.h"
#include "model/service/drill_prefill.h"

static void drill_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] drill add PILOT --kind KIND [--run RUN]\n"
	      "         [--run-after RUN] [--checkpoint-id ID] [--checkpoint-location URI]\n"
	      "         [--checkpoint-checksum SUM] [--checkpoint-step N]\n"
	      "         [--resumed-step N] [--fault-time T] [--resumed-time T]\n"
	      "         [--check ITEM=STATUS[:NOTE]]... [--note TEXT] [--no-prefill]\n"
	      "       dualtrack [--db PATH] drill list PILOT [--json]\n"
	      "       dualtrack [--db PATH] drill check DRILL ITEM STATUS [--note TEXT]\n\n"
	      "KIND:\n", f);
	for (int i = 0; i < DT_DRILL_KIND_COUNT; i++)
		fprintf(f, "  %-24s %s\n", dt_drill_kind_name((dt_drill_kind)i),
		        dt_drill_kind_desc((dt_drill_kind)i));
	fputs("ITEM: effective_step, lr_schedule, rng_state, data_cursor,\n"
	      "control_loss; STATUS: pass, fail, not_checked.\n"
	      "--run is the run before the fault; --run-after the run after it\n"
	      "(omit it when the restart is inside --run). Times: ISO 8601 with a\n"
	      "zone (2026-11-02T10:41:00Z, or `date -Iseconds` output such as\n"
	      "2026-11-02T12:41:00+02:00), stored as UTC; the resumed time may not\n"
	      "be before the fault time. Recovery = resumed - fault time, compared\n"
	      "with the task card's recovery-seconds: within, over (the drill\n"
	      "fails: step6 fails and blocks a go unless overridden with a\n"
	      "reason), no limit, or unknown (a time missing). list shows it.\n"
	      "Pre-fill from the logs (unless --no-prefill; --check wins):\n"
	      "  effective_step: checkpoint step < resumed step <= checkpoint\n"
	      "    step + logging interval (the resume check's step rule);\n"
	      "  lr_schedule: LR at the resumed step after = before the restart\n"
	      "    (relative 1e-6);\n"
	      "  control_loss: replayed steps' max |rel diff| <= task card rtol.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

enum { O_KIND = 300, O_RUN, O_AFTER, O_CID, O_CLOC, O_CSUM, O_CSTEP, O_RSTEP,
       O_FAULT, O_RESUMED, O_CHECK, O_NOTE, O_NOPRE, O_JSON, O_DB, O_HELP };

typedef struct drill_args {
	const char *db;
	dt_drill d;
	int prefill, json;
	const char *checks[DT_DC_COUNT * 2];
	size_t nchecks;
} drill_args;

static int copy_opt(char *dst, size_t n, const char *opt, const char *v)
{
	if (strlen(v) >= n) {
		fprintf(stderr, "dualtrack: %s longer than %zu bytes\n", opt, n - 1);
		return -1;
	}
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int time_opt(char dst[32], const char *opt, const char *v)
{
	char utc[32], err[300];
	if (dt_time_normalize(v, opt, utc, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	return copy_opt(dst, 32, opt, utc);
}

/* --checkpoint-step / --resumed-step: dt_drill_step_parse's rule and
 * words, the TUI drill form's. */
static int step_opt(const char *opt, int64_t *step)
{
	char err[200];
	if (dt_drill_step_parse(opt, optarg, step, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return -1;
	}
	return 0;
}

static int opt_value(drill_args *a, int c)
{
	dt_drill *d = &a->d;
	switch (c) {
	case O_KIND:
		if (dt_drill_kind_parse(optarg, &d->kind) == 0)
			return 0;
		{
			const char *names[DT_DRILL_KIND_COUNT];
			char bad[200], hint[80];
			for (int i = 0; i < DT_DRILL_KIND_COUNT; i++)
				names[i] = dt_drill_kind_name((dt_drill_kind)i);
			dt_sanitize(optarg, bad, sizeof bad);
			fprintf(stderr, "dualtrack: unknown drill kind '%s'%s\n", bad,
			        dt_cli_did_you_mean(optarg, names, DT_DRILL_KIND_COUNT,
			                            hint, sizeof hint));
		}
		return -1;
	case O_RUN: return copy_opt(d->run_before, sizeof d->run_before, "--run", optarg);
	case O_AFTER: return copy_opt(d->run_after, sizeof d->run_after, "--run-after", optarg);
	case O_CID: return copy_opt(d->checkpoint_id, sizeof d->checkpoint_id, "--checkpoint-id", optarg);
	case O_CLOC: return copy_opt(d->checkpoint_location, sizeof d->checkpoint_location, "--checkpoint-location", optarg);
	case O_CSUM: return copy_opt(d->checkpoint_checksum, sizeof d->checkpoint_checksum, "--checkpoint-checksum", optarg);
	case O_CSTEP: return step_opt("--checkpoint-step", &d->checkpoint_step);
	case O_RSTEP: return step_opt("--resumed-step", &d->resumed_step);
	case O_FAULT: return time_opt(d->fault_time, "--fault-time", optarg);
	case O_RESUMED: return time_opt(d->resumed_time, "--resumed-time", optarg);
	case O_NOTE: return copy_opt(d->note, sizeof d->note, "--note", optarg);
	case O_NOPRE: a->prefill = 0; return 0;
	case O_JSON: a->json = 1; return 0;
	case O_DB: a->db = optarg; return 0;
	case O_CHECK:
		if (a->nchecks == sizeof a->checks / sizeof a->checks[0]) {
			fprintf(stderr, "dualtrack: too many --check\n");
			return -1;
		}
		a->checks[a->nchecks++] = optarg;
		return 0;
	}
	return -1;
}

/* Returns -1 usage error, 1 help, 0 ok. */
static int parse(int argc, char **argv, drill_args *a)
{
	static const struct option opts[] = {
		{"kind", required_argument, NULL, O_KIND},
		{"run", required_argument, NULL, O_RUN},
		{"run-after", required_argument, NULL, O_AFTER},
		{"checkpoint-id", required_argument, NULL, O_CID},
		{"checkpoint-location", required_argument, NULL, O_CLOC},
		{"checkpoint-checksum", required_argument, NULL, O_CSUM},
		{"checkpoint-step", required_argument, NULL, O_CSTEP},
		{"resumed-step", required_argument, NULL, O_RSTEP},
		{"fault-time", required_argument, NULL, O_FAULT},
		{"resumed-time", required_argument, NULL, O_RESUMED},
		{"check", required_argument, NULL, O_CHECK},
		{"note", required_argument, NULL, O_NOTE},
		{"no-prefill", no_argument, NULL, O_NOPRE},
		{"json", no_argument, NULL, O_JSON},
		{"db", required_argument, NULL, O_DB},
		{"help", no_argument, NULL, O_HELP},
		{NULL, 0, NULL, 0}};
	int c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		if (c == O_HELP || c == 'h') {
			drill_usage(stdout);
			return 1;
		}
		if (c == '?' || opt_value(a, c) < 0) {
			if (c == '?')
				dt_cli_usage_error(drill_usage);
			return -1;
		}
	}
	return 0;
}

/* "ITEM=STATUS[:NOTE]" into d->checks (source user). */
static int person_check(dt_drill *d, const char *spec, const char *by)
{
	char buf[600];
	snprintf(buf, sizeof buf, "%s", spec);
	char *eq = strchr(buf, '='), *colon;
	dt_drill_item it;
	dt_dc_status s;
	if (!eq)
		goto bad;
	*eq = '\0';
	colon = strchr(eq + 1, ':');
	if (colon)
		*colon = '\0';
	if (dt_drill_item_parse(buf, &it) < 0 || dt_dc_status_parse(eq + 1, &s) < 0)
		goto bad;
	dt_drill_check *c = &d->checks[it];
	memset(c, 0, sizeof *c);
	c->status = s;
	snprintf(c->note, sizeof c->note, "%s", colon ? colon + 1 : "");
	snprintf(c->source, sizeof c->source, "user");
	snprintf(c->set_by, sizeof c->set_by, "%s", by);
	return 0;
bad:
	fprintf(stderr, "dualtrack: --check '%s': expected ITEM=STATUS[:NOTE] "
	        "(dualtrack drill --help)\n", spec);
	return -1;
}

static void prefill(dt_store *st, dt_drill *d)
{
	dt_taskcard tc;
	dt_resume_evidence ev;
	char err[600];
	if (dt_store_taskcard_load(st, d->pilot_id, &tc) < 0)
		return;
	dt_parity_opts po = dt_taskcard_parity(&tc);
	int rc = dt_drill_prefill(st, d, po.rtol, &ev, err, sizeof err);
	if (rc == 0)
		dt_drill_apply_evidence(d, &ev);
	else
		fprintf(stderr, "dualtrack: no pre-fill: %s\n", err);
}

/* A drill's checkpoint or resumed step as text: steps are >= 1, 0 means
 * not given, shown as "-" (never "resumed at step 0"). */
static int cmd_add(dt_store *st, drill_args *a, const char *pilot)
{
	char by[64];
	dt_actor_name(by, sizeof by);
	if ((a->d.pilot_id = dt_cli_find_pilot(st, pilot)) < 0)
		return DT_EXIT_USAGE;
	for (size_t i = 0; i < a->nchecks; i++)
		if (person_check(&a->d, a->checks[i], by) < 0)
			return DT_EXIT_USAGE;
	char err[400];
	if (dt_drill_validate(&a->d, err, sizeof err) < 0 ||
	    dt_drill_runs_check(st, &a->d, err, sizeof err) != 0) {
		char safe[800];
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: %s\n", safe);
		return DT_EXIT_USAGE;
	}
	if (a->prefill && a->d.run_before[0])
		prefill(st, &a->d);
	else if (a->prefill) /* said, as a run without a restart is */
		fprintf(stderr, "dualtrack: no pre-fill: the drill names no run "
		        "(--run RUN): nothing read from the logs, and step6 does "
		        "not count it as a verified resume\n");
	if (dt_store_begin(st) < 0 || dt_store_drill_add(st, &a->d, by) < 0 ||
	    dt_store_commit(st) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_rollback(st);
		return DT_EXIT_USAGE;
	}
	char ck[600], cs[24], rs[24];
	dt_sanitize(a->d.checkpoint_id, ck, sizeof ck);
	printf("drill #%lld %s recorded by %s: checkpoint %s step %s, resumed "
	       "step %s, fault %s, resumed %s\n", (long long)a->d.id,
	       dt_drill_kind_name(a->d.kind), by, ck[0] ? ck : "-",
	       dt_drill_step_text(a->d.checkpoint_step, cs, sizeof cs),
	       dt_drill_step_text(a->d.resumed_step, rs, sizeof rs),
	       a->d.fault_time[0] ? a->d.fault_time : "-",
	       a->d.resumed_time[0] ? a->d.resumed_time : "-");
	for (int k = 0; k < DT_DC_COUNT; k++) {
		/* a note's lines as lines, each continuation two blanks deeper
		 * than its check's row: room for 511 newlines and indents */
		char note[511 * 5 + 1];
		dt_sanitize_lines(a->d.checks[k].note, "    ", note, sizeof note);
		printf("  %-15s %-11s %s\n", dt_drill_item_name((dt_drill_item)k),
		       dt_dc_status_name(a->d.checks[k].status), note);
	}
	return DT_EXIT_OK;
}

/* The recovery cell: "540 s ≤ 900 s" (within), "1200 s > 900 s"
 * (over), "540 s, no limit", "unknown"; into buf. Returns its width in
 * columns (the one multi-byte character counts once). */
static int recovery_text(const dt_recovery_check *r, char *buf, size_t n)
{
	int k;
	switch (r->state) {
	case DT_REC_WITHIN:
		k = snprintf(buf, n, "%.0f s \xe2\x89\xa4 %.0f s", r->seconds, r->limit);
		return k - 2;
	case DT_REC_OVER:
		k = snprintf(buf, n, "%.0f s > %.0f s", r->seconds, r->limit);
		break;
	case DT_REC_NO_LIMIT:
		k = snprintf(buf, n, "%.0f s, no limit", r->seconds);
		break;
	default:
		k = snprintf(buf, n, "%s", dt_recovery_state_name(r->state));
	}
	return k;
}

static int cmd_list(dt_store *st, const char *pilot, int json)
{
	dt_assessment ov;
	char err[600];
	int rc = dt_assessment_load(st, pilot, &ov, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	dt_jw w;
	dt_jw_init(&w, stdout, json ? 1 : 0);
	if (!json)
		printf("%-4s %-24s %-10s %-10s %-18s %s\n", "id", "kind",
		       "ckpt step", "resumed", "recovery",
		       "checks (step lr rng cursor loss)");
	else {
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "drills");
		dt_jw_arr_begin(&w);
	}
	for (size_t i = 0; i < ov.ndrills; i++) {
		const dt_drill *d = &ov.drills[i];
		if (json) {
			dt_drill_json(&w, d, &ov.recovery[i]);
			continue;
		}
		char cs[24], rs[24], rec[64];
		int cols = recovery_text(&ov.recovery[i], rec, sizeof rec);
		printf("%-4lld %-24s %-10s %-10s %s%*s", (long long)d->id,
		       dt_drill_kind_name(d->kind), dt_drill_step_text(d->checkpoint_step, cs, sizeof cs),
		       dt_drill_step_text(d->resumed_step, rs, sizeof rs), rec,
		       cols < 18 ? 18 - cols : 0, "");
		for (int k = 0; k < DT_DC_COUNT; k++)
			printf(" %s", dt_dc_status_name(d->checks[k].status));
		putchar('\n');
	}
	if (json) {
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	}
	dt_assessment_free(&ov);
	return DT_EXIT_OK;
}

static int cmd_check(dt_store *st, char **args, const char *note)
{
	int64_t id;
	dt_drill_item it;
	dt_dc_status s;
	char by[64];
	if (dt_cli_int("DRILL", args[0], 1, &id) < 0)
		return DT_EXIT_USAGE;
	if (dt_drill_item_parse(args[1], &it) < 0) {
		char bad[200], names[400] = "";
		size_t off = 0;
		dt_sanitize(args[1], bad, sizeof bad);
		for (int k = 0; k < DT_DC_COUNT; k++) {
			int w = snprintf(names + off, sizeof names - off, "%s%s",
			                 k == 0 ? "" : k == DT_DC_COUNT - 1 ? " or "
			                 : ", ", dt_drill_item_name((dt_drill_item)k));
			if (w > 0 && (size_t)w < sizeof names - off)
				off += (size_t)w;
		}
		const char *items[DT_DC_COUNT];
		char hint[80];
		for (int k = 0; k < DT_DC_COUNT; k++)
			items[k] = dt_drill_item_name((dt_drill_item)k);
		fprintf(stderr, "dualtrack: drill check: item '%s': expected %s%s\n",
		        bad, names, dt_cli_did_you_mean(args[1], items, DT_DC_COUNT,
		                                       hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (dt_dc_status_parse(args[2], &s) < 0) {
		char bad[200], hint[80];
		const char *names[] = {dt_dc_status_name(DT_DC_PASS),
		                       dt_dc_status_name(DT_DC_FAIL),
		                       dt_dc_status_name(DT_DC_NOT_CHECKED)};
		dt_sanitize(args[2], bad, sizeof bad);
		fprintf(stderr, "dualtrack: drill check: status '%s': expected "
		        "%s, %s or %s%s\n", bad, names[0], names[1], names[2],
		        dt_cli_did_you_mean(args[2], names, 3, hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	dt_actor_name(by, sizeof by);
	if (dt_store_drill_check_set(st, id, it, s, note, "user", by) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return DT_EXIT_USAGE;
	}
	printf("drill #%lld %s: %s recorded by %s\n", (long long)id, args[1],
	       args[2], by);
	return DT_EXIT_OK;
}

int dt_cmd_drill(const char *db, int argc, char **argv)
{
	drill_args a = {.db = db, .prefill = 1};
	a.d.kind = DT_DRILL_KIND_COUNT;
	int r = parse(argc, argv, &a);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	int n = argc - optind;
	char **args = argv + optind;
	static const char *const subs[] = {"add", "list", "check"};
	static const char *const needs[] = {
		"drill add needs PILOT and --kind KIND", "drill list needs PILOT",
		"drill check needs DRILL ITEM STATUS"};
	static const int nops[] = {1, 1, 3};
	int k = dt_cli_subcommand("drill", n > 0 ? args[0] : NULL, subs, 3,
	                          "drill needs add PILOT --kind KIND, list PILOT "
	                          "or check DRILL ITEM STATUS");
	char cmd[16];
	if (k >= 0)
		snprintf(cmd, sizeof cmd, "drill %s", subs[k]);
	if (k < 0 || dt_cli_operands(cmd, args + 1, n - 1, nops[k], nops[k],
	                             needs[k]) < 0)
		return DT_EXIT_USAGE;
	if (k == 0 && a.d.kind == DT_DRILL_KIND_COUNT) {
		fprintf(stderr, "dualtrack: %s\n", needs[0]);
		return DT_EXIT_USAGE;
	}
	const char *sub = subs[k];
	dt_store *st = !strcmp(sub, "list") ? dt_cli_store_read(a.db) :
	               dt_cli_store(a.db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc;
	if (!strcmp(sub, "add"))
		rc = cmd_add(st, &a, args[1]);
	else if (!strcmp(sub, "list"))
		rc = cmd_list(st, args[1], a.json);
	else
		rc = cmd_check(st, args + 1, a.d.note);
	dt_store_close(st);
	return rc;
}
