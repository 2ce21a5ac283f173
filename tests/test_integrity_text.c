/* test_integrity_text.c: dt_integrity_text (model/service/integrity.h),
 * the phrase every front-end shows for an ALTERED store, names the first
 * bad record once: verify's words already name it ("... differs from
 * chain record 12 (altered)"), so the line said "first bad record 12:
 * ... chain record 12 ..." before. Expected phrases written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model/service/integrity.h"

/* An ALTERED state whose first bad record is `id`, for `reason`. */
static dt_integrity altered(int64_t id, const char *reason)
{
	dt_integrity g;
	memset(&g, 0, sizeof g);
	g.state = DT_INTEGRITY_ALTERED;
	g.first_bad_id = id;
	snprintf(g.reason, sizeof g.reason, "%s", reason);
	return g;
}

static const char *text(int64_t id, const char *reason)
{
	static char buf[400];
	dt_integrity g = altered(id, reason);
	return dt_integrity_text(&g, buf, sizeof buf);
}

/* an altered row, as verify and the series seal word it: the id once */
static void test_reason_names_the_record(void **state)
{
	(void)state;
	assert_string_equal(text(12, "decision 1 (continue): the stored row "
	                         "differs from chain record 12 (altered)"),
	                    "decision 1 (continue): the stored row differs from "
	                    "chain record 12 (altered)");
	assert_string_equal(text(80, "stored series 2/loss (loss): the stored "
	                         "row differs from chain record 80 (altered)"),
	                    "stored series 2/loss (loss): the stored row differs "
	                    "from chain record 80 (altered)");
	/* the walk's words: "chain record N, LABEL: ..." and a removed range */
	assert_string_equal(text(7, "chain record 7, decision 2 (go): stored "
	                         "hash does not match the record's content "
	                         "(altered)"),
	                    "chain record 7, decision 2 (go): stored hash does not "
	                    "match the record's content (altered)");
	assert_string_equal(text(5, "chain records 5..7 removed (ids never "
	                         "repeat)"),
	                    "chain records 5..7 removed (ids never repeat)");
}

/* a reason that does not name the record keeps "first bad record N: " */
static void test_reason_without_the_record(void **state)
{
	(void)state;
	assert_string_equal(text(9, "drill 3 (node-loss): chained 2 times (a "
	                         "deleted record's id was reused)"),
	                    "first bad record 9: drill 3 (node-loss): chained 2 "
	                    "times (a deleted record's id was reused)");
	/* record 120 and record 1 are not record 12 */
	assert_string_equal(text(12, "checklist entry 4 (step3): the stored row "
	                         "differs from chain record 120 (altered)"),
	                    "first bad record 12: checklist entry 4 (step3): the "
	                    "stored row differs from chain record 120 (altered)");
	assert_string_equal(text(12, "deleted (chain record 1 has no row)"),
	                    "first bad record 12: deleted (chain record 1 has no "
	                    "row)");
}

/* a row written outside dualtrack has no chain record */
static void test_no_chain_entry(void **state)
{
	(void)state;
	assert_string_equal(text(0, "task card value 2 (rtol): not in the chain "
	                         "(written outside dualtrack)"),
	                    "a record with no chain entry: task card value 2 "
	                    "(rtol): not in the chain (written outside "
	                    "dualtrack)");
}

/* dt_integrity_line: the one line pilot show and the TUI's pilot
 * overview print (pilot show said "records ALTERED: ...", README
 * "ALTERED: ...", the overview "ALTERED: records were changed outside
 * dualtrack; ..."). */
static void test_line(void **state)
{
	(void)state;
	char buf[600];
	dt_integrity g = altered(9, "drill 3 (node-loss): chained 2 times (a "
	                         "deleted record's id was reused)");
	assert_string_equal(dt_integrity_line(&g, buf, sizeof buf),
	                    "ALTERED: records were changed outside dualtrack; "
	                    "first bad record 9: drill 3 (node-loss): chained 2 "
	                    "times (a deleted record's id was reused) (dualtrack "
	                    "verify lists all)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reason_names_the_record),
		cmocka_unit_test(test_reason_without_the_record),
		cmocka_unit_test(test_no_chain_entry),
		cmocka_unit_test(test_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
