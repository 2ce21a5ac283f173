/* dt_resume.c: per-restart continuity verdicts: the before/after curves of
 * each restart, step continuity and gradient-accumulation offsets (rules
 * in dt_resume.h; the data checks are in dt_resume_checks.c). */
#include "model/core/resume_internal.h"

#include "model/core/segments.h"
#include "model/core/stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dt_resume_opts dt_resume_defaults(void)
{
	dt_resume_opts o = {.replay_rtol = 0.02, .lr_rtol = 1e-3,
	                    .level_rtol = 0.05, .window = 20};
	return o;
}

const char *dt_check_name(dt_check c)
{
	return c == DT_CHECK_PASS ? "pass" : c == DT_CHECK_FAIL ? "fail" : "n/a";
}

const char *dt_resume_check_key(int i)
{
	static const char *const k[DT_RESUME_NCHECKS] = {
		"step", "lr", "loss", "replay", "data_cursor"};
	return i >= 0 && i < DT_RESUME_NCHECKS ? k[i] : "";
}

void dt_rs_ctx_free(dt_rs_ctx *c)
{
	dt_series_free(&c->loss_b);
	dt_series_free(&c->loss_a);
	dt_series_free(&c->lr_b);
	dt_series_free(&c->lr_a);
	dt_series_free(&c->cur_b);
	dt_series_free(&c->cur_a);
	dt_series_free(&c->fp_b);
	dt_series_free(&c->fp_a);
}

double dt_rs_interp(const dt_series *s, int64_t step)
{
	if (s->n == 0)
		return NAN;
	if (s->n == 1)
		return s->value[0];
	size_t i = dt_series_lower_bound(s, step);
	if (i < s->n && s->step[i] == step)
		return s->value[i];
	size_t a = i == 0 ? 0 : i >= s->n ? s->n - 2 : i - 1;
	double x0 = (double)s->step[a], x1 = (double)s->step[a + 1];
	double y0 = s->value[a], y1 = s->value[a + 1];
	return y0 + (y1 - y0) * ((double)step - x0) / (x1 - x0);
}

