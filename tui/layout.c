/* layout.c: the layout rules of layout.h. */
#include "tui/layout.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *dt_layout_dots(const dt_grid *g)
{
	return g->ascii ? "..." : "\xe2\x80\xa6";
}

int dt_layout_text(dt_grid *g, int x, int y, int maxw, const char *utf8,
                   dt_role role)
{
	const char *dots = dt_layout_dots(g);
	int dw = g->ascii ? 3 : 1, used;
	if (maxw <= 0)
		return 0;
	if (x + maxw > g->w)
		maxw = g->w - x;
	if (dt_text_width(utf8, g->ascii) <= maxw)
		return dt_grid_text(g, x, y, maxw, utf8, role);
	if (dw > maxw)
		dw = maxw;
	used = dt_grid_text(g, x, y, maxw - dw, utf8, role);
	return used + dt_grid_text(g, x + used, y, dw, dots, role);
}

int dt_layout_cell(dt_grid *g, int x, int y, int w, const char *utf8,
                   dt_role role)
{
	if (w <= 0)
		return 0;
	dt_grid_fill(g, x, y, w, L' ', role);
	dt_layout_text(g, x, y, w, utf8, role);
	return w + 1;
}

int dt_layout_col_width(int longest, int min_w, int max_w)
{
	return longest < min_w ? min_w : longest > max_w ? max_w : longest;
}

int dt_layout_printf(dt_grid *g, int x, int y, int maxw, dt_role role,
                     const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return dt_layout_text(g, x, y, maxw, buf, role);
}

/* Draw utf8 at (x, y) in at most maxw columns: whole when it fits, else
 * its first headw columns, "…" ("..." in ASCII) and as much of its end as
 * fits after it (headw 0: the end alone). Returns the columns used. */
static int text_cut(dt_grid *g, int x, int y, int maxw, int headw,
                    const char *utf8, dt_role role)
{
	const char *dots = dt_layout_dots(g);
	int dw = g->ascii ? 3 : 1, used;
	size_t keep = strlen(utf8);
	if (maxw <= 0)
		return 0;
	if (dt_text_width(utf8, g->ascii) <= maxw)
		return dt_grid_text(g, x, y, maxw, utf8, role);
	if (dw >= maxw)
		return dt_grid_text(g, x, y, maxw, dots, role);
	used = headw > 0 ? dt_grid_text(g, x, y, headw, utf8, role) : 0;
	/* the longest suffix (starting on a character) that fits */
	for (size_t i = keep; i-- > 0;) {
		if (((unsigned char)utf8[i] & 0xC0) == 0x80)
			continue;
		if (dt_text_width(utf8 + i, g->ascii) > maxw - used - dw)
			break;
		keep = i;
	}
	used += dt_grid_text(g, x + used, y, dw, dots, role);
	return used + dt_grid_text(g, x + used, y, maxw - used, utf8 + keep,
	                           role);
}

/* The end of utf8 (text_cut with no head). */
static int text_tail(dt_grid *g, int x, int y, int maxw, const char *utf8,
                     dt_role role)
{
	return text_cut(g, x, y, maxw, 0, utf8, role);
}

int dt_layout_mid(dt_grid *g, int x, int y, int maxw, const char *utf8,
                  dt_role role)
{
	int dw = g->ascii ? 3 : 1;
	if (x + maxw > g->w)
		maxw = g->w - x;
	return text_cut(g, x, y, maxw, maxw > dw ? (maxw - dw) / 2 : 0, utf8,
	                role);
}

/* The title part of dt_layout_title in tw columns: whole when it fits;
 * else its head (up to its last dash: the marks and "dualtrack") whole
 * and the rest (the store's path) by its end, when the head leaves room
 * for the mark and 8 columns of the path; else cut at its end. */
