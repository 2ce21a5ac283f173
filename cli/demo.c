/* demo.c: the built-in demo store.
 *
 * A LoRA fine-tune seen twice: a GPU baseline logged as CSV (HF-style
 * columns) and a Trainium2 pilot logged as NxD-style console lines that
 * crashes after step 1400, auto-resumes from the step-1200 checkpoint
 * (steps 1201..1400 replayed), logs one non-finite loss, and drifts
 * slightly (+1.2 % by the last step). Both share the data-order noise (same
 * batches in the same order), as a real dual-track pair does. The files are
 * written to a temporary directory and imported through the real
 * importers, so the demo exercises the same path as user data. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "importers/import.h"
#include "model/store/tables.h"
#include "model/util/text.h"

#define DEMO_STEPS 2000
#define DEMO_CKPT 1200     /* last confirmed checkpoint before the crash */
#define DEMO_CRASH 1400    /* last step logged before the crash */
#define DEMO_NAN_STEP 1733 /* one overflowed step on the pilot */

/* Deterministic noise: xorshift64* then Box-Muller. */
static double gauss(uint64_t *s)
{
	double u[2];
	for (int i = 0; i < 2; i++) {
		*s ^= *s >> 12;
		*s ^= *s << 25;
		*s ^= *s >> 27;
		u[i] = ((*s * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
	}
	return sqrt(-2.0 * log(u[0] + 1e-300)) * cos(6.283185307179586 * u[1]);
}

/* Warm-up 100 steps to 2e-4, then cosine decay to 2e-5. */
static double demo_lr(int s)
{
	if (s <= 100)
		return 2e-4 * s / 100.0;
	double t = (s - 100) / (double)(DEMO_STEPS - 100);
	return 2e-5 + 0.5 * (2e-4 - 2e-5) * (1 + cos(3.141592653589793 * t));
}

/* Loss of the shared trajectory at step s; batch = data-order noise. */
static double demo_loss(int s, double batch)
{
	return 1.05 + 1.35 * exp(-s / 350.0) + 0.08 * exp(-s / 40.0) + batch;
}

static int write_baseline(const char *path, const double *batch)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	uint64_t rng = 0x9e3779b97f4a7c15ULL;
	fprintf(f, "step,loss,learning_rate,grad_norm,eval_loss\n");
	for (int s = 1; s <= DEMO_STEPS; s++) {
		double loss = demo_loss(s, batch[s]) * (1 + 0.002 * gauss(&rng));
		fprintf(f, "%d,%.4f,%.6e,%.4f,", s, loss, demo_lr(s),
		        0.9 + 0.3 * exp(-s / 500.0) + 0.05 * gauss(&rng));
		if (s % 250 == 0)
			fprintf(f, "%.4f", demo_loss(s, 0) + 0.04);
		fputc('\n', f);
	}
	return fclose(f);
}

static void pilot_line(FILE *f, int s, const double *batch, uint64_t *rng)
{
	double drift = 1 + 0.012 * s / DEMO_STEPS;
	double loss = demo_loss(s, batch[s]) * drift * (1 + 0.002 * gauss(rng));
	double tput = s == 1 || s == DEMO_CKPT + 1 ? 3.1 : 41.0 + gauss(rng);
	if (s == DEMO_NAN_STEP)
		fprintf(f, "step %d | loss nan | lr %.6e | grad_norm inf | "
		        "throughput %.1f seq/s\n", s, demo_lr(s), tput);
	else
		fprintf(f, "step %d | loss %.4f | lr %.6e | grad_norm %.4f | "
		        "throughput %.1f seq/s\n", s, loss, demo_lr(s),
		        0.92 + 0.3 * exp(-s / 500.0) + 0.05 * gauss(rng), tput);
}

static int write_pilot(const char *path, const double *batch)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	uint64_t rng = 0xd1b54a32d192ed03ULL;
	fprintf(f, "2026-11-02 09:14:03.000120:  4211  INFO ||NEURON_CACHE||: "
	        "Compile cache path: /var/tmp/neuron-compile-cache\n");
	for (int s = 1; s <= DEMO_CRASH; s++)
		pilot_line(f, s, batch, &rng);
	fprintf(f, "[Auto Resume] Info: JobID: 4411 StepID: 0 Job failed - "
	        "replacing nodes\n"
	        "[Auto Resume] Info: JobID: 4411 StepID: 0 Retrying step. "
	        "Attempt number: 1\n"
	        "Loading checkpoint step_%d from s3://pilot-ckpt/llama3-8b-lora\n",
	        DEMO_CKPT);
	for (int s = DEMO_CKPT + 1; s <= DEMO_STEPS; s++)
		pilot_line(f, s, batch, &rng);
	return fclose(f);
}

