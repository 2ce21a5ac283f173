/* app.c: dt_tui_run: the input loop, the one key dispatcher (keys ->
 * actions through tui/keymap.h), the screen stacks of the run and pilot
 * areas (tui/screen.h), the help overlay and footer, signals, live mode,
 * and reload when another process writes the store. */
#include "tui/tui.h"

#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "importers/import_follow.h"
#include "themes/theme.h"
#include "tui/help.h"
#include "tui/import_screen.h"
#include "tui/keymap.h"
#include "tui/layout.h"
#include "tui/pilots.h"
#include "tui/screen.h"
#include "tui/screens.h"
#include "tui/term.h"

#define MIN_COLS 60
#define MIN_ROWS 16
#define RELOAD_MS 400   /* poll PRAGMA data_version this often (ms) */
#define FOLLOW_MS 500   /* live mode: check the followed file this often */
#define IDLE_MS 200     /* wait for a key this long between those checks */

#define STACK_MAX 8     /* deepest screen stack (pilots > overview > ...) */

enum { AREA_RUNS, AREA_PILOTS, AREA_COUNT };

static volatile sig_atomic_t quit_signal;

static void on_quit_signal(int sig)
{
	quit_signal = sig;
}

/* Crash path: restore the terminal, then die the default way. */
static void on_crash_signal(int sig)
{
	dt_term_end();
	signal(sig, SIG_DFL);
	raise(sig);
}

static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP };
static const int crash_sigs[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE };
#define NQUIT (sizeof quit_sigs / sizeof quit_sigs[0])
#define NCRASH (sizeof crash_sigs / sizeof crash_sigs[0])

/* One screen on a stack: its ops and its state (owned by the app). */
typedef struct entry {
	const dt_screen_ops *ops;
	void *st;
} entry;

/* The run area and the pilot area each keep their stack; Tab or P
 * switches between them, each keeps its place. */
typedef struct area {
	entry s[STACK_MAX];
	int n;
} area;

typedef struct app {
	dt_store *st;
	char title[600];
	dt_grid grid;
	dt_theme theme;
	char theme_paths[3][512];
	size_t ntheme, theme_idx;
	int mono;
	area areas[AREA_COUNT];
	int cur;               /* AREA_* shown */
	int help;              /* help overlay shown */
	size_t help_top;       /* its first row (scrolled) */
	int help_scrolls;      /* 1: longer than its box, j/k scroll it */
	dt_runs_screen runs;
	dt_compare_state cmp[AREA_COUNT]; /* one comparison per area */
	dt_pilot_ctx pctx;     /* what the pilot screens share */
	dt_resume_screen res;
	dt_import_screen imp;
	dt_follow *follow;     /* live mode: the followed file, NULL = off */
	char follow_run[DT_NAME_MAX];
	char live_title[920];  /* title with the LIVE marker */
	int64_t data_version;
	char status[300];      /* app message over the footer until a key */
	char keys_err[1000];   /* the refused [keys] line of the config file,
	                        * said whole in a box until a key closes it */
	int keys_box;          /* 1: that box is shown */
} app;

/* Monotonic milliseconds. */
static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Load the current theme file; `say` puts its name (or why the file
 * could not be read) into the status line. */
static void load_theme(app *a, int say)
{
	char err[600];
	if (a->ntheme == 0 ||
	    dt_theme_load(&a->theme, a->theme_paths[a->theme_idx], err,
	                  sizeof err)) {
		dt_theme_default(&a->theme); /* missing file: built-in colours */
		if (say)
			snprintf(a->status, sizeof a->status, "theme: built-in (%.200s)",
			         a->ntheme ? err : "no theme files");
	} else if (say) {
		snprintf(a->status, sizeof a->status, "theme: %s%s (t: next)",
		         a->theme.name, a->mono && !a->theme.mono
		         ? ", monochrome (NO_COLOR or no colours)" : "");
	}
	dt_term_apply_theme(&a->theme, a->mono);
}

