/* keymap.h: the bindings of tui/action.h at run time: key -> action per
 * screen, the footer and help lines, and rebinding by action name from
 * the [keys] section of the config file. No curses here.
 *
 * The table is process-wide (one TUI per process): dt_keymap_reset()
 * fills it from DT_KEYMAP; dt_keymap_bind() and dt_keymap_load() change
 * it. Lookups before any of these see the defaults. */
#ifndef DT_KEYMAP_H
#define DT_KEYMAP_H

#include <stddef.h>

#include "tui/action.h"
#include "tui/grid.h"

#define DT_BIND_KEYS 4     /* most keys one binding holds */

typedef struct dt_binding {
	dt_screen_id screen;   /* DT_S_ANY: every screen */
	dt_action_id action;
	int keys[DT_BIND_KEYS];/* tui/keys.h ints; nkeys may be 0 (unbound) */
	size_t nkeys;
	const char *footer;    /* footer label, NULL = help only (static) */
	const char *help;      /* help text (static) */
} dt_binding;

/* Back to the defaults of DT_KEYMAP. */
void dt_keymap_reset(void);

/* Number of bindings and the i-th (i < dt_keymap_count()); the table
 * order is DT_KEYMAP's. */
size_t dt_keymap_count(void);
const dt_binding *dt_keymap_at(size_t i);

/* The action of `key` on screen s: the screen's own bindings first,
 * then those of DT_S_ANY; DT_A_NONE when unbound. */
dt_action_id dt_keymap_action(dt_screen_id s, int key);

/* 1 when screen s (or DT_S_ANY) has a binding of action a. */
int dt_keymap_has(dt_screen_id s, dt_action_id a);

/* Parse one key name (see action.h) into its int; -1 when unknown. */
int dt_key_parse(const char *name);

/* The help name of a key ("j", "Enter", "PgDn", "C-u") into out (size n,
 * >= 8). */
void dt_key_name(int key, char *out, size_t n);

/* Config names: "move-down", "runs" (NULL when out of range). */
const char *dt_action_name(dt_action_id a);
const char *dt_screen_key_name(dt_screen_id s);
const char *dt_screen_title(dt_screen_id s);

/* Rebind: `name` is an action name ("compare": on every screen that
 * binds it) or SCREEN.ACTION ("runs.compare": that screen only); `keys`
 * is a space-separated key list (replaces the old keys; "" unbinds).
 * A key already taken by another action of the same screen is refused.
 * Returns 0, or -1 with a message in err (size n); nothing changes on
 * error. */
int dt_keymap_bind(const char *name, const char *keys, char *err, size_t n);

/* Apply the [keys] section of INI file `path`, the user's config file
 * (cli/config.h; other sections are ignored here; a missing file is no
 * error). Returns 0, or -1 with
 * "PATH:LINE: message" in err for the first bad line (the lines before
 * it stay applied). */
int dt_keymap_load(const char *path, char *err, size_t n);

/* One key hint of a footer or a form's key line: "KEY:label"
 * ("Esc:cancel"), or a few words that lead the keys ("type a path;"). */
typedef struct dt_hint {
	const char *text;      /* static or owned by the caller */
	int keep;              /* 1: never left out when the line is cut (the
	                        * help key; a form's Enter and Esc) */
} dt_hint;

/* The key line of hints h[0..nh) in `width` columns into out (size n):
 * all of them, in their order, joined by blanks, when they fit. When
 * they do not, nothing is left out silently: the kept hints move to the
 * end, after the cut mark `mark` (dt_layout_dots: "…", "..." in ASCII),
 * and the others that fit before " MARK KEPT" come first, in their
 * order ("q:back l:cursor … ?:help", "type a path; … Enter/Down:next
 * Esc:back"); no blank before the mark when none fits. The one footer
 * logic: dt_keymap_footer and every form's and dialog's key line
 * (dt_layout_hints) use it. */
void dt_hint_line(const dt_hint *h, size_t nh, int width, const char *mark,
                  char *out, size_t n);

/* The footer of screen s into out (size n): "?:help q:back" then the
 * screen's labelled bindings as "KEY:label", in `width` columns; at the
 * root screen (root = 1) q is labelled "quit". When they do not all fit,
 * nothing is left out silently: the help item moves to the end, after
 * the cut mark `mark` (dt_layout_dots: "…", "..." in ASCII), and the
 * items that fit before " … ?:help" come first ("q:back l:cursor … ?:help"),
 * so the help key, which lists them all, is always shown (dt_hint_line
 * with the help item kept). */
void dt_keymap_footer(dt_screen_id s, int root, int width, const char *mark,
                      char *out, size_t n);

/* Help rows of screen s: calls row(arg, keys, text) for each of the
 * screen's bindings, its own keys first, then its list moves, then the
 * keys that leave it for another screen (1..5, Tab, a section's q), then
 * those of DT_S_ANY it does not override; keys are the binding's key
 * names joined by spaces. Returns the rows. */
size_t dt_keymap_help(dt_screen_id s, int root,
                      void (*row)(void *arg, const char *keys,
                                  const char *text),
                      void *arg);

#endif
