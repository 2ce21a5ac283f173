/* screen_taskcard.c: the task card as a form: pick a field, type a
 * value, Enter saves it through dt_store_taskcard_set (validated by the model;
 * a refused value stays in the editor, its row marked, with the reason
 * shown until the text typed would be taken). */
#include <stdio.h>
#include <string.h>

#include "model/util/err.h"
#include "tui/pilots_internal.h"

/* The task card screen's state: one form row per card field. */
typedef struct card_state {
	dt_pv pv;
	dt_field f[DT_TC_COUNT];
	dt_form card;
	dt_list find;               /* `/` search over the fields */
} card_state;

/* Rows from the open pilot's card (values, who / when); an edit in
 * progress stays open. */
static void fill(dt_pv *v)
{
	card_state *p = (card_state *)v;
	int i;
	for (i = 0; i < DT_TC_COUNT; i++) {
		dt_field *f = &p->f[i];
		char when[17];
		f->label = dt_taskcard_defs[i].key;
		f->kind = DT_FIELD_TEXT;
		f->cap = DT_TC_VALUE_MAX - 1;
		snprintf(f->value, sizeof f->value, "%s", p->pv.c->ov.card.value[i]);
		dt_pv_when(p->pv.c->ov.card.set_at[i], when);
		if (p->pv.c->ov.card.set_by[i][0])
			snprintf(f->aside, sizeof f->aside, "%s %s",
			         p->pv.c->ov.card.set_by[i], when);
		else
			f->aside[0] = '\0';
	}
	dt_form_set(&p->card, p->f, DT_TC_COUNT);
	v->list = &p->find;
	v->form = &p->card;
}

/* Search text of field i: its key, label and value. */
static const char *row_text(dt_pv *v, size_t i, char *buf, size_t n)
{
	card_state *p = (card_state *)v;
	if (i < DT_TC_COUNT)
		snprintf(buf, n, "%s %s %s", dt_taskcard_defs[i].key,
		         dt_taskcard_defs[i].label, p->f[i].value);
	return buf;
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

static void body(dt_pv *v, dt_grid *g, int y0, int h)
{
	card_state *p = (card_state *)v;
	const dt_tc_def *d = &dt_taskcard_defs[p->card.sel];
	p->card.label_w = 18;
	p->card.aside_w = g->w >= 100 ? 34 : 24;
	dt_layout_printf(g, 0, y0, g->w, DT_ROLE_LABEL, "%s: %s (empty clears)",
	               d->label, kind_hint(d->kind));
	dt_form_render(&p->card, g, 0, y0 + 1, g->w, h - 1);
}

/* The model's check of a card value (dt_taskcard_validate, as the store
 * checks it) as the form's check: a refusal re-checked as it is edited,
 * in the store's words ("not saved: ..."). */
static int form_check(void *ctx, size_t k, const char *text, char *err,
                      size_t errsz)
{
	char why[DT_ERR_MAX];
	(void)ctx;
	if (dt_taskcard_validate((dt_tc_field)k, text, why, sizeof why) == 0)
		return 0;
	snprintf(err, errsz, "not saved: %s", why);
	return -1;
}

/* Keys while a field is edited: Enter saves through
 * dt_store_taskcard_set; a refused value stays in the editor, its row
 * marked, until the text typed would be taken (dt_pv_form_recheck) or
 * Esc closes the editor. */
static unsigned raw(dt_pv *v, int key)
{
	card_state *p = (card_state *)v;
	dt_tc_field f = (dt_tc_field)p->card.sel;
	switch (dt_form_key(&p->card, key)) {
	case DT_FORM_COMMIT:
		if (dt_store_taskcard_set(p->pv.c->st, p->pv.c->ov.pilot.id, f, p->card.in.buf,
		                    p->pv.c->actor) < 0) {
			dt_pv_msg(&p->pv, 1, "not saved: %s", dt_store_error(p->pv.c->st));
			p->f[f].refused = 1;
			return DT_SCR_REDRAW; /* the editor stays open */
		}
		p->f[f].refused = 0;
		dt_form_commit_step(&p->card);
		dt_pv_msg(&p->pv, 0, "%s saved by %s", dt_taskcard_defs[f].key, p->pv.c->actor);
		dt_pv_written(&p->pv);
		return DT_SCR_REDRAW;
	case DT_FORM_CANCEL:
		p->f[f].refused = 0;
		dt_pv_msg(&p->pv, 0, "not saved: %s unchanged", dt_taskcard_defs[f].key);
		return DT_SCR_REDRAW;
	case DT_FORM_REDRAW:
		dt_pv_form_recheck(&p->pv, &p->card, form_check, NULL);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static unsigned action(dt_pv *v, dt_action_id a)
{
	card_state *p = (card_state *)v;
	if (dt_form_list_action(&p->card, a))
		return DT_SCR_REDRAW;
	switch (a) {
	case DT_A_EDIT:
		dt_form_begin_edit(&p->card);
		return DT_SCR_REDRAW;
	default:
		return DT_SCR_NONE;
	}
}

static int busy(const dt_pv *v)
{
	return ((const card_state *)v)->card.editing;
}

static const dt_pv_class cls = {
	.id = DT_S_CARD,
	.size = sizeof(card_state),
	.body = body,
	.action = action,
	.busy = busy,
	.raw = raw,
	.sync = fill,
	.row_text = row_text,
};

DT_PV_SCREEN_OPS(dt_card_ops, DT_S_CARD, cls, dt_pv_enter);
