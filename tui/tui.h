/* tui.h: entry point of the full-screen terminal interface. */
#ifndef DT_TUI_H
#define DT_TUI_H

#include <stddef.h>

#include "model/store/store.h"

/* Run the full-screen TUI on an open store until the user quits (q),
 * Ctrl-C or SIGTERM; the terminal is restored on every exit path,
 * including a crash signal (SIGSEGV/SIGABRT handlers call endwin()).
 * `db_label` is shown in the title bar. Returns 0 (q), 128 + the signal
 * number after a quit signal with the terminal restored (130 for SIGINT /
 * Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), 1 when out of memory, or 2
 * when stdout is not a terminal or TERM is unusable (message on stderr).
 * `config_path` (may be NULL) is the user's config file, whose [keys]
 * section rebinds keys (tui/keymap.h); a bad line there is reported in
 * a box over the first screen (until a key) and the TUI runs with the lines
 * before it. */
int dt_tui_run(dt_store *st, const char *db_label, const char *config_path);

/* What the pilot overview's export key (X) calls to write pilot `pilot`'s
 * evidence pack into folder `dir`: the command line sets dt_pack_export
 * (cli/pack/pack.h) before dt_tui_run, so the TUI links no report code.
 * Returns 0, 1 no such pilot, -1 with the reason in err. Without one, X
 * says that export is not available. */
typedef int (*dt_tui_export_fn)(dt_store *st, const char *pilot,
                                const char *dir, char *err, size_t errlen);
void dt_tui_set_export(dt_tui_export_fn fn);

/* Where $DUALTRACK_THEME's value was set when the config file set it
 * ("PATH:LINE", cli/config.h), so a theme that does not exist is
 * reported at its line: "PATH:LINE: no theme named ..."; "" or NULL
 * when not from a file. The string is copied. */
void dt_tui_set_theme_origin(const char *where);

#endif
