/* screen_overview.c: a pilot at a glance: task card summary, runs by
 * role, parity verdicts, checklist progress and what blocks a go, drills,
 * run journal state (trial check 5) and the latest decision. Sections
 * [1]..[5] open the task card, checklist, drill log, run journal and
 * decision log. Keys arrive as actions of the overview's keymap
 * (tui/action.h); the file ends with its screen ops. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/service/pack/pack_data.h"
#include "model/util/text.h"
#include "tui/pilots_internal.h"
#include "tui/screen.h"
#include "tui/tui.h"

#define LABEL_W 16

/* The overview's own state: the selected section. */
typedef struct overview_state {
	dt_pv pv;
	size_t sel;                 /* section 0..4 ([1]..[5]) */
	size_t cmp_run;             /* the pilot run c compares (0: the
	                             * first attached; [ ] move it) */
	int label_y[5];             /* row of each section's label, as last drawn */
} overview_state;

/* Section label at row y; selected when it is section `idx`. */
static void label(overview_state *p, dt_grid *g, int y, int idx, const char *text)
{
	int sel = idx >= 0 && (size_t)idx == p->sel;
	char key[16] = "   ";
	if (idx >= 0 && idx < 5)
		p->label_y[idx] = y;
	if (idx >= 0)
		snprintf(key, sizeof key, "[%d]", idx + 1);
	dt_layout_printf(g, 0, y, LABEL_W - 1, sel ? DT_ROLE_SELECT : DT_ROLE_LABEL,
	               "%s %-11s", key, text);
}

static const char *tcv(const overview_state *p, dt_tc_field f)
{
	return p->pv.c->ov.card.value[f][0] ? p->pv.c->ov.card.value[f] : "-";
}

/* Field f as `set` (a format with one %s: the value) when the card
 * holds it, else `unset` (its name and "-"), into buf: a sparse card
 * reads "model -  training type -", never a row of bare dashes. */
static const char *tcs(const overview_state *p, dt_tc_field f, const char *set,
                       const char *unset, char *buf, size_t n)
{
	const char *v = p->pv.c->ov.card.value[f];
	if (!v[0])
		return unset;
	snprintf(buf, n, set, v);
	return buf;
}

static int card(overview_state *p, dt_grid *g, int y, int w)
{
	char m[DT_TC_VALUE_MAX + 32], t[sizeof m], par[sizeof m], tgt[sizeof m],
	     rec[sizeof m];
	label(p, g, y, 0, "task card");
	dt_layout_printf(g, LABEL_W, y, w, DT_ROLE_NORMAL, "%s  %s  seq %s  %s",
	               tcs(p, DT_TC_MODEL, "%s", "model -", m, sizeof m),
	               tcs(p, DT_TC_TRAINING_TYPE, "%s", "training type -", t,
	                   sizeof t),
	               tcv(p, DT_TC_SEQ_LEN),
	               tcs(p, DT_TC_PARALLELISM, "%s", "parallelism -", par,
	                   sizeof par));
	dt_layout_printf(g, LABEL_W, y + 1, w, DT_ROLE_NORMAL,
	               "micro-batch %s x accum %s, global batch %s; %s",
	               tcv(p, DT_TC_MICRO_BATCH), tcv(p, DT_TC_GRAD_ACCUM),
	               tcv(p, DT_TC_GLOBAL_BATCH),
	               tcs(p, DT_TC_TARGET_STEPS, "target %s steps", "target -",
	                   tgt, sizeof tgt));
	/* the tolerances the verdict uses, defaults marked (the service's) */
	char tol[160];
	dt_rules_brief_text(&p->pv.c->ov.rules, &p->pv.c->ov.card, tol,
	                    sizeof tol);
	dt_layout_printf(g, LABEL_W, y + 2, w, DT_ROLE_NORMAL,
	               "%s; %s; ckpt every %s", tol,
	               tcs(p, DT_TC_RECOVERY, "recovery <= %s s", "recovery -",
	                   rec, sizeof rec),
	               tcv(p, DT_TC_CKPT_PERIOD));
	return 3;
}

static size_t npilot_runs(const overview_state *p)
{
	size_t i, n = 0;
	for (i = 0; i < p->pv.c->ov.nruns; i++)
		n += p->pv.c->ov.runs[i].role == DT_RUN_PILOT;
	return n;
}

