/* theme.h: display roles and the theme that colours them.
 *
 * A role is what a cell means (axis, baseline curve, breach...), never a
 * colour. A theme maps each role to a foreground/background colour and
 * attributes, plus the attributes used in monochrome (NO_COLOR set, no
 * colour terminal, or a theme that says mono = 1). Colours are indexes
 * of the terminal palette: -1 terminal default, 0..7 black red green
 * yellow blue magenta cyan white (the curses COLOR_* values), 8..15 bright
 * variants, 16..255 the xterm-256 cube. No curses in this header; the
 * curses side (tui/term.c) turns these into colour pairs and A_* bits.
 *
 * Theme files are INI (parsed with inih):
 *   [theme]  name = default        mono = 0|1
 *   [colors] <role> = fg[,bg]      e.g. baseline = cyan, title = black,cyan
 *   [attrs]  <role> = bold|reverse|dim|underline|none (several with '|')
 *   [mono]   <role> = same syntax, used when monochrome
 * Unknown roles or keys are ignored; unknown colour names are errors. */
#ifndef DT_THEME_H
#define DT_THEME_H

#include <stddef.h>

/* Attribute bits (mapped to A_BOLD etc. by the curses side). */
#define DT_ATTR_BOLD      1u
#define DT_ATTR_REVERSE   2u
#define DT_ATTR_DIM       4u
#define DT_ATTR_UNDERLINE 8u

/* X(ENUM, "file key", fg, bg, colour attrs, mono attrs) */
#define DT_ROLES(X) \
	X(NORMAL,    "normal",    -1, -1, 0, 0) \
	X(TITLE,     "title",      0,  6, DT_ATTR_BOLD, DT_ATTR_REVERSE | DT_ATTR_BOLD) \
	X(STATUS,    "status",    -1, -1, DT_ATTR_DIM, DT_ATTR_DIM) \
	X(AXIS,      "axis",      -1, -1, DT_ATTR_DIM, 0) \
	X(LABEL,     "label",     -1, -1, 0, 0) \
	X(BASELINE,  "baseline",   6, -1, 0, 0) \
	X(PILOT,     "pilot",      3, -1, DT_ATTR_BOLD, DT_ATTR_BOLD) \
	X(OVERLAP,   "overlap",    2, -1, DT_ATTR_BOLD, DT_ATTR_BOLD) \
	X(DIFF,      "diff",       5, -1, 0, 0) \
	X(BAND,      "band",       2, -1, DT_ATTR_DIM, DT_ATTR_DIM) \
	X(BREACH,    "breach",     1, -1, DT_ATTR_BOLD, DT_ATTR_BOLD | DT_ATTR_UNDERLINE) \
	X(NONFINITE, "nonfinite",  1, -1, DT_ATTR_BOLD, DT_ATTR_BOLD) \
	X(RESTART,   "restart",    5, -1, DT_ATTR_BOLD, DT_ATTR_BOLD) \
	X(CURSOR,    "cursor",    -1, -1, DT_ATTR_REVERSE, DT_ATTR_REVERSE) \
	X(SELECT,    "select",     0,  6, 0, DT_ATTR_REVERSE) \
	X(PASS,      "pass",       2, -1, DT_ATTR_BOLD, DT_ATTR_BOLD) \
	X(FAIL,      "fail",       1, -1, DT_ATTR_BOLD, DT_ATTR_BOLD | DT_ATTR_REVERSE) \
	X(WARN,      "warn",       3, -1, 0, DT_ATTR_BOLD) \
	X(HELP,      "help",      -1, -1, 0, 0)

typedef enum dt_role {
#define DT_ROLE_ENUM(e, key, fg, bg, a, m) DT_ROLE_##e,
	DT_ROLES(DT_ROLE_ENUM)
#undef DT_ROLE_ENUM
	DT_ROLE_COUNT
} dt_role;

typedef struct dt_style {
	short fg, bg;        /* palette indexes, -1 = terminal default */
	unsigned attrs;      /* DT_ATTR_* with colour */
	unsigned mono;       /* DT_ATTR_* in monochrome */
} dt_style;

typedef struct dt_theme {
	char name[64];
	int mono;            /* 1: use only the mono attributes */
	dt_style style[DT_ROLE_COUNT];
} dt_theme;

/* Fill `t` with the built-in default theme ("builtin"). Never fails. */
void dt_theme_default(dt_theme *t);

/* Load a theme file over the built-in defaults. Returns 0; -1 when the
 * file cannot be read or has an invalid value (message in err, errlen;
 * `t` then holds the built-in defaults). */
int dt_theme_load(dt_theme *t, const char *path, char *err, size_t errlen);

/* Parse a colour name ("cyan", "brightred", "default", "color123", "123")
 * into a palette index. Returns 0 or -1. */
int dt_theme_parse_color(const char *s, short *out);

/* Folders searched for theme files, in order (units: NUL-terminated
 * paths of at most 512 bytes): relative to the running binary
 * (BIN/../share/dualtrack/themes once installed), $XDG_DATA_HOME/dualtrack/
 * themes (~/.local/share/...), each $XDG_DATA_DIRS entry + /dualtrack/themes
 * (default /usr/local/share:/usr/share), then the build tree (BIN/themes,
 * where CMake copies them). Writes up to `max` into dirs; returns how
 * many. No compile-time absolute path is used. */
size_t dt_theme_dirs(char dirs[][512], size_t max);

/* Resolve a theme: a value holding '/' is a file path; otherwise a name
 * ("mono" or "mono.theme") looked up as NAME.theme in dt_theme_dirs().
 * Writes the file's path to out (size n). Returns 0, or -1 with a message
 * naming the folders searched and the themes found there in err. */
int dt_theme_find(const char *name, char *out, size_t n, char *err,
                  size_t errlen);

/* Theme files in cycling order ('t' in the TUI): $DUALTRACK_THEME when
 * set (a name or a path), then the themes named "default" and "mono"
 * when found and not already listed. Writes up to `max` paths (512 bytes
 * each) and returns how many (0: use the built-in colours), or -1 when
 * $DUALTRACK_THEME names a theme that does not exist (message in err). */
int dt_theme_paths(char paths[][512], size_t max, char *err, size_t errlen);

#endif
