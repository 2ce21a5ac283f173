/* screen_compare.c: the comparison screen: loads both loss curves through
 * the store, keeps a dt_compare_view, maps keys to view operations. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/chart_internal.h"
#include "tui/layout.h"
#include "tui/screen.h"
#include "tui/screens.h"

/* The pass's slices (dt_compare_work): about DT_SLICE_MS of work each,
 * from the points the last slice did in its time; the first slice's
 * points; the bounds. */
#define DT_SLICE_MS 15
#define DT_SLICE_FIRST 65536
#define DT_SLICE_MIN 4096
#define DT_SLICE_MAX ((size_t)1 << 24)
/* The percentage on screen changes at most this often (ms). */
#define DT_PROGRESS_MS 250

void dt_compare_close(dt_compare_screen *c)
{
	dt_compare_pending_free(c->pending);
	c->pending = NULL;
	dt_compare_view_free(&c->view);
	dt_store_curve_close(&c->curve[0]);
	dt_store_curve_close(&c->curve[1]);
	dt_comparison_free(&c->cmp);
	c->open = 0;
}

/* Letter of each finding kind (dt_finding_kind order): S scale, N
 * non-finite, Z zero, C constant, O step offset, B global batch change,
 * T total steps change. */
static const char *const finding_letter = "SNZCOBT";

/* Finding marks on the x axis (finding_letter), in the view's x unit. */
static void set_marks(dt_compare_screen *c)
{
	const dt_findings *fs = &c->cmp.findings;
	size_t i;
	c->view.nmarks = 0;
	for (i = 0; i < fs->n && c->view.nmarks < DT_VIEW_MARKS; i++) {
		const dt_finding *f = &fs->v[i];
		int64_t x = f->step;
		if (c->cmp.parity.by_samples)
			x *= strcmp(f->role, "pilot") == 0 ? c->run[1].global_batch
			                                   : c->run[0].global_batch;
		c->view.mark_x[c->view.nmarks] = x;
		c->view.mark_ch[c->view.nmarks++] =
			finding_letter[f->kind % DT_FIND_KINDS];
	}
}

static int fail(dt_compare_screen *c, const char *what, const char *why)
{
	snprintf(c->msg, sizeof c->msg, "%.60s: %.180s", what, why);
	dt_compare_close(c);
	return -1;
}

/* The service's comparison for the screen's options (lean: in one
 * streaming pass when the case allows it, left pending in c->pending:
 * dt_compare_start). A request it refuses (noise rule without a further
 * baseline, transforms while the runs pair by samples) is retried
 * without the screen's options and the reason shown (rc 1); -1 on a
 * store error. */
static int prepare(dt_compare_screen *c, dt_store *st, int lean, char *err,
                   size_t errlen)
{
	static const int64_t win[DT_NWINDOWS] = DT_WINDOWS;
	dt_compare_opts o = {0};
	int rc;
	o.lean = lean;
	o.interpolate = c->interpolate;
	o.window = win[c->win_idx];
	o.set_rule = c->rule_set;
	o.rule = c->rule;
	o.want_lod = 1;
	o.card_pilot_id = c->card_pilot_id;
	for (size_t i = 0; i < c->nextra; i++)
		o.also[o.nalso++] = c->extra[i];
	rc = dt_compare_start(st, &c->run[0], &c->run[1], &o, &c->cmp,
	                      &c->pending, err, errlen);
	if (rc != 1)
		return rc;
	snprintf(c->msg, sizeof c->msg, "%.250s", err);
	c->interpolate = c->win_idx = c->rule_set = 0;
	c->nextra = 0;
	memset(&o, 0, sizeof o);
	o.want_lod = 1;
	o.lean = lean;
	o.card_pilot_id = c->card_pilot_id;
	return dt_compare_start(st, &c->run[0], &c->run[1], &o, &c->cmp,
	                        &c->pending, err, errlen);
}

/* "name (platform)" of the baseline and the pilot. */
static void labels(const dt_compare_screen *c, char label[2][DT_NAME_MAX + 24])
{
	for (int k = 0; k < 2; k++)
		snprintf(label[k], sizeof label[k], "%s (%s)", c->run[k].name,
		         c->run[k].platform);
}

