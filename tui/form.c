/* form.c: the form widget (rows of label / value / aside). */
#include "tui/form.h"

#include <stdio.h>
#include <string.h>

#include "tui/screens.h"

int dt_list_move(size_t *sel, size_t n, int key)
{
	switch (key) {
	case 'j':
	case DT_K_DOWN:
		if (*sel + 1 < n)
			(*sel)++;
		return 1;
	case 'k':
	case DT_K_UP:
		if (*sel)
			(*sel)--;
		return 1;
	case 'g':
	case DT_K_HOME:
		*sel = 0;
		return 1;
	case 'G':
	case DT_K_END:
		*sel = n ? n - 1 : 0;
		return 1;
	case DT_K_PGDN:
		*sel = *sel + 10 < n ? *sel + 10 : (n ? n - 1 : 0);
		return 1;
	case DT_K_PGUP:
		*sel = *sel > 10 ? *sel - 10 : 0;
		return 1;
	default:
		return 0;
	}
}

void dt_form_set(dt_form *form, dt_field *f, size_t n)
{
	form->f = f;
	form->n = n;
	if (form->sel >= n)
		form->sel = n ? n - 1 : 0;
	if (form->editing && (n == 0 || f[form->sel].kind != DT_FIELD_TEXT))
		form->editing = 0;
}

void dt_form_begin_edit(dt_form *form)
{
	const dt_field *f;
	if (form->sel >= form->n)
		return;
	f = &form->f[form->sel];
	if (f->kind != DT_FIELD_TEXT)
		return;
	dt_input_init(&form->in, f->value,
	              f->cap && f->cap < sizeof f->value ? f->cap
	                                                 : sizeof f->value - 1);
	form->editing = 1;
}

void dt_form_end_edit(dt_form *form, int keep)
{
	if (form->editing && keep && form->sel < form->n)
		dt_utf8_copy(form->f[form->sel].value,
		             sizeof form->f[form->sel].value, form->in.buf);
	form->editing = 0;
}

static void cycle(dt_field *f, int dir)
{
	if (f->nchoices == 0)
		return;
	f->choice = dir < 0 ? (f->choice + f->nchoices - 1) % f->nchoices
	                    : (f->choice + 1) % f->nchoices;
}

dt_form_result dt_form_key(dt_form *form, int key)
{
	dt_field *f;
	if (form->editing) {
		switch (dt_input_key(&form->in, key)) {
		case DT_IN_ACCEPT: return DT_FORM_COMMIT;
		case DT_IN_CANCEL: form->editing = 0; return DT_FORM_REDRAW;
		case DT_IN_EDITED: return DT_FORM_REDRAW;
		default: return DT_FORM_NONE;
		}
	}
	if (form->n == 0)
		return key == DT_KEY_ESC ? DT_FORM_CANCEL : DT_FORM_NONE;
	if (dt_list_move(&form->sel, form->n, key))
		return DT_FORM_REDRAW;
	f = &form->f[form->sel];
	switch (key) {
	case DT_K_LEFT:
	case DT_K_RIGHT:
	case ' ':
		if (f->kind != DT_FIELD_CHOICE)
			return DT_FORM_NONE;
		cycle(f, key == DT_K_LEFT ? -1 : 1);
		return DT_FORM_REDRAW;
	case DT_K_ENTER:
		if (f->kind == DT_FIELD_BUTTON)
			return DT_FORM_BUTTON;
		if (f->kind == DT_FIELD_CHOICE)
			cycle(f, 1);
		else
			dt_form_begin_edit(form);
		return DT_FORM_REDRAW;
	case DT_KEY_ESC:
		return DT_FORM_CANCEL;
	default:
		return DT_FORM_NONE;
	}
}

void dt_form_render(dt_form *form, dt_grid *g, int x, int y, int w, int h)
{
	int vx = x + form->label_w + 1, aw = form->aside_w;
	int vw = w - form->label_w - 1 - (aw ? aw + 1 : 0);
	size_t i;
	if (h < 1 || vw < 4)
		return;
	if (form->sel < form->top)
		form->top = form->sel;
	if (form->sel >= form->top + (size_t)h)
		form->top = form->sel - (size_t)h + 1;
	for (i = form->top; i < form->n && i < form->top + (size_t)h; i++) {
		const dt_field *f = &form->f[i];
		int row = y + (int)(i - form->top), sel = i == form->sel;
		dt_role r = sel ? DT_ROLE_SELECT : DT_ROLE_NORMAL;
		if (sel)
			dt_grid_fill(g, x, row, w, L' ', DT_ROLE_SELECT);
		if (f->kind == DT_FIELD_BUTTON) {
			dt_grid_printf(g, vx, row, vw, sel ? r : DT_ROLE_PILOT,
			               "[ %s ]", f->label);
			continue;
		}
		dt_grid_text(g, x, row, form->label_w, f->label,
		             sel ? r : DT_ROLE_LABEL);
		if (sel && form->editing)
			dt_input_render(&form->in, g, vx, row, vw, DT_ROLE_NORMAL);
		else if (f->kind == DT_FIELD_CHOICE)
			dt_grid_printf(g, vx, row, vw, r, "< %s >",
			               f->choice < f->nchoices ? f->choices[f->choice]
			                                       : "-");
		else
			dt_grid_text(g, vx, row, vw, f->value[0] ? f->value : "-",
			             f->value[0] || sel ? r : DT_ROLE_STATUS);
		if (aw)
			dt_grid_text(g, x + w - aw, row, aw, f->aside,
			             sel ? r : DT_ROLE_STATUS);
	}
}
