/* keys.h: keys as ints, the way the TUI passes them around (no curses).
 *
 * A character is its code point; a function key is one of enum dt_key
 * (above the Unicode range, so it never collides with a character);
 * Esc, Tab and control characters are their ASCII codes. app.c turns
 * curses' codes into these; tui/keymap.h names them ("PgDn", "C-u"). */
#ifndef DT_KEYS_H
#define DT_KEYS_H

#define DT_KEY_ESC 27
#define DT_KEY_TAB 9

enum dt_key {
	DT_K_UP = 0x110000, DT_K_DOWN, DT_K_LEFT, DT_K_RIGHT, DT_K_HOME,
	DT_K_END, DT_K_PGUP, DT_K_PGDN, DT_K_SLEFT, DT_K_SRIGHT, DT_K_ENTER,
	DT_K_BACKSPACE, DT_K_DELETE, DT_K_BTAB
};

#endif
