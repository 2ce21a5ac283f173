/* compare.c: the comparison pipeline (compare.h): rules, curves,
 * findings, transforms, noise ratio, parity, verdict and sentence. Built
 * from what cli/compare_verdicts.c, cli/cmd_compare.c and
 * tui/screen_compare.c each did on their own before. */
#include "model/service/compare.h"

#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/compile_note.h"
#include "model/core/parity_thin.h"
#include "model/core/pilot.h"
#include "model/core/resample.h"
#include "model/service/compare_internal.h"
#include "model/service/metric_find.h"
#include "model/service/run_findings.h"
#include "model/service/run_load.h"

void dt_comparison_free(dt_comparison *c)
{
	if (!c)
		return;
	dt_pyramid_free(&c->lod_b);
	dt_pyramid_free(&c->lod_p);
	dt_series_free(&c->sb);
	dt_series_free(&c->sp);
	dt_findings_free(&c->findings);
	if (c->have_noise)
		dt_noise_free(&c->noise);
	dt_parity_free(&c->parity);
	memset(c, 0, sizeof *c);
}

/* Whether a metric is a loss (zero and constant values are suspicious
 * only there: an lr of 0 or a constant lr is normal). */
static int loss_like(const char *metric)
{
	return strstr(metric, "loss") || strstr(metric, "perplexity") ||
	       strstr(metric, "ppl");
}

/* Keep the findings that matter for the metric; the note beside the
 * verdict. */
static void findings_keep(dt_comparison *c)
{
	size_t k = 0;
	for (size_t i = 0; i < c->findings.n; i++) {
		dt_finding_kind kd = c->findings.v[i].kind;
		if (loss_like(c->metric) ||
		    (kd != DT_FIND_ZERO_LOSS && kd != DT_FIND_CONSTANT))
			c->findings.v[k++] = c->findings.v[i];
	}
	c->findings.n = k;
	dt_findings_verdict_note(&c->findings, c->note, sizeof c->note);
}

static int findings(dt_store *st, dt_comparison *c, char *err,
                    size_t errlen)
{
	if (dt_run_findings(st, &c->base, &c->pilot, c->metric, &c->sb, &c->sp,
	                    &c->findings, err, errlen) < 0)
		return -1;
	findings_keep(c);
	return 0;
}

/* Replace *s by its window means. */
static int window(dt_series *s, int64_t w)
{
	dt_series t;
	if (dt_series_window_mean(s, w, &t) < 0)
		return -1;
	dt_series_free(s);
	*s = t;
	return 0;
}

/* Rebuild the levels of a curve a transform replaced (want_lod only). */
static int relod(dt_pyramid *p, const dt_series *s, int want)
{
	dt_pyramid_free(p);
	return want ? dt_pyramid_build(p, s->value, s->n) : 0;
}

static int transforms(dt_comparison *c, int want_lod)
{
	if (c->interpolate) {
		dt_series t;
		if (dt_series_interpolate(&c->sp, &c->sb, &t, &c->ninterp) < 0)
			return -1;
		dt_series_free(&c->sp);
		c->sp = t;
		if (relod(&c->lod_p, &c->sp, want_lod) < 0)
			return -1;
	}
	if (c->window && (window(&c->sb, c->window) < 0 ||
	                  window(&c->sp, c->window) < 0 ||
	                  relod(&c->lod_b, &c->sb, want_lod) < 0 ||
	                  relod(&c->lod_p, &c->sp, want_lod) < 0))
		return -1;
	return 0;
}

/* A run's curve, with its levels when asked (dt_run_series_lod). */
static int curve(dt_store *st, const dt_run *r, const char *metric,
                 dt_series *s, dt_pyramid *lod, int want, char *err,
                 size_t errlen)
{
	return want ? dt_run_series_lod(st, r, metric, s, lod, err, errlen)
	            : dt_run_series(st, r, metric, s, err, errlen);
}

static void compile_note(dt_store *st, dt_comparison *c)
{
	dt_fact *fb = NULL, *fp = NULL;
	size_t nb = 0, np = 0;
	c->compile_note[0] = '\0';
	if (dt_store_fact_list(st, c->base.id, &fb, &nb) == 0 &&
	    dt_store_fact_list(st, c->pilot.id, &fp, &np) == 0)
		dt_run_compile_note(c->base.name, fb, nb, c->pilot.name, fp, np,
		                    c->compile_note, sizeof c->compile_note);
	free(fb);
	free(fp);
}

