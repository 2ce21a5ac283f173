/* gen_log.c: write a synthetic training log of N optimizer steps for the
 * benchmarks: CSV (step,loss,learning_rate,grad_norm), JSON lines in
 * LLaMA-Factory's trainer_log.jsonl shape, or an HF trainer_state.json
 * (log_history of N entries with loss, grad_norm, learning_rate, epoch,
 * step, laid out as Python's json.dump(indent=2) writes it; loss rounded
 * to 4 decimals as the Trainer logs it, grad_norm and learning_rate with
 * 17 significant digits like Python's repr of such floats), or a
 * TensorBoard event file (a file_version event, then one Event per step
 * with wall_time, step and a Summary of four simple_value scalars
 * train/loss, train/learning_rate, train/grad_norm, train/epoch, framed
 * as TFRecords with masked CRC-32Cs; tensorflow/core/util/event.proto,
 * LOG-FORMATS.md section 4).
 * usage: gen_log csv|jsonl|hf|tfevents N FILE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importers/crc32c.h"

/* Protobuf varint of v at p; returns the bytes written. */
static size_t varint(unsigned char *p, unsigned long long v)
{
	size_t n = 0;
	do {
		p[n] = (unsigned char)(v & 0x7F);
		v >>= 7;
		p[n++] |= v ? 0x80 : 0;
	} while (v);
	return n;
}

/* One Summary.Value {tag, simple_value} at p; returns its length. */
static size_t tb_value(unsigned char *p, const char *tag, float v)
{
	unsigned char in[96];
	size_t tl = strlen(tag), n = 0;
	in[n++] = 0x0A;                     /* tag: field 1, length-delimited */
	n += varint(in + n, tl);
	memcpy(in + n, tag, tl);
	n += tl;
	in[n++] = 0x15;                     /* simple_value: field 2, fixed32 */
	memcpy(in + n, &v, 4);
	n += 4;
	size_t o = 0;
	p[o++] = 0x0A;                      /* Summary.value: field 1 */
	o += varint(p + o, n);
	memcpy(p + o, in, n);
	return o + n;
}

/* Frame ev[0..n) as a TFRecord on f. */
static void tb_record(FILE *f, const unsigned char *ev, size_t n)
{
	unsigned char h[12];
	unsigned long long len = n;
	memcpy(h, &len, 8);
	uint32_t c = dt_crc32c_mask(dt_crc32c(h, 8));
	memcpy(h + 8, &c, 4);
	fwrite(h, 1, 12, f);
	fwrite(ev, 1, n, f);
	c = dt_crc32c_mask(dt_crc32c(ev, n));
	fwrite(&c, 1, 4, f);
}

/* Event {wall_time, step, summary {4 values}} on f (little-endian host). */
static void tb_step(FILE *f, long s, double wall, const float v[4])
{
	static const char *const tags[4] = {"train/loss", "train/learning_rate",
	                                    "train/grad_norm", "train/epoch"};
	unsigned char sum[400], ev[512];
	size_t ns = 0, n = 0;
	for (int i = 0; i < 4; i++)
		ns += tb_value(sum + ns, tags[i], v[i]);
	ev[n++] = 0x09;                     /* wall_time: field 1, fixed64 */
	memcpy(ev + n, &wall, 8);
	n += 8;
	ev[n++] = 0x10;                     /* step: field 2, varint */
	n += varint(ev + n, (unsigned long long)s);
	ev[n++] = 0x2A;                     /* summary: field 5 */
	n += varint(ev + n, ns);
	memcpy(ev + n, sum, ns);
	tb_record(f, ev, n + ns);
}

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[1], "csv") && strcmp(argv[1], "jsonl") &&
	                  strcmp(argv[1], "hf") && strcmp(argv[1], "tfevents"))) {
		fprintf(stderr, "usage: gen_log csv|jsonl|hf|tfevents N FILE\n");
		return 2;
	}
	long n = atol(argv[2]);
	FILE *f = fopen(argv[3], "w");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	int csv = strcmp(argv[1], "csv") == 0, hf = strcmp(argv[1], "hf") == 0;
	int tb = strcmp(argv[1], "tfevents") == 0;
	if (tb) { /* the file_version event TensorBoard writes first */
		unsigned char ev[32] = {0x09};
		double wall = 1.7e9;
		memcpy(ev + 1, &wall, 8);
		ev[9] = 0x1A;
		ev[10] = 13;
		memcpy(ev + 11, "brain.Event:2", 13);
		tb_record(f, ev, 24);
	}
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
		if (tb)
			tb_step(f, s, 1.7e9 + 0.25 * (double)s, (const float[4]){
			        (float)loss, (float)lr, (float)gn,
			        (float)(3.0 * (double)s / (double)n)});
		else if (hf)
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
