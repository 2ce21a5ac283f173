/* screens.h: the TUI's screens (run list, comparison) and overlays, as
 * curses-free state + render-into-grid + key handler (internal to tui/).
 *
 * Keys arrive as ints: a character's code point, or a curses function key
 * code offset by DT_FKEY (so KEY_LEFT is DT_FKEY + KEY_LEFT and never
 * collides with a character). Key handlers return a dt_action. */
#ifndef DT_SCREENS_H
#define DT_SCREENS_H

#include <stddef.h>
#include <stdint.h>

#include "model/core/findings.h"
#include "model/core/noise.h"
#include "model/service/assessment.h"
#include "model/service/compare.h"
#include "model/service/curve_open.h"
#include "model/service/resume_run.h"
#include "model/service/run_summary.h"
#include "model/core/series.h"
#include "model/store/store.h"
#include "tui/chart.h"
#include "tui/grid.h"
#include "tui/action.h"
#include "tui/keys.h"
#include "tui/layout.h"
#include "tui/list.h"


typedef enum dt_action {
	DT_ACT_NONE = 0,     /* key ignored, nothing changed */
	DT_ACT_REDRAW,       /* state changed: redraw */
	DT_ACT_OPEN_COMPARE, /* run list: open the comparison */
	DT_ACT_BACK,         /* comparison: back to the run list */
	DT_ACT_QUIT,         /* leave the TUI */
	DT_ACT_SWITCH,       /* pilot screens: switch to the run list (Tab) */
	DT_ACT_OPEN_RESUME,  /* run list: resume view of the selected run */
	DT_ACT_OPEN_IMPORT,  /* run list: the import screen */
	DT_ACT_LIVE          /* run list: live mode (import screen preset to
	                      * follow, or stop the running follow) */
} dt_action;

/* ---- run list ---- */
typedef struct dt_runs_screen {
	dt_run *runs;          /* [n] owned (free()) */
	size_t n;
	dt_run_summary *sum;   /* [n] loss stats and warning counts, owned */
	dt_store *st;          /* borrowed, set by dt_runs_load */
	dt_list list;          /* selection, scrolling, search */
	int64_t base_id, pilot_id; /* picked runs, 0 = none */
	int64_t also_id[DT_COMPARE_MAX_EXTRA]; /* extra GPU baselines (a),
	                                        * noise ratio */
	size_t nalso;
	int warn_open;         /* warnings overlay shown */
	char **warn;           /* [nwarn] of the selected run, owned */
	size_t nwarn, warn_top;
	char msg[256];         /* status line (errors, hints) */
	dt_integrity integrity; /* of the store's records (title mark) */
} dt_runs_screen;

/* (Re)load runs, loss stats and warning counts from the store, keeping the
 * selection and picks by run id. With nothing picked, a store holding
 * exactly one pilot with one baseline and one pilot run attached gets
 * those two pre-picked (B / P), so c opens their comparison at once.
 * Returns 0 or -1 (message in s->msg). */
int dt_runs_load(dt_runs_screen *s, dt_store *st);
/* Free the runs, counts and open warnings the screen owns and zero it
 * (picks and extra baselines included; the store is borrowed). Safe on a
 * zeroed screen and twice. Never fails. */
void dt_runs_free(dt_runs_screen *s);
/* Draw the run list into g under `title`: the picks' marks (B, P, A),
 * the picked pair's row, the message or search row, the warnings
 * overlay when open. Never fails. */
void dt_runs_render(dt_runs_screen *s, dt_grid *g, const char *title);
/* The picked baseline / pilot, or NULL. */
const dt_run *dt_runs_picked(const dt_runs_screen *s, int pilot);
/* The extra baselines marked with `a` (still in the list) into
 * out[DT_COMPARE_MAX_EXTRA]; returns their count. */
size_t dt_runs_extra(const dt_runs_screen *s, dt_run *out);

