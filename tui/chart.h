/* chart.h: the comparison view (baseline vs pilot loss curves, relative
 * difference strip, cursor readout, verdict) rendered into a dt_grid.
 *
 * Nothing here calls curses or the store, and nothing here judges: the
 * screen borrows a finished comparison (model/service/compare.h: its
 * curves, its parity points and its verdict sentence) and hands them
 * over; the view builds a min/max pyramid per curve, per smoothed curve
 * and over the parity's relative differences, and renders a frame in
 * O(W log n). bench/ can time one frame with:
 *
 *   dt_compare_view v; dt_grid g;     (par from dt_parity_compute)
 *   dt_compare_view_init(&v, &base, &pilot, &par, "gpu-run", "trn2-run");
 *   dt_grid_init(&g, 200, 50, 0);
 *   dt_compare_render(&v, &g, "bench");
 *   dt_grid_free(&g); dt_compare_view_free(&v);
 */
#ifndef DT_CHART_H
#define DT_CHART_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/curve.h"
#include "model/core/ema_curve.h"
#include "model/core/decimate.h"
#include "model/core/parity.h"
#include "model/core/parity_curve.h"
#include "model/core/series.h"
#include "tui/grid.h"

/* One curve as the plot reads it (all borrowed). */
typedef struct dt_plot_series {
	size_t n;
	const int64_t *x;          /* [n] strictly increasing */
	const double *y;           /* [n] values, non-finite allowed */
	const dt_pyramid *pyr;     /* min/max pyramid over y */
	size_t stride;             /* bytes from one x (and one y) to the
	                            * next: 0 = plain arrays (8); the columns
	                            * of an array of structs otherwise */
	const dt_curve *curve;     /* when set, the curve is read through it
	                            * (x affine or an array, values in memory
	                            * or fetched: model/core/curve.h) and
	                            * n, x, y, pyr, stride are not used */
} dt_plot_series;

/* Draw curve s[0] (baseline: braille dots, role BASELINE) and s[1]
 * (pilot: pilot glyph, role PILOT; both in a cell: overlap glyph) into
 * the w x h cell rectangle at (gx, gy) over x in [x0, x0 + span) and
 * y in [ymin, ymax] (log10 applied to all three when logy; values <= 0
 * then sit on the bottom row). Each screen dot column shows the min..max
 * of its points and joins the previous column's last point, so spikes
 * survive any zoom. A column holding a NaN/inf point of either curve
 * gets the non-finite glyph ('▲', ASCII '!') on the top row. s[1].n may
 * be 0. Returns 0, or -1 with errno ENOMEM (nothing drawn). */
int dt_chart_plot(dt_grid *g, int gx, int gy, int w, int h,
                  const dt_plot_series s[2], double x0, double span,
                  double ymin, double ymax, int logy);

/* Y extent of the finite points of both curves with x in [x0, x0+span),
 * padded by 5 % (log: by a factor, and only positive values counted);
 * when every visible value is > 0 the linear lower bound is clamped at
 * 0, so a loss never gets a negative axis. O(log n). Returns 0, or -1 when no point is visible (outputs unset). */
int dt_chart_yrange(const dt_plot_series s[2], double x0, double span,
                    int logy, double *ymin, double *ymax);

/* Smoothing weights offered by ',' and '.' (TensorBoard's 0.6 first). */
#define DT_EMA_WEIGHTS { 0.6, 0.8, 0.9, 0.95, 0.99 }
#define DT_EMA_NWEIGHTS 5

/* A curve of the view: borrowed raw values, owned derived data. */
typedef struct dt_view_curve {
	size_t n;
	const int64_t *x;          /* effective steps (or samples), [n]; NULL
	                            * when the curve is borrowed (affine) */
	int64_t *x_owned;          /* set when x had to be scaled to samples */
	const double *raw;         /* [n], borrowed from the dt_series; NULL
	                            * when the curve is borrowed */
	const dt_pyramid *pyr;     /* the pyramid over raw: &pyr_raw, or the
	                            * comparison's levels (borrowed) */
	dt_pyramid pyr_raw;        /* built here when none was given */
	dt_curve raw_curve;        /* x, raw and pyr as one curve (curve.h) */
	const dt_curve *curve;     /* what the plot and the readout read:
	                            * &raw_curve, or a borrowed curve
	                            * (dt_compare_view_init_curves) */
	dt_ema_curve ema;          /* the EMA of *curve, built when smoothing
	                            * is on (ema.raw NULL until then; ready
	                            * once built) */
	int64_t *restart;          /* [nrestart] restart x, owned */
	size_t nrestart;
} dt_view_curve;

