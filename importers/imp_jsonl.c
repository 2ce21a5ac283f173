/* imp_jsonl.c: one JSON object per line (LOG-FORMATS.md section 3:
 * LLaMA-Factory trainer_log.jsonl; also W&B-style history lines).
 *
 * Step key, first one present wins: current_steps (LLaMA-Factory), step,
 * global_step, train/global_step, trainer/global_step, iteration, _step
 * (W&B's log counter, used only when nothing better is there). Step keys
 * never become metrics.
 *
 * Every other key with a number value (or a string holding a number, e.g.
 * "0.00") becomes a point of dt_metric_canonical(key), except bookkeeping
 * keys that are not curves: total_steps, max_steps, global_batch_size,
 * global_batch (integers > 0 are the launch's run settings, rawlog.h
 * dt_launch_setting), batch_hash, batch_fingerprint, data_hash (the
 * series batch_fingerprint, fingerprint.h), percentage, elapsed_time,
 * remaining_time, total_tokens (a cumulative counter), _timestamp,
 * _runtime, and throughput when it is a string (LLaMA-Factory writes
 * "0.00"; a JSON-number throughput is kept as metric "throughput").
 * null, booleans, objects and arrays are skipped.
 *
 * A line whose only metric is epoch (LLaMA-Factory's end record repeating
 * the last step without loss) or that has no metric at all is ignored.
 * A file with no metric line (a prediction-only run) gives no series and a
 * warning. An unparsable last line without a final newline (a writer was
 * killed mid-line) is skipped with a warning; any other unparsable line is
 * an error naming FILE:LINE.
 *
 * Resume: when elapsed_time ("H:MM:SS" or "N day(s), H:MM:SS") drops back
 * by more than 30 s or to under a quarter of the previous value, a new
 * process started: the raw log gets a segment mark before that line's
 * points. Small drops are two writers appending to one file; because of
 * them every series of a file with elapsed_time gets sort_within_segment.
 *
 * Speed: each line is read flat by the streaming reader
 * (importers/jsonpull.h: no tree, numbers through the locale-free parser,
 * buffers reused from line to line, so no allocation per line); a small
 * cache maps each key to its series index and to the roles it plays
 * (step key, time key, launch id...). A line whose keys are all in that
 * cache, with scalar values, is read by the reader's fast path
 * (dt_jr_object_known: each key matched by one comparison in the order
 * of the line before, no key decoded or hashed, the line's end found by
 * the same scan); any other line (a new key, an escape in a key, a
 * nested value, a repeated key, a comment) is cut at its newline and
 * read by dt_jr_object, which also words every error. Both give the same
 * members (fuzz/fuzz_jsonline.c). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "importers/fingerprint.h"
#include "importers/importer.h"
#include "importers/jsonpull.h"
#include "importers/resume_marker.h"
#include "importers/skipval.h"
#include "importers/source.h"
#include "importers/textline.h"
#include "importers/wallgap.h"
#include "model/util/num.h"
#include "model/util/text.h"

#define KEY_MAX DT_METRIC_BUF
#define CACHE_MAX 64
#define LINE_VALS 256
#define NO_SERIES SIZE_MAX
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* KEY_SKIP_STR: a metric unless the value is a string (throughput). */
enum { KEY_SKIP, KEY_SKIP_STR, KEY_METRIC, KEY_EPOCH };

/* Launch / attempt id keys: a changed value is a new launch. */
static const char *const id_keys[] = {
	"launch_id", "attempt_id", "attempt", "restart_id", "run_attempt",
	"launch", "restart_count",
};

/* Wall-clock keys, seconds since the epoch. */
static const char *const time_keys[] = {
	"timestamp", "_timestamp", "time", "wall_time",
};

static const char *const step_keys[] = {
	"current_steps", "step", "global_step", "train/global_step",
	"trainer/global_step", "iteration", "_step",
};

/* Run settings a record may carry (rawlog.h dt_launch_setting). */
static const struct { const char *json, *key; } setting_keys[] = {
	{"total_steps", DT_SETTING_TOTAL_STEPS},
	{"max_steps", DT_SETTING_TOTAL_STEPS},
	{"global_batch_size", DT_SETTING_GLOBAL_BATCH},
	{"global_batch", DT_SETTING_GLOBAL_BATCH},
};

static const char *const skip_keys[] = {
	"total_steps", "max_steps", "global_batch_size", "global_batch",
	"batch_hash", "batch_fingerprint", "data_hash", "percentage", "elapsed_time", "remaining_time",
	"total_tokens", "_timestamp", "_runtime", "timestamp", "time",
	"wall_time", "launch_id", "attempt_id", "attempt", "restart_id",
	"run_attempt", "launch", "restart_count", "checkpoint_step",
	"resume_step",
};

