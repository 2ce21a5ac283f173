/* gen_log.c: write a synthetic training log of N optimizer steps for the
 * benchmarks: CSV (step,loss,learning_rate,grad_norm), JSON lines in
 * LLaMA-Factory's trainer_log.jsonl shape, or an HF trainer_state.json
 * (log_history of N entries with loss, grad_norm, learning_rate, epoch,
 * step, laid out as Python's json.dump(indent=2) writes it; loss rounded
 * to 4 decimals as the Trainer logs it, grad_norm and learning_rate with
 * 17 significant digits like Python's repr of such floats).
 * usage: gen_log csv|jsonl|hf N FILE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[1], "csv") && strcmp(argv[1], "jsonl") &&
	                  strcmp(argv[1], "hf"))) {
		fprintf(stderr, "usage: gen_log csv|jsonl|hf N FILE\n");
		return 2;
	}
	long n = atol(argv[2]);
	FILE *f = fopen(argv[3], "w");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	int csv = strcmp(argv[1], "csv") == 0, hf = strcmp(argv[1], "hf") == 0;
	if (csv)
		fputs("step,loss,learning_rate,grad_norm\n", f);
	if (hf)
		fprintf(f, "{\n  \"best_metric\": null,\n  \"best_model_checkpoint\": "
		        "null,\n  \"epoch\": 3.0,\n  \"eval_steps\": 500,\n  "
		        "\"global_step\": %ld,\n  \"is_hyper_param_search\": false,\n"
		        "  \"is_local_process_zero\": true,\n  \"is_world_process_zero\""
		        ": true,\n  \"log_history\": [", n);
	unsigned long long x = 88172645463325252ULL;
	for (long s = 1; s <= n; s++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		double noise = (double)(x % 10000) / 1e5;
		double loss = 1.1 + 1.4 * exp(-(double)s / (n / 6.0 + 1)) + noise;
		double lr = 2e-4 * (0.5 + 0.5 * cos(3.14159265 * s / n));
		double gn = 0.8 + noise * 3;
		if (hf)
			fprintf(f, "%s\n    {\n      \"epoch\": %.17g,\n      \"grad_norm\": "
			        "%.17g,\n      \"learning_rate\": %.17g,\n      \"loss\": "
			        "%.4f,\n      \"step\": %ld\n    }", s > 1 ? "," : "",
			        3.0 * (double)s / (double)n, gn * 1.0000001,
			        lr * 0.99999999, loss, s);
		else if (csv)
			fprintf(f, "%ld,%.6f,%.6e,%.5f\n", s, loss, lr, gn);
		else
			fprintf(f, "{\"current_steps\": %ld, \"total_steps\": %ld, "
			        "\"loss\": %.6f, \"learning_rate\": %.6e, \"grad_norm\":"
			        " %.5f, \"epoch\": %.4f}\n", s, n, loss, lr, gn,
			        (double)s / n);
	}
	if (hf)
		fprintf(f, "\n  ],\n  \"logging_steps\": 1,\n  \"max_steps\": %ld,\n"
		        "  \"num_train_epochs\": 3,\n  \"save_steps\": 500,\n"
		        "  \"total_flos\": 2.380746355434848e+18,\n  \"train_batch_size\""
		        ": 4,\n  \"trial_name\": null,\n  \"trial_params\": null\n}\n", n);
	return fclose(f) == 0 ? 0 : 1;
}
