/* dt_check_rules.c: the checklist items the data can decide: step 6,
 * trial checks 1 and 5 (rules in dt_checklist.h). */
#include "model/core/checklist.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/core/journal.h"
#include "model/core/stats.h"
#include "model/util/strbuf.h"

/* What drill d failed, as step 6 names it, into out (size n): "drill #1
 * (node-loss, checkpoint 1200, resumed at 1211): effective_step failed",
 * "drill #2 (kill-during-save, checkpoint 'ckpt-40'): lr_schedule and
 * control_loss failed, recovery 1200 s over the card's 900 s limit".
 * Returns 0 (and out "") when it failed nothing. */
static int drill_failure(const dt_drill *d, const dt_taskcard *card,
                         char *out, size_t n)
{
	size_t used = 0, nfail = 0, k = 0;
	dt_recovery_check rc = dt_drill_recovery_check(d, card);
	for (int i = 0; i < DT_DC_COUNT; i++)
		nfail += d->checks[i].status == DT_DC_FAIL;
	if (n)
		out[0] = '\0';
	if (nfail == 0 && rc.state != DT_REC_OVER)
		return 0;
	dt_buf_printf(out, n, &used, "drill #%lld (%s", (long long)d->id,
	    dt_drill_kind_name(d->kind));
	if (d->checkpoint_step > 0)
		dt_buf_printf(out, n, &used, ", checkpoint %lld",
		    (long long)d->checkpoint_step);
	else if (d->checkpoint_id[0])
		dt_buf_printf(out, n, &used, ", checkpoint '%.60s'", d->checkpoint_id);
	if (d->resumed_step > 0)
		dt_buf_printf(out, n, &used, ", resumed at %lld",
		    (long long)d->resumed_step);
	dt_buf_printf(out, n, &used, "): ");
	for (int i = 0; i < DT_DC_COUNT; i++)
		if (d->checks[i].status == DT_DC_FAIL) {
			k++;
			dt_buf_printf(out, n, &used, "%s%s", k == 1 ? "" : k == nfail ?
			    " and " : ", ", dt_drill_item_name((dt_drill_item)i));
		}
	if (nfail)
		dt_buf_printf(out, n, &used, " failed");
	if (rc.state == DT_REC_OVER)
		dt_buf_printf(out, n, &used, "%srecovery %.0f s over the card's "
		    "%.0f s limit", nfail ? ", " : "", rc.seconds, rc.limit);
	return 1;
}

size_t dt_step6_drills_text(const dt_step6_in *in, char *out, size_t n)
{
	size_t nf = 0, listed = 0, used = 0;
	char one[700];
	if (n)
		out[0] = '\0';
	for (size_t i = 0; i < in->ndrills; i++)
		nf += drill_failure(&in->drills[i], in->card, one, sizeof one);
	if (nf > 1)
		dt_buf_printf(out, n, &used, "%zu drills failed: ", nf);
	for (size_t i = 0, seen = 0; i < in->ndrills; i++) {
		if (!drill_failure(&in->drills[i], in->card, one, sizeof one))
			continue;
		seen++;
		/* room for this drill, and for "; and N more" after it unless
		 * it is the last */
		size_t need = strlen(one) + (listed ? 2 : 0) + (seen < nf ? 24 : 0);
		if (used + need >= n)
			break;
		dt_buf_printf(out, n, &used, "%s%s", listed ? "; " : "", one);
		listed++;
	}
	if (listed < nf && nf > 1) {
		if (listed == 0 && used >= 2 && used <= n)
			out[used -= 2] = '\0';     /* "N drills failed" */
		else
			dt_buf_printf(out, n, &used, "; and %zu more", nf - listed);
	}
	return nf;
}

/* 1 when `name` is one of the pilot-role runs. */
static int pilot_run(const dt_step6_in *in, const char *name)
{
	for (size_t i = 0; i < in->nruns; i++)
		if (in->runs[i].name && strcmp(in->runs[i].name, name) == 0)
			return 1;
	return 0;
}

