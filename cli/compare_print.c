/* compare_print.c: text and JSON of a comparison (compare_print.h). */
#include "cli/compare_print.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/core/verdict_text.h"
#include "model/util/jsonw.h"
#include "model/util/num.h"
#include "model/util/text.h"

static void json_x(dt_jw *w, int64_t x, int valid)
{
	if (valid)
		dt_jw_int(w, x);
	else
		dt_jw_null(w);
}


static void json_agree(dt_jw *w, const char *key, int a)
{
	dt_jw_key(w, key);
	if (a < 0)
		dt_jw_null(w);
	else
		dt_jw_bool(w, a);
}

void dt_print_finding_json(dt_jw *w, const dt_finding *f)
{
	dt_jw_obj_begin(w);
	dt_jw_key(w, "kind"); dt_jw_str(w, dt_finding_kind_name(f->kind));
	dt_jw_key(w, "run"); dt_jw_str(w, f->role);
	dt_jw_key(w, "step"); dt_jw_int(w, f->step);
	dt_jw_key(w, "count"); dt_jw_int(w, (int64_t)f->count);
	if (f->kind == DT_FIND_LOGGING_SCALE) {
		dt_jw_key(w, "factor"); dt_jw_num(w, f->factor);
		dt_jw_key(w, "median_ratio"); dt_jw_num(w, f->ratio);
		dt_jw_key(w, "spread"); dt_jw_num(w, f->spread);
		json_agree(w, "lr_agrees", f->lr_agrees);
		json_agree(w, "eval_loss_agrees", f->eval_agrees);
	}
	if (f->kind == DT_FIND_BATCH_CHANGE ||
	    f->kind == DT_FIND_TOTAL_STEPS_CHANGE) {
		dt_jw_key(w, "before"); dt_jw_int(w, f->before);
		dt_jw_key(w, "after"); dt_jw_int(w, f->after);
	}
	dt_jw_key(w, "detail"); dt_jw_str(w, f->detail);
	dt_jw_obj_end(w);
}

void dt_print_finding_text(const dt_finding *f)
{
	char text[sizeof f->detail + 96], safe[sizeof text * 2];
	dt_sanitize(dt_finding_text(f, text, sizeof text), safe, sizeof safe);
	printf("%s\n", safe);
}

static void json_noise(dt_jw *w, const dt_comparison *c)
{
	const dt_noise *n = &c->noise;
	dt_jw_key(w, "noise_ratio");
	if (c->have_noise && !isnan(n->ratio))
		dt_jw_num(w, n->ratio);
	else
		dt_jw_null(w);
	dt_jw_key(w, "noise");
	if (!c->have_noise) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "gpu_runs"); dt_jw_int(w, (int64_t)n->nbaselines);
	dt_jw_key(w, "steps"); dt_jw_int(w, (int64_t)n->n);
	dt_jw_key(w, "gpu_spread_rms"); dt_jw_num(w, n->mean_spread);
	dt_jw_key(w, "pilot_gap_rms"); dt_jw_num(w, n->mean_gap);
	dt_jw_key(w, "band");
	dt_jw_str(w, n->spread_zero ? "GPU runs identical: ratio undefined"
	                            : dt_noise_band(n->ratio));
	dt_jw_key(w, "verdict");
	dt_jw_str(w, dt_verdict_name(dt_noise_rule_verdict(n)));
	dt_jw_key(w, "from_taskcard"); dt_jw_bool(w, c->extra_from_card);
	dt_jw_obj_end(w);
}