static int alloc_series(dt_series *s, size_t n)
{
	memset(s, 0, sizeof *s);
	s->step = malloc((n ? n : 1) * sizeof *s->step);
	s->value = malloc((n ? n : 1) * sizeof *s->value);
	if (!s->step || !s->value) {
		dt_series_free(s);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* Segments [0, k) merged, latest wins: segment j keeps its points below
 * the lowest first step of segments j+1..k-1. The kept ranges are
 * disjoint and ascending, so concatenation in order is sorted. */
static int merge_before(const dt_series *segs, size_t k, dt_series *out)
{
	size_t total = 0;
	for (size_t j = 0; j < k; j++)
		total += segs[j].n;
	if (alloc_series(out, total) < 0)
		return -1;
	int64_t *limit = dt_segment_limits(segs, k);
	if (!limit) {
		dt_series_free(out);
		return -1;
	}
	for (size_t j = 0; j < k; j++)
		for (size_t i = 0; i < segs[j].n && segs[j].step[i] < limit[j]; i++) {
			out->step[out->n] = segs[j].step[i];
			out->value[out->n++] = segs[j].value[i];
		}
	free(limit);
	return 0;
}

/* Every point of segments [0, k), superseded ones included, in segment
 * order (not sorted by step). */
static int concat_before(const dt_series *segs, size_t k, dt_series *out)
{
	size_t total = 0;
	for (size_t j = 0; j < k; j++)
		total += segs[j].n;
	if (alloc_series(out, total) < 0)
		return -1;
	for (size_t j = 0; j < k; j++)
		for (size_t i = 0; i < segs[j].n; i++) {
			out->step[out->n] = segs[j].step[i];
			out->value[out->n++] = segs[j].value[i];
		}
	return 0;
}

/* Copy of `seg` with steps corrected: mode 1 step / g, mode 2 step -
 * shift, mode 0 as logged. */
static int copy_mapped(const dt_series *seg, int mode, int64_t g,
                       int64_t shift, dt_series *out)
{
	if (alloc_series(out, seg->n) < 0)
		return -1;
	for (size_t i = 0; i < seg->n; i++) {
		int64_t s = seg->step[i];
		out->step[i] = mode == 1 ? s / g : mode == 2 ? s - shift : s;
		out->value[i] = seg->value[i];
	}
	out->n = seg->n;
	return 0;
}

/* Does logged step r = g x t (a counter offset by factor g) fit? The LR
 * logged after at r must equal the LR before at t; with an LR that does
 * not tell the two readings apart (constant) nothing is confirmed.
 * Returns 1 (accepted) and sets *confirmed. */
static int offset_fits(const dt_series *lr_b, const dt_series *lr_a0,
                       int64_t r, int64_t t, int hinted, double rtol,
                       int *confirmed)
{
	*confirmed = 0;
	double la;
	if (lr_b->n == 0 || lr_a0->n == 0 || !dt_series_value_at(lr_a0, r, &la))
		return hinted;
	double at_t = dt_rs_interp(lr_b, t), at_r = dt_rs_interp(lr_b, r);
	int matches_t = fabs(la - at_t) <= rtol * fabs(at_t);
	int distinct = fabs(at_r - at_t) > rtol * fabs(at_t);
	if (matches_t && distinct) {
		*confirmed = 1;
		return 1;
	}
	if (!distinct)
		return hinted;  /* flat LR: cannot tell, keep the hint */
	return 0;           /* the LR says the logged step is the true one */
}

/* Find a counter offset at this restart; fills v->offset_factor,
 * v->offset_confirmed, v->true_step and the mapping. */
static void find_offset(const dt_resume_in *in, const dt_rs_ctx *c,
                        const dt_series *loss_a0, const dt_series *lr_a0,
                        dt_restart_verdict *v, int *mode, int64_t *shift)
{
	int64_t r = v->at_step, last = v->last_before, I = v->interval;
	*mode = 0;
	*shift = 0;
	if (c->loss_b.n == 0 || r - last <= I ||
	    (v->ckpt_step > 0 && r <= v->ckpt_step + I))
		return;
	int hinted = in->grad_accum_hint > 1;
	int64_t g0 = hinted ? in->grad_accum_hint : 2;
	int64_t g1 = hinted ? in->grad_accum_hint : 64;
	for (int64_t g = g0; g <= g1; g++) {
		int64_t t = r / g;
		int confirmed;
		if (r % g || t > last + I || t < c->loss_b.step[0])
			continue;
		if (!offset_fits(&c->lr_b, lr_a0, r, t, hinted, c->o->lr_rtol,
		                 &confirmed))
			continue;
		v->offset_factor = g;
		v->offset_confirmed = confirmed;
		v->true_step = t;
		*mode = dt_series_median_gap(loss_a0) == g * I ? 1 : 2;
		*shift = r - t;
		return;
	}
	/* c x G + k: the counter restored as checkpoint step c times G, then
	 * counting one per optimizer step: the first logged point after the
	 * resume, one interval after the checkpoint, reads r = c G + I, the
	 * true step is c + I (every later point shifted by c (G - 1)). The
	 * LR logged there must equal the LR before at c + I. */
	for (int64_t g = g0; g <= g1; g++) {
		int64_t ck = (r - I) / g, t = ck + I;
		int confirmed;
		if (r - I <= 0 || (r - I) % g || t > last + I ||
		    t < c->loss_b.step[0])
			continue;
		if (!offset_fits(&c->lr_b, lr_a0, r, t, hinted, c->o->lr_rtol,
		                 &confirmed))
			continue;
		v->offset_factor = g;
		v->offset_confirmed = confirmed;
		v->offset_additive = 1;
		v->true_step = t;
		*mode = 2;
		*shift = r - t;
		return;
	}
}

int64_t dt_resume_step_rule(int64_t t, int64_t c, int64_t I)
{
	if (t <= c)
		return -1;
	return t - c - I > 0 ? t - c - I : 0;
}

int64_t dt_resume_interval(const dt_series *before, const dt_series *after)
{
	int64_t I = before ? dt_series_median_gap(before) : 0;
	if (I == 0 && after)
		I = dt_series_median_gap(after);
	return I > 0 ? I : 1;
}

static void check_step(dt_restart_verdict *v, const dt_series *before,
                       const dt_series *after)
{
	int64_t t = v->true_step, c = v->ckpt_step, I = v->interval;
	int64_t amax = after->n ? after->step[after->n - 1] : t, relast = 0;
	for (size_t i = dt_series_lower_bound(before, t);
	     i < before->n && before->step[i] <= amax; i++) {
		v->replayed_points++;
		relast = before->step[i];
	}
	/* Optimizer steps trained again: the first logged step after the
	 * resume is taken as one interval after the checkpoint, so the
	 * re-trained range is (t - I, relast]. */
	int64_t Ia = dt_series_median_gap(after) ? dt_series_median_gap(after) : I;
	v->replayed = v->replayed_points ? (size_t)(relast - t + Ia) : 0;
	int scratch = before->n > 0 && t <= before->step[0];
	int early = !scratch && c > 0 && t <= c;
	if (!early && !scratch) {
		int64_t lost = dt_resume_step_rule(t, c > 0 ? c : v->last_before, I);
		v->lost = lost > 0 ? lost : 0;
	}
	char *d = v->detail[DT_RC_STEP];
	size_t dn = sizeof v->detail[DT_RC_STEP];
	const char *ck_name = v->log_ckpt > 0 && v->log_ckpt == c ?
	                      "checkpoint the log states" :
	                      "last confirmed checkpoint";
	if (v->offset_factor) {
		snprintf(d, dn, "step counter jumped %lld -> %lld: offset %s%lld "
		         "(gradient accumulation), not %lld lost steps; true step "
		         "%lld (%s)", (long long)v->last_before,
		         (long long)v->at_step, v->offset_additive ?
		         "checkpoint x " : "x", (long long)v->offset_factor,
		         (long long)(v->at_step - v->last_before - I),
		         (long long)t, v->offset_confirmed ? "confirmed by the LR"
		         : "not confirmed by the LR");
	} else if (scratch) {
		snprintf(d, dn, "training restarted from the beginning (step %lld), "
		         "not a resume (the run before started at step %lld)",
		         (long long)t, (long long)before->step[0]);
	} else if (early) {
		snprintf(d, dn, "resumed at step %lld, not after the %s %lld",
		         (long long)t, ck_name, (long long)c);
	} else if (v->lost > 0) {
		snprintf(d, dn, "resumed at step %lld after %s %lld: %lld step(s) "
		         "lost", (long long)t, c > 0 ? ck_name :
		         "last logged step", (long long)(c > 0 ? c : v->last_before),
		         (long long)v->lost);
	} else if (c <= 0) {
		/* c < t <= c + I needs c: without a checkpoint the step is not
		 * judged (a restart is not credited as resumed right after it);
		 * steps lost past the last logged step fail above without one */
		snprintf(d, dn, "checkpoint unknown: resumed at step %lld, last "
		         "step logged before %lld; %zu step(s) replayed",
		         (long long)t, (long long)v->last_before, v->replayed);
	} else {
		snprintf(d, dn, "resumed at step %lld (%s %lld); %zu step(s) "
		         "replayed", (long long)t, ck_name, (long long)c,
		         v->replayed);
	}
	v->check[DT_RC_STEP] = v->offset_factor || early || scratch ||
	                       v->lost > 0 ? DT_CHECK_FAIL :
	                       c > 0 ? DT_CHECK_PASS : DT_CHECK_NA;
}

/* The cause hint of each failed check (rules in resume.h). */
static void set_causes(const dt_rs_ctx *cx, dt_restart_verdict *v)
{
	int lr_bad = v->check[DT_RC_LR] == DT_CHECK_FAIL;
	int cur_bad = v->check[DT_RC_CURSOR] == DT_CHECK_FAIL;
	int lr_na = v->check[DT_RC_LR] == DT_CHECK_NA;
	int cur_na = v->check[DT_RC_CURSOR] == DT_CHECK_NA;
	/* Only what was checked is called intact: an n/a check stays a
	 * possible cause. The cursor is n/a either because nothing of it is
	 * logged on both sides or because the batch fingerprints logged
	 * recur by design (not judged). */
	int cur_logged = (cx->cur_b.n && cx->cur_a.n) ||
	                 (cx->fp_b.n && cx->fp_a.n);
	const char *cur_why = cur_logged ? "not judged (batch fingerprints "
	                      "recur)" : "not checked (not in the log)";
	char moved[sizeof v->cause[0]];
	if (lr_na && cur_na && !cur_logged)
		snprintf(moved, sizeof moved, "model / optimizer (or RNG), LR "
		         "scheduler or dataloader state not restored: the loss "
		         "moved; LR and data cursor not checked (not in the log)");
	else if (lr_na && cur_na)
		snprintf(moved, sizeof moved, "model / optimizer (or RNG), LR "
		         "scheduler or dataloader state not restored: the loss "
		         "moved; LR not checked (not in the log), data cursor %s",
		         cur_why);
	else if (lr_na)
		snprintf(moved, sizeof moved, "model / optimizer (or RNG) or LR "
		         "scheduler state not restored: the loss moved with the "
		         "data cursor intact; LR not checked (not in the log)");
	else if (cur_na)
		snprintf(moved, sizeof moved, "model / optimizer (or RNG) or "
		         "dataloader state not restored: the loss moved with the LR "
		         "intact; data cursor %s", cur_why);
	else
		snprintf(moved, sizeof moved, "model / optimizer (or RNG) state "
		         "not restored: the loss moved with LR and data cursor "
		         "intact");
	const char *data = cur_bad ? "sampler / dataloader state not restored "
	                   "(the data cursor is off)" : lr_bad ?
	                   "LR scheduler state not restored (the LR is off)" :
	                   moved;
	const char *step = v->offset_factor ? "trainer state: the step counter "
	                   "was restored as checkpoint step x G" :
	                   v->lost > 0 && v->ckpt_step > 0 ? "checkpoint / "
	                   "trainer state: steps skipped past the checkpoint" :
	                   v->lost > 0 ? "no checkpoint step known: steps "
	                   "skipped past the last step logged before the restart "
	                   "(trainer state not restored, a later checkpoint "
	                   "loaded, or the log before it cut short)" :
	                   "checkpoint selection: not resumed from the last "
	                   "confirmed checkpoint";
	const char *c[DT_RESUME_NCHECKS] = {
		step, "LR scheduler state not restored (LR reset or frozen)",
		data, data, "sampler / dataloader state not restored"};
	for (int i = 0; i < DT_RESUME_NCHECKS; i++)
		snprintf(v->cause[i], sizeof v->cause[i], "%s",
		         v->check[i] == DT_CHECK_FAIL ? c[i] : "");
}

static void compose_reason(dt_restart_verdict *v)
{
	size_t used = 0;
	v->pass = 1;
	for (int i = 0; i < DT_RESUME_NCHECKS; i++)
		if (v->check[i] == DT_CHECK_FAIL)
			v->pass = 0;
	for (int i = 0; i < DT_RESUME_NCHECKS; i++) {
		if (v->check[i] == DT_CHECK_NA ||
		    (!v->pass && v->check[i] != DT_CHECK_FAIL))
			continue;
		int k = snprintf(v->reason + used, sizeof v->reason - used, "%s%s: %s",
		                 used ? "; " : "", dt_resume_check_key(i),
		                 v->detail[i]);
		if (k < 0 || (size_t)k >= sizeof v->reason - used)
			break;
		used += (size_t)k;
	}
	/* nothing judged (the step n/a without a checkpoint, no finite loss
	 * after): say so, never an empty reason */
	if (v->pass && used == 0)
		snprintf(v->reason, sizeof v->reason, "every check n/a; %s: %s",
		         dt_resume_check_key(DT_RC_STEP), v->detail[DT_RC_STEP]);
}

/* Segment k of an optional metric, when it lines up with the loss. */
static const dt_series *seg_of(const dt_series *segs, size_t n, size_t nseg,
                               size_t k)
{
	return segs && n == nseg ? &segs[k] : NULL;
}

static int one_restart(const dt_resume_in *in, const dt_resume_opts *o,
                       size_t k, dt_restart_verdict *v)
{
	static const dt_series empty;
	dt_rs_ctx c = {.o = o, .cursor_metric = in->cursor_metric,
	               .baseline = in->baseline,
	               .global_batch = in->evidence &&
	                               in->evidence[k - 1].global_batch > 0 ?
	                               in->evidence[k - 1].global_batch :
	                               in->global_batch};
	const dt_series *la = &in->loss[k];
	const dt_series *lra = seg_of(in->lr, in->nlr, in->nseg, k);
	const dt_series *cua = seg_of(in->cursor, in->ncursor, in->nseg, k);
	const dt_series *fpa = seg_of(in->fingerprint, in->nfingerprint,
	                              in->nseg, k);
	memset(v, 0, sizeof *v);
	if (merge_before(in->loss, k, &c.loss_b) < 0 ||
	    (lra && merge_before(in->lr, k, &c.lr_b) < 0) ||
	    (cua && merge_before(in->cursor, k, &c.cur_b) < 0) ||
	    (fpa && concat_before(in->fingerprint, k, &c.fp_b) < 0))
		goto fail;
	v->at_step = la->n ? la->step[0] : 0;
	v->true_step = v->at_step;
	v->last_before = c.loss_b.n ? c.loss_b.step[c.loss_b.n - 1] : 0;
	v->given_ckpt = k - 1 < in->nckpt ? in->ckpt_step[k - 1] : 0;
	v->log_ckpt = -1;
	if (in->evidence) {
		v->evidence = in->evidence[k - 1];
		v->log_ckpt = dt_launch_ckpt(v->evidence.ev, v->evidence.n);
	}
	v->ckpt_step = v->log_ckpt > 0 ? v->log_ckpt : v->given_ckpt;
	v->interval = dt_resume_interval(&c.loss_b, la);
	v->replay_max_rel = NAN;
	v->level_shift = NAN;
	v->level_moved = NAN;
	int mode;
	int64_t shift;
	find_offset(in, &c, la, lra ? lra : &empty, v, &mode, &shift);
	int64_t g = v->offset_factor;
	if (copy_mapped(la, mode, g, shift, &c.loss_a) < 0 ||
	    (lra && copy_mapped(lra, mode, g, shift, &c.lr_a) < 0) ||
	    (cua && copy_mapped(cua, mode, g, shift, &c.cur_a) < 0) ||
	    (fpa && copy_mapped(fpa, mode, g, shift, &c.fp_a) < 0))
		goto fail;
	c.t = v->true_step;
	check_step(v, &c.loss_b, &c.loss_a);
	dt_rs_check_lr(&c, v);
	dt_rs_check_replay(&c, v);
	dt_rs_check_level(&c, v);
	dt_rs_check_cursor(&c, v);
	dt_rs_check_fingerprint(&c, v);
	set_causes(&c, v);
	compose_reason(v);
	dt_rs_ctx_free(&c);
	return 0;
fail:
	dt_rs_ctx_free(&c);
	return -1;
}

int dt_resume_check(const dt_resume_in *in, const dt_resume_opts *opts,
                    dt_restart_verdict **out, size_t *nout)
{
	*out = NULL;
	*nout = 0;
	if (!in || (!in->loss && in->nseg)) {
		errno = EINVAL;
		return -1;
	}
	if (in->nseg < 2)
		return 0;
	dt_restart_verdict *v = calloc(in->nseg - 1, sizeof *v);
	if (!v) {
		errno = ENOMEM;
		return -1;
	}
	for (size_t k = 1; k < in->nseg; k++)
		if (one_restart(in, opts, k, &v[k - 1]) < 0) {
			free(v);
			errno = ENOMEM;
			return -1;
		}
	*out = v;
	*nout = in->nseg - 1;
	return 0;
}
