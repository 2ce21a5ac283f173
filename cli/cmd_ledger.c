/* cmd_ledger.c: dualtrack ledger: show a pilot's (or a run's) time and
 * cost ledger, enter values, attach runs (rules in model/core/ledger.h). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/nearest.h"
#include "cli/ledger_print.h"
#include "model/service/ledger_load.h"
#include "model/util/clock.h"
#include "model/util/jsonw.h"
#include "model/util/num.h"
#include "model/util/text.h"
#include "model/store/store.h"

static void ledger_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] ledger PILOT [--json]\n"
	      "       dualtrack [--db PATH] ledger set PILOT SIDE KEY VALUE\n"
	      "                 --basis official|measured|assumption [--note TEXT]\n"
	      "       dualtrack [--db PATH] ledger attach PILOT RUN\n\n"
	      "Time and cost of a pilot, GPU (SIDE gpu) vs Trainium2 (SIDE trn2).\n"
	      "PILOT is a pilot name (its attached runs count), any ledger name,\n"
	      "or a run name (that run's ledger alone).\n"
	      "Time KEYs (VALUE in hours, or with a unit: 90m, 300s, 1.5h):\n"
	      "  env_prep compile warmup_data training checkpoint queue reruns\n"
	      "  manual\n"
	      "Price / quantity KEYs:\n"
	      "  instance_hour (USD per instance-hour)  instances (count)\n"
	      "  storage (USD/GB-month)  storage_gb_months\n"
	      "  transfer (USD/GB)  transfer_gb   logs (USD/GB)  logs_gb\n"
	      "  useful_steps (effective steps; else from the loss curve)\n"
	      "Every value needs --basis: official price, own measurement, or\n"
	      "unverified assumption. Nothing is filled in: a missing input is\n"
	      "listed and the totals it would change are marked incomplete.\n"
	      "From the runs' logs: first-step overhead -> compile, kept steps ->\n"
	      "training, redone steps and gaps between restarts -> reruns (step\n"
	      "time from step_time, iteration_time, Megatron elapsed time or\n"
	      "throughput x global batch); an entered value overrides them.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

/* The sub-commands; any other first word is a PILOT (cmd_show). */
static const char *const ledger_subs[] = {"set", "attach"};

/* The hint for an unknown ledger key: the nearest time or price /
 * quantity key (dt_cli_did_you_mean), into out (n bytes). */
static const char *key_hint(const char *key, char *out, size_t n)
{
	const char *names[DT_LC_COUNT + DT_LI_COUNT];
	for (int c = 0; c < DT_LC_COUNT; c++)
		names[c] = dt_ledger_cat_key(c);
	for (int i = 0; i < DT_LI_COUNT; i++)
		names[DT_LC_COUNT + i] = dt_ledger_item_key(i);
	return dt_cli_did_you_mean(key, names, DT_LC_COUNT + DT_LI_COUNT, out,
	                           n);
}

