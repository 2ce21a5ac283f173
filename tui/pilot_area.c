/* pilot_area.c: what the pilot screens share: the open pilot (loading
 * and reloading its overview), the frame (title and message rows), the
 * one-line prompt and dialogs over any view, the actions common to every
 * view inside a pilot, and small helpers. The views themselves are
 * screens of their own (tui/screen.h), one file each. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/pilots_internal.h"

void dt_pv_msg(dt_pilots *p, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->c.msg, sizeof p->c.msg, fmt, ap);
	va_end(ap);
	p->c.msg_err = err;
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

dt_recovery_state dt_pv_recovery(const dt_pilots *p, const dt_drill *d,
                                 char *out, size_t n)
{
	dt_recovery_check c = dt_drill_recovery_check(d, &p->c.ov.card);
	dt_recovery_text(&c, out, n);
	return c.state;
}

dt_role dt_pv_recovery_role(dt_recovery_state s, dt_role normal)
{
	return s == DT_REC_OVER ? DT_ROLE_FAIL : normal;
}

static int load_list(dt_pilots *p)
{
	dt_pilot *v = NULL;
	dt_pilot_row *rows;
	size_t n = 0, i, k;
	if (dt_store_pilot_list(p->c.st, &v, &n) < 0) {
		dt_pv_msg(p, 1, "cannot list pilots: %s", dt_store_error(p->c.st));
		return -1;
	}
	rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows) {
		free(v);
		dt_pv_msg(p, 1, "out of memory");
		return -1;
	}
	if (dt_integrity_load(p->c.st, &p->list_integrity) < 0)
		p->list_integrity.state = DT_INTEGRITY_NOT_CHECKED;
	for (i = 0; i < n; i++) {
		dt_assessment ov;
		char err[600];
		rows[i].pilot = v[i];
		if (dt_assessment_load(p->c.st, v[i].name, &ov, err, sizeof err) != 0)
			continue; /* the row then shows zeros */
		for (k = 0; k < ov.nruns; k++)
			(*(ov.runs[k].role == DT_RUN_PILOT ? &rows[i].npilot
			                                   : &rows[i].nbase))++;
		memcpy(rows[i].counts, ov.counts, sizeof ov.counts);
		if (dt_assessment_latest(&ov)) {
			const dt_decision *d = dt_assessment_latest(&ov);
			snprintf(rows[i].decision, sizeof rows[i].decision, "%s",
			         dt_decision_kind_name(d->kind));
			snprintf(rows[i].decided_at, sizeof rows[i].decided_at, "%s",
			         d->decided_at);
		}
		dt_assessment_free(&ov);
	}
	free(v);
	free(p->rows);
	p->rows = rows;
	p->nrows = n;
	if (p->list.sel >= n)
		p->list.sel = n ? n - 1 : 0;
	dt_list_set_count(&p->list, n);
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
	if (dt_pilot_ctx_open(&p->c, name) < 0)
		return -1;
	dt_list_set_count(&p->ck, DT_ITEM_COUNT);
	dt_list_set_count(&p->dr, p->c.ov.ndrills);
	dt_list_set_count(&p->dc, p->c.ov.ndecisions);
	clamp(&p->jr_run, p->c.ov.nruns);
	dt_pv_card_fill(p);
	if (p->lg.loaded || p->view == DT_PV_LEDGER)
		dt_pv_ledger_load(p);
	return dt_pv_journal_load(p);
}

int dt_pv_open_pilot(dt_pilots *p, const char *name)
{
	p->ov_sel = p->dr_item = p->jr_run = 0;
	memset(&p->ck, 0, sizeof p->ck);
	memset(&p->dr, 0, sizeof p->dr);
	memset(&p->dc, 0, sizeof p->dc);
	memset(&p->lg.list, 0, sizeof p->lg.list);
	memset(&p->card, 0, sizeof p->card);
	memset(&p->jr, 0, sizeof p->jr);
	if (load_pilot(p, name) < 0)
		return -1;
	return 0;
}

int dt_pilots_init(dt_pilots *p, dt_store *st)
{
	memset(p, 0, sizeof *p);
	dt_pilot_ctx_init(&p->c, st);
	return load_list(p);
}

void dt_pilots_free(dt_pilots *p)
{
	dt_drill_form_close(p);
	dt_pv_journal_free(p);
	dt_pv_ledger_free(p);
	dt_pilot_ctx_free(&p->c);
	free(p->rows);
	memset(p, 0, sizeof *p);
}

