/* drill_form.c: the "add drill" dialog: a form (kind, runs before / after,
 * checkpoint id / location / checksum / step, resumed step, fault and
 * resumed times, note), then a review of what the logs pre-fill
 * (dt_drill_prefill: effective step, LR schedule, control loss) and the
 * recovery time against the task card, then one transaction that stores
 * the drill (dt_store_drill_add). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/pilots_internal.h"
#include "model/service/drill_prefill.h"
#include "model/service/drill_runs.h"
#include "model/util/clock.h"

enum { F_KIND, F_BEFORE, F_AFTER, F_CID, F_CLOC, F_CSUM, F_CSTEP, F_RSTEP,
       F_FAULT, F_RESUMED, F_NOTE, F_SAVE };

static const struct { const char *label; size_t cap; } text_fields[] = {
	[F_CID] = { "checkpoint id", 255 },
	[F_CLOC] = { "checkpoint location", 1023 },
	[F_CSUM] = { "checkpoint checksum", 159 },
	[F_CSTEP] = { "checkpoint step", 20 },
	[F_RSTEP] = { "resumed step", 20 },
	/* ISO 8601 with a zone (stored as UTC): the model's names */
	[F_FAULT] = { "fault time", 31 },
	[F_RESUMED] = { "resumed time", 31 },
	[F_NOTE] = { "note", 1023 },
};

void dt_drill_form_close(dt_drill_form *df)
{
	free(df->runs);
	memset(df, 0, sizeof *df);
}

static void choice(dt_field *f, const char *label, const char *const *v,
                   size_t n, size_t pick)
{
	f->label = label;
	f->kind = DT_FIELD_CHOICE;
	f->choices = v;
	f->nchoices = n;
	f->choice = pick;
}

void dt_drill_form_open(dt_pv *p, dt_drill_form *df)
{
	size_t i, first_pilot = 0;
	int k;
	dt_drill_form_close(df);
	df->runs = malloc((p->c->ov.nruns + 1) * sizeof *df->runs);
	if (!df->runs) {
		dt_pv_msg(p, 1, "out of memory");
		return;
	}
	df->runs[0] = "-";
	for (i = 0; i < p->c->ov.nruns; i++) {
		df->runs[i + 1] = p->c->ov.runs[i].run.name;
		if (!first_pilot && p->c->ov.runs[i].role == DT_RUN_PILOT)
			first_pilot = i + 1;
	}
	df->nruns = p->c->ov.nruns + 1;
	for (k = 0; k < DT_DRILL_KIND_COUNT; k++)
		df->kinds[k] = dt_drill_kind_name((dt_drill_kind)k);
	choice(&df->f[F_KIND], "kind", df->kinds, DT_DRILL_KIND_COUNT, 0);
	choice(&df->f[F_BEFORE], "run before", df->runs, df->nruns, first_pilot);
	choice(&df->f[F_AFTER], "run after", df->runs, df->nruns, 0);
	snprintf(df->f[F_AFTER].aside, sizeof df->f[F_AFTER].aside,
	         "- = restart inside");
	for (k = F_CID; k <= F_NOTE; k++) {
		df->f[k].label = text_fields[k].label;
		df->f[k].kind = DT_FIELD_TEXT;
		df->f[k].cap = text_fields[k].cap;
	}
	snprintf(df->f[F_RSTEP].aside, sizeof df->f[F_RSTEP].aside,
	         "empty = from the logs");
	snprintf(df->f[F_FAULT].aside, sizeof df->f[F_FAULT].aside,
	         "2026-11-02T10:41:00Z");
	df->f[F_SAVE].label = "review the pre-fill from the logs";
	df->f[F_SAVE].kind = DT_FIELD_BUTTON;
	dt_form_set(&df->form, df->f, DT_DRILL_FIELDS + 1);
	df->form.sel = 0;
	df->form.dialog = 1;
	dt_form_begin_edit(&df->form);
	df->open = 1;
}

/* The model's name of form row k (dt_drill_field_check), or -1 for a
 * row the model takes as a number or a choice. */
