/* cmd_pilot.c: dualtrack pilot new|set|list|show: pilots and their task
 * cards. Output of `show` is in pilot_show.c. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/compare_print.h"
#include "cli/pilot_show.h"
#include "model/util/clock.h"
#include "model/util/jsonw.h"
#include "model/core/pilot.h"
#include "model/service/integrity.h"
#include "model/util/text.h"

enum { OPT_JSON = 900, OPT_DB, OPT_HELP, OPT_FIELD = 1000 };

static void pilot_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] pilot new NAME [--FIELD VALUE...]\n"
	      "       dualtrack [--db PATH] pilot set NAME --FIELD VALUE...\n"
	      "       dualtrack [--db PATH] pilot list [--json]\n"
	      "       dualtrack [--db PATH] pilot show NAME [--json]\n\n"
	      "A pilot groups the runs of one migration attempt (attach them with\n"
	      "'dualtrack attach'). Its task card holds the inputs fixed before it\n"
	      "starts; rtol / atol / warmup are the baseline-match criteria used for\n"
	      "the pilot's parity verdict and checklist step 6. Task card fields\n"
	      "(an empty VALUE clears one; history is kept):\n", f);
	for (int i = 0; i < DT_TC_COUNT; i++)
		fprintf(f, "  --%-18s %s\n", dt_taskcard_defs[i].key,
		        dt_taskcard_defs[i].label);
	fputs("show prints the task card, runs by role, parity verdicts, the\n"
	      "checklist (computed items marked), drills and decisions.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

/* Options: the task card fields plus --json, --db, --help. */
static struct option *build_opts(void)
{
	struct option *o = calloc(DT_TC_COUNT + 4, sizeof *o);
	if (!o)
		return NULL;
	for (int i = 0; i < DT_TC_COUNT; i++)
		o[i] = (struct option){dt_taskcard_defs[i].key, required_argument,
		                       NULL, OPT_FIELD + i};
	o[DT_TC_COUNT] = (struct option){"json", no_argument, NULL, OPT_JSON};
	o[DT_TC_COUNT + 1] = (struct option){"db", required_argument, NULL, OPT_DB};
	o[DT_TC_COUNT + 2] = (struct option){"help", no_argument, NULL, OPT_HELP};
	return o;
}

typedef struct pilot_args {
	const char *db;
	int json;
	const char *field[DT_TC_COUNT];   /* NULL = not given */
	int nfields;
} pilot_args;

