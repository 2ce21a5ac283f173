/* demo_pilot.c: the demo store's acceptance pilot: a task card, the two
 * demo runs attached, journal facts, a partly done checklist, two drills
 * (a node loss pre-filled from the pilot run's restart at step 1201 from
 * checkpoint 1200, and a planned manual interrupt) and one "continue"
 * decision. Written through the same model calls as the commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/core/journal.h"
#include "model/service/assessment.h"
#include "model/service/drill_prefill.h"
#include "model/service/journal_set.h"
#include "model/service/evidence_link.h"

#define DEMO_PILOT "llama3-8b-lora-trn2"
#define DEMO_GPU "llama3-8b-lora-gpu-a100"
#define DEMO_TRN "llama3-8b-lora-trn2-pilot"

static const char *const card[][2] = {
	{"model", "meta-llama/Meta-Llama-3-8B"},
	{"code-version", "finetune@4c1e9a2"},
	{"training-type", "lora"},
	{"seq-len", "2048"},
	{"micro-batch", "2"},
	{"grad-accum", "8"},
	{"global-batch", "16"},
	{"parallelism", "tp=8 pp=1 dp=1"},
	{"dataset", "support-tickets v3 (sha256 9f2c51e0)"},
	{"dataset-size", "32000 samples"},
	{"target-steps", "2000"},
	{"eval-method", "exact match on 200 control prompts + review of 20"},
	{"control-answers", "controls/support-v3.jsonl"},
	{"loss-range", "1.0-1.3 at step 2000"},
	{"checkpoint-period", "200"},
	{"checkpoint-format", "NxD sharded: model, optimizer, scheduler, RNG, data cursor"},
	{"recovery-seconds", "900"},
	{"custom-ops", "none"},
	{"rtol", "0.02"},
	{"atol", "0"},
	{"warmup", "0"},
};

/* run, key, value */
static const char *const journal[][3] = {
	{DEMO_TRN, "image.id", "pilot/neuron-train@sha256:7d1f0c2b"},
	{DEMO_TRN, "neuron.sdk_version", "2.21.0"},
	{DEMO_TRN, "train.stack", "NxD Training"},
	{DEMO_TRN, "neuron.compiler_flags", "--model-type=transformer -O1"},
	{DEMO_TRN, "neuron.compile_seconds", "1260"},
	{DEMO_TRN, "neuron.cache_hits", "41"},
	{DEMO_TRN, "neuron.cache_misses", "3"},
	{DEMO_TRN, "data.prep_seconds", "310"},
	{DEMO_TRN, "queue.wait_seconds", "420"},
	{DEMO_TRN, "restart.reasons", "after step 1400: node replaced (HyperPod auto-resume)"},
	{DEMO_TRN, "checkpoint.locations", "s3://pilot-ckpt/llama3-8b-lora"},
	{DEMO_GPU, "train.stack", "HF Trainer + PEFT"},
	{DEMO_GPU, "gpu.cuda_version", "12.4"},
	{DEMO_GPU, "gpu.driver_version", "550.90.07"},
	{DEMO_GPU, "data.prep_seconds", "295"},
};

/* item, status, note, evidence ("" = none) */
static const char *const checks[][4] = {
	{"step1", "pass", "2000 steps, eval script v3", "run:" DEMO_GPU},
	{"step2", "pass", "NxD checkpoint holds all five parts", ""},
	{"step3", "pass", "same data, order and evaluation", "run:" DEMO_TRN},
	{"step5", "pass", "node replaced, auto-resume from S3", "drill:"},
	{"trial2", "pass", "resume test on the LoRA trial", ""},
	{"trial3", "pass", "replayed losses match", "drill:"},
};

