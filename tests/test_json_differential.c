/* test_json_differential.c: the streaming JSON reader
 * (importers/jsonpull.h) and the importers built on it, against json-c
 * (the parser they replaced) as the reference.
 *
 * Two comparisons, each on generated documents (seeded, so a failure
 * repeats) and on every trainer_state.json / JSON-lines file of
 * ../shared/corpus (skipped when absent):
 *  - the document itself: a canonical text of every value (type, integer
 *    or double bits, decoded string bytes, keys in order) from a walk of
 *    json-c's tree and from a walk with the pull reader must be equal;
 *    each log_history entry read flat (dt_jr_object) must hold the same
 *    members, in the same order, as json-c's object (duplicate keys: the
 *    last value at the first position in both);
 *  - the points: the trainer_state.json and JSON-lines importers must
 *    give the same series, steps and value bits as a json-c reading of
 *    the same file by the old importers' rules (ref_hf_state, ref_jsonl
 *    below; ref_jsonl knows the keys the generator and the corpus use). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "importers/importer.h"
#include "importers/json_value.h"
#include "importers/jsonpull.h"
#include "importers/source.h"
#include "model/util/strbuf.h"
#include "tests/json_canon.h"

/* json-c's tree of data[0..len), failing the test when it is refused. */
static json_object *jc_parse(const char *what, const char *data, size_t len)
{
	json_tokener *tok = json_tokener_new();
	json_object *o = json_tokener_parse_ex(tok, data, (int)len);
	if (!o && json_tokener_get_error(tok) == json_tokener_continue) {
		/* a bare number at the end: json-c waits for more input */
		o = json_tokener_parse_ex(tok, " ", 1);
	}
	if (!o && json_tokener_get_error(tok) != json_tokener_success)
		fail_msg("%s: json-c refuses it (%.80s): %s", what, data,
		         json_tokener_error_desc(json_tokener_get_error(tok)));
	json_tokener_free(tok);
	return o;
}

/* One flat object read by dt_jr_object equals json-c's object o. */
static void same_flat(const char *what, const dt_jobj *e, json_object *o)
{
	size_t i = 0;
	assert_int_equal(e->n, json_object_object_length(o));
	json_object_object_foreach(o, k, v) {
		const dt_jmember *m = &e->m[i++];
		if (strcmp(m->key, k) != 0)
			fail_msg("%s: member %zu is '%s', json-c '%s'", what, i, m->key, k);
		dt_strbuf a = {0}, b = {0};
		if (m->v.type == DT_JOBJECT || m->v.type == DT_JARRAY)
			dt_sb_printf(&a, "%c", m->v.type == DT_JOBJECT ? 'O' : 'A');
		else
			canon_val(&a, &m->v);
		json_type t = json_object_get_type(v);
		if (t == json_type_object || t == json_type_array)
			dt_sb_printf(&b, "%c", t == json_type_object ? 'O' : 'A');
		else
			canon_jc(&b, v);
		char *x = dt_sb_take(&a), *y = dt_sb_take(&b);
		if (strcmp(x, y) != 0)
			fail_msg("%s: key '%s': %s, json-c %s", what, k, x, y);
		free(x);
		free(y);
	}
}

/* The whole document data[0..len) reads the same both ways; when it has
 * a log_history list, each entry also reads the same flat. */
