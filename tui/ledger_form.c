/* ledger_form.c: the ledger screen's dialogs: enter one ledger value
 * (side, value, basis, note) through dt_store_ledger_set, and answer the
 * scenario guide through dt_scenario_save. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/util/num.h"
#include "tui/pilots_internal.h"
#include "model/service/scenario_save.h"

enum { E_SIDE, E_VALUE, E_BASIS, E_NOTE, E_SAVE };

static const char *const sides[] = { "gpu", "trn2" };
static const char *const bases[] = { "official", "measured", "assumption" };
/* dt_answer order: DT_ANS_UNKNOWN, DT_ANS_YES, DT_ANS_NO */
static const char *const answers[] = { "unknown", "yes", "no" };
static const char *const trainings[] = { "-", "lora", "full", "continued" };

static const char *key_of(const dt_ledger_ui *lg)
{
	return lg->e_is_time ? dt_ledger_cat_key(lg->e_index)
	                     : dt_ledger_item_key(lg->e_index);
}

void dt_ledger_form_open(dt_ledger_ui *lg, int is_time, int index, int side)
{
	const dt_ledger_input *in = is_time ? &lg->v.sides[side].time[index]
	                                    : &lg->v.sides[side].item[index];
	static const char *const labels[] = { "side", "value", "basis", "note",
	                                      "save" };
	int i;
	memset(lg->ef, 0, sizeof lg->ef);
	for (i = 0; i < DT_LG_VALUE_FIELDS; i++) {
		lg->ef[i].label = labels[i];
		lg->ef[i].kind = DT_FIELD_TEXT;
		lg->ef[i].cap = 150;
	}
	lg->ef[E_SIDE].kind = DT_FIELD_CHOICE;
	lg->ef[E_SIDE].choices = sides;
	lg->ef[E_SIDE].nchoices = 2;
	lg->ef[E_SIDE].choice = (size_t)side;
	lg->ef[E_BASIS].kind = DT_FIELD_CHOICE;
	lg->ef[E_BASIS].choices = bases;
	lg->ef[E_BASIS].nchoices = 3;
	lg->ef[E_BASIS].choice = in->basis == DT_BASIS_OFFICIAL ? 0
	                         : in->basis == DT_BASIS_ASSUMPTION ? 2 : 1;
	lg->ef[E_SAVE].kind = DT_FIELD_BUTTON;
	if (in->basis != DT_BASIS_NONE && !in->from_log)
		snprintf(lg->ef[E_VALUE].value, sizeof lg->ef[E_VALUE].value, "%.6g",
		         is_time ? in->value / 3600 : in->value);
	if (!in->from_log)
		snprintf(lg->ef[E_NOTE].value, sizeof lg->ef[E_NOTE].value, "%s",
		         in->note);
	snprintf(lg->ef[E_VALUE].aside, sizeof lg->ef[E_VALUE].aside, "%s",
	         is_time ? "hours, or 90m / 300s" : dt_ledger_item_unit(index));
	lg->e_is_time = is_time;
	lg->e_index = index;
	memset(&lg->eform, 0, sizeof lg->eform);
	dt_form_set(&lg->eform, lg->ef, DT_LG_VALUE_FIELDS);
	lg->eform.sel = E_VALUE;
	lg->eform.dialog = 1;
	dt_form_begin_edit(&lg->eform);
	lg->edit_open = 1;
}

void dt_scenario_form_open(dt_ledger_ui *lg)
{
	int q;
	size_t t;
	memset(lg->sf, 0, sizeof lg->sf);
	for (q = 0; q < DT_Q_COUNT; q++) {
		lg->sf[q].label = dt_scenario_key(q);
		lg->sf[q].kind = DT_FIELD_CHOICE;
		lg->sf[q].choices = answers;
		lg->sf[q].nchoices = 3;
		lg->sf[q].choice = (size_t)lg->sc.a[q];
	}
	lg->sf[DT_Q_COUNT].label = "training";
	lg->sf[DT_Q_COUNT].kind = DT_FIELD_CHOICE;
	lg->sf[DT_Q_COUNT].choices = trainings;
	lg->sf[DT_Q_COUNT].nchoices = 4;
	for (t = 1; t < 4; t++)
		if (strcmp(lg->sc.training, trainings[t]) == 0)
			lg->sf[DT_Q_COUNT].choice = t;
	lg->sf[DT_Q_COUNT + 1].label = "save";
	lg->sf[DT_Q_COUNT + 1].kind = DT_FIELD_BUTTON;
	memset(&lg->sform, 0, sizeof lg->sform);
	dt_form_set(&lg->sform, lg->sf, DT_Q_COUNT + 2);
	lg->sform.dialog = 1;
	lg->sc_open = 1;
}