static int translate_key(int rc, wint_t wch)
{
	if (rc == OK)
		return wch == '\r' || wch == '\n' ? DT_K_ENTER : (int)wch;
	switch (wch) {
	case KEY_UP: return DT_K_UP;
	case KEY_DOWN: return DT_K_DOWN;
	case KEY_LEFT: return DT_K_LEFT;
	case KEY_RIGHT: return DT_K_RIGHT;
	case KEY_HOME: return DT_K_HOME;
	case KEY_END: return DT_K_END;
	case KEY_PPAGE: return DT_K_PGUP;
	case KEY_NPAGE: return DT_K_PGDN;
	case KEY_SLEFT: return DT_K_SLEFT;
	case KEY_SRIGHT: return DT_K_SRIGHT;
	case KEY_BTAB: return DT_K_BTAB;
	case KEY_ENTER: return DT_K_ENTER;
	case KEY_BACKSPACE: return DT_K_BACKSPACE;
	case KEY_DC: return DT_K_DELETE;
	default: return -1;
	}
}

static entry *top(app *a)
{
	area *ar = &a->areas[a->cur];
	return &ar->s[ar->n - 1];
}

static int at_root(app *a)
{
	return a->areas[a->cur].n == 1;
}

static int modal(entry *e)
{
	return e->ops->modal && e->ops->modal(e->st);
}

/* The keymap in force on the top screen. */
static dt_screen_id keymap_of(entry *e)
{
	return e->ops->keymap ? e->ops->keymap(e->st) : e->ops->id;
}

/* What the screen too small to draw says its keys do there (into out,
 * size n): the keys of the screen beneath that leave it (its back key:
 * close the help or an overlay, Esc a form; back one level; quit on the
 * first screen), and Q. Returns the row above it ("enlarge it ..."). */
static const char *small_text(app *a, char *out, size_t n)
{
	entry *e = top(a);
	area *ar = &a->areas[a->cur];
	dt_screen_id km = keymap_of(e);
	if (a->help)
		snprintf(out, n, "q closes the help, Q quits");
	else if (modal(e))
		snprintf(out, n, "Esc cancels the open form or dialog");
	else if (km != e->ops->id)
		snprintf(out, n, "q closes the %s, Q quits", dt_screen_title(km));
	else if (e->ops == &dt_import_ops) /* the preview: back to the form */
		snprintf(out, n, "q goes back to the import form, Q quits");
	else if (at_root(a))
		snprintf(out, n, "q quits");
	else
		snprintf(out, n, "q goes back to the %s, Q quits",
		         dt_screen_title(ar->s[ar->n - 2].ops->id));
	return modal(e) && !a->help ? "enlarge it to go on with the open form"
	                            : "enlarge it to see the screen again";
}

/* The refused [keys] line, wrapped whole in a box over the screen, and
 * what the TUI does about it; any key closes it. */
static void keys_box_render(app *a, dt_grid *g)
{
	static const char tail[] = "That line and the [keys] lines after it "
	                           "are not used: their actions keep their "
	                           "default keys.";
	int w, h, ix, iy, rows, trows;
	dt_dialog_size(g, DT_DIALOG_W, 3, &w, &h);
	rows = dt_text_wrap_rows(a->keys_err, w - 4, g->ascii);
	trows = dt_text_wrap_rows(tail, w - 4, g->ascii);
	dt_dialog_size(g, DT_DIALOG_W, rows + trows + 3, &w, &h);
	dt_box(g, w, h, "config file: [keys] (any key closes)", &ix, &iy);
	iy += dt_grid_wrap(g, ix, iy, w - 4, h - 2 - trows, a->keys_err,
	                   DT_ROLE_WARN);
	dt_grid_wrap(g, ix, iy + 1, w - 4, trows, tail, DT_ROLE_STATUS);
}