#define DT_VIEW_MARKS 16

typedef struct dt_compare_view {
	dt_view_curve c[2];        /* 0 baseline, 1 pilot */
	char label[2][160];        /* sanitised "name (platform)" */
	const dt_parity *par;      /* borrowed: the comparison's parity
	                            * (points, rule used, by_samples) */
	int lean;                  /* 1: the parity keeps no point (a lean
	                            * comparison): the compared points are
	                            * read through diff (below), dx, dy,
	                            * pyr_diff and breach_bits are unused */
	int pending;               /* 1: the comparison's pass has not ended
	                            * (dt_compare_view_init_pending): curves
	                            * only; the verdict row says "verdict:
	                            * computing... P %", the strip and the
	                            * readout's difference say computing */
	double progress;           /* with pending: fraction done (set by
	                            * the screen) */
	unsigned walk;             /* with pending: the pass's walk, from 1 */
	dt_parity_curve diff;      /* lean: the compared points' rel_diff */
	const int64_t *dx;         /* [par.n] x of the verdict points and */
	const double *dy;          /* their rel_diff: read in place in the
	                            * parity's points (dstride bytes apart) */
	size_t dstride;
	dt_pyramid pyr_diff;       /* over dy */
	uint64_t *breach_bits;     /* [(par.n + 63) / 64]: bit i % 64 of word
	                            * i / 64 set when verdict point i breaches
	                            * (1 bit a point) */
	double full_x0, full_span; /* x extent of both curves */
	double x0, span;           /* visible x window [x0, x0 + span) */
	size_t cursor;             /* index in the cursor track (see .c) */
	int smooth;                /* 1: curves drawn with EMA smoothing */
	int weight_idx;            /* into DT_EMA_WEIGHTS */
	int logy;                  /* 1: log10 y axis */
	int plot_w;                /* plot width of the last render, cells */
	char error[160];           /* last error (e.g. out of memory) */
	/* Set by the screen around the chart (zero = none): */
	int top_rows;              /* rows kept free under the legend */
	int bottom_rows;           /* rows kept free under the verdict */
	char sentence[900];        /* the comparison's verdict sentence
	                            * (dt_verdict_sentence), "" = none */
	dt_verdict verdict;        /* the comparison's final verdict (colour) */
	size_t nmarks;             /* finding marks on the x axis */
	int64_t mark_x[DT_VIEW_MARKS];
	char mark_ch[DT_VIEW_MARKS];
} dt_compare_view;

/* Build a view over two curves and the parity computed on them (all
 * borrowed: they must outlive the view; par->opts gives the global
 * batches when par->by_samples). Labels are UTF-8 from the store
 * (sanitised here). The verdict shown is v->sentence / v->verdict, set
 * by the caller from the same comparison. Returns 0, or -1 with errno
 * ENOMEM (view zeroed). */
int dt_compare_view_init(dt_compare_view *v, const dt_series *base,
                         const dt_series *pilot, const dt_parity *par,
                         const char *base_label, const char *pilot_label);

/* The same, drawing the curves from pyramids already made over their
 * values (the comparison's lod_b / lod_p, read from the store: nothing
 * to build; borrowed, they must outlive the view). A NULL pyramid, or
 * one whose point count is not its curve's, is built as by
 * dt_compare_view_init. */
int dt_compare_view_init_lod(dt_compare_view *v, const dt_series *base,
                             const dt_series *pilot, const dt_pyramid *lod_base,
                             const dt_pyramid *lod_pilot, const dt_parity *par,
                             const char *base_label, const char *pilot_label);

/* The same over two curves read through dt_curve (borrowed: a store-
 * backed curve, model/service/curve_open.h, evenly stepped) and the
 * parity of a lean comparison (compare.h: no points, blocks kept;
 * borrowed): no value is copied, the difference strip comes from the
 * parity's blocks and the points on screen are judged by
 * dt_parity_judge (model/core/parity_curve.h), smoothing is kept block
 * by block (model/core/ema_curve.h). It renders the same screen as
 * dt_compare_view_init_lod over the same runs. Returns 0; 1 when the
 * parity does not fit the curves (dt_parity_curve_init: the caller uses
 * the full path; view zeroed); -1 with errno ENOMEM (view zeroed). */
