/* imp_hf_state.c: Hugging Face Trainer trainer_state.json (LOG-FORMATS.md
 * section 1; also optimum-neuron's NeuronTrainer, LLaMA-Factory, TRL).
 *
 * One JSON object (json-c, which accepts the NaN/Infinity tokens Python
 * writes). Its log_history list holds three kinds of entries, told apart
 * by their keys:
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
 * log_history returns 0 with a warning and no series. */
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "importers/importer.h"
#include "importers/json_value.h"
#include "model/util/num.h"

#define METRIC_MAX 128

typedef struct hs_ctx {
	const dt_source *src;
	dt_rawlog *log;
	size_t summaries, nostep, nostep_first, points_entries;
} hs_ctx;

static int hs_step(json_object *entry, int64_t *out)
{
	json_object *v;
	if (!json_object_object_get_ex(entry, "step", &v))
		return -1;
	return dt_json_step(v, out);
}

static int has_key(json_object *o, const char *k)
{
	return json_object_object_get_ex(o, k, NULL);
}

static int is_eval_entry(json_object *entry)
{
	json_object_object_foreach(entry, key, val) {
		(void)val;
		if (strncmp(key, "eval_", 5) == 0)
			return 1;
	}
	return 0;
}

static int is_summary_entry(json_object *entry)
{
	return has_key(entry, "train_runtime") ||
	       (has_key(entry, "train_loss") && !has_key(entry, "loss"));
}

static void note_summary(hs_ctx *c, json_object *entry, int64_t step)
{
	json_object *v;
	double tl = NAN;
	if (json_object_object_get_ex(entry, "train_loss", &v))
		dt_json_number(v, &tl);
	c->summaries++;
	dt_rawlog_note(c->log, "%s: final summary entry at step %lld (train_loss "
	               "%g) is not a curve point; skipped", c->src->path,
	               (long long)step, tl);
}

/* Push the points of one train or eval entry. Returns 0 or -1 (ENOMEM). */
static int push_entry(hs_ctx *c, json_object *entry, int64_t step, int eval)
{
	int any = 0;
	json_object_object_foreach(entry, key, val) {
		double d;
		char metric[METRIC_MAX];
		if (strcmp(key, "step") == 0 || (eval && strncmp(key, "eval_", 5) != 0))
			continue;
		if (dt_json_number(val, &d) < 0)
			continue;
		dt_metric_canonical(key, metric, sizeof metric);
		dt_rawseries *s = dt_rawlog_series(c->log, metric);
		if (!s || dt_rawseries_push(s, step, d) < 0)
			return -1;
		any = 1;
	}
	c->points_entries += (size_t)any;
	return 0;
}

static int do_entry(hs_ctx *c, json_object *entry, size_t idx)
{
	int64_t step;
	if (!json_object_is_type(entry, json_type_object))
		return 0;
	if (hs_step(entry, &step) < 0) {
		if (c->nostep++ == 0)
			c->nostep_first = idx;
		return 0;
	}
	if (is_summary_entry(entry)) {
		note_summary(c, entry, step);
		return 0;
	}
	return push_entry(c, entry, step, is_eval_entry(entry));
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

static json_object *parse_json(const dt_source *src, char *err, size_t errlen)
{
	if (src->len > INT_MAX) {
		snprintf(err, errlen, "%s: file larger than 2 GiB", src->path);
		return NULL;
	}
	json_tokener *tok = json_tokener_new();
	if (!tok) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return NULL;
	}
	json_object *root = json_tokener_parse_ex(tok, src->data, (int)src->len);
	if (!root) {
		enum json_tokener_error e = json_tokener_get_error(tok);
		size_t off = json_tokener_get_parse_end(tok);
		snprintf(err, errlen, "%s:%zu: invalid JSON at byte %zu: %s",
		         src->path, line_of(src, off), off,
		         e == json_tokener_continue || e == json_tokener_success
		             ? "file ends inside the JSON document"
		             : json_tokener_error_desc(e));
	}
	json_tokener_free(tok);
	return root;
}

static void top_level_facts(hs_ctx *c, json_object *root)
{
	json_object *g, *m;
	if (json_object_object_get_ex(root, "global_step", &g) &&
	    json_object_object_get_ex(root, "max_steps", &m) &&
	    json_object_is_type(g, json_type_int) &&
	    json_object_is_type(m, json_type_int) &&
	    json_object_get_int64(g) < json_object_get_int64(m))
		dt_rawlog_warn(c->log, "%s: global_step %lld < max_steps %lld: an "
		               "unfinished run or a checkpoint state", c->src->path,
		               (long long)json_object_get_int64(g),
		               (long long)json_object_get_int64(m));
}

static void final_warnings(hs_ctx *c, size_t nentries)
{
	if (c->nostep)
		dt_rawlog_warn(c->log, "%s: %zu log_history entr%s without an integral "
		               "'step' skipped (first: entry %zu)", c->src->path,
		               c->nostep, c->nostep == 1 ? "y" : "ies", c->nostep_first);
	if (c->points_entries == 0)
		dt_rawlog_warn(c->log, "%s: log_history holds %zu entr%s and no "
		               "metric values: no training curve", c->src->path,
		               nentries, nentries == 1 ? "y" : "ies");
}

static int hf_state_parse(const dt_source *src, const dt_import_opts *opts,
                          dt_rawlog *out, char *err, size_t errlen)
{
	(void)opts;
	json_object *root = parse_json(src, err, errlen);
	json_object *hist;
	if (!root)
		return -1;
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "log_history", &hist) ||
	    !json_object_is_type(hist, json_type_array)) {
		snprintf(err, errlen, "%s:1: expected a JSON object with a "
		         "'log_history' list (HF trainer_state.json)", src->path);
		json_object_put(root);
		return -1;
	}
	hs_ctx c = {.src = src, .log = out};
	snprintf(out->step_source, sizeof out->step_source,
	         "optimizer step (log_history 'step')");
	snprintf(out->step_base_rule, sizeof out->step_base_rule,
	         "as logged: HF Trainer logs the update count (1-based)");
	size_t n = json_object_array_length(hist);
	for (size_t i = 0; i < n; i++) {
		if (do_entry(&c, json_object_array_get_idx(hist, i), i) < 0) {
			snprintf(err, errlen, "%s: out of memory", src->path);
			json_object_put(root);
			return -1;
		}
	}
	top_level_facts(&c, root);
	final_warnings(&c, n);
	json_object_put(root);
	return 0;
}

static int hf_state_detect(const char *name, const char *head, size_t len)
{
	size_t i = 0;
	if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
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
