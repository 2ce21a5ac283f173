/* registry.c: the list of importers and format detection. */
#include <stdio.h>
#include <string.h>

#include "importers/importer.h"

/* Ties go to the earlier entry: the binary and single-purpose formats
 * (TensorBoard, trainer_state.json, W&B summary, MLPerf) come before the
 * generic ones, and jsonl declines wandb-summary.json and :::MLLOG files
 * itself, so no generic importer can claim them. */
const dt_importer *const dt_importers[] = {
	&dt_imp_tfevents,
	&dt_imp_hf_state,
	&dt_imp_wandb,
	&dt_imp_mlperf,
	&dt_imp_jsonl,
	&dt_imp_csv,
	&dt_imp_hf_stdout,
	&dt_imp_textlog,
	NULL
};

const dt_importer *dt_importer_by_name(const char *name)
{
	for (size_t i = 0; dt_importers[i]; i++)
		if (strcmp(dt_importers[i]->name, name) == 0)
			return dt_importers[i];
	return NULL;
}

const dt_importer *dt_importer_detect(const char *name, const char *head,
                                      size_t len, int *score)
{
	const dt_importer *best = NULL;
	int best_score = 0;
	for (size_t i = 0; dt_importers[i]; i++) {
		int s = dt_importers[i]->detect(name, head, len);
		if (s > best_score) {
			best_score = s;
			best = dt_importers[i];
		}
	}
	if (score)
		*score = best_score;
	return best;
}

int dt_parse_in_steps(const dt_importer *imp, const dt_source *src,
                      const dt_import_opts *opts, dt_rawlog *out, char *err,
                      size_t errlen)
{
	void *ps = imp->step_begin(opts, out);
	if (!ps) {
		snprintf(err, errlen, "%s: out of memory", src->path);
		return -1;
	}
	int rc = imp->step_feed(ps, src, 0, err, errlen);
	if (rc == 0)
		rc = imp->step_end(ps, src, out, err, errlen) < 0 ? -1 : 0;
	imp->step_free(ps);
	return rc;
}
