/* dt_rawlog.c: raw points of one imported file. */
#include "model/core/rawlog.h"
#include "model/util/grow.h"
#include "model/util/text.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dt_rawlog_init(dt_rawlog *log)
{
	memset(log, 0, sizeof *log);
	snprintf(log->step_source, sizeof log->step_source, "logged step");
}

void dt_rawlog_free(dt_rawlog *log)
{
	for (size_t i = 0; i < log->nseries; i++) {
		dt_rawseries *s = &log->series[i];
		free(s->metric);
		free(s->as_read);
		if (!s->step_shared)
			free(s->step);
		free(s->value);
		free(s->marks);
	}
	free(log->series);
	for (size_t i = 0; i < log->nshared; i++)
		free(log->shared_steps[i]);
	free(log->shared_steps);
	for (size_t i = 0; i < log->nwarnings; i++)
		free(log->warnings[i]);
	free(log->warnings);
	for (size_t i = 0; i < log->nnotes; i++)
		free(log->notes[i]);
	free(log->notes);
	for (size_t i = 0; i < log->nfacts; i++) {
		free(log->facts[i].key);
		free(log->facts[i].value);
	}
	free(log->facts);
	free(log->launch_ev);
	free(log->launch_set);
	free(log->refused);
	memset(log, 0, sizeof *log);
}

dt_rawseries *dt_rawlog_find(const dt_rawlog *log, const char *metric)
{
	for (size_t i = 0; i < log->nseries; i++)
		if (strcmp(log->series[i].metric, metric) == 0)
			return &log->series[i];
	return NULL;
}

/* The series an importer's name `key` went to: its name as given
 * (as_read when it was cleaned, else metric). */
static dt_rawseries *find_key(const dt_rawlog *log, const char *key)
{
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		if (strcmp(s->as_read ? s->as_read : s->metric, key) == 0)
			return &log->series[i];
	}
	return NULL;
}

/* "PATH:N", "PATH: UNIT N", "PATH" or "" into out (size n). */
static void where_text(dt_name_at at, char *out, size_t n)
{
	if (!at.path)
		out[0] = '\0';
	else if (!at.n)
		snprintf(out, n, "%s:", at.path);
	else if (!at.unit)
		snprintf(out, n, "%s:%llu:", at.path, (unsigned long long)at.n);
	else
		snprintf(out, n, "%s: %s %llu:", at.path, at.unit,
		         (unsigned long long)at.n);
}

int dt_rawlog_warn_hidden(dt_rawlog *log, const char *where,
                          const char *as_read, const char *name)
{
	char now[128];
	dt_sanitize(name, now, sizeof now);
	if (!strcmp(as_read, name))
		return dt_rawlog_warn(log, "%s%s'%s': a name of invisible "
		                      "characters only (bidi, zero-width or "
		                      "control): kept as read, escaped: '%s'",
		                      where, where[0] ? " " : "", as_read, now);
	return dt_rawlog_warn(log, "%s%s'%s': invisible characters (bidi, "
	                      "zero-width or control) removed from the name: "
	                      "'%s'", where, where[0] ? " " : "", as_read, now);
}

void dt_hidden_clash_text(char *out, size_t n, const char *both,
                          const char *name)
{
	char m[128];
	dt_sanitize(name, m, sizeof m);
	snprintf(out, n, "%s both name metric '%s' once invisible characters "
	         "are removed: rename one of them", both, m);
}

int dt_rawlog_clean_name(dt_rawlog *log, const char *where, char **name,
                         char *as_read, size_t n, int canonical)
{
	dt_text_escape_hidden(*name, as_read, n);
	if (dt_text_drop_hidden(*name, *name, strlen(*name) + 1) == 0)
		return 0;
	if (!**name) { /* nothing visible left: the name as read, escaped */
		char *kept = strdup(as_read);
		if (!kept)
			return -1;
		free(*name);
		*name = kept;
		canonical = 0;
	}
	char stored[DT_METRIC_BUF];
	if (canonical) /* the name --metric and the report use */
		dt_metric_canonical(*name, stored, sizeof stored);
	return dt_rawlog_warn_hidden(log, where, as_read,
	                             canonical ? stored : *name) < 0 ? -1 : 1;
}

