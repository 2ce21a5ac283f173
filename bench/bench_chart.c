/* bench_chart.c: time from "open the comparison screen for two runs of a
 * store" to the first frame drawn (what Enter on the run list does: the
 * service's comparison, the view, one render into a W x H grid), the
 * process's peak resident memory, the time until the verdict, the
 * difference strip and the findings are on screen too (the comparison's
 * pass runs in slices after the first frame, as the app runs it between
 * keys), one zoom key during that pass, the time one zoom or pan key takes
 * to answer with its frame, at the size of the runs in the store; which
 * path the screen took (lean: one streaming pass and store-backed curves;
 * full: both curves and every compared point in memory); the smoothing
 * key (its answer: raw curves and "smoothing... P %"), the time until
 * the smoothed curves are on screen (one pass over both curves in
 * slices) and a zoom key with smoothing on.
 * usage: bench_chart STORE BASELINE PILOT [W H]   (defaults 200 50)
 * Make the store with bench/gen_log csv N and two `dualtrack import`s
 * (bench/run.sh does). Figures only, never asserted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "model/store/store.h"
#include "tui/screen.h"
#include "tui/screens.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* User + system CPU seconds of this process so far: on a machine other
 * processes load, the open's CPU time is the steadier figure. */
static double cpu_s(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static long peak_rss_kb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

int main(int argc, char **argv)
{
	if (argc != 4 && argc != 6) {
		fprintf(stderr, "usage: bench_chart STORE BASELINE PILOT [W H]\n");
		return 2;
	}
	int w = argc == 6 ? atoi(argv[4]) : 200, h = argc == 6 ? atoi(argv[5]) : 50;
	char err[512];
	long rss0 = peak_rss_kb();
	dt_store *st = dt_store_open_flags(argv[1], DT_STORE_READ, err, sizeof err);
	if (!st) {
		fprintf(stderr, "bench_chart: %s\n", err);
		return 1;
	}
	dt_run rb, rp;
	if (dt_store_run_find(st, argv[2], &rb) != 0 ||
	    dt_store_run_find(st, argv[3], &rp) != 0) {
		fprintf(stderr, "bench_chart: runs %s / %s not found\n", argv[2],
		        argv[3]);
		dt_store_close(st);
		return 1;
	}
	static dt_compare_screen c;
	dt_grid g;
	if (dt_grid_init(&g, w, h, 0) < 0)
		return 1;
	double t0 = now(), c0 = cpu_s();
	if (dt_compare_open(&c, st, &rb, &rp, NULL, 0, 0) < 0) {
		fprintf(stderr, "bench_chart: %s\n", c.msg);
		return 1;
	}
	dt_compare_screen_render(&c, &g, "bench");
	double first = now() - t0, first_cpu = cpu_s() - c0;
	int pending = dt_compare_busy(&c);
	/* The pass in slices, as the app runs it when no key waits (about
	 * 15 ms each), a frame whenever the screen changed, until the
	 * verdict, the strip and the findings are on screen. One zoom key
	 * and its frame in the middle of the pass (the first slice after
	 * half of it), timed alone. */
	double tkey = -1;
	size_t slices = 0;
	while (dt_compare_busy(&c)) {
		if (dt_compare_work(&c, st) & DT_SCR_REDRAW)
			dt_compare_screen_render(&c, &g, "bench");
		slices++;
		if (tkey < 0 && dt_compare_busy(&c) && c.view.progress >= 0.5) {
			tkey = now();
			dt_compare_action(&c, st, DT_A_ZOOM_IN);
			dt_compare_screen_render(&c, &g, "bench");
			tkey = now() - tkey;
			dt_compare_action(&c, st, DT_A_ZOOM_OUT);
			dt_compare_screen_render(&c, &g, "bench");
		}
	}
	double verdict = now() - t0, verdict_cpu = cpu_s() - c0;
	if (!c.open) {
		fprintf(stderr, "bench_chart: %s\n", c.msg);
		return 1;
	}
	long rss = peak_rss_kb();
	/* Keys (as the actions they are bound to: + ] [ -): zoom in 6
	 * times, pan both ways, zoom out; each answered by its frame. */
#define IN DT_A_ZOOM_IN
#define OUT DT_A_ZOOM_OUT
#define L DT_A_PAN_LEFT
#define R DT_A_PAN_RIGHT
	static const dt_action_id keys[] = { IN, IN, IN, IN, IN, IN, R, R, L,
	                                     OUT, OUT, R, OUT, IN, L, OUT };
#undef IN
#undef OUT
#undef L
#undef R
	double worst = 0, total = 0;
	size_t nk = sizeof keys / sizeof keys[0];
	for (size_t i = 0; i < nk; i++) {
		double t = now();
		dt_compare_action(&c, st, keys[i]);
		dt_compare_screen_render(&c, &g, "bench");
		t = now() - t;
		total += t;
		if (t > worst)
			worst = t;
	}
	/* s (smoothing on: one pass over both curves), then a zoom key and
	 * a pan key answered from the smoothed curves */
	double ts = now();
	dt_compare_action(&c, st, DT_A_SMOOTH);
	dt_compare_screen_render(&c, &g, "bench");
	ts = now() - ts;
	/* the smoothed curves built in slices, as the app runs them */
	double tsd = now();
	while (dt_compare_busy(&c))
		if (dt_compare_work(&c, st) & DT_SCR_REDRAW)
			dt_compare_screen_render(&c, &g, "bench");
	tsd = ts + (now() - tsd);
	double tz = now();
	dt_compare_action(&c, st, DT_A_ZOOM_OUT);
	dt_compare_screen_render(&c, &g, "bench");
	dt_compare_action(&c, st, DT_A_PAN_LEFT);
	dt_compare_screen_render(&c, &g, "bench");
	tz = (now() - tz) / 2;
	long rss_end = peak_rss_kb();
	char during[64] = "no key during the pass";
	if (tkey >= 0)
		snprintf(during, sizeof during, "a zoom key during it %.2f ms",
		         tkey * 1e3);
	printf("chart %dx%d of %s (%zu points) vs %s (%zu points), %s path: "
	       "first frame %.1f ms after Enter (CPU %.1f ms)%s; verdict, strip "
	       "and findings on screen %.1f ms after Enter (CPU %.1f ms, %zu "
	       "slices, %s); peak RSS %.1f MB (%.1f MB before opening); "
	       "zoom/pan key %.2f ms mean, %.2f ms worst; smoothing key %.1f "
	       "ms (smoothed curves on screen %.1f ms after it), then a key "
	       "%.2f ms; peak RSS at the end %.1f MB (targets: "
	       "2x1M <= 100 ms, 2x10M <= 300 ms and <= 128 MB, key <= 50 "
	       "ms)\n", w, h, argv[2], c.cmp.base_logged, argv[3],
	       c.cmp.pilot_logged, c.view.lean ? "lean" : "full", first * 1e3,
	       first_cpu * 1e3, pending ? " with the verdict pending"
	                                : " with the verdict",
	       verdict * 1e3, verdict_cpu * 1e3, slices, during, rss / 1024.0,
	       rss0 / 1024.0, total / nk * 1e3, worst * 1e3, ts * 1e3,
	       tsd * 1e3, tz * 1e3, rss_end / 1024.0);
	dt_compare_close(&c);
	dt_grid_free(&g);
	dt_store_close(st);
	return 0;
}
