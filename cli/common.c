/* common.c: helpers shared by the commands. */
#include "cli/cli.h"
#include "model/util/clock.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/import.h"
#include "model/core/taskcard.h"
#include "model/util/err.h"
#include "model/util/nearest.h"
#include "model/util/num.h"
#include "model/util/text.h"

/* The path --db gave, as the last dt_cli_db_path resolved it: an open
 * of that path names --db in its messages. */
static char db_given[4096];

int dt_cli_db_path(const char *given, char *out, size_t n)
{
	const char *env = getenv("DUALTRACK_DB");
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	db_given[0] = '\0';
	if (given && *given) {
		snprintf(out, n, "%s", given);
		snprintf(db_given, sizeof db_given, "%s", given);
	}
	else if (env && *env)
		snprintf(out, n, "%s", env);
	else if (xdg && *xdg == '/')
		snprintf(out, n, "%s/dualtrack/dualtrack.db", xdg);
	else if (home && *home)
		snprintf(out, n, "%s/.local/share/dualtrack/dualtrack.db", home);
	else
		return -1;
	return 0;
}

int dt_cli_acknowledge_break;

void dt_cli_report_break(dt_store *st)
{
	if (dt_store_chain_break_recorded(st))
		fprintf(stderr, "dualtrack: integrity: the break was recorded in "
		        "the chain (verify still reports the altered records)\n");
}

/* Open with flags, enter the working team ($DUALTRACK_TEAM, set by --team
 * or the config file) when one is named, and report what the integrity
 * check of opening found. */
dt_store *dt_cli_open_flags(const char *path, unsigned flags)
{
	char err[DT_ERR_MAX];
	struct stat sb;
	/* a folder: SQLite would say "disk I/O error" */
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		char safe[1100];
		dt_sanitize(path, safe, sizeof safe);
		fprintf(stderr, "dualtrack: %s %s: is a directory; expected a store "
		        "file\n", db_given[0] && !strcmp(path, db_given) ? "--db"
		        : "store", safe);
		return NULL;
	}
	dt_store *st = dt_store_open_flags(path, flags, err, sizeof err);
	const char *team = getenv("DUALTRACK_TEAM");
	if (!st) {
		fprintf(stderr, "dualtrack: %s\n", err);
		return NULL;
	}
	if (team && *team && dt_store_team_set(st, team) < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		dt_store_close(st);
		return NULL;
	}
	if (dt_store_notice(st)[0])
		fprintf(stderr, "dualtrack: %s\n", dt_store_notice(st));
	if (dt_cli_acknowledge_break) {
		char by[64];
		dt_actor_name(by, sizeof by);
		dt_store_chain_acknowledge(st, by);
	}
	/* every command reading this store says when its records were
	 * altered (the cheap check: the chain without the series) */
	dt_chain_status g;
	if (dt_store_chain_verify(st, 0, &g) == 0) {
		if (!g.intact) {
			char r[600];
			dt_sanitize(g.reason, r, sizeof r);
			fprintf(stderr, "dualtrack: ALTERED: records of this store were "
			        "changed outside dualtrack; first altered record: %s "
			        "(dualtrack verify lists all)\n", r);
		}
		dt_chain_status_clear(&g);
	}
	return st;
}

dt_store *dt_cli_open(const char *path)
{
	return dt_cli_open_flags(path, 0);
}

dt_store *dt_cli_open_read(const char *path)
{
	return dt_cli_open_flags(path, DT_STORE_READ);
}

dt_store *dt_cli_store_flags(const char *db, unsigned flags)
{
	char path[4096];
	if (dt_cli_db_path(db, path, sizeof path) < 0) {
		fprintf(stderr, "dualtrack: no store location: give --db PATH\n");
		return NULL;
	}
	return dt_cli_open_flags(path, flags);
}

dt_store *dt_cli_store(const char *db)
{
	return dt_cli_store_flags(db, 0);
}

dt_store *dt_cli_store_read(const char *db)
{
	return dt_cli_store_flags(db, DT_STORE_READ);
}

