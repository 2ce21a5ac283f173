/* imp_tfevents.c: TensorBoard event files (TFRecord of tensorflow.Event).
 *
 * Event (tensorflow/core/util/event.proto): wall_time 1 (double), step 2
 * (int64), file_version 3 (string), summary 5. Summary.value 1: tag 1,
 * simple_value 2 (float), tensor 8 (TensorProto: dtype 1, tensor_shape 2,
 * tensor_content 4, float_val 5, double_val 6, int_val 7, string_val 8,
 * int64_val 10), metadata 9. LOG-FORMATS.md section 4.
 *
 * Every scalar tag becomes a metric: the loss tag (--loss-tag, else the
 * first of dt_tfevents_loss_tags present) becomes `loss`; other tags go
 * through dt_metric_canonical, keeping their own lower-cased name when
 * the canonical name is taken. A corrupt or truncated record ends the
 * read with a warning naming its byte offset; records before it are
 * kept. The HF `args/text_summary` JSON gives run facts. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "importers/importer.h"
#include "importers/pbwire.h"
#include "importers/tfevents.h"
#include "importers/tfrecord.h"

const char *const dt_tfevents_loss_tags[] = {
	"train/loss", "loss", "step loss", "step_loss", "reduced_train_loss",
	"lm loss", "lm_loss", "train_loss_step", "train/loss_step",
	"training_loss", "train_loss", NULL
};

typedef struct tb_ctx {
	const dt_source *src;
	dt_rawlog *out;
	size_t nrec, nbad_event, ntext, nnonscalar;
	size_t bad_event_off;   /* byte offset of the first undecodable event */
	size_t rec_off;         /* byte offset of the record being decoded */
} tb_ctx;

/* Scalar of a TensorProto: exactly one numeric value. Returns 1 with *v,
 * 2 for a text (string_val) tensor with *text and *tlen, 0 for anything
 * else (not a scalar), -1 when malformed. */
static int tensor_scalar(const uint8_t *d, size_t n, double *v,
                         const uint8_t **text, size_t *tlen)
{
	dt_pb r = dt_pb_reader(d, n);
	dt_pbfield f;
	int k, dtype = 0, nval = 0, nstr = 0;
	const uint8_t *content = NULL;
	size_t clen = 0;
	while ((k = dt_pb_next(&r, &f)) == 1) {
		if (f.num == 1 && f.wire == DT_PB_VARINT) {
			dtype = (int)f.v;
		} else if (f.num == 4 && f.wire == DT_PB_LEN) {
			content = f.data;
			clen = f.len;
		} else if (f.num == 5 && f.wire == DT_PB_LEN && f.len == 4) {
			*v = (double)dt_pb_float(&(dt_pbfield){.v = dt_pb_le32(f.data)});
			nval += 1;
		} else if (f.num == 5 && f.wire == DT_PB_LEN) {
			nval += (int)(f.len / 4) + 2; /* several: not a scalar */
		} else if (f.num == 5 && f.wire == DT_PB_I32) {
			*v = (double)dt_pb_float(&f);
			nval++;
		} else if (f.num == 6 && f.wire == DT_PB_LEN && f.len == 8) {
			*v = dt_pb_double(&(dt_pbfield){.v = dt_pb_le64(f.data)});
			nval++;
		} else if (f.num == 6 && f.wire == DT_PB_I64) {
			*v = dt_pb_double(&f);
			nval++;
		} else if ((f.num == 7 || f.num == 10) && f.wire == DT_PB_VARINT) {
			*v = f.num == 7 ? (double)(int32_t)f.v : (double)(int64_t)f.v;
			nval++;
		} else if (f.num == 8 && f.wire == DT_PB_LEN) {
			*text = f.data;
			*tlen = f.len;
			nstr++;
		} else if ((f.num >= 5 && f.num <= 7) || f.num == 10) {
			nval += 2; /* packed ints or unexpected wire type */
		}
	}
	if (k < 0)
		return -1;
	if (nval == 0 && content && dtype == 1 && clen == 4) {       /* DT_FLOAT */
		*v = (double)dt_pb_float(&(dt_pbfield){.v = dt_pb_le32(content)});
		nval = 1;
	} else if (nval == 0 && content && dtype == 2 && clen == 8) { /* DT_DOUBLE */
		*v = dt_pb_double(&(dt_pbfield){.v = dt_pb_le64(content)});
		nval = 1;
	}
	if (nval == 1 && nstr == 0)
		return 1;
	return nval == 0 && nstr == 1 ? 2 : 0;
}