/* ---- comparison ---- */
/* Windows (effective steps) offered by `w` on the comparison: off first. */
#define DT_WINDOWS { 0, 10, 50, 100 }
#define DT_NWINDOWS 4

typedef struct dt_compare_screen {
	dt_run run[2];         /* baseline, pilot (copies) */
	dt_comparison cmp;     /* the comparison shown (model/service/
	                        * compare.h), owned; the view borrows its
	                        * curves, parity and sentence */
	dt_compare_view view;
	dt_store_curve curve[2]; /* a lean comparison's curves (cmp.lean:
	                        * baseline, pilot), read from the store as
	                        * the view asks; they point into themselves
	                        * and borrow the store: the screen is not
	                        * moved while open */
	int open;
	char msg[256];
	dt_run extra[DT_COMPARE_MAX_EXTRA]; /* further GPU baselines marked
	                                     * with a */
	size_t nextra;
	int64_t card_pilot_id; /* > 0: the rules are this pilot's task card
	                        * (opened from its overview: the same
	                        * assessment the overview shows, whatever
	                        * other pilots the runs belong to); 0: the
	                        * service's choice (compare.h). Set by the
	                        * app before dt_compare_open */
	int rule_set;          /* 1: N chose the rule (overrides the card) */
	dt_rule rule;          /* the rule N chose, when rule_set */
	int interpolate;       /* 1: pilot interpolated onto the baseline (i) */
	int win_idx;           /* into DT_WINDOWS (w) */
	int findings_open;     /* the findings overlay (f) */
	char live[160];        /* "LIVE ..." marker set by the app, "" = off */
	dt_compare_pending *pending; /* the comparison's pass under way
	                        * (cmp.pending; dt_compare_start), owned;
	                        * NULL when the comparison is finished */
	size_t slice_points;   /* points a slice of the pass (the app sets it
	                        * from DT_PASS_SLICE), 0 = about 15 ms of work
	                        * a slice (slice_budget, adapted) */
	size_t slice_budget;
	double shown_at;       /* when the pass's percentage was last shown
	                        * (monotonic seconds) */
} dt_compare_screen;

/* Compare the runs through the service (dt_compare_start: the task
 * card of c->card_pilot_id when set, else of the one pilot both runs
 * belong to; a "rules:" row under the verdict says which (the service's
 * rules_source); the screen's rule / interpolation
 * / window options, extra baselines extra[0..nextra)) and build the view
 * on the result: the lean comparison (one streaming pass, no curve kept)
 * and the curves read from the store (dt_store_curve_open) when the
 * service can compare them so (compare.h, dt_comparison.lean), else the
 * curves loaded whole (the same screen either way). The lean pass is
 * left pending (dt_compare_busy): the curves are drawn from their stored
 * levels at once and dt_compare_work runs the pass in slices. When `keep` and the
 * same runs were open, zoom, cursor step, smoothing and log scale are
 * kept (used on data reload and option changes); the options are kept
 * whenever the runs are the same. Returns 0 or -1 (message in c->msg;
 * the screen then shows the message). */
int dt_compare_open(dt_compare_screen *c, dt_store *st, const dt_run *base,
                    const dt_run *pilot, const dt_run *extra, size_t nextra,
                    int keep);
/* Free the comparison the screen holds (its pending pass, view, open
 * curves) and mark it closed; the options stay for the next open. Safe
 * on a closed or zeroed screen. Never fails. */
void dt_compare_close(dt_compare_screen *c);

/* 1 while the open comparison's pass is under way: the screen shows both
 * curves and says the verdict, strip and findings are being computed;
 * the app runs dt_compare_work whenever no key is waiting. */
int dt_compare_busy(const dt_compare_screen *c);

/* One slice of the pass (slice_points points, or about 15 ms of work);
 * when it ends, the strip, findings and verdict are shown, keeping zoom,
 * pan, cursor (by its x), smoothing and log y. Returns DT_SCR_REDRAW
 * when the screen changed (its percentage, the end, or a failure shown
 * in c->msg), DT_SCR_NONE otherwise (and when not busy). */
