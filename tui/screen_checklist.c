/* screen_checklist.c: the seven acceptance steps and five small-trial
 * checks: status (pass / fail / pending / waived), whether the data
 * computed it ('*') or a person overrode the computed status ('!'), who
 * and when, and under the list the selected item's computed detail, note,
 * reason and evidence. Keys set a status (note or reason prompt) and
 * attach evidence (run:NAME, drill:ID, file:PATH; a file's SHA-256 is
 * recorded when attached). */
#include <stdio.h>
#include <string.h>

#include "tui/pilots_internal.h"
#include "model/service/check_record.h"
#include "model/service/evidence_link.h"

/* The checklist screen's state: the item list. */
typedef struct checklist_state {
	dt_pv pv;
	dt_list ck;
} checklist_state;

static const dt_check_item *item(const checklist_state *p)
{
	return &p->pv.c->ov.checklist.items[p->ck.sel];
}

/* '*' computed and not overridden, '!' override, ' ' a person's item. */
static char marker(const dt_check_item *it)
{
	return it->overridden ? '!' : it->computed ? '*' : ' ';
}

/* Columns of the "who" column: the longest name that set an item, at
 * least 10; up to 20 from 100 columns on (a longer name ends in "…"). */
static int who_width(const checklist_state *p, const dt_grid *g)
{
	int longest = 0;
	for (size_t i = 0; i < DT_ITEM_COUNT; i++) {
		const dt_check_item *it = &p->pv.c->ov.checklist.items[i];
		int w = it->has_entry ? dt_text_width(it->entry.set_by, g->ascii)
		        : 0;
		if (w > longest)
			longest = w;
	}
	return dt_layout_col_width(longest, 10, g->w >= 100 ? 20 : 10);
}

static void row(checklist_state *p, dt_grid *g, int y, size_t i, int who_w)
{
	const dt_check_item *it = &p->pv.c->ov.checklist.items[i];
	int sel = i == p->ck.sel, x = 1;
	dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	char when[17] = "", by[64] = "";
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	if (it->has_entry) {
		dt_pv_when(it->entry.set_at, when);
		snprintf(by, sizeof by, "%s", it->entry.set_by);
	} else if (it->computed) {
		snprintf(by, sizeof by, "(data)");
	}
	x += dt_layout_printf(g, x, y, 7, r, "%-7s", dt_check_defs[i].id);
	x += dt_layout_printf(g, x, y, 2, sel ? r : DT_ROLE_WARN, "%c ",
	                    marker(it));
	x += dt_layout_printf(g, x, y, 9, sel ? r : dt_pv_check_role(it->status),
	                    "%-8s ", dt_check_status_name(it->status));
	x += dt_layout_cell(g, x, y, who_w, by, r);
	x += dt_layout_printf(g, x, y, 17, r, "%-16s ", when);
	dt_layout_text(g, x, y, g->w - x, dt_check_defs[i].title, r);
}

/* The selected item's details in rows [y, end). */
static void detail(checklist_state *p, dt_grid *g, int y, int end)
{
	const dt_check_item *it = item(p);
	char when[17], line[1200];
	size_t k;
	int w = g->w - 2;
	dt_grid_fill(g, 0, y, g->w, g->gl->hline, DT_ROLE_AXIS);
	dt_layout_printf(g, 2, y++, g->w - 4, DT_ROLE_LABEL, " %s: %s ",
	               dt_check_defs[it->id].id, dt_check_defs[it->id].title);
	if (it->computed && y < end) {
		snprintf(line, sizeof line, "computed %s: %s",
		         dt_check_status_name(it->computed_status),
		         it->computed_detail);
		y += dt_grid_wrap(g, 1, y, w, end - y, line,
		                  dt_pv_check_role(it->computed_status));
	}
	if (it->has_entry && y < end) {
		dt_pv_when(it->entry.set_at, when);
		snprintf(line, sizeof line, "%s%s by %s at %s%s%s%s%s",
		         it->overridden ? "OVERRIDE: " : "",
		         dt_check_status_name(it->entry.status), it->entry.set_by,
		         when, it->entry.reason[0] ? "; reason: " : "",
		         it->entry.reason, it->entry.note[0] ? "; note: " : "",
		         it->entry.note);
		y += dt_grid_wrap(g, 1, y, w, end - y, line,
		                  it->overridden ? DT_ROLE_WARN : DT_ROLE_NORMAL);
	}
	if (!it->has_entry && !it->computed && y < end)
		dt_layout_text(g, 1, y++, w, "nobody has set this item yet",
		             DT_ROLE_STATUS);
	if (it->nevidence == 0 && y < end)
		dt_layout_text(g, 1, y++, w, "no evidence attached (e attaches)",
		             DT_ROLE_STATUS);
	/* each evidence on its row, a file's SHA-256 in full on the next
	 * (64 hex digits fit 80 columns; the status message shows a prefix) */
	for (k = 0; k < it->nevidence && y < end; k++, y++) {
		const dt_evidence *e = &it->evidence[k];
		dt_layout_printf(g, 1, y, w, DT_ROLE_NORMAL, "evidence %s:%s%s%s",
		                 e->kind, e->ref, e->added_by[0] ? " by " : "",
		                 e->added_by);
		if (e->sha256[0] && y + 1 < end) {
			char h[100];
			snprintf(h, sizeof h, "  sha256 %s", e->sha256);
			y += dt_grid_wrap(g, 1, y + 1, w, end - y - 1 < 2 ? end - y - 1
			                  : 2, h, DT_ROLE_STATUS);
		}
	}
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	checklist_state *p = (checklist_state *)v;
	const size_t *c = p->pv.c->ov.counts;
	int list = DT_ITEM_COUNT, shown, y;
	size_t i;
	dt_layout_printf(g, 0, y0, g->w, DT_ROLE_AXIS,
	               " %zu pass %zu fail %zu pending %zu waived    *: computed "
	               "from the data  !: overridden", c[DT_CK_PASS],
	               c[DT_CK_FAIL], c[DT_CK_PENDING], c[DT_CK_WAIVED]);
	if (list > h - 4)
		list = h - 4; /* keep the detail box's first rows */
	/* more items than rows: the list's last row says how many are above
	 * and below, as the run list and the ledger */
	shown = dt_list_view_mark(&p->ck, g, y0 + 1, list);
	for (i = p->ck.top, y = y0 + 1; i < DT_ITEM_COUNT && y < y0 + 1 + shown;
	     i++, y++)
		row(p, g, y, i, who_width(p, g));
	detail(p, g, y0 + 1 + list, y0 + h);
}

