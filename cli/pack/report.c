/* report.c: the report's sections, written through a dt_doc (HTML or
 * Markdown). Renders what dt_pack holds; every verdict word comes from
 * the assessment (dt_assessment), none is computed here. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/service/compare.h"
#include "cli/pack/pack.h"
#include "cli/version.h"
#include "model/core/drill.h"
#include "model/core/journal.h"
#include "model/core/verdict_text.h"
#include "model/service/run_settings.h"
#include "model/util/jsonw.h"

#define NCELL 10

/* A row of n cells given as const char * arguments. */
const char *dt_mark_text(int mark)
{
	switch (mark) {
	case DT_MARK_DIFF: return DT_MARK_DIFF_TEXT;
	case DT_MARK_FAIL: return DT_MARK_FAIL_TEXT;
	case DT_MARK_FORCED: return DT_MARK_FORCED_TEXT;
	default: return "";
	}
}

/* A failure's mark: DT_MARK_FAIL when failed, else none. */
static int fail_mark(int failed)
{
	return failed ? DT_MARK_FAIL : DT_MARK_NONE;
}

static void row(dt_doc *d, int mark, size_t n, ...)
{
	const char *c[NCELL];
	va_list ap;
	va_start(ap, n);
	for (size_t i = 0; i < n && i < NCELL; i++)
		c[i] = va_arg(ap, const char *);
	va_end(ap);
	d->ops->row(d, c, mark);
}

static void head(dt_doc *d, size_t n, ...)
{
	const char *c[NCELL];
	va_list ap;
	va_start(ap, n);
	for (size_t i = 0; i < n && i < NCELL; i++)
		c[i] = va_arg(ap, const char *);
	va_end(ap);
	d->ops->table_begin(d, n, c);
}

static const char *num(double v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%.4g", v);
	return buf;
}

static const char *i64(int64_t v, char *buf, size_t n)
{
	snprintf(buf, n, "%lld", (long long)v);
	return buf;
}

static void summary(dt_doc *d, const dt_pack *p)
{
	char t[1400];
	const dt_decision *last = dt_assessment_latest(&p->ov);
	snprintf(t, sizeof t, "Pilot %s, created by %s at %s. Exported at %s by "
	         "%s with %s. Verdicts are those of the pilot's assessment (the "
	         "same as dualtrack pilot show and the pilot overview).",
	         p->ov.pilot.name, p->ov.pilot.created_by, p->ov.pilot.created_at,
	         p->exported_at, p->exported_by, dt_cli_version_string());
	d->ops->para(d, NULL, t);
	if (last)
		snprintf(t, sizeof t, "Current decision: %s (#%lld at %s)%s%s.",
		         dt_decision_label(last), (long long)last->id,
		         last->decided_at, last->forced_past[0] ? ", recorded past "
		         "open checklist items: " : "", last->forced_past);
	else
		snprintf(t, sizeof t, "No decision recorded yet.");
	d->ops->para(d, NULL, t);
	char over[400];
	dt_checklist_overrides_text(&p->ov.checklist, over, sizeof over);
	snprintf(t, sizeof t, "Checklist: %zu pass, %zu fail, %zu pending, %zu "
	         "waived%s%s.", p->ov.counts[DT_CK_PASS], p->ov.counts[DT_CK_FAIL],
	         p->ov.counts[DT_CK_PENDING], p->ov.counts[DT_CK_WAIVED],
	         over[0] ? "; " : "", over);
	d->ops->para(d, NULL, t);
	d->ops->para(d, NULL, DT_MARK_LEGEND);
}

static void taskcard(dt_doc *d, const dt_pack *p)
{
	d->ops->heading(d, 2, "Task card");
	head(d, 4, "field", "value", "set by", "set at");
	for (int i = 0; i < DT_TC_COUNT; i++)
		row(d, 0, 4, dt_taskcard_defs[i].label,
		    p->ov.card.value[i][0] ? p->ov.card.value[i] : "-",
		    p->ov.card.set_by[i], p->ov.card.set_at[i]);
	d->ops->table_end(d);
}

/* Value of journal key `key` in run r, or NULL. */
static const char *fact(const dt_pack_run *r, const char *key)
{
	for (size_t i = 0; i < r->nfacts; i++)
		if (!strcmp(r->facts[i].key, key))
			return r->facts[i].value;
	return NULL;
}

