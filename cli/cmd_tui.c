/* cmd_tui.c: the full-screen view (default command) and demo. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "cli/config.h"
#include "tui/tui.h"

/* The TUI's export key writes a pack with the input logs. */
static int tui_export(dt_store *st, const char *pilot, const char *dir,
                      char *err, size_t errlen)
{
	return dt_pack_export(st, pilot, dir, 1, err, errlen);
}

static int open_tui(const char *path)
{
	dt_store *st = dt_cli_open(path);
	if (!st)
		return DT_EXIT_USAGE;
	char cfg[4096];
	dt_tui_set_export(tui_export);
	int rc = dt_tui_run(st, path,
	                   dt_config_path(cfg, sizeof cfg) == 0 ? cfg : NULL);
	dt_store_close(st);
	return rc;
}

int dt_cmd_tui(const char *db, int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		puts("usage: dualtrack [--db PATH] [tui]\n\n"
		     "Full-screen view: run list -> pick baseline (b) and pilot (p)\n"
		     "-> comparison chart. Tab / P: the pilots -> overview -> task\n"
		     "card, checklist, drill log, run journal, decision log (a store\n"
		     "with pilots opens on them). Press ? inside for all keys, q to quit\n"
		     "(exit 0; Ctrl-C exits 130, SIGTERM 143).");
		return DT_EXIT_OK;
	}
	if (argc > 1) {
		fprintf(stderr, "dualtrack: unexpected argument '%s'\n", argv[1]);
		return DT_EXIT_USAGE;
	}
	char path[4096];
	if (dt_cli_db_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return DT_EXIT_USAGE;
	}
	return open_tui(path);
}

/* Default demo store: demo.db beside the default store. */
static int demo_path(const char *db, char *out, size_t n)
{
	if (db)
		return dt_cli_db_path(db, out, n);
	char def[4096];
	if (dt_cli_db_path(NULL, def, sizeof def) < 0)
		return -1;
	char *slash = strrchr(def, '/');
	if (slash)
		slash[1] = '\0';
	int k = snprintf(out, n, "%sdemo.db", slash ? def : "");
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

int dt_cmd_demo(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"no-tui", no_argument, NULL, 'n'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int tui = 1, c;
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': tui = 0; break;
		case 'd': db = optarg; break;
		case 'h':
			puts("usage: dualtrack demo [--db PATH] [--no-tui]\n\n"
			     "Builds a demo store (default: demo.db beside the default\n"
			     "store) holding a GPU baseline and a Trainium2 pilot with one\n"
			     "restart, replayed steps and a slight drift, then opens the\n"
			     "full-screen view on it. Existing demo runs are kept. The two\n"
			     "demo logs stay in the folder STORE.logs beside the store.");
			return DT_EXIT_OK;
		default: return DT_EXIT_USAGE;
		}
	}
	char path[4096];
	if (demo_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return DT_EXIT_USAGE;
	}
	dt_store *st = dt_cli_open(path);
	if (!st)
		return DT_EXIT_USAGE;
	char logs[4200];
	snprintf(logs, sizeof logs, "%s.logs", path);
	int rc = dt_demo_build(st, logs);
	if (rc == 0)
		rc = dt_demo_ledger(st);
	dt_store_close(st);
	if (rc < 0)
		return DT_EXIT_USAGE;
	if (!tui) {
		printf("demo store ready: %s\n"
		       "try: dualtrack --db %s compare llama3-8b-lora-gpu-a100 "
		       "llama3-8b-lora-trn2-pilot\n", path, path);
		return DT_EXIT_OK;
	}
	return open_tui(path);
}
