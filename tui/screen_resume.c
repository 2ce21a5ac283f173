/* screen_resume.c: the resume view: every restart of a run with its
 * continuity verdict and the five checks (step, lr, loss, replay,
 * data_cursor) with their reasons and its launch evidence, from
 * dt_resume_run_refs, and the loss reference (dt_resume_reference): the
 * same data and words as `dualtrack resume-check RUN --baseline BASE`
 * (a baseline picked in the run list), else as `resume-check RUN` (a
 * pilot run: its pilot's baseline; dt_resume_check_refs). */
#include <stdio.h>
#include <string.h>

#include "model/service/resume_ref.h"
#include "tui/form.h"
#include "tui/screen.h"
#include "tui/screens.h"

#define DETAIL_X 21   /* column of the check reasons */
#define SUMMARY_ROWS 4 /* rows of the summary (dt_restart_tally), at most */
#define REASON_ROWS 6 /* rows of a check's reason, at most: the loss reason
                        * with a baseline and the band rule takes 5 at 80
                        * columns; 3 cut its verdict (-50.00% (limit ..)) */

void dt_resume_close(dt_resume_screen *r)
{
	dt_resume_chart_free(r);
	dt_resume_run_free(&r->res);
	r->open = 0;
}

int dt_resume_open(dt_resume_screen *r, dt_store *st, const dt_run *run,
                   const dt_run *baseline)
{
	dt_resume_refs refs;
	dt_resume_close(r);
	r->run = *run;
	memset(&r->base, 0, sizeof r->base);
	r->sel = r->top = 0;
	r->dtop = r->dmore = 0;
	memset(&r->list, 0, sizeof r->list);
	r->msg[0] = '\0';
	/* resume-check's rule: the baseline picked (--baseline), else the
	 * pilot's when the run is a pilot's pilot run */
	if (baseline && baseline->id == run->id)
		baseline = NULL;
	if (baseline)
		r->given = *baseline;
	else
		memset(&r->given, 0, sizeof r->given);
	if (dt_resume_check_refs(st, &r->run, baseline, 0, &refs, r->msg,
	                         sizeof r->msg) < 0 ||
	    dt_resume_run_refs(st, &r->run, &refs, 0, NULL, &r->res, r->msg,
	                       sizeof r->msg) < 0)
		return -1;
	if (refs.has_baseline)
		r->base = refs.baseline;
	r->open = 1;
	r->ref[0] = '\0';
	if (r->base.id) { /* on a store error the line still names the run */
		char err[300];
		dt_resume_reference(st, &r->run, &r->base, refs.pilot, r->ref,
		                    sizeof r->ref, err, sizeof err);
	}
	dt_resume_chart_load(r, st); /* no chart on failure: the checks show */
	return 0;
}

int dt_resume_reload(dt_resume_screen *r, dt_store *st)
{
	if (!r->open)
		return 0;
	dt_run run = r->run, given = r->given;
	size_t sel = r->sel, top = r->top;
	int dtop = r->dtop;
	if (dt_store_run_find(st, r->run.name, &run) != 0)
		run = r->run; /* gone or a store error: the run as it was */
	int rc = dt_resume_open(r, st, &run, given.id ? &given : NULL);
	if (rc == 0 && sel < r->res.nv) {
		r->sel = r->list.sel = sel;
		r->top = top <= sel ? top : sel;
		r->dtop = dtop;
	}
	return rc;
}

static dt_role check_role(dt_check c)
{
	return c == DT_CHECK_PASS ? DT_ROLE_PASS
	       : c == DT_CHECK_FAIL ? DT_ROLE_FAIL : DT_ROLE_STATUS;
}

