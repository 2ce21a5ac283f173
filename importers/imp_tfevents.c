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
 * the canonical name is taken. A tag is matched and named as shown: the
 * code points a terminal hides are removed when it first appears
 * (dt_rawlog_clean_name, the rule of every importer's names, warned
 * once naming the record and the tag as read), so 'train/lo\u200bss' is
 * the rule's train/loss and --loss-tag train/loss finds it; two tags
 * that are one once cleaned are refused, both named, never merged. A
 * corrupt or truncated record ends the read with a warning naming its
 * byte offset; records before it are kept. The HF `args/text_summary`
 * JSON gives run facts. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "importers/importer.h"
#include "importers/pbwire.h"
#include "importers/tfevents.h"
#include "importers/tfrecord.h"
#include "model/util/text.h"

const char *const dt_tfevents_loss_tags[] = {
	"train/loss", "loss", "step loss", "step_loss", "reduced_train_loss",
	"lm loss", "lm_loss", "train_loss_step", "train/loss_step",
	"training_loss", "train_loss", NULL
};

/* The parse state (importer.h steps: kept between the updates of a
 * followed event file). Series are named when their tag first appears
 * (name_tags), so points go straight into the metric they end in.
 *
 * Per value, no allocation and no string compare chain: the tag is
 * matched on its bytes in the record (length, then memcmp), the tag
 * after the last one first (events log their tags in the same order);
 * each tag keeps the index of its series in `out`, checked at each use
 * (the series there must still hold the metric string found), because
 * tb_end moves the loss series first while a followed file goes on
 * being fed into the same `out`. */
