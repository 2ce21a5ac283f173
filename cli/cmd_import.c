/* cmd_import.c: dualtrack import. */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "importers/import.h"
#include "importers/source.h"
#include "importers/import_follow.h"
#include "model/service/import_caution.h"
#include "model/service/shared_log.h"
#include "model/util/clock.h"
#include "model/util/num.h"
#include "model/util/text.h"

/* Print text after the caller's first `indent` columns, its words
 * wrapped to lines of at most `width` columns (a longer word alone on its
 * line), continuation lines indented; ends with a newline. */
static void wrap_words(FILE *f, const char *text, int indent, int width)
{
	int col = indent;
	for (const char *p = text; *p;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, " ");
		if (n == 0)
			break;
		if (col > indent && col + 1 + (int)n > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		}
		fprintf(f, " %.*s", (int)n, p);
		col += 1 + (int)n;
		p += n;
	}
	fputc('\n', f);
}

static void import_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] import --platform gpu|trn2|trn1|other\n"
	      "         [--run NAME] [--format auto|FMT] [--grad-accum G]\n"
	      "         [--global-batch B] [--logging-steps N] [--loss-tag TAG]\n"
	      "         [--step-base 0|1]\n"
	      "         [--dry-run [--json]] FILE|DIR|-...\n"
	      "       dualtrack import --platform P [--run NAME] --follow\n"
	      "         [--interval S] [--idle-exit S] FILE|DIR\n\n"
	      "Imports training logs into one run (created when absent; default\n"
	      "name: the first file's or folder's name). Each file after the first\n"
	      "starts a new segment (a new launch). One transaction: on any error\n"
	      "nothing is stored. A file the run already holds (same SHA-256) is\n"
	      "refused; a log whose first part it holds (a stopped --follow)\n"
	      "adds what was appended. - reads standard input; pipes, process\n"
	      "substitution and .gz / .zst files (by magic bytes) are read as a\n"
	      "stream. A file that shrinks or changes while it is imported is\n"
	      "refused, as is a negative step (FILE:LINE: step -5 is negative).\n"
	      "On a terminal, a progress line after one second.\n"
	      "A file with run facts but no curve (W&B summary, Neuron\n"
	      "compile-only log) is stored as facts with a warning.\n\n"
	      "A folder is one run, a segment per file: a TensorBoard run dir (event\n"
	      "files in wall-time order), a Lightning lightning_logs/ (version_N/\n"
	      "metrics.csv in version order) or a W&B run-*/files/ folder; the\n"
	      "other files in it are listed as skipped, with the reason.\n\n"
	      "  --grad-accum G     the log counts micro-batches: micro-step m is\n"
	      "                     effective (optimizer) step ceil(m / G)\n"
	      "  --global-batch B   samples per optimizer step; runs whose global\n"
	      "                     batches differ are compared by samples\n"
	      "  --logging-steps N  optimizer steps between records, for logs that\n"
	      "                     print no step (HF Trainer stdout)\n"
	      "  --step-base 0|1    the files count steps from 0 (stored + 1) or\n"
	      "                     from 1 (as logged); default: the producer's\n"
	      "                     rule where known (HF, LLaMA-Factory, Megatron:\n"
	      "                     1; Lightning CSV, NeMo/NxDT bars: 0), else as\n"
	      "                     logged\n"
	      "  --loss-tag TAG     TensorBoard tag that is the loss (default: first\n"
	      "                     of train/loss, loss, step loss, step_loss,\n"
	      "                     reduced_train_loss, lm loss, lm_loss, ...)\n"
	      "  --dry-run          parse and report, store nothing (no store is\n"
	      "                     created or changed; an existing SQLite store\n"
	      "                     is read to say which file is the run's log\n"
	      "                     grown); --platform may be left out: the\n"
	      "                     report says the store's run's, or not given\n"
	      "  --json             with --dry-run: the report as one JSON object\n"
	      "                     (format, points, segments, launches, facts,\n"
	      "                     warnings per file; skipped files and why)\n"
	      "  --follow           keep reading FILE as it grows (a partial last\n"
	      "                     line or TensorBoard record waits), a short\n"
	      "                     transaction and a line per update, until\n"
	      "                     Ctrl-C; a DIR: new event files are new\n"
	      "                     segments; a rewritten log is reported\n"
	      "                     and becomes a new segment\n"
	      "  --interval S       seconds between checks when following (1)\n"
	      "  --idle-exit S      stop following after S seconds without a new\n"
	      "                     line (default: never)\n\n"
	      "formats (--format, default auto-detected from content):\n", f);
	for (size_t i = 0; dt_importers[i]; i++) {
		fprintf(f, "  %-18s", dt_importers[i]->name);
		wrap_words(f, dt_importers[i]->description, 20, 80);
	}
}

