/* pilot_area.c: what the pilot screens share: the generic screen ops
 * every pilot screen is built on (open / close its state, the frame with
 * title and message rows, the one-line prompt and the screen's dialog
 * over it, the actions common to every screen inside a pilot, raw keys
 * while modal) and small helpers. The screens themselves, with their
 * state, are one file each (tui/pilots_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/pilots_internal.h"

#define DT_PV_MSG_ROWS 3 /* rows a status message may wrap to */

void dt_pv_msg(dt_pv *v, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->c->msg, sizeof v->c->msg, fmt, ap);
	va_end(ap);
	v->c->msg_err = err;
}

void dt_pv_form_recheck(dt_pv *v, dt_form *form, dt_form_check_fn check,
                        void *ctx)
{
	char err[600];
	switch (dt_form_recheck(form, check, ctx, err, sizeof err)) {
	case -1:
		dt_pv_msg(v, 1, "%s", err);
		break;
	case 1:
		v->c->msg[0] = '\0';
		v->c->msg_err = 0;
		break;
	default:
		break;
	}
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

dt_recovery_state dt_pv_recovery(const dt_pilot_ctx *c, const dt_drill *d,
                                 char *out, size_t n)
{
	dt_recovery_check rc = dt_drill_recovery_check(d, &c->ov.card);
	dt_recovery_text(&rc, out, n);
	return rc.state;
}

dt_role dt_pv_recovery_role(dt_recovery_state s, dt_role normal)
{
	return s == DT_REC_OVER ? DT_ROLE_FAIL : normal;
}

static int64_t row_id(void *arg, size_t i)
{
	dt_pv *v = arg;
	return v->cls->row_id(v, i);
}

/* Note which record the selection is on (cls->row_id screens). */
static void remember(dt_pv *v)
{
	if (v->cls->row_id && v->list)
		v->sel_id = v->list->sel < v->list->n
		            ? v->cls->row_id(v, v->list->sel) : 0;
}

/* Re-derive v's state when the context reloaded since; the selection
 * stays on the record it was on when that record is still listed. */
static void sync(dt_pv *v)
{
	if (v->gen == v->c->gen)
		return;
	v->gen = v->c->gen;
	if (v->cls->sync)
		v->cls->sync(v);
	if (v->cls->row_id && v->list && v->sel_id > 0)
		dt_list_select_id(v->list, v->sel_id, row_id, v);
}

void *dt_pv_open(void *c, const dt_pv_class *cls)
{
	dt_pv *v = calloc(1, cls->size);
	if (!v)
		return NULL;
	v->cls = cls;
	v->c = c;
	v->gen = v->c->gen - 1; /* not derived yet */
	sync(v);
	return v;
}

void dt_pv_close(void *st)
{
	dt_pv *v = st;
	if (!v)
		return;
	if (v->cls->done)
		v->cls->done(v);
	free(v);
}

void dt_pv_enter(void *st)
{
	sync(st);
}

void dt_pv_written(dt_pv *v)
{
	char keep[sizeof v->c->msg];
	int err = v->c->msg_err;
	snprintf(keep, sizeof keep, "%s", v->c->msg);
	dt_pilot_ctx_reload(v->c);
	sync(v);
	if (!v->c->msg_err || err) { /* a reload error wins over a success note */
		snprintf(v->c->msg, sizeof v->c->msg, "%s", keep);
		v->c->msg_err = err;
	}
}

void dt_pv_prompt(dt_pv *v, const char *title, const char *init,
                  dt_prompt_fn fn, int arg)
{
	v->prompt.open = 1;
	v->c->msg[0] = '\0'; /* an earlier refusal is not about this prompt */
	v->c->msg_err = 0;
	snprintf(v->prompt.title, sizeof v->prompt.title, "%s", title);
	dt_input_init(&v->prompt.in, init, 511);
	v->prompt.accept = fn;
	v->prompt.arg = arg;
}

static int busy(const dt_pv *v)
{
	return v->cls->busy && v->cls->busy(v);
}

int dt_pv_modal(void *st)
{
	const dt_pv *v = st;
	return v->prompt.open || busy(v) || (v->list && v->list->searching);
}

int dt_pv_keys_free(void *st)
{
	const dt_pv *v = st;
	if (v->prompt.open || (v->list && v->list->searching) || !busy(v) ||
	    !v->cls->dialog_form)
		return 0;
	return dt_form_on_button(v->cls->dialog_form(v));
}

static void render_prompt(dt_pv *v, dt_grid *g)
{
	int w, h, ix, iy, mrows = 2;
	dt_dialog_size(g, DT_DIALOG_W, 6, &w, &h);
	if (v->c->msg_err) { /* the box grows for a longer refusal */
		mrows = dt_layout_msg_rows(g, w - 4, v->c->msg, 2, DT_PV_MSG_ROWS + 1);
		dt_dialog_size(g, DT_DIALOG_W, 4 + mrows, &w, &h);
	}
	dt_box(g, w, h, "Enter saves, Esc cancels", &ix, &iy);
	dt_layout_text(g, ix, iy, w - 4, v->prompt.title, DT_ROLE_LABEL);
	dt_input_render(&v->prompt.in, g, ix, iy + 1, w - 4, DT_ROLE_NORMAL);
	if (v->c->msg_err)
		dt_grid_wrap(g, ix, iy + 2, w - 4, h - 4, v->c->msg, DT_ROLE_WARN);
}

/* 1 while a list-like form's inline editor (task card, journal) has the
 * keys: no prompt or dialog over it shows the message. */
static int inline_editing(const dt_pv *v)
{
	return !v->prompt.open && v->form && v->form->editing;
}

/* The screen's list while it searches or shows a search message. */
static dt_list *searching(dt_pv *v)
{
	return v->list && (v->list->searching || v->list->msg[0]) ? v->list
	                                                          : NULL;
}

void dt_pv_render(void *st, dt_grid *g, const char *title)
{
	dt_pv *v = st;
	const char *dash = dt_grid_dash(g);
	dt_list *l;
	int dialog = 0, mrows, r, in_box;
	sync(v);
	l = searching(v);
	dt_grid_clear(g);
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	if (v->cls->title) {
		v->cls->title(v, g, title);
	} else {
		/* altered records taint every screen of the pilot: the mark
		 * leads the title so a narrow terminal cannot cut it off; the
		 * store's path gives way to the pilot's and the screen's names */
		char name[DT_NAME_MAX + 80];
		snprintf(name, sizeof name, "%s%s%s", v->c->ov.pilot.name, dash,
		         dt_screen_title(v->cls->id));
		dt_layout_title_altered(g, v->c->ov.integrity.state ==
		                        DT_INTEGRITY_ALTERED, title, name);
	}
	/* a message takes the rows it wraps to above the footer (up to
	 * DT_PV_MSG_ROWS), the body giving them up, also while an inline
	 * editor (task card, journal) has the keys: the message is its
	 * refusal; one row while a prompt or dialog has the keys, left
	 * blank when it shows the message itself (a refusal: in_box), so
	 * the message is shown once */
	mrows = l || (dt_pv_modal(v) && !inline_editing(v)) ? 1
	        : dt_layout_msg_rows(g, g->w, v->c->msg, 1, DT_PV_MSG_ROWS);
	in_box = v->c->msg_err &&
	         (v->prompt.open || (v->cls->dialog && busy(v)));
	v->cls->body(v, g, 1, g->h - 2 - mrows);
	remember(v);
	if (l) {
		dt_list_render_search(l, g, 0, g->h - 2, g->w);
	} else {
		for (r = 1; r <= mrows; r++)
			dt_grid_fill(g, 0, g->h - 1 - r, g->w, L' ', DT_ROLE_NORMAL);
		dt_grid_wrap(g, 0, g->h - 1 - mrows, g->w, mrows,
		             in_box ? "" : v->c->msg,
		             v->c->msg_err ? DT_ROLE_WARN : DT_ROLE_PASS);
	}
	if (v->cls->dialog)
		dialog = v->cls->dialog(v, g);
	if (v->prompt.open)
		render_prompt(v, g);
	if (v->prompt.open || dialog || busy(v)) {
		/* a modal screen has no keymap footer: its keys here, cut as
		 * a footer is (Enter and Esc kept) */
		static const dt_hint prompt_keys[] = {
			{ "type the text;", 0 }, { "Enter:save", 1 },
			{ "Esc:cancel", 1 },
		};
		static const dt_hint editor_keys[] = {
			{ "type the value;", 0 }, { "Enter:save", 1 },
			{ "Esc:cancel", 1 },
		};
		const dt_hint *h = dt_form_hints;
		size_t nh = DT_FORM_NHINTS, k;
		if (v->prompt.open) {
			h = prompt_keys;
			nh = sizeof prompt_keys / sizeof prompt_keys[0];
		} else if (!dialog) { /* an inline editor (task card, journal) */
			h = editor_keys;
			nh = sizeof editor_keys / sizeof editor_keys[0];
		} else if (v->cls->dialog_hint &&
		           (k = v->cls->dialog_hint(v, &h)) > 0) {
			nh = k;
		} else {
			h = dt_form_hints;
		}
		dt_layout_hint_row(g, g->h - 1, h, nh);
	}
}

static unsigned prompt_key(dt_pv *v, int key)
{
	switch (dt_input_key(&v->prompt.in, key)) {
	case DT_IN_ACCEPT:
		if (v->prompt.accept(v, v->prompt.in.buf) == 0)
			v->prompt.open = 0;
		return DT_SCR_REDRAW;
	case DT_IN_CANCEL:
		v->prompt.open = 0;
		dt_pv_msg(v, 0, "cancelled: nothing recorded");
		return DT_SCR_REDRAW;
	case DT_IN_EDITED:
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

/* Search text of row i of the screen's list. */
static const char *row_text(void *arg, size_t i, char *buf, size_t n)
{
	dt_pv *v = arg;
	buf[0] = '\0';
	return v->cls->row_text ? v->cls->row_text(v, i, buf, n) : buf;
}

unsigned dt_pv_raw_key(void *st, int key)
{
	dt_pv *v = st;
	sync(v);
	if (v->prompt.open)
		return prompt_key(v, key);
	if (busy(v))
		return v->cls->raw(v, key);
	if (v->list && v->list->searching) {
		dt_list_search_key(v->list, key, row_text, v);
		if (v->form)
			dt_form_focus(v->form, v->list->sel);
		return DT_SCR_REDRAW;
	}
	return DT_SCR_NONE;
}

unsigned dt_pv_action(void *st, dt_action_id a)
{
	dt_pv *v = st;
	sync(v);
	v->c->msg[0] = '\0';
	v->c->msg_err = 0;
	if (v->list)
		v->list->msg[0] = '\0';
	if (v->c->open && v->cls->id != DT_S_PILOTS) {
		switch (a) {
		case DT_A_OPEN_CARD: return DT_SCR_OPEN(DT_S_CARD);
		case DT_A_OPEN_CHECKLIST: return DT_SCR_OPEN(DT_S_CHECKLIST);
		case DT_A_OPEN_DRILLS: return DT_SCR_OPEN(DT_S_DRILLS);
		case DT_A_OPEN_JOURNAL: return DT_SCR_OPEN(DT_S_JOURNAL);
		case DT_A_OPEN_DECISIONS: return DT_SCR_OPEN(DT_S_DECISIONS);
		case DT_A_LEDGER: /* loaded when it comes on top */
			return DT_SCR_OPEN(DT_S_LEDGER);
		case DT_A_DECIDE:
			if (v->cls->id == DT_S_DECISIONS)
				break; /* the decision log opens its own dialog */
			v->c->want_decide = 1;
			return DT_SCR_OPEN(DT_S_DECISIONS);
		default:
			break;
		}
	}
	if (a == DT_A_SEARCH && v->form && v->list) {
		/* a list-like form: the search starts at its selection */
		v->list->n = v->form->n;
		v->list->sel = v->form->sel;
		dt_list_action(v->list, a);
		return DT_SCR_REDRAW;
	}
	return v->cls->action ? v->cls->action(v, a) : DT_SCR_NONE;
}