int dt_rawlog_refuse_clash(dt_rawlog *log, const char *where,
                           const char *both, const char *name)
{
	char msg[800];
	size_t w = strlen(where);
	snprintf(msg, sizeof msg, "%s%s", where, w ? " " : "");
	w = strlen(msg);
	dt_hidden_clash_text(msg + w, sizeof msg - w, both, name);
	free(log->refused);
	log->refused = strdup(msg);
	errno = log->refused ? EEXIST : ENOMEM;
	return -1;
}

int dt_rawlog_refusal(const dt_rawlog *log, char *err, size_t errlen)
{
	if (!log->refused)
		return 0;
	snprintf(err, errlen, "%s", log->refused);
	return 1;
}

/* A new name: `metric` without the code points a terminal hides, put
 * through dt_metric_canonical again, into canon (size n); warns once.
 * Returns 1 (cleaned), 0 (nothing hidden: canon untouched), -1 (ENOMEM,
 * or refused: errno EEXIST, log->refused set). */
static int clean_new_name(dt_rawlog *log, const char *metric, dt_name_at at,
                          char *canon, size_t n)
{
	char where[300], was[200], both[480];
	size_t len = strlen(metric);
	char *clean = malloc(len + 1);
	if (!clean)
		return -1;
	size_t dropped = dt_text_drop_hidden(metric, clean, len + 1);
	if (dropped && clean[0])
		dt_metric_canonical(clean, canon, n);
	else if (dropped) /* nothing visible left: the name as read, escaped */
		dt_text_escape_hidden(metric, canon, n);
	free(clean);
	/* a clean name equal to a cleaned one's, or the reverse: one metric
	 * (a clean name equal to a clean one's was found by find_key) */
	const dt_rawseries *twin = dt_rawlog_find(log, dropped ? canon : metric);
	if (!dropped && !twin)
		return 0;
	where_text(at, where, sizeof where);
	if (twin) {
		char a[200];
		dt_text_escape_hidden(twin->as_read ? twin->as_read : twin->metric,
		                      a, sizeof a);
		dt_text_escape_hidden(metric, was, sizeof was);
		snprintf(both, sizeof both, "names '%s' and '%s'", a, was);
		return dt_rawlog_refuse_clash(log, where, both, twin->metric);
	}
	dt_text_escape_hidden(metric, was, sizeof was);
	char at_metric[320];
	snprintf(at_metric, sizeof at_metric, "%s%smetric", where,
	         where[0] ? " " : "");
	return dt_rawlog_warn_hidden(log, at_metric, was, canon) < 0 ? -1 : 1;
}

dt_rawseries *dt_rawlog_series(dt_rawlog *log, const char *metric)
{
	return dt_rawlog_series_at(log, metric, (dt_name_at){0});
}

/* Refuse a name of DT_METRIC_MAX bytes or more (metric_name.h): never
 * cut to a name another one may share. Returns -1 (errno EINVAL, or
 * ENOMEM when the text could not be kept). */
static int refuse_long(dt_rawlog *log, const char *metric, dt_name_at at)
{
	char where[300], head[200], msg[700];
	where_text(at, where, sizeof where);
	dt_text_escape_hidden(metric, head, 61);
	snprintf(msg, sizeof msg, "%s%smetric name '%s...' is longer than "
	         "the limit of %d bytes: rename it", where, where[0] ? " " : "",
	         head, DT_METRIC_MAX - 1);
	free(log->refused);
	log->refused = strdup(msg);
	errno = log->refused ? EINVAL : ENOMEM;
	return -1;
}