static void draw(app *a)
{
	dt_grid *g = &a->grid;
	entry *e = top(a);
	char footer[512];
	if (g->w < MIN_COLS || g->h < MIN_ROWS) {
		char what[200];
		dt_grid_clear(g);
		const char *why = small_text(a, what, sizeof what);
		char line[120];
		int r;
		snprintf(line, sizeof line, "terminal too small: need %dx%d, have "
		         "%dx%d", MIN_COLS, MIN_ROWS, g->w, g->h);
		r = dt_grid_wrap(g, 0, 0, g->w, g->h, line, DT_ROLE_WARN);
		r += dt_grid_wrap(g, 0, r, g->w, g->h - r, why, DT_ROLE_STATUS);
		dt_grid_wrap(g, 0, r, g->w, g->h - r, what, DT_ROLE_STATUS);
		dt_term_blit(g);
		return;
	}
	e->ops->render(e->st, g, e->ops == &dt_compare_ops ? a->title
	                                                   : a->live_title);
	if (!modal(e)) {
		const char *msg = e->ops->message ? e->ops->message(e->st) : NULL;
		dt_keymap_footer(keymap_of(e), at_root(a), g->w, dt_layout_dots(g),
		                 footer, sizeof footer);
		if (msg && msg[0])
			dt_layout_row(g, g->h - 1, msg, DT_ROLE_STATUS, DT_ROLE_WARN);
		else
			dt_layout_row(g, g->h - 1, footer, DT_ROLE_STATUS,
			              DT_ROLE_STATUS);
	}
	if (a->help)
		a->help_top = dt_help_render(g, keymap_of(e), at_root(a),
		                             a->help_top, &a->help_scrolls);
	if (a->keys_box)
		keys_box_render(a, g);
	if (a->status[0])
		dt_layout_row(g, g->h - 1, a->status, DT_ROLE_STATUS, DT_ROLE_PASS);
	dt_term_blit(g);
}

/* Take the top entry off the current stack, closing a state the screen
 * owns (no enter on the one below). */
static void drop_top(app *a)
{
	area *ar = &a->areas[a->cur];
	entry *e;
	if (ar->n == 0)
		return;
	e = &ar->s[--ar->n];
	if (e->ops->close)
		e->ops->close(e->st);
	e->st = NULL;
}

static void push(app *a, const dt_screen_ops *ops, void *st)
{
	area *ar = &a->areas[a->cur];
	if (ar->n == STACK_MAX)
		drop_top(a); /* deepest: replace the top */
	ar->s[ar->n].ops = ops;
	ar->s[ar->n].st = st;
	ar->n++;
	if (ops->enter)
		ops->enter(st);
}

/* Push a screen that owns its state (ops->open on the pilot context). */
static void push_new(app *a, const dt_screen_ops *ops)
{
	void *st = ops->open(&a->pctx);
	if (!st) {
		snprintf(a->status, sizeof a->status, "out of memory: %s not opened",
		         dt_screen_title(ops->id));
		return;
	}
	push(a, ops, st);
}

static void pop(app *a)
{
	area *ar = &a->areas[a->cur];
	entry *e;
	if (ar->n > 1)
		drop_top(a);
	e = top(a);
	if (e->ops->enter)
		e->ops->enter(e->st);
}

/* The sections of a pilot (1..5, l) replace each other on the stack, as
 * tabs: q from any of them goes back to the overview in one key, however
 * many sections were visited (the help and README say so). */
static int is_section(const dt_screen_ops *ops)
{
	return ops == &dt_card_ops || ops == &dt_checklist_ops ||
	       ops == &dt_drills_ops || ops == &dt_journal_ops ||
	       ops == &dt_decisions_ops || ops == &dt_ledger_ops;
}

/* (Re)open area ar's comparison of the picked runs (keep: a reload).
 * A pilot's comparison (card_pilot_id, c on its overview) judges that
 * pilot's runs only, as its overview, pilot show and compare do: the
 * GPU runs marked with a in the run list are for comparisons opened
 * from the run list, and the service takes the pilot's other baselines
 * itself (compare.c extras). */
