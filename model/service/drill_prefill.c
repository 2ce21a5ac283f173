/* drill_prefill.c: pre-fill a drill's verification items from the logs
 * of its runs (model/service/drill_prefill.h): loads the loss and LR
 * segments through the store, judges them with dt_resume_compare
 * (model/core/drill.h). */
#include "model/service/drill_prefill.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/run_load.h"
#include "model/store/store.h"

/* Segments of one metric of a run; nseg 0 when absent. */
typedef struct segs {
	dt_series *v;
	size_t n;
} segs;

static void segs_free(segs *s)
{
	for (size_t i = 0; i < s->n; i++)
		dt_series_free(&s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

static int load_segs(dt_store *st, const char *name, const char *metric,
                     segs *out, char *err, size_t errlen)
{
	dt_run run;
	memset(out, 0, sizeof *out);
	int rc = dt_store_run_find(st, name, &run);
	if (rc != 0) {
		snprintf(err, errlen, rc < 0 ? "%s" : "no run named '%s'",
		         rc < 0 ? dt_store_error(st) : name);
		return -1;
	}
	return dt_run_segments(st, &run, metric, &out->v, &out->n, err, errlen);
}

/* Index k >= 1 of the restart to judge in one run; -1 when none. */
static long pick_restart(const segs *s, int64_t resumed_step)
{
	for (size_t k = 1; k < s->n; k++)
		if (s->v[k].n && (resumed_step <= 0 ||
		                  s->v[k].step[0] == resumed_step))
			return (long)k;
	return -1;
}

/* Segment of `lr` starting at `step` and the one before it. */
static void pick_lr(const segs *lr, int64_t step, int two_runs,
                    const segs *lr2, const dt_series **b, const dt_series **a)
{
	*b = *a = NULL;
	if (two_runs) {
		if (lr->n)
			*b = &lr->v[lr->n - 1];
		if (lr2->n)
			*a = &lr2->v[0];
		return;
	}
	for (size_t k = 1; k < lr->n; k++)
		if (lr->v[k].n && lr->v[k].step[0] == step) {
			*b = &lr->v[k - 1];
			*a = &lr->v[k];
		}
}

int dt_drill_prefill(dt_store *st, dt_drill *d, double rtol,
                     dt_resume_evidence *ev, char *err, size_t errlen)
{
	segs lb = {0}, la = {0}, rb = {0}, ra = {0};
	int two = d->run_after[0] && strcmp(d->run_after, d->run_before) != 0;
	int rc = -1;
	memset(ev, 0, sizeof *ev);
	if (!d->run_before[0]) {
		snprintf(err, errlen, "drill names no run");
		return 1;
	}
	if (load_segs(st, d->run_before, "loss", &lb, err, errlen) < 0 ||
	    load_segs(st, d->run_before, "lr", &rb, err, errlen) < 0 ||
	    (two && (load_segs(st, d->run_after, "loss", &la, err, errlen) < 0 ||
	             load_segs(st, d->run_after, "lr", &ra, err, errlen) < 0)))
		goto out;
	const dt_series *before = NULL, *after = NULL, *lrb, *lra;
	if (two) {
		before = lb.n ? &lb.v[lb.n - 1] : NULL;
		after = la.n ? &la.v[0] : NULL;
	} else {
		long k = pick_restart(&lb, d->resumed_step);
		if (k > 0) {
			before = &lb.v[k - 1];
			after = &lb.v[k];
		}
	}
	rc = 1;
	if (!after || !after->n) {
		if (two)
			snprintf(err, errlen, "run %s logged no loss", d->run_after);
		else
			snprintf(err, errlen, "no restart %s in the loss of run %s",
			         d->resumed_step > 0 ? "at the resumed step" :
			         "found", d->run_before);
		goto out;
	}
	pick_lr(&rb, after->step[0], two, &ra, &lrb, &lra);
	dt_resume_compare(before, after, lrb, lra, d->checkpoint_step, rtol, ev);
	if (d->resumed_step <= 0)
		d->resumed_step = ev->resumed_step;
	rc = 0;
out:
	segs_free(&lb);
	segs_free(&la);
	segs_free(&rb);
	segs_free(&ra);
	return rc;
}