dt_rawseries *dt_rawlog_series_at(dt_rawlog *log, const char *metric,
                                  dt_name_at at)
{
	dt_rawseries *s = find_key(log, metric);
	if (s)
		return s;
	/* a new name: the only place a name is cleaned (once, not per point) */
	if (strlen(metric) >= DT_METRIC_MAX) {
		refuse_long(log, metric, at);
		return NULL;
	}
	char canon[DT_METRIC_MAX];
	int cleaned = clean_new_name(log, metric, at, canon, sizeof canon);
	if (cleaned < 0)
		return NULL;
	if (log->nseries == log->capseries) {
		size_t cap = log->capseries ? log->capseries * 2 : 8;
		dt_rawseries *v = realloc(log->series, cap * sizeof *v);
		if (!v)
			return NULL;
		log->series = v;
		log->capseries = cap;
	}
	s = &log->series[log->nseries];
	memset(s, 0, sizeof *s);
	s->metric = strdup(cleaned ? canon : metric);
	s->as_read = cleaned ? strdup(metric) : NULL;
	if (!s->metric || (cleaned && !s->as_read)) {
		free(s->metric);
		free(s->as_read);
		return NULL;
	}
	/* Padding: mark m of every series starts launch m + 1 (rawlog.h). */
	if (log->nlaunches) {
		s->marks = calloc(log->nlaunches, sizeof *s->marks);
		if (!s->marks) {
			free(s->metric);
			free(s->as_read);
			return NULL;
		}
		s->nmarks = s->capmarks = log->nlaunches;
	}
	log->nseries++;
	return s;
}

/* New step and value arrays of `cap` points for s, the first s->n
 * values copied and, when keep_steps, the first s->n steps. */
static int grow_arrays(dt_rawseries *s, size_t cap, int keep_steps)
{
	if (cap > SIZE_MAX / sizeof(double))
		return -1;
	if (cap * sizeof(double) >= DT_GROW_HUGE_FROM) {
		/* large: new 2 MiB-aligned arrays (grow.h), the points copied */
		int64_t *st = dt_grow_alloc_huge(cap * sizeof *st);
		double *va = dt_grow_alloc_huge(cap * sizeof *va);
		if (!st || !va) {
			free(st);
			free(va);
			return -1;
		}
		if (s->n) {
			if (keep_steps)
				memcpy(st, s->step, s->n * sizeof *st);
			memcpy(va, s->value, s->n * sizeof *va);
		}
		if (!s->step_shared)
			free(s->step);
		free(s->value);
		s->step = st;
		s->value = va;
		s->step_shared = 0;
		s->cap = cap;
		return 0;
	}
	int64_t *st;
	if (s->step_shared || !keep_steps) {
		st = malloc(cap * sizeof *st);
		if (st && keep_steps && s->n)
			memcpy(st, s->step, s->n * sizeof *st);
		if (st && !s->step_shared)
			free(s->step);
	} else {
		st = realloc(s->step, cap * sizeof *st);
	}
	if (!st)
		return -1;
	s->step = st;
	s->step_shared = 0;
	double *va = realloc(s->value, cap * sizeof *va);
	if (!va)
		return -1;
	s->value = va;
	s->cap = cap;
	return 0;
}

int dt_rawseries_reserve_values(dt_rawseries *s, size_t cap)
{
	return cap <= s->cap ? 0 : grow_arrays(s, cap, 0);
}

int dt_rawseries_reserve(dt_rawseries *s, size_t cap)
{
	if (s->step_shared) /* its own copy first, room kept */
		return grow_arrays(s, cap > s->cap ? cap : s->cap, 1);
	return cap <= s->cap ? 0 : grow_arrays(s, cap, 1);
}

/* The next capacity of a full series: doubling from 256 points, but a
 * series that reaches BIG_FROM points jumps to BIG_CAP, whose arrays
 * (8 MiB each) are large enough for transparent huge pages
 * (dt_rawseries_reserve hints them): filling a 1M-point array then takes
 * a few 2 MiB faults instead of ~2000 4 KiB ones (~25 us each on the
 * benchmark VM). Untouched pages of the reservation cost no memory. */
#define BIG_FROM ((size_t)1 << 16)
#define BIG_CAP ((size_t)1 << 20)

static size_t grown_cap(size_t cap)
{
	size_t next = cap ? cap * 2 : 256;
	return next >= BIG_FROM && next < BIG_CAP ? BIG_CAP : next;
}

