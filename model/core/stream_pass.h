/* stream_pass.h: the parity rule and the findings of a comparison in one
 * pass over the baseline and pilot curves read in chunks, so two curves
 * of any length compare in bounded memory (issue 13: "Parity and
 * findings run as one streaming pass").
 *
 * A curve comes from a dt_curve_src: its point count and a callback
 * returning the points of an index range (from memory, or from a store
 * through model/service; core never sees the store). The pass walks the
 * pilot's points in order and the baseline's up to one step past each;
 * every point is read once (the logging-scale rule reads the common
 * steps again when its first pass cannot decide, findings.h).
 * Results equal the whole-curve functions: dt_parity_compute (parity.h),
 * dt_findings_data, dt_findings_scale (without lr and eval_loss) and
 * dt_findings_step_offset (findings.h).
 * Pure computation. */
#ifndef DT_STREAM_PASS_H
#define DT_STREAM_PASS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/findings.h"
#include "model/core/parity.h"
#include "model/core/series.h"

/* Points read per chunk by the pass (16 bytes a point: 1 MiB a side). */
#define DT_STREAM_CHUNK 65536

/* A curve read in chunks: n points, steps strictly increasing. */
typedef struct dt_curve_src {
	size_t n;
	/* Points [from, from + *got) into *step and *value (1 <= *got <=
	 * want, from < n), valid until the next call on this source. Returns
	 * 0, or -1 on failure (the source keeps its own message). */
	int (*read)(void *ctx, size_t from, size_t want, const int64_t **step,
	            const double **value, size_t *got);
	void *ctx;
} dt_curve_src;

/* A source over a curve in memory (borrowed; no copy). */
void dt_curve_src_series(dt_curve_src *src, const dt_series *s);

/* What one pass computes. Zero it, then set what is wanted. */
typedef struct dt_stream_job {
	const dt_parity_opts *parity; /* non-NULL: the parity rule under these
	                               * options (pairing by effective step
	                               * only: global batches that differ are
	                               * refused with EINVAL) */
	unsigned parity_keep;         /* DT_PARITY_KEEP_* */
	size_t thin_max;              /* > 0: also the min/max decimation of
	                               * the compared points under this budget
	                               * (dt_parity_acc_thin: par.kept) */
	size_t thin_n;                /* with thin_max: the compared points
	                               * expected */
	const char *metric;           /* non-NULL: the data findings of both
	                               * curves (roles "baseline", "pilot") */
	int scale;                    /* 1: the logging-scale rule */
	int step_offset;              /* 1: the step_offset rule */
	dt_findings *findings;        /* appended to, in dt_run_findings'
	                               * order: data (baseline, pilot),
	                               * logging scale, step offset */
	dt_parity par;                /* out: with `parity` (free with
	                               * dt_parity_free) */
} dt_stream_job;

/* Run the pass over baseline b and pilot p at once (dt_stream_begin,
 * one dt_stream_step with no limit, dt_stream_free). Returns 0, or -1
 * with errno ENOMEM, EINVAL (parity by samples) or EIO (a source's read
 * failed; its message is the source's). On -1 job->par is empty and
 * findings may hold some of this pass's findings. */
int dt_stream_pass(const dt_curve_src *b, const dt_curve_src *p,
                   dt_stream_job *job);

/* The same pass taken in steps, so a front-end can draw between them
 * (issue 13: the chart's first frame before the pass ends). The results
 * are the same bits as dt_stream_pass's whatever the steps' sizes: the
 * steps only cut the one walk over the points where the one-shot pass
 * would go on. */
typedef struct dt_stream_run dt_stream_run;

/* Begin the pass of `job` over b and p (the sources are copied; their
 * contexts, the job and what it points to are borrowed and must outlive
 * the run). Nothing is read yet. Returns 0 with *out (free with
 * dt_stream_free), or -1 with errno ENOMEM or EINVAL (parity by
 * samples) and *out NULL. */
int dt_stream_begin(const dt_curve_src *b, const dt_curve_src *p,
                    dt_stream_job *job, dt_stream_run **out);

/* Go on with the pass for about `budget` points (0 counts as 1): pilot
 * points walked, and baseline points read after the pilot's end; a
 * chunk is read whole when the walk reaches it (DT_STREAM_CHUNK points
 * at most), so a step may read more than it walks. Returns 1 when the
 * pass is done (job->par and job->findings hold the results, as
 * dt_stream_pass gives them), 0 when there is more to do, -1 with errno
 * as dt_stream_pass (job->par then empty; the run can only be freed). */
int dt_stream_step(dt_stream_run *r, size_t budget);

/* How far the pass is: the fraction [0, 1] of the current walk's points
 * read (walk 1 reads the pilot and, with data findings, the baseline;
 * the logging-scale rule may walk the pilot again when its first walk
 * cannot decide: *walk, when not NULL, is the walk's number from 1).
 * 1 once done. */
double dt_stream_progress(const dt_stream_run *r, unsigned *walk);

/* Free a run, done or not (an unfinished one gives back what its
 * accumulators hold and leaves job->par empty). NULL-safe. */
void dt_stream_free(dt_stream_run *r);

#endif