/* Record kind keys: "event" names a non-metric record; "type" / "kind"
 * do unless their value is a metrics kind (metric_kind). */
static const char *const kind_keys[] = {"event", "type", "kind"};

/* Keys of a batch fingerprint (fingerprint.h), in the order they count. */
static const char *const fp_keys[] = {"batch_fingerprint", "batch_hash",
                                      "data_hash"};

/* What a key is: its metric, its kind (KEY_*), and its place in each list
 * of keys with a role (-1: not in it). */
typedef struct jl_key {
	char key[KEY_MAX];
	char metric[KEY_MAX];
	int kind;          /* KEY_* */
	signed char step, time, id, rkind, setting, fp; /* index in step_keys,
	                    * time_keys, id_keys, kind_keys, setting_keys,
	                    * fp_keys */
	unsigned char elapsed, resume; /* "elapsed_time"; "resume"/"resumed" */
	size_t sidx;       /* index in log->series, NO_SERIES until first point */
} jl_key;

/* The values of one line that have a role, by their list index. */
typedef struct jl_line {
	const dt_jval *step[N_OF(step_keys)];
	const dt_jval *time[N_OF(time_keys)];
	const dt_jval *id[N_OF(id_keys)];
	const dt_jval *kind[N_OF(kind_keys)];
	const dt_jval *setting[N_OF(setting_keys)];
	const dt_jval *fp[N_OF(fp_keys)];   /* the first of each key */
	const dt_jval *elapsed;
	int resume_key;
} jl_line;

typedef struct jl_val {
	const char *key;  /* the line's key, valid while the line is read */
	int cache;        /* index in ctx->keys, or -1 */
	double v;
} jl_val;

typedef struct jl_ctx {
	const dt_source *src;
	dt_rawlog *log;
	char *err;
	size_t errlen;
	dt_jobj obj;      /* the current line, read flat */
	int *slots;       /* [obj.n] cache slot of each member, -1 = none */
	size_t slotcap;
	int known_slots[CACHE_MAX]; /* the same, for a line read by the
	                   * fast path (dt_jr_object_known) */
	const int *slot_of; /* slots or known_slots: the current line's */
	size_t line;
	long long prev_elapsed;  /* -1: none yet */
	int has_elapsed;
	size_t metric_lines;
	size_t llamafactory_lines, other_step_lines; /* metric lines stepped
	                   * by LLaMA-Factory's current_steps + total_steps,
	                   * and by any other step key */
	size_t nostep_lines, nostep_first;
	size_t badstep_lines, badstep_first; /* lines whose step key holds no
	                   * whole number ("step": "x"), the first one's key */
	const char *badstep_key;
	dt_skipval skip;  /* metric values that are not numbers: strings of
	                   * known metrics, null / true / false (check_literal) */
	size_t dup_lines, dup_first; /* records with a key written twice */
	char dup_key[80];            /* the first such key, escaped */
	jl_key keys[CACHE_MAX];
	size_t nkeys;
	size_t hint;  /* cache slot after the last one found: keys come in the
	               * same order on every line, so one strcmp usually hits */
	dt_jkey known[CACHE_MAX]; /* the cached keys as the fast path matches
	               * them (key NULL: not plain, never matched) */
	size_t known_hint;
	dt_wallgap clock;          /* wall-time gaps (launch evidence) */
	char launch_id[64];        /* last launch / attempt id seen */
	int have_launch_id;
	size_t nevents, event_first; /* non-metric records skipped */
	char event_names[96];      /* their first few event names */
} jl_ctx;

static int list_index(const char *k, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(k, list[i]) == 0)
			return (int)i;
	return -1;
}

static int in_list(const char *k, const char *const *list, size_t n)
{
	return list_index(k, list, n) >= 0;
}

static int key_kind(const char *k, const char *metric)
{
	if (in_list(k, step_keys, N_OF(step_keys)) ||
	    in_list(k, skip_keys, N_OF(skip_keys)))
		return KEY_SKIP;
	if (strcmp(k, "throughput") == 0)
		return KEY_SKIP_STR;
	return strcmp(metric, DT_METRIC_EPOCH) == 0 ? KEY_EPOCH : KEY_METRIC;
}

/* The role lists key k is in. */
static void key_roles(const char *k, jl_key *e)
{
	e->step = (signed char)list_index(k, step_keys, N_OF(step_keys));
	e->time = (signed char)list_index(k, time_keys, N_OF(time_keys));
	e->id = (signed char)list_index(k, id_keys, N_OF(id_keys));
	e->rkind = (signed char)list_index(k, kind_keys, N_OF(kind_keys));
	e->fp = (signed char)list_index(k, fp_keys, N_OF(fp_keys));
	e->setting = -1;
	for (size_t i = 0; i < N_OF(setting_keys) && e->setting < 0; i++)
		if (strcmp(k, setting_keys[i].json) == 0)
			e->setting = (signed char)i;
	e->elapsed = strcmp(k, "elapsed_time") == 0;
	e->resume = strcmp(k, "resume") == 0 || strcmp(k, "resumed") == 0;
}

