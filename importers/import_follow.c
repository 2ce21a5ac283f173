/* import_follow.c: following a log that is still being written. */
#include "importers/import_follow.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "importers/source.h"
#include "model/service/run_load.h"
#include "model/util/text.h"

/* What the store holds of the followed file, per metric. */
typedef struct held {
	char **metric;
	size_t *n;
	size_t count;
	char **facts;      /* "key=value" strings already stored */
	size_t nfacts;
	char **warnings;   /* warning and note texts already stored */
	size_t nwarnings;
} held;

static void held_free(held *h)
{
	for (size_t i = 0; i < h->count; i++)
		free(h->metric[i]);
	for (size_t i = 0; i < h->nfacts; i++)
		free(h->facts[i]);
	for (size_t i = 0; i < h->nwarnings; i++)
		free(h->warnings[i]);
	free(h->metric);
	free(h->n);
	free(h->facts);
	free(h->warnings);
	memset(h, 0, sizeof *h);
}

static int strv_has(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return 1;
	return 0;
}

static int strv_add(char ***v, size_t *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof *nv);
	if (!nv)
		return -1;
	*v = nv;
	if (!(nv[*n] = strdup(s)))
		return -1;
	(*n)++;
	return 0;
}

static size_t held_n(const held *h, const char *metric)
{
	for (size_t i = 0; i < h->count; i++)
		if (strcmp(h->metric[i], metric) == 0)
			return h->n[i];
	return 0;
}

static int held_set(held *h, const char *metric, size_t n)
{
	for (size_t i = 0; i < h->count; i++)
		if (strcmp(h->metric[i], metric) == 0) {
			h->n[i] = n;
			return 0;
		}
	size_t *nn = realloc(h->n, (h->count + 1) * sizeof *nn);
	if (!nn)
		return -1;
	h->n = nn;
	if (strv_add(&h->metric, &h->count, metric) < 0)
		return -1;
	h->n[h->count - 1] = n;
	return 0;
}

/* Remember what a stored log held (series sizes, facts, warnings). */
static int remember(held *h, const dt_rawlog *log)
{
	for (size_t i = 0; i < log->nseries; i++)
		if (held_set(h, log->series[i].metric, log->series[i].n) < 0)
			return -1;
	for (size_t i = 0; i < log->nfacts; i++) {
		char kv[1024];
		snprintf(kv, sizeof kv, "%s=%s", log->facts[i].key,
		         log->facts[i].value);
		if (!strv_has(h->facts, h->nfacts, kv) &&
		    strv_add(&h->facts, &h->nfacts, kv) < 0)
			return -1;
	}
	for (size_t i = 0; i < log->nwarnings; i++)
		if (!strv_has(h->warnings, h->nwarnings, log->warnings[i]) &&
		    strv_add(&h->warnings, &h->nwarnings, log->warnings[i]) < 0)
			return -1;
	for (size_t i = 0; i < log->nnotes; i++)
		if (!strv_has(h->warnings, h->nwarnings, log->notes[i]) &&
		    strv_add(&h->warnings, &h->nwarnings, log->notes[i]) < 0)
			return -1;
	return 0;
}

/* Store the texts of `v` (warnings or notes, through `add`) that `h` does
 * not hold yet, prefixed "BASE: ". Returns 0 or -1 (store error set). */
static int store_texts(dt_store *st, int64_t run_id, int64_t file_id,
                       const char *base, char *const *v, size_t n,
                       const held *h,
                       int (*add)(dt_store *, int64_t, int64_t, const char *))
{
	for (size_t i = 0; i < n; i++) {
		char w[600];
		if (strv_has(h->warnings, h->nwarnings, v[i]))
			continue;
		snprintf(w, sizeof w, "%s: %s", base, v[i]);
		if (add(st, run_id, file_id, w) < 0)
			return -1;
	}
	return 0;
}

/* Map the file and parse its complete lines (up to the last '\n'; a
 * partial last line is held back). Returns 1 parsed, 0 nothing complete
 * yet, -1 error. *size gets the file size. */
