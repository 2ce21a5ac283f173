/* cmd_scenario.c: dualtrack scenario PILOT: the scenario guide's
 * questionnaire and recommendation, stored with the pilot (rules in
 * model/core/scenario.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/util/clock.h"
#include "model/util/jsonw.h"
#include "model/core/scenario.h"
#include "model/store/store.h"
#include "model/util/text.h"
#include "model/service/scenario_save.h"

/* Option names: the question keys with '-' for '_'. */
static const char *const opt_names[DT_Q_COUNT] = {
	"stable", "custom-cuda", "graph-changes", "high-cost-of-error",
	"agreed-metrics", "experienced-team", "long-cycle"};

static void scenario_usage(FILE *f)
{
	fputs("usage: dualtrack [--db PATH] scenario PILOT [--ANSWER yes|no|unknown]...\n"
	      "         [--training lora|full|continued] [--json]\n\n"
	      "The scenario guide (ACCEPTANCE.md): answers map to a\n"
	      "recommendation, stored with the pilot: trn2_pilot, gpu, dual_track\n"
	      "or gpu_baseline_first. Without answers, shows the stored one.\n"
	      "ANSWER options:\n", f);
	for (int q = 0; q < DT_Q_COUNT; q++)
		fprintf(f, "  --%-20s %s\n", opt_names[q], dt_scenario_question(q));
	fputs("Rules, first match: metrics not agreed -> gpu_baseline_first;\n"
	      "custom CUDA ops, frequent graph changes or an unstable model -> gpu;\n"
	      "high cost of error and a team new to Neuron -> dual_track; a short\n"
	      "cycle -> gpu; stable, no custom ops, rare changes, agreed metrics ->\n"
	      "trn2_pilot (full training: only after parallelism, checkpoint and\n"
	      "recovery checks); unanswered questions -> dual_track.\n"
	      "exit: 0 success, 2 usage or input error\n", f);
}

static void print(const char *pilot, const dt_scenario_answers *a,
                  const dt_scenario_result *r, const dt_scenario_rec *rec,
                  int json)
{
	if (!json) {
		char safe[DT_NAME_MAX * 2];
		dt_sanitize(pilot, safe, sizeof safe);
		printf("scenario of %s\n", safe);
		for (int q = 0; q < DT_Q_COUNT; q++)
			printf("  %-20s %-8s %s\n", dt_scenario_key(q),
			       dt_answer_name(a->a[q]), dt_scenario_question(q));
		printf("recommendation: %s: %s\n", dt_recommendation_name(r->rec),
		       r->reason);
		if (r->condition[0])
			printf("condition: %s\n", r->condition);
		if (r->missing[0])
			printf("unanswered: %s\n", r->missing);
		return;
	}
	dt_jw w;
	dt_jw_init(&w, stdout, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "pilot"); dt_jw_str(&w, pilot);
	dt_jw_key(&w, "answers");
	dt_jw_obj_begin(&w);
	for (int q = 0; q < DT_Q_COUNT; q++) {
		dt_jw_key(&w, dt_scenario_key(q));
		dt_jw_str(&w, dt_answer_name(a->a[q]));
	}
	dt_jw_obj_end(&w);
	dt_jw_key(&w, "training"); dt_jw_str(&w, a->training);
	dt_jw_key(&w, "recommendation");
	dt_jw_str(&w, dt_recommendation_name(r->rec));
	dt_jw_key(&w, "reason"); dt_jw_str(&w, r->reason);
	dt_jw_key(&w, "condition"); dt_jw_str(&w, r->condition);
	dt_jw_key(&w, "missing");
	dt_jw_arr_begin(&w);
	for (int q = 0; q < DT_Q_COUNT; q++)
		if (a->a[q] == DT_ANS_UNKNOWN)
			dt_jw_str(&w, dt_scenario_key(q));
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "set_by"); dt_jw_str(&w, rec->set_by);
	dt_jw_key(&w, "set_at"); dt_jw_str(&w, rec->set_at);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