/* The view of a lean comparison: both curves opened from the store
 * (dt_store_curve_open), the view on them (pending: curves only, until
 * the pass ends). Returns 0, 1 when that does not apply (a curve
 * without stored levels, a parity that does not fit: the caller takes
 * the full path), -1 with the message in err. */
static int view_lean(dt_compare_screen *c, dt_store *st, char *err,
                     size_t errlen)
{
	const dt_run *r[2] = { &c->cmp.base, &c->cmp.pilot };
	char label[2][DT_NAME_MAX + 24];
	labels(c, label);
	for (int k = 0; k < 2; k++) {
		int rc = dt_store_curve_open(st, r[k], c->cmp.metric, &c->curve[k],
		                             err, errlen);
		if (rc != 0)
			return rc;
	}
	if (c->cmp.pending)
		return dt_compare_view_init_pending(&c->view, &c->curve[0].c,
		                                    &c->curve[1].c, &c->cmp.parity,
		                                    label[0], label[1]);
	int rc = dt_compare_view_init_curves(&c->view, &c->curve[0].c,
	                                     &c->curve[1].c, &c->cmp.parity,
	                                     label[0], label[1]);
	if (rc < 0)
		snprintf(err, errlen, "out of memory");
	return rc;
}

/* The view on the full path: curves loaded whole. A lean comparison
 * (finished or pending) is made again on the full path first. Returns
 * 0, or -1 with the message in c->msg (screen closed). */
static int view_full(dt_compare_screen *c, dt_store *st)
{
	char label[2][DT_NAME_MAX + 24], err[800];
	labels(c, label);
	dt_compare_view_free(&c->view);
	dt_store_curve_close(&c->curve[0]);
	dt_store_curve_close(&c->curve[1]);
	if (c->cmp.lean) {
		char shown[sizeof c->msg];
		snprintf(shown, sizeof shown, "%s", c->msg);
		dt_compare_pending_free(c->pending);
		c->pending = NULL;
		dt_comparison_free(&c->cmp);
		if (prepare(c, st, 0, err, sizeof err) != 0)
			return fail(c, "compare", err);
		if (shown[0])
			snprintf(c->msg, sizeof c->msg, "%s", shown);
	}
	if (dt_compare_view_init_lod(&c->view, &c->cmp.sb, &c->cmp.sp,
	                             &c->cmp.lod_b, &c->cmp.lod_p,
	                             &c->cmp.parity, label[0], label[1]))
		return fail(c, "view", "out of memory");
	return 0;
}

/* What the user set on the view, kept across a rebuild. */
typedef struct view_settings {
	dt_compare_view v;         /* settings only (x0, span, logy, ...) */
	int64_t cursor_x;
	int have_cursor;
} view_settings;

static void settings_save(const dt_compare_screen *c, view_settings *s)
{
	dt_track t = dt_compare_track(&c->view);
	s->v = c->view;
	s->have_cursor = t.n > 0;
	s->cursor_x = t.n ? dt_track_x(&t, c->view.cursor) : 0;
}

static void settings_restore(dt_compare_screen *c, const view_settings *s)
{
	dt_track t = dt_compare_track(&c->view);
	c->view.x0 = s->v.x0;
	c->view.span = s->v.span;
	c->view.logy = s->v.logy;
	c->view.plot_w = s->v.plot_w;
	if (t.n && s->have_cursor) {
		size_t i = dt_track_lower_bound(&t, (double)s->cursor_x);
		c->view.cursor = i < t.n ? i : t.n - 1;
	}
	/* built in slices by dt_compare_work when not built yet */
	dt_compare_smoothing_begin(&c->view, s->v.smooth, s->v.weight_idx);
	dt_compare_pan(&c->view, 0); /* clamp to the new extent */
}

/* The finished comparison's verdict onto the view (never before the
 * pass has ended). */
static void show_verdict(dt_compare_screen *c)
{
	snprintf(c->view.sentence, sizeof c->view.sentence, "%s",
	         c->cmp.sentence);
	c->view.verdict = c->cmp.verdict;
	set_marks(c);
}

/* The pass's progress onto the view. */
static void show_progress(dt_compare_screen *c)
{
	c->view.progress = dt_compare_progress(c->pending, &c->view.walk);
}

