/* import_report.h: the import report as data, for `import --dry-run
 * --json` (dualtrack(1) "import"): one object per file parsed and one
 * per file a folder import skipped. The text report (import.c) and this
 * one count segments the same way (dt_import_log_segments). */
#ifndef DT_IMPORT_REPORT_H
#define DT_IMPORT_REPORT_H

#include <stddef.h>

#include "importers/import_grown.h"
#include "model/core/rawlog.h"
#include "model/util/jsonw.h"

/* Segments inside one parsed file as dt_resolve_segments counts them
 * (the one segment count of runs, resume-check and series): those of
 * the loss, else the most of any metric; 1 when the log has no point. */
size_t dt_import_log_segments(const dt_rawlog *log);

/* Write one parsed file as a JSON object value to w: path, format,
 * bytes, sha256 (64 hex), points, segments, step_source, step_first /
 * step_last (steps as logged, null without points), metrics [{metric,
 * points, first_step, last_step, non_finite}], launches [{launch
 * (1-based), line (null when none), kind, marker (null), checkpoint_step
 * (null)}], facts {key: value}, warnings [], notes [] (texts as logged:
 * the writer escapes them); grown: null, or when the import would store
 * the file as the run's log grown (import_grown.h) {held_from (the
 * stored file's name), points_held, points_new (all metrics), loss_held,
 * loss_new (null without a loss)}. */
void dt_import_json_file(dt_jw *w, const char *path, const char *format,
                         size_t bytes, const char *sha256,
                         const dt_rawlog *log, const dt_grown *grown);

#endif
