/* dt_evidence.c: the canonical evidence text a decision's digest covers,
 * and recording a decision (dt_assessment.h). */
#include "model/service/assessment.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/jsonw.h"
#include "model/util/strbuf.h"

static void evidence_runs(dt_store *st, const dt_assessment *ov, dt_strbuf *b)
{
	for (size_t i = 0; i < ov->nruns; i++) {
		const dt_pilot_run *r = &ov->runs[i];
		dt_run_file *f = NULL;
		size_t nf = 0;
		dt_sb_printf(b, "run %s %s files", dt_run_role_name(r->role),
		             r->run.name);
		if (dt_store_file_list(st, r->run.id, &f, &nf) == 0)
			for (size_t k = 0; k < nf; k++)
				dt_sb_printf(b, " %s", f[k].sha256);
		else
			dt_sb_printf(b, " (unreadable)");
		dt_sb_put(b, "\n", 1);
		free(f);
	}
	for (size_t i = 0; i < ov->nverdicts; i++) {
		const dt_run_verdict *v = &ov->verdicts[i];
		char mx[32] = "-";
		if (!isnan(v->max_abs_rel_diff))
			dt_fmt_double(v->max_abs_rel_diff, mx);
		dt_sb_printf(b, "verdict %s vs %s %s compared %zu breaches %zu "
		             "allowed %zu max_abs_rel_diff %s\n", v->pilot,
		             v->baseline, dt_verdict_name(v->verdict), v->compared,
		             v->breaches, v->allowed, mx);
	}
}

static void evidence_checks(const dt_assessment *ov, dt_strbuf *b)
{
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &ov->checklist.items[i];
		dt_sb_printf(b, "check %s %s", dt_check_defs[i].id,
		             dt_check_status_name(it->status));
		if (it->computed)
			dt_sb_printf(b, " computed %s%s",
			             dt_check_status_name(it->computed_status),
			             it->overridden ? " overridden" : "");
		if (it->has_entry)
			dt_sb_printf(b, " by %s at %s", it->entry.set_by,
			             it->entry.set_at);
		for (size_t k = 0; k < it->nevidence; k++)
			dt_sb_printf(b, " evidence %s:%s%s%s", it->evidence[k].kind,
			             it->evidence[k].ref,
			             it->evidence[k].sha256[0] ? "@" : "",
			             it->evidence[k].sha256);
		dt_sb_put(b, "\n", 1);
	}
}

static void evidence_drills(const dt_assessment *ov, dt_strbuf *b)
{
	for (size_t i = 0; i < ov->ndrills; i++) {
		const dt_drill *d = &ov->drills[i];
		double rec;
		dt_sb_printf(b, "drill %lld %s before %s after %s checkpoint %s "
		             "step %lld checksum %s resumed %lld",
		             (long long)d->id, dt_drill_kind_name(d->kind),
		             d->run_before, d->run_after[0] ? d->run_after : "-",
		             d->checkpoint_id, (long long)d->checkpoint_step,
		             d->checkpoint_checksum, (long long)d->resumed_step);
		if (dt_drill_recovery(d, &rec) == 0)
			dt_sb_printf(b, " recovery %.0f", rec);
		for (int k = 0; k < DT_DC_COUNT; k++)
			dt_sb_printf(b, " %s=%s", dt_drill_item_name((dt_drill_item)k),
			             dt_dc_status_name(d->checks[k].status));
		dt_sb_put(b, "\n", 1);
	}
}

char *dt_evidence_text(dt_store *st, const dt_assessment *ov)
{
	dt_strbuf b = {0};
	dt_sb_printf(&b, "dualtrack evidence v1\npilot %s\n", ov->pilot.name);
	for (int i = 0; i < DT_TC_COUNT; i++)
		if (ov->card.value[i][0])
			dt_sb_printf(&b, "taskcard %s %s\n", dt_taskcard_defs[i].key,
			             ov->card.value[i]);
	evidence_runs(st, ov, &b);
	evidence_checks(ov, &b);
	evidence_drills(ov, &b);
	return dt_sb_take(&b);
}

int dt_decide_checked(dt_store *st, const char *name, dt_decision_kind kind,
                      const char *rationale, const dt_decider *deciders,
                      size_t nd, const char *by, int force, dt_decision *out,
                      char *err, size_t errlen)
{
	dt_assessment ov;
	memset(out, 0, sizeof *out);
	if (dt_decision_validate(rationale, deciders, nd, err, errlen) < 0)
		return -1;
	/* One write transaction from the blocking check to the append: no
	 * other writer can change an item in between (issue 8 item 5). */
	if (dt_store_begin(st) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	int rc = dt_assessment_load(st, name, &ov, err, errlen);
	if (rc != 0) {
		dt_store_rollback(st);
		return rc;
	}
	out->pilot_id = ov.pilot.id;
	snprintf(out->pilot_name, sizeof out->pilot_name, "%s", ov.pilot.name);
	out->kind = kind;
	snprintf(out->rationale, sizeof out->rationale, "%s", rationale);
	memcpy(out->deciders, deciders, nd * sizeof *deciders);
	out->ndeciders = nd;
	snprintf(out->recorded_by, sizeof out->recorded_by, "%s", by);
	if (kind == DT_DECIDE_GO)  /* a go past open items was forced */
		dt_checklist_open_text(&ov.checklist, out->forced_past,
		                       sizeof out->forced_past);
	if (kind == DT_DECIDE_GO && !force && out->forced_past[0]) {
		snprintf(err, errlen, "%s", out->forced_past);
		dt_assessment_free(&ov);
		dt_store_rollback(st);
		return 2;
	}
	out->evidence_text = dt_evidence_text(st, &ov);
	dt_assessment_free(&ov);
	if (!out->evidence_text) {
		snprintf(err, errlen, "out of memory");
		dt_store_rollback(st);
		return -1;
	}
	if (dt_store_decision_append(st, out) < 0 || dt_store_commit(st) < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		dt_store_rollback(st);
		free(out->evidence_text);
		out->evidence_text = NULL;
		return -1;
	}
	return 0;
}

int dt_decide(dt_store *st, const char *name, dt_decision_kind kind,
              const char *rationale, const dt_decider *deciders, size_t nd,
              const char *by, dt_decision *out, char *err, size_t errlen)
{
	return dt_decide_checked(st, name, kind, rationale, deciders, nd, by, 1,
	                         out, err, errlen);
}