/* Monotonic seconds. */
static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int dt_compare_open(dt_compare_screen *c, dt_store *st, const dt_run *base,
                    const dt_run *pilot, const dt_run *extra, size_t nextra,
                    int keep)
{
	int same_runs = c->run[0].id == base->id && c->run[1].id == pilot->id;
	int same = keep && c->open && same_runs;
	view_settings old;
	char err[800];
	size_t n;

	if (same)
		settings_save(c, &old);
	dt_compare_close(c);
	if (!same_runs) {
		c->interpolate = c->win_idx = c->rule_set = 0;
		c->findings_open = 0;
	}
	c->msg[0] = '\0';
	c->run[0] = *base;
	c->run[1] = *pilot;
	c->nextra = 0;
	for (n = 0; n < nextra && n < DT_COMPARE_MAX_EXTRA; n++)
		if (extra[n].id != base->id && extra[n].id != pilot->id)
			c->extra[c->nextra++] = extra[n];
	if (prepare(c, st, 1, err, sizeof err) != 0)
		return fail(c, "compare", err);
	int rc = c->cmp.lean ? view_lean(c, st, err, sizeof err) : 1;
	if (rc < 0)
		return fail(c, "view", err);
	if (rc > 0 && view_full(c, st) < 0)
		return -1;
	if (c->pending && c->cmp.pending) {
		show_progress(c);
		c->shown_at = now_s();
	}
	else
		show_verdict(c);
	c->open = 1;
	if (same)
		settings_restore(c, &old);
	return 0;
}

int dt_compare_busy(const dt_compare_screen *c)
{
	return c->open && (c->pending != NULL ||
	                   dt_compare_smoothing_pending(&c->view));
}

/* The pass ended: the strip and the verdict, keeping what the user set
 * meanwhile (zoom, pan, cursor by its x, smoothing, log y). */
static int pass_done(dt_compare_screen *c, dt_store *st)
{
	view_settings old;
	settings_save(c, &old);
	dt_compare_pending_free(c->pending);
	c->pending = NULL;
	int rc = c->cmp.lean ? dt_compare_view_set_parity(&c->view,
	                                                  &c->cmp.parity) : 1;
	if (rc < 0)
		return fail(c, "view", "out of memory");
	if (rc > 0 && view_full(c, st) < 0)
		return -1;
	show_verdict(c);
	settings_restore(c, &old);
	return 0;
}

/* The next slice's points: about DT_SLICE_MS of work at the rate of
 * this one (`budget` points in dt seconds), unless fixed. */
static void adapt(dt_compare_screen *c, size_t budget, double dt)
{
	if (c->slice_points || !(dt > 0))
		return;
	double next = (double)budget * (DT_SLICE_MS * 1e-3) / dt;
	next = next < DT_SLICE_MIN ? DT_SLICE_MIN : next;
	next = next > DT_SLICE_MAX ? DT_SLICE_MAX : next;
	c->slice_budget = (size_t)next;
}

unsigned dt_compare_work(dt_compare_screen *c, dt_store *st)
{
	char err[800];
	if (!dt_compare_busy(c))
		return DT_SCR_NONE;
	size_t budget = c->slice_points ? c->slice_points : c->slice_budget;
	if (budget == 0)
		budget = DT_SLICE_FIRST;
	if (!c->pending) { /* the smoothed curves, then a frame */
		double t0 = now_s();
		int r = dt_compare_smoothing_step(&c->view, budget);
		adapt(c, budget, now_s() - t0);
		if (r < 0)
			snprintf(c->msg, sizeof c->msg, "no smoothing: %s",
			         errno == ENOMEM ? "out of memory"
			                         : "a curve could not be read");
		if (r != 0 || now_s() - c->shown_at >= DT_PROGRESS_MS * 1e-3) {
			c->shown_at = now_s();
			return DT_SCR_REDRAW;
		}
		return DT_SCR_NONE;
	}
	int pct = (int)floor(c->view.progress * 100.0);
	unsigned walk = c->view.walk;
	double t0 = now_s();
	int rc = dt_compare_step(st, c->pending, budget, &c->cmp, err,
	                         sizeof err);
	double dt = now_s() - t0;
	adapt(c, budget, dt);
	if (rc < 0) {
		fail(c, "compare", err);
		return DT_SCR_REDRAW;
	}
	if (rc == 0) {
		pass_done(c, st);
		return DT_SCR_REDRAW;
	}
	show_progress(c);
	/* a new percentage at most every DT_PROGRESS_MS: a frame of a 10M
	 * chart costs a few ms, the pass ~50 slices */
	if (((int)floor(c->view.progress * 100.0) == pct &&
	     c->view.walk == walk) || now_s() - c->shown_at < DT_PROGRESS_MS * 1e-3)
		return DT_SCR_NONE;
	c->shown_at = now_s();
	return DT_SCR_REDRAW;
}

