/* import_screen.h: the import screen (curses-free): a form (file or
 * folder with Tab completion, platform, run name, format, step base,
 * grad accum, global batch, logging steps, loss tag, once or live),
 * then a
 * preview that is exactly `dualtrack import --dry-run` (dt_import with
 * dry_run on the open store, its report captured: "same log grown" for
 * a log the run holds grown), then Enter imports (dt_import) or, in
 * live mode, hands the request to the app, which follows the file with
 * dt_follow_poll (importers/import_follow.h) while the other screens stay
 * usable. Errors (with file and line from the importers) stay on the
 * screen.
 *
 * The format and step base fields are `dualtrack import --format` and
 * `--step-base`: their choices are the CLI's (the importers' registry,
 * dt_step_bases), and the values go through the same calls
 * (dt_step_base_parse, dt_import), so a format that does not read the
 * file is refused with the importer's error, shown in the form. The
 * grad accum, global batch and logging steps fields are --grad-accum,
 * --global-batch and --logging-steps (empty: not given), each checked
 * as it is left with the CLI's parser and words (dt_import_count_parse:
 * "grad accum expects an integer >= 1, got '4x'", the label "!grad
 * accum"); loss tag is --loss-tag (empty: the TensorBoard rule).
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

enum { DT_IMP_PATH, DT_IMP_PLATFORM, DT_IMP_RUN, DT_IMP_FORMAT,
       DT_IMP_STEP_BASE, DT_IMP_GRAD_ACCUM, DT_IMP_GLOBAL_BATCH,
       DT_IMP_LOGGING_STEPS, DT_IMP_LOSS_TAG, DT_IMP_MODE, DT_IMP_GO,
       DT_IMP_NF };

#define DT_IMP_FORMATS 16     /* most format choices: auto + importers */
#define DT_IMP_STEP_BASES 4   /* most step base choices: auto + bases */

typedef struct dt_import_screen {
	dt_field f[DT_IMP_NF];
	dt_form form;
	/* the format field's choices: "auto (...)", then the importers'
	 * names (importers/registry.c); the step base's: "auto (...)", then
	 * dt_step_bases (importers/import.h) as "0 (meaning)" */
	const char *formats[DT_IMP_FORMATS];
	const char *step_bases[DT_IMP_STEP_BASES];
	char step_base_text[DT_IMP_STEP_BASES][80];
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

/* Check the text typed into field i as the field is left: the count
 * fields with dt_import_count_parse (empty: not given); others take any
 * text. Returns 0, or -1 with the CLI's message in err (size n). */
int dt_import_screen_check(size_t i, const char *text, char *err, size_t n);

/* Reset to an empty form on store st; live = 1 preselects "follow
 * (live)". */
void dt_import_screen_open(dt_import_screen *s, dt_store *st, int live);

/* Free what the screen owns (the preview's lines, the Tab completions);
 * the store stays (borrowed). Safe on a zeroed screen and twice; the
 * form's fields are kept until the next dt_import_screen_open. Never
 * fails. */
void dt_import_screen_free(dt_import_screen *s);

/* 1 when the form is set to follow the file (live mode). */
int dt_import_screen_live(const dt_import_screen *s);

/* The request of the form (pointing into s and `files`, valid while s
 * is unchanged): run name resolved as dt_import would, the format, step
 * base, grad accum, global batch, logging steps and loss tag as given.
 * Returns 0, or -1 with the reason in err (size n) when a value is
 * refused (dt_step_base_parse, dt_import_count_parse). */
int dt_import_screen_request(dt_import_screen *s, dt_import_request *rq,
                             const char *files[1], char *err, size_t n);

/* Rewrite in text (size n, NUL-terminated, cut on a character when the
 * result is longer) the importer's advice that names command-line
 * options the form has as fields: "use --format" and "(--step-base 0|1
 * decides)" name the form's format and step base fields, "--grad-accum",
 * "--global-batch", "--logging-steps" and "--loss-tag" its fields of
 * those names ("effective steps (grad accum 4)"). For the
 * preview, the import's errors and live mode's. */
void dt_import_screen_words(char *text, size_t n);

/* Draw the screen into g (title row, hint row, the fields, the message
 * or the preview, scrolled to fit). Never fails. */
void dt_import_screen_render(dt_import_screen *s, dt_grid *g,
                             const char *title);

#endif