/* Whether the baseline runs and the pilot runs hold different values
 * (cells[0..n) parallel to the runs; "-" = absent). */
static int differs(const dt_pack *p, const char *const *cells, size_t n)
{
	const char *b = NULL, *q = NULL;
	for (size_t i = 0; i < n; i++) {
		const char **side = p->ov.runs[i].role == DT_RUN_BASELINE ? &b : &q;
		if (!*side)
			*side = cells[i];
		else if (strcmp(*side, cells[i]))
			return 1;
	}
	return b && q && strcmp(b, q) != 0;
}

/* One "fact" row of the side-by-side table: label, one cell per run. */
static void side_row(dt_doc *d, const dt_pack *p, const char *label,
                     char cells[][540])
{
	size_t n = p->ov.nruns < NCELL - 1 ? p->ov.nruns : NCELL - 1;
	const char *c[NCELL];
	c[0] = label;
	for (size_t i = 0; i < n; i++)
		c[i + 1] = cells[i];
	d->ops->row(d, c, differs(p, c + 1, n) ? DT_MARK_DIFF : DT_MARK_NONE);
}

static void runs_side_by_side(dt_doc *d, const dt_pack *p)
{
	size_t n = p->ov.nruns < NCELL - 1 ? p->ov.nruns : NCELL - 1;
	const char *h[NCELL];
	char names[NCELL][DT_NAME_MAX + 12];
	char cells[NCELL][540];
	h[0] = "fact";
	for (size_t i = 0; i < n; i++) {
		snprintf(names[i], sizeof names[i], "%s: %s",
		         dt_run_role_name(p->ov.runs[i].role), p->ov.runs[i].run.name);
		h[i + 1] = names[i];
	}
	d->ops->heading(d, 3, "Baseline and pilot side by side "
	                "(rows that differ between the sides are marked)");
	d->ops->table_begin(d, n + 1, h);
	static const char *const settings[] = {"platform", "format",
		"gradient accumulation", "global batch", "logging steps",
		"segments (1 + restarts)", "replayed steps", "step source"};
	for (size_t k = 0; k < sizeof settings / sizeof *settings; k++) {
		for (size_t i = 0; i < n; i++) {
			const dt_run *r = &p->ov.runs[i].run;
			int64_t v[] = {0, 0, dt_run_grad_accum_shown(r,
			                   p->runs[i].facts, p->runs[i].nfacts),
			               r->global_batch,
			               r->logging_steps, r->segments,
			               r->replayed_steps, 0};
			if (k == 0)
				snprintf(cells[i], sizeof cells[i], "%s", r->platform);
			else if (k == 1)
				snprintf(cells[i], sizeof cells[i], "%s", r->format);
			else if (k == 7)
				snprintf(cells[i], sizeof cells[i], "%s", r->step_source);
			else if (k >= 2 && k <= 4 && v[k] == 0)
				/* 0: not in the log, not given (dualtrack(5)) */
				snprintf(cells[i], sizeof cells[i], "unknown");
			else
				snprintf(cells[i], sizeof cells[i], "%lld", (long long)v[k]);
		}
		side_row(d, p, settings[k], cells);
	}
	/* journal keys: the known ones in order, then any other key held */
	for (size_t k = 0; k < dt_journal_nkeys; k++) {
		int any = 0;
		for (size_t i = 0; i < n; i++) {
			const char *v = fact(&p->runs[i], dt_journal_keys[k].key);
			any |= v != NULL;
			snprintf(cells[i], sizeof cells[i], "%s", v ? v : "-");
		}
		if (any)
			side_row(d, p, dt_journal_keys[k].key, cells);
	}
	for (size_t i = 0; i < n; i++)
		for (size_t f = 0; f < p->runs[i].nfacts; f++) {
			const char *key = p->runs[i].facts[f].key;
			int seen = dt_journal_label(key) != NULL;
			for (size_t j = 0; j < i && !seen; j++)
				seen = fact(&p->runs[j], key) != NULL;
			if (seen)
				continue;
			for (size_t j = 0; j < n; j++) {
				const char *v = fact(&p->runs[j], key);
				snprintf(cells[j], sizeof cells[j], "%s", v ? v : "-");
			}
			side_row(d, p, key, cells);
		}
	d->ops->table_end(d);
}