int dt_cli_int(const char *opt, const char *s, int64_t min, int64_t *out)
{
	char safe[64];
	if (dt_parse_int_strict(s, min, INT64_MAX, out) == 0)
		return 0;
	dt_sanitize(s, safe, sizeof safe);
	fprintf(stderr, "dualtrack: %s expects an integer >= %" PRId64
	        ", got '%s'\n", opt, min, safe);
	return -1;
}

int dt_cli_count(const char *opt, const char *text, int64_t *n)
{
	char err[160];
	if (dt_import_count_parse(opt, text, n, err, sizeof err) == 0)
		return 0;
	fprintf(stderr, "dualtrack: %s\n", err);
	return -1;
}

/* The operands dt_cli_hide_numbers hid (their own pointers). */
static char *hidden_num[64];
static size_t nhidden_num;

/* Whether `prev` is a long option of opts that takes the next word as
 * its value ("--note" and its abbreviations, no '='). */
static int takes_next(const char *prev, const struct option *opts)
{
	if (strncmp(prev, "--", 2) != 0 || strchr(prev, '=') || !prev[2])
		return 0;
	for (; opts && opts->name; opts++)
		if (opts->has_arg == required_argument &&
		    !strncmp(opts->name, prev + 2, strlen(prev + 2)))
			return 1;
	return 0;
}

size_t dt_cli_hide_numbers(int argc, char **argv, const struct option *opts)
{
	nhidden_num = 0;
	for (int i = 1; i < argc && nhidden_num < 64; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--"))
			break;
		if (a[0] != '-' || !(isdigit((unsigned char)a[1]) ||
		                     (a[1] == '.' && isdigit((unsigned char)a[2]))))
			continue;
		if (takes_next(argv[i - 1], opts))
			continue;
		hidden_num[nhidden_num++] = argv[i];
		argv[i]++;
	}
	return nhidden_num;
}

void dt_cli_show_numbers(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		for (size_t k = 0; k < nhidden_num; k++)
			if (argv[i] == hidden_num[k] + 1)
				argv[i] = hidden_num[k];
	nhidden_num = 0;
}

int dt_cli_hash_prefix(const char *opt, const char *s, size_t min)
{
	size_t n = strlen(s);
	char safe[200];
	dt_sanitize(s, safe, sizeof safe);
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i])) {
			fprintf(stderr, "dualtrack: %s '%s': character %zu is not a hex "
			        "digit; expected %zu to 64 hex digits of a sha256\n",
			        opt, safe, i + 1, min);
			return -1;
		}
	if (n < min || n > 64) {
		fprintf(stderr, "dualtrack: %s '%s': %zu hex digit%s; expected %zu "
		        "to 64 hex digits of a sha256\n", opt, safe, n,
		        n == 1 ? "" : "s", min);
		return -1;
	}
	return 0;
}

int dt_cli_tolerance(int f, const char *opt, const char *text, double *out)
{
	char err[300];
	if (dt_tolerance_parse((dt_tc_field)f, opt, text, out, err,
	                       sizeof err) == 0)
		return 0;
	fprintf(stderr, "dualtrack: %s\n", err);
	return -1;
}

int dt_cli_real(const char *opt, const char *s, double *out)
{
	char safe[64];
	if (dt_parse_real_strict(s, 0, HUGE_VAL, out) == 0)
		return 0;
	dt_sanitize(s, safe, sizeof safe);
	fprintf(stderr, "dualtrack: %s expects a number >= 0, got '%s'\n", opt,
	        safe);
	return -1;
}

int dt_cli_find_run(dt_store *st, const char *name, dt_run *out)
{
	int rc = dt_store_run_find(st, name, out);
	if (rc == 0)
		return 0;
	if (rc < 0) {
		fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		return -1;
	}
	dt_run *runs = NULL;
	size_t n = 0;
	dt_store_run_list(st, &runs, &n);
	dt_cli_not_found_rows("run", name, runs, n, sizeof *runs,
	                      offsetof(dt_run, name),
	                      "the store holds no runs (dualtrack import --help)");
	free(runs);
	return -1;
}

