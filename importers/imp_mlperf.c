/* imp_mlperf.c: MLPerf Training result logs (`:::MLLOG {json}` lines).
 *
 * Lines may be pure MLLOG or job stdout with rank prefixes; only the JSON
 * after ":::MLLOG " is read (LOG-FORMATS.md section 7). Points are keyed
 * by metadata.samples_count (tracked_stats: metadata.step, also samples)
 * and become effective steps = samples / global_batch_size (the logged
 * key, else --global-batch; a non-multiple rounds up and is counted).
 * train_loss -> loss; eval_accuracy -> eval_loss for llama2_70b_lora
 * (whose "accuracy" is an eval loss, target <= 0.925), else
 * eval_accuracy; tracked_stats {"throughput": x} -> throughput.
 * init_start..init_stop (time_ms) -> fact compile.init_seconds;
 * hyper-parameters -> facts mlperf.<key>.
 * A record whose JSON does not read is skipped and counted; on the file's
 * last line without a line end (a writer killed mid-line, or a file still
 * being written) it was cut, and is skipped with the warning of the JSON
 * lines and CSV importers ("FILE:LINE: last line truncated, skipped",
 * textline.h); a complete record there is read. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "importers/importer.h"
#include "importers/json_value.h"
#include "importers/textline.h"
#include "model/util/num.h"

enum { MP_LOSS, MP_EVAL, MP_THROUGHPUT, MP_NMETRIC };

typedef struct mp_point {
	int metric;        /* MP_* */
	int64_t samples;   /* samples_count as logged */
	double value;
} mp_point;

typedef struct mp_ctx {
	const dt_source *src;
	const dt_import_opts *opts;
	dt_rawlog *out;
	mp_point *pts;
	size_t n, cap;
	size_t lineno, nrecords, nbad, bad_line, nnosamples;
	int cut;                     /* the current line is the file's last and
	                              * has no line end */
	int64_t gbs;                 /* global_batch_size logged, 0 = none */
	int64_t init_start_ms, init_stop_ms;
	int eval_is_loss;            /* submission_benchmark llama2_70b_lora */
} mp_ctx;

/* Hyper-parameter keys kept as facts mlperf.<key>. */
static const char *const hyper_keys[] = {
	"global_batch_size", "gradient_accumulation_steps",
	"opt_base_learning_rate", "lora_rank", "lora_alpha", "seed",
	"train_samples", "eval_samples", "opt_learning_rate_training_steps",
	"submission_benchmark", "submission_org", "submission_platform",
	"submission_division", "submission_status", NULL
};

static int json_int_field(json_object *md, const char *key, int64_t *v)
{
	json_object *o;
	double d;
	if (!md || !json_object_object_get_ex(md, key, &o) ||
	    dt_json_number(o, &d) < 0 || !(d >= 0 && d < 9.0e18) || d != floor(d))
		return -1;
	*v = (int64_t)d;
	return 0;
}

static int push(mp_ctx *c, int metric, int64_t samples, double v)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		mp_point *p = realloc(c->pts, cap * sizeof *p);
		if (!p)
			return -1;
		c->pts = p;
		c->cap = cap;
	}
	c->pts[c->n++] = (mp_point){metric, samples, v};
	return 0;
}

static int hyper_fact(mp_ctx *c, const char *key, json_object *val)
{
	for (size_t i = 0; hyper_keys[i]; i++) {
		if (strcmp(key, hyper_keys[i]) != 0)
			continue;
		char fk[80];
		snprintf(fk, sizeof fk, "mlperf.%s", key);
		const char *s = json_object_is_type(val, json_type_string)
		                ? json_object_get_string(val)
		                : json_object_to_json_string(val);
		return dt_rawlog_fact(c->out, fk, "%s", s);
	}
	return 0;
}

