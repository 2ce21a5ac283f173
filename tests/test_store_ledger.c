/* test_store_ledger.c: ledger values, ledger runs (own and through the
 * acceptance workflow's pilot) and scenario records in a real store. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "model/core/pilot.h"
#include "model/store/store.h"
#include "tests/dt_test_store.h"

static dt_store *open_tmp(char *path)
{
	char err[256];
	strcpy(path, "/tmp/dt-ledger-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	char where[128];
	dt_store *st = dt_store_open(dt_test_where("/tmp", strrchr(path, '/')
	                             + 1, where, sizeof where), err, sizeof err);
	assert_non_null(st);
	return st;
}

static void drop(dt_store *st, const char *path)
{
	char p[300];
	dt_store_close(st);
	unlink(path);
	snprintf(p, sizeof p, "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", path);
	unlink(p);
}

/* Two values of trn2 compile (1 h, then 4320 s): the latest counts; a
 * gpu price. Entries sorted by side, key: gpu instance_hour, trn2
 * compile. Runs: r1 attached to the ledger, r2 attached to the pilot of
 * the same name (pilot_run): both listed, ascending ids. */
static void values_and_runs(void **state)
{
	(void)state;
	char path[64];
	dt_store *st = open_tmp(path);
	assert_int_equal(dt_store_ledger_exists(st, "p1"), 0);
	assert_int_equal(dt_store_ledger_set(st, "p1", "trn2", "compile", 3600,
	                                     "assumption", "first guess", "ana"), 0);
	assert_int_equal(dt_store_ledger_set(st, "p1", "trn2", "compile", 4320,
	                                     "measured", "timed", "ana"), 0);
	assert_int_equal(dt_store_ledger_set(st, "p1", "gpu", "instance_hour",
	                                     32.5, "official", "", "ana"), 0);
	assert_int_equal(dt_store_ledger_set(st, "p1", "tpu", "compile", 1,
	                                     "measured", "", ""), -1);
	dt_ledger_entry *e;
	size_t n;
	assert_int_equal(dt_store_ledger_list(st, "p1", &e, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(e[0].side, "gpu");
	assert_string_equal(e[0].key, "instance_hour");
	assert_float_equal(e[0].value, 32.5, 0);
	assert_string_equal(e[1].key, "compile");
	assert_float_equal(e[1].value, 4320, 0);
	assert_string_equal(e[1].basis, "measured");
	assert_string_equal(e[1].note, "timed");
	free(e);
	assert_int_equal(dt_store_ledger_exists(st, "p1"), 1);

	dt_run r1 = {.grad_accum = 1}, r2 = {.grad_accum = 1};
	strcpy(r1.name, "gpu-a");
	strcpy(r1.platform, "gpu");
	strcpy(r2.name, "trn-a");
	strcpy(r2.platform, "trn2");
	assert_int_equal(dt_store_run_create(st, &r1), 0);
	assert_int_equal(dt_store_run_create(st, &r2), 0);
	assert_int_equal(dt_store_ledger_attach(st, "p1", r1.id), 0);
	assert_int_equal(dt_store_ledger_attach(st, "p1", r1.id), 0);
	dt_pilot p;
	assert_int_equal(dt_store_pilot_create(st, "p1", "ana", &p), 0);
	assert_int_equal(dt_store_pilot_attach(st, p.id, r2.id, DT_RUN_PILOT, "ana"), 0);
	int64_t *ids;
	assert_int_equal(dt_store_ledger_run_list(st, "p1", &ids, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(ids[0], r1.id);
	assert_int_equal(ids[1], r2.id);
	free(ids);
	drop(st, path);
}

/* Scenario: two records, the latest is returned; none for another name. */
static void scenario_records(void **state)
{
	(void)state;
	char path[64];
	dt_store *st = open_tmp(path);
	dt_scenario_rec a = {.answers = "stable=no", .recommendation = "gpu",
	                     .reason = "r1", .set_by = "bo"};
	dt_scenario_rec b = {.answers = "stable=yes", .training = "lora",
	                     .recommendation = "trn2_pilot", .reason = "r2"};
	dt_scenario_rec out;
	assert_int_equal(dt_store_scenario_get(st, "p1", &out), 1);
	assert_int_equal(dt_store_scenario_put(st, "p1", &a), 0);
	assert_int_equal(dt_store_scenario_put(st, "p1", &b), 0);
	assert_int_equal(dt_store_scenario_get(st, "p1", &out), 0);
	assert_string_equal(out.recommendation, "trn2_pilot");
	assert_string_equal(out.answers, "stable=yes");
	assert_string_equal(out.training, "lora");
	assert_int_equal(strlen(out.set_at), 20);
	dt_scenario_rec bad = {.answers = "", .recommendation = "maybe"};
	assert_int_equal(dt_store_scenario_put(st, "p1", &bad), -1);
	assert_int_equal(dt_store_scenario_get(st, "p2", &out), 1);
	drop(st, path);
}

int main(void)
{
	int skip = dt_test_store_skip();
	if (skip)
		return skip;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(values_and_runs),
		cmocka_unit_test(scenario_records),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