/* The pilot (if exactly one) that both runs are attached to. Returns 0
 * (found: *p, *card, *runs owned), 1 (none or several: *several set), -1
 * store error. */
static int find_card_pilot(dt_store *st, const dt_run *b, const dt_run *pl,
                           int64_t want, dt_pilot *p, dt_taskcard *card,
                           dt_pilot_run **runs, size_t *nruns,
                           char *several, size_t sn)
{
	dt_pilot *v = NULL;
	size_t n = 0, found = 0, o = 0;
	if (dt_store_pilot_list(st, &v, &n) < 0)
		return -1;
	several[0] = '\0';
	*runs = NULL;
	*nruns = 0;
	for (size_t i = 0; i < n; i++) {
		dt_pilot_run *r = NULL;
		size_t nr = 0;
		int hb = 0, hp = 0;
		if (want > 0 && v[i].id != want)
			continue;
		if (dt_store_pilot_run_list(st, v[i].id, &r, &nr) < 0) {
			free(v);
			free(*runs);
			*runs = NULL;
			return -1;
		}
		for (size_t k = 0; k < nr; k++) {
			hb |= r[k].run.id == b->id;
			hp |= r[k].run.id == pl->id;
		}
		if (want > 0 || (hb && hp)) {
			if (o < sn) {
				int k = snprintf(several + o, sn - o, "%s%s", found ? ", " : "",
				                 v[i].name);
				o += k > 0 ? (size_t)k : 0;
			}
			if (found++ == 0) {
				*p = v[i];
				*runs = r;
				*nruns = nr;
				continue;
			}
		}
		free(r);
	}
	free(v);
	if (found == 1 && dt_store_taskcard_load(st, p->id, card) == 0) {
		several[0] = '\0';
		return 0;
	}
	free(*runs);
	*runs = NULL;
	*nruns = 0;
	if (found == 1)
		return -1;
	if (found < 2)
		several[0] = '\0';
	return 1;
}

/* Further GPU baselines: the ones given, else (noise rule from a card)
 * the card pilot's other baselines. */
static void extras(dt_comparison *c, const dt_compare_opts *o,
                   const dt_pilot_run *runs, size_t nruns)
{
	c->nextra = 0;
	for (size_t i = 0; i < o->nalso && c->nextra < DT_COMPARE_MAX_EXTRA; i++)
		if (o->also[i].id != c->base.id && o->also[i].id != c->pilot.id)
			c->extra[c->nextra++] = o->also[i];
	if (o->nalso || c->rule != DT_RULE_NOISE || !c->card_pilot_id)
		return;
	for (size_t i = 0; i < nruns && c->nextra < DT_COMPARE_MAX_EXTRA; i++)
		if (runs[i].role == DT_RUN_BASELINE &&
		    runs[i].run.id != c->base.id && runs[i].run.id != c->pilot.id)
			c->extra[c->nextra++] = runs[i].run;
	c->extra_from_card = c->nextra > 0;
}

/* Requests that cannot be done as asked (compare.h: return 1). */
static int refuse(const dt_comparison *c, const dt_compare_opts *o,
                  char *err, size_t errlen)
{
	int bys = c->parity.opts.baseline_gb > 0 && c->parity.opts.pilot_gb > 0 &&
	          c->parity.opts.baseline_gb != c->parity.opts.pilot_gb;
	if (bys && (o->interpolate || o->window || o->nalso)) {
		snprintf(err, errlen, "--interpolate, --window and --also-baseline "
		         "pair by effective step, but the global batches differ "
		         "(%lld vs %lld): runs are paired by samples",
		         (long long)c->parity.opts.baseline_gb,
		         (long long)c->parity.opts.pilot_gb);
		return 1;
	}
	for (size_t i = 0; i < o->nalso; i++) {
		char why[300];
		if (dt_run_role_mismatch(&o->also[i], DT_RUN_BASELINE, why,
		                         sizeof why)) {
			snprintf(err, errlen, "--also-baseline: %s", why);
			return 1;
		}
	}
	if (o->set_rule && o->rule == DT_RULE_NOISE && c->nextra == 0) {
		snprintf(err, errlen, "--rule noise needs --also-baseline RUN (a "
		         "further GPU baseline run)");
		return 1;
	}
	return 0;
}

