/* chart_svg.c: a loss comparison (one pilot run against the baseline) as
 * one SVG element, and the file it is saved as: both loss curves
 * by effective step (baseline blue, pilot orange), the pilot's restarts
 * as dashed lines, NaN / infinite values as purple triangles on the x
 * axis, and below the difference strip: (pilot - baseline) / |baseline|
 * in per cent with the tolerance band +-(atol + rtol |baseline|) /
 * |baseline| in green and the breaches as red dots. Long curves are
 * drawn per pixel column (min and max of the column, dt_decimate), so
 * the file stays small for a million points. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/pack/pack.h"
#include "model/core/decimate.h"

#define W 900.0
#define L 64.0             /* plot area left */
#define R 880.0            /* right */
#define TOP 34.0           /* loss panel */
#define BOT 300.0
#define STOP 336.0         /* difference strip */
#define SBOT 446.0
#define COLS 800

#define C_BASE "#1f5fbf"
#define C_PILOT "#e07000"
#define C_BAND "#b8e0b8"
#define C_BREACH "#d00000"
#define C_NAN "#8b00c8"

typedef struct frame {
	double x0, x1, y0, y1;   /* data window */
	double top, bot;         /* pixel rows */
} frame;

static double px(const frame *f, double x)
{
	return L + (x - f->x0) / (f->x1 - f->x0) * (R - L);
}

static double py(const frame *f, double y)
{
	if (y > f->y1)
		y = f->y1;
	if (y < f->y0)
		y = f->y0;
	return f->bot - (y - f->y0) / (f->y1 - f->y0) * (f->bot - f->top);
}

/* One curve as a path: every finite point when few, else the min and max
 * of each pixel column; a gap (non-finite or empty column) breaks the
 * line. */
static void curve(FILE *o, const frame *f, const int64_t *x, const double *v,
                  size_t n, const char *color, double width)
{
	fprintf(o, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
	        "stroke-linejoin=\"round\" d=\"", color, width);
	int pen = 0;
	if (n <= 2 * COLS) {
		for (size_t i = 0; i < n; i++) {
			if (!isfinite(v[i])) {
				pen = 0;
				continue;
			}
			fprintf(o, "%c%.1f %.1f ", pen ? 'L' : 'M', px(f, (double)x[i]),
			        py(f, v[i]));
			pen = 1;
		}
	} else {
		dt_pyramid pyr;
		dt_column *col = calloc(COLS, sizeof *col);
		if (col && dt_pyramid_build(&pyr, v, n) == 0) {
			dt_decimate_columns(x, &pyr, f->x0, f->x1 - f->x0 + 1, COLS, col);
			for (size_t c = 0; c < COLS; c++) {
				if (!col[c].r.finite) {
					pen = 0;
					continue;
				}
				double cx = L + (c + 0.5) * (R - L) / COLS;
				fprintf(o, "%c%.1f %.1f L%.1f %.1f ", pen ? 'L' : 'M', cx,
				        py(f, col[c].r.min), cx, py(f, col[c].r.max));
				pen = 1;
			}
			dt_pyramid_free(&pyr);
		}
		free(col);
	}
	fputs("\"/>\n", o);
}

static void frame_of(const dt_series *a, const dt_series *b, frame *f)
{
	f->x0 = (double)(a->step[0] < b->step[0] ? a->step[0] : b->step[0]);
	f->x1 = (double)(a->step[a->n - 1] > b->step[b->n - 1] ?
	                 a->step[a->n - 1] : b->step[b->n - 1]);
	if (f->x1 <= f->x0)
		f->x1 = f->x0 + 1;
	f->y0 = INFINITY;
	f->y1 = -INFINITY;
	const dt_series *s[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < s[k]->n; i++)
			if (isfinite(s[k]->value[i])) {
				f->y0 = fmin(f->y0, s[k]->value[i]);
				f->y1 = fmax(f->y1, s[k]->value[i]);
			}
	if (!isfinite(f->y0))
		f->y0 = 0, f->y1 = 1;
	double pad = (f->y1 - f->y0) * 0.05 + 1e-12;
	f->y0 -= pad;
	f->y1 += pad;
	f->top = TOP;
	f->bot = BOT;
}