/* Facts from the HF Trainer's args JSON (args/text_summary). */
static int args_facts(tb_ctx *c, const uint8_t *t, size_t n)
{
	static const char *const keys[] = {
		"gradient_accumulation_steps", "per_device_train_batch_size",
		"logging_steps", "max_steps", "learning_rate", NULL
	};
	char *s = malloc(n + 1);
	if (!s)
		return -1;
	memcpy(s, t, n);
	s[n] = '\0';
	json_object *root = json_tokener_parse(s);
	free(s);
	if (!root)
		return 0;
	int rc = 0;
	for (size_t i = 0; keys[i] && rc == 0; i++) {
		json_object *o;
		char key[64];
		if (!json_object_is_type(root, json_type_object) ||
		    !json_object_object_get_ex(root, keys[i], &o) ||
		    !(json_object_is_type(o, json_type_int) ||
		      json_object_is_type(o, json_type_double)))
			continue;
		snprintf(key, sizeof key, "hf.%s", keys[i]);
		rc = dt_rawlog_fact(c->out, key, "%s", json_object_to_json_string(o));
	}
	json_object_put(root);
	return rc;
}

/* One Summary.Value at `step`. Returns 0, -1 on ENOMEM, -2 malformed. */
static int summary_value(tb_ctx *c, int64_t step, const uint8_t *d, size_t n)
{
	dt_pb r = dt_pb_reader(d, n);
	dt_pbfield f;
	int k, have = 0;
	char tag[256] = "";
	double v = NAN;
	const uint8_t *text = NULL;
	size_t tlen = 0;
	while ((k = dt_pb_next(&r, &f)) == 1) {
		if (f.num == 1 && f.wire == DT_PB_LEN) {
			size_t l = f.len < sizeof tag - 1 ? f.len : sizeof tag - 1;
			memcpy(tag, f.data, l);
			tag[l] = '\0';
		} else if (f.num == 2 && f.wire == DT_PB_I32) {
			v = (double)dt_pb_float(&f);
			have = 1;
		} else if (f.num == 8 && f.wire == DT_PB_LEN) {
			int t = tensor_scalar(f.data, f.len, &v, &text, &tlen);
			if (t < 0)
				return -2;
			have = t;
		}
	}
	if (k < 0 || !tag[0])
		return -2;
	if (have == 2) {
		c->ntext++;
		return strcmp(tag, "args/text_summary") == 0
		       ? args_facts(c, text, tlen) : 0;
	}
	if (have == 0) {
		c->nnonscalar++;
		return 0;
	}
	dt_rawseries *s = dt_rawlog_series(c->out, tag);
	return s && dt_rawseries_push(s, step, v) == 0 ? 0 : -1;
}

/* One Event record. Returns 0, -1 on ENOMEM, -2 malformed. */
static int event(tb_ctx *c, const uint8_t *d, size_t n)
{
	dt_pb r = dt_pb_reader(d, n);
	dt_pbfield f, sum = {0};
	int k;
	int64_t step = 0;
	while ((k = dt_pb_next(&r, &f)) == 1) {
		if (f.num == 2 && f.wire == DT_PB_VARINT)
			step = (int64_t)f.v;
		else if (f.num == 3 && f.wire == DT_PB_LEN &&
		         dt_rawlog_fact(c->out, "tensorboard.file_version", "%.*s",
		                        (int)(f.len < 64 ? f.len : 64),
		                        (const char *)f.data) < 0)
			return -1;
		else if (f.num == 5 && f.wire == DT_PB_LEN)
			sum = f;
	}
	if (k < 0)
		return -2;
	if (!sum.data)
		return 0;
	dt_pb sr = dt_pb_reader(sum.data, sum.len);
	while ((k = dt_pb_next(&sr, &f)) == 1) {
		if (f.num != 1 || f.wire != DT_PB_LEN)
			continue;
		int rc = summary_value(c, step, f.data, f.len);
		if (rc < 0)
			return rc;
	}
	return k < 0 ? -2 : 0;
}

/* The tag that becomes `loss`: --loss-tag, else the rule's first present. */
static const char *loss_tag(const tb_ctx *c, const dt_import_opts *opts)
{
	if (opts && opts->loss_tag)
		return dt_rawlog_find(c->out, opts->loss_tag) ? opts->loss_tag : NULL;
	for (size_t i = 0; dt_tfevents_loss_tags[i]; i++)
		if (dt_rawlog_find(c->out, dt_tfevents_loss_tags[i]))
			return dt_tfevents_loss_tags[i];
	return NULL;
}

static int name_taken(const dt_rawlog *log, size_t upto, const char *name)
{
	for (size_t i = 0; i < upto; i++)
		if (strcmp(log->series[i].metric, name) == 0)
			return 1;
	return 0;
}

static int set_metric(dt_rawseries *s, const char *name)
{
	char *m = strdup(name);
	if (!m)
		return -1;
	free(s->metric);
	s->metric = m;
	return 0;
}

/* Rename series from tags to metric names (loss first, then file order).
 * Series are moved so the loss series comes first. */
