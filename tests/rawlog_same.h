/* rawlog_same.h: two raw logs equal field by field (every series:
 * metric, steps and values bit for bit, launch marks; warnings, notes,
 * facts, launch evidence with its lines, settings), and a file read
 * whole. Shared by test_parse_steps.c (a log fed in steps against one
 * whole parse) and test_csv_split.c (a CSV parse split across two
 * threads against one thread), and a walk over a fixture folder. Include
 * after <cmocka.h>; needs DT_FIXTURES (tests/CMakeLists.txt). */
#ifndef DT_TEST_RAWLOG_SAME_H
#define DT_TEST_RAWLOG_SAME_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/rawlog.h"

static inline char *slurp(const char *path, size_t *len)
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

/* fn(name, path, data, len, ctx) for each file of DT_FIXTURES/sub but
 * hidden ones, its bytes read whole (freed after the call); fn returns 1
 * when it checked the file, 0 when it skipped it. Returns the count. */
typedef int (*fixture_fn)(const char *name, const char *path,
                          const char *data, size_t len, void *ctx);

static inline int each_fixture(const char *sub, fixture_fn fn, void *ctx)
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
		char *data = slurp(path, &len);
		files += fn(e->d_name, path, data, len, ctx);
		free(data);
	}
	closedir(d);
	return files;
}

static inline void same_strings(char **a, size_t na, char **b, size_t nb,
                                const char *what, const char *path)
{
	if (na != nb)
		fail_msg("%s: %s: %zu against %zu", path, what, na, nb);
	for (size_t i = 0; i < na; i++)
		assert_string_equal(a[i], b[i]);
}

static inline void same_log(const dt_rawlog *a, const dt_rawlog *b,
                             const char *path)
{
	assert_int_equal(a->nseries, b->nseries);
	for (size_t i = 0; i < a->nseries; i++) {
		const dt_rawseries *x = &a->series[i], *y = &b->series[i];
		assert_string_equal(x->metric, y->metric);
		if (x->n != y->n)
			fail_msg("%s: %s: %zu points against %zu", path,
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
	for (size_t i = 0; i < a->nlaunch_ev; i++) {
		const dt_launch_evidence *x = &a->launch_ev[i], *y = &b->launch_ev[i];
		assert_int_equal(x->launch, y->launch);
		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->line, y->line);
		assert_int_equal(x->ckpt_step, y->ckpt_step);
		assert_string_equal(x->marker, y->marker);
	}
	assert_int_equal(a->nlaunch_set, b->nlaunch_set);
	for (size_t i = 0; i < a->nlaunch_set; i++) {
		const dt_launch_setting *x = &a->launch_set[i], *y = &b->launch_set[i];
		assert_int_equal(x->launch, y->launch);
		assert_string_equal(x->key, y->key);
		assert_int_equal(x->value, y->value);
		assert_int_equal(x->line, y->line);
	}
	assert_int_equal(a->nlaunches, b->nlaunches);
	assert_string_equal(a->step_source, b->step_source);
	assert_int_equal(a->step_added, b->step_added);
	assert_int_equal(a->global_batch, b->global_batch);
}

#endif
