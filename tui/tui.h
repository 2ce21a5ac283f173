/* tui.h: entry point of the full-screen terminal interface. */
#ifndef DT_TUI_H
#define DT_TUI_H

#include "model/dt_store.h"

/* Run the full-screen TUI on an open store until the user quits (q),
 * Ctrl-C or SIGTERM; the terminal is restored on every exit path,
 * including a crash signal (SIGSEGV/SIGABRT handlers call endwin()).
 * `db_label` is shown in the title bar. Returns 0, or 2 when stdout is not
 * a terminal (message on stderr). */
int dt_tui_run(dt_store *st, const char *db_label);

#endif
