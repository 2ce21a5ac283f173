/* import_grown.c: storing a log that is the run's stored log grown
 * (import_grown.h). */
#include "importers/import_grown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/import.h"
#include "model/core/run.h"
#include "model/core/warnings.h"
#include "model/store/tables.h"
#include "model/util/strv.h"

/* What the compared file holds of one metric. */
typedef struct held_metric {
	const char *metric;    /* the log's series name (borrowed) */
	size_t n, nmarks;
} held_metric;

static const char *base_of(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

/* The newest file of the run holding a series of any of names[0..nn):
 * its id into *file (0 when none). Returns 0 or -1. */
static int newest_holder(dt_store *st, int64_t run_id, char **names,
                         size_t nn, int64_t *file)
{
	*file = 0;
	for (size_t i = 0; i < nn; i++) {
		dt_rawchunk *c = NULL;
		size_t nc = 0;
		void *own = NULL;
		if (dt_store_raw_load(st, run_id, names[i], &c, &nc, &own) < 0)
			return -1;
		for (size_t k = 0; k < nc; k++)
			if (c[k].n > 0 && c[k].file_id > *file)
				*file = c[k].file_id;
		dt_store_raw_free(st, c, own);
	}
	return 0;
}

/* Whether series s begins with chunk c exactly (steps and values bit for
 * bit, the same launch marks, later marks inside the new tail). */
static int begins_with(const dt_rawseries *s, const dt_rawchunk *c)
{
	if (s->n < c->n || s->nmarks < c->nmarks ||
	    s->sort_within_segment != c->sort_within_segment)
		return 0;
	if (c->n && (memcmp(s->step, c->step, c->n * sizeof *c->step) ||
	             memcmp(s->value, c->value, c->n * sizeof *c->value)))
		return 0;
	if (c->nmarks && memcmp(s->marks, c->marks, c->nmarks * sizeof *c->marks))
		return 0;
	for (size_t k = c->nmarks; k < s->nmarks; k++)
		if (s->marks[k] < c->n)
			return 0;
	return 1;
}

/* Compare every metric file `file` holds with the log; held[] gets what
 * it holds per series of the log (0 for a metric it lacks). Returns 1
 * when the log begins with all of it, 0 not, -1 store error. */
static int compare_held(dt_store *st, int64_t run_id, int64_t file,
                        char **names, size_t nn, const dt_rawlog *log,
                        held_metric *held)
{
	int grown = 1;
	for (size_t i = 0; i < nn && grown; i++) {
		dt_rawchunk *c = NULL;
		size_t nc = 0;
		void *own = NULL;
		if (dt_store_raw_load(st, run_id, names[i], &c, &nc, &own) < 0)
			return -1;
		for (size_t k = 0; k < nc; k++) {
			if (c[k].file_id != file || c[k].n == 0)
				continue;
			const dt_rawseries *s = NULL;
			size_t j = 0;
			for (; j < log->nseries; j++)
				if (!strcmp(log->series[j].metric, names[i])) {
					s = &log->series[j];
					break;
				}
			if (!s || !begins_with(s, &c[k])) {
				grown = 0;
				break;
			}
			held[j].n = c[k].n;
			held[j].nmarks = c[k].nmarks;
		}
		dt_store_raw_free(st, c, own);
	}
	return grown;
}

/* Launch evidence and settings the log found beyond what file `file`
 * holds, appended to it. Returns 0 or -1. */
static int store_launches(dt_store *st, int64_t run_id, int64_t file,
                          const dt_rawlog *log)
{
	dt_launch_row *ev = NULL;
	dt_launch_setting_row *set = NULL;
	size_t nev = 0, nset = 0, kev = 0, kset = 0;
	int rc = -1;
	if (dt_store_launch_list(st, run_id, &ev, &nev) < 0 ||
	    dt_store_launch_setting_list(st, run_id, &set, &nset) < 0)
		goto out;
	for (size_t i = 0; i < nev; i++)
		kev += ev[i].file_id == file;
	for (size_t i = 0; i < nset; i++)
		kset += set[i].file_id == file;
	if (log->nlaunch_ev > kev &&
	    dt_store_launch_put(st, file, log->launch_ev + kev,
	                        log->nlaunch_ev - kev) < 0)
		goto out;
	if (log->nlaunch_set > kset &&
	    dt_store_launch_setting_put(st, file, log->launch_set + kset,
	                                log->nlaunch_set - kset) < 0)
		goto out;
	rc = 0;
out:
	free(ev);
	free(set);
	return rc;
}

/* Texts t[0..n) of the log not held yet (as "HELD_BASE: text" or
 * "BASE: text"), added as "BASE: text" for file `file`. Returns 0 or -1. */
static int store_texts(dt_store *st, int64_t run_id, int64_t file,
                       const char *path, const char *base,
                       const char *held_base,
                       char *const *t, size_t n,
                       int (*list)(dt_store *, int64_t, char ***, size_t *),
                       int (*add)(dt_store *, int64_t, int64_t, const char *))
{
	char **have = NULL;
	size_t nhave = 0;
	if (n == 0)
		return 0;
	if (list(st, run_id, &have, &nhave) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		char w[600], old[600];
		int seen = 0;
		dt_import_file_text(w, sizeof w, path, base, t[i]);
		dt_import_file_text(old, sizeof old, path, held_base, t[i]);
		for (size_t k = 0; k < nhave && !seen; k++)
			seen = !strcmp(have[k], w) || !strcmp(have[k], old);
		if (!seen)
			rc = add(st, run_id, file, w);
	}
	dt_strv_free(have, nhave);
	return rc;
}

/* A run_warning or run_file row of run `run_id` read back for
 * supersede(): id, file id, text (warnings) or format (files). */
typedef struct row_ref {
	int64_t id, file_id;
	char *text;
} row_ref;

typedef struct row_read {
	const dt_store_table *t;
	size_t c_run, c_file, c_text, c_kind; /* column indexes (c_kind: run_warning) */
	int64_t run_id;
	row_ref *v;
	size_t n, cap;
} row_read;

static size_t col_of(const dt_store_table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i], name))
			return i;
	return (size_t)-1;
}

