/* action.h: what a key does, as data (in the manner of tig's REQ_INFO
 * X-macro and vis' key tables).
 *
 * DT_ACTIONS gives every action its enum (DT_A_<NAME>) and its name in
 * the config file ([keys] NAME = KEYS). DT_SCREENS names the screens
 * that have keys. DT_KEYMAP binds actions to keys per screen, with the
 * footer label (NULL: not in the footer) and the help line; the help
 * overlay, every footer and the key dispatch are generated from it
 * (tui/keymap.c), so they cannot disagree. Bindings of screen ANY hold
 * on every screen unless the screen binds the same key itself.
 *
 * Keys are written as in the help: a character ("j", "?", "["), or
 * Up Down Left Right Home End PgUp PgDn S-Left S-Right Enter Esc Tab
 * Space Bksp Del, or C-x for a control character; several separated by
 * spaces. No curses here. */
#ifndef DT_ACTION_H
#define DT_ACTION_H

/* X(ENUM, "config name") */
#define DT_ACTIONS(X) \
	X(NONE, "none") \
	X(HELP, "help") \
	X(QUIT, "quit") \
	X(BACK, "back") \
	X(THEME, "theme") \
	X(SWITCH, "switch") \
	X(DOWN, "move-down") \
	X(UP, "move-up") \
	X(FIRST, "first") \
	X(LAST, "last") \
	X(PAGE_DOWN, "page-down") \
	X(PAGE_UP, "page-up") \
	X(SEARCH, "search") \
	X(OPEN, "open") \
	X(PICK_BASE, "pick-baseline") \
	X(PICK_PILOT, "pick-pilot") \
	X(EXTRA_BASE, "extra-baseline") \
	X(COMPARE, "compare") \
	X(RESUME, "resume") \
	X(IMPORT, "import") \
	X(LIVE, "live") \
	X(WARNINGS, "warnings") \
	X(CURSOR_LEFT, "cursor-left") \
	X(CURSOR_RIGHT, "cursor-right") \
	X(CURSOR_FIRST, "cursor-first") \
	X(CURSOR_LAST, "cursor-last") \
	X(ZOOM_IN, "zoom-in") \
	X(ZOOM_OUT, "zoom-out") \
	X(ZOOM_RESET, "zoom-reset") \
	X(PAN_LEFT, "pan-left") \
	X(PAN_RIGHT, "pan-right") \
	X(PAGE_LEFT, "pan-window-left") \
	X(PAGE_RIGHT, "pan-window-right") \
	X(SMOOTH, "smoothing") \
	X(WEIGHT_DOWN, "weight-down") \
	X(WEIGHT_UP, "weight-up") \
	X(LOG_Y, "log-y") \
	X(INTERPOLATE, "interpolate") \
	X(WINDOW, "window-means") \
	X(FINDINGS, "findings") \
	X(NOISE, "noise-rule") \
	X(OPEN_CARD, "task-card") \
	X(OPEN_CHECKLIST, "checklist") \
	X(OPEN_DRILLS, "drill-log") \
	X(OPEN_JOURNAL, "run-journal") \
	X(OPEN_DECISIONS, "decision-log") \
	X(LEDGER, "ledger") \
	X(DECIDE, "decide") \
	X(EDIT, "edit") \
	X(MARK_PASS, "mark-pass") \
	X(MARK_FAIL, "mark-fail") \
	X(MARK_WAIVE, "mark-waive") \
	X(MARK_PENDING, "mark-pending") \
	X(EVIDENCE, "evidence") \
	X(ADD, "add") \
	X(ITEM_PREV, "item-previous") \
	X(ITEM_NEXT, "item-next") \
	X(PREV, "previous") \
	X(NEXT, "next") \
	X(SCENARIO, "scenario") \
	X(EXPORT, "export")

typedef enum dt_action_id {
#define DT_X(e, n) DT_A_##e,
	DT_ACTIONS(DT_X)
#undef DT_X
	DT_A_COUNT
} dt_action_id;