static int oom(dt_comparison *c, char *err, size_t errlen)
{
	snprintf(err, errlen, "out of memory");
	dt_comparison_free(c);
	return -1;
}

/* The verdict under the rule, the notes and the sentence. 0, or -1 on a
 * store error (c freed, message in err). */
static int finish(dt_store *st, dt_comparison *c, int by_samples, char *err,
                  size_t errlen)
{
	c->verdict = dt_rule_verdict(c->rule, &c->parity,
	                             c->have_noise ? &c->noise : NULL);
	if (dt_compare_same_log(st, c, err, errlen) < 0) {
		dt_comparison_free(c);
		return -1;
	}
	compile_note(st, c);
	dt_compare_notes_build(st, c, by_samples);
	dt_compare_sentence(c);
	/* after both curves were read and checked against their seals */
	if (dt_integrity_load(st, &c->integrity) < 0)
		c->integrity.state = DT_INTEGRITY_NOT_CHECKED;
	return 0;
}

/* A comparison under way (compare.h): the lean pass, and what its
 * fall-back to the full path needs. */
struct dt_compare_pending {
	dt_compare_lean *lean;
	dt_compare_opts opts;      /* want_lod, max_points */
	dt_parity_opts po;
};

/* Run a pending comparison to its end (nothing to do without one). */
static int run_to_end(dt_store *st, dt_compare_pending *pd,
                      dt_comparison *out, char *err, size_t errlen)
{
	int rc = pd ? dt_compare_step(st, pd, SIZE_MAX, out, err, errlen) : 0;
	dt_compare_pending_free(pd);
	return rc;
}

/* The full path after the rules: both curves loaded whole, findings,
 * transforms, noise ratio, parity, verdict. c is freed on failure. */
static int full_path(dt_store *st, dt_comparison *c,
                     const dt_compare_opts *opts, const dt_parity_opts *po,
                     int bys, char *err, size_t errlen)
{
	if (curve(st, &c->base, c->metric, &c->sb, &c->lod_b, opts->want_lod,
	          err, errlen) < 0 ||
	    curve(st, &c->pilot, c->metric, &c->sp, &c->lod_p, opts->want_lod,
	          err, errlen) < 0 ||
	    findings(st, c, err, errlen) < 0) {
		dt_comparison_free(c);
		return -1;
	}
	c->base_logged = c->sb.n;
	c->pilot_logged = c->sp.n;
	if (c->sp.n) {
		c->pilot_first = c->sp.step[0];
		c->pilot_last = c->sp.step[c->sp.n - 1];
	}
	if (transforms(c, opts->want_lod) < 0)
		return oom(c, err, errlen);
	if (c->nextra && !bys) {
		if (dt_run_noise(st, c->extra, c->nextra, c->metric, c->window, &c->sb,
		                 &c->sp, po->warmup, &c->noise, err, errlen) < 0) {
			dt_comparison_free(c);
			return -1;
		}
		c->have_noise = 1;
	}
	if (dt_parity_compute_keep(&c->sb, &c->sp, po, DT_PARITY_KEEP_POINTS |
	                           (opts->want_lod ? DT_PARITY_KEEP_BLOCKS : 0),
	                           &c->parity) < 0 ||
	    (opts->max_points &&
	     dt_parity_thin_points(&c->parity, opts->max_points) < 0))
		return oom(c, err, errlen);
	return finish(st, c, bys, err, errlen);
}

/* dt_compare_with_card, leaving a lean pass pending in *pending (NULL
 * when the comparison is finished). */