static int read_row(void *ctx, const dt_store_value *v)
{
	row_read *r = ctx;
	if (v[r->c_run].i != r->run_id)
		return 0;
	if (r->c_kind != (size_t)-1 && (v[r->c_kind].type != DT_V_TEXT ||
	    strcmp((const char *)v[r->c_kind].p, "warning")))
		return 0;
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		row_ref *g = realloc(r->v, cap * sizeof *g);
		if (!g)
			return -1;
		r->v = g;
		r->cap = cap;
	}
	const dt_store_value *t = &v[r->c_text];
	row_ref *o = &r->v[r->n];
	o->id = v[0].i;
	o->file_id = r->c_file != (size_t)-1 && v[r->c_file].type != DT_V_NULL ?
	             v[r->c_file].i : 0;
	o->text = strdup(t->type == DT_V_TEXT ? (const char *)t->p : "");
	if (!o->text)
		return -1;
	r->n++;
	return 0;
}

/* Rows of table `name` of one run. Returns 0 or -1. */
static int read_rows(dt_store *st, const char *name, const char *text_col,
                     int64_t run_id, row_read *r)
{
	memset(r, 0, sizeof *r);
	for (size_t i = 0; i < dt_store_table_count; i++)
		if (!strcmp(dt_store_tables[i].name, name))
			r->t = &dt_store_tables[i];
	if (!r->t)
		return -1;
	r->run_id = run_id;
	r->c_run = col_of(r->t, "run_id");
	r->c_file = col_of(r->t, "file_id");
	r->c_text = col_of(r->t, text_col);
	r->c_kind = col_of(r->t, "kind");
	if (r->c_run == (size_t)-1 || r->c_text == (size_t)-1)
		return -1;
	return dt_store_rows_read(st, r->t, read_row, r);
}

static void rows_free(row_read *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].text);
	free(r->v);
}

/* Whether stored warning `held` is one the grown log gives (t[0..n), of
 * `path` stored as `base`, the compared file's name `held_base`): stored
 * as the ordinary import stores it ("BASE:LINE: ..." or "BASE: text"),
 * as store_texts does, or under the held file's name. */
static int still_given(const char *held, const char *path, const char *base,
                       const char *held_base, char *const *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char w[700];
		dt_import_file_text(w, sizeof w, path, base, t[i]);
		if (!strcmp(held, w))
			return 1;
		dt_import_file_text(w, sizeof w, path, held_base, t[i]);
		if (!strcmp(held, w))
			return 1;
	}
	return 0;
}

/* The warnings the log's earlier versions gave (file `held_file`, which
 * the grown log continues, and the files of its format stored after it:
 * its earlier grown versions) that the grown log (stored as file `fid`)
 * no longer gives: each gets a note under `fid` naming it as superseded
 * (core/warnings.h), once. The warning rows stay as they are (the store
 * is append-only); counts and lists leave them out. Returns 0 or -1. */
