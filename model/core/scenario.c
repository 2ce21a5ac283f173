/* dt_scenario.c: questionnaire -> recommendation (rules in
 * dt_scenario.h). */
#include "model/core/scenario.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *key, *text;
} questions[DT_Q_COUNT] = {
	{"stable", "Is the model stable (architecture and code rarely change)?"},
	{"custom_cuda", "Does training use custom CUDA operators / extensions?"},
	{"graph_changes", "Does the compute graph change often (experiments)?"},
	{"high_cost_of_error", "Is the cost of an error (a wrong or late model) "
	 "high?"},
	{"agreed_metrics", "Are the acceptance metrics (loss range, evaluation, "
	 "steps) agreed?"},
	{"experienced_team", "Has the team run Neuron (compile cache, "
	 "checkpoints) before?"},
	{"long_cycle", "Will the model be trained repeatedly over a long cycle?"},
};

const char *dt_scenario_key(int q)
{
	return q >= 0 && q < DT_Q_COUNT ? questions[q].key : "";
}

const char *dt_scenario_question(int q)
{
	return q >= 0 && q < DT_Q_COUNT ? questions[q].text : "";
}

const char *dt_recommendation_name(dt_recommendation r)
{
	switch (r) {
	case DT_REC_TRN2_PILOT: return "trn2_pilot";
	case DT_REC_GPU: return "gpu";
	case DT_REC_DUAL_TRACK: return "dual_track";
	default: return "gpu_baseline_first";
	}
}

const char *dt_answer_name(dt_answer a)
{
	return a == DT_ANS_YES ? "yes" : a == DT_ANS_NO ? "no" : "unknown";
}

int dt_answer_parse(const char *s, dt_answer *out)
{
	static const char *const yes[] = {"yes", "y", "true"};
	static const char *const no[] = {"no", "n", "false"};
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = DT_ANS_YES;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = DT_ANS_NO;
			return 0;
		}
	}
	if (strcasecmp(s, "unknown") == 0) {
		*out = DT_ANS_UNKNOWN;
		return 0;
	}
	return -1;
}

static void add_missing(dt_scenario_result *r, int q)
{
	size_t l = strlen(r->missing);
	snprintf(r->missing + l, sizeof r->missing - l, "%s%s", l ? ", " : "",
	         dt_scenario_key(q));
}

static void set(dt_scenario_result *r, dt_recommendation rec,
                const char *reason)
{
	r->rec = rec;
	snprintf(r->reason, sizeof r->reason, "%s", reason);
}

void dt_scenario_decide(const dt_scenario_answers *in, dt_scenario_result *r)
{
	const dt_answer *a = in->a;
	memset(r, 0, sizeof *r);
	for (int q = 0; q < DT_Q_COUNT; q++)
		if (a[q] == DT_ANS_UNKNOWN)
			add_missing(r, q);
	if (a[DT_Q_AGREED_METRICS] == DT_ANS_NO) {
		set(r, DT_REC_GPU_BASELINE_FIRST, "no agreed metrics: fix the GPU "
		    "baseline, its steps and evaluation first, then migrate");
	} else if (a[DT_Q_CUSTOM_CUDA] == DT_ANS_YES ||
	           a[DT_Q_GRAPH_CHANGES] == DT_ANS_YES ||
	           a[DT_Q_STABLE] == DT_ANS_NO) {
		set(r, DT_REC_GPU, "experimental graph, frequent changes or custom "
		    "CUDA extensions: stay on GPU");
	} else if (a[DT_Q_HIGH_COST] == DT_ANS_YES &&
	           a[DT_Q_EXPERIENCED] != DT_ANS_YES) {
		set(r, DT_REC_DUAL_TRACK, "high cost of error and a team new to "
		    "Neuron: run both tracks, GPU stays the fallback");
	} else if (a[DT_Q_LONG_CYCLE] == DT_ANS_NO) {
		set(r, DT_REC_GPU, "short cycle: the compile-cache and checkpoint "
		    "set-up on Trainium2 would not be repaid");
	} else if (a[DT_Q_STABLE] != DT_ANS_YES ||
	           a[DT_Q_CUSTOM_CUDA] != DT_ANS_NO ||
	           a[DT_Q_GRAPH_CHANGES] != DT_ANS_NO ||
	           a[DT_Q_AGREED_METRICS] != DT_ANS_YES) {
		set(r, DT_REC_DUAL_TRACK, "not enough answers for a Trainium2 pilot: "
		    "keep both tracks until they are given");
	} else {
		set(r, DT_REC_TRN2_PILOT, "stable model, no custom CUDA ops, rare "
		    "graph changes, agreed metrics: run the Trainium2 pilot");
		if (strcasecmp(in->training, "full") == 0)
			snprintf(r->condition, sizeof r->condition, "full training: "
			         "only after parallelism, checkpoint and recovery checks");
	}
}

void dt_scenario_encode(const dt_scenario_answers *a, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int q = 0; q < DT_Q_COUNT && used < n; q++) {
		int k = snprintf(buf + used, n - used, "%s%s=%s", q ? "," : "",
		                 dt_scenario_key(q), dt_answer_name(a->a[q]));
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

void dt_scenario_decode(const char *s, dt_scenario_answers *a)
{
	char buf[400];
	snprintf(buf, sizeof buf, "%s", s);
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		if (!eq)
			continue;
		*eq = '\0';
		for (int q = 0; q < DT_Q_COUNT; q++)
			if (strcmp(t, dt_scenario_key(q)) == 0)
				dt_answer_parse(eq + 1, &a->a[q]);
	}
}
