/* dt_journal.c: run-journal keys (dt_journal.h); dt_journal_set is in
 * store_journal.c. */
#include "model/core/journal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/util/nearest.h"
#include "model/util/num.h"
#include "model/util/text.h"

const dt_journal_key dt_journal_keys[] = {
	{"image.id", "container image id"},
	{"neuron.sdk_version", "Neuron SDK version"},
	{"train.stack", "training stack"},
	{"gpu.cuda_version", "CUDA version"},
	{"gpu.driver_version", "GPU driver version"},
	{"neuron.compiler_flags", "compiler flags"},
	{"neuron.compile_seconds", "first compile time (s)"},
	{"compile.init_seconds", "compile / graph init time (s)"},
	{"neuron.cache_hits", "compile-cache hits"},
	{"neuron.cache_misses", "compile-cache misses"},
	{"neuron.cached_artifacts", "cached compile artifacts"},
	{"data.prep_seconds", "data preparation time (s)"},
	{"data.load_seconds", "dataset loading time (s)"},
	{"queue.wait_seconds", "queue / quota wait (s)"},
	{"restart.reasons", "restart reasons"},
	{"checkpoint.checksums", "checkpoint checksums"},
	{"checkpoint.locations", "checkpoint locations"},
	{"resume.verification", "resume verification result"},
};
const size_t dt_journal_nkeys = sizeof dt_journal_keys / sizeof dt_journal_keys[0];

static const char *const compile_keys[] = {"neuron.compile_seconds",
                                           "compile.init_seconds"};
static const char *const data_keys[] = {"data.prep_seconds",
                                        "data.load_seconds"};

const char *dt_journal_label(const char *key)
{
	for (size_t i = 0; i < dt_journal_nkeys; i++)
		if (strcmp(dt_journal_keys[i].key, key) == 0)
			return dt_journal_keys[i].label;
	return NULL;
}

const char *dt_journal_taskcard_field(const char *key)
{
	static const char *const map[][2] = {
		{"hf.gradient_accumulation_steps", "grad-accum"},
		{"mlperf.gradient_accumulation_steps", "grad-accum"},
		{"mlperf.global_batch_size", "global-batch"},
		{"hf.per_device_train_batch_size", "micro-batch"},
		{"hf.max_steps", "target-steps"},
		{"mlperf.opt_learning_rate_training_steps", "target-steps"},
		{"mlperf.train_samples", "dataset-size"},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i][0], key))
			return map[i][1];
	return NULL;
}

int dt_journal_key_valid(const char *key)
{
	size_t n = strlen(key);
	if (n == 0 || n > 63 || key[0] < 'a' || key[0] > 'z')
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = key[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '.' || c == '-'))
			return 0;
	}
	return 1;
}

int dt_journal_key_check(const char *key, char *err, size_t errlen)
{
	if (dt_journal_key_valid(key))
		return 0;
	snprintf(err, errlen, "journal key '%.64s' must be 1..63 characters of "
	         "a-z 0-9 _ . - starting with a letter", key);
	return -1;
}

const char *dt_journal_near_key(const char *key, const char *const *have,
                                size_t n)
{
	const char *near = NULL;
	if (dt_journal_label(key))
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (have[i] && !strcmp(have[i], key))
			return NULL;
	for (size_t i = 0; i < dt_journal_nkeys && !near; i++)
		if (dt_edit_distance(key, dt_journal_keys[i].key) == 1)
			near = dt_journal_keys[i].key;
	for (size_t i = 0; i < n && !near; i++)
		if (have[i] && dt_edit_distance(key, have[i]) == 1)
			near = have[i];
	return near;
}

/* 1 when `key` ends in `suffix`. */
static int ends_with(const char *key, const char *suffix)
{
	size_t n = strlen(key), k = strlen(suffix);
	return n >= k && strcmp(key + n - k, suffix) == 0;
}

int dt_journal_value_check(const char *key, const char *value, char *err,
                           size_t errlen)
{
	int is_count = !strcmp(key, "neuron.cache_hits") ||
	               !strcmp(key, "neuron.cache_misses");
	int is_seconds = ends_with(key, "_seconds");
	char what[80], dummy[8];
	if (!err) {
		err = dummy;
		errlen = sizeof dummy;
	}
	snprintf(what, sizeof what, "journal %s", key);
	if (dt_text_check(value, sizeof ((dt_fact *)0)->value - 1, DT_TEXT_LINE,
	                  what, err, errlen) < 0)
		return -1;
	if (!is_count && !is_seconds)
		return 0;
	double x;
	int64_t k;
	/* digits only: " 5", "+5" and values beyond 2^53 (not exact as a
	 * double) are refused */
	int ok = is_count ?
	         dt_parse_int_strict(value, 0, (int64_t)1 << 53, &k) == 0 :
	         dt_parse_real_strict(value, 0, 1e12, &x) == 0;
	if (!ok)
		snprintf(err, errlen, "journal %s must be %s, got '%.64s'", key,
		         is_count ? "a whole number >= 0 (a count)" :
		         "a number of seconds >= 0", value);
	return ok ? 0 : -1;
}

static int has_any(const dt_fact *facts, size_t n, const char *const *keys,
                   size_t nkeys)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < nkeys; k++)
			if (strcmp(facts[i].key, keys[k]) == 0 && facts[i].value[0] &&
			    dt_journal_value_check(facts[i].key, facts[i].value, NULL,
			                           0) == 0)
				return 1;
	return 0;
}

int dt_journal_has_compile_time(const dt_fact *facts, size_t n)
{
	return has_any(facts, n, compile_keys, 2);
}

int dt_journal_has_data_prep_time(const dt_fact *facts, size_t n)
{
	return has_any(facts, n, data_keys, 2);
}
