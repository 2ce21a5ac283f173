/* cmd_tui.c: the full-screen view (default command) and demo. */
#include <getopt.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/pack/pack.h"
#include "cli/config.h"
#include "tui/tui.h"
#include "model/core/ledger.h"
#include "model/util/text.h"

/* The TUI's export key writes a pack with the input logs. */
static int tui_export(dt_store *st, const char *pilot, const char *dir,
                      char *err, size_t errlen)
{
	return dt_pack_export(st, pilot, dir, 1, err, errlen);
}

/* The view on the store at `path`; `flags` DT_STORE_EXISTING when --db,
 * $DUALTRACK_DB or the config file named it (a mistyped path is refused,
 * not made an empty store). */
static int open_tui(const char *path, unsigned flags)
{
	dt_store *st = dt_cli_open_flags(path, flags);
	if (!st)
		return DT_EXIT_USAGE;
	char cfg[4096];
	dt_tui_set_export(tui_export);
	dt_tui_set_theme_origin(dt_config_theme_origin());
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
	if (dt_cli_operands("tui", argv + 1, argc - 1, 0, 0,
	                    "tui takes no argument") < 0)
		return DT_EXIT_USAGE;
	char path[4096];
	if (dt_cli_db_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return DT_EXIT_USAGE;
	}
	/* a path someone gave (--db, $DUALTRACK_DB, the config file's db,
	 * which sets it) must exist; only the default is made here */
	const char *env = getenv("DUALTRACK_DB");
	return open_tui(path, db || (env && *env) ? DT_STORE_EXISTING : 0);
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

/* mkdir -p of folder `dir` (private, 0700: the XDG base directory
 * spec's mode for the data home): each missing folder of it, from the
 * top; errors are left to the caller's use of it. */
static void make_folders(const char *dir)
{
	char p[4400];
	if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p)
		return;
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			mkdir(p, 0700);
			*s = '/';
		}
	mkdir(p, 0700);
}

/* Where the demo's two logs go: STORE.logs beside a store file; for a
 * store that is not a file (a PostgreSQL connection string) the folder
 * dualtrack/demo.logs in $XDG_DATA_HOME (else ~/.local/share), made when
 * missing. 0, or -1 when there is no such place. */