static void same_document(const char *what, const char *data, size_t len)
{
	json_object *root = jc_parse(what, data, len);
	dt_strbuf a = {0}, b = {0};
	dt_jobj tmp = {0};
	dt_jreader r;
	canon_jc(&a, root);
	dt_jr_init(&r, data, len);
	if (canon_jr(&b, &r, &tmp) < 0)
		fail_msg("%s: pull reader refuses it at byte %zu: %s", what,
		         r.err_off, r.err_what);
	char *x = dt_sb_take(&a), *y = dt_sb_take(&b);
	if (strcmp(x, y) != 0) {
		size_t i = 0;
		while (x[i] == y[i])
			i++;
		fail_msg("%s: canonical texts differ at %zu: json-c '%.60s' pull "
		         "'%.60s'", what, i, x + i, y + i);
	}
	free(x);
	free(y);
	json_object *hist;
	if (json_object_is_type(root, json_type_object) &&
	    json_object_object_get_ex(root, "log_history", &hist) &&
	    json_object_is_type(hist, json_type_array)) {
		/* find the list with the pull reader and read its entries flat */
		char key[64];
		size_t klen;
		int first = 1, efirst = 1;
		dt_jr_init(&r, data, len);
		assert_int_equal(dt_jr_begin(&r, '{'), 0);
		while (dt_jr_member(&r, &first, key, sizeof key, &klen) == 1 &&
		       strcmp(key, "log_history") != 0)
			assert_int_equal(dt_jr_skip(&r), 0);
		assert_int_equal(dt_jr_begin(&r, '['), 0);
		for (size_t i = 0; dt_jr_element(&r, &efirst) == 1; i++) {
			json_object *e = json_object_array_get_idx(hist, i);
			if (!json_object_is_type(e, json_type_object)) {
				assert_int_equal(dt_jr_skip(&r), 0);
				continue;
			}
			assert_int_equal(dt_jr_object(&r, &tmp), 0);
			same_flat(what, &tmp, e);
		}
	}
	dt_jobj_free(&tmp);
	json_object_put(root);
}

/* ---- points: the importer against json-c by the old rules ---- */

static int has_key(json_object *o, const char *k)
{
	return json_object_object_get_ex(o, k, NULL);
}

/* trainer_state.json points as the json-c importer made them (before the
 * streaming reader): entries with an integral step; summary entries
 * (train_runtime, or train_loss without loss) skipped; an eval entry
 * (any eval_* key) gives its eval_* keys only; numbers and strings
 * holding numbers become points of dt_metric_canonical(key). */
static void ref_hf_state(json_object *root, dt_rawlog *log)
{
	json_object *hist;
	assert_true(json_object_object_get_ex(root, "log_history", &hist));
	for (size_t i = 0; i < json_object_array_length(hist); i++) {
		json_object *e = json_object_array_get_idx(hist, i), *sv;
		int64_t step;
		int eval = 0;
		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "step", &sv) ||
		    dt_json_step(sv, &step) < 0 || has_key(e, "train_runtime") ||
		    (has_key(e, "train_loss") && !has_key(e, "loss")))
			continue;
		json_object_object_foreach(e, k0, v0) {
			(void)v0;
			eval |= strncmp(k0, "eval_", 5) == 0;
		}
		json_object_object_foreach(e, k, v) {
			double d;
			char metric[128];
			if (strcmp(k, "step") == 0 || (eval && strncmp(k, "eval_", 5) != 0) ||
			    dt_json_number(v, &d) < 0)
				continue;
			dt_metric_canonical(k, metric, sizeof metric);
			assert_int_equal(dt_rawseries_push(dt_rawlog_series(log, metric),
			                                   step, d), 0);
		}
	}
}

static void same_points(const char *what, const dt_rawlog *a,
                        const dt_rawlog *b)
{
	if (a->nseries != b->nseries)
		fail_msg("%s: %zu series, reference %zu", what, a->nseries, b->nseries);
	for (size_t i = 0; i < a->nseries; i++) {
		const dt_rawseries *s = &a->series[i], *t = &b->series[i];
		if (strcmp(s->metric, t->metric) != 0 || s->n != t->n)
			fail_msg("%s: series %zu is %s (%zu points), reference %s (%zu)",
			         what, i, s->metric, s->n, t->metric, t->n);
		for (size_t k = 0; k < s->n; k++)
			if (s->step[k] != t->step[k] ||
			    (memcmp(&s->value[k], &t->value[k], sizeof(double)) != 0 &&
			     !(isnan(s->value[k]) && isnan(t->value[k]))))
				fail_msg("%s: %s point %zu: step %lld value %a, reference "
				         "step %lld value %a", what, s->metric, k,
				         (long long)s->step[k], s->value[k],
				         (long long)t->step[k], t->value[k]);
	}
}

