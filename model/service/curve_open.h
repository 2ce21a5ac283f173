/* curve_open.h: a run's curve read from the store as a chart needs it
 * (model/core/curve.h), without loading the whole series: its shape and
 * stored levels of detail are read once (dt_store_shape_load,
 * dt_store_lod_load), its x is affine, and its values are read in
 * ranges when a query asks for them (dt_store_values_read), through a
 * small cache of aligned pages. */
#ifndef DT_CURVE_OPEN_H
#define DT_CURVE_OPEN_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/curve.h"
#include "model/store/store.h"

/* Values per cached page and pages kept per curve (2 MiB), in sets of
 * DT_CURVE_WAYS pages (a page number maps to one set): a frame reads
 * the few values at each column's edges of each curve (about 400 places
 * a curve at full width, each a different page when zoomed out), and
 * the strip and the readout read the same places again. */
#define DT_CURVE_PAGE 256
#define DT_CURVE_WAYS 4
#define DT_CURVE_SETS 256
#define DT_CURVE_PAGES (DT_CURVE_WAYS * DT_CURVE_SETS)

typedef struct dt_store_curve {
	dt_curve c;               /* what a view reads; c.pyr = &pyr */
	dt_pyramid pyr;           /* the stored levels, values via fetch */
	dt_store *st;             /* borrowed: must outlive the curve */
	int64_t file_id;
	char metric[128];
	double *page[DT_CURVE_PAGES];   /* [DT_CURVE_PAGE] each, owned */
	size_t page_no[DT_CURVE_PAGES]; /* which page each holds */
	int page_ok[DT_CURVE_PAGES];
	unsigned long page_used[DT_CURVE_PAGES], clock;
	int failed;               /* a read failed: error holds why */
	char error[256];
} dt_store_curve;

/* Whether `metric` of `run` is its stored series as logged and evenly
 * stepped (one file, one part, no launch marks, a positive step stride,
 * grad_accum 1): the case read in place by dt_store_curve_open and the
 * lean comparison (compare.h). *sh gets the series' shape when it is.
 * Returns 1 (it is), 0 (it is not, or the run has no such series), or
 * -1 on a store error (message in dt_store_error). */
int dt_run_series_simple(dt_store *st, const dt_run *run, const char *metric,
                         dt_series_shape *sh);

/* Open `metric` of `run` as a store-backed curve when the run's curve
 * is the stored series as logged and evenly stepped: one file, one
 * part, no launch marks, a positive step stride, grad_accum 1, levels
 * of detail stored (SQLite user_version >= 12 / PostgreSQL schema >=
 * 6). x is then the logged step (= the effective step); no value is
 * read until a query needs it. *out points into itself (the fetch's
 * context): it must not be moved or copied once open. The curve borrows st and must be closed
 * (dt_store_curve_close) before it. Returns 0 (*out ready), 1 when the
 * curve is not that simple case (the caller loads it whole,
 * dt_run_series_lod; *out empty), or -1 on a store error (message in
 * err; *out empty). */
int dt_store_curve_open(dt_store *st, const dt_run *run, const char *metric,
                        dt_store_curve *out, char *err, size_t errlen);

/* Free what the curve owns and zero it; a zeroed curve is accepted. */
void dt_store_curve_close(dt_store_curve *sc);

#endif