/* One line per finding: "[S] logging_scale_mismatch (pilot) at step 1:
 * x 4: detail". */
static void finding_line(const dt_finding *f, char *buf, size_t n)
{
	snprintf(buf, n, "[%c] %s (%s) at step %lld: %s",
	         finding_letter[f->kind % DT_FIND_KINDS], dt_finding_kind_name(f->kind),
	         f->role, (long long)f->step, f->detail);
}

/* The noise figures of the comparison (the sentence says whether they
 * decide). */
static void noise_line(const dt_compare_screen *c, char *buf, size_t n)
{
	const dt_comparison *m = &c->cmp;
	const char *rule = m->rule == DT_RULE_NOISE ? "the noise rule decides"
	                                            : "rtol rule decides, N: noise rule";
	if (!m->have_noise || m->noise.spread_zero || isnan(m->noise.ratio))
		snprintf(buf, n, "noise R: %s (%s)",
		         m->have_noise && m->noise.spread_zero
		         ? "GPU runs identical: noise ratio undefined"
		         : "no step common to all GPU runs and the pilot", rule);
	else
		snprintf(buf, n, "noise R = %.3g (%s) %s: pilot gap / GPU spread "
		         "over %zu steps, %zu GPU runs%s; <= %.1f passes",
		         m->noise.ratio, rule, dt_noise_band(m->noise.ratio),
		         m->noise.n, m->noise.nbaselines,
		         m->extra_from_card ? " (the card's pilot)" : "",
		         DT_NOISE_ACCEPT);
}

static void draw_findings_box(dt_compare_screen *c, dt_grid *g)
{
	int w, h, ix, iy, y;
	size_t i;
	char line[700];
	dt_dialog_size(g, g->w, g->h - 4, &w, &h);
	dt_box(g, w, h, "findings", &ix, &iy); /* keys: the footer */
	y = iy;
	/* every text wrapped whole in the box; findings that do not fit
	 * end with a row saying how many are not shown */
	if (c->pending)
		dt_grid_wrap(g, ix, y, w - 4, iy + h - 2 - y, "findings: "
		             "computing... (the comparison's pass has not ended)",
		             DT_ROLE_WARN);
	else if (c->cmp.findings.n == 0)
		dt_grid_wrap(g, ix, y, w - 4, iy + h - 2 - y, "no findings: no "
		             "logging-scale mismatch, NaN/inf, zero loss or "
		             "constant values", DT_ROLE_PASS);
	for (i = 0; i < c->cmp.findings.n && y < iy + h - 2; i++) {
		int more_after = i + 1 < c->cmp.findings.n;
		finding_line(&c->cmp.findings.v[i], line, sizeof line);
		if (more_after && dt_text_wrap_rows(line, w - 4, g->ascii) >=
		            iy + h - 2 - y) { /* no row left after it */
			char more[48];
			dt_layout_more(i, c->cmp.findings.n, more, sizeof more);
			dt_layout_text(g, ix, y, w - 4, more, DT_ROLE_STATUS);
			break;
		}
		y += dt_grid_wrap(g, ix, y, w - 4, iy + h - 2 - y, line,
		                  DT_ROLE_WARN);
	}
}

/* The title row: the marks (t's first nmarks bytes: ALTERED, LIVE, the
 * transforms) are never cut. Whole when it fits; else the store path,
 * gives way (dt_layout_title keeps the screen name whole) while
 * "dualtrack" fits after the marks; else the marks alone, and the two run
 * names whole when they fit, or sharing what is left, ellipsised. */
