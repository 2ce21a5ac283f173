/* test_pg_concurrent.c: four processes, each on its own connection (as
 * four hosts would be), append 200 decisions each to one pilot of one
 * PostgreSQL store at once: all 800 are there, ids 1..800 with no gap or
 * repeat, each supersedes the one before, the chain is one unbroken line
 * and `dualtrack verify` (argv[1]) exits 0 with head #800. Skipped (77)
 * without a PostgreSQL server (run under pg_virtualenv). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/core/decision.h"
#include "model/store/store.h"

#include "tests/dt_test_store.h"

#define PROCS 4
#define EACH 200

static const char *binary;
static char where[256];

/* One writer: EACH decisions recorded by `who`; exit status 0 when all
 * were appended. */
static int writer(int k)
{
	char err[600], who[16];
	dt_store *st = dt_store_open(where, err, sizeof err);
	if (!st)
		return 1;
	dt_pilot p;
	if (dt_store_pilot_find(st, "p", &p) != 0)
		return 2;
	snprintf(who, sizeof who, "host%d", k);
	for (int i = 0; i < EACH; i++) {
		dt_decision d = {.pilot_id = p.id, .kind = DT_DECIDE_CONTINUE,
		                 .ndeciders = 1};
		snprintf(d.pilot_name, sizeof d.pilot_name, "p");
		snprintf(d.rationale, sizeof d.rationale, "%s round %d", who, i);
		snprintf(d.deciders[0].name, sizeof d.deciders[0].name, "%s", who);
		d.deciders[0].role = DT_ROLE_PLATFORM;
		snprintf(d.recorded_by, sizeof d.recorded_by, "%s", who);
		d.evidence_text = "evidence\n";
		if (dt_store_decision_append(st, &d) < 0) {
			fprintf(stderr, "%s: %s\n", who, dt_store_error(st));
			dt_store_close(st);
			return 3;
		}
	}
	dt_store_close(st);
	return 0;
}

static void four_hosts_one_chain(void **state)
{
	(void)state;
	char err[600];
	dt_test_where("", "concurrent", where, sizeof where);
	dt_store *st = dt_store_open(where, err, sizeof err);
	assert_non_null(st);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p", "lead", &p), 0);
	dt_store_close(st);

	pid_t pid[PROCS];
	for (int k = 0; k < PROCS; k++) {
		pid[k] = fork();
		assert_true(pid[k] >= 0);
		if (pid[k] == 0)
			_exit(writer(k));
	}
	for (int k = 0; k < PROCS; k++) {
		int s;
		assert_int_equal(waitpid(pid[k], &s, 0), pid[k]);
		assert_true(WIFEXITED(s));
		assert_int_equal(WEXITSTATUS(s), 0);
	}

	st = dt_store_open(where, err, sizeof err);
	assert_non_null(st);
	dt_decision *v;
	size_t n, per[PROCS] = {0};
	assert_int_equal(dt_store_decision_list(st, 0, &v, &n), 0);
	assert_int_equal(n, PROCS * EACH);                /* none lost */
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(v[i].id, (int64_t)i + 1);     /* no gap, no dup */
		assert_int_equal(v[i].supersedes, (int64_t)i); /* one line */
		if (i)
			assert_string_equal(v[i].prev_hash, v[i - 1].hash);
		int k = v[i].recorded_by[4] - '0';
		assert_true(k >= 0 && k < PROCS);
		per[k]++;
	}
	for (int k = 0; k < PROCS; k++)
		assert_int_equal(per[k], EACH);
	dt_decisions_free(v, n);
	dt_chain_report r;
	assert_int_equal(dt_store_decision_verify(st, &r), 0);
	assert_int_equal(r.intact, 1);
	assert_int_equal(r.records, PROCS * EACH);
	assert_int_equal(r.head_id, PROCS * EACH);
	dt_store_close(st);

	/* The command people run says the same, exit 0: the integrity chain
	 * holds the pilot (record 1) and the 800 decisions (2..801). */
	char cmd[700];
	snprintf(cmd, sizeof cmd, "'%s' --db '%s' verify | "
	         "grep -q '^integrity head #801 '", binary, where);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "'%s' --db '%s' verify >/dev/null", binary,
	         where);
	assert_int_equal(system(cmd), 0);
}

int main(int argc, char **argv)
{
	setenv("DUALTRACK_TEST_DB", "postgresql", 1);
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	if (argc < 2) {
		fprintf(stderr, "usage: test_pg_concurrent DUALTRACK_BINARY\n");
		return 2;
	}
	binary = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(four_hosts_one_chain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
