/* main.c: dualtrack's entry point: global options and command dispatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/nearest.h"
#include "model/util/text.h"
#include "cli/config.h"
#include "cli/version.h"
#include "cli/pack/pack.h"

static const struct command {
	const char *name;
	int (*run)(const char *db, int argc, char **argv);
	const char *summary;
} commands[] = {
	{"import", dt_cmd_import, "import log files into a run"},
	{"runs", dt_cmd_runs, "list runs with their metrics and restarts"},
	{"series", dt_cmd_series, "metrics of runs by effective step (one tidy CSV)"},
	{"compare", dt_cmd_compare, "parity verdict of a pilot against a baseline"},
	{"demo", dt_cmd_demo, "build a demo store, then open the TUI"},
	{"tui", dt_cmd_tui, "full-screen terminal view (the default)"},
	{"resume-check", dt_cmd_resume_check, "continuity verdict per restart of a run"},
	{"ledger", dt_cmd_ledger, "time and cost ledger, GPU vs Trainium2"},
	{"scenario", dt_cmd_scenario, "scenario guide: questionnaire -> recommendation"},
	{"pilot", dt_cmd_pilot, "pilots and task cards: new, set, list, show"},
	{"attach", dt_cmd_attach, "attach a run to a pilot as baseline or pilot"},
	{"check", dt_cmd_check, "set a checklist item's status, note, evidence"},
	{"drill", dt_cmd_drill, "record resume / fault drills (pre-filled from logs)"},
	{"journal", dt_cmd_journal, "a run's journal: set and show facts"},
	{"decide", dt_cmd_decide, "record a go / continue / roll-back decision"},
	{"verify", dt_cmd_verify, "check the integrity chain of every record, or a pack (DIR)"},
	{"store", dt_cmd_store, "store init (create), store copy (SQLite <-> PostgreSQL)"},
	{"complete", dt_cmd_complete, "names for shell completion (runs, pilots)"},
	{"export", dt_cmd_export, "write a pilot's evidence pack (report, logs, manifest)"},
	{"sign", dt_cmd_sign, "sign an evidence pack with your SSH key"},
	{"gate", dt_cmd_gate, "a pilot's verdict as an exit code, for CI"},
};

void dt_cli_command_names(FILE *f)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "%s\n", commands[i].name);
}

static void usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] [--team NAME] [COMMAND [ARGS...]]\n"
	      "       dualtrack --version | --help\n\n"
	      "Compare a Trainium2 pilot's training curves with its GPU baseline\n"
	      "by effective step. Without a command, opens the full-screen view.\n\n"
	      "commands:\n", f);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-13s %s\n", commands[i].name, commands[i].summary);
	fputs("\n--acknowledge-break (any write command): when the integrity\n"
	      "  chain is broken (dualtrack verify), record the break (old head,\n"
	      "  first bad record, who, when) in the chain and write anyway;\n"
	      "  without it such writes are refused (exit 2).\n", f);
	fputs("\nstore: --db PATH, else $DUALTRACK_DB, else db in the config file,\n"
	      "  else $XDG_DATA_HOME/dualtrack/dualtrack.db (~/.local/share/...)\n"
	      "  PATH may be a PostgreSQL server: postgresql://HOST/DB or\n"
	      "  \"host=HOST dbname=DB\"; --team NAME, else $DUALTRACK_TEAM, else\n"
	      "  team in the config file: the team to work in on it\n"
	      "config: $XDG_CONFIG_HOME/dualtrack/config (~/.config/...), see\n"
	      "  man dualtrack; --version: version and library versions.\n"
	      "'dualtrack COMMAND --help' describes each command.\n"
	      "exit: 0 success; 1 a check did not pass (a verdict failed or is\n"
	      "  insufficient: compare, resume-check, gate; go refused: decide) or\n"
	      "  an altered record (verify, series, store copy, sign); 2 usage or\n"
	      "  input error; 3 verify DIR without --allowed-signers (the signers\n"
	      "  not checked); 4 verify --against: the pack's decision is no longer\n"
	      "  the pilot's current one; the full-screen view: 130 / 143 / 129\n"
	      "  after Ctrl-C / SIGTERM / SIGHUP. COMMAND --help gives its own.\n", f);
}

int main(int argc, char **argv)
{
	const char *db = NULL;
	char cerr[700];
	int i = 1;
	while (i < argc && argv[i][0] == '-') {
		if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
			db = argv[i + 1];
			i += 2;
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			db = argv[i] + 5;
			i++;
		} else if (!strcmp(argv[i], "--team") && i + 1 < argc) {
			setenv("DUALTRACK_TEAM", argv[i + 1], 1);
			i += 2;
		} else if (!strcmp(argv[i], "--version")) {
			dt_cli_version(stdout);
			return DT_EXIT_OK;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return DT_EXIT_OK;
		} else {
			fprintf(stderr, "dualtrack: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return DT_EXIT_USAGE;
		}
	}
	if (dt_config_load(cerr, sizeof cerr) < 0) {
		fprintf(stderr, "dualtrack: %s\n", cerr);
		return DT_EXIT_USAGE;
	}
	/* --acknowledge-break: a global option of every write command,
	 * wherever it is given (before a "--") */
	for (int k = i; k < argc && strcmp(argv[k], "--"); k++)
		if (!strcmp(argv[k], "--acknowledge-break")) {
			dt_cli_acknowledge_break = 1;
			memmove(argv + k, argv + k + 1,
			        (size_t)(argc - k) * sizeof *argv);
			argc--;
			k--;
		}
	if (i == argc) {
		char *tui_argv[] = {"tui", NULL};
		return dt_cmd_tui(db, 1, tui_argv);
	}
	for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
		if (strcmp(argv[i], commands[c].name) == 0) {
			/* getopt names argv[0] in its messages ("dualtrack
			 * compare: unrecognized option '--x'") */
			static char prog[64];
			snprintf(prog, sizeof prog, "dualtrack %s", commands[c].name);
			argv[i] = prog;
			return commands[c].run(db, argc - i, argv + i);
		}
	/* a mistyped command: the nearest name within two edits */
	char bad[200];
	dt_sanitize(argv[i], bad, sizeof bad);
	const char *names[sizeof commands / sizeof commands[0]];
	for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
		names[c] = commands[c].name;
	const char *near = dt_nearest_name(argv[i], names,
	                                   sizeof names / sizeof *names);
	if (near)
		fprintf(stderr, "dualtrack: unknown command '%s'; did you mean "
		        "'%s'?\n", bad, near);
	else
		fprintf(stderr, "dualtrack: unknown command '%s' ('dualtrack "
		        "--help' lists the commands)\n", bad);
	return DT_EXIT_USAGE;
}