static void title_row(const dt_compare_screen *c, dt_grid *g, const char *t,
                      size_t nmarks, const char *line)
{
	const char *dash = dt_grid_dash(g);
	char marks[256];
	int w = g->w - 2, mw, room, w0, w1, lw[2], x;
	snprintf(marks, sizeof marks, "%.*s", (int)nmarks, t);
	if (nmarks && marks[nmarks - 1] == ' ')
		marks[nmarks - 1] = '\0';
	mw = dt_text_width(marks, g->ascii);
	if (!marks[0] || dt_text_width(dash, g->ascii) +
	                 dt_text_width(line, g->ascii) + mw + 11 <= w) {
		/* the run names whole, a long store path cut with a mark */
		dt_layout_title(g, t, line);
		return;
	}
	room = w - mw - dt_text_width(dash, g->ascii) -
	       dt_text_width("loss:  vs ", g->ascii);
	w0 = dt_text_width(c->run[0].name, g->ascii);
	w1 = dt_text_width(c->run[1].name, g->ascii);
	if (room < 2) /* the marks first: each name at least its "…" */
		room = 2;
	if (w0 + w1 <= room) {
		lw[0] = w0;
		lw[1] = w1;
	} else if (w0 <= room / 2) {
		lw[0] = w0;
		lw[1] = room - w0;
	} else if (w1 <= room / 2) {
		lw[1] = w1;
		lw[0] = room - w1;
	} else {
		lw[0] = room / 2;
		lw[1] = room - lw[0];
	}
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	x = 1 + dt_grid_text(g, 1, 0, w, marks, DT_ROLE_TITLE);
	x += dt_grid_text(g, x, 0, w + 1 - x, dash, DT_ROLE_TITLE);
	x += dt_grid_text(g, x, 0, w + 1 - x, "loss: ", DT_ROLE_TITLE);
	x += dt_layout_text(g, x, 0, lw[0], c->run[0].name, DT_ROLE_TITLE);
	x += dt_grid_text(g, x, 0, w + 1 - x, " vs ", DT_ROLE_TITLE);
	dt_layout_text(g, x, 0, lw[1], c->run[1].name, DT_ROLE_TITLE);
}

/* Rows a text under the legend wants: wrapped to the screen, at most 3
 * (0 for ""). */
static int top_text_rows(const dt_grid *g, const char *text)
{
	int n = text[0] ? dt_text_wrap_rows(text, g->w, g->ascii) : 0;
	return n > 3 ? 3 : n;
}