static void open_compare(app *a, int ar, int keep)
{
	const dt_run *b = dt_runs_picked(&a->runs, 0);
	const dt_run *p = dt_runs_picked(&a->runs, 1);
	dt_run extra[DT_COMPARE_MAX_EXTRA];
	size_t n = a->cmp[ar].c.card_pilot_id ? 0
	                                      : dt_runs_extra(&a->runs, extra);
	a->cmp[ar].st = a->st;
	if (b && p)
		dt_compare_open(&a->cmp[ar].c, a->st, b, p, extra, n, keep);
}

/* 1 when screen ops is on area ar's stack. */
static int on_stack(app *a, int ar, const dt_screen_ops *ops)
{
	int k;
	for (k = 0; k < a->areas[ar].n; k++)
		if (a->areas[ar].s[k].ops == ops)
			return 1;
	return 0;
}

/* Re-read everything shown after a write (ours or another process'). */
static void reload_all(app *a)
{
	int ar;
	dt_runs_load(&a->runs, a->st);
	dt_pilot_ctx_reload(&a->pctx);
	for (ar = 0; ar < AREA_COUNT; ar++) {
		if (on_stack(a, ar, &dt_compare_ops))
			open_compare(a, ar, 1);
		if (on_stack(a, ar, &dt_resume_ops))
			dt_resume_reload(&a->res, a->st); /* one resume view */
	}
}

/* Reload when another connection committed (PRAGMA data_version). */
static int check_reload(app *a)
{
	int64_t v;
	if (dt_store_data_version_get(a->st, &v) || v == a->data_version)
		return 0;
	a->data_version = v;
	reload_all(a);
	return 1;
}

/* The LIVE marker ("LIVE run: 3 updates, loss 240 pts, last step 240")
 * in the titles and on the comparison. */
static void set_live_title(app *a)
{
	long pts = -1;
	int64_t last = 0;
	unsigned long up;
	char mark[300];
	int ar;
	if (!a->follow) {
		snprintf(a->live_title, sizeof a->live_title, "%s", a->title);
		for (ar = 0; ar < AREA_COUNT; ar++)
			a->cmp[ar].c.live[0] = '\0';
		return;
	}
	up = dt_follow_updates(a->follow, &pts, &last);
	if (pts >= 0)
		snprintf(mark, sizeof mark, "LIVE %s: %lu update(s), loss %ld pts, "
		         "last step %lld", a->follow_run, up, pts, (long long)last);
	else
		snprintf(mark, sizeof mark, "LIVE %s: %lu update(s)", a->follow_run,
		         up);
	snprintf(a->live_title, sizeof a->live_title, "%.300s%s%.600s",
	         mark, dt_grid_dash(&a->grid), a->title);
	for (ar = 0; ar < AREA_COUNT; ar++)
		dt_utf8_copy(a->cmp[ar].c.live, sizeof a->cmp[ar].c.live, mark);
}

static void stop_follow(app *a, const char *why)
{
	dt_follow_free(a->follow);
	a->follow = NULL;
	set_live_title(a);
	dt_utf8_copy(a->runs.msg, sizeof a->runs.msg, why);
}

/* Live mode: one check of the followed file; 1 when something changed. */
static int poll_follow(app *a)
{
	char err[1024], msg[1100];
	long added;
	int r;
	if (!a->follow)
		return 0;
	r = dt_follow_poll(a->follow, a->st, &added, NULL, err, sizeof err);
	if (r < 0) {
		dt_import_screen_words(err, sizeof err);
		snprintf(msg, sizeof msg, "live mode stopped: %s", err);
		stop_follow(a, msg);
		return 1;
	}
	if (r == 0)
		return 0;
	set_live_title(a);
	reload_all(a); /* our own writes do not move PRAGMA data_version */
	return 1;
}