/* One decoded MLLOG record. Returns 0 or -1 on ENOMEM. */
static int record(mp_ctx *c, json_object *o)
{
	json_object *jk, *val = NULL, *md = NULL, *t;
	if (!json_object_object_get_ex(o, "key", &jk) ||
	    !json_object_is_type(jk, json_type_string))
		return 0;
	const char *key = json_object_get_string(jk);
	json_object_object_get_ex(o, "value", &val);
	json_object_object_get_ex(o, "metadata", &md);
	c->nrecords++;
	int64_t samples, tms = 0;
	double v;
	if (json_object_object_get_ex(o, "time_ms", &t))
		tms = json_object_get_int64(t);
	if (strcmp(key, "init_start") == 0)
		c->init_start_ms = tms;
	else if (strcmp(key, "init_stop") == 0)
		c->init_stop_ms = tms;
	if (strcmp(key, "global_batch_size") == 0 && val &&
	    dt_json_number(val, &v) == 0 && v >= 1 && v < 1e12)
		c->gbs = (int64_t)v;
	if (strcmp(key, "submission_benchmark") == 0 && val &&
	    json_object_is_type(val, json_type_string))
		c->eval_is_loss = strcmp(json_object_get_string(val),
		                         "llama2_70b_lora") == 0;
	if (strcmp(key, "run_stop") == 0 && md &&
	    json_object_object_get_ex(md, "status", &t) &&
	    dt_rawlog_fact(c->out, "mlperf.status", "%s",
	                   json_object_get_string(t)) < 0)
		return -1;
	if (val && hyper_fact(c, key, val) < 0)
		return -1;
	int metric = strcmp(key, "train_loss") == 0 ? MP_LOSS
	           : strcmp(key, "eval_accuracy") == 0 ? MP_EVAL
	           : strcmp(key, "tracked_stats") == 0 ? MP_THROUGHPUT : -1;
	if (metric < 0)
		return 0;
	if (metric == MP_THROUGHPUT) {
		if (!val || !json_object_object_get_ex(val, "throughput", &val))
			return 0;
		if (json_int_field(md, "step", &samples) < 0 &&
		    json_int_field(md, "samples_count", &samples) < 0) {
			c->nnosamples++;
			return 0;
		}
	} else if (json_int_field(md, "samples_count", &samples) < 0) {
		c->nnosamples++;
		return 0;
	}
	if (!val || dt_json_number(val, &v) < 0)
		return 0;
	return push(c, metric, samples, v);
}

/* One line: the JSON after ":::MLLOG ", CR stripped. */
static int do_line(mp_ctx *c, const char *s, size_t len)
{
	const char *m = dt_find_bytes(s, len, ":::MLLOG ");
	if (!m)
		return 0;
	m += 9;
	size_t n = len - (size_t)(m - s);
	while (n && (m[n - 1] == '\r' || m[n - 1] == ' '))
		n--;
	json_tokener *tok = json_tokener_new();
	if (!tok)
		return -1;
	json_object *o = json_tokener_parse_ex(tok, m, (int)n);
	int ok = o && json_tokener_get_error(tok) == json_tokener_success &&
	         json_object_is_type(o, json_type_object);
	json_tokener_free(tok);
	int rc = 0;
	if (ok)
		rc = record(c, o);
	else if (c->cut)
		rc = dt_warn_last_line_cut(c->out, c->src->path, c->lineno, NULL);
	else if (c->nbad++ == 0)
		c->bad_line = c->lineno;
	json_object_put(o);
	return rc;
}

static const char *metric_name(const mp_ctx *c, int metric)
{
	if (metric == MP_LOSS)
		return DT_METRIC_LOSS;
	if (metric == MP_EVAL)
		return c->eval_is_loss ? DT_METRIC_EVAL_LOSS : "eval_accuracy";
	return "throughput";
}

