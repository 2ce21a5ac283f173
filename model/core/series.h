/* dt_series.h: a metric of one run as a curve over effective steps, after
 * effective-step mapping, micro-batch averaging and restart resolution.
 *
 * Rules (issue 2, ACCEPTANCE.md "Effective step", "Resume and fault drills"):
 * - Effective step: with gradient accumulation G and a log that counts
 *   micro-batches, micro-step m is effective step ceil(m / G). G = 1 keeps
 *   the logged step.
 * - Segments are numbered from 1. A new segment starts at every file after
 *   the first of a run, at every explicit mark (repeated header, new
 *   banner), and at every logged step lower than the previous one in the
 *   same segment. A mark followed by a backwards step is one restart.
 * - Within a segment, consecutive points with the same effective step (one
 *   row per micro-batch) are averaged into one optimizer step.
 * - Latest segment wins: when segment k starts at effective step s, the
 *   points of every earlier segment at steps >= s are superseded (the
 *   training that produced them was rolled back to a checkpoint), never
 *   joined or averaged. Superseded steps beyond the last step a later
 *   segment logged count as abandoned (logged points).
 * - Replayed steps are optimizer steps trained again, per restart: with
 *   s the first step of the new segment, I its logging interval (median
 *   gap) and L the last step of the run as it stood before the restart
 *   that the new segment re-covered (s <= L <= its last step), the
 *   restart replays L - s + I steps (the first logged step after a
 *   resume is taken as one interval after the checkpoint: a run logged
 *   every 10 steps resumed from checkpoint 400, logging 410.. again up to
 *   at least 450, replays 450 - 410 + 10 = 50 steps); summed over
 *   restarts. replayed_points counts the superseded logged points.
 */
#ifndef DT_SERIES_H
#define DT_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/rawlog.h"

/* One file's raw points of one metric, as loaded from the store. */
typedef struct dt_rawchunk {
	size_t n;
	const int64_t *step;      /* [n] logged steps */
	const double *value;      /* [n] */
	size_t nmarks;
	const uint32_t *marks;    /* [nmarks] mark m starts launch m + 1 */
	int sort_within_segment;  /* see dt_rawseries */
	int64_t file_id;          /* store id of its file, 0 = not stored */
} dt_rawchunk;

/* A resolved curve. Arrays are owned and freed by dt_series_free. */
typedef struct dt_series {
	size_t n;             /* distinct effective steps holding a value */
	int64_t *step;        /* [n] effective steps, strictly increasing */
	double *value;        /* [n] values, non-finite kept */
	uint16_t *segment;    /* [n] 1-based segment each point came from */
	size_t nsegments;     /* 1 + restarts found (0 for an empty input) */
	int64_t *restart_step;/* [nsegments-1] first effective step of segment k+2 */
	size_t replayed;      /* optimizer steps replayed (rule above) */
	size_t replayed_points; /* superseded points a later segment re-logged */
	size_t abandoned;     /* superseded steps never re-logged */
	size_t averaged;      /* raw points merged by micro-batch averaging */
	size_t out_of_order;  /* points sorted back into place (concurrent writers) */
	size_t non_finite;    /* points whose value is NaN or +-inf */
	/* Curves of dt_resolve_segments only: where the segment begins. */
	size_t origin_chunk;       /* index of its chunk (file) */
	int64_t origin_file;       /* that chunk's file_id */
	uint32_t origin_launch_lo; /* launches of that file whose evidence */
	uint32_t origin_launch_hi; /* applies (lo > hi: none; launch 0 = the
	                            * file's start) */
	int origin_step_back;      /* its first logged step went back */
} dt_series;

/* Effective step of logged micro-step m with gradient accumulation g >= 1:
 * ceil(m / g) (ACCEPTANCE.md "Effective step"; g = 1: m); floor
 * division for m <= 0. The one conversion of resolution and of the
 * import's dry-run report. */
int64_t dt_effective_step(int64_t m, int64_t g);

/* Resolve raw chunks (in file order) into a curve. `grad_accum` G >= 1
 * maps logged micro-steps to effective steps (1 = the log already counts
 * optimizer steps). Returns 0, or -1 with errno ENOMEM / EINVAL (G < 1).
 * `out` is overwritten; free it with dt_series_free. O(n) time unless
 * sort_within_segment is set (then O(n log n)); memory 18 bytes/point. */
int dt_resolve(const dt_rawchunk *chunks, size_t nchunks, int64_t grad_accum,
               dt_series *out);

/* 1 when dt_resolve of these chunks is the one chunk itself: a single
 * chunk (file) without marks, strictly increasing logged steps, G = 1
 * (the common case: one segment, nothing averaged or superseded); else
 * 0. O(n). */
int dt_resolve_is_trivial(const dt_rawchunk *chunks, size_t nchunks,
                          int64_t grad_accum);

/* dt_resolve of a trivial chunk (dt_resolve_is_trivial) whose step and
 * value arrays (n each, malloc'd) the caller hands over instead of
 * having them copied: out owns them from here, also on failure (then
 * freed). Returns 0, or -1 with errno ENOMEM. */
int dt_resolve_adopt(int64_t *step, double *value, size_t n,
                     dt_series *out);

/* The segment rule of dt_resolve and dt_resolve_segments for point i of
 * a chunk: it starts a new segment when a launch begins at it (a mark,
 * rawlog.h) or when its logged step is below the previous point's and
 * the chunk is not sorted within segments (sort_within_segment: a
 * restart). Equal steps stay in one segment (micro-batch rows, averaged).
 * prev: the previous point's step, have_prev 0 at the chunk's first. */
static inline int dt_point_starts_segment(int launch_here, int have_prev,
                                          int sort_within_segment,
                                          int64_t step, int64_t prev)
{
	return launch_here || (have_prev && !sort_within_segment && step < prev);
}

/* Resolve raw chunks like dt_resolve, but without superseding: one curve
 * per segment (effective-step mapping and micro-batch averaging applied),
 * so the values a restart rolled back stay visible (resume drills compare
 * the LR and loss logged before a restart with those logged after it).
 * *segs receives nseg curves in segment order, each with nsegments = 1 and
 * segment[] holding its 1-based segment number and origin_* saying
 * which file and launch(es) it starts (the launches of that file that
 * logged nothing of this metric in between are included, so their
 * evidence is not lost; a segment started only by a step going back has
 * no launch); free each with
 * dt_series_free and the array with free(). Returns 0, or -1 with errno
 * ENOMEM / EINVAL (G < 1) / EOVERFLOW (more than 65535 segments). */
int dt_resolve_segments(const dt_rawchunk *chunks, size_t nchunks,
                        int64_t grad_accum, dt_series **segs, size_t *nseg);

/* Free the arrays of a series and zero it. */
void dt_series_free(dt_series *s);

/* Index of the first point with step >= `step` (n when none); O(log n). */
size_t dt_series_lower_bound(const dt_series *s, int64_t step);

/* The value of s at exactly `step`: returns 1 and sets *v (a non-finite
 * value included) when s holds a point there; 0, *v untouched, when it
 * does not or s is NULL. O(log n); never fails. */
int dt_series_value_at(const dt_series *s, int64_t step, double *v);

#endif
