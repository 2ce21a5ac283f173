/* demo_ledger.c: time and cost ledger and scenario answers of the demo
 * pilot. The demo runs are attached to the ledger; the Trainium2 side's
 * useful training and redone steps come from its logs (throughput x
 * global batch), everything else is entered with an honest basis: the
 * instance-hour prices are marked as assumptions (demo figures, not
 * quoted prices). Data loading and queue waits come from the runs'
 * journal facts (data.prep_seconds, queue.wait_seconds); the entered
 * Trainium2 compile time overrides the journal's neuron.compile_seconds
 * (it includes the neuron_parallel_compile pass the log does not show). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/core/scenario.h"
#include "model/store/store.h"

#define DEMO_LEDGER_PILOT "llama3-8b-lora-trn2"   /* issue 3's demo pilot */

static const struct demo_value {
	const char *side, *key;
	double value;          /* seconds for times, item units otherwise */
	const char *basis, *note;
} demo_values[] = {
	{"gpu", "env_prep", 1.5 * 3600, "measured", "image build, dataset staging"},
	{"gpu", "compile", 0, "measured", "eager PyTorch: no graph compilation"},
	{"gpu", "training", 0.8 * 3600, "measured", "job wall clock, 2000 steps"},
	{"gpu", "checkpoint", 0.2 * 3600, "measured", "4 saves + checksum"},
	{"gpu", "queue", 2.0 * 3600, "measured", "capacity wait"},
	{"gpu", "reruns", 0, "measured", "no failed run"},
	{"gpu", "manual", 1.0 * 3600, "assumption", "estimate, not timed"},
	{"gpu", "instance_hour", 32.77, "assumption", "demo figure for an "
	 "8-GPU instance, not a quoted price"},
	{"gpu", "instances", 1, "measured", ""},
	{"gpu", "storage", 0.023, "assumption", "object storage, demo figure"},
	{"gpu", "storage_gb_months", 40, "measured", "checkpoints kept 1 month"},
	{"gpu", "transfer", 0.09, "assumption", "demo figure"},
	{"gpu", "transfer_gb", 10, "measured", ""},
	{"gpu", "logs", 0.5, "assumption", "demo figure"},
	{"gpu", "logs_gb", 1, "measured", ""},
	{"trn2", "env_prep", 3.0 * 3600, "measured", "Neuron SDK image, cache "
	 "bucket"},
	{"trn2", "compile", 1.2 * 3600, "measured", "neuron_parallel_compile + "
	 "first-run cache build"},
	{"trn2", "checkpoint", 0.3 * 3600, "measured", "async saves to S3 + "
	 "checksum"},
	{"trn2", "manual", 2.5 * 3600, "assumption", "resume drill by hand, "
	 "estimate"},
	{"trn2", "instance_hour", 35.0, "assumption", "demo figure for a trn2 "
	 "instance, not a quoted price"},
	{"trn2", "instances", 1, "measured", ""},
	{"trn2", "storage", 0.023, "assumption", "object storage, demo figure"},
	{"trn2", "storage_gb_months", 60, "measured", "checkpoints + compile cache"},
	{"trn2", "transfer", 0.09, "assumption", "demo figure"},
	{"trn2", "transfer_gb", 10, "measured", ""},
	{"trn2", "logs", 0.5, "assumption", "demo figure"},
	{"trn2", "logs_gb", 1, "measured", ""},
};

static int attach(dt_store *st, const char *run)
{
	dt_run r;
	int f = dt_store_run_find(st, run, &r);
	if (f == 1)
		return 0;
	return f < 0 ? -1 : dt_store_ledger_attach(st, DEMO_LEDGER_PILOT, r.id);
}

int dt_demo_ledger(dt_store *st)
{
	dt_ledger_entry *e;
	size_t n;
	if (dt_store_ledger_list(st, DEMO_LEDGER_PILOT, &e, &n) < 0)
		goto fail;
	free(e);
	if (n > 0)
		return 0;   /* already entered */
	dt_scenario_answers a = {.a = {DT_ANS_YES, DT_ANS_NO, DT_ANS_NO,
	                               DT_ANS_YES, DT_ANS_YES, DT_ANS_NO,
	                               DT_ANS_YES}, .training = "lora"};
	dt_scenario_result res;
	dt_scenario_rec rec = {.set_by = "demo", .training = "lora",
	                       .answers = "stable=yes,custom_cuda=no,"
	                       "graph_changes=no,high_cost_of_error=yes,"
	                       "agreed_metrics=yes,experienced_team=no,"
	                       "long_cycle=yes"};
	dt_scenario_decide(&a, &res);
	snprintf(rec.recommendation, sizeof rec.recommendation, "%s",
	         dt_recommendation_name(res.rec));
	snprintf(rec.reason, sizeof rec.reason, "%s", res.reason);
	if (dt_store_begin(st) < 0)
		goto fail;
	int rc = attach(st, "llama3-8b-lora-gpu-a100") |
	         attach(st, "llama3-8b-lora-trn2-pilot") |
	         dt_store_scenario_put(st, DEMO_LEDGER_PILOT, &rec);
	for (size_t i = 0; rc == 0 && i < sizeof demo_values / sizeof *demo_values;
	     i++) {
		const struct demo_value *d = &demo_values[i];
		rc = dt_store_ledger_set(st, DEMO_LEDGER_PILOT, d->side, d->key,
		                         d->value, d->basis, d->note, "demo");
	}
	if (rc != 0 || dt_store_commit(st) < 0) {
		dt_store_rollback(st);
		goto fail;
	}
	return 0;
fail:
	fprintf(stderr, "dualtrack: demo ledger: %s\n", dt_store_error(st));
	return -1;
}