static int read_complete(const char *path, const dt_import_request *rq,
                         const dt_importer **imp, dt_rawlog *log,
                         char sha[65], size_t *size, size_t *used,
                         char *err, size_t errlen)
{
	dt_source src;
	if (dt_source_open(path, &src, err, errlen) < 0)
		return -1;
	*size = src.len;
	size_t n = src.len;
	while (n > 0 && src.data[n - 1] != '\n')
		n--;
	*used = n;
	int rc = 0;
	if (n > 0) {
		src.len = n;
		if (!*imp && rq->format && strcmp(rq->format, "auto") != 0)
			*imp = dt_importer_by_name(rq->format);
		if (!*imp)
			*imp = dt_importer_detect(src.name, src.data,
			                          n < 65536 ? n : 65536, NULL);
		if (!*imp) {
			snprintf(err, errlen, "%s: format not recognised in the first "
			         "%zu bytes; use --format", path, n);
			rc = -1;
		} else {
			dt_rawlog_init(log);
			rc = (*imp)->parse(&src, &rq->opts, log, err, errlen) == 0 &&
			     dt_source_check(&src, 1, err, errlen) == 0 &&
			     (!sha || dt_source_sha256(&src, sha) == 0) ? 1 : -1;
			if (rc < 0)
				dt_rawlog_free(log);
		}
	}
	dt_source_close(&src);
	return rc;
}

/* Store what the new parse adds, in one short transaction: grown series
 * (rewritten whole: raw_series rows are per file and metric), new facts,
 * new warnings; then the run's resolution is refreshed. Returns the
 * number of new points, or -1. */
static long store_update(dt_store *st, dt_run *run, int64_t file_id,
                         const char *base, const dt_rawlog *log, held *h,
                         char *err, size_t errlen)
{
	long added = 0;
	if (dt_store_begin(st) < 0)
		goto fail;
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		size_t had = held_n(h, s->metric);
		if (s->n <= had)
			continue;
		added += (long)(s->n - had);
		if (dt_store_raw_put(st, file_id, s) < 0)
			goto fail_rb;
	}
	for (size_t i = 0; i < log->nfacts; i++) {
		char kv[1024];
		snprintf(kv, sizeof kv, "%s=%s", log->facts[i].key,
		         log->facts[i].value);
		if (!strv_has(h->facts, h->nfacts, kv) &&
		    dt_store_fact_set(st, run->id, file_id, log->facts[i].key,
		                      log->facts[i].value, "import", NULL) < 0)
			goto fail_rb;
	}
	if (store_texts(st, run->id, file_id, base, log->warnings,
	                log->nwarnings, h, dt_store_warning_add) < 0 ||
	    store_texts(st, run->id, file_id, base, log->notes, log->nnotes, h,
	                dt_store_note_add) < 0)
		goto fail_rb;
	if (dt_run_refresh(st, run, err, errlen) < 0) {
		dt_store_rollback(st);
		return -1;
	}
	if (dt_store_commit(st) < 0)
		goto fail_rb;
	return remember(h, log) < 0 ? -1 : added;
fail_rb:
	dt_store_rollback(st);
fail:
	snprintf(err, errlen, "%s", dt_store_error(st));
	return -1;
}

static void print_update(FILE *out, unsigned long n, long added,
                         const dt_rawlog *log, size_t used)
{
	if (!out)
		return;
	const dt_rawseries *loss = dt_rawlog_find(log, DT_METRIC_LOSS);
	fprintf(out, "update %lu: +%ld point(s), %zu bytes read", n, added, used);
	if (loss && loss->n)
		fprintf(out, "; loss %zu points, last step %lld = %.6g", loss->n,
		        (long long)loss->step[loss->n - 1], loss->value[loss->n - 1]);
	fputc('\n', out);
	fflush(out);
}

