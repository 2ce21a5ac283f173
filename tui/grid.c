/* grid.c: the curses-free cell grid and its text drawing. */
#include "tui/grid.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/util/text.h"

/* Every series has its own shape, with colours or without: baseline
 * braille dots, pilot '•', both '◆' (colour only adds to the shape). */
static const dt_glyphs glyphs_utf8 = {
	.braille = 1,
	.hline = L'─', .vline = L'│', .corner = L'└', .ytick = L'┤',
	.baseline = 0 /* braille */, .pilot = L'•', .overlap = L'◆',
	.nonfinite = L'▲', .band = L'╌', .zero = L'┈', .breach = L'×',
	.cursor = L'┊', .clip_hi = L'↑', .clip_lo = L'↓',
	.box_tl = L'┌', .box_tr = L'┐', .box_bl = L'└', .box_br = L'┘',
};

static const dt_glyphs glyphs_ascii = {
	.braille = 0,
	.hline = L'-', .vline = L'|', .corner = L'+', .ytick = L'+',
	.baseline = L'*', .pilot = L'+', .overlap = L'#',
	.nonfinite = L'!', .band = L'-', .zero = L'.', .breach = L'x',
	.cursor = L':', .clip_hi = L'^', .clip_lo = L'v',
	.box_tl = L'+', .box_tr = L'+', .box_bl = L'+', .box_br = L'+',
};

int dt_grid_init(dt_grid *g, int w, int h, int ascii)
{
	memset(g, 0, sizeof *g);
	g->ascii = ascii;
	g->gl = ascii ? &glyphs_ascii : &glyphs_utf8;
	if (w < 1 || h < 1) {
		errno = EINVAL;
		return -1;
	}
	g->cells = malloc((size_t)w * (size_t)h * sizeof *g->cells);
	if (!g->cells) {
		memset(g, 0, sizeof *g);
		errno = ENOMEM;
		return -1;
	}
	g->w = w;
	g->h = h;
	dt_grid_clear(g);
	return 0;
}

int dt_grid_resize(dt_grid *g, int w, int h)
{
	dt_cell *c;
	if (w < 1 || h < 1) {
		errno = EINVAL;
		return -1;
	}
	if (w == g->w && h == g->h) {
		dt_grid_clear(g);
		return 0;
	}
	c = realloc(g->cells, (size_t)w * (size_t)h * sizeof *c);
	if (!c)
		return -1;
	g->cells = c;
	g->w = w;
	g->h = h;
	dt_grid_clear(g);
	return 0;
}

void dt_grid_free(dt_grid *g)
{
	if (!g)
		return;
	free(g->cells);
	memset(g, 0, sizeof *g);
}

void dt_grid_clear(dt_grid *g)
{
	size_t i, n = (size_t)g->w * (size_t)g->h;
	for (i = 0; i < n; i++) {
		g->cells[i].ch = L' ';
		g->cells[i].role = DT_ROLE_NORMAL;
		g->cells[i].flags = 0;
	}
}

dt_cell *dt_grid_at(dt_grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->w || y >= g->h)
		return NULL;
	return &g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

void dt_grid_put(dt_grid *g, int x, int y, wchar_t ch, dt_role role)
{
	dt_cell *c = dt_grid_at(g, x, y);
	if (!c)
		return;
	c->ch = ch;
	c->role = (uint8_t)role;
}

void dt_grid_fill(dt_grid *g, int x, int y, int n, wchar_t ch, dt_role role)
{
	int i;
	for (i = 0; i < n; i++)
		dt_grid_put(g, x + i, y, ch, role);
}

/* Decode one UTF-8 character (input already sanitised, so valid) at s;
 * returns its length and stores the code point. */
static size_t utf8_decode(const unsigned char *s, wchar_t *out)
{
	if (s[0] < 0x80) {
		*out = s[0];
		return 1;
	}
	if (s[0] < 0xE0) {
		*out = (wchar_t)(((s[0] & 0x1F) << 6) | (s[1] & 0x3F));
		return 2;
	}
	if (s[0] < 0xF0) {
		*out = (wchar_t)(((s[0] & 0x0F) << 12) | ((s[1] & 0x3F) << 6) |
		                 (s[2] & 0x3F));
		return 3;
	}
	*out = (wchar_t)(((s[0] & 0x07) << 18) | ((s[1] & 0x3F) << 12) |
	                 ((s[2] & 0x3F) << 6) | (s[3] & 0x3F));
	return 4;
}

/* Width of wc as drawn (1 or 2); replaces the unprintable with '?'. */
static int char_width(wchar_t *wc, int ascii)
{
	int w;
	if (ascii && *wc > 0x7E) {
		*wc = L'?';
		return 1;
	}
	w = wcwidth(*wc);
	if (w < 1 || w > 2) {
		*wc = L'?';
		return 1;
	}
	return w;
}

int dt_grid_text(dt_grid *g, int x, int y, int maxw, const char *utf8,
                 dt_role role)
{
	char buf[1024];
	const unsigned char *s;
	int used = 0;

	if (y < 0 || y >= g->h)
		return 0;
	if (x + maxw > g->w)
		maxw = g->w - x;
	dt_sanitize(utf8, buf, sizeof buf);
	for (s = (const unsigned char *)buf; *s && used < maxw;) {
		wchar_t wc;
		int w;
		s += utf8_decode(s, &wc);
		w = char_width(&wc, g->ascii);
		if (used + w > maxw)
			break;
		dt_grid_put(g, x + used, y, wc, role);
		if (w == 2)
			dt_grid_put(g, x + used + 1, y, 0, role);
		used += w;
	}
	return used;
}