static int rename_series(tb_ctx *c, const dt_import_opts *opts)
{
	dt_rawlog *log = c->out;
	const char *lt = loss_tag(c, opts);
	if (opts && opts->loss_tag && !lt &&
	    dt_rawlog_warn(log, "--loss-tag '%s' not found in %s; no loss "
	                   "metric", opts->loss_tag, c->src->path) < 0)
		return -1;
	size_t start = 0;
	if (lt) {
		for (size_t i = 0; i < log->nseries; i++) {
			if (strcmp(log->series[i].metric, lt) != 0)
				continue;
			dt_rawseries tmp = log->series[i];
			memmove(&log->series[1], &log->series[0], i * sizeof tmp);
			log->series[0] = tmp;
			break;
		}
		if (set_metric(&log->series[0], DT_METRIC_LOSS) < 0)
			return -1;
		start = 1;
	}
	for (size_t i = start; i < log->nseries; i++) {
		char canon[160], own[160];
		dt_metric_canonical(log->series[i].metric, canon, sizeof canon);
		if (strcmp(canon, DT_METRIC_LOSS) == 0 || name_taken(log, i, canon)) {
			size_t k = 0;
			for (const char *p = log->series[i].metric;
			     *p && k + 1 < sizeof own; p++)
				own[k++] = *p == ' ' ? '_' : *p;
			own[k] = '\0';
			if (strcmp(own, DT_METRIC_LOSS) == 0 || name_taken(log, i, own))
				snprintf(own, sizeof own, "tb:%.150s",
				         log->series[i].metric);
			snprintf(canon, sizeof canon, "%s", own);
		}
		if (set_metric(&log->series[i], canon) < 0)
			return -1;
	}
	if (lt)
		return dt_rawlog_note(log, "tag '%s' is the loss (%s)", lt,
		                      opts && opts->loss_tag ? "--loss-tag"
		                      : "first of train/loss, loss, step loss, "
		                        "reduced_train_loss, lm loss...");
	return 0;
}

static int final_warnings(tb_ctx *c)
{
	dt_rawlog *o = c->out;
	if (c->nbad_event &&
	    dt_rawlog_warn(o, "%s: byte %zu: %zu record(s) with a good CRC but "
	                   "not a decodable Event; skipped", c->src->path,
	                   c->bad_event_off, c->nbad_event) < 0)
		return -1;
	if (c->nnonscalar &&
	    dt_rawlog_warn(o, "%zu non-scalar summary value(s) (histograms, "
	                   "images, tensors) skipped", c->nnonscalar) < 0)
		return -1;
	if (o->nseries == 0 &&
	    dt_rawlog_warn(o, "%s: %zu event(s), no scalar summary values",
	                   c->src->path, c->nrec) < 0)
		return -1;
	return 0;
}

static int tb_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	tb_ctx c = {.src = src, .out = out};
	const uint8_t *data = (const uint8_t *)src->data;
	size_t off = 0;
	snprintf(out->step_source, sizeof out->step_source,
	         "logged step (TensorBoard event step)");
	for (;;) {
		const uint8_t *rec;
		size_t rl;
		const char *why = NULL;
		size_t at = off;
		int r = dt_tfrecord_next(data, src->len, &off, &rec, &rl, &why);
		if (r == 0)
			break;
		if (r < 0 && c.nrec == 0) {
			snprintf(err, errlen, "%s: byte %zu: not a TensorBoard event "
			         "file (TFRecord %s)", src->path, at, why);
			return -1;
		}
		if (r < 0) {
			if (dt_rawlog_warn(out, "%s: byte %zu: TFRecord %s; the %zu "
			                   "good record(s) before it kept, the rest "
			                   "(%zu bytes) ignored", src->path, at, why,
			                   c.nrec, src->len - at) < 0)
				goto oom;
			break;
		}
		c.nrec++;
		c.rec_off = at;
		dt_source_release(src, off); /* pages read: give them back */
		int e = event(&c, rec, rl);
		if (e == -1)
			goto oom;
		if (e == -2 && c.nbad_event++ == 0)
			c.bad_event_off = at;
	}
	if (rename_series(&c, opts) < 0 || final_warnings(&c) < 0)
		goto oom;
	return 0;
oom:
	snprintf(err, errlen, "%s: out of memory", src->path);
	return -1;
}

int dt_tfevents_first_wall_time(const void *data, size_t len, double *wall)
{
	size_t off = 0, rl;
	const uint8_t *rec;
	const char *why;
	if (dt_tfrecord_next(data, len, &off, &rec, &rl, &why) != 1)
		return -1;
	dt_pb r = dt_pb_reader(rec, rl);
	dt_pbfield f;
	while (dt_pb_next(&r, &f) == 1)
		if (f.num == 1 && f.wire == DT_PB_I64) {
			*wall = dt_pb_double(&f);
			return 0;
		}
	return -1;
}

static int tb_detect(const char *name, const char *head, size_t len)
{
	int framed = dt_tfrecord_header_ok((const uint8_t *)head, len);
	if (framed && name && strstr(name, "tfevents"))
		return 100;
	return framed ? 90 : 0;
}

const dt_importer dt_imp_tfevents = {
	.name = "tfevents",
	.description = "TensorBoard event files (events.out.tfevents.*; "
	               "scalars, --loss-tag to pick the loss)",
	.detect = tb_detect,
	.parse = tb_parse,
};
