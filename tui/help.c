/* help.c: the key help overlay, generated from the key table
 * (tui/keymap.h), so it lists exactly the keys the screen obeys. */
#include <stdio.h>
#include <string.h>

#include "tui/help.h"
#include "tui/keymap.h"
#include "tui/layout.h"

typedef struct help_rows {
	dt_grid *g;
	int x, y, kw, tw;
	size_t skip, left;     /* rows to skip (scrolled), rows still room */
	size_t n;              /* rows seen */
} help_rows;

static void count_row(void *arg, const char *keys, const char *text)
{
	help_rows *h = arg;
	int k = dt_text_width(keys, h->g->ascii);
	(void)text;
	if (k > h->kw)
		h->kw = k;
	h->n++;
}

static void draw_row(void *arg, const char *keys, const char *text)
{
	help_rows *h = arg;
	if (h->n++ < h->skip || !h->left)
		return;
	dt_layout_text(h->g, h->x, h->y, h->kw, keys, DT_ROLE_PILOT);
	dt_layout_text(h->g, h->x + h->kw + 2, h->y, h->tw, text, DT_ROLE_HELP);
	h->y++;
	h->left--;
}

/* The marks of the comparison plot, as the plot draws them. */
static void marks_line(const dt_grid *g, char *out, size_t n)
{
	const dt_glyphs *gl = g->gl;
	char b[5], p[5], o[5], x[5];
	p[dt_utf8_put((unsigned long)gl->pilot, p)] = '\0';
	o[dt_utf8_put((unsigned long)gl->overlap, o)] = '\0';
	x[dt_utf8_put((unsigned long)gl->nonfinite, x)] = '\0';
	b[dt_utf8_put(gl->braille ? 0x28FF : (unsigned long)gl->baseline, b)] =
		'\0';
	snprintf(out, n, "marks: baseline %s, pilot %s, both %s, NaN/inf %s",
	         b, p, o, x);
}

size_t dt_help_render(dt_grid *g, dt_screen_id s, int root, size_t top,
                      int *scrolls)
{
	help_rows h;
	char title[96], marks[128] = "";
	int w, bh, ix, iy, extra = s == DT_S_COMPARE;
	size_t room, total;
	memset(&h, 0, sizeof h);
	h.g = g;
	dt_keymap_help(s, root, count_row, &h);
	if (extra)
		marks_line(g, marks, sizeof marks);
	dt_dialog_size(g, DT_DIALOG_W, (int)h.n + extra + 2, &w, &bh);
	room = (size_t)(bh - 2);
	total = h.n + (size_t)extra;
	if (total > room) /* a row for the scroll mark at the bottom */
		room--;
	if (top + room > total)
		top = total > room ? total - room : 0;
	/* j/k scroll a help longer than its box (help_key in app.c); a help
	 * that fits closes on any key */
	if (scrolls)
		*scrolls = total > room;
	snprintf(title, sizeof title, "keys: %s (%sany other key closes)",
	         dt_screen_title(s), total > room ? "j/k scroll, " : "");
	dt_box(g, w, bh, title, &ix, &iy);
	h.x = ix;
	h.y = iy;
	if (h.kw > 20)
		h.kw = 20;
	h.tw = w - 4 - h.kw - 2;
	h.skip = top;
	h.left = room;
	h.n = 0;
	dt_keymap_help(s, root, draw_row, &h);
	if (extra && h.left)
		dt_layout_text(g, ix, h.y++, w - 4, marks, DT_ROLE_STATUS);
	if (total > room) { /* what is above and below, as the lists say it */
		char mark[96];
		dt_layout_scroll_mark(top, total - top - room, mark, sizeof mark);
		dt_layout_text(g, ix, h.y, w - 4, mark, DT_ROLE_STATUS);
	}
	return top;
}