/* X(ENUM, "title in help", "config name") */
#define DT_SCREENS(X) \
	X(ANY, "every screen", "any") \
	X(RUNS, "run list", "runs") \
	X(WARNINGS, "warnings", "warnings") \
	X(COMPARE, "comparison", "compare") \
	X(FINDINGS, "findings", "findings") \
	X(RESUME, "resume check", "resume") \
	X(IMPORT, "import", "import") \
	X(PILOTS, "pilots", "pilots") \
	X(OVERVIEW, "overview", "overview") \
	X(CARD, "task card", "card") \
	X(CHECKLIST, "checklist", "checklist") \
	X(DRILLS, "drill log", "drills") \
	X(JOURNAL, "run journal", "journal") \
	X(DECISIONS, "decision log", "decisions") \
	X(LEDGER, "ledger", "ledger")

typedef enum dt_screen_id {
#define DT_X(e, t, k) DT_S_##e,
	DT_SCREENS(DT_X)
#undef DT_X
	DT_S_COUNT
} dt_screen_id;

/* B(SCREEN, ACTION, "default keys", "footer label" or NULL, "help text")
 * In the footer a binding shows as "KEY:label" with its first key. */
#define DT_LIST_KEYS(B, S, WHAT) \
	B(S, DOWN, "j Down", NULL, "next " WHAT) \
	B(S, UP, "k Up", NULL, "previous " WHAT) \
	DT_LIST_PAGE_KEYS(B, S, WHAT)

/* A list's keys but j / k (a screen that gives them more to do). */
#define DT_LIST_PAGE_KEYS(B, S, WHAT) \
	B(S, PAGE_DOWN, "PgDn", NULL, "one page down") \
	B(S, PAGE_UP, "PgUp", NULL, "one page up") \
	B(S, FIRST, "g Home", NULL, "first " WHAT) \
	B(S, LAST, "G End", NULL, "last " WHAT)

/* `/` on a list that can search its rows' text. */
#define DT_SEARCH_KEY(B, S) \
	B(S, SEARCH, "/", NULL, "search: type; Down or C-n next match; Enter or Esc ends")

