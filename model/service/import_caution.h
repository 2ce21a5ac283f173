/* import_caution.h: what an import into a run that already held files
 * must say (it said nothing; new-user trial): a file of a format the run
 * did not hold, which is read as a later segment of the same training,
 * and steps replayed in a run a pilot relies on (its baseline, or any of
 * its runs once decisions are recorded), whose verdict may change. The
 * import is not refused: one training may log in two formats (the HF
 * Trainer's trainer_state.json and its console) and a resumed job
 * replays steps by design. */
#ifndef DT_IMPORT_CAUTION_H
#define DT_IMPORT_CAUTION_H

#include <stddef.h>

#include "model/core/run.h"
#include "model/store/store.h"

/* The cautions of one import into `before` (the run as it was; files 0:
 * a new run, nothing to say), now `after`; path: the first file given
 * (nfiles in all). Writes 0, 1 or 2 lines into out, each ending in '\n'
 * and starting "warning: ", sanitised for a terminal:
 *   warning: run 'R' held F file(s); PATH is G: read as a later segment
 *   of the same training (its steps replace the ones it shares); if it
 *   is another training, import it as its own run (--run NAME)
 *   warning: this import replays N step(s) of run 'R' (the later
 *   segment's values count): it is the baseline of pilot 'P' (1 decision
 *   recorded); the pilot's verdict may change (dualtrack compare)
 * Returns the number of lines, or -1 (store error, out left ""). */
int dt_import_caution(dt_store *st, const dt_run *before,
                      const dt_run *after, const char *path, size_t nfiles,
                      char *out, size_t outlen);

#endif