/* Enter on a live preview: follow the import screen's file, back to the
 * run list. */
static void start_follow(app *a)
{
	dt_import_request rq;
	const char *files[1];
	char err[1024];
	long added;
	if (dt_import_screen_request(&a->imp, &rq, files, err, sizeof err) < 0) {
		snprintf(a->imp.msg, sizeof a->imp.msg, "not following: %s", err);
		a->imp.msg_err = 1;
		return;
	}
	a->follow = dt_follow_new(&rq);
	if (!a->follow) {
		snprintf(a->imp.msg, sizeof a->imp.msg, "out of memory");
		a->imp.msg_err = 1;
		return;
	}
	snprintf(a->follow_run, sizeof a->follow_run, "%s", rq.run_name);
	err[0] = '\0';
	if (dt_follow_poll(a->follow, a->st, &added, NULL, err, sizeof err) < 0) {
		dt_import_screen_words(err, sizeof err);
		snprintf(a->imp.msg, sizeof a->imp.msg, "not following: %s", err);
		a->imp.msg_err = 1;
		dt_follow_free(a->follow);
		a->follow = NULL;
		return;
	}
	set_live_title(a);
	reload_all(a);
	/* A file with no complete line yet is followed all the same: the
	 * run appears with its first line. */
	snprintf(a->runs.msg, sizeof a->runs.msg, "following %s into run %s%s; "
	         "F stops", files[0], a->follow_run,
	         dt_follow_stored(a->follow) ? "" : " (waiting for lines)");
	pop(a);
}

/* F on the run list: stop live mode, or the import screen set to follow. */
static void toggle_live(app *a)
{
	if (a->follow) {
		char msg[300];
		snprintf(msg, sizeof msg, "live mode stopped: %s keeps what was "
		         "read", a->follow_run);
		stop_follow(a, msg);
		return;
	}
	dt_import_screen_open(&a->imp, a->st, 1);
	push(a, &dt_import_ops, &a->imp);
}

/* Open the screen a result asked for. */
static void open_screen(app *a, dt_screen_id id)
{
	switch (id) {
	case DT_S_COMPARE:
		/* c on the overview: its two runs under its pilot's card; from
		 * the run list: the service's choice of rules */
		a->cmp[a->cur].c.card_pilot_id = 0;
		if (a->cur == AREA_PILOTS) {
			a->runs.base_id = a->pctx.cmp_id[0];
			a->runs.pilot_id = a->pctx.cmp_id[1];
			a->cmp[a->cur].c.card_pilot_id = a->pctx.cmp_pilot;
		}
		open_compare(a, a->cur, 0);
		push(a, &dt_compare_ops, &a->cmp[a->cur]);
		break;
	case DT_S_RESUME:
		dt_resume_open(&a->res, a->st, &a->runs.runs[a->runs.list.sel],
		               dt_runs_picked(&a->runs, 0));
		push(a, &dt_resume_ops, &a->res);
		break;
	case DT_S_IMPORT:
		dt_import_screen_open(&a->imp, a->st, 0);
		push(a, &dt_import_ops, &a->imp);
		break;
	case DT_S_OVERVIEW:
		push_new(a, &dt_overview_ops);
		break;
	default: {
		static const struct { dt_screen_id id; const dt_screen_ops *ops; }
			sections[] = {
			{ DT_S_CARD, &dt_card_ops }, { DT_S_CHECKLIST, &dt_checklist_ops },
			{ DT_S_DRILLS, &dt_drills_ops }, { DT_S_JOURNAL, &dt_journal_ops },
			{ DT_S_DECISIONS, &dt_decisions_ops },
			{ DT_S_LEDGER, &dt_ledger_ops },
		};
		size_t k;
		for (k = 0; k < sizeof sections / sizeof sections[0]; k++)
			if (sections[k].id == id) {
				if (is_section(top(a)->ops))
					drop_top(a); /* a sibling replaces it */
				push_new(a, sections[k].ops);
			}
		break;
	}
	}
}

