/* gen_log.c: write a synthetic training log of N optimizer steps for the
 * benchmarks: CSV (step,loss,learning_rate,grad_norm) or JSON lines in
 * LLaMA-Factory's trainer_log.jsonl shape.
 * usage: gen_log csv|jsonl N FILE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[1], "csv") && strcmp(argv[1], "jsonl"))) {
		fprintf(stderr, "usage: gen_log csv|jsonl N FILE\n");
		return 2;
	}
	long n = atol(argv[2]);
	FILE *f = fopen(argv[3], "w");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	int csv = strcmp(argv[1], "csv") == 0;
	if (csv)
		fputs("step,loss,learning_rate,grad_norm\n", f);
	unsigned long long x = 88172645463325252ULL;
	for (long s = 1; s <= n; s++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		double noise = (double)(x % 10000) / 1e5;
		double loss = 1.1 + 1.4 * exp(-(double)s / (n / 6.0 + 1)) + noise;
		double lr = 2e-4 * (0.5 + 0.5 * cos(3.14159265 * s / n));
		double gn = 0.8 + noise * 3;
		if (csv)
			fprintf(f, "%ld,%.6f,%.6e,%.5f\n", s, loss, lr, gn);
		else
			fprintf(f, "{\"current_steps\": %ld, \"total_steps\": %ld, "
			        "\"loss\": %.6f, \"learning_rate\": %.6e, \"grad_norm\":"
			        " %.5f, \"epoch\": %.4f}\n", s, n, loss, lr, gn,
			        (double)s / n);
	}
	return fclose(f) == 0 ? 0 : 1;
}
