/* import_follow.c: following a log that is still being written. */
#include "importers/import_follow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "importers/import_dir.h"
#include "importers/source.h"
#include "importers/tfrecord.h"
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

#define WIN 256 /* bytes kept from before the read offset */

/* What the follower remembers of the bytes it has read, to tell a log
 * that grew from one that was rewritten. */
typedef struct seen {
	size_t used;                 /* bytes parsed and stored */
	unsigned char head[WIN], tail[WIN];
	size_t nhead, ntail;         /* tail = bytes [used - ntail, used) */
} seen;

static void seen_take(seen *sn, const char *data, size_t used)
{
	sn->used = used;
	sn->nhead = used < WIN ? used : WIN;
	memcpy(sn->head, data, sn->nhead);
	sn->ntail = used < WIN ? used : WIN;
	memcpy(sn->tail, data + used - sn->ntail, sn->ntail);
}

/* Offset of the first byte that differs from what was read before, or
 * (size_t)-1 when the bytes kept still match. */
static size_t seen_diff(const seen *sn, const char *data, size_t len)
{
	if (sn->used == 0)
		return (size_t)-1;
	if (len < sn->used)
		return len;
	for (size_t i = 0; i < sn->nhead; i++)
		if ((unsigned char)data[i] != sn->head[i])
			return i;
	size_t t0 = sn->used - sn->ntail;
	for (size_t i = 0; i < sn->ntail; i++)
		if ((unsigned char)data[t0 + i] != sn->tail[i])
			return t0 + i;
	return (size_t)-1;
}

/* The complete part of data[0..len): whole TFRecord records for an
 * event file (the framing of importers/tfrecord.h; a record still being
 * written waits), else whole lines (a partial last line waits). */
static size_t complete_prefix(const dt_importer *imp, const char *data,
                              size_t len)
{
	if (imp && !strcmp(imp->name, "tfevents")) {
		size_t off = 0, last = 0;
		const uint8_t *rec;
		size_t reclen;
		const char *why;
		while (dt_tfrecord_next((const uint8_t *)data, len, &off, &rec,
		                        &reclen, &why) == 1)
			last = off;
		return last;
	}
	size_t n = len;
	while (n > 0 && data[n - 1] != '\n')
		n--;
	return n;
}

/* Open the file and parse its complete part (complete_prefix), at most
 * `limit` bytes when limit > 0. *rewritten gets the first byte that
 * differs from what `sn` remembers ((size_t)-1: none; then nothing is
 * parsed). Returns 1 parsed, 0 nothing complete yet (or rewritten), -1
 * error. *size gets the file size, *used the bytes parsed; sha (when not
 * NULL) the SHA-256 of those bytes. */
static int read_complete(const char *path, const dt_import_request *rq,
                         const dt_importer **imp, dt_rawlog *log,
                         char sha[65], size_t *size, size_t *used,
                         const seen *sn, size_t limit, size_t *rewritten,
                         seen *out_seen, char *err, size_t errlen)
{
	dt_source src;
	*rewritten = (size_t)-1;
	if (dt_source_open(path, &src, err, errlen) < 0)
		return -1;
	if (dt_source_streamed(&src)) {
		snprintf(err, errlen, "%s: --follow needs a regular, uncompressed "
		         "file", path);
		dt_source_close(&src);
		return -1;
	}
	*size = src.len;
	*used = 0;
	if (sn && (*rewritten = seen_diff(sn, src.data, src.len)) != (size_t)-1) {
		dt_source_close(&src);
		return 0;
	}
	if (!*imp && rq->format && strcmp(rq->format, "auto") != 0)
		*imp = dt_importer_by_name(rq->format);
	if (!*imp && src.len > 0)
		*imp = dt_importer_detect(src.name, src.data,
		                          src.len < 65536 ? src.len : 65536, NULL);
	size_t n = complete_prefix(*imp, src.data,
	                           limit && limit < src.len ? limit : src.len);
	*used = n;
	int rc = 0;
	if (n > 0) {
		src.len = n;
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
			else if (out_seen)
				seen_take(out_seen, src.data, n);
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
                         const char sha[65], size_t used, char *err,
                         size_t errlen)
{
	long added = 0;
	if (dt_store_begin(st) < 0)
		goto fail;
	if (dt_store_file_set_content(st, file_id, sha, (int64_t)used) < 0)
		goto fail_rb;
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
	seen sn;                  /* what was read of the file */
	dt_run run;
	int64_t file_id;
	size_t size;
	unsigned long updates;
	int stored, tried_resume;
	long last_points;         /* loss points after the last update */
	int64_t last_step;
	/* a run folder: one follower per event file, in wall-time order */
	int is_dir;
	dt_follow **subs;
	size_t nsubs;
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
	f->is_dir = dt_import_is_dir(f->path);
	return f;
}

void dt_follow_free(dt_follow *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->nsubs; i++)
		dt_follow_free(f->subs[i]);
	free(f->subs);
	held_free(&f->h);
	free(f->path);
	free(f->run_name);
	free(f->platform);
	free(f->format);
	free(f->loss_tag);
	free(f);
}