static void json_summary(dt_jw *w, const dt_comparison *c)
{
	const dt_parity *p = &c->parity;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "compared"); dt_jw_int(w, (int64_t)p->n);
	dt_jw_key(w, "breaches"); dt_jw_int(w, (int64_t)p->breaches);
	dt_jw_key(w, "first_breach_step");
	json_x(w, p->first_breach_x, p->breaches > 0);
	dt_jw_key(w, "max_abs_rel_diff");
	if (isnan(p->max_abs_rel_diff))
		dt_jw_null(w);
	else
		dt_jw_num(w, p->max_abs_rel_diff);
	dt_jw_key(w, "max_abs_rel_diff_step");
	json_x(w, p->max_abs_rel_diff_x, !isnan(p->max_abs_rel_diff));
	dt_jw_key(w, "allowed_breaches"); dt_jw_int(w, (int64_t)p->allowed_breaches);
	dt_jw_key(w, "rtol"); dt_jw_num(w, p->opts.rtol);
	dt_jw_key(w, "atol"); dt_jw_num(w, p->opts.atol);
	dt_jw_key(w, "warmup"); dt_jw_int(w, p->opts.warmup);
	dt_jw_key(w, "by_samples"); dt_jw_bool(w, p->by_samples);
	dt_jw_key(w, "verdict"); dt_jw_str(w, dt_verdict_name(c->verdict));
	dt_jw_key(w, "sentence"); dt_jw_str(w, c->sentence);
	dt_jw_key(w, "rules_source"); dt_jw_str(w, c->rules_source);
	dt_jw_key(w, "taskcard_pilot"); dt_jw_str_or_null(w, c->card_pilot);
	dt_jw_key(w, "interpolated"); dt_jw_bool(w, c->interpolate);
	if (c->interpolate) {
		dt_jw_key(w, "interpolated_points"); dt_jw_int(w, (int64_t)c->ninterp);
	}
	dt_jw_key(w, "window");
	if (c->window) dt_jw_int(w, c->window); else dt_jw_null(w);
	dt_jw_key(w, "rule"); dt_jw_str(w, dt_rule_name(c->rule));
	json_noise(w, c);
	dt_jw_key(w, "findings");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < c->findings.n; i++)
		dt_print_finding_json(w, &c->findings.v[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "verdict_note"); dt_jw_str_or_null(w, c->note);
	dt_jw_key(w, "notes");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < c->nnotes; i++)
		dt_jw_str(w, c->notes[i]);
	dt_jw_arr_end(w);
	dt_jw_key(w, "warnings");
	dt_jw_arr_begin(w);
	if (c->warning[0])
		dt_jw_str(w, c->warning);
	dt_jw_arr_end(w);
	dt_jw_key(w, "reason"); dt_jw_str_or_null(w, c->reason);
	dt_jw_key(w, "compile_note"); dt_jw_str_or_null(w, c->compile_note);
	dt_jw_obj_end(w);
}

void dt_print_integrity_json(dt_jw *w, const dt_integrity *in)
{
	int checked = in->state != DT_INTEGRITY_NOT_CHECKED;
	dt_jw_key(w, "integrity");
	dt_jw_obj_begin(w);
	dt_jw_key(w, "checked"); dt_jw_bool(w, checked);
	dt_jw_key(w, "intact");
	if (checked) dt_jw_bool(w, in->intact); else dt_jw_null(w);
	dt_jw_key(w, "first_bad_id");
	if (checked && in->first_bad_id) dt_jw_int(w, in->first_bad_id);
	else dt_jw_null(w);
	dt_jw_key(w, "reason"); dt_jw_str_or_null(w, in->reason);
	dt_jw_key(w, "head_hash"); dt_jw_str_or_null(w, in->head_hash);
	dt_jw_obj_end(w);
}

void dt_compare_print_json(const dt_comparison *c,
                           const dt_parity_point *pts, size_t npts)
{
	const dt_parity *p = &c->parity;
	dt_jw w;
	dt_jw_init(&w, stdout, 0);
	dt_jw_obj_begin(&w);
	dt_jw_key(&w, "baseline"); dt_jw_str(&w, c->base.name);
	dt_jw_key(&w, "pilot"); dt_jw_str(&w, c->pilot.name);
	dt_jw_key(&w, "metric"); dt_jw_str(&w, c->metric);
	dt_jw_key(&w, "x"); dt_jw_str(&w, p->by_samples ? "samples" : "step");
	dt_jw_key(&w, "points");
	dt_jw_arr_begin(&w);
	for (size_t i = 0; i < npts; i++) {
		const dt_parity_point *pt = &pts[i];
		dt_jw_obj_begin(&w);
		dt_jw_key(&w, p->by_samples ? "samples" : "step");
		dt_jw_int(&w, pt->x);
		dt_jw_key(&w, "baseline"); dt_jw_num(&w, pt->baseline);
		dt_jw_key(&w, "pilot"); dt_jw_num(&w, pt->pilot);
		dt_jw_key(&w, "rel_diff"); dt_jw_num(&w, pt->rel_diff);
		dt_jw_key(&w, "breach"); dt_jw_bool(&w, pt->breach);
		dt_jw_obj_end(&w);
	}
	dt_jw_arr_end(&w);
	dt_jw_key(&w, "summary");
	json_summary(&w, c);
	dt_print_integrity_json(&w, &c->integrity);
	dt_jw_obj_end(&w);
	dt_jw_end(&w);
}