typedef struct sc_args {
	const char *db, *pilot;
	char by[64];
	int json, answered;
	dt_scenario_answers a;
} sc_args;

static int parse(int argc, char **argv, sc_args *s)
{
	struct option opts[DT_Q_COUNT + 5];
	for (int q = 0; q < DT_Q_COUNT; q++)
		opts[q] = (struct option){opt_names[q], required_argument, NULL,
		                          1000 + q};
	opts[DT_Q_COUNT] = (struct option){"training", required_argument, NULL, 't'};
	opts[DT_Q_COUNT + 1] = (struct option){"json", no_argument, NULL, 'j'};
	opts[DT_Q_COUNT + 2] = (struct option){"db", required_argument, NULL, 'd'};
	opts[DT_Q_COUNT + 3] = (struct option){"help", no_argument, NULL, 'h'};
	opts[DT_Q_COUNT + 4] = (struct option){NULL, 0, NULL, 0};
	int c;
	optind = 0;
	while ((c = dt_cli_getopt(argc, argv, "h", opts, NULL)) != -1) {
		if (c >= 1000 && c < 1000 + DT_Q_COUNT) {
			if (dt_answer_parse(optarg, &s->a.a[c - 1000]) < 0) {
				static const char *const words[] = {"yes", "no",
				                                    "unknown"};
				char hint[80], word[200];
				dt_sanitize(optarg, word, sizeof word);
				fprintf(stderr, "dualtrack: --%s expects yes, no or "
				        "unknown, got '%s'%s\n", opt_names[c - 1000], word,
				        dt_cli_did_you_mean(optarg, words, 3, hint,
				                            sizeof hint));
				return -1;
			}
			s->answered = 1;
			continue;
		}
		switch (c) {
		case 't':
			if (strcmp(optarg, "lora") && strcmp(optarg, "full") &&
			    strcmp(optarg, "continued")) {
				fprintf(stderr, "dualtrack: --training expects lora, full or "
				        "continued\n");
				return -1;
			}
			snprintf(s->a.training, sizeof s->a.training, "%s", optarg);
			s->answered = 1;
			break;
		case 'j': s->json = 1; break;
		case 'd': s->db = optarg; break;
		case 'h': scenario_usage(stdout); return 1;
		default: dt_cli_usage_error(scenario_usage); return -1;
		}
	}
	if (dt_cli_operands("scenario", argv + optind, argc - optind, 1, 1,
	                    "scenario needs one PILOT name") < 0)
		return -1;
	s->pilot = argv[optind];
	return 0;
}

int dt_cmd_scenario(const char *db, int argc, char **argv)
{
	sc_args s = {.db = db};
	dt_actor_name(s.by, sizeof s.by);
	int r = parse(argc, argv, &s);
	if (r != 0)
		return r > 0 ? DT_EXIT_OK : DT_EXIT_USAGE;
	dt_store *st = dt_cli_store(s.db);
	if (!st)
		return DT_EXIT_USAGE;
	dt_scenario_rec rec = {0};
	dt_scenario_result res;
	int rc = DT_EXIT_USAGE;
	if (s.answered) {
		if (dt_scenario_save(st, s.pilot, &s.a, s.by, &res) < 0 ||
		    dt_store_scenario_get(st, s.pilot, &rec) < 0)
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		else
			rc = DT_EXIT_OK;
	} else {
		int g = dt_store_scenario_get(st, s.pilot, &rec);
		if (g < 0)
			fprintf(stderr, "dualtrack: %s\n", dt_store_error(st));
		else if (g == 1)
			fprintf(stderr, "dualtrack: no scenario stored for this pilot; "
			        "answer with --stable yes ... (scenario --help)\n");
		else {
			dt_scenario_decode(rec.answers, &s.a);
			snprintf(s.a.training, sizeof s.a.training, "%s", rec.training);
			dt_scenario_decide(&s.a, &res);
			rc = DT_EXIT_OK;
		}
	}
	if (rc == DT_EXIT_OK)
		print(s.pilot, &s.a, &res, &rec, s.json);
	dt_store_close(st);
	return rc;
}
