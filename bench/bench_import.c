/* bench_import.c: import throughput of `dualtrack import` as a whole
 * process (parse + committed store), with its peak resident memory.
 *
 * usage: bench_import DUALTRACK FILE FORMAT [REPEAT [sqlite|postgresql]]
 * Prints: file size (MB), points imported, best wall time (s) over REPEAT
 * runs (default 3), throughput (MB/s), peak RSS (MB, from wait4's
 * ru_maxrss) and bytes of peak RSS per imported point. Figures only; no
 * assertion. Each run imports into a new, empty store, created (schema
 * included) before the clock starts: a SQLite file, or with "postgresql"
 * a new database on the server the PG* variables name (createdb; run
 * under pg_virtualenv). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Run argv, returning wall seconds and peak RSS in KiB; -1 on failure. */
static double run(char **argv, long *maxrss_kib)
{
	double t0 = now();
	pid_t pid = fork();
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execv(argv[0], argv);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0)
		return -1;
	double t = now() - t0;
	*maxrss_kib = ru.ru_maxrss;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

/* Points in the store after the import, via `dualtrack runs --json`. */
static long count_points(const char *bin, const char *db)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s --db '%s' runs --json | python3 -c \"import "
	         "json,sys; r=json.load(sys.stdin)['runs'][0]; print(sum(m['points'] for m"
	         " in r['metrics'].values()))\"", bin, db);
	FILE *p = popen(cmd, "r");
	long n = -1;
	if (p) {
		if (fscanf(p, "%ld", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: bench_import DUALTRACK FILE FORMAT [REPEAT]\n");
		return 2;
	}
	int repeat = argc > 4 ? atoi(argv[4]) : 3;
	int pg = argc > 5 && strcmp(argv[5], "postgresql") == 0;
	struct stat sb;
	if (stat(argv[2], &sb) < 0) {
		perror(argv[2]);
		return 2;
	}
	char dir[] = "/tmp/dt-bench-XXXXXX", db[128], cmd[512];
	if (!mkdtemp(dir))
		return 2;
	double best = 1e30;
	long rss = 0, points = -1;
	for (int i = 0; i < repeat; i++) {
		if (pg) {
			snprintf(db, sizeof db, "dbname=dtbench_%ld_%d", (long)getpid(),
			         i);
			snprintf(cmd, sizeof cmd, "createdb dtbench_%ld_%d",
			         (long)getpid(), i);
			if (system(cmd) != 0)
				return 1;
		} else {
			snprintf(db, sizeof db, "%s/b%d.db", dir, i);
		}
		snprintf(cmd, sizeof cmd, "'%s' --db '%s' store init >/dev/null", argv[1],
		         db);
		if (system(cmd) != 0) /* the empty store, schema created */
			return 1;
		char *args[] = {argv[1], "--db", db, "import", "--platform", "gpu",
		                "--run", "bench", "--format", argv[3], argv[2], NULL};
		long r;
		double t = run(args, &r);
		if (t < 0) {
			fprintf(stderr, "bench_import: import failed\n");
			return 1;
		}
		if (t < best)
			best = t;
		if (r > rss)
			rss = r;
		if (points < 0)
			points = count_points(argv[1], db);
	}
	double mb = sb.st_size / 1e6;
	printf("import %-6s %-10s %8.1f MB  %9ld points  best %.3f s  %7.1f MB/s  "
	       "peak RSS %.1f MB (%.1f bytes/point)\n", argv[3],
	       pg ? "postgresql" : "sqlite", mb, points, best,
	       mb / best, rss / 1024.0, points > 0 ? rss * 1024.0 / points : 0);
	for (int i = 0; pg && i < repeat; i++) {
		snprintf(cmd, sizeof cmd, "dropdb dtbench_%ld_%d", (long)getpid(), i);
		if (system(cmd) != 0)
			return 1;
	}
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return 0;
}