void dt_compare_screen_render(dt_compare_screen *c, dt_grid *g,
                              const char *title)
{
	static const int64_t win[DT_NWINDOWS] = DT_WINDOWS;
	char t[1200], line[700], warn[sizeof c->cmp.warning + 16];
	size_t nf, i, nmarks;
	int y, noise = c->cmp.have_noise, rules, wrows, want_bottom, cut, end;
	if (!c->open) {
		dt_grid_clear(g);
		dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
		dt_grid_text(g, 1, 0, g->w - 2, title, DT_ROLE_TITLE);
		dt_grid_wrap(g, 0, 2, g->w, 3, c->msg, DT_ROLE_FAIL);
		return;
	}
	nf = c->cmp.findings.n < 2 ? c->cmp.findings.n : 2;
	/* under the legend: the service's warning that the runs look
	 * swapped (compare's stderr line), then the compile note; each up
	 * to 3 rows (beyond: its last row ends in "…") */
	snprintf(warn, sizeof warn, "%s%s", c->cmp.warning[0] ? "warning: " : "",
	         c->cmp.warning);
	wrows = top_text_rows(g, warn);
	c->view.top_rows = wrows + top_text_rows(g, c->cmp.compile_note);
	c->view.bottom_rows = (int)nf + noise;
	if (g->h < 22) /* keep the chart: findings stay in the f overlay */
		c->view.bottom_rows = c->cmp.findings.n ? 1 : 0;
	if (c->pending)
		c->view.bottom_rows = 1; /* "findings: computing..." */
	/* where the rules come from, as compare prints it ("rules: task
	 * card of pilot NAME", the defaults and why): known while pending */
	rules = c->cmp.rules_source[0] && g->h >= 16;
	c->view.bottom_rows += rules;
	want_bottom = c->view.bottom_rows;
	/* marks first: LIVE and the transforms survive a narrow title; the
	 * curves' records altered (a stored series whose values differ from
	 * their sealed digest, integrity.h) before all */
	y = snprintf(t, sizeof t, "%s%s%s",
	             !c->cmp.pending &&
	             c->cmp.integrity.state == DT_INTEGRITY_ALTERED ?
	             "ALTERED records! " : "", c->live,
	             c->live[0] ? dt_grid_dash(g) : "");
	if (c->interpolate && y >= 0 && (size_t)y < sizeof t)
		y += snprintf(t + y, sizeof t - (size_t)y,
		              "[INTERPOLATED: %zu pts] ", c->cmp.ninterp);
	/* w: both curves are means over windows of N effective steps (the
	 * verdict too), not a window number: said as such, short enough
	 * that both marks and the size fit at 80 columns */
	if (win[c->win_idx] && y >= 0 && (size_t)y < sizeof t)
		y += snprintf(t + y, sizeof t - (size_t)y, "[%lld-STEP MEANS] ",
		              (long long)win[c->win_idx]);
	nmarks = y > 0 && (size_t)y < sizeof t ? (size_t)y : 0;
	if (y >= 0 && (size_t)y < sizeof t)
		snprintf(t + y, sizeof t - (size_t)y, "%.600s", title);
	snprintf(line, sizeof line, "loss: %s vs %s", c->run[0].name,
	         c->run[1].name);
	dt_compare_render(&c->view, g, t);
	if (g->w < 40 || g->h < 12)
		return;
	title_row(c, g, t, nmarks, line);
	/* the rows the chart left them: the warning's first */
	wrows = wrows < c->view.top_rows ? wrows : c->view.top_rows;
	if (wrows)
		dt_grid_wrap(g, 0, 2, g->w, wrows, warn, DT_ROLE_WARN);
	if (c->cmp.compile_note[0] && c->view.top_rows > wrows)
		dt_grid_wrap(g, 0, 2 + wrows, g->w, c->view.top_rows - wrows,
		             c->cmp.compile_note, DT_ROLE_WARN);
	/* the rows under the verdict; fewer than they want: the last one
	 * says how many are not shown and where they are (cut) */
	cut = c->view.bottom_rows < want_bottom;
	end = g->h - 1 - cut;
	y = g->h - 1 - c->view.bottom_rows;
	if (rules && y < end)
		dt_layout_text(g, 0, y++, g->w, c->cmp.rules_source, DT_ROLE_LABEL);
	if (c->pending && y < end)
		dt_layout_text(g, 0, y, g->w, "findings: computing...",
		               DT_ROLE_LABEL);
	if (noise && y < end && c->view.bottom_rows - rules > (int)nf) {
		noise_line(c, line, sizeof line);
		dt_layout_text(g, 0, y++, g->w, line,
		               c->cmp.rule == DT_RULE_NOISE ? DT_ROLE_PILOT
		                                            : DT_ROLE_LABEL);
	}
	for (i = 0; i < c->cmp.findings.n && y < end; i++, y++) {
		finding_line(&c->cmp.findings.v[i], line, sizeof line);
		if (!cut && y == end - 1 && i + 1 < c->cmp.findings.n) {
			char more[800];
			snprintf(more, sizeof more, "+%zu more (f) %s",
			         c->cmp.findings.n - i - 1, line);
			dt_layout_text(g, 0, y, g->w, more, DT_ROLE_WARN);
			break;
		}
		dt_layout_text(g, 0, y, g->w, line, DT_ROLE_WARN);
	}
	if (cut) {
		char more[160];
		int n = want_bottom - (c->view.bottom_rows - 1);
		snprintf(more, sizeof more, "+%d row%s not shown:%s%s%s", n,
		         n == 1 ? "" : "s", rules && n >= want_bottom ? " rules" : "",
		         rules && n >= want_bottom && c->cmp.findings.n ? "," : "",
		         c->pending ? " findings (computing)"
		         : c->cmp.findings.n ? " findings (f shows them)" : "");
		dt_layout_text(g, 0, end, g->w, more, DT_ROLE_STATUS);
	}
	/* footer and c->msg: the app's row (dt_compare_ops.message) */
	if (c->findings_open)
		draw_findings_box(c, g);
}