static int title_text(dt_grid *g, int x, int tw, const char *title)
{
	const char *dash = dt_grid_dash(g), *rest = NULL, *p = title;
	char head[1024];
	int hw;
	if (dt_text_width(title, g->ascii) <= tw)
		return dt_grid_text(g, x, 0, tw, title, DT_ROLE_TITLE);
	while ((p = strstr(p, dash)) != NULL)
		rest = p += strlen(dash);
	if (!rest || (size_t)(rest - title) >= sizeof head)
		return dt_layout_text(g, x, 0, tw, title, DT_ROLE_TITLE);
	snprintf(head, sizeof head, "%.*s", (int)(rest - title), title);
	hw = dt_text_width(head, g->ascii);
	if (hw + (g->ascii ? 3 : 1) + 8 > tw)
		return dt_layout_text(g, x, 0, tw, title, DT_ROLE_TITLE);
	dt_grid_text(g, x, 0, hw, head, DT_ROLE_TITLE);
	return hw + text_tail(g, x + hw, 0, tw - hw, rest, DT_ROLE_TITLE);
}

void dt_layout_title(dt_grid *g, const char *title, const char *name)
{
	const char *dash = dt_grid_dash(g);
	int w = g->w - 2, nw = dt_text_width(dash, g->ascii) +
	        dt_text_width(name, g->ascii), tw = w - nw, x = 1;
	dt_grid_fill(g, 0, 0, g->w, L' ', DT_ROLE_TITLE);
	if (tw < 4) { /* no room for the title: the screen name alone */
		dt_layout_text(g, 1, 0, w, name, DT_ROLE_TITLE);
		return;
	}
	x += title_text(g, x, tw, title);
	x += dt_grid_text(g, x, 0, w + 1 - x, dash, DT_ROLE_TITLE);
	dt_layout_text(g, x, 0, w + 1 - x, name, DT_ROLE_TITLE);
}

void dt_layout_title_altered(dt_grid *g, int altered, const char *title,
                             const char *name)
{
	char head[1100];
	snprintf(head, sizeof head, "%s%.1000s", altered ? "ALTERED records! "
	         : "", title);
	dt_layout_title(g, head, name);
}

void dt_layout_row(dt_grid *g, int y, const char *utf8, dt_role fill,
                   dt_role role)
{
	dt_grid_fill(g, 0, y, g->w, L' ', fill);
	dt_layout_text(g, 0, y, g->w, utf8, role);
}

#define DT_HINTS_MAX 32   /* most hints one key line holds */

/* From hint i on, the hints that fit in w columns one after the other
 * (the first always, however wide; kept ones skipped when skip_kept)
 * into out (size n). Returns the index after the last one taken. */
static size_t pack_row(const dt_hint *h, size_t nh, size_t i, int w,
                       int skip_kept, char *out, size_t n)
{
	size_t len = 0;
	int used = 0;
	out[0] = '\0';
	for (; i < nh; i++) {
		int iw;
		if (skip_kept && h[i].keep)
			continue;
		iw = dt_text_width(h[i].text, 0) + (len > 0);
		if (len && used + iw > w)
			break;
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s",
		                        len ? " " : "", h[i].text);
		used += iw;
		if (len >= n)
			break;
	}
	return i;
}

int dt_layout_hints(dt_grid *g, int x, int y, int w, int rows,
                    const dt_hint *h, size_t nh, dt_role role)
{
	char line[512];
	dt_hint rest[DT_HINTS_MAX];
	size_t i = 0, k, nrest = 0;
	int r;
	if (rows < 1 || w < 1)
		return 0;
	if (nh > DT_HINTS_MAX)
		nh = DT_HINTS_MAX;
	for (r = 0; r < rows && i < nh; r++) /* whole, when it fits */
		i = pack_row(h, nh, i, w, 0, line, sizeof line);
	if (i >= nh) {
		for (i = 0, r = 0; i < nh; r++) {
			i = pack_row(h, nh, i, w, 0, line, sizeof line);
			dt_layout_text(g, x, y + r, w, line, role);
		}
		return r;
	}
	/* cut: the rows above the last take the other hints in their order;
	 * the last, what is left of them and the kept ones, as a footer */
	for (i = 0, r = 0; r + 1 < rows; r++) {
		i = pack_row(h, nh, i, w, 1, line, sizeof line);
		dt_layout_text(g, x, y + r, w, line, role);
	}
	for (k = 0; k < nh; k++)
		if (h[k].keep || k >= i)
			rest[nrest++] = h[k];
	dt_hint_line(rest, nrest, w, dt_layout_dots(g), line, sizeof line);
	dt_layout_text(g, x, y + r, w, line, role);
	return rows;
}