/* Fill cache entry e for key k (NUL-terminated, shorter than KEY_MAX). */
static void key_info(const char *k, jl_key *e)
{
	snprintf(e->key, sizeof e->key, "%s", k);
	dt_metric_canonical(k, e->metric, sizeof e->metric);
	e->kind = key_kind(k, e->metric);
	key_roles(k, e);
	e->sidx = NO_SERIES;
}

/* Unsigned decimal at *p (at most 9 digits); -1 when none. */
static long long digits(const char **p)
{
	long long v = 0;
	int n = 0;
	while (**p >= '0' && **p <= '9' && n < 9) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n ? v : -1;
}

/* Seconds from "H:MM:SS" or "N day(s), H:MM:SS"; -1 when unparsable. */
static long long parse_elapsed(const char *s)
{
	long long days = 0;
	const char *comma = strchr(s, ',');
	if (comma) {
		if ((days = digits(&s)) < 0)
			return -1;
		s = comma + 1;
		while (*s == ' ')
			s++;
	}
	long long h = digits(&s);
	if (h < 0 || *s++ != ':')
		return -1;
	long long m = digits(&s);
	if (m < 0 || m > 59 || *s++ != ':')
		return -1;
	long long sec = digits(&s);
	if (sec < 0 || sec > 60 || *s != '\0')
		return -1;
	return days * 86400 + h * 3600 + m * 60 + sec;
}

static int jl_fail(jl_ctx *c, const char *what)
{
	snprintf(c->err, c->errlen, "%s:%zu: %s", c->src->path, c->line, what);
	return -1;
}

/* Cache slot of a key (created on first sight); -1 when the cache is full
 * or the key is too long (then the caller resolves it every time). */
static int key_slot(jl_ctx *c, const char *k, size_t klen)
{
	if (c->hint < c->nkeys && strcmp(c->keys[c->hint].key, k) == 0)
		return (int)c->hint++;
	for (size_t i = 0; i < c->nkeys; i++) {
		if (strcmp(c->keys[i].key, k) == 0) {
			c->hint = i + 1;
			return (int)i;
		}
	}
	if (c->nkeys == CACHE_MAX || klen >= KEY_MAX || strlen(k) != klen)
		return -1;
	key_info(k, &c->keys[c->nkeys]);
	c->known[c->nkeys] = (dt_jkey){NULL, 0, 0};
	if (dt_jr_key_plain(k, klen))
		c->known[c->nkeys] = (dt_jkey){c->keys[c->nkeys].key, klen,
		                               dt_jr_key_hash(k, klen)};
	c->hint = c->nkeys + 1;
	return (int)c->nkeys++;
}

/* One pass over the line's keys: each member's cache slot (c->slot_of:
 * found here, or given by the fast path when `known`) and the values
 * with a role (*ln). Returns 0 or -1 (ENOMEM). */
static int scan_line(jl_ctx *c, jl_line *ln, int known)
{
	const dt_jobj *o = &c->obj;
	memset(ln, 0, sizeof *ln);
	if (!known && o->n > c->slotcap) {
		size_t cap = o->n * 2;
		int *p = realloc(c->slots, cap * sizeof *p);
		if (!p)
			return -1;
		c->slots = p;
		c->slotcap = cap;
	}
	c->slot_of = known ? c->known_slots : c->slots;
	c->hint = 0;
	for (size_t i = 0; i < o->n; i++) {
		const dt_jmember *m = &o->m[i];
		int slot = known ? c->known_slots[i] : key_slot(c, m->key, m->klen);
		jl_key tmp, *e = &tmp;
		if (!known)
			c->slots[i] = slot;
		if (slot >= 0)
			e = &c->keys[slot];
		else
			key_roles(m->key, &tmp); /* not cached: looked up each time */
		if (e->step >= 0)
			ln->step[e->step] = &m->v;
		if (e->time >= 0)
			ln->time[e->time] = &m->v;
		if (e->id >= 0)
			ln->id[e->id] = &m->v;
		if (e->rkind >= 0)
			ln->kind[e->rkind] = &m->v;
		if (e->setting >= 0)
			ln->setting[e->setting] = &m->v;
		if (e->fp >= 0 && !ln->fp[e->fp])
			ln->fp[e->fp] = &m->v;
		if (e->elapsed)
			ln->elapsed = &m->v;
		ln->resume_key |= e->resume;
	}
	return 0;
}

/* The step of a line: 1 + the index in step_keys of the key it came
 * from, or 0 when the line has none; *bad: the first step key present
 * whose value is no whole number (NULL when none). */
