/* imp_hf_state.c: Hugging Face Trainer trainer_state.json (LOG-FORMATS.md
 * section 1; also optimum-neuron's NeuronTrainer, LLaMA-Factory, TRL).
 *
 * One JSON object, read as a stream (importers/jsonpull.h, which accepts
 * the NaN/Infinity tokens Python writes): no tree of the document, one
 * log_history entry in memory at a time, the mapped file's pages given
 * back as the parse moves on. Its log_history list holds three kinds of
 * entries, told apart by their keys:
 *  - final summary (has train_runtime, or train_loss without loss): not a
 *    curve point; skipped with a warning giving its step and train_loss;
 *  - eval entries (any key starting with "eval_"): only the eval_* keys
 *    become points (eval_loss, eval_runtime, eval_mean_token_accuracy...),
 *    so epoch is not logged twice at one step;
 *  - train entries: loss, learning_rate -> lr, grad_norm, epoch and every
 *    other numeric key under its dt_metric_canonical name (TRL's
 *    "rewards/chosen", "mean_token_accuracy"...).
 * The step of every point is the entry's `step` key (optimizer step, after
 * gradient accumulation). Entries without an integral step are skipped
 * with a warning. Values: numbers (NaN/inf kept), strings holding a
 * number ("0.00"); null and other strings are missing values, skipped.
 * Both the 2023 schema (no grad_norm) and the newer one are read; nothing
 * else at the top level is needed (logging_steps is not stored), except
 * that global_step < max_steps gives a warning (unfinished run or a
 * checkpoint-N state).
 * Errors: invalid JSON names FILE:LINE (and the byte offset); a top level
 * that is not an object with a log_history list is an error. An empty
 * log_history returns 0 with a warning and no series. A key written twice
 * counts with its last value (as json-c, the earlier parser, did): a
 * second log_history list replaces the first. Bytes after the document
 * are ignored (as before). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "importers/importer.h"
#include "importers/jsonpull.h"
#include "importers/source.h"
#include "model/util/num.h"

#define METRIC_MAX DT_METRIC_BUF
#define CACHE_MAX 64

/* A key seen before and the series its values go to (entries repeat the
 * same few keys in the same order). */
typedef struct hs_key {
	char key[METRIC_MAX];
	size_t klen;
	size_t sidx;  /* index in log->series */
} hs_key;

typedef struct hs_ctx {
	const dt_source *src;
	dt_rawlog *log;
	size_t summaries, nostep, nostep_first, points_entries, nentries;
	hs_key keys[CACHE_MAX];
	size_t nkeys, hint; /* hint: the slot after the last one found */
} hs_ctx;

static int key_is(const dt_jmember *m, const char *k, size_t kl)
{
	return m->klen == kl && memcmp(m->key, k, kl) == 0;
}

#define KEY_IS(m, lit) key_is((m), lit, sizeof lit - 1)

/* What one pass over an entry's keys tells. */
typedef struct hs_keys {
	const dt_jval *step, *train_loss;
	int train_runtime, loss, eval;
} hs_keys;

static void scan_keys(const dt_jobj *e, hs_keys *k)
{
	memset(k, 0, sizeof *k);
	for (size_t i = 0; i < e->n; i++) {
		const dt_jmember *m = &e->m[i];
		if (KEY_IS(m, "step"))
			k->step = &m->v;
		else if (KEY_IS(m, "train_loss"))
			k->train_loss = &m->v;
		else if (KEY_IS(m, "train_runtime"))
			k->train_runtime = 1;
		else if (KEY_IS(m, "loss"))
			k->loss = 1;
		else if (m->klen >= 5 && memcmp(m->key, "eval_", 5) == 0)
			k->eval = 1;
	}
}

static void note_summary(hs_ctx *c, const hs_keys *k, int64_t step)
{
	double tl = NAN;
	if (k->train_loss)
		dt_jval_number(k->train_loss, &tl);
	c->summaries++;
	dt_rawlog_note(c->log, "%s: final summary entry at step %lld (train_loss "
	               "%g) is not a curve point; skipped", c->src->path,
	               (long long)step, tl);
}

static int same_key(const hs_key *k, const dt_jmember *m)
{
	return k->klen == m->klen && memcmp(k->key, m->key, m->klen) == 0;
}

/* The series of key m->key: through the cache, else by its canonical
 * metric name (then cached when there is room). NULL on ENOMEM. */