static void same_hf_points(const char *what, const char *data, size_t len)
{
	dt_source src = {what, what, data, len, NULL};
	dt_import_opts opts = {0, 0, 0, NULL, 0};
	dt_rawlog got, want;
	char err[512];
	dt_rawlog_init(&got);
	dt_rawlog_init(&want);
	if (dt_imp_hf_state.parse(&src, &opts, &got, err, sizeof err) < 0)
		fail_msg("%s: %s", what, err);
	json_object *root = jc_parse(what, data, len);
	ref_hf_state(root, &want);
	json_object_put(root);
	same_points(what, &got, &want);
	dt_rawlog_free(&got);
	dt_rawlog_free(&want);
}

/* JSON-lines points as the json-c importer made them, for the keys of
 * LLaMA-Factory's trainer_log.jsonl and the generator below: the step is
 * the first of current_steps, step, _step holding an integral step;
 * bookkeeping keys (total_steps, percentage, elapsed_time,
 * remaining_time, total_tokens) and a string throughput are not metrics;
 * records with an "event" string, or a "type" other than a metrics kind,
 * are not data rows; a line whose only metric is epoch, or with no step,
 * gives no point. */
static void ref_jsonl_line(json_object *o, dt_rawlog *log)
{
	static const char *const steps[] = {"current_steps", "step", "_step"};
	static const char *const skip[] = {"total_steps", "percentage",
	                                   "elapsed_time", "remaining_time",
	                                   "total_tokens", "current_steps",
	                                   "step", "_step"};
	json_object *v;
	int64_t step = 0;
	int have = 0, non_epoch = 0;
	if (json_object_object_get_ex(o, "event", &v) &&
	    json_object_is_type(v, json_type_string))
		return;
	if (json_object_object_get_ex(o, "type", &v) &&
	    json_object_is_type(v, json_type_string) &&
	    strcmp(json_object_get_string(v), "train") != 0)
		return;
	for (size_t i = 0; i < 3 && !have; i++)
		have = json_object_object_get_ex(o, steps[i], &v) &&
		       dt_json_step(v, &step) == 0;
	for (int pass = 0; pass < 2; pass++) {
		json_object_object_foreach(o, k, val) {
			double d;
			char metric[128];
			int skipped = 0;
			for (size_t i = 0; i < sizeof skip / sizeof skip[0]; i++)
				skipped |= strcmp(k, skip[i]) == 0;
			if (skipped || (strcmp(k, "throughput") == 0 &&
			                json_object_is_type(val, json_type_string)) ||
			    dt_json_number(val, &d) < 0)
				continue;
			dt_metric_canonical(k, metric, sizeof metric);
			if (pass == 0)
				non_epoch |= strcmp(metric, "epoch") != 0;
			else
				assert_int_equal(dt_rawseries_push(dt_rawlog_series(log,
				                 metric), step, d), 0);
		}
		if (!non_epoch || !have)
			return;
	}
}

static void same_jsonl_points(const char *what, const char *data, size_t len)
{
	dt_source src = {what, what, data, len, NULL};
	dt_import_opts opts = {0, 0, 0, NULL, 0};
	dt_rawlog got, want;
	char err[512];
	dt_rawlog_init(&got);
	dt_rawlog_init(&want);
	if (dt_imp_jsonl.parse(&src, &opts, &got, err, sizeof err) < 0)
		fail_msg("%s: %s", what, err);
	for (const char *p = data, *end = data + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0) {
			json_object *o = jc_parse(what, p, n);
			ref_jsonl_line(o, &want);
			json_object_put(o);
		}
		p += n + 1;
	}
	same_points(what, &got, &want);
	dt_rawlog_free(&got);
	dt_rawlog_free(&want);
}

/* ---- generated documents ---- */