int dt_pilots_reload(dt_pilots *p)
{
	int rc = load_list(p);
	if (p->c.open) {
		char name[DT_NAME_MAX];
		snprintf(name, sizeof name, "%s", p->c.ov.pilot.name);
		if (load_pilot(p, name) < 0)
			rc = -1;
	}
	return rc;
}

void dt_pv_written(dt_pilots *p)
{
	char keep[sizeof p->c.msg];
	int err = p->c.msg_err;
	snprintf(keep, sizeof keep, "%s", p->c.msg);
	dt_pilots_reload(p);
	if (!p->c.msg_err || err) { /* a reload error wins over a success note */
		snprintf(p->c.msg, sizeof p->c.msg, "%s", keep);
		p->c.msg_err = err;
	}
}

void dt_pv_prompt(dt_pilots *p, const char *title, const char *init,
                  dt_prompt_fn fn, int arg)
{
	p->prompt.open = 1;
	p->c.msg[0] = '\0'; /* an earlier refusal is not about this prompt */
	p->c.msg_err = 0;
	snprintf(p->prompt.title, sizeof p->prompt.title, "%s", title);
	dt_input_init(&p->prompt.in, init, 511);
	p->prompt.accept = fn;
	p->prompt.arg = arg;
}

int dt_pv_modal(void *st)
{
	const dt_pilots *p = st;
	return p->prompt.open || p->drill.open || p->decide.open ||
	       p->lg.edit_open || p->lg.sc_open || p->card.editing ||
	       p->jr.editing || p->list.searching || p->ck.searching ||
	       p->dr.searching || p->dc.searching;
}

static void render_prompt(dt_pilots *p, dt_grid *g)
{
	int w, h, ix, iy;
	dt_dialog_size(g, DT_DIALOG_W, 6, &w, &h);
	dt_box(g, w, h, "Enter saves, Esc cancels", &ix, &iy);
	dt_layout_text(g, ix, iy, w - 4, p->prompt.title, DT_ROLE_LABEL);
	dt_input_render(&p->prompt.in, g, ix, iy + 1, w - 4, DT_ROLE_NORMAL);
	if (p->c.msg_err)
		dt_grid_wrap(g, ix, iy + 2, w - 4, 2, p->c.msg, DT_ROLE_WARN);
}

/* The list of a view that is searching, or NULL. */
static dt_list *searching(dt_pilots *p)
{
	dt_list *l[] = { &p->list, &p->ck, &p->dr, &p->dc };
	size_t i;
	for (i = 0; i < sizeof l / sizeof l[0]; i++)
		if (l[i]->searching || l[i]->msg[0])
			return l[i];
	return NULL;
}

void dt_pv_frame(dt_pilots *p, dt_grid *g, const char *title,
                 dt_screen_id view, dt_pv_body_fn body)
{
	const char *dash = dt_grid_dash(g);
	dt_list *l = searching(p);
	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	if (view == DT_S_PILOTS)
		dt_layout_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%s%spilots (%zu)",
		                 p->list_integrity.state == DT_INTEGRITY_ALTERED ?
		                 "ALTERED records! " : "", title, dash, p->nrows);
	else
		/* altered records taint every screen of the pilot: the mark
		 * leads the title so a narrow terminal cannot cut it off */
		dt_layout_printf(g, 1, 0, g->w - 2, DT_ROLE_TITLE, "%s%s%s%s%s%s",
		                 p->c.ov.integrity.state == DT_INTEGRITY_ALTERED ?
		                 "ALTERED records! " : "", title, dash,
		                 p->c.ov.pilot.name, dash, dt_screen_title(view));
	body(p, g, 1, g->h - 3);
	if (l)
		dt_list_render_search(l, g, 0, g->h - 2, g->w);
	else
		dt_layout_row(g, g->h - 2, p->c.msg, DT_ROLE_NORMAL,
		              p->c.msg_err ? DT_ROLE_WARN : DT_ROLE_PASS);
	if (p->drill.open)
		dt_drill_form_render(p, g);
	if (p->decide.open)
		dt_decide_form_render(p, g);
	if (p->lg.edit_open || p->lg.sc_open)
		dt_ledger_forms_render(p, g);
	if (p->prompt.open)
		render_prompt(p, g);
	if (p->prompt.open || p->drill.open || p->decide.open ||
	    p->lg.edit_open || p->lg.sc_open)
		dt_layout_row(g, g->h - 1, p->prompt.open ? "type the text; Enter "
		              "saves, Esc cancels" : DT_FORM_HINT, DT_ROLE_STATUS,
		              DT_ROLE_STATUS);
}