int dt_compare_view_init_curves(dt_compare_view *v, const dt_curve *base,
                                const dt_curve *pilot, const dt_parity *par,
                                const char *base_label,
                                const char *pilot_label);

/* The view over two store-backed curves (as dt_compare_view_init_curves)
 * while the comparison's pass is still running (compare.h,
 * dt_compare_start): par is the pending comparison's parity (borrowed:
 * only its opts are read until dt_compare_view_set_parity). The curves
 * draw and the cursor walks the baseline's points; nothing that needs
 * the pass (difference strip, rel diff, verdict) is drawn: the screen
 * says it is being computed. Returns 0 (nothing is allocated). */
int dt_compare_view_init_pending(dt_compare_view *v, const dt_curve *base,
                                 const dt_curve *pilot, const dt_parity *par,
                                 const char *base_label,
                                 const char *pilot_label);

/* The pass ended: take its parity (borrowed, a lean comparison's: no
 * points, blocks kept) and draw the strip and the verdict from it (the
 * cursor index is the caller's to map onto the compared points).
 * Returns 0 (pending cleared); 1 when the parity does not fit the
 * curves (dt_parity_curve_init: the caller takes the full path); -1
 * with errno ENOMEM (the view is unchanged, still pending). */
int dt_compare_view_set_parity(dt_compare_view *v, const dt_parity *par);

/* Free everything the view owns and zero it; a zeroed view is accepted. */
void dt_compare_view_free(dt_compare_view *v);

/* Switch smoothing on/off and pick the weight index (clamped). The EMA
 * (one pass over each curve, kept block by block: ema_curve.h) is
 * computed only when on and the weight changed. Returns 0, or -1
 * (ENOMEM, or EIO when a curve could not be read: smoothing stays
 * off). */
int dt_compare_set_smoothing(dt_compare_view *v, int on, int weight_idx);

/* The same in steps, so a key answers at once on a long curve: begin
 * sets smooth and the weight and starts the EMA builds it needs (no
 * value read; 0, or -1 with ENOMEM: smoothing off); while
 * dt_compare_smoothing_pending the raw curves are drawn and the legend
 * says "smoothing... P %" (dt_compare_smoothing_progress); each step
 * reads about `budget` raw points and returns 1 once both smoothed
 * curves are ready, 0 while not, -1 (ENOMEM or EIO: smoothing off).
 * dt_compare_set_smoothing is begin and one unlimited step. */
int dt_compare_smoothing_begin(dt_compare_view *v, int on, int weight_idx);
int dt_compare_smoothing_step(dt_compare_view *v, size_t budget);
int dt_compare_smoothing_pending(const dt_compare_view *v);
double dt_compare_smoothing_progress(const dt_compare_view *v);

/* Current smoothing weight. */
double dt_compare_weight(const dt_compare_view *v);

/* Zoom the x window by `factor` (< 1 zooms in) around the cursor,
 * clamped to [8 steps or the full extent, full extent]. The cursor
 * stays on a point the window shows (the nearest one in it when it was
 * outside), so the readout describes a visible point. */
void dt_compare_zoom(dt_compare_view *v, double factor);

/* Pan the x window by `frac` of its width (negative: left), clamped; a
 * cursor left outside moves to the nearest point in the window, as in
 * dt_compare_zoom. */
void dt_compare_pan(dt_compare_view *v, double frac);

/* Move the cursor one screen column (dir -1 / +1; at least one point),
 * or to the first (dir -2) / last (dir +2) point; the window follows. */
void dt_compare_cursor(dt_compare_view *v, int dir);

/* Render the whole comparison screen into g (title on row 0, the last
 * row left for the caller's footer; the verdict sentence wrapped on as
 * many rows as it needs while the chart and the strip keep 3 rows each;
 * top_rows free rows under the legend and bottom_rows under the verdict
 * for the caller, lowered to the rows the screen has for them (each
 * keeps 1 when it was not 0: the chart gives it); finding marks mark_ch[i] on the x
 * axis at mark_x[i]; the verdict row shows v->sentence). Needs g at least 40 x 12; smaller grids get a one-line
 * message. Never fails (out of memory shows a message). */
void dt_compare_render(dt_compare_view *v, dt_grid *g, const char *title);

#endif
