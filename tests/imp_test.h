/* imp_test.h: helpers for the importer tests added with issue 4
 * (test_imp_tfevents.c, test_imp_mlperf.c, test_corpus.c). Include after
 * <cmocka.h>. static inline so a test may use any subset. */
#ifndef DT_IMP_TEST_H
#define DT_IMP_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/importer.h"
#include "importers/source.h"

/* Parse data[0..len) named `name` with imp into log (initialised here);
 * returns the importer's result, its message in err. */
static inline int it_parse_mem(const dt_importer *imp, const char *name,
                               const void *data, size_t len,
                               const dt_import_opts *opts, dt_rawlog *log,
                               char *err, size_t errlen)
{
	dt_import_opts none = {0, 0, 0, NULL, 0};
	dt_source src = {name, name, data, len, NULL};
	dt_rawlog_init(log);
	err[0] = '\0';
	return imp->parse(&src, opts ? opts : &none, log, err, errlen);
}

/* Parse the file at `path` with imp (auto-detected when imp is NULL:
 * *used gets the importer). Fails the test when it cannot be opened. */
static inline int it_parse_file(const dt_importer *imp, const char *path,
                                const dt_importer **used, dt_rawlog *log,
                                char *err, size_t errlen)
{
	dt_source src;
	dt_import_opts none = {0, 0, 0, NULL, 0};
	dt_rawlog_init(log);
	if (dt_source_open(path, &src, err, errlen) < 0)
		fail_msg("cannot open %s: %s", path, err);
	if (!imp)
		imp = dt_importer_detect(src.name, src.data,
		                         src.len < 65536 ? src.len : 65536, NULL);
	if (used)
		*used = imp;
	int rc = imp ? imp->parse(&src, &none, log, err, errlen) : -1;
	dt_source_close(&src);
	return rc;
}

/* Corpus path under DT_SHARED/corpus, or skip() when absent. */
static inline void it_corpus(const char *rel, char *out, size_t outlen)
{
	struct stat sb;
	snprintf(out, outlen, "%s/corpus/%s", DT_SHARED, rel);
	if (stat(out, &sb) != 0)
		skip();
}

static inline const dt_rawseries *it_series(const dt_rawlog *log,
                                            const char *metric)
{
	const dt_rawseries *s = dt_rawlog_find(log, metric);
	if (!s)
		fail_msg("no series '%s'", metric);
	return s;
}

/* A series holds n points from step first to step last. */
static inline void it_range(const dt_rawlog *log, const char *metric,
                            size_t n, int64_t first, int64_t last)
{
	const dt_rawseries *s = it_series(log, metric);
	if (s->n != n || s->step[0] != first || s->step[n - 1] != last)
		fail_msg("%s: %zu points %lld..%lld, expected %zu %lld..%lld",
		         metric, s->n, (long long)s->step[0],
		         (long long)s->step[s->n ? s->n - 1 : 0], n,
		         (long long)first, (long long)last);
}

/* 1 when one of the texts v[0..n) contains `needle`. */
static inline int it_texts_have(char *const *v, size_t n, const char *needle)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(v[i], needle))
			return 1;
	return 0;
}

static inline int it_has_warning(const dt_rawlog *log, const char *needle)
{
	return it_texts_have(log->warnings, log->nwarnings, needle);
}

static inline int it_has_note(const dt_rawlog *log, const char *needle)
{
	return it_texts_have(log->notes, log->nnotes, needle);
}

static inline void it_fact(const dt_rawlog *log, const char *key,
                           const char *value)
{
	const char *v = dt_rawlog_fact_get(log, key);
	if (!v || strcmp(v, value) != 0)
		fail_msg("fact %s = '%s', expected '%s'", key, v ? v : "(none)",
		         value);
}

/* Whole file in an exact-size malloc'd buffer (no NUL after it, so ASan
 * catches any read past src->len); caller frees. */
static inline char *it_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	char *d = malloc(n ? (size_t)n : 1);
	assert_non_null(d);
	assert_int_equal(fread(d, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return d;
}

/* Parse d[0..len) named path with imp (logging_steps as --logging-steps)
 * into log (initialised here); the parse must succeed. */
static inline void it_parse_exact(const dt_importer *imp, const char *path,
                                  const char *d, size_t len,
                                  int64_t logging_steps, dt_rawlog *log)
{
	dt_source src = { path, path, d, len, NULL };
	dt_import_opts opts = { logging_steps, 0, 0, NULL, 0 };
	char err[256] = "";
	dt_rawlog_init(log);
	if (imp->parse(&src, &opts, log, err, sizeof err) != 0)
		fail_msg("%s: %s", path, err);
}

/* it_parse_exact on a whole file read by it_slurp. */
static inline void it_parse_exact_file(const dt_importer *imp,
                                       const char *path,
                                       int64_t logging_steps, dt_rawlog *log)
{
	size_t len;
	char *d = it_slurp(path, &len);
	it_parse_exact(imp, path, d, len, logging_steps, log);
	free(d);
}

/* Series `metric` holds exactly steps[i], values[i] (values may be NULL;
 * NaN matches NaN). */
static inline void it_points(const dt_rawlog *log, const char *metric,
                             size_t n, const int64_t *steps,
                             const double *values)
{
	const dt_rawseries *s = dt_rawlog_find(log, metric);
	if (!s)
		fail_msg("no series '%s'", metric);
	assert_int_equal(s->n, n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(s->step[i], steps[i]);
		if (values && isnan(values[i]))
			assert_true(isnan(s->value[i]));
		else if (values)
			assert_true(s->value[i] == values[i]);
	}
}

#endif