static void runs(dt_doc *d, const dt_pack *p, const dt_pack_log *logs,
                 size_t nlogs)
{
	/* room for the longest note (dt_pack_log.note) after its prefix:
	 * the reason a log is not in the pack is never cut */
	char b1[32], b2[sizeof ((dt_pack_log *)0)->note + 32];
	d->ops->heading(d, 2, "Runs");
	runs_side_by_side(d, p);
	d->ops->heading(d, 3, "Imported files");
	head(d, 6, "run", "file as imported", "sha256", "bytes", "format",
	     "in this pack");
	for (size_t k = 0; k < nlogs; k++) {
		const dt_pack_log *l = &logs[k];
		const dt_run_file *f = &p->runs[l->run].files[l->file];
		if (l->included)
			snprintf(b2, sizeof b2, "%s", l->pack_path);
		else
			snprintf(b2, sizeof b2, "not included: %s", l->note);
		row(d, fail_mark(!l->included && !l->left_out), 6,
		    p->ov.runs[l->run].run.name, f->path, f->sha256,
		    i64(f->bytes, b1, sizeof b1), f->format, b2);
	}
	d->ops->table_end(d);
	/* what the importer warned about each run (dualtrack runs) */
	size_t nw = 0;
	for (size_t i = 0; i < p->ov.nruns; i++)
		nw += p->runs[i].nwarnings;
	d->ops->heading(d, 3, "Importer warnings");
	if (nw == 0) {
		d->ops->para(d, NULL, "No importer warning for any run.");
		return;
	}
	head(d, 2, "run", "warning");
	for (size_t i = 0; i < p->ov.nruns; i++)
		for (size_t k = 0; k < p->runs[i].nwarnings; k++)
			row(d, 0, 2, p->ov.runs[i].run.name, p->runs[i].warnings[k]);
	d->ops->table_end(d);
}

/* One chart per pilot run against the baseline, each under its pair's
 * parity verdict as the assessment gives it (dt_pack_chart.verdict). */
static void chart(dt_doc *d, const dt_pack *p, const char *const *svgs)
{
	char t[900], file[DT_NAME_MAX + 32];
	d->ops->heading(d, 2, "Loss comparison");
	if (p->ncharts == 0) {
		d->ops->para(d, "unknown", "No chart: the pilot needs a baseline "
		             "and a pilot run, both with a loss curve.");
		return;
	}
	for (size_t k = 0; k < p->ncharts; k++) {
		const dt_pack_chart *c = &p->charts[k];
		const char *bn = p->ov.runs[c->baseline_run].run.name;
		const char *pn = p->ov.runs[c->pilot_run].run.name;
		snprintf(t, sizeof t, "%s vs %s", pn, bn);
		d->ops->heading(d, 3, t);
		dt_pack_chart_file(p, k, file, sizeof file);
		snprintf(t, sizeof t, "Parity verdict of pilot run %s against "
		         "baseline %s (the pilot's assessment)%s%s.",
		         pn, bn, c->present && svgs && svgs[k] ? "; chart: " : "",
		         c->present && svgs && svgs[k] ? file : "");
		d->ops->para(d, c->verdict ? dt_verdict_name(c->verdict->verdict)
		             : "unknown", t);
		if (!c->present || !svgs || !svgs[k]) {
			d->ops->para(d, NULL, "No chart: both runs need a loss curve.");
			continue;
		}
		snprintf(t, sizeof t, "Loss by effective step: baseline %s (blue) "
		         "and pilot %s (orange); dashed lines: restarts; below: the "
		         "relative difference (pilot - baseline) / |baseline| with "
		         "the tolerance band (green); red dots: breaches; purple "
		         "triangles: NaN or infinite values.", bn, pn);
		d->ops->chart(d, svgs[k], file, t);
	}
}