static int model_field(int k)
{
	switch (k) {
	case F_CID: return DT_DF_CHECKPOINT_ID;
	case F_CLOC: return DT_DF_CHECKPOINT_LOCATION;
	case F_CSUM: return DT_DF_CHECKPOINT_CHECKSUM;
	case F_FAULT: return DT_DF_FAULT_TIME;
	case F_RESUMED: return DT_DF_RESUMED_TIME;
	case F_NOTE: return DT_DF_NOTE;
	default: return -1;
	}
}

static const char *run_of(const dt_field *f)
{
	return f->choice ? f->choices[f->choice] : "";
}

/* Row k's text: v for row `over` (the editor's text), else its value. */
static const char *text_of(const dt_drill_form *df, int k, int over,
                           const char *v)
{
	return k == over ? v : df->f[k].value;
}

/* The drill the rows hold (row `over` holding v; -1: none), for the
 * pilot of p. */
static void build(dt_pv *p, const dt_drill_form *df, int over, const char *v,
                  dt_drill *d)
{
	memset(d, 0, sizeof *d);
	d->pilot_id = p->c->ov.pilot.id;
	d->kind = (dt_drill_kind)df->f[F_KIND].choice;
	dt_utf8_copy(d->run_before, sizeof d->run_before,
	             run_of(&df->f[F_BEFORE]));
	dt_utf8_copy(d->run_after, sizeof d->run_after, run_of(&df->f[F_AFTER]));
	dt_utf8_copy(d->checkpoint_id, sizeof d->checkpoint_id,
	             text_of(df, F_CID, over, v));
	dt_utf8_copy(d->checkpoint_location, sizeof d->checkpoint_location,
	             text_of(df, F_CLOC, over, v));
	dt_utf8_copy(d->checkpoint_checksum, sizeof d->checkpoint_checksum,
	             text_of(df, F_CSUM, over, v));
	d->checkpoint_step = strtoll(text_of(df, F_CSTEP, over, v), NULL, 10);
	d->resumed_step = strtoll(text_of(df, F_RSTEP, over, v), NULL, 10);
	dt_utf8_copy(d->fault_time, sizeof d->fault_time,
	             text_of(df, F_FAULT, over, v));
	dt_utf8_copy(d->resumed_time, sizeof d->resumed_time,
	             text_of(df, F_RESUMED, over, v));
	dt_utf8_copy(d->note, sizeof d->note, text_of(df, F_NOTE, over, v));
}

/* Row k holding text v as the save will check it (dt_drill_field_check,
 * with the other rows as they are; a step as an effective step >= 1).
 * Returns 0, or -1 with why in err. */
static int field_error(dt_pv *p, const dt_drill_form *df, int k,
                       const char *v, char *err, size_t errsz)
{
	int mf = model_field(k);
	if (k == F_CSTEP || k == F_RSTEP) {
		int64_t n;
		if (v[0] && dt_drill_step_parse(text_fields[k].label, v, &n, err,
		                                errsz) < 0)
			return -1;
	}
	if (mf >= 0) {
		dt_drill d;
		build(p, df, k, v, &d);
		if (dt_drill_field_check(&d, (dt_drill_field)mf, err, errsz) < 0)
			return -1;
	}
	return 0;
}

/* field_error as the form's check (ctx: the pilot view, whose drill form
 * is being edited). */
struct check_ctx { dt_pv *p; const dt_drill_form *df; };
static int form_check(void *ctx, size_t k, const char *v, char *err,
                      size_t errsz)
{
	const struct check_ctx *c = ctx;
	return field_error(c->p, c->df, (int)k, v, err, errsz);
}

/* Check row k holding text v as the save will. Returns 0, or -1 with
 * the row marked refused and the message set. */
static int check_field(dt_pv *p, dt_drill_form *df, int k, const char *v)
{
	char err[600];
	df->f[k].refused = field_error(p, df, k, v, err, sizeof err) < 0;
	if (df->f[k].refused) {
		dt_pv_msg(p, 1, "%s", err);
		return -1;
	}
	return 0;
}

/* Build the drill from the form and pre-fill it from the logs. A row
 * the save would refuse (each checked as when it is left) takes the
 * focus with the reason instead; a drill the save would still refuse
 * (dt_drill_validate, the save's own check) is reviewed with the reason
 * and no save offered. */