static int start_with_card(dt_store *st, const dt_run *base,
                           const dt_run *pilot, const dt_compare_opts *opts,
                           const dt_pilot *p, const dt_taskcard *card,
                           const dt_pilot_run *runs, size_t nruns,
                           dt_comparison *c, dt_compare_pending **pending,
                           char *err, size_t errlen)
{
	dt_parity_opts po;
	*pending = NULL;
	memset(c, 0, sizeof *c);
	c->base = *base;
	c->pilot = *pilot;
	snprintf(c->metric, sizeof c->metric, "%s",
	         opts->metric ? opts->metric : "loss");
	if (opts->metric && /* the stored name typed (metric_find.h) */
	    dt_run_metric_find(st, base->id, opts->metric, c->metric,
	                       sizeof c->metric) == 0)
		dt_run_metric_find(st, pilot->id, opts->metric, c->metric,
		                   sizeof c->metric);
	dt_compare_rules_apply(c, opts, p, card, &po);
	dt_compare_warnings_build(c, p, runs, nruns);
	c->interpolate = opts->interpolate;
	c->window = opts->window;
	extras(c, opts, runs, nruns);
	c->parity.opts = po;
	if (refuse(c, opts, err, errlen)) {
		memset(c, 0, sizeof *c);
		return 1;
	}
	memset(&c->parity, 0, sizeof c->parity);
	int bys = po.baseline_gb > 0 && po.pilot_gb > 0 &&
	          po.baseline_gb != po.pilot_gb;
	if (opts->lean && !opts->interpolate && !opts->window && !c->nextra &&
	    !bys) {
		dt_compare_pending *pd = calloc(1, sizeof *pd);
		if (!pd)
			return oom(c, err, errlen);
		int r = dt_compare_lean_begin(st, c, &po, opts->max_points,
		                              &pd->lean, err, errlen);
		if (r == 0) {
			pd->opts = *opts;
			pd->opts.metric = NULL; /* c->metric is the one */
			pd->po = po;
			c->pending = 1;
			c->parity.opts = po;  /* the band a chart draws meanwhile */
			*pending = pd;
			return 0;
		}
		free(pd);
		if (r < 0) {
			dt_comparison_free(c);
			return -1;
		}
	}
	return full_path(st, c, opts, &po, bys, err, errlen);
}

int dt_compare_with_card(dt_store *st, const dt_run *base,
                         const dt_run *pilot, const dt_compare_opts *opts,
                         const dt_pilot *p, const dt_taskcard *card,
                         const dt_pilot_run *runs, size_t nruns,
                         dt_comparison *c, char *err, size_t errlen)
{
	dt_compare_pending *pd;
	int rc = start_with_card(st, base, pilot, opts, p, card, runs, nruns, c,
	                         &pd, err, errlen);
	return rc == 0 ? run_to_end(st, pd, c, err, errlen) : rc;
}

int dt_compare_step(dt_store *st, dt_compare_pending *pd, size_t budget,
                    dt_comparison *c, char *err, size_t errlen)
{
	if (!c->pending)
		return 0;
	int r = dt_compare_lean_step(st, pd->lean, budget, c, err, errlen);
	if (r == 1)
		return 1;
	c->pending = 0;
	if (r < 0) {
		dt_comparison_free(c);
		return -1;
	}
	if (r == 0) {
		findings_keep(c);
		return finish(st, c, 0, err, errlen);
	}
	dt_findings_free(&c->findings);
	memset(&c->parity, 0, sizeof c->parity);
	return full_path(st, c, &pd->opts, &pd->po, 0, err, errlen);
}

double dt_compare_progress(const dt_compare_pending *pd, unsigned *walk)
{
	return dt_compare_lean_progress(pd->lean, walk);
}

void dt_compare_pending_free(dt_compare_pending *pd)
{
	if (!pd)
		return;
	dt_compare_lean_free(pd->lean);
	free(pd);
}

int dt_compare_prepare(dt_store *st, const dt_run *base, const dt_run *pilot,
                       const dt_compare_opts *opts, dt_comparison *out,
                       char *err, size_t errlen)
{
	dt_compare_pending *pd;
	int rc = dt_compare_start(st, base, pilot, opts, out, &pd, err, errlen);
	return rc == 0 ? run_to_end(st, pd, out, err, errlen) : rc;
}

int dt_compare_start(dt_store *st, const dt_run *base, const dt_run *pilot,
                     const dt_compare_opts *opts, dt_comparison *out,
                     dt_compare_pending **pending, char *err, size_t errlen)
{
	dt_pilot p;
	dt_taskcard card;
	dt_pilot_run *runs = NULL;
	size_t nruns = 0;
	char several[400] = "";
	int f = 1, rc;
	*pending = NULL;
	memset(out, 0, sizeof *out);
	if (!opts->no_card) {
		f = find_card_pilot(st, base, pilot, opts->card_pilot_id, &p, &card,
		                    &runs, &nruns, several, sizeof several);
		if (f < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			return -1;
		}
	}
	rc = start_with_card(st, base, pilot, opts, f == 0 ? &p : NULL,
	                     f == 0 ? &card : NULL, runs, nruns, out, pending,
	                     err, errlen);
	free(runs);
	if (rc == 0 && several[0])
		dt_compare_rules_several(out, several);
	return rc;
}
