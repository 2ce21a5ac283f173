/* wallgap.h: a wall-time gap well beyond a run's usual logging interval
 * is evidence of a new launch (the process stopped and another started).
 *
 * Rule: the usual interval is the median of the last (up to) 32 gaps
 * between consecutive timestamped records; a gap counts as a launch
 * boundary when at least 3 gaps were seen before it and it exceeds both
 * 10 x the usual interval and the usual interval + 300 s (a checkpoint
 * save or a slow first step after compile stays below that for the logs
 * in LOG-FORMATS.md: 458 s vs 244 s per step after a HyperPod resume).
 * A time going backwards resets the history (a new clock). */
#ifndef DT_WALLGAP_H
#define DT_WALLGAP_H

#include <stddef.h>

typedef struct dt_wallgap {
	double prev;          /* last time seen, seconds */
	int have_prev;
	double gaps[32];      /* ring of recent gaps */
	size_t ngaps, next;
} dt_wallgap;

/* Feed the time `t` (seconds) of the next record. Returns 1 when the gap
 * from the previous record is a launch boundary (*gap and *usual set, in
 * seconds), else 0. */
int dt_wallgap_feed(dt_wallgap *w, double t, double *gap, double *usual);

#endif