typedef struct tb_ctx {
	const dt_source *src;
	dt_rawlog *out;
	char *loss_opt;         /* --loss-tag without hidden code points, NULL
	                         * = the rule (owned copy) */
	size_t nrec, nbad_event, ntext, nnonscalar;
	size_t bad_event_off;   /* byte offset of the first undecodable event */
	size_t rec_off;         /* byte offset of the record being decoded */
	char **tag;             /* [ntags] tags in order of first appearance,
	                         * as read (matched on the record's bytes) */
	size_t *tlen;           /* [ntags] their lengths */
	char **shown;           /* [ntags] each tag as shown: without the code
	                         * points a terminal hides (dt_rawlog_clean_name);
	                         * what the loss rule, --loss-tag and the
	                         * metric names match */
	char **name;            /* [ntags] the metric each tag's points go to */
	size_t *sidx;           /* [ntags] cached index of its series in out */
	const char **smetric;   /* [ntags] that series' metric when cached
	                         * (NULL: no cache) */
	size_t ntags, cap;
	size_t last;            /* tag index of the last value (cache) */
	int renamed;            /* a tag seen later renamed points fed before */
	int stopped;            /* a corrupt record ended the read */
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

/* Index of the tag that becomes `loss`: --loss-tag, else the rule's
 * first present, both matched on the tags as shown; ntags when none. */
static size_t loss_index(const tb_ctx *c)
{
	if (c->loss_opt) {
		for (size_t k = 0; k < c->ntags; k++)
			if (strcmp(c->shown[k], c->loss_opt) == 0)
				return k;
		return c->ntags;
	}
	for (size_t i = 0; dt_tfevents_loss_tags[i]; i++)
		for (size_t k = 0; k < c->ntags; k++)
			if (strcmp(c->shown[k], dt_tfevents_loss_tags[i]) == 0)
				return k;
	return c->ntags;
}

static int name_taken(char *const *name, size_t n, const char *s)
{
	for (size_t k = 0; k < n; k++)
		if (name[k] && strcmp(name[k], s) == 0)
			return 1;
	return 0;
}

/* The metric name of every tag seen (as shown), into name[0..ntags)
 * (malloc'd): the loss tag is `loss`; the others, in order of first
 * appearance, go through dt_metric_canonical, keeping their own name
 * (blanks as '_') when the canonical one is `loss` or already given,
 * "tb:TAG" when that is taken too. Returns 0 or -1 (ENOMEM). */
static int name_tags(const tb_ctx *c, char **name)
{
	size_t lt = loss_index(c);
	for (size_t k = 0; k < c->ntags; k++)
		name[k] = NULL;
	if (lt < c->ntags && !(name[lt] = strdup(DT_METRIC_LOSS)))
		return -1;
	for (size_t k = 0; k < c->ntags; k++) {
		if (k == lt)
			continue;
		char canon[160], own[160];
		dt_metric_canonical(c->shown[k], canon, sizeof canon);
		if (strcmp(canon, DT_METRIC_LOSS) == 0 ||
		    name_taken(name, c->ntags, canon)) {
			size_t i = 0;
			for (const char *p = c->shown[k]; *p && i + 1 < sizeof own; p++)
				own[i++] = *p == ' ' ? '_' : *p;
			own[i] = '\0';
			if (strcmp(own, DT_METRIC_LOSS) == 0 ||
			    name_taken(name, c->ntags, own))
				snprintf(own, sizeof own, "tb:%.150s", c->shown[k]);
			snprintf(canon, sizeof canon, "%s", own);
		}
		if (!(name[k] = strdup(canon)))
			return -1;
	}
	return 0;
}

static void names_free(char **name, size_t n)
{
	for (size_t k = 0; name && k < n; k++)
		free(name[k]);
}

/* Room for twice as many tags. Returns 0 or -1 (ENOMEM; the arrays
 * that grew stay valid). */
static int grow_tags(tb_ctx *c)
{
	size_t cap = c->cap ? c->cap * 2 : 8;
	char **tv = realloc(c->tag, cap * sizeof *tv);
	if (!tv)
		return -1;
	c->tag = tv;
	size_t *lv = realloc(c->tlen, cap * sizeof *lv);
	if (!lv)
		return -1;
	c->tlen = lv;
	char **hv = realloc(c->shown, cap * sizeof *hv);
	if (!hv)
		return -1;
	c->shown = hv;
	char **nv = realloc(c->name, cap * sizeof *nv);
	if (!nv)
		return -1;
	c->name = nv;
	size_t *iv = realloc(c->sidx, cap * sizeof *iv);
	if (!iv)
		return -1;
	c->sidx = iv;
	const char **mv = realloc(c->smetric, cap * sizeof *mv);
	if (!mv)
		return -1;
	c->smetric = mv;
	c->cap = cap;
	return 0;
}

/* The tag as shown (dt_rawlog_clean_name: warned once, at the record
 * where it first appears) into c->shown[c->ntags]; two tags that are one
 * once cleaned are refused (c->out->refused). Returns 0 or -1 (ENOMEM or
 * refused; nothing kept). */
static int show_tag(tb_ctx *c, const char *tag)
{
	char where[300], was[200], both[480];
	char *shown = strdup(tag);
	if (!shown)
		return -1;
	snprintf(where, sizeof where, "%s: record %zu: tag", c->src->path,
	         c->nrec);
	if (dt_rawlog_clean_name(c->out, where, &shown, was, sizeof was,
	                         0) < 0) {
		free(shown);
		return -1;
	}
	for (size_t k = 0; k < c->ntags; k++) {
		if (strcmp(c->shown[k], shown) != 0)
			continue;   /* as read they differ: find_tag matched none */
		char a[200];
		dt_text_escape_hidden(c->tag[k], a, sizeof a);
		snprintf(both, sizeof both, "tags '%s' and '%s'", a, was);
		snprintf(where, sizeof where, "%s: record %zu:", c->src->path,
		         c->nrec);
		dt_rawlog_refuse_clash(c->out, where, both, shown);
		free(shown);
		return -1;
	}
	c->shown[c->ntags] = shown;
	return 0;
}

/* A tag seen for the first time: name every tag again (the new one may
 * be a loss tag the rule prefers, taking `loss` from another); series
 * already fed under a name that changed are renamed in place and
 * c->renamed set (a followed file's stored points then change as a
 * whole). Returns 0 or -1 (ENOMEM, or refused: show_tag). */
static int add_tag(tb_ctx *c, const char *tag)
{
	if (c->ntags == c->cap && grow_tags(c) < 0)
		return -1;
	if (show_tag(c, tag) < 0)
		return -1;
	if (!(c->tag[c->ntags] = strdup(tag))) {
		free(c->shown[c->ntags]);
		return -1;
	}
	c->tlen[c->ntags] = strlen(tag);
	c->name[c->ntags++] = NULL;
	for (size_t k = 0; k < c->ntags; k++) /* names may change below */
		c->smetric[k] = NULL;
	char **fresh = malloc(c->ntags * sizeof *fresh);
	if (!fresh || name_tags(c, fresh) < 0) {
		if (fresh)
			names_free(fresh, c->ntags);
		free(fresh);
		return -1;
	}
	/* find every renamed series before renaming any (old and new names
	 * are each unique, but may swap) */
	dt_rawseries **moved = calloc(c->ntags, sizeof *moved);
	if (!moved) {
		names_free(fresh, c->ntags);
		free(fresh);
		return -1;
	}
	for (size_t k = 0; k + 1 < c->ntags; k++)
		if (strcmp(c->name[k], fresh[k]) != 0)
			moved[k] = dt_rawlog_find(c->out, c->name[k]);
	int rc = 0;
	for (size_t k = 0; k < c->ntags; k++) {
		if (moved[k]) {
			char *m = strdup(fresh[k]);
			if (!m) {
				rc = -1;
				continue;
			}
			free(moved[k]->metric);
			moved[k]->metric = m;
			c->renamed = 1;
		}
		free(c->name[k]);
		c->name[k] = fresh[k];
	}
	free(moved);
	free(fresh);
	return rc;
}

/* Index of the tag t[0..len) (no NUL inside); ntags when new. The tag
 * after the last one is tried first, then every tag. */
static size_t find_tag(const tb_ctx *c, const uint8_t *t, size_t len)
{
	size_t k = c->last + 1 < c->ntags ? c->last + 1 : 0;
	if (k < c->ntags && c->tlen[k] == len && memcmp(c->tag[k], t, len) == 0)
		return k;
	for (k = 0; k < c->ntags; k++)
		if (c->tlen[k] == len && memcmp(c->tag[k], t, len) == 0)
			return k;
	return c->ntags;
}

/* The series the points of tag k go to (created on first use); NULL on
 * ENOMEM. Its index is cached and checked at each use (see tb_ctx). */
static dt_rawseries *tag_series(tb_ctx *c, size_t k)
{
	dt_rawlog *log = c->out;
	size_t i = c->sidx[k];
	if (c->smetric[k] && i < log->nseries &&
	    log->series[i].metric == c->smetric[k])
		return &log->series[i];
	dt_rawseries *s = dt_rawlog_series_at(log, c->name[k], (dt_name_at){
		c->src->path, "record", c->nrec});
	if (!s)
		return NULL;
	c->sidx[k] = (size_t)(s - log->series);
	c->smetric[k] = s->metric;
	return s;
}

/* The series that the points of tag t[0..len) (no NUL inside, not
 * empty) go to; NULL on ENOMEM. */
static dt_rawseries *series_of(tb_ctx *c, const uint8_t *t, size_t len)
{
	size_t k = find_tag(c, t, len);
	if (k == c->ntags) {
		char tag[512];
		memcpy(tag, t, len);
		tag[len] = '\0';
		if (add_tag(c, tag) < 0)
			return NULL;
	}
	c->last = k;
	return tag_series(c, k);
}

/* 1 when the tag t[0..len) (len < 512, no 0 byte inside) is, as shown (the
 * code points a terminal hides removed), the HF Trainer's args JSON. */
static int is_args_tag(const uint8_t *t, size_t len)
{
	char tag[512];
	memcpy(tag, t, len);
	tag[len] = '\0';
	dt_text_drop_hidden(tag, tag, sizeof tag);
	return strcmp(tag, "args/text_summary") == 0;
}

/* One Summary.Value at `step`. Returns 0, -1 on ENOMEM, -2 malformed. */
static int summary_value(tb_ctx *c, int64_t step, const uint8_t *d, size_t n)
{
	dt_pb r = dt_pb_reader(d, n);
	dt_pbfield f;
	int k, have = 0;
	const uint8_t *tag = NULL; /* the tag as kept: its first 255 bytes, */
	size_t taglen = 0;         /* a 0 byte in them as DT_TEXT_NUL */
	char enc[512];
	double v = NAN;
	const uint8_t *text = NULL;
	size_t tlen = 0;
	while ((k = dt_pb_next(&r, &f)) == 1) {
		if (f.num == 1 && f.wire == DT_PB_LEN) {
			size_t l = f.len < 255 ? f.len : 255;
			tag = f.data;
			taglen = l;
			if (memchr(f.data, 0, l)) { /* rare: not where it ends */
				taglen = dt_text_nul_encode((const char *)f.data, l,
				                            enc, sizeof enc);
				tag = (const uint8_t *)enc;
			}
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
	if (k < 0 || taglen == 0)
		return -2;
	if (have == 2) {
		c->ntext++;
		return is_args_tag(tag, taglen) ? args_facts(c, text, tlen) : 0;
	}
	if (have == 0) {
		c->nnonscalar++;
		return 0;
	}
	dt_rawseries *s = series_of(c, tag, taglen);
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

/* Warnings from the counts, into `to`. */
static int final_warnings(tb_ctx *c, dt_rawlog *to)
{
	if (c->nbad_event &&
	    dt_rawlog_warn(to, "%s: byte %zu: %zu record(s) with a good CRC but "
	                   "not a decodable Event; skipped", c->src->path,
	                   c->bad_event_off, c->nbad_event) < 0)
		return -1;
	if (c->nnonscalar &&
	    dt_rawlog_warn(to, "%zu non-scalar summary value(s) (histograms, "
	                   "images, tensors) skipped", c->nnonscalar) < 0)
		return -1;
	if (c->out->nseries == 0 &&
	    dt_rawlog_warn(to, "%s: %zu event(s), no scalar summary values",
	                   c->src->path, c->nrec) < 0)
		return -1;
	return 0;
}

static void *tb_begin(const dt_import_opts *opts, dt_rawlog *out)
{
	tb_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->out = out;
	if (opts && opts->loss_tag) {
		if (!(c->loss_opt = strdup(opts->loss_tag))) {
			free(c);
			return NULL;
		}
		/* matched against the tags as shown, so cleaned the same way */
		dt_text_drop_hidden(c->loss_opt, c->loss_opt,
		                    strlen(c->loss_opt) + 1);
	}
	snprintf(out->step_source, sizeof out->step_source,
	         "logged step (TensorBoard event step)");
	return c;
}

/* Records from byte `from` (a record boundary: where the last feed
 * stopped). A followed file is fed whole records only (import_follow.c
 * frames it by record, never by newline), so a record still being
 * written is never seen here; a whole parse may end in a truncated
 * record: warned about, the records before it kept. A record that fails
 * its CRC ends the read for good (warned once; later feeds read
 * nothing). */
static int tb_feed(void *ps, const dt_source *src, size_t from, char *err,
                   size_t errlen)
{
	tb_ctx *c = ps;
	c->src = src;
	const uint8_t *data = (const uint8_t *)src->data;
	size_t off = from;
	while (!c->stopped) {
		const uint8_t *rec;
		size_t rl;
		const char *why = NULL;
		size_t at = off;
		int r = dt_tfrecord_next(data, src->len, &off, &rec, &rl, &why);
		if (r == 0)
			break;
		if (r < 0 && c->nrec == 0) {
			snprintf(err, errlen, "%s: byte %zu: not a TensorBoard event "
			         "file (TFRecord %s)", src->path, at, why);
			return -1;
		}
		if (r < 0) {
			c->stopped = 1;
			if (dt_rawlog_warn(c->out, "%s: byte %zu: TFRecord %s; the %zu "
			                   "good record(s) before it kept, the rest "
			                   "(%zu bytes) ignored", src->path, at, why,
			                   c->nrec, src->len - at) < 0)
				goto oom;
			break;
		}
		c->nrec++;
		c->rec_off = at;
		dt_source_release(src, off); /* pages read: give them back */
		int e = event(c, rec, rl);
		if (e == -1)
			goto oom;
		if (e == -2 && c->nbad_event++ == 0)
			c->bad_event_off = at;
	}
	return 0;
oom:
	snprintf(err, errlen, "%s: out of memory", src->path);
	return -1;
}

/* The loss series first (then the order of first appearance), the note
 * naming the loss tag and the warnings, into `to`. Returns 1 when a tag
 * that appeared after points were fed renamed them (to is a scratch
 * log: the caller parses the whole file again). */
static int tb_end(void *ps, const dt_source *src, dt_rawlog *to, char *err,
                  size_t errlen)
{
	tb_ctx *c = ps;
	c->src = src;
	dt_rawlog *log = c->out;
	if (to != log && c->renamed)
		return 1;
	size_t lt = loss_index(c);
	for (size_t i = 0; lt < c->ntags && i < log->nseries; i++) {
		if (strcmp(log->series[i].metric, DT_METRIC_LOSS) != 0)
			continue;
		dt_rawseries tmp = log->series[i];
		memmove(&log->series[1], &log->series[0], i * sizeof tmp);
		log->series[0] = tmp;
		break;
	}
	int rc = 0;
	if (c->loss_opt && lt == c->ntags)
		rc = dt_rawlog_warn(to, "--loss-tag '%s' not found in %s; no loss "
		                    "metric", c->loss_opt, src->path);
	if (rc == 0 && lt < c->ntags)
		rc = dt_rawlog_note(to, "tag '%s' is the loss (%s)", c->shown[lt],
		                    c->loss_opt ? "--loss-tag"
		                    : "first of train/loss, loss, step loss, "
		                      "reduced_train_loss, lm loss...");
	if (rc == 0)
		rc = final_warnings(c, to);
	if (rc < 0) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	return 0;
}

static void tb_free(void *ps)
{
	tb_ctx *c = ps;
	if (!c)
		return;
	for (size_t k = 0; k < c->ntags; k++) {
		free(c->tag[k]);
		free(c->shown[k]);
		free(c->name[k]);
	}
	free(c->tag);
	free(c->shown);
	free(c->tlen);
	free(c->name);
	free(c->sidx);
	free(c->smetric);
	free(c->loss_opt);
	free(c);
}

static int tb_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	return dt_parse_in_steps(&dt_imp_tfevents, src, opts, out, err, errlen);
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
	.step_begin = tb_begin,
	.step_feed = tb_feed,
	.step_end = tb_end,
	.step_free = tb_free,
	.binary = 1,
};