static int import_demo(dt_store *st, const char *run, const char *platform,
                       const char *file)
{
	dt_run r;
	if (dt_store_run_find(st, run, &r) == 0)
		return 0; /* already there */
	const char *files[] = {file};
	dt_import_request rq = {.run_name = run, .platform = platform,
	                        .format = "auto", .files = files, .nfiles = 1};
	rq.opts.global_batch = 16;
	char err[1024];
	if (dt_import(st, &rq, NULL, err, sizeof err) < 0) {
		fprintf(stderr, "dualtrack: demo: %s\n", err);
		return -1;
	}
	return 0;
}

/* The demo's own names: its two runs and its pilot (the acceptance
 * pilot and the ledger's pilot share the name). */
static const char *const demo_names[] = {
	"llama3-8b-lora-gpu-a100", "llama3-8b-lora-trn2-pilot",
	"llama3-8b-lora-trn2"};

struct foreign {
	size_t col;      /* the name column of the table read */
	size_t n;        /* rows naming something that is not the demo's */
	char first[160]; /* the first such name */
};

static int foreign_row(void *ctx, const dt_store_value *v)
{
	struct foreign *f = ctx;
	const dt_store_value *c = &v[f->col];
	const char *name = c->type == DT_V_TEXT ? (const char *)c->p : "";
	for (size_t i = 0; i < sizeof demo_names / sizeof *demo_names; i++)
		if (!strcmp(name, demo_names[i]))
			return 0;
	if (f->n++ == 0)
		snprintf(f->first, sizeof f->first, "%s", name);
	return 0;
}

int dt_demo_foreign(dt_store *st, char *what, size_t n)
{
	/* table, name column, what a row is called */
	static const struct { const char *table; size_t col; const char *noun; }
	kinds[] = {{"run", 1, "run"}, {"pilot", 1, "pilot"},
	           {"ledger_entry", 1, "ledger"}, {"ledger_run", 0, "ledger"},
	           {"scenario", 1, "ledger"}};
	size_t off = 0, found = 0;
	what[0] = '\0';
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		const dt_store_table *t = NULL;
		for (size_t i = 0; i < dt_store_table_count; i++)
			if (!strcmp(dt_store_tables[i].name, kinds[k].table))
				t = &dt_store_tables[i];
		struct foreign f = {.col = kinds[k].col};
		if (!t || dt_store_rows_read(st, t, foreign_row, &f) < 0)
			return -1;
		/* the ledger's three tables are said once, by its first name */
		if (!f.n || (k > 2 && strstr(what, "ledger")))
			continue;
		dt_sanitize_inplace(f.first);
		char more[48] = "";
		if (f.n > 1 && k < 2)
			snprintf(more, sizeof more, " and %zu more", f.n - 1);
		int w = snprintf(what + off, n - off, "%s%s '%s'%s",
		                 found ? ", " : "", kinds[k].noun, f.first, more);
		if (w > 0 && (size_t)w < n - off)
			off += (size_t)w;
		found++;
	}
	return found > 0;
}

int dt_demo_build(dt_store *st, const char *logs_dir)
{
	char dir[4096] = "/tmp/dualtrack-demo-XXXXXX", base[4200], pilot[4200];
	double *batch = malloc((DEMO_STEPS + 1) * sizeof *batch);
	int keep = logs_dir != NULL;
	int why = 0;
	if (keep) {
		if (mkdir(logs_dir, 0777) < 0 && errno != EEXIST)
			why = errno;
		if (!realpath(logs_dir, dir)) {
			keep = -1;
			why = why ? why : errno;
		}
	}
	if (!batch || keep < 0 || (!keep && !mkdtemp(dir))) {
		free(batch);
		fprintf(stderr, "dualtrack: demo: cannot create %s: %s\n",
		        keep ? logs_dir : "a temporary directory",
		        strerror(why ? why : errno));
		return -1;
	}
	uint64_t rng = 0x2545f4914f6cdd1dULL;
	for (int s = 0; s <= DEMO_STEPS; s++)
		batch[s] = 0.035 * gauss(&rng);
	snprintf(base, sizeof base, "%s/gpu-baseline.csv", dir);
	snprintf(pilot, sizeof pilot, "%s/trn2-pilot.log", dir);
	int rc = -1;
	if (write_baseline(base, batch) == 0 && write_pilot(pilot, batch) == 0)
		rc = import_demo(st, "llama3-8b-lora-gpu-a100", "gpu", base) |
		     import_demo(st, "llama3-8b-lora-trn2-pilot", "trn2", pilot);
	else
		fprintf(stderr, "dualtrack: demo: cannot write %s\n", dir);
	if (!keep) {
		unlink(base);
		unlink(pilot);
		rmdir(dir);
	}
	free(batch);
	if (rc == 0)
		rc = dt_demo_pilot_build(st);
	return rc;
}
