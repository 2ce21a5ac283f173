/* canvas.h: a two-layer dot canvas composed into grid cells.
 *
 * Each cell holds 2x4 dots (braille) per layer; in an ASCII grid the dot
 * resolution is still 2x4 per cell but a cell shows one mark. Layer 0 is
 * the baseline, layer 1 the pilot. Composition (readable without colour):
 * baseline only -> the braille pattern of its dots (ASCII '*'); pilot only
 * -> the pilot glyph ('•', ASCII '+'); both -> the overlap glyph '◆'
 * (ASCII '#') in the overlap role, with colours too, so every series is
 * told apart by shape alone and every '•' is a place where the pilot
 * leaves the baseline. Dot (px, py) has px in [0, 2w) left to right and py in
 * [0, 4h) top to bottom. */
#ifndef DT_CANVAS_H
#define DT_CANVAS_H

#include <stdint.h>

#include "tui/grid.h"

typedef struct dt_canvas {
	int w, h;            /* cells */
	uint8_t *dots[2];    /* [h][w] braille bit patterns per layer, owned */
} dt_canvas;

/* Allocate a w x h cell canvas, all dots clear. Returns 0 or -1 (ENOMEM,
 * canvas zeroed). */
int dt_canvas_init(dt_canvas *c, int w, int h);

/* Free and zero; a zeroed canvas is accepted. */
void dt_canvas_free(dt_canvas *c);

/* Set dot (px, py) of layer (0 or 1); ignored when outside. */
void dt_canvas_set(dt_canvas *c, int layer, int px, int py);

/* Set dots (px, min(py0,py1)) .. (px, max(py0,py1)) of a layer. */
void dt_canvas_vline(dt_canvas *c, int layer, int px, int py0, int py1);

/* Braille code point for a bit pattern (bit i = dot i+1 of the braille
 * numbering: 1 2 3 left column top-down, 4 5 6 right, 7 left-bottom,
 * 8 right-bottom). */
wchar_t dt_braille(uint8_t bits);

/* Compose the canvas into g at (gx, gy) with the rule above; cells with
 * no dots are left as they are. `roles` gives the role of layer 0,
 * layer 1 and both (e.g. BASELINE, PILOT, OVERLAP). */
void dt_canvas_compose(const dt_canvas *c, dt_grid *g, int gx, int gy,
                       const dt_role roles[3]);

#endif