static int demo_logs_dir(dt_store *st, const char *path, char *out, size_t n)
{
	int k;
	if (!strcmp(dt_store_backend_name(st), "sqlite")) {
		k = snprintf(out, n, "%s.logs", path);
		return k < 0 || (size_t)k >= n ? -1 : 0;
	}
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char base[4096];
	if (xdg && *xdg == '/')
		k = snprintf(base, sizeof base, "%s", xdg);
	else if (home && *home)
		k = snprintf(base, sizeof base, "%s/.local/share", home);
	else
		return -1;
	if (k < 0 || (size_t)k >= sizeof base)
		return -1;
	k = snprintf(out, n, "%s/dualtrack", base);
	if (k < 0 || (size_t)k >= n)
		return -1;
	make_folders(out); /* ~/.local/share itself may be missing */
	k = snprintf(out, n, "%s/dualtrack/demo.logs", base);
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* The store holds the whole demo already (its two runs, its pilot and
 * its ledger): 1, else 0. */
static int demo_complete(dt_store *st)
{
	dt_run r;
	dt_pilot p;
	dt_ledger_entry *e = NULL;
	size_t n = 0;
	if (dt_store_run_find(st, "llama3-8b-lora-gpu-a100", &r) != 0 ||
	    dt_store_run_find(st, "llama3-8b-lora-trn2-pilot", &r) != 0 ||
	    dt_store_pilot_find(st, "llama3-8b-lora-trn2", &p) != 0 ||
	    dt_store_ledger_list(st, "llama3-8b-lora-trn2", &e, &n) < 0)
		return 0;
	free(e);
	return n > 0;
}

/* A store the demo may not use or move aside: one holding a run, pilot
 * or ledger that is not the demo's and not the whole demo (a team's
 * store). Said on stderr (prefix first, e.g. "--reset refused: ") with
 * what it holds and a new --db to give. Returns 1 refused, 0 a new,
 * demo or demo-plus-additions store (the additions named on stderr when
 * say_added), -1 a store error (said). */
static int demo_refused(dt_store *st, const char *path, const char *prefix,
                        int say_added)
{
	char what[1024], safe[4200];
	dt_sanitize(path, safe, sizeof safe);
	int foreign = dt_demo_foreign(st, what, sizeof what);
	if (foreign < 0) {
		fprintf(stderr, "dualtrack: demo: %s\n", dt_store_error(st));
		return -1;
	}
	if (foreign && demo_complete(st)) {
		/* the demo's own store, with what was imported or recorded into
		 * it from the demo (its TUI offers import) */
		if (say_added)
			fprintf(stderr, "dualtrack: demo: %s also holds %s, added "
			        "after the demo (kept); dualtrack demo --reset starts "
			        "a new demo store and keeps this one as %s.N\n",
			        safe, what, safe);
		return 0;
	}
	if (foreign)
		fprintf(stderr, "dualtrack: demo: %sstore %s holds data that is not "
		        "the demo's (%s)%s: give the demo a new store with --db "
		        "PATH (a file that does not exist yet)\n", prefix, safe,
		        what, *prefix ? ", and --reset moves aside only a demo "
		        "store" : "; the demo's records are append-only and could "
		        "never be removed from it");
	return foreign;
}

/* demo --reset: the store file at path moved aside to PATH.N (the first
 * N free), nothing deleted; a missing file is nothing to move. Refused
 * for a PostgreSQL store, for a file another dualtrack has open (its
 * -wal beside it) and for a store that is not a demo store (a team's
 * store is never swapped for the demo: a config naming its path would
 * then read the demo). Returns 0 or -1 (said on stderr). */
static int demo_reset(const char *path)
{
	char safe[4200], other[4300];
	dt_sanitize(path, safe, sizeof safe);
	if (dt_store_where_is_postgresql(path)) {
		fprintf(stderr, "dualtrack: demo: --reset moves a store file aside; "
		        "%s is a PostgreSQL store: give the demo another --db\n",
		        safe);
		return -1;
	}
	struct stat sb;
	if (stat(path, &sb) < 0)
		return 0;
	snprintf(other, sizeof other, "%s-wal", path);
	if (access(other, F_OK) == 0) {
		fprintf(stderr, "dualtrack: demo: %s is open in another dualtrack "
		        "(%s-wal beside it): close it, then --reset\n", safe, safe);
		return -1;
	}
	dt_store *st = dt_cli_open(path);
	if (!st)
		return -1;
	int refused = demo_refused(st, path, "--reset refused: ", 0);
	dt_store_close(st);
	if (refused)
		return -1;
	for (int n = 1; n < 10000; n++) {
		snprintf(other, sizeof other, "%s.%d", path, n);
		if (access(other, F_OK) == 0)
			continue;
		if (rename(path, other) < 0)
			break;
		dt_sanitize(other, safe, sizeof safe);
		fprintf(stderr, "dualtrack: demo: the old store is kept as %s "
		        "(nothing deleted); a new demo store is built\n", safe);
		return 0;
	}
	fprintf(stderr, "dualtrack: demo: cannot move %s aside\n", safe);
	return -1;
}

int dt_cmd_demo(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"no-tui", no_argument, NULL, 'n'},
		{"reset", no_argument, NULL, 'r'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int tui = 1, reset = 0, c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n': tui = 0; break;
		case 'r': reset = 1; break;
		case 'd': db = optarg; break;
		case 'h':
			puts("usage: dualtrack demo [--db PATH] [--no-tui] [--reset]\n\n"
			     "Builds a demo store (default: demo.db beside the default\n"
			     "store) holding a GPU baseline and a Trainium2 pilot with one\n"
			     "restart, replayed steps and a slight drift, then opens the\n"
			     "full-screen view on it. A demo store opens as it is, with\n"
			     "what was imported or recorded into it since (a line on\n"
			     "stderr names it); a store holding other data and not the\n"
			     "whole demo is refused (the demo's records could never be\n"
			     "removed from it). --reset first moves a demo store's file\n"
			     "aside to PATH.N (nothing is deleted) and builds a new demo\n"
			     "store; it refuses a store that is not a demo store.\n"
			     "scripts/demo.sh passes its arguments here. The two\n"
			     "demo logs stay in the folder STORE.logs beside the store\n"
			     "(on PostgreSQL: dualtrack/demo.logs in $XDG_DATA_HOME or\n"
			     "~/.local/share).");
			return DT_EXIT_OK;
		default: return DT_EXIT_USAGE;
		}
	}
	if (dt_cli_operands("demo", argv + optind, argc - optind, 0, 0,
	                    "demo takes no argument") < 0)
		return DT_EXIT_USAGE;
	char path[4096];
	if (demo_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return DT_EXIT_USAGE;
	}
	if (reset && demo_reset(path) < 0)
		return DT_EXIT_USAGE;
	dt_store *st = dt_cli_open(path);
	if (!st)
		return DT_EXIT_USAGE;
	if (demo_refused(st, path, "", 1)) {
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
	char logs[4200];
	if (demo_logs_dir(st, path, logs, sizeof logs) < 0) {
		fprintf(stderr, "dualtrack: no folder for the demo logs: set "
		        "XDG_DATA_HOME or HOME\n");
		dt_store_close(st);
		return DT_EXIT_USAGE;
	}
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
	return open_tui(path, 0);
}
