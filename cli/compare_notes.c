/* compare_notes.c: pairing notes and the reason for "insufficient". */
#include "cli/compare_notes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/util/text.h"

int dt_cli_metric_list(dt_store *st, int64_t run_id, char *out,
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

static void add_note(dt_cmp_notes *x, const char *fmt, ...)
{
	if (x->n == DT_CMP_MAX_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->note[x->n++], sizeof x->note[0], fmt, ap);
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

static void why_insufficient(dt_store *st, const dt_run *rb,
                             const dt_run *rp, const char *metric,
                             const dt_series *sb, const dt_series *sp,
                             const dt_parity *p, dt_cmp_notes *x)
{
	char m[64], list[300];
	dt_sanitize(metric, m, sizeof m);
	const dt_run *r = sb->n == 0 ? rb : sp->n == 0 ? rp : NULL;
	if (r) {
		dt_cli_metric_list(st, r->id, list, sizeof list);
		snprintf(x->reason, sizeof x->reason, "%s run %.64s has no '%s' "
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
		snprintf(x->reason, sizeof x->reason, "no common %s: baseline "
		         "%lld..%lld, pilot %lld..%lld%s", unit, (long long)b0,
		         (long long)b1, (long long)p0, (long long)p1,
		         off ? "; the ranges are offset by 1: does one log count "
		         "steps from 0? (re-import it with the right step base)" : "");
		return;
	}
	int64_t warm = bys ? p->opts.warmup * rb->global_batch : p->opts.warmup;
	if (p->opts.warmup > 0 && last <= warm) {
		snprintf(x->reason, sizeof x->reason, "warm-up %lld steps reaches "
		         "beyond the last common %s %lld (%zu common): lower "
		         "--warmup", (long long)p->opts.warmup,
		         bys ? "sample count" : "step", (long long)last, nc);
		return;
	}
	if (p->n >= 2)
		return;  /* insufficient for another reason (noise rule) */
	snprintf(x->reason, sizeof x->reason, "%zu compared %s after warm-up "
	         "(%zu common); at least 2 needed", p->n,
	         p->n == 1 ? (bys ? "sample count" : "step") : unit, nc);
}

void dt_cmp_notes_build(dt_store *st, const dt_run *rb, const dt_run *rp,
                        const char *metric, const dt_series *sb,
                        const dt_series *sp, const dt_parity *p,
                        dt_cmp_notes *out)
{
	memset(out, 0, sizeof *out);
	if ((rb->global_batch > 0) != (rp->global_batch > 0)) {
		int pil = rp->global_batch > 0;
		add_note(out, "global batch known for the %s only (%lld): paired "
		         "by step; give --global-batch to both",
		         pil ? "pilot" : "baseline",
		         (long long)(pil ? rp->global_batch : rb->global_batch));
	}
	if (rb->id == rp->id)
		add_note(out, "baseline and pilot are the same run (%.64s): the "
		         "comparison is trivially a match", rb->name);
	if (p->verdict == DT_VERDICT_INSUFFICIENT)
		why_insufficient(st, rb, rp, metric, sb, sp, p, out);
}

void dt_cmp_notes_json(dt_jw *w, const dt_cmp_notes *x)
{
	dt_jw_key(w, "notes");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < x->n; i++)
		dt_jw_str(w, x->note[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "reason");
	if (x->reason[0])
		dt_jw_str(w, x->reason);
	else
		dt_jw_null(w);
}

void dt_cmp_notes_text(const dt_cmp_notes *x)
{
	char safe[800];
	for (size_t i = 0; i < x->n; i++) {
		dt_sanitize(x->note[i], safe, sizeof safe);
		printf("note: %s\n", safe);
	}
}