static void axes(FILE *o, const frame *f, const char *ylabel, int pct)
{
	fprintf(o, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
	        "fill=\"none\" stroke=\"#888\"/>\n", L, f->top, R - L,
	        f->bot - f->top);
	for (int k = 0; k <= 4; k++) {
		double y = f->y0 + (f->y1 - f->y0) * k / 4;
		fprintf(o, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%.*f%s"
		        "</text>\n", L - 4, py(f, y) + 4, pct ? 2 : 3,
		        pct ? 100 * y : y, pct ? "%" : "");
	}
	fprintf(o, "<text x=\"12\" y=\"%.0f\" transform=\"rotate(-90 12 %.0f)\" "
	        "text-anchor=\"middle\">%s</text>\n", (f->top + f->bot) / 2,
	        (f->top + f->bot) / 2, ylabel);
}

static void x_ticks(FILE *o, const frame *f)
{
	for (int k = 0; k <= 5; k++) {
		double x = f->x0 + (f->x1 - f->x0) * k / 5;
		fprintf(o, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%.0f"
		        "</text>\n", px(f, x), SBOT + 16, x);
	}
	fprintf(o, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">"
	        "effective step</text>\n", (L + R) / 2, SBOT + 32);
}

/* NaN / inf markers of one series at the loss panel's bottom, at most one
 * per pixel column. */
static size_t nan_marks(FILE *o, const frame *f, const dt_series *s,
                        unsigned char *used)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (isfinite(s->value[i]))
			continue;
		double x = px(f, (double)s->step[i]);
		size_t c = (size_t)((x - L) / (R - L) * (COLS - 1));
		n++;
		if (c >= COLS || used[c])
			continue;
		used[c] = 1;
		fprintf(o, "<path fill=\"%s\" d=\"M%.1f %.1f l-5 9 h10 z\">"
		        "<title>%s at step %lld</title></path>\n", C_NAN, x,
		        BOT - 10, isnan(s->value[i]) ? "NaN" : "inf",
		        (long long)s->step[i]);
	}
	return n;
}

/* The difference strip: band, zero line, the relative difference and the
 * breaches. x in samples is drawn at baseline steps (x / baseline gb). */
static void strip(FILE *o, const frame *lf, const dt_pack *p,
                  const dt_pack_chart *c)
{
	const dt_parity *q = &c->pairing;
	dt_parity_opts po = q->opts;
	double gb = q->by_samples ?
		(double)p->ov.runs[c->baseline_run].run.global_batch : 1;
	double maxtol = 0, maxd = 0;
	for (size_t i = 0; i < q->n; i++) {
		double b = fabs(q->points[i].baseline);
		double tol = b > 0 ? (po.atol + po.rtol * b) / b : po.rtol;
		if (isfinite(tol))
			maxtol = fmax(maxtol, tol);
		if (isfinite(q->points[i].rel_diff))
			maxd = fmax(maxd, fabs(q->points[i].rel_diff));
	}
	if (maxtol <= 0)
		maxtol = po.rtol > 0 ? po.rtol : 0.01;
	double lim = fmax(1.5 * maxtol, fmin(maxd, 5 * maxtol)) * 1.1;
	frame f = {lf->x0, lf->x1, -lim, lim, STOP, SBOT};
	size_t stride = q->n > COLS ? (q->n + COLS - 1) / COLS : 1;
	/* band: upper edge forwards, lower edge back */
	fprintf(o, "<path fill=\"%s\" stroke=\"none\" d=\"", C_BAND);
	for (int side = 0; side < 2; side++)
		for (size_t k = 0; k < q->n; k += stride) {
			size_t i = side ? q->n - 1 - k : k;
			double b = fabs(q->points[i].baseline);
			double tol = b > 0 ? (po.atol + po.rtol * b) / b : maxtol;
			fprintf(o, "%c%.1f %.1f ", k == 0 && side == 0 ? 'M' : 'L',
			        px(&f, q->points[i].x / gb),
			        py(&f, side ? -tol : tol));
		}
	fputs("z\"/>\n", o);
	fprintf(o, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" "
	        "stroke=\"#888\" stroke-width=\"0.8\"/>\n", L, R, py(&f, 0),
	        py(&f, 0));
	int64_t *x = malloc((q->n ? q->n : 1) * sizeof *x);
	double *v = malloc((q->n ? q->n : 1) * sizeof *v);
	if (x && v) {
		size_t m = 0;
		for (size_t i = 0; i < q->n; i++) {
			int64_t xi = (int64_t)(q->points[i].x / gb);
			if (m && xi <= x[m - 1])
				continue;
			x[m] = xi;
			v[m++] = q->points[i].rel_diff;
		}
		curve(o, &f, x, v, m, "#333", 1.2);
	}
	free(x);
	free(v);
	unsigned char used[COLS] = {0};
	for (size_t i = 0; i < q->n; i++) {
		if (!q->points[i].breach)
			continue;
		double xx = px(&f, q->points[i].x / gb);
		size_t col = (size_t)((xx - L) / (R - L) * (COLS - 1));
		if (col >= COLS || used[col])
			continue;
		used[col] = 1;
		double d = q->points[i].rel_diff;
		fprintf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
		        xx, py(&f, isfinite(d) ? d : lim), C_BREACH);
	}
	axes(o, &f, "rel. diff", 1);
}