#define DT_KEYMAP(B) \
	B(ANY, HELP, "?", "help", "this help") \
	B(ANY, BACK, "q Esc", "back", "back one level (q on the first screen quits)") \
	B(ANY, QUIT, "Q", NULL, "quit from any screen; in a form or a search Q is typed") \
	B(ANY, THEME, "t", NULL, "next theme (named in the footer until a key)") \
	DT_LIST_KEYS(B, RUNS, "run") \
	DT_SEARCH_KEY(B, RUNS) \
	B(RUNS, PICK_BASE, "b", "base", "mark the selected run as GPU baseline") \
	B(RUNS, PICK_PILOT, "p", "pilot", "mark the selected run as pilot") \
	B(RUNS, OPEN, "Enter", NULL, "pick baseline, then pilot, then compare") \
	B(RUNS, COMPARE, "c", "compare", "open the comparison (both picked)") \
	B(RUNS, EXTRA_BASE, "a", "+base", "add / drop an extra GPU baseline (noise)") \
	B(RUNS, RESUME, "r", "resume", "resume check of the run, per restart") \
	B(RUNS, IMPORT, "i", "import", "import a file or run folder (preview)") \
	B(RUNS, LIVE, "F", "live", "live: follow a growing log; F stops") \
	B(RUNS, WARNINGS, "w", "warn", "warnings of the selected run") \
	B(RUNS, SWITCH, "Tab P", "pilots", "switch to the pilots (acceptance workflow)") \
	B(WARNINGS, DOWN, "j Down", NULL, "scroll down") \
	B(WARNINGS, UP, "k Up", NULL, "scroll up") \
	B(WARNINGS, BACK, "w q Esc", "close", "close the warnings") \
	B(COMPARE, CURSOR_LEFT, "h Left", NULL, "cursor one column left (one step zoomed in)") \
	B(COMPARE, CURSOR_RIGHT, "l Right", "cursor", "cursor one column right") \
	B(COMPARE, CURSOR_FIRST, "g Home", NULL, "cursor to the first common step") \
	B(COMPARE, CURSOR_LAST, "G End", NULL, "cursor to the last common step") \
	B(COMPARE, ZOOM_IN, "+ = z", "zoom", "zoom in over steps (at the cursor)") \
	B(COMPARE, ZOOM_OUT, "- Z", NULL, "zoom out") \
	B(COMPARE, ZOOM_RESET, "0", NULL, "reset zoom") \
	B(COMPARE, PAN_LEFT, "[ S-Left", NULL, "pan a quarter window left") \
	B(COMPARE, PAN_RIGHT, "] S-Right", "pan", "pan a quarter window right") \
	B(COMPARE, PAGE_LEFT, "PgUp", NULL, "pan a whole window left") \
	B(COMPARE, PAGE_RIGHT, "PgDn", NULL, "pan a whole window right") \
	B(COMPARE, SMOOTH, "s", "EMA", "TensorBoard debiased EMA smoothing on/off") \
	B(COMPARE, WEIGHT_DOWN, ",", NULL, "smoothing weight down (0.6 .. 0.99)") \
	B(COMPARE, WEIGHT_UP, ".", NULL, "smoothing weight up") \
	B(COMPARE, LOG_Y, "L", NULL, "log-scale y axis on/off") \
	B(COMPARE, INTERPOLATE, "i", "interp", "pilot interpolated onto the baseline steps") \
	B(COMPARE, WINDOW, "w", "window", "window means: off, 10, 50, 100 eff. steps") \
	B(COMPARE, FINDINGS, "f", "findings", "findings: scale, NaN/inf, zero, constant") \
	B(COMPARE, NOISE, "N", NULL, "noise rule decides (a: extra GPU baseline)") \
	B(COMPARE, SWITCH, "Tab P", NULL, "switch to the pilots") \
	B(FINDINGS, BACK, "f q Esc", "close", "close the findings") \
	B(RESUME, DOWN, "j Down", NULL, "scroll the restart's rows down; at their end next restart") \
	B(RESUME, UP, "k Up", NULL, "scroll the restart's rows up; at their top previous restart") \
	DT_LIST_PAGE_KEYS(B, RESUME, "restart") \
	DT_SEARCH_KEY(B, RESUME) \
	B(IMPORT, OPEN, "Enter", "import", "import as previewed (live: follow the file)") \
	B(IMPORT, DOWN, "j Down", NULL, "scroll the preview down") \
	B(IMPORT, UP, "k Up", NULL, "scroll the preview up") \
	B(IMPORT, PAGE_DOWN, "PgDn", NULL, "one page down") \
	B(IMPORT, PAGE_UP, "PgUp", NULL, "one page up") \
	B(IMPORT, BACK, "q Esc", "form", "back to the form") \
	B(PILOTS, OPEN, "Enter", "open", "open the pilot's overview") \
	DT_LIST_KEYS(B, PILOTS, "pilot") \
	DT_SEARCH_KEY(B, PILOTS) \
	B(PILOTS, SWITCH, "Tab P", "runs", "switch to the run list") \
	B(OVERVIEW, OPEN, "Enter", "open", "open the selected section") \
	B(OVERVIEW, DOWN, "j Down", NULL, "next section") \
	B(OVERVIEW, UP, "k Up", NULL, "previous section") \
	B(OVERVIEW, COMPARE, "c", "compare", "compare the baseline with the pilot run marked >") \
	B(OVERVIEW, NEXT, "]", "pilot-run", "mark the next pilot run for c (several)") \
	B(OVERVIEW, PREV, "[", NULL, "mark the previous pilot run for c") \
	B(OVERVIEW, LEDGER, "l", "ledger", "time and cost ledger, scenario guide") \
	B(OVERVIEW, EXPORT, "X", "export", "write the evidence pack (asks for a folder)") \
	DT_PILOT_KEYS(B, OVERVIEW) \
	DT_SECTION_KEYS(B, CARD) \
	DT_LIST_KEYS(B, CARD, "field") \
	DT_SEARCH_KEY(B, CARD) \
	B(CARD, EDIT, "Enter", "edit", "edit the field (Enter saves, Esc cancels)") \
	DT_SECTION_KEYS(B, CHECKLIST) \
	DT_LIST_KEYS(B, CHECKLIST, "item") \
	DT_SEARCH_KEY(B, CHECKLIST) \
	B(CHECKLIST, MARK_PASS, "p", "pass", "pass, with a note") \
	B(CHECKLIST, MARK_FAIL, "f", "fail", "fail, with a reason") \
	B(CHECKLIST, MARK_WAIVE, "w", "waive", "waive, with a reason") \
	B(CHECKLIST, MARK_PENDING, "u", "pending", "back to pending") \
	B(CHECKLIST, EVIDENCE, "e", "evidence", "attach evidence: run:NAME drill:ID file:PATH") \
	DT_SECTION_KEYS(B, DRILLS) \
	DT_LIST_KEYS(B, DRILLS, "drill") \
	DT_SEARCH_KEY(B, DRILLS) \
	B(DRILLS, ADD, "a", "add", "add a drill: form, pre-fill review, save") \
	B(DRILLS, ITEM_PREV, "[ Left", NULL, "previous verification item of the drill") \
	B(DRILLS, ITEM_NEXT, "] Right", "item", "next verification item") \
	B(DRILLS, MARK_PASS, "p", "pass", "item passed (with a note)") \
	B(DRILLS, MARK_FAIL, "f", "fail", "item failed (with a note)") \
	B(DRILLS, MARK_PENDING, "n", "unchecked", "item not checked") \
	DT_SECTION_KEYS(B, JOURNAL) \
	DT_LIST_KEYS(B, JOURNAL, "key") \
	DT_SEARCH_KEY(B, JOURNAL) \
	B(JOURNAL, EDIT, "Enter", "edit", "edit the value (Enter saves, Esc cancels)") \
	B(JOURNAL, ADD, "a", "+key", "add a journal key of your own") \
	B(JOURNAL, PREV, "[ Left", NULL, "the journal of the previous run") \
	B(JOURNAL, NEXT, "] Right", "next-run", "the journal of the next run") \
	DT_SECTION_KEYS(B, DECISIONS) \
	DT_LIST_KEYS(B, DECISIONS, "decision (newest first)") \
	DT_SEARCH_KEY(B, DECISIONS) \
	DT_SECTION_BACK(B, LEDGER, "1..5") \
	DT_PILOT_KEYS(B, LEDGER) \
	DT_LIST_KEYS(B, LEDGER, "row") \
	DT_SEARCH_KEY(B, LEDGER) \
	B(LEDGER, PREV, "h Left", NULL, "the gpu column") \
	B(LEDGER, NEXT, "l Right", "side", "the trn2 column") \
	B(LEDGER, EDIT, "Enter", "value", "enter a value (side, value, basis, note)") \
	B(LEDGER, SCENARIO, "s", "scenario", "answer the scenario guide")

