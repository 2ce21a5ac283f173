/* pilot_area.c: the pilot screens as one area of the app: loading and
 * reloading, view switching, the title / message / footer rows, the
 * one-line prompt, and the helpers the view files share. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/pilots_internal.h"

static const char *const view_name[DT_PV_COUNT] = {
	"pilots", "overview", "task card", "checklist", "drill log",
	"run journal", "decision log", "ledger",
};

/* The key footer of each view (fits 80 columns). */
static const char *const view_footer[DT_PV_COUNT] = {
	"?:help j/k:move Enter:open pilot Tab:runs q:quit",
	"?:help j/k Enter or 1-5:open c:compare l:ledger d:decide Esc:back "
	"Tab:runs",
	"?:help j/k:field Enter:edit (Enter saves, Esc cancels) Esc:back",
	"?:help p:pass f:fail w:waive u:pending e:evidence Esc:back",
	"?:help a:add drill [ ]:item p:pass f:fail n:not checked Esc:back",
	"?:help Enter:edit a:add key h/l:other run Esc:back",
	"?:help d:decide (a new decision supersedes) j/k:move Esc:back",
	"?:help j/k:row h/l:side Enter:enter value s:scenario Esc:back",
};

void dt_pv_msg(dt_pilots *p, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	p->msg_err = err;
}

dt_role dt_pv_check_role(dt_check_status s)
{
	switch (s) {
	case DT_CK_PASS: return DT_ROLE_PASS;
	case DT_CK_FAIL: return DT_ROLE_FAIL;
	case DT_CK_WAIVED: return DT_ROLE_STATUS;
	default: return DT_ROLE_WARN;
	}
}

dt_role dt_pv_dc_role(dt_dc_status s)
{
	return s == DT_DC_PASS ? DT_ROLE_PASS
	       : s == DT_DC_FAIL ? DT_ROLE_FAIL : DT_ROLE_STATUS;
}

void dt_pv_scroll(size_t sel, size_t *top, int rows)
{
	if (rows < 1)
		rows = 1;
	if (sel < *top)
		*top = sel;
	if (sel >= *top + (size_t)rows)
		*top = sel - (size_t)rows + 1;
}

void dt_pv_when(const char *iso, char out[17])
{
	snprintf(out, 17, "%s", iso);
	if (strlen(out) > 10 && out[10] == 'T')
		out[10] = ' ';
}

void dt_pv_deciders(const dt_decision *d, char *out, size_t n)
{
	size_t k, o = 0;
	out[0] = '\0';
	for (k = 0; k < d->ndeciders && o < n; k++)
		o += (size_t)snprintf(out + o, n - o, "%s%s (%s)",
		                      k ? ", " : "deciders: ", d->deciders[k].name,
		                      dt_decider_role_name(d->deciders[k].role));
}

void dt_pv_recovery(const dt_pilots *p, const dt_drill *d, char *out,
                    size_t n)
{
	double s, lim;
	if (dt_drill_recovery(d, &s) != 0) {
		snprintf(out, n, "-");
		return;
	}
	if (dt_taskcard_recovery(&p->ov.card, &lim) != 0)
		snprintf(out, n, "%.0f s (no limit on the card)", s);
	else if (s <= lim)
		snprintf(out, n, "%.0f s (limit %.0f s)", s, lim);
	else
		snprintf(out, n, "%.0f s, OVER the %.0f s limit", s, lim);
}

static int load_list(dt_pilots *p)
{
	dt_pilot *v = NULL;
	dt_pilot_row *rows;
	size_t n = 0, i, k;
	if (dt_store_pilot_list(p->st, &v, &n) < 0) {
		dt_pv_msg(p, 1, "cannot list pilots: %s", dt_store_error(p->st));
		return -1;
	}
	rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows) {
		free(v);
		dt_pv_msg(p, 1, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		dt_overview ov;
		char err[600];
		rows[i].pilot = v[i];
		if (dt_overview_load(p->st, v[i].name, &ov, err, sizeof err) != 0)
			continue; /* the row then shows zeros */
		for (k = 0; k < ov.nruns; k++)
			(*(ov.runs[k].role == DT_RUN_PILOT ? &rows[i].npilot
			                                   : &rows[i].nbase))++;
		memcpy(rows[i].counts, ov.counts, sizeof ov.counts);
		if (dt_overview_latest(&ov)) {
			const dt_decision *d = dt_overview_latest(&ov);
			snprintf(rows[i].decision, sizeof rows[i].decision, "%s",
			         dt_decision_kind_name(d->kind));
			snprintf(rows[i].decided_at, sizeof rows[i].decided_at, "%s",
			         d->decided_at);
		}
		dt_overview_free(&ov);
	}
	free(v);
	free(p->rows);
	p->rows = rows;
	p->nrows = n;
	if (p->sel >= n)
		p->sel = n ? n - 1 : 0;
	return 0;
}