/* Returns -1 on a usage error, 1 for --help, else 0. */
static int parse(int argc, char **argv, pilot_args *a)
{
	struct option *opts = build_opts();
	int c, rc = 0;
	if (!opts)
		return -1;
	optind = 0;
	while (rc == 0 && (c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		char err[256];
		if (c >= OPT_FIELD && c < OPT_FIELD + DT_TC_COUNT) {
			dt_tc_field f = (dt_tc_field)(c - OPT_FIELD);
			if (dt_taskcard_validate(f, optarg, err, sizeof err) < 0) {
				fprintf(stderr, "dualtrack: %s\n", err);
				rc = -1;
			}
			a->field[f] = optarg;
			a->nfields++;
		} else if (c == OPT_JSON) {
			a->json = 1;
		} else if (c == OPT_DB) {
			a->db = optarg;
		} else if (c == OPT_HELP || c == 'h') {
			pilot_usage(stdout);
			rc = 1;
		} else {
			dt_cli_usage_error(pilot_usage);
			rc = -1;
		}
	}
	free(opts);
	return rc;
}

static int set_fields(dt_store *st, int64_t pilot_id, const pilot_args *a,
                      const char *by)
{
	for (int i = 0; i < DT_TC_COUNT; i++)
		if (a->field[i] && dt_store_taskcard_set(st, pilot_id, (dt_tc_field)i,
		                                   a->field[i], by) < 0)
			return -1;
	return 0;
}

static int cmd_new_set(dt_store *st, const char *name, const pilot_args *a,
                       int create)
{
	char by[64];
	dt_pilot p;
	dt_actor_name(by, sizeof by);
	if (!create && a->nfields == 0) {
		fprintf(stderr, "dualtrack: pilot set needs at least one --FIELD "
		        "VALUE (dualtrack pilot --help)\n");
		return DT_EXIT_USAGE;
	}
	int64_t id = 0;
	if (!create && (id = dt_cli_find_pilot(st, name)) < 0)
		return DT_EXIT_USAGE;
	if (dt_store_begin(st) < 0)
		goto fail;
	if (create) {
		if (dt_store_pilot_create(st, name, by, &p) < 0)
			goto fail_tx;
		id = p.id;
	}
	if (set_fields(st, id, a, by) < 0 || dt_store_commit(st) < 0)
		goto fail_tx;
	char safe[DT_NAME_MAX * 2];
	dt_sanitize(name, safe, sizeof safe);
	printf("pilot %s: %s%d task card field%s set by %s\n", safe,
	       create ? "created, " : "", a->nfields, a->nfields == 1 ? "" : "s",
	       by);
	for (int i = 0; i < DT_TC_COUNT; i++)
		if (a->field[i]) {
			char v[DT_TC_VALUE_MAX];
			dt_sanitize(a->field[i], v, sizeof v);
			printf("  %s = %s\n", dt_taskcard_defs[i].key,
			       v[0] ? v : "(cleared)");
		}
	return DT_EXIT_OK;
fail_tx:
	dt_store_rollback(st);
fail:
	fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
	return DT_EXIT_USAGE;
}

static int cmd_list(dt_store *st, int json)
{
	dt_pilot *v;
	size_t n;
	if (dt_store_pilot_list(st, &v, &n) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return DT_EXIT_USAGE;
	}
	if (json) {
		dt_jw w;
		dt_jw_init(&w, stdout, 1);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "pilots");
		dt_jw_arr_begin(&w);
		for (size_t i = 0; i < n; i++)
			dt_pilot_show_summary_json(&w, st, &v[i]);
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	} else {
		printf("%-32s %-9s %4s %4s %7s  %-10s %s\n", "pilot", "runs b/p",
		       "pass", "fail", "pending", "decision", "created");
		for (size_t i = 0; i < n; i++)
			dt_pilot_show_summary_text(st, &v[i]);
		if (n == 0)
			printf("(no pilots: 'dualtrack pilot new --help' or "
			       "'dualtrack demo')\n");
	}
	free(v);
	/* the store's records and series altered (the listing check: every
	 * series re-hashed), as runs says it: last on stdout (stderr
	 * beside JSON) */
	dt_integrity in;
	if (dt_integrity_load_listing(st, &in) == 0)
		dt_print_integrity_text(json ? stderr : stdout, &in,
		                        DT_BESIDE_LISTING);
	return DT_EXIT_OK;
}

int dt_cmd_pilot(const char *db, int argc, char **argv)
{
	pilot_args a = {.db = db};
	const char *sub = argc > 1 ? argv[1] : "";
	if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
		pilot_usage(stdout);
		return DT_EXIT_OK;
	}
	char prog[80]; /* getopt's messages: "dualtrack pilot set: ..." */
	if (argc > 1) {
		snprintf(prog, sizeof prog, "dualtrack pilot %.40s", sub);
		argv[1] = prog;
	}
	int r = parse(argc - 1, argv + 1, &a);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	int nargs = (argc - 1) - optind;
	const char *name = nargs > 0 ? argv[1 + optind] : NULL;
	static const char *const subs[] = {"new", "set", "list", "show"};
	int k = dt_cli_subcommand("pilot", sub, subs, 4, "pilot needs new NAME, "
	                          "set NAME, list or show NAME");
	int is_list = k == 2;
	char cmd[16], needs[40];
	if (k >= 0) {
		snprintf(cmd, sizeof cmd, "pilot %s", subs[k]);
		snprintf(needs, sizeof needs, "%s %s", cmd,
		         is_list ? "takes no NAME" : "needs one NAME");
	}
	if (k < 0 || dt_cli_operands(cmd, argv + 1 + optind, nargs,
	                             is_list ? 0 : 1, is_list ? 0 : 1,
	                             needs) < 0) {
		dt_cli_usage_error(pilot_usage);
		return DT_EXIT_USAGE;
	}
	if ((is_list || !strcmp(sub, "show")) && a.nfields) {
		fprintf(stderr, "dualtrack: pilot %s takes no task card field\n", sub);
		return DT_EXIT_USAGE;
	}
	dt_store *st = is_list || !strcmp(sub, "show") ?
	               dt_cli_store_read(a.db) : dt_cli_store(a.db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc;
	if (is_list)
		rc = cmd_list(st, a.json);
	else if (!strcmp(sub, "show"))
		rc = dt_pilot_show(st, name, a.json);
	else
		rc = cmd_new_set(st, name, &a, !strcmp(sub, "new"));
	dt_store_close(st);
	return rc;
}