static int has_restart(const dt_step6_in *in, const char *run)
{
	for (size_t i = 0; i < in->nrestarts; i++)
		if (strcmp(in->restarts[i].run, run) == 0)
			return 1;
	return 0;
}

/* The items step 6 needs passed, in the order they are named. */
static const dt_drill_item needed[] = {DT_DC_EFFECTIVE_STEP,
                                       DT_DC_CONTROL_LOSS};
#define NNEEDED (sizeof needed / sizeof needed[0])

/* What the items of d lack, appended to buf (size n, at *used): nothing
 * when every needed item passed, else "checked data_cursor only;
 * effective_step and control_loss not checked" (after "; " when `sep`). */
static void items_lack(const dt_drill *d, int sep, char *buf, size_t n,
                       size_t *used)
{
	size_t npass = 0, nmiss = 0, m = 0;
	for (size_t i = 0; i < NNEEDED; i++)
		nmiss += d->checks[needed[i]].status != DT_DC_PASS;
	if (nmiss == 0)
		return;
	dt_buf_printf(buf, n, used, "%schecked ", sep ? "; " : "");
	for (int k = 0; k < DT_DC_COUNT; k++)
		if (d->checks[k].status == DT_DC_PASS)
			dt_buf_printf(buf, n, used, "%s%s", npass++ ? ", " : "",
			    dt_drill_item_name((dt_drill_item)k));
	dt_buf_printf(buf, n, used, npass ? " only; " : "nothing; ");
	for (size_t i = 0; i < NNEEDED; i++) {
		if (d->checks[needed[i]].status == DT_DC_PASS)
			continue;
		m++;
		dt_buf_printf(buf, n, used, "%s%s", m == 1 ? "" : m == nmiss ? " and " : ", ",
		    dt_drill_item_name(needed[i]));
	}
	dt_buf_printf(buf, n, used, " not checked");
}

int dt_drill_verifies_resume(const dt_drill *d, const dt_step6_in *in,
                             char *why, size_t n)
{
	size_t used = 0, start;
	int two = d->run_after[0] && strcmp(d->run_after, d->run_before) != 0;
	if (n)
		why[0] = '\0';
	dt_buf_printf(why, n, &used, "drill #%lld (%s): ", (long long)d->id,
	    dt_drill_kind_name(d->kind));
	start = used;
	if (!d->run_before[0])
		dt_buf_printf(why, n, &used, "names no run");
	else if (!pilot_run(in, d->run_before))
		dt_buf_printf(why, n, &used, "run %.120s is not a pilot run of this pilot",
		    d->run_before);
	else if (two && !pilot_run(in, d->run_after))
		dt_buf_printf(why, n, &used, "run after %.120s is not a pilot run of this "
		    "pilot", d->run_after);
	else if (!two && !has_restart(in, d->run_before))
		dt_buf_printf(why, n, &used, "run %.120s has no restart", d->run_before);
	items_lack(d, used > start, why, n, &used);
	if (used == start) {
		if (n)
			why[0] = '\0';
		return 1;
	}
	return 0;
}

long dt_step6_parity(const dt_step6_in *in)
{
	for (size_t i = 0; i < in->nverdicts; i++)
		if (in->verdicts[i].verdict == DT_VERDICT_FAIL)
			return (long)i;
	return -1;
}

long dt_step6_restart(const dt_step6_in *in)
{
	if (dt_step6_parity(in) >= 0)
		return -1;
	for (size_t i = 0; i < in->nrestarts; i++)
		if (!in->restarts[i].pass)
			return (long)i;
	return -1;
}

