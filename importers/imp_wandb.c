/* imp_wandb.c: Weights & Biases `wandb-summary.json` (run folders
 * wandb/run-<date>-<id>/files/).
 *
 * The summary holds the last value of every key, not a history
 * (LOG-FORMATS.md section 6), so it is imported as run facts only, with a
 * warning saying it holds no curve: wandb.final_loss (train/loss or
 * loss), wandb.final_lr, wandb.epoch, wandb.global_step
 * (train/global_step: the trainer's optimizer step), wandb.log_calls
 * (`_step`: W&B's own counter of log() calls, not the optimizer step),
 * wandb.runtime_seconds (`_runtime`, else `_wandb.runtime`),
 * wandb.train_loss (train/train_loss, the run's mean). */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "importers/importer.h"
#include "importers/textline.h"

typedef struct wb_key {
	const char *fact;
	const char *keys[3];   /* tried in order; "a.b" = nested object */
} wb_key;

static const wb_key wb_keys[] = {
	{"wandb.final_loss", {"train/loss", "loss", NULL}},
	{"wandb.final_lr", {"train/learning_rate", "learning_rate", "lr"}},
	{"wandb.epoch", {"train/epoch", "epoch", NULL}},
	{"wandb.global_step", {"train/global_step", "global_step", NULL}},
	{"wandb.log_calls", {"_step", NULL, NULL}},
	{"wandb.runtime_seconds", {"_runtime", "_wandb.runtime", NULL}},
	{"wandb.train_loss", {"train/train_loss", NULL, NULL}},
};

static json_object *lookup(json_object *root, const char *key)
{
	json_object *o = NULL, *in;
	const char *dot = strchr(key, '.');
	if (!dot)
		return json_object_object_get_ex(root, key, &o) ? o : NULL;
	char outer[64];
	snprintf(outer, sizeof outer, "%.*s", (int)(dot - key), key);
	if (!json_object_object_get_ex(root, outer, &in) ||
	    !json_object_is_type(in, json_type_object))
		return NULL;
	return json_object_object_get_ex(in, dot + 1, &o) ? o : NULL;
}

static int wb_parse(const dt_source *src, const dt_import_opts *opts,
                    dt_rawlog *out, char *err, size_t errlen)
{
	(void)opts;
	json_tokener *tok = json_tokener_new();
	if (!tok) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	int len = src->len > (size_t)0x7FFFFFFF ? 0x7FFFFFFF : (int)src->len;
	json_object *root = json_tokener_parse_ex(tok, src->data, len);
	enum json_tokener_error je = json_tokener_get_error(tok);
	size_t at = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (!root || je != json_tokener_success ||
	    !json_object_is_type(root, json_type_object)) {
		snprintf(err, errlen, "%s: byte %zu: expected one JSON object (W&B "
		         "wandb-summary.json)%s%s", src->path, at,
		         je != json_tokener_success ? ": " : "",
		         je != json_tokener_success ? json_tokener_error_desc(je) : "");
		json_object_put(root);
		return -1;
	}
	snprintf(out->step_source, sizeof out->step_source,
	         "none (W&B summary: final values only)");
	int rc = 0;
	size_t nf = 0;
	for (size_t i = 0; i < sizeof wb_keys / sizeof wb_keys[0] && rc == 0; i++) {
		for (size_t k = 0; k < 3 && wb_keys[i].keys[k]; k++) {
			json_object *o = lookup(root, wb_keys[i].keys[k]);
			if (!o || !(json_object_is_type(o, json_type_int) ||
			            json_object_is_type(o, json_type_double)))
				continue;
			rc = dt_rawlog_fact(out, wb_keys[i].fact, "%s",
			                    json_object_to_json_string(o));
			nf++;
			break;
		}
	}
	const char *gs = dt_rawlog_fact_get(out, "wandb.global_step");
	const char *lc = dt_rawlog_fact_get(out, "wandb.log_calls");
	if (rc == 0)
		rc = dt_rawlog_warn(out, "%s: a W&B summary holds final values "
		                    "only, no training curve: imported as %zu run "
		                    "fact(s)%s%s%s%s%s", src->path, nf,
		                    gs ? "; trainer global step " : "", gs ? gs : "",
		                    lc ? "; _step " : "", lc ? lc : "",
		                    lc ? " is W&B's count of log() calls, not the "
		                         "optimizer step" : "");
	json_object_put(root);
	if (rc < 0)
		snprintf(err, errlen, "%s: out of memory", src->path);
	return rc;
}

int dt_wandb_summary_name(const char *name)
{
	static const char suffix[] = "wandb-summary.json";
	size_t nl = name ? strlen(name) : 0, sl = sizeof suffix - 1;
	return nl >= sl && strcmp(name + nl - sl, suffix) == 0;
}

static int wb_detect(const char *name, const char *head, size_t len)
{
	if (dt_wandb_summary_name(name))
		return 98;
	size_t i = 0;
	while (i < len && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r'))
		i++;
	if (i < len && head[i] == '{' && dt_find_bytes(head, len, "\"_wandb\""))
		return 90;
	return 0;
}

const dt_importer dt_imp_wandb = {
	.name = "wandb",
	.description = "W&B wandb-summary.json: final values as run facts "
	               "(no curve)",
	.detect = wb_detect,
	.parse = wb_parse,
};