static int find_step(const jl_line *ln, int64_t *step, const char **bad)
{
	*bad = NULL;
	for (size_t i = 0; i < N_OF(step_keys); i++)
		if (ln->step[i]) {
			if (dt_jval_step(ln->step[i], step) == 0)
				return (int)i + 1;
			if (!*bad)
				*bad = step_keys[i];
		}
	return 0;
}

/* Kind of member i, through the cache when possible. */
static int kind_of(jl_ctx *c, size_t i)
{
	char metric[KEY_MAX];
	int slot = c->slot_of[i];
	if (slot >= 0)
		return c->keys[slot].kind;
	dt_metric_canonical(c->obj.m[i].key, metric, sizeof metric);
	return key_kind(c->obj.m[i].key, metric);
}

/* A string value of a known metric key that is not a number ("loss":
 * "abc") is counted; other keys may hold any text (names, dates). */
static void check_string(jl_ctx *c, const char *key, const dt_jval *val)
{
	char metric[KEY_MAX];
	if (val->type != DT_JSTRING ||
	    dt_metric_canonical(key, metric, sizeof metric) <= 0)
		return;
	dt_skipval_add(&c->skip, c->line, key, val->s, val->slen);
}

/* null, true or false where a metric's number goes ("loss": null, as
 * pandas writes NaN) is counted with the strings (dt_skipval): null for
 * any key that is a metric (not a step, time, id, kind or resume key),
 * true / false for a known metric only (a flag such as "resumed": true is
 * no value). Objects and arrays are not values (a config). */
static void check_literal(jl_ctx *c, size_t i, int kind)
{
	const dt_jmember *m = &c->obj.m[i];
	static const char *const text[] = {"null", "false", "true"};
	int t = m->v.type;
	if ((t != DT_JNULL && t != DT_JFALSE && t != DT_JTRUE) ||
	    (kind != KEY_METRIC && kind != KEY_EPOCH))
		return;
	int slot = c->slot_of[i];
	jl_key tmp, *e = &tmp;
	char metric[KEY_MAX];
	if (slot >= 0)
		e = &c->keys[slot];
	else
		key_roles(m->key, &tmp);
	if (e->time >= 0 || e->id >= 0 || e->rkind >= 0 || e->resume ||
	    e->setting >= 0)
		return;
	if (t != DT_JNULL &&
	    dt_metric_canonical(m->key, metric, sizeof metric) <= 0)
		return;
	const char *s = text[t == DT_JNULL ? 0 : t == DT_JFALSE ? 1 : 2];
	dt_skipval_add(&c->skip, c->line, m->key, s, strlen(s));
}

/* Values of the line; returns how many, sets *non_epoch. */
static size_t collect(jl_ctx *c, jl_val *vals, int *non_epoch)
{
	size_t n = 0;
	*non_epoch = 0;
	for (size_t i = 0; i < c->obj.n; i++) {
		const dt_jmember *m = &c->obj.m[i];
		double d;
		int kind = kind_of(c, i);
		if (n == LINE_VALS || kind == KEY_SKIP ||
		    (kind == KEY_SKIP_STR && m->v.type == DT_JSTRING))
			continue;
		if (dt_jval_number(&m->v, &d) < 0) {
			check_string(c, m->key, &m->v);
			check_literal(c, i, kind);
			continue;
		}
		if (kind != KEY_EPOCH)
			*non_epoch = 1;
		vals[n].key = m->key;
		vals[n].cache = c->slot_of[i];
		vals[n].v = d;
		n++;
	}
	return n;
}

/* Where a new metric name was read: the file and line. */
#define NAME_AT(c) ((dt_name_at){(c)->src->path, NULL, (c)->line})

static dt_rawseries *series_for(jl_ctx *c, const jl_val *jv)
{
	if (jv->cache < 0) {
		char metric[KEY_MAX];
		dt_metric_canonical(jv->key, metric, sizeof metric);
		return dt_rawlog_series_at(c->log, metric, NAME_AT(c));
	}
	jl_key *e = &c->keys[jv->cache];
	if (e->sidx == NO_SERIES) {
		dt_rawseries *s = dt_rawlog_series_at(c->log, e->metric,
		                                      NAME_AT(c));
		if (!s)
			return NULL;
		e->sidx = (size_t)(s - c->log->series);
	}
	return &c->log->series[e->sidx];
}

static int check_elapsed(jl_ctx *c, const jl_line *ln)
{
	if (!ln->elapsed || ln->elapsed->type != DT_JSTRING)
		return 0;
	long long t = parse_elapsed(ln->elapsed->s);
	if (t < 0)
		return 0;
	c->has_elapsed = 1;
	long long prev = c->prev_elapsed;
	c->prev_elapsed = t;
	if (prev < 0 || t >= prev || (prev - t <= 30 && t * 4 >= prev))
		return 0;
	dt_rawlog_warn(c->log, "%s:%zu: elapsed_time drops from %lld s to %lld s: "
	               "a new process (resume); new segment", c->src->path,
	               c->line, prev, t);
	return dt_rawlog_launch(c->log, DT_LAUNCH_ELAPSED_RESET, c->line, -1,
	                        NULL);
}

