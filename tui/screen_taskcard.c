/* screen_taskcard.c: the task card as a form: pick a field, type a
 * value, Enter saves it through dt_store_taskcard_set (validated by the model;
 * a refused value stays in the editor with the reason shown). */
#include <stdio.h>
#include <string.h>

#include "tui/pilots_internal.h"

void dt_pv_card_fill(dt_pilots *p)
{
	int i;
	for (i = 0; i < DT_TC_COUNT; i++) {
		dt_field *f = &p->card_f[i];
		char when[17];
		f->label = dt_taskcard_defs[i].key;
		f->kind = DT_FIELD_TEXT;
		f->cap = DT_TC_VALUE_MAX - 1;
		snprintf(f->value, sizeof f->value, "%s", p->c.ov.card.value[i]);
		dt_pv_when(p->c.ov.card.set_at[i], when);
		if (p->c.ov.card.set_by[i][0])
			snprintf(f->aside, sizeof f->aside, "%s %s",
			         p->c.ov.card.set_by[i], when);
		else
			f->aside[0] = '\0';
	}
	dt_form_set(&p->card, p->card_f, DT_TC_COUNT);
}

static const char *kind_hint(dt_tc_kind k)
{
	switch (k) {
	case DT_TC_INT: return "a whole number >= 1";
	case DT_TC_INT0: return "a whole number >= 0";
	case DT_TC_REAL: return "a number (range in the label)";
	case DT_TC_TYPE: return "lora, full or continued";
	case DT_TC_RULE: return "rtol or noise";
	default: return "text";
	}
}

void dt_pv_card_render(dt_pilots *p, dt_grid *g, int y0, int h)
{
	const dt_tc_def *d = &dt_taskcard_defs[p->card.sel];
	p->card.label_w = 18;
	p->card.aside_w = g->w >= 100 ? 34 : 24;
	dt_grid_printf(g, 0, y0, g->w, DT_ROLE_LABEL, "%s: %s (empty clears)",
	               d->label, kind_hint(d->kind));
	dt_form_render(&p->card, g, 0, y0 + 1, g->w, h - 1);
}

unsigned dt_pv_card_raw(dt_pilots *p, int key)
{
	dt_tc_field f = (dt_tc_field)p->card.sel;
	switch (dt_form_key(&p->card, key)) {
	case DT_FORM_COMMIT:
		if (dt_store_taskcard_set(p->c.st, p->c.ov.pilot.id, f, p->card.in.buf,
		                    p->c.actor) < 0) {
			dt_pv_msg(p, 1, "not saved: %s", dt_store_error(p->c.st));
			return DT_SCR_REDRAW; /* the editor stays open */
		}
		dt_form_commit_step(&p->card);
		dt_pv_msg(p, 0, "%s saved by %s", dt_taskcard_defs[f].key, p->c.actor);
		dt_pv_written(p);
		return DT_SCR_REDRAW;
	case DT_FORM_CANCEL:
		dt_pv_msg(p, 0, "not saved: %s unchanged", dt_taskcard_defs[f].key);
		return DT_SCR_REDRAW;
	case DT_FORM_REDRAW:
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static unsigned card_action(dt_pilots *p, dt_action_id a)
{
	switch (a) {
	case DT_A_DOWN:
	case DT_A_UP:
		dt_form_move(&p->card, a == DT_A_DOWN ? 1 : -1);
		return DT_SCR_REDRAW;
	case DT_A_EDIT:
		dt_form_begin_edit(&p->card);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static void render(void *st, dt_grid *g, const char *title)
{
	dt_pv_frame(st, g, title, DT_S_CARD, dt_pv_card_render);
}

static unsigned action(void *st, dt_action_id a)
{
	return dt_pv_action(st, a, card_action);
}

static unsigned raw_key(void *st, int key)
{
	return dt_pv_raw_key(st, key, dt_pv_card_raw);
}

static void enter(void *st)
{
	((dt_pilots *)st)->view = DT_PV_CARD;
}

const dt_screen_ops dt_card_ops = {
	.id = DT_S_CARD,
	.render = render,
	.action = action,
	.modal = dt_pv_modal,
	.raw_key = raw_key,
	.enter = enter,
};