static void review(dt_pv *p, dt_drill_form *df)
{
	dt_drill *d = &df->d, v;
	dt_parity_opts po = dt_taskcard_parity(&p->c->ov.card);
	int k;
	for (k = F_CID; k <= F_NOTE; k++)
		if (check_field(p, df, k, df->f[k].value) < 0) {
			dt_form_focus(&df->form, (size_t)k);
			dt_form_begin_edit(&df->form);
			return;
		}
	build(p, df, -1, "", d);
	df->have_ev = 0;
	df->prefill_msg[0] = '\0';
	if (!d->run_before[0])
		snprintf(df->prefill_msg, sizeof df->prefill_msg,
		         "no run before the fault chosen: nothing to pre-fill");
	else if (dt_drill_prefill(p->c->st, d, po.rtol, &df->ev, df->prefill_msg,
	                          sizeof df->prefill_msg) == 0)
		df->have_ev = 1;
	if (df->have_ev)
		dt_drill_apply_evidence(d, &df->ev);
	v = *d;
	df->refusal[0] = '\0';
	if (dt_drill_validate(&v, df->refusal, sizeof df->refusal) == 0 &&
	    dt_drill_runs_check(p->c->st, &v, df->refusal,
	                        sizeof df->refusal) == 0)
		df->refusal[0] = '\0';
	else if (!df->refusal[0])
		snprintf(df->refusal, sizeof df->refusal, "the drill is refused");
	df->review = 1;
}

static void save(dt_pv *p, dt_drill_form *df)
{
	dt_drill *d = &df->d;
	if (dt_store_begin(p->c->st) < 0 || dt_store_drill_add(p->c->st, d, p->c->actor) < 0 ||
	    dt_store_commit(p->c->st) < 0) {
		dt_pv_msg(p, 1, "drill not recorded: %s", dt_store_error(p->c->st));
		dt_store_rollback(p->c->st);
		df->review = 0;
		return;
	}
	dt_pv_msg(p, 0, "drill #%lld %s recorded by %s", (long long)d->id,
	          dt_drill_kind_name(d->kind), p->c->actor);
	dt_drill_form_close(df);
	df->saved = 1; /* the drill log selects the new drill */
	dt_pv_written(p);
}

dt_action dt_drill_form_key(dt_pv *p, dt_drill_form *df, int key)
{
	if (df->review) {
		if ((key == DT_K_ENTER || key == 'y') && !df->refusal[0])
			save(p, df);
		else if (key == DT_KEY_ESC || key == 'q')
			df->review = 0;
		return DT_ACT_REDRAW;
	}
	switch (dt_form_key(&df->form, key)) {
	case DT_FORM_COMMIT:
		if (check_field(p, df, (int)df->form.sel, df->form.in.buf) == 0) {
			dt_form_commit_step(&df->form);
			p->c->msg[0] = '\0';
			p->c->msg_err = 0;
		}
		return DT_ACT_REDRAW;
	case DT_FORM_BUTTON:
		review(p, df);
		return DT_ACT_REDRAW;
	case DT_FORM_CANCEL:
		dt_drill_form_close(df);
		dt_pv_msg(p, 0, "cancelled: no drill recorded");
		return DT_ACT_REDRAW;
	case DT_FORM_REDRAW: {
		struct check_ctx c = { p, df };
		dt_pv_form_recheck(p, &df->form, form_check, &c);
		return DT_ACT_REDRAW;
	}
	default:
		return DT_ACT_NONE;
	}
}

const dt_hint dt_drill_review_keys[2] = {
	{ "Enter or y: save this drill;", 1 }, { "Esc: back to the form", 1 },
};