void dt_layout_hint_row(dt_grid *g, int y, const dt_hint *h, size_t nh)
{
	dt_grid_fill(g, 0, y, g->w, L' ', DT_ROLE_STATUS);
	dt_layout_hints(g, 0, y, g->w, 1, h, nh, DT_ROLE_STATUS);
}

void dt_layout_hash(const dt_grid *g, const char *hex, char *out, size_t n)
{
	if (!hex[0])
		snprintf(out, n, "-");
	else if (strlen(hex) <= DT_HASH_SHOWN)
		snprintf(out, n, "%s", hex);
	else
		snprintf(out, n, "%.*s%s", DT_HASH_SHOWN, hex, dt_layout_dots(g));
}

void dt_layout_more(size_t shown, size_t total, char *out, size_t n)
{
	if (shown >= total)
		out[0] = '\0';
	else
		snprintf(out, n, "+%zu more", total - shown);
}

void dt_layout_scroll_mark(size_t above, size_t below, char *out, size_t n)
{
	if (below && above)
		snprintf(out, n, "%zu above, +%zu more (Up/Down scroll)", above,
		         below);
	else if (below)
		snprintf(out, n, "+%zu more (Down scrolls)", below);
	else if (above)
		snprintf(out, n, "%zu above (Up scrolls)", above);
	else
		out[0] = '\0';
}

void dt_dialog_size(const dt_grid *g, int want_w, int want_h, int *w, int *h)
{
	*w = want_w < g->w - DT_DIALOG_MARGIN ? want_w : g->w - DT_DIALOG_MARGIN;
	*h = want_h < g->h - DT_DIALOG_VMARGIN ? want_h : g->h - DT_DIALOG_VMARGIN;
	if (*w < 10)
		*w = 10;
	if (*h < 3)
		*h = 3;
}

/* Whether the cell at (x, y) holds part of a text (not blank; a wide
 * character's second cell counts). */
static int inked(dt_grid *g, int x, int y)
{
	const dt_cell *c = dt_grid_at(g, x, y);
	return c && c->ch != L' ';
}

/* Row y of the screen beneath a box, blanked from column l to r: a text
 * running under column l from the left ends in the cut mark at l - 1, a
 * text running out from under column r starts with it at r + 1, so no
 * text beside the ring is cut silently (layout.h). Call before blanking. */
static void ring_cut_marks(dt_grid *g, int y, int l, int r)
{
	int n = g->ascii ? 3 : 1, x; /* dt_layout_dots: "..." or "\u2026" */
	wchar_t mark = g->ascii ? L'.' : L'\u2026';
	if (l - n >= 0 && inked(g, l - 1, y) && inked(g, l, y)) {
		x = l - n;
		if (dt_grid_at(g, x, y)->ch == 0 && x > 0)
			dt_grid_at(g, x - 1, y)->ch = L' '; /* a halved wide char */
		for (int i = 0; i < n; i++)
			dt_grid_at(g, x + i, y)->ch = mark;
	}
	if (r + n < g->w && inked(g, r, y) && inked(g, r + 1, y)) {
		x = r + 1 + n;
		if (x < g->w && dt_grid_at(g, x, y)->ch == 0)
			dt_grid_at(g, x, y)->ch = L' '; /* a halved wide char */
		for (int i = 0; i < n; i++)
			dt_grid_at(g, r + 1 + i, y)->ch = mark;
	}
}

