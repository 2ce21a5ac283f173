/* imp_loaded.h: fixture helpers shared by the importer tests of issue 2
 * (test_imp_csv.c, test_imp_jsonl.c, test_imp_hf_state.c): parse a
 * fixture, a corpus file or a memory buffer and assert exact points and
 * warnings. Include after <cmocka.h>; static inline so a test may use any
 * subset. Needs DT_FIXTURES and DT_SHARED (tests/CMakeLists.txt). */
#ifndef DT_IMP_LOADED_H
#define DT_IMP_LOADED_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/importer.h"
#include "importers/source.h"

typedef struct loaded {
	dt_source src;
	int mapped;      /* src came from dt_source_open */
	dt_rawlog log;
	char err[512];
	int rc;
} loaded;

/* Parse fixture `rel` (relative to DT_FIXTURES) or an absolute path. */
static inline void load_path(const dt_importer *imp, const char *path, loaded *L)
{
	dt_import_opts opts = {0};
	memset(L, 0, sizeof *L);
	dt_rawlog_init(&L->log);
	if (dt_source_open(path, &L->src, L->err, sizeof L->err) < 0)
		fail_msg("cannot open %s: %s", path, L->err);
	L->mapped = 1;
	L->rc = imp->parse(&L->src, &opts, &L->log, L->err, sizeof L->err);
}

static inline void load_fixture(const dt_importer *imp, const char *rel, loaded *L)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", DT_FIXTURES, rel);
	load_path(imp, path, L);
}

/* Parse an in-memory text named `name`. */
static inline void load_mem(const dt_importer *imp, const char *name,
                     const char *text, size_t len, loaded *L)
{
	dt_import_opts opts = {0};
	memset(L, 0, sizeof *L);
	dt_rawlog_init(&L->log);
	L->src.path = name;
	L->src.name = name;
	L->src.data = text;
	L->src.len = len;
	L->rc = imp->parse(&L->src, &opts, &L->log, L->err, sizeof L->err);
}

static inline void unload(loaded *L)
{
	dt_rawlog_free(&L->log);
	if (L->mapped)
		dt_source_close(&L->src);
}

/* Exact comparison; NaN equals NaN, infinities by sign. */
static inline int same_value(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return a == b;
}

static inline const dt_rawseries *need_series(const dt_rawlog *log, const char *metric)
{
	const dt_rawseries *s = dt_rawlog_find(log, metric);
	if (!s)
		fail_msg("no series '%s'", metric);
	return s;
}

/* Series `metric` holds exactly n points with these steps and values. */
static inline void expect_points(const dt_rawlog *log, const char *metric, size_t n,
                          const int64_t *steps, const double *vals)
{
	const dt_rawseries *s = need_series(log, metric);
	assert_int_equal(s->n, n);
	for (size_t i = 0; i < n; i++) {
		if (s->step[i] != steps[i] || !same_value(s->value[i], vals[i]))
			fail_msg("%s[%zu] = (%lld, %.17g), expected (%lld, %.17g)", metric,
			         i, (long long)s->step[i], s->value[i],
			         (long long)steps[i], vals[i]);
	}
}

/* The in-memory text `name` (for a UTF-8 byte order mark ahead of the
 * log: importers/source.h dt_utf8_bom_len): imp's detect gives `score`
 * and its parse succeeds with exactly these points in series `metric`. */
static inline void expect_parsed_text(const dt_importer *imp,
                                      const char *name, const char *text,
                                      size_t len, int score,
                                      const char *metric, size_t n,
                                      const int64_t *steps,
                                      const double *vals)
{
	loaded L;
	assert_int_equal(imp->detect(name, text, len), score);
	load_mem(imp, name, text, len, &L);
	assert_int_equal(L.rc, 0);
	expect_points(&L.log, metric, n, steps, vals);
	unload(&L);
}

/* Series `metric`: point count, first/last step and value. */
static inline void expect_span(const dt_rawlog *log, const char *metric, size_t n,
                        int64_t first, int64_t last, double v0, double vn)
{
	const dt_rawseries *s = need_series(log, metric);
	assert_int_equal(s->n, n);
	assert_int_equal(s->step[0], first);
	assert_int_equal(s->step[n - 1], last);
	assert_true(same_value(s->value[0], v0));
	assert_true(same_value(s->value[n - 1], vn));
}

/* 1 when one of the texts v[0..n) contains `text`. */
static inline int texts_have(char *const *v, size_t n, const char *text)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(v[i], text))
			return 1;
	return 0;
}

static inline int has_warning(const dt_rawlog *log, const char *text)
{
	return texts_have(log->warnings, log->nwarnings, text);
}

static inline int has_note(const dt_rawlog *log, const char *text)
{
	return texts_have(log->notes, log->nnotes, text);
}

/* Fail, listing v, unless one of v[0..n) (what: "warning"/"note")
 * contains text. */
static inline void expect_text(char *const *v, size_t n, const char *what,
                               const char *text)
{
	if (!texts_have(v, n, text)) {
		for (size_t i = 0; i < n; i++)
			print_message("%s: %s\n", what, v[i]);
		fail_msg("no %s containing '%s'", what, text);
	}
}

static inline void expect_warning(const dt_rawlog *log, const char *text)
{
	expect_text(log->warnings, log->nwarnings, "warning", text);
}

static inline void expect_note(const dt_rawlog *log, const char *text)
{
	expect_text(log->notes, log->nnotes, "note", text);
}

/* Corpus file path, or skip() when the shared corpus is absent. */
static inline void corpus_path(const char *rel, char *out, size_t outlen)
{
	struct stat sb;
	snprintf(out, outlen, "%s/corpus", DT_SHARED);
	if (stat(out, &sb) < 0 || !S_ISDIR(sb.st_mode))
		skip();
	snprintf(out, outlen, "%s/corpus/%s", DT_SHARED, rel);
	if (stat(out, &sb) < 0)
		skip();
}

#endif
