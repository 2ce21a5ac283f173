/* bench_frame.c: time to draw one comparison frame (chart, difference
 * strip, cursor readout, verdict) for two N-point runs into a W x H cell
 * grid, the virtual screen the TUI blits to curses.
 * usage: bench_frame [N] [W] [H]   (defaults 1000000 200 50)
 * Prints the one-off view build time (parity, min/max pyramids) and the
 * per-frame render time (best and mean of 200 frames, with cursor moves
 * and a zoom in between so no frame is a repeat). Figures only. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tui/chart.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int make(dt_series *s, size_t n, double drift, unsigned seed)
{
	s->n = n;
	s->step = malloc(n * sizeof *s->step);
	s->value = malloc(n * sizeof *s->value);
	s->segment = malloc(n * sizeof *s->segment);
	s->nsegments = 1;
	if (!s->step || !s->value || !s->segment)
		return -1;
	srand(seed);
	for (size_t i = 0; i < n; i++) {
		s->step[i] = (int64_t)i + 1;
		s->value[i] = (1.1 + 1.4 * exp(-(double)i / (n / 6.0))) *
		              (1 + drift * i / n) + (rand() % 1000) / 2e4;
		s->segment[i] = 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 1000000;
	int w = argc > 2 ? atoi(argv[2]) : 200, h = argc > 3 ? atoi(argv[3]) : 50;
	dt_series a = {0}, b = {0};
	if (n < 2 || make(&a, n, 0.0, 1) < 0 || make(&b, n, 0.01, 2) < 0) {
		fprintf(stderr, "bench_frame: out of memory\n");
		return 1;
	}
	dt_compare_view v;
	dt_grid g;
	dt_parity par;
	dt_parity_opts po = dt_parity_defaults();
	double t0 = now();
	if (dt_parity_compute(&a, &b, &po, &par) < 0 ||
	    dt_compare_view_init(&v, &a, &b, &par, "gpu-baseline (gpu)",
	                         "trn2-pilot (trn2)") < 0 ||
	    dt_grid_init(&g, w, h, 0) < 0) {
		fprintf(stderr, "bench_frame: view init failed\n");
		return 1;
	}
	double build = now() - t0;
	const int frames = 200;
	double best = 1e30, total = 0;
	for (int i = 0; i < frames; i++) {
		if (i == frames / 2)
			dt_compare_zoom(&v, 0.25);
		dt_compare_cursor(&v, 1);
		double t = now();
		dt_compare_render(&v, &g, "bench");
		t = now() - t;
		total += t;
		if (t < best)
			best = t;
	}
	t0 = now();
	dt_compare_set_smoothing(&v, 1, 0);
	double smooth = now() - t0;
	printf("frame %dx%d, 2 x %zu points: view build %.1f ms (once), EMA "
	       "toggle %.1f ms (once), render best %.3f ms, mean %.3f ms "
	       "(target 5 ms)\n", w, h, n, build * 1e3, smooth * 1e3,
	       best * 1e3, total / frames * 1e3);
	dt_grid_free(&g);
	dt_compare_view_free(&v);
	dt_parity_free(&par);
	dt_series_free(&a);
	dt_series_free(&b);
	return 0;
}
