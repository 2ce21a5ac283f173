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

#include "model/core/rawlog.h"

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

/* Feed `t` and, on a boundary, record it in `log`: launch evidence
 * DT_LAUNCH_WALL_GAP at `line` with marker `what` (the time key or
 * "timestamp") and the warning "PATH:LINE: wall-time gap of G s (usual
 * interval U s): a new launch". The one place both the JSON-lines and the
 * text importers turn a gap into evidence. Returns 1 (boundary recorded),
 * 0 (none), -1 on ENOMEM. */
int dt_wallgap_check(dt_wallgap *w, double t, dt_rawlog *log,
                     const char *path, size_t line, const char *what);

/* The wall-clock time a text line starts with, in seconds since
 * 1970-01-01 (proleptic Gregorian, the line's own zone: only differences
 * matter). Looked for in the first 64 bytes: an ISO-8601 date-time
 * `YYYY-MM-DD[T ]HH:MM:SS[.,fff][Z|+hh:mm|-hh:mm]` anywhere there (a
 * bare prefix, Megatron-LM's `[2024-05-01 12:00:00] iteration`, NeMo's
 * `[NeMo I 2023-09-11 22:31:28 ...]`, Python logging's asctime), or a
 * ctime `Www Mmm dd HH:MM:SS YYYY` (torch-neuronx `LOG Thu Sep 29
 * 22:30:10 2022 - ...`). Returns 1 and sets *t, else 0. */
int dt_wallgap_text_time(const char *line, double *t);

#endif
