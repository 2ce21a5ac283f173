/* decide_form.c: the "decide" dialog: kind (go, continue, roll-back,
 * compare-other-instance, defer), rationale, deciders as
 * "NAME:ROLE; NAME:ROLE" (pre-filled with the current decision's). A go
 * while checklist items are failed or pending first shows a warning that
 * names them and records only on an explicit y. The record is appended
 * with dt_decide (hash-chained; it supersedes the pilot's current
 * decision, which stays in the log unchanged). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/pilots_internal.h"

enum { F_KIND, F_RATIONALE, F_DECIDERS, F_SAVE };

void dt_decide_form_open(dt_pv *p, dt_decide_form *df)
{
	const dt_decision *cur = dt_assessment_latest(&p->c->ov);
	size_t k, o = 0;
	memset(df, 0, sizeof *df);
	for (k = 0; k < DT_DECIDE_COUNT; k++)
		df->kinds[k] = dt_decision_kind_name((dt_decision_kind)k);
	df->f[F_KIND].label = "decision";
	df->f[F_KIND].kind = DT_FIELD_CHOICE;
	df->f[F_KIND].choices = df->kinds;
	df->f[F_KIND].nchoices = DT_DECIDE_COUNT;
	df->f[F_KIND].choice = DT_DECIDE_CONTINUE;
	df->f[F_RATIONALE].label = "rationale";
	df->f[F_DECIDERS].label = "deciders";
	df->f[F_RATIONALE].kind = df->f[F_DECIDERS].kind = DT_FIELD_TEXT;
	for (k = 0; cur && k < cur->ndeciders; k++) {
		dt_field *f = &df->f[F_DECIDERS];
		o += (size_t)snprintf(f->value + o, sizeof f->value - o, "%s%s:%s",
		                      k ? "; " : "", cur->deciders[k].name,
		                      dt_decider_role_name(cur->deciders[k].role));
		if (o >= sizeof f->value)
			break;
	}
	df->f[F_SAVE].label = "record decision";
	df->f[F_SAVE].kind = DT_FIELD_BUTTON;
	dt_form_set(&df->form, df->f, 4);
	df->form.dialog = 1;
	dt_form_begin_edit(&df->form);
	df->open = 1;
}

/* "NAME:ROLE; NAME:ROLE" (text) into df->dk, checked as the record will
 * be (dt_decider_add, dt_decision_deciders_check). Returns 0 or -1 (why
 * in err, the words the message shows). */
static int parse_deciders(dt_decide_form *df, const char *text, char *err,
                          size_t errsz)
{
	char buf[1024], why[256], *save = NULL, *tok;
	snprintf(buf, sizeof buf, "%s", text);
	df->nd = 0;
	for (tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
		char *e;
		while (*tok == ' ')
			tok++;
		for (e = tok + strlen(tok); e > tok && e[-1] == ' ';)
			*--e = '\0';
		if (!*tok)
			continue;
		if (dt_decider_add(df->dk, &df->nd, tok, why, sizeof why) < 0) {
			snprintf(err, errsz, "deciders: %s", why);
			return -1;
		}
	}
	if (dt_decision_deciders_check(df->dk, df->nd, why, sizeof why) < 0) {
		snprintf(err, errsz, "deciders: %s: NAME:ROLE (researcher, "
		         "training-engineer, platform), ';' between", why);
		return -1;
	}
	return 0;
}

/* Row k holding text v as the record will check it (dt_decision_validate's
 * halves; a blank rationale or no deciders too). Returns 0, or -1 with
 * why in err. */
static int field_error(dt_decide_form *df, int k, const char *v, char *err,
                       size_t errsz)
{
	if (k == F_RATIONALE)
		return dt_decision_rationale_check(v, err, errsz);
	if (k == F_DECIDERS)
		return parse_deciders(df, v, err, errsz);
	return 0;
}

/* Check row k holding text v as it is left (dir: +1 forward, -1 back).
 * Going back (Up, S-Tab) past an empty row is let through, so an earlier
 * row can be changed first; the row is checked again when it is left
 * forward and on the button. Returns 0, or -1 with the row marked
 * refused and the message set. */
