/* wallgap.c: wall-time gaps as launch evidence (rule in wallgap.h). */
#include "importers/wallgap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int dt_wallgap_feed(dt_wallgap *w, double t, double *gap, double *usual)
{
	if (!isfinite(t))
		return 0;
	if (!w->have_prev || t < w->prev) {
		if (w->have_prev)
			w->ngaps = w->next = 0;
		w->prev = t;
		w->have_prev = 1;
		return 0;
	}
	double g = t - w->prev;
	w->prev = t;
	int boundary = 0;
	if (w->ngaps >= 3) {
		double s[32];
		memcpy(s, w->gaps, w->ngaps * sizeof *s);
		qsort(s, w->ngaps, sizeof *s, cmp_double);
		double med = w->ngaps % 2 ? s[w->ngaps / 2] :
		             0.5 * (s[w->ngaps / 2 - 1] + s[w->ngaps / 2]);
		if (g > 10.0 * med && g > med + 300.0) {
			*gap = g;
			*usual = med;
			boundary = 1;
		}
	}
	if (!boundary) {  /* the gap of a restart is not a usual interval */
		w->gaps[w->next] = g;
		w->next = (w->next + 1) % 32;
		if (w->ngaps < 32)
			w->ngaps++;
	}
	return boundary;
}