/* Index in ov.runs of the pilot run c compares (the cmp_run-th pilot
 * run, clamped), or nruns when none is attached. */
static size_t cmp_run_index(const overview_state *p)
{
	size_t i, k = 0, n = npilot_runs(p),
	       want = p->cmp_run < n ? p->cmp_run : n ? n - 1 : 0;
	for (i = 0; i < p->pv.c->ov.nruns; i++)
		if (p->pv.c->ov.runs[i].role == DT_RUN_PILOT && k++ == want)
			return i;
	return p->pv.c->ov.nruns;
}

/* The runs by role; with several pilot runs, the one c compares is
 * marked ">" (and always shown: it takes the last row when it is not
 * among the first). */
static int runs(overview_state *p, dt_grid *g, int y, int w)
{
	int rows = 0, several = npilot_runs(p) > 1;
	size_t i, mark = cmp_run_index(p);
	label(p, g, y, -1, "runs");
	if (p->pv.c->ov.nruns == 0)
		dt_layout_text(g, LABEL_W, y, w, "none attached: dualtrack attach "
		             "PILOT RUN --role baseline|pilot", DT_ROLE_WARN);
	for (i = 0; i < p->pv.c->ov.nruns && rows < 3; i++, rows++) {
		const dt_pilot_run *r = &p->pv.c->ov.runs[i];
		if (rows == 2 && p->pv.c->ov.nruns > 3) {
			if (mark >= 2 && mark < p->pv.c->ov.nruns) /* the marked run */
				r = &p->pv.c->ov.runs[i = mark];
			else {
				dt_layout_printf(g, LABEL_W, y + rows, w, DT_ROLE_STATUS,
				                 "... and %zu more", p->pv.c->ov.nruns - 2);
				break;
			}
		}
		dt_layout_printf(g, LABEL_W, y + rows, w,
		               r->role == DT_RUN_PILOT ? DT_ROLE_PILOT
		                                       : DT_ROLE_BASELINE,
		               "%-8s %s%s (%s)", dt_run_role_name(r->role),
		               several && r->role == DT_RUN_PILOT ?
		               (i == mark ? "> " : "  ") : "", r->run.name,
		               r->run.platform);
		if (i == mark && rows == 2 && p->pv.c->ov.nruns > 3) {
			rows++;
			break;
		}
	}
	return rows ? rows + (rows == 2 && p->pv.c->ov.nruns > 3) : 1;
}

/* The verdict of each pair as the assessment states it (the same
 * sentence as the comparison screen: dt_run_verdict.sentence); the
 * pilot run's name first when there are several. A verdict is signing
 * evidence: each sentence is wrapped whole, on as many rows as it needs
 * (the decision below gets the rows left). */
static int parity(overview_state *p, dt_grid *g, int y, int w)
{
	size_t i;
	int rows = 0;
	label(p, g, y, -1, "parity");
	if (p->pv.c->ov.nverdicts == 0)
		dt_layout_text(g, LABEL_W, y, w, "no verdict (needs a baseline and a "
		             "pilot run)", DT_ROLE_STATUS);
	for (i = 0; i < p->pv.c->ov.nverdicts; i++) {
		const dt_run_verdict *v = &p->pv.c->ov.verdicts[i];
		char line[1200];
		snprintf(line, sizeof line, "%.200s%s%s",
		         p->pv.c->ov.nverdicts > 1 ? v->pilot : "",
		         p->pv.c->ov.nverdicts > 1 ? ": " : "", v->sentence);
		rows += dt_grid_wrap(g, LABEL_W, y + rows, w,
		                     dt_text_wrap_rows(line, w, g->ascii), line,
		                     v->verdict == DT_VERDICT_PASS ? DT_ROLE_PASS
		                     : v->verdict == DT_VERDICT_FAIL ? DT_ROLE_FAIL
		                     : DT_ROLE_WARN);
	}
	return rows ? rows : 1;
}

/* Per pilot run with restarts (the first 2 such runs): "NAME: " then
 * dt_resume_summary and the checkpoint it used, as pilot show and
 * report.md say it ("resume NAME: 1 restart, PASS; checkpoint ..."),
 * wrapped on the rows it needs (the rows below the sections are cut
 * with a mark when the screen runs out). Returns the rows used (0 when
 * no run has a restart). */