static int check_field(dt_pv *p, dt_decide_form *df, int k, const char *v,
                       int dir)
{
	char err[600];
	int rc = 0;
	df->f[k].refused = 0;
	if (!v[0] && dir < 0)
		return 0;
	if (field_error(df, k, v, err, sizeof err) < 0) {
		dt_pv_msg(p, 1, "%s", err);
		rc = -1;
	}
	df->f[k].refused = rc < 0;
	return rc;
}

/* field_error as the form's check (ctx: the decide form). */
static int form_check(void *ctx, size_t k, const char *v, char *err,
                      size_t errsz)
{
	return field_error(ctx, (int)k, v, err, errsz);
}

/* Refuse on row k: its editor takes the focus (the message is set). */
static void refuse_at(dt_decide_form *df, int k)
{
	df->f[k].refused = 1;
	dt_form_focus(&df->form, (size_t)k);
	dt_form_begin_edit(&df->form);
}

static void record(dt_pv *p, dt_decide_form *df)
{
	dt_decision d;
	char err[600];
	dt_decision_kind kind = (dt_decision_kind)df->f[F_KIND].choice;
	int rc = dt_decide(p->c->st, p->c->ov.pilot.name, kind, df->f[F_RATIONALE].value,
	                   df->dk, df->nd, p->c->actor, &d, err, sizeof err);
	if (rc != 0) {
		dt_pv_msg(p, 1, "not recorded: %s", err);
		df->warn = 0;
		return;
	}
	if (d.supersedes)
		dt_pv_msg(p, 0, "decision #%lld %s recorded by %s; supersedes #%lld",
		          (long long)d.id, d.kind_text, p->c->actor,
		          (long long)d.supersedes);
	else
		dt_pv_msg(p, 0, "decision #%lld %s recorded by %s", (long long)d.id,
		          d.kind_text, p->c->actor);
	free(d.evidence_text);
	df->open = 0;
	df->recorded = 1; /* the decision log selects the new one */
	dt_pv_written(p);
}

/* The button: the decision as the record will check it
 * (dt_decision_validate's halves, rationale first), so the go warning
 * never offers a record that would be refused; then the warning for a
 * go past open items, else the record. */
static void submit(dt_pv *p, dt_decide_form *df)
{
	char err[600];
	if (dt_decision_rationale_check(df->f[F_RATIONALE].value, err,
	                                sizeof err) < 0) {
		dt_pv_msg(p, 1, "%s", err);
		refuse_at(df, F_RATIONALE);
		return;
	}
	if (parse_deciders(df, df->f[F_DECIDERS].value, err, sizeof err) < 0) {
		dt_pv_msg(p, 1, "%s", err);
		refuse_at(df, F_DECIDERS);
		return;
	}
	df->nblk = 0;
	if (df->f[F_KIND].choice == DT_DECIDE_GO)
		df->nblk = dt_checklist_blocking(&p->c->ov.checklist, df->blk);
	if (df->nblk) {
		df->warn = 1;
		return;
	}
	record(p, df);
}

dt_action dt_decide_form_key(dt_pv *p, dt_decide_form *df, int key)
{
	if (df->warn) {
		if (key == 'y')
			record(p, df);
		else
			df->warn = 0;
		return DT_ACT_REDRAW;
	}
	switch (dt_form_key(&df->form, key)) {
	case DT_FORM_COMMIT:
		if (check_field(p, df, (int)df->form.sel, df->form.in.buf,
		                df->form.dir) == 0) {
			dt_form_commit_step(&df->form);
			p->c->msg[0] = '\0';
			p->c->msg_err = 0;
		}
		return DT_ACT_REDRAW;
	case DT_FORM_BUTTON:
		submit(p, df);
		return DT_ACT_REDRAW;
	case DT_FORM_CANCEL:
		df->open = 0;
		dt_pv_msg(p, 0, "cancelled: no decision recorded");
		return DT_ACT_REDRAW;
	case DT_FORM_REDRAW:
		dt_pv_form_recheck(p, &df->form, form_check, df);
		return DT_ACT_REDRAW;
	default:
		return DT_ACT_NONE;
	}
}

const dt_hint dt_decide_warn_keys[2] = {
	{ "y: record go anyway;", 1 }, { "any other key: back to the form", 1 },
};

