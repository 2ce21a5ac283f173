/* screen_decisions.c: the decision log of a pilot, newest first: kind,
 * time, who entered it, whether a later decision superseded it, and the
 * selected record's rationale, deciders, evidence digest and chain
 * hashes. Decisions are never edited: d opens the "decide" dialog
 * (decide_form.c) and the new record supersedes the current one. */
#include <stdio.h>
#include <string.h>

#include "tui/layout.h"
#include "tui/pilots_internal.h"

/* The decision log's state: the list (0 = newest) and the decide
 * dialog. */
typedef struct decisions_state {
	dt_pv pv;
	dt_list dc;
	dt_decide_form decide;
} decisions_state;

/* From this width the list rows show each record hash by its prefix
 * (the full value is on the detail lines below). */
#define HASH_COL_W 100

/* Decision shown at list position i (0 = newest). */
static const dt_decision *at(const decisions_state *p, size_t i)
{
	return &p->pv.c->ov.decisions[p->pv.c->ov.ndecisions - 1 - i];
}

static dt_role kind_role(dt_decision_kind k)
{
	return k == DT_DECIDE_GO ? DT_ROLE_PASS
	       : k == DT_DECIDE_ROLL_BACK ? DT_ROLE_FAIL : DT_ROLE_PILOT;
}

/* Widths of the list's decision and "entered by" columns. */
typedef struct dec_cols {
	int kind_w, by_w;
} dec_cols;

/* The state column of list position i: "current" or "superseded by
 * #ID", into out (size n); returns out. */
static const char *state_text(const decisions_state *p, size_t i, char *out,
                              size_t n)
{
	if (i == 0)
		snprintf(out, n, "current");
	else
		snprintf(out, n, "superseded by #%lld", (long long)at(p, i - 1)->id);
	return out;
}

/* Index in the assessment (oldest first) of list position i. */
static size_t ov_index(const decisions_state *p, size_t i)
{
	return p->pv.c->ov.ndecisions - 1 - i;
}

/* The decision column of list position i: its label, " ALTERED" when
 * the chain check found the record altered
 * (dt_assessment_decision_label), into out (size n); returns out. */
static const char *label_text(const decisions_state *p, size_t i, char *out,
                              size_t n)
{
	return dt_assessment_decision_label(&p->pv.c->ov, ov_index(p, i), out,
	                                    n);
}

/* 1 when the record at list position i was found altered. */
static int altered(const decisions_state *p, size_t i)
{
	const unsigned char *a = p->pv.c->ov.decision_altered;
	return a && a[ov_index(p, i)];
}

/* The longest text of a field over the decisions (0 = label, 1 = entered
 * by, 2 = state), in columns. */
static int longest(const decisions_state *p, const dt_grid *g, int field)
{
	int most = 0;
	for (size_t i = 0; i < p->pv.c->ov.ndecisions; i++) {
		char st[48], lb[64];
		const char *t = field == 0 ? label_text(p, i, lb, sizeof lb)
		                : field == 1 ? at(p, i)->recorded_by
		                : state_text(p, i, st, sizeof st);
		int w = dt_text_width(t, g->ascii);
		most = w > most ? w : most;
	}
	return most;
}

/* Columns of the decision (22) and of "entered by": the longest name, at
 * least 12, up to 24 from HASH_COL_W columns on. When the state column
 * would not get its longest text ("superseded by #2" at 60 columns), the
 * decision column narrows to its longest label (at least "decision"),
 * then "entered by" gives way, then the decision; a cut text ends in
 * "…". */
static dec_cols col_widths(const decisions_state *p, const dt_grid *g)
{
	dec_cols c = { 22, 0 };
	int room = g->w - 1 - 6 - 17 - longest(p, g, 2)
	           - (g->w >= HASH_COL_W ? DT_HASH_SHOWN + 5 : 0) - 2;
	c.by_w = dt_layout_col_width(longest(p, g, 1), 12,
	                             g->w >= HASH_COL_W ? 24 : 12);
	if (c.kind_w + c.by_w <= room)
		return c;
	c.kind_w = dt_layout_col_width(longest(p, g, 0), 8, 22);
	if (c.kind_w + c.by_w > room)
		c.by_w = room - c.kind_w > 3 ? room - c.kind_w : 3;
	if (c.kind_w + c.by_w > room)
		c.kind_w = room - c.by_w > 3 ? room - c.by_w : 3;
	return c;
}

