/* gate.c: the CI gate over a pilot's assessment (gate.h). */
#include "model/service/pack/gate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/verdict_text.h"
#include "model/util/strbuf.h"

static dt_gate_reason *add(dt_gate *g, const char *check, int pass)
{
	dt_gate_reason *r = realloc(g->reasons, (g->nreasons + 1) * sizeof *r);
	if (!r)
		return NULL;
	g->reasons = r;
	r = &g->reasons[g->nreasons++];
	memset(r, 0, sizeof *r);
	snprintf(r->check, sizeof r->check, "%s", check);
	r->pass = pass;
	r->same_as = -1;
	if (!pass)
		g->pass = 0;
	return r;
}

/* One reason per parity verdict, in order; the first at index *first. */
static int parity(const dt_assessment *ov, dt_gate *g, size_t *first)
{
	dt_gate_reason *r;
	*first = g->nreasons;
	if (ov->nverdicts == 0) {
		if (!(r = add(g, "parity", 0)))
			return -1;
		snprintf(r->subject, sizeof r->subject, "no verdict");
		snprintf(r->detail, sizeof r->detail, "the pilot needs a baseline "
		         "run and a pilot run");
	}
	for (size_t i = 0; i < ov->nverdicts; i++) {
		const dt_run_verdict *v = &ov->verdicts[i];
		if (!(r = add(g, "parity", v->verdict == DT_VERDICT_PASS)))
			return -1;
		snprintf(r->subject, sizeof r->subject, "%.70s vs %.70s", v->pilot,
		         v->baseline);
		/* the verdict as every output states it: the sentence (an
		 * insufficient one with its reason) and its findings */
		snprintf(r->detail, sizeof r->detail, "%s", v->statement);
	}
	return 0;
}

/* Every restart of every pilot run, as the assessment's one resume
 * judgement gives it (dt_assessment_restarts: step 6 reads the same).
 * The first restart's reason is at index *first. */
static int resume(const dt_assessment *ov, dt_gate *g, size_t *first)
{
	*first = g->nreasons;
	for (size_t i = 0; i < ov->nrestarts; i++) {
		const dt_check_restart *v = &ov->restarts[i];
		dt_gate_reason *r = add(g, "resume", v->pass);
		if (!r)
			return -1;
		snprintf(r->subject, sizeof r->subject, "%.120s step %lld", v->run,
		         (long long)v->at_step);
		snprintf(r->detail, sizeof r->detail, "%s: %s",
		         dt_verdict_word(v->pass ? DT_VERDICT_PASS : DT_VERDICT_FAIL),
		         v->reason ? v->reason : "");
	}
	return 0;
}

/* Where the reasons of the parity verdicts and of the restarts start. */
typedef struct reason_at {
	size_t parity, resume;
} reason_at;

/* Step 6 failed by its computed rule on a parity verdict or a restart
 * the parity / resume reasons already list (dt_step6_parity, else
 * dt_step6_restart, as dt_rule_step6 names them): that reason's index,
 * else -1. */
static long step6_same_as(const dt_check_item *it, const dt_step6_in *in,
                          reason_at at)
{
	if (it->id != DT_ITEM_STEP6 || !it->computed || it->overridden ||
	    it->computed_status != DT_CK_FAIL)
		return -1;
	long pi = dt_step6_parity(in), ri = dt_step6_restart(in);
	return pi >= 0 ? (long)at.parity + pi : ri >= 0 ? (long)at.resume + ri :
	       -1;
}

/* Step 6's reason when the failure it names first is listed already
 * (same_as): that failure by reference, then the failing drills as step
 * 6 names them (dt_step6_drills_text): a failure is named once. */
static void step6_detail(const dt_step6_in *in, char *out, size_t n)
{
	size_t used = 0;
	char drills[DT_CHECK_DETAIL_MAX];
	if (dt_step6_parity(in) >= 0)
		dt_buf_printf(out, n, &used, "fail: parity fail: the failing parity "
		    "verdict listed under parity");
	else
		dt_buf_printf(out, n, &used, "fail: resume fail: the failing "
		    "restart listed under resume");
	if (dt_step6_drills_text(in, drills, sizeof drills))
		dt_buf_printf(out, n, &used, "; %s", drills);
}