static int resume(overview_state *p, dt_grid *g, int y, int w)
{
	size_t i, runs = 0;
	int rows = 0;
	for (i = 0; i < p->pv.c->ov.nruns && runs < 2; i++) {
		const dt_resume_run_result *r = &p->pv.c->ov.resume[i];
		char sum[400], ck[200], name[DT_NAME_MAX * 2];
		char line[sizeof name + sizeof sum + sizeof ck + 8];
		size_t fails = 0;
		int sw, nw, top;
		if (r->nv == 0)
			continue;
		for (size_t k = 0; k < r->nv; k++)
			fails += !r->v[k].pass;
		label(p, g, y + rows, -1, runs++ ? "" : "resume");
		dt_resume_summary(r, sum, sizeof sum);
		dt_sanitize(p->pv.c->ov.runs[i].run.name, name, sizeof name);
		snprintf(line, sizeof line, "%s: %s; %s", name, sum,
		         dt_resume_ckpt_text(r, ck, sizeof ck));
		top = y + rows;
		rows += dt_grid_wrap(g, LABEL_W, top, w,
		                     dt_text_wrap_rows(line, w, g->ascii), line,
		                     DT_ROLE_NORMAL);
		/* the verdict in its colour: "NAME: SUM;" on the first row
		 * whenever it fits there (the row breaks after it) */
		nw = dt_text_width(name, g->ascii) + 2;
		sw = dt_text_width(sum, g->ascii);
		if (nw + sw + 1 <= w)
			dt_grid_text(g, LABEL_W + nw, top, sw, sum,
			             fails ? DT_ROLE_FAIL : DT_ROLE_PASS);
	}
	return rows;
}

static int checklist(overview_state *p, dt_grid *g, int y, int w)
{
	const size_t *c = p->pv.c->ov.counts;
	char items[1024], over[400];
	int top = 1;
	label(p, g, y, 1, "checklist");
	dt_layout_printf(g, LABEL_W, y, w, DT_ROLE_NORMAL,
	               "%zu pass  %zu fail  %zu pending  %zu waived  (of %d)",
	               c[DT_CK_PASS], c[DT_CK_FAIL], c[DT_CK_PENDING],
	               c[DT_CK_WAIVED], DT_ITEM_COUNT);
	/* an override counts, and shows (the gate's and the pack's phrase) */
	if (dt_checklist_overrides_text(&p->pv.c->ov.checklist, over,
	                                sizeof over) > 0) {
		top += dt_grid_wrap(g, LABEL_W, y + 1, w,
		                    dt_text_wrap_rows(over, w, g->ascii), over,
		                    DT_ROLE_WARN);
		y += top - 1;
	}
	if (dt_checklist_open_text(&p->pv.c->ov.checklist, items,
	                           sizeof items) == 0) {
		dt_layout_text(g, LABEL_W, y + 1, w, "nothing blocks a go",
		             DT_ROLE_PASS);
		return top + 1;
	}
	/* what blocks a go is signing evidence: every item shows (wrapped) */
	return top + dt_layout_items(g, LABEL_W, y + 1, w,
	                             dt_layout_items_rows(g, w, "blocking go:",
	                                                  items),
	                             "blocking go:", items, "", DT_ROLE_WARN);
}

/* Whether drill i needs attention: a failed item or a recovery over
 * the card's limit (the assessment's judgement). */
static int drill_bad(const overview_state *p, size_t i)
{
	const dt_drill *d = &p->pv.c->ov.drills[i];
	for (size_t k = 0; k < DT_DC_COUNT; k++)
		if (d->checks[k].status == DT_DC_FAIL)
			return 1;
	return p->pv.c->ov.recovery[i].state == DT_REC_OVER;
}

static void drill_row(overview_state *p, dt_grid *g, int y, int w, size_t i)
{
	const dt_drill *d = &p->pv.c->ov.drills[i];
	const dt_recovery_check *rc = &p->pv.c->ov.recovery[i];
	size_t k, pass = 0, fail = 0;
	char rec[96];
	for (k = 0; k < DT_DC_COUNT; k++) {
		pass += d->checks[k].status == DT_DC_PASS;
		fail += d->checks[k].status == DT_DC_FAIL;
	}
	dt_recovery_text(rc, rec, sizeof rec);
	dt_layout_printf(g, LABEL_W, y, w,
	               fail || rc->state == DT_REC_OVER ? DT_ROLE_FAIL
	               : DT_ROLE_NORMAL,
	               "#%lld %s: items %zu pass %zu fail; recovery %s",
	               (long long)d->id, dt_drill_kind_name(d->kind), pass,
	               fail, rec);
}