static void parity(dt_doc *d, const dt_pack *p)
{
	char t[sizeof p->ov.verdicts[0].statement + 2 * DT_NAME_MAX + 800];
	char a[32], r[32], wu[80];
	dt_parity_opts po = dt_taskcard_parity(&p->ov.card);
	d->ops->heading(d, 2, "Parity verdict");
	dt_fmt_double(po.rtol, r);
	dt_fmt_double(po.atol, a);
	char rules[400];
	dt_rules_source_text(&po, p->ov.rule, &p->ov.card, p->ov.pilot.name,
	                     NULL, rules, sizeof rules);
	d->ops->para(d, NULL, rules);
	snprintf(t, sizeof t, "Rule: a compared step breaches when "
	         "|pilot - baseline| > %s + %s x |baseline| or a value is not "
	         "finite; %s; steps pair by "
	         "effective step (by samples when the global batches differ). "
	         "Pass when breaches <= min(max(N // 100, 1), 50) of N compared "
	         "steps (Megatron-LM functional tests); insufficient below 2.",
	         a, r, dt_parity_warmup_text(po.warmup, wu, sizeof wu));
	d->ops->para(d, NULL, t);
	if (p->ov.nverdicts == 0)
		d->ops->para(d, "unknown", "No verdict: the pilot has no baseline "
		             "and pilot run pair.");
	for (size_t i = 0; i < p->ov.nverdicts; i++) {
		const dt_run_verdict *v = &p->ov.verdicts[i];
		/* the statement every output gives: sentence and findings */
		snprintf(t, sizeof t, "%s vs %s: %s.", v->pilot, v->baseline,
		         v->statement);
		if (v->reason[0] && !strstr(v->statement, v->reason)) {
			size_t k = strlen(t);
			snprintf(t + k, sizeof t - k, " Insufficient because %s.",
			         v->reason);
		}
		d->ops->para(d, dt_verdict_name(v->verdict), t);
	}
}

static void resume(dt_doc *d, const dt_pack *p)
{
	char t[1400], sum[900], at[32];
	int any = 0;
	d->ops->heading(d, 2, "Resume verdicts");
	for (size_t i = 0; i < p->ov.nruns; i++) {
		const dt_resume_run_result *r = &p->ov.resume[i];
		if (p->ov.runs[i].role != DT_RUN_PILOT || r->nseg == 0)
			continue;
		any = 1;
		snprintf(t, sizeof t, "%s: %s.", p->ov.runs[i].run.name,
		         dt_resume_headline(r, sum, sizeof sum));
		d->ops->para(d, r->nv == 0 ? NULL : r->all_pass ? "pass" : "fail", t);
		if (r->nv == 0)
			continue;
		head(d, 4, "restart at step", "check", "result", "evidence");
		for (size_t k = 0; k < r->nv; k++) {
			const dt_restart_verdict *v = &r->v[k];
			i64(v->at_step, at, sizeof at);
			for (int c = 0; c < DT_RESUME_NCHECKS; c++)
				row(d, fail_mark(v->check[c] == DT_CHECK_FAIL), 4, at,
				    dt_resume_check_key(c), dt_check_name(v->check[c]),
				    v->detail[c]);
			row(d, fail_mark(!v->pass), 4, at, "restart", v->pass ? "pass" : "fail",
			    v->reason);
		}
		d->ops->table_end(d);
	}
	if (!any)
		d->ops->para(d, NULL, "No pilot run with a loss curve to check.");
}

static void drills(dt_doc *d, const dt_pack *p)
{
	char lim[64], rec[64], ck[300], checks[700], t[300], cs[24], rs[24];
	d->ops->heading(d, 2, "Drills");
	if (p->recovery_limit >= 0)
		snprintf(lim, sizeof lim, "%.0f s", p->recovery_limit);
	else
		snprintf(lim, sizeof lim, "not set");
	snprintf(t, sizeof t, "Acceptable recovery time (task card): %s.", lim);
	d->ops->para(d, NULL, t);
	if (p->ov.ndrills == 0) {
		d->ops->para(d, NULL, "No drill recorded.");
		return;
	}
	head(d, 7, "drill", "kind", "run", "checkpoint", "recovery",
	     "against the limit", "verification");
	for (size_t i = 0; i < p->ov.ndrills; i++) {
		const dt_drill *dr = &p->ov.drills[i];
		/* the assessment's one recovery judgement (dt_drill_recovery_check) */
		const dt_recovery_check *rc = &p->ov.recovery[i];
		int bad = rc->state == DT_REC_OVER;
		const char *against = rc->state == DT_REC_WITHIN ? "within the limit"
		                      : bad ? "over the limit"
		                      : rc->state == DT_REC_NO_LIMIT ? "no limit set"
		                      : "unknown";
		if (!isnan(rc->seconds))
			snprintf(rec, sizeof rec, "%.0f s", rc->seconds);
		else
			snprintf(rec, sizeof rec, "unknown");
		snprintf(ck, sizeof ck, "%s (step %s), resumed at step %s",
		         dr->checkpoint_id[0] ? dr->checkpoint_id : "-",
		         dt_drill_step_text(dr->checkpoint_step, cs, sizeof cs),
		         dt_drill_step_text(dr->resumed_step, rs, sizeof rs));
		checks[0] = '\0';
		for (int k = 0; k < DT_DC_COUNT; k++) {
			size_t l = strlen(checks);
			snprintf(checks + l, sizeof checks - l, "%s%s %s%s%s",
			         k ? "; " : "", dt_drill_item_name((dt_drill_item)k),
			         dt_dc_status_name(dr->checks[k].status),
			         dr->checks[k].note[0] ? ": " : "", dr->checks[k].note);
			bad |= dr->checks[k].status == DT_DC_FAIL;
		}
		snprintf(t, sizeof t, "#%lld", (long long)dr->id);
		row(d, fail_mark(bad), 7, t, dt_drill_kind_name(dr->kind), dr->run_before, ck,
		    rec, against, checks);
	}
	d->ops->table_end(d);
}