/* Restart k's header line at row y. */
static void header(const dt_resume_screen *r, dt_grid *g, size_t k, int y)
{
	const dt_restart_verdict *v = &r->res.v[k];
	dt_role role = k == r->sel ? DT_ROLE_SELECT : DT_ROLE_LABEL;
	int x;
	if (k == r->sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	x = dt_layout_printf(g, 0, y, g->w, role, "restart %zu at step %lld: ",
	                   k + 1, (long long)v->at_step);
	x += dt_layout_text(g, x, y, g->w - x, v->pass ? "PASS" : "FAIL",
	                  k == r->sel ? role
	                  : v->pass ? DT_ROLE_PASS : DT_ROLE_FAIL);
	dt_layout_printf(g, x, y, g->w - x, role, "  (last before %lld, replayed "
	               "%zu, lost %lld%s)", (long long)v->last_before, v->replayed,
	               (long long)v->lost,
	               v->offset_factor ? ", counter offset" : "");
}

/* Rows of wrapped text s at width w, at most max. */
static int rows_of(const char *s, int w, int ascii, int max)
{
	int n = dt_text_wrap_rows(s, w, ascii);
	return n > max ? max : n < 1 ? 1 : n;
}

/* Rows of the selected restart's block (evidence, checks, causes,
 * findings) with nothing cut. */
static int block_rows(const dt_resume_screen *r, const dt_grid *g)
{
	const dt_restart_verdict *v = &r->res.v[r->sel];
	int c, n, dw = g->w - DETAIL_X;
	char ev[600];
	n = rows_of(dt_restart_evidence_text(&v->evidence, ev, sizeof ev), dw,
	            g->ascii, 2);
	for (c = 0; c < DT_RESUME_NCHECKS; c++) {
		n += rows_of(v->detail[c], dw, g->ascii, REASON_ROWS);
		if (v->cause[c][0]) {
			char line[sizeof v->cause[c] + 8];
			snprintf(line, sizeof line, "cause: %s", v->cause[c]);
			n += rows_of(line, dw, g->ascii, 3);
		}
	}
	for (size_t i = 0; i < r->res.findings.n; i++)
		n += r->res.findings.v[i].step == v->at_step ? 2 : 0;
	return n;
}

/* The rows details() wants for the selected restart (nothing cut). */
static int details_rows(const dt_resume_screen *r, const dt_grid *g)
{
	char why[DT_RESTART_TALLY_MAX];
	return block_rows(r, g) +
	       rows_of(dt_restart_tally(&r->res.v[r->sel], why, sizeof why),
	               g->w - DETAIL_X, g->ascii, SUMMARY_ROWS);
}

/* The selected restart's block from row y to before `end`: its launch
 * evidence, the checks with their reasons (each wrapped on up to
 * REASON_ROWS rows), a failed check's cause, the run's findings at the
 * restart; a text cut short ends in a mark. at[c]: the row check c
 * starts on (-1: not drawn). Returns the rows used. */
static int block(const dt_resume_screen *r, dt_grid *g, int y, int end,
                 int at[DT_RESUME_NCHECKS])
{
	const dt_restart_verdict *v = &r->res.v[r->sel];
	int c, y0 = y, dw = g->w - DETAIL_X;
	for (c = 0; c < DT_RESUME_NCHECKS; c++)
		at[c] = -1;
	/* what the restart was found from, as resume-check's evidence line */
	if (y < end) {
		char ev[600];
		dt_restart_evidence_text(&v->evidence, ev, sizeof ev);
		dt_layout_text(g, 2, y, 12, "evidence", DT_ROLE_LABEL);
		y += dt_grid_wrap(g, DETAIL_X, y, dw, end - y < 2 ? end - y : 2,
		                  ev, DT_ROLE_NORMAL);
	}
	for (c = 0; c < DT_RESUME_NCHECKS && y < end; c++) {
		at[c] = y;
		dt_layout_text(g, 2, y, 12, dt_resume_check_key(c), DT_ROLE_LABEL);
		dt_layout_text(g, 15, y, 5, dt_check_name(v->check[c]),
		             check_role(v->check[c]));
		y += dt_grid_wrap(g, DETAIL_X, y, dw, end - y < REASON_ROWS ?
		                  end - y : REASON_ROWS, v->detail[c],
		                  DT_ROLE_NORMAL);
		/* a failed check's cause, as resume-check prints it (the
		 * service's text, wrapped; cut only with a mark) */
		if (v->cause[c][0] && y < end) {
			char line[sizeof v->cause[c] + 8];
			snprintf(line, sizeof line, "cause: %s", v->cause[c]);
			y += dt_grid_wrap(g, DETAIL_X, y, dw,
			                  end - y < 3 ? end - y : 3, line, DT_ROLE_WARN);
		}
	}
	/* the run's findings at this restart (global batch or total steps
	 * changed: dt_resume_run's restart findings) */
	for (size_t i = 0; i < r->res.findings.n && y < end; i++) {
		const dt_finding *f = &r->res.findings.v[i];
		char line[sizeof f->detail + 32];
		if (f->step != v->at_step)
			continue;
		snprintf(line, sizeof line, "%s: %s", dt_finding_kind_name(f->kind),
		         f->detail);
		dt_layout_text(g, 2, y, 12, "finding", DT_ROLE_LABEL);
		y += dt_grid_wrap(g, DETAIL_X, y, dw, end - y < 2 ? end - y : 2,
		                  line, DT_ROLE_WARN);
	}
	return y - y0;
}

/* The mark of a block scrolled to row top with `shown` rows shown of n:
 * how many rows are above and below (dt_layout_scroll_mark) and the
 * checks whose rows are hidden with their status ("+4 more (Down
 * scrolls): replay n/a, data_cursor n/a"). */
static void block_mark(const dt_restart_verdict *v, const int at[],
                       int top, int shown, int n, char *out, size_t len)
{
	size_t o;
	int c, k = 0;
	dt_layout_scroll_mark((size_t)top, (size_t)(n - top - shown), out, len);
	o = strlen(out);
	for (c = 0; c < DT_RESUME_NCHECKS && o < len; c++) {
		if (at[c] >= top && at[c] < top + shown)
			continue;
		o += (size_t)snprintf(out + o, len - o, "%s%s %s", k++ ? ", " : ": ",
		                      dt_resume_check_key(c),
		                      dt_check_name(v->check[c]));
	}
}

/* The block into rows [y, end) scrolled to r->dtop: whole when it fits;
 * else its rows from r->dtop and, on the last row, the mark of what is
 * above and below (block_mark), r->dmore the rows below. Returns the
 * rows used. */
static int block_scrolled(dt_resume_screen *r, dt_grid *g, int y, int end)
{
	dt_grid s;
	int at[DT_RESUME_NCHECKS], n, shown, i, x;
	char mark[300];
	r->dmore = 0;
	if (end <= y)
		return 0;
	if (dt_grid_init(&s, g->w, block_rows(r, g), g->ascii) < 0)
		return block(r, g, y, end, at); /* no memory: cut, summary kept */
	n = block(r, &s, 0, s.h, at);
	shown = n <= end - y ? n : end - y - 1;
	if (r->dtop > n - shown)
		r->dtop = n - shown;
	for (i = 0; i < shown; i++)
		for (x = 0; x < g->w; x++)
			*dt_grid_at(g, x, y + i) = *dt_grid_at(&s, x, r->dtop + i);
	if (shown < n) {
		r->dmore = n - r->dtop - shown;
		block_mark(&r->res.v[r->sel], at, r->dtop, shown, n, mark,
		           sizeof mark);
		dt_layout_text(g, 2, y + shown, g->w - 2, mark, DT_ROLE_STATUS);
		shown++;
	}
	dt_grid_free(&s);
	return shown;
}

/* The selected restart's block (block_scrolled) from row y to before
 * `end`, then its summary (up to SUMMARY_ROWS: it names the failed, the
 * unjudged and the n/a checks), always shown: the block gives up rows
 * first. Returns the rows used. */
static int details(dt_resume_screen *r, dt_grid *g, int y, int end)
{
	const dt_restart_verdict *v = &r->res.v[r->sel];
	int y0 = y, dw = g->w - DETAIL_X, cend;
	char why[DT_RESTART_TALLY_MAX];
	dt_restart_tally(v, why, sizeof why);
	cend = end - rows_of(why, dw, g->ascii, SUMMARY_ROWS);
	cend = cend < y ? y : cend;
	y += block_scrolled(r, g, y, cend);
	if (y < end) { /* the service's summary once, as resume-check's */
		dt_layout_text(g, 2, y, 12, "summary", DT_ROLE_LABEL);
		y += dt_grid_wrap(g, DETAIL_X, y, dw, end - y < SUMMARY_ROWS ?
		                  end - y : SUMMARY_ROWS, why,
		                  v->pass ? DT_ROLE_STATUS : DT_ROLE_FAIL);
	}
	return y - y0;
}

void dt_resume_render(dt_resume_screen *r, dt_grid *g, const char *title)
{
	int end = g->h - 2, y, y_ck;
	size_t fails = 0, k;
	char ck[DT_RESUME_MAX_CKPT * 22], name[DT_NAME_MAX + 16];

	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	snprintf(name, sizeof name, "resume check: %s", r->run.name);
	dt_layout_title(g, title, name); /* the path gives way to the run */
	if (!r->open) {
		dt_grid_wrap(g, 0, 2, g->w, 3, r->msg, DT_ROLE_FAIL);
		return;
	}
	for (k = 0; k < r->res.nv; k++)
		fails += !r->res.v[k].pass;
	dt_resume_ckpt_text(&r->res, ck, sizeof ck);
	if (!r->res.nckpt && r->res.nv)
		snprintf(ck, sizeof ck, "checkpoint: unknown (give --checkpoint "
		         "or a drill)");
	/* the run the loss level is checked against, on its own rows
	 * (another model said when the service can tell) */
	y_ck = 2;
	if (r->ref[0])
		y_ck += dt_grid_wrap(g, 0, 2, g->w, 2, r->ref, DT_ROLE_LABEL);
	dt_layout_printf(g, 0, y_ck, g->w, DT_ROLE_STATUS, "%s; data cursor %s", ck,
	               r->res.cursor_metric[0] ? r->res.cursor_metric : "n/a");
	/* the count, then the verdict in its colour: "1 restart: FAIL",
	 * "2 restarts: 1 FAIL", "3 restarts: PASS" (segments = restarts + 1:
	 * the restarts say it) */
	if (r->res.nv == 0)
		dt_layout_text(g, 0, 1, g->w, "no restarts: nothing to check",
		               DT_ROLE_STATUS);
	else {
		y = dt_layout_printf(g, 0, 1, g->w, DT_ROLE_NORMAL, "%zu restart%s: ",
		                     r->res.nv, r->res.nv == 1 ? "" : "s");
		if (fails && r->res.nv == 1)
			dt_layout_text(g, y, 1, g->w - y, "FAIL", DT_ROLE_FAIL);
		else if (fails)
			dt_layout_printf(g, y, 1, g->w - y, DT_ROLE_FAIL, "%zu FAIL",
			                 fails);
		else
			dt_layout_text(g, y, 1, g->w - y, "PASS", DT_ROLE_PASS);
	}
	/* the restart window at the bottom (a third of the rows, 6 to 14),
	 * when the terminal has 20 rows or more */
	if (r->res.nv && r->nseg > 1 && g->h >= 20) {
		int ch = (g->h - 4) / 3, room;
		ch = ch < 6 ? 6 : ch > 14 ? 14 : ch;
		/* a selected restart with long details (causes, the summary)
		 * takes rows of the window, down to 5 (legend, 2 plot rows,
		 * axis, labels); then details() cuts the checks, never the
		 * summary */
		if (r->sel < r->res.nv) {
			room = end - (y_ck + 2) - details_rows(r, g);
			if (room < ch)
				ch = room < 5 ? 5 : room;
		}
		end -= dt_resume_chart_render(r, g, end - ch, ch);
	}
	/* headers of the restarts from top, the selected one expanded; top
	 * follows the selection so its details fit (about 9 rows) */
	if (r->top > r->sel)
		r->top = r->sel;
	while (r->top < r->sel && (int)(r->sel - r->top) + 10 > end - y_ck - 1)
		r->top++;
	for (k = r->top, y = y_ck + 1; k < r->res.nv && y < end; k++) {
		header(r, g, k, y++);
		if (k == r->sel)
			y += details(r, g, y, end);
	}
}

/* Select restart k, its rows shown from the first. */
static void select_restart(dt_resume_screen *r, size_t k)
{
	if (k != r->sel)
		r->dtop = r->dmore = 0;
	r->sel = k;
}

static unsigned resume_action(void *st, dt_action_id a)
{
	dt_resume_screen *r = st;
	if (!r->open)
		return DT_SCR_NONE;
	r->list.n = r->res.nv;
	r->list.sel = r->sel;
	r->list.msg[0] = '\0';
	/* the selected restart's rows first: Down while rows are below its
	 * mark, Up while rows are above */
	if (a == DT_A_DOWN && r->dmore > 0) {
		r->dtop++;
		return DT_SCR_REDRAW;
	}
	if (a == DT_A_UP && r->dtop > 0) {
		r->dtop--;
		return DT_SCR_REDRAW;
	}
	if (dt_list_action(&r->list, a)) {
		select_restart(r, r->list.sel);
		return DT_SCR_REDRAW;
	}
	return DT_SCR_NONE;
}

/* Search text of restart k: its header line and summary. */
static const char *row_text(void *arg, size_t k, char *buf, size_t n)
{
	const dt_resume_screen *r = arg;
	const dt_restart_verdict *v;
	char why[DT_RESTART_TALLY_MAX];
	if (k >= r->res.nv)
		return buf;
	v = &r->res.v[k];
	dt_restart_tally(v, why, sizeof why);
	snprintf(buf, n, "restart %zu at step %lld: %s %s", k + 1,
	         (long long)v->at_step, v->pass ? "PASS" : "FAIL", why);
	return buf;
}

static int resume_modal(void *st)
{
	const dt_resume_screen *r = st;
	return r->open && r->list.searching;
}

static unsigned resume_raw_key(void *st, int key)
{
	dt_resume_screen *r = st;
	dt_list_search_key(&r->list, key, row_text, r);
	select_restart(r, r->list.sel);
	return DT_SCR_REDRAW;
}

static void resume_render(void *st, dt_grid *g, const char *title)
{
	dt_resume_screen *r = st;
	dt_resume_render(r, g, title);
	if (r->open && (r->list.searching || r->list.msg[0]))
		dt_list_render_search(&r->list, g, 0, g->h - 2, g->w);
}

const dt_screen_ops dt_resume_ops = {
	.id = DT_S_RESUME,
	.render = resume_render,
	.action = resume_action,
	.modal = resume_modal,
	.raw_key = resume_raw_key,
};
