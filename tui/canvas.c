/* canvas.c: braille dot canvas. */
#include "tui/canvas.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Bit of the braille dot at (column 0..1, row 0..3) in a cell. */
static const uint8_t braille_bit[4][2] = {
	{ 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 }
};

int dt_canvas_init(dt_canvas *c, int w, int h)
{
	size_t n;
	memset(c, 0, sizeof *c);
	if (w < 1 || h < 1) {
		errno = EINVAL;
		return -1;
	}
	n = (size_t)w * (size_t)h;
	c->dots[0] = calloc(n, 1);
	c->dots[1] = calloc(n, 1);
	if (!c->dots[0] || !c->dots[1]) {
		dt_canvas_free(c);
		errno = ENOMEM;
		return -1;
	}
	c->w = w;
	c->h = h;
	return 0;
}

void dt_canvas_free(dt_canvas *c)
{
	if (!c)
		return;
	free(c->dots[0]);
	free(c->dots[1]);
	memset(c, 0, sizeof *c);
}

void dt_canvas_set(dt_canvas *c, int layer, int px, int py)
{
	if (px < 0 || py < 0 || px >= 2 * c->w || py >= 4 * c->h ||
	    layer < 0 || layer > 1)
		return;
	c->dots[layer][(size_t)(py / 4) * (size_t)c->w + (size_t)(px / 2)] |=
		braille_bit[py % 4][px % 2];
}

void dt_canvas_vline(dt_canvas *c, int layer, int px, int py0, int py1)
{
	int y;
	if (py0 > py1) {
		y = py0;
		py0 = py1;
		py1 = y;
	}
	if (py0 < 0)
		py0 = 0;
	if (py1 >= 4 * c->h)
		py1 = 4 * c->h - 1;
	for (y = py0; y <= py1; y++)
		dt_canvas_set(c, layer, px, y);
}

wchar_t dt_braille(uint8_t bits)
{
	return (wchar_t)(0x2800 + bits);
}

void dt_canvas_compose(const dt_canvas *c, dt_grid *g, int gx, int gy,
                       const dt_role roles[3])
{
	int x, y;
	for (y = 0; y < c->h; y++)
		for (x = 0; x < c->w; x++) {
			size_t i = (size_t)y * (size_t)c->w + (size_t)x;
			uint8_t b = c->dots[0][i], p = c->dots[1][i];
			if (b && p)
				dt_grid_put(g, gx + x, gy + y,
				            g->gl->overlap, roles[2]);
			else if (b)
				dt_grid_put(g, gx + x, gy + y,
				            g->gl->braille ? dt_braille(b) : g->gl->baseline,
				            roles[0]);
			else if (p)
				dt_grid_put(g, gx + x, gy + y, g->gl->pilot, roles[1]);
		}
}