static unsigned prompt_key(dt_pilots *p, int key)
{
	switch (dt_input_key(&p->prompt.in, key)) {
	case DT_IN_ACCEPT:
		if (p->prompt.accept(p, p->prompt.in.buf) == 0)
			p->prompt.open = 0;
		return DT_SCR_REDRAW;
	case DT_IN_CANCEL:
		p->prompt.open = 0;
		dt_pv_msg(p, 0, "cancelled: nothing recorded");
		return DT_SCR_REDRAW;
	case DT_IN_EDITED:
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

/* Search text of row i of the list being searched. */
static const char *row_text(void *arg, size_t i, char *buf, size_t n)
{
	dt_pilots *p = arg;
	dt_list *l = searching(p);
	buf[0] = '\0';
	if (l == &p->list && i < p->nrows) {
		snprintf(buf, n, "%s %s", p->rows[i].pilot.name, p->rows[i].decision);
	} else if (l == &p->ck && i < DT_ITEM_COUNT) {
		snprintf(buf, n, "%s %s %s", dt_check_defs[i].id,
		         dt_check_defs[i].title,
		         dt_check_status_name(p->c.ov.checklist.items[i].status));
	} else if (l == &p->dr && i < p->c.ov.ndrills) {
		const dt_drill *d = &p->c.ov.drills[i];
		snprintf(buf, n, "#%lld %s %s %s %.200s", (long long)d->id,
		         dt_drill_kind_name(d->kind), d->run_before, d->run_after,
		         d->note);
	} else if (l == &p->dc && i < p->c.ov.ndecisions) {
		const dt_decision *d = &p->c.ov.decisions[p->c.ov.ndecisions - 1 - i];
		char who[400];
		dt_pv_deciders(d, who, sizeof who);
		snprintf(buf, n, "#%lld %s %s %s %.300s", (long long)d->id,
		         dt_decision_kind_name(d->kind), d->recorded_by, who,
		         d->rationale);
	}
	return buf;
}

unsigned dt_pv_raw_key(dt_pilots *p, int key, dt_pv_raw_fn fn)
{
	dt_list *l = searching(p);
	if (p->prompt.open)
		return prompt_key(p, key);
	if (p->drill.open)
		return dt_drill_form_key(p, key) ? DT_SCR_REDRAW : DT_SCR_NONE;
	if (p->decide.open)
		return dt_decide_form_key(p, key) ? DT_SCR_REDRAW : DT_SCR_NONE;
	if (p->lg.edit_open || p->lg.sc_open)
		return dt_ledger_forms_key(p, key) ? DT_SCR_REDRAW : DT_SCR_NONE;
	if (l && l->searching) {
		dt_list_search_key(l, key, row_text, p);
		return DT_SCR_REDRAW;
	}
	return fn ? fn(p, key) : DT_SCR_NONE;
}

unsigned dt_pv_action(dt_pilots *p, dt_action_id a, dt_pv_action_fn fn)
{
	p->c.msg[0] = '\0';
	p->c.msg_err = 0;
	p->list.msg[0] = p->ck.msg[0] = p->dr.msg[0] = p->dc.msg[0] = '\0';
	if (p->c.open) {
		switch (a) {
		case DT_A_OPEN_CARD: return DT_SCR_OPEN(DT_S_CARD);
		case DT_A_OPEN_CHECKLIST: return DT_SCR_OPEN(DT_S_CHECKLIST);
		case DT_A_OPEN_DRILLS: return DT_SCR_OPEN(DT_S_DRILLS);
		case DT_A_OPEN_JOURNAL: return DT_SCR_OPEN(DT_S_JOURNAL);
		case DT_A_OPEN_DECISIONS: return DT_SCR_OPEN(DT_S_DECISIONS);
		case DT_A_DECIDE:
			dt_decide_form_open(p);
			return DT_SCR_OPEN(DT_S_DECISIONS);
		default:
			break;
		}
	}
	return fn ? fn(p, a) : DT_SCR_NONE;
}
