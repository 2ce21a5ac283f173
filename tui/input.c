/* input.c: the one-line text editor widget. */
#include "tui/input.h"

#include <string.h>
#include <wctype.h>

#include "model/util/text.h"
#include "tui/screens.h"

#define CTRL(c) ((c) & 0x1f)

void dt_input_init(dt_input *in, const char *text, size_t cap)
{
	memset(in, 0, sizeof *in);
	in->cap = cap == 0 || cap >= DT_INPUT_MAX ? DT_INPUT_MAX - 1 : cap;
	dt_sanitize(text ? text : "", in->buf, in->cap + 1);
	in->len = strlen(in->buf);
	in->cur = in->len;
	in->selected = in->len > 0;
}

int dt_input_printable(int cp)
{
	if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
		return 0;
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp >= 0x110000)
		return 0;
	return iswprint((wint_t)cp) != 0;
}

/* Byte offset of the character before / after offset i. */
static size_t prev_char(const dt_input *in, size_t i)
{
	while (i > 0 && ((unsigned char)in->buf[--i] & 0xC0) == 0x80)
		;
	return i;
}

static size_t next_char(const dt_input *in, size_t i)
{
	if (i >= in->len)
		return in->len;
	while (++i < in->len && ((unsigned char)in->buf[i] & 0xC0) == 0x80)
		;
	return i;
}

/* Remove bytes [a, b). */
static void cut(dt_input *in, size_t a, size_t b)
{
	memmove(in->buf + a, in->buf + b, in->len - b + 1);
	in->len -= b - a;
	in->cur = a;
	if (in->first > in->cur)
		in->first = in->cur;
}

static dt_input_result insert(dt_input *in, int cp)
{
	char u[4];
	size_t n = dt_utf8_put((unsigned long)cp, u);
	if (in->len + n > in->cap)
		return DT_IN_IGNORED;
	memmove(in->buf + in->cur + n, in->buf + in->cur, in->len - in->cur + 1);
	memcpy(in->buf + in->cur, u, n);
	in->len += n;
	in->cur += n;
	return DT_IN_EDITED;
}

dt_input_result dt_input_key(dt_input *in, int key)
{
	if (in->selected && key != DT_K_ENTER && key != DT_KEY_ESC) {
		if (dt_input_printable(key)) { /* typing replaces the selection */
			in->selected = 0;
			cut(in, 0, in->len);
			in->first = 0;
			return insert(in, key);
		}
		switch (key) { /* an editing key keeps the text, unselected */
		case DT_K_BACKSPACE: case 0x7f: case CTRL('H'): case DT_K_DELETE:
		case DT_K_LEFT: case DT_K_RIGHT: case DT_K_HOME: case DT_K_END:
		case CTRL('A'): case CTRL('E'): case CTRL('U'):
			in->selected = 0;
			break;
		default:
			break;
		}
	}
	switch (key) {
	case DT_K_ENTER:
		return DT_IN_ACCEPT;
	case DT_KEY_ESC:
		return DT_IN_CANCEL;
	case DT_K_BACKSPACE:
	case 0x7f:
	case CTRL('H'):
		if (in->cur > 0)
			cut(in, prev_char(in, in->cur), in->cur);
		return DT_IN_EDITED;
	case DT_K_DELETE:
		if (in->cur < in->len)
			cut(in, in->cur, next_char(in, in->cur));
		return DT_IN_EDITED;
	case DT_K_LEFT:
		in->cur = prev_char(in, in->cur);
		return DT_IN_EDITED;
	case DT_K_RIGHT:
		in->cur = next_char(in, in->cur);
		return DT_IN_EDITED;
	case DT_K_HOME:
	case CTRL('A'):
		in->cur = 0;
		return DT_IN_EDITED;
	case DT_K_END:
	case CTRL('E'):
		in->cur = in->len;
		return DT_IN_EDITED;
	case CTRL('U'):
		cut(in, 0, in->len);
		return DT_IN_EDITED;
	default:
		return dt_input_printable(key) ? insert(in, key) : DT_IN_IGNORED;
	}
}

/* Display width of buf[a, b). */
static int span_width(const dt_input *in, size_t a, size_t b, int ascii)
{
	char tmp[DT_INPUT_MAX];
	memcpy(tmp, in->buf + a, b - a);
	tmp[b - a] = '\0';
	return dt_text_width(tmp, ascii);
}

void dt_input_render(dt_input *in, dt_grid *g, int x, int y, int w,
                     dt_role role)
{
	dt_cell *c;
	int cx, hx;
	if (w < 2)
		return;
	if (in->first > in->cur)
		in->first = in->cur;
	/* keep one column free for the cursor after the last character */
	while (in->first < in->cur &&
	       span_width(in, in->first, in->cur, g->ascii) > w - 1)
		in->first = next_char(in, in->first);
	dt_grid_fill(g, x, y, w, L' ', role);
	dt_grid_text(g, x, y, w, in->buf + in->first, role);
	cx = x + span_width(in, in->first, in->cur, g->ascii);
	for (hx = in->selected ? x : cx; hx <= cx; hx++) {
		c = dt_grid_at(g, hx, y);
		if (c)
			c->flags |= DT_CELL_HL;
	}
}
