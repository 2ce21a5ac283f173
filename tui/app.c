/* app.c: dt_tui_run: the input loop, screen switching (run list,
 * comparison, the pilot screens), signals, reload when another process
 * writes the store. */
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
#include "tui/import_screen.h"
#include "tui/pilots.h"
#include "tui/screens.h"
#include "tui/term.h"

#define MIN_COLS 60
#define MIN_ROWS 16
#define RELOAD_MS 400   /* poll PRAGMA data_version this often (ms) */
#define FOLLOW_MS 500   /* live mode: check the followed file this often */

enum { SCR_RUNS, SCR_COMPARE, SCR_PILOTS, SCR_RESUME, SCR_IMPORT };

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

typedef struct app {
	dt_store *st;
	char title[600];
	dt_grid grid;
	dt_theme theme;
	char theme_paths[3][512];
	size_t ntheme, theme_idx;
	int mono;
	int screen;            /* SCR_* */
	int run_screen;        /* where Tab returns from the pilots */
	int cmp_back;          /* where q on the comparison returns (SCR_*) */
	int help;              /* help overlay shown */
	dt_runs_screen runs;
	dt_compare_screen cmp;
	dt_pilots pil;
	dt_resume_screen res;
	dt_import_screen imp;
	dt_follow *follow;     /* live mode: the followed file, NULL = off */
	char follow_run[DT_NAME_MAX];
	char live_title[800];  /* title with the LIVE marker */
	int64_t data_version;
	char status[300];      /* app message over the footer until a key */
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
	dt_grid_set_mono(&a->grid, a->mono || a->theme.mono);
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
	case KEY_ENTER: return DT_K_ENTER;
	case KEY_BACKSPACE: return DT_K_BACKSPACE;
	case KEY_DC: return DT_K_DELETE;
	default: return -1;
	}
}

static void draw(app *a)
{
	dt_grid *g = &a->grid;
	if (g->w < MIN_COLS || g->h < MIN_ROWS) {
		dt_grid_clear(g);
		dt_grid_printf(g, 0, 0, g->w, DT_ROLE_WARN,
		               "terminal too small: need %dx%d, have %dx%d",
		               MIN_COLS, MIN_ROWS, g->w, g->h);
		dt_grid_text(g, 0, 1, g->w, "enlarge it, or press q to quit",
		             DT_ROLE_STATUS);
	} else if (a->screen == SCR_PILOTS) {
		dt_pilots_render(&a->pil, g, a->live_title);
	} else if (a->screen == SCR_COMPARE) {
		dt_compare_screen_render(&a->cmp, g, a->title);
	} else if (a->screen == SCR_RESUME) {
		dt_resume_render(&a->res, g, a->live_title);
	} else if (a->screen == SCR_IMPORT) {
		dt_import_screen_render(&a->imp, g, a->live_title);
	} else {
		dt_runs_render(&a->runs, g, a->live_title);
	}
	if (a->help && g->w >= MIN_COLS && g->h >= MIN_ROWS)
		dt_help_render(g, a->screen == SCR_PILOTS
		               ? DT_HELP_PILOTS + (int)a->pil.view
		               : a->screen == SCR_RESUME ? DT_HELP_RESUME
		               : a->screen == SCR_IMPORT ? DT_HELP_IMPORT
		               : a->screen);
	if (a->status[0] && g->w >= MIN_COLS && g->h >= MIN_ROWS) {
		dt_grid_fill(g, 0, g->h - 1, g->w, L' ', DT_ROLE_STATUS);
		dt_grid_text(g, 0, g->h - 1, g->w, a->status, DT_ROLE_PASS);
	}
	dt_term_blit(g);
}

/* Open the comparison of the picked runs (keep: a reload). */
static void open_compare(app *a, int keep)
{
	const dt_run *b = dt_runs_picked(&a->runs, 0);
	const dt_run *p = dt_runs_picked(&a->runs, 1);
	dt_run extra[DT_EXTRA_MAX];
	size_t n = dt_runs_extra(&a->runs, extra);
	if (b && p)
		dt_compare_open(&a->cmp, a->st, b, p, extra, n, keep);
}

