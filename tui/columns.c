/* columns.c: the column table of columns.h. */
#include "tui/columns.h"

#include "tui/layout.h"

static int imax(int a, int b) { return a > b ? a : b; }

/* Width of the header column c shows when narrow: brief, else head. */
static int brief_w(const dt_col *c, int ascii)
{
	return dt_text_width(c->brief ? c->brief : c->head, ascii);
}

/* Width that shows c's values whole with its brief header, capped at max
 * for the max column. */
static int whole_w(const dt_col *c, int ascii)
{
	int w = imax(c->need, brief_w(c, ascii));
	return c->max > 0 && w > c->max ? c->max : w;
}

/* Grow c[i].w toward target from *room. */
static void grow(dt_col *c, int target, int *room)
{
	int add = target - c->w;
	if (add > *room)
		add = *room;
	if (add > 0) {
		c->w += add;
		*room -= add;
	}
}

static int max_prio(const dt_col *c, int n)
{
	int i, p = 0;
	for (i = 0; i < n; i++)
		p = imax(p, c[i].prio);
	return p;
}

void dt_cols_fit(dt_col *c, int n, int width, int ascii)
{
	int i, p, room = width - (n > 0 ? n - 1 : 0), top = max_prio(c, n);
	for (i = 0; i < n; i++) { /* 1. floors */
		int whole = whole_w(&c[i], ascii);
		c[i].w = c[i].min > 0 && c[i].min < whole ? c[i].min : whole;
		room -= c[i].w;
	}
	if (room < 0) { /* the max column gives up the difference */
		for (i = 0; i < n; i++)
			if (c[i].max > 0) {
				c[i].w = imax(1, c[i].w + room);
				break;
			}
		return;
	}
	for (p = 0; p <= top; p++) /* 2. values whole */
		for (i = 0; i < n; i++)
			if (c[i].prio == p)
				grow(&c[i], whole_w(&c[i], ascii), &room);
	for (p = 0; p <= top; p++) /* 3. full headers, where they fit */
		for (i = 0; i < n; i++) {
			int hw = dt_text_width(c[i].head, ascii);
			if (c[i].prio == p && hw > c[i].w && hw - c[i].w <= room)
				grow(&c[i], hw, &room);
		}
	for (p = 0; p <= top; p++) /* 4. padding */
		for (i = 0; i < n; i++)
			if (c[i].prio == p)
				grow(&c[i], c[i].want, &room);
	for (i = 0; i < n; i++) /* 5. the rest */
		if (c[i].max > 0)
			grow(&c[i], c[i].max, &room);
}

int dt_cols_head(dt_grid *g, int x, int y, const dt_col *c, int n,
                 dt_role role)
{
	int i, x0 = x;
	for (i = 0; i < n; i++) {
		const char *h = c[i].head;
		dt_col plain = c[i];
		if (dt_text_width(h, g->ascii) > c[i].w && c[i].brief &&
		    dt_text_width(c[i].brief, g->ascii) <= c[i].w)
			h = c[i].brief;
		plain.mid = 0;
		x += dt_col_cell(g, x, y, &plain, h, role);
	}
	return x - x0;
}

int dt_col_cell(dt_grid *g, int x, int y, const dt_col *c, const char *utf8,
                dt_role role)
{
	int tw = dt_text_width(utf8, g->ascii);
	if (c->w <= 0)
		return 0;
	dt_grid_fill(g, x, y, c->w, L' ', role);
	if (c->right && tw < c->w)
		dt_grid_text(g, x + c->w - tw, y, tw, utf8, role);
	else if (c->mid)
		dt_layout_mid(g, x, y, c->w, utf8, role);
	else
		dt_layout_text(g, x, y, c->w, utf8, role);
	return c->w + 1;
}