static int checklist(const dt_assessment *ov, dt_gate *g, reason_at at)
{
	size_t failed = 0;
	dt_step6_in in = {.verdicts = ov->verdicts, .nverdicts = ov->nverdicts,
	                  .restarts = ov->restarts, .nrestarts = ov->nrestarts,
	                  .drills = ov->drills, .ndrills = ov->ndrills,
	                  .card = &ov->card};
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &ov->checklist.items[i];
		if (it->status != DT_CK_FAIL)
			continue;
		dt_gate_reason *r = add(g, "checklist", 0);
		if (!r)
			return -1;
		failed++;
		snprintf(r->subject, sizeof r->subject, "%s", dt_check_defs[i].id);
		/* a failing parity verdict or restart is named once, by its
		 * own reason */
		if ((r->same_as = step6_same_as(it, &in, at)) >= 0) {
			step6_detail(&in, r->detail, sizeof r->detail);
			continue;
		}
		snprintf(r->detail, sizeof r->detail, "fail: %s",
		         it->computed && !it->overridden ? it->computed_detail :
		         it->entry.reason[0] ? it->entry.reason :
		         dt_check_defs[i].title);
	}
	if (failed == 0) {
		dt_gate_reason *r = add(g, "checklist", 1);
		if (!r)
			return -1;
		snprintf(r->subject, sizeof r->subject, "%d items", DT_ITEM_COUNT);
		snprintf(r->detail, sizeof r->detail, "no item failed (%zu pass, "
		         "%zu pending, %zu waived%s%s)", ov->counts[DT_CK_PASS],
		         ov->counts[DT_CK_PENDING], ov->counts[DT_CK_WAIVED],
		         g->overrides_text[0] ? "; " : "", g->overrides_text);
	}
	return 0;
}

/* Every item a person overrode, with who, when, why and what the data
 * gave (before the checklist reasons, which name them). */
static void overrides(const dt_assessment *ov, dt_gate *g)
{
	dt_checklist_overrides_text(&ov->checklist, g->overrides_text,
	                            sizeof g->overrides_text);
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &ov->checklist.items[i];
		if (!it->overridden)
			continue;
		dt_gate_override *o = &g->overrides[g->noverrides++];
		o->item = (dt_check_id)i;
		o->status = it->status;
		o->computed_status = it->computed_status;
		snprintf(o->computed_detail, sizeof o->computed_detail, "%s",
		         it->computed_detail);
		snprintf(o->set_by, sizeof o->set_by, "%s", it->entry.set_by);
		snprintf(o->set_at, sizeof o->set_at, "%s", it->entry.set_at);
		snprintf(o->reason, sizeof o->reason, "%s", it->entry.reason);
		dt_check_override_text(it, o->text, sizeof o->text);
	}
}

/* Verdicts computed from records that are not genuine (a record altered,
 * or a stored series whose values differ from their sealed digest:
 * integrity.h) pass nothing. */
static int integrity(const dt_assessment *ov, dt_gate *g)
{
	if (ov->integrity.state != DT_INTEGRITY_ALTERED)
		return 0;
	dt_gate_reason *r = add(g, "integrity", 0);
	if (!r)
		return -1;
	snprintf(r->subject, sizeof r->subject, "store");
	char what[400];
	snprintf(r->detail, sizeof r->detail, "ALTERED: %s (dualtrack verify "
	         "lists all)", dt_integrity_text(&ov->integrity, what,
	         sizeof what));
	return 0;
}

int dt_gate_judge(const dt_assessment *ov, dt_gate *out)
{
	reason_at at = {0, 0};
	memset(out, 0, sizeof *out);
	out->pass = 1;
	overrides(ov, out);
	if (integrity(ov, out) < 0 || parity(ov, out, &at.parity) < 0 ||
	    resume(ov, out, &at.resume) < 0 || checklist(ov, out, at) < 0) {
		dt_gate_free(out);
		return -1;
	}
	return 0;
}

void dt_gate_free(dt_gate *g)
{
	if (!g)
		return;
	free(g->reasons);
	memset(g, 0, sizeof *g);
}