void dt_cli_not_found(const char *what, const char *name,
                      const char *const *names, size_t n,
                      const char *empty_hint)
{
	char safe[DT_NAME_MAX * 2];
	dt_sanitize(name, safe, sizeof safe);
	fprintf(stderr, "dualtrack: no %s named '%s'", what, safe);
	for (size_t i = 0; i < n && i < 20; i++) {
		dt_sanitize(names[i], safe, sizeof safe);
		if (i == 0)
			fprintf(stderr, "; %ss: ", what);
		fprintf(stderr, "%s%s", i ? ", " : "", safe);
	}
	if (n == 0)
		fprintf(stderr, "; %s", empty_hint);
	fputc('\n', stderr);
}

void dt_cli_not_found_rows(const char *what, const char *name,
                           const void *rows, size_t n, size_t size,
                           size_t name_at, const char *empty_hint)
{
	const char **names = malloc((n ? n : 1) * sizeof *names);
	for (size_t i = 0; names && i < n; i++)
		names[i] = (const char *)rows + i * size + name_at;
	dt_cli_not_found(what, name, names, names ? n : 0, empty_hint);
	free(names);
}

/* Whether word is "-X" (alone) and X a short option of shortopts that
 * takes a value (the next word). */
static int short_takes_next(const char *word, const char *shortopts)
{
	const char *o;
	if (word[0] != '-' || !word[1] || word[1] == '-' || word[2] ||
	    word[1] == ':' || !shortopts)
		return 0;
	o = strchr(shortopts, word[1]);
	return o && o[1] == ':';
}

/* The first word of argv[1..argc) before "--" that reads as a long
 * option none of opts is named or starts with (not an option's value);
 * NULL when none. */
static const char *unknown_long(int argc, char **argv, const char *shortopts,
                                const struct option *opts)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--"))
			break;
		if (short_takes_next(a, shortopts)) {
			i++;
			continue;
		}
		if (strncmp(a, "--", 2) != 0)
			continue;
		size_t len = strcspn(a + 2, "=");
		const struct option *o = opts;
		while (o && o->name && strncmp(o->name, a + 2, len) != 0)
			o++;
		if (!o || !o->name)
			return a;
		if (takes_next(a, opts))
			i++;
	}
	return NULL;
}

/* Report an unknown long option of argv (unknown_long) with the nearest
 * name of opts; 1 when one was reported, else 0. */
static int report_unknown_long(int argc, char **argv, const char *shortopts,
                               const struct option *opts)
{
	const char *bad = unknown_long(argc, argv, shortopts, opts);
	if (!bad)
		return 0;
	const char *names[64];
	size_t n = 0;
	for (const struct option *o = opts; o && o->name && n < 64; o++)
		names[n++] = o->name;
	char word[200], safe[400], hint[120];
	size_t len = strcspn(bad + 2, "=");
	snprintf(word, sizeof word, "%.*s", (int)(len < 199 ? len : 199),
	         bad + 2);
	dt_sanitize(bad, safe, sizeof safe);
	const char *near = dt_nearest_name(word, names, n);
	hint[0] = '\0';
	if (near)
		snprintf(hint, sizeof hint, "; did you mean '--%s'?", near);
	fprintf(stderr, "%s: unrecognized option '%s'%s\n", argv[0], safe, hint);
	return 1;
}

int dt_cli_getopt(int argc, char **argv, const char *shortopts,
                  const struct option *opts, int *longindex)
{
	if (optind == 0 && report_unknown_long(argc, argv, shortopts, opts))
		return '?';
	return getopt_long(argc, argv, shortopts, opts, longindex);
}

