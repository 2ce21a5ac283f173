/* ini_value.h: one INI value without its inline comment.
 *
 * Debian's libinih (55) is built with INI_ALLOW_INLINE_COMMENTS=1 but
 * INI_INLINE_COMMENT_PREFIXES=";" only (see /usr/include/ini.h and a
 * probe: `user = A. Rivera   # who` reaches the handler as
 * "A. Rivera   # who"). The config, theme and key files document `#`
 * comments after a value, so every inih handler passes its value here. */
#ifndef DT_INI_VALUE_H
#define DT_INI_VALUE_H

#include <stddef.h>

/* Copy `val` (NUL-terminated, as inih hands it: leading blanks already
 * stripped) to `out` (size n >= 1) without its inline comment and without
 * trailing blanks. An inline comment starts at a '#' or ';' that follows a
 * space or a tab (the same rule inih applies to ';'), so `a#b` and a value
 * that begins with '#' (a key binding) are kept whole. Returns `out`, or
 * NULL when the value without its comment does not fit in n bytes (then
 * out holds ""). */
char *dt_ini_value(const char *val, char *out, size_t n);

#endif