int dt_rawseries_push(dt_rawseries *s, int64_t step, double value)
{
	if ((s->n == s->cap || s->step_shared) &&
	    dt_rawseries_reserve(s, s->n == s->cap ? grown_cap(s->cap) : s->cap) < 0)
		return -1;
	s->step[s->n] = step;
	s->value[s->n] = value;
	s->n++;
	return 0;
}

int dt_rawseries_push_value(dt_rawseries *s, double value)
{
	if (s->n == s->cap &&
	    dt_rawseries_reserve_values(s, grown_cap(s->cap)) < 0)
		return -1;
	s->value[s->n++] = value;
	return 0;
}

int dt_rawlog_share_steps(dt_rawlog *log, dt_rawseries *const *s, size_t n)
{
	if (n < 2)
		return 0;
	int64_t **v = realloc(log->shared_steps,
	                      (log->nshared + 1) * sizeof *v);
	if (!v)
		return -1;
	log->shared_steps = v;
	int64_t *steps = s[0]->step;
	log->shared_steps[log->nshared++] = steps;
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			free(s[i]->step);
		s[i]->step = steps;
		s[i]->step_shared = 1;
	}
	return 0;
}

size_t dt_rawlog_step_twin(const dt_rawlog *log, size_t i)
{
	const dt_rawseries *s = &log->series[i];
	if (!s->step_shared)
		return i;
	for (size_t j = 0; j < i; j++)
		if (log->series[j].step == s->step && log->series[j].n == s->n)
			return j;
	return i;
}

int dt_rawseries_step_range(const dt_rawseries *s, int64_t *lo, int64_t *hi)
{
	if (s->n == 0)
		return 0;
	int64_t a = s->step[0], b = s->step[0];
	for (size_t k = 1; k < s->n; k++) {
		a = s->step[k] < a ? s->step[k] : a;
		b = s->step[k] > b ? s->step[k] : b;
	}
	*lo = a;
	*hi = b;
	return 1;
}

void dt_rawlog_shift_steps(dt_rawlog *log, int64_t delta)
{
	for (size_t i = 0; i < log->nseries; i++) {
		dt_rawseries *s = &log->series[i];
		for (size_t k = 0; !s->step_shared && k < s->n; k++)
			s->step[k] += delta;
	}
	for (size_t j = 0; j < log->nshared; j++) {
		/* a shared array's length: the longest series still using it */
		size_t n = 0;
		for (size_t i = 0; i < log->nseries; i++)
			if (log->series[i].step == log->shared_steps[j] &&
			    log->series[i].n > n)
				n = log->series[i].n;
		for (size_t k = 0; k < n; k++)
			log->shared_steps[j][k] += delta;
	}
}

static int push_mark(dt_rawseries *s)
{
	uint32_t at = (uint32_t)s->n;
	if (s->nmarks == s->capmarks) {
		size_t cap = s->capmarks ? s->capmarks * 2 : 8;
		uint32_t *m = realloc(s->marks, cap * sizeof *m);
		if (!m)
			return -1;
		s->marks = m;
		s->capmarks = cap;
	}
	s->marks[s->nmarks++] = at;
	return 0;
}

/* Start launch nlaunches + 1 when a point was pushed since the current
 * one began. Returns 1 (started), 0 (nothing logged yet: no boundary), -1
 * on ENOMEM. */
static int new_launch(dt_rawlog *log)
{
	size_t pts = dt_rawlog_points(log);
	if (pts == log->points_at_launch)
		return 0;
	for (size_t i = 0; i < log->nseries; i++)
		if (push_mark(&log->series[i]) < 0)
			return -1;
	log->nlaunches++;
	log->points_at_launch = pts;
	/* Settings logged after the last point belong to the launch that
	 * starts now (dt_rawlog_setting). */
	for (size_t i = 0; i < log->nlaunch_set; i++)
		if (log->launch_set[i].launch == log->nlaunches - 1 &&
		    log->launch_set[i].points_seen == pts)
			log->launch_set[i].launch = log->nlaunches;
	return 1;
}

