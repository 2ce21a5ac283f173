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
	      "       dualtrack journal keys [--json]\n"
	      "       dualtrack [--db PATH] journal diff BASE PILOT [--json]\n\n"
	      "The run journal: facts an importer found (source import) and facts\n"
	      "people set (source user); the latest value of a key counts, earlier\n"
	      "ones stay as history. KEY: 1..63 characters of a-z 0-9 _ . -;\n"
	      "one edit from a known key (or one the run holds) is refused as\n"
	      "a typo, naming the key meant.\n"
	      "A VALUE starting with - goes after --: journal set R k -- -O2\n"
	      "diff lists only the facts whose values differ between two runs (a\n"
	      "key set on one side only counts), marking with * those the task\n"
	      "card fixes (gradient accumulation, batch sizes, target steps...).\n"
	      "Known keys:\n", f);
	for (size_t i = 0; i < dt_journal_nkeys; i++)
		fprintf(f, "  %-24s %s\n", dt_journal_keys[i].key,
		        dt_journal_keys[i].label);
	fputs("Checklist trial5 needs neuron.compile_seconds or compile.init_seconds\n"
	      "and data.prep_seconds or data.load_seconds on every pilot run\n"
	      "(pending until then).\n"
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

static void keys_out(int json)
{
	if (!json) {
		for (size_t i = 0; i < dt_journal_nkeys; i++)
			printf("%-24s %s\n", dt_journal_keys[i].key,
			       dt_journal_keys[i].label);
		return;
	}
	dt_jw w;
	dt_jw_init(&w, stdout, 1);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "keys");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < dt_journal_nkeys; i++) {
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "key"); dt_jw_str(&w, dt_journal_keys[i].key);
		dt_jw_key(&w, "label"); dt_jw_str(&w, dt_journal_keys[i].label);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

/* The current value of `key` among f[n] (the latest row), or NULL. */
static const char *fact_value(const dt_fact *f, size_t n, const char *key)
{
	const char *v = NULL;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(f[i].key, key))
			v = f[i].value;
	return v;
}

/* journal diff BASE PILOT: the facts whose current values differ. */
static int diff_cmd(dt_store *st, char **args, int json)
{
	dt_run r[2];
	dt_fact *f[2] = {NULL, NULL};
	size_t n[2] = {0, 0};
	int rc = DT_EXIT_USAGE;
	for (int k = 0; k < 2; k++)
		if (dt_cli_find_run(st, args[k], &r[k]) < 0)
			return DT_EXIT_USAGE;
	for (int k = 0; k < 2; k++)
		if (dt_store_fact_list(st, r[k].id, &f[k], &n[k]) < 0) {
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
			goto out;
		}
	dt_jw w;
	if (json) {
		dt_jw_init(&w, stdout, 1);
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, "base"); dt_jw_str(&w, r[0].name);
		dt_jw_key(&w, "pilot"); dt_jw_str(&w, r[1].name);
		dt_jw_key(&w, "differences");
		dt_jw_arr_begin(&w);
	}
	size_t ndiff = 0;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < n[k]; i++) {
			const char *key = f[k][i].key;
			size_t j; /* each key once: its first row on side 0, else 1 */
			for (j = 0; j < i && strcmp(f[k][j].key, key); j++)
				;
			if (j < i || (k == 1 && fact_value(f[0], n[0], key)))
				continue;
			const char *a = fact_value(f[0], n[0], key);
			const char *b = fact_value(f[1], n[1], key);
			if (a && b && !strcmp(a, b))
				continue;
			const char *tc = dt_journal_taskcard_field(key);
			ndiff++;
			if (json) {
				dt_jw_obj_begin(&w);
				dt_jw_key(&w, "key"); dt_jw_str(&w, key);
				dt_jw_key(&w, "base");
				a ? dt_jw_str(&w, a) : dt_jw_null(&w);
				dt_jw_key(&w, "pilot");
				b ? dt_jw_str(&w, b) : dt_jw_null(&w);
				dt_jw_key(&w, "taskcard");
				tc ? dt_jw_str(&w, tc) : dt_jw_null(&w);
				dt_jw_obj_end(&w);
				continue;
			}
			char va[300], vb[300];
			if (ndiff == 1) {
				/* the columns' headings: the two runs by name */
				dt_sanitize(r[0].name, va, sizeof va);
				dt_sanitize(r[1].name, vb, sizeof vb);
				printf("  %-36s %-28s %s\n", "key (* a task card field)",
				       va, vb);
			}
			dt_sanitize(a ? a : "(not set)", va, sizeof va);
			dt_sanitize(b ? b : "(not set)", vb, sizeof vb);
			printf("%c %-36s %-28s %s%s%s\n", tc ? '*' : ' ', key, va, vb,
			       tc ? "   task card: " : "", tc ? tc : "");
		}
	if (json) {
		dt_jw_arr_end(&w);
		dt_jw_obj_end(&w);
		dt_jw_end(&w);
	} else if (ndiff == 0) {
		printf("(the two runs' journals hold the same facts)\n");
	}
	rc = DT_EXIT_OK;
out:
	free(f[0]);
	free(f[1]);
	return rc;
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
	static const char *const subs[] = {"set", "show", "keys", "diff"};
	static const char *const needs[] = {
		"journal set needs RUN KEY VALUE", "journal show needs RUN",
		"journal keys takes no argument", "journal diff needs BASE PILOT"};
	static const int nops[] = {3, 1, 0, 2};
	int k = dt_cli_subcommand("journal", n > 0 ? argv[optind] : NULL, subs,
	                          4, "journal needs set RUN KEY VALUE, show RUN, "
	                          "keys or diff BASE PILOT");
	char cmd[16];
	if (k >= 0)
		snprintf(cmd, sizeof cmd, "journal %s", subs[k]);
	if (k < 0 || dt_cli_operands(cmd, argv + optind + 1, n - 1, nops[k],
	                             nops[k], needs[k]) < 0)
		return DT_EXIT_USAGE;
	const char *sub = subs[k];
	if (k == 2) {
		keys_out(json);
		return DT_EXIT_OK;
	}
	dt_store *st = !strcmp(sub, "show") ? dt_cli_store_read(db) :
	               dt_cli_store(db);
	if (!st)
		return DT_EXIT_USAGE;
	int rc = !strcmp(sub, "diff") ? diff_cmd(st, argv + optind + 1, json)
	                               : run_cmd(st, sub, argv + optind + 1, json);
	dt_store_close(st);
	return rc;
}