/* A wall-time gap well beyond the usual interval (wallgap.h): the first
 * time key holding a number. */
static int check_wall_gap(jl_ctx *c, const jl_line *ln)
{
	for (size_t i = 0; i < N_OF(time_keys); i++) {
		if (!ln->time[i] || ln->time[i]->type != DT_JNUMBER)
			continue;
		return dt_wallgap_check(&c->clock, ln->time[i]->d, c->log,
		                        c->src->path, c->line, time_keys[i]) < 0
		       ? -1 : 0;
	}
	return 0;
}

/* Text of an id value as json-c gave it: a string as is, an integer in
 * decimal, a double as written, true / false. */
static void id_text(const dt_jval *v, char *out, size_t outlen)
{
	switch (v->type) {
	case DT_JSTRING:
		snprintf(out, outlen, "%s", v->s);
		break;
	case DT_JNUMBER:
		if (v->is_int)
			snprintf(out, outlen, "%lld", (long long)v->i);
		else
			snprintf(out, outlen, "%.*s", (int)v->rawlen, v->raw);
		break;
	default:
		snprintf(out, outlen, "%s", v->type == DT_JTRUE ? "true" : "false");
		break;
	}
}

/* A launch / attempt id that changes (number or string). */
static int check_launch_id(jl_ctx *c, const jl_line *ln)
{
	for (size_t i = 0; i < N_OF(id_keys); i++) {
		const dt_jval *v = ln->id[i];
		if (!v || v->type == DT_JNULL || v->type == DT_JOBJECT ||
		    v->type == DT_JARRAY)
			continue;
		char id[64];
		id_text(v, id, sizeof id);
		int changed = c->have_launch_id && strcmp(id, c->launch_id) != 0;
		snprintf(c->launch_id, sizeof c->launch_id, "%s", id);
		c->have_launch_id = 1;
		if (!changed)
			return 0;
		return dt_rawlog_launch(c->log, DT_LAUNCH_ID, c->line, -1,
		                        id_keys[i]);
	}
	return 0;
}

/* Record kinds that carry training metrics. */
static int metric_kind(const char *k)
{
	static const char *const ok[] = {"train", "training", "metrics",
	                                 "metric", "eval", "log", "train_log"};
	return in_list(k, ok, sizeof ok / sizeof ok[0]);
}

static int contains_ci(const char *s, const char *needle)
{
	size_t n = strlen(needle);
	for (; *s; s++)
		if (strncasecmp(s, needle, n) == 0)
			return 1;
	return 0;
}

/* Checkpoint step a resume record names: an integral checkpoint_step,
 * resume_step, global_step or step key, else a step in a checkpoint /
 * path text; -1 when none. */
static int64_t record_ckpt(const dt_jobj *obj)
{
	static const char *const nk[] = {"checkpoint_step", "resume_step",
	                                  "resumed_from_step", "global_step",
	                                  "step"};
	static const char *const tk[] = {"checkpoint", "checkpoint_path",
	                                  "resume_from_checkpoint", "path"};
	const dt_jval *v;
	int64_t st;
	for (size_t i = 0; i < N_OF(nk); i++)
		if ((v = dt_jobj_get(obj, nk[i])) != NULL &&
		    dt_jval_step(v, &st) == 0 && st >= 0)
			return st;
	for (size_t i = 0; i < N_OF(tk); i++)
		if ((v = dt_jobj_get(obj, tk[i])) != NULL && v->type == DT_JSTRING)
			return dt_resume_step_in(v->s);
	return -1;
}

/* A record that is not a data row: an `event` key, or a `type` / `kind`
 * that is not a metrics kind, or a `resume` / `resumed` key. Returns 1
 * (handled: a resume record became launch evidence), 0 (a data row), -1
 * on ENOMEM. */
static int event_record(jl_ctx *c, const jl_line *ln)
{
	const char *name = NULL;
	for (size_t i = 0; i < N_OF(kind_keys) && !name; i++)
		if (ln->kind[i] && ln->kind[i]->type == DT_JSTRING &&
		    (i == 0 || !metric_kind(ln->kind[i]->s)))
			name = ln->kind[i]->s;
	int resume_key = ln->resume_key;
	if (!name && !resume_key)
		return 0;
	if (c->nevents++ == 0)
		c->event_first = c->line;
	if (name && !strstr(c->event_names, name) &&
	    strlen(c->event_names) + strlen(name) + 3 < sizeof c->event_names)
		snprintf(c->event_names + strlen(c->event_names),
		         sizeof c->event_names - strlen(c->event_names), "%s%s",
		         c->event_names[0] ? ", " : "", name);
	if (resume_key || (name && contains_ci(name, "resum")) ||
	    (name && contains_ci(name, "restart")))
		return dt_rawlog_launch(c->log, DT_LAUNCH_MARKER, c->line,
		                        record_ckpt(&c->obj), "jsonl_resume_record")
		       < 0 ? -1 : 1;
	return 1;
}

