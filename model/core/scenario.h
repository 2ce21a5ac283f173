/* dt_scenario.h: the scenario guide: a short questionnaire mapped to the
 * recommendation of ACCEPTANCE.md ("Decisions", scenario guide).
 *
 * Rules, first match wins:
 * 1. metrics not agreed            -> gpu_baseline_first (fix the GPU
 *                                     baseline and its metrics, then migrate)
 * 2. custom CUDA ops, or frequent
 *    graph changes, or model not
 *    stable                        -> gpu
 * 3. high cost of error and a team
 *    not experienced with Neuron   -> dual_track (GPU stays the fallback)
 * 4. short cycle (long_cycle = no) -> gpu (set-up of compile cache and
 *                                     checkpoint flow is not repaid)
 * 5. stable model, no custom ops,
 *    rare graph changes            -> trn2_pilot; with training "full" the
 *                                     condition "only after parallelism,
 *                                     checkpoint and recovery checks"
 * Unanswered questions that rules 1-5 need leave the cautious dual_track,
 * with the missing questions listed. */
#ifndef DT_SCENARIO_H
#define DT_SCENARIO_H

#include <stddef.h>

typedef enum dt_answer { DT_ANS_UNKNOWN = 0, DT_ANS_YES, DT_ANS_NO } dt_answer;

typedef enum dt_recommendation {
	DT_REC_TRN2_PILOT = 0,
	DT_REC_GPU,
	DT_REC_DUAL_TRACK,
	DT_REC_GPU_BASELINE_FIRST
} dt_recommendation;

enum {
	DT_Q_STABLE, DT_Q_CUSTOM_CUDA, DT_Q_GRAPH_CHANGES, DT_Q_HIGH_COST,
	DT_Q_AGREED_METRICS, DT_Q_EXPERIENCED, DT_Q_LONG_CYCLE, DT_Q_COUNT
};

typedef struct dt_scenario_answers {
	dt_answer a[DT_Q_COUNT];   /* indexed by DT_Q_* */
	char training[16];         /* "lora", "full", "continued" or "" */
} dt_scenario_answers;

typedef struct dt_scenario_result {
	dt_recommendation rec;
	char reason[200];
	char condition[160];       /* "" when none */
	char missing[200];         /* unanswered questions (keys), "" if none */
} dt_scenario_result;

/* CLI/JSON key ("stable", "custom_cuda", "graph_changes",
 * "high_cost_of_error", "agreed_metrics", "experienced_team",
 * "long_cycle") and the question text of DT_Q_* index q. */
const char *dt_scenario_key(int q);
const char *dt_scenario_question(int q);

/* Apply the rules above. Never fails. */
void dt_scenario_decide(const dt_scenario_answers *in, dt_scenario_result *out);

/* "trn2_pilot", "gpu", "dual_track", "gpu_baseline_first". */
const char *dt_recommendation_name(dt_recommendation r);

/* "yes", "no", "unknown"; parse accepts yes/no/y/n/true/false/unknown.
 * Returns 0 or -1. */
const char *dt_answer_name(dt_answer a);
int dt_answer_parse(const char *s, dt_answer *out);

/* Answers as stored (dt_scenario_rec.answers): "stable=yes,custom_cuda=no,
 * ..." for every question in DT_Q_* order, into buf (size n; cut when
 * short). */
void dt_scenario_encode(const dt_scenario_answers *a, char *buf, size_t n);

/* Read stored answers back into *a (questions not named, or with words
 * dt_answer_parse refuses, are left as they are). */
void dt_scenario_decode(const char *s, dt_scenario_answers *a);

/* A scenario-guide record: answers as "key=yes|no|unknown" joined by
 * ','; recommendation name (dt_scenario.h). */
typedef struct dt_scenario_rec {
	char answers[400];
	char training[16];
	char recommendation[24];
	char reason[200];
	char set_by[64];
	char set_at[32];
} dt_scenario_rec;

#endif
