/* cmd_store.c: dualtrack store init: create (or migrate) the store --db
 * names, the one command that does so without writing anything else
 * (reading commands never create a store); dualtrack store copy FROM TO:
 * copy a whole store between backends (a SQLite file, a PostgreSQL
 * server), verifying the decision chain on both ends
 * (model/service/store_copy.h). */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "model/service/store_copy.h"
#include "model/util/text.h"

static void store_usage(FILE *f)
{
	fputs("usage: dualtrack [--db STORE] store init\n"
	      "       dualtrack store copy FROM TO\n\n"
	      "init creates the store --db names (a file, or the schema in a\n"
	      "PostgreSQL database) or brings an older one to this version's\n"
	      "schema, and writes nothing else. On PostgreSQL the administrator\n"
	      "runs it once, before team members work. A SQLite store whose file\n"
	      "has no pointer-map pages yet (made before they came, dualtrack(5))\n"
	      "is rewritten once with them (VACUUM; it needs about twice its size\n"
	      "free), so charts read its series' values in place.\n\n"
	      "copy copies every run, series, pilot, checklist entry, drill, ledger\n"
	      "value and decision of the store FROM into the new, empty store TO,\n"
	      "keeping ids, times and hashes. Each of FROM and TO is a file path\n"
	      "(SQLite) or a PostgreSQL connection string (postgresql://...,\n"
	      "postgres://... or \"host=... dbname=...\"). The decision chain of\n"
	      "FROM is verified first: a broken chain is refused and nothing is\n"
	      "copied. The copy is verified after and must end at the same head.\n"
	      "Rows copied into PostgreSQL belong to the working team (--team,\n"
	      "$DUALTRACK_TEAM or the config file's team).\n"
	      "exit: 0 copied and verified, 1 source chain broken or copy does not\n"
	      "verify, 2 usage or store error (destination not empty)\n", f);
}

/* store init: a writing open creates and migrates, and brings an older
 * SQLite file's layout up to date (DT_STORE_REPACK; the open prints what
 * it did); nothing else. */
static int store_init(const char *db)
{
	dt_store *st = dt_cli_store_flags(db, DT_STORE_REPACK);
	if (!st)
		return DT_EXIT_USAGE;
	printf("store ready (%s backend)\n", dt_store_backend_name(st));
	dt_store_close(st);
	return DT_EXIT_OK;
}

int dt_cmd_store(const char *db, int argc, char **argv)
{
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		store_usage(stdout);
		return DT_EXIT_OK;
	}
	static const char *const subs[] = {"init", "copy"};
	int sub = dt_cli_subcommand("store", argc > 1 ? argv[1] : NULL, subs, 2,
	                            "store needs init, or copy FROM TO");
	if (sub < 0 ||
	    (sub == 0 && dt_cli_operands("store init", argv + 2, argc - 2, 0, 0,
	                                 "store init takes no argument") < 0) ||
	    (sub == 1 && dt_cli_operands("store copy", argv + 2, argc - 2, 2, 2,
	                                 "store copy needs FROM and TO") < 0)) {
		dt_cli_usage_error(store_usage);
		return DT_EXIT_USAGE;
	}
	if (sub == 0)
		return store_init(db);
	dt_store *from = dt_cli_open_read(argv[2]);
	if (!from)
		return DT_EXIT_USAGE;
	dt_store *to = dt_cli_open(argv[3]);
	if (!to) {
		dt_store_close(from);
		return DT_EXIT_USAGE;
	}
	dt_copy_report r;
	char err[1200], safe[1200];
	int rc = dt_store_copy(from, to, &r, err, sizeof err);
	dt_store_close(from);
	dt_store_close(to);
	if (rc != 0) {
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: store copy: %s\n", safe);
		return rc > 0 ? DT_EXIT_FAIL : DT_EXIT_USAGE;
	}
	printf("copied %" PRId64 " rows of %zu tables; decision chain intact on "
	       "both ends: %zu records, decision-log head #%" PRId64
	       " sha256 %s\n", r.rows,
	       r.tables, r.dest.records, r.dest.head_id,
	       r.dest.head_id ? r.dest.head_hash : "(empty)");
	return DT_EXIT_OK;
}