/* The run settings a data record states (integers > 0), for the current
 * launch, before its points (rawlog.h). Returns 0 or -1 on ENOMEM. */
static int record_settings(jl_ctx *c, const jl_line *ln)
{
	for (size_t i = 0; i < N_OF(setting_keys); i++) {
		const dt_jval *v = ln->setting[i];
		if (!v || v->type != DT_JNUMBER || !v->is_int)
			continue;
		if (dt_rawlog_setting(c->log, setting_keys[i].key, v->i,
		                      c->line) < 0)
			return -1;
	}
	return 0;
}

/* The batch fingerprint the line states (fingerprint.h): a string, or
 * an integer as written. Returns 1 and sets *v, else 0. */
static int line_fingerprint(const jl_line *ln, double *v)
{
	for (size_t i = 0; i < N_OF(fp_keys); i++) {
		const dt_jval *x = ln->fp[i];
		if (x && x->type == DT_JSTRING && x->slen) {
			*v = dt_fingerprint_value(x->s, x->slen);
			return 1;
		}
		if (x && x->type == DT_JNUMBER && x->is_int) {
			*v = dt_fingerprint_value(x->raw, x->rawlen);
			return 1;
		}
	}
	return 0;
}

/* Push the points of the line just read (c->obj; `known`: by the fast
 * path, its members' cache slots in c->known_slots). */
static int do_object(jl_ctx *c, int known)
{
	jl_val vals[LINE_VALS];
	jl_line ln;
	int non_epoch;
	if (scan_line(c, &ln, known) < 0 || check_elapsed(c, &ln) < 0 ||
	    check_wall_gap(c, &ln) < 0 || check_launch_id(c, &ln) < 0)
		return jl_fail(c, "out of memory");
	int ev = event_record(c, &ln);
	if (ev < 0)
		return jl_fail(c, "out of memory");
	if (ev)
		return 0;
	size_t n = collect(c, vals, &non_epoch);
	double fp;
	int has_fp = line_fingerprint(&ln, &fp);
	if (!non_epoch && !has_fp)
		return 0;
	int64_t step;
	const char *bad;
	int step_key = find_step(&ln, &step, &bad);
	if (!step_key && bad) {
		if (c->badstep_lines++ == 0) {
			c->badstep_first = c->line;
			c->badstep_key = bad;
		}
		return 0;
	}
	if (!step_key) {
		if (c->nostep_lines++ == 0)
			c->nostep_first = c->line;
		return 0;
	}
	if (has_fp) {
		dt_rawseries *s = dt_rawlog_series(c->log, DT_FINGERPRINT_METRIC);
		if (!s || dt_rawseries_push(s, step, fp) < 0)
			return jl_fail(c, "out of memory");
	}
	if (!non_epoch)
		return 0;
	c->metric_lines++;
	/* LLaMA-Factory's record: current_steps (step_keys[0]) beside
	 * total_steps (setting_keys[0]) */
	if (step_key == 1 && ln.setting[0])
		c->llamafactory_lines++;
	else
		c->other_step_lines++;
	if (record_settings(c, &ln) < 0)
		return jl_fail(c, "out of memory");
	for (size_t i = 0; i < n; i++) {
		dt_rawseries *s = series_for(c, &vals[i]);
		if (!s || dt_rawseries_push(s, step, vals[i].v) < 0)
			return jl_fail(c, "out of memory");
	}
	return 0;
}

static int only_blanks(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
			return 0;
	return 1;
}

/* A line that does not read as JSON: skipped with a warning when it is
 * the last one and has no newline (a writer killed mid-line), else an
 * error naming the column. */
static int bad_line(jl_ctx *c, const dt_jreader *r, size_t n,
                    int last_unterminated)
{
	if (last_unterminated) {
		if (dt_warn_last_line_cut(c->log, c->src->path, c->line, NULL) < 0)
			return jl_fail(c, "out of memory");
		return 0;
	}
	size_t off = r->err_what ? r->err_off : n;
	char msg[160];
	snprintf(msg, sizeof msg, "invalid JSON at column %zu: %s", off + 1,
	         off >= n ? "line ends inside the object" : r->err_what);
	return jl_fail(c, msg);
}

/* Parse one line p[0..n). `last_unterminated`: the file ends here without
 * a newline. */