/* Every drill when `room` rows allow (one each), else as many as fit
 * (none when room is 0), those that fail (an item or the recovery limit)
 * first (else oldest first, the heading says which), so a failing drill is never the one left out; the heading then
 * says "+N more" and how many fail (no row of its own: the decision
 * below keeps its rows). */
static int drills(overview_state *p, dt_grid *g, int y, int w, int room)
{
	size_t i, shown = 0, bad = 0, n = p->pv.c->ov.ndrills, max = n;
	int rows = 1;
	char more[48];
	label(p, g, y, 2, "drills");
	for (i = 0; i < n; i++)
		bad += drill_bad(p, i);
	if (max > (size_t)(room > 0 ? room : 0))
		max = (size_t)(room > 0 ? room : 0);
	dt_layout_more(max, n, more, sizeof more);
	dt_layout_printf(g, LABEL_W, y, w, bad ? DT_ROLE_FAIL : DT_ROLE_NORMAL,
	               "%zu recorded%s%.0zu%s%s%s%s", n, bad ? ", " : "", bad,
	               bad ? " failing" : "",
	               /* without a failing drill the order is the store's:
	                * creation, oldest first */
	               !more[0] ? "" : !max ? " (all in [3])" : bad ?
	               " (failing first; " : " (oldest first; ",
	               max ? more : "", more[0] && max ? " in [3])" : "");
	for (int pass = 1; pass >= 0; pass--)
		for (i = 0; i < n && shown < max; i++)
			if (drill_bad(p, i) == pass) {
				drill_row(p, g, y + rows++, w, i);
				shown++;
			}
	return rows;
}

/* Rows what a forced go was forced past takes whole (0: not forced). */
static int forced_rows(const dt_grid *g, int w, const dt_decision *d)
{
	return d->forced_past[0] ? dt_layout_items_rows(g, w, "forced past:",
	                                                d->forced_past) : 0;
}

/* Rows the latest decision wants (as decision() draws it): with its
 * rationale on up to 4 rows (`least` 0), or on one row, ellipsised
 * (`least` 1: the least it is shown with; the heading, what a forced go
 * was forced past and every decider are never left out). */
static int decision_rows(const overview_state *p, const dt_grid *g, int w,
                         int least)
{
	const dt_decision *d = dt_assessment_latest(&p->pv.c->ov);
	char who[DT_PV_DECIDERS_LEN];
	int nrat, most = least ? 1 : 4;
	if (!d)
		return 1;
	dt_pv_deciders(d, who, sizeof who);
	nrat = dt_text_wrap_rows(d->rationale, w, g->ascii);
	return 1 + forced_rows(g, w, d) + dt_text_wrap_rows(who, w, g->ascii)
	       + (nrat > most ? most : nrat);
}

static int journal(overview_state *p, dt_grid *g, int y, int w)
{
	const dt_check_item *t5 = &p->pv.c->ov.checklist.items[DT_ITEM_TRIAL5];
	const char *t = t5->computed_detail[0] ? t5->computed_detail
	                : "no pilot run";
	label(p, g, y, 3, "journal");
	return dt_grid_wrap(g, LABEL_W, y, w, dt_text_wrap_rows(t, w, g->ascii),
	                    t, dt_pv_check_role(t5->computed_status));
}