static void checklist(dt_doc *d, const dt_pack *p)
{
	char comp[DT_CHECK_DETAIL_MAX + 40], who[200], ev[2400], note[1100];
	d->ops->heading(d, 2, "Checklist");
	head(d, 7, "item", "title", "status", "computed from the data",
	     "set by", "note / reason", "evidence");
	for (int i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &p->ov.checklist.items[i];
		if (it->computed)
			snprintf(comp, sizeof comp, "%s: %s%s",
			         dt_check_status_name(it->computed_status),
			         it->computed_detail,
			         it->overridden ? " (overridden by a person)" : "");
		else
			snprintf(comp, sizeof comp, "-");
		if (it->has_entry)
			snprintf(who, sizeof who, "%s at %s", it->entry.set_by,
			         it->entry.set_at);
		else
			snprintf(who, sizeof who, "-");
		snprintf(note, sizeof note, "%s%s%s", it->entry.note,
		         it->entry.note[0] && it->entry.reason[0] ? "; reason: " :
		         it->entry.reason[0] ? "reason: " : "", it->entry.reason);
		ev[0] = '\0';
		for (size_t k = 0; k < it->nevidence; k++) {
			size_t l = strlen(ev);
			snprintf(ev + l, sizeof ev - l, "%s%s:%s%s%s (by %s)",
			         k ? "; " : "", it->evidence[k].kind, it->evidence[k].ref,
			         it->evidence[k].sha256[0] ? " sha256 " : "",
			         it->evidence[k].sha256, it->evidence[k].added_by);
		}
		row(d, fail_mark(it->status == DT_CK_FAIL), 7, dt_check_defs[i].id,
		    dt_check_defs[i].title, dt_check_status_name(it->status), comp,
		    who, note[0] ? note : "-", ev[0] ? ev : "-");
	}
	d->ops->table_end(d);
}

static void ledger(dt_doc *d, const dt_pack *p)
{
	char g[80], t[80], lab[120];
	const dt_ledger_view *v = &p->ledger;
	d->ops->heading(d, 2, "Time and cost ledger");
	if (!p->has_ledger) {
		d->ops->para(d, NULL, "No ledger recorded for this pilot.");
		return;
	}
	head(d, 3, "hours / input", "GPU", "Trainium2");
	for (int c = 0; c < DT_LC_COUNT; c++) {
		dt_ledger_input_text(&v->sides[0].time[c], 3600, g, sizeof g);
		dt_ledger_input_text(&v->sides[1].time[c], 3600, t, sizeof t);
		snprintf(lab, sizeof lab, "%s (h)", dt_ledger_cat_label(c));
		row(d, (v->sides[0].time[c].basis == DT_BASIS_NONE) !=
		    (v->sides[1].time[c].basis == DT_BASIS_NONE) ? DT_MARK_DIFF :
		    DT_MARK_NONE, 3, lab, g, t);
	}
	for (int i = 0; i < DT_LI_COUNT; i++) {
		dt_ledger_input_text(&v->sides[0].item[i], 1, g, sizeof g);
		dt_ledger_input_text(&v->sides[1].item[i], 1, t, sizeof t);
		snprintf(lab, sizeof lab, "%s (%s)", dt_ledger_item_key(i),
		         dt_ledger_item_unit(i));
		row(d, 0, 3, lab, g, t);
	}
	const dt_ledger_cost *cg = &v->report.cost[0], *ct = &v->report.cost[1];
	char a[32], b[32];
	row(d, 0, 3, "instance cost (USD)", num(cg->instance, a, 32),
	    num(ct->instance, b, 32));
	row(d, 0, 3, "storage cost (USD)", num(cg->storage, a, 32),
	    num(ct->storage, b, 32));
	row(d, 0, 3, "transfer cost (USD)", num(cg->transfer, a, 32),
	    num(ct->transfer, b, 32));
	row(d, 0, 3, "logs cost (USD)", num(cg->logs, a, 32), num(ct->logs, b, 32));
	row(d, 0, 3, "lifecycle total (USD)", num(cg->total, a, 32),
	    num(ct->total, b, 32));
	row(d, 0, 3, "cost per useful step (USD)", num(cg->per_useful_step, a, 32),
	    num(ct->per_useful_step, b, 32));
	row(d, 0, 3, "at equal steps (USD)", num(cg->at_equal_steps, a, 32),
	    num(ct->at_equal_steps, b, 32));
	row(d, fail_mark(cg->missing[0] || ct->missing[0]), 3, "missing inputs",
	    cg->missing[0] ? cg->missing : "-", ct->missing[0] ? ct->missing : "-");
	d->ops->table_end(d);
	for (size_t i = 0; i < v->report.nwarn; i++)
		d->ops->para(d, NULL, v->report.warn[i]);
}

