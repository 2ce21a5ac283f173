/* compare_notes.c: pairing notes, the reason for "insufficient" and the
 * verdict sentence of a comparison (compare.h; was cli/compare_notes.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/compare_internal.h"
#include "model/service/shared_log.h"
#include "model/util/text.h"

int dt_run_metric_list(dt_store *st, int64_t run_id, char *out,
                       size_t outlen)
{
	char **names = NULL;
	size_t n = 0, w = 0;
	if (dt_store_metric_list(st, run_id, &names, &n) < 0) {
		snprintf(out, outlen, "?");
		return -1;
	}
	snprintf(out, outlen, "%s", n ? "" : "none");
	for (size_t i = 0; i < n && w + 1 < outlen; i++) {
		char safe[128];
		dt_sanitize(names[i], safe, sizeof safe);
		int k = snprintf(out + w, outlen - w, "%s%s", i ? ", " : "", safe);
		if (k < 0)
			break;
		w += (size_t)k;
	}
	dt_strv_free(names, n);
	return 0;
}

static void add_note(dt_comparison *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_note(dt_comparison *c, const char *fmt, ...)
{
	if (c->nnotes == DT_COMPARE_MAX_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->notes[c->nnotes++], sizeof c->notes[0], fmt, ap);
	va_end(ap);
}

/* x of point i: samples (step x gb) when paired by samples, else step. */
static int64_t xat(const dt_series *s, size_t i, int64_t gb, int by_samples)
{
	return by_samples ? s->step[i] * gb : s->step[i];
}

/* Number of common x and the last one. */
static size_t common_x(const dt_series *a, int64_t ga, const dt_series *b,
                       int64_t gb, int bys, int64_t *last)
{
	size_t i = 0, j = 0, n = 0;
	while (i < a->n && j < b->n) {
		int64_t xa = xat(a, i, ga, bys), xb = xat(b, j, gb, bys);
		if (xa == xb) {
			*last = xa;
			n++;
		}
		i += xa <= xb;
		j += xb <= xa;
	}
	return n;
}

/* Why the tolerance rule had too little to compare; "" when it had
 * enough (p->n >= 2). */
static void why_tolerance(dt_store *st, dt_comparison *c)
{
	const dt_series *sb = &c->sb, *sp = &c->sp;
	const dt_run *rb = &c->base, *rp = &c->pilot;
	const dt_parity *p = &c->parity;
	char m[64], list[300];
	dt_sanitize(c->metric, m, sizeof m);
	const dt_run *r = sb->n == 0 ? rb : sp->n == 0 ? rp : NULL;
	if (r == rp && c->interpolate && c->pilot_logged > 0) {
		/* the pilot has points, none inside the baseline's steps */
		snprintf(c->reason, sizeof c->reason, "nothing to interpolate: no "
		         "baseline step lies within the pilot's steps: baseline "
		         "%lld..%lld, pilot %lld..%lld", (long long)sb->step[0],
		         (long long)sb->step[sb->n - 1], (long long)c->pilot_first,
		         (long long)c->pilot_last);
		return;
	}
	if (r) {
		dt_run_metric_list(st, r->id, list, sizeof list);
		snprintf(c->reason, sizeof c->reason, "%s run %.64s has no '%s' "
		         "points; its metrics: %s", r == rb ? "baseline" : "pilot",
		         r->name, m, list);
		return;
	}
	int bys = p->by_samples;
	const char *unit = bys ? "samples" : "steps";
	int64_t b0 = xat(sb, 0, rb->global_batch, bys);
	int64_t b1 = xat(sb, sb->n - 1, rb->global_batch, bys);
	int64_t p0 = xat(sp, 0, rp->global_batch, bys);
	int64_t p1 = xat(sp, sp->n - 1, rp->global_batch, bys);
	int64_t last = 0;
	size_t nc = common_x(sb, rb->global_batch, sp, rp->global_batch, bys,
	                     &last);
	if (nc == 0) {
		int off = !bys && (p0 - b0 == 1 || b0 - p0 == 1);
		snprintf(c->reason, sizeof c->reason, "no common %s: baseline "
		         "%lld..%lld, pilot %lld..%lld%s", unit, (long long)b0,
		         (long long)b1, (long long)p0, (long long)p1,
		         off ? "; the ranges are offset by 1: does one log count "
		         "steps from 0? (re-import it with the right step base)" : "");
		return;
	}
	int64_t warm = bys ? p->opts.warmup * rb->global_batch : p->opts.warmup;
	if (p->opts.warmup > 0 && last <= warm) {
		snprintf(c->reason, sizeof c->reason, "warm-up %lld steps reaches "
		         "beyond the last common %s %lld (%zu common): lower "
		         "--warmup", (long long)p->opts.warmup,
		         bys ? "sample count" : "step", (long long)last, nc);
		return;
	}
	if (p->n >= 2)
		return;
	snprintf(c->reason, sizeof c->reason, "%zu compared %s after warm-up "
	         "(%zu common); at least 2 needed", p->n,
	         p->n == 1 ? (bys ? "sample count" : "step") : unit, nc);
}