static int do_line(jl_ctx *c, const char *p, size_t n, int last_unterminated)
{
	dt_jreader r;
	if (only_blanks(p, n))
		return 0;
	dt_jr_init(&r, p, n);
	int c0 = dt_jr_peek(&r);
	if (c0 != '{') {
		if (c0 >= 0 && dt_jr_skip(&r) == 0)
			return jl_fail(c, "expected one JSON object per line");
		return bad_line(c, &r, n, last_unterminated);
	}
	int rc = dt_jr_object(&r, &c->obj);
	if (rc == -2)
		return jl_fail(c, "out of memory");
	if (rc < 0)
		return bad_line(c, &r, n, last_unterminated);
	if (c->obj.ndup && c->dup_lines++ == 0) { /* finish() warns */
		c->dup_first = c->line;
		dt_text_escape_hidden(c->obj.m[c->obj.dup].key, c->dup_key,
		                      sizeof c->dup_key);
	}
	if (!only_blanks(p + r.pos, n - r.pos)) {
		char msg[96];
		snprintf(msg, sizeof msg, "unexpected text after the JSON object "
		         "at column %zu", r.pos + 1);
		return jl_fail(c, msg);
	}
	return do_object(c, 0);
}

static void finish(jl_ctx *c, dt_rawlog *to)
{
	dt_rawlog *log = c->log;
	const char *path = c->src->path;
	if (c->nostep_lines)
		dt_rawlog_warn(to, "%s:%zu: %zu line(s) with metrics but no step key "
		               "(current_steps, step, global_step, iteration, _step) "
		               "skipped", path, c->nostep_first, c->nostep_lines);
	if (c->badstep_lines)
		dt_rawlog_warn(to, "%s:%zu: %zu line(s) with metrics skipped: step "
		               "key '%s' not a whole number", path, c->badstep_first, c->badstep_lines,
		               c->badstep_key);
	dt_skipval_warn(&c->skip, to, path);
	if (c->dup_lines) {
		char k[160];
		dt_sanitize(c->dup_key, k, sizeof k);
		dt_rawlog_warn(to, "%s:%zu: %zu record(s) with a key written twice "
		               "(first: '%s'): the last value of that key is read, "
		               "as json-c and Python read it", path, c->dup_first,
		               c->dup_lines, k);
	}
	if (c->nevents)
		dt_rawlog_note(to, "%s:%zu: %zu event record(s) (%s) are not data "
		               "rows: their numbers are not curve points", path,
		               c->event_first, c->nevents, c->event_names);
	if (c->metric_lines == 0)
		dt_rawlog_warn(to, "%s: no line holds a loss or other metric (a "
		               "prediction-only run?): no training curve", path);
	for (size_t i = 0; c->has_elapsed && i < log->nseries; i++)
		log->series[i].sort_within_segment = 1;
	/* LLaMA-Factory's LogCallback (src/llamafactory/train/callbacks.py)
	 * writes current_steps = state.global_step and total_steps =
	 * state.max_steps of the HF Trainer it runs in: the optimizer update
	 * count, so --grad-accum does not apply (import.c). Seen in the
	 * corpus (shared/corpus/SOURCES.md): the Mistral-7B LoRA run with
	 * gradient_accumulation_steps 4 logs current_steps 10..8660 with
	 * total_steps 8660, the same steps as that run's trainer_state.json. */
	/* Its step base follows: the HF Trainer's global_step is 1 after the
	 * first optimizer update (the corpus file's first current_steps is
	 * 10 with logging_steps 10, as its trainer_state.json's first step),
	 * so the steps are kept as logged and the report says why. */
	if (c->llamafactory_lines && !c->other_step_lines) {
		dt_rawlog *both[] = {log, to};
		for (int k = 0; k < (to != log ? 2 : 1); k++) {
			snprintf(both[k]->updates_by, sizeof both[k]->updates_by,
			         "LLaMA-Factory");
			snprintf(both[k]->step_source, sizeof both[k]->step_source,
			         "optimizer step (JSON key current_steps)");
			snprintf(both[k]->step_base_rule,
			         sizeof both[k]->step_base_rule, "as logged: "
			         "LLaMA-Factory logs the HF Trainer's update count "
			         "(1-based)");
		}
	}
}

static void *jsonl_begin(const dt_import_opts *opts, dt_rawlog *out)
{
	(void)opts;
	jl_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->log = out;
	c->prev_elapsed = -1;
	snprintf(out->step_source, sizeof out->step_source,
	         "logged step (JSON key current_steps/step/global_step)");
	return c;
}