static int supersede(dt_store *st, int64_t run_id, int64_t fid,
                     int64_t held_file, const char *path, const char *base,
                     const char *held_base, const dt_rawlog *log)
{
	row_read files, warns;
	char **notes = NULL;
	size_t nn = 0;
	int rc = -1;
	memset(&warns, 0, sizeof warns);
	if (read_rows(st, "run_file", "format", run_id, &files) < 0 ||
	    read_rows(st, "run_warning", "text", run_id, &warns) < 0 ||
	    dt_store_note_list(st, run_id, &notes, &nn) < 0)
		goto out;
	const char *format = NULL;
	for (size_t i = 0; i < files.n; i++)
		if (files.v[i].id == held_file)
			format = files.v[i].text;
	rc = 0;
	for (size_t i = 0; format && i < warns.n && rc == 0; i++) {
		const row_ref *w = &warns.v[i];
		int ours = w->file_id == held_file;
		for (size_t k = 0; !ours && k < files.n; k++)
			ours = files.v[k].id == w->file_id && w->file_id > held_file &&
			       w->file_id != fid && !strcmp(files.v[k].text, format);
		if (!ours || still_given(w->text, path, base, held_base,
		                         log->warnings, log->nwarnings))
			continue;
		int noted = 0;
		for (size_t k = 0; k < nn && !noted; k++) {
			const char *s = dt_warning_superseded_by(notes[k]);
			noted = s && !strcmp(s, w->text);
		}
		if (noted)
			continue;
		char note[900];
		dt_warning_superseded_note(base, w->text, note, sizeof note);
		rc = dt_store_note_add(st, run_id, fid, note);
	}
out:
	dt_strv_free(notes, nn);
	rows_free(&files);
	rows_free(&warns);
	return rc;
}

/* Facts whose value differs from the run's current one, from file
 * `file`. Returns 0 or -1. */
static int store_facts(dt_store *st, int64_t run_id, int64_t file,
                       const dt_rawlog *log)
{
	dt_fact *f = NULL;
	size_t nf = 0;
	if (dt_store_fact_list(st, run_id, &f, &nf) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < log->nfacts && rc == 0; i++) {
		int same = 0;
		for (size_t k = 0; k < nf && !same; k++)
			same = !strcmp(f[k].key, log->facts[i].key) &&
			       !strcmp(f[k].value, log->facts[i].value);
		if (!same)
			rc = dt_store_fact_set(st, run_id, file, log->facts[i].key,
			                       log->facts[i].value, "import", NULL);
	}
	free(f);
	return rc;
}

/* g's counts from held[] (what the compared file holds of each series
 * of the log). Returns the points held in all. */
static size_t count_grown(const dt_rawlog *log, const held_metric *held,
                          dt_grown *g)
{
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		size_t add = s->n - held[i].n;
		g->held += held[i].n;
		g->added += add;
		if (!strcmp(s->metric, DT_METRIC_LOSS)) {
			g->has_loss = 1;
			g->loss_held = held[i].n;
			g->loss_added = add;
		}
	}
	return g->held;
}

/* Store the grown log (g counted, g->held_from set): the file record,
 * the tail of each series appended to file g->file_id, launches, facts,
 * texts. Returns 1, 0 when the run already holds this SHA-256, -1 store
 * error. */
static int store_grown(dt_store *st, const dt_run *run, const char *path,
                       const char sha256[65], size_t bytes,
                       const char *format, const dt_rawlog *log,
                       const held_metric *held, const dt_grown *g)
{
	int64_t fid;
	char stored[sizeof ((dt_run_file *)0)->path];
	dt_import_stored_path(path, stored, sizeof stored);
	int r = dt_store_file_add(st, run->id, stored, sha256, (int64_t)bytes,
	                          format, &fid);
	if (r != 0)
		return r < 0 ? -1 : 0;
	for (size_t i = 0; i < log->nseries; i++)
		if (log->series[i].n > held[i].n &&
		    dt_store_raw_append(st, g->file_id, &log->series[i], held[i].n,
		                        held[i].nmarks) < 0)
			return -1;
	const char *base = base_of(path), *hb = g->held_from;
	if (store_launches(st, run->id, g->file_id, log) < 0 ||
	    store_facts(st, run->id, fid, log) < 0 ||
	    store_texts(st, run->id, fid, path, base, hb, log->warnings,
	                log->nwarnings, dt_store_warning_list,
	                dt_store_warning_add) < 0 ||
	    supersede(st, run->id, fid, g->file_id, path, base, hb, log) < 0 ||
	    store_texts(st, run->id, fid, path, base, hb, log->notes, log->nnotes,
	                dt_store_note_list, dt_store_note_add) < 0)
		return -1;
	return 1;
}