/* Why the noise rule could not decide. */
static void why_noise(dt_comparison *c, int by_samples)
{
	const dt_noise *n = c->have_noise ? &c->noise : NULL;
	if (by_samples && c->nextra)
		snprintf(c->reason, sizeof c->reason, "the noise rule pairs by "
		         "effective step, but the global batches differ (%lld vs "
		         "%lld): no noise ratio", (long long)c->base.global_batch,
		         (long long)c->pilot.global_batch);
	else if (!n)
		snprintf(c->reason, sizeof c->reason, "the noise rule needs a "
		         "second GPU baseline run (attach one to the pilot or give "
		         "--also-baseline)");
	else if (n->spread_zero)
		snprintf(c->reason, sizeof c->reason, "GPU runs identical: noise "
		         "ratio undefined");
	else if (n->n < 2)
		snprintf(c->reason, sizeof c->reason, "%zu step%s common to all %zu "
		         "GPU runs and the pilot after warm-up; at least 2 needed",
		         n->n, n->n == 1 ? "" : "s", n->nbaselines);
}

void dt_compare_warnings_build(dt_comparison *c, const dt_pilot *p,
                               const dt_pilot_run *runs, size_t nruns)
{
	const dt_run *b = &c->base;
	int trn = strncmp(b->platform, "trn", 3) == 0, role = 0;
	for (size_t i = 0; p && i < nruns; i++)
		role |= runs[i].run.id == b->id && runs[i].role == DT_RUN_PILOT;
	c->warning[0] = '\0';
	if (!trn && !role)
		return;
	char what[40] = "", who[120] = "";
	if (trn)
		snprintf(what, sizeof what, "a Trainium (%.16s) run", b->platform);
	if (role)
		snprintf(who, sizeof who, "the pilot run of pilot '%.64s'", p->name);
	snprintf(c->warning, sizeof c->warning, "the baseline given, run "
	         "'%.64s', is %s%s%s; compare takes BASELINE (the GPU run) then "
	         "PILOT: were they given the other way round?", b->name, what,
	         trn && role ? " and " : "", who);
}

/* The last part of a path (the whole path when it has no '/'). */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

int dt_compare_same_log(dt_store *st, dt_comparison *c, char *err,
                        size_t errlen)
{
	dt_run_file fp, fb;
	int rc = dt_runs_shared_log(st, c->pilot.id, c->base.id, &fp, &fb);
	if (rc < 0) {
		snprintf(err, errlen, "store: files of runs %s, %s", c->base.name,
		         c->pilot.name);
		return -1;
	}
	if (rc == 1) {
		c->verdict = DT_VERDICT_INSUFFICIENT;
		snprintf(c->reason, sizeof c->reason, "the pilot run %.64s holds "
		         "the baseline's own log (%.120s is %.120s of run %.64s, "
		         "the same SHA-256 %.12s...): a pilot is another training "
		         "run", c->pilot.name, base_name(fp.path),
		         base_name(fb.path), c->base.name, fp.sha256);
	}
	return 0;
}

void dt_compare_notes_build(dt_store *st, dt_comparison *c, int by_samples)
{
	const dt_run *rb = &c->base, *rp = &c->pilot;
	if ((rb->global_batch > 0) != (rp->global_batch > 0)) {
		int pil = rp->global_batch > 0;
		add_note(c, "global batch known for the %s only (%lld): paired "
		         "by step; give --global-batch to both",
		         pil ? "pilot" : "baseline",
		         (long long)(pil ? rp->global_batch : rb->global_batch));
	}
	if (rb->id == rp->id)
		add_note(c, "baseline and pilot are the same run (%.64s): the "
		         "comparison is trivially a match", rb->name);
	if (c->verdict != DT_VERDICT_INSUFFICIENT || c->reason[0])
		return;  /* a reason given already: dt_compare_same_log */
	why_tolerance(st, c);
	if (!c->reason[0] && c->rule == DT_RULE_NOISE)
		why_noise(c, by_samples);
}

void dt_compare_sentence(dt_comparison *c)
{
	char reason[sizeof c->reason];
	/* the noise figures are the sentence's head under the noise rule;
	 * a tolerance reason (no points, no common step) still leads */
	dt_sanitize(c->reason, reason, sizeof reason);
	dt_verdict_sentence(&c->parity, c->rule,
	                    c->have_noise ? &c->noise : NULL, c->verdict, c->note,
	                    c->rule == DT_RULE_NOISE ? NULL : reason, c->sentence,
	                    sizeof c->sentence);
}