void dt_compare_print_csv(const dt_comparison *c,
                          const dt_parity_point *pts, size_t npts)
{
	const dt_parity *p = &c->parity;
	char b[32], q[32], r[32];
	printf("%s,baseline,pilot,rel_diff,breach\n",
	       p->by_samples ? "samples" : "step");
	for (size_t i = 0; i < npts; i++) {
		const dt_parity_point *pt = &pts[i];
		dt_fmt_double(pt->baseline, b);
		dt_fmt_double(pt->pilot, q);
		dt_fmt_double(pt->rel_diff, r);
		printf("%lld,%s,%s,%s,%d\n", (long long)pt->x, b, q, r,
		       pt->breach ? 1 : 0);
	}
}

static void text_noise(const dt_comparison *c)
{
	const dt_noise *n = &c->noise;
	char names[600] = "";
	if (!c->have_noise)
		return;
	if (c->extra_from_card) {
		size_t o = 0;
		for (size_t i = 0; i < c->nextra && o < sizeof names; i++) {
			char s[300];
			dt_sanitize(c->extra[i].name, s, sizeof s);
			int k = snprintf(names + o, sizeof names - o, "%s%s",
			                 i ? ", " : "", s);
			o += k > 0 ? (size_t)k : 0;
		}
		printf("noise: further GPU runs from the task card's pilot: %s\n",
		       names);
	}
	if (n->spread_zero)
		printf("noise: GPU runs identical: ratio undefined (spread 0 over "
		       "%zu steps, %zu GPU runs; RMS pilot gap %.4g)\n", n->n,
		       n->nbaselines, n->mean_gap);
	else if (isnan(n->ratio))
		printf("noise: no step common to all %zu GPU runs and the pilot\n",
		       n->nbaselines);
	else
		printf("noise: pilot gap / GPU run-to-run spread = %.3g over %zu "
		       "steps, %zu GPU runs (RMS gap %.4g, spread %.4g): %s "
		       "(<= %.1f passes; the %s rule decides)\n", n->ratio, n->n,
		       n->nbaselines, n->mean_gap, n->mean_spread,
		       dt_noise_band(n->ratio), DT_NOISE_ACCEPT,
		       dt_rule_name(c->rule));
}

static void text_counts(const dt_comparison *c)
{
	const dt_parity *p = &c->parity;
	const char *unit = p->by_samples ? "samples" : "step";
	char v1[32], v2[32], m[128], src[sizeof c->rules_source * 2];
	dt_fmt_double(p->opts.rtol, v1);
	dt_fmt_double(p->opts.atol, v2);
	dt_sanitize(c->metric, m, sizeof m);
	dt_sanitize(c->rules_source, src, sizeof src);
	printf("rule: %s breaches when |pilot - baseline| > %s + %s * |baseline|"
	       " or non-finite; warm-up %lld steps; %s rule decides\n", m, v2, v1,
	       (long long)p->opts.warmup, dt_rule_name(c->rule));
	printf("%s\n", src);
	printf("compared %zu common %s, breaches %zu (allowed %zu)", p->n,
	       p->by_samples ? "samples" : "steps", p->breaches,
	       p->allowed_breaches);
	if (p->breaches)
		printf(", first breach at %s %lld", unit,
		       (long long)p->first_breach_x);
	if (!isnan(p->max_abs_rel_diff)) {
		char pct[32];
		printf(", max |rel diff| %s at %s %lld",
		       dt_fmt_rel_pct(p->max_abs_rel_diff, 0, pct, sizeof pct),
		       unit, (long long)p->max_abs_rel_diff_x);
	}
	putchar('\n');
}

