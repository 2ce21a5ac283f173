/* warnings.h: which of a run's stored importer warnings still hold.
 *
 * A log written whole again as it grows (import_grown.h) is stored once
 * more as the same log grown; a warning an earlier version gave that the
 * grown log no longer gives (an HF checkpoint's "global_step 4000 <
 * max_steps 8660: an unfinished run or a checkpoint state", then the
 * final trainer_state.json) stays stored (the store is append-only), and
 * the import adds a note naming it as superseded. The warnings counted
 * and shown as current are those no such note names. */
#ifndef DT_CORE_WARNINGS_H
#define DT_CORE_WARNINGS_H

#include <stddef.h>

/* The note's text for a superseded warning `text` of a log grown into
 * the file named `base`: "superseded by BASE (the same log grown): TEXT",
 * into buf (size n). */
void dt_warning_superseded_note(const char *base, const char *text,
                                char *buf, size_t n);

/* The warning text a superseding note names, or NULL when `note` is not
 * one (a pointer into note). */
const char *dt_warning_superseded_by(const char *note);

/* Drop from w[0..*nw) (owned strings, insertion order) every warning a
 * superseding note among notes[0..nn) names, once per note (a warning
 * stored twice and superseded once stays once); the dropped strings are
 * freed and *nw lowered. Never fails. */
void dt_warnings_current(char **w, size_t *nw, char *const *notes,
                         size_t nn);

#endif