/* Whether the log is the run's stored log grown (nothing written): 1
 * with g (file_id, held_from, counts) and *held (owned, one per series
 * of the log) filled; 0 not, or the run already holds a file of this
 * SHA-256; -1 with err. */
static int grown_match(dt_store *st, const dt_run *run, const char *sha256,
                       const dt_rawlog *log, dt_grown *g, held_metric **held,
                       char *err, size_t errlen)
{
	char **names = NULL;
	size_t nn = 0;
	dt_run_file *files = NULL;
	size_t nf = 0;
	int rc = -1;
	memset(g, 0, sizeof *g);
	*held = NULL;
	if (run->id <= 0 || log->nseries == 0)
		return 0;
	if (dt_store_metric_list(st, run->id, &names, &nn) < 0 ||
	    newest_holder(st, run->id, names, nn, &g->file_id) < 0 ||
	    dt_store_file_list(st, run->id, &files, &nf) < 0)
		goto store_err;
	rc = 0;
	const char *held_path = NULL;
	for (size_t i = 0; i < nf; i++) {
		if (files[i].id == g->file_id)
			held_path = files[i].path;
		if (!strcmp(files[i].sha256, sha256))
			goto out; /* refused as held by the ordinary import */
	}
	if (g->file_id == 0 || !held_path)
		goto out;
	snprintf(g->held_from, sizeof g->held_from, "%s", base_of(held_path));
	if (!(*held = calloc(log->nseries, sizeof **held))) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
		goto out;
	}
	rc = compare_held(st, run->id, g->file_id, names, nn, log, *held);
	if (rc == 1 && count_grown(log, *held, g) == 0)
		rc = 0;
	if (rc < 0)
		goto store_err;
	goto out;
store_err:
	snprintf(err, errlen, "%s", dt_store_error(st));
	rc = -1;
out:
	if (rc != 1) {
		free(*held);
		*held = NULL;
		memset(g, 0, sizeof *g);
	}
	free(files);
	dt_strv_free(names, nn);
	return rc;
}

int dt_import_grown(dt_store *st, const dt_run *run, const char *path,
                    const char sha256[65], size_t bytes, const char *format,
                    const dt_rawlog *log, dt_grown *g, char *err,
                    size_t errlen)
{
	held_metric *held;
	int rc = grown_match(st, run, sha256, log, g, &held, err, errlen);
	if (rc == 1 && (rc = store_grown(st, run, path, sha256, bytes, format,
	                                 log, held, g)) < 0)
		snprintf(err, errlen, "%s", dt_store_error(st));
	if (rc != 1)
		memset(g, 0, sizeof *g);
	free(held);
	return rc;
}

int dt_import_grown_check(dt_store *st, const dt_run *run,
                          const char sha256[65], const dt_rawlog *log,
                          dt_grown *g, char *err, size_t errlen)
{
	held_metric *held;
	int rc = grown_match(st, run, sha256, log, g, &held, err, errlen);
	free(held);
	return rc;
}

int dt_import_grown_of(const dt_rawlog *was, const char *held_from,
                       const dt_rawlog *log, dt_grown *g)
{
	held_metric *held;
	int grown = 1;
	memset(g, 0, sizeof *g);
	if (log->nseries == 0 || dt_rawlog_points(was) == 0)
		return 0;
	if (!(held = calloc(log->nseries, sizeof *held)))
		return -1;
	for (size_t i = 0; i < was->nseries && grown; i++) {
		const dt_rawseries *w = &was->series[i];
		size_t j = 0;
		if (w->n == 0)
			continue; /* stored only when it holds a point */
		while (j < log->nseries && strcmp(log->series[j].metric, w->metric))
			j++;
		dt_rawchunk c = {w->n, w->step, w->value, w->nmarks, w->marks,
		                 w->sort_within_segment, 0};
		if (j == log->nseries || !begins_with(&log->series[j], &c)) {
			grown = 0;
			break;
		}
		held[j].n = w->n;
		held[j].nmarks = w->nmarks;
	}
	if (grown && count_grown(log, held, g) > 0)
		snprintf(g->held_from, sizeof g->held_from, "%s", held_from);
	else
		grown = 0;
	free(held);
	if (!grown)
		memset(g, 0, sizeof *g);
	return grown;
}

void dt_import_file_text(char *out, size_t outlen, const char *path,
                         const char *base, const char *text)
{
	size_t n = strlen(path);
	if (strncmp(text, path, n) == 0 && text[n] == ':')
		snprintf(out, outlen, "%s%s", base, text + n);
	else
		snprintf(out, outlen, "%s: %s", base, text);
}