static void clamp(size_t *sel, size_t n)
{
	if (*sel >= n)
		*sel = n ? n - 1 : 0;
}

/* (Re)load the open pilot's overview by name, keeping selections. */
static int load_pilot(dt_pilots *p, const char *name)
{
	dt_overview ov;
	char err[600], keep[DT_NAME_MAX];
	int rc;
	snprintf(keep, sizeof keep, "%s", name);
	rc = dt_overview_load(p->st, keep, &ov, err, sizeof err);
	if (rc != 0) {
		dt_pv_msg(p, 1, rc == 1 ? "no pilot named %s" : "%s",
		          rc == 1 ? keep : err);
		return -1;
	}
	dt_overview_free(&p->ov);
	p->ov = ov;
	p->open = 1;
	clamp(&p->ck_sel, DT_ITEM_COUNT);
	clamp(&p->dr_sel, ov.ndrills);
	clamp(&p->dc_sel, ov.ndecisions);
	clamp(&p->jr_run, ov.nruns);
	dt_pv_card_fill(p);
	if (p->lg.loaded || p->view == DT_PV_LEDGER)
		dt_pv_ledger_load(p);
	return dt_pv_journal_load(p);
}

int dt_pv_open_pilot(dt_pilots *p, const char *name)
{
	p->ov_sel = p->ck_sel = p->ck_top = p->dr_sel = p->dr_top = 0;
	p->dr_item = p->jr_run = p->dc_sel = 0;
	p->lg.sel = p->lg.top = 0;
	memset(&p->card, 0, sizeof p->card);
	memset(&p->jr, 0, sizeof p->jr);
	if (load_pilot(p, name) < 0)
		return -1;
	p->view = DT_PV_OVERVIEW;
	return 0;
}

int dt_pilots_init(dt_pilots *p, dt_store *st)
{
	memset(p, 0, sizeof *p);
	p->st = st;
	dt_actor_name(p->actor, sizeof p->actor);
	return load_list(p);
}

void dt_pilots_free(dt_pilots *p)
{
	dt_drill_form_close(p);
	dt_pv_journal_free(p);
	dt_pv_ledger_free(p);
	dt_overview_free(&p->ov);
	free(p->rows);
	memset(p, 0, sizeof *p);
}

int dt_pilots_reload(dt_pilots *p)
{
	int rc = load_list(p);
	if (p->open) {
		char name[DT_NAME_MAX];
		snprintf(name, sizeof name, "%s", p->ov.pilot.name);
		if (load_pilot(p, name) < 0)
			rc = -1;
	}
	return rc;
}

void dt_pv_written(dt_pilots *p)
{
	char keep[sizeof p->msg];
	int err = p->msg_err;
	snprintf(keep, sizeof keep, "%s", p->msg);
	dt_pilots_reload(p);
	if (!p->msg_err || err) { /* a reload error wins over a success note */
		snprintf(p->msg, sizeof p->msg, "%s", keep);
		p->msg_err = err;
	}
}

void dt_pv_prompt(dt_pilots *p, const char *title, const char *init,
                  dt_prompt_fn fn, int arg)
{
	p->prompt.open = 1;
	snprintf(p->prompt.title, sizeof p->prompt.title, "%s", title);
	dt_input_init(&p->prompt.in, init, 511);
	p->prompt.accept = fn;
	p->prompt.arg = arg;
}

int dt_pilots_modal(const dt_pilots *p)
{
	return p->prompt.open || p->drill.open || p->decide.open ||
	       p->lg.edit_open || p->lg.sc_open ||
	       (p->view == DT_PV_CARD && p->card.editing) ||
	       (p->view == DT_PV_JOURNAL && p->jr.editing);
}