void dt_ledger_forms_render(dt_pv *p, dt_ledger_ui *lg, dt_grid *g)
{
	int w, h, ix, iy;
	char title[160];
	if (lg->edit_open) {
		snprintf(title, sizeof title, "%s: Enter on save records it, Esc "
		         "cancels", key_of(lg));
		dt_dialog_size(g, DT_DIALOG_W, 10, &w, &h);
		dt_box(g, w, h, title, &ix, &iy);
		lg->eform.label_w = 8;
		lg->eform.aside_w = 22;
		dt_form_render(&lg->eform, g, ix, iy, w - 4, DT_LG_VALUE_FIELDS);
		dt_grid_wrap(g, ix, iy + DT_LG_VALUE_FIELDS + 1, w - 4, 2, p->c->msg,
		             p->c->msg_err ? DT_ROLE_WARN : DT_ROLE_STATUS);
		return;
	}
	/* a refusal takes the rows it wraps to (the box grows, up to 3),
	 * cut with a mark only when the screen has no more */
	int mrows = 1;
	dt_dialog_size(g, DT_DIALOG_W, DT_Q_COUNT + 7, &w, &h);
	if (p->c->msg_err) {
		mrows = dt_layout_msg_rows(g, w - 4, p->c->msg, 1, 3);
		dt_dialog_size(g, DT_DIALOG_W, DT_Q_COUNT + 6 + mrows, &w, &h);
	}
	dt_box(g, w, h, "scenario guide: Left/Right answers, save "
	       "records, Esc cancels", &ix, &iy);
	dt_grid_wrap(g, ix, iy, w - 4, 2, lg->sform.sel < DT_Q_COUNT
	             ? dt_scenario_question((int)lg->sform.sel)
	             : "training type (full: a trn2 pilot only after parallelism, "
	               "checkpoint and recovery checks)", DT_ROLE_LABEL);
	lg->sform.label_w = 20;
	lg->sform.aside_w = 0;
	dt_form_render(&lg->sform, g, ix, iy + 2, w - 4, DT_Q_COUNT + 2);
	if (p->c->msg_err)
		dt_grid_wrap(g, ix, iy + DT_Q_COUNT + 4, w - 4,
		             h - 2 - (DT_Q_COUNT + 4), p->c->msg, DT_ROLE_WARN);
}

/* Row k (value or note) holding text v as the record will check it
 * (dt_ledger_value_parse, dt_ledger_input_check: the CLI's ledger set's
 * checks and words). Returns 0, or -1 with why in err. */
static int field_error(dt_pv *p, const dt_ledger_ui *lg, int k,
                       const char *v, char *err, size_t errsz)
{
	double x;
	if (k == E_VALUE)
		return dt_ledger_value_parse(key_of(lg), lg->e_is_time, v, &x, err,
		                             errsz);
	if (k == E_NOTE)
		return dt_ledger_input_check(p->c->ov.pilot.name, v, err, errsz);
	return 0;
}

/* field_error as the form's check (ctx: the pilot view and the ledger
 * dialog). */
struct check_ctx { dt_pv *p; const dt_ledger_ui *lg; };
static int form_check(void *ctx, size_t k, const char *v, char *err,
                      size_t errsz)
{
	const struct check_ctx *c = ctx;
	return field_error(c->p, c->lg, (int)k, v, err, errsz);
}

/* Check row k holding text v as the record will. Returns 0, or -1 with
 * the row marked refused and the message set. */
static int check_field(dt_pv *p, dt_ledger_ui *lg, int k, const char *v)
{
	char err[300];
	int rc = field_error(p, lg, k, v, err, sizeof err);
	lg->ef[k].refused = rc < 0;
	if (rc < 0)
		dt_pv_msg(p, 1, "%s", err);
	return rc;
}