static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static unsigned pick(unsigned n)
{
	return (unsigned)(rnd() % n);
}

static int gen_one_line; /* 1: no line breaks (JSON lines) */

static void gen_ws(dt_strbuf *b)
{
	static const char *const ws[] = {"", "", " ", "\t", "\n  ", "\r\n"};
	dt_sb_printf(b, "%s", ws[pick(gen_one_line ? 4 : 6)]);
}

/* A number in one of the ways Python, C printf and people write them. */
static void gen_number(dt_strbuf *b)
{
	double x = (double)(rnd() % 2000000) / 1000.0 - 1000.0;
	switch (pick(12)) {
	case 0: dt_sb_printf(b, "%lld", (long long)(rnd() % 100000)); break;
	case 1: dt_sb_printf(b, "-%lld", (long long)(rnd() % 1000000000000LL)); break;
	case 2: dt_sb_printf(b, "%.17g", x * 1e-7); break;
	case 3: dt_sb_printf(b, "%.6e", x); break;
	case 4: dt_sb_printf(b, "%.4f", x); break;
	case 5: dt_sb_printf(b, "%.17g", (double)rnd() / 3.0); break;
	case 6: dt_sb_printf(b, "%s", (const char *[]){"NaN", "Infinity",
	                                               "-Infinity"}[pick(3)]);
		break;
	case 7: dt_sb_printf(b, "%gE%d", x, (int)pick(40) - 20); break;
	case 8: dt_sb_printf(b, "%lld.0", (long long)(rnd() % 100000)); break;
	case 9: dt_sb_printf(b, "0.%020llu", (unsigned long long)(rnd() % 100000)); break;
	case 10: dt_sb_printf(b, "%.25g", x / 7.0); break;
	default: dt_sb_printf(b, "%.17g", ldexp((double)(rnd() >> 11), -(int)pick(1100))); break;
	}
}

static void gen_string(dt_strbuf *b)
{
	static const char *const parts[] = {
		"loss", "eval_", "a b", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9",
		"\\ud83d\\ude00", "\xc3\xa9", "0.00", "nan", "\\t", "x", "\\u20AC",
		"1e-3", "\\b\\f\\r",
	};
	dt_sb_put(b, "\"", 1);
	for (unsigned n = pick(5); n > 0; n--)
		dt_sb_printf(b, "%s", parts[pick(sizeof parts / sizeof parts[0])]);
	dt_sb_put(b, "\"", 1);
}

static void gen_value(dt_strbuf *b, int depth)
{
	unsigned k = pick(depth > 4 ? 6 : 8);
	gen_ws(b);
	if (k < 3) {
		gen_number(b);
	} else if (k == 3) {
		gen_string(b);
	} else if (k == 4) {
		dt_sb_printf(b, "%s", (const char *[]){"true", "false", "null"}[pick(3)]);
	} else if (k == 5) {
		gen_number(b);
	} else if (k == 6) {
		dt_sb_put(b, "[", 1);
		for (unsigned n = pick(4), i = 0; i < n; i++) {
			if (i)
				dt_sb_put(b, ",", 1);
			gen_value(b, depth + 1);
		}
		gen_ws(b);
		dt_sb_put(b, "]", 1);
	} else {
		dt_sb_put(b, "{", 1);
		for (unsigned n = pick(4), i = 0; i < n; i++) {
			dt_sb_printf(b, "%s", i ? "," : "");
			gen_ws(b);
			dt_sb_printf(b, "\"k%u\":", pick(6)); /* duplicates on purpose */
			gen_value(b, depth + 1);
		}
		gen_ws(b);
		dt_sb_put(b, "}", 1);
	}
	gen_ws(b);
}

