/* screen_pilots.c: the pilot list (pick a pilot to open): each pilot's
 * runs by role, checklist counts and latest decision, from the service's
 * assessment of each; its state is the rows and the list's selection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

/* One row of the pilot list. */
typedef struct pilot_row {
	dt_pilot pilot;
	size_t nbase, npilot;       /* runs by role */
	size_t counts[4];           /* checklist items by dt_check_status */
	char decision[32];          /* latest decision kind, "" = none */
	char decided_at[32];
} pilot_row;

typedef struct pilots_state {
	dt_pv pv;
	pilot_row *rows;            /* [nrows] owned */
	size_t nrows;
	dt_list list;               /* selection, scrolling, search */
	dt_integrity integrity;     /* of the store, when the list loaded */
} pilots_state;

size_t dt_pilots_count(const void *st)
{
	return ((const pilots_state *)st)->nrows;
}

/* Re-read every pilot of the store (after open and each reload). */
static void load_list(dt_pv *v)
{
	pilots_state *p = (pilots_state *)v;
	dt_store *st = v->c->st;
	dt_pilot *pl = NULL;
	pilot_row *rows;
	size_t n = 0, i, k;
	v->list = &p->list;
	if (dt_store_pilot_list(st, &pl, &n) < 0) {
		dt_pv_msg(v, 1, "cannot list pilots: %s", dt_store_error(st));
		return;
	}
	rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows) {
		free(pl);
		dt_pv_msg(v, 1, "out of memory");
		return;
	}
	if (dt_integrity_load_listing(st, &p->integrity) < 0)
		p->integrity.state = DT_INTEGRITY_NOT_CHECKED;
	for (i = 0; i < n; i++) {
		dt_assessment ov;
		char err[600];
		rows[i].pilot = pl[i];
		if (dt_assessment_load(st, pl[i].name, &ov, err, sizeof err) != 0)
			continue; /* the row then shows zeros */
		for (k = 0; k < ov.nruns; k++)
			(*(ov.runs[k].role == DT_RUN_PILOT ? &rows[i].npilot
			                                   : &rows[i].nbase))++;
		memcpy(rows[i].counts, ov.counts, sizeof ov.counts);
		if (dt_assessment_latest(&ov)) {
			const dt_decision *d = dt_assessment_latest(&ov);
			dt_assessment_decision_label(&ov, ov.ndecisions - 1,
			                             rows[i].decision,
			                             sizeof rows[i].decision);
			snprintf(rows[i].decided_at, sizeof rows[i].decided_at, "%s",
			         d->decided_at);
		}
		dt_assessment_free(&ov);
	}
	free(pl);
	free(p->rows);
	p->rows = rows;
	p->nrows = n;
	if (p->list.sel >= n)
		p->list.sel = n ? n - 1 : 0;
	dt_list_set_count(&p->list, n);
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	pilots_state *p = (pilots_state *)v;
	/* the decision column widens for a decision marked ALTERED
	 * ("go FORCED ALTERED") */
	int dw = 12;
	for (size_t k = 0; k < p->nrows; k++) {
		int l = (int)strlen(p->rows[k].decision);
		dw = l > dw ? l : dw;
	}
	int wide = g->w >= 110, fixed = 2 + 9 + 6 + 6 + 8 + dw + 1 + (wide ? 17 : 0);
	int nw = g->w - fixed, y, x;
	size_t i;
	char when[17];
	if (nw < 10)
		nw = 10;
	x = 2;
	dt_grid_text(g, x, y0, nw, "pilot", DT_ROLE_AXIS);
	x += nw;
	x += dt_grid_printf(g, x, y0, 60, DT_ROLE_AXIS, "%8s %5s %5s %7s  %-*s",
	                    "runs b/p", "pass", "fail", "pending", dw, "decision");
	if (wide)
		dt_grid_text(g, x + 1, y0, 16, "decided at", DT_ROLE_AXIS);
	if (p->nrows == 0) {
		/* the commands with this store's --db: without it they would
		 * write the default store */
		char db[600] = "", w[sizeof db - 8], hint[2 * sizeof db + 200];
		if (p->pv.c->db[0]) {
			dt_pv_shell_word(p->pv.c->db, w, sizeof w);
			snprintf(db, sizeof db, "--db %s ", w);
		}
		snprintf(hint, sizeof hint, "no pilots in this store: dualtrack "
		         "%spilot new NAME, then dualtrack %sattach NAME RUN --role "
		         "baseline|pilot (or dualtrack demo). Tab shows the run "
		         "list.", db, db);
		dt_grid_wrap(g, 2, y0 + 2, g->w - 4, 4, hint, DT_ROLE_WARN);
		return;
	}
	for (i = dt_list_view(&p->list, h - 1), y = y0 + 1; i < p->nrows && y < y0 + h; i++, y++) {
		const pilot_row *r = &p->rows[i];
		int sel = i == p->list.sel;
		dt_role role = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
		char runs[32];
		if (sel)
			dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
		dt_layout_text(g, 2, y, nw - 1, r->pilot.name, role);
		snprintf(runs, sizeof runs, "%zu/%zu", r->nbase, r->npilot);
		x = 2 + nw;
		x += dt_grid_printf(g, x, y, 9, role, "%8s ", runs);
		x += dt_grid_printf(g, x, y, 6, sel ? role : DT_ROLE_PASS, "%5zu ",
		                    r->counts[DT_CK_PASS]);
		x += dt_grid_printf(g, x, y, 6, sel || !r->counts[DT_CK_FAIL] ? role
		                    : DT_ROLE_FAIL, "%5zu ", r->counts[DT_CK_FAIL]);
		x += dt_grid_printf(g, x, y, 9, role, "%7zu  ",
		                    r->counts[DT_CK_PENDING]);
		x += dt_grid_printf(g, x, y, dw + 1, role, "%-*s", dw,
		                    r->decision[0] ? r->decision : "-");
		dt_pv_when(r->decided_at, when);
		if (wide)
			dt_grid_text(g, x + 1, y, 16, when, role);
	}
}

static void title(dt_pv *v, dt_grid *g, const char *app_title)
{
	pilots_state *p = (pilots_state *)v;
	char name[48];
	snprintf(name, sizeof name, "pilots (%zu)", p->nrows);
	dt_layout_title_altered(g, p->integrity.state == DT_INTEGRITY_ALTERED,
	                        app_title, name);
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	pilots_state *p = (pilots_state *)v;
	if (dt_list_action(&p->list, a))
		return DT_SCR_REDRAW;
	if (a == DT_A_OPEN && p->list.sel < p->nrows) {
		if (dt_pilot_ctx_open(v->c, p->rows[p->list.sel].pilot.name) < 0)
			return DT_SCR_REDRAW;
		return DT_SCR_OPEN(DT_S_OVERVIEW);
	}
	return DT_SCR_NONE;
}

static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	pilots_state *p = (pilots_state *)v;
	if (i < p->nrows)
		snprintf(buf, n, "%s %s", p->rows[i].pilot.name, p->rows[i].decision);
	return buf;
}

static void done(dt_pv *v)
{
	free(((pilots_state *)v)->rows);
}

static const dt_pv_class cls = {
	.id = DT_S_PILOTS,
	.size = sizeof(pilots_state),
	.title = title,
	.body = body,
	.action = action,
	.sync = load_list,
	.row_text = row_text,
	.done = done,
};

DT_PV_SCREEN_OPS(dt_pilots_ops, DT_S_PILOTS, cls, dt_pv_enter);