static void row(decisions_state *p, dt_grid *g, int y, size_t i,
                const dec_cols *c)
{
	const dt_decision *d = at(p, i);
	int sel = i == p->dc.sel, x = 1;
	dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
	char when[17], state[48];
	if (sel)
		dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_SELECT);
	dt_pv_when(d->decided_at, when);
	state_text(p, i, state, sizeof state);
	x += dt_layout_printf(g, x, y, 6, r, "#%-4lld ", (long long)d->id);
	char label[64];
	x += dt_layout_cell(g, x, y, c->kind_w, label_text(p, i, label,
	                    sizeof label), sel ? r : d->forced_past[0] ||
	                    altered(p, i) ? DT_ROLE_FAIL : kind_role(d->kind));
	x += dt_layout_printf(g, x, y, 17, r, "%-16s ", when);
	x += dt_layout_cell(g, x, y, c->by_w, d->recorded_by, r);
	if (g->w >= HASH_COL_W) {
		char h[40];
		dt_layout_hash(g, d->hash, h, sizeof h);
		x += dt_layout_printf(g, x, y, DT_HASH_SHOWN + 5, sel ? r
		                      : DT_ROLE_STATUS, "%-*s ", DT_HASH_SHOWN + 3, h);
	}
	dt_layout_text(g, x, y, g->w - x, state,
	             sel ? r : i == 0 ? DT_ROLE_LABEL : DT_ROLE_STATUS);
}

/* "LABEL HEX TAIL" into t (size n): a chain hash line. */
static void hash_text(char *t, size_t n, const char *label, const char *hex,
                      const char *tail)
{
	snprintf(t, n, "%-11s %s%s", label, hex[0] ? hex : "-", tail);
}

/* "LABEL HEX TAIL" wrapped whole from row y (at most 2 rows, never past
 * end): a chain hash in full. Returns the rows used. */
static int hash_line(dt_grid *g, int y, int end, const char *label,
                     const char *hex, const char *tail)
{
	char t[200];
	hash_text(t, sizeof t, label, hex, tail);
	return dt_grid_wrap(g, 1, y, g->w - 2, end - y < 2 ? end - y : 2, t,
	                    DT_ROLE_STATUS);
}

/* Rows hash_line takes for LABEL HEX TAIL in width w (at most 2). */
static int hash_rows(const dt_grid *g, int w, const char *label,
                     const char *hex, const char *tail)
{
	char t[200];
	int n;
	hash_text(t, sizeof t, label, hex, tail);
	n = dt_text_wrap_rows(t, w, g->ascii);
	return n < 2 ? n : 2;
}

/* Rows the deciders `who` get of the `avail` left under the forced-past
 * items: every row they wrap to while the evidence digest, the two chain
 * hashes and a row of the rationale still fit below; else what is left
 * after those, at least 2 (dt_grid_wrap ends the last in the cut mark). */
static int decider_rows(const dt_grid *g, const dt_decision *d,
                        const char *who, int avail)
{
	int w = g->w - 2, need = dt_text_wrap_rows(who, w, g->ascii);
	int ev = dt_text_wrap_rows(d->evidence_digest, w, g->ascii);
	int below = 1 + (ev < 2 ? ev : 2)
	            + hash_rows(g, w, "record hash", d->hash, "")
	            + hash_rows(g, w, "previous", d->prev_hash,
	                        d->supersedes ? "" : " (first of this pilot)")
	            + (d->rationale[0] != '\0');
	int room = avail - below;
	if (room < 2)
		room = 2;
	if (need > room)
		need = room;
	return need < avail ? need : avail;
}