void dt_rule_step6(const dt_step6_in *in, dt_check_status *status,
                   char *detail, size_t n)
{
	const dt_run_verdict *v = in->verdicts;
	const dt_drill *drills = in->drills;
	size_t nv = in->nverdicts, nd = in->ndrills, used = 0;
	long pi = dt_step6_parity(in), ri = dt_step6_restart(in);
	if (n)
		detail[0] = '\0';
	/* what fails, named in this order: the first failed parity verdict,
	 * else the first failing restart; then every failing drill */
	if (pi >= 0) {
		const dt_run_verdict *f = &v[pi];
		if (f->rule == DT_RULE_NOISE)
			dt_buf_printf(detail, n, &used, "parity fail: %s vs %s: noise "
			    "R = %.3g > %.1f over the GPU runs' spread", f->pilot,
			    f->baseline, f->noise_ratio, DT_NOISE_ACCEPT);
		else
			dt_buf_printf(detail, n, &used, "parity fail: %s vs %s: %zu "
			    "breaches > %zu allowed of %zu steps", f->pilot,
			    f->baseline, f->breaches, f->allowed, f->compared);
	} else if (ri >= 0) {
		const dt_check_restart *r = &in->restarts[ri];
		dt_buf_printf(detail, n, &used, "resume fail: %.100s step %lld: "
		    "%.380s", r->run, (long long)r->at_step,
		    r->reason ? r->reason : "");
	}
	size_t lead = used < n ? used : n ? n - 1 : 0;
	size_t sep = lead ? 2 : 0, nf;
	char none[1];
	if (n > lead + sep) {
		nf = dt_step6_drills_text(in, detail + lead + sep, n - lead - sep);
		if (!nf)
			detail[lead] = '\0';
		else if (sep)
			memcpy(detail + lead, "; ", 2);
	} else {
		nf = dt_step6_drills_text(in, none, 0);
	}
	if (pi >= 0 || ri >= 0 || nf) {
		*status = DT_CK_FAIL;
		return;
	}
	*status = DT_CK_PENDING;
	if (nv == 0) {
		snprintf(detail, n, "no parity verdict: attach a baseline and a "
		         "pilot run");
		return;
	}
	for (size_t i = 0; i < nv; i++)
		if (v[i].verdict != DT_VERDICT_PASS) {
			snprintf(detail, n, "parity insufficient: %s vs %s: %.300s",
			         v[i].pilot, v[i].baseline, v[i].reason[0] ? v[i].reason :
			         "fewer than 2 compared steps");
			return;
		}
	/* a drill verified a resume only when it checked what step 6 is
	 * about, on a real restart of a pilot run (dt_drill_verifies_resume) */
	size_t nver = 0, nshort = 0;
	char why[400] = "";
	for (size_t i = 0; i < nd; i++) {
		char w[400];
		if (dt_drill_verifies_resume(&drills[i], in, w, sizeof w))
			nver++;
		else if (nshort++ == 0)
			snprintf(why, sizeof why, "%s", w);
	}
	if (nver == 0) {
		if (nd == 0)
			snprintf(detail, n, "parity pass (%zu run%s); no drill has "
			         "verified a resume yet", nv, nv == 1 ? "" : "s");
		else
			snprintf(detail, n, "parity pass (%zu run%s); no drill has "
			         "verified a resume yet: %s%s", nv, nv == 1 ? "" : "s",
			         why, nshort > 1 ? " (and the other drills fall short "
			         "too)" : "");
		return;
	}
	*status = DT_CK_PASS;
	snprintf(detail, n, "parity pass (%zu run%s); resume verified by %zu "
	         "drill%s, none failed", nv, nv == 1 ? "" : "s", nver,
	         nver == 1 ? "" : "s");
}

/* Means of the first and last tenth of the finite values (k = max(1,
 * finite/10) points each). Returns the number of finite values. */
static size_t head_tail(const dt_series *s, double *head, double *tail)
{
	size_t nf = 0;
	for (size_t i = 0; i < s->n; i++)
		nf += isfinite(s->value[i]) != 0;
	size_t k = nf / 10 ? nf / 10 : 1, h = 0, t = 0;
	double hs = 0, ts = 0;
	for (size_t i = 0; i < s->n && h < k; i++)
		if (isfinite(s->value[i])) {
			hs += s->value[i];
			h++;
		}
	for (size_t i = s->n; i-- > 0 && t < k;)
		if (isfinite(s->value[i])) {
			ts += s->value[i];
			t++;
		}
	*head = h ? hs / (double)h : NAN;
	*tail = t ? ts / (double)t : NAN;
	return nf;
}