static void render_warning(dt_pv *p, dt_decide_form *df, dt_grid *g, int ix, int iy, int w,
                           int end)
{
	int y = iy;
	size_t i;
	char more[32];
	dt_layout_printf(g, ix, y++, w, DT_ROLE_FAIL, "WARNING: go while %zu "
	                 "checklist item%s not passed:", df->nblk,
	                 df->nblk == 1 ? " is" : "s are");
	/* one row per item, its title ellipsised; the last free row says how
	 * many items did not fit */
	for (i = 0; i < df->nblk && y < end - 1; i++, y++) {
		const dt_check_item *it = &p->c->ov.checklist.items[df->blk[i]];
		int x = ix;
		if (i + 1 < df->nblk && y == end - 2)
			break;
		x += dt_grid_printf(g, x, y, 9, DT_ROLE_WARN, "  %-7s",
		                    dt_check_defs[it->id].id);
		x += dt_grid_printf(g, x, y, 9, dt_pv_check_role(it->status), "%-8s ",
		                    dt_check_status_name(it->status));
		dt_layout_text(g, x, y, w - (x - ix), dt_check_defs[it->id].title,
		               DT_ROLE_NORMAL);
	}
	dt_layout_more(i, df->nblk, more, sizeof more);
	if (more[0])
		dt_layout_printf(g, ix, y, w, DT_ROLE_STATUS, "  %s", more);
	dt_layout_hints(g, ix, end, w, 1, dt_decide_warn_keys, 2, DT_ROLE_PILOT);
}

void dt_decide_form_render(dt_pv *p, dt_decide_form *df, dt_grid *g)
{
	const dt_decision *cur = dt_assessment_latest(&p->c->ov);
	int w, h, ix, iy, y;
	char when[17];
	dt_dialog_size(g, DT_FORM_DIALOG_W, DT_FORM_DIALOG_H, &w, &h);
	dt_box(g, w, h, df->warn ? "decide: confirm go" : "decide", &ix, &iy);
	if (df->warn) {
		render_warning(p, df, g, ix, iy, w - 4, iy + h - 3);
		return;
	}
	/* the two header sentences wrap (2 rows each at most, then "…"); the
	 * form, the field's hint and the message row move down with them */
	char head[300];
	int msg_y = iy + h - 5, hint_rows;
	y = iy;
	if (cur) {
		dt_pv_when(cur->decided_at, when);
		snprintf(head, sizeof head, "current: #%lld %s (%s); a new one "
		         "supersedes it, none is edited", (long long)cur->id,
		         dt_decision_label(cur), when);
	} else {
		snprintf(head, sizeof head, "first decision of this pilot");
	}
	y += dt_grid_wrap(g, ix, y, w - 4, 2, head, DT_ROLE_LABEL);
	snprintf(head, sizeof head, "recorded by %s with the evidence's SHA-256 "
	         "(checklist, verdicts, drills)", p->c->actor);
	y += dt_grid_wrap(g, ix, y, w - 4, 2, head, DT_ROLE_STATUS);
	df->form.label_w = 10;
	df->form.aside_w = 0;
	dt_form_render(&df->form, g, ix, y + 1, w - 4, 4);
	y += 6;
	hint_rows = msg_y - 1 - y;
	if (hint_rows > 4)
		hint_rows = 4;
	if (hint_rows < 1)
		hint_rows = 0;
	else if (df->form.sel == F_DECIDERS || df->form.sel == F_KIND)
		dt_grid_wrap(g, ix, y, w - 4, hint_rows < 2 ? hint_rows : 2,
		             df->form.sel == F_KIND ?
		             "Left/Right, Space or its first letters: go, continue, "
		             "roll-back, compare-other-instance, defer" :
		             "NAME:ROLE; NAME:ROLE  roles: researcher, "
		             "training-engineer, platform", DT_ROLE_STATUS);
	else if (df->form.sel == F_RATIONALE) {
		/* the rationale whole, as it is being typed */
		const char *r = df->form.editing ? df->form.in.buf
		                                 : df->f[F_RATIONALE].value;
		dt_grid_wrap(g, ix, y, w - 4, hint_rows, r[0] ? r :
		             "why this decision, on which evidence (type it)",
		             DT_ROLE_NORMAL);
	}
	if (p->c->msg_err)
		dt_grid_wrap(g, ix, msg_y, w - 4, 2, p->c->msg, DT_ROLE_WARN);
	else
		dt_layout_hints(g, ix, msg_y, w - 4, 2, dt_form_hints,
		                DT_FORM_NHINTS, DT_ROLE_STATUS);
}