/* Continue from what the store holds: a file of the run with this path
 * whose stored length and SHA-256 are those of the log's first bytes
 * (a follow stopped by Ctrl-C or kill -9, then started again). Sets
 * stored, file_id, held and seen. Returns 1 resumed, 0 not, -1 error. */
static int try_resume(dt_follow *f, dt_store *st, FILE *report, char *err,
                      size_t errlen)
{
	dt_run run;
	dt_run_file *files = NULL;
	size_t nf = 0;
	int r = dt_store_run_find(st, f->run_name, &run);
	if (r != 0)
		return r < 0 ? (snprintf(err, errlen, "%s", dt_store_error(st)), -1)
		             : 0;
	if (dt_store_file_list(st, run.id, &files, &nf) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int rc = 0;
	for (size_t i = nf; i-- > 0 && rc == 0;) {
		if (strcmp(files[i].path, f->path) || files[i].bytes <= 0)
			continue;
		dt_rawlog log;
		char sha[65];
		size_t size, used, rw;
		seen sn = {0};
		int k = read_complete(f->path, &f->rq, &f->imp, &log, sha, &size,
		                      &used, NULL, (size_t)files[i].bytes, &rw, &sn,
		                      err, errlen);
		if (k < 0) {
			rc = -1;
			break;
		}
		if (k == 0)
			continue;
		if (used == (size_t)files[i].bytes && !strcmp(sha, files[i].sha256)) {
			if (remember(&f->h, &log) < 0) {
				snprintf(err, errlen, "out of memory");
				rc = -1;
			} else {
				f->stored = 1;
				f->file_id = files[i].id;
				f->run = run;
				f->sn = sn;
				rc = 1;
				if (report)
					fprintf(report, "%s: continues from byte %zu (already "
					        "stored in run '%s')\n", f->base, used,
					        f->run_name);
			}
		}
		dt_rawlog_free(&log);
	}
	free(files);
	return rc;
}

int dt_follow_resume(dt_follow *f, dt_store *st, FILE *report, char *err,
                     size_t errlen)
{
	if (f->is_dir || f->tried_resume)
		return f->stored;
	f->tried_resume = 1;
	int r = try_resume(f, st, report, err, errlen);
	f->size = f->sn.used;
	return r;
}

static int poll_file(dt_follow *f, dt_store *st, long *added_out,
                     FILE *report, char *err, size_t errlen)
{
	struct stat sb;
	dt_rawlog log;
	char sha[65];
	size_t used = 0, rw;
	long added, pts = -1;
	int64_t last = 0;
	int r;
	*added_out = 0;
	if (stat(f->path, &sb) < 0) {
		snprintf(err, errlen, "%s: cannot stat (removed?)", f->path);
		return -1;
	}
	if (!f->tried_resume && dt_follow_resume(f, st, report, err, errlen) < 0)
		return -1;
	if ((size_t)sb.st_size == f->size && f->stored)
		return 0;
	seen nsn = {0};
	r = read_complete(f->path, &f->rq, &f->imp, &log, sha, &f->size, &used,
	                  f->stored ? &f->sn : NULL, 0, &rw, &nsn, err, errlen);
	if (r < 0)
		return -1;
	if (rw != (size_t)-1) { /* rewritten: the next read is a new segment */
		if (report) {
			char safe[512];
			dt_sanitize(f->path, safe, sizeof safe);
			fprintf(report, "%s: log rewritten at byte %zu; what is stored "
			        "stays, the new content becomes a new segment\n", safe,
			        rw);
			fflush(report);
		}
		held_free(&f->h);
		memset(&f->sn, 0, sizeof f->sn);
		f->stored = 0;
		f->size = 0;
		f->imp = NULL;
		return 0;
	}
	if (r == 0 || used == f->sn.used) {
		if (r == 1)
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
		held_free(&f->h);
		if (remember(&f->h, &log) < 0 ||
		    dt_import_parsed(st, &f->rq, f->path, sha, used, f->imp, &log,
		                     &f->run, &f->file_id, err, errlen) < 0)
			added = -1;
		f->stored = added >= 0;
	} else {
		added = store_update(st, &f->run, f->file_id, f->base, &log, &f->h,
		                     sha, used, err, errlen);
	}
	if (added >= 0) {
		print_update(report, ++f->updates, added, &log, used);
		f->sn = nsn;
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

/* A run folder: event files that appear are followed too, each its own
 * file of the run (a new launch, a new segment). */
static int poll_dir(dt_follow *f, dt_store *st, long *added_out,
                    FILE *report, char *err, size_t errlen)
{
	char **files = NULL, derr[600];
	size_t n = 0;
	const char *kind;
	int any = 0;
	*added_out = 0;
	if (dt_import_dir_files(f->path, &files, &n, &kind, derr,
	                        sizeof derr) < 0)
		n = 0; /* nothing to follow yet */
	for (size_t i = 0; i < n; i++) {
		size_t k;
		for (k = 0; k < f->nsubs && strcmp(f->subs[k]->path, files[i]); k++)
			;
		if (k == f->nsubs) {
			dt_import_request one = f->rq;
			const char *p = files[i];
			one.files = &p;
			one.nfiles = 1;
			dt_follow **v = realloc(f->subs, (f->nsubs + 1) * sizeof *v);
			dt_follow *sub = v ? dt_follow_new(&one) : NULL;
			if (v)
				f->subs = v;
			if (!sub) {
				snprintf(err, errlen, "out of memory");
				any = -1;
				break;
			}
			sub->imp = f->imp;
			f->subs[f->nsubs++] = sub;
			if (report && f->updates) {
				char safe[512];
				dt_sanitize(files[i], safe, sizeof safe);
				fprintf(report, "%s: new event file, a new segment\n", safe);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	for (size_t i = 0; any >= 0 && i < f->nsubs; i++) {
		long a;
		f->subs[i]->updates = f->updates; /* one numbering for the run */
		int r = poll_file(f->subs[i], st, &a, report, err, errlen);
		if (r < 0)
			return -1;
		if (r == 1) {
			any = 1;
			*added_out += a;
			f->updates = f->subs[i]->updates;
			f->stored = 1;
			f->last_points = f->subs[i]->last_points;
			f->last_step = f->subs[i]->last_step;
		}
	}
	return any;
}

int dt_follow_poll(dt_follow *f, dt_store *st, long *added_out,
                   FILE *report, char *err, size_t errlen)
{
	return f->is_dir ? poll_dir(f, st, added_out, report, err, errlen)
	                 : poll_file(f, st, added_out, report, err, errlen);
}

size_t dt_follow_offset(const dt_follow *f)
{
	return f->sn.used;
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
	if (rc == 0 && !f->stored && f->updates == 0) {
		snprintf(err, errlen, "%s: no complete %s was written; nothing "
		         "imported", f->path, f->is_dir ? "event file" : "line");
		rc = -1;
	}
	dt_follow_free(f);
	return rc;
}
