/* dt_text.h: sanitising text that came from logs before it reaches a
 * terminal or a JSON/CSV document. */
#ifndef DT_TEXT_H
#define DT_TEXT_H

#include <stddef.h>

/* Copy `in` (NUL-terminated, any bytes) to `out` (size outlen >= 1) so that
 * no terminal control sequence survives: C0 controls, DEL and C1 controls
 * (U+0080..U+009F) become '?', tabs become one space, invalid UTF-8 bytes
 * become '?'. Valid UTF-8 is kept. The result is always NUL-terminated and
 * truncated on a character boundary. Returns the length written. */
size_t dt_sanitize(const char *in, char *out, size_t outlen);

/* In-place variant of dt_sanitize for an owned, NUL-terminated string. */
void dt_sanitize_inplace(char *s);

#endif