/* Characters (not bytes) in a UTF-8 string: continuation bytes are
 * not counted. */
static int utf8_chars(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Print the run's summary after a successful import, naming who
 * imported it (dt_actor_name, as every write command does); the note on
 * a log another run holds asks only about the files of this import (file
 * ids above `after_file`, the run's last before it), naming the file
 * when the import had several (`nfiles`). */
static void print_summary(dt_store *st, const char *name, int64_t after_file,
                          size_t nfiles)
{
	dt_run run;
	if (dt_store_run_find(st, name, &run) != 0)
		return;
	char safe[DT_NAME_MAX * 2], by[64];
	dt_sanitize(run.name, safe, sizeof safe);
	dt_actor_name(by, sizeof by);
	printf("run '%s' (%s, %s) imported by %s: %lld file(s), %lld segment(s), "
	       "%lld replayed step(s)\n", safe, run.platform, run.format, by,
	       (long long)run.files, (long long)run.segments,
	       (long long)run.replayed_steps);
	dt_metric_stats *ms;
	size_t n;
	if (dt_store_stats_list(st, run.id, &ms, &n) < 0)
		return;
	/* the name column as wide as the longest name (at least 16), counted
	 * in UTF-8 characters: a long name pushed its row out of line */
	int w = 16;
	for (size_t i = 0; i < n; i++) {
		dt_sanitize(ms[i].metric, safe, sizeof safe);
		if (utf8_chars(safe) > w)
			w = utf8_chars(safe);
	}
	for (size_t i = 0; i < n; i++) {
		dt_sanitize(ms[i].metric, safe, sizeof safe);
		printf("  %s%*s %8lld points, steps %lld..%lld%s\n", safe,
		       w - utf8_chars(safe), "",
		       (long long)ms[i].points, (long long)ms[i].first_step,
		       (long long)ms[i].last_step,
		       ms[i].non_finite ? " (has non-finite values)" : "");
	}
	free(ms);
	/* the same log in another run: compare calls such a pair
	 * insufficient (shared_log.h); say it now, while it is undone easily */
	dt_run other;
	dt_run_file mine, theirs;
	if (dt_run_shared_log_any(st, run.id, after_file, &other, &mine,
	                          &theirs) == 1) {
		char on[DT_NAME_MAX * 2], fn[sizeof mine.path * 2];
		dt_sanitize(other.name, on, sizeof on);
		dt_sanitize(mine.path, fn, sizeof fn);
		printf("note: %s%s is also in run '%s' (%s): the same bytes "
		       "(SHA-256 %.12s...); a comparison of the two runs is "
		       "insufficient\n", nfiles > 1 ? "" : "this file",
		       nfiles > 1 ? fn : "", on, other.platform, mine.sha256);
	}
}

/* After an import into a run that held files: the cautions of
 * import_caution.h on stderr ("dualtrack: warning: ..."). */
static void print_cautions(dt_store *st, const dt_run *before,
                           const dt_import_request *rq, const char *name)
{
	dt_run after;
	char text[4096];
	if (before->files == 0 || dt_store_run_find(st, name, &after) != 0 ||
	    dt_import_caution(st, before, &after, rq->files[0], rq->nfiles, text,
	                      sizeof text) <= 0)
		return;
	for (char *l = text, *e; *l; l = e + 1) {
		e = strchr(l, '\n');
		if (!e)
			break;
		fprintf(stderr, "dualtrack: %.*s\n", (int)(e - l), l);
	}
}

static volatile sig_atomic_t follow_stop;

static void on_sigint(int sig)
{
	(void)sig;
	follow_stop = 1;
}

/* --follow: one file, until Ctrl-C (SIGINT) or --idle-exit. */
static int run_follow(dt_store *st, dt_import_request *rq, double interval,
                      double idle_exit, char *err, size_t errlen)
{
	char name[DT_NAME_MAX];
	const char *given = rq->run_name;
	dt_import_run_name(rq, name, sizeof name);
	rq->run_name = name;
	dt_follow_opts fo = {interval, idle_exit, &follow_stop};
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);
	follow_stop = 0;
	int rc = dt_import_follow(st, rq, &fo, stdout, err, errlen);
	sigaction(SIGINT, &old, NULL);
	rq->run_name = given;  /* name[] ends here */
	return rc;
}

/* Ctrl-C or SIGTERM during an import (not --follow): say so, then die of
 * the signal as before (exit 130 / 143). The transaction was not committed,
 * so SQLite undoes what it wrote at the store's next open. */
static void on_interrupt(int sig)
{
	static const char m[] = "\ndualtrack: import interrupted: nothing of "
	                        "it is stored (an unfinished write is undone "
	                        "when the store is next opened)\n";
	ssize_t w = write(STDERR_FILENO, m, sizeof m - 1);
	(void)w;
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Install on_interrupt for SIGINT and SIGTERM (on = 1; a signal ignored
 * when the command started, as in a background job, stays ignored) or put
 * back what was there (on = 0). */
static void interrupt_note(int on)
{
	static struct sigaction old[2];
	static const int sigs[2] = {SIGINT, SIGTERM};
	for (int i = 0; i < 2; i++) {
		if (!on) {
			sigaction(sigs[i], &old[i], NULL);
			continue;
		}
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sigaction(sigs[i], NULL, &old[i]);
		if (old[i].sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = on_interrupt;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* A seconds option: a number >= min. Returns 0 or -1 (message printed). */
static int seconds_opt(const char *opt, const char *arg, double min,
                       double *out)
{
	double v;
	if (dt_parse_real_strict(arg, min, 86400.0, &v) < 0) {
		char safe[64];
		dt_sanitize(arg, safe, sizeof safe);
		fprintf(stderr, "dualtrack: %s needs seconds in [%g, 86400], "
		        "got '%s'\n", opt, min, safe);
		return -1;
	}
	*out = v;
	return 0;
}

/* Whether a run name is valid UTF-8 free of C0/C1 controls and DEL:
 * exactly the names dt_sanitize leaves unchanged. */
static int name_printable(const char *name)
{
	char safe[DT_NAME_MAX];
	dt_sanitize(name, safe, sizeof safe);
	return strcmp(safe, name) == 0;
}

/* A store file that does not exist yet (a postgres:// location never
 * is: its server may hold runs). */
static int store_is_new(const char *path)
{
	struct stat sb;
	return strncmp(path, "postgres", 8) != 0 && stat(path, &sb) < 0 &&
	       errno == ENOENT;
}

/* The store a dry run reads: an existing SQLite store opened read-only
 * (DT_STORE_READ never changes the file), so that the report says which
 * file the import would store as the run's log grown; NULL when there
 * is none (nothing extra is said) or it cannot be read (said on stderr,
 * the dry run goes on without it). A PostgreSQL location is not opened:
 * opening one may create or migrate its schema. */
static dt_store *dry_run_store(const char *path)
{
	if (!strncmp(path, "postgres", 8) || store_is_new(path))
		return NULL;
	dt_store *st = dt_cli_open_flags(path, DT_STORE_READ);
	if (!st)
		fprintf(stderr, "dualtrack: the dry run goes on without the store "
		        "(a log the run holds grown is not recognised)\n");
	return st;
}

typedef struct store_opening {
	const char *path;
	dt_store *st;
} store_opening;

static void *open_store(void *arg)
{
	store_opening *o = arg;
	o->st = dt_cli_open_flags(o->path, DT_STORE_BULK);
	return NULL;
}

/* A store this import created and could not fill (the log was refused)
 * is removed with its journal files: a failed first import leaves no
 * empty store behind. */
static void remove_new_store(const char *path)
{
	static const char *const side[] = {"", "-journal", "-wal", "-shm"};
	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		char p[4200];
		snprintf(p, sizeof p, "%s%s", path, side[i]);
		unlink(p);
	}
}

/* The first import into a new store: the store is created (schema,
 * ~45 ms of mostly fsync waits) on a thread while the files are parsed
 * (dt_import_begin), then they are stored. *st: the store, NULL when it
 * could not be created (the error printed). Returns dt_import_finish's
 * result, -1 with err when the parse failed. */
static int import_new_store(const char *path, const dt_import_request *rq,
                            dt_store **st, char *err, size_t errlen)
{
	store_opening o = {.path = path};
	pthread_t th;
	int threaded = pthread_create(&th, NULL, open_store, &o) == 0;
	if (!threaded)
		open_store(&o);
	dt_import_job *job = o.st || threaded ?
	                     dt_import_begin(rq, stdout, err, errlen) : NULL;
	if (threaded)
		pthread_join(th, NULL);
	*st = o.st;
	if (!o.st) {
		dt_import_abandon(job);
		return -1;
	}
	return job ? dt_import_finish(job, o.st, err, errlen) : -1;
}


int dt_cmd_import(const char *db, int argc, char **argv)
{
	static const struct option opts[] = {
		{"platform", required_argument, NULL, 'p'},
		{"run", required_argument, NULL, 'r'},
		{"format", required_argument, NULL, 'f'},
		{"grad-accum", required_argument, NULL, 'g'},
		{"global-batch", required_argument, NULL, 'b'},
		{"logging-steps", required_argument, NULL, 'l'},
		{"step-base", required_argument, NULL, 's'},
		{"dry-run", no_argument, NULL, 'n'},
		{"json", no_argument, NULL, 'j'},
		{"loss-tag", required_argument, NULL, 't'},
		{"follow", no_argument, NULL, 'F'},
		{"interval", required_argument, NULL, 'i'},
		{"idle-exit", required_argument, NULL, 'x'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	dt_import_request rq = {0};
	rq.format = "auto";
	int follow = 0;
	double interval = 1.0, idle_exit = 0;
	optind = 0;
	int c;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'p': rq.platform = optarg; break;
		case 'r': rq.run_name = optarg; break;
		case 'f': rq.format = optarg; break;
		case 'g':
			if (dt_cli_count("--grad-accum", optarg, &rq.opts.grad_accum))
				return DT_EXIT_USAGE;
			break;
		case 'b':
			if (dt_cli_count("--global-batch", optarg, &rq.opts.global_batch))
				return DT_EXIT_USAGE;
			break;
		case 'l':
			if (dt_cli_count("--logging-steps", optarg,
			              &rq.opts.logging_steps))
				return DT_EXIT_USAGE;
			break;
		case 's': {
			char why[200], safe[400];
			if (dt_step_base_parse(optarg, &rq.opts.step_base, why,
			                       sizeof why) < 0) {
				dt_sanitize(why, safe, sizeof safe);
				fprintf(stderr, "dualtrack: --step-base %s\n", safe);
				return DT_EXIT_USAGE;
			}
			break;
		}
		case 'n': rq.dry_run = 1; break;
		case 'j': rq.json = 1; break;
		case 't': rq.opts.loss_tag = optarg; break;
		case 'F': follow = 1; break;
		case 'i':
			if (seconds_opt("--interval", optarg, 0.01, &interval))
				return DT_EXIT_USAGE;
			break;
		case 'x':
			if (seconds_opt("--idle-exit", optarg, 0.01, &idle_exit))
				return DT_EXIT_USAGE;
			break;
		case 'd': db = optarg; break;
		case 'h': import_usage(stdout); return DT_EXIT_OK;
		default: dt_cli_usage_error(import_usage); return DT_EXIT_USAGE;
		}
	}
	if (!rq.platform && !rq.dry_run) {
		fprintf(stderr, "dualtrack: import needs --platform gpu|trn2|trn1|other\n");
		return DT_EXIT_USAGE;
	}
	if (rq.platform && !dt_platform_valid(rq.platform)) {
		char v[80], hint[80];
		static const char *const names[] = {"gpu", "trn2", "trn1", "other"};
		dt_sanitize(rq.platform, v, sizeof v);
		fprintf(stderr, "dualtrack: --platform '%s' is not a platform: "
		        "expected gpu, trn2, trn1 or other%s\n", v,
		        dt_cli_did_you_mean(rq.platform, names, 4, hint,
		                            sizeof hint));
		return DT_EXIT_USAGE;
	}
	if (optind >= argc) {
		fprintf(stderr, "dualtrack: import needs at least one FILE\n");
		return DT_EXIT_USAGE;
	}
	if (rq.run_name && (!*rq.run_name || strlen(rq.run_name) >= DT_NAME_MAX)) {
		fprintf(stderr, "dualtrack: --run must be 1..%d bytes\n",
		        DT_NAME_MAX - 1);
		return DT_EXIT_USAGE;
	}
	if (rq.run_name && !name_printable(rq.run_name)) {
		fprintf(stderr, "dualtrack: --run must be printable UTF-8 text "
		        "without control characters (tab, newline, escape ...)\n");
		return DT_EXIT_USAGE;
	}
	{ /* progress line: stderr a terminal, after 1 s (or the env's delay) */
		const char *d = getenv("DUALTRACK_PROGRESS_DELAY");
		dt_source_progress_enable(d && *d ? atof(d) : 1.0);
	}
	if (rq.json && !rq.dry_run) {
		fprintf(stderr, "dualtrack: import --json needs --dry-run (an "
		        "import prints its report as text)\n");
		return DT_EXIT_USAGE;
	}
	rq.files = (const char *const *)(argv + optind);
	rq.nfiles = (size_t)(argc - optind);
	if (follow && (rq.nfiles != 1 || rq.dry_run)) {
		fprintf(stderr, "dualtrack: --follow takes one FILE and no "
		        "--dry-run\n");
		return DT_EXIT_USAGE;
	}
	char path[4096], err[1024];
	if (dt_cli_db_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return DT_EXIT_USAGE;
	}
	/* one import writes much: a store nobody else has open takes it
	 * through a rollback journal, each page once (DT_STORE_BULK) */
	dt_store *st = NULL;
	dt_run before = {.files = 0}; /* the run before this import */
	int rc, created = 0;
	int64_t after_file = 0; /* the run's last file before this import */
	if (!rq.dry_run && !follow)
		interrupt_note(1);
	if (!rq.dry_run && !follow && store_is_new(path)) {
		rc = import_new_store(path, &rq, &st, err, sizeof err);
		if (!st)
			return DT_EXIT_USAGE;
		created = 1;
	} else {
		st = rq.dry_run ? dry_run_store(path) :
		     dt_cli_open_flags(path, follow ? 0 : DT_STORE_BULK);
		if (!rq.dry_run && !st)
			return DT_EXIT_USAGE;
		if (!rq.dry_run && !follow) {
			char name[DT_NAME_MAX];
			dt_import_run_name(&rq, name, sizeof name);
			if (dt_store_run_find(st, name, &before) != 0)
				before.files = 0;
			else if (dt_run_last_file_id(st, before.id, &after_file) < 0)
				after_file = 0;
		}
		rc = follow ? run_follow(st, &rq, interval, idle_exit, err, sizeof err)
		            : dt_import(st, &rq, stdout, err, sizeof err);
	}
	if (!rq.dry_run && !follow)
		interrupt_note(0);
	if (rc < 0) {
		char safe[1100];
		dt_sanitize(err, safe, sizeof safe);
		fprintf(stderr, "dualtrack: %s\n", safe);
	} else if (!rq.dry_run) {
		char name[DT_NAME_MAX];
		dt_import_run_name(&rq, name, sizeof name);
		print_summary(st, name, after_file, rq.nfiles);
		if (!follow)
			print_cautions(st, &before, &rq, name);
	}
	dt_store_close(st);
	if (rc < 0 && created)
		remove_new_store(path);
	return rc < 0 ? DT_EXIT_USAGE : DT_EXIT_OK;
}