static int decision(overview_state *p, dt_grid *g, int y, int w, int avail)
{
	const dt_decision *d = dt_assessment_latest(&p->pv.c->ov);
	char when[17], who[600];
	int rows, nwho, nrat;
	label(p, g, y, 4, "decisions");
	if (!d) {
		dt_layout_text(g, LABEL_W, y, w, "none yet: d records one",
		             DT_ROLE_STATUS);
		return 1;
	}
	char lb[64];
	dt_pv_when(d->decided_at, when);
	dt_assessment_decision_label(&p->pv.c->ov, p->pv.c->ov.ndecisions - 1,
	                             lb, sizeof lb);
	dt_layout_printf(g, LABEL_W, y, w, d->forced_past[0] ||
	               p->pv.c->ov.decision_altered[p->pv.c->ov.ndecisions - 1]
	               ? DT_ROLE_FAIL
	               : d->kind == DT_DECIDE_GO ? DT_ROLE_PASS
	               : d->kind == DT_DECIDE_ROLL_BACK ? DT_ROLE_FAIL
	               : DT_ROLE_PILOT, "latest #%lld %s at %s by %s (%zu in log)", (long long)d->id,
	               lb, when, d->recorded_by, p->pv.c->ov.ndecisions);
	rows = 1;
	/* what was forced past wraps as the blocking list does, on every row
	 * it needs while a row stays for the rationale or deciders; cut, it
	 * ends with the cut mark and says where the rest shows */
	if (d->forced_past[0] && avail > 1) {
		int nf = forced_rows(g, w, d);
		if (nf > avail - rows - 1)
			nf = avail - rows - 1 > 1 ? avail - rows - 1 : 1;
		rows += dt_layout_items(g, LABEL_W, y + 1, w, nf, "forced past:",
		                        d->forced_past, "[5] shows all",
		                        DT_ROLE_FAIL);
	}
	/* every decider shows (wrapped): they signed; the rationale gets the
	 * rows left, all of them when it needs them (the drills above leave
	 * it 4), ellipsised when they run out (whole in the decision log) */
	dt_pv_deciders(d, who, sizeof who);
	nwho = dt_text_wrap_rows(who, w, g->ascii);
	if (nwho > avail - rows - 1)
		nwho = avail - rows - 1;
	nrat = avail - rows - nwho;
	if (nrat > dt_text_wrap_rows(d->rationale, w, g->ascii))
		nrat = dt_text_wrap_rows(d->rationale, w, g->ascii);
	if (nrat > 0)
		rows += dt_grid_wrap(g, LABEL_W, y + rows, w, nrat, d->rationale,
		                     DT_ROLE_NORMAL);
	if (nwho > 0)
		rows += dt_grid_wrap(g, LABEL_W, y + rows, w, nwho, who,
		                     DT_ROLE_STATUS);
	return rows;
}

/* Rows the journal line takes (as journal() draws it: whole). */
static int journal_rows(const overview_state *p, const dt_grid *g, int w)
{
	const dt_check_item *t5 = &p->pv.c->ov.checklist.items[DT_ITEM_TRIAL5];
	int n = dt_text_wrap_rows(t5->computed_detail[0] ? t5->computed_detail
	                          : "no pilot run", w, g->ascii);
	return n < 1 ? 1 : n;
}

/* Everything above the decision, from row y of g (a scratch grid taller
 * than the screen: rows past `h` are measured, not shown); `h` is the
 * body's height. The drills get the rows the decision leaves: beyond its
 * whole rationale when there are 2 or more, else up to 2 beyond its
 * least (decision_rows), else none (the heading says "+N more").
 * Returns the rows used. */
static int above(overview_state *p, dt_grid *g, int y0, int h, int w)
{
	int y = y0, avail, room;
	dt_layout_printf(g, 0, y++, g->w, DT_ROLE_STATUS,
	               "created by %s at %s; you act as %s",
	               p->pv.c->ov.pilot.created_by, p->pv.c->ov.pilot.created_at, p->pv.c->actor);
	if (p->pv.c->ov.integrity.state == DT_INTEGRITY_ALTERED) {
		char t[500];
		dt_integrity_line(&p->pv.c->ov.integrity, t, sizeof t);
		y += dt_grid_wrap(g, 0, y, g->w, 2, t, DT_ROLE_FAIL);
	}
	y += card(p, g, y, w);
	y += runs(p, g, y, w);
	y += parity(p, g, y, w);
	y += resume(p, g, y, w);
	y += checklist(p, g, y, w);
	/* the drill rows: what the drills' heading, the journal and the
	 * decision leave */
	avail = h - (y - y0) - 1 - journal_rows(p, g, w);
	room = avail - decision_rows(p, g, w, 0);
	if (room < 2) {
		room = avail - decision_rows(p, g, w, 1);
		room = room > 2 ? 2 : room < 0 ? 0 : room;
	}
	y += drills(p, g, y, w, room);
	y += journal(p, g, y, w);
	return y - y0;
}