int dt_grid_printf(dt_grid *g, int x, int y, int maxw, dt_role role,
                   const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return dt_grid_text(g, x, y, maxw, buf, role);
}

int dt_text_width(const char *utf8, int ascii)
{
	char buf[1024];
	const unsigned char *s;
	int used = 0;
	dt_sanitize(utf8, buf, sizeof buf);
	for (s = (const unsigned char *)buf; *s;) {
		wchar_t wc;
		s += utf8_decode(s, &wc);
		used += char_width(&wc, ascii);
	}
	return used;
}

size_t dt_utf8_put(unsigned long c, char out[4])
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xC0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xE0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		out[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
	out[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

void dt_utf8_copy(char *dst, size_t n, const char *src)
{
	size_t len = strlen(src);
	if (len >= n) {
		len = n - 1;
		while (len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80)
			len--; /* src[len] starts a character that does not fit */
	}
	memcpy(dst, src, len);
	dst[len] = '\0';
}

void dt_grid_row_utf8(const dt_grid *g, int y, char *buf, size_t len)
{
	size_t o = 0;
	int x;
	if (len == 0)
		return;
	for (x = 0; y >= 0 && y < g->h && x < g->w; x++) {
		unsigned long c = (unsigned long)g->cells[(size_t)y * (size_t)g->w + (size_t)x].ch;
		char tmp[4];
		size_t k, n;
		if (c == 0)
			continue;
		n = dt_utf8_put(c, tmp);
		if (o + n >= len)
			break;
		for (k = 0; k < n; k++)
			buf[o++] = tmp[k];
	}
	buf[o] = '\0';
}

/* Byte length of the longest prefix of s (sanitised UTF-8, newlines kept)
 * that fits in w columns, preferring a break after the last space when
 * the whole text does not fit and always breaking at a newline; *next is
 * where the following line starts. */
static size_t wrap_line(const char *s, int w, int ascii, const char **next)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t last_space = 0;
	int used = 0;
	while (*p) {
		if (*p == '\n') {
			*next = (const char *)p + 1;
			return (size_t)(p - (const unsigned char *)s);
		}
		wchar_t wc;
		size_t n = utf8_decode(p, &wc);
		int cw;
		if (wc == L' ')
			last_space = (size_t)(p - (const unsigned char *)s);
		cw = char_width(&wc, ascii);
		if (used + cw > w)
			break;
		used += cw;
		p += n;
	}
	if (!*p) {
		*next = (const char *)p;
		return (size_t)(p - (const unsigned char *)s);
	}
	if (last_space > 0) {
		*next = s + last_space + 1;
		return last_space;
	}
	if (p == (const unsigned char *)s) /* one character wider than w */
		p += utf8_decode(p, &(wchar_t){0});
	*next = (const char *)p;
	return (size_t)(p - (const unsigned char *)s);
}

/* Where the next wrapped row of s starts (leading spaces skipped). */
static const char *skip_spaces(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

int dt_grid_wrap(dt_grid *g, int x, int y, int w, int maxrows,
                 const char *utf8, dt_role role)
{
	size_t len = strlen(utf8);
	char *buf = malloc(len + 1), line[1024];
	const char *s;
	int rows = 0;
	if (!buf || w < 1) {
		free(buf);
		return 0;
	}
	dt_sanitize_lines(utf8, NULL, buf, len + 1);
	for (s = skip_spaces(buf); *s && rows < maxrows; rows++) {
		const char *next;
		size_t n = wrap_line(s, w, g->ascii, &next);
		if (rows == maxrows - 1 && *skip_spaces(next)) {
			/* the last row and text left: the rest of this line,
			 * ellipsised */
			const char *dots = g->ascii ? "..." : "\xe2\x80\xa6";
			int dw = g->ascii ? 3 : 1, used;
			if (dw > w)
				dw = w;
			dt_utf8_copy(line, strcspn(s, "\n") + 1 < sizeof line ?
			             strcspn(s, "\n") + 1 : sizeof line, s);
			used = dt_grid_text(g, x, y + rows, w - dw, line, role);
			dt_grid_text(g, x + used, y + rows, dw, dots, role);
			rows++;
			break;
		}
		if (n >= sizeof line)
			n = sizeof line - 1;
		memcpy(line, s, n);
		line[n] = '\0';
		dt_grid_text(g, x, y + rows, w, line, role);
		s = skip_spaces(next);
	}
	free(buf);
	return rows;
}

int dt_text_wrap_rows(const char *utf8, int w, int ascii)
{
	size_t len = strlen(utf8);
	char *buf = malloc(len + 1);
	const char *s;
	int rows = 0;
	if (!buf || w < 1) {
		free(buf);
		return 1;
	}
	dt_sanitize_lines(utf8, NULL, buf, len + 1);
	for (s = skip_spaces(buf); *s; rows++) {
		const char *next;
		wrap_line(s, w, ascii, &next);
		s = skip_spaces(next);
	}
	free(buf);
	return rows;
}

const char *dt_grid_dash(const dt_grid *g)
{
	return g->ascii ? " - " : " \xe2\x80\x94 ";
}
