/* cli.h: the command-line front end: shared helpers and the commands. */
#ifndef DT_CLI_H
#define DT_CLI_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "model/store/store.h"

/* Exit codes (issue 2): success, verdict fail/insufficient, usage/input. */
enum { DT_EXIT_OK = 0, DT_EXIT_FAIL = 1, DT_EXIT_USAGE = 2 };

/* Resolve the store path: `given` (--db) if not NULL, else $DUALTRACK_DB,
 * else $XDG_DATA_HOME/dualtrack/dualtrack.db, else
 * $HOME/.local/share/dualtrack/dualtrack.db. Writes to out (size n).
 * Returns 0, or -1 when no location can be derived (no HOME). */
int dt_cli_db_path(const char *given, char *out, size_t n);

/* Open the store at `path`, printing "dualtrack: <reason>" to stderr on
 * failure. Returns NULL on failure. */
dt_store *dt_cli_open(const char *path);

/* Set by main when --acknowledge-break is given: dt_cli_open then lets
 * writes onto a broken chain go on, recording the break under the acting
 * person's name (dt_store_chain_acknowledge). */
extern int dt_cli_acknowledge_break;

/* After a write: print "integrity: break recorded ..." to stderr when the
 * write appended a break record. */
void dt_cli_report_break(dt_store *st);
/* As dt_cli_open, read only (nothing created or migrated). */
dt_store *dt_cli_open_read(const char *path);

/* Parse an integer option value: digits only (dt_parse_int_strict: no
 * blank, sign or trailing text) in [min, INT64_MAX]. 0 with *out set, or
 * -1 after "dualtrack: OPT expects an integer >= MIN, got 'TEXT'" (TEXT
 * sanitised) on stderr. */
int dt_cli_int(const char *opt, const char *s, int64_t min, int64_t *out);

/* Parse a count option as the import command and the TUI import form do
 * (importers/import.h dt_import_count_parse: an integer >= 1, the one
 * message "OPT expects an integer >= 1, got 'TEXT'", TEXT sanitised):
 * --grad-accum, --global-batch, --logging-steps of import, --grad-accum
 * of resume-check and gate. 0 with *n set, or -1 with the message on stderr. */
int dt_cli_count(const char *opt, const char *text, int64_t *n);

/* Check a sha256 given as a hex prefix (--expect-head): min..64 hex
 * digits, either case; prints an error naming the option and returns -1
 * otherwise. */
#define DT_CLI_HASH_PREFIX_MIN 16
int dt_cli_hash_prefix(const char *opt, const char *s, size_t min);

/* getopt_long takes an operand such as "-5" for an option ("unrecognized
 * option '-5'"). dt_cli_hide_numbers, before getopt_long: each operand
 * that is a negative number ('-' then a digit or ".digit"; not the value
 * of a long option of opts written as the next word; none after "--") is
 * replaced by its text without the '-' (the same pointer one byte on), so
 * getopt_long leaves it an operand; dt_cli_show_numbers, after it, puts
 * the '-' back wherever getopt_long moved it. At most 64. Returns how
 * many were hidden. */
struct option;
size_t dt_cli_hide_numbers(int argc, char **argv, const struct option *opts);
void dt_cli_show_numbers(int argc, char **argv);

/* Parse the value of a baseline-match option (--rtol, --atol, --warmup;
 * f: DT_TC_RTOL, DT_TC_ATOL, DT_TC_WARMUP) within the task card's bounds
 * (dt_tolerance_parse, model/core/taskcard.h): 0 with *out set, or -1
 * after "dualtrack: OPT must be RANGE, got 'TEXT'" on stderr. */
int dt_cli_tolerance(int f, const char *opt, const char *text, double *out);

/* Parse a non-negative finite real option value (locale-independent,
 * dt_parse_real_strict: no blank, sign or trailing text). 0 with *out
 * set, or -1 after "dualtrack: OPT expects a number >= 0, got 'TEXT'". */
