/* list.c: the list widget of list.h. */
#include "tui/list.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tui/keys.h"
#include "tui/layout.h"

void dt_list_set_count(dt_list *l, size_t n)
{
	l->n = n;
	if (l->sel >= n)
		l->sel = n ? n - 1 : 0;
	if (l->top > l->sel)
		l->top = l->sel;
}

void dt_list_select_id(dt_list *l, int64_t id, dt_list_id_fn id_fn,
                       void *arg)
{
	size_t i;
	for (i = 0; i < l->n; i++)
		if (id_fn(arg, i) == id) {
			l->sel = i;
			return;
		}
	dt_list_set_count(l, l->n);
}

int dt_list_action(dt_list *l, dt_action_id a)
{
	size_t page = l->page > 1 ? (size_t)l->page - 1 : 1;
	size_t last = l->n ? l->n - 1 : 0;
	switch (a) {
	case DT_A_DOWN:
		if (l->sel < last)
			l->sel++;
		return 1;
	case DT_A_UP:
		if (l->sel)
			l->sel--;
		return 1;
	case DT_A_PAGE_DOWN:
		l->sel = l->sel + page < last ? l->sel + page : last;
		return 1;
	case DT_A_PAGE_UP:
		l->sel = l->sel > page ? l->sel - page : 0;
		return 1;
	case DT_A_FIRST:
		l->sel = 0;
		return 1;
	case DT_A_LAST:
		l->sel = last;
		return 1;
	case DT_A_SEARCH:
		l->searching = 1;
		l->msg[0] = '\0';
		dt_input_init(&l->query, NULL, 80);
		return 1;
	default:
		return 0;
	}
}

/* Case-insensitive substring test (ASCII folding). */
static int contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (!n)
		return 1;
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

/* First row from `from` (wrapping) whose text holds the query. */
static int find(dt_list *l, size_t from, dt_list_text_fn text_fn, void *arg)
{
	char buf[1024];
	size_t k;
	for (k = 0; k < l->n; k++) {
		size_t i = (from + k) % l->n;
		if (contains(text_fn(arg, i, buf, sizeof buf), l->query.buf)) {
			l->sel = i;
			l->msg[0] = '\0';
			return 1;
		}
	}
	snprintf(l->msg, sizeof l->msg, "no row matches \"%.60s\"", l->query.buf);
	return 0;
}

int dt_list_search_key(dt_list *l, int key, dt_list_text_fn text_fn,
                       void *arg)
{
	if (key == DT_K_DOWN || key == 14 /* C-n */) {
		if (l->n)
			find(l, l->sel + 1, text_fn, arg);
		return 1;
	}
	switch (dt_input_key(&l->query, key)) {
	case DT_IN_ACCEPT:
		l->searching = 0;
		return 1;
	case DT_IN_CANCEL:
		l->searching = 0;
		l->msg[0] = '\0';
		return 1;
	case DT_IN_EDITED:
		if (l->n)
			find(l, l->sel, text_fn, arg);
		return 1;
	default:
		return 1;
	}
}

size_t dt_list_view(dt_list *l, int rows)
{
	if (rows < 1)
		rows = 1;
	l->page = rows;
	if (l->sel < l->top)
		l->top = l->sel;
	if (l->sel >= l->top + (size_t)rows)
		l->top = l->sel - (size_t)rows + 1;
	if (l->top && l->top + (size_t)rows > l->n) /* a taller window */
		l->top = l->n > (size_t)rows ? l->n - (size_t)rows : 0;
	return l->top;
}

int dt_list_view_mark(dt_list *l, dt_grid *g, int y, int rows)
{
	char mark[96];
	size_t shown;
	if (l->n <= (size_t)rows || rows < 2) {
		dt_list_view(l, rows);
		return rows;
	}
	rows--;
	dt_list_view(l, rows);
	shown = l->n - l->top < (size_t)rows ? l->n - l->top : (size_t)rows;
	dt_layout_scroll_mark(l->top, l->n - l->top - shown, mark, sizeof mark);
	dt_layout_text(g, 0, y + rows, g->w, mark, DT_ROLE_STATUS);
	return rows;
}

void dt_list_render_search(dt_list *l, dt_grid *g, int x, int y, int w)
{
	if (l->searching) {
		int used = dt_grid_text(g, x, y, w, "/", DT_ROLE_LABEL);
		dt_input_render(&l->query, g, x + used, y, w - used, DT_ROLE_NORMAL);
		if (l->msg[0] && w > 40)
			dt_layout_text(g, x + w / 2, y, w - w / 2, l->msg, DT_ROLE_WARN);
	} else if (l->msg[0]) {
		dt_layout_text(g, x, y, w, l->msg, DT_ROLE_WARN);
	}
}