void dt_box(dt_grid *g, int w, int h, const char *title, int *ix, int *iy)
{
	int x0, y0, x, y, l, r;
	if (w > g->w)
		w = g->w;
	if (h > g->h)
		h = g->h;
	x0 = (g->w - w) / 2;
	y0 = (g->h - h) / 2;
	/* the blank ring, one cell wide; beside it a sliver of the screen
	 * beneath (DT_DIALOG_SLIVER columns or fewer) would read as stray
	 * characters ("p │", ")" in the last column): blank too, to the edge */
	l = x0 - 1 <= DT_DIALOG_SLIVER ? 0 : x0 - 1;
	r = g->w - (x0 + w + 1) <= DT_DIALOG_SLIVER ? g->w - 1 : x0 + w;
	for (y = y0 - 1; y <= y0 + h; y++)
		if (y >= 0 && y < g->h)
			ring_cut_marks(g, y, l, r);
	for (y = y0 - 1; y <= y0 + h; y++)
		for (x = l; x <= r; x++)
			if (y >= 0 && y < g->h && x >= 0 && x < g->w &&
			    (y < y0 || y >= y0 + h || x < x0 || x >= x0 + w))
				dt_grid_put(g, x, y, L' ', DT_ROLE_NORMAL);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			wchar_t ch = L' ';
			if ((y == 0 || y == h - 1) && (x == 0 || x == w - 1))
				ch = y == 0 ? (x == 0 ? g->gl->box_tl : g->gl->box_tr)
				     : x == 0 ? g->gl->box_bl : g->gl->box_br;
			else if (y == 0 || y == h - 1)
				ch = g->gl->hline;
			else if (x == 0 || x == w - 1)
				ch = g->gl->vline;
			dt_grid_put(g, x0 + x, y0 + y, ch, DT_ROLE_HELP);
			dt_grid_at(g, x0 + x, y0 + y)->flags = 0;
		}
	dt_layout_printf(g, x0 + 2, y0, w - 4, DT_ROLE_TITLE, " %s ", title);
	*ix = x0 + 2;
	*iy = y0 + 1;
}

/* The text dt_layout_items draws with the first `keep` of `total` items
 * (ends[k]: where item k ends in items), into out (size n). */
static void items_text(const dt_grid *g, const char *head, const char *items,
                       const size_t *ends, size_t keep, size_t total,
                       const char *rest, char *out, size_t n)
{
	char more[48];
	if (keep >= total) {
		snprintf(out, n, "%s %s", head, items);
		return;
	}
	dt_layout_more(keep, total, more, sizeof more);
	snprintf(out, n, "%s %.*s%s %s%s%s%s", head, keep ? (int)ends[keep - 1]
	         : 0, items, dt_layout_dots(g), more, rest[0] ? " (" : "", rest,
	         rest[0] ? ")" : "");
}

/* Item ends in items ("A, B, C": after A, B, C), at most max; returns
 * how many. */
static size_t item_ends(const char *items, size_t *ends, size_t max)
{
	size_t n = 0;
	const char *s = items, *c;
	if (!items[0])
		return 0;
	while (n < max && (c = strstr(s, ", ")) != NULL) {
		ends[n++] = (size_t)(c - items);
		s = c + 2;
	}
	if (n < max)
		ends[n++] = strlen(items);
	return n;
}

int dt_layout_items_rows(const dt_grid *g, int w, const char *head,
                         const char *items)
{
	char t[2048];
	snprintf(t, sizeof t, "%s %s", head, items);
	return dt_text_wrap_rows(t, w, g->ascii);
}

int dt_layout_msg_rows(const dt_grid *g, int w, const char *msg, int least,
                       int most)
{
	int n = msg[0] && w > 0 ? dt_text_wrap_rows(msg, w, g->ascii) : 0;
	return n < least ? least : n > most ? most : n;
}

int dt_layout_items(dt_grid *g, int x, int y, int w, int maxrows,
                    const char *head, const char *items, const char *rest,
                    dt_role role)
{
	char t[2048];
	size_t ends[128], total = item_ends(items, ends, 128), keep = total;
	if (maxrows < 1)
		return 0;
	for (;; keep--) {
		items_text(g, head, items, ends, keep, total, rest, t, sizeof t);
		if (keep == 0 || dt_text_wrap_rows(t, w, g->ascii) <= maxrows)
			break;
	}
	return dt_grid_wrap(g, x, y, w, maxrows, t, role);
}