int dt_cli_real(const char *opt, const char *s, double *out);

/* Find a run by name, printing "dualtrack: no run named X" (and the
 * names that exist) when absent. Returns 0 or -1. */
int dt_cli_find_run(dt_store *st, const char *name, dt_run *out);

/* Print a command's usage after a usage error: only the usage lines (the
 * text `usage` prints up to its first blank line) and a pointer to
 * --help, to stderr; the whole text stays for --help on stdout. */
void dt_cli_usage_error(void (*usage)(FILE *f));

/* The hint a message about an unknown word ends in: "; did you mean
 * 'NAME'?" when names[0..n) holds one within two edits of word
 * (dt_nearest_name, model/util/nearest.h), else "". Written to out (n
 * bytes, the caller's); returns out. */
const char *dt_cli_did_you_mean(const char *word, const char *const *names,
                                size_t n, char *out, size_t outn);

/* getopt_long, and a mistyped long option of the command gets the
 * nearest one: on the first call of a parse (optind 0, as every command
 * resets it), a word before "--" that reads as a long option ("--NAME",
 * "--NAME=VALUE") none of opts is named or starts with, and is not the
 * value of the option before it, is reported as
 * "ARGV0: unrecognized option '--NAME'; did you mean '--OPT'?" (getopt's
 * words, the hint by dt_cli_did_you_mean over the names of opts) and '?'
 * is returned, as getopt_long returns for it. Otherwise getopt_long. */
int dt_cli_getopt(int argc, char **argv, const char *shortopts,
                  const struct option *opts, int *longindex);

/* The sub-command word of a command with sub-commands (pilot, drill,
 * journal, ledger, store, complete): its index in subs[0..n), or -1
 * after "dualtrack: unknown CMD sub-command 'WORD'; did you mean 'SUB'?"
 * (the nearest, dt_cli_did_you_mean) or, with none near, "...; NEEDS"
 * (e.g. "pilot needs new NAME, set NAME, list or show NAME"); an empty
 * or NULL word is "dualtrack: NEEDS". On stderr, WORD sanitised. */
int dt_cli_subcommand(const char *cmd, const char *word,
                      const char *const *subs, size_t n, const char *needs);

/* Check the count of a command's operands ops[0..n) against [min, max]:
 * 0, or -1 after "dualtrack: NEEDS" (too few; NEEDS e.g. "compare needs
 * BASELINE and PILOT run names") or "dualtrack: CMD: unexpected extra
 * argument 'X' (NEEDS)" naming the first extra one (sanitised; "(and N
 * more)" after it) on stderr. */
int dt_cli_operands(const char *cmd, char *const *ops, int n, int min,
                    int max, const char *needs);

/* Parse the options of a command that takes only --json, --db PATH and
 * --help (getopt_long from argv[1]; optind is left at the first operand).
 * Sets *json and *db. Returns 0, 1 after printing usage to stdout for
 * --help, or -1 after printing usage to stderr. */
int dt_cli_json_opts(int argc, char **argv, const char **db, int *json,
                     void (*usage)(FILE *f));

/* Report "dualtrack: no WHAT named 'NAME'; WHATs: a, b, c" (at most 20
 * names, sanitised), or `empty_hint` when there are none, on stderr. */
void dt_cli_not_found(const char *what, const char *name,
                      const char *const *names, size_t n,
                      const char *empty_hint);

/* As dt_cli_not_found, the names read from rows[0..n): rows of `size`
 * bytes each (the caller's), each holding its name as a char array at
 * byte offset `name_at` (offsetof(dt_run, name)). Out of memory: reported
 * as if there were no names. */
void dt_cli_not_found_rows(const char *what, const char *name,
                           const void *rows, size_t n, size_t size,
                           size_t name_at, const char *empty_hint);

/* Resolve the store path from `db` (see dt_cli_db_path) and open it,
 * printing the reason on failure. Returns NULL on failure. */
dt_store *dt_cli_store(const char *db);

