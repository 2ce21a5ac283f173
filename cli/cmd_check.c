/* cmd_check.c: dualtrack check PILOT ITEM STATUS [--note] [--reason]
 * [--evidence SPEC]...: a person's status for a checklist item. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/util/text.h"
#include "model/core/checklist.h"
#include "model/service/check_record.h"
#include "model/service/evidence_link.h"

#define MAX_EVIDENCE 16

static void check_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] check PILOT ITEM STATUS [--note TEXT]\n"
	      "         [--reason TEXT] [--evidence run:NAME|drill:ID|file:PATH]...\n\n"
	      "STATUS: pending, pass, fail, waived. Items:\n", f);
	for (int i = 0; i < DT_ITEM_COUNT; i++)
		fprintf(f, "  %-6s %c %s\n", dt_check_defs[i].id,
		        dt_check_defs[i].computed ? '*' : ' ', dt_check_defs[i].title);
	fputs("* computed from the data (step6: parity verdicts and drills; trial1:\n"
	      "  loss from the first effective step and decreasing; trial5: compile\n"
	      "  and data-preparation time in the run journal). Setting one is an\n"
	      "  override and needs --reason; 'pending' clears the override.\n"
	      "'waived' always needs --reason. Evidence: a run, a drill of this\n"
	      "pilot, or a file (its SHA-256 is recorded now, with its path).\n"
	      "Who acts: $DUALTRACK_USER, else the login name.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

int dt_cmd_check(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"note", required_argument, NULL, 'n'},
		{"reason", required_argument, NULL, 'r'},
		{"evidence", required_argument, NULL, 'e'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *note = "", *reason = "", *ev[MAX_EVIDENCE];
	size_t nev = 0;
	int c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': note = optarg; break;
		case 'r': reason = optarg; break;
		case 'e':
			if (nev == MAX_EVIDENCE) {
				fprintf(stderr, "dualtrack: at most %d --evidence\n",
				        MAX_EVIDENCE);
				return DT_EXIT_USAGE;
			}
			ev[nev++] = optarg;
			break;
		case 'd': db = optarg; break;
		case 'h': check_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(check_usage); return DT_EXIT_USAGE;
		}
	}
	if (dt_cli_operands("check", argv + optind, argc - optind, 3, 3,
	                    "check needs PILOT ITEM STATUS") < 0)
		return DT_EXIT_USAGE;
	int item = dt_check_find(argv[optind + 1]);
	dt_check_status status;
	if (item < 0 || dt_check_status_parse(argv[optind + 2], &status) < 0) {
		const char *word = argv[optind + (item < 0 ? 1 : 2)];
		const char *names[DT_ITEM_COUNT];
		size_t nn = 0;
		char bad[200], hint[80];
		if (item < 0)
			for (int i = 0; i < DT_ITEM_COUNT; i++)
				names[nn++] = dt_check_defs[i].id;
		else
			for (int s = DT_CK_PENDING; s <= DT_CK_WAIVED; s++)
				names[nn++] = dt_check_status_name((dt_check_status)s);
		dt_sanitize(word, bad, sizeof bad);
		fprintf(stderr, "dualtrack: unknown %s '%s'%s (dualtrack check "
		        "--help)\n", item < 0 ? "item" : "status", bad,
		        dt_cli_did_you_mean(word, names, nn, hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	char by[64];
	dt_actor_name(by, sizeof by);
	int64_t pid = dt_cli_find_pilot(st, argv[optind]);
	int rc = DT_EXIT_USAGE;
	char said[400];
	if (pid > 0 && dt_store_begin(st) == 0) {
		int ok = dt_check_record(st, pid, (dt_check_id)item, status, note,
		                         reason, by, said, sizeof said) == 0;
		for (size_t i = 0; ok && i < nev; i++)
			ok = dt_evidence_link(st, pid, (dt_check_id)item, ev[i],
			                           by) == 0;
		if (ok && dt_store_commit(st) == 0) {
			char safe[1600];
			dt_sanitize(said, safe, sizeof safe);
			printf("%s (%zu evidence link%s added)\n", safe, nev,
			       nev == 1 ? "" : "s");
			rc = DT_EXIT_OK;
		} else {
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
			dt_store_rollback(st);
		}
	} else if (pid > 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
	}
	dt_store_close(st);
	return rc;
}
