/* dt_strbuf.h: a growing NUL-terminated text buffer for canonical texts
 * (decision records, evidence texts). Out of memory is sticky: later
 * appends do nothing and dt_sb_take returns NULL. */
#ifndef DT_STRBUF_H
#define DT_STRBUF_H

#include <stddef.h>

typedef struct dt_strbuf {
	char *p;      /* owned; NULL until the first append */
	size_t n;     /* bytes held, excluding the NUL */
	size_t cap;
	int oom;      /* 1 after an allocation failed */
} dt_strbuf;

/* Append len bytes of s. */
void dt_sb_put(dt_strbuf *b, const char *s, size_t len);

/* Append printf-formatted text. */
void dt_sb_printf(dt_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Append printf-formatted text to the fixed buffer buf[n] at *used (a
 * sentence built piece by piece): buf stays NUL-terminated; text past
 * its end is dropped quietly, and once full (*used >= n, also after an
 * encoding error) later appends do nothing. */
void dt_buf_printf(char *buf, size_t n, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Hand the text to the caller (free()): "" for an empty buffer, NULL
 * after an allocation failure (the buffer is released). The buffer is
 * zeroed. */
char *dt_sb_take(dt_strbuf *b);

#endif