/* A trainer_state.json with train, eval, summary and odd entries. */
static char *gen_trainer_state(size_t entries, size_t *len)
{
	static const char *const keys[] = {
		"loss", "grad_norm", "learning_rate", "epoch", "eval_loss",
		"eval_runtime", "train_loss", "train_runtime", "rewards/chosen",
		"mean_token_accuracy", "num_tokens", "loss",
	};
	dt_strbuf b = {0};
	dt_sb_printf(&b, "{\n  \"best_metric\": null,\n  \"epoch\": 3.0,\n"
	             "  \"global_step\": %zu,\n  \"log_history\": [", entries);
	for (size_t i = 0; i < entries; i++) {
		dt_sb_printf(&b, "%s\n    ", i ? "," : "");
		if (pick(40) == 0) {
			gen_value(&b, 3);
			continue;
		}
		dt_sb_put(&b, "{", 1);
		unsigned n = 1 + pick(6);
		for (unsigned j = 0; j < n; j++) {
			dt_sb_printf(&b, "%s\n      \"%s\": ", j ? "," : "",
			             keys[pick(sizeof keys / sizeof keys[0])]);
			switch (pick(10)) {
			case 0: gen_value(&b, 3); break;
			case 1: dt_sb_printf(&b, "\"%u.%02u\"", pick(9), pick(100)); break;
			default: gen_number(&b); break;
			}
		}
		switch (pick(8)) {
		case 0: break; /* no step */
		case 1: dt_sb_printf(&b, ", \"step\": %zu.0", i + 1); break;
		case 2: dt_sb_printf(&b, ", \"step\": \"%zu\"", i + 1); break;
		case 3: dt_sb_printf(&b, ", \"step\": %zu.5", i + 1); break;
		default: dt_sb_printf(&b, ", \"step\": %zu", i + 1); break;
		}
		dt_sb_put(&b, "}", 1);
	}
	dt_sb_printf(&b, "\n  ],\n  \"logging_steps\": 10,\n  \"max_steps\": %zu,\n"
	             "  \"stateful_callbacks\": {\"TrainerControl\": {\"args\": "
	             "{\"should_save\": true}}}\n}\n", entries + 3);
	*len = b.n;
	return dt_sb_take(&b);
}

/* Every line of a JSON-lines file reads the same both ways. */
static void jsonl_lines_same(const char *name, const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	size_t line = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char what[300];
		snprintf(what, sizeof what, "%s:%zu", name, ++line);
		if (n > 0)
			same_document(what, p, n);
		p += n + 1;
	}
}

/* JSON lines in LLaMA-Factory's shape with W&B-style and odd lines:
 * step key variants, string numbers, NaN tokens, nested values, event
 * records, epoch-only end records, lines without a step, keys written
 * with escapes ("lo\u0073s" is loss) and repeated keys (both: lines the
 * importer's fast path leaves to the general reader). elapsed_time
 * only grows (no launch boundaries: points only are compared). */
static char *gen_jsonl(size_t lines, size_t *len)
{
	static const char *const metrics[] = {"loss", "lr", "learning_rate",
	                                      "grad_norm", "epoch", "throughput",
	                                      "train/loss", "rewards/chosen",
	                                      "lo\\u0073s", "grad\\/norm"};
	dt_strbuf b = {0};
	for (size_t i = 0; i < lines; i++) {
		unsigned shape = pick(20);
		if (shape == 0) {
			dt_sb_printf(&b, "{\"event\": \"checkpoint\", \"step\": %zu, "
			             "\"loss\": 1.0}\n", i);
			continue;
		}
		if (shape == 1) {
			dt_sb_printf(&b, "{\"type\": \"%s\", \"step\": %zu, \"loss\": "
			             "0.5}\n", pick(2) ? "train" : "eval_done", i);
			continue;
		}
		static const char *const sk[] = {"current_steps", "step", "_step"};
		dt_sb_printf(&b, "{");
		switch (pick(6)) {
		case 0: break; /* no step */
		case 1: dt_sb_printf(&b, "\"_step\": %zu, \"step\": %zu.0, ", i, i + 1); break;
		default: dt_sb_printf(&b, "\"%s\": %zu, ", sk[pick(3)], i + 1); break;
		}
		dt_sb_printf(&b, "\"total_steps\": %zu", lines);
		for (unsigned n = pick(5), j = 0; j < n; j++) {
			dt_sb_printf(&b, ",%s\"%s\":%s", pick(4) ? " " : "\t",
			             metrics[pick(10)], pick(4) ? " " : "");
			switch (pick(8)) {
			case 0: dt_sb_printf(&b, "\"%u.%02u\"", pick(9), pick(100)); break;
			case 1: gen_value(&b, 4); break;
			default: gen_number(&b); break;
			}
		}
		dt_sb_printf(&b, ", \"percentage\": %.2f, \"elapsed_time\": "
		             "\"%zu:%02zu:%02zu\"}\n", 100.0 * (double)i / (double)lines,
		             i / 3600, i / 60 % 60, i % 60);
	}
	*len = b.n;
	return dt_sb_take(&b);
}

