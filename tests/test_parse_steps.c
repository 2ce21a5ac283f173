/* test_parse_steps.c: an importer fed a log in steps (importer.h
 * step_feed, what --follow does as the log grows) gives exactly what one
 * whole parse gives. Every fixture of the importers that parse in steps
 * (tests/fixtures/{csv,jsonl,textlog,resume}) is fed one line at a time,
 * with a scratch step_end after every line (as the follower does after
 * each update: it must leave the state as it was), then ended into the
 * log itself; the result is compared field by field with the whole parse
 * of the same bytes: every series (metric, steps, values bit for bit,
 * launch marks), warnings, notes, facts, launch evidence and settings. A
 * file that the whole parse refuses is refused in steps with the same
 * message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/importer.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *d = malloc((size_t)n + 1);
	assert_non_null(d);
	assert_int_equal(fread(d, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return d;
}

static void same_strings(char **a, size_t na, char **b, size_t nb,
                         const char *what, const char *path)
{
	if (na != nb)
		fail_msg("%s: %s: %zu in steps, %zu whole", path, what, na, nb);
	for (size_t i = 0; i < na; i++)
		assert_string_equal(a[i], b[i]);
}

static void same_log(const dt_rawlog *a, const dt_rawlog *b,
                     const char *path)
{
	assert_int_equal(a->nseries, b->nseries);
	for (size_t i = 0; i < a->nseries; i++) {
		const dt_rawseries *x = &a->series[i], *y = &b->series[i];
		assert_string_equal(x->metric, y->metric);
		if (x->n != y->n)
			fail_msg("%s: %s: %zu points in steps, %zu whole", path,
			         x->metric, x->n, y->n);
		assert_memory_equal(x->step, y->step, x->n * sizeof *x->step);
		assert_memory_equal(x->value, y->value, x->n * sizeof *x->value);
		assert_int_equal(x->nmarks, y->nmarks);
		if (x->nmarks)
			assert_memory_equal(x->marks, y->marks,
			                    x->nmarks * sizeof *x->marks);
		assert_int_equal(x->sort_within_segment, y->sort_within_segment);
	}
	same_strings(a->warnings, a->nwarnings, b->warnings, b->nwarnings,
	             "warnings", path);
	same_strings(a->notes, a->nnotes, b->notes, b->nnotes, "notes", path);
	assert_int_equal(a->nfacts, b->nfacts);
	for (size_t i = 0; i < a->nfacts; i++) {
		assert_string_equal(a->facts[i].key, b->facts[i].key);
		assert_string_equal(a->facts[i].value, b->facts[i].value);
	}
	assert_int_equal(a->nlaunch_ev, b->nlaunch_ev);
	assert_int_equal(a->nlaunch_set, b->nlaunch_set);
	assert_int_equal(a->nlaunches, b->nlaunches);
	assert_string_equal(a->step_source, b->step_source);
	assert_int_equal(a->step_added, b->step_added);
	assert_int_equal(a->global_batch, b->global_batch);
}

/* Feed `src` one line at a time; returns 0 or -1 with err. */
static int parse_by_lines(const dt_importer *imp, const dt_source *whole,
                          dt_rawlog *out, char *err, size_t errlen)
{
	dt_import_opts opts = {0};
	void *ps = imp->step_begin(&opts, out);
	assert_non_null(ps);
	dt_source src = *whole;
	size_t from = 0;
	int rc = 0;
	while (rc == 0 && from < whole->len) {
		const char *nl = memchr(whole->data + from, '\n', whole->len - from);
		src.len = nl ? (size_t)(nl - whole->data) + 1 : whole->len;
		rc = imp->step_feed(ps, &src, from, err, errlen);
		from = src.len;
		if (rc == 0 && from < whole->len) {
			dt_rawlog scratch;
			dt_rawlog_init(&scratch);
			int e = imp->step_end(ps, &src, &scratch, err, errlen);
			dt_rawlog_free(&scratch);
			assert_true(e >= 0);
		}
	}
	if (rc == 0)
		rc = imp->step_end(ps, whole, out, err, errlen) < 0 ? -1 : 0;
	imp->step_free(ps);
	return rc;
}

static void check_dir(const char *sub, const dt_importer *imp)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s/%s", DT_FIXTURES, sub);
	DIR *d = opendir(dir);
	assert_non_null(d);
	struct dirent *e;
	int files = 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[1024];
		size_t len;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		const dt_importer *use = imp;
		char *data = slurp(path, &len);
		if (!use) { /* a mixed folder: the importer detection picks */
			use = dt_importer_detect(e->d_name, data,
			                         len < 65536 ? len : 65536, NULL);
			if (!use || !use->step_begin) {
				free(data);
				continue;
			}
		}
		dt_source src = {path, e->d_name, data, len, NULL};
		dt_rawlog a, b;
		char ea[600] = "", eb[600] = "";
		dt_rawlog_init(&a);
		dt_rawlog_init(&b);
		int ra = parse_by_lines(use, &src, &a, ea, sizeof ea);
		int rb = use->parse(&src, &(dt_import_opts){0}, &b, eb, sizeof eb);
		if (ra != rb)
			fail_msg("%s: steps %d (%s), whole %d (%s)", path, ra, ea, rb, eb);
		if (ra == 0)
			same_log(&a, &b, path);
		else
			assert_string_equal(ea, eb);
		dt_rawlog_free(&a);
		dt_rawlog_free(&b);
		free(data);
		files++;
	}
	closedir(d);
	assert_true(files > 0);
}

static void test_csv(void **state)
{
	(void)state;
	check_dir("csv", &dt_imp_csv);
}

static void test_jsonl(void **state)
{
	(void)state;
	check_dir("jsonl", &dt_imp_jsonl);
}

static void test_textlog(void **state)
{
	(void)state;
	check_dir("textlog", &dt_imp_textlog);
}

static void test_resume_logs(void **state)
{
	(void)state;
	check_dir("resume", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_jsonl),
		cmocka_unit_test(test_textlog),
		cmocka_unit_test(test_resume_logs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