int dt_rawlog_setting(dt_rawlog *log, const char *key, int64_t value,
                      uint64_t line)
{
	if (value <= 0)
		return 0;
	for (size_t i = log->nlaunch_set; i-- > 0;) {
		const dt_launch_setting *x = &log->launch_set[i];
		if (x->launch != log->nlaunches)
			break;
		if (strcmp(x->key, key) == 0) {
			if (x->value == value)
				return 0;
			break;
		}
	}
	if (log->nlaunch_set == log->caplaunch_set) {
		size_t cap = log->caplaunch_set ? log->caplaunch_set * 2 : 8;
		dt_launch_setting *v = realloc(log->launch_set, cap * sizeof *v);
		if (!v)
			return -1;
		log->launch_set = v;
		log->caplaunch_set = cap;
	}
	dt_launch_setting *e = &log->launch_set[log->nlaunch_set++];
	memset(e, 0, sizeof *e);
	e->launch = log->nlaunches;
	snprintf(e->key, sizeof e->key, "%s", key);
	e->value = value;
	e->line = line;
	e->points_seen = dt_rawlog_points(log);
	return 0;
}

int dt_rawlog_mark_segment(dt_rawlog *log)
{
	return new_launch(log) < 0 ? -1 : 0;
}

int dt_rawlog_launch(dt_rawlog *log, int kind, uint64_t line,
                     int64_t ckpt_step, const char *marker)
{
	if (new_launch(log) < 0)
		return -1;
	if (log->nlaunch_ev == log->caplaunch_ev) {
		size_t cap = log->caplaunch_ev ? log->caplaunch_ev * 2 : 8;
		dt_launch_evidence *v = realloc(log->launch_ev, cap * sizeof *v);
		if (!v)
			return -1;
		log->launch_ev = v;
		log->caplaunch_ev = cap;
	}
	dt_launch_evidence *e = &log->launch_ev[log->nlaunch_ev++];
	memset(e, 0, sizeof *e);
	e->launch = log->nlaunches;
	e->kind = kind;
	e->line = line;
	e->ckpt_step = ckpt_step;
	snprintf(e->marker, sizeof e->marker, "%s", marker ? marker : "");
	return 0;
}

const char *dt_launch_kind_name(int kind)
{
	static const char *const names[] = {
		"", "new_file", "marker", "launch_id", "wall_gap", "elapsed_reset",
		"banner", "header", "step_back"};
	return kind > 0 && kind <= DT_LAUNCH_STEP_BACK ? names[kind] : "";
}

int64_t dt_launch_ckpt(const dt_launch_evidence *ev, size_t n)
{
	int64_t c = -1;
	for (size_t i = 0; i < n; i++)
		if (ev[i].ckpt_step > c)
			c = ev[i].ckpt_step;
	return c;
}

/* Append a formatted text to a list of texts (warnings or notes); an
 * identical consecutive text is kept once. Returns 0 or -1 on ENOMEM. */
static int add_text(char ***list, size_t *n, size_t *cap, const char *fmt,
                    va_list ap)
{
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	if (*n && strcmp((*list)[*n - 1], buf) == 0)
		return 0;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 8;
		char **w = realloc(*list, c * sizeof *w);
		if (!w)
			return -1;
		*list = w;
		*cap = c;
	}
	(*list)[*n] = strdup(buf);
	if (!(*list)[*n])
		return -1;
	(*n)++;
	return 0;
}

int dt_rawlog_warn(dt_rawlog *log, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = add_text(&log->warnings, &log->nwarnings, &log->capwarnings,
	                  fmt, ap);
	va_end(ap);
	return rc;
}

int dt_rawlog_note(dt_rawlog *log, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = add_text(&log->notes, &log->nnotes, &log->capnotes, fmt, ap);
	va_end(ap);
	return rc;
}

const char *dt_rawlog_fact_get(const dt_rawlog *log, const char *key)
{
	for (size_t i = 0; i < log->nfacts; i++)
		if (strcmp(log->facts[i].key, key) == 0)
			return log->facts[i].value;
	return NULL;
}

