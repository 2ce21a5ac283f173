/* form.c: the form widget (rows of label / value / aside). */
#include "tui/form.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tui/keys.h"
#include "tui/layout.h"

const dt_hint dt_form_hints[DT_FORM_NHINTS] = {
	{ "type to edit;", 0 }, { "Enter/Tab/Down:next", 1 },
	{ "Up:previous", 0 }, { "Space/Left/Right:change", 0 },
	{ "Esc:cancel", 1 },
};

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

int dt_form_on_button(const dt_form *form)
{
	return form && !form->editing && form->sel < form->n &&
	       form->f[form->sel].kind == DT_FIELD_BUTTON;
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

void dt_form_move(dt_form *form, int dir)
{
	size_t to = form->sel;
	form->editing = 0;
	form->typed[0] = '\0';
	if (dir < 0)
		to = to ? to - 1 : 0;
	else if (to + 1 < form->n)
		to++;
	form->sel = to;
	if (form->dialog)
		dt_form_begin_edit(form);
}

void dt_form_focus(dt_form *form, size_t i)
{
	form->editing = 0;
	form->typed[0] = '\0';
	form->sel = form->n == 0 ? 0 : i < form->n ? i : form->n - 1;
}

int dt_form_list_action(dt_form *form, dt_action_id a)
{
	int page = form->page > 1 ? form->page : 1, k, steps, dir = 1;
	switch (a) {
	case DT_A_DOWN: steps = 1; break;
	case DT_A_UP: steps = 1; dir = -1; break;
	case DT_A_PAGE_DOWN: steps = page; break;
	case DT_A_PAGE_UP: steps = page; dir = -1; break;
	case DT_A_LAST: steps = (int)form->n; break;
	case DT_A_FIRST: steps = (int)form->n; dir = -1; break;
	default: return 0;
	}
	for (k = 0; k < steps; k++)
		dt_form_move(form, dir);
	return 1;
}

void dt_form_commit_step(dt_form *form)
{
	dt_form_end_edit(form, 1);
	dt_form_move(form, form->dir);
}

int dt_form_recheck(dt_form *form, dt_form_check_fn check, void *ctx,
                    char *err, size_t errsz)
{
	dt_field *f;
	if (!form->editing || form->sel >= form->n)
		return 0;
	f = &form->f[form->sel];
	if (!f->refused)
		return 0;
	if (check(ctx, form->sel, form->in.buf, err, errsz) < 0)
		return -1;
	f->refused = 0;
	return 1;
}

/* Type-ahead on a choice field: the first choice that starts with what
 * was typed on it (ASCII case folded). Returns 1 when one matched. */
static int type_ahead(dt_form *form, dt_field *f, int key)
{
	size_t len = strlen(form->typed), i, k;
	if (key < 0x21 || key > 0x7e || len + 1 >= sizeof form->typed)
		return 0;
	form->typed[len] = (char)key;
	form->typed[len + 1] = '\0';
	for (k = 0; k < 2; k++) { /* with what came before, then afresh */
		for (i = 0; i < f->nchoices; i++)
			if (strncasecmp(f->choices[i], form->typed,
			                strlen(form->typed)) == 0) {
				f->choice = i;
				return 1;
			}
		form->typed[0] = (char)key;
		form->typed[1] = '\0';
	}
	form->typed[0] = '\0';
	return 0;
}

dt_form_result dt_form_key(dt_form *form, int key)
{
	dt_field *f;
	if (key == DT_KEY_ESC) {
		form->editing = 0;
		return DT_FORM_CANCEL;
	}
	if (form->n == 0)
		return DT_FORM_NONE;
	f = &form->f[form->sel];
	switch (key) {
	case DT_K_ENTER:
	case DT_KEY_TAB:
	case DT_K_DOWN:
	case DT_K_UP:
	case DT_K_BTAB:
		form->dir = key == DT_K_UP || key == DT_K_BTAB ? -1 : 1;
		if (form->editing)
			return DT_FORM_COMMIT;
		if (key == DT_K_ENTER && f->kind == DT_FIELD_BUTTON)
			return DT_FORM_BUTTON;
		dt_form_move(form, form->dir);
		return DT_FORM_REDRAW;
	default:
		break;
	}
	if (form->editing)
		return dt_input_key(&form->in, key) == DT_IN_EDITED ? DT_FORM_REDRAW
		                                                    : DT_FORM_NONE;
	if (key == DT_K_HOME || key == DT_K_END) { /* first / last field */
		form->sel = key == DT_K_HOME ? 1 : form->n;
		dt_form_move(form, -1);
		return DT_FORM_REDRAW;
	}
	if (f->kind == DT_FIELD_CHOICE) {
		if (key == DT_K_LEFT || key == DT_K_RIGHT || key == ' ') {
			cycle(f, key == DT_K_LEFT ? -1 : 1);
			form->typed[0] = '\0';
			return DT_FORM_REDRAW;
		}
		return type_ahead(form, f, key) ? DT_FORM_REDRAW : DT_FORM_NONE;
	}
	if (f->kind == DT_FIELD_TEXT && key < DT_K_UP && dt_input_printable(key)) {
		dt_form_begin_edit(form);
		return dt_input_key(&form->in, key) == DT_IN_EDITED ? DT_FORM_REDRAW
		                                                    : DT_FORM_NONE;
	}
	return DT_FORM_NONE;
}

void dt_form_render(dt_form *form, dt_grid *g, int x, int y, int w, int h)
{
	int vx = x + form->label_w + 1, aw = form->aside_w;
	int vw = w - form->label_w - 1 - (aw ? aw + 1 : 0);
	size_t i;
	int mark_y = -1;
	if (h < 1 || vw < 4)
		return;
	if (form->n > (size_t)h && h >= 2) /* the last row says what is hidden */
		mark_y = y + --h;
	form->page = h;
	if (form->sel < form->top)
		form->top = form->sel;
	if (form->sel >= form->top + (size_t)h)
		form->top = form->sel - (size_t)h + 1;
	if (form->top && form->top + (size_t)h > form->n) /* a taller window */
		form->top = form->n > (size_t)h ? form->n - (size_t)h : 0;
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
		if (f->refused)
			dt_layout_printf(g, x, row, form->label_w,
			                 sel ? r : DT_ROLE_WARN, "!%s", f->label);
		else
			dt_layout_text(g, x, row, form->label_w, f->label,
			               sel ? r : DT_ROLE_LABEL);
		if (sel && form->editing)
			dt_input_render(&form->in, g, vx, row, vw, DT_ROLE_NORMAL);
		else if (f->kind == DT_FIELD_CHOICE)
			dt_grid_printf(g, vx, row, vw, r, "< %s >",
			               f->choice < f->nchoices ? f->choices[f->choice]
			                                       : "-");
		else
			dt_layout_text(g, vx, row, vw, f->value[0] ? f->value : "-",
			               f->value[0] || sel ? r : DT_ROLE_STATUS);
		if (aw)
			dt_layout_text(g, x + w - aw, row, aw, f->refused ?
			               "refused: why below" : f->aside,
			               sel ? r : f->refused ? DT_ROLE_WARN
			                                    : DT_ROLE_STATUS);
	}
	if (mark_y >= 0) {
		char more[96];
		dt_layout_scroll_mark(form->top, form->n - form->top - (size_t)h,
		                      more, sizeof more);
		dt_layout_text(g, x, mark_y, w, more, DT_ROLE_STATUS);
	}
}
