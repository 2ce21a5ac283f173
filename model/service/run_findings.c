/* dt_run_findings.c: findings and noise ratio of two stored runs (see
 * dt_run_findings.h). */
#include "model/service/run_findings.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/resample.h"
#include "model/service/restart_findings.h"
#include "model/service/run_load.h"

/* The lr and eval_loss agreement of logging-scale finding x, loading
 * those curves (only when there is such a finding). */
static int scale_agree(dt_store *st, const dt_run *rb, const dt_run *rp,
                       dt_finding *x, char *err, size_t errlen)
{
	dt_series lb = {0}, lp = {0}, eb = {0}, ep = {0};
	int rc = -1;
	if (dt_run_series(st, rb, "lr", &lb, err, errlen) < 0 ||
	    dt_run_series(st, rp, "lr", &lp, err, errlen) < 0 ||
	    dt_run_series(st, rb, "eval_loss", &eb, err, errlen) < 0 ||
	    dt_run_series(st, rp, "eval_loss", &ep, err, errlen) < 0)
		goto out;
	dt_scale_in in = {.lr_b = lb.n ? &lb : NULL, .lr_p = lp.n ? &lp : NULL,
	                  .eval_b = eb.n ? &eb : NULL,
	                  .eval_p = ep.n ? &ep : NULL};
	dt_findings_scale_agree(x, &in);
	rc = 0;
out:
	dt_series_free(&lb);
	dt_series_free(&lp);
	dt_series_free(&eb);
	dt_series_free(&ep);
	return rc;
}

int dt_run_findings_rest(dt_store *st, const dt_run *rb, const dt_run *rp,
                         const char *metric, dt_findings *out, char *err,
                         size_t errlen)
{
	if (strcmp(metric, "loss") != 0)
		return 0;
	for (size_t i = 0; i < out->n; i++)
		if (out->v[i].kind == DT_FIND_LOGGING_SCALE) {
			if (scale_agree(st, rb, rp, &out->v[i], err, errlen) < 0)
				return -1;
			break;
		}
	if (dt_run_restart_findings(st, rb, "baseline", NULL, 0, out, err,
	                            errlen) < 0 ||
	    dt_run_restart_findings(st, rp, "pilot", NULL, 0, out, err,
	                            errlen) < 0)
		return -1;
	return 0;
}

int dt_run_findings(dt_store *st, const dt_run *rb, const dt_run *rp,
                    const char *metric, const dt_series *sb,
                    const dt_series *sp, dt_findings *out, char *err,
                    size_t errlen)
{
	if (dt_findings_data(sb, "baseline", metric, out) < 0 ||
	    dt_findings_data(sp, "pilot", metric, out) < 0)
		goto oom;
	if (strcmp(metric, "loss") == 0) {
		dt_scale_in in = {.loss_b = sb, .loss_p = sp};
		if (dt_findings_scale(&in, out) < 0 ||
		    dt_findings_step_offset(sb, sp, out) < 0)
			goto oom;
	}
	return dt_run_findings_rest(st, rb, rp, metric, out, err, errlen);
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

int dt_run_noise(dt_store *st, const dt_run *extra, size_t nextra,
                 const char *metric, int64_t window, const dt_series *sb,
                 const dt_series *sp, int64_t warmup, dt_noise *out,
                 char *err, size_t errlen)
{
	const dt_series **bases = calloc(nextra + 1, sizeof *bases);
	dt_series *ex = calloc(nextra ? nextra : 1, sizeof *ex);
	size_t i;
	int rc = -1;
	if (!bases || !ex) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	bases[0] = sb;
	for (i = 0; i < nextra; i++) {
		if (dt_run_series(st, &extra[i], metric, &ex[i], err, errlen) < 0)
			goto out;
		if (window > 0) {
			dt_series t;
			if (dt_series_window_mean(&ex[i], window, &t) < 0) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
			dt_series_free(&ex[i]);
			ex[i] = t;
		}
		bases[i + 1] = &ex[i];
	}
	if (dt_noise_compute(bases, nextra + 1, sp, warmup, out) < 0) {
		snprintf(err, errlen, errno == EINVAL ? "the noise ratio needs two "
		         "or more GPU baseline runs" : "out of memory");
		goto out;
	}
	rc = 0;
out:
	for (i = 0; ex && i < nextra; i++)
		dt_series_free(&ex[i]);
	free(ex);
	free(bases);
	return rc;
}