int dt_rawlog_fact(dt_rawlog *log, const char *key, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	char *v = strdup(buf);
	if (!v)
		return -1;
	for (size_t i = 0; i < log->nfacts; i++) {
		if (strcmp(log->facts[i].key, key) == 0) {
			free(log->facts[i].value);
			log->facts[i].value = v;
			return 0;
		}
	}
	if (log->nfacts == log->capfacts) {
		size_t cap = log->capfacts ? log->capfacts * 2 : 8;
		dt_rawfact *f = realloc(log->facts, cap * sizeof *f);
		if (!f) {
			free(v);
			return -1;
		}
		log->facts = f;
		log->capfacts = cap;
	}
	char *k = strdup(key);
	if (!k) {
		free(v);
		return -1;
	}
	log->facts[log->nfacts++] = (dt_rawfact){k, v};
	return 0;
}

size_t dt_rawlog_points(const dt_rawlog *log)
{
	size_t n = 0;
	for (size_t i = 0; i < log->nseries; i++)
		n += log->series[i].n;
	return n;
}

/* Key spellings seen in real logs (shared/domain/LOG-FORMATS.md sections
 * 1-9). Priority 2: per-step training value; 1: per-epoch aggregate or
 * running mean that a per-step column overrides. */
static const struct {
	const char *key, *metric;
	int prio;
} metric_map[] = {
	{"loss", DT_METRIC_LOSS, 2},
	{"train_loss_step", DT_METRIC_LOSS, 2},
	{"train/loss", DT_METRIC_LOSS, 2},
	{"train/loss_step", DT_METRIC_LOSS, 2},
	{"step_loss", DT_METRIC_LOSS, 2},
	{"step loss", DT_METRIC_LOSS, 2},
	{"lm loss", DT_METRIC_LOSS, 2},
	{"lm_loss", DT_METRIC_LOSS, 2},
	{"reduced_train_loss", DT_METRIC_LOSS, 2},
	{"training_loss", DT_METRIC_LOSS, 2},
	{"train_loss", DT_METRIC_LOSS, 1},
	{"train_loss_epoch", DT_METRIC_LOSS, 1},
	{"train/loss_epoch", DT_METRIC_LOSS, 1},
	{"eval_loss", DT_METRIC_EVAL_LOSS, 2},
	{"eval/loss", DT_METRIC_EVAL_LOSS, 2},
	{"val_loss", DT_METRIC_EVAL_LOSS, 2},
	{"val/loss", DT_METRIC_EVAL_LOSS, 2},
	{"validation_loss", DT_METRIC_EVAL_LOSS, 2},
	{"valid_loss", DT_METRIC_EVAL_LOSS, 2},
	{"learning_rate", DT_METRIC_LR, 2},
	{"lr", DT_METRIC_LR, 2},
	{"learning rate", DT_METRIC_LR, 2},
	{"train/learning_rate", DT_METRIC_LR, 2},
	{"train/lr", DT_METRIC_LR, 2},
	{"lr-adamw", DT_METRIC_LR, 2},
	{"grad_norm", DT_METRIC_GRAD_NORM, 2},
	{"grad norm", DT_METRIC_GRAD_NORM, 2},
	{"grad-norm", DT_METRIC_GRAD_NORM, 2},
	{"gradient_norm", DT_METRIC_GRAD_NORM, 2},
	{"global_norm", DT_METRIC_GRAD_NORM, 2},
	{"train/grad_norm", DT_METRIC_GRAD_NORM, 2},
	{"epoch", DT_METRIC_EPOCH, 2},
	{"train/epoch", DT_METRIC_EPOCH, 2},
};

int dt_metric_canonical(const char *key, char *out, size_t outlen)
{
	char low[DT_METRIC_BUF]; /* a key over the limit stays over it */
	size_t k = 0;
	for (; key[k] && k + 1 < sizeof low; k++)
		low[k] = (char)tolower((unsigned char)key[k]);
	low[k] = '\0';
	for (size_t i = 0; i < sizeof metric_map / sizeof metric_map[0]; i++) {
		if (strcmp(low, metric_map[i].key) == 0) {
			snprintf(out, outlen, "%s", metric_map[i].metric);
			return metric_map[i].prio;
		}
	}
	for (size_t i = 0; low[i]; i++)
		if (low[i] == ' ')
			low[i] = '_';
	snprintf(out, outlen, "%s", low);
	return 0;
}
