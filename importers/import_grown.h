/* import_grown.h: an import that is the run's stored log grown.
 *
 * A log written whole again as it grows (the HF Trainer's
 * trainer_state.json at each save: checkpoint-4000/trainer_state.json,
 * then the final one) is the same training, not a restart. When a file
 * imported into a run begins with exactly the points the run's newest
 * stored series hold (every metric of that file: same steps and values
 * bit for bit, same launch marks), it is "the same log grown": the file
 * is recorded (path, SHA-256, size, facts, warnings not held yet) but its
 * points are not stored again: only the new tail is appended to that
 * file's series as their next part (as `import --follow` does), so no
 * segment, restart or replay appears. Any difference in the held points
 * (a genuine restart re-logs other values at the same steps) keeps the
 * ordinary rule: a new file, a new segment. */
#ifndef DT_IMPORT_GROWN_H
#define DT_IMPORT_GROWN_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/rawlog.h"
#include "model/store/store.h"

typedef struct dt_grown {
	int64_t file_id;       /* the stored file whose series it continues */
	char held_from[256];   /* that file's name (path without folders) */
	size_t held, added;    /* points of every metric: already stored, new */
	size_t loss_held, loss_added; /* the same for the loss */
	int has_loss;          /* 1: the log has a loss series */
} dt_grown;

/* Inside the caller's transaction: when `log` (from `path`, `bytes`
 * long, SHA-256 hex `sha256`, importer `format`) is the run's stored log
 * grown (file comment), store it that way and fill *g. The newest stored
 * file holding a series is the one compared with. Returns 1 stored as
 * grown; 0 not grown, or the run already holds this SHA-256 (nothing
 * written: the caller imports it the ordinary way, which refuses a file
 * held); -1 with err (store error, out of memory). */
int dt_import_grown(dt_store *st, const dt_run *run, const char *path,
                    const char sha256[65], size_t bytes, const char *format,
                    const dt_rawlog *log, dt_grown *g, char *err,
                    size_t errlen);

/* The same test, nothing written (import --dry-run on a store opened
 * read-only): 1 when dt_import_grown would store the log as grown, with
 * *g filled as it would be; 0 not (or the run already holds this
 * SHA-256: the import refuses it); -1 with err (store error, out of
 * memory). */
int dt_import_grown_check(dt_store *st, const dt_run *run,
                          const char sha256[65], const dt_rawlog *log,
                          dt_grown *g, char *err, size_t errlen);

/* The same test against a log in memory instead of the store: `was`,
 * an earlier file of the same import holding points, is what the run's
 * newest series hold once it is stored (its series as parsed, whether
 * it was stored as a new file or itself as grown; held_from names the
 * stored file, as g->held_from). Used by a dry run of several files.
 * Returns 1 grown (*g filled; g->file_id 0), 0 not, -1 out of memory. */
int dt_import_grown_of(const dt_rawlog *was, const char *held_from,
                       const dt_rawlog *log, dt_grown *g);

/* A warning or note as stored: "BASE: text", where BASE is the file's
 * name; a text that already starts with the file's path (most importer
 * warnings: "PATH:LINE: ...") has the path replaced by BASE, so the file
 * is never named twice. */
void dt_import_file_text(char *out, size_t outlen, const char *path,
                         const char *base, const char *text);

#endif