/* Buffered points -> effective steps. */
static int emit(mp_ctx *c)
{
	int64_t gbs = c->gbs ? c->gbs : c->opts ? c->opts->global_batch : 0;
	size_t inexact = 0;
	if (gbs > 0) {
		snprintf(c->out->step_source, sizeof c->out->step_source,
		         "effective step = samples_count / global_batch_size %lld%s",
		         (long long)gbs, c->gbs ? " (logged)" : " (--global-batch)");
		snprintf(c->out->updates_by, sizeof c->out->updates_by,
		         "MLPerf samples_count / global batch");
	}
	else
		snprintf(c->out->step_source, sizeof c->out->step_source,
		         "samples_count (no global_batch_size logged)");
	for (size_t i = 0; i < c->n; i++) {
		const mp_point *p = &c->pts[i];
		int64_t step = p->samples;
		if (gbs > 0) {
			step = p->samples / gbs;
			if (p->samples % gbs) {
				step++;
				inexact++;
			}
		}
		dt_rawseries *s = dt_rawlog_series(c->out, metric_name(c, p->metric));
		if (!s || dt_rawseries_push(s, step, p->value) < 0)
			return -1;
	}
	if (c->gbs)
		c->out->global_batch = c->gbs;
	if (gbs <= 0 && c->n &&
	    dt_rawlog_warn(c->out, "%s: no global_batch_size logged and no "
	                   "--global-batch: steps are samples_count",
	                   c->src->path) < 0)
		return -1;
	if (inexact &&
	    dt_rawlog_warn(c->out, "%zu samples_count value(s) not a multiple "
	                   "of global_batch_size %lld: rounded up to the step "
	                   "that reached them", inexact, (long long)gbs) < 0)
		return -1;
	return 0;
}

static int final_facts(mp_ctx *c)
{
	dt_rawlog *o = c->out;
	if (c->init_start_ms && c->init_stop_ms >= c->init_start_ms &&
	    dt_rawlog_fact(o, "compile.init_seconds", "%.3f",
	                   (double)(c->init_stop_ms - c->init_start_ms) / 1000.0) < 0)
		return -1;
	if (c->eval_is_loss && dt_rawlog_find(o, DT_METRIC_EVAL_LOSS) &&
	    dt_rawlog_note(o, "llama2_70b_lora: eval_accuracy is an eval loss "
	                   "(target <= 0.925); stored as eval_loss") < 0)
		return -1;
	if (c->nbad &&
	    dt_rawlog_warn(o, "%s:%zu: %zu :::MLLOG line(s) with unreadable "
	                   "JSON skipped", c->src->path, c->bad_line, c->nbad) < 0)
		return -1;
	if (c->nnosamples &&
	    dt_rawlog_warn(o, "%zu metric record(s) without samples_count "
	                   "skipped", c->nnosamples) < 0)
		return -1;
	if (o->nseries == 0 &&
	    dt_rawlog_warn(o, "%s: %zu MLLOG record(s), none is train_loss, "
	                   "eval_accuracy or tracked_stats with samples_count",
	                   c->src->path, c->nrecords) < 0)
		return -1;
	return 0;
}

static int mp_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	mp_ctx c = {.src = src, .opts = opts, .out = out};
	const char *d = src->data;
	size_t i = 0;
	int rc = 0;
	while (i < src->len && rc == 0) {
		dt_source_release(src, i);
		const char *nl = memchr(d + i, '\n', src->len - i);
		size_t end = nl ? (size_t)(nl - d) : src->len;
		c.lineno++;
		c.cut = !nl;
		rc = do_line(&c, d + i, end - i);
		i = end + 1;
	}
	if (rc == 0)
		rc = emit(&c);
	if (rc == 0)
		rc = final_facts(&c);
	free(c.pts);
	if (rc < 0)
		snprintf(err, errlen, "%s:%zu: out of memory", src->path, c.lineno);
	return rc;
}

static int mp_detect(const char *name, const char *head, size_t len)
{
	(void)name;
	/* an MLLOG record: ":::MLLOG " then a JSON object's first key, at
	 * the start of a line or after a prefix (a rank "0: ", a time): not
	 * the words quoted in prose (a `:::MLLOG {json}` in a README) */
	static const char tag[] = ":::MLLOG {\"";
	const char *at = head, *end = head + len;
	while ((at = dt_find_bytes(at, (size_t)(end - at), tag)) != NULL) {
		char before = at > head ? at[-1] : '\n';
		if (before == '\n' || before == ' ' || before == '\t' ||
		    before == ':' || before == ']' || before == '>')
			return 95;
		at += sizeof tag - 1;
	}
	return 0;
}

const dt_importer dt_imp_mlperf = {
	.name = "mlperf",
	.description = "MLPerf Training result logs (:::MLLOG lines; steps = "
	               "samples_count / global_batch_size)",
	.detect = mp_detect,
	.parse = mp_parse,
};