/* Act on what a screen returned. */
static void apply(app *a, unsigned r)
{
	if (r & DT_SCR_RELOAD)
		reload_all(a);
	if (r & DT_SCR_BACK) {
		if (top(a)->ops == &dt_import_ops && !a->imp.msg_err &&
		    a->imp.msg[0]) /* imported: say so on the run list */
			dt_utf8_copy(a->runs.msg, sizeof a->runs.msg, a->imp.msg);
		pop(a);
	}
	if (r & DT_SCR_LIVE)
		toggle_live(a);
	if (r & DT_SCR_FOLLOW)
		start_follow(a);
	if (r & DT_SCR_OPEN_BIT)
		open_screen(a, DT_SCR_TARGET(r));
}

/* The help overlay's keys: scroll a help longer than its box (its
 * title says "j/k scroll"), anything else closes it; a help that fits
 * closes on any key, as its title says. */
static void help_key(app *a, int key)
{
	if (!a->help_scrolls)
		a->help = 0;
	else if (key == 'j' || key == DT_K_DOWN || key == DT_K_PGDN)
		a->help_top += key == DT_K_PGDN ? 10 : 1;
	else if (key == 'k' || key == DT_K_UP || key == DT_K_PGUP)
		a->help_top -= a->help_top < (key == DT_K_PGUP ? 10u : 1u)
		               ? a->help_top : (key == DT_K_PGUP ? 10u : 1u);
	else
		a->help = 0;
}

static void switch_area(app *a)
{
	entry *e;
	a->cur = a->cur == AREA_RUNS ? AREA_PILOTS : AREA_RUNS;
	e = top(a);
	if (e->ops->enter)
		e->ops->enter(e->st);
}

/* The one dispatcher: raw keys to a modal screen, else key -> action
 * through the top screen's keymap; the app's own actions first. */
static void handle_key(app *a, int key, int *quit)
{
	entry *e = top(a);
	dt_action_id act;
	unsigned r;
	a->status[0] = '\0';
	if (a->keys_box) { /* the key closes the config box, Q quits */
		a->keys_box = 0;
		*quit = key == 'Q';
		return;
	}
	if (a->grid.w < MIN_COLS || a->grid.h < MIN_ROWS) {
		/* only the keys that leave the screen beneath, doing there what
		 * they do on it (small_text says which); nothing is done blind */
		if (a->help) {
			if (key == 'q')
				a->help = 0;
			else if (key == 'Q')
				*quit = 1;
			return;
		}
		if (modal(e)) {
			if (key == DT_KEY_ESC)
				apply(a, e->ops->raw_key(e->st, key));
			return;
		}
		act = dt_keymap_action(keymap_of(e), key);
		if (act != DT_A_BACK && act != DT_A_QUIT)
			return;
	}
	if (a->help) { /* Q quits from the help too, as its line says */
		if (dt_keymap_action(keymap_of(e), key) == DT_A_QUIT)
			*quit = 1;
		else
			help_key(a, key);
		return;
	}
	if (modal(e)) {
		/* a form's button has the focus: Q and ? are the app's */
		act = e->ops->keys_free && e->ops->keys_free(e->st)
		      ? dt_keymap_action(keymap_of(e), key) : DT_A_NONE;
		if (act == DT_A_QUIT) {
			*quit = 1;
		} else if (act == DT_A_HELP) {
			a->help = 1;
			a->help_top = 0;
		} else {
			apply(a, e->ops->raw_key(e->st, key));
		}
		return;
	}
	act = dt_keymap_action(keymap_of(e), key);
	switch (act) {
	case DT_A_NONE:
		return;
	case DT_A_HELP:
		a->help = 1;
		a->help_top = 0;
		return;
	case DT_A_QUIT:
		*quit = 1;
		return;
	case DT_A_THEME:
		a->theme_idx = a->ntheme ? (a->theme_idx + 1) % a->ntheme : 0;
		load_theme(a, 1);
		clearok(stdscr, TRUE);
		return;
	case DT_A_SWITCH:
		switch_area(a);
		return;
	default:
		break;
	}
	r = e->ops->action(e->st, act);
	if (act == DT_A_BACK && r == DT_SCR_NONE) {
		if (!at_root(a))
			pop(a);
		else if (key != DT_KEY_ESC) /* q on the first screen quits */
			*quit = 1;
		return;
	}
	apply(a, r);
}

