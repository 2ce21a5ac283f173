/* cmd_decide.c: dualtrack decide PILOT KIND --rationale TEXT --decider
 * NAME:ROLE...: append a decision to the hash-chained log. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/service/assessment.h"
#include "model/util/text.h"

static void decide_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] decide PILOT KIND --rationale TEXT\n"
	      "         --decider NAME:ROLE [--decider NAME:ROLE...] [--force]\n\n"
	      "KIND: go, continue, roll-back, compare-other-instance, defer.\n"
	      "ROLE: researcher (model quality), training-engineer (trajectory),\n"
	      "platform (reproducibility and operating cost).\n"
	      "The decision records who entered it ($DUALTRACK_USER, else the login\n"
	      "name), the time, and the SHA-256 of the evidence it rests on\n"
	      "(task card, run file digests, parity verdicts, checklist, drills).\n"
	      "Decisions are never edited: a new one supersedes the pilot's last.\n"
	      "'go' while a checklist item is failed or pending is refused (the\n"
	      "items are listed) unless --force is given; the check, the evidence\n"
	      "and the record are one transaction, so no concurrent change slips\n"
	      "in between. A broken integrity chain (dualtrack verify) refuses\n"
	      "the decision (exit 2) unless --acknowledge-break is given, which\n"
	      "records the break in the chain first.\n"
	      "exit: 0 recorded, 1 go refused, 2 usage or input error\n", f);
}

/* Name each item of "step7 (fail), trial3 (pending)" with its title. */
static void print_blocking(const char *items)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", items);
	for (char *save = NULL, *it = strtok_r(buf, ",", &save); it;
	     it = strtok_r(NULL, ",", &save)) {
		while (*it == ' ')
			it++;
		char id[16] = "";
		sscanf(it, "%15s", id);
		int k = dt_check_find(id);
		fprintf(stderr, "dualtrack: go blocked by %s: %s\n", it,
		        k >= 0 ? dt_check_defs[k].title : "");
	}
}

int dt_cmd_decide(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"rationale", required_argument, NULL, 'r'},
		{"decider", required_argument, NULL, 'p'},
		{"force", no_argument, NULL, 'f'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *rationale = NULL;
	dt_decider dk[DT_DECIDERS_MAX];
	size_t nd = 0;
	int force = 0, c;
	char err[600];
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r': rationale = optarg; break;
		case 'p':
			if (dt_decider_add(dk, &nd, optarg, err, sizeof err) < 0) {
				fprintf(stderr, "dualtrack: %s\n", err);
				return DT_EXIT_USAGE;
			}
			break;
		case 'f': force = 1; break;
		case 'd': db = optarg; break;
		case 'h': decide_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(decide_usage); return DT_EXIT_USAGE;
		}
	}
	dt_decision_kind kind;
	if (optind + 2 == argc && dt_decision_kind_parse(argv[optind + 1],
	                                                 &kind) < 0) {
		char k[200], hint[80];
		const char *names[DT_DECIDE_COUNT];
		for (int i = 0; i < DT_DECIDE_COUNT; i++)
			names[i] = dt_decision_kind_name((dt_decision_kind)i);
		dt_sanitize(argv[optind + 1], k, sizeof k);
		fprintf(stderr, "dualtrack: '%s': expected go, continue, roll-back, "
		        "compare-other-instance or defer%s\n", k,
		        dt_cli_did_you_mean(argv[optind + 1], names, DT_DECIDE_COUNT,
		                            hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (dt_cli_operands("decide", argv + optind, argc - optind, 2, 2,
	                    "decide needs PILOT and a KIND: go, continue, "
	                    "roll-back, compare-other-instance, defer") < 0)
		return DT_EXIT_USAGE;
	/* only what is missing */
	int no_rationale = !rationale || !*rationale;
	if (no_rationale || nd == 0) {
		fprintf(stderr, "dualtrack: decide needs %s%s%s\n",
		        no_rationale ? "--rationale TEXT" : "",
		        no_rationale && nd == 0 ? " and " : "",
		        nd == 0 ? "at least one --decider NAME:ROLE (e.g. "
		        "--decider 'A. Lee:researcher')" : "");
		return DT_EXIT_USAGE;
	}
	if (dt_decision_validate(rationale, dk, nd, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	const char *name = argv[optind];
	int rc = DT_EXIT_USAGE;
	if (dt_cli_find_pilot(st, name) < 0)
		goto out;
	char by[64];
	dt_decision d;
	dt_actor_name(by, sizeof by);
	int r = dt_decide_checked(st, name, kind, rationale, dk, nd, by, force,
	                          &d, err, sizeof err);
	if (r == 2) {
		print_blocking(err);
		fprintf(stderr, "dualtrack: 'go' not recorded; settle the items or "
		        "give --force\n");
		rc = DT_EXIT_FAIL;
		goto out;
	}
	if (r != 0) {
		char msg[sizeof err];
		dt_sanitize(err, msg, sizeof msg);
		fprintf(stderr, "dualtrack: %s\n", msg);
		goto out;
	}
	dt_cli_report_break(st);
	char sup[48];
	if (d.supersedes)
		snprintf(sup, sizeof sup, "supersedes #%lld", (long long)d.supersedes);
	else
		snprintf(sup, sizeof sup, "first decision");
	printf("decision #%lld %s recorded by %s (%s); evidence sha256 %s\n",
	       (long long)d.id, dt_decision_label(&d), by, sup,
	       d.evidence_digest);
	if (d.forced_past[0]) {
		char fp[sizeof d.forced_past * 2];
		dt_sanitize(d.forced_past, fp, sizeof fp);
		printf("forced past: %s\n", fp);
	}
	free(d.evidence_text);
	rc = DT_EXIT_OK;
out:
	dt_store_close(st);
	return rc;
}