/* Adds the two drills; *node_loss receives the first one's id. */
static int add_drills(dt_store *st, int64_t pid, const char *by,
                      int64_t *node_loss)
{
	dt_drill d = {.pilot_id = pid, .kind = DT_DRILL_NODE_LOSS,
	              .checkpoint_step = 1200};
	dt_resume_evidence ev;
	char err[600];
	snprintf(d.run_before, sizeof d.run_before, "%s", DEMO_TRN);
	snprintf(d.checkpoint_id, sizeof d.checkpoint_id, "step_1200");
	snprintf(d.checkpoint_location, sizeof d.checkpoint_location,
	         "s3://pilot-ckpt/llama3-8b-lora/step_1200");
	snprintf(d.checkpoint_checksum, sizeof d.checkpoint_checksum,
	         "sha256:5be0a1c9e4f27d3e");
	snprintf(d.fault_time, sizeof d.fault_time, "2026-11-02T10:41:00Z");
	snprintf(d.resumed_time, sizeof d.resumed_time, "2026-11-02T10:52:30Z");
	snprintf(d.note, sizeof d.note, "one node of the trn2 pair stopped; "
	         "HyperPod replaced it");
	dt_drill_check *rng = &d.checks[DT_DC_RNG_STATE];
	rng->status = DT_DC_PASS;
	snprintf(rng->note, sizeof rng->note, "RNG states restored (checkpoint "
	         "manifest)");
	snprintf(rng->source, sizeof rng->source, "user");
	if (dt_drill_prefill(st, &d, 0.02, &ev, err, sizeof err) != 0) {
		fprintf(stderr, "dualtrack: demo: %s\n", err);
		return -1;
	}
	dt_drill_apply_evidence(&d, &ev);
	if (dt_store_drill_add(st, &d, by) < 0)
		return -1;
	*node_loss = d.id;
	dt_drill m = {.pilot_id = pid, .kind = DT_DRILL_MANUAL_INTERRUPT};
	snprintf(m.note, sizeof m.note, "planned: interrupt the next pilot run "
	         "by hand during an asynchronous checkpoint save (step 4)");
	return dt_store_drill_add(st, &m, by);
}

static int fill(dt_store *st, const char *by)
{
	dt_pilot p;
	dt_run gpu, trn;
	if (dt_store_pilot_create(st, DEMO_PILOT, by, &p) < 0 ||
	    dt_store_run_find(st, DEMO_GPU, &gpu) != 0 ||
	    dt_store_run_find(st, DEMO_TRN, &trn) != 0)
		return -1;
	for (size_t i = 0; i < sizeof card / sizeof card[0]; i++)
		if (dt_store_taskcard_set(st, p.id, (dt_tc_field)dt_taskcard_field(card[i][0]),
		                    card[i][1], by) < 0)
			return -1;
	if (dt_store_pilot_attach(st, p.id, gpu.id, DT_RUN_BASELINE, by) < 0 ||
	    dt_store_pilot_attach(st, p.id, trn.id, DT_RUN_PILOT, by) < 0)
		return -1;
	for (size_t i = 0; i < sizeof journal / sizeof journal[0]; i++)
		if (dt_journal_set(st, !strcmp(journal[i][0], DEMO_GPU) ? gpu.id :
		                   trn.id, journal[i][1], journal[i][2], by) < 0)
			return -1;
	int64_t drill;
	if (add_drills(st, p.id, by, &drill) < 0)
		return -1;
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
		char ev[160];
		dt_check_status s;
		snprintf(ev, sizeof ev, "%s", checks[i][3]);
		if (!strcmp(ev, "drill:"))
			snprintf(ev, sizeof ev, "drill:%lld", (long long)drill);
		dt_check_id id = (dt_check_id)dt_check_find(checks[i][0]);
		dt_check_status_parse(checks[i][1], &s);
		if (dt_store_check_set(st, p.id, id, s, checks[i][2], "", by) < 0 ||
		    (ev[0] && dt_evidence_link(st, p.id, id, ev, by) < 0))
			return -1;
	}
	return 0;
}

int dt_demo_pilot_build(dt_store *st)
{
	char by[64], err[600];
	dt_pilot p;
	if (dt_store_pilot_find(st, DEMO_PILOT, &p) == 0)
		return 0;
	dt_actor_name(by, sizeof by);
	if (dt_store_begin(st) < 0 || fill(st, by) < 0 || dt_store_commit(st) < 0) {
		fprintf(stderr, "dualtrack: demo pilot: %s\n", dt_store_error(st));
		dt_store_rollback(st);
		return -1;
	}
	dt_decider dk[3] = {{"A. Rivera", DT_ROLE_RESEARCHER},
	                    {"K. Tanaka", DT_ROLE_TRAINING_ENGINEER},
	                    {"M. Okafor", DT_ROLE_PLATFORM}};
	dt_decision d;
	if (dt_decide(st, DEMO_PILOT, DT_DECIDE_CONTINUE, "Parity passes and the"
	              " node-loss drill resumed cleanly from step 1200; the manual "
	              "interrupt (step 4) and the final evaluation (trial 4) are "
	              "still open.", dk, 3, by, &d, err, sizeof err) != 0) {
		fprintf(stderr, "dualtrack: demo pilot: %s\n", err);
		return -1;
	}
	free(d.evidence_text);
	return 0;
}