int dt_cli_subcommand(const char *cmd, const char *word,
                      const char *const *subs, size_t n, const char *needs)
{
	if (!word || !*word) {
		fprintf(stderr, "dualtrack: %s\n", needs);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (subs[i] && !strcmp(word, subs[i]))
			return (int)i;
	char safe[200], hint[80];
	dt_sanitize(word, safe, sizeof safe);
	dt_cli_did_you_mean(word, subs, n, hint, sizeof hint);
	if (hint[0])
		fprintf(stderr, "dualtrack: unknown %s sub-command '%s'%s\n", cmd,
		        safe, hint);
	else
		fprintf(stderr, "dualtrack: unknown %s sub-command '%s'; %s\n",
		        cmd, safe, needs);
	return -1;
}

int dt_cli_operands(const char *cmd, char *const *ops, int n, int min,
                    int max, const char *needs)
{
	if (n < min) {
		fprintf(stderr, "dualtrack: %s\n", needs);
		return -1;
	}
	if (n <= max)
		return 0;
	char safe[200], more[40] = "";
	dt_sanitize(ops[max], safe, sizeof safe);
	if (n - max > 1)
		snprintf(more, sizeof more, " (and %d more)", n - max - 1);
	fprintf(stderr, "dualtrack: %s: unexpected extra argument '%s'%s (%s)\n",
	        cmd, safe, more, needs);
	return -1;
}

int dt_cli_json_opts(int argc, char **argv, const char **db, int *json,
                     void (*usage)(FILE *f))
{
	static const struct option opts[] = {
		{"json", no_argument, NULL, 'j'},
		{"db", required_argument, NULL, 'd'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0}};
	int c;
	*json = 0;
	optind = 0;
	/* Options stop at no operand ("+": getopt returns -1 at each one and
	 * it is set aside here), and an operand that is a negative number
	 * ("-5", "-0.5") is an operand, not an unknown option: journal set R
	 * k -5 must reach the value check. The operands are then moved, in
	 * order, to the end of argv, where optind points. */
	char **operand = calloc((size_t)argc + 1, sizeof *operand);
	size_t nop = 0;
	if (!operand) {
		fprintf(stderr, "dualtrack: out of memory\n");
		return -1;
	}
	if (report_unknown_long(argc, argv, "+h", opts)) {
		free(operand);
		dt_cli_usage_error(usage);
		return -1;
	}
	(void)getopt_long(1, argv, "+h", opts, NULL); /* full reset; optind 1 */
	while (optind < argc) {
		const char *a = argv[optind];
		if (a[0] == '-' && (isdigit((unsigned char)a[1]) ||
		                    (a[1] == '.' && isdigit((unsigned char)a[2])))) {
			operand[nop++] = argv[optind++];
			continue;
		}
		if (!strcmp(a, "--")) {
			for (optind++; optind < argc; optind++)
				operand[nop++] = argv[optind];
			break;
		}
		c = getopt_long(argc, argv, "+h", opts, NULL);
		if (c == -1) {
			operand[nop++] = argv[optind++];
			continue;
		}
		switch (c) {
		case 'j': *json = 1; break;
		case 'd': *db = optarg; break;
		case 'h': free(operand); usage(stdout); return 1;
		default: free(operand); dt_cli_usage_error(usage); return -1;
		}
	}
	optind = argc - (int)nop;
	for (size_t i = 0; i < nop; i++)
		argv[optind + (int)i] = operand[i];
	free(operand);
	return 0;
}

const char *dt_cli_did_you_mean(const char *word, const char *const *names,
                                size_t n, char *out, size_t outn)
{
	const char *near = dt_nearest_name(word, names, n);
	if (outn)
		out[0] = '\0';
	if (near && outn)
		snprintf(out, outn, "; did you mean '%s'?", near);
	return out;
}

void dt_cli_usage_error(void (*usage)(FILE *f))
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m) {
		usage(stderr);
		return;
	}
	usage(m);
	if (fclose(m) != 0 || !text) {
		free(text);
		usage(stderr);
		return;
	}
	char *blank = strstr(text, "\n\n");
	if (blank)
		blank[1] = '\0';
	fputs(text, stderr);
	fputs("(--help prints the whole usage)\n", stderr);
	free(text);
}