static dt_rawseries *series_of(hs_ctx *c, const dt_jmember *m)
{
	size_t i = c->hint;
	if (i >= c->nkeys || !same_key(&c->keys[i], m))
		for (i = 0; i < c->nkeys && !same_key(&c->keys[i], m); i++)
			;
	if (i < c->nkeys) {
		c->hint = i + 1;
		return &c->log->series[c->keys[i].sidx];
	}
	char metric[METRIC_MAX];
	dt_metric_canonical(m->key, metric, sizeof metric);
	dt_rawseries *s = dt_rawlog_series_at(c->log, metric, (dt_name_at){
		c->src->path, "log_history entry", c->nentries});
	if (s && c->nkeys < CACHE_MAX && m->klen < METRIC_MAX &&
	    strlen(m->key) == m->klen) {
		hs_key *k = &c->keys[c->nkeys++];
		memcpy(k->key, m->key, m->klen + 1);
		k->klen = m->klen;
		k->sidx = (size_t)(s - c->log->series);
		c->hint = c->nkeys;
	}
	return s;
}

/* Push the points of one train or eval entry. Returns 0 or -1 (ENOMEM). */
static int push_entry(hs_ctx *c, const dt_jobj *e, int64_t step, int eval)
{
	int any = 0;
	c->hint = 0;
	for (size_t i = 0; i < e->n; i++) {
		const dt_jmember *m = &e->m[i];
		double d;
		if (KEY_IS(m, "step") || (eval && strncmp(m->key, "eval_", 5) != 0))
			continue;
		if (dt_jval_number(&m->v, &d) < 0)
			continue;
		dt_rawseries *s = series_of(c, m);
		if (!s || dt_rawseries_push(s, step, d) < 0)
			return -1;
		any = 1;
	}
	c->points_entries += (size_t)any;
	return 0;
}

static int do_entry(hs_ctx *c, const dt_jobj *e, size_t idx)
{
	int64_t step;
	hs_keys k;
	scan_keys(e, &k);
	if (!k.step || dt_jval_step(k.step, &step) < 0) {
		if (c->nostep++ == 0)
			c->nostep_first = idx;
		return 0;
	}
	if (k.train_runtime || (k.train_loss && !k.loss)) {
		note_summary(c, &k, step);
		return 0;
	}
	return push_entry(c, e, step, k.eval);
}