unsigned dt_compare_work(dt_compare_screen *c, dt_store *st);
/* Draw the comparison into g under `title` (or, when it is not open,
 * the reason in c->msg). Never fails. */
void dt_compare_screen_render(dt_compare_screen *c, dt_grid *g,
                              const char *title);
/* One action of the comparison's keymap (DT_S_COMPARE, or DT_S_FINDINGS
 * while the findings overlay is open: BACK closes it); options that
 * change the data (interpolate, window means, noise rule) reopen through
 * st. Returns DT_SCR_* bits (tui/screen.h): NONE for BACK on the
 * comparison itself (the app pops). */
unsigned dt_compare_action(dt_compare_screen *c, dt_store *st,
                           dt_action_id a);

/* The comparison as a screen (screen_compare_ops.c): the view and the
 * store its options reopen from (borrowed). */
typedef struct dt_compare_state {
	dt_compare_screen c;
	dt_store *st;
} dt_compare_state;

/* ---- resume view (screen_resume.c) ---- */
typedef struct dt_resume_screen {
	dt_run run;            /* the run checked (copy) */
	dt_run base;           /* baseline for the loss level, id 0 = none */
	dt_run given;          /* the baseline dt_resume_open was given (the
	                        * run list's pick), id 0 = none: a reload
	                        * judges against the same */
	dt_resume_run_result res;  /* owned */
	int open;              /* res is valid */
	size_t sel, top;       /* selected restart, first line shown */
	int dtop, dmore;       /* the selected restart's rows: the first
	                        * shown, how many are below the last shown
	                        * (set by the render; j / k scroll them) */
	dt_list list;          /* keys: selection by restart */
	char msg[600];
	char ref[2600];        /* the loss reference's line
	                        * (dt_resume_reference), "" = no baseline */
	/* the restart window's chart (resume_chart.c): the run's loss per
	 * segment (dt_run_segments) and a pyramid over each, owned */
	dt_series *seg;
	dt_pyramid *pyr;
	size_t nseg;
} dt_resume_screen;

/* Check every restart of run as resume-check does (dt_resume_check_refs,
 * dt_resume_run_refs): against baseline (the run list's pick, may be
 * NULL; the run itself is none) as --baseline, else, for a pilot's
 * pilot run, its pilot's baseline. Returns 0 or -1 (message in r->msg,
 * shown by the screen). */
int dt_resume_open(dt_resume_screen *r, dt_store *st, const dt_run *run,
                   const dt_run *baseline);
/* Check the open view's run again after another process wrote the store
 * (a drill's checkpoint, a journal fact, a grown log): the run re-read
 * by name, the same baseline given, the selected restart kept when it is
 * still there. Nothing to do when the view is not open. Returns 0 or -1
 * (as dt_resume_open). */
int dt_resume_reload(dt_resume_screen *r, dt_store *st);
/* Free the checks and the restart window the screen holds and mark it
 * closed. Safe on a closed or zeroed screen. Never fails. */
void dt_resume_close(dt_resume_screen *r);
/* Draw the resume check into g under `title` (or, when it is not open,
 * the reason in r->msg). Never fails. */
void dt_resume_render(dt_resume_screen *r, dt_grid *g, const char *title);

/* The restart window (resume_chart.c): load the run's loss per segment
 * for the chart (0, or -1: no chart, the checks still show); free it. */
int dt_resume_chart_load(dt_resume_screen *r, dt_store *st);
void dt_resume_chart_free(dt_resume_screen *r);
/* Draw the selected restart's window into rows [y, y + h) (legend,
 * h - 3 plot rows, x axis, x labels) with the chart widget
 * (dt_chart_plot): loss before the restart, after it, the replayed
 * steps marked r on the x axis. Returns the rows used (0: nothing to
 * draw: no restart, or h < 5). */
int dt_resume_chart_render(dt_resume_screen *r, dt_grid *g, int y, int h);

#endif