static void detail(decisions_state *p, dt_grid *g, int y, int end)
{
	const dt_decision *d = at(p, p->dc.sel);
	char who[DT_PV_DECIDERS_LEN];
	int w = g->w - 2;
	dt_grid_fill(g, 0, y, g->w, g->gl->hline, DT_ROLE_AXIS);
	char lb[64];
	dt_layout_printf(g, 2, y++, g->w - 4, DT_ROLE_LABEL, " #%lld %s ",
	               (long long)d->id, label_text(p, p->dc.sel, lb, sizeof lb));
	/* every item forced past while a row stays for the deciders (as the
	 * overview wraps it); cut only when the box is too short */
	if (d->forced_past[0] && y < end) {
		int nf = dt_layout_items_rows(g, w, "FORCED past open items:",
		                              d->forced_past);
		if (nf > end - y - 1)
			nf = end - y - 1 > 1 ? end - y - 1 : 1;
		y += dt_layout_items(g, 1, y, w, nf, "FORCED past open items:",
		                     d->forced_past, "dualtrack pilot show lists "
		                     "all", DT_ROLE_FAIL);
	}
	dt_pv_deciders(d, who, sizeof who);
	if (y < end)
		y += dt_grid_wrap(g, 1, y, w, decider_rows(g, d, who, end - y),
		                  who, DT_ROLE_NORMAL);
	/* the full evidence digest and chain hashes on lines of their own
	 * (64 hex digits fit 80 columns); the list rows show the record
	 * hash by its prefix when they have room */
	if (y < end)
		dt_layout_text(g, 1, y++, w, "evidence sha256 (what the decision "
		               "rests on):", DT_ROLE_LABEL);
	if (y < end)
		y += dt_grid_wrap(g, 1, y, w, end - y < 2 ? end - y : 2,
		                  d->evidence_digest, DT_ROLE_STATUS);
	if (y < end)
		y += hash_line(g, y, end, "record hash", d->hash, "");
	if (y < end)
		y += hash_line(g, y, end, "previous", d->prev_hash,
		               d->supersedes ? "" : " (first of this pilot)");
	if (y < end)
		dt_grid_wrap(g, 1, y, w, end - y, d->rationale, DT_ROLE_NORMAL);
}

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	decisions_state *p = (decisions_state *)v;
	int list = h / 3, y;
	dec_cols c = col_widths(p, g);
	size_t i;
	dt_layout_printf(g, 1, y0, g->w - 1, DT_ROLE_AXIS, "%-5s %-*s %-16s %-*s%s",
	               "#", c.kind_w, "decision", "decided at (UTC)", c.by_w,
	               "entered by",
	               g->w >= HASH_COL_W ? " record hash" : "");
	if (p->pv.c->ov.ndecisions == 0) {
		dt_grid_wrap(g, 1, y0 + 2, g->w - 2, 2, "no decision yet: d records "
		             "go / continue / roll-back / compare-other-instance / "
		             "defer", DT_ROLE_STATUS);
		return;
	}
	if ((size_t)list > p->pv.c->ov.ndecisions)
		list = (int)p->pv.c->ov.ndecisions;
	for (i = dt_list_view(&p->dc, list), y = y0 + 1; i < p->pv.c->ov.ndecisions && y < y0 + 1 + list;
	     i++, y++)
		row(p, g, y, i, &c);
	detail(p, g, y, y0 + h);
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	decisions_state *p = (decisions_state *)v;
	if (a == DT_A_DECIDE) {
		dt_decide_form_open(v, &p->decide);
		return DT_SCR_REDRAW;
	}
	return dt_list_action(&p->dc, a) ? DT_SCR_REDRAW : DT_SCR_NONE;
}

static void sync(dt_pv *v)
{
	decisions_state *p = (decisions_state *)v;
	v->list = &p->dc;
	dt_list_set_count(&p->dc, v->c->ov.ndecisions);
}

/* Row i shows the decisions newest first. */
static int64_t row_id(dt_pv *v, size_t i)
{
	return i < v->c->ov.ndecisions ? at((decisions_state *)v, i)->id : 0;
}

static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	if (i < v->c->ov.ndecisions) {
		const dt_decision *d = at((decisions_state *)v, i);
		char who[400], lb[64];
		dt_pv_deciders(d, who, sizeof who);
		snprintf(buf, n, "#%lld %s %s %s %.300s", (long long)d->id,
		         label_text((decisions_state *)v, i, lb, sizeof lb),
		         d->recorded_by, who,
		         d->rationale);
	}
	return buf;
}

static int busy(const dt_pv *v)
{
	return ((const decisions_state *)v)->decide.open;
}

static unsigned raw(dt_pv *v, int key)
{
	decisions_state *p = (decisions_state *)v;
	dt_action r = dt_decide_form_key(v, &p->decide, key);
	if (p->decide.recorded) { /* the new decision is the newest: select it */
		p->decide.recorded = 0;
		p->dc.sel = 0;
	}
	return r ? DT_SCR_REDRAW : DT_SCR_NONE;
}

static const dt_form *dialog_form(const dt_pv *v)
{
	const decisions_state *p = (const decisions_state *)v;
	return p->decide.open && !p->decide.warn ? &p->decide.form : NULL;
}

static int dialog(dt_pv *v, dt_grid *g)
{
	decisions_state *p = (decisions_state *)v;
	if (p->decide.open)
		dt_decide_form_render(v, &p->decide, g);
	return p->decide.open;
}

/* The go confirmation's keys are its own (render_warning's last row). */
static size_t dialog_hint(const dt_pv *v, const dt_hint **h)
{
	if (!((const decisions_state *)v)->decide.warn)
		return 0;
	*h = dt_decide_warn_keys;
	return 2;
}

static const dt_pv_class cls = {
	.id = DT_S_DECISIONS,
	.size = sizeof(decisions_state),
	.body = body,
	.action = action,
	.busy = busy,
	.raw = raw,
	.dialog = dialog,
	.dialog_hint = dialog_hint,
	.dialog_form = dialog_form,
	.sync = sync,
	.row_id = row_id,
	.row_text = row_text,
};

/* On top: d on another section asked for the decide dialog. */
static void enter(void *st)
{
	decisions_state *p = st;
	dt_pv_enter(st);
	if (p->pv.c->want_decide) {
		p->pv.c->want_decide = 0;
		dt_decide_form_open(&p->pv, &p->decide);
	}
}

DT_PV_SCREEN_OPS(dt_decisions_ops, DT_S_DECISIONS, cls, enter);