void dt_rule_trial1(const dt_check_run *runs, size_t nr,
                    dt_check_status *status, char *detail, size_t n)
{
	*status = DT_CK_PENDING;
	if (nr == 0) {
		snprintf(detail, n, "no pilot run attached");
		return;
	}
	for (size_t i = 0; i < nr; i++) {
		const dt_series *s = runs[i].loss;
		if (!s || s->n == 0) {
			*status = DT_CK_FAIL;
			snprintf(detail, n, "%s logged no loss", runs[i].name);
			return;
		}
		/* Logging interval: the recorded logging_steps, else the median
		 * step gap of the loss (HF logs without trainer_state). */
		int64_t first_possible = runs[i].logging_steps > 0 ?
		                         runs[i].logging_steps :
		                         dt_series_median_gap(s);
		if (first_possible < 1)
			first_possible = 1;
		if (s->step[0] > first_possible) {
			*status = DT_CK_FAIL;
			snprintf(detail, n, "%s: first loss at effective step %lld, "
			         "expected <= %lld", runs[i].name, (long long)s->step[0],
			         (long long)first_possible);
			return;
		}
		/* A loss that collapsed to exactly 0.0 is no decrease (a compile
		 * trial run's output or a broken loss; issue 9). */
		size_t zeros = 0;
		int64_t zstep = 0;
		for (size_t k = 0; k < s->n; k++)
			if (s->value[k] == 0.0 && zeros++ == 0)
				zstep = s->step[k];
		if (zeros) {
			*status = DT_CK_FAIL;
			snprintf(detail, n, "%s: loss is exactly 0.0 at %zu step(s) "
			         "from step %lld: a collapsed or trial-run loss, not a "
			         "decrease", runs[i].name, zeros, (long long)zstep);
			return;
		}
		double head, tail;
		if (head_tail(s, &head, &tail) < 10) {
			snprintf(detail, n, "%s: fewer than 10 finite loss values",
			         runs[i].name);
			return;
		}
		if (!(tail < head)) {
			*status = DT_CK_FAIL;
			snprintf(detail, n, "%s: loss does not decrease: last-tenth mean"
			         " %.4g >= first-tenth mean %.4g", runs[i].name, tail,
			         head);
			return;
		}
	}
	*status = DT_CK_PASS;
	snprintf(detail, n, "loss from the first effective step and decreasing"
	         " in %zu pilot run%s", nr, nr == 1 ? "" : "s");
}

void dt_rule_trial5(const dt_check_run *runs, size_t nr,
                    dt_check_status *status, char *detail, size_t n)
{
	if (nr == 0) {
		*status = DT_CK_PENDING;
		snprintf(detail, n, "no pilot run attached");
		return;
	}
	/* Missing facts are not yet typed in, not a failure (as trial1 with
	 * too few points): nothing recorded can show the times were mixed
	 * with training time. Every run that lacks them is named, so that
	 * they are typed in at one go (it named the first only). */
	size_t o = 0, missing = 0;
	for (size_t i = 0; i < nr; i++) {
		int c = dt_journal_has_compile_time(runs[i].facts, runs[i].nfacts);
		int d = dt_journal_has_data_prep_time(runs[i].facts, runs[i].nfacts);
		if (c && d)
			continue;
		int k = snprintf(detail + o, o < n ? n - o : 0,
		                 "%s%s: journal lacks %s%s%s", missing ? "; " : "",
		                 runs[i].name,
		                 c ? "" : "a compile time (neuron.compile_seconds)",
		                 !c && !d ? " and " : "",
		                 d ? "" : "a data-preparation time (data.prep_seconds)");
		missing++;
		if (k > 0 && o < n)
			o = o + (size_t)k < n ? o + (size_t)k : n - 1;
	}
	if (missing) {
		*status = DT_CK_PENDING;
		return;
	}
	*status = DT_CK_PASS;
	snprintf(detail, n, "compile and data-preparation time recorded for %zu"
	         " pilot run%s", nr, nr == 1 ? "" : "s");
}