/* As dt_cli_store for a command that only reads: the store is opened
 * with DT_STORE_READ, so a missing store is "no store at PATH; import
 * a log into it first, or give --db an existing store" (nothing is created) and a read-only
 * store file or filesystem is readable. */
dt_store *dt_cli_store_read(const char *db);

/* As dt_cli_store with DT_STORE_* flags (store init: DT_STORE_REPACK). */
dt_store *dt_cli_store_flags(const char *db, unsigned flags);

/* As dt_cli_open with DT_STORE_* flags. */
dt_store *dt_cli_open_flags(const char *path, unsigned flags);

/* Find a pilot by name (dt_pilot.h), printing "dualtrack: no pilot named
 * X" and the names that exist when absent. Returns the pilot id (> 0),
 * or -1. */
int64_t dt_cli_find_pilot(dt_store *st, const char *name);

/* Commands: argv[0] is the command name; `db` is the --db value given
 * before the command (NULL if none). Each returns an exit code. */
int dt_cmd_import(const char *db, int argc, char **argv);
int dt_cmd_runs(const char *db, int argc, char **argv);
int dt_cmd_series(const char *db, int argc, char **argv);
int dt_cmd_compare(const char *db, int argc, char **argv);
int dt_cmd_demo(const char *db, int argc, char **argv);
int dt_cmd_tui(const char *db, int argc, char **argv);
/* Verdicts, ledger and scenario guide (issue 5). */
int dt_cmd_resume_check(const char *db, int argc, char **argv);
int dt_cmd_ledger(const char *db, int argc, char **argv);
int dt_cmd_scenario(const char *db, int argc, char **argv);

/* Enter the demo pilot's time and cost ledger (pilot
 * "llama3-8b-lora-trn2", both demo runs attached) and its scenario-guide
 * answers; prices are marked as assumptions. Does nothing when the
 * ledger already holds values. Returns 0 or -1 (message on stderr). */
int dt_demo_ledger(dt_store *st);
/* Acceptance workflow (issue 3). */
int dt_cmd_pilot(const char *db, int argc, char **argv);
int dt_cmd_attach(const char *db, int argc, char **argv);
int dt_cmd_check(const char *db, int argc, char **argv);
int dt_cmd_drill(const char *db, int argc, char **argv);
int dt_cmd_journal(const char *db, int argc, char **argv);
int dt_cmd_decide(const char *db, int argc, char **argv);
int dt_cmd_verify(const char *db, int argc, char **argv);
int dt_cmd_store(const char *db, int argc, char **argv);
/* Names for shell completion (cmd_complete.c). */
int dt_cmd_complete(const char *db, int argc, char **argv);
/* Print every command name, one per line (cli/main.c). */
void dt_cli_command_names(FILE *f);

/* Add the demo pilot to the demo store: task card, the two demo runs
 * attached, a partly done checklist, two drills (one pre-filled from the
 * pilot run's restart at step 1201 from checkpoint 1200) and one
 * "continue" decision. Does nothing when the pilot exists. Returns 0 or -1
 * (message on stderr). */
int dt_demo_pilot_build(dt_store *st);

/* 1 when the store holds something that is not the demo's own data (a
 * run, pilot or ledger of another name), described in `what` (e.g. "run
 * 'b' and 2 more, pilot 'p'", names sanitised); 0 when it holds nothing
 * or only the demo's; -1 on a store error. */
int dt_demo_foreign(dt_store *st, char *what, size_t n);

/* Build the demo store: a GPU baseline and a Trainium2 pilot with one
 * restart, replayed steps and a slight drift, written as real log files
 * into `logs_dir` (created when absent, and kept, so an evidence pack can
 * copy them) or, when NULL, into a temporary directory removed after the
 * import, and imported through the importers. Runs that already exist
 * are kept. Returns 0 or -1 (message on stderr). */
int dt_demo_build(dt_store *st, const char *logs_dir);

#endif