/* The sections, then the latest decision, which always shows (its
 * heading, what a forced go was forced past, every decider and at least
 * a row of its rationale: what is signed). When the sections above need
 * more rows than it leaves, they are cut with a mark row saying how many
 * rows are not shown (the sections open whole with [1]..[4]). */
static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	overview_state *p = (overview_state *)v;
	int w = g->w - LABEL_W - 1, least = decision_rows(p, g, w, 1), rows;
	dt_grid tall;
	if (dt_grid_init(&tall, g->w, h + 256, g->ascii) < 0) {
		/* no memory for the measure: drawn in place, clipped */
		rows = above(p, g, y0, h, w);
		if (rows < h)
			decision(p, g, y0 + rows, w, h - rows);
		return;
	}
	for (size_t k = 0; k < 5; k++)
		p->label_y[k] = -1;
	rows = above(p, &tall, 0, h, w);
	int shown = rows, cut = rows + least > h && h - least - 1 > 0, off = 0;
	if (cut)
		shown = h - least - 1;
	else if (rows > h)
		shown = h;
	/* the selected section (j/k) comes into view with the least scroll:
	 * the rows shown end where it ends (its label still shown), so the
	 * rows between it and the section above (a verdict's last rows, the
	 * resume lines) show on the way; they were skipped, the view jumping
	 * to the label (a FAIL verdict at 60x16 could not be shown) */
	if (p->sel < 4 && p->label_y[p->sel] >= shown) {
		int end = rows;
		for (int k = (int)p->sel + 1; k < 4; k++)
			if (p->label_y[k] > p->label_y[p->sel]) {
				end = p->label_y[k];
				break;
			}
		off = end - shown;
		if (off > p->label_y[p->sel])
			off = p->label_y[p->sel];
		if (off > rows - shown)
			off = rows - shown;
	}
	for (int r = 0; r < shown; r++)
		for (int x = 0; x < g->w; x++) {
			dt_cell *c = dt_grid_at(g, x, y0 + r);
			if (c)
				*c = *dt_grid_at(&tall, x, off + r);
		}
	dt_grid_free(&tall);
	if (cut)
		dt_layout_printf(g, 0, y0 + shown, g->w, DT_ROLE_WARN,
		                 "+%d rows not shown: [1]-[4] open the "
		                 "sections", rows - shown);
	if (shown < h)
		decision(p, g, y0 + shown + cut, w, h - shown - cut);
}

static dt_tui_export_fn export_fn;

void dt_tui_set_export(dt_tui_export_fn fn)
{
	export_fn = fn;
}

#define DT_PV_PATH_SHOWN 600 /* bytes of a path a message can hold */

/* s as one shell word into out (size n): as it is when it has only
 * characters no shell splits or expands, else in single quotes, a quote
 * in it written '\'' ("my packs/p 2" -> "'my packs/p 2'"). */
void dt_pv_shell_word(const char *s, char *out, size_t n)
{
	size_t o = 0;
	if (n == 0)
		return;
	if (s[0] && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                      "0123456789/._+-:,@%=") == strlen(s)) {
		snprintf(out, n, "%s", s);
		return;
	}
	out[o++] = '\'';
	for (; *s && o + 5 < n; s++) {
		if (*s == '\'') {
			memcpy(out + o, "'\\''", 4);
			o += 4;
		} else {
			out[o++] = *s;
		}
	}
	out[o++] = '\'';
	out[o] = '\0';
}

/* The export prompt's text: the folder to write the pack into. */
static int export_to(dt_pv *v, const char *dir)
{
	overview_state *p = (overview_state *)v;
	char err[1200];
	if (!dir[0]) {
		dt_pv_msg(&p->pv, 1, "export: give a folder (new or empty)");
		return -1;
	}
	if (export_fn(p->pv.c->st, p->pv.c->ov.pilot.name, dir, err, sizeof err) != 0) {
		dt_pv_msg(&p->pv, 1, "export: %s", err);
		return -1;
	}
	/* the folder once, as an absolute path, so the command works from
	 * any folder (dualtrack ran in this one), quoted for a shell if
	 * needed; once, so it fits the status rows where two did not */
	char *abs = realpath(dir, NULL), word[2 * DT_PV_PATH_SHOWN + 3];
	dt_pv_shell_word(abs ? abs : dir, word, sizeof word);
	dt_pv_msg(&p->pv, 0, "evidence pack written; sign it with: "
	          DT_PACK_SIGN_NEXT, word);
	free(abs);
	return 0;
}