static void render_prompt(dt_pilots *p, dt_grid *g)
{
	int w = g->w - 4 < 76 ? g->w - 4 : 76, ix, iy;
	dt_box(g, w, 6, "Enter saves, Esc cancels", &ix, &iy);
	dt_grid_text(g, ix, iy, w - 4, p->prompt.title, DT_ROLE_LABEL);
	dt_input_render(&p->prompt.in, g, ix, iy + 1, w - 4, DT_ROLE_NORMAL);
	if (p->msg_err)
		dt_grid_wrap(g, ix, iy + 2, w - 4, 2, p->msg, DT_ROLE_WARN);
}

void dt_pilots_render(dt_pilots *p, dt_grid *g, const char *title)
{
	static void (*const render[DT_PV_COUNT])(dt_pilots *, dt_grid *, int,
	                                         int) = {
		dt_pv_list_render, dt_pv_overview_render, dt_pv_card_render,
		dt_pv_checklist_render, dt_pv_drills_render, dt_pv_journal_render,
		dt_pv_decisions_render, dt_pv_ledger_render,
	};
	const char *dash = dt_grid_dash(g);
	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	if (p->view == DT_PV_LIST)
		dt_grid_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%spilots (%zu)",
		               title, dash, p->nrows);
	else
		dt_grid_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%s%s%s%s",
		               title, dash, p->ov.pilot.name, dash,
		               view_name[p->view]);
	render[p->view](p, g, 1, g->h - 3);
	dt_grid_text(g, 0, g->h - 2, g->w, p->msg,
	             p->msg_err ? DT_ROLE_WARN : DT_ROLE_PASS);
	dt_grid_text(g, 0, g->h - 1, g->w, view_footer[p->view], DT_ROLE_STATUS);
	if (p->drill.open)
		dt_drill_form_render(p, g);
	if (p->decide.open)
		dt_decide_form_render(p, g);
	if (p->lg.edit_open || p->lg.sc_open)
		dt_ledger_forms_render(p, g);
	if (p->prompt.open)
		render_prompt(p, g);
}

static dt_action prompt_key(dt_pilots *p, int key)
{
	switch (dt_input_key(&p->prompt.in, key)) {
	case DT_IN_ACCEPT:
		if (p->prompt.accept(p, p->prompt.in.buf) == 0)
			p->prompt.open = 0;
		return DT_ACT_REDRAW;
	case DT_IN_CANCEL:
		p->prompt.open = 0;
		dt_pv_msg(p, 0, "cancelled: nothing recorded");
		return DT_ACT_REDRAW;
	case DT_IN_EDITED:
		return DT_ACT_REDRAW;
	default:
		return DT_ACT_NONE;
	}
}

/* q / Esc outside a dialog: one level up. */
static dt_action back(dt_pilots *p)
{
	if (p->view == DT_PV_LIST)
		return DT_ACT_QUIT;
	p->view = p->view == DT_PV_OVERVIEW ? DT_PV_LIST : DT_PV_OVERVIEW;
	return DT_ACT_REDRAW;
}

dt_action dt_pilots_key(dt_pilots *p, int key)
{
	static dt_action (*const handler[DT_PV_COUNT])(dt_pilots *, int) = {
		dt_pv_list_key, dt_pv_overview_key, dt_pv_card_key,
		dt_pv_checklist_key, dt_pv_drills_key, dt_pv_journal_key,
		dt_pv_decisions_key, dt_pv_ledger_key,
	};
	if (p->prompt.open)
		return prompt_key(p, key);
	if (p->drill.open)
		return dt_drill_form_key(p, key);
	if (p->decide.open)
		return dt_decide_form_key(p, key);
	if (dt_pilots_modal(p))
		return handler[p->view](p, key);
	p->msg[0] = '\0';
	p->msg_err = 0;
	if (key == DT_KEY_TAB || key == 'P')
		return DT_ACT_SWITCH;
	if (key == 'q' || (key == DT_KEY_ESC && p->view != DT_PV_LIST))
		return back(p);
	if (p->open && p->view != DT_PV_LIST && key >= '1' && key <= '5') {
		p->view = (dt_pview)(DT_PV_CARD + (key - '1'));
		return DT_ACT_REDRAW;
	}
	if (p->open && p->view != DT_PV_LIST && key == 'd') {
		p->view = DT_PV_DECISIONS;
		dt_decide_form_open(p);
		return DT_ACT_REDRAW;
	}
	return handler[p->view](p, key);
}