static void render_review(dt_pv *p, dt_drill_form *df, dt_grid *g, int ix, int iy, int w,
                          int end)
{
	const dt_drill *d = &df->d;
	char rec[96], cs[24], rsv[24];
	size_t k;
	int y = iy;
	dt_recovery_state rs = dt_pv_recovery(p->c, d, rec, sizeof rec);
	int nref = 0;
	if (df->refusal[0]) { /* the rows above the footer say why */
		nref = dt_text_wrap_rows(df->refusal, w - 17, g->ascii);
		nref = nref > 2 ? 2 : nref < 1 ? 1 : nref;
		end -= nref;
	}
	dt_grid_printf(g, ix, y++, w, DT_ROLE_NORMAL, "%s on %s%s%s",
	               dt_drill_kind_name(d->kind),
	               d->run_before[0] ? d->run_before : "-",
	               d->run_after[0] ? " -> " : " (restart inside the run)",
	               d->run_after);
	dt_grid_printf(g, ix, y++, w, DT_ROLE_NORMAL,
	               "checkpoint %s at step %s, resumed at step %s",
	               d->checkpoint_id[0] ? d->checkpoint_id : "-",
	               dt_drill_step_text(d->checkpoint_step, cs, sizeof cs),
	               dt_drill_step_text(d->resumed_step, rsv, sizeof rsv));
	dt_grid_printf(g, ix, y++, w, dt_pv_recovery_role(rs, DT_ROLE_NORMAL),
	               "recovery %s", rec);
	if (df->have_ev)
		dt_grid_text(g, ix, y++, w, "pre-filled from the data (\"data\"); "
		             "set the others later with [ ] p f n:", DT_ROLE_LABEL);
	else
		y += dt_grid_wrap(g, ix, y, w, 2, df->prefill_msg, DT_ROLE_WARN);
	for (k = 0; k < DT_DC_COUNT && y < end; k++, y++) {
		const dt_drill_check *c = &d->checks[k];
		int x = ix, two = c->note[0] && w < 100 && y + 1 < end;
		x += dt_grid_printf(g, x, y, 16, DT_ROLE_NORMAL, "%-15s ",
		                    dt_drill_item_name((dt_drill_item)k));
		x += dt_grid_printf(g, x, y, 12, dt_pv_dc_role(c->status), "%-11s ",
		                    dt_dc_status_name(c->status));
		x += dt_grid_printf(g, x, y, 6, DT_ROLE_STATUS, "%-5s ", c->source);
		if (two) /* a narrow box: the note on its own row */
			dt_layout_text(g, ix + 2, ++y, w - 2, c->note, DT_ROLE_NORMAL);
		else
			dt_layout_text(g, x, y, w - (x - ix), c->note, DT_ROLE_NORMAL);
	}
	if (nref) { /* never offer a save the store would refuse */
		dt_grid_text(g, ix, end, w, "cannot be saved:", DT_ROLE_FAIL);
		dt_grid_wrap(g, ix + 17, end, w - 17, nref, df->refusal,
		             DT_ROLE_WARN);
		dt_grid_text(g, ix, end + nref, w, "Esc: back to the form to "
		             "change it", DT_ROLE_PILOT);
		return;
	}
	dt_layout_hints(g, ix, end, w, 1, dt_drill_review_keys, 2, DT_ROLE_PILOT);
}

void dt_drill_form_render(dt_pv *p, dt_drill_form *df, dt_grid *g)
{
	int w, h, ix, iy;
	dt_dialog_size(g, DT_FORM_DIALOG_W, DT_FORM_DIALOG_H, &w, &h);
	dt_box(g, w, h, df->review ? "add drill: review" : "add drill", &ix, &iy);
	if (df->review) {
		render_review(p, df, g, ix, iy, w - 4, iy + h - 3);
		return;
	}
	df->form.label_w = 20;
	df->form.aside_w = w >= 90 ? 22 : 0;
	if (p->c->msg_err) { /* the error wraps into the rows the fields
	                      * leave free (2 at least) */
		int spare = h - 4 - (int)df->form.n, mrows;
		mrows = dt_layout_msg_rows(g, w - 4, p->c->msg, 2,
		                           2 + (spare > 0 ? spare : 0));
		dt_form_render(&df->form, g, ix, iy, w - 4, h - 2 - mrows);
		dt_grid_wrap(g, ix, iy + h - 2 - mrows, w - 4, mrows, p->c->msg,
		             DT_ROLE_WARN);
		return;
	}
	dt_form_render(&df->form, g, ix, iy, w - 4, h - 4);
	dt_layout_hints(g, ix, iy + h - 4, w - 4, 2, dt_form_hints,
	                DT_FORM_NHINTS, DT_ROLE_STATUS);
}
