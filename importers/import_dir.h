/* import_dir.h: expanding a run folder into the log files of one run. */
#ifndef DT_IMPORT_DIR_H
#define DT_IMPORT_DIR_H

#include <stddef.h>
#include <stdio.h>

/* The log files of the run folder `dir`, in segment order, tried in this
 * order:
 *  1. TensorBoard: files named *tfevents* up to 3 levels down, all in
 *     one folder (dir itself or one subfolder), sorted by the wall_time
 *     of their first event (ties by path): several launches of one run.
 *     Event files in more than one folder are separate runs: an error
 *     listing the folders (pass the files explicitly to merge them);
 *  2. Lightning: dir/version_N/metrics.csv, sorted by N (a resumed
 *     version continues the previous one);
 *  3. W&B: dir/wandb-summary.json, dir/files/..., or exactly one
 *     dir/run-* /files/wandb-summary.json (several runs: an error).
 * Returns 0 with *files ([*n] owned strings in an owned array; free each
 * then the array) and *kind (static text naming the layout and order),
 * or -1 with "DIR: reason" in err. */
int dt_import_dir_files(const char *dir, char ***files, size_t *n,
                        const char **kind, char *err, size_t errlen);

/* Every regular file under `dir` (3 levels down, as searched) that is
 * not in chosen[nchosen] (the paths dt_import_dir_files returned), each
 * written to report (may be NULL) as "  skipped: PATH: why" (hidden, a
 * log of another format than the folder's layout `kind`, not a training
 * log, empty, unreadable); folders deeper than searched are named too.
 * Returns how many were skipped. */
size_t dt_import_dir_skipped(const char *dir, char *const *chosen,
                             size_t nchosen, const char *kind, FILE *report);

/* The same, handing each skipped path (folders deeper than searched end
 * in '/') and its reason, unsanitised, to fn(ctx, path, why) (fn may be
 * NULL: only counted). */
typedef void (*dt_import_skip_fn)(void *ctx, const char *path,
                                  const char *why);
size_t dt_import_dir_skipped_each(const char *dir, char *const *chosen,
                                  size_t nchosen, const char *kind,
                                  dt_import_skip_fn fn, void *ctx);

/* Whether path names a directory. */
int dt_import_is_dir(const char *path);

#endif
