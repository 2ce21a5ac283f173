/* cmd_complete.c: `dualtrack complete runs|pilots|commands`: names one
 * per line for the shell completion scripts (cli/completion/). Never
 * creates a store: prints nothing when the store file does not exist. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "model/core/pilot.h"
#include "model/util/text.h"

static void put_name(const char *name)
{
	char safe[DT_NAME_MAX * 2];
	dt_sanitize(name, safe, sizeof safe);
	puts(safe);
}

int dt_cmd_complete(const char *db, int argc, char **argv)
{
	int i = 1;
	if (i + 1 < argc && !strcmp(argv[i], "--db")) {
		db = argv[i + 1];
		i += 2;
	}
	if (i >= argc || !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
		fputs("usage: dualtrack [--db PATH] complete runs|pilots|commands\n\n"
		      "Names one per line, for shell completion; nothing when the\n"
		      "store does not exist.\n", i >= argc ? stderr : stdout);
		return i >= argc ? DT_EXIT_USAGE : DT_EXIT_OK;
	}
	const char *what = argv[i];
	static const char *const subs[] = {"runs", "pilots", "commands"};
	if (dt_cli_subcommand("complete", what, subs, 3, "complete needs runs, "
	                      "pilots or commands") < 0 ||
	    dt_cli_operands("complete", argv + i + 1, argc - i - 1, 0, 0,
	                    "complete takes one of runs, pilots, commands") < 0)
		return DT_EXIT_USAGE;
	if (!strcmp(what, "commands")) {
		dt_cli_command_names(stdout);
		return DT_EXIT_OK;
	}
	char path[4096];
	struct stat sb;
	if (dt_cli_db_path(db, path, sizeof path) < 0 || stat(path, &sb) != 0)
		return DT_EXIT_OK;
	dt_store *st = dt_cli_open_flags(path, DT_STORE_READ);
	if (!st)
		return DT_EXIT_USAGE;
	if (!strcmp(what, "runs")) {
		dt_run *runs = NULL;
		size_t n = 0;
		if (dt_store_run_list(st, &runs, &n) == 0)
			for (size_t k = 0; k < n; k++)
				put_name(runs[k].name);
		free(runs);
	} else {
		dt_pilot *p = NULL;
		size_t n = 0;
		if (dt_store_pilot_list(st, &p, &n) == 0)
			for (size_t k = 0; k < n; k++)
				put_name(p[k].name);
		free(p);
	}
	dt_store_close(st);
	return DT_EXIT_OK;
}
