/* curve_open.c: a store-backed curve (curve_open.h). */
#include "model/service/curve_open.h"
#include "model/service/series_seal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/core/lod.h"

/* Read [first, first + count) straight from the store; on failure the
 * curve keeps the store's message. */
static int read_direct(dt_store_curve *sc, size_t first, size_t count,
                       double *out)
{
	if (dt_store_values_read(sc->st, sc->file_id, sc->metric, first, count,
	                         out) == 0)
		return 0;
	sc->failed = 1;
	snprintf(sc->error, sizeof sc->error, "%s", dt_store_error(sc->st));
	return -1;
}

/* The cached page `no` (read when missing, least recently used of its
 * set out), or NULL when the read fails. */
static const double *page_get(dt_store_curve *sc, size_t no)
{
	int set = (int)((no * 2654435761u) % DT_CURVE_SETS) * DT_CURVE_WAYS;
	int k, lru = set;
	for (k = set; k < set + DT_CURVE_WAYS; k++) {
		if (sc->page_ok[k] && sc->page_no[k] == no) {
			sc->page_used[k] = ++sc->clock;
			return sc->page[k];
		}
		if (!sc->page_ok[k] ||
		    (sc->page_ok[lru] && sc->page_used[k] < sc->page_used[lru]))
			lru = k;
	}
	if (!sc->page[lru] &&
	    !(sc->page[lru] = malloc(DT_CURVE_PAGE * sizeof(double)))) {
		sc->failed = 1;
		snprintf(sc->error, sizeof sc->error, "out of memory");
		return NULL;
	}
	size_t first = no * DT_CURVE_PAGE, n = sc->c.n - first;
	if (n > DT_CURVE_PAGE)
		n = DT_CURVE_PAGE;
	sc->page_ok[lru] = 0;
	if (read_direct(sc, first, n, sc->page[lru]) < 0)
		return NULL;
	sc->page_ok[lru] = 1;
	sc->page_no[lru] = no;
	sc->page_used[lru] = ++sc->clock;
	return sc->page[lru];
}

/* dt_values_fetch of a store-backed curve: a short range through the
 * page cache (the pyramid's edge points, a cursor's value), a long one
 * (a page or more) straight into the caller's buffer. */
static int fetch(void *ctx, size_t first, size_t count, double *out)
{
	dt_store_curve *sc = ctx;
	if (first > sc->c.n || count > sc->c.n - first)
		return -1;
	if (count >= DT_CURVE_PAGE)
		return read_direct(sc, first, count, out);
	while (count) {
		size_t no = first / DT_CURVE_PAGE, off = first % DT_CURVE_PAGE;
		size_t k = DT_CURVE_PAGE - off < count ? DT_CURVE_PAGE - off : count;
		const double *p = page_get(sc, no);
		if (!p)
			return -1;
		memcpy(out, p + off, k * sizeof *out);
		out += k;
		first += k;
		count -= k;
	}
	return 0;
}

int dt_run_series_simple(dt_store *st, const dt_run *run, const char *metric,
                         dt_series_shape *sh)
{
	if (run->grad_accum > 1)
		return 0;
	int rc = dt_store_shape_load(st, run->id, metric, sh);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	return sh->parts == 1 && sh->nmarks == 0 && sh->stride > 0;
}

int dt_store_curve_open(dt_store *st, const dt_run *run, const char *metric,
                        dt_store_curve *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	dt_series_shape sh;
	int rc = dt_run_series_simple(st, run, metric, &sh);
	if (rc < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (rc == 0 || strlen(metric) >= sizeof out->metric)
		return 1;
	void *lod;
	size_t len, n;
	int64_t row[2];
	rc = dt_store_lod_load_row(st, run->id, metric, &lod, &len, &n, row);
	if (rc < 0) {
		snprintf(err, errlen, "%s", dt_store_error(st));
		return -1;
	}
	if (rc == 1)
		return 1;
	/* the levels as read against their seal: levels that differ are
	 * noted on the store (ALTERED) and not drawn; the curve is then
	 * loaded whole, its values checked against theirs */
	rc = dt_lod_seal_check(st, run->name, metric, row[0], row[1], lod, len,
	                       err, errlen);
	if (rc != 0) {
		free(lod);
		return rc;
	}
	rc = n == sh.n ? dt_lod_unpack(&out->pyr, NULL, sizeof(double), n, lod,
	                               len) : -1;
	free(lod);
	if (rc < 0) {
		memset(out, 0, sizeof *out);
		if (errno == ENOMEM) {
			snprintf(err, errlen, "run %s, metric %s: out of memory",
			         run->name, metric);
			return -1;
		}
		return 1; /* levels that do not fit: load it whole */
	}
	out->st = st;
	out->file_id = sh.file_id;
	snprintf(out->metric, sizeof out->metric, "%s", metric);
	out->pyr.fetch = fetch;
	out->pyr.fetch_ctx = out;
	out->c.n = sh.n;
	out->c.x_first = sh.first_step;
	out->c.x_stride = sh.stride;
	out->c.fetch = fetch;
	out->c.fetch_ctx = out;
	out->c.pyr = &out->pyr;
	return 0;
}

void dt_store_curve_close(dt_store_curve *sc)
{
	if (!sc)
		return;
	dt_pyramid_free(&sc->pyr);
	for (int k = 0; k < DT_CURVE_PAGES; k++)
		free(sc->page[k]);
	memset(sc, 0, sizeof *sc);
}
