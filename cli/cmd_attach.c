/* cmd_attach.c: dualtrack attach PILOT RUN --role baseline|pilot
 * [--force]. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/core/pilot.h"
#include "model/util/text.h"

static void attach_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] attach PILOT RUN --role baseline|pilot "
	      "[--force]\n\n"
	      "Attaches an imported run to a pilot: 'baseline' for a GPU baseline\n"
	      "run, 'pilot' for a Trainium2 pilot run. Attaching it again changes\n"
	      "its role. Each pilot run is compared with the first baseline run\n"
	      "using the task card's rtol / atol / warmup. A run whose platform\n"
	      "does not fit the role (a gpu run as the pilot, a trn2 or trn1 run\n"
	      "as the baseline) is refused, naming the run and its platform;\n"
	      "--force attaches it anyway, with that sentence as a warning. A run\n"
	      "imported with --platform other is attached either way.\n"
	      "exit: 0 success, 2 usage or input error (also a refused platform)\n",
	      f);
}

int dt_cmd_attach(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"role", required_argument, NULL, 'r'},
		{"force", no_argument, NULL, 'f'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	const char *role_s = NULL;
	int c, force = 0;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r': role_s = optarg; break;
		case 'f': force = 1; break;
		case 'd': db = optarg; break;
		case 'h': attach_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(attach_usage); return DT_EXIT_USAGE;
		}
	}
	dt_run_role role;
	if (role_s && dt_run_role_parse(role_s, &role) < 0) {
		char r[200], hint[80];
		const char *names[] = {dt_run_role_name(DT_RUN_BASELINE),
		                       dt_run_role_name(DT_RUN_PILOT)};
		dt_sanitize(role_s, r, sizeof r);
		fprintf(stderr, "dualtrack: --role '%s': expected baseline or "
		        "pilot%s\n", r, dt_cli_did_you_mean(role_s, names, 2, hint,
		                                          sizeof hint));
		return DT_EXIT_USAGE;
	}
	const char *needs = "attach needs PILOT RUN --role baseline|pilot";
	if (dt_cli_operands("attach", argv + optind, argc - optind, 2, 2,
	                    needs) < 0)
		return DT_EXIT_USAGE;
	if (!role_s) {
		fprintf(stderr, "dualtrack: %s\n", needs);
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = DT_EXIT_USAGE;
	dt_run run;
	char by[64];
	dt_actor_name(by, sizeof by);
	int64_t pid = dt_cli_find_pilot(st, argv[optind]);
	if (pid > 0 && dt_cli_find_run(st, argv[optind + 1], &run) == 0) {
		char why[DT_NAME_MAX + 200], safe[2 * sizeof why];
		int misfit = dt_run_role_mismatch(&run, role, why, sizeof why);
		if (misfit)
			dt_sanitize(why, safe, sizeof safe);
		if (misfit && !force) {
			fprintf(stderr, "dualtrack: attach refused: %s. Give --force "
			        "to attach it as the %s anyway.\n", safe,
			        dt_run_role_name(role));
		} else if (dt_store_pilot_attach(st, pid, run.id, role, by) < 0) {
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		} else {
			char a[DT_NAME_MAX * 2], b[DT_NAME_MAX * 2];
			if (misfit)
				fprintf(stderr, "dualtrack: warning: %s (attached as the "
				        "%s anyway: --force).\n", safe,
				        dt_run_role_name(role));
			printf("attached %s to pilot %s as %s by %s\n",
			       (dt_sanitize(run.name, a, sizeof a), a),
			       (dt_sanitize(argv[optind], b, sizeof b), b),
			       dt_run_role_name(role), by);
			rc = DT_EXIT_OK;
		}
	}
	dt_store_close(st);
	return rc;
}