void dt_pack_chart_file(const dt_pack *p, size_t k, char *out, size_t n)
{
	char run[DT_NAME_MAX];
	if (k == 0) {
		snprintf(out, n, "chart.svg");
		return;
	}
	dt_pack_safe_name(k < p->ncharts ?
	                  p->ov.runs[p->charts[k].pilot_run].run.name : "",
	                  run, sizeof run);
	snprintf(out, n, "chart-%zu-%s.svg", k + 1, run);
}

char *dt_pack_chart_svg(const dt_pack *p, size_t k)
{
	if (k >= p->ncharts || !p->charts[k].present)
		return NULL;
	const dt_pack_chart *c = &p->charts[k];
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	if (!o)
		return NULL;
	frame f;
	frame_of(&c->baseline, &c->pilot, &f);
	fprintf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f "
	        "490\" width=\"%.0f\" height=\"490\" font-family=\"sans-serif\" "
	        "font-size=\"11\" role=\"img\">\n<title>loss comparison: ", W, W);
	dt_pack_html(o, p->ov.runs[c->pilot_run].run.name);
	fputs(" vs ", o);
	dt_pack_html(o, p->ov.runs[c->baseline_run].run.name);
	fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", o);
	axes(o, &f, "loss", 0);
	for (size_t r = 0; r + 1 < c->pilot.nsegments; r++) {
		double x = px(&f, (double)c->pilot.restart_step[r]);
		fprintf(o, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.0f\" y2=\"%.0f\" "
		        "stroke=\"#555\" stroke-dasharray=\"5 4\"/>\n<text x=\"%.1f\" "
		        "y=\"%.0f\" font-size=\"10\">restart %lld</text>\n", x, x, TOP,
		        SBOT, x + 3, TOP + 12 + 12.0 * (r % 3),
		        (long long)c->pilot.restart_step[r]);
	}
	/* the pilot below, the baseline as a thinner line over it: where they
	 * agree both stay visible */
	curve(o, &f, c->pilot.step, c->pilot.value, c->pilot.n, C_PILOT, 2.4);
	curve(o, &f, c->baseline.step, c->baseline.value, c->baseline.n, C_BASE,
	      1.2);
	unsigned char used[COLS] = {0};
	size_t nn = nan_marks(o, &f, &c->baseline, used) +
	            nan_marks(o, &f, &c->pilot, used);
	fputs("<g font-size=\"11\">", o);
	fprintf(o, "<rect x=\"%.0f\" y=\"8\" width=\"14\" height=\"4\" fill=\""
	        C_BASE "\"/><text x=\"%.0f\" y=\"14\">baseline ", L, L + 18);
	dt_pack_html(o, p->ov.runs[c->baseline_run].run.name);
	fprintf(o, "</text><rect x=\"%.0f\" y=\"8\" width=\"14\" height=\"4\" "
	        "fill=\"" C_PILOT "\"/><text x=\"%.0f\" y=\"14\">pilot ", L + 380,
	        L + 398);
	dt_pack_html(o, p->ov.runs[c->pilot_run].run.name);
	fputs("</text>", o);
	if (nn)
		fprintf(o, "<path fill=\"" C_NAN "\" d=\"M%.0f 24 l-5 9 h10 z\"/>"
		        "<text x=\"%.0f\" y=\"32\">%zu NaN/inf</text>", R - 70, R - 60,
		        nn);
	fputs("</g>\n", o);
	strip(o, &f, p, c);
	x_ticks(o, &f);
	fputs("</svg>", o);
	if (fclose(o) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