/* Keys rebound in the config file ([keys]); a bad line is said whole in
 * a box over the first screen (keys_box_render) and the defaults stay
 * for it. */
static void keys_config(app *a, const char *path)
{
	char err[900];
	dt_keymap_reset();
	if (path && dt_keymap_load(path, err, sizeof err) < 0) {
		snprintf(a->keys_err, sizeof a->keys_err, "%s", err);
		a->keys_box = 1;
	}
}

/* DT_PASS_SLICE=N (points, read once here): every slice of the
 * comparison's pass does N points instead of about 15 ms of work, so a
 * test sees the pass take several slices whatever the machine's speed.
 * Anything but a positive number is ignored. */
static void slice_config(app *a)
{
	const char *v = getenv("DT_PASS_SLICE");
	char *end;
	unsigned long long n;
	if (!v || !v[0])
		return;
	n = strtoull(v, &end, 10);
	if (*end || n == 0 || v[0] == '-')
		return;
	for (int ar = 0; ar < AREA_COUNT; ar++)
		a->cmp[ar].c.slice_points = (size_t)n;
}

static void install_signals(struct sigaction *old_quit,
                            struct sigaction *old_crash)
{
	struct sigaction sa;
	size_t i;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	for (i = 0; i < NQUIT; i++)
		sigaction(quit_sigs[i], &sa, &old_quit[i]);
	sa.sa_handler = on_crash_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	for (i = 0; i < NCRASH; i++)
		sigaction(crash_sigs[i], &sa, &old_crash[i]);
}

static void restore_signals(const struct sigaction *old_quit,
                            const struct sigaction *old_crash)
{
	size_t i;
	for (i = 0; i < NQUIT; i++)
		sigaction(quit_sigs[i], &old_quit[i], NULL);
	for (i = 0; i < NCRASH; i++)
		sigaction(crash_sigs[i], &old_crash[i], NULL);
}

static char theme_origin[4200];

void dt_tui_set_theme_origin(const char *where)
{
	snprintf(theme_origin, sizeof theme_origin, "%s", where ? where : "");
}