/* Keys of a pilot's sections (1..5 and the ledger): they replace each
 * other on the stack, as tabs (app.c), so q goes back to the overview;
 * l opens the ledger from every one of them as from the overview (on the
 * ledger itself l is its trn2 side). */
#define DT_SECTION_KEYS(B, S) \
	DT_SECTION_BACK(B, S, "1..5, l") \
	DT_PILOT_OPEN_KEYS(B, S) \
	B(S, LEDGER, "l", NULL, "time and cost ledger") \
	DT_PILOT_OTHER_KEYS(B, S)

/* q on a section; KEYS: the keys that switch sections there */
#define DT_SECTION_BACK(B, S, KEYS) \
	B(S, BACK, "q Esc", "back", "back to the overview (" KEYS " switch sections in place)")

/* Keys every screen inside a pilot shares: the sections 1..5, decide,
 * the other area. */
#define DT_PILOT_KEYS(B, S) \
	DT_PILOT_OPEN_KEYS(B, S) \
	DT_PILOT_OTHER_KEYS(B, S)

#define DT_PILOT_OPEN_KEYS(B, S) \
	B(S, OPEN_CARD, "1", NULL, "task card") \
	B(S, OPEN_CHECKLIST, "2", NULL, "checklist") \
	B(S, OPEN_DRILLS, "3", NULL, "drill log") \
	B(S, OPEN_JOURNAL, "4", NULL, "run journal") \
	B(S, OPEN_DECISIONS, "5", NULL, "decision log")

#define DT_PILOT_OTHER_KEYS(B, S) \
	B(S, DECIDE, "d", "decide", "decide (go / continue / roll-back / ...)") \
	B(S, SWITCH, "Tab P", NULL, "switch to the run list")

#endif
