/* dt_resume_run.c: resume continuity of a stored run (dt_resume_run.h). */
#include "model/service/resume_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/num.h"
#include "model/core/pilot.h"
#include "model/service/restart_findings.h"
#include "model/service/run_load.h"
#include "model/core/segments.h"
#include "model/core/verdict_text.h"
#include "model/util/strbuf.h"

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
	if (dt_store_fact_list(st, run->id, &facts, &nfacts) < 0) {
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

/* Credit drill `id` with step s in *by: after the credits of steps <= s
 * (so by step, then in the order given); nothing when full. */
static void credit(dt_ckpt_credits *by, int64_t s, int64_t id)
{
	size_t k;
	if (by->n == DT_RESUME_MAX_CKPT)
		return;
	for (k = 0; k < by->n && by->step[k] <= s; k++)
		;
	memmove(&by->step[k + 1], &by->step[k], (by->n - k) * sizeof *by->step);
	memmove(&by->drill[k + 1], &by->drill[k],
	        (by->n - k) * sizeof *by->drill);
	by->step[k] = s;
	by->drill[k] = id;
	by->n++;
}

size_t dt_resume_drill_ckpt(const dt_drill *d, size_t nd, const char *run,
                            int64_t *v, size_t max, int64_t *drill,
                            dt_ckpt_credits *by)
{
	size_t n = 0;
	int64_t lo = 0;
	if (drill)
		*drill = 0;
	if (by)
		by->n = 0;
	for (size_t i = 0; i < nd; i++) {
		const dt_drill *x = &d[i];
		size_t k;
		if (x->checkpoint_step <= 0 || strcmp(x->run_before, run) != 0 ||
		    (x->run_after[0] && strcmp(x->run_after, run) != 0))
			continue;
		for (k = 0; k < n && v[k] < x->checkpoint_step; k++)
			;
		if (!(k < n && v[k] == x->checkpoint_step)) {
			if (n == max)
				continue;   /* a step the check cannot take */
			memmove(&v[k + 1], &v[k], (n - k) * sizeof *v);
			v[k] = x->checkpoint_step;
			n++;
		}
		if (drill && (*drill == 0 || x->checkpoint_step < lo)) {
			*drill = x->id;
			lo = x->checkpoint_step;
		}
		if (by)
			credit(by, x->checkpoint_step, x->id);
	}
	return n;
}

/* Checkpoint steps from the drills of every pilot; the count or -1. */
static long drills_ckpt(dt_store *st, const dt_run *run, int64_t *ckpt,
                        int64_t *drill, dt_ckpt_credits *by, char *err,
                        size_t errlen)
{
	dt_pilot *p = NULL;
	size_t np = 0, n = 0;
	long rc = 0;
	*drill = 0;
	if (dt_store_pilot_list(st, &p, &np) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	for (size_t i = 0; i < np && n == 0; i++) {
		dt_drill *d = NULL;
		size_t nd = 0;
		if (dt_store_drill_list(st, p[i].id, &d, &nd) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			rc = -1;
			break;
		}
		n = dt_resume_drill_ckpt(d, nd, run->name, ckpt,
		                         DT_RESUME_MAX_CKPT, drill, by);
		free(d);
	}
	free(p);
	return rc < 0 ? -1 : (long)n;
}

static void ev_add(dt_restart_evidence *e, int kind, uint64_t line,
                   int64_t ckpt, const char *marker)
{
	if (e->n == DT_RESUME_MAX_EVIDENCE)
		return;
	dt_launch_evidence *x = &e->ev[e->n++];
	memset(x, 0, sizeof *x);
	x->kind = kind;
	x->line = line;
	x->ckpt_step = ckpt;
	snprintf(x->marker, sizeof x->marker, "%s", marker ? marker : "");
}

/* The launch evidence of each restart (loss segment k >= 1): a new file
 * when the segment starts its file, the stored evidence of the file's
 * launches the segment begins (series.h origin_*), the step going back;
 * and the global batch in effect after it (the one those launches
 * logged, else the last one logged before, else the run's). Returns a
 * calloc'd [nseg - 1] array or NULL (store error in err, or ENOMEM). */
static dt_restart_evidence *restart_evidence(dt_store *st, const dt_run *run,
                                             const dt_series *loss,
                                             size_t nseg, char *err,
                                             size_t errlen)
{
	dt_launch_row *rows = NULL;
	dt_launch_setting_row *set = NULL;
	size_t nrows = 0, nset = 0;
	if (dt_store_launch_list(st, run->id, &rows, &nrows) < 0 ||
	    dt_store_launch_setting_list(st, run->id, &set, &nset) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		free(rows);
		return NULL;
	}
	dt_restart_evidence *e = calloc(nseg, sizeof *e);
	if (!e) {
		free(rows);
		free(set);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	for (size_t k = 1; k < nseg; k++) {
		const dt_series *g = &loss[k];
		dt_restart_evidence *x = &e[k - 1];
		if (g->origin_launch_lo == 0)  /* the segment starts its file */
			ev_add(x, DT_LAUNCH_NEW_FILE, 0, -1, NULL);
		for (size_t i = 0; i < nrows; i++)
			if (rows[i].file_id == g->origin_file &&
			    rows[i].ev.launch >= g->origin_launch_lo &&
			    rows[i].ev.launch <= g->origin_launch_hi)
				ev_add(x, rows[i].ev.kind, rows[i].ev.line,
				       rows[i].ev.ckpt_step, rows[i].ev.marker);
		if (g->origin_step_back)
			ev_add(x, DT_LAUNCH_STEP_BACK, 0, -1, NULL);
		int64_t before, after;
		dt_restart_setting_around(set, nset, g, DT_SETTING_GLOBAL_BATCH,
		                          &before, &after);
		x->global_batch = after > 0 ? after : before > 0 ? before :
		                  run->global_batch;
	}
	free(rows);
	free(set);
	return e;
}

int dt_resume_run(dt_store *st, const dt_run *run, const dt_run *baseline,
                  const int64_t *ckpt, long nckpt, int64_t grad_accum_hint,
                  const dt_resume_opts *opts, dt_resume_run_result *out,
                  char *err, size_t errlen)
{
	dt_series *loss = NULL, *lr = NULL, *cur = NULL, *fp = NULL, base = {0};
	dt_restart_evidence *ev = NULL;
	size_t nloss = 0, nlr = 0, ncur = 0, nfp = 0;
	int64_t fck[DT_RESUME_MAX_CKPT];
	dt_resume_opts o = opts ? *opts : dt_resume_defaults();
	const char *cm;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (nckpt < 0) {
		nckpt = fact_ckpt(st, run, fck, err, errlen);
		if (nckpt == 0)
			nckpt = drills_ckpt(st, run, fck, &out->ckpt_drill,
			                    &out->credits, err, errlen);
		if (nckpt < 0)
			return -1;
		ckpt = fck;
	}
	if (nckpt > DT_RESUME_MAX_CKPT)
		nckpt = DT_RESUME_MAX_CKPT;
	if (nckpt > 0)
		memcpy(out->ckpt, ckpt, (size_t)nckpt * sizeof *ckpt);
	if (dt_run_segments(st, run, "loss", &loss, &nloss, err, errlen) < 0 ||
	    dt_run_segments(st, run, "lr", &lr, &nlr, err, errlen) < 0 ||
	    (baseline && dt_run_series(st, baseline, "loss", &base, err,
	                               errlen) < 0))
		goto out;
	if (nloss == 0) {
		snprintf(err, errlen, "run '%s' has no loss curve to check",
		         run->name);
		goto out;
	}
	cm = load_cursor(st, run, nloss, &cur, &ncur);
	/* batch fingerprints, when logged and their segments line up */
	if (dt_run_segments(st, run, DT_METRIC_BATCH_FINGERPRINT, &fp, &nfp,
	                    err, errlen) < 0 || nfp != nloss) {
		dt_segments_free(fp, nfp);
		fp = NULL;
		nfp = 0;
	}
	ev = restart_evidence(st, run, loss, nloss, err, errlen);
	if (!ev)
		goto out;
	dt_resume_in in = {.loss = loss, .nseg = nloss, .lr = lr, .nlr = nlr,
	                   .cursor = cur, .ncursor = ncur, .cursor_metric = cm,
	                   .baseline = baseline ? &base : NULL,
	                   .ckpt_step = ckpt, .nckpt = (size_t)nckpt,
	                   .grad_accum_hint = grad_accum_hint, .evidence = ev,
	                   .fingerprint = fp, .nfingerprint = nfp,
	                   .global_batch = run->global_batch};
	if (dt_resume_check(&in, &o, &out->v, &out->nv) < 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (dt_run_restart_findings(st, run, "run", loss, nloss, &out->findings,
	                            err, errlen) < 0) {
		dt_resume_run_free(out);
		goto out;
	}
	out->nseg = nloss;
	out->nckpt = (size_t)nckpt;
	snprintf(out->cursor_metric, sizeof out->cursor_metric, "%s",
	         cm ? cm : "");
	out->all_pass = 1;
	for (size_t i = 0; i < out->nv; i++)
		out->all_pass &= out->v[i].pass;
	if (dt_integrity_load(st, &out->integrity) < 0)
		out->integrity.state = DT_INTEGRITY_NOT_CHECKED;
	rc = 0;
out:
	free(ev);
	dt_segments_free(loss, nloss);
	dt_segments_free(lr, nlr);
	dt_segments_free(cur, ncur);
	dt_segments_free(fp, nfp);
	dt_series_free(&base);
	return rc;
}

void dt_resume_refs_of(const char *pilot_name, const dt_pilot_run *runs,
                       size_t nruns, const dt_drill *drills, size_t ndrills,
                       const char *run, dt_resume_refs *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->pilot, sizeof out->pilot, "%s", pilot_name);
	for (size_t i = 0; i < nruns && !out->has_baseline; i++)
		if (runs[i].role == DT_RUN_BASELINE) {
			out->baseline = runs[i].run;
			out->has_baseline = 1;
		}
	out->nckpt = dt_resume_drill_ckpt(drills, ndrills, run, out->ckpt,
	                                  DT_RESUME_MAX_CKPT, &out->ckpt_drill,
	                                  &out->credits);
}

int dt_resume_pilot_refs(dt_store *st, const dt_run *run, dt_resume_refs *out,
                         char *err, size_t errlen)
{
	dt_pilot *p = NULL;
	size_t np = 0;
	int rc = 0;
	memset(out, 0, sizeof *out);
	if (dt_store_pilot_list(st, &p, &np) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	for (size_t i = 0; i < np && rc == 0; i++) {
		dt_pilot_run *r = NULL;
		dt_drill *d = NULL;
		size_t nr = 0, nd = 0, k;
		if (dt_store_pilot_run_list(st, p[i].id, &r, &nr) < 0) {
			snprintf(err, errlen, "%s", dt_store_error(st));
			rc = -1;
			break;
		}
		for (k = 0; k < nr; k++)
			if (r[k].role == DT_RUN_PILOT && r[k].run.id == run->id)
				break;
		if (k < nr) {
			if (dt_store_drill_list(st, p[i].id, &d, &nd) < 0) {
				snprintf(err, errlen, "%s", dt_store_error(st));
				rc = -1;
			} else {
				dt_resume_refs_of(p[i].name, r, nr, d, nd, run->name, out);
				rc = 1;
			}
		}
		free(d);
		free(r);
	}
	free(p);
	return rc;
}

int dt_resume_check_refs(dt_store *st, const dt_run *run,
                         const dt_run *baseline, int no_baseline,
                         dt_resume_refs *out, char *err, size_t errlen)
{
	if (dt_resume_pilot_refs(st, run, out, err, errlen) < 0)
		return -1;
	if (baseline || no_baseline) {
		out->has_baseline = baseline != NULL;
		if (out->has_baseline)
			out->baseline = *baseline;
		out->pilot[0] = '\0';   /* the baseline is not the pilot's */
	}
	return 0;
}

int dt_resume_run_refs(dt_store *st, const dt_run *run,
                       const dt_resume_refs *refs, int64_t grad_accum_hint,
                       const dt_resume_opts *opts, dt_resume_run_result *out,
                       char *err, size_t errlen)
{
	if (dt_resume_run(st, run, refs->has_baseline ? &refs->baseline : NULL,
	                  refs->ckpt, refs->nckpt ? (long)refs->nckpt : -1,
	                  grad_accum_hint, opts, out, err, errlen) < 0)
		return -1;
	if (refs->nckpt) {
		out->ckpt_drill = refs->ckpt_drill;
		out->credits = refs->credits;
	}
	return 0;
}

void dt_resume_run_free(dt_resume_run_result *r)
{
	free(r->v);
	dt_findings_free(&r->findings);
	memset(r, 0, sizeof *r);
}

/* The sources of checkpoint step s in r, as " (from the log, drill
 * #1)" (one step: `from`), " (log, drill #1)" (one of several), " (drills
 * #3, #4)" (two drills at s) into src (size n; "" when only given);
 * returns how many. */
static size_t step_credit(const dt_resume_run_result *r, int64_t s,
                          int from, char *src, size_t n)
{
	const char *lead = from ? " (from " : " (";
	size_t used = 0, k = 0;
	char tmp[DT_RESUME_MAX_CKPT * 16];
	if (!src) {
		src = tmp;
		n = sizeof tmp;
	}
	src[0] = '\0';
	for (size_t i = 0; i < r->nv; i++)
		if (r->v[i].log_ckpt == s) {
			dt_buf_printf(src, n, &used, "%s%s", lead, from ? "the log" :
			              "log");
			k++;
			break;
		}
	size_t nd = 0, d = 0;
	for (size_t i = 0; i < r->credits.n; i++)
		nd += r->credits.step[i] == s;
	for (size_t i = 0; i < r->credits.n; i++)
		if (r->credits.step[i] == s)
			dt_buf_printf(src, n, &used, "%s%s#%lld", d ? ", " : k ?
			              ", " : lead, d ? "" : nd > 1 ? "drills " :
			              "drill ", (long long)r->credits.drill[i]),
			d++;
	k += nd;
	if (k)
		dt_buf_printf(src, n, &used, ")");
	return k;
}

char *dt_resume_headline(const dt_resume_run_result *r, char *buf, size_t n)
{
	char ck[DT_RESUME_MAX_CKPT * 22];
	dt_resume_summary(r, buf, n);
	if (r->nv || r->nckpt) {
		size_t used = strlen(buf);
		dt_buf_printf(buf, n, &used, "; %s",
		              dt_resume_ckpt_text(r, ck, sizeof ck));
	}
	return buf;
}

char *dt_resume_ckpt_text(const dt_resume_run_result *r, char *buf, size_t n)
{
	size_t used = 0;
	if (n == 0)
		return buf;
	buf[0] = '\0';
	if (r->nckpt == 0) {
		for (size_t i = 0; i < r->nv; i++)
			if (r->v[i].log_ckpt >= 0)
				dt_buf_printf(buf, n, &used, "%s%lld", used ? "," : "checkpoint(s) "
				    "stated in the log ", (long long)r->v[i].log_ckpt);
		/* with no restart there is no checkpoint to know */
		if (used == 0)
			snprintf(buf, n, r->nv ? "checkpoint unknown" : "no restarts");
		return buf;
	}
	/* the list's steps and the ones a restart's log states, ascending */
	int64_t st[DT_RESUME_MAX_CKPT * 2];
	size_t ns = 0, credited = 0;
	for (size_t i = 0; i < r->nckpt + r->nv; i++) {
		int64_t s = i < r->nckpt ? r->ckpt[i] : r->v[i - r->nckpt].log_ckpt;
		size_t k;
		if (s <= 0 || ns == sizeof st / sizeof *st)
			continue;
		for (k = 0; k < ns && st[k] < s; k++)
			;
		if (k < ns && st[k] == s)
			continue;
		memmove(&st[k + 1], &st[k], (ns - k) * sizeof *st);
		st[k] = s;
		ns++;
	}
	for (size_t k = 0; k < ns; k++)
		credited += step_credit(r, st[k], ns == 1, NULL, 0) > 0;
	dt_buf_printf(buf, n, &used, "checkpoint%s ", ns > 1 ? "s" : "");
	for (size_t k = 0; k < ns; k++) {
		char src[DT_RESUME_MAX_CKPT * 16];
		step_credit(r, st[k], ns == 1, src, sizeof src);
		dt_buf_printf(buf, n, &used, "%s%lld%s", k ? credited ? ", " : "," :
		              "", (long long)st[k], src);
	}
	return buf;
}

const char *dt_resume_verdict_key(const dt_resume_run_result *r)
{
	return r->nv == 0 ? "no_restarts" : r->all_pass ? "pass" : "fail";
}

char *dt_resume_summary(const dt_resume_run_result *r, char *buf, size_t n)
{
	size_t used = 0, fails = 0;
	if (n == 0)
		return buf;
	buf[0] = '\0';
	if (r->nv == 0) {
		snprintf(buf, n, "no restarts");
		return buf;
	}
	for (size_t i = 0; i < r->nv; i++)
		fails += !r->v[i].pass;
	dt_buf_printf(buf, n, &used, "%zu restart%s, ", r->nv, r->nv == 1 ? "" : "s");
	/* the verdict words of verdict_text.h: upper case in text */
	if (fails == 0) {
		dt_buf_printf(buf, n, &used, "%s", dt_verdict_word(DT_VERDICT_PASS));
		return buf;
	}
	dt_buf_printf(buf, n, &used, "%zu %s (", fails,
	              dt_verdict_word(DT_VERDICT_FAIL));
	for (size_t i = 0, f = 0; i < r->nv; i++) {
		if (r->v[i].pass)
			continue;
		dt_buf_printf(buf, n, &used, "%sstep %lld: ", f++ ? "; " : "",
		    (long long)r->v[i].at_step);
		for (int c = 0, m = 0; c < DT_RESUME_NCHECKS; c++)
			if (r->v[i].check[c] == DT_CHECK_FAIL)
				dt_buf_printf(buf, n, &used, "%s%s", m++ ? "+" : "",
				    dt_resume_check_key(c));
	}
	dt_buf_printf(buf, n, &used, ")");
	return buf;
}

/* ", N LABEL (k1, k2)" of the checks of v whose state is `c` (the step
 * left out when skip_step); the count. */
static size_t tally_part(const dt_restart_verdict *v, dt_check c,
                         int skip_step, const char *one, const char *many,
                         char *buf, size_t n, size_t *used)
{
	size_t k = 0;
	for (int i = 0; i < DT_RESUME_NCHECKS; i++)
		k += v->check[i] == c && !(skip_step && i == DT_RC_STEP);
	if (k == 0)
		return 0;
	dt_buf_printf(buf, n, used, ", %zu %s (", k, k == 1 ? one : many);
	for (int i = 0, m = 0; i < DT_RESUME_NCHECKS; i++)
		if (v->check[i] == c && !(skip_step && i == DT_RC_STEP))
			dt_buf_printf(buf, n, used, "%s%s", m++ ? ", " : "",
			    dt_resume_check_key(i));
	dt_buf_printf(buf, n, used, ")");
	return k;
}

char *dt_restart_tally(const dt_restart_verdict *v, char *buf, size_t n)
{
	size_t used = 0, npass = 0;
	int unjudged = v->check[DT_RC_STEP] == DT_CHECK_NA && v->ckpt_step <= 0;
	if (n == 0)
		return buf;
	buf[0] = '\0';
	for (int i = 0; i < DT_RESUME_NCHECKS; i++)
		npass += v->check[i] == DT_CHECK_PASS;
	dt_buf_printf(buf, n, &used, "%zu of %d checks pass", npass,
	    DT_RESUME_NCHECKS);
	tally_part(v, DT_CHECK_FAIL, 0, "fails", "fail", buf, n, &used);
	if (unjudged)
		dt_buf_printf(buf, n, &used, ", 1 cannot be judged (%s: no "
		    "checkpoint step known; give it with --checkpoint, the "
		    "journal fact checkpoint.confirmed_step or a drill's "
		    "checkpoint step)", dt_resume_check_key(DT_RC_STEP));
	tally_part(v, DT_CHECK_NA, unjudged, "n/a", "n/a", buf, n, &used);
	return buf;
}
