/* import_report.c: the import report as JSON (import_report.h). */
#include "importers/import_report.h"

#include <stdint.h>
#include <string.h>

#include "model/core/segments.h"

static size_t series_segments(const dt_rawseries *s)
{
	/* One launch, steps never going back: one segment (what
	 * dt_resolve_segments finds, without copying the series). */
	size_t i = 1;
	while (s->nmarks == 0 && i < s->n && s->step[i] >= s->step[i - 1])
		i++;
	if (s->nmarks == 0 && i >= s->n)
		return 1;
	dt_rawchunk c = {s->n, s->step, s->value, s->nmarks, s->marks,
	                 s->sort_within_segment, 0};
	dt_series *segs = NULL;
	size_t n = 0;
	if (dt_resolve_segments(&c, 1, 1, &segs, &n) < 0)
		return 1;
	dt_segments_free(segs, n);
	return n ? n : 1;
}

size_t dt_import_log_segments(const dt_rawlog *log)
{
	const dt_rawseries *loss = dt_rawlog_find(log, DT_METRIC_LOSS);
	if (loss && loss->n)
		return series_segments(loss);
	size_t segs = 1;
	for (size_t i = 0; i < log->nseries; i++)
		if (log->series[i].n && series_segments(&log->series[i]) > segs)
			segs = series_segments(&log->series[i]);
	return segs;
}

static void int_or_null(dt_jw *w, const char *key, int64_t v, int valid)
{
	dt_jw_key(w, key);
	if (valid)
		dt_jw_int(w, v);
	else
		dt_jw_null(w);
}

static void json_metrics(dt_jw *w, const dt_rawlog *log, int64_t *lo,
                         int64_t *hi)
{
	dt_jw_key(w, "metrics");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < log->nseries; i++) {
		const dt_rawseries *s = &log->series[i];
		int64_t a = INT64_MAX, b = INT64_MIN;
		size_t nf = 0;
		for (size_t k = 0; k < s->n; k++) {
			a = s->step[k] < a ? s->step[k] : a;
			b = s->step[k] > b ? s->step[k] : b;
			nf += !(s->value[k] - s->value[k] == 0); /* NaN or inf */
		}
		*lo = a < *lo ? a : *lo;
		*hi = b > *hi ? b : *hi;
		dt_jw_obj_begin(w);
		dt_jw_key(w, "metric"); dt_jw_str(w, s->metric);
		dt_jw_key(w, "points"); dt_jw_int(w, (int64_t)s->n);
		int_or_null(w, "first_step", a, s->n > 0);
		int_or_null(w, "last_step", b, s->n > 0);
		dt_jw_key(w, "non_finite"); dt_jw_int(w, (int64_t)nf);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void json_launches(dt_jw *w, const dt_rawlog *log)
{
	dt_jw_key(w, "launches");
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < log->nlaunch_ev; i++) {
		const dt_launch_evidence *e = &log->launch_ev[i];
		dt_jw_obj_begin(w);
		dt_jw_key(w, "launch"); dt_jw_int(w, (int64_t)e->launch + 1);
		int_or_null(w, "line", (int64_t)e->line, e->line != 0);
		dt_jw_key(w, "kind"); dt_jw_str(w, dt_launch_kind_name(e->kind));
		dt_jw_key(w, "marker");
		if (e->marker[0])
			dt_jw_str(w, e->marker);
		else
			dt_jw_null(w);
		int_or_null(w, "checkpoint_step", e->ckpt_step, e->ckpt_step >= 0);
		dt_jw_obj_end(w);
	}
	dt_jw_arr_end(w);
}

static void json_texts(dt_jw *w, const char *key, char *const *v, size_t n)
{
	dt_jw_key(w, key);
	dt_jw_arr_begin(w);
	for (size_t i = 0; i < n; i++)
		dt_jw_str(w, v[i]);
	dt_jw_arr_end(w);
}

/* "grown": null, or what the file adds to the run's stored log. */
static void json_grown(dt_jw *w, const dt_grown *g)
{
	dt_jw_key(w, "grown");
	if (!g) {
		dt_jw_null(w);
		return;
	}
	dt_jw_obj_begin(w);
	dt_jw_key(w, "held_from"); dt_jw_str(w, g->held_from);
	dt_jw_key(w, "points_held"); dt_jw_int(w, (int64_t)g->held);
	dt_jw_key(w, "points_new"); dt_jw_int(w, (int64_t)g->added);
	int_or_null(w, "loss_held", (int64_t)g->loss_held, g->has_loss);
	int_or_null(w, "loss_new", (int64_t)g->loss_added, g->has_loss);
	dt_jw_obj_end(w);
}

void dt_import_json_file(dt_jw *w, const char *path, const char *format,
                         size_t bytes, const char *sha256,
                         const dt_rawlog *log, const dt_grown *grown)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	dt_jw_obj_begin(w);
	dt_jw_key(w, "path"); dt_jw_str(w, path);
	dt_jw_key(w, "format"); dt_jw_str(w, format);
	dt_jw_key(w, "bytes"); dt_jw_int(w, (int64_t)bytes);
	dt_jw_key(w, "sha256"); dt_jw_str(w, sha256);
	dt_jw_key(w, "points"); dt_jw_int(w, (int64_t)dt_rawlog_points(log));
	dt_jw_key(w, "segments");
	dt_jw_int(w, (int64_t)dt_import_log_segments(log));
	json_grown(w, grown);
	dt_jw_key(w, "step_source"); dt_jw_str(w, log->step_source);
	json_metrics(w, log, &lo, &hi);
	int_or_null(w, "step_first", lo, lo <= hi);
	int_or_null(w, "step_last", hi, lo <= hi);
	json_launches(w, log);
	dt_jw_key(w, "facts");
	dt_jw_obj_begin(w);
	for (size_t i = 0; i < log->nfacts; i++) {
		dt_jw_key(w, log->facts[i].key);
		dt_jw_str(w, log->facts[i].value);
	}
	dt_jw_obj_end(w);
	json_texts(w, "warnings", log->warnings, log->nwarnings);
	json_texts(w, "notes", log->notes, log->nnotes);
	dt_jw_obj_end(w);
}