/* 1-based line of byte offset `off` in the source. */
static size_t line_of(const dt_source *src, size_t off)
{
	size_t line = 1;
	if (off > src->len)
		off = src->len;
	for (const char *p = src->data, *end = src->data + off;
	     (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		line++;
	return line;
}

static int syntax_error(const dt_source *src, const dt_jreader *r, char *err,
                        size_t errlen)
{
	size_t off = r->err_off;
	snprintf(err, errlen, "%s:%zu: invalid JSON at byte %zu: %s", src->path,
	         line_of(src, off), off,
	         off >= src->len ? "file ends inside the JSON document"
	                         : r->err_what ? r->err_what : "syntax error");
	return -1;
}

static void set_step_rules(dt_rawlog *out)
{
	snprintf(out->step_source, sizeof out->step_source,
	         "optimizer step (log_history 'step')");
	snprintf(out->step_base_rule, sizeof out->step_base_rule,
	         "as logged: HF Trainer logs the update count (1-based)");
	snprintf(out->updates_by, sizeof out->updates_by, "HF Trainer");
}

/* Stream the log_history list at the reader, one entry at a time.
 * Returns 0, -1 on a syntax error (in r), -2 on ENOMEM. */
static int read_history(hs_ctx *c, dt_jreader *r, dt_jobj *e)
{
	int first = 1, k;
	c->nentries = 0;
	r->pos++; /* the '[' seen by the caller */
	while ((k = dt_jr_element(r, &first)) == 1) {
		size_t idx = c->nentries++;
		if (r->data[r->pos] != '{') { /* not an entry: skipped */
			if (dt_jr_skip(r) < 0)
				return -1;
			continue;
		}
		int rc = dt_jr_object(r, e);
		if (rc < 0)
			return rc;
		if (do_entry(c, e, idx) < 0)
			return -2;
		dt_source_release(c->src, r->pos);
	}
	return k;
}

/* An integer top-level value (global_step, max_steps); -1 when the value
 * is anything else. */
static int read_int(dt_jreader *r, int64_t *out, int *have)
{
	dt_jval v;
	if (dt_jr_value(r, &v, NULL) < 0)
		return -1;
	*have = v.type == DT_JNUMBER && v.is_int;
	if (*have)
		*out = v.i;
	return 0;
}

static void final_warnings(hs_ctx *c)
{
	if (c->nostep)
		dt_rawlog_warn(c->log, "%s: %zu log_history entr%s without an integral "
		               "'step' skipped (first: entry %zu)", c->src->path,
		               c->nostep, c->nostep == 1 ? "y" : "ies", c->nostep_first);
	if (c->points_entries == 0)
		dt_rawlog_warn(c->log, "%s: log_history holds %zu entr%s and no "
		               "metric values: no training curve", c->src->path,
		               c->nentries, c->nentries == 1 ? "y" : "ies");
}

/* The top-level object's members: log_history streamed, global_step and
 * max_steps kept, everything else checked and skipped. Returns 0, -1 on a
 * syntax error (in r), -2 on ENOMEM; *hist: the last log_history value
 * was a list. */
static int read_top(hs_ctx *c, dt_jreader *r, dt_jobj *e, int *hist,
                    int64_t g_m[2], int have_g_m[2])
{
	char key[16];
	size_t klen;
	int first = 1, k, seen = 0;
	while ((k = dt_jr_member(r, &first, key, sizeof key, &klen)) == 1) {
		int rc;
		if (klen == 11 && strcmp(key, "log_history") == 0) {
			*hist = r->data[r->pos] == '[';
			if (!*hist) {
				rc = dt_jr_skip(r);
			} else {
				if (seen++) { /* the last list counts, as in json-c */
					dt_rawlog_free(c->log);
					dt_rawlog_init(c->log);
					set_step_rules(c->log);
					c->summaries = c->nostep = c->nostep_first = 0;
					c->points_entries = c->nkeys = c->hint = 0;
				}
				rc = read_history(c, r, e);
			}
		} else if (klen == 11 && strcmp(key, "global_step") == 0) {
			rc = read_int(r, &g_m[0], &have_g_m[0]);
		} else if (klen == 9 && strcmp(key, "max_steps") == 0) {
			rc = read_int(r, &g_m[1], &have_g_m[1]);
		} else {
			rc = dt_jr_skip(r);
		}
		if (rc < 0)
			return rc;
	}
	return k;
}

static int hf_state_parse(const dt_source *src, const dt_import_opts *opts,
                          dt_rawlog *out, char *err, size_t errlen)
{
	(void)opts;
	dt_jreader r;
	dt_jobj e = {0};
	hs_ctx c = {.src = src, .log = out};
	int hist = 0, have[2] = {0, 0};
	int64_t g_m[2] = {0, 0};
	dt_jr_init(&r, src->data, src->len);
	r.pos = dt_utf8_bom_len(src->data, src->len);
	set_step_rules(out);
	int c0 = dt_jr_peek(&r);
	if (c0 != '{') {
		if (c0 < 0 || dt_jr_skip(&r) < 0)
			return syntax_error(src, &r, err, errlen);
		snprintf(err, errlen, "%s:1: expected a JSON object with a "
		         "'log_history' list (HF trainer_state.json)", src->path);
		return -1;
	}
	r.pos++;
	int rc = read_top(&c, &r, &e, &hist, g_m, have);
	dt_jobj_free(&e);
	if (rc == -2) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	if (rc < 0)
		return syntax_error(src, &r, err, errlen);
	if (!hist) {
		snprintf(err, errlen, "%s:1: expected a JSON object with a "
		         "'log_history' list (HF trainer_state.json)", src->path);
		return -1;
	}
	if (have[0] && have[1] && g_m[0] < g_m[1])
		dt_rawlog_warn(out, "%s: global_step %lld < max_steps %lld: an "
		               "unfinished run or a checkpoint state", src->path,
		               (long long)g_m[0], (long long)g_m[1]);
	final_warnings(&c);
	return 0;
}

static int hf_state_detect(const char *name, const char *head, size_t len)
{
	size_t i = dt_utf8_bom_len(head, len);
	while (i < len && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' ||
	                   head[i] == '\n'))
		i++;
	if (i == len || head[i] != '{')
		return 0;
	static const char key[] = "\"log_history\"";
	size_t m = sizeof key - 1;
	for (const char *p = head + i; (size_t)(p - head) + m <= len; p++) {
		p = memchr(p, '"', len - (size_t)(p - head) - m + 1);
		if (!p)
			break;
		if (memcmp(p, key, m) == 0)
			return 98;
	}
	size_t nl = name ? strlen(name) : 0;
	const char *tail = "trainer_state.json";
	size_t tl = strlen(tail);
	return nl >= tl && strcmp(name + nl - tl, tail) == 0 ? 70 : 0;
}

/* The trainer_state.json importer (declared in importer.h). detect: 98
 * when the head is a JSON object with a "log_history" key, 70 for a file
 * named *trainer_state.json starting with {, else 0. */
const dt_importer dt_imp_hf_state = {
	.name = "hf-trainer-state",
	.description = "Hugging Face Trainer trainer_state.json (log_history)",
	.detect = hf_state_detect,
	.parse = hf_state_parse,
};
