/* dt_resume_run.c: resume continuity of a stored run (dt_resume_run.h). */
#include "model/dt_resume_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/dt_num.h"
#include "model/dt_runs.h"
#include "model/dt_segments.h"

long dt_resume_parse_steps(const char *s, int64_t *v, size_t max)
{
	size_t n = 0;
	const char *p = s;
	for (;;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (n == max || len == 0 || dt_parse_step(p, len, &v[n]) < 0 ||
		    v[n] < 0)
			return -1;
		n++;
		if (!e)
			return (long)n;
		p = e + 1;
	}
}

/* Segments of the first data-cursor metric whose segments line up. */
static const char *load_cursor(dt_store *st, const dt_run *r, size_t nseg,
                               dt_series **segs, size_t *n)
{
	static const char *const names[] = {"consumed_samples", "consumed_tokens",
	                                    "epoch"};
	char err[600];
	for (size_t k = 0; k < 3; k++) {
		if (dt_run_segments(st, r, names[k], segs, n, err, sizeof err) < 0)
			continue;
		if (*n == nseg)
			return names[k];
		dt_segments_free(*segs, *n);
		*segs = NULL;
		*n = 0;
	}
	return NULL;
}

/* Checkpoint steps from the run fact; returns the count or -1. */
static long fact_ckpt(dt_store *st, const dt_run *run, int64_t *ckpt,
                      char *err, size_t errlen)
{
	dt_fact *facts = NULL;
	size_t nfacts = 0;
	long n = 0;
	if (dt_store_facts(st, run->id, &facts, &nfacts) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	for (size_t i = 0; i < nfacts; i++)
		if (strcmp(facts[i].key, "checkpoint.confirmed_step") == 0) {
			n = dt_resume_parse_steps(facts[i].value, ckpt,
			                          DT_RESUME_MAX_CKPT);
			if (n < 0) {
				snprintf(err, errlen, "fact checkpoint.confirmed_step: "
				         "expected steps like 1200,3400, got '%.100s'",
				         facts[i].value);
				break;
			}
		}
	free(facts);
	return n;
}

int dt_resume_run(dt_store *st, const dt_run *run, const dt_run *baseline,
                  const int64_t *ckpt, long nckpt, int64_t grad_accum_hint,
                  const dt_resume_opts *opts, dt_resume_run_result *out,
                  char *err, size_t errlen)
{
	dt_series *loss = NULL, *lr = NULL, *cur = NULL, base = {0};
	size_t nloss = 0, nlr = 0, ncur = 0;
	int64_t fck[DT_RESUME_MAX_CKPT];
	dt_resume_opts o = opts ? *opts : dt_resume_defaults();
	const char *cm;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (nckpt < 0) {
		nckpt = fact_ckpt(st, run, fck, err, errlen);
		if (nckpt < 0)
			return -1;
		ckpt = fck;
	}
	if (dt_run_segments(st, run, "loss", &loss, &nloss, err, errlen) < 0 ||
	    dt_run_segments(st, run, "lr", &lr, &nlr, err, errlen) < 0 ||
	    (baseline && dt_run_series(st, baseline, "loss", &base, err,
	                               errlen) < 0))
		goto out;
	if (nloss == 0) {
		snprintf(err, errlen, "run has no loss curve to check");
		goto out;
	}
	cm = load_cursor(st, run, nloss, &cur, &ncur);
	dt_resume_in in = {.loss = loss, .nseg = nloss, .lr = lr, .nlr = nlr,
	                   .cursor = cur, .ncursor = ncur, .cursor_metric = cm,
	                   .baseline = baseline ? &base : NULL,
	                   .ckpt_step = ckpt, .nckpt = (size_t)nckpt,
	                   .grad_accum_hint = grad_accum_hint};
	if (dt_resume_check(&in, &o, &out->v, &out->nv) < 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	out->nseg = nloss;
	out->nckpt = (size_t)nckpt;
	snprintf(out->cursor_metric, sizeof out->cursor_metric, "%s",
	         cm ? cm : "");
	out->all_pass = 1;
	for (size_t i = 0; i < out->nv; i++)
		out->all_pass &= out->v[i].pass;
	rc = 0;
out:
	dt_segments_free(loss, nloss);
	dt_segments_free(lr, nlr);
	dt_segments_free(cur, ncur);
	dt_series_free(&base);
	return rc;
}

void dt_resume_run_free(dt_resume_run_result *r)
{
	free(r->v);
	memset(r, 0, sizeof *r);
}