static void generated_jsonl(void **state)
{
	(void)state;
	rng_state = 0x2545F4914F6CDD1DULL;
	gen_one_line = 1;
	for (int i = 0; i < 30; i++) {
		size_t len;
		char what[64];
		char *doc = gen_jsonl(1 + (size_t)i * 53, &len);
		snprintf(what, sizeof what, "generated jsonl %d", i);
		jsonl_lines_same(what, doc, len);
		same_jsonl_points(what, doc, len);
		free(doc);
	}
	gen_one_line = 0;
}

static void generated_documents(void **state)
{
	(void)state;
	rng_state = 88172645463325252ULL;
	for (int i = 0; i < 300; i++) {
		dt_strbuf b = {0};
		char what[64];
		gen_value(&b, 0);
		size_t n = b.n;
		char *doc = dt_sb_take(&b);
		snprintf(what, sizeof what, "generated value %d", i);
		same_document(what, doc, n);
		free(doc);
	}
}

static void generated_trainer_states(void **state)
{
	(void)state;
	rng_state = 0x9E3779B97F4A7C15ULL;
	for (int i = 0; i < 40; i++) {
		size_t len;
		char what[64];
		char *doc = gen_trainer_state(1 + (size_t)i * 37, &len);
		snprintf(what, sizeof what, "generated trainer_state %d", i);
		same_document(what, doc, len);
		same_hf_points(what, doc, len);
		free(doc);
	}
}

/* ---- the corpus ---- */

/* Each regular file of corpus/dir, through fn. Skips when absent. */
static void each_corpus_file(const char *dir,
                             void (*fn)(const char *, const char *, size_t))
{
	char path[1024];
	snprintf(path, sizeof path, "%s/corpus/%s", DT_SHARED, dir);
	DIR *d = opendir(path);
	if (!d)
		skip();
	struct dirent *de;
	int files = 0;
	while ((de = readdir(d)) != NULL) {
		char file[1400], err[256];
		dt_source src;
		if (de->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "%s/%s", path, de->d_name);
		if (dt_source_open(file, &src, err, sizeof err) < 0)
			fail_msg("%s", err);
		fn(de->d_name, src.data, src.len);
		dt_source_close(&src);
		files++;
	}
	closedir(d);
	assert_true(files > 0);
}

static void hf_file(const char *name, const char *data, size_t len)
{
	same_document(name, data, len);
	same_hf_points(name, data, len);
}

static void corpus_trainer_states(void **state)
{
	(void)state;
	each_corpus_file("hf_trainer_state", hf_file);
}

static void jsonl_file(const char *name, const char *data, size_t len)
{
	jsonl_lines_same(name, data, len);
	same_jsonl_points(name, data, len);
}

static void corpus_jsonl(void **state)
{
	(void)state;
	each_corpus_file("llamafactory_trainer_log", jsonl_file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(generated_documents),
		cmocka_unit_test(generated_trainer_states),
		cmocka_unit_test(corpus_trainer_states),
		cmocka_unit_test(generated_jsonl),
		cmocka_unit_test(corpus_jsonl),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
