/* config.h: the user's configuration file.
 *
 * $XDG_CONFIG_HOME/dualtrack/config (else ~/.config/dualtrack/config),
 * INI parsed with inih; a missing file is not an error:
 *
 *   [defaults]
 *   db     = ~/acceptance/team.db   store (as --db / $DUALTRACK_DB)
 *   user   = A. Rivera              who acts (as $DUALTRACK_USER)
 *   theme  = mono                   theme name or file (as $DUALTRACK_THEME)
 *   ascii  = 1                      ASCII-only screens (as $DUALTRACK_ASCII)
 *   allowed_signers = ~/team.allowed  verify DIR's trust list (as
 *                                   --allowed-signers /
 *                                   $DUALTRACK_ALLOWED_SIGNERS)
 *   [tolerances]                    `compare` and the TUI's run comparison
 *   rtol   = 0.02                   (never a pilot's verdicts: its task
 *   atol   = 0                       card decides, the same for everyone)
 *   warmup = 50
 *   [keys]                          TUI key bindings by action name, read
 *   compare = x                     by the TUI itself (tui/keymap.h)
 *
 * Precedence: command-line option > environment variable > this file >
 * built-in default. A leading "~/" in db and theme is $HOME. */
#ifndef DT_CLI_CONFIG_H
#define DT_CLI_CONFIG_H

#include <stddef.h>

/* Path of the config file into out (size n); -1 when neither
 * XDG_CONFIG_HOME nor HOME is set. */
int dt_config_path(char *out, size_t n);

/* Read the config file and apply it: set DUALTRACK_DB, DUALTRACK_USER,
 * DUALTRACK_THEME, DUALTRACK_ASCII, DUALTRACK_ALLOWED_SIGNERS when not
 * already in the environment, and the ad-hoc parity defaults
 * (dt_parity_set_adhoc). Returns 0 (also
 * when there is no file), or -1 with "PATH:LINE: what was expected" in
 * err (size errlen): unknown section or key, a bad number. Nothing is
 * applied from a file with an error. */
int dt_config_load(char *err, size_t errlen);

/* Where the theme in effect was set when the config file set it (the
 * environment did not): "PATH:LINE" of its `theme =` line, for a message
 * about that value ("PATH:3: no theme named 'nosuch' ..."); "" when the
 * file set none or $DUALTRACK_THEME won. Valid after dt_config_load;
 * static storage. */
const char *dt_config_theme_origin(void);

#endif
