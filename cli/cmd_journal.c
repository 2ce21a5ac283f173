/* cmd_journal.c: dualtrack journal set RUN KEY VALUE | show RUN [--json] |
 * keys: a run's journal (run facts). */
#include <stdio.h>
#include <unistd.h> /* optind */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/core/journal.h"
#include "model/util/jsonw.h"
#include "model/util/text.h"
#include "model/service/journal_set.h"

static void journal_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] journal set RUN KEY VALUE\n"
	      "       dualtrack [--db PATH] journal show RUN [--json]\n"
	      "       dualtrack journal keys\n\n"
	      "The run journal: facts an importer found (source import) and facts\n"
	      "people set (source user); the latest value of a key counts, earlier\n"
	      "ones stay as history. KEY: 1..63 characters of a-z 0-9 _ . -.\n"
	      "A VALUE starting with - goes after --: journal set R k -- -O2\n"
	      "Known keys:\n", f);
	for (size_t i = 0; i < dt_journal_nkeys; i++)
		fprintf(f, "  %-24s %s\n", dt_journal_keys[i].key,
		        dt_journal_keys[i].label);
	fputs("Checklist trial5 needs neuron.compile_seconds or compile.init_seconds\n"
	      "and data.prep_seconds or data.load_seconds on every pilot run.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

static void show_json(const dt_fact *f, size_t n, const char *run)
{
	dt_jw w;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "run"); dt_jw_str(&w, run);
	dt_jw_key(&w, "facts");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < n; i++) {
		const char *label = dt_journal_label(f[i].key);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "key"); dt_jw_str(&w, f[i].key);
		dt_jw_key(&w, "value"); dt_jw_str(&w, f[i].value);
		dt_jw_key(&w, "label");
		if (label)
			dt_jw_str(&w, label);
		else
			dt_jw_null(&w);
		dt_jw_key(&w, "source"); dt_jw_str(&w, f[i].source);
		dt_jw_key(&w, "set_by"); dt_jw_str(&w, f[i].set_by);
		dt_jw_key(&w, "set_at"); dt_jw_str(&w, f[i].set_at);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

static void show_text(const dt_fact *f, size_t n)
{
	char v[1100], by[200], key[200], src[40], at[64];
	for (size_t i = 0; i < n; i++) {
		dt_sanitize(f[i].value, v, sizeof v);
		dt_sanitize(f[i].set_by, by, sizeof by);
		dt_sanitize(f[i].key, key, sizeof key);
		dt_sanitize(f[i].source, src, sizeof src);
		dt_sanitize(f[i].set_at, at, sizeof at);
		printf("%-24s %-40s %s%s%s %s\n", key, v, src, by[0] ? " " : "",
		       by, at);
	}
	if (n == 0)
		printf("(no journal facts: dualtrack journal set RUN KEY VALUE)\n");
}

static int run_cmd(dt_store *st, const char *sub, char **args, int json)
{
	dt_run run;
	if (dt_cli_find_run(st, args[0], &run) < 0)
		return DT_EXIT_USAGE;
	if (!strcmp(sub, "set")) {
		char by[64];
		dt_actor_name(by, sizeof by);
		if (dt_journal_set(st, run.id, args[1], args[2], by) < 0) {
			char msg[640];
			dt_sanitize(dt_store_error(st), msg, sizeof msg);
			fprintf(stderr, "dualtrack: %s\n", msg);
			return DT_EXIT_USAGE;
		}
		char rn[DT_NAME_MAX], val[512];
		dt_sanitize(run.name, rn, sizeof rn);
		dt_sanitize(args[2], val, sizeof val);
		printf("journal %s: %s = %s recorded by %s\n", rn, args[1], val,
		       by);
		return DT_EXIT_OK;
	}
	dt_fact *f;
	size_t n;
	if (dt_store_fact_list(st, run.id, &f, &n) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return DT_EXIT_USAGE;
	}
	if (json)
		show_json(f, n, run.name);
	else
		show_text(f, n);
	free(f);
	return DT_EXIT_OK;
}

int dt_cmd_journal(const char *db, int argc, char **argv)
{
	int json;
	int r = dt_cli_json_opts(argc, argv, &db, &json, journal_usage);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	int n = argc - optind;
	const char *sub = n > 0 ? argv[optind] : "";
	if (!strcmp(sub, "keys") && n == 1) {
		journal_usage(stdout);
		return DT_EXIT_OK;
	}
	if (!((!strcmp(sub, "set") && n == 4) || (!strcmp(sub, "show") && n == 2))) {
		fprintf(stderr, "dualtrack: journal needs set RUN KEY VALUE or show"
		        " RUN\n");
		return DT_EXIT_USAGE;
	}
	dt_store *st = !strcmp(sub, "show") ? dt_cli_store_read(db) :
	               dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = run_cmd(st, sub, argv + optind + 1, json);
	dt_store_close(st);
	return rc;
}