int dt_tui_run(dt_store *st, const char *db_label, const char *config_path)
{
	struct sigaction old_quit[NQUIT], old_crash[NCRASH];
	const char *force_ascii = getenv("DUALTRACK_ASCII");
	app a;
	int quit = 0, dirty = 1, ascii, rc;
	int64_t last_check, last_follow;

	char theme_paths[3][512], terr[1400];
	int nt = dt_theme_paths(theme_paths, 3, terr, sizeof terr);
	if (nt < 0) { /* a named theme that does not exist: say so, where it
		       * was set when a config line did, no TUI */
		fprintf(stderr, "dualtrack: %s%s%s\n", theme_origin,
		        theme_origin[0] ? ": " : "", terr);
		return 2;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "dualtrack: the full-screen view needs a terminal "
		        "(use the subcommands for scripts)\n");
		return 2;
	}
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C"); /* "2.5", never "2,5", in labels */
	ascii = strcmp(nl_langinfo(CODESET), "UTF-8") != 0 ||
	        (force_ascii && force_ascii[0] && strcmp(force_ascii, "0"));

	memset(&a, 0, sizeof a);
	a.st = st;
	snprintf(a.title, sizeof a.title, "dualtrack \xe2\x80\x94 %s",
	         db_label ? db_label : "");
	if (ascii)
		snprintf(a.title, sizeof a.title, "dualtrack - %s",
		         db_label ? db_label : "");
	memcpy(a.theme_paths, theme_paths, sizeof theme_paths);
	a.ntheme = (size_t)nt;
	quit_signal = 0;

	if (dt_term_init())
		return 2;
	install_signals(old_quit, old_crash);
	a.mono = !dt_term_has_color();
	if (dt_grid_init(&a.grid, COLS > 0 ? COLS : 80, LINES > 0 ? LINES : 24,
	                 ascii)) {
		dt_term_end();
		restore_signals(old_quit, old_crash);
		fprintf(stderr, "dualtrack: out of memory\n");
		return 1;
	}
	load_theme(&a, 0);
	keys_config(&a, config_path);
	dt_store_data_version_get(st, &a.data_version);
	dt_runs_load(&a.runs, st);
	dt_pilot_ctx_init(&a.pctx, st);
	snprintf(a.pctx.db, sizeof a.pctx.db, "%s", db_label ? db_label : "");
	a.cur = AREA_PILOTS;
	push_new(&a, &dt_pilots_ops);
	a.cur = AREA_RUNS;
	push(&a, &dt_runs_ops, &a.runs);
	if (a.areas[AREA_PILOTS].n > 0 &&
	    dt_pilots_count(a.areas[AREA_PILOTS].s[0].st) > 0)
		a.cur = AREA_PILOTS; /* a store with pilots opens on them */
	set_live_title(&a);
	slice_config(&a);
	last_check = last_follow = now_ms();

	while (!quit && !quit_signal) {
		wint_t wch;
		int key;
		entry *e = top(&a);
		int busy = e->ops->busy && e->ops->busy(e->st);
		if (dirty) {
			draw(&a);
			dirty = 0;
		}
		/* work between keys: a key waiting is answered first */
		timeout(busy ? 0 : IDLE_MS);
		rc = get_wch(&wch);
		if (quit_signal)
			break;
		if (rc == ERR && busy) {
			unsigned r = e->ops->work(e->st);
			dirty |= (r & DT_SCR_REDRAW) != 0;
		}
		if (now_ms() - last_check >= RELOAD_MS) {
			last_check = now_ms();
			dirty |= check_reload(&a);
		}
		if (a.follow && now_ms() - last_follow >= FOLLOW_MS) {
			last_follow = now_ms();
			dirty |= poll_follow(&a);
		}
		if (rc == ERR)
			continue;
		if (rc == KEY_CODE_YES && wch == KEY_RESIZE) {
			dt_grid_resize(&a.grid, COLS, LINES);
			clearok(stdscr, TRUE);
			dirty = 1;
			continue;
		}
		/* an escape sequence curses did not know is dropped whole,
		 * not taken as Esc and keys */
		if (rc == OK && wch == DT_KEY_ESC && dt_term_drop_sequence())
			continue;
		key = translate_key(rc, wch);
		if (key < 0)
			continue;
		handle_key(&a, key, &quit);
		dirty = 1;
	}

	dt_term_end();
	restore_signals(old_quit, old_crash);
	dt_follow_free(a.follow);
	for (rc = 0; rc < AREA_COUNT; rc++)
		dt_compare_close(&a.cmp[rc].c);
	dt_resume_close(&a.res);
	dt_import_screen_free(&a.imp);
	dt_runs_free(&a.runs);
	for (rc = 0; rc < AREA_COUNT; rc++)
		while (a.areas[rc].n > 0) {
			a.cur = rc;
			drop_top(&a);
		}
	dt_pilot_ctx_free(&a.pctx);
	dt_grid_free(&a.grid);
	/* the shell convention for death by a signal: 130 (INT), 143 (TERM) */
	return quit_signal ? 128 + (int)quit_signal : 0;
}