/* Re-read everything shown after a write (ours or another process'). */
static void reload_all(app *a)
{
	dt_runs_load(&a->runs, a->st);
	dt_pilots_reload(&a->pil);
	if (a->screen == SCR_COMPARE)
		open_compare(a, 1);
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
	if (!a->follow) {
		snprintf(a->live_title, sizeof a->live_title, "%s", a->title);
		a->cmp.live[0] = '\0';
		return;
	}
	up = dt_follow_updates(a->follow, &pts, &last);
	if (pts >= 0)
		snprintf(mark, sizeof mark, "LIVE %s: %lu update(s), loss %ld pts, "
		         "last step %lld", a->follow_run, up, pts, (long long)last);
	else
		snprintf(mark, sizeof mark, "LIVE %s: %lu update(s)", a->follow_run,
		         up);
	snprintf(a->live_title, sizeof a->live_title, "%.300s%s%.480s",
	         mark, dt_grid_dash(&a->grid), a->title);
	dt_utf8_copy(a->cmp.live, sizeof a->cmp.live, mark);
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

/* Enter on a live preview: start following the import screen's file. */
static void start_follow(app *a)
{
	dt_import_request rq;
	const char *files[1];
	char err[1024];
	long added;
	dt_import_screen_request(&a->imp, &rq, files);
	a->follow = dt_follow_new(&rq);
	if (!a->follow) {
		snprintf(a->imp.msg, sizeof a->imp.msg, "out of memory");
		a->imp.msg_err = 1;
		return;
	}
	snprintf(a->follow_run, sizeof a->follow_run, "%s", rq.run_name);
	err[0] = '\0';
	if (dt_follow_poll(a->follow, a->st, &added, NULL, err, sizeof err) < 0) {
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
	a->screen = SCR_RUNS;
}

/* Keys of the import screen (every key but ? and t reaches it). */
static void import_key(app *a, int key)
{
	dt_action act = dt_import_screen_key(&a->imp, a->st, key);
	if (act == DT_ACT_LIVE) {
		start_follow(a);
	} else if (act == DT_ACT_BACK) {
		if (!a->imp.msg_err && a->imp.msg[0]) { /* imported */
			reload_all(a);
			dt_utf8_copy(a->runs.msg, sizeof a->runs.msg, a->imp.msg);
		}
		a->screen = SCR_RUNS;
	}
}

/* Actions of the run list. */
static void runs_action(app *a, dt_action act, int *quit)
{
	switch (act) {
	case DT_ACT_QUIT:
		*quit = 1;
		break;
	case DT_ACT_OPEN_COMPARE:
		open_compare(a, 0);
		a->screen = SCR_COMPARE;
		a->cmp_back = SCR_RUNS;
		break;
	case DT_ACT_OPEN_RESUME:
		dt_resume_open(&a->res, a->st, &a->runs.runs[a->runs.sel],
		               dt_runs_picked(&a->runs, 0));
		a->screen = SCR_RESUME;
		break;
	case DT_ACT_OPEN_IMPORT:
		dt_import_screen_open(&a->imp, 0);
		a->screen = SCR_IMPORT;
		break;
	case DT_ACT_LIVE:
		if (a->follow) {
			char msg[300];
			snprintf(msg, sizeof msg, "live mode stopped: %s keeps what was "
			         "read", a->follow_run);
			stop_follow(a, msg);
		} else {
			dt_import_screen_open(&a->imp, 1);
			a->screen = SCR_IMPORT;
		}
		break;
	default:
		break;
	}
}

static void handle_key(app *a, int key, int *quit)
{
	dt_action act;
	a->status[0] = '\0';
	if (a->screen == SCR_IMPORT && dt_import_screen_modal(&a->imp) &&
	    a->grid.w >= MIN_COLS && a->grid.h >= MIN_ROWS) {
		import_key(a, key); /* the text editor: every key */
		return;
	}
	if (a->screen == SCR_PILOTS && dt_pilots_modal(&a->pil) &&
	    a->grid.w >= MIN_COLS && a->grid.h >= MIN_ROWS) {
		dt_pilots_key(&a->pil, key); /* a text field or dialog: every key */
		return;
	}
	if (a->help) {
		a->help = 0;
		return;
	}
	if (key == '?') {
		a->help = 1;
		return;
	}
	if (key == 't') {
		a->theme_idx = a->ntheme ? (a->theme_idx + 1) % a->ntheme : 0;
		load_theme(a, 1);
		clearok(stdscr, TRUE);
		return;
	}
	if (a->grid.w < MIN_COLS || a->grid.h < MIN_ROWS) {
		if (key == 'q')
			*quit = 1;
		return;
	}
	if (a->screen == SCR_PILOTS) {
		act = dt_pilots_key(&a->pil, key);
		if (act == DT_ACT_QUIT)
			*quit = 1;
		else if (act == DT_ACT_SWITCH)
			a->screen = a->run_screen;
		else if (act == DT_ACT_OPEN_COMPARE) { /* c on the overview */
			a->runs.base_id = a->pil.cmp_id[0];
			a->runs.pilot_id = a->pil.cmp_id[1];
			open_compare(a, 0);
			a->screen = SCR_COMPARE;
			a->cmp_back = SCR_PILOTS;
		}
		return;
	}
	if (a->screen == SCR_IMPORT) {
		import_key(a, key);
		return;
	}
	if (key == DT_KEY_TAB || key == 'P') {
		a->run_screen = a->screen;
		a->screen = SCR_PILOTS;
		return;
	}
	if (a->screen == SCR_COMPARE) {
		act = dt_compare_key(&a->cmp, a->st, key);
		if (act == DT_ACT_BACK)
			a->screen = a->cmp_back;
		return;
	}
	if (a->screen == SCR_RESUME) {
		if (dt_resume_key(&a->res, key) == DT_ACT_BACK)
			a->screen = SCR_RUNS;
		return;
	}
	runs_action(a, dt_runs_key(&a->runs, a->st, key), quit);
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

int dt_tui_run(dt_store *st, const char *db_label)
{
	struct sigaction old_quit[NQUIT], old_crash[NCRASH];
	const char *force_ascii = getenv("DUALTRACK_ASCII");
	app a;
	int quit = 0, dirty = 1, ascii;
	int64_t last_check, last_follow;

	char theme_paths[3][512], terr[1400];
	int nt = dt_theme_paths(theme_paths, 3, terr, sizeof terr);
	if (nt < 0) { /* a named theme that does not exist: say so, no TUI */
		fprintf(stderr, "dualtrack: %s\n", terr);
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
	dt_store_data_version_get(st, &a.data_version);
	dt_runs_load(&a.runs, st);
	dt_pilots_init(&a.pil, st);
	if (a.pil.nrows > 0)
		a.screen = SCR_PILOTS; /* a store with pilots opens on them */
	set_live_title(&a);
	last_check = last_follow = now_ms();

	while (!quit && !quit_signal) {
		wint_t wch;
		int rc, key;
		if (dirty) {
			draw(&a);
			dirty = 0;
		}
		rc = get_wch(&wch);
		if (quit_signal)
			break;
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
		key = translate_key(rc, wch);
		if (key < 0)
			continue;
		handle_key(&a, key, &quit);
		dirty = 1;
	}

	dt_term_end();
	restore_signals(old_quit, old_crash);
	dt_follow_free(a.follow);
	dt_compare_close(&a.cmp);
	dt_findings_free(&a.cmp.findings);
	dt_resume_close(&a.res);
	dt_import_screen_free(&a.imp);
	dt_runs_free(&a.runs);
	dt_pilots_free(&a.pil);
	dt_grid_free(&a.grid);
	/* the shell convention for death by a signal: 130 (INT), 143 (TERM) */
	return quit_signal ? 128 + (int)quit_signal : 0;
}