/* Sections [1]..[5] in overview order. */
static const dt_screen_id section[] = {
	DT_S_CARD, DT_S_CHECKLIST, DT_S_DRILLS, DT_S_JOURNAL, DT_S_DECISIONS,
};
#define NSECTIONS (sizeof section / sizeof section[0])

/* c: the first baseline and the pilot run marked ">" (the first pilot
 * run unless [ ] moved the mark) compared under this pilot's task card
 * (a pair the overview's parity rows judge, by the same rules). */
static unsigned compare(overview_state *p)
{
	size_t i, k = cmp_run_index(p);
	p->pv.c->cmp_id[0] = p->pv.c->cmp_id[1] = 0;
	p->pv.c->cmp_pilot = p->pv.c->ov.pilot.id; /* its card, as shown */
	for (i = 0; i < p->pv.c->ov.nruns; i++) /* the first baseline */
		if (p->pv.c->ov.runs[i].role != DT_RUN_PILOT) {
			p->pv.c->cmp_id[0] = p->pv.c->ov.runs[i].run.id;
			break;
		}
	if (k < p->pv.c->ov.nruns)
		p->pv.c->cmp_id[1] = p->pv.c->ov.runs[k].run.id;
	if (p->pv.c->cmp_id[0] && p->pv.c->cmp_id[1])
		return DT_SCR_OPEN(DT_S_COMPARE);
	dt_pv_msg(&p->pv, 1, "c needs a baseline and a pilot run attached");
	return DT_SCR_REDRAW;
}

/* X: the prompt for the folder of the evidence pack. */
static unsigned export_prompt(overview_state *p)
{
	char init[DT_NAME_MAX + 8];
	if (!export_fn) {
		dt_pv_msg(&p->pv, 1, "export is not available here");
		return DT_SCR_REDRAW;
	}
	snprintf(init, sizeof init, "pack-%s", p->pv.c->ov.pilot.name);
	for (char *c = init; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
		            "VWXYZ0123456789-_.", *c))
			*c = '_';
	dt_pv_prompt(&p->pv, "write the evidence pack into folder (new or empty):",
	             init, export_to, 0);
	return DT_SCR_REDRAW;
}

/* The overview's own actions (the shared pilot keys come first, in
 * dt_pv_action). */
static unsigned action(dt_pv *v, dt_action_id a)
{
	overview_state *p = (overview_state *)v;
	switch (a) {
	case DT_A_DOWN:
		if (p->sel + 1 < NSECTIONS)
			p->sel++;
		return DT_SCR_REDRAW;
	case DT_A_UP:
		if (p->sel > 0)
			p->sel--;
		return DT_SCR_REDRAW;
	case DT_A_OPEN:
		return DT_SCR_OPEN(section[p->sel < NSECTIONS ? p->sel : 0]);
	case DT_A_COMPARE:
		return compare(p);
	case DT_A_NEXT:
	case DT_A_PREV: {
		size_t n = npilot_runs(p), k;
		if (n < 2) {
			dt_pv_msg(&p->pv, 1, "%s", n ? "one pilot run attached: c "
			          "compares it" : "no pilot run attached");
			return DT_SCR_REDRAW;
		}
		if (p->cmp_run >= n)
			p->cmp_run = n - 1;
		p->cmp_run = (p->cmp_run + (a == DT_A_NEXT ? 1 : n - 1)) % n;
		k = cmp_run_index(p);
		dt_pv_msg(&p->pv, 0, "c compares pilot run %s (%zu of %zu)",
		          p->pv.c->ov.runs[k].run.name, p->cmp_run + 1, n);
		return DT_SCR_REDRAW;
	}
	case DT_A_EXPORT:
		return export_prompt(p);
	default:
		return DT_SCR_NONE;
	}
}

static const dt_pv_class cls = {
	.id = DT_S_OVERVIEW,
	.size = sizeof(overview_state),
	.body = body,
	.action = action,
};

DT_PV_SCREEN_OPS(dt_overview_ops, DT_S_OVERVIEW, cls, dt_pv_enter);