static int cmd_set(dt_store *st, int argc, char **argv)
{
	static const struct option opts[] = {
		{"basis", required_argument, NULL, 'b'},
		{"note", required_argument, NULL, 'n'},
		{"db", required_argument, NULL, 'd'},
		{NULL, 0, NULL, 0}};
	const char *basis = NULL, *note = "";
	char by[64];
	int c, is_time, idx;
	optind = 0;
	/* VALUE -5: an operand (refused below as a value < 0), not an option */
	dt_cli_hide_numbers(argc, argv, opts);
	while ((c = dt_cli_getopt(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'b': basis = optarg; break;
		case 'n': note = optarg; break;
		case 'd': break;
		default:
			dt_cli_show_numbers(argc, argv);
			dt_cli_usage_error(ledger_usage);
			return DT_EXIT_USAGE;
		}
	}
	dt_cli_show_numbers(argc, argv);
	if (dt_cli_operands("ledger set", argv + optind + 1, argc - optind - 1,
	                    4, 4, "ledger set needs PILOT SIDE KEY VALUE") < 0)
		return DT_EXIT_USAGE;
	const char *pilot = argv[optind + 1], *side = argv[optind + 2];
	const char *key = argv[optind + 3], *val = argv[optind + 4];
	double v;
	static const char *const sides[] = {"gpu", "trn2"};
	static const char *const bases[] = {"official", "measured",
	                                    "assumption"};
	char safe[200], hint[120];
	if (dt_ledger_side_parse(side) < 0 || strcmp(side, "trn1") == 0) {
		dt_sanitize(side, safe, sizeof safe);
		fprintf(stderr, "dualtrack: SIDE must be gpu or trn2, got '%s'%s\n",
		        safe, dt_cli_did_you_mean(side, sides, 2, hint,
		                                  sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (dt_ledger_key_parse(key, &is_time, &idx) < 0) {
		dt_sanitize(key, safe, sizeof safe);
		fprintf(stderr, "dualtrack: unknown ledger key '%s'%s (ledger "
		        "--help)\n", safe, key_hint(key, hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (!basis) {
		fprintf(stderr, "dualtrack: ledger set needs --basis official, "
		        "measured or assumption\n");
		return DT_EXIT_USAGE;
	}
	if (dt_basis_parse(basis) == DT_BASIS_NONE) {
		dt_sanitize(basis, safe, sizeof safe);
		fprintf(stderr, "dualtrack: --basis '%s': expected official, "
		        "measured or assumption%s\n", safe,
		        dt_cli_did_you_mean(basis, bases, 3, hint, sizeof hint));
		return DT_EXIT_USAGE;
	}
	char err[300];
	if (dt_ledger_value_parse(key, is_time, val, &v, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	if (dt_ledger_input_check(pilot, note, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	dt_actor_name(by, sizeof by);
	if (dt_store_ledger_set(st, pilot, side, key, v, basis, note, by) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return DT_EXIT_USAGE;
	}
	char sp[DT_NAME_MAX], sv[32];
	dt_sanitize(pilot, sp, sizeof sp);
	dt_fmt_double(v, sv);
	/* with its unit: times are stored in seconds ("1.2h" -> 4320 s) */
	printf("ledger %s %s %s = %s %s (%s) recorded by %s\n", sp, side, key,
	       sv, is_time ? "s" : dt_ledger_item_unit(idx), basis, by);
	return DT_EXIT_OK;
}

static int cmd_attach(dt_store *st, int argc, char **argv)
{
	dt_run r;
	if (dt_cli_operands("ledger attach", argv + 1, argc - 1, 2, 2,
	                    "ledger attach needs PILOT RUN") < 0)
		return DT_EXIT_USAGE;
	if (dt_cli_find_run(st, argv[2], &r) < 0)
		return DT_EXIT_USAGE;
	if (dt_store_ledger_attach(st, argv[1], r.id) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return DT_EXIT_USAGE;
	}
	return DT_EXIT_OK;
}

static int cmd_show(dt_store *st, int argc, char **argv)
{
	static const struct option opts[] = {
		{"json", no_argument, NULL, 'j'},
		{"db", required_argument, NULL, 'd'},
		{NULL, 0, NULL, 0}};
	int json = 0, c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "", opts, NULL)) != -1) {
		if (c == 'j')
			json = 1;
		else if (c != 'd') {
			dt_cli_usage_error(ledger_usage);
			return DT_EXIT_USAGE;
		}
	}
	if (dt_cli_operands("ledger", argv + optind, argc - optind, 1, 1,
	                    "ledger needs one PILOT name") < 0)
		return DT_EXIT_USAGE;
	dt_ledger_view v;
	char err[600];
	int r = dt_ledger_load(st, argv[optind], &v, err, sizeof err);
	if (r < 0) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return DT_EXIT_USAGE;
	}
	if (r == 1) {
		/* "ledger sett": a sub-command mistyped, its operands left out */
		char safe[200], hint[80];
		dt_sanitize(argv[optind], safe, sizeof safe);
		fprintf(stderr, "dualtrack: '%s' is neither a ledger, a pilot nor a "
		        "run%s (ledger set / ledger attach create one)\n", safe,
		        dt_cli_did_you_mean(argv[optind], ledger_subs, 2, hint,
		                            sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (json)
		dt_ledger_print_json(&v);
	else
		dt_ledger_print_text(&v);
	dt_ledger_view_free(&v);
	return DT_EXIT_OK;
}

/* The --db option may follow the subcommand; find it before opening. */
static const char *db_option(int argc, char **argv, const char *db)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--db") == 0 && i + 1 < argc)
			return argv[i + 1];
		if (strncmp(argv[i], "--db=", 5) == 0)
			return argv[i] + 5;
	}
	return db;
}

int dt_cmd_ledger(const char *db, int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			ledger_usage(stdout);
			return DT_EXIT_OK;
		}
	if (argc < 2) {
		dt_cli_usage_error(ledger_usage);
		return DT_EXIT_USAGE;
	}
	/* "ledger sett P ...", "ledger att P RUN": more words than a PILOT
	 * alone, and the first one near a sub-command or the start of one
	 * (dt_nearest_name) */
	if (argc > 2 && strcmp(argv[1], "set") && strcmp(argv[1], "attach") &&
	    dt_nearest_name(argv[1], ledger_subs, 2)) {
		dt_cli_subcommand("ledger", argv[1], ledger_subs, 2, "ledger needs "
		                  "set, attach or one PILOT name");
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store(db_option(argc, argv, db));
	if (!st)
		return DT_EXIT_USAGE;
	int rc;
	if (strcmp(argv[1], "set") == 0)
		rc = cmd_set(st, argc, argv);
	else if (strcmp(argv[1], "attach") == 0)
		rc = cmd_attach(st, argc - 1, argv + 1);
	else
		rc = cmd_show(st, argc, argv);
	dt_store_close(st);
	return rc;
}