static int set_status(dt_pv *v, const char *text)
{
	checklist_state *p = (checklist_state *)v;
	dt_check_status s = (dt_check_status)p->pv.prompt.arg;
	const dt_check_item *it = item(p);
	int needs_reason = s == DT_CK_WAIVED || (it->computed && s != DT_CK_PENDING);
	char said[400];
	if (dt_check_record(p->pv.c->st, p->pv.c->ov.pilot.id, it->id, s,
	                    needs_reason ? "" : text, needs_reason ? text : "",
	                    p->pv.c->actor, said, sizeof said) < 0) {
		dt_pv_msg(&p->pv, 1, "not recorded: %s", dt_store_error(p->pv.c->st));
		return -1;
	}
	dt_pv_msg(&p->pv, 0, "%s", said); /* check's words */
	dt_pv_written(&p->pv);
	return 0;
}

static int add_evidence(dt_pv *v, const char *text)
{
	checklist_state *p = (checklist_state *)v;
	dt_check_id id = item(p)->id;
	const dt_check_item *it;
	if (dt_evidence_link(p->pv.c->st, p->pv.c->ov.pilot.id, id, text, p->pv.c->actor) < 0) {
		dt_pv_msg(&p->pv, 1, "not attached: %s", dt_store_error(p->pv.c->st));
		return -1;
	}
	dt_pv_written(&p->pv);
	it = &p->pv.c->ov.checklist.items[id];
	if (it->nevidence && it->evidence[it->nevidence - 1].sha256[0])
		dt_pv_msg(&p->pv, 0, "%s: evidence attached, sha256 %.16s... (%s)",
		          dt_check_defs[id].id, it->evidence[it->nevidence - 1].sha256,
		          it->evidence[it->nevidence - 1].ref);
	else
		dt_pv_msg(&p->pv, 0, "evidence %s attached to %s", text,
		          dt_check_defs[id].id);
	return 0;
}

static void ask_status(checklist_state *p, dt_check_status s)
{
	const dt_check_item *it = item(p);
	char title[256];
	const char *id = dt_check_defs[it->id].id, *name = dt_check_status_name(s);
	if (it->computed && s != DT_CK_PENDING)
		snprintf(title, sizeof title, "%s -> %s overrides the computed %s: "
		         "reason (required)", id, name,
		         dt_check_status_name(it->computed_status));
	else if (s == DT_CK_WAIVED)
		snprintf(title, sizeof title, "%s -> waived: reason (required)", id);
	else if (it->computed)
		snprintf(title, sizeof title, "%s -> pending clears the override: "
		         "note (optional)", id);
	else
		snprintf(title, sizeof title, "%s -> %s: note (optional)", id, name);
	dt_pv_prompt(&p->pv, title, NULL, set_status, (int)s);
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	checklist_state *p = (checklist_state *)v;
	if (dt_list_action(&p->ck, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_MARK_PASS: ask_status(p, DT_CK_PASS); return DT_SCR_REDRAW;
	case DT_A_MARK_FAIL: ask_status(p, DT_CK_FAIL); return DT_SCR_REDRAW;
	case DT_A_MARK_WAIVE: ask_status(p, DT_CK_WAIVED); return DT_SCR_REDRAW;
	case DT_A_MARK_PENDING: ask_status(p, DT_CK_PENDING); return DT_SCR_REDRAW;
	case DT_A_EVIDENCE:
		dt_pv_prompt(&p->pv, "evidence: run:NAME, drill:ID or file:PATH (SHA-256 "
		             "recorded)", "file:", add_evidence, 0);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void sync(dt_pv *v)
{
	checklist_state *p = (checklist_state *)v;
	v->list = &p->ck;
	dt_list_set_count(&p->ck, DT_ITEM_COUNT);
}

static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	if (i < DT_ITEM_COUNT)
		snprintf(buf, n, "%s %s %s", dt_check_defs[i].id,
		         dt_check_defs[i].title,
		         dt_check_status_name(v->c->ov.checklist.items[i].status));
	return buf;
}

static const dt_pv_class cls = {
	.id = DT_S_CHECKLIST,
	.size = sizeof(checklist_state),
	.body = body,
	.action = action,
	.sync = sync,
	.row_text = row_text,
};

DT_PV_SCREEN_OPS(dt_checklist_ops, DT_S_CHECKLIST, cls, dt_pv_enter);