static int jsonl_feed(void *ps, const dt_source *src, size_t from, char *err,
                      size_t errlen)
{
	jl_ctx *c = ps;
	c->src = src;
	c->err = err;
	c->errlen = errlen;
	int rc = 0;
	const char *p = src->data + from, *end = src->data + src->len;
	if (from == 0)
		p += dt_utf8_bom_len(p, src->len);
	while (rc == 0 && p < end) {
		dt_source_release(src, (size_t)(p - src->data));
		/* the fast path first: a line of known keys and scalar values,
		 * read up to and with its newline */
		dt_jreader r;
		dt_jr_init(&r, p, (size_t)(end - p));
		int k = dt_jr_object_known(&r, &c->obj, c->known, c->nkeys,
		                           c->known_slots, &c->known_hint);
		if (k != 0) {
			c->line++;
			rc = k < 0 ? jl_fail(c, "out of memory") : do_object(c, 1);
			p += r.pos;
			continue;
		}
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		c->line++;
		rc = do_line(c, p, n, nl == NULL);
		p += n + (nl != NULL);
	}
	return rc;
}

static int jsonl_end(void *ps, const dt_source *src, dt_rawlog *to,
                     char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	jl_ctx *c = ps;
	c->src = src;
	finish(c, to);
	return 0;
}

static void jsonl_free(void *ps)
{
	jl_ctx *c = ps;
	if (!c)
		return;
	dt_jobj_free(&c->obj);
	free(c->slots);
	free(c);
}

static int jsonl_parse(const dt_source *src, const dt_import_opts *opts,
                       dt_rawlog *out, char *err, size_t errlen)
{
	return dt_parse_in_steps(&dt_imp_jsonl, src, opts, out, err, errlen);
}

/* First non-blank line of head: [*line, *line + *n). */
static int first_line(const char *head, size_t len, const char **line, size_t *n)
{
	size_t i = dt_utf8_bom_len(head, len);
	while (i < len && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' ||
	                   head[i] == '\n'))
		i++;
	if (i == len)
		return 0;
	const char *nl = memchr(head + i, '\n', len - i);
	*line = head + i;
	*n = nl ? (size_t)(nl - (head + i)) : len - i;
	return 1;
}

/* Does head[0..len) contain the NUL-terminated text t? */
static int has_text(const char *head, size_t len, const char *t)
{
	size_t m = strlen(t);
	for (const char *p = head; m <= len - (size_t)(p - head);) {
		const char *hit = memchr(p, t[0], len - (size_t)(p - head) - m + 1);
		if (!hit)
			return 0;
		if (memcmp(hit, t, m) == 0)
			return 1;
		p = hit + 1;
	}
	return 0;
}

/* Lines of head that start (after blanks) with {" . */
static size_t object_lines(const char *head, size_t len)
{
	size_t count = 0;
	const char *p = head, *end = head + len;
	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && p[0] == '{' && p[1] == '"')
			count++;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	return count;
}

/* A W&B wandb-summary.json (final values only, imp_wandb.c): by name,
 * or a one-object file with W&B's "_wandb" / "_runtime" keys. */
static int is_wandb_summary(const char *name, const char *head, size_t len)
{
	if (dt_wandb_summary_name(name))
		return 1;
	return object_lines(head, len) == 1 &&
	       (has_text(head, len, "\"_wandb\"") ||
	        has_text(head, len, "\"_runtime\""));
}

static int jsonl_detect(const char *name, const char *head, size_t len)
{
	const char *line;
	size_t n;
	if (!first_line(head, len, &line, &n) || n < 2 || line[0] != '{' ||
	    (line[1] != '"' && line[1] != '}'))
		return 0;
	if (has_text(head, len, ":::MLLOG"))
		return 0;
	if (is_wandb_summary(name, head, len))
		return 0;
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\r' || line[n - 1] == '\t'))
		n--;
	int complete_line = line[n - 1] == '}';
	int cut_by_head = line + n >= head + len;
	if (!complete_line && !cut_by_head)
		return 0;
	size_t nl = name ? strlen(name) : 0;
	int jsonl_name = nl > 6 && strcmp(name + nl - 6, ".jsonl") == 0;
	size_t objs = object_lines(head, len);
	if (objs >= 2)
		return jsonl_name ? 95 : 85;
	return jsonl_name ? 80 : 40;
}

/* The JSON-lines importer (declared in importer.h). detect: 80-95 when the
 * first non-blank line is a one-line JSON object starting with {" (not a
 * pretty-printed document, not a Python dict, no ":::MLLOG" lines, never a
 * W&B wandb-summary.json, which holds no curve); 40 for
 * a single such line in a file not named *.jsonl; else 0. */
const dt_importer dt_imp_jsonl = {
	.name = "jsonl",
	.description = "JSON lines: LLaMA-Factory trainer_log.jsonl and other "
	               "one-object-per-line metric logs",
	.detect = jsonl_detect,
	.parse = jsonl_parse,
	.step_begin = jsonl_begin,
	.step_feed = jsonl_feed,
	.step_end = jsonl_end,
	.step_free = jsonl_free,
};