static void text_extra(const dt_comparison *c)
{
	char safe[2200];
	if (c->interpolate)
		printf("interpolated: pilot linearly interpolated onto the baseline's "
		       "steps (%zu of %zu pilot points interpolated, not logged)\n",
		       c->ninterp, c->sp.n);
	if (c->window)
		printf("window: means over windows of %lld effective steps\n",
		       (long long)c->window);
	text_noise(c);
	for (size_t i = 0; i < c->findings.n; i++)
		dt_print_finding_text(&c->findings.v[i]);
	for (size_t i = 0; i < c->nnotes; i++) {
		dt_sanitize(c->notes[i], safe, sizeof safe);
		printf("note: %s\n", safe);
	}
}

/* "N <metric> points in S segment(s)[, R replayed]" or "0 <metric>
 * points" for one side of the comparison header. */
static void print_series_counts(const char *metric, const dt_series *s,
                                int replayed)
{
	char m[sizeof ((dt_comparison *)0)->metric * 2];
	dt_sanitize(metric[0] ? metric : "loss", m, sizeof m);
	if (s->n == 0)
		printf("0 %s points\n", m);
	else if (replayed)
		printf("%zu %s points in %zu segment(s), %zu replayed\n", s->n,
		       m, s->nsegments, s->replayed);
	else
		printf("%zu %s points in %zu segment(s)\n", s->n, m,
		       s->nsegments);
}

void dt_compare_print_text(const dt_comparison *c)
{
	char nb[DT_NAME_MAX * 2], np[DT_NAME_MAX * 2], why[1500], r[1500];
	char s[sizeof c->sentence * 2];
	if (c->compile_note[0]) {
		dt_sanitize(c->compile_note, why, sizeof why);
		printf("%s\n", why);
	}
	dt_sanitize(c->base.name, nb, sizeof nb);
	dt_sanitize(c->pilot.name, np, sizeof np);
	/* the counts are the compared metric's: a run whose file has other
	 * metrics but no loss shows '0 loss points', not '0 segment(s)'
	 * beside the run list's segments of the run */
	printf("baseline %s (%s): ", nb, c->base.platform);
	print_series_counts(c->metric, &c->sb, 0);
	printf("pilot    %s (%s): ", np, c->pilot.platform);
	print_series_counts(c->metric, &c->sp, 1);
	if (c->parity.by_samples)
		printf("global batch %lld vs %lld: paired by samples seen\n",
		       (long long)c->base.global_batch,
		       (long long)c->pilot.global_batch);
	text_counts(c);
	text_extra(c);
	/* why insufficient, when the sentence does not say it (under the
	 * noise rule it leads with the noise figures instead) */
	if (c->reason[0] && !strstr(c->sentence, c->reason)) {
		dt_sanitize(c->reason, r, sizeof r);
		printf("reason: %s\n", r);
	}
	/* the service's sentence, word for word what the TUI comparison and
	 * pilot show print: a note ("with 1 finding") stands in parentheses
	 * beside the verdict word, never as its cause */
	dt_sanitize(c->sentence, s, sizeof s);
	printf("%s\n", s);
	dt_print_integrity_text(stdout, &c->integrity, DT_BESIDE_VERDICT);
}

int dt_print_integrity_text(FILE *f, const dt_integrity *in,
                            dt_integrity_beside beside)
{
	char what[400], r[sizeof what];
	const char *tail;
	if (in->state != DT_INTEGRITY_ALTERED)
		return 0;
	switch (beside) {
	case DT_BESIDE_VALUES:
		tail = in->values_altered
		       ? "the values shown are not the ones imported"
		       : "the values shown match their seal; other records are "
		         "not genuine";
		break;
	case DT_BESIDE_LISTING:
		tail = "records of this store are not genuine";
		break;
	default:
		tail = "the verdict rests on records that are not genuine";
	}
	dt_sanitize(dt_integrity_text(in, what, sizeof what), r, sizeof r);
	fprintf(f, "integrity ALTERED: %s; %s (dualtrack verify lists all)\n",
	        r, tail);
	return 1;
}