static void nap(double seconds)
{
	struct timespec ts;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

struct dt_follow {
	dt_import_request rq;     /* strings below are owned copies */
	char *path, *run_name, *platform, *format, *loss_tag;
	const char *files[1];
	const char *base;         /* file name part of path */
	const dt_importer *imp;
	held h;
	dt_run run;
	int64_t file_id;
	size_t last_used, size;
	unsigned long updates;
	int stored;
	long last_points;         /* loss points after the last update */
	int64_t last_step;
};

static char *dup_or_null(const char *s, int *bad)
{
	char *d;
	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		*bad = 1;
	return d;
}

dt_follow *dt_follow_new(const dt_import_request *rq)
{
	dt_follow *f = calloc(1, sizeof *f);
	int bad = 0;
	if (!f || rq->nfiles < 1 || !rq->run_name) {
		free(f);
		return NULL;
	}
	f->rq = *rq;
	f->path = dup_or_null(rq->files[0], &bad);
	f->run_name = dup_or_null(rq->run_name, &bad);
	f->platform = dup_or_null(rq->platform, &bad);
	f->format = dup_or_null(rq->format, &bad);
	f->loss_tag = dup_or_null(rq->opts.loss_tag, &bad);
	if (bad) {
		dt_follow_free(f);
		return NULL;
	}
	f->files[0] = f->path;
	f->rq.files = f->files;
	f->rq.nfiles = 1;
	f->rq.run_name = f->run_name;
	f->rq.platform = f->platform;
	f->rq.format = f->format;
	f->rq.opts.loss_tag = f->loss_tag;
	f->rq.dry_run = 0;
	f->base = strrchr(f->path, '/');
	f->base = f->base ? f->base + 1 : f->path;
	f->last_points = -1;
	return f;
}

void dt_follow_free(dt_follow *f)
{
	if (!f)
		return;
	held_free(&f->h);
	free(f->path);
	free(f->run_name);
	free(f->platform);
	free(f->format);
	free(f->loss_tag);
	free(f);
}

int dt_follow_poll(dt_follow *f, dt_store *st, long *added_out,
                   FILE *report, char *err, size_t errlen)
{
	struct stat sb;
	dt_rawlog log;
	char sha[65];
	size_t used = 0;
	long added, pts = -1;
	int64_t last = 0;
	int r;
	*added_out = 0;
	if (stat(f->path, &sb) < 0) {
		snprintf(err, errlen, "%s: cannot stat (removed?)", f->path);
		return -1;
	}
	if ((size_t)sb.st_size == f->size && f->stored)
		return 0;
	r = read_complete(f->path, &f->rq, &f->imp, &log,
	                  f->stored ? NULL : sha, &f->size, &used, err, errlen);
	if (r < 0)
		return -1;
	if (r == 0)
		return 0;
	if (used == f->last_used) {
		dt_rawlog_free(&log);
		return 0;
	}
	{ /* before the store: dt_import_parsed consumes the log */
		const dt_rawseries *loss = dt_rawlog_find(&log, DT_METRIC_LOSS);
		if (loss && loss->n) {
			pts = (long)loss->n;
			last = loss->step[loss->n - 1];
		}
	}
	if (!f->stored) {
		added = (long)dt_rawlog_points(&log);
		if (remember(&f->h, &log) < 0 ||
		    dt_import_parsed(st, &f->rq, f->path, sha, used, f->imp, &log,
		                     &f->run, &f->file_id, err, errlen) < 0)
			added = -1;
		f->stored = added >= 0;
	} else {
		added = store_update(st, &f->run, f->file_id, f->base, &log, &f->h,
		                     err, errlen);
	}
	if (added >= 0) {
		print_update(report, ++f->updates, added, &log, used);
		f->last_used = used;
		if (pts >= 0) {
			f->last_points = pts;
			f->last_step = last;
		}
	}
	dt_rawlog_free(&log);
	if (added < 0)
		return -1;
	*added_out = added;
	return 1;
}

int dt_follow_stored(const dt_follow *f)
{
	return f->stored;
}

unsigned long dt_follow_updates(const dt_follow *f, long *loss_points,
                                int64_t *last_step)
{
	*loss_points = f->last_points;
	*last_step = f->last_step;
	return f->updates;
}

int dt_import_follow(dt_store *st, const dt_import_request *rq,
                     const dt_follow_opts *fo, FILE *report, char *err,
                     size_t errlen)
{
	dt_follow *f = dt_follow_new(rq);
	double idle = 0;
	int rc = 0;
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	while (!(fo->stop && *fo->stop)) {
		long added;
		int r = dt_follow_poll(f, st, &added, report, err, errlen);
		if (r < 0) {
			rc = -1;
			break;
		}
		if (r == 1)
			idle = 0;
		if (fo->idle_exit > 0 && idle >= fo->idle_exit)
			break;
		nap(fo->interval);
		idle += fo->interval;
	}
	if (rc == 0 && !f->stored) {
		snprintf(err, errlen, "%s: no complete line was written; nothing "
		         "imported", f->path);
		rc = -1;
	}
	dt_follow_free(f);
	return rc;
}
