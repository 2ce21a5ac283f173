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
#include "model/util/sha256.h"
#include "model/util/text.h"

/* What the store holds of the followed file, per metric. */
typedef struct held {
	char **metric;
	size_t *n;         /* points stored */
	size_t *nmarks;    /* launch marks stored */
	size_t count;
	dt_stats_grow *grow; /* the run's stats so far (refresh) */
	size_t ngrow;
	size_t nlaunch_ev;   /* launch evidence entries stored */
	size_t nlaunch_set;  /* launch settings stored */
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
	free(h->nmarks);
	free(h->grow);
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

/* Points (and *nmarks the marks) of `metric` stored so far. */
static size_t held_n(const held *h, const char *metric, size_t *nmarks)
{
	for (size_t i = 0; i < h->count; i++)
		if (strcmp(h->metric[i], metric) == 0) {
			*nmarks = h->nmarks[i];
			return h->n[i];
		}
	*nmarks = 0;
	return 0;
}

static int held_set(held *h, const dt_rawseries *s)
{
	for (size_t i = 0; i < h->count; i++)
		if (strcmp(h->metric[i], s->metric) == 0) {
			h->n[i] = s->n;
			h->nmarks[i] = s->nmarks;
			return 0;
		}
	size_t *nn = realloc(h->n, (h->count + 1) * sizeof *nn);
	if (nn)
		h->n = nn;
	size_t *nm = nn ? realloc(h->nmarks, (h->count + 1) * sizeof *nm) : NULL;
	if (!nm)
		return -1;
	h->nmarks = nm;
	if (strv_add(&h->metric, &h->count, s->metric) < 0)
		return -1;
	h->n[h->count - 1] = s->n;
	h->nmarks[h->count - 1] = s->nmarks;
	return 0;
}

/* Remember the facts and texts of a stored log. */
static int remember_texts(held *h, const dt_rawlog *log);

/* Remember what a stored log held (series sizes, facts, warnings). */
static int remember(held *h, const dt_rawlog *log)
{
	for (size_t i = 0; i < log->nseries; i++)
		if (held_set(h, &log->series[i]) < 0)
			return -1;
	return remember_texts(h, log);
}

static int remember_texts(held *h, const dt_rawlog *log)
{
	/* evidence and settings are only ever appended (rawlog.h) */
	h->nlaunch_ev = log->nlaunch_ev;
	h->nlaunch_set = log->nlaunch_set;
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

/* A followed log is read in steps: each update maps the file, checks
 * that what was read before is still there (below), parses only the
 * bytes appended since the last update (importer.h, step_feed: the
 * importer's state is kept between updates) and feeds only those bytes
 * to the SHA-256 kept running, so the CPU time of an update follows the
 * bytes appended, not the size of the log. TensorBoard event files are
 * fed whole records (complete_prefix). Importers without steps
 * (trainer_state.json, rewritten whole by the trainer; W&B summaries)
 * are parsed whole at each update. */

#define WIN 4096 /* bytes compared at each end of what was read */

/* What the follower remembers of the bytes it has read, to tell a log
 * that grew from one that was rewritten. */
typedef struct seen {
	size_t used;                 /* bytes parsed and stored */
	unsigned char head[WIN], tail[WIN];
	size_t nhead, ntail;         /* tail = bytes [used - ntail, used) */
	dev_t dev;                   /* the file those bytes came from */
	ino_t ino;
} seen;

static void seen_take(seen *sn, const char *data, size_t used,
                      const struct stat *sb)
{
	sn->used = used;
	sn->nhead = used < WIN ? used : WIN;
	sn->ntail = sn->nhead;
	if (used) { /* data may be NULL for an empty file */
		memcpy(sn->head, data, sn->nhead);
		memcpy(sn->tail, data + used - sn->ntail, sn->ntail);
	}
	sn->dev = sb->st_dev;
	sn->ino = sb->st_ino;
}

/* Offset of the first byte that differs from what was read before, or
 * (size_t)-1 when the log still starts with it. Checked at each update,
 * cheaply: the size (a log shorter than what was read shrank), the first
 * and the last 4 KiB before the read offset (a log truncated and written
 * again, a rotation, an edit near the end) and the file's identity. When
 * the identity changed (a new inode: the log was replaced, e.g. by an
 * editor's save or a copy) the whole prefix is hashed again and compared
 * with the running SHA-256 (`prefix_sha`): equal means it only grew;
 * else the change lies somewhere past the first window, reported at its
 * end. A same-size in-place edit inside the prefix between the two
 * windows of the same inode is not seen (it would cost a full read per
 * update). */
static size_t seen_diff(const seen *sn, const char *data, size_t len,
                        const struct stat *sb, const char *prefix_sha)
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
	if (sb->st_dev != sn->dev || sb->st_ino != sn->ino) {
		char hex[65];
		if (dt_sha256_hex(data, sn->used, hex) < 0 || strcmp(hex, prefix_sha))
			return sn->nhead;
	}
	return (size_t)-1;
}

/* End of the complete part of data[0..len), at or after `from` (a unit
 * end): whole TFRecord records for an event file (the framing of
 * importers/tfrecord.h; a record still being written, i.e. cut short,
 * waits; a record that fails a CRC or its length check is not one being
 * written: everything is handed over so that the importer reports it
 * and stops there), else whole lines (a partial last line waits). */
static size_t complete_prefix(const dt_importer *imp, const char *data,
                              size_t from, size_t len)
{
	if (imp && !strcmp(imp->name, "tfevents")) {
		size_t off = from;
		const uint8_t *rec;
		size_t reclen;
		const char *why = NULL;
		int r;
		while ((r = dt_tfrecord_next((const uint8_t *)data, len, &off, &rec,
		                             &reclen, &why)) == 1)
			;
		if (r < 0 && strncmp(why, "truncated", 9) != 0)
			return len;
		return off;
	}
	size_t n = len;
	while (n > from && data[n - 1] != '\n')
		n--;
	return n;
}

struct dt_follow {
	dt_import_request rq;     /* strings below are owned copies */
	char *path, *run_name, *platform, *format, *loss_tag;
	const char *files[1];
	const char *base;         /* file name part of path */
	const dt_importer *imp;
	held h;
	seen sn;                  /* what was read of the file */
	void *ps;                 /* the importer's parse state (steps) */
	dt_rawlog log;            /* every point parsed of the file so far */
	int whole;                /* parse the whole file at each update (no
	                           * steps, or a trial run: step_end 1) */
	dt_sha256_ctx *sha;       /* SHA-256 of the bytes [0, sn.used) */
	char sha_hex[65];         /* its digest */
	dt_run run;
	int64_t file_id;          /* the file's record (length, SHA-256) */
	int64_t series_id;        /* the file whose series hold its points:
	                           * file_id, or the stored file its first
	                           * read grew (import_grown.h) */
	size_t size;
	struct timespec mtime;    /* of the file at the last read */
	unsigned long updates;
	int stored, tried_resume;
	long last_points;         /* loss points after the last update */
	int64_t last_step;
	dt_metric_stats loss;     /* the run's loss as resolved then */
	/* a run folder: one follower per event file, in wall-time order */
	int is_dir;
	dt_follow **subs;
	size_t nsubs;
};

/* Forget what was read of the file (a rewrite, a failed read). */
static void forget(dt_follow *f)
{
	if (f->ps)
		f->imp->step_free(f->ps);
	f->ps = NULL;
	dt_rawlog_free(&f->log);
	dt_rawlog_init(&f->log);
	dt_sha256_free(f->sha);
	f->sha = NULL;
	memset(&f->sn, 0, sizeof f->sn);
	f->whole = 0;
}

/* Parse the bytes [from, src->len) into f->log and the end-of-file texts
 * into scratch (in steps; else the whole source again). Returns 0 or -1
 * with err. */
static int parse_more(dt_follow *f, const dt_source *src, size_t from,
                      dt_rawlog *scratch, char *err, size_t errlen)
{
	const dt_importer *imp = f->imp;
	if (imp->step_begin && !f->whole) {
		if (!f->ps && !(f->ps = imp->step_begin(&f->rq.opts, &f->log))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		/* the steps check looks at this update's points only */
		size_t ncounted = f->log.nseries;
		size_t *counted = malloc((ncounted + 1) * sizeof *counted);
		if (!counted) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		for (size_t i = 0; i < ncounted; i++)
			counted[i] = f->log.series[i].n;
		int e = imp->step_feed(f->ps, src, from, err, errlen);
		if (e == 0)
			e = dt_import_steps_check(imp, src, &f->rq.opts, &f->log, counted,
			                          ncounted, err, errlen);
		free(counted);
		if (e < 0) {
			dt_rawlog_refusal(&f->log, err, errlen);
			return -1;
		}
		e = imp->step_end(f->ps, src, scratch, err, errlen);
		if (e <= 0)
			return e;
		/* the importer changes the points as a whole: no more steps */
		imp->step_free(f->ps);
		f->ps = NULL;
		f->whole = 1;
		dt_rawlog_free(scratch);
		dt_rawlog_init(scratch);
	}
	dt_rawlog_free(&f->log);
	dt_rawlog_init(&f->log);
	if (imp->parse(src, &f->rq.opts, &f->log, err, errlen) != 0) {
		dt_rawlog_refusal(&f->log, err, errlen);
		return -1;
	}
	return dt_import_steps_check(imp, src, &f->rq.opts, &f->log, NULL, 0,
	                             err, errlen);
}

/* Whether `now` (a file read whole again) holds every point of `was`
 * as it was (same steps and values, bit for bit, and launch marks) and
 * its launch evidence and settings: the file grew, nothing read before
 * changed. */
static int extends(const dt_rawlog *was, const dt_rawlog *now)
{
	for (size_t i = 0; i < was->nseries; i++) {
		const dt_rawseries *a = &was->series[i];
		const dt_rawseries *b = dt_rawlog_find(now, a->metric);
		if (a->n == 0)
			continue;
		if (!b || b->n < a->n || b->nmarks < a->nmarks ||
		    memcmp(a->step, b->step, a->n * sizeof *a->step) != 0 ||
		    memcmp(a->value, b->value, a->n * sizeof *a->value) != 0 ||
		    (a->nmarks && memcmp(a->marks, b->marks,
		                         a->nmarks * sizeof *a->marks) != 0))
			return 0;
	}
	return now->nlaunch_ev >= was->nlaunch_ev &&
	       now->nlaunch_set >= was->nlaunch_set;
}

/* Open the file and bring f->log up to its complete part (complete_prefix),
 * at most `limit` bytes when limit > 0. *rewritten gets the first byte
 * that differs from what was read before ((size_t)-1: none; then nothing
 * is parsed). Returns 1 parsed (f->sn, f->sha_hex: the bytes read now;
 * scratch: the importer's end-of-file texts), 0 nothing new complete yet
 * (or rewritten), -1 error (then what was read is forgotten). */
static int read_more(dt_follow *f, size_t limit, size_t *rewritten,
                     dt_rawlog *scratch, char *err, size_t errlen)
{
	dt_source src;
	struct stat sb;
	*rewritten = (size_t)-1;
	if (dt_source_open(f->path, &src, err, errlen) < 0)
		return -1;
	if (dt_source_streamed(&src)) {
		snprintf(err, errlen, "%s: --follow needs a regular, uncompressed "
		         "file", f->path);
		dt_source_close(&src);
		return -1;
	}
	if (!f->imp && f->rq.format && strcmp(f->rq.format, "auto") != 0)
		f->imp = dt_importer_by_name(f->rq.format);
	if (!f->imp && src.len > 0)
		f->imp = dt_importer_detect(src.name, src.data,
		                            src.len < 65536 ? src.len : 65536, NULL);
	if (f->imp && f->imp->binary) /* before any length is compared */
		dt_source_keep_nul_tail(&src);
	if (stat(f->path, &sb) < 0)
		memset(&sb, 0, sizeof sb);
	f->size = src.len;
	f->mtime = sb.st_mtim;
	size_t from = f->sn.used;
	/* A file its importer reads whole (trainer_state.json: the Trainer
	 * writes it whole again at each save) that changed is read again
	 * whole: still the same log when its points extend those read
	 * (extends), else a rewrite like any other. */
	size_t changed = seen_diff(&f->sn, src.data, src.len, &sb, f->sha_hex);
	int again = changed != (size_t)-1 && f->stored && f->imp &&
	            !f->imp->step_begin;
	if (changed != (size_t)-1 && !again) {
		*rewritten = changed;
		dt_source_close(&src);
		return 0;
	}
	if (again)
		from = 0;
	size_t n = complete_prefix(f->imp, src.data, from,
	                           limit && limit < src.len ? limit : src.len);
	if (n <= from) {
		dt_source_close(&src);
		return 0;
	}
	int rc = 0;
	src.len = n;
	if (!f->imp) {
		snprintf(err, errlen, "%s: format not recognised in the first "
		         "%zu bytes; use --format", f->path, n);
		rc = -1;
	}
	dt_rawlog before = f->log;
	if (again) /* what was read, to compare the new read with */
		dt_rawlog_init(&f->log);
	if (rc == 0)
		rc = parse_more(f, &src, from, scratch, err, errlen);
	if (again && (rc < 0 || !extends(&before, &f->log))) {
		/* not a complete document yet (the writer is still at it: read
		 * again at the next update), or other points: a rewrite */
		dt_rawlog_free(&f->log);
		dt_rawlog_free(scratch);
		dt_rawlog_init(scratch);
		f->log = before;
		if (rc == 0)
			*rewritten = changed;
		dt_source_close(&src);
		return 0;
	}
	if (again) { /* the same log, grown: its SHA-256 from the start */
		dt_rawlog_free(&before);
		dt_sha256_free(f->sha);
		f->sha = NULL;
	}
	rc = dt_source_check_after(&src, 1, rc, err, errlen);
	if (rc == 0) { /* the running SHA-256 takes the new bytes only */
		if ((!f->sha && !(f->sha = dt_sha256_begin())) ||
		    dt_sha256_update(f->sha, src.data + from, n - from) < 0 ||
		    dt_sha256_peek(f->sha, f->sha_hex) < 0) {
			snprintf(err, errlen, "%s: SHA-256 failed", f->path);
			rc = -1;
		}
	}
	if (rc == 0)
		seen_take(&f->sn, src.data, n, &sb);
	else
		forget(f);
	dt_source_close(&src);
	return rc == 0 ? 1 : -1;
}

/* The log and the end-of-file texts as one log to store: a shallow view
 * (pointer arrays owned by the view, strings and series by their logs);
 * free with view_free. Returns 0 or -1 on ENOMEM. */
/* dst = a (na items) then b (nb items), items of `size` bytes; either
 * array may be NULL when its count is 0. */
static void join2(void *dst, const void *a, size_t na, const void *b,
                  size_t nb, size_t size)
{
	if (na)
		memcpy(dst, a, na * size);
	if (nb)
		memcpy((char *)dst + na * size, b, nb * size);
}

static int view_of(dt_rawlog *v, const dt_rawlog *log,
                   const dt_rawlog *scratch)
{
	*v = *log;
	v->warnings = NULL;
	v->notes = NULL;
	v->facts = NULL;
	v->nwarnings = log->nwarnings + scratch->nwarnings;
	v->nnotes = log->nnotes + scratch->nnotes;
	v->nfacts = log->nfacts + scratch->nfacts;
	v->warnings = malloc((v->nwarnings + 1) * sizeof *v->warnings);
	v->notes = malloc((v->nnotes + 1) * sizeof *v->notes);
	v->facts = malloc((v->nfacts + 1) * sizeof *v->facts);
	if (!v->warnings || !v->notes || !v->facts)
		return -1;
	/* (memcpy from a NULL array is undefined even for 0 bytes) */
	join2(v->warnings, log->warnings, log->nwarnings, scratch->warnings,
	      scratch->nwarnings, sizeof(char *));
	join2(v->notes, log->notes, log->nnotes, scratch->notes,
	      scratch->nnotes, sizeof(char *));
	join2(v->facts, log->facts, log->nfacts, scratch->facts,
	      scratch->nfacts, sizeof *v->facts);
	return 0;
}

static void view_free(dt_rawlog *v)
{
	free(v->warnings);
	free(v->notes);
	free(v->facts);
}

/* The run's cached stats after an update: when the followed file is
 * the run's only file (the common case), from the points in memory, as
 * the first import computes them, without reading every series back
 * from the store, and extended by the appended points only while a
 * curve stays simple (dt_run_stats_grow, its cache in h); else the run
 * is re-resolved from the store (dt_run_refresh). *loss: the run's loss
 * stats so computed (all 0 without loss). Inside the caller's
 * transaction. Returns 0 or -1 with err. */
static int refresh(dt_store *st, dt_run *run, int64_t file_id,
                   const dt_rawlog *log, held *h, dt_metric_stats *loss,
                   char *err, size_t errlen)
{
	dt_run now;
	dt_run_file *files = NULL;
	size_t nf = 0;
	if (dt_store_run_find(st, run->name, &now) != 0 ||
	    dt_store_file_list(st, now.id, &files, &nf) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int only = nf == 1 && files[0].id == file_id;
	free(files);
	*run = now;
	memset(loss, 0, sizeof *loss);
	if (!only)
		return dt_run_refresh_loss(st, run, loss, err, errlen);
	dt_metric_stats *ms = NULL;
	size_t nm = 0;
	if (dt_run_stats_grow(run, log, &h->grow, &h->ngrow, &ms, &nm) < 0) {
		snprintf(err, errlen, "run %s: out of memory", run->name);
		return -1;
	}
	for (size_t i = 0; i < nm; i++)
		if (!strcmp(ms[i].metric, DT_METRIC_LOSS))
			*loss = ms[i];
	int rc = dt_run_store_stats(st, run, ms, nm, err, errlen);
	free(ms);
	return rc;
}

/* Store what the new parse adds, in one short transaction: the points
 * appended to each series (of file series_id), new facts, new launch
 * evidence and settings (with the series), new warnings; then the run's
 * resolution is refreshed. Returns the number of new points, or -1. */
static long store_update(dt_store *st, dt_run *run, int64_t file_id,
                         int64_t series_id, const char *base,
                         const dt_rawlog *log, held *h,
                         const char sha[65], size_t used,
                         dt_metric_stats *loss, char *err, size_t errlen)
{
	long added = 0;
	if (dt_store_begin(st) < 0)
		goto fail;
	if (dt_store_file_set_content(st, file_id, sha, (int64_t)used) < 0)
		goto fail_rb;
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		size_t had_marks, had = held_n(h, s->metric, &had_marks);
		if (s->n <= had)
			continue;
		added += (long)(s->n - had);
		/* only the points appended: the next part of the series */
		if (dt_store_raw_append(st, series_id, s, had, had_marks) < 0)
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
	/* launches found by this update (a restart written while followed) */
	if (log->nlaunch_ev > h->nlaunch_ev &&
	    dt_store_launch_put(st, series_id, log->launch_ev + h->nlaunch_ev,
	                        log->nlaunch_ev - h->nlaunch_ev) < 0)
		goto fail_rb;
	if (log->nlaunch_set > h->nlaunch_set &&
	    dt_store_launch_setting_put(st, series_id,
	                                log->launch_set + h->nlaunch_set,
	                                log->nlaunch_set - h->nlaunch_set) < 0)
		goto fail_rb;
	if (store_texts(st, run->id, file_id, base, log->warnings,
	                log->nwarnings, h, dt_store_warning_add) < 0 ||
	    store_texts(st, run->id, file_id, base, log->notes, log->nnotes, h,
	                dt_store_note_add) < 0)
		goto fail_rb;
	if (refresh(st, run, file_id, log, h, loss, err, errlen) < 0) {
		dt_store_rollback(st);
		return -1;
	}
	if (dt_store_commit(st) < 0)
		goto fail_rb;
	for (size_t i = 0; i < log->nseries; i++) {
		size_t m, had = held_n(h, log->series[i].metric, &m);
		if (log->series[i].n > had && held_set(h, &log->series[i]) < 0)
			return -1;
	}
	return remember_texts(h, log) < 0 ? -1 : added;
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
		fprintf(out, "; loss %zu point%s, last step %lld = %.6g", loss->n,
		        loss->n == 1 ? "" : "s", (long long)loss->step[loss->n - 1],
		        loss->value[loss->n - 1]);
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
	dt_rawlog_init(&f->log);
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
	forget(f);
	held_free(&f->h);
	free(f->path);
	free(f->run_name);
	free(f->platform);
	free(f->format);
	free(f->loss_tag);
	free(f);
}

/* The file whose series hold what the run stored of the followed log
 * (record `file`, its points `log`): the record itself when it holds a
 * series, else the stored file its first read grew (import_grown.h):
 * the newest one whose series of the log's first metric with points is
 * exactly that series (a log without points: the record). Returns 1
 * with *series, 0 none (not a stopped follow to continue), -1 store
 * error. */
static int series_of(dt_store *st, int64_t run_id, int64_t file,
                     const dt_rawlog *log, int64_t *series)
{
	const dt_rawseries *s = NULL;
	for (size_t i = 0; i < log->nseries && !s; i++)
		if (log->series[i].n)
			s = &log->series[i];
	*series = s ? 0 : file; /* no points: nothing to append to */
	if (!s)
		return 1;
	dt_rawchunk *c = NULL;
	size_t nc = 0;
	void *own = NULL;
	if (dt_store_raw_load(st, run_id, s->metric, &c, &nc, &own) < 0)
		return -1;
	for (size_t k = 0; k < nc && *series != file; k++) {
		if (c[k].file_id == file)
			*series = file;
		else if (c[k].n == s->n && c[k].file_id > *series &&
		         !memcmp(c[k].step, s->step, s->n * sizeof *s->step) &&
		         !memcmp(c[k].value, s->value, s->n * sizeof *s->value))
			*series = c[k].file_id;
	}
	dt_store_raw_free(st, c, own);
	return *series != 0;
}

/* Continue from what the store holds: a file of the run with this path
 * whose stored length and SHA-256 are those of the log's first bytes
 * (a follow stopped by Ctrl-C or kill -9, then started again). Those
 * bytes are parsed and hashed once, from the file (the importer's state
 * and the running SHA-256 of later updates start from them). Sets
 * stored, file_id, held, the parse state. Returns 1 resumed, 0 not, -1
 * error. */
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
		if (!dt_import_stored_path_is(files[i].path, f->path) ||
		    files[i].bytes <= 0)
			continue;
		dt_rawlog scratch;
		size_t rw;
		dt_rawlog_init(&scratch);
		forget(f);
		int k = read_more(f, (size_t)files[i].bytes, &rw, &scratch, err,
		                  errlen);
		/* k < 0: those first bytes do not parse on their own (a
		 * trainer_state.json written whole again, longer): not a
		 * stopped follow; reading the whole file says what is wrong */
		if (k == 1 && f->sn.used == (size_t)files[i].bytes &&
		         !strcmp(f->sha_hex, files[i].sha256)) {
			if (remember(&f->h, &f->log) < 0 ||
			    remember(&f->h, &scratch) < 0) {
				snprintf(err, errlen, "out of memory");
				rc = -1;
			} else {
				f->file_id = files[i].id;
				rc = series_of(st, run.id, f->file_id, &f->log,
				               &f->series_id);
				if (rc < 0)
					snprintf(err, errlen, "%s", dt_store_error(st));
				f->stored = rc == 1;
				f->run = run;
				if (report && rc == 1)
					fprintf(report, "%s: continues from byte %zu (already "
					        "stored in run '%s')\n", f->base, f->sn.used,
					        f->run_name);
			}
		}
		dt_rawlog_free(&scratch);
	}
	if (rc != 1) {
		forget(f);
		f->imp = NULL;
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

/* Store the update just read: the first time as a new file of the run
 * (dt_import_parsed, with the end-of-file texts), later only what it
 * adds. Returns the points added, or -1. */
static long store_read(dt_follow *f, dt_store *st, const dt_rawlog *scratch,
                       FILE *report, char *err, size_t errlen)
{
	dt_rawlog v;
	long added;
	if (view_of(&v, &f->log, scratch) < 0) {
		view_free(&v);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!f->stored) {
		dt_grown g;
		held_free(&f->h);
		added = remember(&f->h, &v) < 0 ||
		        dt_import_parsed(st, &f->rq, f->path, f->sha_hex, f->sn.used,
		                         f->imp, &v, &f->run, &f->file_id, &g,
		                         &f->loss, report, err, errlen) < 0 ? -1 :
		        (long)(dt_rawlog_points(&v) - g.held);
		f->series_id = g.file_id ? g.file_id : f->file_id;
		f->stored = added >= 0;
	} else {
		added = store_update(st, &f->run, f->file_id, f->series_id, f->base,
		                     &v, &f->h, f->sha_hex, f->sn.used, &f->loss,
		                     err, errlen);
	}
	view_free(&v);
	return added;
}

static int poll_file(dt_follow *f, dt_store *st, long *added_out,
                     FILE *report, char *err, size_t errlen)
{
	struct stat sb;
	dt_rawlog scratch;
	size_t rw;
	*added_out = 0;
	if (stat(f->path, &sb) < 0) {
		snprintf(err, errlen, "%s: cannot stat (removed?)", f->path);
		return -1;
	}
	if (!f->tried_resume && dt_follow_resume(f, st, report, err, errlen) < 0)
		return -1;
	if ((size_t)sb.st_size == f->size && f->stored &&
	    sb.st_mtim.tv_sec == f->mtime.tv_sec &&
	    sb.st_mtim.tv_nsec == f->mtime.tv_nsec)
		return 0;
	dt_rawlog_init(&scratch);
	int r = read_more(f, 0, &rw, &scratch, err, errlen);
	if (r != 1)
		dt_rawlog_free(&scratch);
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
		forget(f);
		f->stored = 0;
		f->size = 0;
		f->imp = NULL;
		return 0;
	}
	if (r == 0)
		return 0;
	long added = store_read(f, st, &scratch, report, err, errlen);
	dt_rawlog_free(&scratch);
	if (added < 0) {
		forget(f); /* the store holds the previous update: read again */
		held_free(&f->h);
		f->stored = 0;
		f->tried_resume = 0;
		f->size = 0;
		return -1;
	}
	print_update(report, ++f->updates, added, &f->log, f->sn.used);
	const dt_rawseries *loss = dt_rawlog_find(&f->log, DT_METRIC_LOSS);
	if (loss && loss->n) {
		f->last_points = (long)loss->n;
		f->last_step = loss->step[loss->n - 1];
	}
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
			f->loss = f->subs[i]->loss; /* the run's, re-resolved */
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

const dt_metric_stats *dt_follow_loss(const dt_follow *f)
{
	return &f->loss;
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
	if (rc == 0) /* once, for the run as followed */
		dt_import_report_resolved(report, f->run_name, &f->loss);
	dt_follow_free(f);
	return rc;
}