/* Validate and record the value dialog; 0 saved, -1 refused (msg). */
static int save_value(dt_pv *p, dt_ledger_ui *lg)
{
	const char *text = lg->ef[E_VALUE].value, *key = key_of(lg);
	double v;
	int k;
	for (k = E_VALUE; k <= E_NOTE; k += E_NOTE - E_VALUE)
		if (check_field(p, lg, k, lg->ef[k].value) < 0) {
			dt_form_focus(&lg->eform, (size_t)k);
			dt_form_begin_edit(&lg->eform);
			return -1;
		}
	char err[300];
	if (dt_ledger_value_parse(key, lg->e_is_time, text, &v, err,
	                          sizeof err) < 0)
		return -1; /* check_field refused it above */
	if (dt_store_ledger_set(p->c->st, p->c->ov.pilot.name,
	                        sides[lg->ef[E_SIDE].choice % 2], key, v,
	                        bases[lg->ef[E_BASIS].choice % 3],
	                        lg->ef[E_NOTE].value, p->c->actor) < 0) {
		dt_pv_msg(p, 1, "not saved: %s", dt_store_error(p->c->st));
		return -1;
	}
	dt_pv_msg(p, 0, "%s %s = %s (%s) saved by %s",
	          sides[lg->ef[E_SIDE].choice % 2], key, text,
	          bases[lg->ef[E_BASIS].choice % 3], p->c->actor);
	return 0;
}

/* What a dialog does with the form results it does not handle itself:
 * Esc closes it (nothing recorded), a redraw is a redraw. */
static dt_action dialog_rest(dt_pv *p, int *open, dt_form_result r)
{
	if (r == DT_FORM_CANCEL) {
		*open = 0;
		dt_pv_msg(p, 0, "cancelled: nothing recorded");
		return DT_ACT_REDRAW;
	}
	return r == DT_FORM_REDRAW ? DT_ACT_REDRAW : DT_ACT_NONE;
}

static dt_action value_key(dt_pv *p, dt_ledger_ui *lg, int key)
{
	dt_form_result r = dt_form_key(&lg->eform, key);
	switch (r) {
	case DT_FORM_COMMIT:
		/* an empty value may be left (the other rows first); the save
		 * checks it */
		if (!lg->eform.in.buf[0] ||
		    check_field(p, lg, (int)lg->eform.sel, lg->eform.in.buf) == 0) {
			dt_form_commit_step(&lg->eform);
			p->c->msg[0] = '\0';
			p->c->msg_err = 0;
		}
		return DT_ACT_REDRAW;
	case DT_FORM_BUTTON:
		if (save_value(p, lg) == 0) {
			lg->edit_open = 0;
			dt_pv_written(p);
		}
		return DT_ACT_REDRAW;
	case DT_FORM_REDRAW: {
		struct check_ctx c = { p, lg };
		dt_pv_form_recheck(p, &lg->eform, form_check, &c);
		return DT_ACT_REDRAW;
	}
	default:
		return dialog_rest(p, &lg->edit_open, r);
	}
}

static dt_action scenario_key(dt_pv *p, dt_ledger_ui *lg, int key)
{
	dt_scenario_answers a;
	dt_scenario_result r;
	int q;
	dt_form_result fr = dt_form_key(&lg->sform, key);
	if (fr != DT_FORM_BUTTON)
		return dialog_rest(p, &lg->sc_open, fr);
	memset(&a, 0, sizeof a);
	for (q = 0; q < DT_Q_COUNT; q++)
		a.a[q] = (dt_answer)(lg->sf[q].choice % 3);
	if (lg->sf[DT_Q_COUNT].choice)
		snprintf(a.training, sizeof a.training, "%s",
		         trainings[lg->sf[DT_Q_COUNT].choice % 4]);
	if (dt_scenario_save(p->c->st, p->c->ov.pilot.name, &a, p->c->actor, &r) < 0) {
		dt_pv_msg(p, 1, "not saved: %s", dt_store_error(p->c->st));
		return DT_ACT_REDRAW;
	}
	lg->sc_open = 0;
	dt_pv_msg(p, 0, "scenario saved by %s: %s", p->c->actor,
	          dt_recommendation_name(r.rec));
	dt_pv_written(p);
	return DT_ACT_REDRAW;
}

dt_action dt_ledger_forms_key(dt_pv *p, dt_ledger_ui *lg, int key)
{
	if (lg->edit_open)
		return value_key(p, lg, key);
	if (lg->sc_open)
		return scenario_key(p, lg, key);
	return DT_ACT_NONE;
}