/* Reopen the same runs after an option changed. */
static unsigned reopen(dt_compare_screen *c, dt_store *st)
{
	dt_run b = c->run[0], p = c->run[1], x[DT_COMPARE_MAX_EXTRA];
	size_t n = c->nextra;
	memcpy(x, c->extra, sizeof x);
	dt_compare_open(c, st, &b, &p, x, n, 1);
	return DT_SCR_REDRAW;
}

unsigned dt_compare_action(dt_compare_screen *c, dt_store *st,
                           dt_action_id a)
{
	dt_compare_view *v = &c->view;
	c->msg[0] = '\0';
	if (c->findings_open) { /* the findings keymap: BACK closes */
		if (a == DT_A_BACK)
			c->findings_open = 0;
		return DT_SCR_REDRAW;
	}
	if (a == DT_A_BACK || !c->open)
		return DT_SCR_NONE; /* the app pops */
	switch (a) {
	case DT_A_INTERPOLATE:
		c->interpolate = !c->interpolate;
		return reopen(c, st);
	case DT_A_WINDOW:
		c->win_idx = (c->win_idx + 1) % DT_NWINDOWS;
		return reopen(c, st);
	case DT_A_NOISE: /* toggle the rule that decides (overrides the card) */
		c->rule = c->cmp.rule == DT_RULE_NOISE ? DT_RULE_TOLERANCE
		                                       : DT_RULE_NOISE;
		c->rule_set = 1;
		reopen(c, st);
		/* a pilot's comparison counts its own baselines only (app.c
		 * open_compare): marks in the run list do not reach it */
		if (c->msg[0] && c->rule_set == 0)
			snprintf(c->msg, sizeof c->msg, "the noise rule needs another "
			         "GPU baseline: %s", c->card_pilot_id
			         ? "attach one to the pilot (dualtrack attach PILOT RUN "
			           "--role baseline)"
			         : "mark one with a in the run list or attach one to "
			           "the pilot");
		return DT_SCR_REDRAW;
	case DT_A_FINDINGS:
		c->findings_open = 1;
		return DT_SCR_REDRAW;
	case DT_A_CURSOR_LEFT:
		dt_compare_cursor(v, -1);
		break;
	case DT_A_CURSOR_RIGHT:
		dt_compare_cursor(v, 1);
		break;
	case DT_A_CURSOR_FIRST:
		dt_compare_cursor(v, -2);
		break;
	case DT_A_CURSOR_LAST:
		dt_compare_cursor(v, 2);
		break;
	case DT_A_ZOOM_IN:
		dt_compare_zoom(v, 0.5);
		break;
	case DT_A_ZOOM_OUT:
		dt_compare_zoom(v, 2.0);
		break;
	case DT_A_ZOOM_RESET:
		dt_compare_zoom(v, INFINITY);
		break;
	case DT_A_PAN_LEFT:
		dt_compare_pan(v, -0.25);
		break;
	case DT_A_PAN_RIGHT:
		dt_compare_pan(v, 0.25);
		break;
	case DT_A_PAGE_LEFT:
		dt_compare_pan(v, -1.0);
		break;
	case DT_A_PAGE_RIGHT:
		dt_compare_pan(v, 1.0);
		break;
	case DT_A_SMOOTH: /* built in slices (dt_compare_work) */
		if (dt_compare_smoothing_begin(v, !v->smooth, v->weight_idx))
			snprintf(c->msg, sizeof c->msg, "out of memory: no smoothing");
		break;
	case DT_A_WEIGHT_DOWN:
	case DT_A_WEIGHT_UP:
		if (dt_compare_smoothing_begin(v, 1, v->weight_idx +
		                               (a == DT_A_WEIGHT_UP ? 1 : -1)))
			snprintf(c->msg, sizeof c->msg, "out of memory: no smoothing");
		break;
	case DT_A_LOG_Y:
		v->logy = !v->logy;
		break;
	default:
		return DT_SCR_NONE;
	}
	return DT_SCR_REDRAW;
}