static void decisions(dt_doc *d, const dt_pack *p)
{
	char t[1200], sup[32], dec[700];
	d->ops->heading(d, 2, "Decisions");
	if (p->chain.intact)
		snprintf(t, sizeof t, "Decision log of the store intact: %zu "
		         "record%s checked (evidence digests, record hashes, links).",
		         p->chain.records, p->chain.records == 1 ? "" : "s");
	else
		snprintf(t, sizeof t, "Decision log ALTERED: %s", p->chain.reason);
	d->ops->para(d, p->chain.intact ? "pass" : "fail", t);
	if (p->chain.head_id)
		snprintf(t, sizeof t, "Decision-log head at export: #%lld sha256 %s "
		         "(dualtrack verify --against this pack checks that a store "
		         "still holds it).", (long long)p->chain.head_id,
		         p->chain.head_hash);
	else
		snprintf(t, sizeof t, "Decision-log head at export: none (empty "
		         "log).");
	d->ops->para(d, NULL, t);
	if (p->ov.ndecisions == 0) {
		d->ops->para(d, NULL, "No decision recorded for this pilot.");
		return;
	}
	head(d, 8, "#", "decision", "decided at", "recorded by", "deciders",
	     "rationale", "forced past", "record sha256");
	for (size_t i = 0; i < p->ov.ndecisions; i++) {
		const dt_decision *x = &p->ov.decisions[i];
		dt_deciders_names(x, dec, sizeof dec);
		snprintf(sup, sizeof sup, "#%lld", (long long)x->id);
		row(d, x->forced_past[0] ? DT_MARK_FORCED : DT_MARK_NONE, 8, sup,
		    dt_decision_label(x), x->decided_at,
		    x->recorded_by, dec, x->rationale,
		    x->forced_past[0] ? x->forced_past : "-", x->hash);
	}
	d->ops->table_end(d);
	for (size_t i = 0; i < p->ov.ndecisions; i++) {
		const dt_decision *x = &p->ov.decisions[i];
		snprintf(t, sizeof t, "Evidence of decision #%lld (frozen when it "
		         "was recorded; sha256 %s)", (long long)x->id,
		         x->evidence_digest);
		d->ops->heading(d, 3, t);
		d->ops->pre(d, x->evidence_text ? x->evidence_text : "");
	}
}

void dt_pack_report(dt_doc *d, const dt_pack *p, const char *const *svgs,
                    const dt_pack_log *logs, size_t nlogs)
{
	char title[DT_NAME_MAX + 40];
	snprintf(title, sizeof title, "Evidence pack: %s", p->ov.pilot.name);
	d->ops->begin(d, title);
	summary(d, p);
	chart(d, p, svgs);
	parity(d, p);
	resume(d, p);
	taskcard(d, p);
	runs(d, p, logs, nlogs);
	drills(d, p);
	checklist(d, p);
	ledger(d, p);
	decisions(d, p);
	d->ops->end(d);
}
