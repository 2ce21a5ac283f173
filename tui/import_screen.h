/* import_screen.h: the import screen (curses-free): a form (file or
 * folder with Tab completion, platform, run name, once or live), then a
 * preview that is exactly `dualtrack import --dry-run` (dt_import with
 * dry_run on the open store, its report captured: "same log grown" for
 * a log the run holds grown), then Enter imports (dt_import) or, in
 * live mode, hands the request to the app, which follows the file with
 * dt_follow_poll (importers/import_follow.h) while the other screens stay
 * usable. Errors (with file and line from the importers) stay on the
 * screen.
 *
 * Keys: the form widget's (tui/form.h: typing edits the focused text
 * field or picks a choice by its start, Enter / Tab / Down next field,
 * Up previous, Space / Left / Right change a choice, Esc leaves), plus
 * Tab completing the path and Enter refusing an empty path. The screen
 * is dt_import_ops (tui/screen.h); the preview's keys are the keymap's. */
#ifndef DT_IMPORT_SCREEN_H
#define DT_IMPORT_SCREEN_H

#include <stddef.h>

#include "importers/import.h"
#include "tui/form.h"
#include "tui/screens.h"

enum { DT_IMP_PATH, DT_IMP_PLATFORM, DT_IMP_RUN, DT_IMP_MODE, DT_IMP_GO,
       DT_IMP_NF };

typedef struct dt_import_screen {
	dt_field f[DT_IMP_NF];
	dt_form form;
	int preview;              /* 1: the dry-run report is shown */
	char **lines;             /* [nlines] report lines, owned */
	size_t nlines, top;
	dt_list list;             /* preview scrolling (sel = top line) */
	char run[DT_NAME_MAX];    /* the run the preview imports into */
	char **cands;             /* [ncands] Tab completions, owned */
	size_t ncands;
	char msg[1200];
	int msg_err;
	dt_store *st;             /* borrowed: written on import */
} dt_import_screen;

/* Reset to an empty form on store st; live = 1 preselects "follow
 * (live)". */
void dt_import_screen_open(dt_import_screen *s, dt_store *st, int live);

void dt_import_screen_free(dt_import_screen *s);

/* 1 when the form is set to follow the file (live mode). */
int dt_import_screen_live(const dt_import_screen *s);

/* The request of the form (pointing into s and `files`, valid while s
 * is unchanged): run name resolved as dt_import would. */
void dt_import_screen_request(dt_import_screen *s, dt_import_request *rq,
                              const char *files[1]);

/* Rewrite in text (size n, NUL-terminated, cut on a character when the
 * result is longer) the importer's advice that names command-line
 * options the form does not have: "use --format" and "(--step-base 0|1
 * decides)" say what the form does instead (it detects the format and
 * keeps steps as logged) and which command does the rest. For the
 * preview, the import's errors and live mode's. */
void dt_import_screen_words(char *text, size_t n);

void dt_import_screen_render(dt_import_screen *s, dt_grid *g,
                             const char *title);

#endif
